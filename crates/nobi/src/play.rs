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
    said, user_text, Actor, Choices, Ctx, Message, Phrase, Refusal, Reply, RuleError, UserId, Value,
};

type C<'a, 'b> = Ctx<'a, NobiData, ()>;

/// A refusal in the catalogue's words (`locales/*/nobi.ftl`): nothing changes.
pub(crate) use croupier_core::table::refuse_said as no;

/// A refusal naming the player who may do it instead (`$name`).
fn only<T>(key: &str, name: &str) -> Result<T, RuleError> {
    no(Phrase::new(key).arg("name", name))
}

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
        NobiCommand::Remind => no(Phrase::new("nobi-remind-by-table")),
        NobiCommand::New { .. } => no(Phrase::new("nobi-already-open")),
        NobiCommand::Status | NobiCommand::Story => no(Phrase::new("nobi-a-view")),
    }
}

/// `actor`'s seat, or the refusal that says how to join (or that joining has closed); the
/// table asks it through [`croupier_core::table::Game::playing`] before any `perm = player` command.
pub(crate) fn seated(t: &Nobi, actor: &Actor) -> Result<usize, RuleError> {
    t.seat_of(&actor.id).ok_or_else(|| {
        RuleError::said(
            Refusal::Rules,
            if t.step == Step::Joining {
                Phrase::new("nobi-not-at-table")
            } else {
                let players: Vec<Value> = t.seats.iter().map(|s| s.name.as_str().into()).collect();
                Phrase::new("nobi-not-playing")
                    .arg("players", view::joined(players, "nobi-join-comma"))
            },
        )
    })
}

fn running(t: &Nobi) -> Result<(), RuleError> {
    match t.step {
        Step::Joining => no(Phrase::new("nobi-not-begun")),
        Step::Over => no(Phrase::new("nobi-over")),
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
        return no(Phrase::new("nobi-no-character")
            .arg("name", name)
            .arg("free", view::free_list(t, data)));
    };
    let mut set_aside = None;
    match t.card_holding(data, c) {
        // Joining makes 3+ players: support characters are set aside at `/nobi begin`, so
        // one blocks nobody's main character.
        Some((seat, true)) if t.seats.len() >= 2 && taken_now.is_none() => set_aside = Some(seat),
        Some((seat, support)) => {
            return no(Phrase::new("nobi-not-free")
                .arg("name", c.said_name())
                .arg("holder", t.seats[seat].name.as_str())
                .arg("support", if support { "yes" } else { "no" })
                .arg("free", view::free_list(t, data)));
        }
        None => {}
    }
    if taken_now == Some(c.card) {
        return no(Phrase::new("nobi-other-side").arg("name", c.said_name()));
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
        return no(Phrase::new("nobi-none-free"));
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
        return no(Phrase::new("nobi-join-running"));
    }
    if t.seat_of(&actor.id).is_some() {
        return no(Phrase::new("nobi-join-seated"));
    }
    if t.seats.len() >= MAX_PLAYERS {
        return no(Phrase::new("nobi-join-full").arg("most", MAX_PLAYERS as i64));
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
    let mut note = Value::from("");
    if let Some(seat) = set_aside {
        let gone = t.seats[seat].chars.split_off(1);
        note = Value::from(
            Phrase::new("nobi-join-set-aside")
                .arg("holder", t.seats[seat].name.as_str())
                .arg(
                    "name",
                    gone.first()
                        .and_then(|c| c.data(data))
                        .map(|c| c.said_name())
                        .unwrap_or_else(|| Value::from("?")),
                ),
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
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nobi-joins")
            .arg("player", actor.name.as_str())
            .arg("chars", names)
            .arg("seat", t.seats.len() as i64)
            .arg("note", note),
    ))])
}

fn leave(t: &mut Nobi, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    if t.step != Step::Joining {
        return no(Phrase::new("nobi-leave-begun"));
    }
    let i = seated(t, actor)?;
    t.seats.remove(i);
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nobi-leaves").arg("player", actor.name.as_str()),
    ))])
}

