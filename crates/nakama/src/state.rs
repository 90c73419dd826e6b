//! The table state and the automatic parts of a turn: combat, the threat track, rest,
//! refills and the end-of-game checks. Pure: only the passed RNG and data are used.

use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::data::{Challenge, DieEffect, NakamaData};
use super::mission::{Face, Mission};
use croupier_core::rng::GameRng;
use croupier_core::table::{Phrase, UserId, Value};

/// Number of friend columns.
pub const COLUMNS: usize = 5;
/// Number of enemy spaces.
pub const SPACES: usize = 3;
/// The threat level at which a friend is lost.
pub const THREAT_LIMIT: u8 = 10;
/// Defeated friends that lose the game.
pub const DEFEAT_AT: usize = 5;
/// Enemies shuffled into the enemy deck at setup.
pub const ENEMIES_IN_PLAY: usize = 20;

/// An enemy or a boss (index into the data).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Foe {
    /// Enemy card.
    Enemy(usize),
    /// Boss card.
    Boss(usize),
}

impl Foe {
    /// Name.
    pub fn name<'d>(&self, d: &'d NakamaData) -> &'d str {
        match *self {
            Foe::Enemy(i) => &d.enemies[i].name,
            Foe::Boss(i) => &d.bosses[i].name,
        }
    }
    /// Its name in each language the data carries.
    pub fn said(&self, d: &NakamaData) -> Value {
        match *self {
            Foe::Enemy(i) => d.enemies[i].said_name(),
            Foe::Boss(i) => d.bosses[i].said_name(),
        }
    }
    /// Threat level.
    pub fn threat(&self, d: &NakamaData) -> u8 {
        match *self {
            Foe::Enemy(i) => d.enemies[i].threat,
            Foe::Boss(i) => d.bosses[i].threat,
        }
    }
    /// Reward in millions.
    pub fn reward(&self, d: &NakamaData) -> u32 {
        match *self {
            Foe::Enemy(i) => d.enemies[i].reward,
            Foe::Boss(i) => d.bosses[i].reward,
        }
    }
    /// Mission.
    pub fn mission<'d>(&self, d: &'d NakamaData) -> &'d Mission {
        match *self {
            Foe::Enemy(i) => &d.enemies[i].mission,
            Foe::Boss(i) => &d.bosses[i].mission,
        }
    }
    /// True for bosses.
    pub fn is_boss(&self) -> bool {
        matches!(self, Foe::Boss(_))
    }
}

/// A seated player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// User.
    pub user: UserId,
    /// Display name.
    pub name: String,
    /// Character (index into the data).
    pub character: usize,
    /// Hand (friend indices), hidden from everyone else.
    pub hand: Vec<usize>,
    /// Power Up! token face up (special ability available).
    pub powered: bool,
}

/// Where the session is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Players join and pick characters.
    Joining,
    /// Turns are running.
    Playing,
    /// The game has ended.
    Over,
}

/// Where the current turn is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Recruit phase: play a card (`extra`: a Recruit ability's optional second card).
    Recruit {
        /// Optional extra recruit.
        extra: bool,
    },
    /// The friend just recruited has an ability: use it or skip.
    Ability {
        /// Friend index.
        card: usize,
    },
    /// The die showed the straw hat: choose 1–5.
    Hat {
        /// Friend index whose table applies.
        card: usize,
    },
    /// An Exchange is under way: both players choose a card privately.
    Exchange {
        /// Seat of the other player.
        with: usize,
        /// The active player's chosen card.
        mine: Option<usize>,
        /// The other player's chosen card.
        theirs: Option<usize>,
    },
    /// Rest: the active player is over the hand size and must discard.
    Discard,
    /// The recruit is done (its ability resolved): before Combat, every player may use a
    /// special ability; the active player's Continue starts Combat. Only when the table's
    /// `react` setting is on.
    React,
    /// The lost-friend die showed the straw hat: the crew chooses which column's current
    /// friend is defeated (`/nakama lose column:`), then the turn resumes at `resume`.
    Lose {
        /// Where the turn goes on once the friend is chosen.
        resume: Resume,
    },
}

/// Where a turn resumes after the crew chose the friend to lose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resume {
    /// A friend's die ability raised the threat: the recruit ends (reaction step or Combat).
    Recruit,
    /// Combat goes on with the enemy in this space (0-based; `SPACES` = Combat is over).
    Combat {
        /// Next space to fight.
        next: usize,
    },
    /// A boss's challenge at Rest: Rest goes on (the remaining spaces, then the hand).
    Rest,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// 5 or more defeated friends.
    Defeat,
    /// The last friend card was drawn.
    AdventureOver,
    /// Every enemy of the enemy deck was defeated.
    KingOfThePirates,
}

