//! Every declared command has its way back: a typed value turns into the command (and the
//! command line, which buttons and their custom ids carry) that parses to the same value.

use std::collections::BTreeSet;
use std::fmt::Debug;

use croupier_core::table::builtins::{GameCommand, HelpCommand, RollCommand};
use croupier_core::table::{CommandSpec, Commands};
use croupier_games::dice_table::DiceCommand;
use croupier_games::nakama::NakamaCommand;
use croupier_games::nightwizard::commands::NwCommand;
use croupier_games::ninja::NinjaCommand;
use croupier_games::nobi::NobiCommand;

/// The leaf paths a declaration offers (`combat attack`).
fn leaves(spec: &CommandSpec, above: &str, out: &mut BTreeSet<String>) {
    for s in &spec.subcommands {
        let path = if above.is_empty() {
            s.name.clone()
        } else {
            format!("{above} {}", s.name)
        };
        if s.subcommands.is_empty() {
            out.insert(path);
        } else {
            leaves(s, &path, out);
        }
    }
}

/// Round-trips every sample of `C`, returning how many; fails naming the first that differs.
fn round_trip<C: Commands + PartialEq + Debug>() -> usize {
    let samples = C::samples();
    let mut seen = BTreeSet::new();
    for s in &samples {
        let cmd = s.to_command();
        assert_eq!(cmd.root(), C::NAME, "{s:?}");
        let back = C::from_command(&cmd).unwrap_or_else(|e| panic!("{s:?} → {cmd:?}: {e}"));
        assert_eq!(&back, s, "through the command {cmd:?}");
        let line = s.to_line();
        if let Some(tl) = C::spec()
            .subcommands
            .iter()
            .find(|g| Some(&g.name) == cmd.path.get(1))
            .and_then(|g| g.top_level.clone())
        {
            assert!(
                line.starts_with(&format!("/{tl} ")),
                "{line} is typed /{tl} …"
            );
        }
        let back = C::from_line(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(&back, s, "through the line {line}");
        let path = s.path().expect("a sample is a command");
        assert_eq!(cmd.path[1..].join(" "), path, "{line}");
        seen.insert(path);
    }
    // The declaration (descriptions included, written as `///` docs) fits Discord's limits.
    assert_eq!(C::spec().problems(""), Vec::<String>::new(), "/{}", C::NAME);
    let mut declared = BTreeSet::new();
    leaves(&C::spec(), "", &mut declared);
    if declared.is_empty() {
        // A command without subcommands (`/roll`).
        declared.insert(String::new());
    }
    assert_eq!(
        seen,
        declared,
        "the samples of /{} cover every leaf",
        C::NAME
    );
    samples.len()
}

#[test]
fn every_command_of_every_game_turns_into_its_command_line_and_back() {
    let counts = [
        ("nobi", round_trip::<NobiCommand>()),
        ("nw", round_trip::<NwCommand>()),
        ("nakama", round_trip::<NakamaCommand>()),
        ("ninja", round_trip::<NinjaCommand>()),
        ("dice", round_trip::<DiceCommand>()),
        ("roll", round_trip::<RollCommand>()),
        ("game", round_trip::<GameCommand>()),
        ("help", round_trip::<HelpCommand>()),
    ];
    for (name, n) in counts {
        assert!(n > 0, "/{name} has samples");
    }
}

#[test]
fn a_button_carries_the_typed_commands_line() {
    use croupier_core::table::Message;
    use croupier_games::nobi::Verdict;
    let m = Message::text("verdict?").button(
        "Success",
        &NobiCommand::Verdict {
            result: Verdict::Success,
        },
    );
    assert_eq!(m.buttons[0].command, "/nobi verdict result:success");
    let join = NobiCommand::Join {
        character: Some("Red Fox".into()),
        support: None,
    };
    assert_eq!(join.to_line(), "/nobi join character:\"Red Fox\"");
}
