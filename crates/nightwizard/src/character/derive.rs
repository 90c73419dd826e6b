//! Every value the rules derive from a character's choices (§5, §6.2, §14): attributes,
//! CF Mod, Prana, combat stats, Body and Mind, weight and memory, and the BP limits.

use std::collections::BTreeMap;

use super::super::data::{
    attr_index, stat_index, ItemDef, NwData, ATTRS, GROUP1, GROUP2, STACKS_ANYWAY,
};
use super::restrict::Using;
use super::{Catalog, Character};
use croupier_core::table::Phrase;

/// Everything the rules compute from a character.
#[derive(Debug, Clone, PartialEq)]
pub struct Derived {
    /// Attributes.
    pub attrs: [i32; 6],
    /// CF Mod = Luck / 3.
    pub cf_mod: i32,
    /// Prana maximum = 7 − CF Mod.
    pub prana: i32,
    /// Group 1 base values before class bonuses (groups 2 are 0).
    pub base: [i32; 8],
    /// After class bonuses (the rulebook's worked example stops here).
    pub class_stats: [i32; 8],
    /// After class bonuses, BP and skills (Pre-Equip Combat Stats).
    pub pre_equip: [i32; 8],
    /// Final combat stats.
    pub stats: [i32; 8],
    /// Body (max HP).
    pub body: i32,
    /// Mind (max MP).
    pub mind: i32,
    /// Equipped weight.
    pub weight: i32,
    /// Weight limit = Str + CL.
    pub weight_limit: i32,
    /// Penalty to PACC, EVA, MACC from excess weight.
    pub weight_penalty: i32,
    /// Equipped memory.
    pub memory: i32,
    /// Memory limit = Spi + CL.
    pub memory_limit: i32,
}

/// Halves with the data's rounding.
pub fn half(n: i32, data: &NwData) -> i32 {
    if data.rules.formulas.halves == "up" {
        (n + 1).div_euclid(2)
    } else {
        n.div_euclid(2)
    }
}

/// Attributes: both class rows + both element rows + the bonus point.
pub fn attributes(
    classes: &[&str],
    elements: &[&str],
    bonus: Option<usize>,
    data: &NwData,
) -> [i32; 6] {
    let mut a = [0; 6];
    for c in classes.iter().filter_map(|c| data.class(c)) {
        for (x, v) in a.iter_mut().zip(c.attrs) {
            *x += v;
        }
    }
    for e in elements.iter().filter_map(|e| data.element(e)) {
        for (x, v) in a.iter_mut().zip(e.attrs) {
            *x += v;
        }
    }
    if let Some(b) = bonus.filter(|b| *b < 6) {
        a[b] += 1;
    }
    a
}

/// CF Mod = Luck / 3, rounded down.
pub fn cf_mod(attrs: &[i32; 6], data: &NwData) -> i32 {
    attrs[5].div_euclid(data.rules.creation.cf_mod_divisor)
}

/// Group 1 base values (PACC, EVA, MACC, SPD); group 2 is 0.
pub fn base_stats(a: &[i32; 6], data: &NwData) -> [i32; 8] {
    let mut s = [0; 8];
    s[0] = half(a[0] + a[1], data);
    s[1] = half(a[1] + a[2], data);
    s[2] = half(a[3] + a[4], data);
    s[7] = data
        .rules
        .formulas
        .spd_attrs
        .iter()
        .filter_map(|n| attr_index(n))
        .map(|i| a[i])
        .sum();
    s
}

/// Group 1 BP: total floor(CL/2), at most ceil(CL/3) in one stat.
pub fn group1_bp(cl: u32) -> (i32, i32) {
    ((cl / 2) as i32, cl.div_ceil(3) as i32)
}

/// Group 2 BP: total CL, at most floor(CL/2) in one stat.
pub fn group2_bp(cl: u32) -> (i32, i32) {
    (cl as i32, (cl / 2) as i32)
}

/// How many hands an item in `slot` takes (0: not a hand item).
pub(crate) fn hands(slot: &str) -> i32 {
    match slot {
        "one_hand" => 1,
        "two_hand" => 2,
        _ => 0,
    }
}

impl Character {
    /// Every derived value, outside an attack.
    pub fn derive(&self, cat: &Catalog) -> Derived {
        self.derive_using(cat, Using::Held)
    }

