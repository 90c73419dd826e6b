//! Attacks resolved Defender by Defender (digest §10.9, §10.13, §13): several targets or a
//! whole Engage with ONE Hit Check, each Defender's own Dodge Check, one damage roll against
//! each Defender's own defence; Cover Up among the Defenders (double damage after a failed
//! Dodge Check); Full Hit / Full Dodge; incomplete enemies hit automatically; Guests built like
//! PCs fighting on the PCs' side.
//!
//! This file is a child module of the combat module (declared there with `#[path]`), so it
//! shares the combat helpers (`roll`, `land`, `end_main`, the tracker) without widening them.

use serde::{Deserialize, Serialize};

use super::super::character::{Catalog, Character, Custom};
use super::super::roster::NwShared;
use super::*;

/// Most Defenders of one attack (each gets a button).
pub const MAX_DEFENDERS: usize = 12;

/// One Defender of an attack resolved here.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Defender {
    /// Who.
    pub who: Who,
    /// Its Dodge Check, once rolled.
    pub dodge: Option<Judge>,
    /// It has reacted (rolled its Dodge Check, or needs none).
    pub reacted: bool,
    /// Full Dodge declared (a skill effect): it dodges whatever the dice say.
    pub full_dodge: bool,
    /// An incomplete enemy: hit automatically, no Dodge Check, no defence roll (§13).
    pub auto: bool,
    /// Hit (decided at the damage roll).
    pub hit: bool,
    /// HP Damage computed against it.
    pub damage: i32,
    /// Who Covers Up for it (§10.13).
    pub covered_by: Option<Who>,
    /// Its defence roll against the damage, as it stands (a PC may spend Prana on it).
    #[serde(default)]
    pub defence: Option<Judge>,
}

impl Defender {
    fn new(who: Who, auto: bool) -> Defender {
        Defender {
            who,
            dodge: None,
            reacted: auto,
            full_dodge: false,
            auto,
            hit: false,
            damage: 0,
            covered_by: None,
            defence: None,
        }
    }
}

/// On the PCs' side: a PC or an allied Guest.
pub fn pc_side(s: &NightWizard, w: &Who) -> bool {
    match w {
        Who::Pc(_) => true,
        Who::Enemy(l) => s.enemy(l).is_some_and(|e| e.ally),
    }
}

/// Two combatants on opposite sides (an allied Guest is on the PCs' side).
pub fn foes(s: &NightWizard, a: &Who, b: &Who) -> bool {
    pc_side(s, a) != pc_side(s, b)
}

fn incomplete(s: &NightWizard, w: &Who) -> bool {
    matches!(w, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.incomplete))
}

fn multi(s: &NightWizard) -> bool {
    s.combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .is_some_and(|x| !x.defenders.is_empty())
}

/// Routes the plain combat actions to this file when the attack in progress is resolved here
/// (or a plain attack targets an incomplete enemy); `None` leaves them to the combat module.
pub fn before(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    a: &CombatAction,
) -> Option<Result<Vec<Reply>, RuleError>> {
    let gm = s.is_gm(actor);
    match a {
        CombatAction::Attack { target, magic } => {
            let t = s.find(target, gm)?;
            let me = s.combat.as_ref()?.current.clone()?;
            let guest_magic =
                *magic && matches!(&me, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.ally));
            (incomplete(s, &t) || guest_magic).then(|| {
                declare(
                    s,
                    data,
                    rng,
                    actor,
                    std::slice::from_ref(target),
                    false,
                    *magic,
                    false,
                )
            })
        }
        CombatAction::Dodge if multi(s) => Some(dodge_as(s, data, rng, actor, None, false)),
        CombatAction::Damage if multi(s) => Some(damage(s, data, rng, actor)),
        CombatAction::ApplyDamage if multi(s) => Some(apply_all(s, data, rng, actor)),
        CombatAction::CoverUp(k) if multi(s) => {
            Some(cover(s, data, rng, actor, k.as_deref(), None))
        }
        // A player's Cover Up button names their own PC; naming another's is refused.
        CombatAction::CoverUp(Some(k)) if !gm => match s.find(k, false) {
            Some(w) if s.controls(actor, &w) => None,
            _ => Some(refuse("that is not your character.")),
        },
        _ => None,
    }
}

/// Whether the attack's reach is Short (else Close only), and whether it is magical.
fn reach(s: &NightWizard, data: &NwData, me: &Who, magic: bool) -> (bool, bool) {
    match me {
        Who::Enemy(l) => s.enemy(l).map_or((false, false), |e| {
            let m = e.magic || (e.ally && magic);
            (m, e.short || m)
        }),
        Who::Pc(u) => {
            let short = s.pcs.iter().find(|p| &p.user == u).is_some_and(|p| {
                let cat = s.catalog(data);
                p.ch.items.iter().filter(|i| i.equipped).any(|i| {
                    cat.item(&i.id).is_some_and(|d| {
                        d.kind == "weapon" && d.range.eq_ignore_ascii_case("short")
                    })
                })
            });
            (magic, short || magic)
        }
    }
}

/// Attacking an Incapacitated character kills it (§10.10).
fn kill(s: &mut NightWizard, t: &Who) {
    match t {
        Who::Pc(u) => {
            if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                p.dead = true;
            }
        }
        Who::Enemy(l) => {
            if let Some(e) = s.enemy_mut(l) {
                e.dead = true;
            }
        }
    }
    if let Some(c) = s.combat.as_mut() {
        c.fighters.retain(|f| &f.who != t);
        leave(c, t);
    }
}