/// A whole Nakama table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Nakama {
    /// Phase.
    pub phase: Phase,
    /// Seats in turn order.
    pub players: Vec<Player>,
    /// Active seat.
    pub turn: usize,
    /// Step of the active turn.
    pub step: Step,
    /// Turns started so far (1 = the first).
    pub turns: u32,
    /// Friend deck (top = last).
    pub friend_deck: Vec<usize>,
    /// The 5 columns, bottom first; the last card is the current friend.
    pub columns: Vec<Vec<usize>>,
    /// Defeated friends area (last = most recent).
    pub defeated_friends: Vec<usize>,
    /// Cards discarded from hands.
    pub discard: Vec<usize>,
    /// Private lines for players (seat, text) produced while applying an action, e.g. the card
    /// a boss's challenge made them discard. Emptied into private replies before the action
    /// returns; never stored.
    #[serde(skip)]
    pub private_notes: Vec<(usize, Phrase)>,
    /// Enemy deck (top = last).
    pub enemy_deck: Vec<Foe>,
    /// The 3 enemy spaces, left to right.
    pub spaces: Vec<Option<Foe>>,
    /// Defeated enemies area.
    pub defeated_enemies: Vec<Foe>,
    /// Cards not used this game (the enemies beyond 20, the bosses not added).
    pub out_of_game: Vec<Foe>,
    /// Threat track, 0–9 between steps.
    pub threat: u8,
    /// Bosses shuffled in.
    pub bosses: u8,
    /// How it ended.
    pub ending: Option<Ending>,
    /// Table setting: a reaction step between the recruit and Combat (`/nakama new react:`).
    /// Stored tables from before the setting read as off.
    #[serde(default)]
    pub react: bool,
    /// The table chose the reaction step (`react:on` or `react:off`); otherwise it is on with
    /// two or more players and off in solo play, where nobody else could react.
    #[serde(default)]
    pub react_chosen: bool,
    /// Enemies defeated in this turn's Combat (Rest shifts enemies left only after a defeat).
    #[serde(default)]
    pub turn_defeats: u8,
    /// Friends lost to the threat track or a boss so far (names each lost-friend decision).
    #[serde(default)]
    pub losses: u32,
}

/// The rank's place among the rulebook's eight (`nakama-rank` in the catalogue, Cabin Boy
/// first) for a reward total (millions of Berries): one tier per ten millions, the last from 71.
fn tier(millions: u32) -> usize {
    match millions {
        0..=10 => 0,
        11..=20 => 1,
        21..=30 => 2,
        31..=40 => 3,
        41..=50 => 4,
        51..=60 => 5,
        61..=70 => 6,
        _ => 7,
    }
}

/// The rulebook's rank for a reward total (millions of Berries), in English.
pub fn rank(millions: u32) -> String {
    rank_said(millions).text(croupier_core::i18n::Locale::En)
}

/// [`rank`] in words.
pub fn rank_said(millions: u32) -> Phrase {
    Phrase::new("nakama-rank").arg("tier", tier(millions) as i64)
}

/// Berries as text (`฿12,000,000`).
pub fn berries(millions: u32) -> String {
    if millions == 0 {
        "฿0".into()
    } else {
        format!("฿{millions},000,000")
    }
}

/// What a card that moves the threat token forward `n` from `threat` says: where the token
/// now stands, or only the move when it reaches the limit (the loss of a friend follows).
pub fn forward_line(threat: u8, n: u8) -> Phrase {
    let to = threat.saturating_add(n);
    Phrase::new("nakama-threat-forward")
        .arg("n", i64::from(n))
        .arg("now", if to < THREAT_LIMIT { i64::from(to) } else { -1 })
}

/// Values written one after another, `a, b, c` (`nakama-list`: the names' own separator in
/// each language); `none` when there are none.
pub fn list(values: Vec<Value>) -> Value {
    let mut it = values.into_iter();
    let Some(first) = it.next() else {
        return Phrase::new("nakama-none").into();
    };
    it.fold(first, |a, b| {
        Phrase::new("nakama-list").arg("a", a).arg("b", b).into()
    })
}

