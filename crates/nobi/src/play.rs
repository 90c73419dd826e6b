//! The rules of Nobi Nobi Sword: every action checks who may act, then changes the state.
//! Each handler validates everything first and mutates only after, so a refusal changes nothing.

use rand::Rng;

use super::check::{best_tester, current_plan};
use super::commands::{AbilityLimit, InspireTable, NobiCommand};
use super::data::{NobiData, Test};
use super::state::{
    draw, shuffled, Mode, Nobi, Seat, Sheet, Step, Use, GM_TURNS, MAX_PLAYERS, SOLO_REDUCTION,
    SOLO_SCENES,
};
use super::view;
use croupier_core::table::{
    refuse, user_text, Actor, Choices, Ctx, Message, Reply, RuleError, UserId,
};

type C<'a, 'b> = Ctx<'a, NobiData, ()>;

/// Applies one action (not reminders).
pub fn apply(
    t: &mut Nobi,
    ctx: &mut C<'_, '_>,
    actor: &Actor,
    action: &NobiCommand,
) -> Result<Vec<Reply>, RuleError> {
    match action {
        NobiCommand::Join { character, support } => {
            join(t, ctx, actor, character.as_deref(), support.as_deref())
        }
        NobiCommand::Leave => leave(t, actor),
        NobiCommand::Begin { gm } => begin(t, ctx, gm.as_ref()),
        NobiCommand::Scene => scene(t, ctx, actor),
        NobiCommand::Use { ability } => use_ability(t, ctx.data, actor, ability),
        NobiCommand::Difficulty { value } => difficulty(t, ctx.data, actor, *value),
        NobiCommand::Roll => roll(t, ctx, actor),
        NobiCommand::Act { text } => act(t, ctx.data, actor, text),
        NobiCommand::Verdict { result } => verdict(t, ctx, actor, result.success()),
        NobiCommand::Narrate { text } => narrate(t, actor, text),
        NobiCommand::Inspire { table } => inspire(t, ctx, actor, *table),
        NobiCommand::Redraw => redraw(t, ctx, actor),
        NobiCommand::Finish => finish(t, ctx.data, actor),
        NobiCommand::Npc { card } => npc(t, ctx.data, actor, card),
        NobiCommand::Tester { player } => tester(t, ctx.data, actor, player),
        NobiCommand::Settings {
            remind_after,
            limit,
        } => settings(t, actor, *remind_after, *limit),
        NobiCommand::Remind => refuse("reminders are sent by the table itself."),
        NobiCommand::New { .. } => refuse("a Nobi Nobi Sword table is already open here."),
        NobiCommand::Status | NobiCommand::Story => {
            refuse("that is a view: the table answers it without an action.")
        }
    }
}

/// `actor`'s seat, or the refusal that says how to join (or that joining has closed); the
/// table asks it through [`croupier_core::table::Game::playing`] before any `perm = player` command.
pub(crate) fn seated(t: &Nobi, actor: &Actor) -> Result<usize, RuleError> {
    t.seat_of(&actor.id).ok_or_else(|| {
        RuleError::new(if t.step == Step::Joining {
            "you are not at this table; `/nobi join` before it begins.".to_string()
        } else {
            let players: Vec<&str> = t.seats.iter().map(|s| s.name.as_str()).collect();
            format!(
                "you are not playing in this adventure, and joining closed when it began (players: {}). Watch with `/nobi status`, or join the next table.",
                players.join(", ")
            )
        })
    })
}

fn running(t: &Nobi) -> Result<(), RuleError> {
    match t.step {
        Step::Joining => {
            refuse("the adventure has not begun yet; the host starts it with `/nobi begin`.")
        }
        Step::Over => refuse("this adventure is over; `/nobi story` shows how it went."),
        _ => Ok(()),
    }
}

/// A character picked by name: its id, and the seat whose support character holds its card
/// and is set aside for it (only when the table will play 3+ players, where supports sit out).
fn pick_character(
    t: &Nobi,
    data: &NobiData,
    name: &str,
    taken_now: Option<u8>,
) -> Result<(String, Option<usize>), RuleError> {
    let Some(c) = data.character_named(name) else {
        return refuse(format!(
            "there is no character called `{name}`. Free characters: {}",
            view::free_list(t, data)
        ));
    };
    let mut set_aside = None;
    match t.card_holding(data, c) {
        // Joining makes 3+ players: support characters are set aside at `/nobi begin`, so
        // one blocks nobody's main character.
        Some((seat, true)) if t.seats.len() >= 2 && taken_now.is_none() => set_aside = Some(seat),
        Some((seat, support)) => {
            let how = if support {
                "as a support character. Supports play only in two-player games: once a third player joins, anyone may take it for their main character."
            } else {
                "(each card has two sides; taking one side takes the card)."
            };
            return refuse(format!(
                "{} is not free: {} holds that card {how} Free: {}",
                c.name,
                t.seats[seat].name,
                view::free_list(t, data)
            ));
        }
        None => {}
    }
    if taken_now == Some(c.card) {
        return refuse(format!(
            "{} is the other side of your main character's card; pick another card.",
            c.name
        ));
    }
    Ok((c.id.clone(), set_aside))
}