fn begin(t: &mut Nobi, ctx: &mut C<'_, '_>, gm: Option<&UserId>) -> Result<Vec<Reply>, RuleError> {
    // Only the host begins: `/nobi begin` is declared `perm = host`, checked by the table.
    if t.step != Step::Joining {
        return no(Phrase::new("nobi-begun"));
    }
    if t.seats.is_empty() {
        return no(Phrase::new("nobi-nobody-joined"));
    }
    let gm_seat = match gm {
        Some(u) => match t.seat_of(u) {
            Some(s) => Some(s),
            None => return no(Phrase::new("nobi-gm-not-here").arg("who", u.mention())),
        },
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
            notes.push(Value::from(
                Phrase::new("nobi-support-random")
                    .arg("player", t.seats[i].name.as_str())
                    .arg(
                        "name",
                        data.character(&id)
                            .map(|c| c.said_name())
                            .unwrap_or_else(|| Value::from("?")),
                    ),
            ));
        } else if mode != Mode::TwoPlayer && t.seats[i].chars.len() > 1 {
            t.seats[i].chars.truncate(1);
            notes.push(Value::from(
                Phrase::new("nobi-support-set-aside").arg("player", t.seats[i].name.as_str()),
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
    let rules = Phrase::new("nobi-begin-rules")
        .arg("mode", mode.key())
        .arg("players", n as i64)
        .arg("turns", i64::from(GM_TURNS))
        .arg("lowered", SOLO_REDUCTION)
        .arg("scenes", i64::from(SOLO_SCENES));
    let roles = if mode == Mode::Solo {
        Value::from("")
    } else {
        Value::from(
            Phrase::new("nobi-begin-roles")
                .arg("gm", t.seats[t.gm].user.mention())
                .arg("main", t.seats[t.mc].user.mention()),
        )
    };
    let mut story: Vec<Value> = vec![
        Phrase::new("nobi-story-intro")
            .arg(
                "name",
                intro.map_or_else(|| Value::from("?"), |i| i.said_name()),
            )
            .into(),
        "".into(),
        intro.map_or_else(
            || Value::from(""),
            |i| said::data(&i.description, i.description_ja.as_deref()),
        ),
        "".into(),
        Phrase::new("nobi-story-characters").into(),
    ];
    for i in 0..n {
        story.push(
            Phrase::new("nobi-story-character")
                .arg("player", t.seats[i].name.as_str())
                .arg("characters", view::seat_chars(t, data, i))
                .into(),
        );
    }
    t.story.push(view::story_block(story));
    let mut p = Phrase::titled("nobi-begin-title", "nobi-begin")
        .arg("rules", rules)
        .arg("roles", roles)
        .arg("notes", view::more_lines(notes));
    if let Some(i) = intro {
        p = p.arg("intro", i.said_name()).field(
            Phrase::new("nobi-field-intro").arg("intro", i.said_name()),
            i.said_description(),
        );
    }
    let mut out = vec![Reply::public(Message::phrase(p))];
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

fn scene(t: &mut Nobi, ctx: &mut C<'_, '_>, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    if matches!(t.step, Step::Epilogue { .. }) {
        return no(Phrase::new("nobi-scene-epilogue"));
    }
    let me = seated(t, actor)?;
    if me != t.gm {
        return only("nobi-only-gm-draws", &t.seats[t.gm].name);
    }
    if t.step != Step::Scene {
        return no(Phrase::new("nobi-scene-unfinished"));
    }
    let data = ctx.data;
    let Some((id, reshuffled)) = draw(&mut t.decks.scenes, &mut t.decks.scene_discard, ctx.rng)
    else {
        return no(Phrase::new("nobi-scene-deck-empty"));
    };
    let Some(card) = data.scene(&id) else {
        return no(Phrase::new("nobi-scene-missing"));
    };
    let n = t.scenes_played + 1;
    let who = Phrase::new("nobi-roles")
        .arg("gm", t.seats[t.gm].name.as_str())
        .arg("main", t.seats[t.mc].name.as_str())
        .arg("character", t.char_said(data, t.mc));
    t.story.push(view::story_block(vec![
        Phrase::new("nobi-story-scene")
            .arg("n", i64::from(n))
            .arg("name", card.said_name())
            .into(),
        "".into(),
        Phrase::new("nobi-story-roles")
            .arg("roles", who.clone())
            .into(),
        "".into(),
        said::data(&card.description, card.description_ja.as_deref()),
    ]));
    let mut m = Phrase::titled("nobi-scene-title", "nobi-scene")
        .arg("n", i64::from(n))
        .arg("name", card.said_name())
        .arg("description", card.said_description())
        .arg("reshuffled", if reshuffled { "yes" } else { "no" })
        .field(Phrase::new("nobi-field-roles"), who);
    if let Some(e) = card.said_effect() {
        m = m.field(Phrase::new("nobi-field-effect"), e);
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
            let line = Phrase::new("nobi-check-line")
                .arg("skill", skill.said())
                .arg("printed", *difficulty)
                .arg(
                    "lowered",
                    if t.mode == Mode::Solo {
                        SOLO_REDUCTION
                    } else {
                        0
                    },
                )
                .arg("difficulty", d);
            t.story
                .push(view::story_block(vec![Phrase::new("nobi-story-check")
                    .arg("check", line.clone())
                    .into()]));
            m = m.field(Phrase::new("nobi-field-check"), line);
        }
        Test::Roleplay { prompt } => {
            t.step = Step::Roleplay {
                scene: id,
                acted: false,
                uses: vec![],
            };
            let said = card
                .said_roleplay()
                .unwrap_or_else(|| prompt.as_str().into());
            t.story
                .push(view::story_block(vec![Phrase::new("nobi-story-roleplay")
                    .arg("prompt", said.clone())
                    .into()]));
            m = m.field(Phrase::new("nobi-field-roleplay"), said);
        }
    }
    let mut out = vec![Reply::public(Message::phrase(m))];
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
                return no(Phrase::new("nobi-use-solo-epilogue"));
            }
            (uses, *tester, data.epilogue(card).map(|e| e.skill))
        }
        _ => {
            return no(match &t.last_rolled {
                Some(s) => Phrase::new("nobi-use-rolled").arg("scene", data.scene_said(s)),
                None => Phrase::new("nobi-use-no-check"),
            })
        }
    };
    if !t.may_use(me) {
        return no(Phrase::new("nobi-use-gm"));
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
            .find(|a| a.name.to_lowercase() == wanted || a.name_ja.as_deref() == Some(&wanted))
            .map(|a| (c.character.clone(), a))
    });
    let Some((owner, ab)) = found else {
        let mine: Vec<Value> = t.seats[me]
            .chars
            .iter()
            .flat_map(|c| c.abilities(data))
            .map(|a| {
                Value::from(
                    Phrase::new("nobi-ability-tagged")
                        .arg("name", a.said_name())
                        .arg("tag", a.tag.said()),
                )
            })
            .collect();
        return no(Phrase::new("nobi-use-unknown")
            .arg("name", name)
            .arg("yours", view::joined(mine, "nobi-join-comma")));
    };
    let own = owner == tested_char;
    if let Err(p) = t.tag_allows(ab, own) {
        return no(p);
    }
    if t.limit_per_player {
        if let Some(u) = uses.iter().find(|u| u.seat == me) {
            return no(
                Phrase::new("nobi-use-player-limit").arg("ability", data.ability_said(&u.ability))
            );
        }
    }
    if let Some(u) = uses.iter().find(|u| u.character == owner) {
        return no(Phrase::new("nobi-use-character-limit")
            .arg(
                "name",
                data.character(&owner)
                    .map(|c| c.said_name())
                    .unwrap_or_else(|| Value::from("?")),
            )
            .arg("ability", data.ability_said(&u.ability)));
    }
    if skill.is_none() && ab.effect != super::data::Effect::Free {
        return no(Phrase::new("nobi-use-roleplay").arg("ability", ab.said_name()));
    }
    if let (super::data::Effect::Bonus { skill: Some(s), .. }, Some(skill)) = (ab.effect, skill) {
        if s != skill {
            return no(Phrase::new("nobi-use-wrong-skill")
                .arg("ability", ab.said_name())
                .arg("helps", s.said())
                .arg("skill", skill.said()));
        }
    }
    let ab = ab.clone();
    let owner_id = owner.clone();
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
    let free = ab.effect == super::data::Effect::Free;
    let free_note = Phrase::new("nobi-free-effect").arg("free", if free { "yes" } else { "no" });
    let owner_said = data
        .character(&owner_id)
        .map(|c| c.said_name())
        .unwrap_or_else(|| Value::from(""));
    t.story
        .push(view::story_block(vec![Phrase::new("nobi-story-uses")
            .arg("name", owner_said.clone())
            .arg("ability", ab.said_name())
            .arg("text", ab.said_text())
            .arg("free", free_note.clone())
            .into()]));
    let mut m = Phrase::new("nobi-uses")
        .arg("name", owner_said)
        .arg("ability", ab.said_name())
        .arg("text", ab.said_text())
        .arg("free", free_note);
    if let Some(p) = &plan {
        m = m.field(Phrase::new("nobi-field-chance"), p.said());
    }
    let m = Message::phrase(m);
    Ok(vec![Reply::public(match plan {
        Some(_) => view::with_buttons(m, [("nobi-button-roll", &NobiCommand::Roll)]),
        None => m,
    })])
}

