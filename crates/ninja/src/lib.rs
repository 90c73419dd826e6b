//! Ninja Obstacle Tournament: a guild-wide roster of ninjas that persist across events, and
//! tournaments of three rounds of 3d6 obstacle runs, one tournament per channel.
//!
//! - [`data`]: the additives chart, obstacles and skill formulas, names for generated ninjas.
//! - [`roster`]: the persistent ninjas (creation, training, experience, retirement).
//! - [`scoring`]: one run, turn by turn, exactly as the rulebook keeps score.
//! - [`tournament`]: entrants, rounds, advancement, write-back to the roster.
//! - [`sheet`]: the character sheet and the score sheet as text.
//! - [`sim`]: the offline simulator (`croupier simulate ninja`).

pub mod data;
pub mod picture;
pub mod roster;
pub mod scoring;
pub mod sheet;
pub mod sim;
pub mod tournament;
pub mod view;

use std::path::Path;

use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

use croupier_core::i18n::Locale;
use croupier_core::names::{name_key, same_name};
use croupier_core::rng::GameRng;
use croupier_core::table::{
    english, Actor, ButtonStyle, Choice, Choices, Command, Commands, Ctx, DataError, Decision,
    Game, Message, Phrase, Place, Reply, RuleError, Said, UserId, Value, SYSTEM_USER,
};
use data::NinjaData;
use roster::{no, NinjaRecord, Roster, Training};
use scoring::{roll_3d6, RollClass, RunStatus, SaveBogus};
use tournament::{CutTies, Entrant, PendingLuck, Phase, Round, Settings, Tournament, FIELD};

/// The game: a tournament in a channel.
pub type NinjaTournament = Tournament;

/// What a luck decision picks (also the choices of `/ninja luck choice:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Choices)]
pub enum LuckChoice {
    /// Reroll the missed roll.
    Use,
    /// Keep the miss, save the luck.
    Skip,
    /// After rerolling: keep the first roll.
    First,
    /// After rerolling: keep the reroll.
    Reroll,
}

/// Ninja Obstacle Tournament: a roster of ninjas and 3d6 obstacle courses
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "ninja")]
pub enum NinjaCommand {
    /// Open a tournament in this channel (you are the GM)
    New {
        /// Turn limit of the 10-obstacle final (default 64)
        #[opt(min = 5, max = 200)]
        final_turns: Option<u32>,
        /// Turn limit of rounds 1 and 2 (default 32)
        #[opt(min = 5, max = 200)]
        turns: Option<u32>,
        /// A 17 on a save roll: fail (default) or again
        save17: Option<SaveBogus>,
        /// Exact tie at the cut: earlier runner keeps it (default) or both
        cut_ties: Option<CutTies>,
        /// Hours before the player whose ninja is up is reminded (0 = never; default 24)
        #[opt(min = 0, max = 720)]
        remind_after: Option<u32>,
    },
    /// Create a ninja: 40 points over IQ, DX, ST (each at least 12)
    #[cmd(guild)]
    Create {
        /// The ninja's name
        name: String,
        /// Intelligence (12-16)
        #[opt(min = 12, max = 16)]
        iq: i64,
        /// Dexterity (12-16)
        #[opt(min = 12, max = 16)]
        dx: i64,
        /// Strength (12-16)
        #[opt(min = 12, max = 16)]
        st: i64,
        /// Occupation or description
        occupation: Option<String>,
    },
    /// A ninja's character sheet, or this channel's score sheet
    #[cmd(guild_when = "name")]
    Sheet {
        /// Ninja (leave out for the score sheet)
        #[opt(autocomplete)]
        name: Option<String>,
    },
    /// Spend 5 points on an additive (roll 2d6)
    #[cmd(guild)]
    Train {
        /// Your ninja
        #[opt(autocomplete)]
        name: String,
        /// The additive to take when the dice let you choose
        pick: Option<String>,
    },
    /// Retire one of your ninjas
    #[cmd(guild)]
    Retire {
        /// Your ninja
        #[opt(autocomplete)]
        name: String,
    },
    /// This server's ninjas
    #[cmd(guild)]
    Roster {
        /// Include retired ninjas
        all: Option<bool>,
        /// Only your own ninjas
        mine: Option<bool>,
    },
    /// Enter a ninja in this channel's tournament
    Enter {
        /// Your ninja
        #[opt(autocomplete)]
        name: String,
    },
    /// Take an entered ninja out before the start
    Withdraw {
        /// The ninja
        #[opt(autocomplete)]
        name: String,
    },
    /// GM: fill the empty places with generated ninjas
    #[cmd(perm = gm)]
    Fill,
    /// GM: fix the running order and start round 1
    #[cmd(perm = gm)]
    Start {
        /// Shuffle the running order (default: entry order)
        shuffle: Option<bool>,
    },
    /// Run the ninja who is up
    Run {
        /// Resolve the whole run at once
        auto: Option<bool>,
        /// GM: run every ninja left in this round at once
        round: Option<bool>,
    },
    /// Roll 3d6 for the running ninja's next turn
    Roll,
    /// Decide on luck after a miss
    Luck {
        /// use, skip, first or reroll
        choice: LuckChoice,
    },
}

/// The Auto button's command: the whole run at once.
const RUN_AUTO: NinjaCommand = NinjaCommand::Run {
    auto: Some(true),
    round: None,
};

/// What players do in a tournament.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum NinjaAction {
    /// Enter a roster ninja (a snapshot taken from the roster when the command was given).
    Enter {
        /// The ninja as the roster held it.
        ninja: Box<NinjaRecord>,
    },
    /// Take an entered ninja out again before the start.
    Withdraw {
        /// The ninja's name.
        name: String,
    },
    /// GM: fill empty places with generated ninjas; `taken` are roster names to avoid.
    Fill {
        /// Names already used on the roster, as their keys (`names::name_key`; lower case
        /// in actions logged before).
        taken: Vec<String>,
        /// The roster id of the first generated ninja (the next ones follow).
        #[serde(default)]
        first_id: u64,
        /// The GM's idle house ninjas on the roster, taken back before any is generated.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        reuse: Vec<NinjaRecord>,
    },
    /// GM: fix the running order and start round 1.
    Start {
        /// Shuffle the running order instead of entry order.
        shuffle: bool,
    },
    /// Run the current ninja (turn by turn, or all at once).
    Run {
        /// Resolve the whole run at once.
        auto: bool,
        /// The ninja's roster record when the command was given: a run that starts takes its
        /// skills and luck from it (an additive bought since the last run counts).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fresh: Option<Box<NinjaRecord>>,
    },
    /// GM: run every ninja left in the current round at once, as `Run { auto: true }` each.
    RunRound {
        /// The roster records of the round's entrants when the command was given (as `fresh`
        /// of `Run`, for each run that starts).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        fresh: Vec<NinjaRecord>,
    },
    /// Roll one turn of the current run.
    Roll,
    /// Decide on luck after a miss.
    Luck {
        /// The decision.
        choice: LuckChoice,
    },
    /// Show the score sheet.
    Sheet,
    /// A reminder for the player whose ninja is up (sent by the table itself).
    Remind,
}

/// The play-by-play with the roll prompt's buttons and ping.
fn prompted(m: Message, prompt: Message) -> Message {
    let labels = match &prompt.said {
        Some(Said::Phrase(p)) => p.buttons.clone(),
        _ => vec![],
    };
    let mut m = Message {
        buttons: vec![],
        ..m
    }
    .labelled_with(labels);
    m.buttons = prompt.buttons;
    m.pings = prompt.pings;
    m
}

/// The field's size as a catalogue value.
fn field_size() -> i64 {
    FIELD as i64
}

fn is_gm(actor: &Actor, t: &Tournament) -> bool {
    actor.manager || actor.id == t.host
}