    /// Every derived value, in an attack made with a weapon (`Using::Attack`) or not: an
    /// attack uses one weapon, and only its PATK (or an enchantment's MATK) counts (§14.4);
    /// a Constant skill's Restrict is checked against it (`restrict`).
    pub fn derive_using(&self, cat: &Catalog, using: Using) -> Derived {
        let data = cat.data;
        let attr_classes = self.attr_classes.as_ref().unwrap_or(&self.classes);
        let attrs = attributes(
            &[attr_classes[0].as_str(), attr_classes[1].as_str()],
            &[self.elements[0].as_str(), self.elements[1].as_str()],
            Some(self.bonus_attr),
            data,
        );
        let cf = cf_mod(&attrs, data);
        let base = base_stats(&attrs, data);
        let mut pre = base;
        let mut class_body = 0;
        let mut class_mind = 0;
        for c in self.class_ids().iter().filter_map(|c| data.class(c)) {
            for (x, v) in pre.iter_mut().zip(c.combat) {
                *x += v;
            }
            class_body += c.body;
            class_mind += c.mind;
        }
        let class_stats = pre;
        for (x, v) in pre.iter_mut().zip(self.bp) {
            *x += v;
        }
        let mut skill_body = 0;
        let mut skill_mind = 0;
        for o in &self.skills {
            let Some(s) = cat.skill(&o.id) else { continue };
            if s.timing != "Constant"
                || !self.skill_active(s)
                || self.restrict_unmet(s, cat, using).is_some()
            {
                continue;
            }
            for (k, v) in &s.mods {
                let amount = v * o.sl as i32;
                match (stat_index(k), k.as_str()) {
                    (Some(i), _) => pre[i] += amount,
                    (None, "body") => skill_body += amount,
                    (None, "mind") => skill_mind += amount,
                    _ => {}
                }
            }
        }
        let mut stats = pre;
        let mut best_patk = 0;
        let mut best_matk = 0;
        let mut weight = 0;
        let mut memory = 0;
        // §14.5: while a "Doesn't Stack" item is worn, other armour outside the One Hand, Two
        // Hand and Clothes slots gives no combat-stat values.
        let no_stack = self
            .items
            .iter()
            .filter(|i| i.equipped)
            .any(|o| cat.item(&o.id).is_some_and(|d| d.no_stack));
        // §14.1: only equipped items weigh; "an item with no Slot gives its modifiers only while
        // it is in the Inventory (the Lunar Robe)".
        for o in &self.items {
            let Some(d) = cat.item(&o.id) else { continue };
            if o.equipped {
                weight += d.weight;
                memory += d.memory;
            } else if d.slot != "none" {
                continue;
            }
            if no_stack
                && d.kind == "armor"
                && !d.no_stack
                && !STACKS_ANYWAY.contains(&d.slot.as_str())
            {
                continue;
            }
            for (k, v) in &d.mods {
                let Some(i) = stat_index(k) else { continue };
                let weaponish = matches!(d.kind.as_str(), "weapon" | "broom" | "enchantment");
                let other = matches!(using, Using::Attack(w) if w.id != d.id);
                if weaponish && other && (i == 3 || i == 4) {
                    continue;
                }
                if weaponish && i == 3 {
                    best_patk = best_patk.max(*v);
                } else if weaponish && i == 4 {
                    best_matk = best_matk.max(*v);
                } else {
                    stats[i] += v;
                }
            }
        }
        stats[3] += best_patk;
        stats[4] += best_matk;
        let weight_limit = attrs[0] + self.cl as i32;
        let weight_penalty = (weight - weight_limit).max(0);
        for i in [0, 1, 2] {
            stats[i] -= weight_penalty;
        }
        let f = &data.rules.formulas;
        let body_attr = attr_index(&f.body_attr).map(|i| attrs[i]).unwrap_or(0);
        let mind_attr = attr_index(&f.mind_attr).map(|i| attrs[i]).unwrap_or(0);
        let (eb, em) = self
            .elements
            .iter()
            .filter_map(|e| data.element(e))
            .fold((0, 0), |(b, m), e| (b + e.body, m + e.mind));
        let cl = self.cl as i32;
        Derived {
            attrs,
            cf_mod: cf,
            prana: (data.rules.creation.prana_base - cf).max(0),
            base,
            class_stats,
            pre_equip: pre,
            stats,
            body: body_attr + eb + cl * class_body + skill_body,
            mind: mind_attr + em + cl * class_mind + skill_mind,
            weight,
            weight_limit,
            weight_penalty,
            memory,
            memory_limit: attrs[4] + cl,
        }
    }

    /// Checks equipment slots and memory; `None` if the equipped set is legal.
    pub fn equipment_problem(&self, cat: &Catalog) -> Option<String> {
        self.equipment_problem_said(cat)
            .map(|p| p.text(croupier_core::i18n::Locale::En))
    }

