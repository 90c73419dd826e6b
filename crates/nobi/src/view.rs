//! What players see: the prompt for whoever must act, `/nobi status`, and the story export.

use super::check::{current_plan, tester_chances};
use super::commands::{NobiCommand, Verdict};
use super::data::{GainCard, NobiData};
use super::state::{Mode, Nobi, Step};
use croupier_core::i18n::Locale;
use croupier_core::table::{english, Actor, Message, Phrase, UserId, Value};

/// "24 h" / "off" (`nobi-hours`).
pub fn hours(h: u32) -> Phrase {
    Phrase::new("nobi-hours").arg("hours", i64::from(h))
}

/// The values one after the other, each pair joined by the message `key` (`$a`, `$b`):
/// nothing for none.
pub fn joined(items: Vec<Value>, key: &str) -> Value {
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return Value::from("");
    };
    items.fold(first, |a, b| {
        Value::from(Phrase::new(key).arg("a", a).arg("b", b))
    })
}

/// Lines that follow a text (`nobi-more-lines`: each on its own line), or nothing.
pub fn more_lines(lines: Vec<Value>) -> Value {
    if lines.is_empty() {
        Value::from("")
    } else {
        Value::from(Phrase::new("nobi-more-lines").arg("lines", Value::Lines(lines)))
    }
}

/// The values one after the other (`joined`), or `none` when there are none.
fn or_none(items: Vec<Value>, key: &str) -> Value {
    if items.is_empty() {
        Value::from(Phrase::new("nobi-none"))
    } else {
        joined(items, key)
    }
}

/// Free characters, comma-separated.
pub fn free_list(t: &Nobi, data: &NobiData) -> Value {
    or_none(
        t.free_characters(data)
            .iter()
            .map(|c| {
                Value::from(
                    Phrase::new("nobi-name-profession")
                        .arg("name", c.said_name())
                        .arg("profession", c.said_profession()),
                )
            })
            .collect(),
        "nobi-join-comma",
    )
}

/// Free characters to choose from, one per line, with their skills and Ability.
pub fn free_detailed(t: &Nobi, data: &NobiData) -> Value {
    let v: Vec<Value> = t
        .free_characters(data)
        .iter()
        .map(|c| {
            Value::from(
                Phrase::new("nobi-free-line")
                    .arg("name", c.said_name())
                    .arg("profession", c.said_profession())
                    .arg("power", c.power)
                    .arg("technique", c.technique)
                    .arg("ability", c.ability.said_name())
                    .arg("tag", c.ability.tag.said())
                    .arg("text", c.ability.said_text()),
            )
        })
        .collect();
    if v.is_empty() {
        Value::from(Phrase::new("nobi-none"))
    } else {
        Value::Lines(v)
    }
}

/// The NPC cards the players hold, one per line, marking those who joined the Epilogue.
pub fn npc_list(t: &Nobi, data: &NobiData) -> Vec<Value> {
    let joined: &[String] = match &t.step {
        Step::Epilogue { npcs, .. } => npcs,
        _ => &[],
    };
    t.npc_cards(data)
        .iter()
        .map(|(seat, c)| {
            Value::from(
                Phrase::new("nobi-npc-line")
                    .arg("name", c.said_name())
                    .arg("card", card_text(c))
                    .arg("holder", t.seats[*seat].name.as_str())
                    .arg("joined", if joined.contains(&c.id) { "yes" } else { "no" }),
            )
        })
        .collect()
}

/// A Light or Darkness card as `Name (effect)`.
pub fn card_with_effect(c: &GainCard) -> Value {
    Value::from(
        Phrase::new("nobi-card-with-effect")
            .arg("name", c.said_name())
            .arg("card", card_text(c)),
    )
}

/// A seat's characters: `Moss the Hedge Witch (Witch, P2 T5) + support …`.
pub fn seat_chars(t: &Nobi, data: &NobiData, seat: usize) -> Value {
    let Some(s) = t.seats.get(seat) else {
        return Value::from("");
    };
    let chars = s
        .chars
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let d = c.data(data)?;
            Some(Value::from(
                Phrase::new("nobi-seat-char")
                    .arg("support", if i > 0 { "yes" } else { "no" })
                    .arg("name", d.said_name())
                    .arg("profession", d.said_profession())
                    .arg("power", c.skill(data, super::data::Skill::Power))
                    .arg("technique", c.skill(data, super::data::Skill::Technique)),
            ))
        })
        .collect();
    joined(chars, "nobi-join-plus")
}

