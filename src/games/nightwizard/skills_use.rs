//! Using skills and items in combat (§10.2 step 5, §10.4, §10.10, §10.14, §15.3, §15.5): the
//! Timing decides when a skill may be declared and which action it takes; the Cost is paid in
//! full on declaration (an HP cost leaves at least 1 HP, an MP cost may reach 0); a bad status
//! paid as a Cost during your own Main Process lands when it ends. BS: Pressure forbids skills
//! and items; an Incapacitated character may use only Timing: Incapacitated (or Downed).
//!
//! Effects are posted as text; what the bot can model is applied: Recovery values
//! (`Recovery: 5`, `Recovery: SL x 2`, `… for MP`), cures (`cures BS: Poison`), consumable
//! items, and Major Action skills with a Hit Check, which start an attack on their target.
//!
//! The Setup step (§10.2 step 5) and the Cleanup step (§10.14 step 2) are windows: when a PC
//! owns a skill (or item) of that Timing, the Round waits for those PCs, in Count order, to use
//! it or skip. Declared as a submodule of `combat` so that it shares the combat helpers.

use serde::{Deserialize, Serialize};

use super::super::character::Catalog;
use super::super::data::NwData;
use super::super::judge::Dice;
use super::super::session::NightWizard;
use super::recovery::{recovery_judge, restore};
use super::{add_status, has, mention, rank, Who, SPD};
use crate::table::{refuse, Actor, Message, Reply, RuleError, UserId};

/// When a skill or item may be declared (§15.5 Timing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// Setup Process (step 5, in Count order).
    Setup,
    /// Initiative Process (before a Main Process starts acting).
    Initiative,
    /// Cleanup Process (step 2).
    Cleanup,
    /// Move Action.
    Move,
    /// Minor Action.
    Minor,
    /// Major Action (ends the Main Process).
    Major,
    /// Reaction (any time, even Post-action).
    Reaction,
    /// Auto Action (any time).
    Auto,
    /// Prep: at the start of combat, before the first Main Process.
    Prep,
    /// Incapacitated (or Downed): the only timing open to an Incapacitated character.
    Incapacitated,
    /// Constant: always on, never declared.
    Constant,
    /// Before/After Judge, Damage Roll, `[Skill Name]`: declared with what they modify.
    Other,
}

impl Timing {
    /// Reads a Timing field.
    pub fn parse(t: &str) -> Timing {
        let t = t.to_ascii_lowercase();
        let table = [
            ("constant", Timing::Constant),
            ("setup", Timing::Setup),
            ("initiative", Timing::Initiative),
            ("cleanup", Timing::Cleanup),
            ("move", Timing::Move),
            ("minor", Timing::Minor),
            ("major", Timing::Major),
            ("reaction", Timing::Reaction),
            ("auto", Timing::Auto),
            ("prep", Timing::Prep),
            ("incapacitated", Timing::Incapacitated),
            ("downed", Timing::Incapacitated),
        ];
        table
            .iter()
            .find(|(k, _)| t.contains(k))
            .map_or(Timing::Other, |(_, v)| *v)
    }

    /// The Timing's name as a sheet writes it.
    pub fn label(self) -> &'static str {
        match self {
            Timing::Setup => "Setup Process",
            Timing::Initiative => "Initiative Process",
            Timing::Cleanup => "Cleanup Process",
            Timing::Move => "Move Action",
            Timing::Minor => "Minor Action",
            Timing::Major => "Major Action",
            Timing::Reaction => "Reaction",
            Timing::Auto => "Auto Action",
            Timing::Prep => "Prep",
            Timing::Incapacitated => "Incapacitated",
            Timing::Constant => "Constant",
            Timing::Other => "Other",
        }
    }

    /// An item's Timing: the first timing its effect text names (`Minor Action: …`).
    pub fn of_item(effect: &str) -> Option<Timing> {
        let e = effect.to_ascii_lowercase();
        let names = [
            "setup process",
            "initiative process",
            "cleanup process",
            "move action",
            "minor action",
            "major action",
            "reaction",
            "auto action",
            "prep",
            "timing: incapacitated",
        ];
        names
            .iter()
            .filter_map(|n| e.find(n).map(|i| (i, *n)))
            .min()
            .map(|(_, n)| Timing::parse(n))
    }
}

/// One part of a Cost (§15.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CostPart {
    /// HP (must leave at least 1).
    Hp(i32),
    /// MP (may reach 0).
    Mp(i32),
    /// Prana (may reach 0).
    Prana(i32),
    /// A bad status received after the skill resolves.
    Bad(String, u32),
    /// Anything else: told, paid by the table.
    Other(String),
}

/// Evaluates a number that may use the Skill Level: `4`, `SL`, `SL x 2`, `SL + 1`, `2*SL`.
pub fn sl_value(expr: &str, sl: u32) -> Option<i32> {
    let e: String = expr
        .to_ascii_lowercase()
        .replace(['×', '*'], "x")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if e.is_empty() {
        return None;
    }
    if e.contains('+') {
        return e.split('+').map(|p| sl_value(p, sl)).sum();
    }
    let atom = |a: &str| -> Option<i32> {
        if a == "sl" {
            Some(sl as i32)
        } else {
            a.parse::<i32>().ok()
        }
    };
    // `sl` contains no `x`, so splitting on `x` separates factors.
    e.split('x').map(atom).product()
}

/// Reads a Cost field: `MP 4`, `HP 5`, `Prana 1`, `BS: Rigor`, several joined with `,`, `;` or
/// ` and `; `-` or empty is no cost.
pub fn parse_cost(text: &str, sl: u32) -> Vec<CostPart> {
    let t = text.trim();
    if t.is_empty() || t == "-" || t == "—" || t.eq_ignore_ascii_case("none") {
        return vec![];
    }
    t.replace(" and ", ",")
        .split([',', ';'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let low = p.to_ascii_lowercase();
            if let Some(rest) = low
                .strip_prefix("bs")
                .map(|r| r.trim_start_matches([':', ' ']))
            {
                let name: String = p[p.len() - rest.len()..]
                    .chars()
                    .take_while(|c| c.is_alphabetic())
                    .collect();
                let rating = rest
                    .split_once('(')
                    .and_then(|(_, r)| r.split_once(')'))
                    .and_then(|(n, _)| n.trim().parse::<u32>().ok())
                    .unwrap_or(0);
                if !name.is_empty() {
                    return CostPart::Bad(name, rating);
                }
            }
            for (k, f) in [
                ("prana", CostPart::Prana as fn(i32) -> CostPart),
                ("hp", CostPart::Hp),
                ("mp", CostPart::Mp),
            ] {
                let n = low
                    .strip_prefix(k)
                    .or_else(|| low.strip_suffix(k))
                    .and_then(|r| sl_value(r.trim_start_matches(':'), sl));
                if let Some(n) = n {
                    return f(n.max(0));
                }
            }
            CostPart::Other(p.to_string())
        })
        .collect()
}

/// The Recovery value an effect gives (`Recovery: 5`, `(Recovery: SL x 2)`), and whether it
/// heals MP (`… for MP`) rather than HP.
pub fn recovery_in(effect: &str, sl: u32) -> Option<(i32, bool)> {
    let i = effect.find("Recovery:")?;
    let rest = &effect[i + "Recovery:".len()..];
    let end = rest
        .find([')', '.', ',', ';'])
        .unwrap_or(rest.len())
        .min(rest.find(" for ").unwrap_or(rest.len()));
    let n = sl_value(&rest[..end], sl)?;
    let after = &effect[i..];
    let mp = after.contains("for MP") && !after.contains("for HP");
    Some((n, mp))
}

