//! Guild-wide state (the ninja roster, Night Wizard characters) as logged effects, mostly played
//! as stories through the real binary: undo puts the shared JSON back exactly, a ninja or a
//! character plays in one channel at a time, generated names never merge into existing ones,
//! points survive `/game end`, and training between rounds changes the next run's skills.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use croupier::store::Store;
use croupier::table::{Actor, Input, ManualClock, Request, SeedMode, Table};
use serde_json::Value;

#[path = "support/console_bin.rs"]
mod console_bin;

/// Runs `croupier console --seed 5` on `db` with `input`; returns stdout.
fn console(db: &Path, input: &str) -> String {
    console_seeded(db, 5, input)
}

fn console_seeded(db: &Path, seed: u64, input: &str) -> String {
    console_bin::seeded(db, seed, input)
}

/// The guild's shared JSON of `game` as stored.
fn shared(db: &Path, game: &str) -> Value {
    let c = rusqlite::Connection::open(db).unwrap();
    let s: String = c
        .query_row(
            "SELECT state FROM shared_state WHERE guild = 'console' AND game = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap();
    serde_json::from_str(&s).unwrap()
}

/// The channel's session as `croupier state` prints it.
fn state(db: &Path, channel: &str) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_croupier"))
        .args(["state", "--channel", channel, "--db"])
        .arg(db)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn ninja<'a>(roster: &'a Value, name: &str) -> &'a Value {
    roster["ninjas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["name"] == name)
        .unwrap_or_else(|| panic!("{name} on the roster: {roster}"))
}

const FOUR_NINJAS: &str = r#"alice: /ninja create name:"Red Fox" iq:14 dx:13 st:13
alice: /ninja create name:Wisp iq:13 dx:15 st:12
bob: /ninja create name:Moss iq:12 dx:16 st:12
bob: /ninja create name:Granite iq:12 dx:12 st:16
"#;

#[test]
fn undoing_a_tournaments_last_run_restores_the_roster_json_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("n.db");
    console(
        &db,
        &format!(
            "{FOUR_NINJAS}#arena gm: /ninja new
#arena alice: /ninja enter name:\"Red Fox\"
#arena alice: /ninja enter name:Wisp
#arena bob: /ninja enter name:Moss
#arena bob: /ninja enter name:Granite
#arena gm: /ninja fill
#arena gm: /ninja start
"
        ),
    );
    let started = shared(&db, "ninja");
    assert_eq!(
        ninja(&started, "Red Fox")["events"],
        0,
        "the event lands when the ninja runs, not at the start"
    );
    assert_eq!(ninja(&started, "Red Fox")["entered"]["channel"], "arena");
    let mut before = started.clone();
    let mut last = String::new();
    for _ in 0..40 {
        before = shared(&db, "ninja");
        last = console(&db, "#arena gm: /ninja run auto:true\n");
        if last.contains("🏁 Tournament over") {
            break;
        }
    }
    assert!(last.contains("🏁 Tournament over"), "{last}");
    let after = shared(&db, "ninja");
    assert_ne!(after, before, "the last run changed the roster");
    assert!(
        after["ninjas"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n.get("entered").is_none()),
        "the end frees every ninja: {after}"
    );
    let undone = console(&db, "#arena gm: /game undo\n");
    assert!(undone.contains("↩️ Undone"), "{undone}");
    assert!(
        undone.contains("Server-wide records put back as they were: "),
        "{undone}"
    );
    assert_eq!(
        shared(&db, "ninja"),
        before,
        "undo restores the roster JSON exactly (points, wins, locks)"
    );
    // Replaying the same run again applies its effect once, not twice.
    let again = console(&db, "#arena gm: /ninja run auto:true\n");
    assert!(again.contains("🏁 Tournament over"), "{again}");
    let redone = shared(&db, "ninja");
    let sum = |v: &Value, f: &str| -> u64 {
        v["ninjas"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n[f].as_u64().unwrap())
            .sum()
    };
    assert_eq!(sum(&redone, "events"), sum(&before, "events"));
    assert!(sum(&redone, "points") <= sum(&before, "points") + 2);
}

