//! What players see: the public board, the private hand, and the prompts of each step.
//! Only [`hand`] shows a hand's cards, and it is only ever sent privately. Every message is a
//! `Said::Phrase` of `locales/*/nakama.ftl`, written in each reader's language.

use super::commands::{ExchangeAs, NakamaCommand, PickOptions};
use super::data::{Ability, NakamaData};
use super::state::{
    berries, list, rank, rank_said, Ending, Nakama, Phase, Step, COLUMNS, DEFEAT_AT, THREAT_LIMIT,
};
use croupier_core::i18n::Locale;
use croupier_core::table::{
    english, ButtonStyle, Message, Phrase, Reply, Select, SelectOption, UserId, Value,
};

/// Which step the turn is in, in words.
pub fn step_said(g: &Nakama, d: &NakamaData) -> Phrase {
    let who = g
        .players
        .get(g.turn)
        .map(|p| p.name.as_str())
        .unwrap_or("?");
    let p = Phrase::new("nakama-step").arg("who", who);
    match &g.step {
        Step::Recruit { extra: false } => p.arg("step", "recruit"),
        Step::Recruit { extra: true } => p.arg("step", "extra"),
        Step::Ability { card } => p
            .arg("step", "ability")
            .arg("card", d.friends[*card].short_said()),
        Step::Hat { .. } => p.arg("step", "hat"),
        Step::Exchange { with, .. } => p.arg("step", "exchange").arg(
            "with",
            g.players.get(*with).map(|p| p.name.as_str()).unwrap_or("?"),
        ),
        Step::Discard => p.arg("step", "discard").arg("size", g.hand_size() as i64),
        Step::React => p.arg("step", "react"),
        Step::Lose { .. } => p.arg("step", "lose"),
    }
}

/// Where Combat stands before it runs, in a line: the threat and each enemy's mission, met or
/// not (what a power in the reaction step changes).
pub fn react_status(g: &Nakama, d: &NakamaData) -> Value {
    match view_model(g, d, &croupier_core::table::Viewer::public()) {
        Ok(v) => {
            let foes: Vec<Value> = v
                .spaces
                .iter()
                .enumerate()
                .map(|(i, s)| enemy_line(i, s, false).into())
                .collect();
            let mut it = foes.into_iter();
            let first = it.next().unwrap_or_else(|| Value::from(""));
            let foes = it.fold(first, |a, b| {
                Phrase::new("nakama-dot").arg("a", a).arg("b", b).into()
            });
            Phrase::new("nakama-react-status")
                .arg("threat", i64::from(v.threat))
                .arg("foes", foes)
                .into()
        }
        Err(e) => e.0.into(),
    }
}

/// One enemy space: `1. Name ✅ met`, or with `detail` its threat, reward and mission too.
fn enemy_line(i: usize, space: &Option<FoeView>, detail: bool) -> Phrase {
    let pos = (i + 1) as i64;
    let Some(f) = space else {
        return Phrase::new("nakama-enemy-empty").arg("pos", pos);
    };
    let p = Phrase::new(if detail {
        "nakama-enemy"
    } else {
        "nakama-enemy-short"
    })
    .arg("pos", pos)
    .arg("name", f.name_said.clone())
    .arg("met", if f.met { "yes" } else { "no" });
    if detail {
        p.arg("boss", if f.boss { "yes" } else { "no" })
            .arg("threat", i64::from(f.threat))
            .arg("reward", berries(f.reward))
            .arg("mission", f.mission_said.clone())
    } else {
        p
    }
}

/// The public board.
pub fn board(g: &Nakama, d: &NakamaData) -> Message {
    match view_model(g, d, &croupier_core::table::Viewer::public()) {
        Ok(v) => board_of(&v),
        Err(e) => Message::phrase(
            Phrase::titled("nakama-board-title", "nakama-bad-state").arg("problem", e.0),
        ),
    }
}

/// The public board, written from a view (the same the picture draws).
pub fn board_of(v: &NakamaView) -> Message {
    board_phrase(v, "nakama-board-title", board_status(v))
}

/// What the board's text says under its title.
fn board_status(v: &NakamaView) -> Value {
    let p = Phrase::new("nakama-board-status").arg("turn", i64::from(v.turns));
    match (v.phase, &v.pending_said) {
        (Phase::Joining, _) => p.arg("phase", "joining"),
        (Phase::Playing, Some(pending)) => {
            p.arg("phase", "playing").arg("pending", pending.clone())
        }
        (Phase::Playing, None) => p.arg("phase", "playing").arg("pending", ""),
        (Phase::Over, _) => p.arg("phase", "over"),
    }
    .into()
}