fn difficulty(
    t: &mut Nobi,
    data: &NobiData,
    actor: &Actor,
    value: i64,
) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    if matches!(t.step, Step::Epilogue { .. }) {
        return no(Phrase::new("nobi-difficulty-epilogue"));
    }
    let me = seated(t, actor)?;
    if me != t.gm {
        return only("nobi-only-gm-difficulty", &t.seats[t.gm].name);
    }
    let Step::Check { difficulty, .. } = &mut t.step else {
        return no(match &t.last_rolled {
            Some(s) if t.step == Step::Scene => {
                Phrase::new("nobi-difficulty-rolled").arg("scene", data.scene_said(s))
            }
            _ => Phrase::new("nobi-difficulty-no-check"),
        });
    };
    if !(0..=30).contains(&value) {
        return no(Phrase::new("nobi-difficulty-range"));
    }
    let old = *difficulty;
    if value == old {
        return no(Phrase::new("nobi-difficulty-same").arg("difficulty", old));
    }
    *difficulty = value;
    // Lowering is the GM's to give when convinced (NOBI-29); raising follows a Scene card's
    // own procedure (docs/rules-choices.md).
    let verb = if value < old { "lowers" } else { "raises" };
    t.story.push(view::story_block(vec![Phrase::new(
        "nobi-story-difficulty",
    )
    .arg("verb", verb)
    .arg("old", old)
    .arg("new", value)
    .into()]));
    let mut m = Phrase::new("nobi-difficulty")
        .arg("verb", verb)
        .arg("old", old)
        .arg("new", value);
    if let Some(p) = current_plan(t, data) {
        m = m.field(Phrase::new("nobi-field-chance"), p.said());
    }
    Ok(vec![Reply::public(view::with_buttons(
        Message::phrase(m),
        [("nobi-button-roll", &NobiCommand::Roll)],
    ))])
}