#[test]
fn a_ninja_entered_in_one_channel_is_refused_in_another_until_that_tournament_ends() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let out = console(
        &db,
        &format!(
            "{FOUR_NINJAS}#arena gm: /ninja new
#dojo sensei: /ninja new
#arena alice: /ninja enter name:\"Red Fox\"
#dojo bob: /ninja enter name:Moss
#dojo alice: /ninja enter name:\"Red Fox\"
#arena alice: /ninja enter name:Wisp
#arena gm: /ninja enter name:Moss
"
        ),
    );
    assert!(
        out.contains(
            "[#dojo → alice only]\n⛔ Red Fox is already entered in the tournament in #arena"
        ),
        "{out}"
    );
    assert!(
        out.contains("[#arena → gm only]\n⛔ Moss is already entered in the tournament in #dojo"),
        "{out}"
    );
    let roster = shared(&db, "ninja");
    assert_eq!(ninja(&roster, "Red Fox")["entered"]["channel"], "arena");
    assert_eq!(ninja(&roster, "Moss")["entered"]["channel"], "dojo");
    let dojo = state(&db, "dojo");
    assert_eq!(dojo["state"]["entrants"].as_array().unwrap().len(), 1);
    // Withdrawing frees a ninja at once; ending a tournament frees all of its ninjas.
    let out = console(
        &db,
        "#arena alice: /ninja withdraw name:Wisp
#dojo alice: /ninja enter name:Wisp
#arena gm: /game end confirm:true
#dojo alice: /ninja enter name:\"Red Fox\"
",
    );
    assert!(out.contains("Wisp enters the tournament — 2/16."), "{out}");
    assert!(
        out.contains("Red Fox enters the tournament — 3/16."),
        "{out}"
    );
    let roster = shared(&db, "ninja");
    assert_eq!(ninja(&roster, "Red Fox")["entered"]["channel"], "dojo");
}

#[test]
fn generated_ninjas_are_numbered_past_every_name_and_a_colliding_name_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("h.db");
    // A player named a ninja like a generated one; two fills use up the list of 20 names.
    let out = console(
        &db,
        &format!(
            "{FOUR_NINJAS}carol: /ninja create name:\"House Ninja 3\" iq:16 dx:12 st:12
#arena gm: /ninja new
#arena alice: /ninja enter name:\"Red Fox\"
#arena gm: /ninja fill
#dojo sensei: /ninja new
#dojo carol: /ninja enter name:\"House Ninja 3\"
#dojo sensei: /ninja fill
"
        ),
    );
    assert!(out.contains("15 house ninja(s) fill the field"), "{out}");
    let roster = shared(&db, "ninja");
    let all = roster["ninjas"].as_array().unwrap();
    assert_eq!(
        all.len(),
        5 + 15 + 15,
        "every generated ninja is its own record"
    );
    let mut ids: Vec<u64> = all.iter().map(|n| n["id"].as_u64().unwrap()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "ids are unique");
    let mut names: Vec<String> = all
        .iter()
        .map(|n| n["name"].as_str().unwrap().to_lowercase())
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), all.len(), "names are unique: {roster}");
    // 20 listed names, then House Ninja 4 … 13 (past carol's 3).
    assert!(out.contains("House Ninja 4 (IQ"), "{out}");
    assert!(!out.contains("House Ninja 1 (IQ"), "{out}");
    let carol = ninja(&roster, "House Ninja 3");
    assert_eq!(carol["owner"], "carol");
    assert_eq!(carol["iq"], 16, "carol's ninja is untouched");
    // A player may not take a name the roster already has, a generated one included.
    let out = console(
        &db,
        "bob: /ninja create name:\"house ninja 4\" iq:14 dx:13 st:13\n",
    );
    assert!(
        out.contains("⛔ there is already a ninja called `House Ninja 4` on this server's roster, and `house ninja 4` reads the same"),
        "{out}"
    );
    assert_eq!(shared(&db, "ninja"), roster, "the refusal changed nothing");
}