/// The GM's buttons while ninjas enter (only the GM sees them): Fill only while a place is
/// empty.
fn gm_controls(t: &Tournament) -> Reply {
    let taken = t.entrants.len();
    let m = if taken < FIELD {
        Message::phrase(
            Phrase::new("ninja-gm-places")
                .arg("taken", taken as i64)
                .arg("field", field_size())
                .buttons(&["ninja-button-fill", "ninja-button-start"]),
        )
        .styled_button(
            english("ninja-button-fill"),
            &NinjaCommand::Fill,
            ButtonStyle::Secondary,
        )
    } else {
        Message::phrase(
            Phrase::new("ninja-gm-full")
                .arg("field", field_size())
                .buttons(&["ninja-button-start"]),
        )
    };
    Reply::gm(m.button(
        english("ninja-button-start"),
        &NinjaCommand::Start { shuffle: None },
    ))
}

/// The buttons of the luck decision waiting: reroll or not, then which roll to keep.
fn luck_buttons(m: Message, p: &PendingLuck) -> Message {
    let keys: &[&str] = match p.second {
        None => &["ninja-button-use-luck", "ninja-button-take-roll"],
        Some(_) => &["ninja-button-keep-first", "ninja-button-keep-reroll"],
    };
    let m = m.labelled(keys);
    match p.second {
        None => m
            .styled_button(
                english("ninja-button-use-luck"),
                &NinjaCommand::Luck {
                    choice: LuckChoice::Use,
                },
                ButtonStyle::Success,
            )
            .styled_button(
                english("ninja-button-take-roll"),
                &NinjaCommand::Luck {
                    choice: LuckChoice::Skip,
                },
                ButtonStyle::Secondary,
            ),
        Some(_) => m
            .button(
                english("ninja-button-keep-first"),
                &NinjaCommand::Luck {
                    choice: LuckChoice::First,
                },
            )
            .button(
                english("ninja-button-keep-reroll"),
                &NinjaCommand::Luck {
                    choice: LuckChoice::Reroll,
                },
            ),
    }
}

/// The Roll and Auto buttons of a run under way.
fn roll_buttons(m: Message) -> Message {
    m.labelled(&["ninja-button-roll", "ninja-button-auto"])
        .button(english("ninja-button-roll"), &NinjaCommand::Roll)
        .styled_button(
            english("ninja-button-auto"),
            &RUN_AUTO,
            ButtonStyle::Secondary,
        )
}

/// The Run and Auto buttons of the ninja who is up.
fn run_buttons(m: Message) -> Message {
    m.labelled(&["ninja-button-run", "ninja-button-auto"])
        .button(
            english("ninja-button-run"),
            &NinjaCommand::Run {
                auto: None,
                round: None,
            },
        )
        .styled_button(
            english("ninja-button-auto"),
            &RUN_AUTO,
            ButtonStyle::Secondary,
        )
}

fn describe(c: RollClass) -> Phrase {
    let (class, ap) = match c {
        RollClass::Scored(ap) => ("scored", ap),
        RollClass::Miss => ("miss", 0),
        RollClass::Bogus17 => ("bogus17", 0),
        RollClass::Bogus18 => ("bogus18", 0),
        RollClass::SaveMade => ("save-made", 0),
        RollClass::SaveFailed => ("save-failed", 0),
        RollClass::SaveAgain => ("save-again", 0),
    };
    Phrase::new("ninja-class")
        .arg("class", class)
        .arg("ap", i64::from(ap))
}

/// The play-by-play as a message (`base`: its title, if any, and the values the title needs);
/// a long run (a final can take 60 turns) keeps its last lines in the text and attaches the
/// whole record (in English).
fn play_by_play(base: Phrase, lines: Vec<Value>) -> Message {
    let text = Value::Lines(lines.clone()).text(Locale::En);
    if text.chars().count() <= 3500 {
        return Message::phrase(
            Phrase {
                key: "ninja-play".into(),
                ..base
            }
            .arg("lines", Value::Lines(lines)),
        );
    }
    let tail = lines[lines.len().saturating_sub(12)..].to_vec();
    Message::phrase(
        Phrase {
            key: "ninja-play-cut".into(),
            ..base
        }
        .arg("lines", Value::Lines(tail)),
    )
    .attach("play-by-play.txt", text)
}

fn dice_text(d: [u8; 3]) -> String {
    format!("{}+{}+{} = {}", d[0], d[1], d[2], d.iter().sum::<u8>())
}

impl Tournament {
    fn names(data: &NinjaData) -> Vec<Value> {
        data.obstacles.iter().map(|o| o.said_name()).collect()
    }

    fn owner_of_current(&self) -> Option<UserId> {
        self.current()
            .map(|e| self.entrants[e].record.owner.clone())
    }

    fn check_runner(&self, actor: &Actor) -> Result<usize, RuleError> {
        if self.phase != Phase::Running {
            return no(Phrase::new(match self.phase {
                Phase::Entering => "ninja-not-started",
                _ => "ninja-over",
            }));
        }
        let Some(e) = self.current() else {
            return no(Phrase::new("ninja-nobody-up"));
        };
        let rec = &self.entrants[e].record;
        if rec.owner != actor.id && !is_gm(actor, self) {
            return no(Phrase::new("ninja-not-your-runner")
                .arg("name", rec.name.as_str())
                .arg("owner", rec.owner.mention()));
        }
        Ok(e)
    }

    /// The "who is up" message with Run / Auto buttons.
    /// Who runs next, with the skills their run will take: from the roster when it is at hand
    /// (an additive trained since their last run counts from this run), else as entered.
    fn up_next(&self, data: &NinjaData, roster: Option<&Roster>) -> Option<Message> {
        let e = self.current()?;
        let r = self.round()?;
        let ent = &self.entrants[e];
        let on_roster = roster
            .filter(|_| ent.record.id != 0)
            .and_then(|ro| ro.ninjas.iter().find(|n| n.id == ent.record.id));
        let (skills, luck) = match on_roster {
            Some(rec) => (rec.skills(data), rec.luck(data)),
            None => (
                ent.skills.clone(),
                r.luck_left.get(r.cursor).copied().unwrap_or(0),
            ),
        };
        let skills = data::in_each_language(|locale| {
            data.course(r.number)
                .iter()
                .map(|&i| {
                    format!(
                        "{} {}",
                        data.obstacles[i].initials_in(locale),
                        skills.get(i).copied().unwrap_or(0)
                    )
                })
                .collect::<Vec<_>>()
                .join(" · ")
        });
        let m = Message::phrase(
            Phrase::titled("ninja-up-title", "ninja-up")
                .arg("round", i64::from(r.number.min(3)))
                .arg("pos", (r.cursor + 1) as i64)
                .arg("of", r.order.len() as i64)
                .arg("name", ent.record.name.as_str())
                .arg("owner", ent.record.owner.mention())
                .arg("skills", skills)
                .arg("luck", i64::from(luck))
                .arg("limit", i64::from(self.run_rules().turn_limit)),
        )
        .ping(&ent.record.owner);
        Some(run_buttons(m))
    }

    fn roll_prompt(&self) -> Message {
        let mut m = roll_buttons(Message::phrase(Phrase::new("ninja-roll-prompt")));
        if let Some(o) = self.owner_of_current() {
            m = m.ping(&o);
        }
        m
    }

    /// Applies the chosen dice as the current run's next turn; returns the play-by-play line.
    fn play(&mut self, dice: [u8; 3], luck: bool, data: &NinjaData) -> Value {
        let names = Self::names(data);
        let Some(r) = self.round_mut() else {
            return Value::from("");
        };
        let cur = r.cursor;
        match r.runs.get_mut(cur).and_then(|x| x.as_mut()) {
            Some(run) => Value::from(run.turn(dice, luck, &names).said),
            None => Value::from(""),
        }
    }

    fn luck_left(&self) -> u32 {
        self.round()
            .and_then(|r| r.luck_left.get(r.cursor).copied())
            .unwrap_or(0)
    }