/// A die roll: 1–5, or `None` for the straw hat.
pub fn roll_die(rng: &mut GameRng) -> Option<u8> {
    match rng.random_range(1..=6u8) {
        6 => None,
        v => Some(v),
    }
}

impl Nakama {
    /// A table waiting for players.
    pub fn empty() -> Self {
        Nakama {
            phase: Phase::Joining,
            players: vec![],
            turn: 0,
            step: Step::Recruit { extra: false },
            turns: 0,
            friend_deck: vec![],
            columns: vec![vec![]; COLUMNS],
            defeated_friends: vec![],
            discard: vec![],
            private_notes: vec![],
            enemy_deck: vec![],
            spaces: vec![None; SPACES],
            defeated_enemies: vec![],
            out_of_game: vec![],
            threat: 0,
            bosses: 0,
            ending: None,
            react: false,
            react_chosen: false,
            turn_defeats: 0,
            losses: 0,
        }
    }

    /// Cards a hand holds after Rest: 4, or 6 solo.
    pub fn hand_size(&self) -> usize {
        if self.players.len() == 1 {
            6
        } else {
            4
        }
    }

    /// True once an ending is reached.
    pub fn over(&self) -> bool {
        self.ending.is_some()
    }

    /// Reward total of the defeated enemies and bosses (millions).
    pub fn reward(&self, d: &NakamaData) -> u32 {
        self.defeated_enemies.iter().map(|f| f.reward(d)).sum()
    }

    /// Current friends' faces, column 1 first (`None` for an empty column).
    pub fn current(&self, d: &NakamaData) -> Vec<Option<Face>> {
        self.columns
            .iter()
            .map(|c| c.last().map(|&i| d.friends[i].face()))
            .collect()
    }

    /// Setup, exactly as the rules: Luffy starts, tokens face up, 20 random enemies (3 placed,
    /// then `bosses` random bosses shuffled in), 5 friends in the columns, hands dealt, threat 0.
    pub fn setup(&mut self, bosses: u8, rng: &mut GameRng, d: &NakamaData) {
        if let Some(l) = self
            .players
            .iter()
            .position(|p| d.characters[p.character].id == "luffy")
        {
            self.players.rotate_left(l);
        }
        for p in &mut self.players {
            p.powered = true;
            p.hand.clear();
        }
        let mut enemies: Vec<usize> = (0..d.enemies.len()).collect();
        enemies.shuffle(rng);
        let n = ENEMIES_IN_PLAY.min(enemies.len());
        self.out_of_game = enemies[n..].iter().map(|&i| Foe::Enemy(i)).collect();
        self.enemy_deck = enemies[..n].iter().map(|&i| Foe::Enemy(i)).collect();
        for s in 0..SPACES {
            self.spaces[s] = self.enemy_deck.pop();
        }
        let mut boss_ids: Vec<usize> = (0..d.bosses.len()).collect();
        boss_ids.shuffle(rng);
        let b = usize::from(bosses).min(boss_ids.len());
        self.bosses = b as u8;
        self.enemy_deck
            .extend(boss_ids[..b].iter().map(|&i| Foe::Boss(i)));
        self.out_of_game
            .extend(boss_ids[b..].iter().map(|&i| Foe::Boss(i)));
        self.enemy_deck.shuffle(rng);
        self.friend_deck = (0..d.friends.len()).collect();
        self.friend_deck.shuffle(rng);
        for c in 0..COLUMNS {
            if let Some(f) = self.friend_deck.pop() {
                self.columns[c] = vec![f];
            }
        }
        let hs = self.hand_size();
        for p in 0..self.players.len() {
            for _ in 0..hs {
                if let Some(f) = self.draw() {
                    self.players[p].hand.push(f);
                }
            }
        }
        self.threat = 0;
        self.turn = 0;
        self.turns = 1;
        self.turn_defeats = 0;
        self.step = Step::Recruit { extra: false };
        self.phase = Phase::Playing;
    }

    /// Ends the game (the first ending wins).
    pub fn end(&mut self, e: Ending) {
        if self.ending.is_none() {
            self.ending = Some(e);
        }
        self.phase = Phase::Over;
    }

    /// The end-of-game announcement, once the game is over.
    pub fn ending_text(&self, d: &NakamaData) -> Option<Phrase> {
        let r = self.reward(d);
        let ending = match self.ending? {
            Ending::Defeat => "defeat",
            Ending::AdventureOver => "over",
            Ending::KingOfThePirates => "king",
        };
        Some(
            Phrase::new("nakama-ending")
                .arg("ending", ending)
                .arg("defeated", self.defeated_friends.len() as i64)
                .arg("berries", berries(r))
                .arg("rank", rank_said(r)),
        )
    }

