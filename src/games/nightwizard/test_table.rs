//! Test harness shared by the session-level unit tests (Fortress, Casket): a session with
//! quick roster characters joined, driven by command paths through the table's permission
//! check, `session::parse` and `session::apply`, checking that every refusal leaves the state
//! unchanged.

use std::path::Path;

use super::data::{load, NwData};
use super::roster::{self, NwShared};
use super::session::{apply, create, parse, NightWizard};
use crate::rng::GameRng;
use crate::table::{declare, Actor, Command, Game, Reply, RuleError};

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

/// A session under test.
pub struct Table {
    /// Rules data from `data/`.
    pub data: NwData,
    /// The guild roster.
    pub shared: NwShared,
    /// The session.
    pub s: NightWizard,
    /// The session's RNG.
    pub rng: GameRng,
}

impl Table {
    /// A session opened by `gm` on `seed`, each player making a quick character and joining.
    pub fn with(players: &[(Actor, &str)], seed: u64) -> Table {
        let data = load(Path::new("data")).expect("data loads");
        let mut shared = NwShared::default();
        let mut rng = crate::rng::seeded(seed);
        for (a, n) in players {
            roster::global(
                &mut shared,
                &data,
                a,
                &Command::new("nw character new")
                    .with("name", *n)
                    .with("quick", "true"),
                &mut rng,
            )
            .expect("a quick character")
            .expect("a reply");
        }
        let (s, _) =
            create(&data, &gm(), &Command::new("nw new"), Default::default()).expect("a session");
        let mut t = Table {
            data,
            shared,
            s,
            rng,
        };
        for (a, _) in players {
            t.ok(a, "nw session join", &[]);
        }
        t
    }

    /// Runs `path` with `opts` as `a`; a refusal must change nothing.
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
        permitted(&self.s, a, &cmd)?;
        let action = parse(&self.s, a, &cmd, &self.data, &self.shared)?;
        let before = self.s.clone();
        let r = apply(
            &mut self.s,
            &self.data,
            Some(&mut self.shared),
            &mut self.rng,
            a,
            &action,
        );
        if r.is_err() {
            assert_eq!(self.s, before, "a refusal changes nothing");
        }
        r
    }

    /// Runs a command that must succeed.
    pub fn ok(&mut self, a: &Actor, path: &str, opts: &[(&str, &str)]) -> Vec<Reply> {
        self.run(a, path, opts).expect("accepted")
    }

    /// Runs a command that must be refused; returns the refusal.
    pub fn err(&mut self, a: &Actor, path: &str, opts: &[(&str, &str)]) -> String {
        self.run(a, path, opts).expect_err("refused").0
    }
}
