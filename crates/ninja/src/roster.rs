//! The guild-wide roster: ninjas that persist across tournaments (the game's `Shared` state).
//!
//! Creation (40 attribute points, each at least 12, two additives rolled on 2d6), training
//! (5 unspent experience points buy an additive), experience and the retirement rules.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::data::{Attribute, NinjaData};
use croupier_core::names::name_key;
use croupier_core::rng::GameRng;
use croupier_core::table::{Phrase, Place, Refusal, RuleError, UserId, Value};

/// A refusal by the rules in the catalogue's words (`locales/*/ninja.ftl`).
pub(crate) use croupier_core::table::refuse_said as no;

/// Attribute points a new ninja allocates.
pub const ATTRIBUTE_POINTS: i32 = 40;
/// The lowest attribute a ninja may have.
pub const MIN_ATTRIBUTE: i32 = 12;
/// Unspent points that buy an additive.
pub const ADDITIVE_COST: u32 = 5;
/// Events, or points, after which a ninja must retire.
pub const CAREER_LIMIT: u32 = 16;

/// One ninja of the roster (the character sheet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NinjaRecord {
    /// The ninja's id in the guild's roster: tournaments credit results by it, never by name.
    /// (0 only in rosters stored before ids existed; they are numbered when read.)
    #[serde(default)]
    pub id: u64,
    /// Name: a label, unique in the guild (compared without case).
    pub name: String,
    /// Occupation / description.
    pub occupation: String,
    /// The player who controls the ninja.
    pub owner: UserId,
    /// Intelligence.
    pub iq: i32,
    /// Dexterity.
    pub dx: i32,
    /// Strength.
    pub st: i32,
    /// Additive ids; an additive taken twice appears twice.
    pub additives: Vec<String>,
    /// Tournaments entered.
    pub events: u32,
    /// Experience points earned in all (spent ones included).
    pub points: u32,
    /// Experience points spent on additives.
    pub spent: u32,
    /// Tournaments won.
    pub wins: u32,
    /// Why the ninja retired, once retired.
    pub retired: Option<String>,
    /// A training roll waiting for the player's pick (two additive ids).
    pub pending_train: Option<[String; 2]>,
    /// The tournament the ninja is entered in (a ninja runs in one at a time); cleared when
    /// that tournament ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered: Option<Place>,
}

/// The guild's ninjas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(from = "StoredRoster")]
pub struct Roster {
    /// All ninjas, retired ones included.
    pub ninjas: Vec<NinjaRecord>,
}

/// The roster as stored (older rosters have ninjas without ids, and a list of written-back
/// tournaments that results credited at each finish no longer need).
#[derive(Deserialize)]
struct StoredRoster {
    #[serde(default)]
    ninjas: Vec<NinjaRecord>,
}

impl From<StoredRoster> for Roster {
    fn from(s: StoredRoster) -> Self {
        let mut r = Roster { ninjas: s.ninjas };
        for i in 0..r.ninjas.len() {
            if r.ninjas[i].id == 0 {
                r.ninjas[i].id = r.next_id();
            }
        }
        r
    }
}

/// Generated ninjas named from the data's list take this name, numbered, once the list is used up.
pub const HOUSE_NINJA: &str = "House Ninja";

impl Roster {
    /// The id a new ninja gets: one past every id on the roster.
    pub fn next_id(&self) -> u64 {
        self.ninjas.iter().map(|n| n.id).max().unwrap_or(0) + 1
    }

    /// The ninja with this id.
    pub fn by_id(&self, id: u64) -> Option<&NinjaRecord> {
        self.ninjas.iter().find(|r| r.id == id)
    }

    /// Mutable lookup by id.
    pub fn by_id_mut(&mut self, id: u64) -> Option<&mut NinjaRecord> {
        self.ninjas.iter_mut().find(|r| r.id == id)
    }

    /// The ninja with this name: the one spelled exactly so, else the one whose name reads
    /// the same ([`name_key`]: case, width, spaces and composed accents aside).
    pub fn find(&self, name: &str) -> Option<&NinjaRecord> {
        self.position(name).map(|i| &self.ninjas[i])
    }

    /// Mutable lookup by name (as [`Roster::find`]).
    pub fn find_mut(&mut self, name: &str) -> Option<&mut NinjaRecord> {
        self.position(name).map(|i| &mut self.ninjas[i])
    }

