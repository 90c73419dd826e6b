//! The effect vocabulary of skills and items (issue #36): what a skill or item does, typed,
//! read from `data/nightwizard/` (and from skills added in chat) and checked by the loader.
//! A skill's `effect` text is what the table reads; its `effects` are what the bot plays.
//! Constant stat changes stay in `mods` (added by the character's derived values); everything
//! declared is written here. `data/nightwizard/README.md` documents the TOML form.

use croupier_core::i18n::Locale;
use croupier_core::table::{Phrase, Value};
use serde::{Deserialize, Serialize};

/// The eight combat stats of groups 1 and 2, in the class table's order.
pub const STATS: [&str; 8] = ["pacc", "eva", "macc", "patk", "matk", "pdef", "mdef", "spd"];
/// Display labels of the combat stats.
pub const STAT_LABEL: [&str; 8] = ["PACC", "EVA", "MACC", "PATK", "MATK", "PDEF", "MDEF", "SPD"];

/// What a modifier changes: a combat stat (every Judge rolled with it) or a kind of Judge
/// (§15.4 Substitution: a modifier to a kind of Judge follows the Judge whatever stat it rolls;
/// one to a stat follows the stat).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Modded {
    /// PACC.
    Pacc,
    /// EVA.
    Eva,
    /// MACC.
    Macc,
    /// PATK.
    Patk,
    /// MATK.
    Matk,
    /// PDEF.
    Pdef,
    /// MDEF.
    Mdef,
    /// SPD.
    Spd,
    /// Hit Checks (PACC or MACC).
    Hit,
    /// Dodge Checks.
    Dodge,
    /// The attacker's damage roll (PATK or MATK).
    Damage,
    /// The Defender's defence roll against damage (PDEF or MDEF).
    Defence,
    /// An Information Gathering Check (§9.2; `/nw judge info:true`).
    Gathering,
}

/// The kinds of combat Judge a modifier may name (§10.9: Hit Check, Dodge Check, the damage
/// roll and the defence roll; SPD Judges for initiative and a Blockade).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum JudgeKind {
    /// Hit Check.
    Hit,
    /// Dodge Check.
    Dodge,
    /// Damage roll.
    Damage,
    /// Defence roll.
    Defence,
    /// A SPD Judge (initiative, Blockade).
    Speed,
}

impl JudgeKind {
    /// The kind of the combat Judge rolled with `stat` (an index into [`STATS`]): the one rule
    /// that names a Judge from its stat (PACC/MACC hit, EVA dodges, PATK/MATK damage,
    /// PDEF/MDEF defend, SPD is a Speed Judge).
    pub fn of_stat(stat: usize) -> JudgeKind {
        match stat {
            0 | 2 => JudgeKind::Hit,
            1 => JudgeKind::Dodge,
            3 | 4 => JudgeKind::Damage,
            5 | 6 => JudgeKind::Defence,
            _ => JudgeKind::Speed,
        }
    }
}

impl Modded {
    /// Whether a modifier to this applies to a Judge of `stat` and `kind`.
    pub fn applies(self, stat: usize, kind: JudgeKind) -> bool {
        match self.stat() {
            Some(i) => i == stat,
            None => match self {
                Modded::Hit => kind == JudgeKind::Hit,
                Modded::Dodge => kind == JudgeKind::Dodge,
                Modded::Damage => kind == JudgeKind::Damage,
                Modded::Defence => kind == JudgeKind::Defence,
                // Not a combat Judge: see `combat::effects::gathering_bonus`.
                _ => false,
            },
        }
    }

    /// The stat's index into [`STATS`], for a stat.
    pub fn stat(self) -> Option<usize> {
        let i = self as usize;
        (i < STATS.len()).then_some(i)
    }

    /// Its name in the catalogue's words ([`Modded::label`]'s English).
    pub fn said(self) -> Value {
        let id = match self {
            Modded::Pacc => "pacc",
            Modded::Eva => "eva",
            Modded::Macc => "macc",
            Modded::Patk => "patk",
            Modded::Matk => "matk",
            Modded::Pdef => "pdef",
            Modded::Mdef => "mdef",
            Modded::Spd => "spd",
            Modded::Hit => "hit",
            Modded::Dodge => "dodge",
            Modded::Damage => "damage",
            Modded::Defence => "defence",
            Modded::Gathering => "gathering",
        };
        Phrase::new("nw-fx-on").arg("on", id).into()
    }