fn roll(t: &mut Nobi, ctx: &mut C<'_, '_>, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    let data = ctx.data;
    match &t.step {
        Step::Check { .. } => {
            if me != t.mc {
                return only("nobi-only-main-rolls", &t.seats[t.mc].name);
            }
        }
        Step::Epilogue { tester, .. } => {
            if t.mode == Mode::Solo {
                return no(Phrase::new("nobi-roll-solo-epilogue"));
            }
            if me != *tester {
                return only("nobi-roll-tester", &t.seats[*tester].name);
            }
        }
        Step::Roleplay { .. } => return no(Phrase::new("nobi-roll-roleplay")),
        _ => return no(Phrase::new("nobi-roll-nothing")),
    }
    let Some(plan) = current_plan(t, data) else {
        return no(Phrase::new("nobi-roll-no-plan"));
    };
    let line = plan.said();
    let o = plan.roll(ctx.rng)?;
    let rolled = Phrase::new("nobi-rolled")
        .arg("who", t.char_said(data, me))
        .arg("rolls", o.said())
        .arg("total", o.total)
        .arg("target", plan.target())
        .arg("success", if o.success { "yes" } else { "no" });
    t.story.push(view::story_block(vec![
        line.clone().into(),
        "".into(),
        rolled.clone().into(),
    ]));
    if let Step::Epilogue { card, .. } = &t.step {
        let name = data
            .epilogue(card)
            .map(|e| e.said_name())
            .unwrap_or_else(|| Value::from(""));
        t.final_result = Some(o.success);
        t.step = Step::Over;
        let wrap =
            Phrase::new("nobi-final-wrap").arg("success", if o.success { "yes" } else { "no" });
        t.story.push(view::story_block(vec![
            Phrase::new("nobi-story-final")
                .arg("success", if o.success { "yes" } else { "no" })
                .into(),
            "".into(),
            wrap.clone().into(),
        ]));
        let m = Phrase::titled("nobi-final-title", "nobi-final")
            .arg("name", name)
            .arg("rolled", rolled)
            .arg("wrap", wrap)
            .field(Phrase::new("nobi-field-check-done"), line)
            .field(Phrase::new("nobi-field-adventure"), view::summary(t, data));
        return Ok(vec![Reply::public(view::with_buttons(
            Message::phrase(m),
            [("nobi-button-story", &NobiCommand::Story)],
        ))]);
    }
    let name = t.last_scene_name(data);
    t.last_rolled = Some(name);
    let mut out = vec![Reply::public(Message::phrase(
        Phrase::new("nobi-rolled-odds")
            .arg("rolled", rolled)
            .arg("line", line),
    ))];
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
        _ => return no(Phrase::new("nobi-no-scene-played")),
    };
    let mut empty_pile = vec![];
    let pile = if success {
        &mut t.decks.light
    } else {
        &mut t.decks.darkness
    };
    let gained = draw(pile, &mut empty_pile, ctx.rng).map(|c| c.0);
    let mc = t.mc;
    let kind = if success { "light" } else { "darkness" };
    let body = match &gained {
        Some(id) => {
            let c = data.gain_card(id);
            let sheet = &mut t.seats[mc].chars[0];
            if success {
                sheet.light.push(id.clone());
            } else {
                sheet.darkness.push(id.clone());
            }
            Phrase::new("nobi-gains")
                .arg("player", t.seats[mc].name.as_str())
                .arg("kind", kind)
                .arg(
                    "name",
                    c.map(|c| c.said_name()).unwrap_or_else(|| Value::from("?")),
                )
                .arg(
                    "card",
                    c.map(view::card_text).unwrap_or_else(|| Value::from("")),
                )
        }
        None => Phrase::new("nobi-gains-none").arg("kind", kind),
    };
    if success {
        t.seats[mc].successes += 1;
    } else {
        t.seats[mc].failures += 1;
    }
    t.story
        .push(view::story_block(vec![Phrase::new("nobi-story-outcome")
            .arg("success", if success { "yes" } else { "no" })
            .arg("body", body.clone())
            .into()]));
    t.decks.scene_discard.push(scene_id);
    t.scenes_played += 1;
    t.seats[t.gm].gm_count += 1;
    let mut out = vec![Reply::public(Message::phrase(Phrase {
        title: Some(
            if success {
                "nobi-scene-won"
            } else {
                "nobi-scene-lost"
            }
            .into(),
        ),
        ..body
    }))];
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
        return no(Phrase::new("nobi-epilogue-deck-empty"));
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
    let test = e
        .map(|e| {
            Value::from(
                Phrase::new("nobi-final-test")
                    .arg("skill", e.skill.said())
                    .arg("difficulty", e.difficulty),
            )
        })
        .unwrap_or_else(|| Value::from(""));
    t.story.push(view::story_block(vec![
        Phrase::new("nobi-story-epilogue")
            .arg("name", e.map_or_else(|| Value::from(""), |e| e.said_name()))
            .into(),
        "".into(),
        e.map_or_else(
            || Value::from(""),
            |e| said::data(&e.description, e.description_ja.as_deref()),
        ),
        "".into(),
        Phrase::new("nobi-story-final-test")
            .arg("test", test.clone())
            .into(),
    ]));
    let said = |f: fn(&super::data::Epilogue) -> Value| e.map(f).unwrap_or_else(|| "".into());
    let mut m = Phrase::titled("nobi-epilogue-title", "nobi-epilogue")
        .arg("name", said(super::data::Epilogue::said_name))
        .arg("description", said(super::data::Epilogue::said_description))
        .arg("solo", if t.mode == Mode::Solo { "yes" } else { "no" })
        .arg("chosen", if keep.chosen.is_some() { "yes" } else { "no" });
    let npcs = view::npc_list(t, data);
    if !npcs.is_empty() {
        m = m.field(Phrase::new("nobi-field-npcs"), Value::Lines(npcs));
    }
    if t.mode != Mode::Solo {
        m = m.field(Phrase::new("nobi-field-final-test"), test);
        let chosen = if keep.chosen.is_some() { "yes" } else { "no" };
        m = m.field(
            Phrase::new("nobi-field-tester-chances").arg("chosen", chosen),
            view::tester_chances_line(t, data, &card),
        );
        if let Some(p) = current_plan(t, data) {
            m = m.field(Phrase::new("nobi-field-chance"), p.said());
        }
    }
    let mut out = vec![Reply::public(Message::phrase(m))];
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

