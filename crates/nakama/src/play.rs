//! Player actions: joining, the Recruit phase with its abilities, exchanges, discards and
//! character special abilities. Every action checks first and changes the state only if allowed.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::commands::NakamaCommand;
use super::data::{Ability, DieEffect, NakamaData, Special};
use super::state::{roll_die, Nakama, Phase, Player, Resume, Step, COLUMNS, SPACES};
use super::view;
use croupier_core::rng::GameRng;
use croupier_core::table::{
    english, Actor, Message, Phrase, Refusal, Reply, RuleError, UserId, Value,
};

/// Most seats (one Power Up! token each).
pub const MAX_PLAYERS: usize = 5;

/// A card named by a player: a hand position (1-based) or a friend card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardRef {
    /// Position in the hand, 1-based.
    Pos(usize),
    /// A friend card (index into the data).
    Card(usize),
}

/// Choices that go with an ability or a special ability.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pick {
    /// Source column (Move, Swap).
    pub from: Option<u8>,
    /// Target column (Move, Swap).
    pub to: Option<u8>,
    /// Enemy space 1–3 (Block).
    pub space: Option<u8>,
    /// Column 1–5 (Refresh).
    pub column: Option<u8>,
    /// Another player (Exchange, Boost).
    pub target: Option<UserId>,
    /// Die value 1–5 after a straw hat.
    pub value: Option<u8>,
    /// Solo Exchange used as `move` or `recruit`.
    pub mode: Option<String>,
}

/// What players do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum NakamaAction {
    /// Sit down (or change character before the start).
    Join {
        /// Character index.
        character: usize,
    },
    /// Leave before the start.
    Leave,
    /// Start the adventure.
    Begin {
        /// Bosses to shuffle in.
        bosses: u8,
    },
    /// Recruit a friend from hand onto a column (no column: ask for one).
    Recruit {
        /// The card.
        card: CardRef,
        /// Column 1–5.
        column: Option<u8>,
    },
    /// Use the recruited friend's ability.
    Ability(Pick),
    /// Decline the ability or the optional extra recruit.
    Skip,
    /// Choose the card to give in an Exchange.
    Give {
        /// The card.
        card: CardRef,
    },
    /// Discard down to the hand size at Rest.
    Discard {
        /// The card.
        card: CardRef,
    },
    /// Use your character's special ability (flips the token to Power Down).
    Power(Pick),
    /// End the reaction step: Combat and Rest run (the active player).
    Continue,
    /// After a straw hat on the lost-friend roll: the column whose current friend is lost.
    Lose {
        /// Column 1–5.
        column: u8,
    },
}

/// A refusal by the rules in the catalogue's words (`locales/*/nakama.ftl`).
pub(crate) use croupier_core::table::refuse_said as no;

fn col(v: Option<u8>, name: &str) -> Result<usize, RuleError> {
    match v {
        Some(c @ 1..=5) => Ok(usize::from(c) - 1),
        Some(c) => no(Phrase::new("nakama-no-column")
            .arg("option", name)
            .arg("value", i64::from(c))
            .arg("columns", COLUMNS as i64)),
        None => no(Phrase::new("nakama-needs-column")
            .arg("option", name)
            .arg("columns", COLUMNS as i64)),
    }
}

fn space(v: Option<u8>) -> Result<usize, RuleError> {
    match v {
        Some(c @ 1..=3) => Ok(usize::from(c) - 1),
        Some(c) => no(Phrase::new("nakama-no-space")
            .arg("value", i64::from(c))
            .arg("spaces", SPACES as i64)),
        None => no(Phrase::new("nakama-needs-space").arg("spaces", SPACES as i64)),
    }
}

impl Nakama {
    fn seat(&self, u: &UserId) -> Option<usize> {
        self.players.iter().position(|p| &p.user == u)
    }