    /// How a sheet writes it (`EVA`, `Dodge Checks`).
    pub fn label(self) -> &'static str {
        match (self.stat(), self) {
            (Some(i), _) => STAT_LABEL[i],
            (None, Modded::Hit) => "Hit Checks",
            (None, Modded::Dodge) => "Dodge Checks",
            (None, Modded::Damage) => "damage rolls",
            (None, Modded::Gathering) => "Information Gathering Checks",
            _ => "defence rolls",
        }
    }
}

/// How long a declared effect lasts (§15.4: with no end stated, until the end of the Main
/// Process; outside Round Progression a lasting effect lasts until the end of the Scene).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Until {
    /// The next Judge it modifies ("for the next Dodge Check", "for this damage roll").
    Judge,
    /// The end of the current Main Process (the rules' default).
    Main,
    /// The end of the Round (its Cleanup Process).
    Round,
    /// The end of the Scene.
    Scene,
    /// While the Broom Option giving it is fitted to its Wielder's equipped Broom (§14.8: "An
    /// Option works only while fitted"); only a Broom Option's effects last so.
    Fitted,
}

impl Until {
    /// How the tracker writes it, in the catalogue's words ([`Until::label`]'s English).
    pub fn said(self) -> Value {
        until_word(match self {
            Until::Judge => "judge",
            Until::Main => "main",
            Until::Round => "round",
            Until::Scene => "scene",
            Until::Fitted => "fitted",
        })
    }

    /// How the tracker writes it.
    pub fn label(self) -> &'static str {
        match self {
            Until::Judge => "the next Judge",
            Until::Main => "the end of the Main Process",
            Until::Round => "the end of the Round",
            Until::Scene => "the end of the Scene",
            Until::Fitted => "the Option comes off",
        }
    }
}

/// A once-per limit on declaring a skill (its effect text's "Once per Scene").
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Per {
    /// Once per Scene.
    Scene,
    /// Once per Scenario (Episode).
    Scenario,
}

/// A duration in the catalogue's words (`nw-fx-until`: `judge`, `main`, `round`, `scene`,
/// `fitted`, and `damage`, the next HP Damage).
pub fn until_word(id: &str) -> Value {
    Phrase::new("nw-fx-until").arg("until", id).into()
}

impl Per {
    /// `Scene` or `Scenario` in the catalogue's words.
    pub fn said(self) -> Value {
        Phrase::new("nw-fx-per")
            .arg(
                "per",
                match self {
                    Per::Scene => "scene",
                    Per::Scenario => "scenario",
                },
            )
            .into()
    }

    /// `Scene` or `Scenario`.
    pub fn label(self) -> &'static str {
        match self {
            Per::Scene => "Scene",
            Per::Scenario => "Scenario",
        }
    }
}

/// HP or MP.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Pool {
    /// HP.
    #[default]
    Hp,
    /// MP.
    Mp,
}

/// Whom a lasting effect is on: the skill's target(s) (the default; Target: Self is the user)
/// or its user (an attack skill's own Hit Check or damage roll).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Whom {
    /// The target(s).
    #[default]
    Target,
    /// The user.
    User,
}

/// A rule a skill lifts for a while.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Grant {
    /// Withdraw from an Engage with an enemy without the Minor Action (§10.6 needs one).
    WithdrawFree,
    /// Cover Up once while Post-action (§10.13 needs a Pre-action character).
    CoverWhilePostAction,
}

impl Pool {
    /// `HP` or `MP`.
    pub fn said(self) -> Value {
        Value::from(match self {
            Pool::Hp => "HP",
            Pool::Mp => "MP",
        })
    }
}

impl Grant {
    /// What it allows, in the catalogue's words ([`Grant::label`]'s English).
    pub fn said(self) -> Value {
        Phrase::new("nw-fx-grant")
            .arg(
                "grant",
                match self {
                    Grant::WithdrawFree => "withdraw-free",
                    Grant::CoverWhilePostAction => "cover-while-post-action",
                },
            )
            .into()
    }