    fn spend_luck(&mut self) {
        if let Some(r) = self.round_mut() {
            let c = r.cursor;
            if let Some(l) = r.luck_left.get_mut(c) {
                *l = l.saturating_sub(1);
            }
        }
    }

    fn classify(&self, d: [u8; 3]) -> RollClass {
        self.current_run()
            .map(|r| r.classify(d.iter().sum()))
            .unwrap_or(RollClass::Miss)
    }

    /// Picks between a roll and its reroll (auto play): the better result, the first on a tie.
    fn better(&self, a: [u8; 3], b: [u8; 3]) -> [u8; 3] {
        if self.classify(b).value() > self.classify(a).value() {
            b
        } else {
            a
        }
    }

    /// One automatic turn: luck is used only on a roll that would splash.
    fn auto_turn(&mut self, rng: &mut GameRng, data: &NinjaData) -> Value {
        let (dice, luck, note) = match self.pending.take() {
            Some(PendingLuck {
                first,
                second: Some(second),
            }) => {
                let keep = self.better(first, second);
                (
                    keep,
                    true,
                    Some(
                        Phrase::new("ninja-auto-luck")
                            .arg("mark", "pending")
                            .arg("first", dice_text(first))
                            .arg("second", dice_text(second)),
                    ),
                )
            }
            Some(PendingLuck {
                first,
                second: None,
            }) => self.auto_luck(first, rng),
            None => {
                let d = roll_3d6(rng);
                self.auto_luck(d, rng)
            }
        };
        let line = self.play(dice, luck, data);
        match note {
            Some(note) => Value::from(note.arg("line", line)),
            None => line,
        }
    }

    fn auto_luck(&mut self, d: [u8; 3], rng: &mut GameRng) -> ([u8; 3], bool, Option<Phrase>) {
        if self.classify(d).splashes() && self.luck_left() > 0 {
            self.spend_luck();
            let second = roll_3d6(rng);
            let keep = self.better(d, second);
            (
                keep,
                true,
                Some(
                    Phrase::new("ninja-auto-luck")
                        .arg("mark", "auto")
                        .arg("first", dice_text(d))
                        .arg("second", dice_text(second)),
                ),
            )
        } else {
            (d, false, None)
        }
    }

    /// After a turn: if the run ended, record it, move on, close rounds, write back at the end.
    fn after_turn(
        &mut self,
        ctx: &mut Ctx<'_, NinjaData, Roster>,
        mut lines: Vec<Value>,
    ) -> Vec<Reply> {
        let Some(run) = self.current_run() else {
            return vec![];
        };
        if run.running() {
            let m = play_by_play(Phrase::new("ninja-play"), lines);
            return vec![Reply::public(prompted(m, self.roll_prompt()))];
        }
        let status = run.status;
        let Some(e) = self.current() else {
            return vec![];
        };
        let name = self.entrants[e].record.name.clone();
        let entered = self.entrants[e].record.clone();
        let house = self.entrants[e].house;
        // The qualifiers as they stood before this run finished (its own result left out).
        let before: Vec<usize> = self
            .round()
            .map(|r| {
                let mut r = r.clone();
                if let Some(run) = r.runs.get_mut(r.cursor) {
                    *run = None;
                }
                r.ranking(self.settings.cut_ties)
                    .iter()
                    .filter(|x| x.through)
                    .map(|x| x.entrant)
                    .collect()
            })
            .unwrap_or_default();
        let number = self.round().map(|r| r.number).unwrap_or(1);
        if let Some(r) = self.round_mut() {
            r.cursor += 1;
        }
        self.pending = None;
        let mut out = Vec::new();
        let mut notices = Vec::new();
        match status {
            RunStatus::Finished { turns, leftover } => {
                let after: Vec<usize> = self
                    .round()
                    .map(|r| {
                        r.ranking(self.settings.cut_ties)
                            .iter()
                            .filter(|x| x.through)
                            .map(|x| x.entrant)
                            .collect()
                    })
                    .unwrap_or_default();
                let xp = if number < 3 {
                    // The point is the ninja's as soon as the course is completed.
                    if let Some(r) = ctx
                        .shared
                        .as_deref_mut()
                        .and_then(|roster| tournament::record_mut(roster, &entered))
                    {
                        r.points += 1;
                        // Five unspent points buy an additive now, between rounds.
                        if r.unspent() >= roster::ADDITIVE_COST && r.retired.is_none() && !house {
                            let cmd_name = r.name.replace('"', "");
                            notices.push(Reply::public(
                                Message::phrase(
                                    Phrase::new("ninja-train-offer")
                                        .arg("owner", r.owner.mention())
                                        .arg("name", r.name.as_str())
                                        .arg("points", i64::from(r.unspent()))
                                        .arg("command", cmd_name.as_str())
                                        .buttons(&["ninja-button-train"]),
                                )
                                .styled_button(
                                    english("ninja-button-train"),
                                    &NinjaCommand::Train {
                                        name: cmd_name.clone(),
                                        pick: None,
                                    },
                                    ButtonStyle::Secondary,
                                )
                                .ping(&r.owner),
                            ));
                        }
                    }
                    "yes"
                } else {
                    "no"
                };
                let final_round = if number < 3 { "no" } else { "yes" };
                let verdict = if after.contains(&e) {
                    let displaced: Vec<String> = before
                        .iter()
                        .filter(|x| !after.contains(x))
                        .map(|&x| self.entrants[x].record.name.clone())
                        .collect();
                    // Each knocked-out qualifier's player is told, by name (rounds 1 and 2).
                    // House ninjas have no player to tell.
                    for &x in before
                        .iter()
                        .filter(|&&x| number < 3 && !after.contains(&x) && !self.entrants[x].house)
                    {
                        let rec = &self.entrants[x].record;
                        notices.push(Reply::public(
                            Message::phrase(
                                Phrase::new("ninja-dropped")
                                    .arg("owner", rec.owner.mention())
                                    .arg("name", rec.name.as_str())
                                    .arg("by", name.as_str())
                                    .arg("turns", i64::from(turns)),
                            )
                            .ping(&rec.owner),
                        ));
                    }
                    Phrase::new("ninja-verdict-through")
                        .arg("final", final_round)
                        .arg("count", displaced.len() as i64)
                        .arg("names", displaced.join(", "))
                } else {
                    Phrase::new("ninja-verdict-out").arg("final", final_round)
                };
                lines.push(Value::from(
                    Phrase::new("ninja-finished")
                        .arg("name", name.as_str())
                        .arg("turns", i64::from(turns))
                        .arg("left", i64::from(leftover))
                        .arg("xp", xp)
                        .arg("verdict", verdict),
                ));
            }
            RunStatus::Splash => lines.push(Value::from(
                Phrase::new("ninja-splash-line").arg("name", name.as_str()),
            )),
            RunStatus::OutOfTime => lines.push(Value::from(
                Phrase::new("ninja-oot-line").arg("name", name.as_str()),
            )),
            RunStatus::Running => {}
        }
        // The run's result heads its message, so `/game log` (which keeps a message's title
        // and first line) says how the run ended, not only who stepped up.
        let result = match status {
            RunStatus::Finished { turns, .. } => {
                Phrase::titled("ninja-result-finished", "ninja-play")
                    .arg("name", name.as_str())
                    .arg("turns", i64::from(turns))
            }
            RunStatus::Splash => {
                Phrase::titled("ninja-result-splash", "ninja-play").arg("name", name.as_str())
            }
            RunStatus::OutOfTime => {
                Phrase::titled("ninja-result-oot", "ninja-play").arg("name", name.as_str())
            }
            RunStatus::Running => Phrase::titled("ninja-result-none", "ninja-play"),
        };
        let round_done = self.round().map(|r| r.done()).unwrap_or(false);
        if round_done {
            let sheet = self
                .round()
                .map(|r| sheet::round_sheet(self, r, ctx.data))
                .unwrap_or_default();
            let text = self.close_round();
            lines.push(text);
            if self.phase == Phase::Over {
                let m = play_by_play(Phrase::titled("ninja-over-title", "ninja-play"), lines)
                    .attach("score-sheet.txt", sheet);
                out.push(Reply::public(m));
                let roster_lines = match ctx.shared.as_deref_mut() {
                    Some(roster) => {
                        for w in &self.winners {
                            if let Some(r) =
                                tournament::record_mut(roster, &self.entrants[*w].record)
                            {
                                r.points += 1;
                                r.wins += 1;
                            }
                        }
                        let mut lines = self.legacy_write_back(roster);
                        lines.extend(tournament::release(roster, ctx.place));
                        lines
                    }
                    None => vec![],
                };
                if !roster_lines.is_empty() {
                    out.push(Reply::public(Message::phrase(
                        Phrase::titled("ninja-roster-updated-title", "ninja-roster")
                            .arg("lines", Value::Lines(roster_lines)),
                    )));
                }
                return out;
            }
            let m = play_by_play(result, lines).attach("score-sheet.txt", sheet);
            out.push(Reply::public(m));
        } else {
            out.push(Reply::public(play_by_play(result, lines)));
        }
        out.extend(notices);
        if let Some(m) = self.up_next(ctx.data, ctx.shared.as_deref()) {
            out.push(Reply::public(m));
        }
        out
    }