fn random_free(
    t: &Nobi,
    data: &NobiData,
    rng: &mut croupier_core::rng::GameRng,
    except: Option<u8>,
) -> Result<String, RuleError> {
    let free: Vec<_> = t
        .free_characters(data)
        .into_iter()
        .filter(|c| Some(c.card) != except)
        .collect();
    if free.is_empty() {
        return refuse("no character is free any more.");
    }
    Ok(free[rng.random_range(0..free.len())].id.clone())
}

fn join(
    t: &mut Nobi,
    ctx: &mut C<'_, '_>,
    actor: &Actor,
    character: Option<&str>,
    support: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    if t.step != Step::Joining {
        return refuse("this adventure is already running; join the next one (or ask the host to start a new table).");
    }
    if t.seat_of(&actor.id).is_some() {
        return refuse("you already have a seat; `/nobi leave` first to change character.");
    }
    if t.seats.len() >= MAX_PLAYERS {
        return refuse(format!(
            "the table is full ({MAX_PLAYERS} players is the most for Nobi Nobi)."
        ));
    }
    let data = ctx.data;
    let (main, set_aside) = match character {
        Some(n) => pick_character(t, data, n, None)?,
        None => (random_free(t, data, ctx.rng, None)?, None),
    };
    let main_card = data.character(&main).map(|c| c.card);
    let sup = match support {
        Some(n) => Some(pick_character(t, data, n, main_card)?.0),
        None => None,
    };
    let mut note = String::new();
    if let Some(seat) = set_aside {
        let gone = t.seats[seat].chars.split_off(1);
        note = format!(
            " {}'s support character {} is set aside for it: with 3 or more players only main characters play.",
            t.seats[seat].name,
            gone.first()
                .and_then(|c| c.data(data))
                .map(|c| c.name.as_str())
                .unwrap_or("?")
        );
    }
    let mut chars = vec![Sheet::new(&main)];
    if let Some(s) = &sup {
        chars.push(Sheet::new(s));
    }
    t.seats.push(Seat {
        user: actor.id.clone(),
        name: actor.name.clone(),
        chars,
        gm_count: 0,
        successes: 0,
        failures: 0,
    });
    let i = t.seats.len() - 1;
    let names = view::seat_chars(t, data, i);
    Ok(vec![Reply::public(Message::text(format!(
        "{} joins as {names} (seat {}).{note}",
        actor.name,
        t.seats.len()
    )))])
}

fn leave(t: &mut Nobi, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    if t.step != Step::Joining {
        return refuse("the adventure has begun; players stay until the Epilogue (the host can `/game end` the table).");
    }
    let i = seated(t, actor)?;
    t.seats.remove(i);
    Ok(vec![Reply::public(Message::text(format!(
        "{} leaves the table; their character card is free again.",
        actor.name
    )))])
}