/// The board under `title` with `text`: its fields (enemies, columns, threat, the defeated,
/// decks, crew) and, while playing, the My hand button.
fn board_phrase(v: &NakamaView, title: &str, text: Value) -> Message {
    let enemies: Vec<Value> = v
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| enemy_line(i, s, true).into())
        .collect();
    let cols: Vec<Value> = v
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let former: Vec<Value> = c[..c.len().saturating_sub(1)]
                .iter()
                .map(|f| f.label_said.clone())
                .collect();
            let current: Value = c
                .last()
                .map(|f| f.short_said.clone())
                .unwrap_or_else(|| Phrase::new("nakama-empty").into());
            Phrase::new("nakama-column-line")
                .arg("column", (i + 1) as i64)
                .arg("current", current)
                .arg("earlier", if former.is_empty() { "no" } else { "yes" })
                .arg("former", list(former))
                .into()
        })
        .collect();
    let track: String = (0..THREAT_LIMIT)
        .map(|i| if i == v.threat { '●' } else { '·' })
        .collect();
    let crew: Vec<Value> = v
        .players
        .iter()
        .map(|p| {
            Phrase::new("nakama-crew-line")
                .arg("active", if p.active { "yes" } else { "no" })
                .arg("name", p.name.as_str())
                .arg("character", p.character_said.clone())
                .arg("token", token(p.powered))
                .arg("cards", p.cards as i64)
                .into()
        })
        .collect();
    let mut p = Phrase::titled(title, "nakama-board")
        .arg("text", text)
        .field(Phrase::new("nakama-field-enemies"), Value::Lines(enemies))
        .field(Phrase::new("nakama-field-columns"), Value::Lines(cols))
        .field(
            Phrase::new("nakama-field-threat"),
            Phrase::new("nakama-threat-track")
                .arg("threat", i64::from(v.threat))
                .arg("track", track),
        )
        .field(
            Phrase::new("nakama-field-defeated-friends")
                .arg("count", v.defeated_friends.len() as i64)
                .arg("limit", DEFEAT_AT as i64),
            list(v.defeated_friends_said.clone()),
        )
        .field(
            Phrase::new("nakama-field-defeated-enemies")
                .arg("count", v.defeated_enemies.len() as i64),
            Phrase::new("nakama-defeated-enemies")
                .arg("names", list(v.defeated_enemies_said.clone()))
                .arg("rewards", v.rewards_said.clone()),
        )
        .field(
            Phrase::new("nakama-field-decks"),
            Phrase::new("nakama-decks")
                .arg("friends", v.friend_deck as i64)
                .arg("enemies", v.enemy_deck as i64),
        );
    if !crew.is_empty() {
        p = p.field(Phrase::new("nakama-field-crew"), Value::Lines(crew));
    }
    let mut m = Message::phrase(p);
    // Threat and Decks sit side by side (Discord's inline fields).
    for i in [2, 5] {
        if let Some(f) = m.fields.get_mut(i) {
            f.inline = true;
        }
    }
    if v.phase == Phase::Playing {
        m = m
            .labelled(&["nakama-button-hand"])
            .button(english("nakama-button-hand"), &NakamaCommand::Hand);
    }
    m
}

/// A Power Up! token's face, in words.
fn token(powered: bool) -> Phrase {
    Phrase::new("nakama-token").arg("up", if powered { "yes" } else { "no" })
}

/// The board with the ending.
pub fn final_board(g: &Nakama, d: &NakamaData, ending: Phrase) -> Message {
    match view_model(g, d, &croupier_core::table::Viewer::public()) {
        Ok(v) => {
            let mut m = board_phrase(&v, "nakama-end-title", ending.into());
            m.buttons.clear();
            if let Some(croupier_core::table::Said::Phrase(p)) = &mut m.said {
                p.buttons.clear();
            }
            m
        }
        Err(e) => Message::phrase(
            Phrase::titled("nakama-end-title", "nakama-bad-state").arg("problem", e.0),
        ),
    }
}

/// The My hand and Board buttons under a message.
pub fn hand_and_board(m: Message) -> Message {
    m.labelled(&["nakama-button-hand", "nakama-button-board"])
        .button(english("nakama-button-hand"), &NakamaCommand::Hand)
        .button(english("nakama-button-board"), &NakamaCommand::Board)
}