#[test]
fn points_and_events_earned_survive_game_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let mut script = format!(
        "{FOUR_NINJAS}#arena gm: /ninja new
#arena alice: /ninja enter name:\"Red Fox\"
#arena alice: /ninja enter name:Wisp
#arena bob: /ninja enter name:Moss
#arena bob: /ninja enter name:Granite
#arena gm: /ninja fill
#arena gm: /ninja start
"
    );
    for _ in 0..6 {
        script.push_str("#arena gm: /ninja run auto:true\n");
    }
    let out = console(&db, &script);
    let finished: Vec<&str> = ["Red Fox", "Wisp", "Moss", "Granite"]
        .into_iter()
        .filter(|n| out.contains(&format!("**{n}** completes the course")))
        .collect();
    assert!(!finished.is_empty(), "some ninja finished: {out}");
    let mid = shared(&db, "ninja");
    for n in &finished {
        assert_eq!(
            ninja(&mid, n)["points"],
            1,
            "{n}'s point lands at the finish"
        );
    }
    let ended = console(&db, "#arena gm: /game end confirm:true\n");
    assert!(ended.contains("🏁 Game ended"), "{ended}");
    assert!(ended.contains("📜 Roster updated"), "{ended}");
    let roster = shared(&db, "ninja");
    for n in ["Red Fox", "Wisp", "Moss", "Granite"] {
        let r = ninja(&roster, n);
        assert_eq!(r["events"], 1, "{n}");
        assert_eq!(r["points"], u64::from(finished.contains(&n)), "{n}");
        assert!(r.get("entered").is_none(), "{n} is free again");
    }
    let sheet = console(&db, "alice: /ninja sheet name:\"Red Fox\"\n");
    assert!(sheet.contains("Events: 1"), "{sheet}");
}

#[test]
fn an_additive_bought_between_rounds_changes_the_next_rounds_skills() {
    // Red Fox comes to the tournament with 4 points from earlier events; finishing round 1
    // makes 5, which buys an additive before round 2. Seeds are tried until Red Fox finishes
    // round 1 and goes through (the dice decide that).
    for attempt in 0..25u64 {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let console = |db: &Path, input: &str| console_seeded(db, 100 + attempt, input);
        console(&db, FOUR_NINJAS);
        // A veteran: four events, four points (set in the stored roster, as earlier play would).
        {
            let mut roster = shared(&db, "ninja");
            for n in roster["ninjas"].as_array_mut().unwrap() {
                if n["name"] == "Red Fox" {
                    n["events"] = 4.into();
                    n["points"] = 4.into();
                }
            }
            let c = rusqlite::Connection::open(&db).unwrap();
            c.execute(
                "UPDATE shared_state SET state = ?1 WHERE guild = 'console' AND game = 'ninja'",
                [roster.to_string()],
            )
            .unwrap();
        }
        let mut script = String::from(
            "#arena gm: /ninja new
#arena alice: /ninja enter name:\"Red Fox\"
#arena gm: /ninja fill
#arena gm: /ninja start
",
        );
        for _ in 0..16 {
            script.push_str("#arena gm: /ninja run auto:true\n");
        }
        let out = console(&db, &script);
        if !out.contains("Through to round 2: ") {
            continue;
        }
        let through = out
            .lines()
            .find(|l| l.contains("Through to round 2: "))
            .unwrap()
            .to_string();
        if !through.contains("Red Fox") {
            continue;
        }
        let roster = shared(&db, "ninja");
        assert_eq!(ninja(&roster, "Red Fox")["points"], 5, "{through}");
        // Between rounds: train until an additive is taken (a choice is made with `pick`).
        let trained = console(&db, "alice: /ninja train name:\"Red Fox\"\n");
        if trained.contains("Pick one:") {
            let pick = trained
                .lines()
                .find_map(|l| l.split("pick:").nth(1))
                .map(|p| p.split(['"', ' ', ']']).next().unwrap_or("").to_string())
                .unwrap();
            console(
                &db,
                &format!("alice: /ninja train name:\"Red Fox\" pick:{pick}\n"),
            );
        }
        let fox = ninja(&shared(&db, "ninja"), "Red Fox").clone();
        assert_eq!(fox["additives"].as_array().unwrap().len(), 3, "{trained}");
        let s = state(&db, "arena");
        let e = s["state"]["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .position(|x| x["record"]["name"] == "Red Fox")
            .unwrap();
        let old_skills = s["state"]["entrants"][e]["skills"].clone();
        let old_luck = s["state"]["entrants"][e]["luck"].clone();
        // Round 2: run until Red Fox has stepped up.
        let mut ran = false;
        for _ in 0..8 {
            let out = console(&db, "#arena gm: /ninja run auto:true\n");
            if out.contains("**Red Fox** steps up.") {
                assert!(
                    out.contains("Red Fox trained since the last run: additives now "),
                    "{out}"
                );
                ran = true;
                break;
            }
        }
        assert!(ran, "Red Fox ran in round 2");
        let s = state(&db, "arena");
        let ent = &s["state"]["entrants"][e];
        assert_eq!(ent["record"]["additives"], fox["additives"]);
        assert!(
            ent["skills"] != old_skills || ent["luck"] != old_luck,
            "the additive changed skills or luck: {old_skills} → {}",
            ent["skills"]
        );
        let round2 = &s["state"]["rounds"][1];
        let slot = round2["order"]
            .as_array()
            .unwrap()
            .iter()
            .position(|x| x.as_u64() == Some(e as u64))
            .unwrap();
        let run = &round2["runs"][slot];
        let course: Vec<usize> = run["course"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap() as usize)
            .collect();
        let want: Vec<Value> = course.iter().map(|&i| ent["skills"][i].clone()).collect();
        assert_eq!(
            run["skills"],
            Value::from(want),
            "the run uses the new skills"
        );
        return;
    }
    panic!("no attempt took Red Fox to round 2");
}

#[test]
fn undoing_a_night_wizard_after_phase_restores_the_character_json_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.db");
    console(
        &db,
        "alice: /nw character new name:Ayu quick:true
#moon gm: /nw new
#moon alice: /nw session join
#moon gm: /nw phase next
#moon gm: /nw phase next
#moon gm: /nw phase next
",
    );
    let before = shared(&db, "nw");
    assert_eq!(before["playing"]["alice/ayu"]["channel"], "moon");
    let out = console(&db, "#moon gm: /nw phase next op:6\n");
    assert!(out.contains("→ **After Phase**"), "{out}");
    let after = shared(&db, "nw");
    let (b, a) = (&before["characters"][0], &after["characters"][0]);
    assert_eq!(a["op"].as_i64().unwrap(), b["op"].as_i64().unwrap() + 6);
    assert_eq!(
        a["level_ups"].as_u64().unwrap(),
        b["level_ups"].as_u64().unwrap() + 1
    );
    let out = console(&db, "#moon gm: /game undo\n");
    assert!(out.contains("↩️ Undone"), "{out}");
    assert_eq!(
        shared(&db, "nw"),
        before,
        "the character is exactly as before"
    );
    // Again, with another player making a character in another channel in between: the undo
    // still takes back exactly the After phase, and keeps the new character.
    console(
        &db,
        "#moon gm: /nw phase next op:6\n#sun bob: /nw character new name:Bolt quick:true\n",
    );
    let between = shared(&db, "nw");
    assert_eq!(between["characters"][1]["name"], "Bolt");
    let out = console(&db, "#moon gm: /game undo\n");
    assert!(out.contains("↩️ Undone"), "{out}");
    let mut want = before.clone();
    want["characters"]
        .as_array_mut()
        .unwrap()
        .push(between["characters"][1].clone());
    // Bolt's identity was given after the After phase; it stays given.
    want["last_uid"] = between["last_uid"].clone();
    assert_eq!(shared(&db, "nw"), want);
}

