//! The built-in dice table: a tiny "high roll" game that exercises the table machinery
//! (seats, turns, buttons, undo) without any card data.
//!
//! Players join, the host starts, each player in turn rolls the table's expression; after
//! the set number of rounds the highest total wins (ties share the win).

use std::path::Path;

use serde::{Deserialize, Serialize};

use croupier_core::dice;
use croupier_core::i18n::{text, Locale};
use croupier_core::table::said::{dice_error, dice_words, DataText};
use croupier_core::table::{
    english, refuse_said, Actor, BadState, Commands, Ctx, DataError, Decision, Game, Message,
    Phrase, Reply, Role, RuleError, UserId, Value, Viewer,
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
            rule(if self.phase == Phase::Joining {
                Phrase::new("dice-table-no-seat")
            } else {
                let names: Vec<&str> = self.seats.iter().map(|s| s.name.as_str()).collect();
                Phrase::new("dice-table-no-seat-closed")
                    .arg("players", joined(&names, "dice-table-names-sep"))
            })
        })
    }

    fn turn_message(&self) -> Message {
        let s = &self.seats[self.turn];
        Message::phrase(
            Phrase::new("dice-table-turn")
                .arg("round", i64::from(self.round))
                .arg("rounds", i64::from(self.rounds))
                .arg("who", s.user.mention())
                .arg("expr", self.expr.as_str())
                .buttons(&["dice-table-button-roll"]),
        )
        .ping(&s.user)
        .button(english("dice-table-button-roll"), &DiceCommand::Roll)
    }
}

/// A refusal by the rules in the catalogue's words (`locales/*/table-words.ftl`).
fn rule(phrase: Phrase) -> RuleError {
    RuleError::said(croupier_core::table::Refusal::Rules, phrase)
}

/// Names joined as each language joins them (`sep`: the catalogue's separator).
fn joined(names: &[&str], sep: &str) -> Value {
    let in_lang = |l: Locale| names.join(&text(l, sep, &[]));
    DataText::new(&in_lang(Locale::En), Some(&in_lang(Locale::Ja))).into()
}

/// A number as it is written (a score may be too large for the catalogue's numbers).
fn number(n: i64) -> Value {
    Value::Text(n.to_string())
}

/// The scores, one seat a line (`name: score`), or that nobody is seated.
fn scoreboard<'a>(seats: impl Iterator<Item = (&'a str, i64)>) -> Value {
    let lines: Vec<Value> = seats
        .map(|(name, score)| {
            Phrase::new("dice-table-score")
                .arg("name", name)
                .arg("score", number(score))
                .into()
        })
        .collect();
    if lines.is_empty() {
        Phrase::new("dice-table-nobody").into()
    } else {
        Value::Lines(lines)
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
            return refuse_said(Phrase::new("dice-table-opens-with-new"));
        };
        let expr = expr.unwrap_or_else(|| "1d20".to_string());
        let rounds = rounds.unwrap_or(1);
        let parsed = dice::parse(&expr)
            .map_err(|e| rule(Phrase::new("table-roll-bad").arg("error", dice_error(&e))))?;
        // Every round's total added up must fit the score (explosions aside, which a turn
        // that passes the limit survives by scoring nothing).
        let (lo, hi) = parsed.range();
        let fits = |v: i64| i64::try_from(i128::from(v) * i128::from(rounds)).is_ok();
        if !fits(lo) || !fits(hi) {
            return refuse_said(
                Phrase::new("dice-table-too-large")
                    .arg("expr", expr.as_str())
                    .arg("rounds", i64::from(rounds))
                    .arg("max", number(i64::MAX)),
            );
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
        let msg = Message::phrase(
            Phrase::titled("dice-table-title-open", "dice-table-open")
                .arg("host", host.name.as_str())
                .arg("expr", t.expr.as_str())
                .arg("rounds", i64::from(t.rounds))
                .buttons(&["dice-table-button-join"]),
        )
        .button(english("dice-table-button-join"), &DiceCommand::Join);
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
            DiceCommand::New { .. } => refuse_said(Phrase::new("dice-table-already-open")),
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
            DiceCommand::New { .. } => refuse_said(Phrase::new("dice-table-already-open")),
            DiceCommand::Join => {
                if self.phase != Phase::Joining {
                    return refuse_said(Phrase::new("dice-table-started-wait"));
                }
                if self.seat_of(&actor.id).is_some() {
                    return refuse_said(Phrase::new("dice-table-seated-already"));
                }
                if self.seats.len() >= MAX_SEATS {
                    return refuse_said(
                        Phrase::new("dice-table-full").arg("seats", MAX_SEATS as i64),
                    );
                }
                self.seats.push(Seat {
                    user: actor.id.clone(),
                    name: actor.name.clone(),
                    score: 0,
                });
                Ok(vec![Reply::public(Message::phrase(
                    Phrase::new("dice-table-joins")
                        .arg("name", actor.name.as_str())
                        .arg("seat", self.seats.len() as i64),
                ))])
            }
            DiceCommand::Leave => {
                if self.phase != Phase::Joining {
                    return refuse_said(Phrase::new("dice-table-no-leaving"));
                }
                let i = self.seated(actor)?;
                self.seats.remove(i);
                Ok(vec![Reply::public(Message::phrase(
                    Phrase::new("dice-table-leaves").arg("name", actor.name.as_str()),
                ))])
            }
            DiceCommand::Start => {
                if self.phase != Phase::Joining {
                    return refuse_said(Phrase::new("dice-table-started"));
                }
                if self.seats.is_empty() {
                    return refuse_said(Phrase::new("dice-table-nobody-seated"));
                }
                self.phase = Phase::Playing;
                Ok(vec![Reply::public(self.turn_message())])
            }
            DiceCommand::Roll => {
                if self.phase != Phase::Playing {
                    return refuse_said(Phrase::new(match self.phase {
                        Phase::Joining => "dice-table-not-started",
                        _ => "dice-table-over",
                    }));
                }
                let cur = &self.seats[self.turn];
                if cur.user != actor.id {
                    return refuse_said(
                        Phrase::new("dice-table-not-your-turn").arg("name", cur.name.as_str()),
                    );
                }
                // The dice are thrown whatever comes of them: a roll that fails (the explosion
                // limit, a total too big to keep) scores nothing and the turn passes, rather
                // than being refused, which would roll the same failing dice again for ever.
                let seat = &mut self.seats[self.turn];
                let said = match dice::roll(&self.expr, ctx.rng) {
                    Ok(r) => {
                        let roll = dice_words(|l| r.render_in(l, None));
                        match seat.score.checked_add(r.total) {
                            Some(score) => {
                                seat.score = score;
                                Phrase::new("dice-table-rolls").arg("roll", roll)
                            }
                            None => Phrase::new("dice-table-rolls-past")
                                .arg("roll", roll)
                                .arg("max", number(i64::MAX)),
                        }
                    }
                    Err(e) => Phrase::new("dice-table-roll-failed").arg("error", dice_error(&e)),
                };
                let said = said
                    .arg("name", seat.name.as_str())
                    .arg("score", number(seat.score));
                let mut out = vec![Reply::public(Message::phrase(said))];
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
                    let scores = self.seats.iter().map(|s| (s.name.as_str(), s.score));
                    out.push(Reply::public(Message::phrase(
                        Phrase::titled("dice-table-title-over", "dice-table-winner")
                            .arg("winners", joined(&winners, "dice-table-and"))
                            .arg("best", number(best))
                            .field(Phrase::new("dice-table-field-scores"), scoreboard(scores)),
                    )));
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
                Phrase::new("dice-decision-roll")
                    .arg("name", s.name.as_str())
                    .arg("round", i64::from(self.round)),
                Some(&s.user),
                &["dice roll"],
            )],
            _ => vec![],
        }
    }
}