/// Bad statuses an effect cures (`cures BS: Poison and BS: Paralysis`).
pub fn cures_in(effect: &str, data: &NwData) -> Vec<String> {
    let low = effect.to_ascii_lowercase();
    if !low.contains("cure") {
        return vec![];
    }
    data.rules
        .bad_status
        .iter()
        .filter(|b| low.contains(&b.name.to_ascii_lowercase()))
        .map(|b| b.name.clone())
        .collect()
}

/// A bad status paid as a Cost in its payer's Main Process, landing when it ends (§10.4).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PendingBad {
    /// Who pays.
    pub who: Who,
    /// Status name.
    pub name: String,
    /// Rating (0 = unrated).
    pub rating: u32,
    /// The skill it paid for.
    pub from: String,
}

/// One declaration of a skill limited to once per instance of its timing.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Mark {
    /// Who used it.
    pub who: Who,
    /// Skill id or `item:<id>`.
    pub what: String,
    /// Which instance of the timing (`setup 2`, `cleanup 2`, `init 2 3`, `prep`).
    pub instance: String,
}

/// The Setup step or the Cleanup step waiting for PCs with skills of that Timing.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Window {
    /// The Cleanup step (otherwise the Setup step).
    pub cleanup: bool,
    /// Who may still use a skill, in Count order; the first one goes now.
    pub queue: Vec<Who>,
}

/// Skill state of the current fight.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct RoundState {
    /// An open Setup or Cleanup step.
    #[serde(default)]
    pub window: Option<Window>,
    /// Bad statuses paid as Costs, landing when the payer's Main Process ends.
    #[serde(default)]
    pub pending: Vec<PendingBad>,
    /// Once-per-instance declarations made.
    #[serde(default)]
    pub marks: Vec<Mark>,
}

/// A skill or item ready to use.
#[derive(Debug, Clone)]
struct Usable {
    name: String,
    key: String,
    sl: u32,
    timing: Timing,
    timing_text: String,
    cost_text: String,
    cost: Vec<CostPart>,
    effect: String,
    recovery: Option<(i32, bool)>,
    cures: Vec<String>,
    consumable: Option<String>,
    /// A Major Action attack skill: magical or not.
    attack: Option<bool>,
}

fn skill_usable(cat: &Catalog, def: &super::super::data::SkillDef, sl: u32) -> Usable {
    let attack = (def.check.eq_ignore_ascii_case("hit check"))
        .then(|| def.category == "spell" || def.effect.contains("Magical Attack"));
    Usable {
        name: def.name.clone(),
        key: def.id.clone(),
        sl,
        timing: Timing::parse(&def.timing),
        timing_text: def.timing.clone(),
        cost_text: def.cost.clone(),
        cost: parse_cost(&def.cost, sl),
        effect: def.effect.clone(),
        recovery: recovery_in(&def.effect, sl),
        cures: cures_in(&def.effect, cat.data),
        consumable: None,
        attack,
    }
}

fn item_usable(cat: &Catalog, def: &super::super::data::ItemDef) -> Result<Usable, RuleError> {
    let Some(timing) = Timing::of_item(&def.effect) else {
        return refuse(format!(
            "{} has no effect to use (its text names no Timing, e.g. `Minor Action:`).",
            def.name
        ));
    };
    Ok(Usable {
        name: def.name.clone(),
        key: format!("item:{}", def.id),
        sl: 1,
        timing,
        timing_text: timing.label().to_string(),
        cost_text: "-".into(),
        cost: vec![],
        effect: def.effect.clone(),
        recovery: recovery_in(&def.effect, 1),
        cures: cures_in(&def.effect, cat.data),
        consumable: def.effect.contains("Consumable").then(|| def.id.clone()),
        attack: None,
    })
}

/// Item kinds a Restrict may name (`Broom Equip`, `Broom Use`).
const KINDS: [&str; 7] = [
    "weapon",
    "armor",
    "accessory",
    "enchantment",
    "broom",
    "tool",
    "potion",
];

/// Finds what `me` uses: a PC's own skill or item; for the GM's enemies any skill or item
/// in the catalog (enemies have no lists).
fn usable(
    s: &NightWizard,
    data: &NwData,
    me: &Who,
    skill: Option<&str>,
    item: Option<&str>,
) -> Result<Usable, RuleError> {
    let cat = s.catalog(data);
    let pc = match me {
        Who::Pc(u) => s.pcs.iter().find(|p| &p.user == u),
        Who::Enemy(_) => None,
    };
    match (skill, item) {
        (Some(k), None) => {
            let Some(def) = cat.skill(k) else {
                return refuse(format!("no skill `{k}` (`/nw skill list`)."));
            };
            let sl = match pc {
                Some(p) => {
                    let sl = p.ch.sl(&def.id);
                    if sl == 0 {
                        return refuse(format!("{} has no skill {}.", p.ch.name, def.name));
                    }
                    if !p.ch.skill_active(def) {
                        return refuse(format!(
                            "{} is a Secret skill of a class {} has left: it no longer works.",
                            def.name, p.ch.name
                        ));
                    }
                    let r = def.restrict.trim();
                    let need = r
                        .strip_suffix(" Equip")
                        .or_else(|| r.strip_suffix(" Use"))
                        .filter(|k| KINDS.contains(&k.to_ascii_lowercase().as_str()));
                    if let Some(kind) = need {
                        let ok = p.ch.items.iter().filter(|i| i.equipped).any(|i| {
                            cat.item(&i.id)
                                .is_some_and(|d| d.kind.eq_ignore_ascii_case(kind))
                        });
                        if !ok {
                            return refuse(format!(
                                "{} has Restrict: {r}: equip a {} first.",
                                def.name,
                                kind.to_ascii_lowercase()
                            ));
                        }
                    }
                    sl
                }
                None => 1,
            };
            Ok(skill_usable(&cat, def, sl))
        }
        (None, Some(k)) => {
            let Some(def) = cat.item(k) else {
                return refuse(format!("no item `{k}` (`/nw item list`)."));
            };
            if let Some(p) = pc {
                if !p.ch.items.iter().any(|i| i.id == def.id) {
                    return refuse(format!("{} has no {}.", p.ch.name, def.name));
                }
            }
            item_usable(&cat, def)
        }
        _ => refuse("name one skill (`skill:`) or one item (`item:`)."),
    }
}

/// The character the actor uses a skill for: their PC, or (GM) an enemy named with `who`, or
/// the enemy whose Main Process it is.
fn user_of(s: &NightWizard, actor: &Actor, who: Option<&str>) -> Result<Who, RuleError> {
    let is_gm = s.is_gm(actor);
    if is_gm {
        if let Some(k) = who {
            return match s.find(k, true) {
                Some(w @ Who::Enemy(_)) => Ok(w),
                _ => refuse(format!("no enemy labelled `{k}`.")),
            };
        }
        return match s.combat.as_ref().and_then(|c| c.current.clone()) {
            Some(w @ Who::Enemy(_)) => Ok(w),
            _ => refuse("GM: name the enemy with `who:`."),
        };
    }
    match s.pcs.iter().find(|p| p.user == actor.id) {
        Some(p) => Ok(Who::Pc(p.user.clone())),
        None => refuse("join with a character first: `/nw session join`."),
    }
}

