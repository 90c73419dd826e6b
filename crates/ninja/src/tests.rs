//! Tournament-level rule tests (the scoring and roster rules are tested in their own files).

use super::scoring::{Run, RunRules, RunStatus};
use super::tournament::{CutTies, Round};
use super::*;
use croupier_core::i18n::Locale;
use croupier_core::testkit::Harness;

fn data() -> NinjaData {
    NinjaData::load(&croupier_core::source_path("data")).expect("valid data")
}

fn gm() -> Actor {
    Actor {
        manager: true,
        ..Actor::player("gm", "gm")
    }
}

fn finished(turns: u32, leftover: i32) -> Option<Run> {
    let mut r = Run::new(vec![0], vec![14], RunRules::default());
    r.status = RunStatus::Finished { turns, leftover };
    Some(r)
}

fn splashed() -> Option<Run> {
    let mut r = Run::new(vec![0], vec![14], RunRules::default());
    r.status = RunStatus::Splash;
    Some(r)
}

fn round(number: u8, runs: Vec<Option<Run>>) -> Round {
    let n = runs.len();
    Round {
        number,
        order: (0..n).collect(),
        luck_left: vec![0; n],
        cursor: n,
        runs,
    }
}

fn through(r: &Round, ties: CutTies) -> Vec<usize> {
    let mut v: Vec<usize> = r
        .ranking(ties)
        .iter()
        .filter(|x| x.through)
        .map(|x| x.entrant)
        .collect();
    v.sort();
    v
}

#[test]
fn rule_ninja_round_1_only_eight_qualify_ninth_finisher_eliminates_slowest() {
    // "In round 1 only eight ninjas can qualify ... If a ninth ninja completes the course, the
    // slowest one is eliminated."
    let mut runs: Vec<Option<Run>> = (0..8).map(|i| finished(20 + i, 0)).collect();
    runs.push(finished(21, 5)); // ninth finisher, faster than the 27-turn one
    let r = round(1, runs);
    let t = through(&r, CutTies::Earlier);
    assert_eq!(t.len(), 8);
    assert!(!t.contains(&7), "the slowest (27 turns) is eliminated");
    assert!(t.contains(&8));
}

#[test]
fn rule_ninja_round_2_only_four_qualify() {
    let r = round(2, (0..8).map(|i| finished(20 + i, 0)).collect());
    assert_eq!(through(&r, CutTies::Earlier), vec![0, 1, 2, 3]);
}

#[test]
fn rule_ninja_fewer_finishers_only_finishers_advance() {
    // "If fewer than eight ninjas complete the course, only the ninjas who finish can advance"
    let r = round(1, vec![finished(25, 0), splashed(), None, finished(30, 1)]);
    assert_eq!(through(&r, CutTies::Earlier), vec![0, 3]);
}

#[test]
fn rule_ninja_tie_on_turns_broken_by_leftover_points() {
    // "If two ninjas finish in the same number of turns, the ninja with the most left over
    // action points is faster."
    let r = round(3, vec![finished(40, 2), finished(40, 6)]);
    let rk = r.ranking(CutTies::Earlier);
    assert_eq!(rk[0].entrant, 1);
    assert_eq!(through(&r, CutTies::Earlier), vec![1]);
}

#[test]
fn rule_ninja_exact_tie_treated_the_same_setting_at_cut() {
    // "If they are still tied they are treated the same." At the cut: earlier keeps (default)
    // or both advance.
    let mut runs: Vec<Option<Run>> = (0..3).map(|i| finished(20 + i, 0)).collect();
    runs.push(finished(25, 3));
    runs.push(finished(25, 3));
    let r = round(2, runs);
    assert_eq!(through(&r, CutTies::Earlier), vec![0, 1, 2, 3]);
    assert_eq!(through(&r, CutTies::Both), vec![0, 1, 2, 3, 4]);
}

#[test]
fn rule_ninja_exact_tie_in_final_shares_the_win() {
    let r = round(3, vec![finished(40, 2), finished(40, 2), finished(45, 9)]);
    assert_eq!(through(&r, CutTies::Earlier), vec![0, 1]);
}

/// A channel's tournament driven through the one test harness (the table over SQLite: route,
/// permission, parse, apply, log, commit, each step checked for what every game must keep).
/// `gm` may manage the channel and opens the tournaments; `alice` owns the entered ninjas.
struct T {
    h: Harness,
    d: NinjaData,
}

impl T {
    fn new(seed: u64) -> T {
        let mut h = Harness::of::<Tournament>(seed);
        h.set_manager("gm", true);
        T { h, d: data() }
    }
    /// The channel's tournament as stored after the latest step.
    fn t(&mut self) -> Tournament {
        self.h.state()
    }
    /// The guild's roster as stored after the latest step.
    fn roster(&mut self) -> Roster {
        self.h.shared(Tournament::NAME)
    }
    /// Sets the tournament up as a test needs it (no log entry).
    fn edit(&mut self, f: impl FnOnce(&mut Tournament)) {
        self.h.edit::<Tournament>(f);
    }
    /// Sets the roster up as a test needs it (no log entry).
    fn edit_roster(&mut self, f: impl FnOnce(&mut Roster)) {
        self.h.edit_shared::<Roster>(Tournament::NAME, f);
    }
    /// `alice` makes `Ninja{i}` for `i` in `range`.
    fn create(&mut self, range: std::ops::Range<usize>) {
        for i in range {
            self.h.ok(&format!(
                "alice: /ninja create name:Ninja{i} iq:14 dx:13 st:13"
            ));
        }
    }
    /// The GM opens a tournament in the channel and `alice` makes and enters `entrants` ninjas.
    fn open(&mut self, entrants: usize) {
        self.h.ok("gm: /ninja new");
        let first = self.roster().ninjas.len();
        self.create(first..first + entrants);
        for i in first..first + entrants {
            self.h.ok(&format!("alice: /ninja enter name:Ninja{i}"));
        }
    }
    /// The GM fills the places and starts round 1.
    fn start(&mut self) {
        self.h.ok("gm: /ninja fill");
        self.h.ok("gm: /ninja start");
    }
    /// The GM runs the ninja who is up, all at once.
    fn run_auto(&mut self) -> Vec<Reply> {
        self.h.ok("gm: /ninja run auto:true").replies
    }
    /// The GM runs whole rounds until the tournament is over; the last step's replies.
    fn run_to_the_end(&mut self) -> Vec<Reply> {
        let mut last = vec![];
        while self.t().phase == Phase::Running {
            last = self.h.ok("gm: /ninja run round:true").replies;
        }
        last
    }
}

