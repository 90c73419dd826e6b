//! A Night Wizard character: what the player chose (classes, elements, bonus point, skills,
//! items, BP) and every value derived from it by the rules (never typed in).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::{
    attr_index, stat_index, ItemDef, NwData, SkillDef, ATTRS, GROUP1, GROUP2, STAT_LABEL,
};
use crate::table::UserId;

/// Skills, items and enemies a group added in chat (kept guild-wide).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct Custom {
    /// Added skills.
    pub skills: Vec<SkillDef>,
    /// Added items.
    pub items: Vec<ItemDef>,
    /// Added enemies.
    pub enemies: Vec<super::data::EnemyDef>,
}

/// The data plus a group's additions: where skills and items are looked up.
#[derive(Clone, Copy)]
pub struct Catalog<'a> {
    /// Shipped (or the group's) data files.
    pub data: &'a NwData,
    /// Added in chat.
    pub custom: &'a Custom,
}

impl<'a> Catalog<'a> {
    /// A skill by id or name.
    pub fn skill(&self, key: &str) -> Option<&'a SkillDef> {
        let k = key.trim().to_ascii_lowercase();
        self.skills()
            .find(|s| s.id == k || s.name.to_ascii_lowercase() == k)
    }
    /// An item by id or name.
    pub fn item(&self, key: &str) -> Option<&'a ItemDef> {
        let k = key.trim().to_ascii_lowercase();
        self.items()
            .find(|s| s.id == k || s.name.to_ascii_lowercase() == k)
    }
    /// Every skill.
    pub fn skills(&self) -> impl Iterator<Item = &'a SkillDef> {
        self.data.skills.iter().chain(self.custom.skills.iter())
    }
    /// Every item.
    pub fn items(&self) -> impl Iterator<Item = &'a ItemDef> {
        self.data.items.iter().chain(self.custom.items.iter())
    }
}

/// A skill the character owns.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OwnedSkill {
    /// Skill id.
    pub id: String,
    /// Skill Level.
    pub sl: u32,
}

/// An item the character owns.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct OwnedItem {
    /// Item id.
    pub id: String,
    /// Worn (Equipment) rather than in the Lunar Robe (Inventory).
    pub equipped: bool,
    /// Comes back at the start of the next scenario if lost.
    pub preserved: bool,
}

/// A finished character.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Character {
    /// Name.
    pub name: String,
    /// Player.
    pub owner: UserId,
    /// Two class ids (may be equal).
    pub classes: [String; 2],
    /// The classes the attributes were built from, once a class change has happened
    /// (a class change swaps combat bonuses only; attributes stay).
    #[serde(default)]
    pub attr_classes: Option<[String; 2]>,
    /// Class Level.
    pub cl: u32,
    /// Two element ids; the first is the element of attacks.
    pub elements: [String; 2],
    /// Index of the attribute that got the bonus point.
    pub bonus_attr: usize,
    /// Skills.
    pub skills: Vec<OwnedSkill>,
    /// Bonus points spent per combat stat (index as `STATS`).
    pub bp: [i32; 8],
    /// Items.
    pub items: Vec<OwnedItem>,
    /// Valco in hand.
    pub money: i64,
    /// Unspent OP.
    pub op: i64,
    /// Valco bought with OP, to spend on preserved items before the next scenario.
    #[serde(default)]
    pub op_money: i64,
    /// Level ups the GM has allowed and the player has not yet taken.
    #[serde(default)]
    pub level_ups: u32,
    /// Connections.
    #[serde(default)]
    pub connections: Vec<String>,
    /// Notes.
    #[serde(default)]
    pub notes: String,
}

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

/// True if `slot` and this item both name hands.
fn hands(slot: &str) -> i32 {
    match slot {
        "one_hand" => 1,
        "two_hand" => 2,
        _ => 0,
    }
}

impl Character {
    /// The character's two classes as `&str`.
    pub fn class_ids(&self) -> [&str; 2] {
        [self.classes[0].as_str(), self.classes[1].as_str()]
    }