    fn sheet_message(&self, data: &NinjaData) -> Message {
        let lines = sheet::score_lines(self, data);
        let text = sheet::score_sheet(self, data);
        let status = match self.phase {
            Phase::Entering => Phrase::new("ninja-status-entering")
                .arg("count", self.entrants.len() as i64)
                .arg("field", field_size()),
            Phase::Running => match self.current() {
                Some(e) => Phrase::new("ninja-status-up")
                    .arg("name", self.entrants[e].record.name.as_str()),
                None => Phrase::new("ninja-status-running"),
            },
            Phase::Over if self.winners.is_empty() => Phrase::new("ninja-status-no-winner"),
            Phase::Over => Phrase::new("ninja-status-won").arg(
                "names",
                self.winners
                    .iter()
                    .map(|&w| self.entrants[w].record.name.clone())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        };
        let base = Phrase::titled("ninja-score-title", "ninja-score").arg("status", status);
        let mut m = if text.chars().count() < 3800 {
            Message::phrase(base.arg("lines", Value::Lines(lines)))
        } else {
            Message::phrase(Phrase {
                key: "ninja-score-status".into(),
                ..base
            })
            .attach("score-sheet.txt", text)
        };
        match self.phase {
            // The luck decision waits: its buttons, so a late press elsewhere is offered them.
            Phase::Running if self.pending.is_some() => {
                if let Some(p) = &self.pending {
                    m = luck_buttons(m, p);
                }
            }
            Phase::Running if self.current_run().is_some() => m = roll_buttons(m),
            Phase::Running => m = run_buttons(m),
            // Start and Fill are the GM's: they come in the GM's own copy ([`gm_controls`]).
            Phase::Entering | Phase::Over => {}
        }
        m
    }

    /// A run is starting: the entrant takes the skills and luck of the roster record given with
    /// the command (an additive bought between rounds counts from this run on). True if the
    /// additives changed.
    fn refresh_current(&mut self, fresh: &NinjaRecord, data: &NinjaData) -> bool {
        let Some(e) = self.current() else {
            return false;
        };
        let ent = &mut self.entrants[e];
        if fresh.id == 0 || ent.record.id != fresh.id {
            return false;
        }
        let changed = ent.record.additives != fresh.additives;
        ent.skills = fresh.skills(data);
        ent.luck = fresh.luck(data);
        ent.record.additives = fresh.additives.clone();
        let luck = ent.luck;
        if let Some(r) = self.round_mut() {
            let c = r.cursor;
            if let Some(l) = r.luck_left.get_mut(c) {
                *l = luck;
            }
        }
        changed
    }

    fn entrant_from(&self, rec: &NinjaRecord, house: bool, data: &NinjaData) -> Entrant {
        Entrant {
            skills: rec.skills(data),
            luck: rec.luck(data),
            record: rec.clone(),
            house,
        }
    }
}

/// The settings `/ninja new` chose (its options are range-checked by the declaration).
fn settings_of(cmd: NinjaCommand) -> Result<Settings, RuleError> {
    let NinjaCommand::New {
        final_turns,
        turns,
        save17,
        cut_ties,
        remind_after,
    } = cmd
    else {
        return no(Phrase::new("ninja-opens-with-new"));
    };
    let d = Settings::default();
    Ok(Settings {
        final_limit: final_turns.unwrap_or(d.final_limit),
        turn_limit: turns.unwrap_or(d.turn_limit),
        save_bogus: save17.unwrap_or(d.save_bogus),
        remind_after: remind_after.unwrap_or(d.remind_after),
        cut_ties: cut_ties.unwrap_or(d.cut_ties),
    })
}

fn may_manage(actor: &Actor, rec: &NinjaRecord) -> Result<(), RuleError> {
    if rec.owner == actor.id || actor.manager {
        Ok(())
    } else {
        no(Phrase::new("ninja-belongs")
            .arg("name", rec.name.as_str())
            .arg("owner", rec.owner.mention()))
    }
}

/// `/ninja create|sheet name:|train|retire|roster`: the roster, without a tournament.
fn global_command(
    ctx: &mut Ctx<'_, NinjaData, Roster>,
    actor: &Actor,
    cmd: NinjaCommand,
) -> Result<Vec<Reply>, RuleError> {
    let data = ctx.data;
    let Some(roster) = ctx.shared.as_deref_mut() else {
        return no(Phrase::new("ninja-roster-unavailable"));
    };
    match cmd {
        NinjaCommand::Create {
            name,
            iq,
            dx,
            st,
            occupation,
        } => {
            let name = roster::check_name(roster, &name)?;
            let attrs = roster::check_attributes(iq, dx, st)?;
            let occupation = roster::check_occupation(occupation.as_deref().unwrap_or(""))?;
            let faces = roster::roll_2d6(ctx.rng);
            let mut rec =
                roster::new_ninja(data, name, occupation, actor.id.clone(), attrs, faces)?;
            rec.id = roster.next_id();
            let a = data.additive_said(&rec.additives[0]);
            let b = data.additive_said(&rec.additives[1]);
            let sheet = sheet::character_sheet_said(&rec, data);
            roster.ninjas.push(rec.clone());
            Ok(vec![Reply::public(Message::phrase(
                Phrase::titled("ninja-created-title", "ninja-created")
                    .arg("name", rec.name.as_str())
                    .arg("first", i64::from(faces[0]))
                    .arg("a", a)
                    .arg("second", i64::from(faces[1]))
                    .arg("b", b)
                    .arg("sheet", sheet),
            ))])
        }
        NinjaCommand::Sheet { name: Some(name) } => {
            let rec = roster.get(&name)?;
            Ok(vec![Reply::public(Message::phrase(
                Phrase::titled("ninja-sheet-title", "ninja-sheet-only")
                    .arg("name", rec.name.as_str())
                    .arg("sheet", sheet::character_sheet_said(rec, data)),
            ))])
        }
        NinjaCommand::Roster { all, mine } => {
            let all = all.unwrap_or(false);
            let mine = mine.unwrap_or(false);
            let mut lines = Vec::new();
            for r in &roster.ninjas {
                if (r.retired.is_some() && !all) || (mine && r.owner != actor.id) {
                    continue;
                }
                let line = Phrase::new("ninja-roster-line")
                    .arg("name", r.name.as_str())
                    .arg("owner", r.owner.mention())
                    .arg("iq", i64::from(r.iq))
                    .arg("dx", i64::from(r.dx))
                    .arg("st", i64::from(r.st))
                    .arg("additives", r.additive_list(data))
                    .arg("events", i64::from(r.events))
                    .arg("points", i64::from(r.points))
                    .arg("wins", i64::from(r.wins));
                let line = match (&r.retired, &r.entered) {
                    (Some(w), _) => line.arg("status", "retired").arg("why", w.as_str()),
                    (None, Some(p)) => line.arg("status", "entered").arg("place", p.mention()),
                    (None, None) => line.arg("status", "none"),
                };
                lines.push(Value::from(line));
            }
            if lines.is_empty() {
                lines.push(Value::from(
                    Phrase::new("ninja-roster-empty").arg("mine", if mine { "yes" } else { "no" }),
                ));
            }
            Ok(vec![Reply::public(Message::phrase(
                Phrase::titled("ninja-roster-title", "ninja-roster")
                    .arg("lines", Value::Lines(lines)),
            ))])
        }
        NinjaCommand::Retire { name } => {
            let name = name.as_str();
            let rec = roster.get(name)?.clone();
            may_manage(actor, &rec)?;
            if rec.retired.is_some() {
                return no(Phrase::new("ninja-already-retired").arg("name", rec.name.as_str()));
            }
            // A ninja entered in a tournament runs there until it withdraws or the tournament
            // ends: retiring it in between would leave a retired ninja on the course.
            if let Some(h) = &rec.entered {
                return no(Phrase::new("ninja-retire-entered")
                    .arg("name", rec.name.as_str())
                    .arg("place", h.mention()));
            }
            if let Some(r) = roster.find_mut(name) {
                r.retired = Some("retired by choice".into());
            }
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("ninja-retires").arg("name", rec.name.as_str()),
            ))])
        }
        NinjaCommand::Train { name, pick } => {
            let name = name.as_str();
            let rec = roster.get(name)?.clone();
            may_manage(actor, &rec)?;
            if rec.retired.is_some() {
                return no(Phrase::new("ninja-retired").arg("name", rec.name.as_str()));
            }
            if let Some(pair) = &rec.pending_train {
                let Some(pick) = pick.as_deref() else {
                    return no(Phrase::new("ninja-train-rolled")
                        .arg("name", rec.name.as_str())
                        .arg("a", data.additive_said(&pair[0]))
                        .arg("b", data.additive_said(&pair[1])));
                };
                let Some(def) = data.find_additive(pick) else {
                    return no(Phrase::new("ninja-not-additive").arg("pick", pick));
                };
                if !pair.contains(&def.id) {
                    return no(Phrase::new("ninja-train-offered")
                        .arg("a", data.additive_said(&pair[0]))
                        .arg("b", data.additive_said(&pair[1]))
                        .arg("pick", def.said_name()));
                }
                let id = def.id.clone();
                let Some(r) = roster.find_mut(name) else {
                    return no(Phrase::new("ninja-gone"));
                };
                r.additives.push(id.clone());
                r.pending_train = None;
                return Ok(vec![Reply::public(Message::phrase(
                    Phrase::new("ninja-takes")
                        .arg("name", r.name.as_str())
                        .arg("additive", data.additive_said(&id))
                        .arg("sheet", sheet::character_sheet_said(r, data)),
                ))]);
            }
            if pick.is_some() {
                return no(Phrase::new("ninja-train-roll-first"));
            }
            if rec.unspent() < roster::ADDITIVE_COST {
                return no(Phrase::new("ninja-train-short")
                    .arg("name", rec.name.as_str())
                    .arg("points", i64::from(rec.unspent()))
                    .arg("cost", i64::from(roster::ADDITIVE_COST)));
            }
            let faces = roster::roll_2d6(ctx.rng);
            let (Some(a), Some(b)) = (data.additive_on(faces[0]), data.additive_on(faces[1]))
            else {
                return no(Phrase::new("ninja-chart-incomplete"));
            };
            let choice = roster::train_choice(&rec, &a.id, &b.id);
            let Some(r) = roster.find_mut(name) else {
                return no(Phrase::new("ninja-gone"));
            };
            r.spent += roster::ADDITIVE_COST;
            let head = Phrase::new("ninja-train-head")
                .arg("name", r.name.as_str())
                .arg("cost", i64::from(roster::ADDITIVE_COST))
                .arg("first", i64::from(faces[0]))
                .arg("a", a.said_name())
                .arg("second", i64::from(faces[1]))
                .arg("b", b.said_name());
            match choice {
                Training::Took(id) => {
                    r.additives.push(id.clone());
                    Ok(vec![Reply::public(Message::phrase(
                        Phrase::new("ninja-train-took")
                            .arg("head", head)
                            .arg("additive", data.additive_said(&id))
                            .arg("sheet", sheet::character_sheet_said(r, data)),
                    ))])
                }
                Training::Choose(pair) => {
                    let cmd_name = r.name.clone();
                    r.pending_train = Some(pair.clone());
                    let names = pair.clone().map(|id| data.additive_said(&id));
                    let [a, b] = names.clone();
                    let keys = ["ninja-button-take-a", "ninja-button-take-b"];
                    let phrase = Phrase::new("ninja-train-pick")
                        .arg("head", head)
                        .arg("a", a)
                        .arg("b", b)
                        .buttons(&keys);
                    let labels: Vec<String> = keys
                        .iter()
                        .map(|k| {
                            Phrase {
                                key: k.to_string(),
                                ..phrase.clone()
                            }
                            .text(Locale::En)
                        })
                        .collect();
                    let mut m = Message::phrase(phrase);
                    for (id, take) in pair.iter().zip(labels) {
                        m = m.button(
                            take,
                            &NinjaCommand::Train {
                                name: cmd_name.clone(),
                                pick: Some(id.to_string()),
                            },
                        );
                    }
                    Ok(vec![Reply::public(m)])
                }
            }
        }
        _ => no(Phrase::new("ninja-not-roster-command")),
    }
}