/// What a use takes from the Round.
enum Gate {
    /// Nothing (Reaction, Auto, outside Round Progression, …).
    Free,
    /// The Move Action.
    Move,
    /// The Minor Action.
    Minor,
    /// The Major Action (ends the Main Process).
    Major,
    /// Once in this instance of the timing (a mark), in a Setup/Cleanup step or not.
    Once(String, bool),
}

fn turn_name(s: &NightWizard, w: &Who) -> String {
    if s.hidden(w) {
        "the GM".into()
    } else {
        s.name_of(w)
    }
}

/// Checks the Timing against the Round; nothing changes.
fn gate(s: &NightWizard, me: &Who, u: &Usable) -> Result<Gate, RuleError> {
    let Some(c) = s.combat.as_ref() else {
        return Ok(Gate::Free);
    };
    let used_once = |instance: &str| {
        c.skills
            .marks
            .iter()
            .any(|m| &m.who == me && m.what == u.key && m.instance == instance)
    };
    let action = |what: &str| -> Result<(), RuleError> {
        if let Some(w) = &c.skills.window {
            return refuse(format!(
                "the {} step is under way: {what} skills wait for a Main Process.",
                if w.cleanup { "Cleanup" } else { "Setup" }
            ));
        }
        if c.attack.is_some() {
            return refuse("finish the attack in progress first.");
        }
        match &c.current {
            Some(w) if w == me => Ok(()),
            Some(w) => refuse(format!(
                "a {what} skill is used in your own Main Process; it is {}'s.",
                turn_name(s, w)
            )),
            None => refuse(format!(
                "a {what} skill is used in your own Main Process; none has started."
            )),
        }
    };
    match u.timing {
        Timing::Reaction | Timing::Auto | Timing::Other | Timing::Incapacitated => Ok(Gate::Free),
        Timing::Constant => refuse(format!(
            "{} is Constant: always on, never declared.",
            u.name
        )),
        Timing::Move => {
            action("Move Action")?;
            if c.used.moved || c.used.minor || c.used.major {
                return refuse("the Move Action comes first (Move, Minor, Major in that order), and you have one.");
            }
            if has(&s.bad_of(me), "Rigor") {
                return refuse("BS: Rigor: no Move Actions.");
            }
            Ok(Gate::Move)
        }
        Timing::Minor => {
            action("Minor Action")?;
            if c.used.minor || c.used.major {
                return refuse("you have used your Minor Action (or the Major Action came first).");
            }
            Ok(Gate::Minor)
        }
        Timing::Major => {
            action("Major Action")?;
            if c.used.major {
                return refuse("you have already taken your Major Action.");
            }
            Ok(Gate::Major)
        }
        Timing::Setup | Timing::Cleanup => {
            let cleanup = u.timing == Timing::Cleanup;
            let step = if cleanup { "Cleanup" } else { "Setup" };
            match &c.skills.window {
                Some(w) if w.cleanup == cleanup => {
                    if matches!(me, Who::Pc(_)) && w.queue.first() != Some(me) {
                        return match w.queue.first() {
                            Some(h) if w.queue.contains(me) => refuse(format!(
                                "{step} Process skills go in Count order: {} first.",
                                turn_name(s, h)
                            )),
                            _ => refuse(format!(
                                "you have had your turn in this {step} step."
                            )),
                        };
                    }
                }
                _ => {
                    return refuse(format!(
                        "a {step} Process skill is used in the {step} Process step, after initiative{}.",
                        if cleanup { "" } else { " is rolled and before the first Main Process" }
                    ))
                }
            }
            let instance = format!("{} {}", step.to_ascii_lowercase(), c.round);
            if used_once(&instance) {
                return refuse(format!("{} is used once per {step} Process.", u.name));
            }
            Ok(Gate::Once(instance, true))
        }
        Timing::Prep => {
            let fresh = c.round == 1
                && c.attack.is_none()
                && c.used == super::Used::default()
                && c.fighters
                    .iter()
                    .all(|f| !f.post || s.hp_of(&f.who) == 0 || s.dead(&f.who));
            let window = matches!(&c.skills.window, Some(w) if !w.cleanup);
            if !fresh {
                return refuse(
                    "Prep skills are used at the start of combat, before the first Main Process.",
                );
            }
            if window && matches!(me, Who::Pc(_)) {
                if let Some(w) = &c.skills.window {
                    if w.queue.first() != Some(me) {
                        return refuse(
                            "Prep skills go in order in the Setup step: wait for your turn.",
                        );
                    }
                }
            }
            if used_once("prep") {
                return refuse(format!("{} is used once per combat.", u.name));
            }
            Ok(Gate::Once("prep".into(), window))
        }
        Timing::Initiative => {
            if c.skills.window.is_some() {
                return refuse("the Initiative Process comes after this step.");
            }
            if c.attack.is_some() || c.used != super::Used::default() {
                return refuse("Initiative Process skills are declared between Main Processes (before the next character acts).");
            }
            let posts = c.fighters.iter().filter(|f| f.post).count();
            let instance = format!("init {} {posts}", c.round);
            if used_once(&instance) {
                return refuse(format!("{} is used once per Initiative Process.", u.name));
            }
            Ok(Gate::Once(instance, false))
        }
    }
}

/// Checks that every cost can be paid in full (§10.10, §15.5).
fn check_costs(s: &NightWizard, me: &Who, u: &Usable) -> Result<(), RuleError> {
    let (mut hp, mut mp, mut prana) = (0, 0, 0);
    for c in &u.cost {
        match c {
            CostPart::Hp(n) => hp += n,
            CostPart::Mp(n) => mp += n,
            CostPart::Prana(n) => prana += n,
            _ => {}
        }
    }
    let name = s.name_of(me);
    let have_hp = s.pool_of(me, false);
    if hp > 0 && have_hp - hp < 1 {
        return refuse(format!(
            "{} costs {hp} HP and {name} has {have_hp}: an HP cost must be paid in full and leave at least 1 HP.",
            u.name
        ));
    }
    let have_mp = s.pool_of(me, true);
    if mp > have_mp {
        return refuse(format!(
            "{} costs {mp} MP and {name} has {have_mp}: costs are paid in full.",
            u.name
        ));
    }
    if prana > 0 {
        match me {
            Who::Pc(u2) => {
                let have = s.pcs.iter().find(|p| &p.user == u2).map_or(0, |p| p.prana);
                if prana > have {
                    return refuse(format!(
                        "{} costs {prana} Prana and {name} has {have}.",
                        u.name
                    ));
                }
            }
            Who::Enemy(_) => return refuse("enemies have no Prana to pay that cost."),
        }
    }
    Ok(())
}

/// Pays the costs; a bad status lands now, or when the Main Process ends if it is the payer's.
fn pay(s: &mut NightWizard, me: &Who, u: &Usable, lines: &mut Vec<String>) {
    let own_main = s
        .combat
        .as_ref()
        .is_some_and(|c| c.current.as_ref() == Some(me));
    let name = s.name_of(me);
    let mut paid = vec![];
    for c in &u.cost {
        match c {
            CostPart::Hp(n) => {
                let v = s.pool_of(me, false) - n;
                s.set_pool(me, false, v);
                paid.push(format!("{n} HP"));
            }
            CostPart::Mp(n) => {
                let v = s.pool_of(me, true) - n;
                s.set_pool(me, true, v);
                paid.push(format!("{n} MP"));
            }
            CostPart::Prana(n) => {
                if let Who::Pc(uid) = me {
                    if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == uid) {
                        p.prana -= n;
                    }
                }
                paid.push(format!("{n} Prana"));
            }
            CostPart::Bad(b, r) => {
                if own_main {
                    if let Some(c) = s.combat.as_mut() {
                        c.skills.pending.push(PendingBad {
                            who: me.clone(),
                            name: b.clone(),
                            rating: *r,
                            from: u.name.clone(),
                        });
                    }
                    paid.push(format!("BS: {b} (when this Main Process ends)"));
                } else {
                    if let Some(bad) = s.bad_mut(me) {
                        if !has(bad, b) {
                            add_status(bad, b, *r);
                        }
                    }
                    paid.push(format!("BS: {b}"));
                }
            }
            CostPart::Other(t) => paid.push(format!("{t} (settle it at the table)")),
        }
    }
    if !paid.is_empty() {
        lines.push(format!("{name} pays {}.", paid.join(", ")));
    }
}