    /// What it allows, as the tracker says it.
    pub fn label(self) -> &'static str {
        match self {
            Grant::WithdrawFree => "may Withdraw without the Minor Action",
            Grant::CoverWhilePostAction => "may Cover Up while Post-action",
        }
    }
}

/// A rule the bot plays through a command of its own, which the skill or item gives.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Played {
    /// The Lunar Robe: weightless Inventory and flight (`/nwcombat fly`).
    LunarRobe,
    /// The Lunar Casket (`/nwcasket`).
    LunarCasket,
}

/// One typed effect of a skill or item. Numbers are `add + per_sl × SL` (an item's SL is 1).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Effect {
    /// +N to a stat or a kind of Judge, on the target, for a duration.
    Modifier {
        /// What it changes.
        on: Modded,
        /// A flat part.
        #[serde(default)]
        add: i32,
        /// A part per SL.
        #[serde(default)]
        per_sl: i32,
        /// How long.
        until: Until,
        /// On the target(s) or the user.
        #[serde(default)]
        to: Whom,
    },
    /// HP Damage −N on the target, after the damage roll (§10.9 step 6), for a duration.
    ReduceDamage {
        /// A flat part.
        #[serde(default)]
        add: i32,
        /// A part per SL.
        #[serde(default)]
        per_sl: i32,
        /// How long.
        until: Until,
        /// On the target(s) or the user.
        #[serde(default)]
        to: Whom,
    },
    /// The user's open Judge rolled again (§15.4: the same Judge, every modifier kept); the
    /// better of the two Results is kept.
    Reroll,
    /// A Recovery Judge (§10.11) for the target's HP or MP.
    Recovery {
        /// A flat part.
        #[serde(default)]
        add: i32,
        /// A part per SL.
        #[serde(default)]
        per_sl: i32,
        /// HP (default) or MP.
        #[serde(default)]
        pool: Pool,
    },
    /// Ends these bad statuses on the target (their names, as `rules.toml` lists them).
    Cure {
        /// Bad status names.
        statuses: Vec<String>,
    },
    /// A rule lifted on the target(s) for a duration (used up by its first use).
    Grant {
        /// Which.
        grant: Grant,
        /// How long.
        until: Until,
        /// On the target(s) or the user.
        #[serde(default)]
        to: Whom,
    },
    /// A rule played by its own command.
    Plays {
        /// Which.
        rule: Played,
    },
    /// Another stat rolled in place of the one a Judge names (§15.4 Substitution: "PACC
    /// instead of EVA for a Dodge Check"), for a duration.
    Substitute {
        /// The stat rolled instead (`pacc` … `spd`).
        stat: Modded,
        /// What it replaces: a stat (`eva`) or a kind of Judge (`dodge`: every Dodge Check).
        instead_of: Modded,
        /// How long.
        until: Until,
        /// On the target(s) or the user.
        #[serde(default)]
        to: Whom,
    },
    /// More Critical values (§3.3: a Critical is a roll equal to a Critical value) or the
    /// Critical value lowered, for the Judges it names, for a duration.
    Critical {
        /// Totals of 2D (2-12) that are Criticals too.
        #[serde(default)]
        values: Vec<u32>,
        /// The roller's own Critical value lowered by this much (never below 2).
        #[serde(default)]
        lower: u32,
        /// The Judges it applies to: a stat or a kind of Judge (none: every combat Judge).
        #[serde(default)]
        on: Option<Modded>,
        /// How long.
        until: Until,
        /// On the target(s) or the user.
        #[serde(default)]
        to: Whom,
    },
    /// A status on the target(s): a bad status of `rules.toml` (with its rating), or
    /// `Flying` (§10.7). On an attack skill a bad status lands on each Defender its damage
    /// roll beats, as an enemy's attack gives one (§10.9 step 6).
    Status {
        /// A bad status name, or `Flying`.
        status: String,
        /// Its rating (rated bad statuses).
        #[serde(default)]
        rating: u32,
    },
    /// An item given to the target(s) (§15.5 Category: Item): put in the Inventory, never
    /// sold or Preserved, lost in the After phase.
    Item {
        /// The item's id in `items.toml`.
        item: String,
    },
}

/// The good status an effect may give (the bad ones are `rules.toml`'s).
pub const FLYING: &str = "Flying";

