//! What players see: the prompt for whoever must act, `/nobi status`, and the story export.

use super::check::{current_plan, tester_chances};
use super::commands::{NobiCommand, Verdict};
use super::data::{GainCard, NobiData};
use super::state::{Mode, Nobi, Step};
use croupier_core::table::{Actor, Message};

/// "24 h" / "off".
pub fn hours(h: u32) -> String {
    if h == 0 {
        "off".into()
    } else {
        format!("{h} h")
    }
}

/// Free characters, comma-separated.
pub fn free_list(t: &Nobi, data: &NobiData) -> String {
    let v: Vec<String> = t
        .free_characters(data)
        .iter()
        .map(|c| format!("{} ({})", c.name, c.profession))
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// Free characters to choose from, one per line, with their skills and Ability.
pub fn free_detailed(t: &Nobi, data: &NobiData) -> String {
    let v: Vec<String> = t
        .free_characters(data)
        .iter()
        .map(|c| {
            format!(
                "**{}** ({}, Power {}, Technique {}) — *{}* ({}): {}",
                c.name,
                c.profession,
                c.power,
                c.technique,
                c.ability.name,
                c.ability.tag.name(),
                c.ability.text
            )
        })
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join("\n")
    }
}

/// The NPC cards the players hold, one per line, marking those who joined the Epilogue.
pub fn npc_list(t: &Nobi, data: &NobiData) -> String {
    let joined: &[String] = match &t.step {
        Step::Epilogue { npcs, .. } => npcs,
        _ => &[],
    };
    t.npc_cards(data)
        .iter()
        .map(|(seat, c)| {
            format!(
                "{} — {} ({}'s card){}",
                c.name,
                card_text(c),
                t.seats[*seat].name,
                if joined.contains(&c.id) {
                    " · joined"
                } else {
                    ""
                }
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A Light or Darkness card as `Name (effect)`.
pub fn card_with_effect(c: &GainCard) -> String {
    format!("{} ({})", c.name, card_text(c))
}

/// A seat's characters: `Moss the Hedge Witch (Witch, P2 T5) + support …`.
pub fn seat_chars(t: &Nobi, data: &NobiData, seat: usize) -> String {
    let Some(s) = t.seats.get(seat) else {
        return String::new();
    };
    s.chars
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let d = c.data(data)?;
            Some(format!(
                "{}{} ({}, Power {}, Technique {})",
                if i > 0 { "support " } else { "" },
                d.name,
                d.profession,
                c.skill(data, super::data::Skill::Power),
                c.skill(data, super::data::Skill::Technique)
            ))
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A Light/Darkness card in words: its description (Darkness cards have one: it tells, for
/// one, that the card brings an NPC), then its effect and Ability.
pub fn card_text(c: &GainCard) -> String {
    let effect = match &c.ability {
        Some(a) => format!(
            "{} (Ability {}, {}: {})",
            c.text,
            a.name,
            a.tag.name(),
            a.text
        ),
        None => c.text.clone(),
    };
    if c.description.is_empty() {
        effect
    } else {
        format!("*{}* {effect}", c.description)
    }
}

/// A character's own Ability: `Blazing Charge (Solo): Add 2 to …`.
pub fn own_ability(data: &NobiData, character: &str) -> String {
    data.character(character)
        .map(|c| {
            format!(
                "**{}** ({}): {}",
                c.ability.name,
                c.ability.tag.name(),
                c.ability.text
            )
        })
        .unwrap_or_default()
}

/// Each player's chance at an Epilogue card's final test, as one line
/// (`alice (Moss) 16.7% · bob (Aldra) 0.0%`).
pub fn tester_chances_line(t: &Nobi, data: &NobiData, card: &str) -> String {
    tester_chances(t, data, card)
        .into_iter()
        .map(|(s, c)| {
            format!(
                "{} ({}) {}",
                t.seats[s].name,
                t.char_name(data, s),
                croupier_core::dice::percent(c)
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The buttons of the pending step: the commands that answer it (label, command).
fn prompt_buttons(t: &Nobi) -> Vec<(&'static str, NobiCommand)> {
    match &t.step {
        Step::Scene => vec![("Draw Scene", NobiCommand::Scene)],
        Step::Check { .. } => vec![("Roll", NobiCommand::Roll)],
        Step::Roleplay { acted: true, .. } => vec![
            (
                "Success",
                NobiCommand::Verdict {
                    result: Verdict::Success,
                },
            ),
            (
                "Failure",
                NobiCommand::Verdict {
                    result: Verdict::Failure,
                },
            ),
        ],
        Step::Epilogue { .. } if t.mode != Mode::Solo => {
            vec![("Roll", NobiCommand::Roll), ("Redraw", NobiCommand::Redraw)]
        }
        _ => vec![],
    }
}

/// The message that pings exactly the player who must act, with what to do and a button.
pub fn prompt(t: &Nobi, data: &NobiData) -> Option<Message> {
    let (seat, what) = t.pending()?;
    let user = &t.seats.get(seat)?.user;
    let mut m = Message::text(format!("➡️ {}, {what}.", user.mention())).ping(user);
    if matches!(t.step, Step::Check { .. } | Step::Epilogue { .. }) && !prompt_buttons(t).is_empty()
    {
        if let Some(p) = current_plan(t, data) {
            m = m.field("Chance", p.line());
        }
    }
    for (label, command) in prompt_buttons(t) {
        m = m.button(label, &command);
    }
    Some(m)
}

/// One line per player: characters, cards, GM count.
pub fn summary(t: &Nobi, data: &NobiData) -> String {
    t.seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let cards = |ids: &Vec<String>| -> String {
                let v: Vec<String> = ids
                    .iter()
                    .filter_map(|id| data.gain_card(id))
                    .map(card_with_effect)
                    .collect();
                if v.is_empty() {
                    "—".into()
                } else {
                    v.join(", ")
                }
            };
            let light: Vec<String> = s.chars.iter().flat_map(|c| c.light.clone()).collect();
            let dark: Vec<String> = s.chars.iter().flat_map(|c| c.darkness.clone()).collect();
            let abilities: Vec<String> = s
                .chars
                .iter()
                .map(|c| own_ability(data, &c.character))
                .collect();
            format!(
                "**{}** — {}\n  Ability: {}\n  GM {}× · Light ({}): {} · Darkness ({}): {}",
                s.name,
                seat_chars(t, data, i),
                abilities.join(" · "),
                s.gm_count,
                light.len(),
                cards(&light),
                dark.len(),
                cards(&dark)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How many cards are left in each draw pile (public: anyone at the table can count them).
pub fn deck_counts(t: &Nobi) -> String {
    format!(
        "Scene {} · Light {} · Darkness {} · Epilogue {}",
        t.decks.scenes.len(),
        t.decks.light.len(),
        t.decks.darkness.len(),
        t.decks.epilogues.len()
    )
}

/// `/nobi status`: written from the view `viewer` has of the table.
pub fn status(t: &Nobi, viewer: &Actor, data: &NobiData) -> Message {
    status_of(&view_model(
        t,
        data,
        &croupier_core::table::Viewer::of(viewer),
    ))
}

/// `/nobi status` from a view.
pub fn status_of(v: &NobiView) -> Message {
    let s = &v.status;
    let mut m = Message::titled("⚔️ Nobi Nobi Sword", s.headline.clone());
    if let Some(free) = &s.free {
        m = m.field("Free characters", free.clone());
    }
    if let Some(left) = &s.cards_left {
        m = m
            .inline("Mode", v.mode)
            .inline("Scenes played", v.scenes_played.to_string())
            .inline("Cards left", left.clone());
        if let Some((gm, mc)) = &s.scene_roles {
            m = m
                .inline("GM", gm.clone())
                .inline("Main Character", mc.clone());
        }
    }
    if let Some(w) = &s.waiting_for {
        m = m.field("Waiting for", w.clone());
    }
    if let Some(c) = &s.chance {
        m = m.field("Chance", c.clone());
    }
    if let Some(p) = &s.players {
        m = m.field("Players", p.clone());
    }
    m = m.field("Settings", s.settings.clone());
    for (label, command) in &s.buttons {
        m = m.button(label.clone(), command);
    }
    m
}

/// What `/nobi status` writes, worked out from the state once (part of [`NobiView`]).
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct NobiStatus {
    /// Where the adventure is (`Scene 3: … — Power check, Difficulty 9`).
    pub headline: String,
    /// While joining: the free characters with their skills and Ability.
    pub free: Option<String>,
    /// Once begun: the cards left in each draw pile (counts only).
    pub cards_left: Option<String>,
    /// During Scenes: the GM's and the Main Character's names.
    pub scene_roles: Option<(String, String)>,
    /// Who must act and what to do.
    pub waiting_for: Option<String>,
    /// The chance of the pending test.
    pub chance: Option<String>,
    /// One line per player (characters, cards, GM count).
    pub players: Option<String>,
    /// Reminders and the Ability limit.
    pub settings: String,
    /// The pending step's buttons (label, command).
    pub buttons: Vec<(String, NobiCommand)>,
}

fn status_facts(t: &Nobi, data: &NobiData) -> NobiStatus {
    let headline = match &t.step {
        Step::Joining => format!("Waiting for players ({} seated).", t.seats.len()),
        Step::Over => match t.final_result {
            Some(true) => "The adventure is over: the final test succeeded.".into(),
            Some(false) => "The adventure is over: the final test failed.".into(),
            None => "The adventure is over.".into(),
        },
        Step::Epilogue { card, .. } => format!(
            "Epilogue: {}",
            data.epilogue(card).map(|e| e.name.as_str()).unwrap_or("?")
        ),
        Step::Check {
            scene,
            difficulty,
            skill,
            ..
        } => format!(
            "Scene {}: {} — {} check, Difficulty {difficulty}",
            t.scenes_played + 1,
            data.scene(scene).map(|s| s.name.as_str()).unwrap_or("?"),
            skill.name()
        ),
        Step::Roleplay { scene, .. } => format!(
            "Scene {}: {} — Role-play challenge",
            t.scenes_played + 1,
            data.scene(scene).map(|s| s.name.as_str()).unwrap_or("?")
        ),
        Step::Scene => format!("Between Scenes ({} played)", t.scenes_played),
    };
    let name = |s: usize| t.seats.get(s).map(|x| x.name.clone()).unwrap_or_default();
    let scenes = matches!(
        t.step,
        Step::Scene | Step::Check { .. } | Step::Roleplay { .. }
    );
    NobiStatus {
        headline,
        free: (t.step == Step::Joining).then(|| free_detailed(t, data)),
        cards_left: (t.step != Step::Joining).then(|| deck_counts(t)),
        scene_roles: (t.step != Step::Joining && scenes).then(|| (name(t.gm), name(t.mc))),
        waiting_for: t
            .pending()
            .map(|(seat, what)| format!("{}: {what}", name(seat))),
        chance: current_plan(t, data).map(|p| p.line()),
        players: (!t.seats.is_empty()).then(|| summary(t, data)),
        settings: format!(
            "reminders {}; one Ability per Scene for each {}",
            hours(t.remind_after),
            if t.limit_per_player {
                "player"
            } else {
                "character"
            }
        ),
        buttons: match t.pending() {
            Some(_) => prompt_buttons(t)
                .into_iter()
                .map(|(label, command)| (label.to_string(), command))
                .collect(),
            None => vec![],
        },
    }
}

/// The story so far as Markdown.
pub fn story_markdown(t: &Nobi, data: &NobiData) -> String {
    let mut s = String::from("# Nobi Nobi Sword — our adventure\n\n");
    if t.step != Step::Joining {
        s.push_str(&format!(
            "*{}, {} Scenes played.*\n\n",
            t.mode.name(),
            t.scenes_played
        ));
    }
    for block in &t.story {
        s.push_str(block);
        s.push('\n');
    }
    if t.step != Step::Joining {
        s.push_str("## The heroes\n\n");
        for (i, seat) in t.seats.iter().enumerate() {
            let names = |ids: Vec<String>| -> String {
                let v: Vec<String> = ids
                    .iter()
                    .filter_map(|id| data.gain_card(id))
                    .map(|c| c.name.clone())
                    .collect();
                if v.is_empty() {
                    "none".into()
                } else {
                    v.join(", ")
                }
            };
            s.push_str(&format!(
                "- **{}** — {}; GM {} times; Light: {}; Darkness: {}\n",
                seat.name,
                seat_chars(t, data, i),
                seat.gm_count,
                names(seat.chars.iter().flat_map(|c| c.light.clone()).collect()),
                names(seat.chars.iter().flat_map(|c| c.darkness.clone()).collect()),
            ));
        }
    }
    s
}

/// `/nobi story`: the story attached as a Markdown file.
pub fn story_message(t: &Nobi, data: &NobiData) -> Message {
    Message::titled(
        "📜 The story so far",
        format!("{} Scenes, attached as Markdown.", t.scenes_played),
    )
    .attach("nobi-story.md", story_markdown(t, data))
}

/// A Light or Darkness card lying face up in front of a character.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct CardView {
    /// Its name and skill bonus (`Lantern P+1`); the id if the data lacks it.
    pub label: String,
}

/// One character card at a seat.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct CharView {
    /// Character name (`?` if the data lacks it).
    pub name: String,
    /// Profession.
    pub profession: String,
    /// `main` or `support` when the seat plays several, else empty.
    pub part: &'static str,
    /// Power with the cards' bonuses.
    pub power: i64,
    /// Technique with the cards' bonuses.
    pub technique: i64,
    /// Light cards gained.
    pub light: Vec<CardView>,
    /// Darkness cards gained.
    pub darkness: Vec<CardView>,
}

/// One seat as everyone sees it.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct SeatView {
    /// Player's display name.
    pub name: String,
    /// The viewer's own seat.
    pub you: bool,
    /// GM of the current Scene.
    pub gm: bool,
    /// Main Character of the current Scene.
    pub main: bool,
    /// Takes the Epilogue's final test.
    pub tester: bool,
    /// Turns as GM so far.
    pub gm_count: u32,
    /// Scenes won.
    pub successes: u32,
    /// Scenes lost.
    pub failures: u32,
    /// The characters played (the first is the main one).
    pub chars: Vec<CharView>,
}

/// The table as a viewer sees it. Nobi has no hidden information (gained cards lie face
/// up); the view works out the roles of the Scene and the step the table waits for.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct NobiView {
    /// What the viewer is at the table (GM while they run the current Scene).
    pub role: croupier_core::table::Role,
    /// The mode's name.
    pub mode: &'static str,
    /// Solo play (counts Scenes, not GM turns).
    pub solo: bool,
    /// Scenes played.
    pub scenes_played: u32,
    /// What the table waits for, in a line (`GM alice draws the next Scene`).
    pub pending: String,
    /// The seats in order.
    pub seats: Vec<SeatView>,
    /// What `/nobi status` writes.
    pub status: NobiStatus,
}

/// The pending step in a line, naming whoever acts.
fn step_line(t: &Nobi) -> String {
    let name = |s: usize| t.seats.get(s).map(|x| x.name.as_str()).unwrap_or("?");
    match &t.step {
        Step::Joining => format!("{} at the table · the host begins", t.seats.len()),
        Step::Scene => format!("GM {} draws the next Scene", name(t.gm)),
        Step::Check {
            skill, difficulty, ..
        } => format!("{} tests {} against {difficulty}", name(t.mc), skill.name()),
        Step::Roleplay { acted: false, .. } => format!("{} says what they do", name(t.mc)),
        Step::Roleplay { acted: true, .. } => format!("GM {} decides the Scene", name(t.gm)),
        Step::Epilogue { tester, .. } => {
            format!("Epilogue: {} takes the final test", name(*tester))
        }
        Step::Over => match t.final_result {
            Some(true) => "The adventure is over: success".to_string(),
            Some(false) => "The adventure is over: failure".to_string(),
            None => "The adventure is over".to_string(),
        },
    }
}

fn card_view(data: &NobiData, id: &str) -> CardView {
    let card = data.gain_card(id);
    let title = card.map(|c| c.name.as_str()).unwrap_or(id);
    let bonus = card
        .and_then(|c| c.bonus)
        .map(|(s, v)| format!(" {}{v:+}", &s.name()[..1]))
        .unwrap_or_default();
    CardView {
        label: format!("{title}{bonus}"),
    }
}

/// The table as `viewer` sees it.
pub fn view_model(t: &Nobi, data: &NobiData, viewer: &croupier_core::table::Viewer) -> NobiView {
    use super::data::Skill;
    // GM and Main Character exist only while Scenes are played; the Epilogue has a tester
    // (none in solo play, where the ending is written) and no GM.
    let scenes = matches!(
        t.step,
        Step::Scene | Step::Check { .. } | Step::Roleplay { .. }
    );
    let tester = match &t.step {
        Step::Epilogue { tester, .. } if t.mode != Mode::Solo => Some(*tester),
        _ => None,
    };
    let seats: Vec<SeatView> = t
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| SeatView {
            name: seat.name.clone(),
            you: viewer.is(&seat.user),
            gm: scenes && i == t.gm,
            main: scenes && i == t.mc,
            tester: tester == Some(i),
            gm_count: seat.gm_count,
            successes: seat.successes,
            failures: seat.failures,
            chars: seat
                .chars
                .iter()
                .enumerate()
                .map(|(k, sheet)| {
                    let c = sheet.data(data);
                    CharView {
                        name: c.map(|c| c.name.clone()).unwrap_or_else(|| "?".into()),
                        profession: c.map(|c| c.profession.clone()).unwrap_or_default(),
                        part: match (seat.chars.len() > 1, k) {
                            (false, _) => "",
                            (true, 0) => "main",
                            (true, _) => "support",
                        },
                        power: sheet.skill(data, Skill::Power),
                        technique: sheet.skill(data, Skill::Technique),
                        light: sheet.light.iter().map(|id| card_view(data, id)).collect(),
                        darkness: sheet
                            .darkness
                            .iter()
                            .map(|id| card_view(data, id))
                            .collect(),
                    }
                })
                .collect(),
        })
        .collect();
    let seat = seats.iter().position(|s| s.you);
    NobiView {
        role: croupier_core::table::Role {
            gm: seat.is_some_and(|s| seats[s].gm),
            seat,
        },
        mode: t.mode.name(),
        solo: t.mode == Mode::Solo,
        scenes_played: t.scenes_played,
        pending: step_line(t),
        seats,
        status: status_facts(t, data),
    }
}

/// What `viewer` may not see (see [`croupier_core::table::Game::secrets`]): the Scenes of the
/// face-down Scene deck, by name, unless a card of that name has been played (the discards).
/// Everyone is the same here: the deck is face down for the GM too.
pub fn secrets(t: &Nobi, data: &NobiData) -> Vec<String> {
    let name = |id: &String| data.scene(id).map(|s| s.name.clone());
    let seen: std::collections::BTreeSet<String> =
        t.decks.scene_discard.iter().filter_map(name).collect();
    let hidden: std::collections::BTreeSet<String> =
        t.decks.scenes.iter().filter_map(name).collect();
    hidden.difference(&seen).cloned().collect()
}