/// `/nwcombat use`: declares a skill or item with its Timing checked, pays its Cost, takes the
/// action its Timing needs, posts its text and applies what can be modelled.
#[allow(clippy::too_many_arguments)]
pub fn use_skill(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    skill: Option<&str>,
    item: Option<&str>,
    target: Option<&str>,
    who: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let me = user_of(s, actor, who)?;
    let u = usable(s, data, &me, skill, item)?;
    if s.dead(&me) {
        return refuse(format!("{} is Dead.", s.name_of(&me)));
    }
    if u.timing == Timing::Constant {
        return refuse(format!(
            "{} is Constant: always on, never declared.",
            u.name
        ));
    }
    if has(&s.bad_of(&me), "Pressure") {
        return refuse(
            "BS: Pressure: no skills or items (a Minor Action clears it: `/nwcombat minor`).",
        );
    }
    let down = s.hp_of(&me) == 0;
    if down && u.timing != Timing::Incapacitated {
        return refuse(
            "an Incapacitated character may use only skills and items with Timing: Incapacitated.",
        );
    }
    if !down && u.timing == Timing::Incapacitated {
        return refuse(format!("{} is used only while Incapacitated.", u.name));
    }
    let t = match target {
        Some(k) => match s.find(k, is_gm) {
            Some(t) if s.dead(&t) => return refuse(format!("{} is Dead.", s.name_of(&t))),
            Some(t) => Some(t),
            None => return refuse(format!("no character `{k}`.")),
        },
        None => None,
    };
    let g = gate(s, &me, &u)?;
    check_costs(s, &me, &u)?;
    let attack = match (u.attack, u.timing, &t, s.combat.is_some()) {
        (Some(magic), Timing::Major, Some(_), true) => Some(magic),
        _ => None,
    };
    if attack.is_some() && t.as_ref() == Some(&me) {
        return refuse("you cannot attack yourself.");
    }

    // Validated: from here on the state changes (an attack skill runs on a copy first).
    let mut next = s.clone();
    let st = &mut next;
    let mut lines = vec![];
    let on = t.clone().unwrap_or(me.clone());
    let sl = if matches!(me, Who::Pc(_)) && !u.key.starts_with("item:") {
        format!(" (SL {})", u.sl)
    } else {
        String::new()
    };
    lines.push(format!(
        "📜 {} uses {}{sl}{} — Timing: {} · Cost: {}\n> {}",
        st.name_of(&me),
        u.name,
        t.as_ref()
            .map(|t| format!(" on {}", st.name_of(t)))
            .unwrap_or_default(),
        u.timing_text,
        if u.cost_text.trim().is_empty() {
            "-"
        } else {
            u.cost_text.trim()
        },
        u.effect
    ));
    pay(st, &me, &u, &mut lines);
    if let (Some(id), Who::Pc(uid)) = (&u.consumable, &me) {
        if let Some(p) = st.pcs.iter_mut().find(|p| &p.user == uid) {
            let k =
                p.ch.items
                    .iter()
                    .position(|i| &i.id == id && !i.equipped)
                    .or_else(|| p.ch.items.iter().position(|i| &i.id == id));
            if let Some(k) = k {
                p.ch.items.remove(k);
                lines.push(format!("The {} is used up.", u.name));
            }
        }
    }
    if let Some((rec, mp)) = u.recovery {
        let cf = st.cf_for(data, &me);
        let dazed = has(&st.bad_of(&me), "Dazed");
        let j = recovery_judge(rec, cf, dazed, rng);
        lines.push(format!(
            "Recovery Judge (Recovery {rec}{}) for {}'s {}: `{}`",
            if dazed { ", Dazed −5" } else { "" },
            st.name_of(&on),
            if mp { "MP" } else { "HP" },
            j.line()
        ));
        restore(st, data, &on, j.outcome().result, mp, &mut lines);
    }
    if !u.cures.is_empty() {
        let held: Vec<String> = st
            .bad_of(&on)
            .iter()
            .filter(|(n, _)| u.cures.iter().any(|c| c.eq_ignore_ascii_case(n)))
            .map(|(n, _)| n.clone())
            .collect();
        if held.is_empty() {
            lines.push(format!("{} has nothing for it to cure.", st.name_of(&on)));
        } else {
            lines.push(super::recovery::cure_on(st, &on, &held));
        }
    }
    let secret = st.hidden(&me) || t.as_ref().is_some_and(|t| st.hidden(t));
    let (mut pub_lines, mut gm_out) = if secret {
        (vec![], lines)
    } else {
        (lines, vec![])
    };
    let mut window_done = false;
    if let Some(c) = st.combat.as_mut() {
        match &g {
            Gate::Free | Gate::Major => {}
            Gate::Move => c.used.moved = true,
            Gate::Minor => {
                c.used.moved = true;
                c.used.minor = true;
            }
            Gate::Once(instance, in_window) => {
                c.skills.marks.push(Mark {
                    who: me.clone(),
                    what: u.key.clone(),
                    instance: instance.clone(),
                });
                window_done = *in_window;
            }
        }
    }
    if window_done && window_options(st, data, &me).is_empty() {
        advance(st, data, rng, &me, &mut pub_lines, &mut gm_out);
    }
    if let Some(magic) = attack {
        // A Major Action attack skill: the attack begins (Hit Check now).
        let target = t.as_ref().map(|t| st.name_of(t)).unwrap_or_default();
        let target = match &t {
            Some(Who::Enemy(l)) => l.clone(),
            _ => target,
        };
        let mut out = super::attack::attack(st, data, rng, actor, &target, magic)?;
        let mut first = vec![];
        if !pub_lines.is_empty() {
            first.push(Reply::public(Message::text(pub_lines.join("\n"))));
        }
        if !gm_out.is_empty() {
            first.push(Reply::gm(Message::text(gm_out.join("\n"))));
        }
        first.append(&mut out);
        *s = next;
        return Ok(first);
    }
    if matches!(g, Gate::Major) {
        if let Some(c) = st.combat.as_mut() {
            c.used.moved = true;
            c.used.minor = true;
            c.used.major = true;
        }
        super::end_main(st, data, rng, &mut pub_lines, &mut gm_out);
    }
    *s = next;
    if s.combat.is_some() {
        return Ok(s.tracker(pub_lines, gm_out));
    }
    let mut out = vec![];
    if !pub_lines.is_empty() {
        out.push(Reply::public(Message::text(pub_lines.join("\n"))));
    }
    if !gm_out.is_empty() {
        out.push(Reply::gm(Message::text(gm_out.join("\n"))));
    }
    Ok(out)
}

