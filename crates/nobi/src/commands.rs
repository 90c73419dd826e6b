//! Every `/nobi` command, declared once: the slash command, its parser, the way back to a
//! command line (buttons), and the action the log keeps (see `Game::Action`).

use croupier_core::table::{Choices, Commands, UserId};

/// Nobi Nobi Sword: a tiny fantasy RPG where everyone takes turns as GM
#[derive(Debug, Clone, PartialEq, Commands)]
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
    Leave,
    /// Begin the adventure (host); the player count decides the mode
    #[cmd(perm = host)]
    Begin {
        /// The first GM (default: random)
        gm: Option<UserId>,
    },
    /// Draw the next Scene card (GM)
    Scene,
    /// Announce an Ability before the roll
    Use {
        /// Ability name
        #[opt(autocomplete)]
        ability: String,
    },
    /// Change the Difficulty of the current check: lower or raise it (GM)
    Difficulty {
        /// New Difficulty
        #[opt(min = 0, max = 30)]
        value: i64,
    },
    /// Roll the check: 2 dice + skill (Main Character / final tester)
    Roll,
    /// Say what your character does
    Act {
        /// What you do
        text: String,
    },
    /// Decide the Role-play challenge or the check (GM)
    Verdict {
        /// Success or failure
        result: Verdict,
    },
    /// Narrate the story (GM; anyone in the Epilogue)
    Narrate {
        /// The narration
        text: String,
    },
    /// Roll on the Objects or Opponents table
    Inspire {
        /// Which table
        table: InspireTable,
    },
    /// Epilogue: draw another Epilogue card
    Redraw,
    /// Solo Epilogue: close the adventure once its ending is written
    Finish,
    /// Epilogue: an NPC from a Light or Darkness card joins
    Npc {
        /// The card that brings the NPC
        #[opt(autocomplete)]
        card: String,
    },
    /// Epilogue: choose who takes the final test
    Tester {
        /// The player
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
}

/// The GM's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
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
pub enum InspireTable {
    /// Objects.
    Objects,
    /// Opponents.
    Opponents,
}

/// Whom the one-Ability-per-Scene limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choices)]
pub enum AbilityLimit {
    /// Each character (the default).
    Character,
    /// Each player.
    Player,
}