/// A tournament on `seed` with `entrants` of alice's ninjas entered, not started.
fn open(seed: u64, entrants: usize) -> T {
    let mut t = T::new(seed);
    t.open(entrants);
    t
}

#[test]
fn rule_ninja_sixteen_entrants_start_and_gm_fills() {
    // "Every game starts with 16 characters."
    let mut t = open(5, 3);
    let before = t.t();
    let err = t.h.err("gm: /ninja start");
    assert!(err.contains("16 ninjas"), "{err}");
    assert_eq!(t.t(), before, "a refusal changes nothing");
    // Filling is the GM's: the declaration says so and the table checks it once.
    t.h.err("bob: /ninja fill");
    t.h.ok("gm: /ninja fill");
    let tour = t.t();
    assert_eq!(tour.entrants.len(), 16);
    assert!(tour.entrants[3..].iter().all(|e| e.house));
    t.h.ok("gm: /ninja start");
    let tour = t.t();
    assert_eq!(tour.phase, Phase::Running);
    assert_eq!(tour.rounds[0].order, (0..16).collect::<Vec<_>>());
}

#[test]
fn entering_someone_elses_ninja_is_refused() {
    let mut t = open(6, 0);
    t.create(0..1);
    assert!(t
        .h
        .err("bob: /ninja enter name:ninja0")
        .contains("belongs to"));
    t.edit_roster(|r| r.ninjas[0].retired = Some("retired by choice".into()));
    assert!(t.h.err("gm: /ninja enter name:Ninja0").contains("retired"));
}

/// A started tournament on `seed`: alice's Ninja0 runs first, 15 house ninjas after it.
fn started(seed: u64) -> T {
    let mut t = open(seed, 1);
    t.start();
    t
}

#[test]
fn only_the_owner_or_gm_rolls_for_a_ninja() {
    let mut t = started(8);
    t.h.err("bob: /ninja run");
    t.h.ok("alice: /ninja run");
    assert!(t.t().current_run().is_some());
    t.h.ok("alice: /ninja roll");
}

#[test]
fn rule_ninja_luck_rerolls_a_miss_once_per_round_and_player_chooses() {
    // "Luck allows a ninja to reroll one miss once every round, then choose which result to use."
    for seed in 0..200 {
        let mut t = started(seed);
        let e = t.t().current().unwrap();
        t.edit(|t| {
            t.entrants[e].luck = 1;
            t.rounds[0].luck_left[0] = 1;
        });
        t.h.ok("alice: /ninja run");
        let mut offered = false;
        for _ in 0..40 {
            if t.t().current() != Some(e) {
                break;
            }
            let out = t.h.ok("alice: /ninja roll").replies;
            let tour = t.t();
            if let Some(pending) = &tour.pending {
                offered = true;
                assert!(out[0].message.buttons.iter().any(|b| b.label == "Use luck"));
                let turns = tour.current_run().unwrap().turns;
                let first = pending.first;
                // Choosing before using luck is refused and changes nothing.
                t.h.err("alice: /ninja luck choice:first");
                assert_eq!(t.t(), tour);
                t.h.ok("alice: /ninja luck choice:use");
                assert_eq!(t.t().rounds[0].luck_left[0], 0);
                t.h.ok("alice: /ninja luck choice:first");
                let tour = t.t();
                let run = tour.rounds[0].runs[0].as_ref().unwrap();
                assert_eq!(run.turns, turns + 1, "one turn for the roll and its reroll");
                assert_eq!(
                    run.boxes.last().unwrap().dice,
                    first,
                    "the first result was kept"
                );
                assert!(run.boxes.last().unwrap().luck);
                // No luck left: the next miss is not offered.
                break;
            }
        }
        if offered {
            while t.t().current() == Some(e) {
                t.h.ok("alice: /ninja roll");
                assert!(t.t().pending.is_none(), "luck is spent for this round");
            }
            return;
        }
    }
    panic!("no seed produced a miss");
}

#[test]
fn rule_ninja_auto_run_uses_luck_on_a_splash() {
    // Auto play spends luck only on a roll that would splash ("save it for a bogus roll").
    for seed in 0..400 {
        let mut t = started(seed);
        t.edit(|t| t.rounds[0].luck_left[0] = 1);
        let out = t.run_auto();
        let text: String = out
            .iter()
            .map(|r| {
                match r
                    .message
                    .files
                    .iter()
                    .find(|f| f.name == "play-by-play.txt")
                {
                    Some(f) => f.content.clone(),
                    None => r.message.body.clone(),
                }
            })
            .collect();
        if let Some(i) = text.lines().position(|l| l.contains("luck! ")) {
            let lines: Vec<&str> = text.lines().collect();
            let rerolled = lines[i]
                .split("luck! ")
                .nth(1)
                .and_then(|x| x.split(" rerolled").next())
                .unwrap_or("");
            let was_save = i > 0 && lines[i - 1].contains("save roll next");
            assert!(
                rerolled.ends_with("= 18") || was_save,
                "luck spent on a roll that would not splash: {}",
                lines[i]
            );
            assert_eq!(t.t().rounds[0].luck_left[0], 0);
            return;
        }
    }
    panic!("no seed needed luck");
}

