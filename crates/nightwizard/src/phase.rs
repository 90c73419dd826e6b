//! The episode's phases and Scenes (§8): `/nw phase next`, `/nw phase scene`.

use super::character::roster::NwShared;
use super::character::{Catalog, OwnedItem};
use super::data::NwData;
use super::state::{EpisodeConnection, NightWizard, Phase, SceneKind, SceneMark};
use super::words::no;
use croupier_core::table::{Message, Phrase, Reply, RuleError, UserId, Value};

/// Most Episode Connections a session holds.
pub const MAX_CONNECTIONS: usize = 60;

/// `/nw phase scene [kind:]` (GM): a new Scene. Every Phase but Preplay is made of Scenes
/// (§8.1), so Preplay has none: the GM opens the Opening Phase first.
pub fn scene(s: &mut NightWizard, kind: SceneKind) -> Result<Vec<Reply>, RuleError> {
    if s.phase == Phase::Preplay {
        return no(Phrase::new("nw-scene-preplay"));
    }
    s.scene += 1;
    s.scene_mark = (kind != SceneKind::Normal).then_some(SceneMark {
        episode: s.episode,
        phase: s.phase,
        scene: s.scene,
        kind,
    });
    let kind_key = match kind {
        SceneKind::Normal => "normal",
        SceneKind::Master => "master",
        SceneKind::Combat => "combat",
    };
    let opening = kind == SceneKind::Combat && s.phase == Phase::Opening;
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nw-scene-begins")
            .arg("kind", kind_key)
            .arg("name", kind.said())
            .arg("scene", i64::from(s.scene))
            .arg("phase", s.phase.said())
            .arg("opening", if opening { "yes" } else { "no" }),
    ))])
}

/// The Episode Handout as a message: the Trailer and the Episode Connections (§8.2).
fn handout_message(s: &NightWizard) -> Message {
    let mut m = Phrase::titled("nw-handout-title", "nw-handout")
        .arg("episode", i64::from(s.episode))
        .arg(
            "trailer",
            match &s.handout.trailer {
                Some(t) => Value::from(t.as_str()),
                None => Value::from(Phrase::new("nw-handout-no-trailer")),
            },
        );
    if !s.handout.connections.is_empty() {
        let lines: Vec<Value> = s
            .handout
            .connections
            .iter()
            .map(|c| {
                let name = s
                    .pcs
                    .iter()
                    .find(|p| p.user == c.user)
                    .map(|p| p.ch.name.clone())
                    .unwrap_or_else(|| c.user.mention());
                let left = c.worth.saturating_sub(c.spent);
                Value::from(
                    Phrase::new("nw-handout-connection")
                        .arg("name", name)
                        .arg("with", c.with.as_str())
                        .arg("temporary", if c.temporary { "yes" } else { "no" })
                        .arg("worth", i64::from(c.worth))
                        .arg("left", i64::from(left)),
                )
            })
            .collect();
        m = m
            .field_keys("nw-handout-connections", "nw-handout-lines")
            .arg("connections", Value::Lines(lines));
    }
    Message::phrase(m)
}

/// `/nw phase handout trailer:` (GM): the Episode Handout's Trailer (§8.2).
pub fn trailer(s: &mut NightWizard, text: &str) -> Result<Vec<Reply>, RuleError> {
    if text.is_empty() {
        return no(Phrase::new("nw-trailer-empty"));
    }
    s.handout.trailer = Some(text.to_string());
    Ok(vec![Reply::public(handout_message(s))])
}

/// `/nw phase connection` (GM): an Episode Connection for a PC (temporary: it ends with the
/// Episode), or the Worth of a Connection the PC already has (§8.2, §9.1). Giving the same
/// one again removes it.
pub fn connection(
    s: &mut NightWizard,
    user: &UserId,
    with: &str,
    worth: u32,
) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(user) else {
        return no(Phrase::new("nw-no-pc-of"));
    };
    if with.is_empty() {
        return no(Phrase::new("nw-connection-whom"));
    }
    if let Some(k) = s
        .handout
        .connections
        .iter()
        .position(|c| &c.user == user && c.with.eq_ignore_ascii_case(with))
    {
        let c = s.handout.connections.remove(k);
        return Ok(vec![Reply::public(Message::phrase(
            Phrase::new("nw-connection-off")
                .arg("name", s.pcs[i].ch.name.as_str())
                .arg("with", c.with.as_str()),
        ))]);
    }
    if s.handout.connections.len() >= MAX_CONNECTIONS {
        return no(Phrase::new("nw-connections-max").arg("max", MAX_CONNECTIONS as i64));
    }
    let own = s.pcs[i]
        .ch
        .connections
        .iter()
        .find(|c| c.eq_ignore_ascii_case(with))
        .cloned();
    s.handout.connections.push(EpisodeConnection {
        user: user.clone(),
        with: own.clone().unwrap_or_else(|| with.to_string()),
        temporary: own.is_none(),
        worth,
        spent: 0,
        gear: vec![],
    });
    let mut out = vec![Reply::public(handout_message(s))];
    out.insert(
        0,
        Reply::public(Message::phrase(
            Phrase::new("nw-connection-given")
                .arg("name", s.pcs[i].ch.name.as_str())
                .arg("own", if own.is_some() { "yes" } else { "no" })
                .arg("with", with)
                .arg("worth", i64::from(worth)),
        )),
    );
    Ok(out)
}