/// `add + per_sl × SL`.
pub fn amount(add: i32, per_sl: i32, sl: u32) -> i32 {
    add + per_sl * sl as i32
}

impl Effect {
    /// How long it lasts, if it lasts (a modifier, a damage reduction or a grant).
    pub fn until(&self) -> Option<Until> {
        match self {
            Effect::Modifier { until, .. }
            | Effect::ReduceDamage { until, .. }
            | Effect::Grant { until, .. }
            | Effect::Substitute { until, .. }
            | Effect::Critical { until, .. } => Some(*until),
            _ => None,
        }
    }

    /// A problem with this effect, for the loader (`bad` lists the known bad status names).
    pub fn problem(&self, bad: &[String]) -> Option<String> {
        match self {
            Effect::Modifier { add, per_sl, .. }
            | Effect::ReduceDamage { add, per_sl, .. }
            | Effect::Recovery { add, per_sl, .. } => {
                if *add == 0 && *per_sl == 0 {
                    Some("give `add` or `per_sl` (a number other than 0)".into())
                } else if add.abs() > 50 || per_sl.abs() > 20 {
                    Some("`add` is at most 50 and `per_sl` at most 20 either way".into())
                } else {
                    None
                }
            }
            Effect::Cure { statuses } if statuses.is_empty() => {
                Some("`statuses`: name at least one bad status".into())
            }
            Effect::Cure { statuses } => statuses
                .iter()
                .find(|n| !bad.iter().any(|b| b.eq_ignore_ascii_case(n)))
                .map(|n| format!("`statuses`: `{n}` is not a bad status")),
            Effect::Substitute {
                stat, instead_of, ..
            } => {
                if stat.stat().is_none() {
                    Some(format!(
                        "`stat`: `{}` is not a combat stat (pacc, eva, macc, patk, matk, pdef, mdef, spd)",
                        stat.label()
                    ))
                } else if *instead_of == Modded::Gathering || stat == instead_of {
                    Some(
                        "`instead_of`: another combat stat, or hit, dodge, damage or defence"
                            .into(),
                    )
                } else {
                    None
                }
            }
            Effect::Critical { values, lower, .. } => {
                if values.is_empty() && *lower == 0 {
                    Some("give `values` (totals 2-12) or `lower` (1-10)".into())
                } else if values.iter().any(|v| !(2..=12).contains(v)) || *lower > 10 {
                    Some("`values` are totals of 2D, 2-12; `lower` is at most 10".into())
                } else {
                    None
                }
            }
            Effect::Status { status, .. } => (!status.eq_ignore_ascii_case(FLYING)
                && !bad.iter().any(|b| b.eq_ignore_ascii_case(status)))
            .then(|| format!("`status`: `{status}` is neither a bad status nor {FLYING}")),
            Effect::Reroll | Effect::Plays { .. } | Effect::Grant { .. } | Effect::Item { .. } => {
                None
            }
        }
    }

    /// The effect in a few words, as `croupier check-data` shows it (English: [`Effect::said`]).
    pub fn describe(&self, sl: u32) -> String {
        self.said(sl).text(Locale::En)
    }

    /// The effect in a few words, in the catalogue's words (`locales/*/nightwizard-skills.ftl`):
    /// `Dodge Checks +2 until the next Judge`.
    pub fn said(&self, sl: u32) -> Value {
        let n = |add: &i32, per_sl: &i32| amount(*add, *per_sl, sl);
        let what = match self {
            Effect::Modifier {
                on, add, per_sl, ..
            } => modifier_said(*on, n(add, per_sl)),
            Effect::ReduceDamage { add, per_sl, .. } => reduce_said(n(add, per_sl)),
            Effect::Reroll => Phrase::new("nw-fx-reroll").into(),
            Effect::Recovery { add, per_sl, pool } => Phrase::new("nw-fx-recovery")
                .arg("n", i64::from(n(add, per_sl)))
                .arg("pool", pool.said())
                .into(),
            Effect::Cure { statuses } => Phrase::new("nw-fx-cure")
                .arg(
                    "statuses",
                    statuses
                        .iter()
                        .map(|b| status_said(b, 0))
                        .reduce(|a, b| Phrase::new("nw-join-comma").arg("a", a).arg("b", b).into())
                        .unwrap_or_else(|| Value::from("")),
                )
                .into(),
            Effect::Grant { grant, .. } => grant.said(),
            Effect::Substitute {
                stat, instead_of, ..
            } => substitute_said(*stat, *instead_of),
            Effect::Critical {
                values, lower, on, ..
            } => critical_said(values, *lower, *on),
            Effect::Status { status, rating } => Phrase::new("nw-fx-status")
                .arg("status", status_said(status, *rating))
                .into(),
            Effect::Item { item } => Phrase::new("nw-fx-item").arg("item", item.as_str()).into(),
            Effect::Plays { rule } => Phrase::new("nw-fx-plays")
                .arg(
                    "rule",
                    match rule {
                        Played::LunarRobe => "lunar-robe",
                        Played::LunarCasket => "lunar-casket",
                    },
                )
                .into(),
        };
        match self.until() {
            Some(until) => until_said(what, until.said()),
            None => what,
        }
    }
}