#[test]
fn rule_ninja_an_event_is_recorded_as_the_ninja_runs_round_1_not_when_it_starts() {
    // The rulebook records an event on the sheet as each ninja runs round 1. Charging every
    // entrant at the start meant `/game end` right after it gave 16 ninjas an event, and a
    // ninja at 15 events retired ("after 16 events") without ever running.
    let mut t = started(11);
    assert!(
        t.roster().ninjas.iter().all(|n| n.events == 0),
        "nobody ran yet"
    );
    let tour = t.t();
    let first = tour.rounds[0].order[0];
    let veteran = tour.rounds[0].order[1];
    let veteran_id = tour.entrants[veteran].record.id;
    t.edit_roster(|r| {
        r.by_id_mut(veteran_id).unwrap().events = 15;
        r.by_id_mut(veteran_id).unwrap().points = 9;
    });
    t.run_auto();
    let first_id = tour.entrants[first].record.id;
    assert_eq!(t.roster().by_id(first_id).unwrap().events, 1);
    // Ended early: the veteran never ran, keeps 15 events and is not retired.
    t.h.ok("gm: /game end");
    let lines = t.h.ok("gm: press End the game").text;
    assert!(lines.contains("Game ended"), "{lines}");
    let roster = t.roster();
    let v = roster.by_id(veteran_id).unwrap();
    assert_eq!(v.events, 15);
    assert_eq!(v.retired, None, "{lines}");
    assert_eq!(roster.ninjas.iter().map(|n| n.events).sum::<u32>(), 16);
}

#[test]
fn the_fill_button_goes_once_16_of_16_places_are_taken() {
    let mut t = open(4, 1);
    let buttons = |out: &[Reply]| -> Vec<String> {
        out.iter()
            .flat_map(|r| r.message.buttons.iter().map(|b| b.label.clone()))
            .collect()
    };
    let out = t.h.ok("gm: /ninja fill").replies;
    assert_eq!(t.t().entrants.len(), 16);
    let labels = buttons(&out);
    assert!(!labels.contains(&"Fill".to_string()), "{labels:?}");
    assert!(labels.contains(&"Start".to_string()), "{labels:?}");
    assert!(out
        .iter()
        .any(|r| r.message.body.contains("all 16 places taken")));
}

#[test]
fn house_ninjas_come_back_instead_of_piling_up_49_after_three_fills() {
    // Issue #39: three tournaments filled by one GM left 49 ninjas on the roster, 47 of them
    // house ninjas. Idle house ninjas of the GM are taken back before any is generated.
    let mut t = T::new(21);
    for round in 0..3 {
        t.open(usize::from(round == 0));
        t.start();
        t.run_to_the_end();
    }
    let roster = t.roster();
    let house = roster
        .ninjas
        .iter()
        .filter(|n| n.occupation == roster::HOUSE_OCCUPATION)
        .count();
    // 15 generated at the first fill (one player's ninja entered), one more at the second
    // (no player entered), none at the third.
    assert_eq!(roster.ninjas.len(), 17);
    assert_eq!(house, 16);
    // The 15 that ran all three tournaments have three events each.
    let veterans = roster
        .ninjas
        .iter()
        .filter(|n| n.occupation == roster::HOUSE_OCCUPATION && n.events == 3)
        .count();
    assert_eq!(veterans, 15);
}

#[test]
fn look_alike_names_are_one_name_on_the_roster_red_fox() {
    // Issue #39: "Red\u{a0}Fox", "Red  Fox", fullwidth "ＲＥＤ ＦＯＸ" and a decomposed accent
    // all passed "already a ninja named …". Names are compared by their key; shown as typed.
    let mut t = T::new(2);
    let create = |name: &str| {
        let cmd = Command::new("ninja create")
            .with("name", name)
            .with("iq", "14")
            .with("dx", "13")
            .with("st", "13");
        format!("alice: {cmd}")
    };
    t.h.ok(&create("Red Fox"));
    t.h.ok(&create("Rëd Owl"));
    for alike in ["Red\u{a0}Fox", "Red  Fox", "ＲＥＤ ＦＯＸ", "red fox"] {
        let before = t.roster();
        let e = t.h.err(&create(alike));
        assert!(
            e.contains("there is already a ninja called `Red Fox`"),
            "{alike:?}: {e}"
        );
        assert_eq!(t.roster(), before, "{alike:?}: the refusal changed nothing");
    }
    t.h.err(&create("Re\u{308}d Owl"));
    // A lookup by a look-alike spelling finds the ninja; the name stays as typed.
    let roster = t.roster();
    assert_eq!(roster.find("ＲＥＤ　ＦＯＸ").unwrap().name, "Red Fox");
    assert_eq!(roster.find("  red   fox ").unwrap().name, "Red Fox");
    assert_eq!(roster.ninjas.len(), 2);
}

#[test]
fn an_auto_runs_log_line_says_how_the_run_ended() {
    // `/game log` keeps a message's title and first line; an auto run's first line is only
    // "**X** steps up.", so its result now heads the message.
    let mut t = started(9);
    for _ in 0..3 {
        let out = t.run_auto();
        let first = out.iter().find(|r| r.is_public()).unwrap();
        let title = first.message.title.clone().unwrap_or_default();
        assert!(
            title.contains("completes the course in")
                || title.ends_with(": SPLASH")
                || title.ends_with(": out of time"),
            "{title:?}: {}",
            first.message.body
        );
    }
}

#[test]
fn the_gm_runs_a_whole_round_at_once_instead_of_16_runs() {
    // Issue #39: a solo GM needed about 28 `/ninja run auto:true` per tournament.
    let mut t = started(13);
    let before = t.t();
    let e = t.h.err("alice: /ninja run round:true");
    assert!(e.starts_with("only the GM runs a whole round"), "{e}");
    assert_eq!(t.t(), before);
    let mut actions = 0;
    while t.t().phase == Phase::Running {
        let out = t.h.ok("gm: /ninja run round:true").replies;
        actions += 1;
        let ups = out
            .iter()
            .filter(|r| r.message.body.starts_with("Up next: "))
            .count();
        assert!(ups <= 1, "one Up next at most");
    }
    assert_eq!(actions, 3, "one per round");
    let tour = t.t();
    assert!(tour.rounds.iter().all(|r| r.done()));
    assert_eq!(tour.rounds[0].order.len(), 16);
}