/// `/nw phase gear` (GM): a Connection spends from its Worth on an item for the PC (§9.1). The
/// gear is not Preserved: the After Phase drops it with the other temporary items.
pub fn gear(
    s: &mut NightWizard,
    data: &NwData,
    user: &UserId,
    with: &str,
    item: &str,
) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(user) else {
        return no(Phrase::new("nw-no-pc-of"));
    };
    let Some(k) = s
        .handout
        .connections
        .iter()
        .position(|c| &c.user == user && c.with.eq_ignore_ascii_case(with))
    else {
        return no(Phrase::new("nw-gear-no-connection")
            .arg("name", s.pcs[i].ch.name.as_str())
            .arg("with", with));
    };
    let cat = s.cat(data);
    let Some(def) = cat.item(item) else {
        return no(Phrase::new("nw-gear-no-item").arg("value", item));
    };
    let (id, name, price) = (
        def.id.clone(),
        def.name.clone(),
        u32::try_from(def.price.max(0)).unwrap_or(u32::MAX),
    );
    let c = &s.handout.connections[k];
    let left = c.worth.saturating_sub(c.spent);
    if price > left {
        return no(Phrase::new("nw-gear-too-dear")
            .arg("name", name.as_str())
            .arg("price", i64::from(price))
            .arg("with", c.with.as_str())
            .arg("left", i64::from(left)));
    }
    let c = &mut s.handout.connections[k];
    c.spent += price;
    c.gear.push(id.clone());
    let from = c.with.clone();
    let left = c.worth - c.spent;
    let p = &mut s.pcs[i];
    p.ch.items.push(OwnedItem {
        id,
        equipped: false,
        preserved: false,
    });
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nw-gear-given")
            .arg("from", from)
            .arg("name", p.ch.name.as_str())
            .arg("item", name)
            .arg("price", i64::from(price))
            .arg("left", i64::from(left)),
    ))])
}

/// `/nw phase next` (GM): the next phase; the After Phase resets and rewards (§8.2).
pub fn next(
    s: &mut NightWizard,
    data: &NwData,
    shared: Option<&mut NwShared>,
    op: i64,
    level_up: bool,
) -> Result<Vec<Reply>, RuleError> {
    let next = s.phase.next();
    let mut body: Vec<Value> = vec![Value::from(
        Phrase::new("nw-phase-change")
            .arg("from", s.phase.said())
            .arg("to", next.said()),
    )];
    if next == Phase::After {
        let cat = Catalog {
            data,
            custom: &s.custom,
        };
        let mut lines = vec![];
        for p in &mut s.pcs {
            if p.dead {
                // §10.10: death is final; the After phase restores nobody Dead.
                lines.push(Value::from(
                    Phrase::new("nw-after-dead").arg("name", p.ch.name.as_str()),
                ));
                continue;
            }
            let v = p.ch.derive(&cat);
            p.hp = v.body;
            p.mp = v.mind;
            p.prana = v.prana;
            p.bad.clear();
            p.avoided_scene = None;
            p.logics.clear();
            p.ch.items.retain(|i| i.preserved);
            p.ch.op += op;
            p.ch.level_ups += u32::from(level_up);
            lines.push(Value::from(
                Phrase::new("nw-after-pc")
                    .arg("name", p.ch.name.as_str())
                    .arg("op", op)
                    .arg("now", p.ch.op)
                    .arg("levelup", if level_up { "yes" } else { "no" }),
            ));
        }
        // The roster keeps OP and level ups between sessions: logged as this action's
        // effect and taken back by undo; replays (shared None) skip it.
        if let Some(sh) = shared {
            // §10.10: death is final: the record says so, for every later session.
            for p in s.pcs.iter().chain(&s.left).filter(|p| p.dead) {
                if let Some(c) = sh
                    .characters
                    .iter_mut()
                    .find(|c| c.owner == p.user && c.name == p.ch.name)
                {
                    c.dead = true;
                }
            }
            for p in s.pcs.iter().filter(|p| !p.dead) {
                if let Some(c) = sh
                    .characters
                    .iter_mut()
                    .find(|c| c.owner == p.user && c.name == p.ch.name)
                {
                    c.op += op;
                    c.level_ups += u32::from(level_up);
                    c.items.retain(|i| i.preserved);
                    c.op_money = 0;
                }
            }
        }
        body.push(Value::from(Phrase::new("nw-after-restored")));
        if lines.is_empty() {
            body.push(Value::from(""));
        }
        body.extend(lines);
        let (min, max) = (data.rules.op.min, data.rules.op.max);
        if !(min..=max).contains(&op) {
            body.push(Value::from(
                Phrase::new("nw-after-op-outside")
                    .arg("op", op)
                    .arg("min", min)
                    .arg("max", max),
            ));
        }
        body.push(Value::from(
            Phrase::new("nw-after-spend").arg("levelup", if level_up { "yes" } else { "no" }),
        ));
    }
    if next == Phase::Preplay {
        // Episode Connections and Worths end with their Episode (§8.2); so do its enemies and
        // Guests (a decision: docs/rules-choices.md).
        s.handout = Default::default();
        // Hidden ones leave unseen: the line shows only when the players saw one.
        if s.enemies.iter().any(|e| !e.hidden) {
            body.push(Value::from(Phrase::new("nw-episode-enemies-leave")));
        }
        s.enemies.clear();
        s.episode += 1;
        body.push(Value::from(
            Phrase::new("nw-episode-begins").arg("episode", i64::from(s.episode)),
        ));
    }
    if next == Phase::Climax {
        body.push(Value::from(Phrase::new("nw-climax-appearance")));
    }
    s.phase = next;
    s.scene = 0;
    Ok(vec![Reply::public(Message::phrase(
        Phrase::titled("nw-phase-title", "nw-phase-body").arg("lines", Value::Lines(body)),
    ))])
}
