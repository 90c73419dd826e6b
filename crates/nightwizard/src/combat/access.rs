//! Reading and finding combatants in the session: names, HP, bad statuses, stats, the
//! combat Judge roll, who controls whom.

use super::super::character::restrict::Using;
use super::super::data::JudgeKind;
use super::super::judge::Values;
use super::{
    Actor, BadStatuses, Cf, Combat, Dice, Enemy, Judge, Mode, NightWizard, NwData, RuleError,
    UserId, Who,
};
use croupier_core::names::same_name;
use croupier_core::table::Phrase;

impl NightWizard {
    pub(crate) fn enemy(&self, label: &str) -> Option<&Enemy> {
        self.enemies.iter().find(|e| e.label == label)
    }

    pub(crate) fn enemy_mut(&mut self, label: &str) -> Option<&mut Enemy> {
        self.enemies.iter_mut().find(|e| e.label == label)
    }

    /// A label (an enemy's, or a PC's name) in the reader's language: an enemy's label made
    /// from its data name (`Shade Swarm`, `Shade Swarm 2`) reads with the data's Japanese name
    /// (`影の群れ 2`); any other label as it is.
    pub(crate) fn said_label(&self, label: &str) -> croupier_core::table::Value {
        let ja = self.enemy(label).and_then(|e| {
            let rest = label.strip_prefix(e.name.as_str())?;
            let name = self.enemy_names_ja.0.get(&e.name)?;
            (rest.is_empty() || rest.starts_with(' ')).then(|| format!("{name}{rest}"))
        });
        croupier_core::table::said::data(label, ja.as_deref())
    }

    /// [`NightWizard::name_of`] in the reader's language (see [`NightWizard::said_label`]).
    pub(crate) fn said_name_of(&self, w: &Who) -> croupier_core::table::Value {
        match w {
            Who::Enemy(l) => self.said_label(l),
            Who::Pc(_) => self.name_of(w).into(),
        }
    }