#[test]
fn the_finals_picture_crosses_out_falls_not_finishers_who_did_not_win() {
    // Issue #39: the final's sheet struck every finisher but the winner like a splash.
    use croupier_core::table::{UserId, Viewer};
    for seed in 1..60 {
        let mut t = started(seed);
        t.run_to_the_end();
        let view = view::view_model(&t.t(), &t.d, &Viewer::user(&UserId::new("u1")));
        let round = view.round.unwrap();
        assert_eq!(round.number, 3);
        let finished = |r: &&view::RowView| {
            matches!(
                r.run.as_ref().map(|x| x.status),
                Some(RunStatus::Finished { .. })
            )
        };
        let losers: Vec<_> = round
            .rows
            .iter()
            .filter(finished)
            .filter(|r| r.through == Some(false))
            .collect();
        if losers.is_empty() {
            continue;
        }
        assert!(
            losers.iter().all(|r| !r.out),
            "a finisher is not crossed out"
        );
        for r in &round.rows {
            if matches!(
                r.run.as_ref().map(|x| x.status),
                Some(RunStatus::Splash | RunStatus::OutOfTime)
            ) {
                assert!(r.out);
            }
        }
        return;
    }
    panic!("no final with a finisher who did not win");
}

#[test]
fn while_luck_waits_the_sheet_offers_the_luck_buttons() {
    // Issue #39: a stale button pressed while a luck choice waited was refused with "Nothing
    // is waiting for you right now": the sheet (what the refusal offers) had no buttons then.
    let mut t = started(6);
    t.h.ok("gm: /ninja run");
    let labels = |t: &mut T| -> Vec<String> {
        t.h.ok("gm: /ninja sheet")
            .replies
            .iter()
            .flat_map(|r| r.message.buttons.iter().map(|b| b.label.clone()))
            .collect()
    };
    assert_eq!(labels(&mut t), ["Roll", "Auto"]);
    t.edit(|t| {
        t.pending = Some(PendingLuck {
            first: [6, 6, 5],
            second: None,
        })
    });
    assert_eq!(labels(&mut t), ["Use luck", "Take the roll"]);
    t.edit(|t| {
        t.pending = Some(PendingLuck {
            first: [6, 6, 5],
            second: Some([1, 2, 3]),
        })
    });
    assert_eq!(labels(&mut t), ["Keep first", "Keep reroll"]);
    // Each button answers the decision open now.
    let open = t.h.decisions();
    assert!(open[0].key.ends_with("-keep"));
}

#[test]
fn the_roster_lists_only_your_ninjas_with_mine() {
    let mut t = started(5);
    let mut list = |line: &str| t.h.ok(line).replies[0].message.body.clone();
    let everyone = list("alice: /ninja roster");
    assert_eq!(everyone.lines().count(), 16, "{everyone}");
    let mine = list("alice: /ninja roster mine:true");
    assert_eq!(mine.lines().count(), 1, "{mine}");
    assert!(mine.starts_with("**Ninja0** (<@alice>)"), "{mine}");
    let none = list("bob: /ninja roster mine:true");
    assert!(none.starts_with("You have no ninjas yet."), "{none}");
}

#[test]
fn rule_ninja_five_unspent_points_at_a_finish_offer_training() {
    // "Five experience points can be used to buy another additive": a finish that brings a
    // player's ninja to 5 unspent points says so and offers the roll (issue #39).
    for seed in 1..40 {
        let mut t = started(seed);
        let tour = t.t();
        let first = tour.rounds[0].order[0];
        let id = tour.entrants[first].record.id;
        assert!(!tour.entrants[first].house);
        t.edit_roster(|r| r.by_id_mut(id).unwrap().points = 4);
        let out = t.run_auto();
        if t.roster().by_id(id).unwrap().points != 5 {
            continue; // splashed or out of time: no point
        }
        let offer = out
            .iter()
            .find(|r| r.message.body.contains("has 5 unspent points"))
            .expect("a training offer");
        assert!(offer
            .message
            .body
            .starts_with("<@alice>, **Ninja0** has 5 unspent points"));
        assert!(offer
            .message
            .buttons
            .iter()
            .any(|b| b.label == "Train" && b.command == "/ninja train name:Ninja0"));
        return;
    }
    panic!("no seed finished the first run");
}

#[test]
fn up_next_shows_the_skills_the_run_will_take_after_training() {
    // "Up next" listed the skills as entered; training between runs changes them.
    let mut t = started(3);
    let tour = t.t();
    let d = data();
    let second = tour.rounds[0].order[1];
    let id = tour.entrants[second].record.id;
    let first_obstacle = d.course(1)[0];
    let additive = d.obstacles[first_obstacle].additives[0].clone();
    let before = tour.entrants[second].skills[first_obstacle];
    t.edit_roster(|r| r.by_id_mut(id).unwrap().additives.push(additive));
    let after = t.roster().by_id(id).unwrap().skills(&d)[first_obstacle];
    assert_eq!(after, before + 1);
    let out = t.run_auto();
    let up = out
        .iter()
        .find(|r| r.message.body.starts_with("Up next: "))
        .expect("up next");
    let initials = &d.obstacles[first_obstacle].initials;
    assert!(
        up.message
            .body
            .contains(&format!("skills {initials} {after}")),
        "{}",
        up.message.body
    );
}

#[test]
fn rule_ninja_points_events_and_wins_land_in_the_roster_as_awarded() {
    // "Every ninja who completes the course in the first round gets one experience point ...
    // In the final round, only the winner gets a point."
    let mut t = started(11);
    let mut guard = 0;
    let mut last = vec![];
    while t.t().phase == Phase::Running {
        last = t.run_auto();
        guard += 1;
        assert!(guard < 40);
    }
    let tour = t.t();
    let mut roster = t.roster();
    assert_eq!(
        guard,
        tour.rounds.iter().map(|r| r.order.len()).sum::<usize>()
    );
    assert!(last
        .iter()
        .any(|r| r.message.title.as_deref() == Some("📜 Roster updated")));
    assert_eq!(roster.ninjas.len(), 16, "house ninjas join the roster");
    for (i, e) in tour.entrants.iter().enumerate() {
        let r = roster.find(&e.record.name).unwrap();
        assert_eq!(r.events, 1);
        assert_eq!(r.points, tour.earned(i));
        assert_eq!(r.wins, u32::from(tour.winners.contains(&i)));
    }
    // Nothing is held any more: ending the session again changes nothing.
    assert!(roster.ninjas.iter().all(|n| n.entered.is_none()));
    let copy = roster.clone();
    assert!(
        Tournament::end_session(&mut roster, croupier_core::table::Place::nowhere(), &t.d)
            .is_empty()
    );
    assert_eq!(roster, copy);
    let xp_total: u32 = roster.ninjas.iter().map(|n| n.points).sum();
    let r1 = tour.rounds[0].ranking(CutTies::Earlier).len() as u32;
    let r2 = tour
        .rounds
        .get(1)
        .map(|r| r.ranking(CutTies::Earlier).len() as u32)
        .unwrap_or(0);
    assert_eq!(xp_total, r1 + r2 + tour.winners.len() as u32);
}