    fn position(&self, name: &str) -> Option<usize> {
        let n = name.trim();
        self.ninjas.iter().position(|r| r.name == n).or_else(|| {
            let key = name_key(n);
            self.ninjas.iter().position(|r| name_key(&r.name) == key)
        })
    }

    /// The ninja with this name, or a refusal that says so.
    pub fn get(&self, name: &str) -> Result<&NinjaRecord, RuleError> {
        self.find(name).ok_or_else(|| {
            RuleError::said(
                Refusal::Rules,
                Phrase::new("ninja-no-such-ninja").arg("name", name.trim()),
            )
        })
    }
}

impl NinjaRecord {
    /// The attribute's value.
    pub fn attribute(&self, a: Attribute) -> i32 {
        match a {
            Attribute::Iq => self.iq,
            Attribute::Dx => self.dx,
            Attribute::St => self.st,
        }
    }

    /// Copies of an additive.
    pub fn copies(&self, id: &str) -> i32 {
        self.additives.iter().filter(|a| a.as_str() == id).count() as i32
    }

    /// Skill for each obstacle of the data (same order): attribute + 1 per additive copy.
    pub fn skills(&self, data: &NinjaData) -> Vec<i32> {
        data.obstacles
            .iter()
            .map(|o| {
                self.attribute(o.attribute)
                    + o.additives.iter().map(|a| self.copies(a)).sum::<i32>()
            })
            .collect()
    }

    /// Rerolls per round that luck gives (one per copy).
    pub fn luck(&self, data: &NinjaData) -> u32 {
        data.luck_id().map(|l| self.copies(l) as u32).unwrap_or(0)
    }

    /// Unspent experience points.
    pub fn unspent(&self) -> u32 {
        self.points.saturating_sub(self.spent)
    }

    /// Additives as "superior balance, luck ×2".
    pub fn additive_list(&self, data: &NinjaData) -> Value {
        let mut seen: Vec<&str> = Vec::new();
        for a in &self.additives {
            if !seen.contains(&a.as_str()) {
                seen.push(a);
            }
        }
        if seen.is_empty() {
            return Phrase::new("ninja-additives-none").into();
        }
        let names = seen
            .iter()
            .map(|a| match self.copies(a) {
                1 => data.additive_said(a),
                n => Phrase::new("ninja-additive-copies")
                    .arg("name", data.additive_said(a))
                    .arg("n", i64::from(n))
                    .into(),
            })
            .collect();
        joined(names, "ninja-additive-list")
    }

    /// Whether the ninja may still enter tournaments: `Err` with the reason if not.
    pub fn may_enter(&self) -> Result<(), RuleError> {
        match &self.retired {
            Some(why) => no(Phrase::new("ninja-retired-cannot-enter")
                .arg("name", self.name.as_str())
                .arg("why", why.as_str())),
            None => Ok(()),
        }
    }

    /// The retirement the rules force after an event, if any.
    pub fn forced_retirement(&self) -> Option<String> {
        if self.events >= CAREER_LIMIT {
            return Some(format!("reached {CAREER_LIMIT} events"));
        }
        if self.points >= CAREER_LIMIT {
            return Some(format!("reached {CAREER_LIMIT} points"));
        }
        if self.events >= 10 && self.points <= 2 {
            return Some(format!(
                "failed to qualify: {} point(s) after {} events",
                self.points, self.events
            ));
        }
        if self.events >= 5 && self.points <= 1 {
            return Some(format!(
                "failed to qualify: {} point(s) after {} events",
                self.points, self.events
            ));
        }
        None
    }

    /// True for the rulebook's "3 points after 15 events": one last attempt.
    pub fn last_attempt(&self) -> bool {
        self.retired.is_none() && self.events == 15 && self.points <= 3
    }
}

/// The occupation every generated house ninja has.
pub const HOUSE_OCCUPATION: &str = "house ninja";

impl NinjaRecord {
    /// True for a generated house ninja that `owner` holds and that is free to run: not
    /// retired and entered nowhere. `/ninja fill` takes these back before generating more.
    pub fn idle_house_of(&self, owner: &UserId) -> bool {
        self.occupation == HOUSE_OCCUPATION
            && &self.owner == owner
            && self.retired.is_none()
            && self.entered.is_none()
    }
}