fn begin(t: &mut Nobi, ctx: &mut C<'_, '_>, gm: Option<&UserId>) -> Result<Vec<Reply>, RuleError> {
    // Only the host begins: `/nobi begin` is declared `perm = host`, checked by the table.
    if t.step != Step::Joining {
        return refuse("the adventure has already begun.");
    }
    if t.seats.is_empty() {
        return refuse("nobody has joined yet; everyone (the host too) joins with `/nobi join`.");
    }
    let gm_seat = match gm {
        Some(u) => Some(t.seat_of(u).ok_or_else(|| {
            RuleError::new(format!(
                "{} is not at this table; the first GM must be a player.",
                u.mention()
            ))
        })?),
        None => None,
    };
    let data = ctx.data;
    let n = t.seats.len();
    let mode = Mode::for_players(n);
    let mut notes = Vec::new();
    // Two players: each needs a support character; otherwise support characters are set aside.
    for i in 0..n {
        if mode == Mode::TwoPlayer && t.seats[i].chars.len() < 2 {
            let main_card = t.seats[i].chars[0].data(data).map(|c| c.card);
            let id = random_free(t, data, ctx.rng, main_card)?;
            t.seats[i].chars.push(Sheet::new(&id));
            notes.push(format!(
                "{} gets a support character at random: {}.",
                t.seats[i].name,
                data.character(&id).map(|c| c.name.as_str()).unwrap_or("?")
            ));
        } else if mode != Mode::TwoPlayer && t.seats[i].chars.len() > 1 {
            t.seats[i].chars.truncate(1);
            notes.push(format!(
                "{}'s support character is set aside (only the two-player variant uses them).",
                t.seats[i].name
            ));
        }
    }
    t.mode = mode;
    t.gm = match gm_seat {
        Some(s) => s,
        None => ctx.rng.random_range(0..n),
    };
    t.mc = (t.gm + 1) % n;
    t.decks.scenes = shuffled(data.scenes.iter().map(|c| c.id.clone()), ctx.rng);
    t.decks.light = shuffled(data.light.iter().map(|c| c.id.clone()), ctx.rng);
    t.decks.darkness = shuffled(data.darkness.iter().map(|c| c.id.clone()), ctx.rng);
    t.decks.intros = shuffled(data.intros.iter().map(|c| c.id.clone()), ctx.rng);
    t.decks.epilogues = shuffled(data.epilogues.iter().map(|c| c.id.clone()), ctx.rng);
    t.intro = t.decks.intros.pop();
    t.step = Step::Scene;
    let intro = t.intro.as_deref().and_then(|i| data.intro(i));
    let rules = match mode {
        Mode::Regular => format!("{n} players: regular play. Each player is GM {GM_TURNS} times, then the Epilogue."),
        Mode::TwoPlayer => format!(
            "2 players: two-player variant. Each player has a main and a support character; the GM may use their own characters to help the Main Character. Each player is GM {GM_TURNS} times, then the Epilogue."
        ),
        Mode::Solo => format!(
            "1 player: solo play. You are GM and Main Character in every Scene; Skill check Difficulties are lowered by {SOLO_REDUCTION}; after {SOLO_SCENES} Scenes comes the Epilogue, whose test is skipped: you write the outcome."
        ),
    };
    let roles = if mode == Mode::Solo {
        String::new()
    } else {
        format!(
            "\nFirst GM: {}. Main Character (the next seat): {}.",
            t.seats[t.gm].user.mention(),
            t.seats[t.mc].user.mention()
        )
    };
    let mut story = format!(
        "## Introduction: {}\n\n{}\n\n",
        intro.map(|i| i.name.as_str()).unwrap_or("?"),
        intro.map(|i| i.description.as_str()).unwrap_or("")
    );
    story.push_str("Characters:\n");
    for i in 0..n {
        story.push_str(&format!(
            "- {}: {}\n",
            t.seats[i].name,
            view::seat_chars(t, data, i)
        ));
    }
    t.story.push(story);
    let mut m = Message::titled(
        "⚔️ The adventure begins",
        format!("{rules}{roles}\n{}", notes.join("\n"))
            .trim_end()
            .to_string(),
    );
    if let Some(i) = intro {
        m = m.field(format!("Introduction: {}", i.name), i.description.clone());
    }
    let mut out = vec![Reply::public(m)];
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

fn scene(t: &mut Nobi, ctx: &mut C<'_, '_>, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    if matches!(t.step, Step::Epilogue { .. }) {
        return refuse("there is no GM and no new Scene during the Epilogue.");
    }
    let me = seated(t, actor)?;
    if me != t.gm {
        return refuse(format!(
            "only the GM ({}) draws Scene cards.",
            t.seats[t.gm].name
        ));
    }
    if t.step != Step::Scene {
        return refuse("the current Scene is not finished yet.");
    }
    let data = ctx.data;
    let Some((id, reshuffled)) = draw(&mut t.decks.scenes, &mut t.decks.scene_discard, ctx.rng)
    else {
        return refuse("the Scene deck is empty.");
    };
    let Some(card) = data.scene(&id) else {
        return refuse("that Scene card is missing from the data.");
    };
    let n = t.scenes_played + 1;
    let who = format!(
        "GM: {} · Main Character: {} ({})",
        t.seats[t.gm].name,
        t.seats[t.mc].name,
        t.char_name(data, t.mc)
    );
    t.story.push(format!(
        "## Scene {n}: {}\n\n*{who}*\n\n{}\n",
        card.name, card.description
    ));
    let mut m = Message::titled(
        format!("🎬 Scene {n}: {}", card.name),
        card.description.clone(),
    );
    if reshuffled {
        m.body.push_str(
            "\n(The Scene deck ran out: the played Scenes were shuffled into a new deck.)",
        );
    }
    m = m.field("Roles", who);
    if let Some(e) = &card.effect {
        m = m.field("Effect", e.clone());
    }
    match &card.test {
        Test::Check { skill, difficulty } => {
            let d = if t.mode == Mode::Solo {
                difficulty - SOLO_REDUCTION
            } else {
                *difficulty
            };
            t.step = Step::Check {
                scene: id,
                skill: *skill,
                printed: *difficulty,
                difficulty: d,
                uses: vec![],
            };
            let line = if t.mode == Mode::Solo {
                format!(
                    "{}: {difficulty} − {SOLO_REDUCTION} (solo) = {d}",
                    skill.name()
                )
            } else {
                format!("{}: {difficulty}", skill.name())
            };
            t.story.push(format!("Skill check — {line}\n"));
            m = m.field("Skill check", line);
        }
        Test::Roleplay { prompt } => {
            t.step = Step::Roleplay {
                scene: id,
                acted: false,
                uses: vec![],
            };
            t.story.push(format!("Role-play challenge — {prompt}\n"));
            m = m.field("Role-play challenge", prompt.clone());
        }
    }
    let mut out = vec![Reply::public(m)];
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

fn use_ability(
    t: &mut Nobi,
    data: &NobiData,
    actor: &Actor,
    name: &str,
) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    // A Role-play challenge has no roll and no skill: only narrative Abilities are used there.
    let (uses, tested_seat, skill) = match &t.step {
        Step::Check { uses, skill, .. } => (uses, t.mc, Some(*skill)),
        Step::Roleplay { uses, .. } => (uses, t.mc, None),
        Step::Epilogue {
            uses, tester, card, ..
        } => {
            if t.mode == Mode::Solo {
                return refuse("in solo play the Epilogue's test is skipped: just write the outcome with `/nobi act`.");
            }
            (uses, *tester, data.epilogue(card).map(|e| e.skill))
        }
        _ => {
            return refuse(match &t.last_rolled {
                Some(s) => format!("the dice for «{s}» have already been rolled: Abilities must be announced BEFORE the roll."),
                None => "there is no check waiting for a roll.".to_string(),
            })
        }
    };
    if !t.may_use(me) {
        return refuse("the current GM's character and cards are not used during their Scene.");
    }
    let tested_char = t.seats[tested_seat]
        .chars
        .first()
        .map(|c| c.character.clone())
        .unwrap_or_default();
    let wanted = name.trim().to_lowercase();
    let found = t.seats[me].chars.iter().find_map(|c| {
        c.abilities(data)
            .into_iter()
            .find(|a| a.name.to_lowercase() == wanted)
            .map(|a| (c.character.clone(), a))
    });
    let Some((owner, ab)) = found else {
        let mine: Vec<String> = t.seats[me]
            .chars
            .iter()
            .flat_map(|c| c.abilities(data))
            .map(|a| format!("{} ({})", a.name, a.tag.name()))
            .collect();
        return refuse(format!(
            "none of your characters has an Ability called `{name}`. Yours: {}.",
            mine.join(", ")
        ));
    };
    let own = owner == tested_char;
    t.tag_allows(ab, own).map_err(RuleError::new)?;
    if t.limit_per_player {
        if let Some(u) = uses.iter().find(|u| u.seat == me) {
            return refuse(format!(
                "you already used {} in this Scene; this table allows one Ability per player per Scene.",
                u.ability
            ));
        }
    }
    if let Some(u) = uses.iter().find(|u| u.character == owner) {
        return refuse(format!(
            "{} already used {} in this Scene; each character uses at most one Ability per Scene.",
            data.character(&owner)
                .map(|c| c.name.as_str())
                .unwrap_or("?"),
            u.ability
        ));
    }
    if skill.is_none() && ab.effect != super::data::Effect::Free {
        return refuse(format!(
            "{} changes a roll, and a Role-play challenge has none: only narrative Abilities (whose effect the GM decides, like Call the Fog) are used in Role-play Scenes.",
            ab.name
        ));
    }
    if let (super::data::Effect::Bonus { skill: Some(s), .. }, Some(skill)) = (ab.effect, skill) {
        if s != skill {
            return refuse(format!(
                "{} only helps {} checks; this is a {} check.",
                ab.name,
                s.name(),
                skill.name()
            ));
        }
    }
    let ab = ab.clone();
    let owner_name = data
        .character(&owner)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    match &mut t.step {
        Step::Check { uses, .. } | Step::Epilogue { uses, .. } | Step::Roleplay { uses, .. } => {
            uses.push(Use {
                seat: me,
                character: owner,
                ability: ab.name.clone(),
            })
        }
        _ => {}
    }
    let plan = current_plan(t, data);
    let free = if ab.effect == super::data::Effect::Free {
        " (free effect: the GM — or the table in the Epilogue — decides what it changes)"
    } else {
        ""
    };
    t.story.push(format!(
        "- {owner_name} uses **{}** ({}){free}.\n",
        ab.name, ab.text
    ));
    let mut m = Message::text(format!(
        "✨ {owner_name} uses **{}** — {}{free}",
        ab.name, ab.text
    ));
    if let Some(p) = plan {
        m = m.field("Chance", p.line());
        m = m.button("Roll", &NobiCommand::Roll);
    }
    Ok(vec![Reply::public(m)])
}

fn difficulty(
    t: &mut Nobi,
    data: &NobiData,
    actor: &Actor,
    value: i64,
) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    if matches!(t.step, Step::Epilogue { .. }) {
        return refuse("there is no GM during the Epilogue; the final test's Difficulty stands.");
    }
    let me = seated(t, actor)?;
    if me != t.gm {
        return refuse(format!(
            "only the GM ({}) can change the Difficulty.",
            t.seats[t.gm].name
        ));
    }
    let Step::Check { difficulty, .. } = &mut t.step else {
        return refuse(match &t.last_rolled {
            Some(s) if t.step == Step::Scene => {
                format!("the dice for «{s}» have already been rolled.")
            }
            _ => "there is no Skill check waiting for a roll.".to_string(),
        });
    };
    if !(0..=30).contains(&value) {
        return refuse("the Difficulty is a number from 0 to 30.");
    }
    let old = *difficulty;
    if value == old {
        return refuse(format!("the Difficulty is {old} already."));
    }
    *difficulty = value;
    // Lowering is the GM's to give when convinced (NOBI-29); raising follows a Scene card's
    // own procedure (docs/rules-choices.md).
    let verb = if value < old { "lowers" } else { "raises" };
    t.story.push(format!(
        "- The GM {verb} the Difficulty from {old} to {value}.\n"
    ));
    let mut m = Message::text(format!(
        "🎚️ The GM {verb} the Difficulty from {old} to {value}."
    ));
    if let Some(p) = current_plan(t, data) {
        m = m.field("Chance", p.line());
    }
    Ok(vec![Reply::public(m.button("Roll", &NobiCommand::Roll))])
}