/// `who` trains Ninja0 (with `pick`).
fn train(who: &str, pick: Option<&str>) -> String {
    match pick {
        Some(p) => format!("{who}: /ninja train name:Ninja0 pick:{p}"),
        None => format!("{who}: /ninja train name:Ninja0"),
    }
}

#[test]
fn rule_ninja_five_points_buy_an_additive_rolled_on_2d6() {
    // "Five experience points can be used to buy another additive. Roll 2d6 and select one of the
    // additives indicated."
    let d = data();
    for seed in 0..40 {
        let mut t = open(seed, 1);
        t.edit_roster(|r| r.ninjas[0].points = 4);
        let before = t.roster();
        let err = t.h.err(&train("alice", None));
        assert!(err.contains("4 unspent"), "{err}");
        assert_eq!(t.roster(), before);
        t.edit_roster(|r| r.ninjas[0].points = 5);
        // Only the owner trains.
        t.h.err(&train("bob", None));
        let adds_before = t.roster().ninjas[0].additives.len();
        t.h.ok(&train("alice", None));
        assert_eq!(t.roster().ninjas[0].spent, 5);
        let pending = t.roster().ninjas[0].pending_train.clone();
        if let Some(pair) = &pending {
            t.h.err(&train("alice", Some("nonsense")));
            let other = d
                .additives
                .iter()
                .find(|a| !pair.contains(&a.id))
                .unwrap()
                .id
                .clone();
            let err = t.h.err(&train("alice", Some(&other)));
            assert!(err.contains("the dice offered"), "{err}");
            t.h.ok(&train("alice", Some(&pair[1])));
            assert_eq!(t.roster().ninjas[0].pending_train, None);
            assert_eq!(t.roster().ninjas[0].additives.last(), Some(&pair[1]));
        }
        let roster = t.roster();
        assert_eq!(roster.ninjas[0].additives.len(), adds_before + 1);
        assert_eq!(roster.ninjas[0].unspent(), 0);
        if pending.is_some() {
            return;
        }
    }
    panic!("no seed offered a choice");
}

#[test]
fn rule_ninja_the_end_of_a_tournament_retires_a_ninja_who_fails_to_qualify() {
    // "Characters with only 1 point after 5 events fail to qualify and cannot return."
    let mut retired_seen = false;
    for seed in 11..20 {
        let mut t = started(seed);
        // The fifth event: it counts when the ninja runs round 1.
        assert_eq!(t.roster().ninjas[0].events, 0);
        t.edit_roster(|r| {
            r.ninjas[0].events = 4;
            r.ninjas[0].points = 0;
        });
        let lines: Vec<String> = t
            .run_to_the_end()
            .into_iter()
            .map(|r| r.message.body)
            .collect();
        let fox = t.roster().ninjas[0].clone();
        assert_eq!(fox.events, 5);
        if fox.points > 1 {
            assert_eq!(fox.retired, None, "2 points after 5 events may return");
            continue;
        }
        retired_seen = true;
        assert!(fox
            .retired
            .as_deref()
            .unwrap_or("")
            .contains("failed to qualify"));
        assert!(lines.iter().any(|l| l.contains("retires")));
        t.h.ok("gm: /ninja new");
        // It cannot return.
        t.h.err("gm: /ninja enter name:Ninja0");
    }
    assert!(retired_seen);
}

#[test]
fn score_sheet_shows_marks_initials_and_results() {
    let mut t = started(11);
    for _ in 0..16 {
        t.run_auto();
    }
    let s = sheet::score_sheet(&t.t(), &t.d);
    assert!(s.contains("Round 1 — LR RS RC RH NC"));
    assert!(s.contains("lr:"));
    assert!(s.contains("Ranking:"));
    assert!(s.contains("Round 2"), "round 1 closed and round 2 set up");
    assert!(s.contains("SPLASH") || s.contains("O.O.T."), "{s}");
}

#[test]
fn the_ninja_command_fits_discord_limits() {
    assert_eq!(Tournament::command().problems(""), Vec::<String>::new());
}

#[test]
fn withdraw_before_the_start_frees_the_place() {
    let mut t = open(2, 2);
    t.h.err("bob: /ninja withdraw name:Ninja1");
    t.h.ok("alice: /ninja withdraw name:ninja1");
    assert_eq!(t.t().entrants.len(), 1);
    t.h.err("gm: /ninja withdraw name:Ninja1");
}

#[test]
fn a_new_tournament_tells_players_how_to_make_a_ninja() {
    let mut t = T::new(1);
    let replies = t.h.ok("gm: /ninja new").replies;
    let body = &replies[0].message.body;
    assert!(body.contains("/ninja enter name:"), "{body}");
    assert!(body.contains("/ninja create name:"), "{body}");
}