/// A Light/Darkness card in words: its description (Darkness cards have one: it tells, for
/// one, that the card brings an NPC), then its effect and Ability.
pub fn card_text(c: &GainCard) -> Value {
    let effect = match &c.ability {
        Some(a) => Value::from(
            Phrase::new("nobi-card-ability")
                .arg("text", c.said_text())
                .arg("ability", a.said_name())
                .arg("tag", a.tag.said())
                .arg("effect", a.said_text()),
        ),
        None => c.said_text(),
    };
    if c.description.is_empty() {
        effect
    } else {
        Value::from(
            Phrase::new("nobi-card-described")
                .arg("description", c.said_description())
                .arg("effect", effect),
        )
    }
}

/// A character's own Ability: `Blazing Charge (Solo): Add 2 to …`.
pub fn own_ability(data: &NobiData, character: &str) -> Value {
    data.character(character)
        .map(|c| {
            Value::from(
                Phrase::new("nobi-ability")
                    .arg("name", c.ability.said_name())
                    .arg("tag", c.ability.tag.said())
                    .arg("text", c.ability.said_text()),
            )
        })
        .unwrap_or_else(|| Value::from(""))
}

/// Each player's chance at an Epilogue card's final test, as one line
/// (`alice (Moss) 16.7% · bob (Aldra) 0.0%`): the players, their characters in the reader's
/// language, and numbers.
pub fn tester_chances_line(t: &Nobi, data: &NobiData, card: &str) -> Value {
    joined(
        tester_chances(t, data, card)
            .into_iter()
            .map(|(s, c)| {
                Value::from(
                    Phrase::new("nobi-tester-chance")
                        .arg("player", t.seats[s].name.as_str())
                        .arg("character", t.char_said(data, s))
                        .arg("chance", croupier_core::dice::percent(c)),
                )
            })
            .collect(),
        "nobi-join-dot",
    )
}

/// The buttons of the pending step: the commands that answer it (their labels' keys).
pub fn prompt_buttons(t: &Nobi) -> Vec<(&'static str, NobiCommand)> {
    match &t.step {
        Step::Scene => vec![("nobi-button-draw", NobiCommand::Scene)],
        Step::Check { .. } => vec![("nobi-button-roll", NobiCommand::Roll)],
        Step::Roleplay { acted: true, .. } => vec![
            (
                "nobi-button-success",
                NobiCommand::Verdict {
                    result: Verdict::Success,
                },
            ),
            (
                "nobi-button-failure",
                NobiCommand::Verdict {
                    result: Verdict::Failure,
                },
            ),
        ],
        Step::Epilogue { .. } if t.mode != Mode::Solo => {
            vec![
                ("nobi-button-roll", NobiCommand::Roll),
                ("nobi-button-redraw", NobiCommand::Redraw),
            ]
        }
        _ => vec![],
    }
}

/// A message of the catalogue's words with these buttons (their labels' keys), after those
/// it has.
pub fn with_buttons<'a>(
    m: Message,
    buttons: impl IntoIterator<Item = (&'a str, &'a NobiCommand)>,
) -> Message {
    buttons.into_iter().fold(m, |m, (key, command)| {
        m.labelled(&[key]).button(english(key), command)
    })
}

/// The words for the player who must act: who (pinged) and what to do, with the chance of
/// the pending test.
pub fn prompt_said(t: &Nobi, data: &NobiData) -> Option<(Phrase, UserId)> {
    let (seat, what) = t.pending()?;
    let user = t.seats.get(seat)?.user.clone();
    let mut p = Phrase::new("nobi-prompt")
        .arg("who", user.mention())
        .arg("what", Phrase::new(what));
    if matches!(t.step, Step::Check { .. } | Step::Epilogue { .. }) && !prompt_buttons(t).is_empty()
    {
        if let Some(plan) = current_plan(t, data) {
            p = p.field(Phrase::new("nobi-field-chance"), plan.said());
        }
    }
    Some((p, user))
}

/// The message that pings exactly the player who must act, with what to do and a button.
pub fn prompt(t: &Nobi, data: &NobiData) -> Option<Message> {
    let (p, user) = prompt_said(t, data)?;
    let buttons = prompt_buttons(t);
    Some(with_buttons(
        Message::phrase(p).ping(&user),
        buttons.iter().map(|(k, c)| (*k, c)),
    ))
}