    /// Draws the top friend card; drawing the last one ends the adventure at once.
    pub fn draw(&mut self) -> Option<usize> {
        let f = self.friend_deck.pop()?;
        if self.friend_deck.is_empty() {
            self.end(Ending::AdventureOver);
        }
        Some(f)
    }

    /// Fills every empty column from the friend deck (no abilities resolve).
    pub fn refill_columns(&mut self, d: &NakamaData, log: &mut Vec<Value>) {
        for c in 0..COLUMNS {
            if self.over() {
                return;
            }
            if self.columns[c].is_empty() {
                if let Some(f) = self.draw() {
                    self.columns[c].push(f);
                    log.push(
                        Phrase::new("nakama-refilled")
                            .arg("column", (c + 1) as i64)
                            .arg("card", d.friends[f].short_said())
                            .into(),
                    );
                }
            }
        }
    }

    /// The column whose current friend is weakest (leftmost on ties): the choice the crew is
    /// offered first after a straw hat.
    pub fn weakest_column(&self, d: &NakamaData) -> usize {
        (0..COLUMNS)
            .min_by_key(|&c| {
                self.columns[c]
                    .last()
                    .map(|&f| d.friends[f].power)
                    .unwrap_or(u8::MAX)
            })
            .unwrap_or(0)
    }

    /// A friend is lost: roll the die for the column. On the straw hat nothing is lost yet and
    /// `true` is returned: the crew chooses the column (the caller sets [`Step::Lose`]).
    pub fn lose_friend(&mut self, rng: &mut GameRng, d: &NakamaData, log: &mut Vec<Value>) -> bool {
        match roll_die(rng) {
            Some(v) => {
                log.push(
                    Phrase::new("nakama-lose-die")
                        .arg("value", i64::from(v))
                        .into(),
                );
                self.lose_column(usize::from(v - 1), d, log);
                false
            }
            None => {
                log.push(Phrase::new("nakama-lose-hat").into());
                true
            }
        }
    }

    /// Column `c`'s current friend goes to the defeated-friends area (then defeat check, refill).
    pub fn lose_column(&mut self, c: usize, d: &NakamaData, log: &mut Vec<Value>) {
        self.losses += 1;
        if let Some(f) = self.columns.get_mut(c).and_then(Vec::pop) {
            self.defeated_friends.push(f);
            log.push(
                Phrase::new("nakama-friend-defeated")
                    .arg("card", d.friends[f].label_said())
                    .arg("column", (c + 1) as i64)
                    .arg("count", self.defeated_friends.len() as i64)
                    .into(),
            );
        }
        if self.defeated_friends.len() >= DEFEAT_AT {
            self.end(Ending::Defeat);
            return;
        }
        self.refill_columns(d, log);
    }

