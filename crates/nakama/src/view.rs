//! What players see: the public board, the private hand, and the prompts of each step.
//! Only [`hand`] shows a hand's cards, and it is only ever sent privately.

use super::commands::{ExchangeAs, NakamaCommand, PickOptions};
use super::data::{Ability, NakamaData};
use super::state::{berries, rank, Ending, Nakama, Phase, Step, COLUMNS, DEFEAT_AT, THREAT_LIMIT};
use croupier_core::table::{ButtonStyle, Message, Reply, Select, SelectOption, UserId};

/// Which step the turn is in, in words.
pub fn step_text(g: &Nakama, d: &NakamaData) -> String {
    let who = g
        .players
        .get(g.turn)
        .map(|p| p.name.as_str())
        .unwrap_or("?");
    match &g.step {
        Step::Recruit { extra: false } => format!("{who} must recruit a friend"),
        Step::Recruit { extra: true } => format!("{who} may recruit one more friend"),
        Step::Ability { card } => {
            format!("{who} may use the ability of {}", d.friends[*card].short())
        }
        Step::Hat { .. } => format!("{who} chooses the die value after a straw hat"),
        Step::Exchange { with, .. } => format!(
            "{who} and {} are choosing cards to exchange",
            g.players.get(*with).map(|p| p.name.as_str()).unwrap_or("?")
        ),
        Step::Discard => format!("{who} must discard down to {} cards", g.hand_size()),
        Step::React => {
            format!("before Combat the crew may use powers; {who} presses Continue to fight")
        }
        Step::Lose { .. } => "the crew chooses which current friend is lost".to_string(),
    }
}

/// Where Combat stands before it runs, in a line: the threat and each enemy's mission, met or
/// not (what a power in the reaction step changes).
pub fn react_status(g: &Nakama, d: &NakamaData) -> String {
    match view_model(g, d, &croupier_core::table::Viewer::public()) {
        Ok(v) => {
            let foes: Vec<String> = v
                .spaces
                .iter()
                .enumerate()
                .map(|(i, s)| enemy_line(i, s, false))
                .collect();
            format!("Before Combat — threat {}; {}", v.threat, foes.join(" · "))
        }
        Err(e) => e.0,
    }
}

/// One enemy space: `1. Name ✅ met`, or with `detail` its threat, reward and mission too.
fn enemy_line(i: usize, space: &Option<FoeView>, detail: bool) -> String {
    let Some(f) = space else {
        return format!("{}. (empty)", i + 1);
    };
    let verdict = if f.met { "✅ met" } else { "❌ not met" };
    if detail {
        format!(
            "{}. {}{} — threat {}, reward {}\n   {} {verdict}",
            i + 1,
            if f.boss { "👹 " } else { "" },
            f.name,
            f.threat,
            berries(f.reward),
            f.mission,
        )
    } else {
        format!("{}. {} {verdict}", i + 1, f.name)
    }
}

/// The public board.
pub fn board(g: &Nakama, d: &NakamaData) -> Message {
    match view_model(g, d, &croupier_core::table::Viewer::public()) {
        Ok(v) => board_of(&v),
        Err(e) => Message::titled("🏴‍☠️ One Piece Nakama — the board", e.0),
    }
}

