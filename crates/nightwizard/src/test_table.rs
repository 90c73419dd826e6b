//! Night Wizard's side of the one test harness: [`Session`], a session with quick roster
//! characters joined, driven through the table by [`croupier_core::testkit::Harness`]. A rule
//! test says which dice the next command rolls ([`Session::roll`], built on
//! [`croupier_core::testkit::Harness::dice_until`] and the game's own die reading, `judge::Dice`),
//! and sets a position up by changing [`Session::s`], which is written as a set-up
//! ([`croupier_core::testkit::Harness::edit`]) before the next command. [`actions`] holds the
//! combat tests' set-ups (a fight with Ayla and Bolt, a Shade Swarm).

use super::character::roster::NwShared;
use super::character::OwnedSkill;
use super::combat::{Combat, Used, Who};
use super::data::{load, NwData, SkillDef};
use super::judge::Dice;
use super::session::NightWizard;
use croupier_core::table::{Actor, Command, Reply, RuleError};

/// Values in English (what the English tests compare).
pub fn english(v: &[croupier_core::table::Value]) -> Vec<String> {
    v.iter()
        .map(|x| x.text(croupier_core::i18n::Locale::En))
        .collect()
}

/// Runs `cmd` as `a` (a channel manager when `a.manager`) on session `t` through the table.
pub fn act(t: &mut Session, a: &Actor, cmd: Command) -> Result<Vec<Reply>, RuleError> {
    t.sync();
    t.h.set_manager(&a.id.0, a.manager);
    let step = t.h.line(&format!("{}: {cmd}", a.id));
    t.refresh();
    if step.accepted {
        Ok(step.replies)
    } else {
        Err(refusal(&step))
    }
}