/// The Abilities announced so far, as `Name (player)`, for the note that withdraws them.
fn withdrawn(t: &Nobi, data: &NobiData, uses: &[Use]) -> Vec<Value> {
    uses.iter()
        .map(|u| {
            Value::from(
                Phrase::new("nobi-ability-by")
                    .arg("ability", data.ability_said(&u.ability))
                    .arg(
                        "player",
                        t.seats.get(u.seat).map(|s| s.name.as_str()).unwrap_or("?"),
                    ),
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
        return no(Phrase::new("nobi-redraw-not-epilogue"));
    };
    let old = card.clone();
    let withdrawn = withdrawn(t, ctx.data, uses);
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
        return no(Phrase::new("nobi-redraw-none"));
    };
    t.decks.epilogue_discard.push(old.clone());
    t.story
        .push(view::story_block(vec![Phrase::new("nobi-story-redraw")
            .arg(
                "name",
                ctx.data
                    .epilogue(&old)
                    .map_or_else(|| Value::from(""), |e| e.said_name()),
            )
            .into()]));
    // Re-open the Epilogue with the new card (abilities announced for the old one are withdrawn).
    t.decks.epilogues.push(new);
    let mut out = start_epilogue(t, ctx, keep)?;
    if !withdrawn.is_empty() {
        // A new card is a new test: Abilities announced for the old one are not spent.
        out.insert(
            0,
            Reply::public(Message::phrase(
                Phrase::new("nobi-redraw-withdrawn")
                    .arg(
                        "name",
                        ctx.data
                            .epilogue(&old)
                            .map(|e| e.said_name())
                            .unwrap_or_else(|| Value::from("")),
                    )
                    .arg("abilities", view::joined(withdrawn, "nobi-join-comma")),
            )),
        );
    }
    if reshuffled {
        out.insert(
            0,
            Reply::public(Message::phrase(Phrase::new("nobi-redraw-reshuffled"))),
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
        return no(Phrase::new("nobi-tester-not-epilogue"));
    }
    if t.mode == Mode::Solo {
        return no(Phrase::new("nobi-tester-solo"));
    }
    let Some(s) = t.seat_of(user) else {
        return no(Phrase::new("nobi-tester-not-here").arg("who", user.mention()));
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
            return only("nobi-tester-already", &t.seats[s].name);
        }
        gone = withdrawn(t, data, uses);
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
    t.story
        .push(view::story_block(vec![Phrase::new("nobi-story-tester")
            .arg("player", t.seats[s].name.as_str())
            .arg("name", t.char_said(data, s))
            .into()]));
    let mut out = vec![Reply::public(Message::phrase(
        Phrase::new("nobi-tester-chosen")
            .arg("player", t.seats[s].name.as_str())
            .arg("name", t.char_said(data, s))
            .arg(
                "note",
                if gone.is_empty() {
                    Value::from("")
                } else {
                    Value::from(
                        Phrase::new("nobi-tester-withdrawn")
                            .arg("abilities", view::joined(gone, "nobi-join-comma")),
                    )
                },
            ),
    ))];
    out.extend(view::prompt(t, data).map(Reply::public));
    Ok(out)
}

/// The story's line of what a player wrote: their character (`who`) and the text as written.
fn says(who: &Value, text: &str) -> Value {
    view::story_block(vec![Phrase::new("nobi-story-says")
        .arg("who", who.clone())
        .arg("text", text.to_string())
        .into()])
}

fn act(t: &mut Nobi, data: &NobiData, actor: &Actor, text: &str) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    let said = t.char_said(data, me);
    match &mut t.step {
        Step::Roleplay { acted, .. } => {
            if me != t.mc {
                return only("nobi-only-main-acts", &t.seats[t.mc].name);
            }
            *acted = true;
            t.story.push(says(&said, text));
            let mut out = vec![Reply::public(acted_out(said, &user_text(text)))];
            out.extend(view::prompt(t, data).map(Reply::public));
            Ok(out)
        }
        Step::Epilogue { written, .. } if t.mode == Mode::Solo => {
            *written += 1;
            t.story.push(says(&said, text));
            Ok(vec![Reply::public(view::with_buttons(
                Message::phrase(
                    Phrase::new("nobi-acts-solo")
                        .arg("who", said)
                        .arg("text", user_text(text)),
                ),
                [("nobi-button-the-end", &NobiCommand::Finish)],
            ))])
        }
        Step::Epilogue { .. } => {
            t.story.push(says(&said, text));
            Ok(vec![Reply::public(acted_out(said, &user_text(text)))])
        }
        Step::Check { .. } => {
            if me != t.mc {
                return only("nobi-only-main-acts", &t.seats[t.mc].name);
            }
            t.story.push(says(&said, text));
            Ok(vec![Reply::public(view::with_buttons(
                acted_out(said, text),
                [("nobi-button-roll", &NobiCommand::Roll)],
            ))])
        }
        _ => no(Phrase::new("nobi-act-no-scene")),
    }
}

/// What a character does, as its player typed it.
fn acted_out(who: Value, text: &str) -> Message {
    Message::phrase(Phrase::new("nobi-acts").arg("who", who).arg("text", text))
}

fn verdict(
    t: &mut Nobi,
    ctx: &mut C<'_, '_>,
    actor: &Actor,
    success: bool,
) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    let check = match &t.step {
        Step::Roleplay { .. } => false,
        Step::Check { .. } => true,
        _ => return no(Phrase::new("nobi-verdict-nothing")),
    };
    if me != t.gm {
        return only("nobi-only-gm-verdict", &t.seats[t.gm].name);
    }
    let result = if success { "success" } else { "failure" };
    t.last_rolled = None;
    // A Role-play challenge may be played out aloud (voice tables): the verdict does not
    // wait for `/nobi act`. A check decided by the GM follows a Scene card's own procedure
    // instead of the dice (docs/rules-choices.md).
    t.story
        .push(view::story_block(vec![Phrase::new("nobi-story-verdict")
            .arg("check", if check { "yes" } else { "no" })
            .arg("result", result)
            .into()]));
    let mut out = vec![];
    if check {
        out.push(Reply::public(Message::phrase(
            Phrase::new("nobi-verdict-check").arg("result", result),
        )));
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
        Step::Epilogue { .. } => return no(Phrase::new("nobi-finish-not-solo")),
        _ => return no(Phrase::new("nobi-finish-too-early")),
    };
    if written == 0 {
        return no(Phrase::new("nobi-finish-unwritten"));
    }
    t.story.push(view::story_block(vec![
        "".into(),
        Phrase::new("nobi-story-over").into(),
    ]));
    t.step = Step::Over;
    Ok(vec![Reply::public(view::with_buttons(
        Message::phrase(
            Phrase::titled("nobi-the-end-title", "nobi-the-end")
                .field(Phrase::new("nobi-field-adventure"), view::summary(t, data)),
        ),
        [("nobi-button-story", &NobiCommand::Story)],
    ))])
}

