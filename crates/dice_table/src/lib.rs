//! The built-in dice table: a tiny "high roll" game that exercises the table machinery
//! (seats, turns, buttons, undo) without any card data.
//!
//! Players join, the host starts, each player in turn rolls the table's expression; after
//! the set number of rounds the highest total wins (ties share the win).

use std::path::Path;

use serde::{Deserialize, Serialize};

use croupier_core::dice;
use croupier_core::table::{
    refuse, Actor, BadState, Commands, Ctx, DataError, Decision, Game, Message, Reply, Role,
    RuleError, UserId, Viewer,
};

pub mod picture;

// The command is the action: the log keeps what a player typed (`"Roll"`); `New` opens the
// table and is never logged. (The `///` line below is the command's description.)
/// The built-in dice table: highest total wins
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Commands)]
#[commands(name = "dice")]
pub enum DiceCommand {
    /// Open a dice table in this channel (you host)
    #[cmd(public)]
    New {
        /// What each turn rolls (default 1d20)
        expr: Option<String>,
        /// How many rounds (default 1)
        #[opt(min = 1, max = 1000)]
        rounds: Option<u32>,
    },
    /// Take a seat
    #[cmd(public)]
    Join,
    /// Leave before the start
    #[cmd(public, perm = player)]
    Leave,
    /// Start rolling (host)
    #[cmd(public, perm = host)]
    Start,
    /// Roll on your turn
    #[cmd(public, perm = player)]
    Roll,
}

/// A seat at the dice table.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Seat {
    /// Player.
    pub user: UserId,
    /// Display name.
    pub name: String,
    /// Running total.
    pub score: i64,
}

/// Where the game is.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
pub enum Phase {
    /// Players are joining.
    Joining,
    /// Rolling in turn.
    Playing,
    /// Done.
    Over,
}

/// State of a dice table.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct DiceTable {
    /// Expression each turn rolls.
    pub expr: String,
    /// Rounds to play.
    pub rounds: u32,
    /// Current round (1-based).
    pub round: u32,
    /// Seats in turn order.
    pub seats: Vec<Seat>,
    /// Whose turn (seat index).
    pub turn: usize,
    /// Phase.
    pub phase: Phase,
}

const MAX_SEATS: usize = 10;

impl DiceTable {
    fn seat_of(&self, u: &UserId) -> Option<usize> {
        self.seats.iter().position(|s| &s.user == u)
    }

    /// `actor`'s seat, or the refusal that says how to join (or that seats have closed); the
    /// table asks it through [`Game::playing`] before any `perm = player` command.
    fn seated(&self, actor: &Actor) -> Result<usize, RuleError> {
        self.seat_of(&actor.id).ok_or_else(|| {
            RuleError::new(if self.phase == Phase::Joining {
                "you have no seat at this table: `/dice join` first.".to_string()
            } else {
                let names: Vec<&str> = self.seats.iter().map(|s| s.name.as_str()).collect();
                format!(
                    "you have no seat at this table, and seats closed when it started (players: {}). Open your own in another channel with `/dice new`.",
                    names.join(", ")
                )
            })
        })
    }

    fn turn_message(&self) -> Message {
        let s = &self.seats[self.turn];
        Message::text(format!(
            "Round {}/{}: {}, your roll (`{}`).",
            self.round,
            self.rounds,
            s.user.mention(),
            self.expr
        ))
        .ping(&s.user)
        .button("Roll", &DiceCommand::Roll)
    }

    fn scoreboard(&self) -> String {
        if self.seats.is_empty() {
            return "nobody yet".into();
        }
        self.seats
            .iter()
            .map(|s| format!("{}: {}", s.name, s.score))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// One seat as a viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SeatView {
    /// Display name.
    pub name: String,
    /// Running total.
    pub score: i64,
    /// The viewer's own seat.
    pub you: bool,
    /// Rolls next.
    pub to_roll: bool,
    /// Holds the highest total once the game is over (ties share the win).
    pub winner: bool,
}

/// The dice table as a viewer sees it (the table has no hidden information; the view marks
/// the viewer's seat, whose turn it is and the winners).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct DiceView {
    /// What the viewer is at the table.
    pub role: Role,
    /// Expression each turn rolls.
    pub expr: String,
    /// Rounds to play.
    pub rounds: u32,
    /// Current round (1-based).
    pub round: u32,
    /// Phase.
    pub phase: Phase,
    /// Seats in turn order.
    pub seats: Vec<SeatView>,
    /// Who rolls next (while playing).
    pub next: Option<String>,
    /// The winners' names (once over).
    pub winners: Vec<String>,
}