/// Step 1–2 of §10.9 against several Defenders: every target checked (in the fight, in range),
/// then ONE Hit Check. `area` makes every combatant in the first target's Engage a Defender
/// (hidden or Incapacitated ones other than the one named are left out). Incomplete enemies
/// need no Dodge Check.
#[allow(clippy::too_many_arguments)]
pub fn declare(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    targets: &[String],
    area: bool,
    magic: bool,
    full_hit: bool,
) -> Result<Vec<Reply>, RuleError> {
    let gm = s.is_gm(actor);
    let me = my_turn(s, actor)?;
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    if c.used.major {
        return refuse("you have already taken your Major Action.");
    }
    let names: Vec<&str> = targets
        .iter()
        .flat_map(|t| t.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    if names.is_empty() {
        return refuse("name a target (`target:`), several (`targets:\"A, B\"`), or an Engage with `area:true`.");
    }
    let mut picked: Vec<Who> = vec![];
    for n in &names {
        let Some(w) = s.find(n, gm) else {
            return refuse(format!("no target `{n}`."));
        };
        if !picked.contains(&w) {
            picked.push(w);
        }
    }
    if area {
        if picked.len() > 1 {
            return refuse(
                "an area attack names one combatant: everyone in its Engage is a Defender.",
            );
        }
        let anchor = picked[0].clone();
        if let Some(g) = NightWizard::engage_of(c, &anchor) {
            picked = c.engages[g]
                .iter()
                .filter(|w| {
                    **w != me && (**w == anchor || (!s.hidden(w) && s.hp_of(w) > 0)) && !s.dead(w)
                })
                .cloned()
                .collect();
        }
        if picked.is_empty() {
            return refuse("nobody but you is in that Engage.");
        }
    }
    if picked.len() > MAX_DEFENDERS {
        return refuse(format!("{MAX_DEFENDERS} Defenders at most in one attack."));
    }
    let (magic, short) = reach(s, data, &me, magic);
    let mine = NightWizard::engage_of(c, &me);
    for t in &picked {
        if *t == me {
            return refuse("you cannot attack yourself.");
        }
        if s.dead(t) || !c.fighters.iter().any(|f| &f.who == t) {
            return refuse(format!("{} is not in the fight.", s.name_of(t)));
        }
        if !short && (mine.is_none() || mine != NightWizard::engage_of(c, t)) {
            return refuse(format!(
                "your attack has Range: Close and {} is at Short range: invade first.",
                s.name_of(t)
            ));
        }
    }
    // Validated: from here on the attack happens.
    let mut lines = vec![];
    if let Who::Enemy(l) = &me {
        if s.enemy(l).is_some_and(|e| e.hidden) {
            if let Some(e) = s.enemy_mut(l) {
                e.hidden = false;
            }
            lines.push(format!("👹 {l} reveals itself!"));
        }
    }
    let mut alive = vec![];
    for t in picked {
        if s.hp_of(&t) == 0 {
            lines.push(format!(
                "💀 {} attacks {}, who is Incapacitated: {} is Dead.",
                s.name_of(&me),
                s.name_of(&t),
                s.name_of(&t)
            ));
            kill(s, &t);
        } else {
            alive.push(t);
        }
    }
    if alive.is_empty() {
        combat_mut(s)?.used.major = true;
        let mut gm_lines = vec![];
        end_main(s, data, rng, &mut lines, &mut gm_lines);
        return Ok(s.tracker(lines, gm_lines));
    }
    let hit = s.roll(
        data,
        &me,
        if magic { MACC } else { PACC },
        Mode::Opposed {
            against: None,
            attacker: true,
        },
        false,
        false,
        rng,
    );
    let list: Vec<String> = alive.iter().map(|w| s.name_of(w)).collect();
    lines.push(format!(
        "⚔️ {} attacks {} ({} attack{}). One Hit Check for every Defender ({}): `{}`{}",
        s.name_of(&me),
        list.join(", "),
        if magic { "Magical" } else { "Physical" },
        if area { ", area" } else { "" },
        if magic { "MACC" } else { "PACC" },
        hit.line(),
        if full_hit {
            "\n**Full Hit** declared: it hits whatever the dice say (a Full Dodge still wins)."
        } else {
            ""
        }
    ));
    let defenders: Vec<Defender> = alive
        .into_iter()
        .map(|w| {
            let auto = incomplete(s, &w);
            if auto {
                lines.push(format!(
                    "{} is an incomplete enemy: the attack hits it automatically (no Dodge Check, no defence roll).",
                    s.name_of(&w)
                ));
            }
            Defender::new(w, auto)
        })
        .collect();
    if matches!(me, Who::Pc(_)) {
        lines.push(
            "(Prana on the Hit Check: `/nw prana use:…` before the first Dodge Check.)".into(),
        );
    }
    open_for(s, &me, "Hit Check", &hit);
    let all_auto = defenders.iter().all(|d| d.auto);
    let c = combat_mut(s)?;
    c.used.major = true;
    c.attack_seq += 1;
    c.attack = Some(Attack {
        attacker: me,
        target: defenders[0].who.clone(),
        magic,
        stage: if all_auto { Stage::Dodge } else { Stage::Hit },
        hit,
        dodge: None,
        damage: 0,
        defenders,
        full_hit,
    });
    Ok(s.tracker(lines, vec![]))
}

/// Step 3: one Defender's Dodge Check (EVA, a Reaction), rolled by its controller: a player for
/// their own PC only, the GM for NPCs. `full` declares Full Dodge. A plain one-target attack
/// becomes a Defender attack here.
pub fn dodge_as(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    who: Option<&str>,
    full: bool,
) -> Result<Vec<Reply>, RuleError> {
    let plain = s
        .combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .is_some_and(|x| x.defenders.is_empty() && x.stage == Stage::Hit);
    if plain {
        // On a copy, so that a refusal changes nothing.
        let mut t = s.clone();
        if let Some(x) = t.combat.as_mut().and_then(|c| c.attack.as_mut()) {
            x.defenders = vec![Defender::new(x.target.clone(), false)];
        }
        let r = dodge_as(&mut t, data, rng, actor, who, full)?;
        *s = t;
        return Ok(r);
    }
    let gm = s.is_gm(actor);
    let at = pending(s, Stage::Hit)?;
    let waiting: Vec<&Who> = at
        .defenders
        .iter()
        .filter(|d| !d.reacted)
        .map(|d| &d.who)
        .collect();
    let w = match who {
        Some(k) => {
            let Some(w) = s.find(k, gm) else {
                return refuse(format!("no combatant `{k}`."));
            };
            if !at.defenders.iter().any(|d| d.who == w) {
                return refuse(format!(
                    "{} is not a Defender of this attack.",
                    s.name_of(&w)
                ));
            }
            if !waiting.contains(&&w) {
                return refuse(format!(
                    "{} has already reacted to this attack.",
                    s.name_of(&w)
                ));
            }
            w
        }
        None => {
            let mine: Vec<&&Who> = waiting.iter().filter(|w| s.controls(actor, w)).collect();
            match mine.as_slice() {
                [w] => (**w).clone(),
                [] => {
                    return refuse(match waiting.as_slice() {
                        [w] if !s.hidden(w) => {
                            format!("the Dodge Check is {}'s to roll.", s.name_of(w))
                        }
                        _ => "you have no Defender waiting for a Dodge Check.".to_string(),
                    })
                }
                _ => {
                    return refuse(
                        "several of your characters are Defenders: name one with `who:`.",
                    )
                }
            }
        }
    };
    if !s.controls(actor, &w) {
        return refuse(format!("the Dodge Check is {}'s to roll.", s.name_of(&w)));
    }
    // The Hit Check is settled by the first Dodge Check (Prana on it comes before).
    let hit = take_open(s, &at.attacker, "Hit Check").unwrap_or(at.hit.clone());
    let h = hit.outcome().result;
    let dodge = s.roll(
        data,
        &w,
        EVA,
        Mode::Opposed {
            against: Some(h),
            attacker: false,
        },
        true,
        false,
        rng,
    );
    let mut line = format!(
        "🛡️ {} dodges against {h} (EVA): `{}`",
        s.name_of(&w),
        dodge.line()
    );
    if full {
        line.push_str(
            "\n**Full Dodge** declared: it dodges whatever the dice say, even a Critical chain.",
        );
    }
    if matches!(w, Who::Pc(_)) {
        line.push_str("\n(Prana on the Dodge Check: `/nw prana use:…` before the damage roll.)");
    }
    open_for(s, &w, "Dodge Check", &dodge);
    let hidden = s.hidden(&w);
    let c = combat_mut(s)?;
    if let Some(x) = c.attack.as_mut() {
        x.hit = hit;
        for d in x.defenders.iter_mut().filter(|d| d.who == w) {
            d.dodge = Some(dodge.clone());
            d.reacted = true;
            d.full_dodge = full;
        }
        if x.defenders.iter().all(|d| d.reacted) {
            x.stage = Stage::Dodge;
        }
    }
    Ok(if hidden {
        s.tracker(vec![], vec![line])
    } else {
        s.tracker(vec![line], vec![])
    })
}

/// How the Hit Check compared with one Defender's reaction (step 4).
fn verdict(h: i32, d: &Defender, full_hit: bool) -> String {
    let dr = d.dodge.as_ref().map(|j| j.outcome().result);
    let base = match dr {
        Some(dr) => format!("Hit {h} against Dodge {dr}"),
        None => format!("Hit {h}"),
    };
    match (d.auto, full_hit, d.full_dodge) {
        (true, _, _) => "hit automatically (incomplete enemy)".to_string(),
        (_, true, true) => format!("{base}, Full Hit against Full Dodge: the Defender wins"),
        (_, _, true) => format!("{base}, Full Dodge"),
        (_, true, _) => format!("{base}, Full Hit"),
        _ => base,
    }
}

/// Steps 4–5: each Defender compared with the one Hit Check (Full Hit and Full Dodge count:
/// both at once, the Defender wins); then ONE damage roll by the attacker against each hit
/// Defender's own PDEF/MDEF Judge (none for an incomplete enemy).
pub fn damage(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let mut at = pending(s, Stage::Dodge)?;
    if !s.controls(actor, &at.attacker) && !s.is_gm(actor) {
        return refuse("the attacker (or the GM) rolls the damage.");
    }
    if let Some(h) = take_open(s, &at.attacker, "Hit Check") {
        at.hit = h;
    }
    for d in at.defenders.iter_mut() {
        if let Some(j) = take_open(s, &d.who, "Dodge Check") {
            if d.reacted && !d.auto {
                d.dodge = Some(j);
            }
        }
    }
    let h = at.hit.outcome().result;
    for d in at.defenders.iter_mut() {
        d.hit = d.auto
            || match &d.dodge {
                Some(j) => attacker_wins(h, j.outcome().result, at.full_hit, d.full_dodge),
                None => attacker_wins(h, i32::MIN, at.full_hit, d.full_dodge),
            };
    }
    let mut lines = vec![];
    let mut gm = vec![];
    if !at.defenders.iter().any(|d| d.hit) {
        for d in &at.defenders {
            lines.push(format!(
                "{}: {} dodges.",
                verdict(h, d, at.full_hit),
                s.name_of(&d.who)
            ));
        }
        combat_mut(s)?.attack = None;
        end_main(s, data, rng, &mut lines, &mut gm);
        return Ok(s.tracker(lines, gm));
    }
    let (atk, def) = if at.magic { (MATK, MDEF) } else { (PATK, PDEF) };
    let (atk_name, def_name) = if at.magic {
        ("MATK", "MDEF")
    } else {
        ("PATK", "PDEF")
    };
    let a = s.roll(
        data,
        &at.attacker,
        atk,
        Mode::Opposed {
            against: None,
            attacker: true,
        },
        false,
        false,
        rng,
    );
    let ar = a.outcome().result;
    lines.push(format!(
        "Damage ({atk_name}): `{}`, one roll against each hit Defender's {def_name}.",
        a.line()
    ));
    for d in at.defenders.iter_mut() {
        let name = s.name_of(&d.who);
        let why = verdict(h, d, at.full_hit);
        if !d.hit {
            lines.push(format!("· {name}: {why}: dodges."));
        } else if d.auto {
            d.damage = ar.max(0);
            lines.push(format!(
                "· {name}: {why}, no defence roll → **{} HP Damage**.",
                d.damage
            ));
        } else {
            let b = s.roll(
                data,
                &d.who,
                def,
                Mode::Opposed {
                    against: Some(ar),
                    attacker: false,
                },
                false,
                false,
                rng,
            );
            d.damage = (ar - b.outcome().result).max(0);
            lines.push(format!(
                "· {name}: {why}: a hit. {def_name} `{}` → **{} HP Damage**.",
                b.line(),
                d.damage
            ));
            d.defence = Some(b);
        }
    }
    let pcs_roll = matches!(at.attacker, Who::Pc(_))
        || at
            .defenders
            .iter()
            .any(|d| d.hit && d.defence.is_some() && matches!(d.who, Who::Pc(_)));
    if pcs_roll {
        lines.push(
            "(Prana on the damage or a defence roll: `/nw prana use:…` before the damage is applied.)"
                .into(),
        );
    }
    open_for(s, &at.attacker, DAMAGE_ROLL, &a);
    for d in at.defenders.iter() {
        if let Some(b) = &d.defence {
            open_for(s, &d.who, DEFENCE_ROLL, b);
        }
    }
    let c = combat_mut(s)?;
    if let Some(x) = c.attack.as_mut() {
        x.hit = at.hit;
        x.defenders = at.defenders;
        x.stage = Stage::Damage;
    }
    c.damage_rolls = Some((a.clone(), a));
    Ok(s.tracker(lines, gm))
}

/// Step 6: HP Damage and bad statuses land on each hit Defender; a covered Defender's lands on
/// its coverer instead (× 2 when the coverer failed its own Dodge Check, replacing the
/// coverer's own damage from this attack).
pub fn apply_all(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let at = pending(s, Stage::Damage)?;
    if !s.controls(actor, &at.attacker) && !s.is_gm(actor) {
        return refuse("the attacker (or the GM) applies the damage.");
    }
    let coverers: Vec<Who> = at
        .defenders
        .iter()
        .filter_map(|d| d.covered_by.clone())
        .collect();
    let mut lines = vec![];
    take_open(s, &at.attacker, DAMAGE_ROLL);
    for d in &at.defenders {
        take_open(s, &d.who, DEFENCE_ROLL);
    }
    if let Some(c) = s.combat.as_mut() {
        c.damage_rolls = None;
    }
    for d in at.defenders.iter().filter(|d| d.hit) {
        match &d.covered_by {
            Some(a) => {
                let n = d.damage * cover_factor(&at, a);
                lines.push(format!(
                    "🛡️ {} takes the blow meant for {}: {n} HP Damage.",
                    s.name_of(a),
                    s.name_of(&d.who)
                ));
                land(s, data, &at, a, n, &mut lines);
            }
            None if coverers.contains(&d.who) => lines.push(format!(
                "{}'s own damage from this attack is replaced by its Cover Up.",
                s.name_of(&d.who)
            )),
            None => land(s, data, &at, &d.who, d.damage, &mut lines),
        }
    }
    combat_mut(s)?.attack = None;
    let mut gm = vec![];
    end_main(s, data, rng, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// 2 when the coverer is a Defender that failed its own Dodge Check (§10.13), else 1.
fn cover_factor(at: &Attack, coverer: &Who) -> i32 {
    if at.defenders.iter().any(|x| &x.who == coverer && x.hit) {
        2
    } else {
        1
    }
}

/// Cover Up (§10.13) in an attack resolved here, after the damage roll: `who` covers `target`
/// (default: the only hit Defender it may cover). Conditions: Pre-action, same Engage, not for
/// oneself, not the attacker, the Defender was hit, one Cover Up per Defender, a coverer cannot
/// be covered (nor cover while covered). The coverer becomes Post-action at once; the damage
/// lands when it is applied.
pub fn cover(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    who: Option<&str>,
    target: Option<&String>,
) -> Result<Vec<Reply>, RuleError> {
    let gm = s.is_gm(actor);
    let plain = s
        .combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .is_some_and(|x| x.defenders.is_empty());
    if plain {
        // `for:` on a plain attack: it must name its target; then the usual Cover Up.
        let at = pending(s, Stage::Damage)?;
        if let Some(t) = target {
            if s.find(t, gm).as_ref() != Some(&at.target) {
                return refuse(format!(
                    "{} is not a Defender of this attack.",
                    s.find(t, gm).map_or(t.clone(), |w| s.name_of(&w))
                ));
            }
        }
        return apply(
            s,
            data,
            rng,
            actor,
            &CombatAction::CoverUp(who.map(str::to_string)),
        );
    }
    let at = pending(s, Stage::Damage)?;
    let me = match who {
        Some(k) => s.find(k, gm),
        None => s
            .pcs
            .iter()
            .find(|p| p.user == actor.id)
            .map(|p| Who::Pc(p.user.clone())),
    };
    let Some(me) = me else {
        return refuse(match who {
            Some(k) => format!("no combatant `{k}`."),
            None => "you have no character in this fight to Cover Up with.".to_string(),
        });
    };
    if !s.controls(actor, &me) {
        return refuse("that is not your character.");
    }
    let b = match target {
        Some(t) => match s.find(t, gm) {
            Some(b) => b,
            None => return refuse(format!("no combatant `{t}`.")),
        },
        None => {
            let cands: Vec<Who> = at
                .defenders
                .iter()
                .filter(|d| d.hit && d.covered_by.is_none() && d.who != me)
                .map(|d| d.who.clone())
                .collect();
            match cands.as_slice() {
                [one] => one.clone(),
                [] => return refuse("no other Defender was hit: there is nothing to Cover Up."),
                _ => {
                    return refuse(
                        "several Defenders were hit: name whom you Cover Up for with `for:`.",
                    )
                }
            }
        }
    };
    if b == me {
        return refuse("you cannot Cover Up for yourself.");
    }
    if me == at.attacker {
        return refuse("the attacker cannot Cover Up.");
    }
    let Some(d) = at.defenders.iter().find(|d| d.who == b) else {
        return refuse(format!(
            "{} is not a Defender of this attack.",
            s.name_of(&b)
        ));
    };
    if !d.hit {
        return refuse(format!(
            "{} was not hit: there is nothing to Cover Up.",
            s.name_of(&b)
        ));
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    let pre = c.fighters.iter().any(|f| f.who == me && !f.post);
    if !pre || s.hp_of(&me) == 0 {
        return refuse(
            "Cover Up needs a Pre-action character (not Post-action, not Incapacitated).",
        );
    }
    let g = NightWizard::engage_of(c, &me);
    if g.is_none() || g != NightWizard::engage_of(c, &b) {
        return refuse(format!(
            "Cover Up needs you in the same Engage as {}.",
            s.name_of(&b)
        ));
    }
    if let Some(x) = &d.covered_by {
        return refuse(format!(
            "{} is already Covered Up by {} (one Cover Up per Defender).",
            s.name_of(&b),
            s.name_of(x)
        ));
    }
    if at
        .defenders
        .iter()
        .any(|x| x.covered_by.as_ref() == Some(&b))
    {
        return refuse(format!(
            "{} has declared a Cover Up and cannot be Covered Up.",
            s.name_of(&b)
        ));
    }
    if let Some(x) = at
        .defenders
        .iter()
        .find(|x| x.who == me)
        .and_then(|x| x.covered_by.as_ref())
    {
        return refuse(format!(
            "{} is Covered Up by {}: a character who Covers Up cannot be Covered Up.",
            s.name_of(&me),
            s.name_of(x)
        ));
    }
    let k = cover_factor(&at, &me);
    let double = if k == 2 {
        format!(
            " × 2 = {} ({} failed its own Dodge Check; this replaces its own damage from the attack)",
            d.damage * 2,
            s.name_of(&me)
        )
    } else {
        String::new()
    };
    let line = format!(
        "🛡️ {} Covers Up for {}: the damage computed against {} ({}){double} will go to {}; {} becomes Post-action.",
        s.name_of(&me),
        s.name_of(&b),
        s.name_of(&b),
        d.damage,
        s.name_of(&me),
        s.name_of(&me)
    );
    let c = combat_mut(s)?;
    for f in c.fighters.iter_mut().filter(|f| f.who == me) {
        f.post = true;
        f.count = 0;
    }
    if let Some(x) = c.attack.as_mut() {
        for d in x.defenders.iter_mut().filter(|d| d.who == b) {
            d.covered_by = Some(me.clone());
        }
    }
    Ok(s.tracker(vec![line], vec![]))
}

/// Keeps Prana spent on an open Hit Check or Dodge Check in step with an attack resolved
/// here; `false` when the attack in progress is a plain one.
pub fn sync_open(s: &mut NightWizard) -> bool {
    let Some(at) = s.combat.as_ref().and_then(|c| c.attack.clone()) else {
        return false;
    };
    if at.defenders.is_empty() {
        return false;
    }
    let open = |w: &Who, label: &str| open_judge(s, w, label);
    let hit = open(&at.attacker, "Hit Check");
    let dodges: Vec<Option<Judge>> = at
        .defenders
        .iter()
        .map(|d| open(&d.who, "Dodge Check"))
        .collect();
    if at.stage == Stage::Damage {
        sync_damage(s, &at);
        return true;
    }
    if let Some(x) = s.combat.as_mut().and_then(|c| c.attack.as_mut()) {
        if let Some(h) = hit {
            x.hit = h;
        }
        for (d, j) in x.defenders.iter_mut().zip(dodges) {
            if let (Some(j), true) = (j, d.reacted && !d.auto) {
                d.dodge = Some(j);
            }
        }
    }
    true
}

/// After Prana on the damage roll or a defence roll: each hit Defender's HP Damage is worked
/// out again from the rolls as they now stand (an incomplete enemy takes the whole damage
/// Result).
fn sync_damage(s: &mut NightWizard, at: &Attack) {
    let open = open_judge;
    let Some(a) = open(s, &at.attacker, DAMAGE_ROLL).or_else(|| {
        s.combat
            .as_ref()
            .and_then(|c| c.damage_rolls.as_ref())
            .map(|(a, _)| a.clone())
    }) else {
        return;
    };
    let ar = a.outcome().result;
    let defences: Vec<Option<Judge>> = at
        .defenders
        .iter()
        .map(|d| open(s, &d.who, DEFENCE_ROLL).or_else(|| d.defence.clone()))
        .collect();
    let Some(c) = s.combat.as_mut() else { return };
    if let Some(x) = c.attack.as_mut() {
        for (d, b) in x.defenders.iter_mut().zip(defences) {
            if !d.hit {
                continue;
            }
            d.damage = match (&b, d.auto) {
                (_, true) | (None, _) => ar.max(0),
                (Some(b), false) => (ar - b.outcome().result).max(0),
            };
            if !d.auto {
                d.defence = b;
            }
        }
    }
    c.damage_rolls = Some((a.clone(), a));
}

/// An incomplete enemy (§13): spawned from the data like any enemy, then marked.
#[allow(clippy::too_many_arguments)]
pub fn spawn_incomplete(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    name: &str,
    label: &Option<String>,
    hidden: bool,
    hp: Option<i32>,
) -> Result<Vec<Reply>, RuleError> {
    let mut out = apply(
        s,
        data,
        rng,
        actor,
        &CombatAction::Spawn {
            name: name.to_string(),
            label: label.clone(),
            hidden,
            hp,
        },
    )?;
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
    };
    let st = e.stats;
    let gm = Message::titled(
        format!("🤝 {label} (Guest: {})", ch.name),
        format!(
            "HP {} · MP {} · PACC {} · EVA {} · MACC {} · PATK {} · MATK {} · PDEF {} · MDEF {} · SPD {}\n{}\nOn the PCs' side; you run it (its Dodge Checks: `/nwcombat dodge who:\"{label}\"`). No Prana.",
            e.hp, e.mp, st[0], st[1], st[2], st[3], st[4], st[5], st[6], st[7], e.attack
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

fn short(v: &str) -> String {
    v.trim().chars().take(80).collect()
}

/// Lowers `/nwcombat attack`: one target, or several targets, an area or a Full Hit.
pub fn lower_attack(
    target: Option<String>,
    magic: Option<bool>,
    targets: Option<String>,
    area: Option<bool>,
    fullhit: Option<bool>,
) -> Result<CombatAction, RuleError> {
    let magic = magic.unwrap_or(false);
    let area = area.unwrap_or(false);
    let full_hit = fullhit.unwrap_or(false);
    if targets.is_none() && !area && !full_hit {
        let Some(target) = target else {
            return refuse("attack whom? Give `target:` (or `targets:`).");
        };
        return Ok(CombatAction::Attack { target, magic });
    }
    let mut all = vec![];
    if let Some(t) = &target {
        all.push(short(t));
    }
    if let Some(t) = &targets {
        all.extend(t.split(',').map(short).filter(|x| !x.is_empty()));
    }
    if all.len() > MAX_DEFENDERS {
        return refuse(format!("{MAX_DEFENDERS} Defenders at most in one attack."));
    }
    Ok(CombatAction::AttackMany {
        targets: all,
        area,
        magic,
        full_hit,
    })
}

/// Lowers `/nwcombat dodge`: the attack's Defender, or a named Defender or a Full Dodge.
pub fn lower_dodge(who: Option<String>, full: Option<bool>) -> CombatAction {
    let full = full.unwrap_or(false);
    if who.is_none() && !full {
        return CombatAction::Dodge;
    }
    CombatAction::DodgeAs {
        who: who.as_deref().map(short),
        full,
    }
}

/// Lowers `/nwcombat coverup`: for the attack's target, or for a named one.
pub fn lower_coverup(who: Option<String>, target: Option<String>) -> CombatAction {
    match target {
        None => CombatAction::CoverUp(who),
        Some(t) => CombatAction::CoverFor {
            who: who.as_deref().map(short),
            target: short(&t),
        },
    }
}

fn data_enemy(s: &NightWizard, data: &NwData, n: &str) -> bool {
    let n = n.trim();
    data.enemies
        .iter()
        .chain(s.custom.enemies.iter())
        .any(|e| e.id.eq_ignore_ascii_case(n) || e.name.eq_ignore_ascii_case(n))
}

fn roster_character<'a>(shared: &'a NwShared, gm: &Actor, n: &str) -> Option<&'a Character> {
    let n = n.trim();
    let named = |c: &&Character| c.name.eq_ignore_ascii_case(n);
    shared
        .characters
        .iter()
        .filter(named)
        .find(|c| c.owner == gm.id)
        .or_else(|| shared.characters.iter().find(named))
}

/// What `/nwenemy spawn` asks for.
pub struct SpawnRequest {
    /// Enemy name or id (or a roster character's name, for a Guest).
    pub name: String,
    /// Label.
    pub label: Option<String>,
    /// Hidden from the players.
    pub hidden: bool,
    /// HP made on the spot.
    pub hp: Option<i32>,
    /// A Guest built like a PC.
    pub guest: bool,
    /// An incomplete enemy.
    pub incomplete: bool,
}

/// Lowers `/nwenemy spawn`: an enemy from the data, an incomplete enemy, or a Guest (`guest:true`,
/// or a name found only in the roster). A Guest takes a snapshot of the roster character (the
/// GM's own first), so replays never need the roster.
pub fn lower_spawn(
    s: &NightWizard,
    actor: &Actor,
    r: SpawnRequest,
    data: &NwData,
    shared: &NwShared,
) -> Result<CombatAction, RuleError> {
    let name: String = r.name.chars().take(80).collect();
    let SpawnRequest {
        label,
        hidden,
        hp,
        guest,
        incomplete,
        ..
    } = r;
    let roster_only = !data_enemy(s, data, &name)
        && shared
            .characters
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(name.trim()));
    if !guest && !incomplete && !roster_only {
        return Ok(CombatAction::Spawn {
            name,
            label,
            hidden,
            hp,
        });
    }
    if guest && incomplete {
        return refuse("a Guest is built like a PC, not an incomplete enemy: choose one.");
    }
    if incomplete {
        return Ok(CombatAction::SpawnIncomplete {
            name,
            label,
            hidden,
            hp,
        });
    }
    let Some(ch) = roster_character(shared, actor, &name) else {
        return refuse(format!(
            "no character `{name}` in this server's roster to bring as a Guest."
        ));
    };
    Ok(CombatAction::SpawnGuest {
        character: Box::new(ch.clone()),
        custom: Box::new(shared.custom.clone()),
        label,
        hidden,
    })
}

impl NightWizard {
    /// Who may Cover Up for `b` now (buttons): Pre-action, standing, same Engage, same side,
    /// not the attacker, not already covering or covered, not hidden.
    fn coverers_for(&self, a: &Attack, b: &Who) -> Vec<Who> {
        let Some(c) = &self.combat else {
            return vec![];
        };
        let Some(g) = NightWizard::engage_of(c, b) else {
            return vec![];
        };
        let covering: Vec<&Who> = a
            .defenders
            .iter()
            .filter_map(|d| d.covered_by.as_ref())
            .collect();
        c.engages[g]
            .iter()
            .filter(|w| {
                *w != b
                    && **w != a.attacker
                    && !foes(self, w, b)
                    && !self.hidden(w)
                    && self.hp_of(w) > 0
                    && c.fighters.iter().any(|f| &f.who == *w && !f.post)
                    && !covering.contains(w)
                    && !a
                        .defenders
                        .iter()
                        .any(|d| &d.who == *w && d.covered_by.is_some())
            })
            .cloned()
            .collect()
    }

    /// Cover Up buttons for a plain attack's eligible allies; returns whom to ping.
    pub(super) fn cover_buttons(&self, a: &Attack, m: &mut Message) -> Vec<UserId> {
        let mut msg = std::mem::take(m);
        let mut pings = vec![];
        for w in self.coverers_for(a, &a.target).into_iter().take(20) {
            let n = self.name_of(&w);
            msg = msg.styled_button(
                format!("Cover Up: {n}"),
                format!("/nwcombat coverup who:\"{n}\""),
                ButtonStyle::Secondary,
            );
            pings.push(self.controller(&w));
        }
        *m = msg;
        pings
    }

    /// The tracker's Turn line, buttons and pings for an attack resolved here: a Dodge button
    /// per waiting Defender (mentioning its player; the GM for NPCs), then Damage, then Apply
    /// with a Cover Up button per eligible coverer and hit Defender.
    pub(super) fn defenders_turn(&self, a: &Attack, m: &mut Message) -> (String, Vec<UserId>) {
        let mut msg = std::mem::take(m);
        let out = match a.stage {
            Stage::Hit => {
                let mut names = vec![];
                let mut pings = vec![];
                for d in a.defenders.iter().filter(|d| !d.reacted) {
                    if self.hidden(&d.who) {
                        names.push(format!("a hidden Defender ({})", self.gm.mention()));
                    } else {
                        let n = self.name_of(&d.who);
                        msg = msg.styled_button(
                            format!("Dodge: {n}"),
                            format!("/nwcombat dodge who:\"{n}\""),
                            ButtonStyle::Primary,
                        );
                        names.push(mention(self, &d.who));
                    }
                    pings.push(self.controller(&d.who));
                }
                (
                    format!(
                        "Dodge Checks: {} (`/nwcombat dodge`, `full:true` for a Full Dodge; the GM decides for NPCs)",
                        names.join(", ")
                    ),
                    pings,
                )
            }
            Stage::Dodge => {
                msg = msg.styled_button("Damage", "/nwcombat damage", ButtonStyle::Primary);
                (
                    format!(
                        "{}: compare and roll the damage against each Defender",
                        mention(self, &a.attacker)
                    ),
                    vec![self.controller(&a.attacker)],
                )
            }
            Stage::Damage => {
                msg = msg.styled_button("Apply", "/nwcombat apply", ButtonStyle::Primary);
                let mut pings = vec![self.controller(&a.attacker)];
                let mut offers = vec![];
                let mut buttons = 0;
                for d in a
                    .defenders
                    .iter()
                    .filter(|d| d.hit && d.covered_by.is_none())
                {
                    let b = self.name_of(&d.who);
                    for w in self.coverers_for(a, &d.who) {
                        if buttons >= 20 {
                            break;
                        }
                        buttons += 1;
                        let n = self.name_of(&w);
                        msg = msg.styled_button(
                            format!("Cover Up: {n} for {b}"),
                            format!("/nwcombat coverup who:\"{n}\" for:\"{b}\""),
                            ButtonStyle::Secondary,
                        );
                        offers.push(format!("{} for {b}", mention(self, &w)));
                        pings.push(self.controller(&w));
                    }
                }
                let dmg: Vec<String> = a
                    .defenders
                    .iter()
                    .filter(|d| d.hit)
                    .map(|d| match &d.covered_by {
                        Some(c) => format!(
                            "{} {} → {}",
                            self.name_of(&d.who),
                            d.damage * cover_factor(a, c),
                            self.name_of(c)
                        ),
                        None if a
                            .defenders
                            .iter()
                            .any(|x| x.covered_by.as_ref() == Some(&d.who)) =>
                        {
                            format!("{} (replaced by its Cover Up)", self.name_of(&d.who))
                        }
                        None => format!("{} {}", self.name_of(&d.who), d.damage),
                    })
                    .collect();
                (
                    format!(
                        "{}: apply the damage ({}){}",
                        mention(self, &a.attacker),
                        dmg.join(", "),
                        if offers.is_empty() {
                            String::new()
                        } else {
                            format!("; or Cover Up: {}", offers.join(", "))
                        }
                    ),
                    pings,
                )
            }
        };
        *m = msg;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::character::Custom;
    use super::super::super::data::load;
    use super::super::super::judge::Fixed;
    use super::super::super::roster::{self, NwShared};
    use super::super::super::session::{self, NwAction};
    use super::*;
    use crate::table::Command;
    use std::path::Path;

    fn gm() -> Actor {
        Actor::player("gm", "gm")
    }
    fn alice() -> Actor {
        Actor::player("alice", "alice")
    }
    fn bob() -> Actor {
        Actor::player("bob", "bob")
    }
    fn pc(u: &str) -> Who {
        Who::Pc(UserId::new(u))
    }
    fn en(l: &str) -> Who {
        Who::Enemy(l.into())
    }

    /// Two PCs (Ayla, Bolt: EVA 6, PDEF 3, PATK 6, HP 40, Critical 12 / Fumble 2), a Mob
    /// (Swarm) and a Glass Hound (Close, Poison (2) on a hit) in combat; the GM has a roster
    /// character, Gwen. Everyone Pre-action, the Hound's Main Process, Hound + Ayla + Bolt
    /// engaged.
    fn setup() -> (NwData, NwShared, NightWizard) {
        let data = load(Path::new("data")).unwrap();
        let mut shared = NwShared::default();
        let mut rng = crate::rng::seeded(5);
        let (mut s, _) =
            session::create(&data, &gm(), &Command::new("nw new"), Custom::default()).unwrap();
        for (a, n) in [(alice(), "Ayla"), (bob(), "Bolt"), (gm(), "Gwen")] {
            roster::global(
                &mut shared,
                &data,
                &a,
                &Command::new("nw character new")
                    .with("name", n)
                    .with("quick", "true"),
                &mut rng,
            )
            .unwrap()
            .unwrap();
            if n == "Gwen" {
                continue;
            }
            let act =
                session::parse(&s, &a, &Command::new("nw session join"), &data, &shared).unwrap();
            session::apply(&mut s, &data, Some(&mut shared), &mut rng, &a, &act).unwrap();
        }
        for i in 0..2 {
            for (k, v) in [(EVA, 6), (PDEF, 3), (PATK, 6), (PACC, 8)] {
                let now = s.stat(&data, &s.pcs[i].user.clone().into_who(), k);
                s.pcs[i].ch.bp[k] += v - now;
            }
            s.pcs[i].hp = 40;
            s.pcs[i].cf = Some(Cf {
                critical: 12,
                fumble: 2,
            });
        }
        for (n, l) in [("shade_swarm", "Swarm"), ("glass_hound", "Hound")] {
            run(
                &mut s,
                &data,
                &gm(),
                CombatAction::Spawn {
                    name: n.into(),
                    label: Some(l.into()),
                    hidden: false,
                    hp: None,
                },
                vec![],
            )
            .unwrap();
        }
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Start { any_seven: true },
            vec![3, 3, 3, 3],
        )
        .unwrap();
        let c = s.combat.as_mut().unwrap();
        for f in c.fighters.iter_mut() {
            f.post = false;
        }
        c.current = Some(en("Hound"));
        c.candidates.clear();
        c.used = Used::default();
        c.engages = vec![vec![en("Hound"), pc("alice"), pc("bob")]];
        (data, shared, s)
    }

    trait IntoWho {
        fn into_who(self) -> Who;
    }
    impl IntoWho for UserId {
        fn into_who(self) -> Who {
            Who::Pc(self)
        }
    }

    /// Applies with fixed dice; a refusal must leave the state unchanged.
    fn run(
        s: &mut NightWizard,
        data: &NwData,
        a: &Actor,
        act: CombatAction,
        dice: Vec<u32>,
    ) -> Result<Vec<Reply>, RuleError> {
        let before = s.clone();
        let r = apply(s, data, &mut Fixed(dice), a, &act);
        if r.is_err() {
            assert_eq!(*s, before, "a refusal changes nothing");
        }
        r
    }

    fn text(r: &[Reply]) -> String {
        r.iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn attack(s: &NightWizard) -> Attack {
        s.combat.as_ref().unwrap().attack.clone().unwrap()
    }

    fn area(s: &mut NightWizard, data: &NwData, dice: Vec<u32>) -> Vec<Reply> {
        run(
            s,
            data,
            &gm(),
            CombatAction::AttackMany {
                targets: vec!["Ayla".into()],
                area: true,
                magic: false,
                full_hit: false,
            },
            dice,
        )
        .unwrap()
    }

    fn dodge(s: &mut NightWizard, data: &NwData, a: &Actor, full: bool, dice: Vec<u32>) {
        run(s, data, a, CombatAction::DodgeAs { who: None, full }, dice).unwrap();
    }

    fn post(s: &NightWizard, w: &Who) -> bool {
        s.combat
            .as_ref()
            .unwrap()
            .fighters
            .iter()
            .find(|f| &f.who == w)
            .unwrap()
            .post
    }

    #[test]
    fn rule_nw_10_9_area_attack_rolls_hit_once_each_defender_dodges() {
        // "Against several targets the Attacker rolls once. Each Defender reacts separately";
        // one damage roll against each Defender's own defence; damage and bad statuses only on
        // a hit.
        let (data, _, mut s) = setup();
        // Hound PACC 9 + [4,3] = 16, once, for both Defenders.
        let r = area(&mut s, &data, vec![4, 3]);
        assert_eq!(text(&r).matches("One Hit Check").count(), 1);
        let at = attack(&s);
        assert_eq!(
            at.defenders
                .iter()
                .map(|d| d.who.clone())
                .collect::<Vec<_>>(),
            vec![pc("alice"), pc("bob")]
        );
        assert_eq!(at.hit.outcome().result, 16);
        // Ayla: EVA 6 + [1,3] = 10 (hit); Bolt: 6 + [6,5] = 17 (dodges).
        dodge(&mut s, &data, &alice(), false, vec![1, 3]);
        assert_eq!(attack(&s).stage, Stage::Hit, "Bolt has not dodged yet");
        dodge(&mut s, &data, &bob(), false, vec![6, 5]);
        let at = attack(&s);
        assert_eq!(at.stage, Stage::Dodge);
        for d in &at.defenders {
            assert_eq!(
                d.dodge.as_ref().unwrap().mode,
                Mode::Opposed {
                    against: Some(16),
                    attacker: false
                }
            );
        }
        // Damage: PATK 7 + [4,4] = 15 once; Ayla PDEF 3 + [1,2] = 6 → 9. Bolt rolls nothing.
        run(&mut s, &data, &gm(), CombatAction::Damage, vec![4, 4, 1, 2]).unwrap();
        let at = attack(&s);
        assert_eq!(
            at.defenders
                .iter()
                .map(|d| (d.hit, d.damage))
                .collect::<Vec<_>>(),
            vec![(true, 9), (false, 0)]
        );
        run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
        assert_eq!(s.pcs[0].hp, 31);
        assert_eq!(s.pcs[0].bad, vec![("Poison".to_string(), 2)]);
        assert_eq!(s.pcs[1].hp, 40);
        assert!(s.pcs[1].bad.is_empty(), "no bad status without a hit");
        assert!(s.combat.as_ref().unwrap().attack.is_none());
    }

    #[test]
    fn rule_nw_4_2_prana_raise_on_a_defence_roll_lowers_that_defenders_damage() {
        // §4.2 Raise Result on Ayla's PDEF Judge after the area attack's damage roll: her HP
        // Damage is worked out again (Attacker Result − her raised Result) before it lands.
        let (data, _, mut s) = setup();
        area(&mut s, &data, vec![4, 3]);
        dodge(&mut s, &data, &alice(), false, vec![1, 3]);
        dodge(&mut s, &data, &bob(), false, vec![6, 5]);
        // Damage 15 once; Ayla PDEF 3 + [1,2] = 6 → 9.
        run(&mut s, &data, &gm(), CombatAction::Damage, vec![4, 4, 1, 2]).unwrap();
        assert_eq!(attack(&s).defenders[0].damage, 9);
        let prana = s.pcs[0].prana;
        let mut rng = crate::rng::seeded(3);
        for u in [session::PranaUse::Raise(1), session::PranaUse::Accept] {
            session::apply(&mut s, &data, None, &mut rng, &alice(), &NwAction::Prana(u)).unwrap();
        }
        assert_eq!(s.pcs[0].prana, prana - 1);
        let at = attack(&s);
        let raised = at.defenders[0].defence.as_ref().unwrap().outcome().result;
        // Raise Result: +2D per Prana (2 to 12 more than 6).
        assert!((8..=18).contains(&raised), "{raised}");
        assert_eq!(at.defenders[0].damage, (15 - raised).max(0));
        run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
        assert_eq!(s.pcs[0].hp, 40 - (15 - raised).max(0));
        assert!(
            !s.open
                .iter()
                .any(|o| o.label == DAMAGE_ROLL || o.label == DEFENCE_ROLL),
            "the damage step's Judges close when the damage lands"
        );
    }

    #[test]
    fn rule_nw_10_9_each_pc_defender_is_asked_with_a_dodge_button_that_mentions_them() {
        let (data, _, mut s) = setup();
        let r = area(&mut s, &data, vec![4, 3]);
        let m = &r.iter().find(|r| r.is_public()).unwrap().message;
        let cmds: Vec<(&str, &str)> = m
            .buttons
            .iter()
            .map(|b| (b.label.as_str(), b.command.as_str()))
            .collect();
        assert!(cmds.contains(&("Dodge: Ayla", "/nwcombat dodge who:\"Ayla\"")));
        assert!(cmds.contains(&("Dodge: Bolt", "/nwcombat dodge who:\"Bolt\"")));
        let t = m.plain_text();
        assert!(t.contains(&UserId::new("alice").mention()), "{t}");
        assert!(t.contains(&UserId::new("bob").mention()), "{t}");
        assert!(m.pings.contains(&UserId::new("alice")) && m.pings.contains(&UserId::new("bob")));
        // After both are hit, each may Cover Up for the other.
        dodge(&mut s, &data, &alice(), false, vec![1, 3]);
        dodge(&mut s, &data, &bob(), false, vec![1, 4]);
        let r = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Damage,
            vec![4, 4, 1, 2, 2, 2],
        )
        .unwrap();
        let m = &r.iter().find(|r| r.is_public()).unwrap().message;
        let labels: Vec<&str> = m.buttons.iter().map(|b| b.label.as_str()).collect();
        assert!(labels.contains(&"Cover Up: Bolt for Ayla"), "{labels:?}");
        assert!(labels.contains(&"Cover Up: Ayla for Bolt"), "{labels:?}");
    }

    #[test]
    fn rule_nw_10_13_a_plain_attack_offers_cover_up_buttons_to_eligible_allies() {
        let (data, _, mut s) = setup();
        let act = CombatAction::Attack {
            target: "Ayla".into(),
            magic: false,
        };
        run(&mut s, &data, &gm(), act, vec![4, 3]).unwrap();
        run(&mut s, &data, &alice(), CombatAction::Dodge, vec![1, 3]).unwrap();
        let r = run(&mut s, &data, &gm(), CombatAction::Damage, vec![4, 4, 1, 2]).unwrap();
        let m = &r.iter().find(|r| r.is_public()).unwrap().message;
        assert!(m
            .buttons
            .iter()
            .any(|b| b.label == "Cover Up: Bolt" && b.command == "/nwcombat coverup who:\"Bolt\""));
        assert!(m.pings.contains(&UserId::new("bob")));
        // Alice pressing Bolt's button is refused; Bolt's player covers.
        let e = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::CoverUp(Some("Bolt".into())),
            vec![],
        );
        assert!(e.is_err());
        let wrong = CombatAction::CoverFor {
            who: None,
            target: "Bolt".into(),
        };
        assert!(run(&mut s, &data, &bob(), wrong, vec![]).is_err());
        let mut typed = s.clone();
        let act = CombatAction::CoverFor {
            who: None,
            target: "Ayla".into(),
        };
        run(&mut typed, &data, &bob(), act, vec![]).unwrap();
        run(
            &mut s,
            &data,
            &bob(),
            CombatAction::CoverUp(Some("Bolt".into())),
            vec![],
        )
        .unwrap();
        assert_eq!(typed, s, "`for:` naming the target is the same Cover Up");
        assert_eq!(s.pcs[0].hp, 40);
        assert_eq!(s.pcs[1].hp, 31);
    }

    fn both_hit(s: &mut NightWizard, data: &NwData) {
        // Hit 16; Ayla dodges 10, Bolt 11: both hit. Damage 15: Ayla PDEF 6 → 9, Bolt 7 → 8.
        area(s, data, vec![4, 3]);
        dodge(s, data, &alice(), false, vec![1, 3]);
        dodge(s, data, &bob(), false, vec![1, 4]);
        run(s, data, &gm(), CombatAction::Damage, vec![4, 4, 1, 2, 2, 2]).unwrap();
        let at = attack(s);
        assert_eq!(
            at.defenders
                .iter()
                .map(|d| (d.hit, d.damage))
                .collect::<Vec<_>>(),
            vec![(true, 9), (true, 8)]
        );
    }

    fn cover_for(
        s: &mut NightWizard,
        data: &NwData,
        a: &Actor,
        t: &str,
    ) -> Result<Vec<Reply>, RuleError> {
        run(
            s,
            data,
            a,
            CombatAction::CoverFor {
                who: None,
                target: t.into(),
            },
            vec![],
        )
    }

    #[test]
    fn rule_nw_10_13_cover_up_after_failed_dodge_in_area_takes_double() {
        // "If A failed their own Dodge Check and still Covers Up for B, A takes double: B's
        // computed damage × 2" — read as replacing A's own damage from the attack.
        let (data, _, mut s) = setup();
        both_hit(&mut s, &data);
        let r = cover_for(&mut s, &data, &bob(), "Ayla").unwrap();
        assert!(text(&r).contains("× 2 = 18"), "{}", text(&r));
        assert!(post(&s, &pc("bob")), "the coverer becomes Post-action");
        let r = run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
        assert_eq!(s.pcs[0].hp, 40, "B takes nothing");
        assert!(s.pcs[0].bad.is_empty());
        assert_eq!(s.pcs[1].hp, 40 - 18, "A takes 9 × 2, not 18 + its own 8");
        assert_eq!(s.pcs[1].bad, vec![("Poison".to_string(), 2)]);
        assert!(text(&r).contains("replaced by its Cover Up"));
    }

    #[test]
    fn rule_nw_10_13_cover_up_after_successful_dodge_in_area_takes_b_damage_once() {
        // "A and B both dodge normally, and A may still Cover Up for B afterwards."
        let (data, _, mut s) = setup();
        area(&mut s, &data, vec![4, 3]);
        dodge(&mut s, &data, &alice(), false, vec![1, 3]);
        dodge(&mut s, &data, &bob(), false, vec![6, 5]);
        run(&mut s, &data, &gm(), CombatAction::Damage, vec![4, 4, 1, 2]).unwrap();
        // Without `for:`, the only hit Defender is meant.
        run(&mut s, &data, &bob(), CombatAction::CoverUp(None), vec![]).unwrap();
        run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
        assert_eq!((s.pcs[0].hp, s.pcs[1].hp), (40, 31));
    }

    #[test]
    fn rule_nw_10_13_cover_up_refusals_change_nothing() {
        let (data, _, mut s) = setup();
        s.combat.as_mut().unwrap().engages[0].push(en("Swarm"));
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::AttackMany {
                targets: vec!["Ayla, Bolt".into()],
                area: false,
                magic: false,
                full_hit: false,
            },
            vec![4, 3],
        )
        .unwrap();
        dodge(&mut s, &data, &alice(), false, vec![1, 3]);
        dodge(&mut s, &data, &bob(), false, vec![1, 4]);
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Damage,
            vec![4, 4, 1, 2, 2, 2],
        )
        .unwrap();
        // Not for oneself.
        assert!(cover_for(&mut s, &data, &alice(), "Ayla").is_err());
        // Several others were hit: name whom.
        let e = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::CoverUp(Some("Swarm".into())),
            vec![],
        );
        assert!(e.unwrap_err().to_string().contains("`for:`"));
        // A Post-action character cannot Cover Up.
        let mut p = s.clone();
        for f in p.combat.as_mut().unwrap().fighters.iter_mut() {
            f.post = f.who == pc("bob");
        }
        let e = cover_for(&mut p, &data, &bob(), "Ayla").unwrap_err();
        assert!(e.to_string().contains("Pre-action"), "{e}");
        // Not in the same Engage.
        let mut far = s.clone();
        far.combat.as_mut().unwrap().engages = vec![vec![en("Hound"), pc("alice")]];
        let e = cover_for(&mut far, &data, &bob(), "Ayla").unwrap_err();
        assert!(e.to_string().contains("same Engage"), "{e}");
        // The GM's Swarm may not cover for a PC with a player's command.
        let e = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::CoverFor {
                who: Some("Swarm".into()),
                target: "Bolt".into(),
            },
            vec![],
        );
        assert!(e.is_err());
        // Bolt covers Ayla; then nobody covers Bolt, and Ayla is covered once only.
        cover_for(&mut s, &data, &bob(), "Ayla").unwrap();
        let e = cover_for(&mut s, &data, &alice(), "Bolt").unwrap_err();
        assert!(e.to_string().contains("cannot be Covered Up"), "{e}");
        let e = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::CoverFor {
                who: Some("Swarm".into()),
                target: "Ayla".into(),
            },
            vec![],
        )
        .unwrap_err();
        assert!(e.to_string().contains("already Covered Up"), "{e}");
        // No Dodge Check after deciding to Cover Up.
        assert!(run(&mut s, &data, &bob(), CombatAction::Dodge, vec![]).is_err());
        assert!(run(
            &mut s,
            &data,
            &bob(),
            CombatAction::DodgeAs {
                who: None,
                full: true
            },
            vec![]
        )
        .is_err());
    }

    #[test]
    fn rule_nw_10_9_area_target_not_in_range_is_refused() {
        let (data, _, mut s) = setup();
        // The Hound's attack is Close; Bolt at Short range.
        s.combat.as_mut().unwrap().engages = vec![vec![en("Hound"), pc("alice")]];
        let e = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::AttackMany {
                targets: vec!["Ayla, Bolt".into()],
                area: false,
                magic: false,
                full_hit: false,
            },
            vec![4, 3],
        )
        .unwrap_err();
        assert!(e.to_string().contains("Bolt is at Short range"), "{e}");
        // An area attack on another Engage.
        s.combat.as_mut().unwrap().engages =
            vec![vec![en("Hound"), en("Swarm")], vec![pc("alice"), pc("bob")]];
        let e = area_err(&mut s, &data);
        assert!(e.contains("Short range"), "{e}");
        assert!(s.combat.as_ref().unwrap().attack.is_none());
    }

    fn area_err(s: &mut NightWizard, data: &NwData) -> String {
        run(
            s,
            data,
            &gm(),
            CombatAction::AttackMany {
                targets: vec!["Ayla".into()],
                area: true,
                magic: false,
                full_hit: false,
            },
            vec![4, 3],
        )
        .unwrap_err()
        .to_string()
    }

    #[test]
    fn rule_nw_10_9_a_reaction_is_only_for_yourself_a_player_cannot_dodge_for_another() {
        let (data, _, mut s) = setup();
        area(&mut s, &data, vec![4, 3]);
        let e = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::DodgeAs {
                who: Some("Bolt".into()),
                full: false,
            },
            vec![6, 6],
        )
        .unwrap_err();
        assert!(e.to_string().contains("Bolt's to roll"), "{e}");
        // The GM cannot dodge for a PC either; a PC who has dodged cannot dodge again.
        assert!(run(
            &mut s,
            &data,
            &gm(),
            CombatAction::DodgeAs {
                who: Some("Ayla".into()),
                full: false
            },
            vec![]
        )
        .is_err());
        dodge(&mut s, &data, &alice(), false, vec![1, 3]);
        assert!(run(&mut s, &data, &alice(), CombatAction::Dodge, vec![]).is_err());
    }

    #[test]
    fn rule_nw_10_9_full_hit_and_full_dodge_defender_wins() {
        // "Full Hit hits no matter what the dice say … If both happen at once, the Defender wins."
        let (data, _, mut s) = setup();
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::AttackMany {
                targets: vec!["Ayla".into(), "Bolt".into()],
                area: false,
                magic: false,
                full_hit: true,
            },
            vec![1, 2],
        )
        .unwrap();
        // Hit 9 + 3 = 12; Ayla dodges 6 + 11 = 17 but Full Hit hits; Bolt declares Full Dodge.
        dodge(&mut s, &data, &alice(), false, vec![6, 5]);
        dodge(&mut s, &data, &bob(), true, vec![1, 3]);
        let r = run(&mut s, &data, &gm(), CombatAction::Damage, vec![4, 4, 1, 2]).unwrap();
        let at = attack(&s);
        assert_eq!(
            at.defenders.iter().map(|d| d.hit).collect::<Vec<_>>(),
            vec![true, false]
        );
        assert!(text(&r).contains("Full Hit against Full Dodge: the Defender wins"));
    }

    #[test]
    fn rule_nw_10_9_full_dodge_dodges_even_a_critical_chain() {
        // "Full Dodge dodges no matter what, even against a chain of Criticals." A plain
        // one-target attack takes the Full Dodge too.
        let (data, _, mut s) = setup();
        let act = CombatAction::Attack {
            target: "Ayla".into(),
            magic: false,
        };
        // The GM's Critical is 10: [5,5] chains, then [6,4] chains, then [1,2].
        run(&mut s, &data, &gm(), act, vec![5, 5, 6, 4, 1, 2]).unwrap();
        assert!(attack(&s).hit.outcome().crits >= 2);
        dodge(&mut s, &data, &alice(), true, vec![1, 3]);
        let r = run(&mut s, &data, &gm(), CombatAction::Damage, vec![]).unwrap();
        assert!(
            text(&r).contains("Full Dodge: Ayla dodges."),
            "{}",
            text(&r)
        );
        assert_eq!(s.pcs[0].hp, 40);
        assert!(s.combat.as_ref().unwrap().attack.is_none());
    }

    #[test]
    fn rule_nw_13_incomplete_enemy_is_hit_automatically_without_dodge_or_defence() {
        // "attacks against them hit automatically, with no Dodge Check or defence roll."
        let (data, _, mut s) = setup();
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::SpawnIncomplete {
                name: "shade_swarm".into(),
                label: Some("Husk".into()),
                hidden: false,
                hp: Some(20),
            },
            vec![],
        )
        .unwrap();
        assert!(s.enemy("Husk").unwrap().incomplete);
        let c = s.combat.as_mut().unwrap();
        c.current = Some(pc("alice"));
        c.engages = vec![vec![pc("alice"), en("Husk")]];
        // A fumbled Hit Check ([1,1]) still hits; no Dodge Check is asked.
        let act = CombatAction::Attack {
            target: "Husk".into(),
            magic: false,
        };
        run(&mut s, &data, &alice(), act, vec![1, 1]).unwrap();
        assert_eq!(attack(&s).stage, Stage::Dodge);
        assert!(run(&mut s, &data, &gm(), CombatAction::Dodge, vec![]).is_err());
        // Damage = PATK 6 + [3,3] = 12, nothing subtracted.
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Damage,
            vec![3, 3, 6, 6],
        )
        .unwrap();
        assert_eq!(attack(&s).defenders[0].damage, 12);
        run(&mut s, &data, &alice(), CombatAction::ApplyDamage, vec![]).unwrap();
        assert_eq!(s.enemy("Husk").unwrap().hp, 8);
    }

    #[test]
    fn rule_nw_13_guest_built_like_a_pc_fights_on_the_pcs_side() {
        // "Guests: built like PCs, with classes and skills … Usually no Prana."
        let (data, shared, mut s) = setup();
        let cmd = Command::new("nw enemy spawn")
            .with("name", "Gwen")
            .with("as", "Gwen");
        let act = session::parse(&s, &gm(), &cmd, &data, &shared).unwrap();
        let NwAction::Combat(a) = act else {
            panic!("a combat action")
        };
        assert!(matches!(a, CombatAction::SpawnGuest { .. }));
        // Only the GM spawns Guests.
        assert!(super::super::super::test_table::refused(
            &s,
            &alice(),
            "nw enemy spawn"
        ));
        run(&mut s, &data, &gm(), a, vec![]).unwrap();
        let g = s.enemy("Gwen").unwrap().clone();
        let ch = shared.characters.iter().find(|c| c.name == "Gwen").unwrap();
        let v = ch.derive(&s.catalog(&data));
        assert_eq!(
            (g.stats, g.hp, g.hp_max, g.mp),
            (v.stats, v.body, v.body, v.mind)
        );
        assert!(g.ally && g.kind == "guest");
        assert!(!foes(&s, &en("Gwen"), &pc("alice")));
        assert!(foes(&s, &en("Gwen"), &en("Hound")));
        // The GM runs it.
        assert!(s.controls(&gm(), &en("Gwen")) && !s.controls(&alice(), &en("Gwen")));
        // With every hostile enemy down, the fight is won though the Guest stands.
        s.combat.as_mut().unwrap().current = None;
        for e in s.enemies.iter_mut().filter(|e| !e.ally) {
            e.hp = 0;
        }
        let (mut l, mut gl) = (vec![], vec![]);
        initiative(&mut s, &data, &mut Fixed(vec![]), &mut l, &mut gl);
        assert!(
            l.iter().any(|l| l.contains("No enemy is left standing")),
            "{l:?}"
        );
    }

    #[test]
    fn rule_nw_10_3_a_guest_npc_ties_last_after_mobs() {
        // "Declared Enemies > PCs > Hidden Enemies > Mobs > NPCs."
        let (data, shared, mut s) = setup();
        let cmd = Command::new("nw enemy spawn")
            .with("name", "Gwen")
            .with("guest", "true");
        let NwAction::Combat(a) = session::parse(&s, &gm(), &cmd, &data, &shared).unwrap() else {
            panic!()
        };
        run(&mut s, &data, &gm(), a, vec![]).unwrap();
        let g = en("Gwen (Guest)");
        assert_eq!(rank(&s, &g), 4);
        assert!(rank(&s, &g) > rank(&s, &en("Swarm")) && rank(&s, &g) > rank(&s, &pc("alice")));
        let c = s.combat.as_mut().unwrap();
        c.current = None;
        for f in c.fighters.iter_mut() {
            f.count = 10;
            f.post = !matches!(&f.who, Who::Enemy(l) if l == "Swarm" || l == "Gwen (Guest)");
        }
        let (mut l, mut gl) = (vec![], vec![]);
        initiative(&mut s, &data, &mut Fixed(vec![]), &mut l, &mut gl);
        assert_eq!(s.combat.as_ref().unwrap().current, Some(en("Swarm")));
    }

    #[test]
    fn rule_nw_4_2_prana_on_the_one_hit_check_and_on_each_dodge_counts() {
        // Prana on the Hit Check before the first Dodge Check, and on a PC's own Dodge Check
        // before the damage roll, is what the comparison uses.
        let (data, _, mut s) = setup();
        let c = s.combat.as_mut().unwrap();
        c.current = Some(pc("alice"));
        c.engages = vec![vec![pc("alice"), en("Swarm"), en("Hound")]];
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::AttackMany {
                targets: vec!["Swarm, Hound".into()],
                area: false,
                magic: false,
                full_hit: false,
            },
            vec![1, 3],
        )
        .unwrap();
        let base = attack(&s).hit.outcome().result;
        let mut rng = crate::rng::seeded(3);
        session::apply(
            &mut s,
            &data,
            None,
            &mut rng,
            &alice(),
            &NwAction::Prana(session::PranaUse::Raise(1)),
        )
        .unwrap();
        let raised = attack(&s).hit.outcome().result;
        assert!(
            (base + 2..=base + 12).contains(&raised),
            "{base} → {raised}"
        );
        for w in ["Swarm", "Hound"] {
            run(
                &mut s,
                &data,
                &gm(),
                CombatAction::DodgeAs {
                    who: Some(w.into()),
                    full: false,
                },
                vec![1, 2],
            )
            .unwrap();
        }
        for d in attack(&s).defenders {
            assert_eq!(
                d.dodge.unwrap().mode,
                Mode::Opposed {
                    against: Some(raised),
                    attacker: false
                }
            );
        }
    }

    #[test]
    fn rule_nw_4_2_prana_raise_on_a_defender_dodge_is_kept_after_accept() {
        let (data, _, mut s) = setup();
        area(&mut s, &data, vec![4, 3]);
        dodge(&mut s, &data, &alice(), false, vec![1, 3]);
        let mut rng = crate::rng::seeded(3);
        for u in [session::PranaUse::Raise(2), session::PranaUse::Accept] {
            session::apply(&mut s, &data, None, &mut rng, &alice(), &NwAction::Prana(u)).unwrap();
        }
        let d = attack(&s).defenders[0]
            .dodge
            .clone()
            .unwrap()
            .outcome()
            .result;
        // 6 + [1,3] = 10, raised by 2D per Prana: 4 to 24 more.
        assert!((14..=34).contains(&d), "{d}");
        dodge(&mut s, &data, &bob(), false, vec![1, 4]);
        let r = run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Damage,
            vec![4, 4, 1, 2, 2, 2],
        )
        .unwrap();
        assert!(
            text(&r).contains(&format!("Hit 16 against Dodge {d}")),
            "{}",
            text(&r)
        );
    }

    #[test]
    fn commands_parse_to_the_extended_actions() {
        let (data, shared, s) = setup();
        let p = |c: Command, a: &Actor| match session::parse(&s, a, &c, &data, &shared).unwrap() {
            NwAction::Combat(x) => x,
            _ => panic!(),
        };
        assert_eq!(
            p(
                Command::new("nw combat attack").with("targets", "Ayla, Bolt"),
                &gm()
            ),
            CombatAction::AttackMany {
                targets: vec!["Ayla".into(), "Bolt".into()],
                area: false,
                magic: false,
                full_hit: false
            }
        );
        assert!(matches!(
            p(
                Command::new("nw combat attack").with("target", "Ayla"),
                &gm()
            ),
            CombatAction::Attack { .. }
        ));
        assert_eq!(
            p(
                Command::new("nw combat dodge").with("full", "true"),
                &alice()
            ),
            CombatAction::DodgeAs {
                who: None,
                full: true
            }
        );
        assert!(matches!(
            p(
                Command::new("nw combat coverup").with("for", "Ayla"),
                &bob()
            ),
            CombatAction::CoverFor { .. }
        ));
        assert!(matches!(
            p(
                Command::new("nw enemy spawn")
                    .with("name", "shade_swarm")
                    .with("incomplete", "true"),
                &gm()
            ),
            CombatAction::SpawnIncomplete { .. }
        ));
        assert!(matches!(
            p(
                Command::new("nw enemy spawn").with("name", "shade_swarm"),
                &gm()
            ),
            CombatAction::Spawn { .. }
        ));
    }
}