#[test]
fn a_ninja_held_by_one_tournament_is_refused_by_another_naming_its_channel() {
    // Two tournaments of one guild: in `#arena` (opened first) and in the harness's channel.
    let mut t = T::new(3);
    let place = |channel: &str, session: i64| croupier_core::table::Place {
        channel: channel.into(),
        session: Some(session),
    };
    let (arena, here) = (place("arena", 1), place(croupier_core::testkit::CHANNEL, 2));
    t.h.ok("alice: /ninja create name:\"Red Fox\" iq:14 dx:13 st:13");
    t.h.ok("#arena gm: /ninja new");
    t.h.ok("gm: /ninja new");
    t.h.ok("#arena alice: /ninja enter name:\"Red Fox\"");
    assert_eq!(t.roster().ninjas[0].entered.as_ref(), Some(&arena));
    let alice = Actor::player("alice", "alice");
    let d = data();
    let offered = |roster: &Roster, sub: &str| -> Vec<String> {
        Tournament::global_autocomplete(
            roster,
            &alice,
            &Command::new(&format!("ninja {sub}")),
            "name",
            "",
            &d,
        )
        .into_iter()
        .map(|c| c.value)
        .collect()
    };
    let held = t.roster();
    assert!(offered(&held, "enter").is_empty(), "not offered to enter");
    assert_eq!(offered(&held, "withdraw"), vec!["Red Fox".to_string()]);
    let e = t.h.err("alice: /ninja enter name:\"Red Fox\"");
    assert!(
        e.starts_with("Red Fox is already entered in the tournament in <#arena>"),
        "{e}"
    );
    assert_eq!(t.roster(), held, "the refusal changed nothing");
    assert!(t.t().entrants.is_empty());
    // Nor may it retire while it is entered (from any channel).
    let e = t.h.err("alice: /ninja retire name:\"Red Fox\"");
    // Issue #39: the refusal pointed to `/ninja withdraw` alone, which a started tournament
    // refuses; it says what to do in either case.
    assert!(
        e.starts_with("Red Fox is entered in the tournament in <#arena>: before it starts, withdraw them there")
            && e.contains("once it has started, they can retire when it ends (the final, or `/game end` by its GM)"),
        "{e}"
    );
    assert_eq!(t.roster(), held, "the refusal changed nothing");
    // Withdrawn in the arena, it may enter this channel's tournament.
    t.h.ok("#arena alice: /ninja withdraw name:\"red fox\"");
    assert_eq!(t.roster().ninjas[0].entered, None);
    t.h.ok("alice: /ninja enter name:\"Red Fox\"");
    assert_eq!(t.roster().ninjas[0].entered.as_ref(), Some(&here));
    // Its end frees it.
    let mut roster = t.roster();
    let lines = Tournament::end_session(&mut roster, &here, &t.d);
    assert_eq!(lines.len(), 1);
    t.h.ok("gm: /game end");
    t.h.ok("gm: press End the game");
    assert_eq!(t.roster().ninjas[0].entered, None);
}

#[test]
fn rule_ninja_generated_names_are_numbered_past_every_house_name_and_join_the_roster() {
    let mut t = open(8, 3);
    // Every listed name is taken, and someone already has "House Ninja 7".
    let d = data();
    let mut taken: Vec<String> = d.names.clone();
    taken.push("House Ninja 7".into());
    t.edit_roster(|r| {
        for name in taken {
            let mut n = roster::new_ninja(
                &d,
                name,
                "Tester".into(),
                croupier_core::table::UserId::new("bob"),
                (14, 13, 13),
                [1, 2],
            )
            .expect("a ninja");
            n.id = r.next_id();
            r.ninjas.push(n);
        }
    });
    let first_id = t.roster().next_id();
    t.h.ok("gm: /ninja fill");
    let tour = t.t();
    let roster = t.roster();
    let house: Vec<&Entrant> = tour.entrants.iter().filter(|e| e.house).collect();
    assert_eq!(house.len(), 13);
    let numbers: Vec<u64> = house
        .iter()
        .map(|e| roster::house_number(&e.record.name).unwrap())
        .collect();
    assert_eq!(numbers, (8..=20).collect::<Vec<u64>>());
    for (k, e) in house.iter().enumerate() {
        assert_eq!(e.record.id, first_id + k as u64);
        let r = roster.by_id(e.record.id).unwrap();
        assert_eq!(r.name, e.record.name, "on the roster under its own id");
        assert!(r.entered.is_some(), "held by the tournament");
    }
}

#[test]
fn a_run_takes_skills_and_luck_from_the_roster_record_when_it_starts() {
    let mut t = started(4);
    let tour = t.t();
    let first = tour.current().unwrap();
    let id = tour.entrants[first].record.id;
    let before = tour.entrants[first].skills.clone();
    // Trained since the entry: two copies of luck and superior balance.
    t.edit_roster(|r| {
        r.by_id_mut(id)
            .unwrap()
            .additives
            .extend(["luck".into(), "luck".into(), "balance".into()])
    });
    let roster = t.roster();
    let want = roster.by_id(id).unwrap().clone();
    let a = tour
        .parse(&gm(), &Command::new("ninja run"), &t.d, &roster)
        .unwrap();
    let NinjaAction::Run { fresh: Some(f), .. } = &a else {
        panic!("the run carries the roster record: {a:?}");
    };
    assert_eq!(f.additives, want.additives);
    t.h.ok("gm: /ninja run");
    let tour = t.t();
    let e = &tour.entrants[first];
    assert_eq!(e.skills, want.skills(&t.d));
    assert_ne!(e.skills, before);
    assert_eq!(tour.round().unwrap().luck_left[0], want.luck(&t.d));
    let run = tour.current_run().unwrap();
    let course: Vec<i32> = run.course.iter().map(|&i| e.skills[i]).collect();
    assert_eq!(run.skills, course, "the run uses the new skills");
    // A run already under way is not refreshed.
    let a = tour
        .parse(
            &gm(),
            &Command::new("ninja run").with("auto", "true"),
            &t.d,
            &roster,
        )
        .unwrap();
    assert!(matches!(a, NinjaAction::Run { fresh: None, .. }), "{a:?}");
}

#[test]
fn a_tournament_entered_before_ids_existed_writes_its_results_back_at_the_end() {
    // A database upgraded while a tournament ran: its entries carry no ids, and its house
    // ninjas are not on the roster yet. They are written back by name at the end, once.
    let mut t = started(12);
    t.edit(|t| {
        for e in &mut t.entrants {
            e.record.id = 0;
        }
    });
    t.edit_roster(|r| {
        r.ninjas.truncate(1);
        r.ninjas[0].entered = None;
    });
    assert_eq!(t.roster().ninjas.len(), 1);
    t.run_to_the_end();
    let tour = t.t();
    let roster = t.roster();
    assert_eq!(
        roster.ninjas.len(),
        16,
        "the house ninjas joined at the end"
    );
    for (i, e) in tour.entrants.iter().enumerate() {
        let r = roster.find(&e.record.name).unwrap();
        assert_ne!(r.id, 0);
        assert_eq!(r.events, 1, "{}", r.name);
        assert_eq!(r.points, tour.earned(i), "{}", r.name);
        assert_eq!(r.wins, u32::from(tour.winners.contains(&i)));
    }
}