impl Tournament {
    /// The rules of every action but the reminder (see [`Game::apply`]).
    fn act(
        &mut self,
        ctx: &mut Ctx<'_, NinjaData, Roster>,
        actor: &Actor,
        action: &NinjaAction,
    ) -> Result<Vec<Reply>, RuleError> {
        let data = ctx.data;
        match action {
            NinjaAction::Remind => no(Phrase::new("ninja-remind-only")),
            NinjaAction::Sheet => Ok(vec![Reply::public(
                self.sheet_message(data)
                    .with_picture(croupier_core::table::Picture::Board { viewer: None }),
            )]),
            NinjaAction::Enter { ninja } => {
                if self.phase != Phase::Entering {
                    return no(Phrase::new("ninja-entries-closed"));
                }
                if ninja.owner != actor.id && !is_gm(actor, self) {
                    return no(Phrase::new("ninja-enter-not-yours")
                        .arg("name", ninja.name.as_str())
                        .arg("owner", ninja.owner.mention()));
                }
                ninja.may_enter()?;
                if self.entrants.len() >= FIELD {
                    return no(Phrase::new("ninja-full").arg("field", field_size()));
                }
                if self.entrants.iter().any(|e| {
                    (ninja.id != 0 && e.record.id == ninja.id)
                        || same_name(&e.record.name, &ninja.name)
                }) {
                    return no(
                        Phrase::new("ninja-already-entered").arg("name", ninja.name.as_str())
                    );
                }
                // A ninja runs in one tournament at a time: the roster says where it is.
                if let Some(roster) = ctx.shared.as_deref_mut() {
                    let Some(rec) = tournament::record_mut(roster, ninja) else {
                        return no(Phrase::new("ninja-off-roster").arg("name", ninja.name.as_str()));
                    };
                    if let Some(h) = rec
                        .entered
                        .as_ref()
                        .filter(|h| !tournament::held_by(h, ctx.place))
                    {
                        return no(Phrase::new("ninja-entered-elsewhere")
                            .arg("name", ninja.name.as_str())
                            .arg("place", h.mention()));
                    }
                    rec.entered = Some(ctx.place.clone());
                }
                let e = self.entrant_from(ninja, false, data);
                self.entrants.push(e);
                let last = if ninja.last_attempt() { "yes" } else { "no" };
                Ok(vec![Reply::public(Message::phrase(
                    Phrase::new("ninja-entered")
                        .arg("name", ninja.name.as_str())
                        .arg("last", last)
                        .arg("count", self.entrants.len() as i64)
                        .arg("field", field_size()),
                ))])
            }
            NinjaAction::Withdraw { name } => {
                if self.phase != Phase::Entering {
                    return no(Phrase::new("ninja-no-withdraw"));
                }
                let Some(i) = self
                    .entrants
                    .iter()
                    .position(|e| same_name(&e.record.name, name.trim()))
                else {
                    return no(Phrase::new("ninja-not-entered").arg("name", name.as_str()));
                };
                let rec = &self.entrants[i].record;
                if rec.owner != actor.id && !is_gm(actor, self) {
                    return no(Phrase::new("ninja-belongs")
                        .arg("name", rec.name.as_str())
                        .arg("owner", rec.owner.mention()));
                }
                let gone = self.entrants.remove(i);
                if let Some(rec) = ctx
                    .shared
                    .as_deref_mut()
                    .and_then(|roster| tournament::record_mut(roster, &gone.record))
                {
                    if rec
                        .entered
                        .as_ref()
                        .is_some_and(|h| tournament::held_by(h, ctx.place))
                    {
                        rec.entered = None;
                    }
                }
                Ok(vec![Reply::public(Message::phrase(
                    Phrase::new("ninja-withdrawn")
                        .arg("name", gone.record.name.as_str())
                        .arg("count", self.entrants.len() as i64)
                        .arg("field", field_size()),
                ))])
            }
            NinjaAction::Fill {
                taken,
                first_id,
                reuse,
            } => {
                // Only the GM fills: `/ninja fill` is declared `perm = gm`, checked by the table.
                if self.phase != Phase::Entering {
                    return no(Phrase::new("ninja-already-started"));
                }
                let need = FIELD.saturating_sub(self.entrants.len());
                if need == 0 {
                    return no(Phrase::new("ninja-all-taken").arg("field", field_size()));
                }
                // The GM's idle house ninjas come back first, so the roster does not fill up
                // with a new set at every tournament.
                let mut added = Vec::new();
                let mut fresh = Vec::new();
                for rec in reuse.iter().take(need) {
                    if let Some(roster) = ctx.shared.as_deref_mut() {
                        match roster.by_id_mut(rec.id) {
                            Some(r) if r.idle_house_of(&self.host) => {
                                r.entered = Some(ctx.place.clone())
                            }
                            _ => {
                                return no(
                                    Phrase::new("ninja-not-free").arg("name", rec.name.as_str())
                                )
                            }
                        }
                    }
                    added.push(Value::from(
                        Phrase::new("ninja-fill-back")
                            .arg("name", rec.name.as_str())
                            .arg("events", i64::from(rec.events))
                            .arg("points", i64::from(rec.points))
                            .arg("wins", i64::from(rec.wins))
                            .arg("additives", rec.additive_list(data)),
                    ));
                    fresh.push(self.entrant_from(rec, true, data));
                }
                let need = need - fresh.len();
                let used: Vec<String> = self
                    .entrants
                    .iter()
                    .map(|e| name_key(&e.record.name))
                    .collect();
                let mut free: Vec<&String> = data
                    .names
                    .iter()
                    .filter(|n| !taken.contains(&name_key(n)) && !used.contains(&name_key(n)))
                    .collect();
                free.shuffle(ctx.rng);
                // Once the list of names is used up, "House Ninja N" is numbered past every
                // such name on the roster and in this tournament, so it never merges into one.
                let mut house = taken
                    .iter()
                    .chain(used.iter())
                    .filter_map(|n| roster::house_number(n))
                    .max()
                    .unwrap_or(0);
                for i in 0..need {
                    let name = match free.get(i) {
                        Some(n) => (*n).clone(),
                        None => {
                            house += 1;
                            format!("{} {house}", roster::HOUSE_NINJA)
                        }
                    };
                    let mut rec = roster::generate(data, ctx.rng, name, self.host.clone())?;
                    if *first_id != 0 {
                        rec.id = first_id + i as u64;
                    }
                    // A generated ninja joins the roster at once, held by this tournament.
                    if let Some(roster) = ctx.shared.as_deref_mut() {
                        if let Err(e) = roster::check_name(roster, &rec.name) {
                            let why = match e.2 {
                                Some(p) => Value::from(*p),
                                None => Value::from(e.0),
                            };
                            return no(Phrase::new("ninja-name-collides").arg("why", why));
                        }
                        let mut kept = rec.clone();
                        kept.entered = Some(ctx.place.clone());
                        roster.ninjas.push(kept);
                    }
                    added.push(Value::from(
                        Phrase::new("ninja-fill-new")
                            .arg("name", rec.name.as_str())
                            .arg("iq", i64::from(rec.iq))
                            .arg("dx", i64::from(rec.dx))
                            .arg("st", i64::from(rec.st))
                            .arg("additives", rec.additive_list(data)),
                    ));
                    fresh.push(self.entrant_from(&rec, true, data));
                }
                self.entrants.extend(fresh);
                Ok(vec![
                    Reply::public(Message::phrase(
                        Phrase::titled("ninja-fill-title", "ninja-fill")
                            .arg("count", added.len() as i64)
                            .arg("lines", Value::Lines(added)),
                    )),
                    gm_controls(self),
                ])
            }
            NinjaAction::Start { shuffle } => {
                // Only the GM starts: `/ninja start` is declared `perm = gm`.
                if self.phase != Phase::Entering {
                    return no(Phrase::new("ninja-already-started"));
                }
                if self.entrants.len() != FIELD {
                    return no(Phrase::new("ninja-start-needs")
                        .arg("field", field_size())
                        .arg("count", self.entrants.len() as i64));
                }
                let mut order: Vec<usize> = (0..self.entrants.len()).collect();
                if *shuffle {
                    order.shuffle(ctx.rng);
                }
                self.rounds.push(Round::new(1, order, &self.entrants));
                self.phase = Phase::Running;
                let order = self.rounds[0]
                    .order
                    .iter()
                    .enumerate()
                    .map(|(i, &e)| {
                        Value::Text(format!("{}. {}", i + 1, self.entrants[e].record.name))
                    })
                    .collect();
                let mut out = vec![Reply::public(Message::phrase(
                    Phrase::titled("ninja-order-title", "ninja-order")
                        .arg("lines", Value::Lines(order)),
                ))];
                if let Some(m) = self.up_next(data, ctx.shared.as_deref()) {
                    out.push(Reply::public(m));
                }
                Ok(out)
            }
            NinjaAction::Run { auto, fresh } => {
                let e = self.check_runner(actor)?;
                let mut lines = Vec::new();
                if self.current_run().is_none() {
                    let trained = fresh
                        .as_ref()
                        .is_some_and(|rec| self.refresh_current(rec, data));
                    self.start_run(data);
                    // The event is recorded as the ninja runs round 1, as the rulebook's sheet
                    // does (it stays if the tournament is ended early); a ninja who never ran
                    // has no event.
                    if self.rounds.len() == 1 {
                        if let Some(roster) = ctx.shared.as_deref_mut() {
                            if let Some(r) =
                                tournament::record_mut(roster, &self.entrants[e].record)
                            {
                                r.events += 1;
                            }
                        }
                    }
                    lines.push(Value::from(
                        Phrase::new("ninja-steps-up")
                            .arg("name", self.entrants[e].record.name.as_str()),
                    ));
                    if trained {
                        let ent = &self.entrants[e];
                        let run = self.current_run();
                        let skills = data::in_each_language(|locale| {
                            run.map(|r| {
                                r.course
                                    .iter()
                                    .zip(&r.skills)
                                    .map(|(&o, s)| {
                                        let initials =
                                            data.obstacles.get(o).map(|x| x.initials_in(locale));
                                        format!("{} {s}", initials.as_deref().unwrap_or("?"))
                                    })
                                    .collect::<Vec<_>>()
                                    .join(" · ")
                            })
                            .unwrap_or_default()
                        });
                        lines.push(Value::from(
                            Phrase::new("ninja-trained")
                                .arg("name", ent.record.name.as_str())
                                .arg("additives", ent.record.additive_list(data))
                                .arg("skills", skills),
                        ));
                    }
                } else if !auto {
                    return no(Phrase::new("ninja-run-under-way"));
                }
                if !auto {
                    let m = play_by_play(Phrase::new("ninja-play"), lines);
                    return Ok(vec![Reply::public(prompted(m, self.roll_prompt()))]);
                }
                while self.current_run().map(|r| r.running()).unwrap_or(false) {
                    let l = self.auto_turn(ctx.rng, data);
                    lines.push(l);
                }
                Ok(self.after_turn(ctx, lines))
            }
            NinjaAction::RunRound { fresh } => {
                if !is_gm(actor, self) {
                    return no(Phrase::new("ninja-round-gm-only"));
                }
                self.check_runner(actor)?;
                let number = self.round().map(|r| r.number);
                let mut out: Vec<Reply> = Vec::new();
                while self.phase == Phase::Running && self.round().map(|r| r.number) == number {
                    let fresh = self.current().and_then(|e| {
                        let id = self.entrants[e].record.id;
                        fresh
                            .iter()
                            .find(|r| r.id == id && self.current_run().is_none())
                    });
                    let run = NinjaAction::Run {
                        auto: true,
                        fresh: fresh.cloned().map(Box::new),
                    };
                    // Only the last "Up next" stays: the others are answered at once.
                    out.retain(|r| !r.message.body.starts_with("Up next: "));
                    out.extend(self.apply(ctx, actor, &run)?);
                }
                Ok(out)
            }
            NinjaAction::Roll => {
                self.check_runner(actor)?;
                if self.current_run().is_none() {
                    return no(Phrase::new("ninja-run-not-started"));
                }
                if self.pending.is_some() {
                    return no(Phrase::new("ninja-luck-first"));
                }
                let d = roll_3d6(ctx.rng);
                let class = self.classify(d);
                if class.is_miss() && self.luck_left() > 0 {
                    self.pending = Some(PendingLuck {
                        first: d,
                        second: None,
                    });
                    let owner = self.owner_of_current().unwrap_or_else(|| self.host.clone());
                    return Ok(vec![Reply::public(luck_buttons(
                        Message::phrase(
                            Phrase::new("ninja-luck-offer")
                                .arg("dice", dice_text(d))
                                .arg("class", describe(class))
                                .arg("owner", owner.mention())
                                .arg("left", i64::from(self.luck_left())),
                        )
                        .ping(&owner),
                        &PendingLuck {
                            first: d,
                            second: None,
                        },
                    ))]);
                }
                let line = self.play(d, false, data);
                Ok(self.after_turn(ctx, vec![line]))
            }
            NinjaAction::Luck { choice } => {
                self.check_runner(actor)?;
                let Some(p) = self.pending.clone() else {
                    return no(Phrase::new("ninja-no-luck-decision"));
                };
                match (choice, p.second) {
                    (LuckChoice::Use, None) => {
                        if self.luck_left() == 0 {
                            return no(Phrase::new("ninja-no-luck-left"));
                        }
                        self.spend_luck();
                        let second = roll_3d6(ctx.rng);
                        self.pending = Some(PendingLuck {
                            first: p.first,
                            second: Some(second),
                        });
                        let (c1, c2) = (self.classify(p.first), self.classify(second));
                        Ok(vec![Reply::public(luck_buttons(
                            Message::phrase(
                                Phrase::new("ninja-luck-reroll")
                                    .arg("second", dice_text(second))
                                    .arg("class2", describe(c2))
                                    .arg("first", dice_text(p.first))
                                    .arg("class1", describe(c1)),
                            ),
                            &PendingLuck {
                                first: p.first,
                                second: Some(second),
                            },
                        ))])
                    }
                    (LuckChoice::Skip, None) => {
                        self.pending = None;
                        let line = self.play(p.first, false, data);
                        Ok(self.after_turn(ctx, vec![line]))
                    }
                    (LuckChoice::First | LuckChoice::Reroll, Some(second)) => {
                        self.pending = None;
                        let d = if *choice == LuckChoice::First {
                            p.first
                        } else {
                            second
                        };
                        let line = self.play(d, true, data);
                        Ok(self.after_turn(ctx, vec![line]))
                    }
                    (LuckChoice::Use | LuckChoice::Skip, Some(_)) => {
                        no(Phrase::new("ninja-luck-used"))
                    }
                    (LuckChoice::First | LuckChoice::Reroll, None) => {
                        no(Phrase::new("ninja-luck-not-used"))
                    }
                }
            }
        }
    }