/// One line per player: characters, cards, GM count.
pub fn summary(t: &Nobi, data: &NobiData) -> Value {
    Value::Lines(
        t.seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let cards = |ids: &Vec<String>| -> Value {
                    let v: Vec<Value> = ids
                        .iter()
                        .filter_map(|id| data.gain_card(id))
                        .map(card_with_effect)
                        .collect();
                    if v.is_empty() {
                        Value::from("—")
                    } else {
                        joined(v, "nobi-join-comma")
                    }
                };
                let light: Vec<String> = s.chars.iter().flat_map(|c| c.light.clone()).collect();
                let dark: Vec<String> = s.chars.iter().flat_map(|c| c.darkness.clone()).collect();
                let abilities: Vec<Value> = s
                    .chars
                    .iter()
                    .map(|c| own_ability(data, &c.character))
                    .collect();
                Value::from(
                    Phrase::new("nobi-summary-line")
                        .arg("name", s.name.as_str())
                        .arg("chars", seat_chars(t, data, i))
                        .arg("abilities", joined(abilities, "nobi-join-dot"))
                        .arg("gm", i64::from(s.gm_count))
                        .arg("nlight", light.len() as i64)
                        .arg("light", cards(&light))
                        .arg("ndark", dark.len() as i64)
                        .arg("dark", cards(&dark)),
                )
            })
            .collect(),
    )
}

/// How many cards are left in each draw pile (public: anyone at the table can count them).
pub fn deck_counts(t: &Nobi) -> Phrase {
    Phrase::new("nobi-deck-counts")
        .arg("scenes", t.decks.scenes.len() as i64)
        .arg("light", t.decks.light.len() as i64)
        .arg("darkness", t.decks.darkness.len() as i64)
        .arg("epilogues", t.decks.epilogues.len() as i64)
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
    let mut p = Phrase::titled("nobi-title", "nobi-status").arg("headline", s.headline.clone());
    if let Some(free) = &s.free {
        p = p.field(Phrase::new("nobi-field-free"), free.clone());
    }
    if let Some(left) = &s.cards_left {
        p = p
            .inline(Phrase::new("nobi-field-mode"), s.mode.clone())
            .inline(Phrase::new("nobi-field-scenes"), i64::from(v.scenes_played))
            .inline(Phrase::new("nobi-field-cards-left"), left.clone());
        if let Some((gm, mc)) = &s.scene_roles {
            p = p
                .inline(Phrase::new("nobi-field-gm"), gm.as_str())
                .inline(Phrase::new("nobi-field-main"), mc.as_str());
        }
    }
    if let Some(w) = &s.waiting_for {
        p = p.field(Phrase::new("nobi-field-waiting"), w.clone());
    }
    if let Some(c) = &s.chance {
        p = p.field(Phrase::new("nobi-field-chance"), c.clone());
    }
    if let Some(players) = &s.players {
        p = p.field(Phrase::new("nobi-field-players"), players.clone());
    }
    p = p.field(Phrase::new("nobi-field-settings"), s.settings.clone());
    with_buttons(
        Message::phrase(p),
        s.buttons.iter().map(|(k, c)| (k.as_str(), c)),
    )
}

/// What `/nobi status` writes, worked out from the state once (part of [`NobiView`]), as the
/// catalogue's words.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct NobiStatus {
    /// Where the adventure is (`Scene 3: … — Power check, Difficulty 9`).
    pub headline: Phrase,
    /// The mode's name.
    pub mode: Phrase,
    /// While joining: the free characters with their skills and Ability.
    pub free: Option<Value>,
    /// Once begun: the cards left in each draw pile (counts only).
    pub cards_left: Option<Phrase>,
    /// During Scenes: the GM's and the Main Character's names.
    pub scene_roles: Option<(String, String)>,
    /// Who must act and what to do.
    pub waiting_for: Option<Phrase>,
    /// The chance of the pending test.
    pub chance: Option<Phrase>,
    /// One line per player (characters, cards, GM count).
    pub players: Option<Value>,
    /// Reminders and the Ability limit.
    pub settings: Phrase,
    /// The pending step's buttons (their labels' keys, command).
    pub buttons: Vec<(String, NobiCommand)>,
}