    /// A display name (a PC's character name, an enemy's label).
    pub fn name_of(&self, w: &Who) -> String {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .map(|p| p.ch.name.clone())
                .unwrap_or_else(|| u.0.clone()),
            Who::Enemy(l) => l.clone(),
        }
    }

    pub(crate) fn hp_of(&self, w: &Who) -> i32 {
        match w {
            Who::Pc(u) => self.pcs.iter().find(|p| &p.user == u).map_or(0, |p| p.hp),
            Who::Enemy(l) => self.enemy(l).map_or(0, |e| e.hp),
        }
    }

    pub(crate) fn dead(&self, w: &Who) -> bool {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .is_none_or(|p| p.dead),
            Who::Enemy(l) => self.enemy(l).is_none_or(|e| e.dead),
        }
    }

    pub(crate) fn bad_of(&self, w: &Who) -> BadStatuses {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .map(|p| p.bad.clone())
                .unwrap_or_default(),
            Who::Enemy(l) => self.enemy(l).map(|e| e.bad.clone()).unwrap_or_default(),
        }
    }

    pub(crate) fn bad_mut(&mut self, w: &Who) -> Option<&mut BadStatuses> {
        match w {
            Who::Pc(u) => self
                .pcs
                .iter_mut()
                .find(|p| &p.user == u)
                .map(|p| &mut p.bad),
            Who::Enemy(l) => self.enemy_mut(l).map(|e| &mut e.bad),
        }
    }

    pub(crate) fn stat(&self, data: &NwData, w: &Who, i: usize) -> i32 {
        self.stat_with(data, w, i, None)
    }

    /// A combat stat of `w`; for a PC's attack `with` a weapon (an item id), the stat that
    /// attack has: only that weapon's PATK (§14.4), its Constant skills' "X Use" checked
    /// against it (`character::restrict`).
    pub(crate) fn stat_with(&self, data: &NwData, w: &Who, i: usize, with: Option<&str>) -> i32 {
        match w {
            Who::Pc(u) => self.pcs.iter().find(|p| &p.user == u).map_or(0, |p| {
                let cat = self.catalog(data);
                let using = with
                    .and_then(|k| cat.item(k))
                    .map_or(Using::Held, Using::Attack);
                p.ch.derive_using(&cat, using).stats[i]
            }),
            Who::Enemy(l) => self.enemy(l).map_or(0, |e| e.stats[i]),
        }
    }

    pub(crate) fn cf_of(&self, data: &NwData, w: &Who) -> Cf {
        let gm = Cf {
            critical: data.rules.gm.critical,
            fumble: data.rules.gm.fumble,
        };
        match w {
            Who::Pc(u) => self
                .pcs
                .iter()
                .find(|p| &p.user == u)
                .and_then(|p| p.cf)
                .unwrap_or(gm),
            Who::Enemy(_) => gm,
        }
    }

    /// Rolls a combat Judge: the stat (or its substitute, [`super::effects::substitute`]) with
    /// the bad statuses' modifiers (§10.12), the skill and item effects in force
    /// ([`super::effects::bonus_for`]) and their Critical values
    /// ([`super::effects::critical`]); an effect lasting one Judge is used up by it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn roll(
        &mut self,
        data: &NwData,
        w: &Who,
        stat: usize,
        mode: Mode,
        reaction: bool,
        any_seven: bool,
        dice: &mut impl Dice,
    ) -> Judge {
        self.roll_with(data, w, stat, mode, (reaction, any_seven), None, dice)
    }

    /// [`NightWizard::roll`] for an attack made `with` a weapon (an item id,
    /// [`NightWizard::stat_with`]); `flags` are (reaction, any_seven).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn roll_with(
        &mut self,
        data: &NwData,
        w: &Who,
        stat: usize,
        mode: Mode,
        (reaction, any_seven): (bool, bool),
        with: Option<&str>,
        dice: &mut impl Dice,
    ) -> Judge {
        use super::effects;
        // The Judge keeps its kind when another stat is rolled for it (§15.4 Substitution).
        let kind = JudgeKind::of_stat(stat);
        let mut shown = vec![];
        let mut used = vec![];
        let stat = match effects::substitute(self, data, w, stat, kind) {
            Some((to, said, gone)) => {
                shown.push(said);
                used.extend(gone);
                to
            }
            None => stat,
        };
        let (bonus, said, gone) = effects::bonus_for(self, data, w, stat, kind);
        shown.extend(said);
        used.extend(gone);
        // More Critical values and a lowered Critical value (§3.3).
        let (more, lower, said, gone) = effects::critical(self, w, stat, kind);
        shown.extend(said);
        used.extend(gone);
        effects::use_up(self, &used);
        effects::judged(self, w);
        let alter =
            self.stat_with(data, w, stat, with) + self.bad_of(w).judge_modifier(reaction) + bonus;
        let mut cf = self.cf_of(data, w);
        cf.critical = cf.critical.saturating_sub(lower).max(2);
        let more = Values {
            critical: more,
            fumble: vec![],
        };
        let mut j = Judge::roll_values(alter, cf, &more, mode, any_seven, dice);
        j.effects = shown;
        j
    }

    /// A hidden enemy.
    pub(crate) fn hidden(&self, w: &Who) -> bool {
        matches!(w, Who::Enemy(l) if self.enemy(l).is_some_and(|e| e.hidden))
    }

    pub(crate) fn controls(&self, actor: &Actor, w: &Who) -> bool {
        match w {
            Who::Pc(u) => &actor.id == u,
            Who::Enemy(_) => self.is_gm(actor),
        }
    }

    pub(crate) fn controller(&self, w: &Who) -> UserId {
        match w {
            Who::Pc(u) => u.clone(),
            Who::Enemy(_) => self.gm.clone(),
        }
    }

    pub(crate) fn engage_of(c: &Combat, w: &Who) -> Option<usize> {
        c.engages.iter().position(|g| g.contains(w))
    }

    /// Finds a combatant by a PC's name, a player, or an enemy label (hidden enemies only for
    /// the GM).
    /// A PC is found by the name spelled exactly so first, then by its player, then by the
    /// one name that reads the same (`names::same_name`): with "Ayla" and "AYLA" in a session,
    /// `AYLA` is the second, not the first that matched without case.
    pub(crate) fn find(&self, key: &str, gm: bool) -> Option<Who> {
        let k = key.trim().trim_start_matches('@');
        let alike: Vec<_> = self
            .pcs
            .iter()
            .filter(|p| same_name(&p.ch.name, k))
            .collect();
        if let Some(p) = self
            .pcs
            .iter()
            .find(|p| p.ch.name == k)
            .or_else(|| self.pcs.iter().find(|p| p.user.0 == k))
            .or(match alike.as_slice() {
                [one] => Some(*one),
                _ => None,
            })
        {
            return Some(Who::Pc(p.user.clone()));
        }
        self.enemies
            .iter()
            .find(|e| e.label.eq_ignore_ascii_case(k) && (gm || !e.hidden))
            .map(|e| Who::Enemy(e.label.clone()))
    }
}