    /// [`Character::equipment_problem`] in the catalogue's words.
    pub fn equipment_problem_said(&self, cat: &Catalog) -> Option<Phrase> {
        let mut hand = 0;
        let mut used: BTreeMap<&str, &ItemDef> = BTreeMap::new();
        let mut memory = 0;
        let mut maou: Option<&ItemDef> = None;
        let mut options = vec![];
        let both = |key: &str, a: &ItemDef, b: &ItemDef| {
            Phrase::new(key)
                .arg("a", a.said_name())
                .arg("b", b.said_name())
        };
        for o in self.items.iter().filter(|i| i.equipped) {
            let Some(d) = cat.item(&o.id) else { continue };
            memory += d.memory;
            if d.maou {
                if let Some(other) = maou.replace(d) {
                    return Some(both("nw-data-maou-both", d, other));
                }
            }
            match d.slot.as_str() {
                "broom" => options.push(d),
                "none" => return Some(Phrase::new("nw-data-no-slot").arg("name", d.said_name())),
                // §14.5: an accessory names its own place; the rules set no number of them.
                "accessory" => {}
                s if hands(s) > 0 => hand += hands(s),
                s => {
                    if let Some(other) = used.insert(s, d) {
                        return Some(both("nw-data-slot-both", d, other).arg("slot", s));
                    }
                }
            }
        }
        if hand > 2 {
            return Some(Phrase::new("nw-data-hands"));
        }
        if let Some(p) = self.options_problem(cat, &options) {
            return Some(p);
        }
        let limit = self.derive(cat).memory_limit;
        if memory > limit {
            return Some(
                Phrase::new("nw-data-memory")
                    .arg("memory", i64::from(memory))
                    .arg("limit", i64::from(limit)),
            );
        }
        None
    }

    /// Checks the Broom Options fitted (equipped) against the Broom equipped (§14.8): an
    /// Option is fitted to the Broom its Wielder has equipped, of a matching Type, "X Only"
    /// met, within the Broom's Capacity, in the order the Options were fitted.
    fn options_problem(&self, cat: &Catalog, options: &[&ItemDef]) -> Option<Phrase> {
        let first = options.first()?;
        let Some(broom) = self.broom(cat) else {
            return Some(Phrase::new("nw-data-option-no-broom").arg("name", first.said_name()));
        };
        let mut taken = 0;
        for o in options {
            if let Some(p) = o.unfit_for(broom, taken) {
                return Some(p);
            }
            taken += o.occupy;
        }
        None
    }

    /// The Broom equipped, if one is.
    pub fn broom<'a>(&self, cat: &Catalog<'a>) -> Option<&'a ItemDef> {
        self.items
            .iter()
            .filter(|i| i.equipped)
            .find_map(|i| cat.item(&i.id).filter(|d| d.kind == "broom"))
    }

    /// Checks the BP spent against the CL's totals and per-stat limits (the first problem).
    pub fn bp_problem(&self) -> Option<String> {
        self.bp_problems().into_iter().next()
    }

    /// [`Character::bp_problem`] in the catalogue's words.
    pub fn bp_problem_said(&self) -> Option<croupier_core::table::Phrase> {
        self.bp_problems_said().into_iter().next()
    }

    /// Every BP problem: each group's total, and each stat over its limit or negative (§6.2).
    pub fn bp_problems(&self) -> Vec<String> {
        self.bp_problems_said()
            .iter()
            .map(|p| p.text(croupier_core::i18n::Locale::En))
            .collect()
    }

    /// [`Character::bp_problems`] in the catalogue's words.
    pub fn bp_problems_said(&self) -> Vec<croupier_core::table::Phrase> {
        use croupier_core::table::Phrase;
        let mut out = vec![];
        for (group, idx, (total, max)) in [
            (1, GROUP1, group1_bp(self.cl)),
            (2, GROUP2, group2_bp(self.cl)),
        ] {
            let spent: i32 = idx.iter().map(|i| self.bp[*i]).sum();
            if spent > total {
                out.push(
                    Phrase::new("nw-bp-over")
                        .arg("group", group)
                        .arg("spent", i64::from(spent))
                        .arg("cl", i64::from(self.cl))
                        .arg("total", i64::from(total)),
                );
            }
            for i in idx
                .iter()
                .filter(|i| self.bp[**i] > max || self.bp[**i] < 0)
            {
                out.push(
                    Phrase::new("nw-bp-stat-over")
                        .arg("group", group)
                        .arg("max", i64::from(max))
                        .arg("cl", i64::from(self.cl))
                        .arg("stat", crate::words::stat(*i))
                        .arg("has", i64::from(self.bp[*i])),
                );
            }
        }
        out
    }
}

/// Name of attribute `i`, capitalised.
pub fn attr_name(i: usize) -> String {
    let a = ATTRS.get(i).copied().unwrap_or("?");
    let mut c = a.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