/// The table's settings as the message `key` (`nobi-settings-line` in `/nobi status`,
/// `nobi-settings` for `/nobi settings`).
pub fn settings_said(t: &Nobi, key: &str) -> Phrase {
    let limit = if t.limit_per_player {
        "player"
    } else {
        "character"
    };
    Phrase::new(key)
        .arg("hours", hours(t.remind_after))
        .arg("limit", limit)
}

fn status_facts(t: &Nobi, data: &NobiData) -> NobiStatus {
    let scene_name = |id: &str| {
        data.scene(id)
            .map(|s| s.said_name())
            .unwrap_or_else(|| Value::from("?"))
    };
    let headline = match &t.step {
        Step::Joining => Phrase::new("nobi-head-joining").arg("seated", t.seats.len() as i64),
        Step::Over => Phrase::new("nobi-head-over").arg(
            "result",
            match t.final_result {
                Some(true) => "success",
                Some(false) => "failure",
                None => "none",
            },
        ),
        Step::Epilogue { card, .. } => Phrase::new("nobi-head-epilogue").arg(
            "name",
            data.epilogue(card)
                .map(|e| e.said_name())
                .unwrap_or_else(|| Value::from("?")),
        ),
        Step::Check {
            scene,
            difficulty,
            skill,
            ..
        } => Phrase::new("nobi-head-check")
            .arg("n", i64::from(t.scenes_played + 1))
            .arg("name", scene_name(scene))
            .arg("skill", skill.said())
            .arg("difficulty", *difficulty),
        Step::Roleplay { scene, .. } => Phrase::new("nobi-head-roleplay")
            .arg("n", i64::from(t.scenes_played + 1))
            .arg("name", scene_name(scene)),
        Step::Scene => Phrase::new("nobi-head-between").arg("played", i64::from(t.scenes_played)),
    };
    let name = |s: usize| t.seats.get(s).map(|x| x.name.clone()).unwrap_or_default();
    let scenes = matches!(
        t.step,
        Step::Scene | Step::Check { .. } | Step::Roleplay { .. }
    );
    NobiStatus {
        headline,
        mode: t.mode.said(),
        free: (t.step == Step::Joining).then(|| free_detailed(t, data)),
        cards_left: (t.step != Step::Joining).then(|| deck_counts(t)),
        scene_roles: (t.step != Step::Joining && scenes).then(|| (name(t.gm), name(t.mc))),
        waiting_for: t.pending().map(|(seat, what)| {
            Phrase::new("nobi-waiting-line")
                .arg("name", name(seat))
                .arg("what", Phrase::new(what))
        }),
        chance: current_plan(t, data).map(|p| p.said()),
        players: (!t.seats.is_empty()).then(|| summary(t, data)),
        settings: settings_said(t, "nobi-settings-line"),
        buttons: match t.pending() {
            Some(_) => prompt_buttons(t)
                .into_iter()
                .map(|(key, command)| (key.to_string(), command))
                .collect(),
            None => vec![],
        },
    }
}

/// A block of the story: its lines, each a value, and the line break that ends it.
pub fn story_block(mut lines: Vec<Value>) -> Value {
    lines.push("".into());
    Value::Lines(lines)
}

/// The story so far as Markdown, in typed words (`nobi-story-…`): each reader's language.
pub fn story_said(t: &Nobi, data: &NobiData) -> Value {
    let mut lines: Vec<Value> = vec![Phrase::new("nobi-story-head").into(), "".into()];
    if t.step != Step::Joining {
        lines.push(
            Phrase::new("nobi-story-played")
                .arg("mode", t.mode.said())
                .arg("scenes", i64::from(t.scenes_played))
                .into(),
        );
        lines.push("".into());
    }
    // Each block ends with its line break; the line between blocks keeps them apart.
    lines.extend(t.story.iter().cloned());
    if t.step != Step::Joining {
        lines.push(Phrase::new("nobi-story-heroes").into());
        lines.push("".into());
        for (i, seat) in t.seats.iter().enumerate() {
            let names = |ids: Vec<String>| -> Value {
                let mut it = ids
                    .iter()
                    .filter_map(|id| data.gain_card(id))
                    .map(|c| c.said_name());
                let Some(first) = it.next() else {
                    return Phrase::new("nobi-story-none").into();
                };
                it.fold(first, |a, b| {
                    Phrase::new("nobi-story-list")
                        .arg("a", a)
                        .arg("b", b)
                        .into()
                })
            };
            lines.push(
                Phrase::new("nobi-story-hero")
                    .arg("player", seat.name.as_str())
                    .arg("characters", seat_chars(t, data, i))
                    .arg("gm", i64::from(seat.gm_count))
                    .arg(
                        "light",
                        names(seat.chars.iter().flat_map(|c| c.light.clone()).collect()),
                    )
                    .arg(
                        "darkness",
                        names(seat.chars.iter().flat_map(|c| c.darkness.clone()).collect()),
                    )
                    .into(),
            );
        }
    }
    lines.push("".into());
    Value::Lines(lines)
}

