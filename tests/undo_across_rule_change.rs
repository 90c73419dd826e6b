//! Undo keeps working when the rules change under a running game: a test-only game, `tally`,
//! whose one rule (what `/tally add` adds to a roll of 1d6) differs between two builds, played
//! by two players on one database through two table instances, as a campaign would be across
//! an update. Undo takes actions back from what each entry stored (`log.restore`), not by
//! replaying the log, so it restores the exact state and dice position although the log no
//! longer replays under the new rule; without the stored way back the same undo is refused.

use std::path::Path;
use std::sync::Arc;

use croupier::store::Store;
use croupier::table::registry::register;
use croupier::table::{
    refuse, Actor, BadState, Command, Commands, Ctx, DataError, Game, Input, ManualClock, Message,
    Outcome, Registry, Reply, Request, RuleError, SeedMode, Table, Viewer,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A tally: each player adds a die to the total
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "tally")]
enum TallyCommand {
    /// Open a tally here
    #[cmd(public)]
    New,
    /// Roll a die and add it to the total
    #[cmd(public)]
    Add,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
enum TallyAction {
    Add,
}

/// The tally; `BONUS` is the rule that changes between the two builds.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Tally<const BONUS: i64> {
    total: i64,
    rolls: Vec<(String, i64)>,
}

impl<const BONUS: i64> Game for Tally<BONUS> {
    type Command = TallyCommand;
    type Action = TallyAction;
    type Data = ();
    type Shared = ();
    type View = Self;
    const NAME: &'static str = "tally";
    const TITLE: &'static str = "Tally";

    fn load_data(_dir: &Path) -> Result<(), Vec<DataError>> {
        Ok(())
    }

    fn open(
        _ctx: &mut Ctx<'_, (), ()>,
        _host: &Actor,
        cmd: TallyCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        if cmd != TallyCommand::New {
            return refuse("a tally opens with `/tally new`.");
        }
        let t = Tally {
            total: 0,
            rolls: vec![],
        };
        Ok((t, vec![Reply::public(Message::text("A tally opens."))]))
    }

    fn action(
        &self,
        _a: &Actor,
        cmd: TallyCommand,
        _d: &(),
        _s: &(),
    ) -> Result<TallyAction, RuleError> {
        match cmd {
            TallyCommand::Add => Ok(TallyAction::Add),
            TallyCommand::New => refuse("a tally is already open here."),
        }
    }

    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, (), ()>,
        actor: &Actor,
        _action: &TallyAction,
    ) -> Result<Vec<Reply>, RuleError> {
        let die: i64 = ctx.rng.random_range(1..=6);
        self.total += die + BONUS;
        self.rolls.push((actor.name.clone(), die));
        Ok(vec![Reply::public(Message::text(format!(
            "{} rolls {die}: the tally is {}.",
            actor.name, self.total
        )))])
    }

    fn view(&self, viewer: &Actor, _data: &()) -> Vec<Reply> {
        vec![Reply::private(
            &viewer.id,
            Message::text(format!("The tally is {}.", self.total)),
        )]
    }

    fn view_model(&self, _data: &(), _viewer: &Viewer) -> Result<Self, BadState> {
        Ok(self.clone())
    }
}