/// `what until until` (`Dodge Checks +2 until the next Judge`).
pub fn until_said(what: Value, until: Value) -> Value {
    Phrase::new("nw-fx-until-then")
        .arg("what", what)
        .arg("until", until)
        .into()
}

/// `Dodge Checks +2`.
pub fn modifier_said(on: Modded, n: i32) -> Value {
    Phrase::new("nw-fx-modifier")
        .arg("on", on.said())
        .arg("n", signed(n))
        .into()
}

/// `HP Damage −3`.
pub fn reduce_said(n: i32) -> Value {
    Phrase::new("nw-fx-reduce").arg("n", i64::from(n)).into()
}

/// `PACC instead of Dodge Checks`.
pub fn substitute_said(stat: Modded, instead_of: Modded) -> Value {
    Phrase::new("nw-fx-substitute")
        .arg("stat", stat.said())
        .arg("instead", instead_of.said())
        .into()
}

/// A status an effect gives: a bad status in the catalogue's words (`Poison (1)`), or Flying.
pub fn status_said(status: &str, rating: u32) -> Value {
    if status.eq_ignore_ascii_case(FLYING) {
        return Phrase::new("nw-fx-flying").into();
    }
    // The bad statuses' names as `status::written_said` writes them (not imported: the status
    // rules read this data); a name the catalogue does not know stays as written.
    Phrase::new("nw-bad-status-name")
        .arg("status", status.trim().to_ascii_lowercase())
        .arg("name", status)
        .arg("rating", i64::from(rating))
        .into()
}

/// `+2`, `-1`.
fn signed(n: i32) -> String {
    if n < 0 {
        n.to_string()
    } else {
        format!("+{n}")
    }
}

/// `Critical values +7, 10 and −1 on Hit Checks`: how the tracker and the data list show a
/// Critical effect (English: [`critical_said`]).
pub fn critical_words(values: &[u32], lower: u32, on: Option<Modded>) -> String {
    critical_said(values, lower, on).text(Locale::En)
}

/// [`critical_words`] in the catalogue's words.
pub fn critical_said(values: &[u32], lower: u32, on: Option<Modded>) -> Value {
    let v: Vec<String> = values.iter().map(u32::to_string).collect();
    let has = match (values.is_empty(), lower > 0) {
        (false, true) => "both",
        (false, false) => "values",
        (true, true) => "lower",
        (true, false) => "none",
    };
    Phrase::new("nw-fx-critical")
        .arg("has", has)
        .arg("values", v.join(", "))
        .arg("lower", i64::from(lower))
        .arg(
            "on",
            match on {
                Some(m) => Phrase::new("nw-fx-critical-on").arg("on", m.said()).into(),
                None => Value::from(""),
            },
        )
        .into()
}

/// A skill's Range field, typed (§15.5 Range; §10.6 bands).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// `-` or empty: the user only (Target: Self).
    Own,
    /// Close: only characters in the user's Engage.
    Close,
    /// Short: characters not in the user's Engage (and, by §14.3, Close too).
    Short,
    /// Long.
    Long,
    /// Scene: everyone who has appeared, except at Extreme range.
    Scene,
    /// Weapon: the range of the weapon used.
    Weapon,
}