#[test]
fn a_night_wizard_character_plays_in_one_session_and_undo_refuses_to_clobber() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    let out = console(
        &db,
        "alice: /nw character new name:Ayu quick:true
#moon gm: /nw new
#sun gm2: /nw new
#moon alice: /nw session join
#sun alice: /nw session join
alice: /nw character delete name:Ayu
#moon gm: /nw phase next
#moon gm: /nw phase next
#moon gm: /nw phase next
#moon gm: /nw phase next
alice: /nw character note text:\"Back from the climb\"
#moon gm: /game undo
",
    );
    assert!(
        out.contains("[#sun → alice only]\n⛔ Ayu is playing in the session in #moon"),
        "{out}"
    );
    assert!(
        out.contains("⛔ Ayu is playing in the session in #moon; leave it there"),
        "{out}"
    );
    // The note written since changed Ayu's record: the After phase cannot be undone over it.
    assert!(
        out.contains("[#moon → gm only]\n⛔ Ayu's record changed since that action"),
        "{out}"
    );
    let s = state(&db, "moon");
    assert_eq!(s["state"]["phase"], "After", "nothing was undone");
    // Ending the session frees Ayu for the other table.
    let out = console(
        &db,
        "#moon gm: /game end confirm:true\n#sun alice: /nw session join\n",
    );
    assert!(out.contains("joins with Ayu"), "{out}");
    assert_eq!(shared(&db, "nw")["playing"]["alice/ayu"]["channel"], "sun");
}

