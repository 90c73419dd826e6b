//! The GM's table (digest §13): enemies spawned from the data (hidden until revealed),
//! incomplete enemies, Guests built like PCs, GM notes.

use super::{
    enemy_from, refuse, Dice, Enemy, Fighter, Message, NightWizard, NwData, Reply, RuleError, Who,
};

use super::super::character::{Catalog, Character, Custom};

/// Spawns an enemy from the data.
pub(crate) fn spawn(
    s: &mut NightWizard,
    data: &NwData,
    name: &str,
    label: &Option<String>,
    hidden: &bool,
    hp: &Option<i32>,
) -> Result<Vec<Reply>, RuleError> {
    let n = name.trim();
    let Some(def) = data
        .enemies
        .iter()
        .chain(s.custom.enemies.iter())
        .find(|e| e.id.eq_ignore_ascii_case(n) || e.name.eq_ignore_ascii_case(n))
    else {
        return refuse(format!(
            "no enemy `{n}` in the enemy data (`/nwenemy list`)."
        ));
    };
    let label = match label {
        Some(l) if !l.trim().is_empty() => l.trim().chars().take(40).collect(),
        _ => {
            let mut k = 1;
            loop {
                let l = if k == 1 {
                    def.name.clone()
                } else {
                    format!("{} {k}", def.name)
                };
                if s.enemy(&l).is_none() {
                    break l;
                }
                k += 1;
            }
        }
    };
    if s.enemy(&label).is_some() || s.find(&label, true).is_some() {
        return refuse(format!("the label `{label}` is taken."));
    }
    if s.enemies.len() >= 30 {
        return refuse("30 enemies at most on the table.");
    }
    let mut e = enemy_from(def, label.clone(), *hidden);
    if let Some(h) = hp {
        e.hp = *h;
        e.hp_max = *h;
    }
    let gm = Message::titled(
        format!("👹 {label} ({}, {})", e.name, e.kind),
        format!(
            "{}{}",
            data_line(&e),
            if *hidden {
                "\nHidden: players do not see it until `/nwenemy reveal`."
            } else {
                ""
            }
        ),
    );
    let mut out = vec![Reply::gm(gm)];
    if !hidden {
        out.push(Reply::public(Message::text(format!("👹 {label} appears."))));
    }
    if let Some(c) = s.combat.as_mut() {
        c.fighters.push(Fighter {
            who: Who::Enemy(label.clone()),
            count: 0,
            post: true,
        });
    }
    s.enemies.push(e);
    Ok(out)
}

/// Reveals a hidden enemy.
pub(crate) fn reveal(s: &mut NightWizard, label: &str) -> Result<Vec<Reply>, RuleError> {
    let Some(e) = s.enemy_mut(label) else {
        return refuse(format!("no enemy labelled `{label}`."));
    };
    if !e.hidden {
        return refuse(format!("{label} is not hidden."));
    }
    e.hidden = false;
    Ok(vec![Reply::public(Message::text(format!(
        "👹 {label} ({}) is revealed!",
        e.name
    )))])
}

/// Takes an enemy (or a Guest) off the table, outside a fight: the table keeps 30 at most, and
/// an Episode's enemies should not fight in the next (those of a finished fight that are down
/// leave by themselves, `round::defeated_leave`, and all of them at a new Episode). A hidden one
/// leaves unseen: only the GM is told.
pub(crate) fn remove(s: &mut NightWizard, label: &str) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s
        .enemies
        .iter()
        .position(|e| e.label.eq_ignore_ascii_case(label))
    else {
        return refuse(format!("no enemy labelled `{label}`."));
    };
    if s.combat.is_some() {
        return refuse(format!(
            "{} is on the table during a fight: defeat it, or end the fight (`/nwcombat end`) first.",
            s.enemies[i].label
        ));
    }
    let e = s.enemies.remove(i);
    let line = format!("👹 {} leaves the table.", e.label);
    Ok(vec![if e.hidden {
        Reply::gm(Message::text(format!(
            "{line} (It was hidden: the players are not told.)"
        )))
    } else {
        Reply::public(Message::text(line))
    }])
}

/// The GM sets an enemy's (or a Guest's) HP (at most its maximum), MP or bad statuses. Told to
/// the GM only: whether the players see an enemy's numbers is the table's setting, and the
/// tracker shows them what they may see. At HP 0 in a fight it is Incapacitated at once
/// (§10.1), as a PC set to 0 is.
pub(crate) fn set(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    label: &str,
    hp: Option<i32>,
    mp: Option<i32>,
    status: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let Some(e) = s
        .enemies
        .iter_mut()
        .find(|e| e.label.eq_ignore_ascii_case(label))
    else {
        return refuse(format!(
            "no enemy labelled `{label}` (`/game status` lists them)."
        ));
    };
    if hp.is_none() && mp.is_none() && status.is_none() {
        return refuse("give `hp:`, `mp:` or `status:` to set.");
    }
    let mut bad = e.bad.clone();
    if let Some(st) = status {
        crate::status::set_given(&mut bad, data, st)?;
    }
    if let Some(h) = hp {
        e.hp = h.clamp(0, e.hp_max);
    }
    if let Some(m) = mp {
        e.mp = m.max(0);
    }
    e.bad = bad;
    let line = format!(
        "{}: HP {}/{} · MP {}{}",
        e.label,
        e.hp,
        e.hp_max,
        e.mp,
        crate::state::bad_suffix(&e.bad)
    );
    let down = e.hp == 0;
    let w = Who::Enemy(e.label.clone());
    let mut out = vec![Reply::gm(Message::text(line))];
    if down {
        out.extend(super::incapacitated(s, data, rng, &w));
    }
    Ok(out)
}