fn roll(t: &mut Nobi, ctx: &mut C<'_, '_>, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    let data = ctx.data;
    match &t.step {
        Step::Check { .. } => {
            if me != t.mc {
                return refuse(format!(
                    "only the Main Character ({}) rolls this check.",
                    t.seats[t.mc].name
                ));
            }
        }
        Step::Epilogue { tester, .. } => {
            if t.mode == Mode::Solo {
                return refuse("in solo play the Epilogue's test is skipped: write the outcome with `/nobi act text:…`.");
            }
            if me != *tester {
                return refuse(format!(
                    "{} takes the final test (change it with `/nobi tester player:@…`).",
                    t.seats[*tester].name
                ));
            }
        }
        Step::Roleplay { .. } => {
            return refuse(
                "this Scene is a Role-play challenge: no dice; act it out with `/nobi act`.",
            )
        }
        _ => return refuse("there is nothing to roll: the GM draws a Scene first."),
    }
    let plan =
        current_plan(t, data).ok_or_else(|| RuleError::new("the check could not be set up."))?;
    let line = plan.line();
    let o = plan.roll(ctx.rng)?;
    let who = t.char_name(data, me);
    let verdict = if o.success {
        "✅ Success"
    } else {
        "❌ Failure"
    };
    let rolled = format!(
        "🎲 {who} rolls {}: total {} vs {} — {verdict}",
        o.rolls.join("; "),
        o.total,
        plan.target()
    );
    t.story.push(format!("{line}\n\n{rolled}\n"));
    if let Step::Epilogue { card, .. } = &t.step {
        let name = data
            .epilogue(card)
            .map(|e| e.name.clone())
            .unwrap_or_default();
        t.final_result = Some(o.success);
        t.step = Step::Over;
        let wrap = if o.success {
            "The heroes win the day. The adventure is over!"
        } else {
            "The final test fails, but the story goes on: revenge, new adventures… The adventure is over!"
        };
        t.story.push(format!(
            "**Final result:** {}\n\n{wrap}\n",
            if o.success { "success" } else { "failure" }
        ));
        let m = Message::titled(format!("🏁 {name}"), format!("{rolled}\n{wrap}"))
            .field("Check", line)
            .field("Adventure", view::summary(t, data))
            .button("Story", &NobiCommand::Story);
        return Ok(vec![Reply::public(m)]);
    }
    let name = t.last_scene_name(data);
    t.last_rolled = Some(name);
    let mut out = vec![Reply::public(Message::text(format!(
        "{rolled}\n(odds before the roll: {line})"
    )))];
    out.extend(resolve(t, ctx, o.success)?);
    Ok(out)
}