/// Skills and items a PC may still use in the open Setup/Cleanup step (names).
fn window_options(s: &NightWizard, data: &NwData, w: &Who) -> Vec<String> {
    let Some(c) = s.combat.as_ref() else {
        return vec![];
    };
    let Some(win) = &c.skills.window else {
        return vec![];
    };
    let Who::Pc(u) = w else { return vec![] };
    let Some(p) = s.pcs.iter().find(|p| &p.user == u) else {
        return vec![];
    };
    if p.hp == 0 || p.dead || has(&p.bad, "Pressure") {
        return vec![];
    }
    let cat = s.catalog(data);
    let fits = |t: Timing| {
        if win.cleanup {
            t == Timing::Cleanup
        } else {
            t == Timing::Setup || (t == Timing::Prep && c.round == 1)
        }
    };
    let instance = |t: Timing| match t {
        Timing::Prep => "prep".to_string(),
        Timing::Cleanup => format!("cleanup {}", c.round),
        _ => format!("setup {}", c.round),
    };
    let done = |key: &str, t: Timing| {
        c.skills
            .marks
            .iter()
            .any(|m| &m.who == w && m.what == key && m.instance == instance(t))
    };
    let mut out = vec![];
    for o in &p.ch.skills {
        if let Some(d) = cat.skill(&o.id) {
            let t = Timing::parse(&d.timing);
            if fits(t) && p.ch.skill_active(d) && !done(&d.id, t) {
                out.push(d.name.clone());
            }
        }
    }
    for i in &p.ch.items {
        if let Some(d) = cat.item(&i.id) {
            if let Some(t) = Timing::of_item(&d.effect) {
                let key = format!("item:{}", d.id);
                if fits(t) && !done(&key, t) && !out.contains(&d.name) {
                    out.push(d.name.clone());
                }
            }
        }
    }
    out
}

/// Opens the Setup step (§10.2 step 5) after initiative is rolled, when a PC has a Setup
/// Process (or, in Round 1, Prep) skill or item. Returns false when nobody has one.
pub fn open_setup(s: &mut NightWizard, data: &NwData, lines: &mut Vec<String>) -> bool {
    open(s, data, false, lines)
}

/// Opens the Cleanup step (§10.14 step 2) after bad statuses are processed, when a PC has a
/// Cleanup Process skill or item. Returns false when nobody has one.
pub fn open_cleanup(s: &mut NightWizard, data: &NwData, lines: &mut Vec<String>) -> bool {
    open(s, data, true, lines)
}

fn open(s: &mut NightWizard, data: &NwData, cleanup: bool, lines: &mut Vec<String>) -> bool {
    let Some(c) = s.combat.as_mut() else {
        return false;
    };
    c.skills.window = Some(Window {
        cleanup,
        queue: vec![],
    });
    let Some(c) = s.combat.as_ref() else {
        return false;
    };
    // Prep skills come first, highest SPD first (§10.2, §15.5), in fights under the current
    // round rules; Setup Process skills in Count order.
    let prep_first = !cleanup && c.round == 1 && c.rules >= 1;
    let mut order: Vec<([i32; 4], usize, Who)> = c
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let prep = prep_first && super::has_timing(s, data, &f.who, Timing::Prep);
            let spd = if prep { -s.stat(data, &f.who, SPD) } else { 0 };
            let key = [i32::from(!prep), spd, -f.count, i32::from(rank(s, &f.who))];
            (key, i, f.who.clone())
        })
        .collect();
    order.sort_by_key(|(k, i, _)| (*k, *i));
    let queue: Vec<Who> = order
        .into_iter()
        .map(|(_, _, w)| w)
        .filter(|w| !window_options(s, data, w).is_empty())
        .collect();
    let names: Vec<String> = queue.iter().map(|w| s.name_of(w)).collect();
    let Some(c) = s.combat.as_mut() else {
        return false;
    };
    if queue.is_empty() {
        c.skills.window = None;
        return false;
    }
    c.skills.window = Some(Window { cleanup, queue });
    lines.push(format!(
        "✨ {} step: {} may use a {} Process skill, in Count order (`/nwcombat use skill:…`, or `/nwcombat skip`).",
        if cleanup { "Cleanup" } else { "Setup" },
        names.join(", then "),
        if cleanup { "Cleanup" } else { "Setup" }
    ));
    true
}

/// Takes `w` out of the open step; when nobody is left the Round goes on (the Initiative
/// Process after the Setup step, a new Round after the Cleanup step).
fn advance(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    w: &Who,
    lines: &mut Vec<String>,
    gm: &mut Vec<String>,
) {
    let Some(c) = s.combat.as_mut() else { return };
    let Some(win) = c.skills.window.as_mut() else {
        return;
    };
    win.queue.retain(|x| x != w);
    if !win.queue.is_empty() {
        return;
    }
    let cleanup = win.cleanup;
    c.skills.window = None;
    if cleanup {
        super::new_round(s, data, rng, lines, gm);
    } else {
        super::initiative(s, data, rng, lines, gm);
    }
}