    /// The reminder: pings the player whose ninja is up, with the buttons to go on.
    fn remind(&mut self, now: i64) -> Vec<Reply> {
        let Some(e) = self.current() else {
            return vec![];
        };
        let rec = &self.entrants[e].record;
        let hours = (now - self.waiting_since) / 3600;
        let m = Message::phrase(
            Phrase::titled("ninja-remind-title", "ninja-remind")
                .arg("name", rec.name.as_str())
                .arg("owner", rec.owner.mention())
                .arg("hours", hours),
        )
        .ping(&rec.owner);
        let m = if let Some(p) = &self.pending {
            // A message of typed words has no fields: this one stays English text.
            let english = Message { said: None, ..m };
            luck_buttons(english.field("To do", "Decide on luck: `/ninja luck`."), p)
        } else if self.current_run().is_some() {
            roll_buttons(m)
        } else {
            run_buttons(m)
        };
        self.reminded_at = Some(now);
        vec![Reply::public(m)]
    }
}

impl Game for Tournament {
    type Command = NinjaCommand;
    type View = view::NinjaView;
    const PICTURED: bool = true;

    fn view_model(
        &self,
        data: &NinjaData,
        viewer: &croupier_core::table::Viewer,
    ) -> Result<view::NinjaView, croupier_core::table::BadState> {
        Ok(view::view_model(self, data, viewer))
    }