/// The number of a generated "House Ninja N" name (compared without case), if it is one.
pub fn house_number(name: &str) -> Option<u64> {
    let n = name.trim();
    let head = n.get(..HOUSE_NINJA.len())?;
    if !head.eq_ignore_ascii_case(HOUSE_NINJA) {
        return None;
    }
    n.get(HOUSE_NINJA.len()..)?.trim().parse().ok()
}

/// Checks a name for the roster.
pub fn check_name(roster: &Roster, name: &str) -> Result<String, RuleError> {
    let n = name.trim();
    if n.is_empty() || n.chars().count() > 40 {
        return no(Phrase::new("ninja-name-length"));
    }
    if let Some(same) = roster.find(n) {
        return no(if same.name == n {
            Phrase::new("ninja-name-taken").arg("name", n)
        } else {
            Phrase::new("ninja-name-alike")
                .arg("name", same.name.as_str())
                .arg("given", n)
        });
    }
    Ok(n.to_string())
}

/// Longest occupation a sheet shows in full.
pub const MAX_OCCUPATION: usize = 100;

/// An occupation as given, refused (not cut) when it is longer than a sheet shows.
pub fn check_occupation(text: &str) -> Result<String, RuleError> {
    let text = text.trim();
    let n = text.chars().count();
    if n > MAX_OCCUPATION {
        return no(Phrase::new("ninja-occupation-long")
            .arg("count", n as i64)
            .arg("max", MAX_OCCUPATION as i64));
    }
    Ok(text.to_string())
}

/// Checks an allocation: 40 points in all, each attribute at least 12.
pub fn check_attributes(iq: i64, dx: i64, st: i64) -> Result<(i32, i32, i32), RuleError> {
    // With 40 points and the other two at least 12, no attribute can exceed 16; checking that
    // first also keeps the sum below from overflowing on a huge value.
    let max = i64::from(ATTRIBUTE_POINTS) - 2 * i64::from(MIN_ATTRIBUTE);
    for (attribute, v) in [("iq", iq), ("dx", dx), ("st", st)] {
        let p = |key: &str| {
            Phrase::new(key)
                .arg("attribute", attribute)
                .arg("value", v)
                .arg("min", i64::from(MIN_ATTRIBUTE))
                .arg("points", i64::from(ATTRIBUTE_POINTS))
                .arg("max", max)
        };
        if v < i64::from(MIN_ATTRIBUTE) {
            return no(p("ninja-attribute-low"));
        }
        if v > max {
            return no(p("ninja-attribute-high"));
        }
    }
    let sum = iq + dx + st;
    if sum != i64::from(ATTRIBUTE_POINTS) {
        return no(Phrase::new("ninja-attribute-sum")
            .arg("points", i64::from(ATTRIBUTE_POINTS))
            .arg("sum", sum));
    }
    Ok((iq as i32, dx as i32, st as i32))
}

/// Rolls 2d6.
pub fn roll_2d6(rng: &mut GameRng) -> [u8; 2] {
    [rng.random_range(1..=6), rng.random_range(1..=6)]
}

/// A new ninja with two additives from `faces` (one per die; a double gives that additive twice).
#[allow(clippy::too_many_arguments)]
pub fn new_ninja(
    data: &NinjaData,
    name: String,
    occupation: String,
    owner: UserId,
    (iq, dx, st): (i32, i32, i32),
    faces: [u8; 2],
) -> Result<NinjaRecord, RuleError> {
    let mut additives = Vec::new();
    for f in faces {
        let a = data
            .additive_on(f)
            .ok_or_else(|| RuleError::new(format!("the additives chart has no entry for {f}")))?;
        additives.push(a.id.clone());
    }
    Ok(NinjaRecord {
        name,
        occupation,
        owner,
        iq,
        dx,
        st,
        additives,
        events: 0,
        points: 0,
        spent: 0,
        wins: 0,
        retired: None,
        pending_train: None,
        id: 0,
        entered: None,
    })
}

