//! `#[cmd(perm = player)]` is enforced by the table from the declaration alone: for every
//! game, every leaf declared for players refuses someone who does not play in the session
//! with the game's own way to join (or why joining has closed), before the command is even
//! parsed (the attempt gives no options, so a parse error would show instead), and changes
//! nothing; a player of the session gets past the check (their refusal, if any, is the
//! parser's or the rules', never the join text); another player acts in between.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{CommandSpec, ManualClock, Permission, Registry, SeedMode, Table};

fn games() -> Arc<Registry> {
    static GAMES: OnceLock<Arc<Registry>> = OnceLock::new();
    GAMES
        .get_or_init(|| {
            Arc::new(croupier::games::load(Path::new("data")).expect("the shipped data"))
        })
        .clone()
}

/// The paths (`nw combat use`) of the leaves of `spec` declared `perm = player`.
fn player_leaves(spec: &CommandSpec, prefix: &str, out: &mut Vec<String>) {
    let path = format!("{prefix}{}", spec.name);
    if spec.subcommands.is_empty() {
        if spec.permission == Permission::Player {
            out.push(path);
        }
        return;
    }
    for sub in &spec.subcommands {
        player_leaves(sub, &format!("{path} "), out);
    }
}

/// A console over an in-memory store (seed 1).
struct T {
    table: Table,
    clock: Arc<ManualClock>,
    n: usize,
}

impl T {
    fn new() -> T {
        let clock = Arc::new(ManualClock::at(1_800_000_000));
        let store = Store::in_memory().expect("store");
        T {
            table: Table::new(store, games(), clock.clone(), SeedMode::Fixed(1)),
            clock,
            n: 0,
        }
    }

    /// What the console prints for `line`.
    fn say(&mut self, line: &str) -> String {
        self.n += 1;
        let mut out = Vec::new();
        let mut console = Console::new(
            &mut self.table,
            self.clock.clone(),
            ConsoleOptions::default(),
        );
        console.line(self.n, line, &mut out).expect("console line");
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Runs `line`, which must not be refused.
    fn ok(&mut self, line: &str) {
        let out = self.say(line);
        assert!(!out.contains('⛔'), "`{line}` was refused:\n{out}");
    }

    fn state(&mut self) -> serde_json::Value {
        self.table
            .state_json("table")
            .expect("state")
            .expect("a session")
    }
}

/// For game `name`, after `setup`: `stranger` is refused every player leaf with `join_text`
/// and nothing changes; `player` (who plays) never gets `join_text`; `between` (another
/// player's action, not refused) runs between the stranger's attempts.
fn check(name: &str, setup: &[&str], stranger: &str, player: &str, join_text: &str, between: &str) {
    let games = games();
    let mut leaves = vec![];
    player_leaves(
        games.find(name).expect("registered").command(),
        "",
        &mut leaves,
    );
    assert!(!leaves.is_empty(), "{name} declares no player command");
    let mut t = T::new();
    for line in setup {
        t.ok(line);
    }
    for (i, leaf) in leaves.iter().enumerate() {
        let before = t.state();
        let out = t.say(&format!("{stranger}: /{leaf}"));
        assert!(
            out.contains('⛔') && out.contains(join_text),
            "{name}: `/{leaf}` by {stranger}, who does not play, should be refused with \"{join_text}\":\n{out}"
        );
        assert_eq!(
            t.state(),
            before,
            "{name}: the refusal of `/{leaf}` changed the session"
        );
        if i == 0 {
            t.ok(between);
        }
        let out = t.say(&format!("{player}: /{leaf}"));
        assert!(
            !out.contains(join_text),
            "{name}: `/{leaf}` by {player}, who plays, met the player check:\n{out}"
        );
    }
}

#[test]
fn perm_player_dice_table_refuses_someone_without_a_seat() {
    check(
        "dice",
        &["alice: /dice new", "bob: /dice join", "alice: /dice start"],
        "mallory",
        "bob",
        "you have no seat at this table, and seats closed when it started (players: alice, bob)",
        "alice: /dice roll",
    );
}

#[test]
fn perm_player_nobi_refuses_someone_not_at_the_table() {
    check(
        "nobi",
        &[
            "alice: /nobi new",
            "alice: /nobi join",
            "bob: /nobi join",
            "carol: /nobi join",
            "alice: /nobi begin gm:alice",
        ],
        "mallory",
        "carol",
        "you are not playing in this adventure, and joining closed when it began",
        "alice: /nobi status",
    );
}

#[test]
fn perm_player_nakama_refuses_someone_not_in_the_crew_before_and_after_it_begins() {
    // Before the start, the way to join.
    let mut t = T::new();
    t.ok("alice: /nakama new character:Luffy");
    let out = t.say("mallory: /nakama leave");
    assert!(
        out.contains("join with `/nakama join character:<name>` before it begins"),
        "{out}"
    );
    check(
        "nakama",
        &[
            "alice: /nakama new character:Luffy",
            "bob: /nakama join character:Zoro",
            "alice: /nakama begin",
        ],
        "mallory",
        "bob",
        "you are not playing in this adventure, and joining closed when it began (crew: alice, bob)",
        "bob: /nakama board",
    );
}

#[test]
fn perm_player_night_wizard_refuses_someone_without_a_pc_and_lets_the_gm_through() {
    let setup = [
        "gm: /nw new",
        "alice: /nw character new name:Ayla quick:true",
        "alice: /nw session join",
        "bob: /nw character new name:Bram quick:true",
        "bob: /nw session join",
    ];
    check(
        "nw",
        &setup,
        "mallory",
        "alice",
        "join with a character first: `/nw session join`",
        "bob: /nw judge stat:none difficulty:10",
    );
    // The GM has no PC and plays all the same.
    check(
        "nw",
        &setup,
        "mallory",
        "gm",
        "join with a character first: `/nw session join`",
        "gm: /nw judge stat:none difficulty:10",
    );
}