impl Nobi {
    fn last_scene_name(&self, data: &NobiData) -> String {
        match &self.step {
            Step::Check { scene, .. } | Step::Roleplay { scene, .. } => data
                .scene(scene)
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            _ => String::new(),
        }
    }
}

/// Ends the Scene: card gained, roles passed to the left, maybe the Epilogue.
fn resolve(t: &mut Nobi, ctx: &mut C<'_, '_>, success: bool) -> Result<Vec<Reply>, RuleError> {
    let data = ctx.data;
    let scene_id = match &t.step {
        Step::Check { scene, .. } | Step::Roleplay { scene, .. } => scene.clone(),
        _ => return refuse("no Scene is being played."),
    };
    let mut empty_pile = vec![];
    let pile = if success {
        &mut t.decks.light
    } else {
        &mut t.decks.darkness
    };
    let gained = draw(pile, &mut empty_pile, ctx.rng).map(|c| c.0);
    let mc = t.mc;
    let kind = if success { "Light" } else { "Darkness" };
    let mut body = String::new();
    match &gained {
        Some(id) => {
            let c = data.gain_card(id);
            let sheet = &mut t.seats[mc].chars[0];
            if success {
                sheet.light.push(id.clone());
            } else {
                sheet.darkness.push(id.clone());
            }
            body.push_str(&format!(
                "{} gains the {kind} card **{}** — {}",
                t.seats[mc].name,
                c.map(|c| c.name.as_str()).unwrap_or("?"),
                c.map(view::card_text).unwrap_or_default()
            ));
        }
        None => body.push_str(&format!("The {kind} deck is empty: no card is gained.")),
    }
    if success {
        t.seats[mc].successes += 1;
    } else {
        t.seats[mc].failures += 1;
    }
    t.story.push(format!(
        "**Outcome:** {} — {body}\n",
        if success { "success" } else { "failure" }
    ));
    t.decks.scene_discard.push(scene_id);
    t.scenes_played += 1;
    t.seats[t.gm].gm_count += 1;
    let mut out = vec![Reply::public(Message::titled(
        if success {
            "🌟 Scene won"
        } else {
            "🌑 Scene lost"
        },
        body,
    ))];
    if t.epilogue_due() {
        out.extend(start_epilogue(t, ctx, Keep::default())?);
        return Ok(out);
    }
    let n = t.seats.len();
    t.gm = t.mc;
    t.mc = (t.mc + 1) % n;
    t.step = Step::Scene;
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

/// Who the final test falls to and who joined, kept across a redraw.
#[derive(Default)]
struct Keep {
    /// The tester the players chose (`/nobi tester`), if any.
    chosen: Option<usize>,
    /// NPC cards that joined the final Scene.
    npcs: Vec<String>,
}

fn start_epilogue(t: &mut Nobi, ctx: &mut C<'_, '_>, keep: Keep) -> Result<Vec<Reply>, RuleError> {
    let data = ctx.data;
    let Some((card, _)) = draw(
        &mut t.decks.epilogues,
        &mut t.decks.epilogue_discard,
        ctx.rng,
    ) else {
        return refuse("the Epilogue deck is empty.");
    };
    let tester = keep.chosen.unwrap_or_else(|| best_tester(t, data, &card));
    t.step = Step::Epilogue {
        card: card.clone(),
        tester,
        uses: vec![],
        written: 0,
        npcs: keep.npcs,
        chosen: keep.chosen.is_some(),
    };
    let e = data.epilogue(&card);
    let name = e.map(|e| e.name.clone()).unwrap_or_default();
    let desc = e.map(|e| e.description.clone()).unwrap_or_default();
    let test = e
        .map(|e| format!("{}: {}", e.skill.name(), e.difficulty))
        .unwrap_or_default();
    t.story.push(format!(
        "## Epilogue: {name}\n\n{desc}\n\nFinal test — {test}\n"
    ));
    let how = if t.mode == Mode::Solo {
        "Solo play: ignore the Epilogue's test and write the most interesting outcome with `/nobi act text:…`. Not the Epilogue you want? `/nobi redraw`.".to_string()
    } else {
        "There is no GM now: the players manage this Scene together. Only `All` and Permanent Abilities count; NPCs from Light and Darkness cards may join. Not the ending you want? Any player may `/nobi redraw`. Choose who takes the final test with `/nobi tester player:@…`, then they `/nobi roll`.".to_string()
    };
    let mut m = Message::titled(format!("📜 Epilogue: {name}"), format!("{desc}\n\n{how}"));
    let npcs = view::npc_list(t, data);
    if !npcs.is_empty() {
        m = m.field("NPCs who may join (`/nobi npc card:…`)", npcs);
    }
    if t.mode != Mode::Solo {
        m = m.field("Final test", test);
        m = m.field(
            if keep.chosen.is_some() {
                "Chance of each player (the players chose the tester)"
            } else {
                "Chance of each player (the best takes the test unless you choose)"
            },
            view::tester_chances_line(t, data, &card),
        );
        if let Some(p) = current_plan(t, data) {
            m = m.field("Chance", p.line());
        }
    }
    let mut out = vec![Reply::public(m)];
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

/// The Abilities announced so far, as `Name (player)`, for the note that withdraws them.
fn withdrawn(t: &Nobi, uses: &[Use]) -> Vec<String> {
    uses.iter()
        .map(|u| {
            format!(
                "{} ({})",
                u.ability,
                t.seats.get(u.seat).map(|s| s.name.as_str()).unwrap_or("?")
            )
        })
        .collect()
}

fn redraw(t: &mut Nobi, ctx: &mut C<'_, '_>, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    seated(t, actor)?;
    let Step::Epilogue {
        card,
        uses,
        tester,
        npcs,
        chosen,
        ..
    } = &t.step
    else {
        return refuse("only the Epilogue card can be redrawn, once the Epilogue has begun.");
    };
    let old = card.clone();
    let withdrawn = withdrawn(t, uses);
    // The tester the players chose and the NPCs who joined stay: only the card changes.
    let keep = Keep {
        chosen: chosen.then_some(*tester),
        npcs: npcs.clone(),
    };
    let Some((new, reshuffled)) = draw(
        &mut t.decks.epilogues,
        &mut t.decks.epilogue_discard,
        ctx.rng,
    ) else {
        return refuse("there is no other Epilogue card to draw.");
    };
    t.decks.epilogue_discard.push(old.clone());
    let oldname = ctx
        .data
        .epilogue(&old)
        .map(|e| e.name.clone())
        .unwrap_or_default();
    t.story.push(format!(
        "*The players set aside «{oldname}» and draw another Epilogue.*\n"
    ));
    // Re-open the Epilogue with the new card (abilities announced for the old one are withdrawn).
    t.decks.epilogues.push(new);
    let mut out = start_epilogue(t, ctx, keep)?;
    if !withdrawn.is_empty() {
        // A new card is a new test: Abilities announced for the old one are not spent.
        out.insert(
            0,
            Reply::public(Message::text(format!(
                "Abilities announced for «{oldname}» are withdrawn and not spent: {}. Announce them again for the new Epilogue if they still apply.",
                withdrawn.join(", ")
            ))),
        );
    }
    if reshuffled {
        out.insert(
            0,
            Reply::public(Message::text(
                "(The Epilogue deck ran out: the set-aside Epilogues were shuffled back.)",
            )),
        );
    }
    Ok(out)
}

fn tester(
    t: &mut Nobi,
    data: &NobiData,
    actor: &Actor,
    user: &UserId,
) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    seated(t, actor)?;
    if !matches!(t.step, Step::Epilogue { .. }) {
        return refuse("the final tester is chosen in the Epilogue.");
    }
    if t.mode == Mode::Solo {
        return refuse("in solo play the Epilogue's test is skipped.");
    }
    let Some(s) = t.seat_of(user) else {
        return refuse(format!("{} is not at this table.", user.mention()));
    };
    let mut gone = vec![];
    if let Step::Epilogue {
        tester,
        uses,
        chosen,
        ..
    } = &t.step
    {
        if *tester == s && *chosen {
            return refuse(format!("{} already takes the final test.", t.seats[s].name));
        }
        gone = withdrawn(t, uses);
    }
    if let Step::Epilogue {
        tester,
        uses,
        chosen,
        ..
    } = &mut t.step
    {
        *tester = s;
        *chosen = true;
        uses.clear();
    }
    let name = t.char_name(data, s);
    t.story.push(format!(
        "*{} ({name}) takes the final test.*\n",
        t.seats[s].name
    ));
    let note = if gone.is_empty() {
        String::new()
    } else {
        format!(
            " Abilities announced for the previous tester are withdrawn and not spent: {}; announce them again if they still apply.",
            gone.join(", ")
        )
    };
    let mut out = vec![Reply::public(Message::text(format!(
        "The players choose {} ({name}) for the final test.{note}",
        t.seats[s].name
    )))];
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

fn act(t: &mut Nobi, data: &NobiData, actor: &Actor, text: &str) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    let who = t.char_name(data, me);
    match &mut t.step {
        Step::Roleplay { acted, .. } => {
            if me != t.mc {
                return refuse(format!(
                    "only the Main Character ({}) plays out this Scene.",
                    t.seats[t.mc].name
                ));
            }
            *acted = true;
            t.story.push(format!("> **{who}:** {text}\n"));
            let mut out = vec![Reply::public(Message::text(format!(
                "🎭 {who}: {}",
                user_text(text)
            )))];
            out.extend(view::prompt(t, data).map(Reply::public));
            Ok(out)
        }
        Step::Epilogue { written, .. } if t.mode == Mode::Solo => {
            *written += 1;
            t.story.push(format!("> **{who}:** {text}\n"));
            Ok(vec![Reply::public(
                Message::text(format!(
                    "🎭 {who}: {}\n\nWrite more with `/nobi act`, or close the adventure with `/nobi finish`.",
                    user_text(text)
                ))
                .button("The End", &NobiCommand::Finish),
            )])
        }
        Step::Epilogue { .. } => {
            t.story.push(format!("> **{who}:** {text}\n"));
            Ok(vec![Reply::public(Message::text(format!(
                "🎭 {who}: {}",
                user_text(text)
            )))])
        }
        Step::Check { .. } => {
            if me != t.mc {
                return refuse(format!(
                    "only the Main Character ({}) plays out this Scene.",
                    t.seats[t.mc].name
                ));
            }
            t.story.push(format!("> **{who}:** {text}\n"));
            Ok(vec![Reply::public(
                Message::text(format!("🎭 {who}: {text}")).button("Roll", &NobiCommand::Roll),
            )])
        }
        _ => refuse("there is no Scene to play out; the GM draws one first."),
    }
}

fn verdict(
    t: &mut Nobi,
    ctx: &mut C<'_, '_>,
    actor: &Actor,
    success: bool,
) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    let check =
        match &t.step {
            Step::Roleplay { .. } => false,
            Step::Check { .. } => true,
            _ => return refuse(
                "a verdict decides a Role-play challenge or a Skill check waiting for its roll.",
            ),
        };
    if me != t.gm {
        return refuse(format!(
            "only the GM ({}) gives a verdict.",
            t.seats[t.gm].name
        ));
    }
    let result = if success { "success" } else { "failure" };
    t.last_rolled = None;
    // A Role-play challenge may be played out aloud (voice tables): the verdict does not
    // wait for `/nobi act`. A check decided by the GM follows a Scene card's own procedure
    // instead of the dice (docs/rules-choices.md).
    t.story.push(if check {
        format!("The GM decides the check without dice: {result}.\n")
    } else {
        format!("The GM decides: {result}.\n")
    });
    let mut out = vec![];
    if check {
        out.push(Reply::public(Message::text(format!(
            "⚖️ The GM decides the check without rolling: **{result}**."
        ))));
    }
    out.extend(resolve(t, ctx, success)?);
    Ok(out)
}