/// An NPC from a Light or Darkness card joins the final Scene ("NPCs … can join in this Scene
/// if they come from Light or Darkness cards").
fn npc(t: &mut Nobi, data: &NobiData, actor: &Actor, name: &str) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    seated(t, actor)?;
    if !matches!(t.step, Step::Epilogue { .. }) {
        return no(Phrase::new("nobi-npc-not-epilogue"));
    }
    let held = t.npc_cards(data);
    let wanted = name.trim().to_lowercase();
    let Some((seat, card)) = held
        .iter()
        .find(|(_, c)| {
            c.name.to_lowercase() == wanted
                || c.id == wanted
                || c.name_ja.as_deref() == Some(&wanted)
        })
        .copied()
    else {
        let list = view::npc_list(t, data);
        return no(if list.is_empty() {
            Phrase::new("nobi-npc-none")
        } else {
            Phrase::new("nobi-npc-unknown")
                .arg("name", name.trim())
                .arg("list", Value::Lines(list))
        });
    };
    let holder = t.seats[seat].name.clone();
    let Step::Epilogue { npcs, .. } = &mut t.step else {
        return no(Phrase::new("nobi-npc-not-epilogue"));
    };
    if npcs.contains(&card.id) {
        return no(Phrase::new("nobi-npc-joined-already").arg("name", card.said_name()));
    }
    npcs.push(card.id.clone());
    t.story
        .push(view::story_block(vec![Phrase::new("nobi-story-npc")
            .arg("name", card.said_name())
            .arg("holder", holder.as_str())
            .arg("card", view::card_text(card))
            .into()]));
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nobi-npc-joins")
            .arg("name", card.said_name())
            .arg("holder", holder.as_str())
            .arg("card", view::card_text(card)),
    ))])
}