/// A refused step's refusal as the rules made it: its typed words when the table's refusal
/// frame (`table-refused`) carries them, so a test can read it in any language; else its text.
fn refusal(step: &croupier_core::testkit::Step) -> RuleError {
    use croupier_core::table::{Refusal, Said, Value};
    let said = step.replies.first().and_then(|r| r.message.said.as_ref());
    if let Some(Said::Phrase(frame)) = said {
        if frame.key == "table-refused" {
            if let Some((_, Value::Phrase(reason))) = frame.args.iter().find(|(n, _)| n == "reason")
            {
                return RuleError::said(Refusal::Rules, (**reason).clone());
            }
        }
    }
    RuleError::new(step.message())
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
/// with [`Session::edit`], or change `s` in place: the next command (or [`Session::sync`])
/// writes it as a set-up first.
pub struct Session {
    /// Rules data from `data/`.
    pub data: NwData,
    /// The guild roster after the latest command.
    pub shared: NwShared,
    /// The session after the latest command.
    pub s: NightWizard,
    /// The harness.
    pub h: croupier_core::testkit::Harness,
    /// The session as stored, to tell a set-up made on `s` since.
    stored: NightWizard,
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
        let s: NightWizard = h.state();
        let shared = h.shared("nw");
        let stored = s.clone();
        Session {
            data,
            shared,
            s,
            h,
            stored,
        }
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
        self.sync();
        self.h.edit::<NightWizard>(f);
        self.refresh();
    }

    /// Sets the guild roster up as a test needs it (no log entry).
    pub fn edit_shared(&mut self, f: impl FnOnce(&mut NwShared)) {
        self.sync();
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
        self.stored = self.s.clone();
        self.shared = self.h.shared("nw");
    }

    /// Writes the changes made to [`Session::s`] since the latest command as a set-up
    /// ([`croupier_core::testkit::Harness::edit`]: a new version, no log entry).
    pub fn sync(&mut self) {
        if self.s != self.stored {
            let s = self.s.clone();
            self.h.edit::<NightWizard>(|g| *g = s);
            self.refresh();
        }
    }

    /// Moves the session's dice so that the next d6 it rolls, read as the rules read a die
    /// (`judge::Dice`), are `d6` (no dice: they stay where they are).
    pub fn dice(&mut self, d6: &[u32]) {
        self.sync();
        if d6.is_empty() {
            return;
        }
        self.h.dice_until(|r| d6.iter().all(|&v| Dice::d6(r) == v));
    }

    /// Runs `line` (`/nwcombat heal target:Ayla recovery:3`) as `a` through the table, the
    /// next dice being `d6`; when it is accepted, checks it read exactly those dice (a test
    /// names every die its command rolls).
    pub fn roll(&mut self, a: &Actor, line: &str, d6: &[u32]) -> Result<Vec<Reply>, RuleError> {
        let cmd = Command::parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        self.dice(d6);
        let before = self.h.dice_now();
        let r = act(self, a, cmd);
        if r.is_ok() {
            let after = self.h.dice_now().get_word_pos();
            let mut rng = before;
            let mut read = 0;
            while rng.get_word_pos() < after {
                Dice::d6(&mut rng);
                read += 1;
            }
            assert_eq!(
                (read, rng.get_word_pos()),
                (d6.len(), after),
                "`{line}` rolled {read} d6, the test named {d6:?}"
            );
        }
        r
    }

    /// [`Session::roll`] that must be accepted.
    pub fn rolls(&mut self, a: &Actor, line: &str, d6: &[u32]) -> Vec<Reply> {
        self.roll(a, line, d6)
            .unwrap_or_else(|e| panic!("refused: {line}: {}", e.0))
    }

    /// [`Session::roll`] that must be refused; returns the refusal.
    pub fn refuses(&mut self, a: &Actor, line: &str) -> String {
        self.roll(a, line, &[]).expect_err("refused").0
    }

    /// Runs `line` as `a`, which must be accepted, with the dice as they come (for a command
    /// whose rolls the test does not look at: the initiative of a fight it sets up).
    pub fn line(&mut self, a: &Actor, line: &str) -> Vec<Reply> {
        let cmd = Command::parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        act(self, a, cmd).unwrap_or_else(|e| panic!("refused: {line}: {}", e.0))
    }

    /// Starts combat as the GM (`/nwcombat start`), the initiative Judges rolling as the dice
    /// come (the tests set the turn they need after).
    pub fn start(&mut self) -> Vec<Reply> {
        self.line(&gm(), "/nwcombat start")
    }

    /// `a` joins the session (`/nw session join`), or takes their roster record again.
    /// A newcomer's Critical and Fumble values roll as the dice come.
    pub fn joins(&mut self, a: &Actor) -> Result<Vec<Reply>, RuleError> {
        act(self, a, Command::new("nw session join"))
    }

    /// The fight under way.
    pub fn fight(&self) -> &Combat {
        self.s.combat.as_ref().expect("a combat")
    }

    /// Starts combat as the GM with the initiative Judges rolling `d6` (in the fighters'
    /// order: the PCs, then the enemies).
    pub fn start_with(&mut self, d6: &[u32]) -> Vec<Reply> {
        self.rolls(&gm(), "/nwcombat start", d6)
    }

    /// Adds a skill to the guild's chat additions (so the session keeps it when it takes
    /// the guild's catalog again) and to the session's, and gives it (at SL `sl`) to the PC of
    /// `user` (a set-up).
    #[allow(clippy::too_many_arguments)]
    pub fn give_skill(
        &mut self,
        user: &str,
        id: &str,
        timing: &str,
        cost: &str,
        effect: &str,
        sl: u32,
    ) {
        let def = SkillDef {
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
            name_ja: None,
            effect_ja: None,
        };
        self.give_skill_def(user, def, sl);
    }

    /// [`Session::give_skill`] of a skill written in full (its Check, Restrict, `mods`, …).
    pub fn give_skill_def(&mut self, user: &str, def: SkillDef, sl: u32) {
        let id = def.id.clone();
        if !self.shared.custom.skills.iter().any(|k| k.id == id) {
            let added = def.clone();
            self.edit_shared(|g| g.custom.skills.push(added));
        }
        if !self.s.custom.skills.iter().any(|k| k.id == id) {
            self.s.custom.skills.push(def);
        }
        let p = self
            .s
            .pcs
            .iter_mut()
            .find(|p| p.user.0 == user)
            .expect("a PC");
        p.ch.skills.push(OwnedSkill { id, sl });
    }

    /// The PC of `user` holds exactly `items` (item ids), all equipped (a set-up).
    pub fn hold(&mut self, user: &str, items: &[&str]) {
        let p = self
            .s
            .pcs
            .iter_mut()
            .find(|p| p.user.0 == user)
            .expect("a PC");
        p.ch.items = items
            .iter()
            .map(|id| super::character::OwnedItem {
                id: id.to_string(),
                equipped: true,
                preserved: false,
            })
            .collect();
    }

    /// The fight under way (change it in place as a set-up).
    pub fn combat(&mut self) -> &mut Combat {
        self.s.combat.as_mut().expect("a combat")
    }

    /// It is `w`'s Main Process, nothing used yet (a set-up).
    pub fn set_turn(&mut self, w: Who) {
        let c = self.combat();
        c.current = Some(w);
        c.candidates.clear();
        c.used = Used::default();
        c.skills.window = None;
    }
}

// --- nw-actions ---

/// The combat tests' set-ups: a [`Session`] with Ayla (alice) and Bolt (bob) and a Shade
/// Swarm, in or out of a fight, and the names the tests use.
pub mod actions {
    use super::super::combat::Who;
    use super::super::judge::Cf;
    pub use super::{alice, bob, gm, Session};
    use croupier_core::table::{Actor, Reply, UserId};

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

    /// A [`Session`] on seed 6 with the first `joined` of `made` joined, the others' quick
    /// characters made but not joined, and a Shade Swarm labelled `Swarm`; no combat yet.
    pub fn table(made: &[(Actor, &str)], joined: usize) -> Session {
        let mut t = Session::with(&made[..joined], 6);
        for (a, n) in &made[joined..] {
            t.ok(a, "nw character new", &[("name", n), ("quick", "true")]);
        }
        t.ok(
            &gm(),
            "nw enemy spawn",
            &[("name", "shade_swarm"), ("as", "Swarm")],
        );
        t
    }

    /// Ayla (alice) and Bolt (bob) with Critical 12 / Fumble 2, no skills or items, at full
    /// HP and MP, and a Shade Swarm labelled `Swarm`; no combat yet.
    pub fn session() -> Session {
        let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt")], 2);
        let data = t.data.clone();
        t.edit(|s| {
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
        });
        t
    }

    /// [`session`] in combat, in Ayla's Main Process.
    pub fn fighting() -> Session {
        let mut t = session();
        t.start();
        t.set_turn(pc("alice"));
        t
    }

    /// The replies' plain text, one reply a line.
    pub fn text(r: &[Reply]) -> String {
        r.iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }
}