/// Solo: closes the Epilogue written with `/nobi act` (NOBI-53: you write the ending).
fn finish(t: &mut Nobi, data: &NobiData, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    seated(t, actor)?;
    let written = match &t.step {
        Step::Epilogue { written, .. } if t.mode == Mode::Solo => *written,
        Step::Epilogue { .. } => {
            return refuse("the Epilogue ends with the final test (`/nobi roll`); `/nobi finish` closes a solo Epilogue.")
        }
        _ => return refuse("`/nobi finish` closes a solo Epilogue; the adventure has not reached it."),
    };
    if written == 0 {
        return refuse("write how the adventure ends first, with `/nobi act text:…`.");
    }
    t.story.push("\n*The adventure is over.*\n".to_string());
    t.step = Step::Over;
    Ok(vec![Reply::public(
        Message::titled(
            "🏁 The End",
            "The adventure is written. Share it with `/nobi story`!",
        )
        .field("Adventure", view::summary(t, data))
        .button("Story", &NobiCommand::Story),
    )])
}

/// An NPC from a Light or Darkness card joins the final Scene ("NPCs … can join in this Scene
/// if they come from Light or Darkness cards").
fn npc(t: &mut Nobi, data: &NobiData, actor: &Actor, name: &str) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    seated(t, actor)?;
    if !matches!(t.step, Step::Epilogue { .. }) {
        return refuse("NPCs from Light and Darkness cards join the Epilogue; it has not begun.");
    }
    let held = t.npc_cards(data);
    let wanted = name.trim().to_lowercase();
    let Some((seat, card)) = held
        .iter()
        .find(|(_, c)| c.name.to_lowercase() == wanted || c.id == wanted)
        .copied()
    else {
        let list = view::npc_list(t, data);
        return refuse(if list.is_empty() {
            "nobody holds a Light or Darkness card with an NPC.".to_string()
        } else {
            format!(
                "`{}` is not an NPC card the players hold. Held NPC cards:\n{list}",
                name.trim()
            )
        });
    };
    let holder = t.seats[seat].name.clone();
    let Step::Epilogue { npcs, .. } = &mut t.step else {
        return refuse("the Epilogue has not begun.");
    };
    if npcs.contains(&card.id) {
        return refuse(format!("{} has already joined the final Scene.", card.name));
    }
    npcs.push(card.id.clone());
    t.story.push(format!(
        "*{} joins the final Scene ({holder}'s card: {}).*\n",
        card.name,
        view::card_text(card)
    ));
    Ok(vec![Reply::public(Message::text(format!(
        "🤝 **{}** joins the final Scene ({holder}'s card: {}).",
        card.name,
        view::card_text(card)
    )))])
}