#[test]
fn a_pending_training_pick_shows_on_the_sheet_and_the_gm_may_make_it() {
    let d = data();
    for seed in 0..40 {
        let mut t = open(seed, 1);
        t.edit_roster(|r| r.ninjas[0].points = 5);
        t.h.ok(&train("alice", None));
        let Some(pair) = t.roster().ninjas[0].pending_train.clone() else {
            continue;
        };
        let sheet = t.h.ok("alice: /ninja sheet name:Ninja0").text;
        assert!(
            sheet.contains(&format!(
                "Training waits for a pick: {} or {}",
                d.additive_name(&pair[0]),
                d.additive_name(&pair[1])
            )),
            "{sheet}"
        );
        // The player is away: the GM (a manager of the channel) picks for them.
        t.h.ok(&train("gm", Some(&pair[0])));
        let roster = t.roster();
        assert_eq!(roster.ninjas[0].pending_train, None);
        assert_eq!(roster.ninjas[0].additives.last(), Some(&pair[0]));
        assert!(!t
            .h
            .ok("alice: /ninja sheet name:Ninja0")
            .text
            .contains("waits for a pick"));
        return;
    }
    panic!("no seed offered a choice");
}

#[test]
fn the_declaration_gives_settings_choices_and_the_guild_wide_roster() {
    let mut t = T::new(9);
    assert_eq!(
        t.h.err("gm: /ninja new save17:maybe"),
        "save17 `maybe` is unknown; use fail or again."
    );
    let e = t.h.err("gm: /ninja new turns:4");
    assert!(e.contains("must be from 5 to 200, not 4"), "{e}");
    t.h.ok("gm: /ninja new turns:40 save17:Again cut_ties:both");
    let s = t.t().settings;
    assert_eq!(
        (s.turn_limit, s.final_limit, s.save_bogus, s.cut_ties),
        (40, 64, SaveBogus::Again, CutTies::Both)
    );
    // The roster commands are declared guild-wide and answered without a tournament.
    let spec = Tournament::command();
    let guild: Vec<&str> = spec
        .subcommands
        .iter()
        .filter(|s| s.guild)
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(guild, ["create", "sheet", "train", "retire", "roster"]);
    // The table routes by the declaration: `sheet` only with a name.
    let routed = |line: &str| spec.is_guild(&Command::parse_line(line).unwrap());
    assert!(routed("/ninja create name:Kage iq:14 dx:13 st:13"));
    assert!(routed("/ninja sheet name:Kage"));
    assert!(routed("/ninja roster everyone:true"));
    assert!(!routed("/ninja sheet"));
    assert!(!routed("/ninja roll"));
    // In a channel with no tournament.
    t.h.ok("#lobby gm: /ninja create name:Kage iq:14 dx:13 st:13");
    t.h.ok("#lobby gm: /ninja sheet name:Kage");
    // A guild-wide command's bad option is refused here, naming what it takes.
    assert!(t
        .h
        .err("#lobby gm: /ninja roster everyone:true")
        .contains("has no option `everyone:`"));
    let roster = t.roster();
    let luck = t
        .t()
        .parse(
            &gm(),
            &Command::parse_line("/ninja luck choice:REROLL").unwrap(),
            &t.d,
            &roster,
        )
        .unwrap();
    assert_eq!(
        luck,
        NinjaAction::Luck {
            choice: LuckChoice::Reroll
        }
    );
}

/// A short tournament as a script with its expected output (`UPDATE_EXPECT=1` re-records
/// it): a ninja made and entered, the places filled, its run turn by turn and at once, the
/// tournament ended early and the roster written back.
#[test]
fn a_short_tournament_prints_what_it_printed_before() {
    let mut t = T::new(7);
    t.h.expect_script("crates/ninja/tests/scripts/tournament.txt");
    let kage = t.roster().find("Kage").cloned().expect("on the roster");
    assert_eq!((kage.events, kage.entered), (1, None));
}

#[test]
fn a_stale_luck_button_names_the_luck_it_was_for() {
    // Issue #39: a stale luck button's refusal must quote the luck decision it was made for,
    // not the one open now. Two lucks in one run: the first is settled ("Keep first"), another
    // player acts, a second luck decision opens on a later turn; the first prompt's "Keep
    // first" pressed then names the first turn and who settled it, and offers the open one.
    for seed in 0..400 {
        let mut t = started(seed);
        let e = t.t().current().unwrap();
        t.edit(|t| {
            t.entrants[e].luck = 2;
            t.rounds[0].luck_left[0] = 2;
        });
        t.h.ok("alice: /ninja run");
        let mut first_turn = None;
        for _ in 0..60 {
            if t.t().current() != Some(e) {
                break;
            }
            t.h.ok("alice: /ninja roll");
            let tour = t.t();
            if tour.pending.is_none() {
                continue;
            }
            let turn = tour.current_run().unwrap().turns + 1;
            match first_turn {
                None => {
                    t.h.ok("alice: press Use luck");
                    t.h.ok("alice: press Keep first");
                    // Another player acts in between.
                    t.h.ok("bob: /ninja roster");
                    first_turn = Some(turn);
                }
                Some(first) => {
                    let before = t.t();
                    let why = t.h.err("alice: press Keep first");
                    assert_eq!(t.t(), before, "a stale press changes nothing");
                    assert!(
                        why.contains(&format!(
                            "that button was for **Ninja0's luck on turn {first} of round 1**, which is already settled: #"
                        )),
                        "names the first luck (turn {first}), not the open one (turn {turn}): {why}"
                    );
                    assert!(why.contains("alice"), "names who settled it: {why}");
                    assert!(why.contains("Here is what is open now"), "{why}");
                    return;
                }
            }
        }
    }
    panic!("no seed gave two lucks in one run");
}

/// A harness read in Japanese, as [`T::new`] sets one up.
fn japanese(seed: u64) -> T {
    let mut t = T::new(seed);
    t.h = Harness::of::<Tournament>(seed).reading(Locale::Ja);
    t.h.set_manager("gm", true);
    t
}