/// A generated ninja: the 4 points above 3 × 12 spread at random, two rolled additives.
pub fn generate(
    data: &NinjaData,
    rng: &mut GameRng,
    name: String,
    owner: UserId,
) -> Result<NinjaRecord, RuleError> {
    let mut attrs = [MIN_ATTRIBUTE; 3];
    for _ in 0..(ATTRIBUTE_POINTS - 3 * MIN_ATTRIBUTE) {
        attrs[rng.random_range(0..3usize)] += 1;
    }
    let faces = roll_2d6(rng);
    new_ninja(
        data,
        name,
        HOUSE_OCCUPATION.into(),
        owner,
        (attrs[0], attrs[1], attrs[2]),
        faces,
    )
}

/// The outcome of a training roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Training {
    /// The additive taken.
    Took(String),
    /// The player must pick one of these two.
    Choose([String; 2]),
}

/// The rulebook's rule for an additive bought with experience, given the two dice's additives:
/// a double gives that one; if the ninja has exactly one of the two, the other is taken;
/// with neither or both, the player picks (with both, the pick doubles up).
pub fn train_choice(rec: &NinjaRecord, a: &str, b: &str) -> Training {
    if a == b {
        return Training::Took(a.to_string());
    }
    match (rec.copies(a) > 0, rec.copies(b) > 0) {
        (true, false) => Training::Took(b.to_string()),
        (false, true) => Training::Took(a.to_string()),
        _ => Training::Choose([a.to_string(), b.to_string()]),
    }
}