/// The story so far as Markdown, in English.
pub fn story_markdown(t: &Nobi, data: &NobiData) -> String {
    story_said(t, data).text(Locale::En)
}

/// `/nobi story`: the story attached as a Markdown file, in the reader's language.
pub fn story_message(t: &Nobi, data: &NobiData) -> Message {
    Message::phrase(
        Phrase::titled("nobi-story-title", "nobi-story").arg("scenes", i64::from(t.scenes_played)),
    )
    .attach_said("nobi-story.md", story_said(t, data))
}

/// A Light or Darkness card lying face up in front of a character.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct CardView {
    /// Its name in each reader's language; the id if the data lacks it.
    pub name: Value,
    /// The skill bonus it gives its holder (`P+1` on the picture).
    pub bonus: Option<(super::data::Skill, i64)>,
}

/// One character card at a seat.
#[derive(Debug, Clone, serde::Serialize, PartialEq)]
pub struct CharView {
    /// Character name in each reader's language (`?` if the data lacks it).
    pub name: Value,
    /// Profession.
    pub profession: Value,
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
    pub mode: Phrase,
    /// Solo play (counts Scenes, not GM turns).
    pub solo: bool,
    /// Scenes played.
    pub scenes_played: u32,
    /// What the table waits for, in a line (`GM alice draws the next Scene`).
    pub pending: Phrase,
    /// The seats in order.
    pub seats: Vec<SeatView>,
    /// What `/nobi status` writes.
    pub status: NobiStatus,
}

/// The pending step in a line, naming whoever acts (`pic-nobi-step`).
fn step_line(t: &Nobi) -> Phrase {
    let name = |s: usize| t.seats.get(s).map(|x| x.name.as_str()).unwrap_or("?");
    let p = Phrase::new("pic-nobi-step");
    match &t.step {
        Step::Joining => p.arg("step", "joining").arg("seated", t.seats.len() as i64),
        Step::Scene => p.arg("step", "scene").arg("name", name(t.gm)),
        Step::Check {
            skill, difficulty, ..
        } => p
            .arg("step", "check")
            .arg("name", name(t.mc))
            .arg("skill", skill.said())
            .arg("difficulty", *difficulty),
        Step::Roleplay { acted: false, .. } => p.arg("step", "roleplay").arg("name", name(t.mc)),
        Step::Roleplay { acted: true, .. } => p.arg("step", "decide").arg("name", name(t.gm)),
        Step::Epilogue { tester, .. } => p.arg("step", "epilogue").arg("name", name(*tester)),
        Step::Over => p.arg(
            "step",
            match t.final_result {
                Some(true) => "success",
                Some(false) => "failure",
                None => "over",
            },
        ),
    }
}

fn card_view(data: &NobiData, id: &str) -> CardView {
    let card = data.gain_card(id);
    CardView {
        name: card.map_or_else(|| id.into(), |c| c.said_name()),
        bonus: card.and_then(|c| c.bonus),
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
                        name: c.map_or_else(|| "?".into(), |c| c.said_name()),
                        profession: c
                            .map(|c| c.said_profession())
                            .unwrap_or_else(|| Value::from("")),
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
        mode: t.mode.said(),
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
    // A Scene's name in each language the data carries.
    let names = |id: &String| {
        data.scene(id)
            .into_iter()
            .flat_map(|s| std::iter::once(s.name.clone()).chain(s.name_ja.clone()))
    };
    let seen: std::collections::BTreeSet<String> =
        t.decks.scene_discard.iter().flat_map(names).collect();
    let hidden: std::collections::BTreeSet<String> =
        t.decks.scenes.iter().flat_map(names).collect();
    hidden.difference(&seen).cloned().collect()
}