/// The public board, written from a view (the same the picture draws).
pub fn board_of(v: &NakamaView) -> Message {
    let mut m = Message::titled(
        "🏴‍☠️ One Piece Nakama — the board",
        match v.phase {
            Phase::Joining => "The crew is gathering.".to_string(),
            Phase::Playing => format!("Turn {} — {}.", v.turns, v.pending),
            Phase::Over => "The adventure has ended.".to_string(),
        },
    );
    let enemies: Vec<String> = v
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| enemy_line(i, s, true))
        .collect();
    m = m.field("Enemies", enemies.join("\n"));
    let cols: Vec<String> = v
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let former: Vec<String> = c[..c.len().saturating_sub(1)]
                .iter()
                .map(|f| f.label.clone())
                .collect();
            let current = c
                .last()
                .map(|f| f.short.clone())
                .unwrap_or_else(|| "(empty)".into());
            if former.is_empty() {
                format!("{}. **{current}**", i + 1)
            } else {
                format!("{}. **{current}** (former: {})", i + 1, former.join(", "))
            }
        })
        .collect();
    m = m.field("Friend columns", cols.join("\n"));
    let track: String = (0..THREAT_LIMIT)
        .map(|i| if i == v.threat { '●' } else { '·' })
        .collect();
    m = m.inline("Threat", format!("{} {track}", v.threat));
    let names = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    m = m.field(
        format!("Defeated friends {}/{DEFEAT_AT}", v.defeated_friends.len()),
        names(&v.defeated_friends),
    );
    m = m.field(
        format!("Defeated enemies {}", v.defeated_enemies.len()),
        format!("{}\n{}", names(&v.defeated_enemies), v.rewards),
    );
    m = m.inline(
        "Decks",
        format!("friends {} · enemies {}", v.friend_deck, v.enemy_deck),
    );
    let crew: Vec<String> = v
        .players
        .iter()
        .map(|p| {
            format!(
                "{}{} — {} · {} · {} card(s)",
                if p.active { "▶ " } else { "" },
                p.name,
                p.character,
                if p.powered { "Power Up!" } else { "Power Down" },
                p.cards
            )
        })
        .collect();
    if !crew.is_empty() {
        m = m.field("Crew", crew.join("\n"));
    }
    if v.phase == Phase::Playing {
        m = m.button("My hand", &NakamaCommand::Hand);
    }
    m
}

/// The board with the ending.
pub fn final_board(g: &Nakama, d: &NakamaData, ending: String) -> Message {
    let mut m = board(g, d);
    m.title = Some("🏴‍☠️ One Piece Nakama — the end".into());
    m.body = ending;
    m.buttons.clear();
    m
}

/// A player's hand (send only with `Reply::private`), with the menu that fits the step.
pub fn hand(g: &Nakama, s: usize, d: &NakamaData) -> Message {
    let p = &g.players[s];
    let list: Vec<String> = p
        .hand
        .iter()
        .enumerate()
        .map(|(i, &f)| format!("{}. {}", i + 1, d.friends[f].long()))
        .collect();
    let ch = &d.characters[p.character];
    let mut m = Message::titled(
        "🂠 Your hand (only you see this)",
        if list.is_empty() {
            "(empty)".to_string()
        } else {
            list.join("\n")
        },
    )
    .field(
        format!(
            "{} — {}",
            ch.name,
            if p.powered { "Power Up!" } else { "Power Down" }
        ),
        ch.special.render(),
    );
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
    let menu = |placeholder: &str, command: NakamaCommand| {
        Select::new(placeholder, &command, "card", cards.clone())
    };
    if g.phase == Phase::Playing {
        // The hand changes when others act (an exchange, a boss's discard): a fresh copy is
        // one press away.
        m = m.styled_button("Refresh", &NakamaCommand::Hand, ButtonStyle::Secondary);
        match &g.step {
            Step::Recruit { .. } if s == g.turn && !p.hand.is_empty() => {
                m = m.with_select(menu(
                    "Recruit a friend",
                    NakamaCommand::Recruit {
                        card: String::new(),
                        column: None,
                    },
                ));
            }
            Step::Exchange { with, mine, theirs }
                if (s == g.turn && mine.is_none()) || (s == *with && theirs.is_none()) =>
            {
                m = m.with_select(menu(
                    "Give a card in the exchange",
                    NakamaCommand::Give {
                        card: String::new(),
                    },
                ));
            }
            Step::Discard if s == g.turn => {
                m = m.with_select(menu(
                    "Discard a card",
                    NakamaCommand::Discard {
                        card: String::new(),
                    },
                ));
            }
            _ => {}
        }
    }
    m
}