fn narrate(t: &mut Nobi, actor: &Actor, text: &str) -> Result<Vec<Reply>, RuleError> {
    running(t)?;
    let me = seated(t, actor)?;
    if !matches!(t.step, Step::Epilogue { .. }) && me != t.gm {
        return only("nobi-only-gm-narrates", &t.seats[t.gm].name);
    }
    t.story.push(format!("{text}\n").into());
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nobi-narrates").arg("text", user_text(text)),
    ))])
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
        return only("nobi-only-gm-inspires", &t.seats[t.gm].name);
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
        return no(Phrase::new("nobi-inspire-missing")
            .arg("table", kind)
            .arg("side", i64::from(side)));
    };
    t.story
        .push(view::story_block(vec![Phrase::new("nobi-story-inspired")
            .arg(
                "table",
                match which {
                    InspireTable::Objects => "objects",
                    InspireTable::Opponents => "opponents",
                },
            )
            .arg("side", i64::from(side))
            .arg("a", i64::from(a))
            .arg("b", b as i64)
            .arg(
                "entry",
                table.said_entry(b - 1).unwrap_or_else(|| Value::from("")),
            )
            .into()]));
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nobi-inspired")
            .arg("table", kind)
            .arg("a", i64::from(a))
            .arg("side", i64::from(side))
            .arg("b", b as i64)
            .arg(
                "entry",
                table.said_entry(b - 1).unwrap_or_else(|| Value::from("")),
            ),
    ))])
}

fn settings(
    t: &mut Nobi,
    actor: &Actor,
    remind_after: Option<i64>,
    limit: Option<AbilityLimit>,
) -> Result<Vec<Reply>, RuleError> {
    if remind_after.is_some() || limit.is_some() {
        if !actor.manager {
            return no(Phrase::new("nobi-settings-host"));
        }
        if let Some(h) = remind_after {
            if !(0..=720).contains(&h) {
                return no(Phrase::new("nobi-settings-range"));
            }
            t.remind_after = h as u32;
        }
        if let Some(l) = limit {
            t.limit_per_player = l == AbilityLimit::Player;
        }
    }
    Ok(vec![Reply::public(Message::phrase(view::settings_said(
        t,
        "nobi-settings",
    )))])
}