    fn picture(
        view: &view::NinjaView,
        locale: croupier_core::i18n::Locale,
    ) -> Vec<croupier_core::render::svg::Doc> {
        picture::sheet(view, locale)
    }
    type Action = NinjaAction;
    type Data = NinjaData;
    type Shared = Roster;
    const NAME: &'static str = "ninja";
    const TITLE: &'static str = "Ninja Obstacle Tournament";

    fn load_data(dir: &Path) -> Result<NinjaData, Vec<DataError>> {
        NinjaData::load(dir)
    }

    fn data_notes(data: &NinjaData) -> Vec<String> {
        data.missing_japanese()
    }

    fn open(
        ctx: &mut Ctx<'_, NinjaData, Roster>,
        host: &Actor,
        cmd: NinjaCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        let settings = settings_of(cmd)?;
        let t = Tournament {
            id: ctx.rng.random::<u64>(),
            host: host.id.clone(),
            settings,
            phase: Phase::Entering,
            entrants: vec![],
            rounds: vec![],
            pending: None,
            winners: vec![],
            waiting_since: ctx.now,
            reminded_at: None,
        };
        let msg = Message::phrase(
            Phrase::titled("ninja-open-title", "ninja-open")
                .arg("host", host.name.as_str())
                .arg("field", field_size())
                .arg("limit", i64::from(settings.turn_limit))
                .arg("final", i64::from(settings.final_limit))
                .arg(
                    "save",
                    match settings.save_bogus {
                        SaveBogus::Fail => "fail",
                        SaveBogus::Again => "again",
                    },
                )
                .arg(
                    "ties",
                    match settings.cut_ties {
                        CutTies::Earlier => "earlier",
                        CutTies::Both => "both",
                    },
                ),
        );
        let gm = gm_controls(&t);
        Ok((t, vec![Reply::public(msg), gm]))
    }

