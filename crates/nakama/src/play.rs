//! Player actions: joining, the Recruit phase with its abilities, exchanges, discards and
//! character special abilities. Every action checks first and changes the state only if allowed.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use super::commands::NakamaCommand;
use super::data::{Ability, DieEffect, NakamaData, Special};
use super::state::{roll_die, Nakama, Phase, Player, Resume, Step, COLUMNS, SPACES};
use super::view;
use croupier_core::rng::GameRng;
use croupier_core::table::{refuse, Actor, Message, Reply, RuleError, UserId};

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

fn col(v: Option<u8>, name: &str) -> Result<usize, RuleError> {
    match v {
        Some(c @ 1..=5) => Ok(usize::from(c) - 1),
        Some(c) => refuse(format!(
            "`{name}:{c}` is not a column: columns are 1–{COLUMNS}."
        )),
        None => refuse(format!("this needs `{name}:` (a column 1–{COLUMNS}).")),
    }
}

fn space(v: Option<u8>) -> Result<usize, RuleError> {
    match v {
        Some(c @ 1..=3) => Ok(usize::from(c) - 1),
        Some(c) => refuse(format!(
            "`space:{c}` is not an enemy space: spaces are 1–{SPACES}."
        )),
        None => refuse(format!("this needs `space:` (an enemy space 1–{SPACES}).")),
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
            RuleError::new(if self.phase == Phase::Joining {
                "you are not at this table: join with `/nakama join character:<name>` before it begins.".to_string()
            } else {
                let crew: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
                format!(
                    "you are not playing in this adventure, and joining closed when it began (crew: {}). Watch with `/nakama board`, or join the next table.",
                    crew.join(", ")
                )
            })
        })
    }

    fn in_play(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Joining => refuse("the adventure has not begun yet: `/nakama begin`."),
            Phase::Over => refuse("the adventure is over; start a new one with `/nakama new`."),
            Phase::Playing => Ok(()),
        }
    }

    fn active(&self, a: &Actor) -> Result<usize, RuleError> {
        self.in_play()?;
        let s = self.seat_or_refuse(a)?;
        if s != self.turn {
            return refuse(format!(
                "it is {}'s turn, not yours.",
                self.players[self.turn].name
            ));
        }
        Ok(s)
    }

    /// Hand position of `card` in seat `s`'s hand.
    fn in_hand(&self, s: usize, card: CardRef, d: &NakamaData) -> Result<usize, RuleError> {
        let hand = &self.players[s].hand;
        match card {
            CardRef::Pos(n) if (1..=hand.len()).contains(&n) => Ok(n - 1),
            CardRef::Pos(n) => refuse(format!(
                "your hand has {} card(s); there is no card {n}.",
                hand.len()
            )),
            CardRef::Card(f) => hand.iter().position(|&h| h == f).ok_or_else(|| {
                RuleError::new(format!("{} is not in your hand.", d.friends[f].label()))
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
        let mut log = vec![];
        let mut extra = vec![];
        let before_turn = (self.turns, self.turn);
        match action {
            NakamaAction::Join { character } => return self.join(a, *character, d),
            NakamaAction::Leave => {
                if self.phase != Phase::Joining {
                    return refuse("you cannot leave once the adventure has begun.");
                }
                let s = self.seat_or_refuse(a)?;
                self.players.remove(s);
                return Ok(vec![Reply::public(Message::text(format!(
                    "{} leaves the crew.",
                    a.name
                )))]);
            }
            NakamaAction::Begin { bosses } => {
                if self.phase != Phase::Joining {
                    return refuse("the adventure has already begun.");
                }
                if self.seat(&a.id).is_none() && !a.manager {
                    return refuse("only a player or the host can begin the adventure.");
                }
                if self.players.is_empty() {
                    return refuse("nobody has joined yet: `/nakama join character:<name>`.");
                }
                if !self
                    .players
                    .iter()
                    .any(|p| d.characters[p.character].id == "luffy")
                {
                    return refuse("someone must play Luffy (Luffy's player starts): `/nakama join character:Luffy`.");
                }
                if usize::from(*bosses) > d.bosses.len() {
                    return refuse(format!("there are only {} bosses.", d.bosses.len()));
                }
                self.setup(*bosses, rng, d);
                // Solo: nobody else could react, so the step would only cost a press a turn.
                if self.players.len() == 1 && !self.react_chosen {
                    self.react = false;
                }
                let react = match (self.react, self.react_chosen) {
                    (true, _) => "Reaction step on: after each recruit the crew may use powers before Continue.",
                    (false, false) => "Solo: no reaction step (nobody else reacts); your power works at any time all the same.",
                    (false, true) => "Reaction step off: Combat follows each recruit at once.",
                };
                let mut out = vec![Reply::public(
                    Message::titled(
                        "🏴‍☠️ The adventure begins!",
                        format!(
                            "{} player(s), {} boss(es) in the enemy deck. {} (Luffy) starts. Hands are dealt privately — see yours with `/nakama hand`. {react}",
                            self.players.len(),
                            self.bosses,
                            self.players[0].name
                        ),
                    )
                    .button("My hand", &NakamaCommand::Hand)
                    .button("Board", &NakamaCommand::Board),
                )];
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
                    return refuse(format!(
                        "you have already recruited this turn ({}).",
                        view::step_text(self, d)
                    ));
                }
                let i = self.in_hand(s, *card, d)?;
                let f = self.players[s].hand[i];
                let Some(c) = column else {
                    return Ok(vec![Reply::private(&a.id, view::column_prompt(d, f))]);
                };
                let c = col(Some(*c), "column")?;
                self.players[s].hand.remove(i);
                self.columns[c].push(f);
                log.push(format!(
                    "{} recruits **{}** into column {}.",
                    a.name,
                    d.friends[f].short(),
                    c + 1
                ));
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
                            "the straw hat's choice",
                            pick,
                            &["value"],
                            "`/nakama ability value:<1–5>`",
                        )?;
                        let v = match pick.value {
                            Some(v @ 1..=5) => v,
                            Some(v) => {
                                return refuse(format!(
                                    "the straw hat lets you choose 1–5, not {v}."
                                ))
                            }
                            None => {
                                return refuse(
                                    "choose the die value: `/nakama ability value:<1–5>`.",
                                )
                            }
                        };
                        let Some(Ability::Die { table }) = &d.friends[card].ability else {
                            return refuse("there is no die ability to resolve.");
                        };
                        let e = table[usize::from(v) - 1].clone();
                        log.push(format!("{} chooses {v}: {}.", a.name, e.render()));
                        self.after_die(&e, rng, d, &mut log);
                    }
                    _ => {
                        return refuse(format!(
                            "there is no ability to use now ({}).",
                            view::step_text(self, d)
                        ))
                    }
                }
            }
            NakamaAction::Skip => {
                self.active(a)?;
                match self.step {
                    Step::Ability { card } => {
                        log.push(format!(
                            "{} does not use the ability of {}.",
                            a.name,
                            d.friends[card].label()
                        ));
                    }
                    Step::Recruit { extra: true } => {
                        log.push(format!("{} recruits no extra friend.", a.name));
                    }
                    Step::Recruit { extra: false } => {
                        return refuse(
                            "you MUST recruit 1 friend this turn: `/nakama hand` to choose.",
                        )
                    }
                    _ => {
                        return refuse(format!(
                            "nothing can be skipped now ({}).",
                            view::step_text(self, d)
                        ))
                    }
                }
                self.end_recruit(rng, d, &mut log);
            }
            NakamaAction::Give { card } => {
                self.in_play()?;
                let s = self.seat_or_refuse(a)?;
                let Step::Exchange { with, mine, theirs } = self.step.clone() else {
                    return refuse("there is no exchange under way.");
                };
                let i = self.in_hand(s, *card, d)?;
                let f = self.players[s].hand[i];
                let (mine, theirs) = if s == self.turn && mine.is_none() {
                    (Some(f), theirs)
                } else if s == with && theirs.is_none() {
                    (mine, Some(f))
                } else if s == self.turn || s == with {
                    return refuse("you have already chosen your card for this exchange.");
                } else {
                    return refuse("this exchange is between other players.");
                };
                log.push(format!("{} has chosen a card to exchange.", a.name));
                if let (Some(m), Some(t)) = (mine, theirs) {
                    let me = self.turn;
                    self.players[me].hand.retain(|&h| h != m);
                    self.players[with].hand.retain(|&h| h != t);
                    self.players[me].hand.push(t);
                    self.players[with].hand.push(m);
                    log.push(format!(
                        "{} and {} swap one card face-down.",
                        self.players[me].name, self.players[with].name
                    ));
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
                    return refuse("you may discard only at Rest when your hand is over its size.");
                }
                let i = self.in_hand(s, *card, d)?;
                let f = self.players[s].hand.remove(i);
                self.discard.push(f);
                log.push(format!("{} discards a card.", a.name));
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
                    return refuse(format!(
                        "there is no reaction step to end now ({}).",
                        view::step_text(self, d)
                    ));
                }
                if s != self.turn {
                    return refuse(format!(
                        "{} starts Combat with Continue; until then you can react with `/nakama power`.",
                        self.players[self.turn].name
                    ));
                }
                log.push(format!("{} goes on to Combat.", a.name));
                self.finish_recruit(rng, d, &mut log);
            }
            NakamaAction::Lose { column } => {
                self.in_play()?;
                self.seat_or_refuse(a)?;
                let Step::Lose { resume } = self.step else {
                    return refuse(format!(
                        "no friend is being lost now ({}).",
                        view::step_text(self, d)
                    ));
                };
                let c = col(Some(*column), "column")?;
                if self.columns[c].is_empty() {
                    return refuse(format!(
                        "column {} has no current friend; choose another column.",
                        c + 1
                    ));
                }
                log.push(format!("{} chooses column {} for the crew.", a.name, c + 1));
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
            let mut m = Message::text(log.join("\n"));
            if reaction && self.step == Step::React {
                m.body
                    .push_str(&format!("\n{}", view::react_status(self, d)));
                m = m.button("Continue", &NakamaCommand::Continue);
            }
            out.push(Reply::public(m));
        }
        for (seat, text) in std::mem::take(&mut self.private_notes) {
            if let Some(p) = self.players.get(seat) {
                out.push(Reply::private(&p.user.clone(), Message::text(text)));
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
            return refuse("the adventure has already begun; join the next one.");
        }
        let Some(c) = d.characters.get(ch) else {
            return refuse("no such character.");
        };
        if let Some(p) = self
            .players
            .iter()
            .find(|p| p.character == ch && p.user != a.id)
        {
            return refuse(format!("{} already plays {}.", p.name, c.name));
        }
        if let Some(s) = self.seat(&a.id) {
            self.players[s].character = ch;
            return Ok(vec![Reply::public(Message::text(format!(
                "{} now plays **{}**.",
                a.name, c.name
            )))]);
        }
        if self.players.len() >= MAX_PLAYERS {
            return refuse(format!("the crew is full ({MAX_PLAYERS} players)."));
        }
        self.players.push(Player {
            user: a.id.clone(),
            name: a.name.clone(),
            character: ch,
            hand: vec![],
            powered: true,
        });
        Ok(vec![Reply::public(Message::text(format!(
            "{} joins the crew as **{}** — {}",
            a.name,
            c.name,
            c.special.render()
        )))])
    }

    fn do_move(
        &mut self,
        from: usize,
        to: usize,
        d: &NakamaData,
        log: &mut Vec<String>,
    ) -> Result<(), RuleError> {
        if from == to {
            return refuse("choose two different columns.");
        }
        let Some(f) = self.columns[from].pop() else {
            return refuse(format!("column {} has no friend.", from + 1));
        };
        self.columns[to].push(f);
        log.push(format!(
            "{} moves from column {} to column {}.",
            d.friends[f].label(),
            from + 1,
            to + 1
        ));
        self.refill_columns(d, log);
        Ok(())
    }

    fn do_block(
        &mut self,
        sp: usize,
        bosses: bool,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<String>,
    ) -> Result<(), RuleError> {
        let Some(foe) = self.spaces[sp] else {
            return refuse(format!("enemy space {} is empty.", sp + 1));
        };
        if foe.is_boss() && !bosses {
            return refuse(format!(
                "{} is a boss; this ability affects only enemies.",
                foe.name(d)
            ));
        }
        self.spaces[sp] = None;
        self.enemy_deck.push(foe);
        self.enemy_deck.shuffle(rng);
        log.push(format!(
            "🚫 {} is blocked: back into the enemy deck, which is reshuffled. Space {} stays empty until Rest.",
            foe.name(d),
            sp + 1
        ));
        Ok(())
    }

    /// A die ability's result, then the end of the recruit (or the crew's choice of a lost
    /// friend first, after a straw hat).
    fn after_die(
        &mut self,
        e: &DieEffect,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<String>,
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
        log: &mut Vec<String>,
        extra: &mut Vec<Reply>,
    ) -> Result<(), RuleError> {
        let Some(ab) = d.friends[card].ability.clone() else {
            return refuse("this friend has no ability.");
        };
        let name = self.players[s].name.clone();
        let ab = match (&ab, self.players.len(), pick.mode.as_deref()) {
            (Ability::Exchange, 1, Some("move")) => Ability::Move,
            (Ability::Exchange, 1, Some("recruit")) => Ability::Recruit,
            (Ability::Exchange, 1, _) => {
                return refuse("solo: Exchange is used as Move or Recruit — add `as:move` (with `from:` `to:`) or `as:recruit`.")
            }
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
            &format!("{}'s ability ({})", d.friends[card].label(), ab.render()),
            pick,
            allowed,
            "`/nakama ability` with only the options it names",
        )?;
        match ab {
            Ability::Exchange => {
                let Some(t) = &pick.target else {
                    return refuse("Exchange needs `target:` (another player).");
                };
                let Some(w) = self.seat(t) else {
                    return refuse("that user is not playing at this table.");
                };
                if w == s {
                    return refuse("choose another player to exchange with.");
                }
                if self.players[s].hand.is_empty() || self.players[w].hand.is_empty() {
                    return refuse("both players need a card in hand to exchange.");
                }
                self.step = Step::Exchange {
                    with: w,
                    mine: None,
                    theirs: None,
                };
                log.push(format!(
                    "{name} uses Exchange with {}: each chooses a card privately.",
                    self.players[w].name
                ));
                for p in [s, w] {
                    extra.push(Reply::private(
                        &self.players[p].user.clone(),
                        view::hand(self, p, d),
                    ));
                }
            }
            Ability::Move => {
                let (from, to) = (col(pick.from, "from")?, col(pick.to, "to")?);
                log.push(format!("{name} uses Move."));
                self.do_move(from, to, d, log)?;
                self.end_recruit(rng, d, log);
            }
            Ability::PowerUp => {
                self.players[s].powered = true;
                log.push(format!("{name} uses Power Up: the token shows Power Up!"));
                self.end_recruit(rng, d, log);
            }
            Ability::Recruit => {
                if self.players[s].hand.is_empty() {
                    return refuse("your hand is empty: nobody left to recruit.");
                }
                log.push(format!(
                    "{name} uses Recruit: one more friend may be recruited."
                ));
                self.step = Step::Recruit { extra: true };
            }
            Ability::Block => {
                let sp = space(pick.space)?;
                log.push(format!("{name} uses Block."));
                self.do_block(sp, true, rng, d, log)?;
                self.end_recruit(rng, d, log);
            }
            Ability::Die { table } => match roll_die(rng) {
                Some(v) => {
                    let e = table[usize::from(v) - 1].clone();
                    log.push(format!("🎲 {name} rolls {v}: {}.", e.render()));
                    self.after_die(&e, rng, d, log);
                }
                None => {
                    log.push(format!(
                        "🎲 {name} rolls the straw hat: choose any value 1–5."
                    ));
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
        log: &mut Vec<String>,
    ) -> Result<(), RuleError> {
        if !self.players[s].powered {
            return refuse("your Power Up! token shows Power Down: your special ability is spent until a Power Up effect.");
        }
        let ch = &d.characters[self.players[s].character];
        power_options(&ch.name, &ch.special, pick)?;
        let name = format!("{} ({})", self.players[s].name, ch.name);
        match ch.special.clone() {
            Special::ThreatDown { n } => {
                if self.threat == 0 {
                    return refuse(format!(
                        "the threat is already 0: {}'s power would change nothing, so the token stays Power Up!",
                        ch.name
                    ));
                }
                self.lower_threat(n);
                log.push(format!(
                    "{name} powers up: threat back {n} (now {}).",
                    self.threat
                ));
            }
            Special::Draw { n } => {
                let mut got = 0;
                for _ in 0..n {
                    if let Some(f) = self.draw() {
                        self.players[s].hand.push(f);
                        got += 1;
                    }
                }
                log.push(format!("{name} powers up and draws {got} card(s)."));
            }
            Special::Move => {
                let (from, to) = (col(pick.from, "from")?, col(pick.to, "to")?);
                log.push(format!("{name} powers up."));
                self.do_move(from, to, d, log)?;
            }
            Special::Swap => {
                let (a, b) = (col(pick.from, "from")?, col(pick.to, "to")?);
                if a == b {
                    return refuse("choose two different columns.");
                }
                let (Some(fa), Some(fb)) = (self.columns[a].pop(), self.columns[b].pop()) else {
                    return refuse("both columns need a current friend.");
                };
                self.columns[a].push(fb);
                self.columns[b].push(fa);
                log.push(format!(
                    "{name} powers up: the current friends of columns {} and {} swap places.",
                    a + 1,
                    b + 1
                ));
            }
            Special::Block { bosses } => {
                let sp = space(pick.space)?;
                log.push(format!("{name} powers up."));
                self.do_block(sp, bosses, rng, d, log)?;
            }
            Special::Revive => {
                let Some(f) = self.defeated_friends.pop() else {
                    return refuse("there is no defeated friend to bring back.");
                };
                self.players[s].hand.push(f);
                log.push(format!(
                    "{name} powers up: the last defeated friend returns to their hand ({} defeated now).",
                    self.defeated_friends.len()
                ));
            }
            Special::Refresh => {
                let c = col(pick.column, "column")?;
                let Some(f) = self.columns[c].pop() else {
                    return refuse(format!("column {} has no friend.", c + 1));
                };
                self.discard.push(f);
                log.push(format!(
                    "{name} powers up: {} leaves column {}.",
                    d.friends[f].label(),
                    c + 1
                ));
                self.refill_columns(d, log);
            }
            Special::Boost => {
                let Some(t) = &pick.target else {
                    return refuse("this needs `target:` (another player).");
                };
                let Some(w) = self.seat(t).filter(|&w| w != s) else {
                    return refuse("choose another player at this table.");
                };
                if self.players[w].powered {
                    return refuse(format!("{} is already powered up.", self.players[w].name));
                }
                self.players[w].powered = true;
                log.push(format!("{name} powers up {}.", self.players[w].name));
            }
        }
        self.players[s].powered = false;
        log.push(format!(
            "{}'s token now shows Power Down.",
            self.players[s].name
        ));
        Ok(())
    }
}

/// The options a special ability takes: (option, what it names, placeholder). Shared with
/// the guide and the refusals.
pub fn power_needs(sp: &Special) -> &'static [(&'static str, &'static str, &'static str)] {
    match sp {
        Special::ThreatDown { .. } | Special::Draw { .. } | Special::Revive => &[],
        Special::Move => &[
            ("from", "the column to take the current friend from", "1–5"),
            ("to", "the column to move it onto", "1–5"),
        ],
        Special::Swap => &[
            ("from", "one column", "1–5"),
            ("to", "the other column", "1–5"),
        ],
        Special::Block { .. } => &[("space", "the enemy space to block", "1–3")],
        Special::Refresh => &[("column", "the column whose current friend leaves", "1–5")],
        Special::Boost => &[("target", "the player to power up", "@player")],
    }
}

/// Refuses a `/nakama power` that lacks an option the character's ability needs (saying what
/// to add) or carries options it does not use (naming them), before anything changes.
fn power_options(who: &str, sp: &Special, pick: &Pick) -> Result<(), RuleError> {
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
    unused_options(&format!("{who}'s power"), pick, &allowed, &usage)?;
    let missing: Vec<String> = needs
        .iter()
        .filter(|(o, _, _)| !given.iter().any(|(g, set)| g == o && *set))
        .map(|(o, what, v)| format!("`{o}:` ({what}, {v})"))
        .collect();
    if !missing.is_empty() {
        return refuse(format!(
            "{who}'s power needs {}: {usage}.",
            missing.join(" and ")
        ));
    }
    Ok(())
}

/// Refuses options that `what` does not use, naming them (an option is never ignored in
/// silence): `usage` says how to type it instead.
fn unused_options(what: &str, pick: &Pick, allowed: &[&str], usage: &str) -> Result<(), RuleError> {
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
    refuse(format!(
        "{what} does not use {}; remove {}: {usage}.",
        extra.join(", "),
        if extra.len() == 1 { "it" } else { "them" }
    ))
}