impl DiceTable {
    /// The table as `viewer` sees it.
    pub fn view_for(&self, viewer: &Viewer) -> DiceView {
        let best = self.seats.iter().map(|s| s.score).max();
        let over = self.phase == Phase::Over;
        let to_roll = |i: usize| self.phase == Phase::Playing && i == self.turn;
        let seats: Vec<SeatView> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                name: s.name.clone(),
                score: s.score,
                you: viewer.is(&s.user),
                to_roll: to_roll(i),
                winner: over && Some(s.score) == best,
            })
            .collect();
        let seat = self.seats.iter().position(|s| viewer.is(&s.user));
        DiceView {
            role: Role { gm: false, seat },
            expr: self.expr.clone(),
            rounds: self.rounds,
            round: self.round,
            phase: self.phase,
            next: seats.iter().find(|s| s.to_roll).map(|s| s.name.clone()),
            winners: seats
                .iter()
                .filter(|s| s.winner)
                .map(|s| s.name.clone())
                .collect(),
            seats,
        }
    }
}

impl Game for DiceTable {
    type Command = DiceCommand;
    type Action = DiceCommand;
    type Data = ();
    type Shared = ();
    type View = DiceView;
    const PICTURED: bool = true;
    const NAME: &'static str = "dice";
    const TITLE: &'static str = "Dice Table (high roll)";

    fn playing(&self, actor: &Actor) -> Result<(), RuleError> {
        self.seated(actor).map(|_| ())
    }

    fn load_data(_dir: &Path) -> Result<(), Vec<DataError>> {
        Ok(())
    }

    fn open(
        _ctx: &mut Ctx<'_, (), ()>,
        host: &Actor,
        cmd: DiceCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        let DiceCommand::New { expr, rounds } = cmd else {
            return refuse("a dice table opens with `/dice new`.");
        };
        let expr = expr.unwrap_or_else(|| "1d20".to_string());
        let rounds = rounds.unwrap_or(1);
        let parsed = dice::parse(&expr).map_err(|e| RuleError::new(e.to_string()))?;
        // Every round's total added up must fit the score (explosions aside, which a turn
        // that passes the limit survives by scoring nothing).
        let (lo, hi) = parsed.range();
        let fits = |v: i64| i64::try_from(i128::from(v) * i128::from(rounds)).is_ok();
        if !fits(lo) || !fits(hi) {
            return refuse(format!(
                "`{expr}` over {rounds} round(s) could pass {}, the largest score kept; roll smaller numbers or fewer rounds.",
                i64::MAX
            ));
        }
        let t = DiceTable {
            expr,
            rounds,
            round: 1,
            seats: vec![Seat {
                user: host.id.clone(),
                name: host.name.clone(),
                score: 0,
            }],
            turn: 0,
            phase: Phase::Joining,
        };
        let msg = Message::titled(
            "🎲 Dice table open",
            format!(
                "{} opened a dice table: each turn rolls `{}`, {} round(s), highest total wins.\nJoin with `/dice join`; the host starts with `/dice start`.",
                host.name, t.expr, t.rounds
            ),
        )
        .button("Join", &DiceCommand::Join);
        Ok((t, vec![Reply::public(msg)]))
    }