pub(crate) fn combat_mut(s: &mut NightWizard) -> Result<&mut Combat, RuleError> {
    match s.combat.as_mut() {
        Some(c) => Ok(c),
        None => crate::words::no(Phrase::new("nw-no-combat-start")),
    }
}

/// Tie order for equal Counts (§10.3): Declared Enemies > PCs > Hidden Enemies > Mobs > NPCs.
pub fn rank(s: &NightWizard, w: &Who) -> u8 {
    match w {
        Who::Pc(_) => 1,
        Who::Enemy(l) => match s.enemies.iter().find(|e| &e.label == l) {
            Some(e) if e.ally => 4,
            Some(e) if e.hidden => 2,
            Some(e) if e.kind == "mob" => 3,
            Some(e) if e.kind == "extra" => 4,
            _ => 0,
        },
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

/// `b` hinders `a` in their Engage (§10.6: leaving it is a Withdraw, and `a` may invade no
/// one else): a foe that is not Incapacitated (§10.1: an Incapacitated character "may use no
/// actions", so it holds nobody back).
pub(crate) fn hinders(s: &NightWizard, a: &Who, b: &Who) -> bool {
    foes(s, a, b) && s.hp_of(b) > 0
}

pub(crate) fn incomplete(s: &NightWizard, w: &Who) -> bool {
    matches!(w, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.incomplete))
}

/// A name cut down to what a decision key may carry (letters and digits, at most 20).
pub fn key_part(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect()
}

pub(crate) fn mention(s: &NightWizard, w: &Who) -> String {
    match w {
        Who::Pc(u) => format!("{} ({})", s.name_of(w), u.mention()),
        Who::Enemy(_) => format!("{} ({})", s.name_of(w), s.gm.mention()),
    }
}

/// Whether a viewer (the GM or not) may see `w` at all: the one rule for hidden enemies that
/// every board, picture, Engage list and Positions line uses.
pub fn sees(s: &NightWizard, gm: bool, w: &Who) -> bool {
    gm || !s.hidden(w)
}

pub(crate) fn multi(s: &NightWizard) -> bool {
    s.combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .is_some_and(|x| !x.defenders.is_empty())
}

/// Whether `w` may declare `effect` ("Full Hit", "Full Dodge"): they are skill effects (§10.9),
/// not free flags. An NPC's are the GM's to declare (its skills are the GM's data); a PC needs
/// a skill of its own whose effect names it. The refusal says so.
pub(crate) fn may_declare(
    s: &NightWizard,
    data: &NwData,
    w: &Who,
    effect: &str,
) -> Result<(), RuleError> {
    let Who::Pc(u) = w else { return Ok(()) };
    let Some(p) = s.pcs.iter().find(|p| &p.user == u) else {
        return Ok(());
    };
    let cat = s.cat(data);
    let wanted = effect.to_ascii_lowercase();
    let has = p.ch.skills.iter().any(|o| {
        cat.skill(&o.id)
            .is_some_and(|k| k.effect.to_ascii_lowercase().contains(&wanted))
    });
    if has {
        Ok(())
    } else {
        crate::words::no(
            Phrase::new("nw-effect-not-granted")
                .arg(
                    "effect",
                    if wanted == "full hit" {
                        "full-hit"
                    } else {
                        "full-dodge"
                    },
                )
                .arg("who", p.ch.name.as_str()),
        )
    }
}