    /// Moves the threat token forward; at 10 a friend is lost and the token returns to 0.
    /// Returns `true` when the crew must choose the friend (a straw hat).
    pub fn raise_threat(
        &mut self,
        n: u8,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> bool {
        let t = self.threat.saturating_add(n);
        if t >= THREAT_LIMIT {
            self.threat = 0;
            log.push(
                Phrase::new("nakama-threat-limit")
                    .arg("limit", i64::from(THREAT_LIMIT))
                    .into(),
            );
            self.lose_friend(rng, d, log)
        } else {
            self.threat = t;
            false
        }
    }

    /// Moves the threat token back (not below 0).
    pub fn lower_threat(&mut self, n: u8) {
        self.threat = self.threat.saturating_sub(n);
    }

    /// Applies one die result for the active player. Returns `true` when the crew must choose
    /// a friend to lose (a straw hat on the lost-friend roll).
    pub fn die_effect(
        &mut self,
        e: &DieEffect,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> bool {
        match *e {
            DieEffect::ThreatDown { n } => {
                self.lower_threat(n);
                log.push(
                    Phrase::new("nakama-threat-back")
                        .arg("n", i64::from(n))
                        .arg("now", i64::from(self.threat))
                        .into(),
                );
                false
            }
            DieEffect::ThreatUp { n } => {
                log.push(forward_line(self.threat, n).into());
                self.raise_threat(n, rng, d, log)
            }
            DieEffect::Draw { n } => {
                let p = self.turn;
                let mut got = 0;
                for _ in 0..n {
                    match self.draw() {
                        Some(f) => {
                            self.players[p].hand.push(f);
                            got += 1;
                        }
                        None => break,
                    }
                }
                log.push(
                    Phrase::new("nakama-die-draws")
                        .arg("who", self.players[p].name.as_str())
                        .arg("count", got)
                        .into(),
                );
                false
            }
            DieEffect::PowerUp => {
                self.players[self.turn].powered = true;
                log.push(
                    Phrase::new("nakama-die-powered")
                        .arg("who", self.players[self.turn].name.as_str())
                        .into(),
                );
                false
            }
            DieEffect::Nothing => {
                log.push(Phrase::new("nakama-die-nothing").into());
                false
            }
        }
    }

    /// Combat: every enemy from left to right (from space `first`, 0-based) against the
    /// current friends. Returns `true` when it paused for the crew to choose a lost friend
    /// (the step is then [`Step::Lose`]).
    pub fn combat(
        &mut self,
        first: usize,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> bool {
        for s in first..SPACES {
            if self.over() {
                return false;
            }
            let Some(foe) = self.spaces[s] else { continue };
            let cur = self.current(d);
            let t = foe.threat(d);
            if foe.mission(d).check(&cur) {
                self.spaces[s] = None;
                self.defeated_enemies.push(foe);
                self.turn_defeats = self.turn_defeats.saturating_add(1);
                self.lower_threat(t);
                log.push(
                    Phrase::new("nakama-combat-defeated")
                        .arg("enemy", foe.said(d))
                        .arg("threat", i64::from(t))
                        .arg("now", i64::from(self.threat))
                        .arg("reward", berries(foe.reward(d)))
                        .into(),
                );
            } else {
                log.push(
                    Phrase::new("nakama-combat-holds")
                        .arg("enemy", foe.said(d))
                        .arg("threat", i64::from(t))
                        .into(),
                );
                if self.raise_threat(t, rng, d, log) {
                    self.step = Step::Lose {
                        resume: Resume::Combat { next: s + 1 },
                    };
                    return true;
                }
                if !self.over() {
                    log.push(
                        Phrase::new("nakama-threat-now")
                            .arg("threat", i64::from(self.threat))
                            .into(),
                    );
                }
            }
        }
        self.check_king();
        false
    }

    fn check_king(&mut self) {
        if !self.over() && self.enemy_deck.is_empty() && self.spaces.iter().all(Option::is_none) {
            self.end(Ending::KingOfThePirates);
        }
    }

    /// A boss's challenge as it enters play. Returns `true` when the crew must choose a
    /// friend to lose.
    pub fn challenge(
        &mut self,
        c: &Challenge,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> bool {
        match *c {
            Challenge::ThreatUp { n } => {
                log.push(forward_line(self.threat, n).into());
                return self.raise_threat(n, rng, d, log);
            }
            Challenge::PowerDownAll => {
                for p in &mut self.players {
                    p.powered = false;
                }
            }
            Challenge::LoseFriend => return self.lose_friend(rng, d, log),
            Challenge::Discard { n } => {
                for (seat, p) in self.players.iter_mut().enumerate() {
                    let mut lost = vec![];
                    for _ in 0..n {
                        if p.hand.is_empty() {
                            break;
                        }
                        let i = rng.random_range(0..p.hand.len());
                        let card = p.hand.remove(i);
                        lost.push(d.friends[card].long_said());
                        self.discard.push(card);
                    }
                    // Which card left a hand is that player's to know (hands are hidden).
                    if !lost.is_empty() {
                        self.private_notes.push((
                            seat,
                            Phrase::new("nakama-challenge-discarded").arg("cards", list(lost)),
                        ));
                    }
                }
            }
        }
        false
    }

    /// Rest, enemy part: after a defeat this turn, the remaining enemies close the gaps to the
    /// left; then every empty space is refilled from the enemy deck (a space a Block emptied
    /// is refilled where it is). Bosses' challenges resolve as they enter. Returns `true` when
    /// a challenge paused Rest for the crew to choose a lost friend (step [`Step::Lose`]).
    pub fn refill_enemies(
        &mut self,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) -> bool {
        if self.spaces.iter().all(Option::is_some) {
            return false;
        }
        if self.turn_defeats > 0 {
            let mut left: Vec<Option<Foe>> =
                self.spaces.iter().flatten().map(|&f| Some(f)).collect();
            left.resize(SPACES, None);
            self.spaces = left;
        }
        for s in 0..SPACES {
            if self.over() {
                return false;
            }
            if self.spaces[s].is_none() {
                let Some(foe) = self.enemy_deck.pop() else {
                    break;
                };
                self.spaces[s] = Some(foe);
                log.push(
                    Phrase::new("nakama-enemy-enters")
                        .arg("boss", if foe.is_boss() { "yes" } else { "no" })
                        .arg("enemy", foe.said(d))
                        .arg("space", (s + 1) as i64)
                        .arg("mission", foe.mission(d).sentence_said())
                        .into(),
                );
                if let Foe::Boss(b) = foe {
                    let c = d.bosses[b].challenge.clone();
                    log.push(
                        Phrase::new("nakama-challenge-line")
                            .arg("challenge", c.said())
                            .into(),
                    );
                    if self.challenge(&c, rng, d, log) {
                        self.step = Step::Lose {
                            resume: Resume::Rest,
                        };
                        return true;
                    }
                }
            }
        }
        self.check_king();
        false
    }

    /// Rest, hand part: draw up to the hand size. Returns true if a discard is needed.
    pub fn refill_hand(&mut self, log: &mut Vec<Value>) -> bool {
        let p = self.turn;
        let hs = self.hand_size();
        let mut drawn = 0;
        while self.players[p].hand.len() < hs && !self.over() {
            match self.draw() {
                Some(f) => {
                    self.players[p].hand.push(f);
                    drawn += 1;
                }
                None => break,
            }
        }
        if drawn > 0 {
            log.push(
                Phrase::new("nakama-rest-draws")
                    .arg("who", self.players[p].name.as_str())
                    .arg("count", drawn)
                    .into(),
            );
        }
        self.players[p].hand.len() > hs
    }

    /// The recruit (and its ability) is done: the reaction step when the table has it, else
    /// Combat and Rest at once.
    pub fn end_recruit(&mut self, rng: &mut GameRng, d: &NakamaData, log: &mut Vec<Value>) {
        if self.over() {
            return;
        }
        if self.react {
            self.step = Step::React;
        } else {
            self.finish_recruit(rng, d, log);
        }
    }

    /// After the Recruit phase: Combat, then Rest, then the next turn (unless a discard or the
    /// crew's choice of a lost friend waits).
    pub fn finish_recruit(&mut self, rng: &mut GameRng, d: &NakamaData, log: &mut Vec<Value>) {
        self.turn_defeats = 0;
        self.resume(Resume::Combat { next: 0 }, rng, d, log);
    }

    /// Goes on with the turn from `from` (after a lost friend was chosen, or from Combat).
    pub fn resume(
        &mut self,
        from: Resume,
        rng: &mut GameRng,
        d: &NakamaData,
        log: &mut Vec<Value>,
    ) {
        if self.over() {
            return;
        }
        match from {
            Resume::Recruit => return self.end_recruit(rng, d, log),
            Resume::Combat { next } => {
                if self.combat(next, rng, d, log) || self.over() {
                    return;
                }
            }
            Resume::Rest => {}
        }
        if self.refill_enemies(rng, d, log) || self.over() {
            return;
        }
        if self.refill_hand(log) {
            self.step = Step::Discard;
            return;
        }
        if self.over() {
            return;
        }
        self.next_turn();
    }

    /// Play passes to the left.
    pub fn next_turn(&mut self) {
        self.turn = (self.turn + 1) % self.players.len().max(1);
        self.turns += 1;
        self.turn_defeats = 0;
        self.step = Step::Recruit { extra: false };
    }

    /// Every friend index in deck, hands, columns, defeated area and discard pile.
    pub fn all_friends(&self) -> Vec<usize> {
        let mut v = self.friend_deck.clone();
        for p in &self.players {
            v.extend(&p.hand);
        }
        for c in &self.columns {
            v.extend(c);
        }
        v.extend(&self.defeated_friends);
        v.extend(&self.discard);
        v
    }

    /// Every enemy and boss in deck, spaces, defeated area and out of the game.
    pub fn all_foes(&self) -> Vec<Foe> {
        let mut v = self.enemy_deck.clone();
        v.extend(self.spaces.iter().flatten());
        v.extend(&self.defeated_enemies);
        v.extend(&self.out_of_game);
        v
    }
}