/// A player's hand (send only with `Reply::private`), with the menu that fits the step.
pub fn hand(g: &Nakama, s: usize, d: &NakamaData) -> Message {
    let p = &g.players[s];
    let list: Vec<Value> = p
        .hand
        .iter()
        .enumerate()
        .map(|(i, &f)| {
            Phrase::new("nakama-hand-line")
                .arg("pos", (i + 1) as i64)
                .arg("card", d.friends[f].long_said())
                .into()
        })
        .collect();
    let ch = &d.characters[p.character];
    let cards: Vec<SelectOption> = p
        .hand
        .iter()
        .map(|&f| {
            let fr = &d.friends[f];
            // Discord caps labels and descriptions at 100 characters.
            SelectOption {
                label: fr.label(),
                value: fr.id.clone(),
                description: fr
                    .ability
                    .as_ref()
                    .map(|a| a.render().chars().take(100).collect()),
            }
        })
        .collect();
    let descriptions: Vec<Option<Value>> = p
        .hand
        .iter()
        .map(|&f| d.friends[f].ability.as_ref().map(|a| a.said().into()))
        .collect();
    let menu = match &g.step {
        _ if g.phase != Phase::Playing => None,
        Step::Recruit { .. } if s == g.turn && !p.hand.is_empty() => Some((
            "nakama-menu-recruit",
            NakamaCommand::Recruit {
                card: String::new(),
                column: None,
            },
        )),
        Step::Exchange { with, mine, theirs }
            if (s == g.turn && mine.is_none()) || (s == *with && theirs.is_none()) =>
        {
            Some((
                "nakama-menu-give",
                NakamaCommand::Give {
                    card: String::new(),
                },
            ))
        }
        Step::Discard if s == g.turn => Some((
            "nakama-menu-discard",
            NakamaCommand::Discard {
                card: String::new(),
            },
        )),
        _ => None,
    };
    let mut said = Phrase::titled("nakama-hand-title", "nakama-hand")
        .arg(
            "cards",
            if list.is_empty() {
                Phrase::new("nakama-empty").into()
            } else {
                Value::Lines(list)
            },
        )
        .field(
            Phrase::new("nakama-hand-character")
                .arg("character", ch.said_name())
                .arg("token", token(p.powered)),
            ch.special.said(),
        );
    if let Some((placeholder, _)) = &menu {
        // A card is named by its colour and number, in the reader's language.
        let labels = p
            .hand
            .iter()
            .map(|&f| Some(d.friends[f].label_said()))
            .collect();
        said = said.menu_entries(Phrase::new(placeholder), labels, descriptions);
    }
    let mut m = Message::phrase(said);
    if g.phase == Phase::Playing {
        // The hand changes when others act (an exchange, a boss's discard): a fresh copy is
        // one press away.
        m = m.labelled(&["nakama-button-refresh"]).styled_button(
            english("nakama-button-refresh"),
            &NakamaCommand::Hand,
            ButtonStyle::Secondary,
        );
        if let Some((placeholder, command)) = menu {
            m = m.with_select(Select::new(english(placeholder), &command, "card", cards));
        }
    }
    m
}

/// After picking a card without a column: one button per column (private).
pub fn column_prompt(d: &NakamaData, f: usize) -> Message {
    let fr = &d.friends[f];
    let keys: Vec<String> = (1..=COLUMNS)
        .map(|c| format!("nakama-button-column-{c}"))
        .collect();
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    let mut m = Message::phrase(Phrase::new("nakama-which-column").arg("card", fr.long_said()))
        .labelled(&keys);
    for (c, key) in (1..=5).zip(&keys) {
        m = m.button(
            english(key),
            &NakamaCommand::Recruit {
                card: fr.id.clone(),
                column: Some(c),
            },
        );
    }
    m
}

/// The public "your turn" message.
pub fn turn_prompt(g: &Nakama, d: &NakamaData) -> Reply {
    let p = &g.players[g.turn];
    Reply::public(
        hand_and_board(Message::phrase(
            Phrase::new("nakama-turn")
                .arg("turn", i64::from(g.turns))
                .arg("who", p.user.mention())
                .arg("character", d.characters[p.character].said_name())
                .arg("threat", i64::from(g.threat)),
        ))
        .ping(&p.user),
    )
}