    fn action(
        &self,
        _actor: &Actor,
        cmd: NinjaCommand,
        _data: &NinjaData,
        shared: &Roster,
    ) -> Result<NinjaAction, RuleError> {
        Ok(match cmd {
            NinjaCommand::Enter { name } => NinjaAction::Enter {
                ninja: Box::new({
                    let mut r = shared.get(&name)?.clone();
                    r.entered = None;
                    r
                }),
            },
            NinjaCommand::Withdraw { name } => NinjaAction::Withdraw { name },
            NinjaCommand::Fill => NinjaAction::Fill {
                taken: shared.ninjas.iter().map(|n| name_key(&n.name)).collect(),
                first_id: shared.next_id(),
                reuse: shared
                    .ninjas
                    .iter()
                    .filter(|n| n.idle_house_of(&self.host))
                    .take(FIELD.saturating_sub(self.entrants.len()))
                    .cloned()
                    .collect(),
            },
            NinjaCommand::Start { shuffle } => NinjaAction::Start {
                shuffle: shuffle.unwrap_or(false),
            },
            NinjaCommand::Run {
                round: Some(true), ..
            } => NinjaAction::RunRound {
                fresh: self
                    .round()
                    .map(|r| {
                        r.order
                            .iter()
                            .filter_map(|&e| shared.by_id(self.entrants[e].record.id))
                            .filter(|r| r.id != 0)
                            .map(|r| {
                                let mut r = r.clone();
                                r.entered = None;
                                r
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
            },
            NinjaCommand::Run { auto, .. } => NinjaAction::Run {
                auto: auto.unwrap_or(false),
                fresh: match (self.current(), self.current_run()) {
                    (Some(e), None) => shared
                        .by_id(self.entrants[e].record.id)
                        .filter(|r| r.id != 0)
                        .map(|r| {
                            let mut r = r.clone();
                            r.entered = None;
                            Box::new(r)
                        }),
                    _ => None,
                },
            },
            NinjaCommand::Roll => NinjaAction::Roll,
            NinjaCommand::Luck { choice } => NinjaAction::Luck { choice },
            NinjaCommand::Sheet { .. } => NinjaAction::Sheet,
            NinjaCommand::New { .. } => return no(Phrase::new("ninja-already-running")),
            // Roster commands are guild-wide: [`Game::global`] answers them.
            NinjaCommand::Create { .. }
            | NinjaCommand::Train { .. }
            | NinjaCommand::Retire { .. }
            | NinjaCommand::Roster { .. } => {
                return no(Phrase::new("ninja-not-tournament-command"))
            }
        })
    }

    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, NinjaData, Roster>,
        actor: &Actor,
        action: &NinjaAction,
    ) -> Result<Vec<Reply>, RuleError> {
        if let NinjaAction::Remind = action {
            if actor.id.0 != SYSTEM_USER {
                return no(Phrase::new("ninja-remind-only"));
            }
            return Ok(self.remind(ctx.now));
        }
        let before = self.decisions();
        let replies = self.act(ctx, actor, action)?;
        // The wait for a reminder starts again whenever the table moves on.
        if self.decisions() != before {
            self.waiting_since = ctx.now;
            self.reminded_at = None;
        }
        Ok(replies)
    }

    fn view(&self, viewer: &Actor, data: &NinjaData) -> Vec<Reply> {
        let mut out = vec![Reply::public(self.sheet_message(data))];
        if self.phase == Phase::Entering && is_gm(viewer, self) {
            out.push(gm_controls(self));
        }
        out
    }

    fn next_wakeup(&self) -> Option<i64> {
        let hours = i64::from(self.settings.remind_after);
        if hours == 0 || self.current().is_none() {
            return None;
        }
        Some(self.reminded_at.unwrap_or(self.waiting_since) + hours * 3600)
    }

    fn wakeup_action(&self, now: i64) -> Option<NinjaAction> {
        self.next_wakeup()
            .filter(|t| *t <= now)
            .map(|_| NinjaAction::Remind)
    }

    fn gms(&self) -> Vec<UserId> {
        vec![self.host.clone()]
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The scorekeeper's role moves to the new host.
    fn hand_over(&mut self, to: &UserId) -> Result<(), RuleError> {
        self.host = to.clone();
        Ok(())
    }

    /// One decision at a time: the current ninja's start, next turn, or luck choice. Keys
    /// carry the round, the place in the running order and the turn, so a Roll button
    /// from an earlier turn never rolls a later one.
    fn decisions(&self) -> Vec<Decision> {
        let (Some(r), Some(e)) = (self.round(), self.current()) else {
            return vec![];
        };
        let rec = &self.entrants[e].record;
        let at = format!("r{}-c{}", r.number, r.cursor);
        let d = match (&self.pending, self.current_run()) {
            (Some(p), Some(run)) => Decision::new(
                format!(
                    "{at}-t{}-{}",
                    run.turns,
                    if p.second.is_some() { "keep" } else { "luck" }
                ),
                Phrase::new("ninja-decision-luck")
                    .arg("name", rec.name.as_str())
                    .arg("turn", i64::from(run.turns) + 1)
                    .arg("round", i64::from(r.number)),
                Some(&rec.owner),
                &["ninja luck"],
            ),
            (_, Some(run)) => Decision::new(
                format!("{at}-t{}", run.turns),
                Phrase::new("ninja-decision-turn")
                    .arg("name", rec.name.as_str())
                    .arg("turn", i64::from(run.turns) + 1)
                    .arg("round", i64::from(r.number)),
                Some(&rec.owner),
                &["ninja roll", "ninja run"],
            ),
            (_, None) => Decision::new(
                format!("{at}-start"),
                Phrase::new("ninja-decision-run")
                    .arg("name", rec.name.as_str())
                    .arg("round", i64::from(r.number)),
                Some(&rec.owner),
                &["ninja run", "ninja roll"],
            ),
        };
        vec![d]
    }

    fn end_session(shared: &mut Roster, place: &Place, _data: &NinjaData) -> Vec<Reply> {
        let lines = tournament::release(shared, place);
        if lines.is_empty() {
            return vec![];
        }
        vec![Reply::public(Message::phrase(
            Phrase::titled("ninja-roster-updated-title", "ninja-released")
                .arg("lines", Value::Lines(lines)),
        ))]
    }

    fn global(
        ctx: &mut Ctx<'_, NinjaData, Roster>,
        actor: &Actor,
        cmd: &Command,
    ) -> Result<Vec<Reply>, RuleError> {
        // The table routes here what `NinjaCommand` declares guild-wide (`sheet` with a name).
        global_command(ctx, actor, NinjaCommand::from_command(cmd)?)
    }

    fn global_autocomplete(
        shared: &Roster,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
        _data: &NinjaData,
    ) -> Vec<Choice> {
        if option != "name" {
            return vec![];
        }
        let p = partial.to_lowercase();
        let mine_only = matches!(cmd.sub(), "train" | "retire" | "enter" | "withdraw");
        shared
            .ninjas
            .iter()
            .filter(|n| !mine_only || n.owner == viewer.id || viewer.manager)
            .filter(|n| cmd.sub() == "sheet" || n.retired.is_none())
            // A ninja entered in a tournament cannot enter another; only an entered one withdraws.
            .filter(|n| match cmd.sub() {
                "enter" => n.entered.is_none(),
                "withdraw" => n.entered.is_some(),
                _ => true,
            })
            .filter(|n| n.name.to_lowercase().contains(&p))
            .take(25)
            .map(|n| Choice::same(n.name.clone()))
            .collect()
    }
}

#[cfg(test)]
mod tests;