/// The values one after the other, each pair joined by the message `key` (`$a`, `$b`).
pub fn joined(items: Vec<Value>, key: &str) -> Value {
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return Value::from("");
    };
    items.fold(first, |a, b| {
        Value::from(Phrase::new(key).arg("a", a).arg("b", b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> NinjaData {
        NinjaData::load(&croupier_core::source_path("data")).expect("valid data")
    }

    fn ninja(adds: &[&str]) -> NinjaRecord {
        let mut r = new_ninja(
            &data(),
            "Kai".into(),
            String::new(),
            UserId::new("u"),
            (14, 13, 13),
            [1, 2],
        )
        .unwrap();
        r.additives = adds.iter().map(|s| s.to_string()).collect();
        r
    }

    #[test]
    fn a_roster_stored_without_ids_gets_unique_ids_when_read() {
        let mut old = serde_json::to_value(ninja(&[])).unwrap();
        old.as_object_mut().unwrap().remove("id");
        let mut seven = old.clone();
        seven["id"] = 7.into();
        seven["name"] = "Moss".into();
        let mut third = old.clone();
        third["name"] = "Wisp".into();
        let stored = serde_json::json!({ "ninjas": [old, seven, third], "applied": [3] });
        let r: Roster = serde_json::from_value(stored).unwrap();
        let ids: Vec<u64> = r.ninjas.iter().map(|n| n.id).collect();
        assert_eq!(ids, vec![8, 7, 9]);
        assert_eq!(r.next_id(), 10);
        let back = serde_json::to_value(&r).unwrap();
        assert!(back.get("applied").is_none(), "{back}");
        assert_eq!(serde_json::from_value::<Roster>(back).unwrap(), r, "stable");
    }

    #[test]
    fn house_numbers_are_read_only_from_generated_names() {
        assert_eq!(house_number("House Ninja 12"), Some(12));
        assert_eq!(house_number(" house ninja 3 "), Some(3));
        assert_eq!(house_number("House Ninja"), None);
        assert_eq!(house_number("House Ninjas 2"), None);
        assert_eq!(house_number("Red Fox"), None);
        assert_eq!(
            house_number("Hö"),
            None,
            "a short name with a multibyte letter"
        );
    }

    #[test]
    fn rule_ninja_attributes_at_most_16_so_huge_values_are_refused_not_overflowed() {
        // 40 points, each at least 12: 40 - 12 - 12 = 16 at most for one attribute.
        assert_eq!(check_attributes(16, 12, 12), Ok((16, 12, 12)));
        let e = check_attributes(17, 12, 11).unwrap_err().to_string();
        assert!(e.contains("too low") || e.contains("too high"), "{e}");
        for huge in [i64::MAX, i64::MAX - 1, 1 << 40] {
            let e = check_attributes(huge, huge, huge).unwrap_err().to_string();
            assert!(e.contains("too high") && e.contains("16"), "{e}");
            assert!(check_attributes(12, huge, 12).is_err());
        }
    }

    #[test]
    fn a_long_occupation_is_refused_not_cut() {
        assert_eq!(
            check_occupation("  Night courier ").unwrap(),
            "Night courier"
        );
        let exact = "x".repeat(MAX_OCCUPATION);
        assert_eq!(check_occupation(&exact).unwrap(), exact);
        let e = check_occupation(&"y".repeat(MAX_OCCUPATION + 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("101 characters") && e.contains("100"), "{e}");
    }

    #[test]
    fn rule_ninja_attributes_total_40_each_at_least_12() {
        // "The player gets to allocate 40 points between the three attributes. Anybody with any
        // attribute less than 12 is not ninja material."
        assert_eq!(check_attributes(14, 13, 13), Ok((14, 13, 13)));
        assert!(check_attributes(11, 15, 14)
            .unwrap_err()
            .0
            .contains("not ninja material"));
        assert!(check_attributes(14, 14, 14)
            .unwrap_err()
            .0
            .contains("exactly 40"));
    }

    #[test]
    fn rule_ninja_skills_follow_formulas_one_point_per_additive_copy() {
        // "Rolling log run = IQ + superior balance + strong will", "Ring hook = ST + ambidexterity + toughness"
        let d = data();
        let r = ninja(&["balance", "will", "will"]);
        let s = r.skills(&d);
        assert_eq!(s[0], 14 + 1 + 2, "rolling log run");
        assert_eq!(s[3], 13, "ring hook without its additives");
        assert_eq!(s[1], 13 + 2, "rope swing = DX + fortitude + strong will");
    }

    #[test]
    fn rule_ninja_luck_adds_no_skill_but_one_reroll_per_copy() {
        let d = data();
        let r = ninja(&["luck", "luck"]);
        assert_eq!(r.skills(&d), ninja(&[]).skills(&d));
        assert_eq!(r.luck(&d), 2);
    }

    #[test]
    fn rule_ninja_training_takes_the_other_additive_or_lets_player_pick() {
        // "If the character already has one of the additives, the other one must be taken. If the
        // character already has both of the additives, the player can choose either one to double up on."
        let r = ninja(&["balance", "luck"]);
        assert_eq!(
            train_choice(&r, "balance", "fortitude"),
            Training::Took("fortitude".into())
        );
        assert_eq!(
            train_choice(&r, "fortitude", "balance"),
            Training::Took("fortitude".into())
        );
        assert!(matches!(
            train_choice(&r, "balance", "luck"),
            Training::Choose(_)
        ));
        assert!(matches!(
            train_choice(&r, "will", "toughness"),
            Training::Choose(_)
        ));
        assert_eq!(
            train_choice(&r, "will", "will"),
            Training::Took("will".into())
        );
    }

    #[test]
    fn rule_ninja_retirement_16_events_or_16_points() {
        let mut r = ninja(&[]);
        r.events = 16;
        r.points = 9;
        assert!(r.forced_retirement().unwrap().contains("16 events"));
        r.events = 8;
        r.points = 16;
        assert!(r.forced_retirement().unwrap().contains("16 points"));
    }

    #[test]
    fn rule_ninja_fails_to_qualify_1_point_after_5_or_2_after_10() {
        // "only 1 point after 5 events fail to qualify", "only 2 points after 10 events fail"
        let mut r = ninja(&[]);
        r.events = 5;
        r.points = 1;
        assert!(r.forced_retirement().unwrap().contains("failed to qualify"));
        r.points = 2;
        assert_eq!(r.forced_retirement(), None);
        r.events = 10;
        assert!(r.forced_retirement().unwrap().contains("failed to qualify"));
        r.points = 3;
        assert_eq!(r.forced_retirement(), None);
    }

    #[test]
    fn rule_ninja_3_points_after_15_events_gets_a_last_attempt() {
        let mut r = ninja(&[]);
        r.events = 15;
        r.points = 3;
        assert_eq!(r.forced_retirement(), None);
        assert!(r.last_attempt());
        r.events = 16;
        assert!(r.forced_retirement().is_some());
    }

    #[test]
    fn generated_ninjas_are_legal() {
        let d = data();
        let mut rng = croupier_core::rng::seeded(3);
        for i in 0..50 {
            let r = generate(&d, &mut rng, format!("N{i}"), UserId::new("gm")).unwrap();
            assert!(check_attributes(r.iq.into(), r.dx.into(), r.st.into()).is_ok());
            assert_eq!(r.additives.len(), 2);
        }
    }
}