/// Prompts for the step the turn waits in (public, never naming hand cards).
pub fn step_prompts(g: &Nakama, d: &NakamaData) -> Vec<Reply> {
    if g.phase != Phase::Playing {
        return vec![];
    }
    let p = &g.players[g.turn];
    let no_pick = NakamaCommand::ability(PickOptions::default(), None);
    // Column `c` (0-based) as the lost friend's.
    let lose = |c: usize| NakamaCommand::Lose {
        column: u8::try_from(c + 1).unwrap_or(u8::MAX),
    };
    let who = p.user.mention();
    let m = match &g.step {
        Step::Recruit { extra: true } => {
            Message::phrase(Phrase::new("nakama-prompt-extra").arg("who", who.as_str()))
                .labelled(&["nakama-button-hand", "nakama-button-skip"])
                .button(english("nakama-button-hand"), &NakamaCommand::Hand)
                .button(english("nakama-button-skip"), &NakamaCommand::Skip)
        }
        Step::Ability { card } => {
            let ability = &d.friends[*card].ability;
            let how = match ability {
                Some(Ability::Move) => "move",
                Some(Ability::Exchange) if g.players.len() == 1 => "solo-exchange",
                _ => "buttons",
            };
            let mut said = Phrase::new("nakama-prompt-ability")
                .arg("who", who.as_str())
                .arg("card", d.friends[*card].long_said())
                .arg("how", how);
            // The buttons: (label key, command); a player's name goes in as `$withN`.
            let mut buttons: Vec<(String, NakamaCommand)> = vec![];
            match ability {
                Some(Ability::Block) => {
                    for s in 1..=3u8 {
                        if g.spaces[usize::from(s) - 1].is_some() {
                            buttons.push((
                                format!("nakama-button-block-{s}"),
                                NakamaCommand::ability(
                                    PickOptions {
                                        space: Some(s),
                                        ..Default::default()
                                    },
                                    None,
                                ),
                            ));
                        }
                    }
                }
                Some(Ability::Exchange) if g.players.len() == 1 => {
                    buttons.push((
                        "nakama-button-as-recruit".into(),
                        NakamaCommand::Ability {
                            pick: PickOptions::default(),
                            value: None,
                            mode: Some(ExchangeAs::Recruit),
                        },
                    ));
                }
                Some(Ability::Exchange) => {
                    for (i, o) in g.players.iter().enumerate() {
                        if i != g.turn {
                            said = said.arg(&format!("with{}", i + 1), o.name.as_str());
                            buttons.push((
                                format!("nakama-button-exchange-{}", i + 1),
                                NakamaCommand::ability(
                                    PickOptions {
                                        target: Some(UserId::new(&o.user.0)),
                                        ..Default::default()
                                    },
                                    None,
                                ),
                            ));
                        }
                    }
                }
                Some(Ability::PowerUp) => {
                    buttons.push(("nakama-button-power-up".into(), no_pick.clone()))
                }
                Some(Ability::Recruit) => {
                    buttons.push(("nakama-button-recruit-again".into(), no_pick.clone()))
                }
                Some(Ability::Die { .. }) => {
                    buttons.push(("nakama-button-roll".into(), no_pick.clone()))
                }
                Some(Ability::Move) | None => {}
            }
            buttons.push(("nakama-button-skip".into(), NakamaCommand::Skip));
            let keys: Vec<&str> = buttons.iter().map(|(k, _)| k.as_str()).collect();
            let labels = english_labels(&said, &keys);
            let mut m = Message::phrase(said.clone()).labelled(&keys);
            for ((_, command), label) in buttons.iter().zip(labels) {
                m = m.button(label, command);
            }
            m
        }
        Step::Hat { .. } => {
            let keys: Vec<String> = (1..=5)
                .map(|v| format!("nakama-button-value-{v}"))
                .collect();
            let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
            let mut m = Message::phrase(Phrase::new("nakama-prompt-hat").arg("who", who.as_str()))
                .labelled(&keys);
            for (v, key) in (1..=5).zip(&keys) {
                m = m.button(
                    english(key),
                    &NakamaCommand::ability(PickOptions::default(), Some(v)),
                );
            }
            m
        }
        Step::Exchange { .. } => Message::phrase(Phrase::new("nakama-prompt-exchange")),
        Step::Discard => Message::phrase(
            Phrase::new("nakama-prompt-discard")
                .arg("who", who.as_str())
                .arg("size", g.hand_size() as i64),
        )
        .labelled(&["nakama-button-hand"])
        .button(english("nakama-button-hand"), &NakamaCommand::Hand),
        Step::React => {
            return vec![
                Reply::public(board(g, d)),
                Reply::public(
                    Message::phrase(Phrase::new("nakama-prompt-react").arg("who", who.as_str()))
                        .labelled(&["nakama-button-continue"])
                        .ping(&p.user)
                        .button(english("nakama-button-continue"), &NakamaCommand::Continue),
                ),
            ]
        }
        Step::Lose { .. } => {
            let weakest = g.weakest_column(d);
            let mut said = Phrase::new("nakama-prompt-lose");
            // Each column's current friend goes in as `$cardN`.
            let mut buttons: Vec<(String, NakamaCommand, ButtonStyle)> = vec![];
            for c in 0..COLUMNS {
                if let Some(&f) = g.columns[c].last() {
                    said = said.arg(&format!("card{}", c + 1), d.friends[f].label_said());
                }
            }
            if !g.columns[weakest].is_empty() {
                buttons.push((
                    format!("nakama-button-lose-weakest-{}", weakest + 1),
                    lose(weakest),
                    ButtonStyle::Primary,
                ));
            }
            for c in (0..COLUMNS).filter(|&c| c != weakest && !g.columns[c].is_empty()) {
                buttons.push((
                    format!("nakama-button-lose-{}", c + 1),
                    lose(c),
                    ButtonStyle::Secondary,
                ));
            }
            let keys: Vec<&str> = buttons.iter().map(|(k, _, _)| k.as_str()).collect();
            let labels = english_labels(&said, &keys);
            let mut m = Message::phrase(said.clone()).labelled(&keys);
            for ((_, command, style), label) in buttons.iter().zip(labels) {
                m = m.styled_button(label, command, *style);
            }
            return vec![Reply::public(board(g, d)), Reply::public(m)];
        }
        Step::Recruit { extra: false } => return vec![turn_prompt(g, d)],
    };
    vec![Reply::public(m.ping(&p.user))]
}

