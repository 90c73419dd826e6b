//! Every `/nobi` command, declared once: the slash command, its parser, the way back to a
//! command line (buttons), and the action the log keeps — the command is the action
//! (`Game::Action` is [`NobiCommand`]).
//!
//! The log also holds actions written before, as the old `NobiAction`: they read as commands
//! through serde aliases (`Verdict { success: true }` → `result: success`, `Tester { user }`
//! → `player`; `Inspire`'s table and `Settings`' limit were already the choices' values).

use serde::{Deserialize, Deserializer, Serialize};

use croupier_core::table::{Choices, Commands, UserId};

/// Nobi Nobi Sword: a tiny fantasy RPG where everyone takes turns as GM
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Commands)]
#[commands(name = "nobi")]
pub enum NobiCommand {
    /// Open a Nobi Nobi Sword table here (you host)
    New {
        /// Hours before a waiting player is reminded (default 24, 0 = off)
        #[opt(min = 0, max = 720)]
        remind_after: Option<u32>,
    },
    /// Take a seat with a character (none given: a free one at random)
    Join {
        /// Your character
        #[opt(autocomplete)]
        character: Option<String>,
        /// Support character (two-player games)
        #[opt(autocomplete)]
        support: Option<String>,
    },
    /// Leave the table before the adventure begins
    #[cmd(perm = player)]
    Leave,
    /// Begin the adventure (host); the player count decides the mode
    #[cmd(perm = host)]
    Begin {
        /// The first GM (default: random)
        gm: Option<UserId>,
    },
    /// Draw the next Scene card (GM)
    #[cmd(perm = player)]
    Scene,
    /// Announce an Ability before the roll
    #[cmd(perm = player)]
    Use {
        /// Ability name
        #[opt(autocomplete)]
        ability: String,
    },
    /// Change the Difficulty of the current check: lower or raise it (GM)
    #[cmd(perm = player)]
    Difficulty {
        /// New Difficulty
        #[opt(min = 0, max = 30)]
        value: i64,
    },
    /// Roll the check: 2 dice + skill (Main Character / final tester)
    #[cmd(perm = player)]
    Roll,
    /// Say what your character does
    #[cmd(perm = player)]
    Act {
        /// What you do
        // `parse` takes texts of 1500 characters at most.
        #[opt(max_length = 1500, modal)]
        text: String,
    },
    /// Decide the Role-play challenge or the check (GM)
    #[cmd(perm = player)]
    Verdict {
        /// Success or failure
        #[serde(alias = "success", deserialize_with = "Verdict::read_logged")]
        result: Verdict,
    },
    /// Narrate the story (GM; anyone in the Epilogue)
    #[cmd(perm = player)]
    Narrate {
        /// The narration
        #[opt(max_length = 1500, modal)]
        text: String,
    },
    /// Roll on the Objects or Opponents table
    #[cmd(perm = player)]
    Inspire {
        /// Which table
        table: InspireTable,
    },
    /// Epilogue: draw another Epilogue card
    #[cmd(perm = player)]
    Redraw,
    /// Solo Epilogue: close the adventure once its ending is written
    #[cmd(perm = player)]
    Finish,
    /// Epilogue: an NPC from a Light or Darkness card joins
    #[cmd(perm = player)]
    Npc {
        /// The card that brings the NPC
        #[opt(autocomplete)]
        card: String,
    },
    /// Epilogue: choose who takes the final test
    #[cmd(perm = player)]
    Tester {
        /// The player
        #[serde(alias = "user")]
        player: UserId,
    },
    /// Whose turn, characters, Light and Darkness cards
    #[cmd(view)]
    Status,
    /// Post the adventure so far as a Markdown file
    #[cmd(view)]
    Story,
    /// Table settings (host)
    Settings {
        /// Hours before a waiting player is reminded (0 = off)
        #[opt(min = 0, max = 720)]
        remind_after: Option<i64>,
        /// One Ability per Scene per character (default) or per player
        limit: Option<AbilityLimit>,
    },
    /// A reminder: the table's own action when a player keeps the others waiting (no
    /// command offers it; `apply` refuses it from anyone but the table).
    #[cmd(skip)]
    Remind,
}

/// The GM's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
#[choices(serde)]
pub enum Verdict {
    /// The challenge or check succeeds.
    #[choice(aliases("s", "yes"))]
    Success,
    /// It fails.
    #[choice(aliases("fail", "f", "no"))]
    Failure,
}

/// The special tables `/nobi inspire` rolls on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
#[choices(serde)]
pub enum InspireTable {
    /// Objects.
    Objects,
    /// Opponents.
    Opponents,
}

/// Whom the one-Ability-per-Scene limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
#[choices(serde)]
pub enum AbilityLimit {
    /// Each character (the default).
    Character,
    /// Each player.
    Player,
}

impl Verdict {
    /// True for a success.
    pub fn success(self) -> bool {
        self == Verdict::Success
    }

    /// A logged verdict: `"success"`/`"failure"`, or the `true`/`false` of the old
    /// `Verdict { success }` action.
    fn read_logged<'de, D: Deserializer<'de>>(d: D) -> Result<Verdict, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Logged {
            Success(bool),
            Choice(String),
        }
        match Logged::deserialize(d)? {
            Logged::Success(true) => Ok(Verdict::Success),
            Logged::Success(false) => Ok(Verdict::Failure),
            Logged::Choice(text) => Verdict::parse_choice(&text).ok_or_else(|| {
                serde::de::Error::custom(format!("`{text}` is no verdict; use success or failure"))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{AbilityLimit, InspireTable, NobiCommand, Verdict};
    use croupier_core::table::UserId;

    fn read(json: &str) -> NobiCommand {
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
    }

    #[test]
    fn actions_logged_as_the_old_nobi_action_read_as_commands() {
        let old = [
            (
                r#"{"Verdict":{"success":true}}"#,
                NobiCommand::Verdict {
                    result: Verdict::Success,
                },
            ),
            (
                r#"{"Verdict":{"success":false}}"#,
                NobiCommand::Verdict {
                    result: Verdict::Failure,
                },
            ),
            (
                r#"{"Inspire":{"table":"objects"}}"#,
                NobiCommand::Inspire {
                    table: InspireTable::Objects,
                },
            ),
            (
                r#"{"Tester":{"user":"123"}}"#,
                NobiCommand::Tester {
                    player: UserId::new("123"),
                },
            ),
            (
                r#"{"Settings":{"remind_after":null,"limit":"player"}}"#,
                NobiCommand::Settings {
                    remind_after: None,
                    limit: Some(AbilityLimit::Player),
                },
            ),
            (r#""Remind""#, NobiCommand::Remind),
            (r#""Roll""#, NobiCommand::Roll),
        ];
        for (json, want) in old {
            assert_eq!(read(json), want, "{json}");
        }
    }

    #[test]
    fn a_command_is_logged_with_its_choices_typed_and_reads_back() {
        let v = NobiCommand::Verdict {
            result: Verdict::Failure,
        };
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(json, r#"{"Verdict":{"result":"failure"}}"#);
        assert_eq!(read(&json), v);
        let e = serde_json::from_str::<NobiCommand>(r#"{"Verdict":{"result":"maybe"}}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`maybe` is no verdict"), "{e}");
        let e = serde_json::from_str::<NobiCommand>(r#"{"Inspire":{"table":"dragons"}}"#)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("`dragons` is none of objects or opponents"),
            "{e}"
        );
    }
}