/// The ASCII words a Japanese transcript may hold: the players' and ninjas' names, the house
/// ninjas' names, the game's title (the table's own words name it) and `GM`. The additives and
/// obstacles read Japanese, the score sheet's initials too (`ネッ:6`).
fn names_in(d: &NinjaData, ninjas: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = [
        "alice",
        "bob",
        "gm",
        "GM",
        "House",
        "Ninja",
        "Obstacle",
        "Tournament",
    ]
    .iter()
    .chain(ninjas)
    .map(|s| s.to_string())
    .collect();
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .map(String::from)
            .collect()
    };
    for n in &d.names {
        names.extend(words(n));
    }
    names
}

/// Asserts that `transcript` holds no English word but `names`. Attached files (the score
/// sheet and a long run's play-by-play as `.txt`) are English still, and left out.
fn reads_japanese(transcript: &str, names: &[String]) {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let shown: String = transcript
        .lines()
        .filter(|l| !l.starts_with("📎 ") && !l.starts_with("  | "))
        .map(|l| format!("{l}\n"))
        .collect();
    let english = croupier_core::testkit::english_words(&shown, &names);
    assert!(
        english.is_empty(),
        "English words: {english:?}\n{transcript}"
    );
}

/// The short tournament's script (`tests/scripts/tournament.txt`) played by a table read in
/// Japanese: each step is accepted or refused as in English and leaves the same tournament and
/// roster (the words differ, the game does not); its button is pressed by its Japanese label,
/// and its Japanese transcript holds no English word outside commands, names and dice.
#[test]
fn a_tournament_played_in_japanese_ends_as_in_english() {
    let script = std::fs::read_to_string(croupier_core::source_path(
        "crates/ninja/tests/scripts/tournament.txt",
    ))
    .expect("the script");
    let mut en = T::new(7);
    let mut ja = japanese(7);
    let mut steps = 0;
    for line in script.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let a = en.h.line(line);
        let b =
            ja.h.line(&line.replace("press End the game", "press ゲームを終える"));
        assert_eq!(a.accepted, b.accepted, "{line}\n{}\n{}", a.text, b.text);
        assert_eq!(en.h.state_json(), ja.h.state_json(), "{line}");
        assert_eq!(en.roster(), ja.roster(), "{line}");
        steps += 1;
    }
    assert_eq!(steps, 15, "the whole script ran");
    assert_eq!(en.t().phase, ja.t().phase);
    reads_japanese(ja.h.transcript(), &names_in(&ja.d, &["Kage"]));
}

/// A whole tournament to its winner, run round by round by the GM in Japanese, with the score
/// sheet, the roster and a training between: the same tournament and roster as in English
/// after every step, and no English word in its Japanese transcript.
#[test]
fn a_whole_tournament_in_japanese_ends_as_in_english_and_reads_japanese() {
    let mut en = open(3, 2);
    let mut ja = japanese(3);
    ja.open(2);
    assert_eq!(en.h.state_json(), ja.h.state_json());
    let mut lines = vec![
        "gm: /ninja sheet".to_string(),
        "gm: /ninja fill".into(),
        "gm: /ninja start".into(),
        "alice: /ninja run".into(),
        "alice: /ninja roll".into(),
        "gm: /ninja sheet".into(),
    ];
    lines.extend((0..40).map(|_| "gm: /ninja run round:true".to_string()));
    lines.extend([
        "gm: /ninja sheet".to_string(),
        "alice: /ninja sheet name:Ninja0".into(),
        "alice: /ninja train name:Ninja1".into(),
        "alice: /ninja roster all:true".into(),
        "bob: /ninja roster mine:true".into(),
        "alice: /ninja retire name:Ninja1".into(),
    ]);
    for line in &lines {
        if line.contains("round:true") && en.t().phase != Phase::Running {
            continue;
        }
        let a = en.h.line(line);
        let b = ja.h.line(line);
        assert_eq!(a.accepted, b.accepted, "{line}\n{}\n{}", a.text, b.text);
        assert_eq!(en.h.state_json(), ja.h.state_json(), "{line}");
        assert_eq!(en.roster(), ja.roster(), "{line}");
    }
    assert_eq!(ja.t().phase, Phase::Over);
    let transcript = ja.h.transcript();
    assert!(transcript.contains("決勝"), "{transcript}");
    reads_japanese(transcript, &names_in(&ja.d, &["Ninja0", "Ninja1"]));
}

/// A Japanese reader of the tournament's opening, entries, filling, start, luck and their
/// refusals meets no English word outside commands, names and dice notation.
#[test]
fn the_tournaments_japanese_entries_hold_no_english_word() {
    let mut t = japanese(7);
    for line in [
        "gm: /ninja new",
        "alice: /ninja create name:Kage iq:14 dx:13 st:13",
        "alice: /ninja create name:Ninja0 iq:14 dx:13 st:13",
        "alice: /ninja enter name:Kage",
        "alice: /ninja enter name:Kage",
        "alice: /ninja enter name:Ninja0",
        "bob: /ninja withdraw name:Ninja0",
        "alice: /ninja withdraw name:Nobody",
        "alice: /ninja withdraw name:Ninja0",
        "bob: /ninja run",
        "gm: /ninja start",
        "gm: press 枠を埋める",
        "alice: /ninja enter name:Ninja0",
        "gm: /ninja fill",
        "gm: press 開始",
        "alice: /ninja withdraw name:Kage",
        "alice: /ninja enter name:Ninja0",
        "bob: /ninja run",
        "bob: /ninja roll",
        "alice: /ninja train name:Kage",
        "alice: /ninja train name:Kage pick:luck",
        "alice: /ninja luck choice:use",
    ] {
        t.h.line(line);
    }
    assert_eq!(t.t().phase, Phase::Running);
    let transcript = t.h.transcript().to_string();
    assert!(transcript.contains("第1ラウンドの挑戦順"), "{transcript}");
    assert!(transcript.contains("次の挑戦者：**"), "{transcript}");
    reads_japanese(&transcript, &names_in(&t.d, &["Kage", "Ninja0", "Nobody"]));
}