#[test]
fn undo_in_one_channel_keeps_what_another_channel_did_in_between() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.db");
    console(
        &db,
        &format!(
            "{FOUR_NINJAS}#arena gm: /ninja new
#arena alice: /ninja enter name:\"Red Fox\"
#arena gm: /ninja fill
"
        ),
    );
    let before = shared(&db, "ninja");
    // Red Fox runs first: its run writes its event (and a point if it finishes).
    console(
        &db,
        "#arena gm: /ninja start\n#arena gm: /ninja run auto:true\n",
    );
    assert_eq!(ninja(&shared(&db, "ninja"), "Red Fox")["events"], 1);
    // Meanwhile, in another channel: a new ninja, a tournament, an entry.
    console(
        &db,
        "carol: /ninja create name:Kai iq:14 dx:13 st:13
#dojo sensei: /ninja new
#dojo bob: /ninja enter name:Moss
",
    );
    let between = shared(&db, "ninja");
    let undone = console(&db, "#arena gm: /game undo\n");
    assert!(undone.contains("↩️ Undone"), "{undone}");
    let after = shared(&db, "ninja");
    // The run's event (and point) are taken back; Kai and Moss's entry stay.
    assert_eq!(ninja(&after, "Red Fox"), ninja(&before, "Red Fox"));
    assert_eq!(ninja(&after, "Kai"), ninja(&between, "Kai"));
    assert_eq!(ninja(&after, "Moss")["entered"]["channel"], "dojo");
    let mut want = before.clone();
    for (i, n) in between["ninjas"].as_array().unwrap().iter().enumerate() {
        if n["name"] == "Moss" {
            want["ninjas"][i] = n.clone();
        }
    }
    want["ninjas"]
        .as_array_mut()
        .unwrap()
        .push(ninja(&between, "Kai").clone());
    assert_eq!(after, want);
}

fn request(user: &str, id: &str, line: &str) -> Request {
    Request {
        channel: "chan".into(),
        guild: Some("g".into()),
        actor: Actor::player(user, user),
        request_id: id.into(),
        locale: Default::default(),
        input: Input::Command(croupier::table::Command::parse_line(line).unwrap()),
    }
}

fn stored_shared(t: &mut Table) -> String {
    t.store()
        .sqlite()
        .expect("an SQLite store")
        .query_row(
            "SELECT state FROM shared_state WHERE guild = 'g' AND game = 'ninja'",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

#[test]
fn replaying_a_session_never_writes_the_shared_state_and_reads_record_no_effect() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Table::new(
        Store::open(&dir.path().join("r.db")).unwrap(),
        Arc::new(croupier::games::load(Path::new("data")).unwrap()),
        Arc::new(ManualClock::at(1_000)),
        SeedMode::Fixed(42),
    );
    let lines = [
        ("alice", "/ninja create name:Fox iq:14 dx:13 st:13"),
        ("gm", "/ninja new"),
        ("alice", "/ninja enter name:Fox"),
        ("gm", "/ninja fill"),
        ("gm", "/ninja start"),
        ("gm", "/ninja run auto:true"),
        ("gm", "/ninja run auto:true"),
    ];
    for (i, (user, line)) in lines.iter().enumerate() {
        let out = t.handle(&request(user, &format!("r{i}"), line)).unwrap();
        assert!(out.accepted, "{line}: {out:?}");
    }
    let effects: i64 = t
        .store()
        .sqlite()
        .expect("an SQLite store")
        .query_row(
            "SELECT count(*) FROM log WHERE effects IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    // create, enter, fill, start (events) and a finish at least carry effects.
    assert!(effects >= 4, "{effects}");
    let before = stored_shared(&mut t);
    let sid = t.session("chan").unwrap().unwrap().id;
    let (stored, replayed) = t.replay(sid).unwrap().unwrap();
    assert_eq!(stored, replayed);
    assert_eq!(stored_shared(&mut t), before, "replay wrote nothing");
    // Reading the roster is logged, with no effect.
    let out = t
        .handle(&request("bob", "r-roster", "/ninja roster"))
        .unwrap();
    assert!(out.accepted);
    let last: Option<String> = t
        .store()
        .sqlite()
        .expect("an SQLite store")
        .query_row(
            "SELECT effects FROM log ORDER BY id DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(last, None);
}