    fn action(
        &self,
        _a: &Actor,
        cmd: DiceCommand,
        _d: &(),
        _s: &(),
    ) -> Result<DiceCommand, RuleError> {
        match cmd {
            DiceCommand::New { .. } => refuse("a dice table is already open here."),
            action => Ok(action),
        }
    }

    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, (), ()>,
        actor: &Actor,
        action: &DiceCommand,
    ) -> Result<Vec<Reply>, RuleError> {
        match action {
            DiceCommand::New { .. } => refuse("a dice table is already open here."),
            DiceCommand::Join => {
                if self.phase != Phase::Joining {
                    return refuse("the dice table has already started; wait for the next one.");
                }
                if self.seat_of(&actor.id).is_some() {
                    return refuse("you already have a seat at this table.");
                }
                if self.seats.len() >= MAX_SEATS {
                    return refuse(format!("the table is full ({MAX_SEATS} seats)."));
                }
                self.seats.push(Seat {
                    user: actor.id.clone(),
                    name: actor.name.clone(),
                    score: 0,
                });
                Ok(vec![Reply::public(Message::text(format!(
                    "{} takes seat {}.",
                    actor.name,
                    self.seats.len()
                )))])
            }
            DiceCommand::Leave => {
                if self.phase != Phase::Joining {
                    return refuse("you cannot leave once the rolling has started.");
                }
                let i = self.seated(actor)?;
                self.seats.remove(i);
                Ok(vec![Reply::public(Message::text(format!(
                    "{} leaves the table.",
                    actor.name
                )))])
            }
            DiceCommand::Start => {
                if self.phase != Phase::Joining {
                    return refuse("the dice table has already started.");
                }
                if self.seats.is_empty() {
                    return refuse("nobody is seated; `/dice join` first.");
                }
                self.phase = Phase::Playing;
                Ok(vec![Reply::public(self.turn_message())])
            }
            DiceCommand::Roll => {
                if self.phase != Phase::Playing {
                    return refuse(match self.phase {
                        Phase::Joining => {
                            "the table has not started yet; the host starts it with `/dice start`."
                        }
                        _ => "the game is over.",
                    });
                }
                let cur = &self.seats[self.turn];
                if cur.user != actor.id {
                    return refuse(format!("it is {}'s turn to roll, not yours.", cur.name));
                }
                // The dice are thrown whatever comes of them: a roll that fails (the explosion
                // limit, a total too big to keep) scores nothing and the turn passes, rather
                // than being refused, which would roll the same failing dice again for ever.
                let seat = &mut self.seats[self.turn];
                let text = match dice::roll(&self.expr, ctx.rng) {
                    Ok(r) => match seat.score.checked_add(r.total) {
                        Some(score) => {
                            seat.score = score;
                            format!("{} rolls {} (total {score}).", seat.name, r.render())
                        }
                        None => format!(
                            "{} rolls {}, which would take the total past {}, the largest score kept: it scores nothing (total {}).",
                            seat.name,
                            r.render(),
                            i64::MAX,
                            seat.score
                        ),
                    },
                    Err(e) => format!(
                        "{}'s roll failed: {e} It scores nothing (total {}).",
                        seat.name, seat.score
                    ),
                };
                let mut out = vec![Reply::public(Message::text(text))];
                self.turn += 1;
                if self.turn == self.seats.len() {
                    self.turn = 0;
                    self.round += 1;
                }
                if self.round > self.rounds {
                    self.phase = Phase::Over;
                    self.round = self.rounds;
                    let best = self.seats.iter().map(|s| s.score).max().unwrap_or(0);
                    let winners: Vec<&str> = self
                        .seats
                        .iter()
                        .filter(|s| s.score == best)
                        .map(|s| s.name.as_str())
                        .collect();
                    out.push(Reply::public(
                        Message::titled(
                            "🏆 Dice table over",
                            format!("Winner: {} with {best}.", winners.join(" and ")),
                        )
                        .field("Scores", self.scoreboard()),
                    ));
                } else {
                    out.push(Reply::public(self.turn_message()));
                }
                Ok(out)
            }
        }
    }

    fn view(&self, viewer: &Actor, _d: &()) -> Vec<Reply> {
        vec![Reply::public(status(&self.view_for(&Viewer::of(viewer))))]
    }

    fn view_model(&self, _data: &(), viewer: &Viewer) -> Result<DiceView, BadState> {
        Ok(self.view_for(viewer))
    }

    fn picture(
        view: &DiceView,
        locale: croupier_core::i18n::Locale,
    ) -> Vec<croupier_core::render::svg::Doc> {
        vec![picture::scoreboard(view, locale)]
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The one roll the table waits for: this round's, by the seat whose turn it is. Its
    /// Roll button stays valid until that roll is made, whatever else happens.
    fn decisions(&self) -> Vec<Decision> {
        match (self.phase, self.seats.get(self.turn)) {
            (Phase::Playing, Some(s)) => vec![Decision::new(
                format!("r{}-s{}", self.round, self.turn),
                format!("{}'s roll in round {}", s.name, self.round),
                Some(&s.user),
                &["dice roll"],
            )],
            _ => vec![],
        }
    }
}