/// A friend card face up (on the board, or in the viewer's own hand).
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct FriendView {
    /// Saga colour.
    pub colour: super::mission::Colour,
    /// Power 1–9.
    pub power: u8,
    /// Has an ability.
    pub ability: bool,
    /// `Red 7`, the name players use.
    pub label: String,
    /// The same in each reader's language (`赤7`).
    pub label_said: Value,
    /// The label with the ability's name (`Yellow 1 (Die)`), as the board shows it.
    pub short: String,
    /// The ability's name (`Move`, `Die`), if any.
    pub ability_name: Option<Phrase>,
    /// The label with the ability written out.
    pub long: String,
    /// [`FriendView::short`] in typed words (the board's text in each reader's language).
    pub short_said: Value,
}

/// An enemy or boss card in one of the three spaces.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct FoeView {
    /// Name.
    pub name: String,
    /// The name in each language the data carries.
    pub name_said: Value,
    /// A boss.
    pub boss: bool,
    /// Threat level.
    pub threat: u8,
    /// Reward in millions of Berries.
    pub reward: u32,
    /// The mission as a sentence.
    pub mission: String,
    /// The mission in typed words (the board's text in each reader's language).
    pub mission_said: Phrase,
    /// The current friends meet the mission.
    pub met: bool,
}

/// A crew member as everyone sees them: their hand only as a count.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct PlayerView {
    /// Display name.
    pub name: String,
    /// The viewer.
    pub you: bool,
    /// Their turn.
    pub active: bool,
    /// Their character's name.
    pub character: String,
    /// The same in each language the data carries.
    pub character_said: Value,
    /// Power Up! token face up.
    pub powered: bool,
    /// Cards in hand (how many, never which).
    pub cards: usize,
}

