//! The `croupier` binary: the Discord bot, the offline console, and maintenance commands.

use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{ManualClock, Registry, SeedMode, SystemClock, Table};

/// Croupier: dealer, dice roller and scorekeeper for play-by-chat tabletop games.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    /// SQLite database file (created with its folders if missing; `state` and `render` only
    /// read an existing one), or a PostgreSQL server: `postgres://user@host:port/database`.
    #[arg(
        long,
        global = true,
        env = "CROUPIER_DB",
        default_value = "croupier.db"
    )]
    db: PathBuf,
    /// Folder with card and rules data (default: ./data, else the data shipped with the source).
    #[arg(long, global = true, env = "CROUPIER_DATA")]
    data: Option<PathBuf>,
    /// Discord bot: total number of shards across all processes (default: Discord's
    /// recommended count, all in this process, resharding when Discord requires more).
    #[arg(long, global = true, env = "CROUPIER_SHARDS", value_name = "N")]
    shards: Option<String>,
    /// Discord bot: the shards this process runs, `A..B` (A to B-1) or `A..=B` (A to B) or
    /// `A`; needs --shards. Default: all of them.
    #[arg(
        long,
        global = true,
        env = "CROUPIER_SHARD_RANGE",
        value_name = "RANGE"
    )]
    shard_range: Option<String>,
    /// Discord bot: serve `/healthz` and `/metrics` on this address, e.g. `127.0.0.1:9100`
    /// (default: no such port).
    #[arg(long, global = true, env = "CROUPIER_HTTP", value_name = "ADDR")]
    http: Option<String>,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Start the Discord bot (the default). Needs DISCORD_TOKEN.
    Run,
    /// Play offline: read `USER: /command` lines from stdin, print replies.
    Console {
        /// Seed for reproducible runs (same input → same output).
        #[arg(long)]
        seed: Option<u64>,
        /// Default channel name.
        #[arg(long, default_value = "table")]
        channel: String,
        /// The language of the replies: en or ja (`/roll` so far; the games still answer in
        /// English).
        #[arg(long, default_value = "en")]
        locale: croupier::i18n::Locale,
    },
    /// Print a channel's session as JSON.
    State {
        /// The channel: its name in the console (`table`), or in the Discord bot's database the
        /// channel's id (Discord: Developer Mode, then right-click the channel → Copy Channel ID).
        #[arg(long, value_name = "NAME_OR_ID")]
        channel: String,
    },
    /// Draw a channel's current picture as PNG, e.g. `croupier render dice --channel table --out board.png`.
    Render {
        /// Game name (the session in the channel must be of this game).
        game: String,
        /// The channel: its name in the console (`table`), or in the Discord bot's database the
        /// channel's id (Discord: Developer Mode, then right-click the channel → Copy Channel ID).
        #[arg(long, value_name = "NAME_OR_ID")]
        channel: String,
        /// PNG file to write. A picture of several pages (the 16-ninja score sheet) writes
        /// its later pages next to it: `board.png`, `board-2.png`, ….
        #[arg(long)]
        out: PathBuf,
        /// Draw what this user sees (their own hand, …); default: the public view.
        #[arg(long)]
        viewer: Option<String>,
        /// The language of the picture's words: en or ja.
        #[arg(long, default_value = "en")]
        locale: croupier::i18n::Locale,
    },
    /// Apply database migrations and exit.
    Migrate,
    /// Copy every game, log and setting of an SQLite file into an empty database (a PostgreSQL
    /// one, typically), then check the copy: the same rows in every table, and every session
    /// replays there as it replays in the file.
    Copy {
        /// The SQLite file to copy from (left unchanged).
        #[arg(long, value_name = "FILE.db")]
        from: PathBuf,
        /// The empty database to copy into: `postgres://user@host:5432/dbname` or a file.
        #[arg(long, value_name = "DATABASE")]
        to: String,
    },
    /// Run a game's offline simulator, e.g. `croupier simulate dice 4d6kh3`.
    Simulate {
        /// Game name (dice, ninja, nakama, …).
        game: String,
        /// The simulator's own arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Validate a data folder (default: the configured one) and report every problem.
    CheckData {
        /// Folder to check.
        dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    load_environment();
    if let Err(e) = init_logs() {
        eprintln!("croupier: {e}");
        return ExitCode::from(2);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("croupier: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Reads `.env` (when there is one) and then forgets every setting that is set but empty, so
/// that an empty variable means "use the default" as `.env.example` promises. Without this,
/// clap takes `CROUPIER_DATA=` as `--data` given without a value and refuses to start.
/// Covers every `CROUPIER_*` variable, `DISCORD_TOKEN` and `RUST_LOG`. An empty variable in
/// the shell is dropped before `.env` is read, so `.env` can still fill it in.
fn load_environment() {
    fn drop_empty_settings() {
        let empty: Vec<std::ffi::OsString> = std::env::vars_os()
            .filter(|(name, value)| {
                let name = name.to_string_lossy();
                (name.starts_with("CROUPIER_") || name == "DISCORD_TOKEN" || name == "RUST_LOG")
                    && value.to_string_lossy().trim().is_empty()
            })
            .map(|(name, _)| name)
            .collect();
        for name in empty {
            // Single-threaded here: nothing else reads the environment yet.
            std::env::remove_var(name);
        }
    }
    drop_empty_settings();
    let _ = dotenvy::dotenv();
    drop_empty_settings();
}

/// Logs go to stderr, filtered by `RUST_LOG`; `CROUPIER_LOG_FORMAT=json` writes one JSON
/// object per line (`timestamp`, `level`, `target`, `message` and the event's fields), for log
/// collectors; `text` (the default) is for people.
///
/// Every event is written through `redact::LineWriter`: the bot token and every interaction
/// token are replaced before a line is written, whatever the level (libraries log gateway
/// messages and request routes whole at `debug` and `trace`).
fn init_logs() -> Result<()> {
    let token: Arc<str> = std::env::var("DISCORD_TOKEN").unwrap_or_default().into();
    let writer = move || croupier::discord::redact::LineWriter::new(io::stderr(), token.clone());
    let filter = || {
        tracing_subscriber::EnvFilter::try_from_default_env()
            .unwrap_or_else(|_| "warn,croupier=info".into())
    };
    let format = std::env::var("CROUPIER_LOG_FORMAT").unwrap_or_default();
    match format.trim() {
        "" | "text" => tracing_subscriber::fmt()
            .with_writer(writer)
            // Colour codes only on a terminal: a log file or a pipe gets plain text.
            .with_ansi(io::IsTerminal::is_terminal(&io::stderr()))
            .with_env_filter(filter())
            .init(),
        "json" => tracing_subscriber::fmt()
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(false)
            .with_writer(writer)
            .with_env_filter(filter())
            .init(),
        other => anyhow::bail!("CROUPIER_LOG_FORMAT must be `text` or `json`, not `{other}`"),
    }
    Ok(())
}

/// The data folder: `--data`, else `./data`, else the source tree's `data/`.
fn data_dir(opt: Option<PathBuf>) -> PathBuf {
    opt.unwrap_or_else(|| {
        let local = PathBuf::from("data");
        if local.is_dir() {
            local
        } else {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
        }
    })
}

/// The one line for a data folder that is not there (its problem is on the folder, file `.`).
fn no_data_folder(dir: &Path, errs: &[croupier::table::DataError]) -> Option<String> {
    match errs {
        [e] if e.file == "." => Some(format!("the data folder {} {}", dir.display(), e.problem)),
        _ => None,
    }
}

fn load_games(dir: &Path) -> Result<Registry> {
    croupier::games::load(dir).map_err(|errs| {
        if let Some(line) = no_data_folder(dir, &errs) {
            return anyhow::anyhow!(line);
        }
        let list: Vec<String> = errs.iter().map(|e| format!("  {e}")).collect();
        anyhow::anyhow!(
            "the data in {} has {} problem(s):\n{}",
            dir.display(),
            errs.len(),
            list.join("\n")
        )
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    let data = data_dir(cli.data);
    match cli.command.unwrap_or(Cmd::Run) {
        Cmd::Run => {
            if std::env::var("DISCORD_TOKEN")
                .map(|t| t.trim().is_empty())
                .unwrap_or(true)
            {
                eprintln!("croupier: DISCORD_TOKEN is not set. Copy .env.example to .env and fill it in, or play offline with `croupier console`.");
                return Ok(ExitCode::from(2));
            }
            let games = Arc::new(load_games(&data)?);
            croupier_run(
                &cli.db,
                games,
                cli.shards.as_deref(),
                cli.shard_range.as_deref(),
                cli.http.as_deref(),
            )
        }
        Cmd::Console {
            seed,
            channel,
            locale,
        } => {
            let games = Arc::new(load_games(&data)?);
            let store = connect(&cli.db)?;
            let start = match seed {
                Some(_) => 1_767_225_600, // 2026-01-01T00:00:00Z: seeded runs do not depend on the date
                None => croupier::table::Clock::now(&SystemClock),
            };
            let clock = Arc::new(ManualClock::at(start));
            let seeds = match seed {
                Some(s) => SeedMode::Fixed(s),
                None => SeedMode::Random,
            };
            let mut table = Table::new(store, games, clock.clone(), seeds);
            // A seeded table seeds each channel it meets from `--seed` and the channel's name.
            let opts = ConsoleOptions {
                channel,
                locale,
                ..Default::default()
            };
            let mut console = Console::new(&mut table, clock, opts);
            let stdin = io::stdin();
            let mut out = io::stdout().lock();
            console.run(BufReader::new(stdin.lock()), &mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::State { channel } => {
            let Some(store) = open_existing(&cli.db)? else {
                return Ok(ExitCode::from(1));
            };
            let games = Arc::new(load_games(&data)?);
            let mut table = Table::new(store, games, Arc::new(SystemClock), SeedMode::Random);
            match table.state_json(&channel)? {
                Some(v) => {
                    println!("{}", serde_json::to_string_pretty(&v)?);
                    Ok(ExitCode::SUCCESS)
                }
                None => {
                    eprintln!(
                        "croupier: channel `{channel}` has no session in {}",
                        cli.db.display()
                    );
                    Ok(ExitCode::from(1))
                }
            }
        }
        Cmd::Render {
            game,
            channel,
            out,
            viewer,
            locale,
        } => {
            let Some(store) = open_existing(&cli.db)? else {
                return Ok(ExitCode::from(1));
            };
            let games = Arc::new(load_games(&data)?);
            let mut table = Table::new(store, games, Arc::new(SystemClock), SeedMode::Random);
            render_picture(
                &mut table,
                &game,
                &channel,
                &out,
                viewer.as_deref(),
                locale,
                &cli.db,
            )
        }
        Cmd::Migrate => {
            let mut store = connect(&cli.db)?;
            let target = db_target(&cli.db);
            println!(
                "{} ({}) is at schema version {}",
                croupier::store::display_target(&target),
                store.describe()?,
                store.schema_version()
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Copy { from, to } => {
            let Some(source) = open_existing(&from)? else {
                return Ok(ExitCode::from(1));
            };
            let games = Arc::new(load_games(&data)?);
            copy_store(source, &to, games)
        }
        Cmd::Simulate { game, args } => match croupier::games::simulate::run(&game, &args) {
            Ok(report) => {
                print!("{report}");
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                eprintln!("croupier: {e}");
                Ok(ExitCode::from(2))
            }
        },
        Cmd::CheckData { dir } => {
            let dir = dir.unwrap_or(data);
            match croupier::games::load(&dir) {
                Ok(reg) => {
                    for g in reg.all() {
                        println!("ok  {} ({})", g.name(), g.title());
                        for note in g.data_notes() {
                            println!("    {note}");
                        }
                    }
                    println!("{}: all data valid", dir.display());
                    Ok(ExitCode::SUCCESS)
                }
                Err(errs) => {
                    if let Some(line) = no_data_folder(&dir, &errs) {
                        println!("error  {line}");
                        return Ok(ExitCode::FAILURE);
                    }
                    for e in &errs {
                        println!("error  {e}");
                    }
                    println!("{}: {} problem(s)", dir.display(), errs.len());
                    Ok(ExitCode::FAILURE)
                }
            }
        }
    }
}

/// The store at `db` for a command that only reads it (`state`, `render`): a path that holds no
/// file is said once and creates nothing, so a mistyped `--db` is not mistaken for an empty table.
fn open_existing(db: &Path) -> Result<Option<Store>> {
    if croupier::store::is_postgres_url(&db_target(db)) {
        return Ok(Some(connect(db)?));
    }
    if !db.exists() {
        eprintln!(
            "croupier: there is no database at {}: check --db (or CROUPIER_DB); `croupier console` and `croupier run` create one",
            db.display()
        );
        return Ok(None);
    }
    Ok(Some(connect(db)?))
}

/// `croupier copy`: copies, then checks the copy by counts and by replaying every session on
/// both sides (the same outcome, match or refusal, on each).
fn copy_store(mut source: Store, to: &str, games: Arc<Registry>) -> Result<ExitCode> {
    let shown = croupier::store::display_target(to);
    let mut target = Store::connect(to)?;
    let copied = {
        let (src, dst) = (source.transaction()?, target.write_transaction()?);
        let copied = croupier::store::copy_into(&src, &dst)?;
        dst.commit()?;
        copied
    };
    let there = croupier::store::counts(&target.transaction()?)?;
    for (c, t) in copied.iter().zip(&there) {
        println!(
            "{:>22}: {:>9} rows copied, {:>9} there",
            c.table, c.rows, t.rows
        );
    }
    let mut from = Table::new(
        source,
        games.clone(),
        Arc::new(SystemClock),
        SeedMode::Random,
    );
    let mut into = Table::new(target, games, Arc::new(SystemClock), SeedMode::Random);
    let mut differ = vec![];
    let ids = from.session_ids()?;
    for &id in &ids {
        let outcome = |t: &mut Table| t.replay(id).map_err(|e| e.to_string());
        if outcome(&mut from) != outcome(&mut into) {
            differ.push(id);
        }
    }
    if copied != there || !differ.is_empty() {
        eprintln!(
            "croupier: the copy in {shown} does not match: {}; it was committed, so drop that database (or schema) before trying again",
            if differ.is_empty() {
                "the row counts differ".to_string()
            } else {
                format!("sessions {differ:?} replay differently there")
            }
        );
        return Ok(ExitCode::FAILURE);
    }
    println!("copied into {shown}: every table has the same rows, and all {} sessions replay there as in the file", ids.len());
    Ok(ExitCode::SUCCESS)
}

/// `--db` as the store reads it: a file path or a `postgres://` URL.
fn db_target(db: &Path) -> String {
    db.to_string_lossy().into_owned()
}

/// Opens `--db` (a file, created if missing, or a PostgreSQL server). The store's errors name
/// the file or server themselves, so nothing is added to them.
fn connect(db: &Path) -> Result<Store> {
    Store::connect(&db_target(db)).map_err(|e| match e {
        // SQLite's own message ("unable to open database file") does not say which.
        croupier::store::StoreError::Sqlite(_) => {
            anyhow::Error::new(e).context(format!("opening {}", db.display()))
        }
        other => other.into(),
    })
}

/// `croupier render`: writes the picture of `channel`'s session (which must be of `game`).
fn render_picture(
    table: &mut Table,
    game: &str,
    channel: &str,
    out: &Path,
    viewer: Option<&str>,
    locale: croupier::i18n::Locale,
    db: &Path,
) -> Result<ExitCode> {
    let Some(session) = table.state_json(channel)? else {
        eprintln!(
            "croupier: channel `{channel}` has no session in {}",
            db.display()
        );
        return Ok(ExitCode::from(1));
    };
    let found = session["game"].as_str().unwrap_or("?");
    if found != game {
        eprintln!("croupier: channel `{channel}` holds a `{found}` session, not `{game}`");
        return Ok(ExitCode::from(1));
    }
    let viewer = viewer.map(|v| croupier::table::UserId::new(v).0);
    let games = table.games();
    let Some(pages) =
        croupier::render::picture(games, game, &session["state"], viewer.as_deref(), locale)
    else {
        eprintln!(
            "croupier: `{game}` has no picture yet (games with pictures: {})",
            croupier::render::games_with_pictures(games).join(", ")
        );
        return Ok(ExitCode::from(2));
    };
    let pages = pages.with_context(|| format!("drawing the `{game}` picture of `{channel}`"))?;
    for (k, png) in pages.iter().enumerate() {
        let path = page_path(out, k);
        std::fs::write(&path, &png.bytes).with_context(|| format!("writing {}", path.display()))?;
        println!(
            "wrote {} ({}×{} px, {} bytes)",
            path.display(),
            png.width,
            png.height,
            png.bytes.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Where page `k` (from 0) of a picture written to `out` goes: `out` itself, then
/// `out`'s stem with `-2`, `-3`, … (`board.png`, `board-2.png`).
fn page_path(out: &Path, k: usize) -> PathBuf {
    if k == 0 {
        return out.to_path_buf();
    }
    let stem = out
        .file_stem()
        .map_or_else(|| "picture".into(), |s| s.to_string_lossy());
    let name = match out.extension() {
        Some(ext) => format!("{stem}-{}.{}", k + 1, ext.to_string_lossy()),
        None => format!("{stem}-{}", k + 1),
    };
    out.with_file_name(name)
}

/// Starts the Discord bot and runs it until SIGINT/SIGTERM.
///
/// Reads DISCORD_TOKEN, CROUPIER_DEV_GUILD (register commands in one guild) and
/// CROUPIER_DISCORD_API (a Discord stand-in's base URL, for tests). The token is never logged.
/// `shards` / `shard_range`: `--shards` and `--shard-range` (empty = automatic sharding).
/// `http`: `--http` (`CROUPIER_HTTP`), the address of `/healthz` and `/metrics`.
fn croupier_run(
    db: &Path,
    games: Arc<Registry>,
    shards: Option<&str>,
    shard_range: Option<&str>,
    http: Option<&str>,
) -> Result<ExitCode> {
    let http = match http.map(str::trim).filter(|h| !h.is_empty()) {
        None => None,
        Some(h) => match h.parse::<std::net::SocketAddr>() {
            Ok(a) => Some(a),
            Err(_) => {
                eprintln!("croupier: --http (CROUPIER_HTTP) must be an address and port such as `127.0.0.1:9100`, not `{h}`");
                return Ok(ExitCode::from(2));
            }
        },
    };
    let sharding = match croupier::discord::Sharding::parse(shards, shard_range) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("croupier: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let token = std::env::var("DISCORD_TOKEN")
        .unwrap_or_default()
        .trim()
        .to_string();
    let mut config = croupier::discord::Config::new(token, db, games);
    config.sharding = sharding;
    config.http = http;
    config.dev_guild = match std::env::var("CROUPIER_DEV_GUILD") {
        Ok(g) if !g.trim().is_empty() => Some(g.trim().parse::<u64>().map_err(|_| {
            anyhow::anyhow!(
                "CROUPIER_DEV_GUILD must be a server id (a number), not `{}`",
                g.trim()
            )
        })?),
        _ => None,
    };
    config.user_install = match std::env::var("CROUPIER_USER_INSTALL") {
        Ok(v) => match v.trim().to_ascii_lowercase().as_str() {
            "" | "0" | "false" | "no" | "off" => false,
            "1" | "true" | "yes" | "on" => true,
            other => {
                anyhow::bail!("CROUPIER_USER_INSTALL must be `true` or `false`, not `{other}`")
            }
        },
        Err(_) => false,
    };
    config.api_base = std::env::var("CROUPIER_DISCORD_API")
        .ok()
        .filter(|s| !s.trim().is_empty());
    // Discord reached as https://discord.com through an HTTPS proxy that presents a
    // certificate of its own authority (a stand-in Discord, in tests): unlike
    // CROUPIER_DISCORD_API, serenity's own URLs and its ratelimiter stay in use.
    if let Some(url) = std::env::var("CROUPIER_HTTPS_PROXY")
        .ok()
        .filter(|s| !s.trim().is_empty())
    {
        let ca = std::env::var("CROUPIER_HTTPS_PROXY_CA").unwrap_or_default();
        let root_pem = std::fs::read(ca.trim()).with_context(|| {
            format!("CROUPIER_HTTPS_PROXY_CA must name the proxy's root certificate (a PEM file), not `{ca}`")
        })?;
        config.https_proxy = Some(croupier::discord::HttpsProxy {
            url: url.trim().to_string(),
            root_pem,
        });
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        let bot = match croupier::discord::start(config).await {
            Ok(bot) => bot,
            Err(e) => {
                eprintln!("croupier: {e}");
                return Ok(ExitCode::FAILURE);
            }
        };
        match bot.run_until_signal().await {
            Ok(()) => Ok(ExitCode::SUCCESS),
            Err(e) => {
                eprintln!("croupier: {e}");
                Ok(ExitCode::FAILURE)
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_pages_of_a_picture_go_next_to_the_first() {
        let out = Path::new("/tmp/pics/board.png");
        assert_eq!(page_path(out, 0), out);
        assert_eq!(page_path(out, 1), Path::new("/tmp/pics/board-2.png"));
        assert_eq!(page_path(Path::new("sheet"), 2), Path::new("sheet-3"));
    }
}