/// `/game status`: the table, written from the view.
fn status(v: &DiceView) -> Message {
    let status = match (v.phase, &v.next) {
        (Phase::Joining, _) => "waiting for players".to_string(),
        (Phase::Playing, Some(next)) => {
            format!("round {}/{}, {next} to roll", v.round, v.rounds)
        }
        (Phase::Playing, None) => format!("round {}/{}", v.round, v.rounds),
        (Phase::Over, _) => "over".to_string(),
    };
    let scores = if v.seats.is_empty() {
        "nobody yet".to_string()
    } else {
        v.seats
            .iter()
            .map(|s| format!("{}: {}", s.name, s.score))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut m = Message::titled("🎲 Dice table", format!("Rolling `{}` — {status}", v.expr))
        .field("Scores", scores);
    if v.phase == Phase::Playing {
        m = m.button("Roll", &DiceCommand::Roll);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::testkit::Harness;

    /// A dice table through the one test harness (the table over SQLite), on seed 1.
    fn harness() -> Harness {
        Harness::of::<DiceTable>(1)
    }

    /// Issue #39: `expr:9223372036854775807 rounds:2` got stuck in round 2: adding the second
    /// total overflowed, the roll was refused, and the refusal rolled the same dice back.
    #[test]
    fn a_score_that_cannot_fit_is_refused_up_front_9223372036854775807_over_2_rounds() {
        let mut h = harness();
        let err = h.err("alice: /dice new expr:9223372036854775807 rounds:2");
        assert!(
            err.contains("over 2 round(s) could pass 9223372036854775807"),
            "{err}"
        );
        let err = h.err("alice: /dice new expr:-9223372036854775807-1 rounds:2");
        assert!(err.contains("could pass"), "{err}");
        // One round fits.
        h.ok("alice: /dice new expr:9223372036854775807 rounds:1");
        h.ok("alice: /dice start");
        h.ok("alice: /dice roll");
        let t: DiceTable = h.state();
        assert!(t.is_over());
        assert_eq!(t.seats[0].score, i64::MAX);
    }

    /// A turn whose roll fails (`1d6!` times 10^18 passes the 64-bit limit when a 6 explodes
    /// into 10 or more; the up-front check leaves explosions out) scores nothing and the turn
    /// passes, so the game always ends: refusing it rolled the same dice back for ever.
    #[test]
    fn a_failed_roll_scores_nothing_and_the_turn_passes() {
        const EXPR: &str = "1d6!*1000000000000000000";
        let mut h = harness();
        h.ok(&format!("alice: /dice new expr:{EXPR}"));
        h.ok("bob: /dice join");
        h.ok("alice: /dice start");
        // The dice where alice's 1d6! explodes past 9.
        h.dice_until(|rng| dice::roll(EXPR, rng).is_err());
        let out = h.ok("alice: /dice roll");
        let text = &out.replies[0].message.body;
        assert!(
            text.contains("alice's roll failed: The numbers get too big")
                && text.contains("It scores nothing (total 0)."),
            "{text}"
        );
        let t: DiceTable = h.state();
        assert_eq!(t.seats[0].score, 0);
        // Bob's turn now.
        assert!(h.err("alice: /dice roll").contains("bob's turn"));
    }

    #[test]
    fn turns_are_enforced_and_highest_total_wins() {
        let mut h = harness();
        h.ok("alice: /dice new expr:1d6");
        h.ok("bob: /dice join");
        // Starting is the host's: the declaration says so and the table checks it.
        assert!(h
            .err("bob: /dice start")
            .contains("only the host (<@alice>)"));
        h.ok("alice: /dice start");
        let before: DiceTable = h.state();
        let err = h.err("bob: /dice roll");
        assert!(err.contains("alice's turn"));
        assert_eq!(h.state::<DiceTable>(), before);
        h.ok("alice: /dice roll");
        let out = h.ok("bob: /dice roll");
        let t: DiceTable = h.state();
        assert!(t.is_over());
        assert!(out
            .replies
            .iter()
            .any(|r| r.message.title.as_deref() == Some("🏆 Dice table over")));
        assert!(t.seats.iter().all(|s| (1..=6).contains(&s.score)));
    }

    /// A whole short game as a script with its expected output (`UPDATE_EXPECT=1` re-records
    /// it): two players, two rounds, a roll out of turn and a seat taken twice refused.
    #[test]
    fn a_short_game_prints_what_it_printed_before() {
        let mut h = harness();
        h.expect_script("crates/dice_table/tests/scripts/two_rounds.txt");
        assert!(h.state::<DiceTable>().is_over());
    }
}