    /// SL of a skill (0 if not owned).
    pub fn sl(&self, id: &str) -> u32 {
        self.skills
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.sl)
            .unwrap_or(0)
    }

    /// True if the skill's effects work now (Secret skills of a left class do not).
    pub fn skill_active(&self, s: &SkillDef) -> bool {
        s.category != "secret" || self.classes.contains(&s.class)
    }

    fn restrict_met(&self, s: &SkillDef, cat: &Catalog) -> bool {
        let r = s.restrict.trim();
        match r.strip_suffix(" Equip") {
            Some(kind) if !kind.is_empty() => self.items.iter().filter(|i| i.equipped).any(|i| {
                cat.item(&i.id).is_some_and(|d| {
                    d.kind.eq_ignore_ascii_case(kind) || d.name.eq_ignore_ascii_case(kind)
                })
            }),
            _ => true,
        }
    }

    /// Every derived value.
    pub fn derive(&self, cat: &Catalog) -> Derived {
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
            if s.timing != "Constant" || !self.skill_active(s) || !self.restrict_met(s, cat) {
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
        for o in self.items.iter().filter(|i| i.equipped) {
            let Some(d) = cat.item(&o.id) else { continue };
            weight += d.weight;
            memory += d.memory;
            for (k, v) in &d.mods {
                let Some(i) = stat_index(k) else { continue };
                let weaponish = matches!(d.kind.as_str(), "weapon" | "broom" | "enchantment");
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
        let mut hand = 0;
        let mut used: BTreeMap<&str, &str> = BTreeMap::new();
        let mut memory = 0;
        for o in self.items.iter().filter(|i| i.equipped) {
            let Some(d) = cat.item(&o.id) else { continue };
            memory += d.memory;
            match d.slot.as_str() {
                "none" => {
                    return Some(format!(
                        "{} has no slot; it works from the Inventory.",
                        d.name
                    ))
                }
                s if hands(s) > 0 => hand += hands(s),
                s => {
                    if let Some(other) = used.insert(s, d.name.as_str()) {
                        return Some(format!("{} and {other} both need the {s} slot.", d.name));
                    }
                }
            }
        }
        if hand > 2 {
            return Some("that needs more than two hands.".into());
        }
        let limit = self.derive(cat).memory_limit;
        if memory > limit {
            return Some(format!(
                "equipped enchantments need {memory} Memory; the limit is {limit} (Spirit + CL)."
            ));
        }
        None
    }

    /// Checks the BP spent against the CL's totals and per-stat limits.
    pub fn bp_problem(&self) -> Option<String> {
        for (group, idx, (total, max)) in [
            ("group 1", GROUP1, group1_bp(self.cl)),
            ("group 2", GROUP2, group2_bp(self.cl)),
        ] {
            let spent: i32 = idx.iter().map(|i| self.bp[*i]).sum();
            if spent > total {
                return Some(format!(
                    "{group} BP: {spent} spent, CL {} allows {total}.",
                    self.cl
                ));
            }
            if let Some(i) = idx.iter().find(|i| self.bp[**i] > max || self.bp[**i] < 0) {
                return Some(format!(
                    "{group} BP: at most {max} in one stat at CL {} ({} has {}).",
                    self.cl, STAT_LABEL[*i], self.bp[*i]
                ));
            }
        }
        None
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

#[cfg(test)]
mod tests {
    use super::super::data::load;
    use super::*;
    use std::path::Path;

    fn data() -> NwData {
        load(Path::new("data")).unwrap()
    }

    fn robonin() -> Character {
        Character {
            name: "RoboNin".into(),
            owner: UserId::new("alice"),
            classes: ["ninja".into(), "broomman".into()],
            attr_classes: None,
            cl: 1,
            elements: ["wind".into(), "light".into()],
            bonus_attr: 1,
            skills: vec![],
            bp: [0; 8],
            items: vec![],
            money: 0,
            op: 0,
            op_money: 0,
            level_ups: 0,
            connections: vec![],
            notes: String::new(),
        }
    }

    #[test]
    fn rule_4a_each_class_attributes_sum_to_18_except_recorder_17() {
        let d = data();
        assert_eq!(d.classes.len(), 31);
        for c in &d.classes {
            let sum: i32 = c.attrs.iter().sum();
            if c.id == "recorder" {
                assert_eq!(sum, 17);
                assert!(c.checksum_note.is_some());
            } else {
                assert_eq!(sum, 18, "{}", c.name);
            }
        }
    }

    #[test]
    fn rule_6d_each_class_gives_6_combat_points_and_body_plus_mind_5() {
        let d = data();
        for c in &d.classes {
            let sum: i32 = c.combat.iter().sum();
            if c.id == "exorcist" {
                assert_eq!(sum, 5);
                assert!(c.checksum_note.is_some());
            } else {
                assert_eq!(sum, 6, "{}", c.name);
            }
            assert_eq!(c.body + c.mind, 5, "{}", c.name);
        }
    }

    #[test]
    fn rule_4b_each_element_gives_3_attribute_points_and_body_plus_mind_12() {
        let d = data();
        assert_eq!(d.elements.len(), 7);
        for e in &d.elements {
            assert_eq!(e.attrs.iter().sum::<i32>(), 3, "{}", e.name);
            assert_eq!(e.body + e.mind, 12, "{}", e.name);
        }
    }

    #[test]
    fn rule_2_3_difficulty_table() {
        let d = data();
        assert_eq!(d.difficulty_label(9), "Simple");
        assert_eq!(d.difficulty_label(10), "Ordinary");
        assert_eq!(d.difficulty_label(15), "Challenging");
        assert_eq!(d.difficulty_label(16), "Hard");
        assert_eq!(d.difficulty_label(30), "Expert");
        assert_eq!(d.difficulty_label(31), "Master");
        assert_eq!(d.rules.bad_status.len(), 5);
    }

    #[test]
    fn rule_18_worked_example_robonin() {
        let d = data();
        let custom = Custom::default();
        let cat = Catalog {
            data: &d,
            custom: &custom,
        };
        let mut c = robonin();
        // Class attributes 8/8/7/4/4/5, elements 0/1/1/1/1/2, before bonus 8/9/8/5/5/7.
        let before = attributes(&c.class_ids(), &["wind", "light"], None, &d);
        assert_eq!(before, [8, 9, 8, 5, 5, 7]);
        let v = c.derive(&cat);
        assert_eq!(v.attrs, [8, 10, 8, 5, 5, 7]);
        assert_eq!(v.cf_mod, 2);
        assert_eq!(v.prana, 5);
        // Before class bonuses: PACC 9, EVA 9, MACC 5; SPD 13 by the written formula (the example's 15 conflicts).
        assert_eq!((v.base[0], v.base[1], v.base[2], v.base[7]), (9, 9, 5, 13));
        // PACC, EVA, MACC, PATK, MATK, PDEF, MDEF.
        assert_eq!(&v.stats[..7], &[11, 10, 5, 3, 2, 2, 0]);
        assert_eq!(v.stats[7], 15, "SPD 13 + 2");
        assert_eq!((v.body, v.mind), (27, 20));
        c.cl = 2;
        let v2 = c.derive(&cat);
        assert_eq!((v2.body, v2.mind), (33, 24));
        c.cl = 3;
        let v3 = c.derive(&cat);
        assert_eq!((v3.body, v3.mind), (39, 28));
    }

    #[test]
    fn rule_14_2_weight_over_str_plus_cl_penalises_pacc_eva_macc() {
        let d = data();
        let mut custom = Custom::default();
        custom.items.push(ItemDef {
            id: "lead_coat".into(),
            name: "Lead Coat".into(),
            kind: "armor".into(),
            slot: "upper".into(),
            weight: 12,
            memory: 0,
            price: 0,
            range: String::new(),
            mods: BTreeMap::new(),
            effect: String::new(),
        });
        let cat = Catalog {
            data: &d,
            custom: &custom,
        };
        let mut c = robonin();
        c.items.push(OwnedItem {
            id: "lead_coat".into(),
            equipped: true,
            preserved: true,
        });
        let v = c.derive(&cat);
        assert_eq!((v.weight, v.weight_limit, v.weight_penalty), (12, 9, 3));
        assert_eq!((v.stats[0], v.stats[1], v.stats[2]), (8, 7, 2));
    }

    #[test]
    fn rule_6_2_bp_totals_and_per_stat_limits() {
        assert_eq!(group1_bp(1), (0, 1));
        assert_eq!(group2_bp(1), (1, 0));
        assert_eq!(group2_bp(2), (2, 1));
        assert_eq!(group1_bp(6), (3, 2));
        assert_eq!(group2_bp(6), (6, 3));
        let mut c = robonin();
        c.cl = 2;
        c.bp[3] = 1;
        c.bp[4] = 1;
        assert!(c.bp_problem().is_none());
        c.bp[4] = 0;
        c.bp[3] = 2;
        assert!(c.bp_problem().unwrap().contains("at most 1"));
    }

    #[test]
    fn rule_14_weapon_patk_is_not_summed_and_two_hands_limit() {
        let d = data();
        let custom = Custom::default();
        let cat = Catalog {
            data: &d,
            custom: &custom,
        };
        let mut c = robonin();
        for id in ["longsword", "combat_knife"] {
            c.items.push(OwnedItem {
                id: id.into(),
                equipped: true,
                preserved: true,
            });
        }
        let v = c.derive(&cat);
        assert_eq!(v.stats[3], 3 + 4, "only the best weapon's PATK counts");
        assert_eq!(v.stats[0], 11 + 1, "other modifiers add");
        assert!(c.equipment_problem(&cat).is_none());
        c.items.push(OwnedItem {
            id: "greatsword".into(),
            equipped: true,
            preserved: true,
        });
        assert!(c.equipment_problem(&cat).is_some());
    }
}