fn narrate(t: &mut Nobi, actor: &Actor, text: &str) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    if !matches!(t.step, Step::Epilogue { .. }) && me != t.gm {
        return refuse(format!(
            "only the GM ({}) narrates during a Scene.",
            t.seats[t.gm].name
        ));
    }
    t.story.push(format!("{text}\n"));
    Ok(vec![Reply::public(Message::text(format!(
        "📖 {}",
        user_text(text)
    )))])
}

fn inspire(
    t: &mut Nobi,
    ctx: &mut C<'_, '_>,
    actor: &Actor,
    which: InspireTable,
) -> Result<Vec<Reply>, RuleError> {
    let kind = which.value();
    running(t)?;
    let me = seated(t, actor)?;
    if !matches!(t.step, Step::Epilogue { .. }) && me != t.gm {
        return refuse(format!(
            "only the GM ({}) rolls on the special tables.",
            t.seats[t.gm].name
        ));
    }
    let a: u8 = ctx.rng.random_range(1..=6);
    let b: usize = ctx.rng.random_range(1..=6);
    let side = if a <= 3 { 1 } else { 2 };
    let Some(table) = ctx
        .data
        .tables
        .iter()
        .find(|x| x.kind == kind && x.side == side)
    else {
        return refuse(format!("there is no {kind} table side {side} in the data."));
    };
    let entry = table.entries.get(b - 1).cloned().unwrap_or_default();
    let title = match which {
        InspireTable::Objects => "Objects",
        InspireTable::Opponents => "Opponents",
    };
    t.story
        .push(format!("*{title} {side}, roll {a}+{b}: {entry}.*\n"));
    Ok(vec![Reply::public(Message::text(format!(
        "🎲 {title} table: [{a}] → side {side}, [{b}] → **{entry}**"
    )))])
}

fn settings(
    t: &mut Nobi,
    actor: &Actor,
    remind_after: Option<i64>,
    limit: Option<AbilityLimit>,
) -> Result<Vec<Reply>, RuleError> {
    if remind_after.is_some() || limit.is_some() {
        if !actor.manager {
            return refuse("only the host changes the table settings.");
        }
        if let Some(h) = remind_after {
            if !(0..=720).contains(&h) {
                return refuse("remind_after must be between 0 and 720 hours.");
            }
            t.remind_after = h as u32;
        }
        if let Some(l) = limit {
            t.limit_per_player = l == AbilityLimit::Player;
        }
    }
    Ok(vec![Reply::public(Message::text(format!(
        "Settings — reminders: {} (`remind_after:<hours>`, 0 = off); Ability limit: one per Scene for each {} (`limit:character|player`).",
        view::hours(t.remind_after),
        if t.limit_per_player { "player" } else { "character" }
    )))])
}
