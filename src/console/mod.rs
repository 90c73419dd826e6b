//! The offline table: the same table service with a terminal in place of Discord.
//!
//! Line protocol (stable; tests and reviewers drive it through pipes):
//! - `USER: /command [sub …] [name:value …]` — a slash command; an unquoted value runs on to the next
//!   `name:` (quote a value that holds ` name:` itself).
//! - `#chan USER: …` — act in channel `chan` (default from `--channel`).
//! - `USER: press LABEL` — press the button with that label on the latest message that shows it to USER.
//! - `USER: pick VALUE` — choose in the latest select menu shown to USER.
//! - `USER: again` — press USER's last pressed button or picked entry once more, as a double
//!   click (or a second tap on a slow phone) would.
//! - `@wait 25h` — move the console clock forward (30m, 2h, 3d; plain number = seconds) and run due reminders.
//! - blank lines and `//` comments are ignored: a whole line, or from a `//` after a space to the end of
//!   the line (outside double quotes), so the guides' commented examples can be pasted as they are.
//!
//! Every reply prints as `[#channel → everyone]` or `[#channel → USER only]` and the message as text.

use std::collections::HashMap;
use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::Arc;

use crate::i18n::{Arg, Locale, Readers};
use crate::table::{
    render_reply_in, Actor, Command, Input, ManualClock, Reply, Request, ShownList, Table, UserId,
};

pub use crate::table::render_reply;

/// Console settings.
#[derive(Debug, Clone)]
pub struct ConsoleOptions {
    /// Default channel.
    pub channel: String,
    /// Guild key for the console's channels.
    pub guild: String,
    /// The language replies are printed in (`--locale`): everyone at the console reads it.
    pub locale: Locale,
}

impl Default for ConsoleOptions {
    fn default() -> Self {
        ConsoleOptions {
            channel: "table".into(),
            guild: "console".into(),
            locale: Locale::En,
        }
    }
}

/// The console driver.
pub struct Console<'a> {
    table: &'a mut Table,
    clock: Arc<ManualClock>,
    opts: ConsoleOptions,
    shown: ShownList,
    /// Each user's last press or pick in each channel, for `again`.
    pressed: HashMap<(String, UserId), Input>,
    counter: u64,
    run_id: String,
}

/// One line, read.
enum Line {
    Skip,
    Wait(i64),
    Act {
        channel: String,
        user: String,
        what: String,
    },
}

impl<'a> Console<'a> {
    /// A console over `table`, whose clock must be `clock`.
    pub fn new(table: &'a mut Table, clock: Arc<ManualClock>, opts: ConsoleOptions) -> Self {
        let run_id = format!(
            "{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0)
        );
        Console {
            table,
            clock,
            opts,
            shown: ShownList::default(),
            pressed: HashMap::new(),
            counter: 0,
            run_id,
        }
    }

    /// The table it drives (tests compare its state around a line).
    pub fn table(&mut self) -> &mut Table {
        self.table
    }