/// `/nwcombat skip`: a PC uses no (more) skills in the open Setup/Cleanup step; the GM may
/// skip for the PC whose turn it is (or one named).
pub fn skip(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    who: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let Some(win) = s.combat.as_ref().and_then(|c| c.skills.window.clone()) else {
        return refuse("no Setup or Cleanup step is waiting for skills.");
    };
    let w = if is_gm {
        match who {
            Some(k) => s.find(k, true),
            None => win.queue.first().cloned(),
        }
    } else {
        Some(Who::Pc(actor.id.clone()))
    };
    let Some(w) = w.filter(|w| win.queue.contains(w)) else {
        return refuse("you have no turn in this step.");
    };
    let mut lines = vec![format!(
        "{} uses no {} Process skill.",
        s.name_of(&w),
        if win.cleanup { "Cleanup" } else { "Setup" }
    )];
    let mut gm = vec![];
    advance(s, data, rng, &w, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// End of a Main Process: bad statuses paid as Costs in it land now (§10.4).
pub fn on_main_end(s: &mut NightWizard, w: &Who, lines: &mut Vec<String>, gm: &mut Vec<String>) {
    let Some(c) = s.combat.as_mut() else { return };
    let mine: Vec<PendingBad> = c
        .skills
        .pending
        .iter()
        .filter(|p| &p.who == w)
        .cloned()
        .collect();
    c.skills.pending.retain(|p| &p.who != w);
    for p in mine {
        let name = s.name_of(w);
        let hidden = s.hidden(w);
        if let Some(bad) = s.bad_mut(w) {
            if has(bad, &p.name) {
                continue;
            }
            add_status(bad, &p.name, p.rating);
        }
        let line = format!(
            "{name} receives BS: {}{} (the cost of {}), now that the Main Process is over.",
            p.name,
            if p.rating > 0 {
                format!(" ({})", p.rating)
            } else {
                String::new()
            },
            p.from
        );
        if hidden {
            gm.push(line);
        } else {
            lines.push(line);
        }
    }
}

/// The tracker's Turn line while a Setup/Cleanup step waits.
pub fn window_turn(s: &NightWizard, c: &super::Combat) -> (String, Vec<UserId>) {
    let Some(w) = &c.skills.window else {
        return (String::new(), vec![]);
    };
    let Some(h) = w.queue.first() else {
        return (String::new(), vec![]);
    };
    (
        format!(
            "{} step: {} may use a {} Process skill (`/nwcombat use skill:…`) or skip (`/nwcombat skip`)",
            if w.cleanup { "Cleanup" } else { "Setup" },
            mention(s, h),
            if w.cleanup { "Cleanup" } else { "Setup" }
        ),
        vec![s.controller(h)],
    )
}

#[cfg(test)]
mod tests {
    use super::super::super::character::OwnedItem;
    use super::super::recovery::kit::*;
    use super::super::{CombatAction, Used};
    use super::*;

    fn use_(skill: &str, target: Option<&str>) -> CombatAction {
        CombatAction::Use {
            skill: Some(skill.into()),
            item: None,
            target: target.map(|t| t.to_string()),
            who: None,
        }
    }

    fn item(i: &str, target: Option<&str>) -> CombatAction {
        CombatAction::Use {
            skill: None,
            item: Some(i.into()),
            target: target.map(|t| t.to_string()),
            who: None,
        }
    }

    fn fighting() -> (NwData, NightWizard) {
        let (data, mut s) = session();
        start(&mut s, &data, vec![]);
        set_turn(&mut s, pc("alice"));
        (data, s)
    }

    #[test]
    fn costs_timings_and_effect_numbers_are_read_from_the_text() {
        assert_eq!(sl_value("SL x 2", 3), Some(6));
        assert_eq!(sl_value("2*SL", 2), Some(4));
        assert_eq!(sl_value("SL + 1", 2), Some(3));
        assert_eq!(sl_value("five", 2), None);
        assert_eq!(
            parse_cost("MP 3, BS: Rigor", 1),
            vec![CostPart::Mp(3), CostPart::Bad("Rigor".into(), 0)]
        );
        assert_eq!(
            parse_cost("HP SL x 2; Prana 1; BS: Poison (2)", 2),
            vec![
                CostPart::Hp(4),
                CostPart::Prana(1),
                CostPart::Bad("Poison".into(), 2)
            ]
        );
        assert_eq!(parse_cost("-", 1), vec![]);
        assert_eq!(
            parse_cost("a lock of hair", 1),
            vec![CostPart::Other("a lock of hair".into())]
        );
        assert_eq!(
            recovery_in(
                "Patch up an ally: they make a Recovery Judge (Recovery: SL x 2) for HP.",
                3
            ),
            Some((6, false))
        );
        assert_eq!(
            recovery_in(
                "Consumable. Minor Action: Recovery Judge (Recovery: 5) for MP.",
                1
            ),
            Some((5, true))
        );
        assert_eq!(Timing::parse("Setup Process"), Timing::Setup);
        assert_eq!(Timing::parse("Major Action"), Timing::Major);
        assert_eq!(Timing::parse("Damage Roll"), Timing::Other);
        assert_eq!(
            Timing::of_item("Consumable. Minor Action: Recovery Judge (Recovery: 5) for HP."),
            Some(Timing::Minor)
        );
        assert_eq!(Timing::of_item("A plain, reliable blade."), None);
    }

    #[test]
    fn rule_nw_10_10_hp_cost_5_refused_at_4_hp() {
        // "Costs must be payable in full … with 4 HP left you cannot use a skill that costs
        // 5 HP"; "HP: not allowed if it would leave you below 1 HP".
        let (data, mut s) = fighting();
        give_skill(
            &mut s,
            "alice",
            "blood_price",
            "Minor Action",
            "HP 5",
            "Pay in blood.",
            1,
        );
        for hp in [4, 5] {
            s.pcs[0].hp = hp;
            let e = run(&mut s, &data, &alice(), use_("blood_price", None), vec![]).unwrap_err();
            assert!(e.to_string().contains("at least 1 HP"), "{e}");
        }
        s.pcs[0].hp = 6;
        run(&mut s, &data, &alice(), use_("blood_price", None), vec![]).unwrap();
        assert_eq!(s.pcs[0].hp, 1);
        assert!(s.combat.as_ref().unwrap().used.minor);
    }

    #[test]
    fn rule_nw_15_5_an_mp_cost_may_bring_mp_to_exactly_0() {
        // "MP: not allowed if it would take you below 0 MP" (HP >= 1, MP >= 0 reading).
        let (data, mut s) = fighting();
        give_skill(
            &mut s,
            "alice",
            "focus",
            "Minor Action",
            "MP 3",
            "Focus.",
            1,
        );
        s.pcs[0].mp = 2;
        assert!(run(&mut s, &data, &alice(), use_("focus", None), vec![]).is_err());
        s.pcs[0].mp = 3;
        run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap();
        assert_eq!(s.pcs[0].mp, 0);
    }

    #[test]
    fn rule_nw_15_5_prana_cost_paid_and_never_below_0() {
        let (data, mut s) = fighting();
        give_skill(
            &mut s,
            "alice",
            "last_word",
            "Auto Action",
            "Prana 2",
            "Speak.",
            1,
        );
        s.pcs[0].prana = 1;
        assert!(run(&mut s, &data, &alice(), use_("last_word", None), vec![]).is_err());
        s.pcs[0].prana = 2;
        run(&mut s, &data, &alice(), use_("last_word", None), vec![]).unwrap();
        assert_eq!(s.pcs[0].prana, 0);
        // An Auto Action takes no action.
        assert_eq!(s.combat.as_ref().unwrap().used, Used::default());
    }

    #[test]
    fn rule_nw_10_12_pressure_forbids_skills_and_items_until_a_minor_action_clears_it() {
        // BS: Pressure: "Cannot use skills or items." — "Spend a Minor Action to clear it."
        let (data, mut s) = fighting();
        give_skill(
            &mut s,
            "alice",
            "focus",
            "Major Action",
            "MP 1",
            "Focus.",
            1,
        );
        s.pcs[0].ch.items.push(OwnedItem {
            id: "healing_draught".into(),
            equipped: false,
            preserved: false,
        });
        s.pcs[0].bad = vec![("Pressure".into(), 0)];
        let e = run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Pressure"));
        assert!(run(
            &mut s,
            &data,
            &alice(),
            item("healing_draught", None),
            vec![]
        )
        .is_err());
        run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
        assert!(s.pcs[0].bad.is_empty());
        run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap();
    }

    #[test]
    fn rule_nw_10_4_a_major_action_skill_ends_the_main_process_and_no_second_major() {
        // "Taking the Major Action ends the Main Process at once."
        let (data, mut s) = fighting();
        give_skill(
            &mut s,
            "alice",
            "focus",
            "Major Action",
            "MP 1",
            "Focus.",
            1,
        );
        give_skill(
            &mut s,
            "alice",
            "quick_hand",
            "Minor Action",
            "-",
            "Quick.",
            1,
        );
        run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap();
        let c = s.combat.as_ref().unwrap();
        let f = c.fighters.iter().find(|f| f.who == pc("alice")).unwrap();
        assert!(f.post && f.count == 0);
        assert_ne!(c.current, Some(pc("alice")));
        // After the Major: neither a second Major nor a Minor skill.
        assert!(run(&mut s, &data, &alice(), use_("focus", None), vec![]).is_err());
        assert!(run(&mut s, &data, &alice(), use_("quick_hand", None), vec![]).is_err());
        // Within one Main Process, a Minor skill after the Major is out of order too.
        set_turn(&mut s, pc("alice"));
        s.combat.as_mut().unwrap().used.major = true;
        let e = run(&mut s, &data, &alice(), use_("quick_hand", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Minor"), "{e}");
        let e = run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("already taken your Major"), "{e}");
    }

    #[test]
    fn rule_nw_10_12_rigor_forbids_move_action_skills() {
        let (data, mut s) = fighting();
        give_skill(&mut s, "alice", "dash", "Move Action", "-", "Dash.", 1);
        s.pcs[0].bad = vec![("Rigor".into(), 0)];
        let e = run(&mut s, &data, &alice(), use_("dash", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Rigor"));
        s.pcs[0].bad.clear();
        run(&mut s, &data, &alice(), use_("dash", None), vec![]).unwrap();
        assert!(s.combat.as_ref().unwrap().used.moved);
        // One Move Action per Main Process.
        assert!(run(&mut s, &data, &alice(), use_("dash", None), vec![]).is_err());
    }

    #[test]
    fn rule_nw_10_1_incapacitated_uses_only_timing_incapacitated() {
        // "They may use no actions or items except those with Timing: Incapacitated."
        let (data, mut s) = fighting();
        give_skill(&mut s, "alice", "focus", "Auto Action", "-", "Focus.", 1);
        give_skill(
            &mut s,
            "alice",
            "last_stand",
            "Incapacitated",
            "-",
            "Rise.",
            1,
        );
        assert!(run(&mut s, &data, &alice(), use_("last_stand", None), vec![]).is_err());
        s.pcs[0].hp = 0;
        let e = run(&mut s, &data, &alice(), use_("focus", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Incapacitated"));
        run(&mut s, &data, &alice(), use_("last_stand", None), vec![]).unwrap();
    }

    #[test]
    fn rule_nw_10_4_a_bad_status_paid_as_a_cost_lands_when_the_main_process_ends() {
        // "A Bad Status paid as a skill Cost during your Main Process takes effect only when
        // the Main Process ends."
        let (data, mut s) = fighting();
        give_skill(
            &mut s,
            "alice",
            "overdrive",
            "Minor Action",
            "MP 1, BS: Rigor",
            "Burn.",
            1,
        );
        give_skill(
            &mut s,
            "alice",
            "wince",
            "Reaction",
            "BS: Dazed",
            "Ouch.",
            1,
        );
        run(&mut s, &data, &alice(), use_("overdrive", None), vec![]).unwrap();
        assert!(s.pcs[0].bad.is_empty(), "not yet");
        let r = run(&mut s, &data, &alice(), CombatAction::Pass, vec![]).unwrap();
        assert!(text(&r).contains("receives BS: Rigor"), "{}", text(&r));
        assert!(s.pcs[0].bad.iter().any(|(n, _)| n == "Rigor"));
        // Outside your own Main Process it lands at once.
        set_turn(&mut s, en("Swarm"));
        run(&mut s, &data, &alice(), use_("wince", None), vec![]).unwrap();
        assert!(s.pcs[0].bad.iter().any(|(n, _)| n == "Dazed"));
    }

    #[test]
    fn rule_nw_15_5_timing_major_only_in_your_own_main_process_constant_never() {
        let (data, mut s) = fighting();
        give_skill(&mut s, "bob", "focus", "Major Action", "-", "Focus.", 1);
        give_skill(&mut s, "bob", "guard", "Reaction", "MP 1", "Guard.", 1);
        s.pcs[1]
            .ch
            .skills
            .push(super::super::super::character::OwnedSkill {
                id: "sturdy_frame".into(),
                sl: 1,
            });
        let e = run(&mut s, &data, &bob(), use_("focus", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Ayla's"), "{e}");
        assert!(run(&mut s, &data, &bob(), use_("sturdy_frame", None), vec![]).is_err());
        // A skill Bob does not have.
        assert!(run(&mut s, &data, &bob(), use_("field_medic", None), vec![]).is_err());
        // A Reaction: any time, even out of turn.
        let mp = s.pcs[1].mp;
        run(&mut s, &data, &bob(), use_("guard", None), vec![]).unwrap();
        assert_eq!(s.pcs[1].mp, mp - 1);
    }

    #[test]
    fn rule_nw_10_11_a_skill_with_a_recovery_value_rolls_the_recovery_judge() {
        // Field Medic: "Recovery Judge (Recovery: SL x 2) for HP", Major Action, MP 3.
        let (data, mut s) = fighting();
        s.pcs[0]
            .ch
            .skills
            .push(super::super::super::character::OwnedSkill {
                id: "field_medic".into(),
                sl: 2,
            });
        s.pcs[1].hp = 1;
        let mp = s.pcs[0].mp;
        let r = run(
            &mut s,
            &data,
            &alice(),
            use_("field_medic", Some("Bolt")),
            vec![3, 2],
        )
        .unwrap();
        assert_eq!(s.pcs[1].hp, 1 + 5 + 4, "{}", text(&r));
        assert_eq!(s.pcs[0].mp, mp - 3);
        assert!(text(&r).contains("Patch up an ally"));
    }

    #[test]
    fn rule_nw_14_1_a_consumable_potion_is_a_minor_action_and_is_used_up() {
        let (data, mut s) = fighting();
        s.pcs[0].ch.items.push(OwnedItem {
            id: "healing_draught".into(),
            equipped: false,
            preserved: false,
        });
        s.pcs[0].hp = 2;
        run(
            &mut s,
            &data,
            &alice(),
            item("Healing Draught", None),
            vec![1, 2],
        )
        .unwrap();
        assert_eq!(s.pcs[0].hp, 2 + 3 + 5);
        assert!(s.pcs[0].ch.items.is_empty());
        assert!(s.combat.as_ref().unwrap().used.minor);
        // Gone: a second use is refused.
        set_turn(&mut s, pc("alice"));
        assert!(run(
            &mut s,
            &data,
            &alice(),
            item("healing_draught", None),
            vec![]
        )
        .is_err());
        // A weapon has nothing to use.
        s.pcs[0].ch.items.push(OwnedItem {
            id: "longsword".into(),
            equipped: true,
            preserved: false,
        });
        assert!(run(&mut s, &data, &alice(), item("longsword", None), vec![]).is_err());
    }

    #[test]
    fn rule_nw_10_12_poison_and_paralysis_cured_by_an_item_that_cures_them() {
        let (data, mut s) = fighting();
        s.pcs[0].ch.items.push(OwnedItem {
            id: "antidote_salts".into(),
            equipped: false,
            preserved: false,
        });
        s.pcs[1].bad = vec![
            ("Poison".into(), 4),
            ("Paralysis".into(), 0),
            ("Dazed".into(), 0),
        ];
        run(
            &mut s,
            &data,
            &alice(),
            item("antidote_salts", Some("Bolt")),
            vec![],
        )
        .unwrap();
        assert_eq!(s.pcs[1].bad, vec![("Dazed".to_string(), 0)]);
    }

    #[test]
    fn rule_nw_10_12_paralysis_minus_5_to_dodge() {
        // BS: Paralysis: "−5 to the Result of Reactions (e.g. Dodge Checks)"; Dazed −5 to all.
        let (data, base) = fighting();
        let dodge_alter = |bad: Vec<(String, u32)>| {
            let mut s = base.clone();
            s.pcs[0].bad = bad;
            set_turn(&mut s, en("Swarm"));
            s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
            run(
                &mut s,
                &data,
                &gm(),
                CombatAction::Attack {
                    target: "Ayla".into(),
                    magic: false,
                },
                vec![3, 3],
            )
            .unwrap();
            run(&mut s, &data, &alice(), CombatAction::Dodge, vec![3, 3]).unwrap();
            let a = s.combat.as_ref().unwrap().attack.clone().unwrap();
            a.dodge.unwrap().alter
        };
        let plain = dodge_alter(vec![]);
        assert_eq!(dodge_alter(vec![("Paralysis".into(), 0)]), plain - 5);
        assert_eq!(
            dodge_alter(vec![("Paralysis".into(), 0), ("Dazed".into(), 0)]),
            plain - 10
        );
    }

    #[test]
    fn rule_nw_10_2_setup_skills_in_count_order_before_the_first_main_process() {
        // "Skills and items with Timing: Setup Process may be used, in Count order from
        // highest to lowest."
        let (data, mut s) = session();
        give_skill(
            &mut s,
            "alice",
            "rally",
            "Setup Process",
            "MP 1",
            "Rally.",
            1,
        );
        give_skill(&mut s, "bob", "rally", "Setup Process", "MP 1", "Rally.", 1);
        // Initiative: Ayla [1,3], Bolt [6,5], Swarm [1,3]: Bolt has the higher Count.
        let r = start(&mut s, &data, vec![1, 3, 6, 5, 1, 3]);
        assert!(text(&r).contains("Setup step"), "{}", text(&r));
        let c = s.combat.as_ref().unwrap();
        assert_eq!(c.current, None);
        assert_eq!(
            c.skills.window.as_ref().unwrap().queue,
            vec![pc("bob"), pc("alice")]
        );
        // Ayla waits for Bolt; no Main Process yet; a Minor-timing skill waits too.
        let e = run(&mut s, &data, &alice(), use_("rally", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Bolt first"), "{e}");
        let e = run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap_err();
        assert!(e.to_string().contains("Setup/Cleanup step is open"), "{e}");
        run(&mut s, &data, &bob(), use_("rally", None), vec![]).unwrap();
        // Once per Setup Process.
        assert!(run(&mut s, &data, &bob(), use_("rally", None), vec![]).is_err());
        run(&mut s, &data, &alice(), CombatAction::Skip(None), vec![]).unwrap();
        let c = s.combat.as_ref().unwrap();
        assert!(c.skills.window.is_none());
        assert!(c.current.is_some() || !c.candidates.is_empty());
        // Outside the Setup step a Setup skill is refused.
        let e = run(&mut s, &data, &alice(), use_("rally", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Setup Process step"), "{e}");
    }

    #[test]
    fn rule_nw_10_14_cleanup_skills_after_bad_statuses_then_a_new_round() {
        // Cleanup: "1. Process Bad Statuses … 2. Skills with Timing: Cleanup Process may be
        // used. 3. … a new Round."
        let (data, mut s) = fighting();
        give_skill(&mut s, "alice", "mend", "Cleanup Process", "-", "Mend.", 1);
        s.pcs[0].bad = vec![("Dazed".into(), 0)];
        // Everyone else has acted; Ayla passes: the Cleanup Process begins.
        for f in s.combat.as_mut().unwrap().fighters.iter_mut() {
            f.post = f.who != pc("alice");
        }
        let r = run(&mut s, &data, &alice(), CombatAction::Pass, vec![]).unwrap();
        assert!(text(&r).contains("Cleanup step"), "{}", text(&r));
        assert!(
            s.pcs[0].bad.is_empty(),
            "Dazed ended before the Cleanup skills"
        );
        let round = s.combat.as_ref().unwrap().round;
        run(&mut s, &data, &alice(), use_("mend", None), vec![]).unwrap();
        let c = s.combat.as_ref().unwrap();
        assert_eq!(c.round, round + 1, "a new Round follows");
        assert!(c.skills.window.is_none());
    }

    #[test]
    fn rule_nw_10_3_initiative_process_skills_between_main_processes_once_each() {
        // "Skills with Timing: Initiative Process may be declared at any point in it: before
        // the first Main Process, between any two, or after the last but before Cleanup."
        let (data, mut s) = fighting();
        give_skill(
            &mut s,
            "bob",
            "read_the_field",
            "Initiative Process",
            "MP 1",
            "Read.",
            1,
        );
        // Before Ayla acts: allowed, once.
        run(&mut s, &data, &bob(), use_("read_the_field", None), vec![]).unwrap();
        let e = run(&mut s, &data, &bob(), use_("read_the_field", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("once per Initiative Process"), "{e}");
        // Once Ayla has acted, her Main Process is under way.
        run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
        assert!(run(&mut s, &data, &bob(), use_("read_the_field", None), vec![]).is_err());
        // The next Initiative Process is a new instance.
        run(&mut s, &data, &alice(), CombatAction::Pass, vec![]).unwrap();
        assert!(s.combat.as_ref().unwrap().skills.window.is_none());
        run(&mut s, &data, &bob(), use_("read_the_field", None), vec![]).unwrap();
    }

    #[test]
    fn rule_nw_15_5_prep_skills_only_at_the_start_of_combat() {
        // "Prep: used at the start of combat, before Round Progression."
        let (data, mut s) = session();
        give_skill(&mut s, "alice", "ambush_plan", "Prep", "-", "Plan.", 1);
        // Ayla [6,5] is first; the Setup step offers her the Prep skill.
        start(&mut s, &data, vec![6, 5, 1, 2, 1, 2]);
        let w = s.combat.as_ref().unwrap().skills.window.clone().unwrap();
        assert_eq!(w.queue, vec![pc("alice")]);
        run(&mut s, &data, &alice(), use_("ambush_plan", None), vec![]).unwrap();
        let c = s.combat.as_ref().unwrap();
        assert!(
            c.skills.window.is_none(),
            "the step closes when her options run out"
        );
        assert!(run(&mut s, &data, &alice(), use_("ambush_plan", None), vec![]).is_err());
    }

    #[test]
    fn rule_nw_10_12_rigor_ends_at_the_end_of_the_characters_main_process() {
        // BS: Rigor "Ends at the end of the character's Main Process, or in the Cleanup
        // Process."
        let (data, mut s) = fighting();
        s.pcs[0].bad = vec![("Rigor".into(), 0)];
        s.pcs[1].bad = vec![("Rigor".into(), 0)];
        assert!(run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Invade("Swarm".into()),
            vec![]
        )
        .is_err());
        run(&mut s, &data, &alice(), CombatAction::Pass, vec![]).unwrap();
        assert!(s.pcs[0].bad.is_empty());
        // Bolt keeps his until his own Main Process ends (or the Cleanup Process).
        assert_eq!(s.pcs[1].bad, vec![("Rigor".to_string(), 0)]);
    }

    #[test]
    fn an_attack_skill_pays_and_starts_the_attack() {
        let (data, mut s) = fighting();
        s.pcs[0]
            .ch
            .skills
            .push(super::super::super::character::OwnedSkill {
                id: "ember_lance".into(),
                sl: 1,
            });
        let mp = s.pcs[0].mp;
        let r = run(
            &mut s,
            &data,
            &alice(),
            use_("ember_lance", Some("Swarm")),
            vec![3, 3],
        )
        .unwrap();
        assert!(text(&r).contains("Magical attack"), "{}", text(&r));
        assert_eq!(s.pcs[0].mp, mp - 4);
        assert!(s.combat.as_ref().unwrap().attack.is_some());
        // Not enough MP: refused, nothing spent.
        let (data, mut s) = fighting();
        s.pcs[0]
            .ch
            .skills
            .push(super::super::super::character::OwnedSkill {
                id: "ember_lance".into(),
                sl: 1,
            });
        s.pcs[0].mp = 3;
        assert!(run(
            &mut s,
            &data,
            &alice(),
            use_("ember_lance", Some("Swarm")),
            vec![]
        )
        .is_err());
    }
}
