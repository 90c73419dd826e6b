//! Guild-wide commands are routed by their declaration alone (`#[cmd(guild)]`,
//! `#[cmd(guild_when = "…")]`): in a channel with no game, every leaf of every game that is
//! declared guild-wide reaches the game's roster (whatever it then says of the missing
//! options), and every other leaf but `new` is told there is no game here.

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{Command, CommandSpec, ManualClock, SeedMode, Table};

/// Every leaf path of `spec` (`nw character new`).
fn leaves(spec: &CommandSpec, prefix: &str, out: &mut Vec<String>) {
    let path = format!("{prefix}{}", spec.name);
    if spec.subcommands.is_empty() {
        out.push(path);
        return;
    }
    for sub in &spec.subcommands {
        leaves(sub, &format!("{path} "), out);
    }
}

#[test]
fn guild_commands_are_routed_by_their_declaration_alone() {
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("the shipped data"));
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let store = Store::in_memory().expect("store");
    let mut table = Table::new(store, games.clone(), clock.clone(), SeedMode::Fixed(1));
    let mut console = Console::new(&mut table, clock, ConsoleOptions::default());
    let (mut guild, mut channel) = (0, 0);
    for game in games.all() {
        let spec = game.command().clone();
        let mut paths = vec![];
        leaves(&spec, "", &mut paths);
        for path in paths.iter().filter(|p| !p.ends_with(" new")) {
            // `guild_when` leaves are guild-wide with their option: give it.
            let mut cmd = Command::new(path);
            let leaf = spec.leaf(&cmd.path[1..]).expect("a leaf").clone();
            if let Some(o) = &leaf.guild_when {
                cmd = cmd.with(o, "Nobody");
            }
            let line = format!("alice: {cmd}");
            let mut out = Vec::new();
            console.line(1, &line, &mut out).expect("console line");
            let out = String::from_utf8_lossy(&out);
            let no_game = out.contains("there is no game of");
            if leaf.guild {
                guild += 1;
                assert!(!no_game, "`{line}` is declared guild-wide:\n{out}");
            } else {
                channel += 1;
                assert!(no_game, "`{line}` needs a session here:\n{out}");
            }
        }
    }
    // Night Wizard's roster, data and rules, and the ninja roster, are guild-wide.
    assert!(guild >= 20, "{guild} guild-wide leaves");
    assert!(channel >= 50, "{channel} channel leaves");
}