    /// Reads lines until EOF, printing replies; flushes after every line.
    pub fn run(&mut self, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
        let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
        if interactive {
            writeln!(
                out,
                "Croupier console — type `alice: /help`, Ctrl-D to quit."
            )?;
            write!(out, "> ")?;
            out.flush()?;
        }
        for (n, line) in input.lines().enumerate() {
            let line = line?;
            self.line(n + 1, &line, out)?;
            if interactive {
                write!(out, "> ")?;
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Handles one line.
    pub fn line(&mut self, n: usize, line: &str, out: &mut impl Write) -> io::Result<()> {
        match self.read(line) {
            Err(msg) => writeln!(
                out,
                "{}",
                self.say(
                    "console-line-problem",
                    &[("line", n.into()), ("problem", msg.into())]
                )
            )?,
            Ok(Line::Skip) => {}
            Ok(Line::Wait(secs)) => {
                self.clock.advance(secs);
                let later = self.say("console-later", &[("duration", self.human(secs).into())]);
                writeln!(out, "{later}")?;
                self.run_due(out)?;
            }
            Ok(Line::Act {
                channel,
                user,
                what,
            }) => {
                self.act(&channel, &user, &what, out)?;
                self.run_due(out)?;
            }
        }
        Ok(())
    }

    fn read(&self, line: &str) -> Result<Line, String> {
        let t = without_comment(line).trim();
        if t.is_empty() || t.starts_with("//") {
            return Ok(Line::Skip);
        }
        if let Some(rest) = t.strip_prefix("@wait") {
            return parse_duration(rest.trim())
                .map(Line::Wait)
                .ok_or_else(|| self.say("console-bad-wait", &[("given", rest.trim().into())]));
        }
        let (channel, rest) = match t.strip_prefix('#') {
            Some(r) => {
                let (c, rest) = r
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| self.say("console-after-channel", &[]))?;
                (c.to_string(), rest.trim())
            }
            None => (self.opts.channel.clone(), t),
        };
        let (user, what) = rest
            .split_once(':')
            .ok_or_else(|| self.say("console-expected-act", &[]))?;
        let user = user.trim();
        if user.is_empty() || user.contains(char::is_whitespace) {
            return Err(self.say("console-bad-user", &[("user", user.into())]));
        }
        Ok(Line::Act {
            channel,
            user: user.to_string(),
            what: what.trim().to_string(),
        })
    }

    fn act(
        &mut self,
        channel: &str,
        user: &str,
        what: &str,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let uid = UserId::new(user);
        let input = if let Some(label) = what.strip_prefix("press ") {
            match self.shown.button(channel, &uid, label.trim()) {
                Some(found) => found.input(),
                None => Err(self.say(
                    self.nothing_shown_yet(channel, &uid, "console-no-button"),
                    &[("label", label.trim().into()), ("user", user.into())],
                )),
            }
        } else if let Some(value) = what.strip_prefix("pick ") {
            match self.shown.pick(channel, &uid, value.trim()) {
                Some(found) => found.input(),
                None => Err(self.say(
                    self.nothing_shown_yet(channel, &uid, "console-no-entry"),
                    &[("value", value.trim().into()), ("user", user.into())],
                )),
            }
        } else if what == "again" {
            self.pressed
                .get(&(channel.to_string(), uid.clone()))
                .cloned()
                .ok_or_else(|| {
                    self.say(
                        "console-nothing-pressed",
                        &[("user", user.into()), ("channel", channel.into())],
                    )
                })
        } else {
            Command::parse_line(what)
                .map(Input::Command)
                .map_err(|e| e.text(self.opts.locale))
        };
        let input = match input {
            Ok(i) => i,
            Err(msg) => {
                writeln!(out, "[#{channel} → {user} only]\n⛔ {msg}\n")?;
                return Ok(());
            }
        };
        if let Input::Component { .. } = &input {
            self.pressed
                .insert((channel.to_string(), uid.clone()), input.clone());
        }
        self.counter += 1;
        let req = Request {
            channel: channel.to_string(),
            guild: Some(self.opts.guild.clone()),
            actor: Actor::player(user, user),
            request_id: format!("console-{}-{}", self.run_id, self.counter),
            locale: Readers::all(self.opts.locale),
            input,
        };
        let outcome = self.table.handle(&req).map_err(io::Error::other)?;
        // The languages chosen with `/game language` over `--locale`: what only the actor
        // reads in theirs, the rest in the channel's.
        let readers = outcome.readers(req.locale);
        self.print(channel, &outcome.replies, Some((&uid, readers)), out)
    }

    fn print(
        &mut self,
        channel: &str,
        replies: &[Reply],
        actor: Option<(&UserId, Readers)>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        // Remembered as read, so `press` takes a button's label in the reader's language; and
        // as made, so a label in English (the guides' examples) is taken too.
        if self.opts.locale != Locale::En {
            self.shown.remember(channel, replies);
        }
        let mut read = Vec::with_capacity(replies.len());
        for r in replies {
            let locale = match actor {
                Some((who, readers)) => readers.for_answer(r.is_only_for(who)),
                None => self.opts.locale,
            };
            write!(out, "{}", render_reply_in(channel, r, locale))?;
            writeln!(out)?;
            read.push(Reply {
                audience: r.audience.clone(),
                message: r.message.in_language(locale),
            });
        }
        self.shown.remember(channel, &read);
        Ok(())
    }

    /// Why `press`/`pick` found nothing (the message `key`), said more fully (`key-yet`) when
    /// this run has shown `user` no buttons or menu in `channel`: they are not kept in the
    /// database, so a restarted console has none yet.
    fn nothing_shown_yet(&self, channel: &str, user: &UserId, key: &'static str) -> &'static str {
        match (self.shown.any_for(channel, user), key) {
            (true, k) => k,
            (false, "console-no-button") => "console-no-button-yet",
            (false, _) => "console-no-entry-yet",
        }
    }

    /// The console's own message `key` in its language.
    fn say(&self, key: &str, args: &[(&str, Arg)]) -> String {
        crate::i18n::text(self.opts.locale, key, args)
    }

    /// A duration as `@wait` takes it (`25h`), in the console's language.
    fn human(&self, secs: i64) -> String {
        let (n, unit) = if secs % 86400 == 0 && secs > 0 {
            (secs / 86400, "d")
        } else if secs % 3600 == 0 && secs > 0 {
            (secs / 3600, "h")
        } else if secs % 60 == 0 && secs > 0 {
            (secs / 60, "m")
        } else {
            (secs, "s")
        };
        self.say(
            "console-duration",
            &[("n", n.into()), ("unit", unit.into())],
        )
    }

    fn run_due(&mut self, out: &mut impl Write) -> io::Result<()> {
        let due = self.table.run_due().map_err(io::Error::other)?;
        for (channel, replies) in due {
            self.print(&channel, &replies, None, out)?;
        }
        Ok(())
    }
}

/// Plays `script` (console lines) on a fresh in-memory table with `seed` and a clock fixed at
/// `start`, and returns the transcript: each line echoed as `>>> line`, then its replies.
/// Blank lines and `//` comments are skipped. For tests and documentation examples.
pub fn transcript(
    games: Arc<crate::table::Registry>,
    seed: u64,
    start: i64,
    script: &str,
) -> io::Result<String> {
    transcript_in(games, seed, start, script, Locale::En)
}

/// [`transcript`] read in `locale` (`croupier console --locale`).
pub fn transcript_in(
    games: Arc<crate::table::Registry>,
    seed: u64,
    start: i64,
    script: &str,
    locale: Locale,
) -> io::Result<String> {
    let store = crate::store::Store::in_memory().map_err(io::Error::other)?;
    let clock = Arc::new(ManualClock::at(start));
    let mut table = Table::new(
        store,
        games,
        clock.clone(),
        crate::table::SeedMode::Fixed(seed),
    );
    let opts = ConsoleOptions {
        locale,
        ..Default::default()
    };
    let mut console = Console::new(&mut table, clock, opts);
    let mut out = Vec::new();
    for (n, line) in script.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        out.extend_from_slice(format!(">>> {line}\n").as_bytes());
        console.line(n + 1, line, &mut out)?;
    }
    String::from_utf8(out).map_err(io::Error::other)
}

/// `line` up to its `//` comment: one that starts the line or follows whitespace, outside double
/// quotes (`https://…` and `"a // b"` stay).
fn without_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '/' if !quoted
                && line[i..].starts_with("//")
                && (i == 0 || line[..i].ends_with(char::is_whitespace)) =>
            {
                return &line[..i];
            }
            _ => {}
        }
    }
    line
}