    /// `a`'s seat, or the refusal that says how to join (or that joining has closed); the
    /// table asks it through [`croupier_core::table::Game::playing`] before any
    /// `perm = player` command.
    pub(super) fn seat_or_refuse(&self, a: &Actor) -> Result<usize, RuleError> {
        self.seat(&a.id).ok_or_else(|| {
            RuleError::said(
                Refusal::Rules,
                if self.phase == Phase::Joining {
                    Phrase::new("nakama-not-at-table")
                } else {
                    let crew: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
                    Phrase::new("nakama-not-in-adventure").arg("crew", crew.join(", "))
                },
            )
        })
    }

    fn in_play(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Joining => no(Phrase::new("nakama-not-begun")),
            Phase::Over => no(Phrase::new("nakama-over")),
            Phase::Playing => Ok(()),
        }
    }

    fn active(&self, a: &Actor) -> Result<usize, RuleError> {
        self.in_play()?;
        let s = self.seat_or_refuse(a)?;
        if s != self.turn {
            return no(Phrase::new("nakama-not-your-turn")
                .arg("who", self.players[self.turn].name.as_str()));
        }
        Ok(s)
    }

    /// Hand position of `card` in seat `s`'s hand.
    fn in_hand(&self, s: usize, card: CardRef, d: &NakamaData) -> Result<usize, RuleError> {
        let hand = &self.players[s].hand;
        match card {
            CardRef::Pos(n) if (1..=hand.len()).contains(&n) => Ok(n - 1),
            CardRef::Pos(n) => no(Phrase::new("nakama-no-card-at")
                .arg("count", hand.len() as i64)
                .arg("pos", n as i64)),
            CardRef::Card(f) => hand.iter().position(|&h| h == f).ok_or_else(|| {
                RuleError::said(
                    Refusal::Rules,
                    Phrase::new("nakama-not-in-hand").arg("card", d.friends[f].label_said()),
                )
            }),
        }
    }

    /// Applies an action. The caller keeps the state only on `Ok`.
    pub fn act(
        &mut self,
        rng: &mut GameRng,
        d: &NakamaData,
        a: &Actor,
        action: &NakamaAction,
    ) -> Result<Vec<Reply>, RuleError> {
        let mut log: Vec<Value> = vec![];
        let mut extra = vec![];
        let before_turn = (self.turns, self.turn);
        match action {
            NakamaAction::Join { character } => return self.join(a, *character, d),
            NakamaAction::Leave => {
                if self.phase != Phase::Joining {
                    return no(Phrase::new("nakama-no-leave"));
                }
                let s = self.seat_or_refuse(a)?;
                self.players.remove(s);
                return Ok(vec![Reply::public(Message::phrase(
                    Phrase::new("nakama-leaves").arg("who", a.name.as_str()),
                ))]);
            }
            NakamaAction::Begin { bosses } => {
                if self.phase != Phase::Joining {
                    return no(Phrase::new("nakama-begun-already"));
                }
                if self.seat(&a.id).is_none() && !a.manager {
                    return no(Phrase::new("nakama-begin-who"));
                }
                if self.players.is_empty() {
                    return no(Phrase::new("nakama-nobody-joined"));
                }
                if !self
                    .players
                    .iter()
                    .any(|p| d.characters[p.character].id == "luffy")
                {
                    return no(Phrase::new("nakama-needs-luffy"));
                }
                if usize::from(*bosses) > d.bosses.len() {
                    return no(
                        Phrase::new("nakama-bosses-only").arg("count", d.bosses.len() as i64)
                    );
                }
                self.setup(*bosses, rng, d);
                // Solo: nobody else could react, so the step would only cost a press a turn.
                if self.players.len() == 1 && !self.react_chosen {
                    self.react = false;
                }
                let react = match (self.react, self.react_chosen) {
                    (true, _) => "on",
                    (false, false) => "solo",
                    (false, true) => "off",
                };
                let mut out = vec![Reply::public(view::hand_and_board(Message::phrase(
                    Phrase::titled("nakama-begin-title", "nakama-begin")
                        .arg("players", self.players.len() as i64)
                        .arg("bosses", i64::from(self.bosses))
                        .arg("first", self.players[0].name.as_str())
                        .arg("react", react),
                )))];
                out.push(Reply::public(view::board(self, d)));
                out.push(view::turn_prompt(self, d));
                out.push(Reply::private(
                    &self.players[0].user.clone(),
                    view::hand(self, 0, d),
                ));
                return Ok(out);
            }
            NakamaAction::Recruit { card, column } => {
                let s = self.active(a)?;
                if !matches!(self.step, Step::Recruit { .. }) {
                    return no(Phrase::new("nakama-recruited-already")
                        .arg("step", view::step_said(self, d)));
                }
                let i = self.in_hand(s, *card, d)?;
                let f = self.players[s].hand[i];
                let Some(c) = column else {
                    return Ok(vec![Reply::private(&a.id, view::column_prompt(d, f))]);
                };
                let c = col(Some(*c), "column")?;
                self.players[s].hand.remove(i);
                self.columns[c].push(f);
                log.push(
                    Phrase::new("nakama-recruits")
                        .arg("who", a.name.as_str())
                        .arg("card", d.friends[f].short_said())
                        .arg("column", (c + 1) as i64)
                        .into(),
                );
                if d.friends[f].ability.is_some() {
                    self.step = Step::Ability { card: f };
                } else {
                    self.end_recruit(rng, d, &mut log);
                }
            }
            NakamaAction::Ability(pick) => {
                let s = self.active(a)?;
                match self.step.clone() {
                    Step::Ability { card } => {
                        self.use_ability(s, card, pick, rng, d, &mut log, &mut extra)?
                    }
                    Step::Hat { card } => {
                        unused_options(
                            Phrase::new("nakama-what-hat").into(),
                            pick,
                            &["value"],
                            "`/nakama ability value:<1–5>`".into(),
                        )?;
                        let v = match pick.value {
                            Some(v @ 1..=5) => v,
                            Some(v) => {
                                return no(
                                    Phrase::new("nakama-hat-range").arg("value", i64::from(v))
                                )
                            }
                            None => return no(Phrase::new("nakama-hat-choose")),
                        };
                        let Some(Ability::Die { table }) = &d.friends[card].ability else {
                            return no(Phrase::new("nakama-no-die"));
                        };
                        let e = table[usize::from(v) - 1].clone();
                        log.push(
                            Phrase::new("nakama-hat-chosen")
                                .arg("who", a.name.as_str())
                                .arg("value", i64::from(v))
                                .arg("effect", e.said())
                                .into(),
                        );
                        self.after_die(&e, rng, d, &mut log);
                    }
                    _ => {
                        return no(Phrase::new("nakama-no-ability-now")
                            .arg("step", view::step_said(self, d)))
                    }
                }
            }
            NakamaAction::Skip => {
                self.active(a)?;
                match self.step {
                    Step::Ability { card } => {
                        log.push(
                            Phrase::new("nakama-skips-ability")
                                .arg("who", a.name.as_str())
                                .arg("card", d.friends[card].label_said())
                                .into(),
                        );
                    }
                    Step::Recruit { extra: true } => {
                        log.push(
                            Phrase::new("nakama-skips-extra")
                                .arg("who", a.name.as_str())
                                .into(),
                        );
                    }
                    Step::Recruit { extra: false } => {
                        return no(Phrase::new("nakama-must-recruit"))
                    }
                    _ => {
                        return no(Phrase::new("nakama-nothing-to-skip")
                            .arg("step", view::step_said(self, d)))
                    }
                }
                self.end_recruit(rng, d, &mut log);
            }
            NakamaAction::Give { card } => {
                self.in_play()?;
                let s = self.seat_or_refuse(a)?;
                let Step::Exchange { with, mine, theirs } = self.step.clone() else {
                    return no(Phrase::new("nakama-no-exchange"));
                };
                let i = self.in_hand(s, *card, d)?;
                let f = self.players[s].hand[i];
                let (mine, theirs) = if s == self.turn && mine.is_none() {
                    (Some(f), theirs)
                } else if s == with && theirs.is_none() {
                    (mine, Some(f))
                } else if s == self.turn || s == with {
                    return no(Phrase::new("nakama-chosen-already"));
                } else {
                    return no(Phrase::new("nakama-not-your-exchange"));
                };
                log.push(
                    Phrase::new("nakama-gave")
                        .arg("who", a.name.as_str())
                        .into(),
                );
                if let (Some(m), Some(t)) = (mine, theirs) {
                    let me = self.turn;
                    self.players[me].hand.retain(|&h| h != m);
                    self.players[with].hand.retain(|&h| h != t);
                    self.players[me].hand.push(t);
                    self.players[with].hand.push(m);
                    log.push(
                        Phrase::new("nakama-swapped")
                            .arg("a", self.players[me].name.as_str())
                            .arg("b", self.players[with].name.as_str())
                            .into(),
                    );
                    self.end_recruit(rng, d, &mut log);
                    // Both hands as they stand after the turn moved on (not with the
                    // exchange's menu, whose decision is settled).
                    extra.push(Reply::private(
                        &self.players[me].user.clone(),
                        view::hand(self, me, d),
                    ));
                    extra.push(Reply::private(
                        &self.players[with].user.clone(),
                        view::hand(self, with, d),
                    ));
                } else {
                    self.step = Step::Exchange { with, mine, theirs };
                }
            }
            NakamaAction::Discard { card } => {
                let s = self.active(a)?;
                if self.step != Step::Discard {
                    return no(Phrase::new("nakama-no-discard"));
                }
                let i = self.in_hand(s, *card, d)?;
                let f = self.players[s].hand.remove(i);
                self.discard.push(f);
                log.push(
                    Phrase::new("nakama-discards")
                        .arg("who", a.name.as_str())
                        .into(),
                );
                if self.players[s].hand.len() <= self.hand_size() {
                    self.next_turn();
                }
            }
            NakamaAction::Power(pick) => {
                self.in_play()?;
                let s = self.seat_or_refuse(a)?;
                self.power(s, pick, rng, d, &mut log)?;
            }
            NakamaAction::Continue => {
                self.in_play()?;
                let s = self.seat_or_refuse(a)?;
                if self.step != Step::React {
                    return no(Phrase::new("nakama-no-react").arg("step", view::step_said(self, d)));
                }
                if s != self.turn {
                    return no(Phrase::new("nakama-continue-theirs")
                        .arg("who", self.players[self.turn].name.as_str()));
                }
                log.push(
                    Phrase::new("nakama-continues")
                        .arg("who", a.name.as_str())
                        .into(),
                );
                self.finish_recruit(rng, d, &mut log);
            }
            NakamaAction::Lose { column } => {
                self.in_play()?;
                self.seat_or_refuse(a)?;
                let Step::Lose { resume } = self.step else {
                    return no(Phrase::new("nakama-no-loss").arg("step", view::step_said(self, d)));
                };
                let c = col(Some(*column), "column")?;
                if self.columns[c].is_empty() {
                    return no(Phrase::new("nakama-lose-empty").arg("column", (c + 1) as i64));
                }
                log.push(
                    Phrase::new("nakama-crew-chooses")
                        .arg("who", a.name.as_str())
                        .arg("column", (c + 1) as i64)
                        .into(),
                );
                self.lose_column(c, d, &mut log);
                self.resume(resume, rng, d, &mut log);
            }
        }
        // A power used while the turn waits (for Continue, a recruit, a choice) is one
        // message: what it did and, in the reaction step, the missions as they stand now with
        // the Continue button. The board and the turn's prompt were posted already and are not
        // posted again, nor is the active player pinged again.
        let reaction = matches!(action, NakamaAction::Power(_)) && self.ending.is_none();
        let mut out = vec![];
        if !log.is_empty() {
            let lines = Phrase::new("nakama-lines").arg("lines", Value::Lines(log));
            let m = if reaction && self.step == Step::React {
                Message::phrase(
                    Phrase {
                        key: "nakama-lines-react".into(),
                        ..lines
                    }
                    .arg("status", view::react_status(self, d)),
                )
                .labelled(&["nakama-button-continue"])
                .button(english("nakama-button-continue"), &NakamaCommand::Continue)
            } else {
                Message::phrase(lines)
            };
            out.push(Reply::public(m));
        }
        for (seat, note) in std::mem::take(&mut self.private_notes) {
            if let Some(p) = self.players.get(seat) {
                out.push(Reply::private(&p.user.clone(), Message::phrase(note)));
            }
        }
        out.extend(extra);
        if let Some(t) = self.ending_text(d) {
            out.push(Reply::public(view::final_board(self, d, t)));
        } else if (self.turns, self.turn) != before_turn {
            // The board as the turn left it, then whose turn it is.
            out.push(Reply::public(view::board(self, d)));
            out.push(view::turn_prompt(self, d));
            out.push(Reply::private(
                &self.players[self.turn].user.clone(),
                view::hand(self, self.turn, d),
            ));
        } else if !reaction {
            out.extend(view::step_prompts(self, d));
            if self.step == Step::Discard {
                out.push(Reply::private(
                    &self.players[self.turn].user.clone(),
                    view::hand(self, self.turn, d),
                ));
            }
        }
        Ok(out)
    }

    fn join(&mut self, a: &Actor, ch: usize, d: &NakamaData) -> Result<Vec<Reply>, RuleError> {
        if self.phase != Phase::Joining {
            return no(Phrase::new("nakama-begun-join"));
        }
        let Some(c) = d.characters.get(ch) else {
            return no(Phrase::new("nakama-no-such-character"));
        };
        if let Some(p) = self
            .players
            .iter()
            .find(|p| p.character == ch && p.user != a.id)
        {
            return no(Phrase::new("nakama-taken")
                .arg("who", p.name.as_str())
                .arg("character", c.said_name()));
        }
        if let Some(s) = self.seat(&a.id) {
            self.players[s].character = ch;
            return Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nakama-now-plays")
                    .arg("who", a.name.as_str())
                    .arg("character", c.said_name()),
            ))]);
        }
        if self.players.len() >= MAX_PLAYERS {
            return no(Phrase::new("nakama-crew-full").arg("max", MAX_PLAYERS as i64));
        }
        self.players.push(Player {
            user: a.id.clone(),
            name: a.name.clone(),
            character: ch,
            hand: vec![],
            powered: true,
        });
        Ok(vec![Reply::public(Message::phrase(
            Phrase::new("nakama-joins")
                .arg("who", a.name.as_str())
                .arg("character", c.said_name())
                .arg("special", c.special.said()),
        ))])
    }

    fn do_move(
        &mut self,
        from: usize,
        to: usize,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> Result<(), RuleError> {
        if from == to {
            return no(Phrase::new("nakama-same-column"));
        }
        let Some(f) = self.columns[from].pop() else {
            return no(Phrase::new("nakama-column-empty").arg("column", (from + 1) as i64));
        };
        self.columns[to].push(f);
        log.push(
            Phrase::new("nakama-moved")
                .arg("card", d.friends[f].label_said())
                .arg("from", (from + 1) as i64)
                .arg("to", (to + 1) as i64)
                .into(),
        );
        self.refill_columns(d, log);
        Ok(())
    }

    fn do_block(
        &mut self,
        sp: usize,
        bosses: bool,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> Result<(), RuleError> {
        let Some(foe) = self.spaces[sp] else {
            return no(Phrase::new("nakama-space-empty").arg("space", (sp + 1) as i64));
        };
        if foe.is_boss() && !bosses {
            return no(Phrase::new("nakama-boss-not-enemy").arg("enemy", foe.said(d)));
        }
        self.spaces[sp] = None;
        self.enemy_deck.push(foe);
        self.enemy_deck.shuffle(rng);
        log.push(
            Phrase::new("nakama-blocked")
                .arg("enemy", foe.said(d))
                .arg("space", (sp + 1) as i64)
                .into(),
        );
        Ok(())
    }

    /// A die ability's result, then the end of the recruit (or the crew's choice of a lost
    /// friend first, after a straw hat).
    fn after_die(
        &mut self,
        e: &DieEffect,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) {
        if self.die_effect(e, rng, d, log) {
            self.step = Step::Lose {
                resume: Resume::Recruit,
            };
        } else {
            self.end_recruit(rng, d, log);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn use_ability(
        &mut self,
        s: usize,
        card: usize,
        pick: &Pick,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
        extra: &mut Vec<Reply>,
    ) -> Result<(), RuleError> {
        let Some(ab) = d.friends[card].ability.clone() else {
            return no(Phrase::new("nakama-no-ability"));
        };
        let name = self.players[s].name.clone();
        let ab = match (&ab, self.players.len(), pick.mode.as_deref()) {
            (Ability::Exchange, 1, Some("move")) => Ability::Move,
            (Ability::Exchange, 1, Some("recruit")) => Ability::Recruit,
            (Ability::Exchange, 1, _) => return no(Phrase::new("nakama-solo-exchange")),
            _ => ab,
        };
        let solo = self.players.len() == 1;
        let allowed: &[&str] = match (&ab, solo) {
            (Ability::Exchange, _) => &["target"],
            (Ability::Move, true) => &["from", "to", "as"],
            (Ability::Move, false) => &["from", "to"],
            (Ability::Recruit, true) => &["as"],
            (Ability::Block, _) => &["space"],
            _ => &[],
        };
        unused_options(
            Phrase::new("nakama-what-ability")
                .arg("card", d.friends[card].label_said())
                .arg("ability", ab.said())
                .into(),
            pick,
            allowed,
            Phrase::new("nakama-usage-ability").into(),
        )?;
        match ab {
            Ability::Exchange => {
                let Some(t) = &pick.target else {
                    return no(Phrase::new("nakama-exchange-needs-target"));
                };
                let Some(w) = self.seat(t) else {
                    return no(Phrase::new("nakama-not-playing-here"));
                };
                if w == s {
                    return no(Phrase::new("nakama-exchange-self"));
                }
                if self.players[s].hand.is_empty() || self.players[w].hand.is_empty() {
                    return no(Phrase::new("nakama-exchange-empty"));
                }
                self.step = Step::Exchange {
                    with: w,
                    mine: None,
                    theirs: None,
                };
                log.push(
                    Phrase::new("nakama-exchange-starts")
                        .arg("who", name.as_str())
                        .arg("with", self.players[w].name.as_str())
                        .into(),
                );
                for p in [s, w] {
                    extra.push(Reply::private(
                        &self.players[p].user.clone(),
                        view::hand(self, p, d),
                    ));
                }
            }
            Ability::Move => {
                let (from, to) = (col(pick.from, "from")?, col(pick.to, "to")?);
                log.push(
                    Phrase::new("nakama-uses")
                        .arg("who", name.as_str())
                        .arg("ability", ab.name_said())
                        .into(),
                );
                self.do_move(from, to, d, log)?;
                self.end_recruit(rng, d, log);
            }
            Ability::PowerUp => {
                self.players[s].powered = true;
                log.push(
                    Phrase::new("nakama-uses-power-up")
                        .arg("who", name.as_str())
                        .into(),
                );
                self.end_recruit(rng, d, log);
            }
            Ability::Recruit => {
                if self.players[s].hand.is_empty() {
                    return no(Phrase::new("nakama-hand-empty"));
                }
                log.push(
                    Phrase::new("nakama-uses-recruit")
                        .arg("who", name.as_str())
                        .into(),
                );
                self.step = Step::Recruit { extra: true };
            }
            Ability::Block => {
                let sp = space(pick.space)?;
                log.push(
                    Phrase::new("nakama-uses")
                        .arg("who", name.as_str())
                        .arg("ability", ab.name_said())
                        .into(),
                );
                self.do_block(sp, true, rng, d, log)?;
                self.end_recruit(rng, d, log);
            }
            Ability::Die { table } => match roll_die(rng) {
                Some(v) => {
                    let e = table[usize::from(v) - 1].clone();
                    log.push(
                        Phrase::new("nakama-rolls")
                            .arg("who", name.as_str())
                            .arg("value", i64::from(v))
                            .arg("effect", e.said())
                            .into(),
                    );
                    self.after_die(&e, rng, d, log);
                }
                None => {
                    log.push(
                        Phrase::new("nakama-rolls-hat")
                            .arg("who", name.as_str())
                            .into(),
                    );
                    self.step = Step::Hat { card };
                }
            },
        }
        Ok(())
    }

    fn power(
        &mut self,
        s: usize,
        pick: &Pick,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> Result<(), RuleError> {
        if !self.players[s].powered {
            return no(Phrase::new("nakama-powered-down"));
        }
        let ch = &d.characters[self.players[s].character];
        power_options(ch.said_name(), &ch.special, pick)?;
        let name: Value = Phrase::new("nakama-player-as")
            .arg("player", self.players[s].name.as_str())
            .arg("character", ch.said_name())
            .into();
        let powers_up = |name: &Value| -> Value {
            Phrase::new("nakama-powers-up")
                .arg("who", name.clone())
                .into()
        };
        match ch.special.clone() {
            Special::ThreatDown { n } => {
                if self.threat == 0 {
                    return no(
                        Phrase::new("nakama-power-threat-zero").arg("character", ch.said_name())
                    );
                }
                self.lower_threat(n);
                log.push(
                    Phrase::new("nakama-power-threat")
                        .arg("who", name)
                        .arg("n", i64::from(n))
                        .arg("now", i64::from(self.threat))
                        .into(),
                );
            }
            Special::Draw { n } => {
                let mut got = 0;
                for _ in 0..n {
                    if let Some(f) = self.draw() {
                        self.players[s].hand.push(f);
                        got += 1;
                    }
                }
                log.push(
                    Phrase::new("nakama-power-draw")
                        .arg("who", name)
                        .arg("count", got)
                        .into(),
                );
            }
            Special::Move => {
                let (from, to) = (col(pick.from, "from")?, col(pick.to, "to")?);
                log.push(powers_up(&name));
                self.do_move(from, to, d, log)?;
            }
            Special::Swap => {
                let (a, b) = (col(pick.from, "from")?, col(pick.to, "to")?);
                if a == b {
                    return no(Phrase::new("nakama-same-column"));
                }
                let (Some(fa), Some(fb)) = (self.columns[a].pop(), self.columns[b].pop()) else {
                    return no(Phrase::new("nakama-swap-needs"));
                };
                self.columns[a].push(fb);
                self.columns[b].push(fa);
                log.push(
                    Phrase::new("nakama-power-swap")
                        .arg("who", name)
                        .arg("a", (a + 1) as i64)
                        .arg("b", (b + 1) as i64)
                        .into(),
                );
            }
            Special::Block { bosses } => {
                let sp = space(pick.space)?;
                log.push(powers_up(&name));
                self.do_block(sp, bosses, rng, d, log)?;
            }
            Special::Revive => {
                let Some(f) = self.defeated_friends.pop() else {
                    return no(Phrase::new("nakama-no-defeated"));
                };
                self.players[s].hand.push(f);
                log.push(
                    Phrase::new("nakama-power-revive")
                        .arg("who", name)
                        .arg("count", self.defeated_friends.len() as i64)
                        .into(),
                );
            }
            Special::Refresh => {
                let c = col(pick.column, "column")?;
                let Some(f) = self.columns[c].pop() else {
                    return no(Phrase::new("nakama-column-empty").arg("column", (c + 1) as i64));
                };
                self.discard.push(f);
                log.push(
                    Phrase::new("nakama-power-refresh")
                        .arg("who", name)
                        .arg("card", d.friends[f].label_said())
                        .arg("column", (c + 1) as i64)
                        .into(),
                );
                self.refill_columns(d, log);
            }
            Special::Boost => {
                let Some(t) = &pick.target else {
                    return no(Phrase::new("nakama-needs-target"));
                };
                let Some(w) = self.seat(t).filter(|&w| w != s) else {
                    return no(Phrase::new("nakama-boost-other"));
                };
                if self.players[w].powered {
                    return no(Phrase::new("nakama-powered-already")
                        .arg("who", self.players[w].name.as_str()));
                }
                self.players[w].powered = true;
                log.push(
                    Phrase::new("nakama-power-boost")
                        .arg("who", name)
                        .arg("target", self.players[w].name.as_str())
                        .into(),
                );
            }
        }
        self.players[s].powered = false;
        log.push(
            Phrase::new("nakama-token-down")
                .arg("who", self.players[s].name.as_str())
                .into(),
        );
        Ok(())
    }
}

/// The options a special ability takes: (option, the catalogue's words for what it names,
/// placeholder). Shared with the guide and the refusals.
pub fn power_needs(sp: &Special) -> &'static [(&'static str, &'static str, &'static str)] {
    match sp {
        Special::ThreatDown { .. } | Special::Draw { .. } | Special::Revive => &[],
        Special::Move => &[
            ("from", "nakama-need-move-from", "1–5"),
            ("to", "nakama-need-move-to", "1–5"),
        ],
        Special::Swap => &[
            ("from", "nakama-need-swap-from", "1–5"),
            ("to", "nakama-need-swap-to", "1–5"),
        ],
        Special::Block { .. } => &[("space", "nakama-need-space", "1–3")],
        Special::Refresh => &[("column", "nakama-need-column", "1–5")],
        Special::Boost => &[("target", "nakama-need-target", "@player")],
    }
}

/// Refuses a `/nakama power` that lacks an option the character's ability needs (saying what
/// to add) or carries options it does not use (naming them), before anything changes.
fn power_options(who: Value, sp: &Special, pick: &Pick) -> Result<(), RuleError> {
    let needs = power_needs(sp);
    let given: [(&str, bool); 5] = [
        ("from", pick.from.is_some()),
        ("to", pick.to.is_some()),
        ("space", pick.space.is_some()),
        ("column", pick.column.is_some()),
        ("target", pick.target.is_some()),
    ];
    let usage = if needs.is_empty() {
        "`/nakama power`".to_string()
    } else {
        let opts: Vec<String> = needs.iter().map(|(o, _, v)| format!("{o}:<{v}>")).collect();
        format!("`/nakama power {}`", opts.join(" "))
    };
    let allowed: Vec<&str> = needs.iter().map(|(o, _, _)| *o).collect();
    unused_options(
        Phrase::new("nakama-what-power")
            .arg("who", who.clone())
            .into(),
        pick,
        &allowed,
        usage.clone().into(),
    )?;
    let missing: Vec<Value> = needs
        .iter()
        .filter(|(o, _, _)| !given.iter().any(|(g, set)| g == o && *set))
        .map(|(o, what, v)| {
            Phrase::new("nakama-power-need")
                .arg("option", *o)
                .arg("what", Phrase::new(what))
                .arg("values", *v)
                .into()
        })
        .collect();
    let mut missing = missing.into_iter();
    if let Some(first) = missing.next() {
        let all = missing.fold(first, |a, b| {
            Phrase::new("nakama-and").arg("a", a).arg("b", b).into()
        });
        return no(Phrase::new("nakama-power-needs")
            .arg("who", who)
            .arg("missing", all)
            .arg("usage", usage));
    }
    Ok(())
}

/// Refuses options that `what` does not use, naming them (an option is never ignored in
/// silence): `usage` says how to type it instead.
fn unused_options(
    what: Value,
    pick: &Pick,
    allowed: &[&str],
    usage: Value,
) -> Result<(), RuleError> {
    let given = [
        ("from", pick.from.is_some()),
        ("to", pick.to.is_some()),
        ("space", pick.space.is_some()),
        ("column", pick.column.is_some()),
        ("target", pick.target.is_some()),
        ("value", pick.value.is_some()),
        ("as", pick.mode.is_some()),
    ];
    let extra: Vec<String> = given
        .iter()
        .filter(|(o, g)| *g && !allowed.contains(o))
        .map(|(o, _)| format!("`{o}:`"))
        .collect();
    if extra.is_empty() {
        return Ok(());
    }
    no(Phrase::new("nakama-unused")
        .arg("what", what)
        .arg("options", extra.join(", "))
        .arg("count", extra.len() as i64)
        .arg("usage", usage))
}
