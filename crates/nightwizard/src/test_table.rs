//! Night Wizard's side of the one test harness: [`Session`], a session with quick roster
//! characters joined, driven through the table by [`croupier_core::testkit::Harness`]; and
//! the combat-level kit ([`actions`]) that sets a fight up through it and then plays
//! `combat::apply` with fixed dice.

use super::character::roster::NwShared;
use super::data::{load, NwData};
use super::session::NightWizard;
use croupier_core::table::{declare, Actor, Command, Game, Reply, RuleError};

/// Runs `cmd` as `a` (a channel manager when `a.manager`) on session `t` through the table.
pub fn act(t: &mut Session, a: &Actor, cmd: Command) -> Result<Vec<Reply>, RuleError> {
    t.h.set_manager(&a.id.0, a.manager);
    let step = t.h.line(&format!("{}: {cmd}", a.id));
    t.refresh();
    if step.accepted {
        Ok(step.replies)
    } else {
        Err(RuleError::new(step.message()))
    }
}

/// The table's permission check for `cmd` in session `s` (as the service runs it before
/// `parse`): commands declared `perm = gm` are for the GM and the channel's managers.
pub fn permitted(s: &NightWizard, a: &Actor, cmd: &Command) -> Result<(), RuleError> {
    declare::check_permission(&NightWizard::command(), cmd, a, &s.gm.0, &s.gms())
}

/// Whether the table refuses `a` the command at `path` (options aside) in session `s`.
pub fn refused(s: &NightWizard, a: &Actor, path: &str) -> bool {
    permitted(s, a, &Command::new(path)).is_err()
}

/// The GM (`gm`).
pub fn gm() -> Actor {
    Actor::player("gm", "gm")
}

/// A player (`alice`).
pub fn alice() -> Actor {
    Actor::player("alice", "alice")
}

/// Another player (`bob`).
pub fn bob() -> Actor {
    Actor::player("bob", "bob")
}

/// A session run by the one test harness ([`croupier_core::testkit::Harness`]): every command
/// goes through the table over a real store (route, permission, parse, apply, log, commit),
/// and the harness checks after each that a refusal changed nothing, the state round-trips
/// through JSON, undo restores it and no secret reached the wrong viewer. `s` and `shared` are
/// the session and the guild roster as stored after the latest command; change the session
/// with [`Session::edit`].
pub struct Session {
    /// Rules data from `data/`.
    pub data: NwData,
    /// The guild roster after the latest command.
    pub shared: NwShared,
    /// The session after the latest command.
    pub s: NightWizard,
    /// The harness.
    pub h: croupier_core::testkit::Harness,
}

impl Session {
    /// A session opened by `gm` on `seed`, each player making a quick character and joining.
    pub fn with(players: &[(Actor, &str)], seed: u64) -> Session {
        let data = load(&croupier_core::source_path("data")).expect("data loads");
        let mut h = croupier_core::testkit::Harness::of::<NightWizard>(seed);
        for (a, n) in players {
            h.ok(&format!("{}: /nw character new name:{n} quick:true", a.id));
        }
        h.ok(&format!("{}: /nw new", gm().id));
        for (a, _) in players {
            h.ok(&format!("{}: /nw session join", a.id));
        }
        let s = h.state();
        let shared = h.shared("nw");
        Session { data, shared, s, h }
    }

    /// Runs `path` with `opts` as `a` through the table.
    pub fn run(
        &mut self,
        a: &Actor,
        path: &str,
        opts: &[(&str, &str)],
    ) -> Result<Vec<Reply>, RuleError> {
        let mut cmd = Command::new(path);
        for (k, v) in opts {
            cmd = cmd.with(k, *v);
        }
        act(self, a, cmd)
    }

    /// Runs a command that must succeed.
    pub fn ok(&mut self, a: &Actor, path: &str, opts: &[(&str, &str)]) -> Vec<Reply> {
        self.run(a, path, opts).expect("accepted")
    }

    /// Runs a command that must be refused; returns the refusal.
    pub fn err(&mut self, a: &Actor, path: &str, opts: &[(&str, &str)]) -> String {
        self.run(a, path, opts).expect_err("refused").0
    }

    /// Sets the session up as a test needs it (no log entry: it cannot be undone).
    pub fn edit(&mut self, f: impl FnOnce(&mut NightWizard)) {
        self.h.edit::<NightWizard>(f);
        self.refresh();
    }

    /// Sets the guild roster up as a test needs it (no log entry).
    pub fn edit_shared(&mut self, f: impl FnOnce(&mut NwShared)) {
        self.h.edit_shared::<NwShared>("nw", f);
        self.refresh();
    }

    /// Runs a command without a session (`nw character …`) that must succeed.
    pub fn global(&mut self, a: &Actor, cmd: &Command) -> Vec<Reply> {
        let step = self.h.ok(&format!("{}: {cmd}", a.id));
        self.refresh();
        step.replies
    }

    pub(crate) fn refresh(&mut self) {
        self.s = self.h.state();
        self.shared = self.h.shared("nw");
    }
}

// --- nw-actions ---

