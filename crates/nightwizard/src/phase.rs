//! The episode's phases and Scenes (§8): `/nw phase next`, `/nw phase scene`.

use super::character::roster::NwShared;
use super::character::{Catalog, OwnedItem};
use super::data::NwData;
use super::state::{EpisodeConnection, NightWizard, Phase, SceneKind, SceneMark};
use croupier_core::table::{refuse, Message, Reply, RuleError, UserId};

/// Most Episode Connections a session holds.
pub const MAX_CONNECTIONS: usize = 60;

/// `/nw phase scene [kind:]` (GM): a new Scene. Every Phase but Preplay is made of Scenes
/// (§8.1), so Preplay has none: the GM opens the Opening Phase first.
pub fn scene(s: &mut NightWizard, kind: SceneKind) -> Result<Vec<Reply>, RuleError> {
    if s.phase == Phase::Preplay {
        return refuse(
            "Preplay has no Scenes (§8.1): open the Opening Phase with `/nw phase next`, then start its first Scene.",
        );
    }
    s.scene += 1;
    s.scene_mark = (kind != SceneKind::Normal).then_some(SceneMark {
        episode: s.episode,
        phase: s.phase,
        scene: s.scene,
        kind,
    });
    let note = match kind {
        SceneKind::Normal => "",
        SceneKind::Master => " The GM narrates; the PCs do not act in it.",
        SceneKind::Combat => " Round Progression: the GM starts it with `/nwcombat start`.",
    };
    let opening = if kind == SceneKind::Combat && s.phase == Phase::Opening {
        "\n⚠️ The Opening Phase's Scenes should have no combat (§8.2)."
    } else {
        ""
    };
    Ok(vec![Reply::public(Message::text(format!(
        "🎬 {} {} begins ({}).{note}{opening}",
        kind.name(),
        s.scene,
        s.phase.name()
    )))])
}

/// The Episode Handout as a message: the Trailer and the Episode Connections (§8.2).
fn handout_message(s: &NightWizard) -> Message {
    let mut m = Message::titled(
        format!("📜 Episode {} Handout", s.episode),
        s.handout
            .trailer
            .clone()
            .unwrap_or_else(|| "No Trailer yet.".into()),
    );
    if !s.handout.connections.is_empty() {
        let lines: Vec<String> = s
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
                format!(
                    "{name} → {}{}{}",
                    c.with,
                    if c.temporary {
                        " (Episode Connection)"
                    } else {
                        ""
                    },
                    if c.worth > 0 {
                        format!(" · Worth {} valco, {left} left", c.worth)
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        m = m.field("Connections", lines.join("\n"));
    }
    m
}

/// `/nw phase handout trailer:` (GM): the Episode Handout's Trailer (§8.2).
pub fn trailer(s: &mut NightWizard, text: &str) -> Result<Vec<Reply>, RuleError> {
    if text.is_empty() {
        return refuse("the Trailer is the Episode's summary: `/nw phase handout trailer:<text>`.");
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
        return refuse("that player has no PC in this session.");
    };
    if with.is_empty() {
        return refuse("name whom the Connection is to: `with:<name>`.");
    }
    if let Some(k) = s
        .handout
        .connections
        .iter()
        .position(|c| &c.user == user && c.with.eq_ignore_ascii_case(with))
    {
        let c = s.handout.connections.remove(k);
        return Ok(vec![Reply::public(Message::text(format!(
            "{}'s Connection to {} is off the Episode Handout.",
            s.pcs[i].ch.name, c.with
        )))]);
    }
    if s.handout.connections.len() >= MAX_CONNECTIONS {
        return refuse(format!(
            "an Episode Handout holds at most {MAX_CONNECTIONS} Connections."
        ));
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
        Reply::public(Message::text(format!(
            "{} {} a Connection to {with}{}.",
            s.pcs[i].ch.name,
            if own.is_some() {
                "has"
            } else {
                "gets, for this Episode,"
            },
            if worth > 0 {
                format!(" worth {worth} valco of gear")
            } else {
                String::new()
            }
        ))),
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
        return refuse("that player has no PC in this session.");
    };
    let Some(k) = s
        .handout
        .connections
        .iter()
        .position(|c| &c.user == user && c.with.eq_ignore_ascii_case(with))
    else {
        return refuse(format!(
            "{} has no Connection to {with} with a Worth this Episode: give it one with `/nw phase connection worth:`.",
            s.pcs[i].ch.name
        ));
    };
    let cat = s.cat(data);
    let Some(def) = cat.item(item) else {
        return refuse(format!("`{item}` is not an item (`/nw item list`)."));
    };
    let (id, name, price) = (
        def.id.clone(),
        def.name.clone(),
        u32::try_from(def.price.max(0)).unwrap_or(u32::MAX),
    );
    let c = &s.handout.connections[k];
    let left = c.worth.saturating_sub(c.spent);
    if price > left {
        return refuse(format!(
            "{name} costs {price} valco; {}'s Worth has {left} left this Episode.",
            c.with
        ));
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
    Ok(vec![Reply::public(Message::text(format!(
        "{from} supplies {} with {name} ({price} valco; {left} left). It is not Preserved: it is gone after this Episode unless Preserved with OP.",
        p.ch.name
    )))])
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
    let mut body = format!("{} → **{}**", s.phase.name(), next.name());
    if next == Phase::After {
        let cat = Catalog {
            data,
            custom: &s.custom,
        };
        let mut lines = vec![];
        for p in &mut s.pcs {
            if p.dead {
                // §10.10: death is final; the After phase restores nobody Dead.
                lines.push(format!("💀 {} is Dead: no recovery.", p.ch.name));
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
            lines.push(format!(
                "{}: +{op} OP (now {}), {}",
                p.ch.name,
                p.ch.op,
                if level_up {
                    "one level up allowed"
                } else {
                    "no level up this time (the GM's choice)"
                }
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
        body.push_str("\nDamage and bad statuses cleared; HP, MP and Prana restored; temporary items dropped, preserved items back.\n");
        body.push_str(&lines.join("\n"));
        let (min, max) = (data.rules.op.min, data.rules.op.max);
        if !(min..=max).contains(&op) {
            body.push_str(&format!(
                "\n⚠️ {op} OP is outside the rulebook's award of {min}–{max} OP per Scenario (§8.2); kept as the GM's choice."
            ));
        }
        body.push_str(if level_up {
            "\nLevel up with `/nw character levelup`, spend OP with `/nw character op`."
        } else {
            "\nSpend OP with `/nw character op`."
        });
    }
    if next == Phase::Preplay {
        // Episode Connections and Worths end with their Episode (§8.2); so do its enemies and
        // Guests (a decision: docs/rules-choices.md).
        s.handout = Default::default();
        // Hidden ones leave unseen: the line shows only when the players saw one.
        if s.enemies.iter().any(|e| !e.hidden) {
            body.push_str("\nThe Episode's enemies and Guests leave the table.");
        }
        s.enemies.clear();
        s.episode += 1;
        body.push_str(&format!("\nEpisode {} begins.", s.episode));
    }
    if next == Phase::Climax {
        body.push_str("\nAppearance Checks succeed automatically in the Climax.");
    }
    s.phase = next;
    s.scene = 0;
    Ok(vec![Reply::public(Message::titled("🌙 Phase", body))])
}