/// The board as a viewer sees it: everything public, and the viewer's own hand only.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct NakamaView {
    /// What the viewer is (a seat, or a spectator).
    pub role: croupier_core::table::Role,
    /// Where the session is.
    pub phase: Phase,
    /// Turns played.
    pub turns: u32,
    /// The step the turn waits for, in words (while playing).
    pub pending: String,
    /// The same in typed words (the board's text in each reader's language).
    pub pending_said: Option<Phrase>,
    /// Threat track.
    pub threat: u8,
    /// The three enemy spaces.
    pub spaces: Vec<Option<FoeView>>,
    /// The five friend columns, the current friend last.
    pub columns: Vec<Vec<FriendView>>,
    /// Defeated friends, by label.
    pub defeated_friends: Vec<String>,
    /// The same in each reader's language (`赤7`).
    pub defeated_friends_said: Vec<Value>,
    /// Defeated enemies, by name.
    pub defeated_enemies: Vec<String>,
    /// The same in each language the data carries.
    pub defeated_enemies_said: Vec<Value>,
    /// Rewards so far (millions).
    pub reward: u32,
    /// The rank those rewards give; none after a defeat (the rulebook ranks only an adventure
    /// that ends with the last friend card or with every enemy defeated).
    pub rank: Option<String>,
    /// The rewards and the rank in a line, as the board and the picture write it
    /// (`Rewards ฿12,000,000 — rank so far: Rookie Pirate`).
    pub rewards: String,
    /// The same in typed words (the board's text in each reader's language).
    pub rewards_said: Phrase,
    /// Friend deck size.
    pub friend_deck: usize,
    /// Enemy deck size.
    pub enemy_deck: usize,
    /// The crew in turn order.
    pub players: Vec<PlayerView>,
    /// The viewer's own hand, when they are seated (never anyone else's).
    pub hand: Option<Vec<FriendView>>,
}

/// Every index in the state must exist in the data (an older or other data folder).
fn check_indices(g: &Nakama, d: &NakamaData) -> Result<(), croupier_core::table::BadState> {
    use super::state::Foe;
    let friend_ok = |f: &usize| *f < d.friends.len();
    let foe_ok = |f: &Foe| match *f {
        Foe::Enemy(i) => i < d.enemies.len(),
        Foe::Boss(i) => i < d.bosses.len(),
    };
    let ok = g.columns.iter().flatten().all(friend_ok)
        && g.players.iter().flat_map(|p| &p.hand).all(friend_ok)
        && g.players.iter().all(|p| p.character < d.characters.len())
        && g.spaces.iter().flatten().all(foe_ok)
        && g.defeated_enemies.iter().all(foe_ok)
        && g.defeated_friends.iter().all(friend_ok)
        && match &g.step {
            Step::Ability { card } | Step::Hat { card } => friend_ok(card),
            _ => true,
        };
    if ok {
        Ok(())
    } else {
        Err(croupier_core::table::BadState(
            "the state names cards the loaded data does not have".into(),
        ))
    }
}

