//! The GM's table (digest §13): enemies spawned from the data (hidden until revealed),
//! incomplete enemies, Guests built like PCs, GM notes.

use super::{
    enemy_from, Dice, Enemy, Fighter, GuestBuild, NightWizard, NwData, Reply, RuleError, Who,
};
use crate::judge::roll::yes;
use crate::judge::said::{label as stat_label, no, say};
use croupier_core::table::{Phrase, Value};

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
        return no(Phrase::new("nw-fight-no-enemy-data").arg("name", n));
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
        return no(Phrase::new("nw-fight-label-taken").arg("label", label.as_str()));
    }
    if s.enemies.len() >= 30 {
        return no(Phrase::new("nw-fight-enemies-max").arg("max", 30));
    }
    let mut e = enemy_from(def, label.clone(), *hidden);
    if let Some(h) = hp {
        e.hp = *h;
        e.hp_max = *h;
    }
    let body = if *hidden {
        "nw-fight-spawn-hidden"
    } else {
        "nw-fight-spawn"
    };
    let gm = say(Phrase::titled("nw-fight-spawn-title", body)
        .arg("label", label.as_str())
        .arg("name", def.said_name())
        .arg("kind", kind(&e.kind))
        .arg("data", data_line(&s.cat(data), &e)));
    let mut out = vec![Reply::gm(gm)];
    if !hidden {
        out.push(Reply::public(say(
            Phrase::new("nw-fight-appears").arg("label", label.as_str())
        )));
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
pub(crate) fn reveal(
    s: &mut NightWizard,
    data: &NwData,
    label: &str,
) -> Result<Vec<Reply>, RuleError> {
    let Some(e) = s.enemy_mut(label) else {
        return no(Phrase::new("nw-fight-no-enemy-label").arg("label", label));
    };
    if !e.hidden {
        return no(Phrase::new("nw-fight-not-hidden").arg("label", label));
    }
    e.hidden = false;
    let name = e.name.clone();
    let name = enemy_name(data, &s.custom.enemies, &name);
    Ok(vec![Reply::public(say(Phrase::new("nw-fight-revealed")
        .arg("label", label)
        .arg("name", name)))])
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
        return no(Phrase::new("nw-fight-no-enemy-label").arg("label", label));
    };
    if s.combat.is_some() {
        return no(
            Phrase::new("nw-fight-remove-in-fight").arg("label", s.enemies[i].label.as_str())
        );
    }
    let e = s.enemies.remove(i);
    let line = Phrase::new("nw-fight-leaves")
        .arg("label", e.label.as_str())
        .arg("hidden", yes(e.hidden));
    Ok(vec![if e.hidden {
        Reply::gm(say(line))
    } else {
        Reply::public(say(line))
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
        return no(Phrase::new("nw-fight-no-enemy-status").arg("label", label));
    };
    if hp.is_none() && mp.is_none() && status.is_none() {
        return no(Phrase::new("nw-fight-set-what"));
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
    let line = Phrase::new("nw-fight-set")
        .arg("label", e.label.as_str())
        .arg("hp", i64::from(e.hp))
        .arg("max", i64::from(e.hp_max))
        .arg("mp", i64::from(e.mp))
        .arg("bad", crate::state::bad_suffix_said(&e.bad));
    let down = e.hp == 0;
    let w = Who::Enemy(e.label.clone());
    let mut out = vec![Reply::gm(say(line))];
    if down {
        out.extend(super::incapacitated(s, data, rng, &w));
    }
    Ok(out)
}

/// A GM-only note.
pub(crate) fn note(s: &mut NightWizard, t: &str) -> Result<Vec<Reply>, RuleError> {
    s.gm_notes.push(t.to_string());
    Ok(vec![Reply::gm(say(Phrase::titled(
        "nw-fight-notes-title",
        "nw-fight-notes",
    )
    .arg("notes", s.gm_notes.join("\n"))))])
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
        out.push(Reply::gm(say(
            Phrase::new("nw-fight-incomplete").arg("label", e.label.as_str())
        )));
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
        return no(Phrase::new("nw-fight-label-taken").arg("label", label.as_str()));
    }
    if s.enemies.len() >= 30 {
        return no(Phrase::new("nw-fight-enemies-max").arg("max", 30));
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
        built: Some(GuestBuild {
            classes: ch.classes.clone(),
            cl: ch.cl,
        }),
    };
    let gm = say(Phrase::titled("nw-fight-guest-title", "nw-fight-guest")
        .arg("label", label.as_str())
        .arg("name", ch.name.as_str())
        .arg("data", data_line(&cat, &e)));
    let mut out = vec![Reply::gm(gm)];
    if !hidden {
        out.push(Reply::public(say(
            Phrase::new("nw-fight-guest-joins").arg("label", label.as_str())
        )));
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
/// eight combat stats and its attack ([`attack_said`]).
pub(crate) fn data_line(cat: &Catalog<'_>, e: &Enemy) -> Value {
    let mut p = Phrase::new("nw-fight-data-line")
        .arg("hp", i64::from(e.hp))
        .arg("max", i64::from(e.hp_max))
        .arg("mp", i64::from(e.mp))
        .arg("attack", attack_said(cat, e));
    for (i, (k, st)) in STAT_KEYS.iter().zip(e.stats).enumerate() {
        p = p
            .arg(k, i64::from(st))
            .arg(&format!("{k}-label"), stat_label(STAT_NAMES[i]));
    }
    p.into()
}

/// The eight combat stats' arguments in [`data_line`], and their labels' English.
const STAT_KEYS: [&str; 8] = ["pacc", "eva", "macc", "patk", "matk", "pdef", "mdef", "spd"];
const STAT_NAMES: [&str; 8] = ["PACC", "EVA", "MACC", "PATK", "MATK", "PDEF", "MDEF", "SPD"];

/// An enemy's attack in the reader's language: a Guest's build (its classes in the data's
/// words), or the data's (or the table's own) enemy of that name and attack text with its
/// `attack_ja`; else the text as stored (English).
pub(crate) fn attack_said(cat: &Catalog<'_>, e: &Enemy) -> Value {
    if let Some(b) = &e.built {
        return Phrase::new("nw-foes-guest-attack")
            .arg("first", cat.class_said(&b.classes[0]))
            .arg("second", cat.class_said(&b.classes[1]))
            .arg("cl", i64::from(b.cl))
            .into();
    }
    cat.data
        .enemies
        .iter()
        .chain(cat.custom.enemies.iter())
        .find(|d| d.name == e.name && d.attack == e.attack)
        .map_or_else(|| Value::from(e.attack.as_str()), |d| d.said_attack())
}

/// An enemy's kind (`mob`, `guest`, `boss`, `extra`) in the reader's language.
pub(crate) fn kind(k: &str) -> Value {
    Phrase::new("nw-fight-kind").arg("kind", k).into()
}

/// An enemy's data name in each language the data carries (`name` as stored, English): the
/// data's or the table's own enemy of that name, else the name as it is (a Guest's).
pub(crate) fn enemy_name(data: &NwData, custom: &[crate::data::EnemyDef], name: &str) -> Value {
    data.enemies
        .iter()
        .chain(custom.iter())
        .find(|d| d.name == name)
        .map_or_else(|| Value::from(name), |d| d.said_name())
}