impl Reach {
    /// Reads a Range field; `None` for one the bot cannot read.
    pub fn read(text: &str) -> Option<Reach> {
        let t = text.trim().to_ascii_lowercase();
        Some(match t.as_str() {
            "" | "-" | "—" => Reach::Own,
            "close" => Reach::Close,
            "short" => Reach::Short,
            "long" => Reach::Long,
            "scene" => Reach::Scene,
            "weapon" => Reach::Weapon,
            _ => return None,
        })
    }

    /// The field as a sheet writes it.
    pub fn label(self) -> &'static str {
        match self {
            Reach::Own => "-",
            Reach::Close => "Close",
            Reach::Short => "Short",
            Reach::Long => "Long",
            Reach::Scene => "Scene",
            Reach::Weapon => "Weapon",
        }
    }
}

/// The most characters an `nX` Target may name (the attack's Defender limit).
pub const MOST_TARGETS: u32 = 12;

/// A skill's Target field, typed (§15.5 Target).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// Self: the user.
    Own,
    /// Single: one character, the user may choose themselves.
    Single,
    /// nX: up to n characters.
    Up(u32),
    /// Area: everyone, friend or foe, in one Engage.
    Area,
    /// Area (P): any number picked in one Engage (`Area (P, n)`: up to n).
    Picked(Option<u32>),
    /// Scene: everyone who has appeared in the Scene.
    Scene,
    /// Refer: the effect text names it.
    Refer,
}