/// The board as `viewer` sees it; `Err` when the state names cards the data lacks.
pub fn view_model(
    g: &Nakama,
    d: &NakamaData,
    viewer: &croupier_core::table::Viewer,
) -> Result<NakamaView, croupier_core::table::BadState> {
    use super::mission::Face;
    use super::state::Foe;
    check_indices(g, d)?;
    let friend = |i: usize| {
        let f = &d.friends[i];
        FriendView {
            colour: f.colour,
            power: f.power,
            ability: f.ability.is_some(),
            label: f.label(),
            label_said: f.label_said(),
            short: f.short(),
            ability_name: f.ability.as_ref().map(|a| a.name_said()),
            long: f.long(),
            short_said: f.short_said(),
        }
    };
    let current: Vec<Option<Face>> = g
        .columns
        .iter()
        .map(|c| c.last().map(|&i| d.friends[i].face()))
        .collect();
    let spaces = g
        .spaces
        .iter()
        .map(|space| {
            space.map(|f| {
                let (name, name_said, threat, reward, mission, boss) = match f {
                    Foe::Enemy(i) => {
                        let e = &d.enemies[i];
                        (
                            &e.name,
                            e.said_name(),
                            e.threat,
                            e.reward,
                            &e.mission,
                            false,
                        )
                    }
                    Foe::Boss(i) => {
                        let b = &d.bosses[i];
                        (&b.name, b.said_name(), b.threat, b.reward, &b.mission, true)
                    }
                };
                let mission_said = mission.sentence_said();
                FoeView {
                    name: name.clone(),
                    name_said,
                    boss,
                    threat,
                    reward,
                    mission: mission_said.text(Locale::En),
                    mission_said,
                    met: mission.check(&current),
                }
            })
        })
        .collect();
    let seat = g.players.iter().position(|p| viewer.is(&p.user));
    let reward = g.reward(d);
    let ranked = g.ending != Some(Ending::Defeat);
    let pending_said = (g.phase == Phase::Playing).then(|| step_said(g, d));
    let rewards_said = Phrase::new("nakama-rewards")
        .arg(
            "state",
            match (g.phase, g.ending) {
                (_, Some(Ending::Defeat)) => "defeat",
                (Phase::Over, _) => "over",
                _ => "playing",
            },
        )
        .arg("berries", berries(reward))
        .arg("rank", rank_said(reward));
    Ok(NakamaView {
        role: croupier_core::table::Role { gm: false, seat },
        phase: g.phase,
        turns: g.turns,
        pending: pending_said
            .as_ref()
            .map(|p| p.text(Locale::En))
            .unwrap_or_default(),
        pending_said,
        threat: g.threat,
        spaces,
        columns: g
            .columns
            .iter()
            .map(|c| c.iter().map(|&i| friend(i)).collect())
            .collect(),
        defeated_friends: g
            .defeated_friends
            .iter()
            .map(|&f| d.friends[f].label())
            .collect(),
        defeated_friends_said: g
            .defeated_friends
            .iter()
            .map(|&f| d.friends[f].label_said())
            .collect(),
        defeated_enemies: g
            .defeated_enemies
            .iter()
            .map(|f| f.name(d).to_string())
            .collect(),
        defeated_enemies_said: g.defeated_enemies.iter().map(|f| f.said(d)).collect(),
        reward,
        rank: ranked.then(|| rank(reward)),
        rewards: rewards_said.text(Locale::En),
        rewards_said,
        friend_deck: g.friend_deck.len(),
        enemy_deck: g.enemy_deck.len(),
        players: g
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerView {
                name: p.name.clone(),
                you: viewer.is(&p.user),
                active: g.phase == Phase::Playing && i == g.turn,
                character: d.characters[p.character].name.clone(),
                character_said: d.characters[p.character].said_name(),
                powered: p.powered,
                cards: p.hand.len(),
            })
            .collect(),
        hand: seat.map(|s| g.players[s].hand.iter().map(|&i| friend(i)).collect()),
    })
}

/// What `viewer` may not see (see [`croupier_core::table::Game::secrets`]): the cards in the
/// other players' hands and in the face-down friend deck, and the enemies and bosses face down
/// (the enemy deck, the cards out of the game), each by the label or name the table prints,
/// unless a card of that label lies face up where they see it (their hand, the columns, the
/// discards, the defeated areas, the enemy spaces).
pub fn secrets(g: &Nakama, d: &NakamaData, viewer: &croupier_core::table::Viewer) -> Vec<String> {
    use std::collections::BTreeSet;
    // A card by its label in each language.
    let friend = |i: &usize| {
        d.friends
            .get(*i)
            .into_iter()
            .flat_map(|f| [f.label(), f.label_said().text(Locale::Ja)])
    };
    // By its name in each language the data carries.
    let foe = |f: &super::state::Foe| {
        let (en, ja) = match *f {
            super::state::Foe::Enemy(i) => (&d.enemies[i].name, &d.enemies[i].name_ja),
            super::state::Foe::Boss(i) => (&d.bosses[i].name, &d.bosses[i].name_ja),
        };
        std::iter::once(en.clone()).chain(ja.clone())
    };
    let mut hidden: BTreeSet<String> = g.friend_deck.iter().flat_map(friend).collect();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for p in &g.players {
        let cards = p.hand.iter().flat_map(friend);
        if viewer.is(&p.user) {
            seen.extend(cards);
        } else {
            hidden.extend(cards);
        }
    }
    seen.extend(g.columns.iter().flatten().flat_map(friend));
    seen.extend(g.discard.iter().flat_map(friend));
    seen.extend(g.defeated_friends.iter().flat_map(friend));
    hidden.extend(g.enemy_deck.iter().flat_map(foe));
    hidden.extend(g.out_of_game.iter().flat_map(foe));
    seen.extend(g.spaces.iter().flatten().flat_map(foe));
    seen.extend(g.defeated_enemies.iter().flat_map(foe));
    hidden.difference(&seen).cloned().collect()
}

/// The English labels of buttons whose words are the messages `keys`, given `said`'s values
/// (other languages relabel them from the message's phrase).
fn english_labels(said: &Phrase, keys: &[&str]) -> Vec<String> {
    keys.iter()
        .map(|k| {
            Phrase {
                key: k.to_string(),
                ..said.clone()
            }
            .text(Locale::En)
        })
        .collect()
}