/// The combat-level kit of the action tests (movement, recovery, skills): sessions driven
/// through `combat::apply` with fixed dice, each refusal checked to change nothing.
pub mod actions {
    use super::super::character::roster::NwShared;
    use super::super::character::OwnedSkill;
    use super::super::combat::{apply, Combat, CombatAction, Used, Who};
    use super::super::data::{NwData, SkillDef};
    use super::super::judge::{Cf, Fixed};
    use super::super::session::NightWizard;
    use super::Session;
    pub use super::{alice, bob, gm};
    use croupier_core::table::{Actor, Reply, RuleError, UserId};

    /// A third player (`carol`).
    pub fn carol() -> Actor {
        Actor::player("carol", "carol")
    }
    /// A PC by its player's id.
    pub fn pc(u: &str) -> Who {
        Who::Pc(UserId::new(u))
    }
    /// An enemy by its label.
    pub fn en(l: &str) -> Who {
        Who::Enemy(l.into())
    }

    /// A [`Session`] on seed 5 with the first `joined` of `made` joined, the others' quick
    /// characters made but not joined, and a Shade Swarm labelled `Swarm`; no combat yet.
    pub fn table(made: &[(Actor, &str)], joined: usize) -> (NwData, NwShared, NightWizard) {
        let mut t = Session::with(&made[..joined], 6);
        for (a, n) in &made[joined..] {
            t.ok(a, "nw character new", &[("name", n), ("quick", "true")]);
        }
        t.ok(
            &gm(),
            "nw enemy spawn",
            &[("name", "shade_swarm"), ("as", "Swarm")],
        );
        (t.data, t.shared, t.s)
    }

    /// Ayla (alice) and Bolt (bob) with Critical 12 / Fumble 2, no skills or items, at full
    /// HP and MP, and a Shade Swarm labelled `Swarm`; no combat yet.
    pub fn session() -> (NwData, NightWizard) {
        let (data, _, mut s) = table(&[(alice(), "Ayla"), (bob(), "Bolt")], 2);
        for p in s.pcs.iter_mut() {
            p.cf = Some(Cf {
                critical: 12,
                fumble: 2,
            });
            p.ch.skills.clear();
            p.ch.items.clear();
        }
        let cat = s.catalog(&data);
        let full: Vec<(i32, i32)> = s
            .pcs
            .iter()
            .map(|p| {
                let v = p.ch.derive(&cat);
                (v.body, v.mind)
            })
            .collect();
        for (p, (hp, mp)) in s.pcs.iter_mut().zip(full) {
            p.hp = hp;
            p.mp = mp;
        }
        (data, s)
    }

    /// [`session`] in combat, in Ayla's Main Process.
    pub fn fighting() -> (NwData, NightWizard) {
        let (data, mut s) = session();
        start(&mut s, &data, vec![]);
        set_turn(&mut s, pc("alice"));
        (data, s)
    }

    /// Starts combat with fixed dice for the initiative Judges.
    pub fn start(s: &mut NightWizard, data: &NwData, dice: Vec<u32>) -> Vec<Reply> {
        run(
            s,
            data,
            &gm(),
            CombatAction::Open { any_seven: false },
            dice,
        )
        .unwrap()
    }

    /// Applies with fixed dice; a refusal must leave the state unchanged.
    pub fn run(
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

    /// It is `w`'s Main Process, nothing used yet.
    pub fn set_turn(s: &mut NightWizard, w: Who) {
        let c = combat(s);
        c.current = Some(w);
        c.candidates.clear();
        c.used = Used::default();
        c.skills.window = None;
    }

    /// The fight under way.
    pub fn combat(s: &mut NightWizard) -> &mut Combat {
        s.combat.as_mut().expect("a combat")
    }

    /// `/nwcombat use skill:…` (or `item:…`) on an optional target.
    pub fn use_(skill: &str, target: Option<&str>) -> CombatAction {
        CombatAction::Use {
            skill: Some(skill.into()),
            item: None,
            target: target.map(|t| t.to_string()),
            who: None,
        }
    }

    /// `/nwcombat use item:…` on an optional target.
    pub fn item(i: &str, target: Option<&str>) -> CombatAction {
        CombatAction::Use {
            skill: None,
            item: Some(i.into()),
            target: target.map(|t| t.to_string()),
            who: None,
        }
    }

    /// Adds a skill to the session's catalog and gives it (at SL `sl`) to the PC of `user`.
    pub fn give_skill(
        s: &mut NightWizard,
        user: &str,
        id: &str,
        timing: &str,
        cost: &str,
        effect: &str,
        sl: u32,
    ) {
        if !s.custom.skills.iter().any(|k| k.id == id) {
            s.custom.skills.push(SkillDef {
                id: id.into(),
                name: id.replace('_', " "),
                class: "general".into(),
                category: String::new(),
                acquire_cl: 1,
                max_sl: 5,
                timing: timing.into(),
                check: "Automatic".into(),
                target: "Single".into(),
                range: "Close".into(),
                cost: cost.into(),
                restrict: String::new(),
                effect: effect.into(),
                mods: Default::default(),
                effects: vec![],
                once: None,
            });
        }
        let p = s.pcs.iter_mut().find(|p| p.user.0 == user).unwrap();
        p.ch.skills.push(OwnedSkill { id: id.into(), sl });
    }

    /// The replies' plain text, one reply a line.
    pub fn text(r: &[Reply]) -> String {
        r.iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }
}