impl Aim {
    /// Reads a Target field; `None` for one the bot cannot read.
    pub fn read(text: &str) -> Option<Aim> {
        let t: String = text
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        Some(match t.as_str() {
            "self" | "" | "-" => Aim::Own,
            "single" => Aim::Single,
            "area" => Aim::Area,
            "area(p)" => Aim::Picked(None),
            "scene" | "scene(p)" => Aim::Scene,
            "refer" => Aim::Refer,
            _ => {
                if let Some(n) = t.strip_prefix("area(p,").and_then(|r| r.strip_suffix(')')) {
                    return n
                        .parse()
                        .ok()
                        .filter(|n| *n > 0)
                        .map(|n| Aim::Picked(Some(n)));
                }
                let n = t.strip_suffix('x')?.parse::<u32>().ok()?;
                return (1..=MOST_TARGETS).contains(&n).then_some(Aim::Up(n));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{load, text_only};
    use super::*;

    /// A copy of the shipped data with `more` appended to `skills.toml`, loaded.
    fn load_with(tag: &str, more: &str) -> Result<super::super::NwData, Vec<String>> {
        load_into(tag, "skills.toml", more)
    }

    /// A copy of the shipped data with `more` appended to `file`, loaded.
    fn load_into(tag: &str, file: &str, more: &str) -> Result<super::super::NwData, Vec<String>> {
        let from = croupier_core::source_path("data").join("nightwizard");
        let dir = std::env::temp_dir().join(format!("nw-effects-{tag}-{}", std::process::id()));
        let to = dir.join("nightwizard");
        std::fs::create_dir_all(&to).unwrap();
        for f in std::fs::read_dir(&from).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, to.join(f.file_name().unwrap())).unwrap();
        }
        let skills = to.join(file);
        let text = std::fs::read_to_string(&skills).unwrap() + more;
        std::fs::write(&skills, text).unwrap();
        let out = load(&dir).map_err(|e| e.iter().map(|e| e.to_string()).collect());
        std::fs::remove_dir_all(&dir).unwrap();
        out
    }

    #[test]
    fn the_shipped_skills_and_items_have_no_text_only_effect() {
        // Issue #36: `croupier check-data` reports zero text-only skills or items shipped.
        let data = load(&croupier_core::source_path("data")).unwrap();
        assert_eq!(text_only(&data), Vec::<String>::new());
        // A group's own skill with nothing typed is listed.
        let data = load_with(
            "text",
            "\n[[skill]]\nid = \"hunch\"\nname = \"Hunch\"\nclass = \"general\"\ntiming = \"Reaction\"\neffect = \"You feel it coming.\"\n",
        )
        .unwrap();
        assert_eq!(text_only(&data), vec!["skill `hunch` (Hunch)".to_string()]);
    }

    /// Asserts that `errs` names every one of `want`.
    fn has_all(errs: &str, want: &[&str]) {
        for w in want {
            assert!(errs.contains(w), "{w} in {errs}");
        }
    }

    #[test]
    fn the_loader_refuses_an_effect_or_a_range_it_cannot_play() {
        let bad = r#"
[[skill]]
id = "odd"
name = "Odd"
class = "general"
target = "Everyone nearby"
range = "Far"
effects = [{ kind = "modifier", on = "eva", until = "round" }, { kind = "cure", statuses = ["Hiccups"] }]
"#;
        let errs = load_with("bad", bad).unwrap_err().join("\n");
        has_all(
            &errs,
            &[
                "odd: field `effects` (number 1): give `add` or `per_sl`",
                "odd: field `effects` (number 2): `statuses`: `Hiccups` is not a bad status",
                "odd: field `range`: `Far` is not Close, Short, Long, Scene, Weapon or -",
                "odd: field `target`: `Everyone nearby` is not Self, Single",
            ],
        );
        let unknown = "\n[[skill]]\nid = \"odd\"\nname = \"Odd\"\nclass = \"general\"\neffects = [{ kind = \"modifier\", on = \"luck\", add = 1, until = \"round\" }]\n";
        let errs = load_with("unknown", unknown).unwrap_err().join("\n");
        assert!(errs.contains("unknown variant `luck`"), "{errs}");
    }

    #[test]
    fn the_loader_refuses_a_substitution_critical_status_or_item_it_cannot_play() {
        // §15.4 Substitution swaps one stat for another; §3.3 Critical values are totals of 2D;
        // statuses are `rules.toml`'s bad statuses or Flying; §15.5 Item grants a real item.
        let bad = r#"
[[skill]]
id = "odd"
name = "Odd"
class = "general"
effects = [
  { kind = "substitute", stat = "dodge", instead_of = "eva", until = "judge" },
  { kind = "substitute", stat = "pacc", instead_of = "pacc", until = "judge" },
  { kind = "critical", until = "judge" },
  { kind = "critical", values = [13], until = "main" },
  { kind = "status", status = "Hiccups" },
  { kind = "item", item = "no_such_thing" },
]
"#;
        let errs = load_with("kinds", bad).unwrap_err().join("\n");
        has_all(
            &errs,
            &[
                "odd: field `effects` (number 1): `stat`: `Dodge Checks` is not a combat stat",
                "odd: field `effects` (number 2): `instead_of`: another combat stat",
                "odd: field `effects` (number 3): give `values` (totals 2-12) or `lower`",
                "odd: field `effects` (number 4): `values` are totals of 2D, 2-12",
                "odd: field `effects` (number 5): `status`: `Hiccups` is neither a bad status nor Flying",
                "odd: field `effects` (number 6): `item`: `no_such_thing` is not an item id",
            ],
        );
        let good = r#"
[[skill]]
id = "fine"
name = "Fine"
class = "general"
effects = [
  { kind = "substitute", stat = "macc", instead_of = "hit", until = "round" },
  { kind = "critical", values = [7, 11], lower = 1, on = "dodge", until = "scene" },
  { kind = "status", status = "flying" },
  { kind = "item", item = "longsword" },
]
"#;
        let data = load_with("kinds_ok", good).unwrap();
        let fine = data.skills.iter().find(|s| s.id == "fine").unwrap();
        assert_eq!(
            fine.effects[1].describe(1),
            "Critical values +7, 11 and Critical value −1 on Dodge Checks until the end of the Scene"
        );
    }

    #[test]
    fn an_effect_in_a_few_words_reads_in_each_language() {
        // The tracker's and check-data's words, typed: English as check-data writes it,
        // Japanese in the game's terms.
        let guard = Effect::Modifier {
            on: Modded::Dodge,
            add: 2,
            per_sl: 0,
            until: Until::Judge,
            to: Whom::Target,
        };
        let parry = Effect::Substitute {
            stat: Modded::Pacc,
            instead_of: Modded::Dodge,
            until: Until::Judge,
            to: Whom::Target,
        };
        let intent = Effect::Critical {
            values: vec![],
            lower: 1,
            on: Some(Modded::Hit),
            until: Until::Main,
            to: Whom::Target,
        };
        let wall = Effect::ReduceDamage {
            add: 3,
            per_sl: 0,
            until: Until::Round,
            to: Whom::Target,
        };
        let venom = Effect::Status {
            status: "Poison".into(),
            rating: 1,
        };
        let want = [
            (
                &guard,
                "Dodge Checks +2 until the next Judge",
                "次の判定まで回避判定+2",
            ),
            (
                &parry,
                "PACC instead of Dodge Checks until the next Judge",
                "次の判定まで回避判定の代わりに命中値",
            ),
            (
                &intent,
                "Critical value −1 on Hit Checks until the end of the Main Process",
                "メインプロセスの終了まで命中判定のクリティカル値−1",
            ),
            (
                &wall,
                "HP Damage −3 until the end of the Round",
                "ラウンドの終了までHPダメージ−3",
            ),
            (&venom, "gives Poison (1)", "毒（1）を与える"),
        ];
        for (e, en, ja) in want {
            assert_eq!(e.describe(1), en);
            assert_eq!(e.said(1).text(Locale::En), en);
            assert_eq!(e.said(1).text(Locale::Ja), ja);
        }
    }

    #[test]
    fn rule_nw_14_8_check_data_refuses_a_broom_option_it_cannot_fit_or_play() {
        // §14.8 Option data: "Type: must match the Broom's Type ... Occupy: the Capacity it
        // uses"; "An Option works only while fitted": its effects last while fitted, and only
        // an Option's do.
        let bad = r#"
[[item]]
id = "odd_fin"
name = "Odd Fin"
kind = "broom_option"
slot = "none"
broom_type = "Flying"
mods = { eva = 1 }
effects = [{ kind = "modifier", on = "eva", add = 1, until = "round" }]

[[item]]
id = "odd_coat"
name = "Odd Coat"
kind = "armor"
slot = "broom"
capacity = 2
effects = [{ kind = "modifier", on = "eva", add = 1, until = "fitted" }]
"#;
        let errs = load_into("broom", "items.toml", bad)
            .unwrap_err()
            .join("\n");
        has_all(
            &errs,
            &[
            "odd_fin: field `slot`: a Broom Option's is `broom`",
            "odd_fin: field `occupy`: 1-10",
            "odd_fin: field `broom_type`: `Flying` is not one of Melee, Ranged, Magic, Armor, Mobile",
            "odd_fin: field `mods`: a Broom Option gives its Wielder `effects`",
            "odd_fin: field `effects` (number 1): a Broom Option's effects are `modifier` or `reduce_damage` with `until = \"fitted\"`",
            "odd_coat: field `slot`: `broom` is a Broom Option's",
            "odd_coat: fields `broom_type`, `capacity`",
            "odd_coat: field `effects` (number 1): `until = \"fitted\"` is for a Broom Option's effects only",
            ],
        );
        let skill = "\n[[skill]]\nid = \"odd\"\nname = \"Odd\"\nclass = \"general\"\neffects = [{ kind = \"modifier\", on = \"eva\", add = 1, until = \"fitted\" }]\n";
        let errs = load_with("fitted", skill).unwrap_err().join("\n");
        assert!(errs.contains("odd: field `effects` (number 1): `until = \"fitted\"` is for a Broom Option's effects only"), "{errs}");
    }

    #[test]
    fn ranges_and_targets_read_as_the_rulebook_writes_them_15_5() {
        assert_eq!(Reach::read("Close"), Some(Reach::Close));
        assert_eq!(Reach::read("-"), Some(Reach::Own));
        assert_eq!(Reach::read("far away"), None);
        assert_eq!(Aim::read("2X"), Some(Aim::Up(2)));
        assert_eq!(Aim::read("Area (P)"), Some(Aim::Picked(None)));
        assert_eq!(Aim::read("Area (P, 3)"), Some(Aim::Picked(Some(3))));
        assert_eq!(Aim::read("Self"), Some(Aim::Own));
        assert_eq!(Aim::read("0X"), None);
        assert_eq!(JudgeKind::of_stat(1), JudgeKind::Dodge);
        assert!(Modded::Dodge.applies(1, JudgeKind::Dodge));
        assert!(!Modded::Eva.applies(0, JudgeKind::Dodge));
    }
}