/// After picking a card without a column: one button per column (private).
pub fn column_prompt(d: &NakamaData, f: usize) -> Message {
    let fr = &d.friends[f];
    let mut m = Message::text(format!("Recruit {} into which column?", fr.long()));
    for c in 1..=5 {
        m = m.button(
            format!("Column {c}"),
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
        Message::text(format!(
            "Turn {}: {}, recruit a friend ({}). Threat {}.",
            g.turns,
            p.user.mention(),
            d.characters[p.character].name,
            g.threat
        ))
        .ping(&p.user)
        .button("My hand", &NakamaCommand::Hand)
        .button("Board", &NakamaCommand::Board),
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
    let m = match &g.step {
        Step::Recruit { extra: true } => Message::text(format!(
            "{}, recruit one more friend (`/nakama recruit`) or skip.",
            p.user.mention()
        ))
        .button("My hand", &NakamaCommand::Hand)
        .button("Skip", &NakamaCommand::Skip),
        Step::Ability { card } => {
            let mut m = Message::text(format!(
                "{}, use the ability of {}? ",
                p.user.mention(),
                d.friends[*card].long()
            ));
            match &d.friends[*card].ability {
                Some(Ability::Move) => {
                    m.body
                        .push_str("`/nakama ability from:<column> to:<column>`");
                }
                Some(Ability::Block) => {
                    for s in 1..=3u8 {
                        if g.spaces[usize::from(s) - 1].is_some() {
                            m = m.button(
                                format!("Block space {s}"),
                                &NakamaCommand::ability(
                                    PickOptions {
                                        space: Some(s),
                                        ..Default::default()
                                    },
                                    None,
                                ),
                            );
                        }
                    }
                }
                Some(Ability::Exchange) if g.players.len() == 1 => {
                    m.body.push_str(
                        "Solo: use it as Move (`/nakama ability as:move from: to:`) or Recruit.",
                    );
                    m = m.button(
                        "As Recruit",
                        &NakamaCommand::Ability {
                            pick: PickOptions::default(),
                            value: None,
                            mode: Some(ExchangeAs::Recruit),
                        },
                    );
                }
                Some(Ability::Exchange) => {
                    for (i, o) in g.players.iter().enumerate() {
                        if i != g.turn {
                            m = m.button(
                                format!("Exchange with {}", o.name),
                                &NakamaCommand::ability(
                                    PickOptions {
                                        target: Some(UserId::new(&o.user.0)),
                                        ..Default::default()
                                    },
                                    None,
                                ),
                            );
                        }
                    }
                }
                Some(Ability::PowerUp) => m = m.button("Power Up", &no_pick),
                Some(Ability::Recruit) => m = m.button("Recruit again", &no_pick),
                Some(Ability::Die { .. }) => m = m.button("Roll the die", &no_pick),
                None => {}
            }
            m.button("Skip", &NakamaCommand::Skip)
        }
        Step::Hat { .. } => {
            let mut m = Message::text(format!("{}, choose the die value:", p.user.mention()));
            for v in 1..=5 {
                m = m.button(
                    v.to_string(),
                    &NakamaCommand::ability(PickOptions::default(), Some(v)),
                );
            }
            m
        }
        Step::Exchange { .. } => {
            Message::text("Waiting for both players to choose a card (`/nakama hand`).")
        }
        Step::Discard => Message::text(format!(
            "{}, your hand is over {} cards: discard with `/nakama hand`.",
            p.user.mention(),
            g.hand_size()
        ))
        .button("My hand", &NakamaCommand::Hand),
        Step::React => {
            return vec![
                Reply::public(board(g, d)),
                Reply::public(
                    Message::text(format!(
                        "Before Combat: anyone may react with `/nakama power` (the board above shows which missions are met). {}, press Continue to fight.",
                        p.user.mention()
                    ))
                    .ping(&p.user)
                    .button("Continue", &NakamaCommand::Continue),
                ),
            ]
        }
        Step::Lose { .. } => {
            let weakest = g.weakest_column(d);
            let mut m = Message::text(
                "The straw hat: the crew chooses which current friend is lost. The first button gives up the weakest; any player may press."
                    .to_string(),
            );
            let label = |c: usize| {
                g.columns[c]
                    .last()
                    .map(|&f| d.friends[f].label())
                    .unwrap_or_default()
            };
            if !g.columns[weakest].is_empty() {
                m = m.styled_button(
                    format!("Lose {} (column {})", label(weakest), weakest + 1),
                    &lose(weakest),
                    ButtonStyle::Primary,
                );
            }
            for c in (0..COLUMNS).filter(|&c| c != weakest && !g.columns[c].is_empty()) {
                m = m.styled_button(
                    format!("Column {}: {}", c + 1, label(c)),
                    &lose(c),
                    ButtonStyle::Secondary,
                );
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
    /// The label with the ability's name (`Yellow 1 (Die)`), as the board shows it.
    pub short: String,
    /// The ability's name (`Move`, `Die`), if any.
    pub ability_name: Option<&'static str>,
    /// The label with the ability written out.
    pub long: String,
}

/// An enemy or boss card in one of the three spaces.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct FoeView {
    /// Name.
    pub name: String,
    /// A boss.
    pub boss: bool,
    /// Threat level.
    pub threat: u8,
    /// Reward in millions of Berries.
    pub reward: u32,
    /// The mission as a sentence.
    pub mission: String,
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
    /// Threat track.
    pub threat: u8,
    /// The three enemy spaces.
    pub spaces: Vec<Option<FoeView>>,
    /// The five friend columns, the current friend last.
    pub columns: Vec<Vec<FriendView>>,
    /// Defeated friends, by label.
    pub defeated_friends: Vec<String>,
    /// Defeated enemies, by name.
    pub defeated_enemies: Vec<String>,
    /// Rewards so far (millions).
    pub reward: u32,
    /// The rank those rewards give; none after a defeat (the rulebook ranks only an adventure
    /// that ends with the last friend card or with every enemy defeated).
    pub rank: Option<&'static str>,
    /// The rewards and the rank in a line, as the board and the picture write it
    /// (`Rewards ฿12,000,000 — rank so far: Rookie Pirate`).
    pub rewards: String,
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
            short: f.short(),
            ability_name: f.ability.as_ref().map(|a| a.name()),
            long: f.long(),
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
                let (name, threat, reward, mission, boss) = match f {
                    Foe::Enemy(i) => {
                        let e = &d.enemies[i];
                        (&e.name, e.threat, e.reward, &e.mission, false)
                    }
                    Foe::Boss(i) => {
                        let b = &d.bosses[i];
                        (&b.name, b.threat, b.reward, &b.mission, true)
                    }
                };
                FoeView {
                    name: name.clone(),
                    boss,
                    threat,
                    reward,
                    mission: mission.sentence(),
                    met: mission.check(&current),
                }
            })
        })
        .collect();
    let seat = g.players.iter().position(|p| viewer.is(&p.user));
    let reward = g.reward(d);
    let ranked = g.ending != Some(Ending::Defeat);
    Ok(NakamaView {
        role: croupier_core::table::Role { gm: false, seat },
        phase: g.phase,
        turns: g.turns,
        pending: if g.phase == Phase::Playing {
            step_text(g, d)
        } else {
            String::new()
        },
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
        defeated_enemies: g
            .defeated_enemies
            .iter()
            .map(|f| f.name(d).to_string())
            .collect(),
        reward,
        rank: ranked.then(|| rank(reward)),
        rewards: match (g.phase, g.ending) {
            (_, Some(Ending::Defeat)) => format!(
                "Rewards {} — no rank: a defeat ends the adventure without one",
                berries(reward)
            ),
            (Phase::Over, _) => format!("Rewards {} — rank: {}", berries(reward), rank(reward)),
            _ => format!(
                "Rewards {} — rank so far: {}",
                berries(reward),
                rank(reward)
            ),
        },
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
    let friend = |i: &usize| d.friends.get(*i).map(|f| f.label());
    let foe = |f: &super::state::Foe| f.name(d).to_string();
    let mut hidden: BTreeSet<String> = g.friend_deck.iter().filter_map(friend).collect();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for p in &g.players {
        let cards = p.hand.iter().filter_map(friend);
        if viewer.is(&p.user) {
            seen.extend(cards);
        } else {
            hidden.extend(cards);
        }
    }
    seen.extend(g.columns.iter().flatten().filter_map(friend));
    seen.extend(g.discard.iter().filter_map(friend));
    seen.extend(g.defeated_friends.iter().filter_map(friend));
    hidden.extend(g.enemy_deck.iter().map(foe));
    hidden.extend(g.out_of_game.iter().map(foe));
    seen.extend(g.spaces.iter().flatten().map(foe));
    seen.extend(g.defeated_enemies.iter().map(foe));
    hidden.difference(&seen).cloned().collect()
}