fn parse_duration(s: &str) -> Option<i64> {
    let s = s.trim().trim_start_matches('+');
    let (num, mult) = match s.chars().last() {
        Some('s') => (&s[..s.len() - 1], 1),
        Some('m') => (&s[..s.len() - 1], 60),
        Some('h') => (&s[..s.len() - 1], 3600),
        Some('d') => (&s[..s.len() - 1], 86400),
        _ => (s, 1),
    };
    num.trim()
        .parse::<i64>()
        .ok()
        .filter(|n| (0..=10_000_000).contains(n))
        .map(|n| n * mult)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_takes_a_menu_entry_by_value_label_or_position() {
        let games = Arc::new(crate::games::load(std::path::Path::new("data")).expect("data loads"));
        let script = "alice: /nakama new character:Luffy\n\
                      alice: /nakama begin bosses:1\n\
                      alice: /nakama hand\n\
                      alice: pick 3\n\
                      alice: pick 99\n";
        let out = transcript(games, 5, 1_767_225_600, script).unwrap();
        let after = |line: &str| {
            let at = out.find(&format!(">>> {line}")).expect("echoed");
            let rest = &out[at + line.len() + 4..];
            rest[..rest.find(">>>").unwrap_or(rest.len())].to_string()
        };
        let third = after("alice: pick 3");
        assert!(!third.contains("no menu entry"), "{third}");
        assert!(!third.contains('⛔'), "{third}");
        let beyond = after("alice: pick 99");
        assert!(beyond.contains("no menu entry `99`"), "{beyond}");
    }

    #[test]
    fn a_comment_after_a_space_is_left_out_but_not_inside_quotes_or_a_link() {
        assert_eq!(
            without_comment("alice: pick Ninja          // step 1: class 1"),
            "alice: pick Ninja          "
        );
        assert_eq!(without_comment("// a whole line"), "");
        assert_eq!(without_comment("@wait 25h // a day later"), "@wait 25h ");
        assert_eq!(
            without_comment("alice: /nw note text:\"see // here\" // mine"),
            "alice: /nw note text:\"see // here\" "
        );
        assert_eq!(
            without_comment("alice: /nw note text:https://example.org/x"),
            "alice: /nw note text:https://example.org/x"
        );
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("25h"), Some(90000));
        assert_eq!(parse_duration("+3d"), Some(259200));
        assert!(parse_duration("soon").is_none());
    }
}