/// A registry holding the tally with `BONUS` as its rule.
fn build<const BONUS: i64>() -> Arc<Registry> {
    let (mut games, mut errors) = (vec![], vec![]);
    register::<Tally<BONUS>>(Path::new("."), &mut games, &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    Arc::new(Registry::of(games))
}

fn table(path: &Path, games: Arc<Registry>) -> Table {
    Table::new(
        Store::open(path).unwrap(),
        games,
        Arc::new(ManualClock::at(1_000)),
        SeedMode::Fixed(7),
    )
}

fn run(t: &mut Table, user: &str, id: &str, line: &str) -> Outcome {
    t.handle(&Request {
        channel: "chan".into(),
        guild: Some("g".into()),
        actor: Actor::player(user, user),
        request_id: id.into(),
        locale: Default::default(),
        input: Input::Command(Command::parse_line(line).unwrap()),
    })
    .unwrap()
}

/// The session's state and dice generator as stored.
fn session(t: &mut Table) -> (Value, String) {
    let state = t.state_json("chan").unwrap().expect("a session")["state"].clone();
    let rng: String = t
        .store()
        .sqlite()
        .expect("an SQLite store")
        .query_row("SELECT rng FROM sessions WHERE active = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    (state, rng)
}

/// Two players add three dice under the old rule (+0); returns the sessions after the first,
/// second and third die.
fn play_under_the_old_rule(path: &Path) -> Vec<(Value, String)> {
    let mut old = table(path, build::<0>());
    assert!(run(&mut old, "alice", "1", "/tally new").accepted);
    let mut after = vec![];
    for (i, who) in ["alice", "bob", "alice"].iter().enumerate() {
        let out = run(&mut old, who, &format!("add{i}"), "/tally add");
        assert!(out.accepted, "{:?}", out.replies);
        after.push(session(&mut old));
    }
    after
}

#[test]
fn undo_takes_back_actions_made_under_the_old_rule_after_the_rule_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("campaign.db");
    let after = play_under_the_old_rule(&path);
    let rolled = |s: &(Value, String), i: usize| s.0["rolls"][i][1].as_i64().unwrap();
    let third_die = rolled(&after[2], 2);
    assert_eq!(
        after[2].0["total"].as_i64().unwrap(),
        rolled(&after[2], 0) + rolled(&after[2], 1) + third_die,
        "the old rule adds the die alone"
    );

    // The update: the same game, now adding 10 to each die, on the same database.
    let mut new = table(&path, build::<10>());
    let out = run(&mut new, "alice", "u1", "/game undo");
    assert!(out.accepted, "{:?}", out.replies);
    assert_eq!(
        session(&mut new),
        after[1],
        "state and dice as after bob's die"
    );

    // Alice's die again, now under the new rule: the same die comes up (the dice position was
    // put back), and the new rule adds 10 to it.
    let out = run(&mut new, "alice", "again", "/tally add");
    assert!(out.accepted, "{:?}", out.replies);
    let (state, _) = session(&mut new);
    assert_eq!(state["rolls"][2][1].as_i64(), Some(third_die));
    assert_eq!(
        state["total"].as_i64(),
        Some(after[1].0["total"].as_i64().unwrap() + third_die + 10)
    );

    // Undo walks back through the new action and the old ones; bob (not the host) trying to
    // undo in between is refused and changes nothing.
    assert!(run(&mut new, "alice", "u2", "/game undo").accepted);
    assert_eq!(session(&mut new), after[1]);
    assert!(!run(&mut new, "bob", "b1", "/game undo").accepted);
    assert_eq!(
        session(&mut new),
        after[1],
        "bob's refused undo changed nothing"
    );
    assert!(run(&mut new, "alice", "u3", "/game undo").accepted);
    assert_eq!(session(&mut new), after[0], "back past bob's die");
    assert!(run(&mut new, "alice", "u4", "/game undo").accepted);
    assert_eq!(session(&mut new).0["rolls"], serde_json::json!([]));
    let out = run(&mut new, "alice", "u5", "/game undo");
    assert!(!out.accepted, "nothing left to undo");
}

#[test]
fn without_the_stored_way_back_the_same_undo_is_refused_because_the_log_no_longer_replays() {
    // The control: the log alone does not take the game back across the rule change (entries
    // as written before migrations/0011_log_restore.sql, which stored no way back).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("campaign.db");
    let after = play_under_the_old_rule(&path);
    Store::open(&path)
        .unwrap()
        .sqlite()
        .expect("an SQLite store")
        .execute("UPDATE log SET restore = NULL", [])
        .unwrap();
    let mut new = table(&path, build::<10>());
    let out = run(&mut new, "alice", "u1", "/game undo");
    assert!(!out.accepted);
    assert!(
        out.replies[0]
            .message
            .body
            .contains("the log no longer replays"),
        "{}",
        out.replies[0].message.body
    );
    assert_eq!(session(&mut new), after[2], "nothing changed");
}