/// `/game status`: the table, written from the view.
fn status(v: &DiceView) -> Message {
    let phase = match (v.phase, &v.next) {
        (Phase::Joining, _) => "joining",
        (Phase::Playing, Some(_)) => "next",
        (Phase::Playing, None) => "playing",
        (Phase::Over, _) => "over",
    };
    let scores = v.seats.iter().map(|s| (s.name.as_str(), s.score));
    let mut said = Phrase::titled("dice-table-title", "dice-table-status")
        .arg("expr", v.expr.as_str())
        .arg("phase", phase)
        .arg("round", i64::from(v.round))
        .arg("rounds", i64::from(v.rounds))
        .arg("next", v.next.as_deref().unwrap_or(""))
        .field(Phrase::new("dice-table-field-scores"), scoreboard(scores));
    if v.phase == Phase::Playing {
        said = said.buttons(&["dice-table-button-roll"]);
    }
    let m = Message::phrase(said);
    if v.phase == Phase::Playing {
        m.button(english("dice-table-button-roll"), &DiceCommand::Roll)
    } else {
        m
    }
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

    /// Issue #40: the dice table speaks the reader's language: its replies, buttons, scores,
    /// refusals and a roll in BCDice's Japanese line; the game is the same.
    #[test]
    fn a_short_game_reads_in_japanese_with_no_english_word() {
        let mut h = Harness::of::<DiceTable>(1).reading(Locale::Ja);
        // A refusal as the reader reads it.
        let no = |h: &mut Harness, line: &str| {
            let s = h.line(line);
            assert!(!s.accepted, "{}", s.text);
            s.text
        };
        let open = h.ok("alice: /dice new expr:1d6 rounds:1");
        assert!(
            open.text.contains("aliceがダイステーブルを開きました"),
            "{}",
            open.text
        );
        assert!(open.text.contains("[参加する]"), "{}", open.text);
        h.ok("bob: /dice join");
        let seated = no(&mut h, "bob: /dice join");
        assert!(
            seated.contains("あなたはもうこのテーブルに席があります。"),
            "{seated}"
        );
        let early = no(&mut h, "bob: /dice roll");
        assert!(early.contains("テーブルはまだ始まっていません"), "{early}");
        let start = h.ok("alice: /dice start");
        assert!(
            start
                .text
                .contains("ラウンド1/1：@alice、あなたのロールです（`1d6`）。"),
            "{}",
            start.text
        );
        assert!(start.text.contains("[振る]"), "{}", start.text);
        let turn = no(&mut h, "bob: /dice roll");
        assert!(turn.contains("いまはaliceのロールの番"), "{turn}");
        let roll = h.ok("alice: /dice roll");
        assert!(
            roll.text.contains("aliceのロール：(1D6) ＞ "),
            "{}",
            roll.text
        );
        let over = h.ok("bob: /dice roll");
        assert!(over.text.contains("🏆 ダイステーブル終了"), "{}", over.text);
        assert!(over.text.contains("得点"), "{}", over.text);
        let names: Vec<&str> = vec!["alice", "bob"];
        let english = croupier_core::testkit::english_words(h.transcript(), &names);
        assert!(english.is_empty(), "{english:?}\n{}", h.transcript());
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