/// A GM-only note.
pub(crate) fn note(s: &mut NightWizard, t: &str) -> Result<Vec<Reply>, RuleError> {
    s.gm_notes.push(t.to_string());
    Ok(vec![Reply::gm(Message::titled(
        "📝 GM notes (only you see them)",
        s.gm_notes.join("\n"),
    ))])
}

/// An incomplete enemy (§13): spawned from the data like any enemy, then marked.
pub fn spawn_incomplete(
    s: &mut NightWizard,
    data: &NwData,
    name: &str,
    label: &Option<String>,
    hidden: bool,
    hp: Option<i32>,
) -> Result<Vec<Reply>, RuleError> {
    let mut out = spawn(s, data, name, label, &hidden, &hp)?;
    if let Some(e) = s.enemies.last_mut() {
        e.incomplete = true;
        out.push(Reply::gm(Message::text(format!(
            "{} is an incomplete enemy: only its accuracy and attack count. Attacks against it hit automatically, with no Dodge Check and no defence roll.",
            e.label
        ))));
    }
    Ok(out)
}

/// A Guest (§13) built like a PC from a roster character: its derived combat stats, HP = Body,
/// MP = Mind, no Prana, the GM's Critical/Fumble; on the PCs' side, run by the GM, and last
/// among equal Counts (an NPC, §10.3).
pub fn spawn_guest(
    s: &mut NightWizard,
    data: &NwData,
    ch: &Character,
    custom: &Custom,
    label: &Option<String>,
    hidden: bool,
) -> Result<Vec<Reply>, RuleError> {
    let taken = |s: &NightWizard, l: &str| s.enemy(l).is_some() || s.find(l, true).is_some();
    let label = match label {
        Some(l) if !l.trim().is_empty() => l.trim().chars().take(40).collect::<String>(),
        _ => {
            let mut k = 1;
            loop {
                let l = if k == 1 {
                    format!("{} (Guest)", ch.name)
                } else {
                    format!("{} (Guest) {k}", ch.name)
                };
                if !taken(s, &l) {
                    break l;
                }
                k += 1;
            }
        }
    };
    if taken(s, &label) {
        return refuse(format!("the label `{label}` is taken."));
    }
    if s.enemies.len() >= 30 {
        return refuse("30 enemies at most on the table.");
    }
    let cat = Catalog { data, custom };
    let v = ch.derive(&cat);
    let short = ch.items.iter().filter(|i| i.equipped).any(|i| {
        cat.item(&i.id)
            .is_some_and(|d| d.kind == "weapon" && d.range.eq_ignore_ascii_case("short"))
    });
    let e = Enemy {
        label: label.clone(),
        name: ch.name.clone(),
        kind: "guest".into(),
        hp: v.body,
        hp_max: v.body,
        mp: v.mind,
        stats: v.stats,
        hidden,
        bad: Default::default(),
        magic: false,
        short,
        inflicts: None,
        attack: format!(
            "Guest built like a PC: {} / {}, CL {}; attacks like a PC (`magic:true` for a spell).",
            ch.classes[0], ch.classes[1], ch.cl
        ),
        dead: false,
        blockade: false,
        incomplete: false,
        ally: true,
        identified: false,
    };
    let gm = Message::titled(
        format!("🤝 {label} (Guest: {})", ch.name),
        format!(
            "{}\nOn the PCs' side; you run it (its Dodge Checks: `/nwcombat dodge who:\"{label}\"`). No Prana.",
            data_line(&e)
        ),
    );
    let mut out = vec![Reply::gm(gm)];
    if !hidden {
        out.push(Reply::public(Message::text(format!(
            "🤝 {label} joins the fight on the PCs' side (a Guest run by the GM)."
        ))));
    }
    if let Some(c) = s.combat.as_mut() {
        c.fighters.push(Fighter {
            who: Who::Enemy(label.clone()),
            count: 0,
            post: true,
        });
    }
    s.enemies.push(e);
    Ok(out)
}

/// An enemy's data as the GM's table (and, once identified, the party) reads it: HP, MP, the
/// eight combat stats and its attack.
pub(crate) fn data_line(e: &Enemy) -> String {
    let st = e.stats;
    format!(
        "HP {}/{} · MP {} · PACC {} · EVA {} · MACC {} · PATK {} · MATK {} · PDEF {} · MDEF {} · SPD {}\n{}",
        e.hp, e.hp_max, e.mp, st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7], e.attack
    )
}
