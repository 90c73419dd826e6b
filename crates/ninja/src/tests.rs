//! Tournament-level rule tests (the scoring and roster rules are tested in their own files).

use super::scoring::{Run, RunRules, RunStatus};
use super::tournament::{CutTies, Round};
use super::*;
use croupier_core::rng::{seeded, GameRng};

fn data() -> NinjaData {
    NinjaData::load(&croupier_core::source_path("data")).expect("valid data")
}

fn ctx<'a>(
    rng: &'a mut GameRng,
    data: &'a NinjaData,
    shared: Option<&'a mut Roster>,
) -> Ctx<'a, NinjaData, Roster> {
    Ctx {
        rng,
        now: 0,
        data,
        shared,
        place: croupier_core::table::Place::nowhere(),
    }
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

fn open(rng: &mut GameRng, d: &NinjaData, roster: &mut Roster, entrants: usize) -> Tournament {
    let (mut t, _) = Tournament::create(
        &mut ctx(rng, d, Some(roster)),
        &gm(),
        &Command::new("ninja new"),
    )
    .unwrap();
    for i in 0..entrants {
        let name = format!("Ninja{i}");
        let cmd = Command::new("ninja create")
            .with("name", name.as_str())
            .with("iq", "14")
            .with("dx", "13")
            .with("st", "13");
        let owner = Actor::player("alice", "alice");
        Tournament::global(&mut ctx(rng, d, Some(roster)), &owner, &cmd).unwrap();
        let a = t
            .parse(
                &owner,
                &Command::new("ninja enter").with("name", name.as_str()),
                d,
                roster,
            )
            .unwrap();
        t.apply(&mut ctx(rng, d, Some(roster)), &owner, &a).unwrap();
    }
    t
}

#[test]
fn rule_ninja_sixteen_entrants_start_and_gm_fills() {
    // "Every game starts with 16 characters."
    let d = data();
    let mut rng = seeded(5);
    let mut roster = Roster::default();
    let mut t = open(&mut rng, &d, &mut roster, 3);
    let before = t.clone();
    let err = t
        .apply(
            &mut ctx(&mut rng, &d, Some(&mut roster)),
            &gm(),
            &NinjaAction::Start { shuffle: false },
        )
        .unwrap_err();
    assert!(err.0.contains("16 ninjas"), "{err}");
    assert_eq!(t, before, "a refusal changes nothing");
    // Filling is the GM's: the declaration says so and the table checks it once.
    let bob = Actor::player("bob", "bob");
    let fill = Command::parse_line("/ninja fill").unwrap();
    let host = t.host.0.clone();
    let check = |a: &Actor| {
        croupier_core::table::declare::check_permission(
            &Tournament::command(),
            &fill,
            a,
            &host,
            &t.gms(),
        )
    };
    assert!(check(&bob).is_err());
    assert!(check(&gm()).is_ok());
    t.apply(
        &mut ctx(&mut rng, &d, None),
        &gm(),
        &NinjaAction::Fill {
            taken: vec![],
            first_id: 0,
            reuse: vec![],
        },
    )
    .unwrap();
    assert_eq!(t.entrants.len(), 16);
    assert!(t.entrants[3..].iter().all(|e| e.house));
    t.apply(
        &mut ctx(&mut rng, &d, None),
        &gm(),
        &NinjaAction::Start { shuffle: false },
    )
    .unwrap();
    assert_eq!(t.phase, Phase::Running);
    assert_eq!(t.rounds[0].order, (0..16).collect::<Vec<_>>());
}

#[test]
fn entering_someone_elses_ninja_is_refused() {
    let d = data();
    let mut rng = seeded(6);
    let mut roster = Roster::default();
    let t = open(&mut rng, &d, &mut roster, 1);
    let mut t2 = t.clone();
    t2.entrants.clear();
    let bob = Actor::player("bob", "bob");
    let a = t2
        .parse(
            &bob,
            &Command::new("ninja enter").with("name", "ninja0"),
            &d,
            &roster,
        )
        .unwrap();
    assert!(t2
        .apply(&mut ctx(&mut rng, &d, None), &bob, &a)
        .unwrap_err()
        .0
        .contains("belongs to"));
    let mut retired = roster.clone();
    retired.ninjas[0].retired = Some("retired by choice".into());
    let a = t2
        .parse(
            &gm(),
            &Command::new("ninja enter").with("name", "Ninja0"),
            &d,
            &retired,
        )
        .unwrap();
    assert!(t2
        .apply(&mut ctx(&mut rng, &d, None), &gm(), &a)
        .unwrap_err()
        .0
        .contains("retired"));
}

fn started(seed: u64) -> (Tournament, NinjaData, GameRng, Roster) {
    let d = data();
    let mut rng = seeded(seed);
    let mut roster = Roster::default();
    let mut t = open(&mut rng, &d, &mut roster, 1);
    for cmd in ["ninja fill", "ninja start"] {
        let a = t.parse(&gm(), &Command::new(cmd), &d, &roster).unwrap();
        t.apply(&mut ctx(&mut rng, &d, Some(&mut roster)), &gm(), &a)
            .unwrap();
    }
    (t, d, rng, roster)
}

#[test]
fn only_the_owner_or_gm_rolls_for_a_ninja() {
    let (mut t, d, mut rng, _) = started(8);
    let bob = Actor::player("bob", "bob");
    assert!(t
        .apply(
            &mut ctx(&mut rng, &d, None),
            &bob,
            &NinjaAction::Run {
                auto: false,
                fresh: None
            }
        )
        .is_err());
    let alice = Actor::player("alice", "alice");
    t.apply(
        &mut ctx(&mut rng, &d, None),
        &alice,
        &NinjaAction::Run {
            auto: false,
            fresh: None,
        },
    )
    .unwrap();
    assert!(t.current_run().is_some());
    t.apply(&mut ctx(&mut rng, &d, None), &alice, &NinjaAction::Roll)
        .unwrap();
}

#[test]
fn rule_ninja_luck_rerolls_a_miss_once_per_round_and_player_chooses() {
    // "Luck allows a ninja to reroll one miss once every round, then choose which result to use."
    for seed in 0..200 {
        let (mut t, d, mut rng, _) = started(seed);
        let e = t.current().unwrap();
        t.entrants[e].luck = 1;
        t.rounds[0].luck_left[0] = 1;
        let alice = Actor::player("alice", "alice");
        t.apply(
            &mut ctx(&mut rng, &d, None),
            &alice,
            &NinjaAction::Run {
                auto: false,
                fresh: None,
            },
        )
        .unwrap();
        let mut offered = false;
        for _ in 0..40 {
            if t.current() != Some(e) {
                break;
            }
            let out = t
                .apply(&mut ctx(&mut rng, &d, None), &alice, &NinjaAction::Roll)
                .unwrap();
            if t.pending.is_some() {
                offered = true;
                assert!(out[0].message.buttons.iter().any(|b| b.label == "Use luck"));
                let turns = t.current_run().unwrap().turns;
                let first = t.pending.as_ref().unwrap().first;
                // Choosing before using luck is refused and changes nothing.
                let before = t.clone();
                assert!(t
                    .apply(
                        &mut ctx(&mut rng, &d, None),
                        &alice,
                        &NinjaAction::Luck {
                            choice: LuckChoice::First
                        }
                    )
                    .is_err());
                assert_eq!(t, before);
                t.apply(
                    &mut ctx(&mut rng, &d, None),
                    &alice,
                    &NinjaAction::Luck {
                        choice: LuckChoice::Use,
                    },
                )
                .unwrap();
                assert_eq!(t.rounds[0].luck_left[0], 0);
                t.apply(
                    &mut ctx(&mut rng, &d, None),
                    &alice,
                    &NinjaAction::Luck {
                        choice: LuckChoice::First,
                    },
                )
                .unwrap();
                let run = t.rounds[0].runs[0].as_ref().unwrap();
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
            while t.current() == Some(e) {
                t.apply(&mut ctx(&mut rng, &d, None), &alice, &NinjaAction::Roll)
                    .unwrap();
                assert!(t.pending.is_none(), "luck is spent for this round");
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
        let (mut t, d, mut rng, _) = started(seed);
        t.rounds[0].luck_left[0] = 1;
        let out = t
            .apply(
                &mut ctx(&mut rng, &d, None),
                &gm(),
                &NinjaAction::Run {
                    auto: true,
                    fresh: None,
                },
            )
            .unwrap();
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
            assert_eq!(t.rounds[0].luck_left[0], 0);
            return;
        }
    }
    panic!("no seed needed luck");
}

/// The GM runs the ninja who is up, all at once.
fn run_auto(
    t: &mut Tournament,
    rng: &mut GameRng,
    d: &NinjaData,
    roster: &mut Roster,
) -> Vec<Reply> {
    t.apply(
        &mut ctx(rng, d, Some(roster)),
        &gm(),
        &NinjaAction::Run {
            auto: true,
            fresh: None,
        },
    )
    .unwrap()
}

#[test]
fn rule_ninja_an_event_is_recorded_as_the_ninja_runs_round_1_not_when_it_starts() {
    // The rulebook records an event on the sheet as each ninja runs round 1. Charging every
    // entrant at the start meant `/game end` right after it gave 16 ninjas an event, and a
    // ninja at 15 events retired ("after 16 events") without ever running.
    let (mut t, d, mut rng, mut roster) = started(11);
    assert!(
        roster.ninjas.iter().all(|n| n.events == 0),
        "nobody ran yet"
    );
    let first = t.rounds[0].order[0];
    let veteran = t.rounds[0].order[1];
    let veteran_id = t.entrants[veteran].record.id;
    roster.by_id_mut(veteran_id).unwrap().events = 15;
    roster.by_id_mut(veteran_id).unwrap().points = 9;
    run_auto(&mut t, &mut rng, &d, &mut roster);
    let first_id = t.entrants[first].record.id;
    assert_eq!(roster.by_id_mut(first_id).unwrap().events, 1);
    // Ended early: the veteran never ran, keeps 15 events and is not retired.
    let lines = Tournament::end_session(&mut roster, croupier_core::table::Place::nowhere(), &d);
    let v = roster.by_id_mut(veteran_id).unwrap();
    assert_eq!(v.events, 15);
    assert_eq!(v.retired, None, "{lines:?}");
    assert_eq!(roster.ninjas.iter().map(|n| n.events).sum::<u32>(), 16);
}

#[test]
fn the_fill_button_goes_once_16_of_16_places_are_taken() {
    let d = data();
    let mut rng = seeded(4);
    let mut roster = Roster::default();
    let mut t = open(&mut rng, &d, &mut roster, 1);
    let buttons = |out: &[Reply]| -> Vec<String> {
        out.iter()
            .flat_map(|r| r.message.buttons.iter().map(|b| b.label.clone()))
            .collect()
    };
    let a = t
        .parse(&gm(), &Command::new("ninja fill"), &d, &roster)
        .unwrap();
    let out = t
        .apply(&mut ctx(&mut rng, &d, Some(&mut roster)), &gm(), &a)
        .unwrap();
    assert_eq!(t.entrants.len(), 16);
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
    let d = data();
    let mut rng = seeded(21);
    let mut roster = Roster::default();
    for round in 0..3 {
        let mut t = open(&mut rng, &d, &mut roster, usize::from(round == 0));
        for cmd in ["ninja fill", "ninja start"] {
            let a = t.parse(&gm(), &Command::new(cmd), &d, &roster).unwrap();
            t.apply(&mut ctx(&mut rng, &d, Some(&mut roster)), &gm(), &a)
                .unwrap();
        }
        while t.phase == Phase::Running {
            run_auto(&mut t, &mut rng, &d, &mut roster);
        }
    }
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
    let d = data();
    let mut rng = seeded(2);
    let mut roster = Roster::default();
    let alice = Actor::player("alice", "alice");
    let create = |name: &str, rng: &mut GameRng, roster: &mut Roster| {
        let cmd = Command::new("ninja create")
            .with("name", name)
            .with("iq", "14")
            .with("dx", "13")
            .with("st", "13");
        Tournament::global(&mut ctx(rng, &d, Some(roster)), &alice, &cmd)
    };
    create("Red Fox", &mut rng, &mut roster).unwrap();
    create("Rëd Owl", &mut rng, &mut roster).unwrap();
    for alike in ["Red\u{a0}Fox", "Red  Fox", "ＲＥＤ ＦＯＸ", "red fox"] {
        let before = roster.clone();
        let e = create(alike, &mut rng, &mut roster).unwrap_err().0;
        assert!(
            e.contains("there is already a ninja called `Red Fox`"),
            "{alike:?}: {e}"
        );
        assert_eq!(roster, before, "{alike:?}: the refusal changed nothing");
    }
    assert!(create("Re\u{308}d Owl", &mut rng, &mut roster).is_err());
    // A lookup by a look-alike spelling finds the ninja; the name stays as typed.
    assert_eq!(roster.find("ＲＥＤ　ＦＯＸ").unwrap().name, "Red Fox");
    assert_eq!(roster.find("  red   fox ").unwrap().name, "Red Fox");
    assert_eq!(roster.ninjas.len(), 2);
}

#[test]
fn an_auto_runs_log_line_says_how_the_run_ended() {
    // `/game log` keeps a message's title and first line; an auto run's first line is only
    // "**X** steps up.", so its result now heads the message.
    let (mut t, d, mut rng, mut roster) = started(9);
    for _ in 0..3 {
        let out = run_auto(&mut t, &mut rng, &d, &mut roster);
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
    let (mut t, d, mut rng, mut roster) = started(13);
    let round = |t: &Tournament, who: &Actor, roster: &Roster| {
        t.parse(
            who,
            &Command::new("ninja run").with("round", "true"),
            &d,
            roster,
        )
        .unwrap()
    };
    let alice = Actor::player("alice", "alice");
    let a = round(&t, &alice, &roster);
    let before = t.clone();
    let e = t
        .apply(&mut ctx(&mut rng, &d, Some(&mut roster)), &alice, &a)
        .unwrap_err()
        .0;
    assert!(e.starts_with("only the GM runs a whole round"), "{e}");
    assert_eq!(t, before);
    let mut actions = 0;
    while t.phase == Phase::Running {
        let a = round(&t, &gm(), &roster);
        let out = t
            .apply(&mut ctx(&mut rng, &d, Some(&mut roster)), &gm(), &a)
            .unwrap();
        actions += 1;
        let ups = out
            .iter()
            .filter(|r| r.message.body.starts_with("Up next: "))
            .count();
        assert!(ups <= 1, "one Up next at most");
    }
    assert_eq!(actions, 3, "one per round");
    assert!(t.rounds.iter().all(|r| r.done()));
    assert_eq!(t.rounds[0].order.len(), 16);
}

#[test]
fn the_finals_picture_crosses_out_falls_not_finishers_who_did_not_win() {
    // Issue #39: the final's sheet struck every finisher but the winner like a splash.
    use croupier_core::table::{UserId, Viewer};
    for seed in 1..60 {
        let (mut t, d, mut rng, mut roster) = started(seed);
        while t.phase == Phase::Running {
            run_auto(&mut t, &mut rng, &d, &mut roster);
        }
        let view = view::view_model(&t, &d, &Viewer::user(&UserId::new("u1")));
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
    let (mut t, d, mut rng, mut roster) = started(6);
    let a = t
        .parse(&gm(), &Command::new("ninja run"), &d, &roster)
        .unwrap();
    t.apply(&mut ctx(&mut rng, &d, Some(&mut roster)), &gm(), &a)
        .unwrap();
    let labels = |t: &Tournament| -> Vec<String> {
        t.view(&gm(), &d)
            .iter()
            .flat_map(|r| r.message.buttons.iter().map(|b| b.label.clone()))
            .collect()
    };
    assert_eq!(labels(&t), ["Roll", "Auto"]);
    t.pending = Some(PendingLuck {
        first: [6, 6, 5],
        second: None,
    });
    assert_eq!(labels(&t), ["Use luck", "Take the roll"]);
    t.pending = Some(PendingLuck {
        first: [6, 6, 5],
        second: Some([1, 2, 3]),
    });
    assert_eq!(labels(&t), ["Keep first", "Keep reroll"]);
    // Each button answers the decision open now.
    let open = t.decisions();
    assert!(open[0].key.ends_with("-keep"));
}

#[test]
fn the_roster_lists_only_your_ninjas_with_mine() {
    let (_, d, mut rng, mut roster) = started(5);
    let list = |who: &Actor, line: &str, rng: &mut GameRng, roster: &mut Roster| {
        Tournament::global(
            &mut ctx(rng, &d, Some(roster)),
            who,
            &Command::parse_line(line).unwrap(),
        )
        .unwrap()[0]
            .message
            .body
            .clone()
    };
    let alice = Actor::player("alice", "alice");
    let everyone = list(&alice, "/ninja roster", &mut rng, &mut roster);
    assert_eq!(everyone.lines().count(), 16, "{everyone}");
    let mine = list(&alice, "/ninja roster mine:true", &mut rng, &mut roster);
    assert_eq!(mine.lines().count(), 1, "{mine}");
    assert!(mine.starts_with("**Ninja0** (<@alice>)"), "{mine}");
    let bob = Actor::player("bob", "bob");
    let none = list(&bob, "/ninja roster mine:true", &mut rng, &mut roster);
    assert!(none.starts_with("You have no ninjas yet."), "{none}");
}

#[test]
fn rule_ninja_five_unspent_points_at_a_finish_offer_training() {
    // "Five experience points can be used to buy another additive": a finish that brings a
    // player's ninja to 5 unspent points says so and offers the roll (issue #39).
    for seed in 1..40 {
        let (mut t, d, mut rng, mut roster) = started(seed);
        let first = t.rounds[0].order[0];
        let id = t.entrants[first].record.id;
        assert!(!t.entrants[first].house);
        roster.by_id_mut(id).unwrap().points = 4;
        let out = run_auto(&mut t, &mut rng, &d, &mut roster);
        if roster.by_id_mut(id).unwrap().points != 5 {
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
    let (mut t, d, mut rng, mut roster) = started(3);
    let second = t.rounds[0].order[1];
    let id = t.entrants[second].record.id;
    let first_obstacle = d.course(1)[0];
    let additive = d.obstacles[first_obstacle].additives[0].clone();
    let before = t.entrants[second].skills[first_obstacle];
    roster.by_id_mut(id).unwrap().additives.push(additive);
    let after = roster.by_id_mut(id).unwrap().skills(&d)[first_obstacle];
    assert_eq!(after, before + 1);
    let out = run_auto(&mut t, &mut rng, &d, &mut roster);
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
    let (mut t, d, mut rng, mut roster) = started(11);
    let mut guard = 0;
    let mut last = vec![];
    while t.phase == Phase::Running {
        last = t
            .apply(
                &mut ctx(&mut rng, &d, Some(&mut roster)),
                &gm(),
                &NinjaAction::Run {
                    auto: true,
                    fresh: None,
                },
            )
            .unwrap();
        guard += 1;
        assert!(guard < 40);
    }
    assert_eq!(guard, t.rounds.iter().map(|r| r.order.len()).sum::<usize>());
    assert!(last
        .iter()
        .any(|r| r.message.title.as_deref() == Some("📜 Roster updated")));
    assert_eq!(roster.ninjas.len(), 16, "house ninjas join the roster");
    for (i, e) in t.entrants.iter().enumerate() {
        let r = roster.find(&e.record.name).unwrap();
        assert_eq!(r.events, 1);
        assert_eq!(r.points, t.earned(i));
        assert_eq!(r.wins, u32::from(t.winners.contains(&i)));
    }
    // Nothing is held any more: ending the session again changes nothing.
    assert!(roster.ninjas.iter().all(|n| n.entered.is_none()));
    let copy = roster.clone();
    assert!(
        Tournament::end_session(&mut roster, croupier_core::table::Place::nowhere(), &d).is_empty()
    );
    assert_eq!(roster, copy);
    let xp_total: u32 = roster.ninjas.iter().map(|n| n.points).sum();
    let r1 = t.rounds[0].ranking(CutTies::Earlier).len() as u32;
    let r2 = t
        .rounds
        .get(1)
        .map(|r| r.ranking(CutTies::Earlier).len() as u32)
        .unwrap_or(0);
    assert_eq!(xp_total, r1 + r2 + t.winners.len() as u32);
}

fn train(
    rng: &mut GameRng,
    d: &NinjaData,
    roster: &mut Roster,
    who: &Actor,
    pick: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let mut cmd = Command::new("ninja train").with("name", "Ninja0");
    if let Some(p) = pick {
        cmd = cmd.with("pick", p);
    }
    Tournament::global(&mut ctx(rng, d, Some(roster)), who, &cmd)
}

#[test]
fn rule_ninja_five_points_buy_an_additive_rolled_on_2d6() {
    // "Five experience points can be used to buy another additive. Roll 2d6 and select one of the
    // additives indicated."
    let d = data();
    let alice = Actor::player("alice", "alice");
    for seed in 0..40 {
        let mut rng = seeded(seed);
        let mut roster = Roster::default();
        let _ = open(&mut rng, &d, &mut roster, 1);
        roster.ninjas[0].points = 4;
        let before = roster.clone();
        let err = train(&mut rng, &d, &mut roster, &alice, None).unwrap_err();
        assert!(err.0.contains("4 unspent"), "{err}");
        assert_eq!(roster, before);
        roster.ninjas[0].points = 5;
        let bob = Actor::player("bob", "bob");
        assert!(
            train(&mut rng, &d, &mut roster, &bob, None).is_err(),
            "only the owner trains"
        );
        let adds_before = roster.ninjas[0].additives.len();
        train(&mut rng, &d, &mut roster, &alice, None).unwrap();
        assert_eq!(roster.ninjas[0].spent, 5);
        let pending = roster.ninjas[0].pending_train.clone();
        if let Some(pair) = &pending {
            assert!(train(&mut rng, &d, &mut roster, &alice, Some("nonsense")).is_err());
            let other = d
                .additives
                .iter()
                .find(|a| !pair.contains(&a.id))
                .unwrap()
                .id
                .clone();
            let err = train(&mut rng, &d, &mut roster, &alice, Some(&other)).unwrap_err();
            assert!(err.0.contains("the dice offered"), "{err}");
            train(&mut rng, &d, &mut roster, &alice, Some(&pair[1])).unwrap();
            assert_eq!(roster.ninjas[0].pending_train, None);
            assert_eq!(roster.ninjas[0].additives.last(), Some(&pair[1]));
        }
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
        let (mut t, d, mut rng, mut roster) = started(seed);
        // The fifth event: it counts when the ninja runs round 1.
        assert_eq!(roster.ninjas[0].events, 0);
        roster.ninjas[0].events = 4;
        roster.ninjas[0].points = 0;
        let mut lines = vec![];
        while t.phase == Phase::Running {
            lines = t
                .apply(
                    &mut ctx(&mut rng, &d, Some(&mut roster)),
                    &gm(),
                    &NinjaAction::Run {
                        auto: true,
                        fresh: None,
                    },
                )
                .unwrap()
                .into_iter()
                .map(|r| r.message.body)
                .collect();
        }
        let fox = &roster.ninjas[0];
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
        let (mut t2, _) = Tournament::create(
            &mut ctx(&mut rng, &d, Some(&mut roster)),
            &gm(),
            &Command::new("ninja new"),
        )
        .unwrap();
        let a = t2
            .parse(
                &gm(),
                &Command::new("ninja enter").with("name", "Ninja0"),
                &d,
                &roster,
            )
            .unwrap();
        assert!(
            t2.apply(&mut ctx(&mut rng, &d, None), &gm(), &a).is_err(),
            "cannot return"
        );
    }
    assert!(retired_seen);
}

#[test]
fn score_sheet_shows_marks_initials_and_results() {
    let (mut t, d, mut rng, _) = started(11);
    for _ in 0..16 {
        t.apply(
            &mut ctx(&mut rng, &d, None),
            &gm(),
            &NinjaAction::Run {
                auto: true,
                fresh: None,
            },
        )
        .unwrap();
    }
    let s = sheet::score_sheet(&t, &d);
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
    let d = data();
    let mut rng = seeded(2);
    let mut roster = Roster::default();
    let mut t = open(&mut rng, &d, &mut roster, 2);
    let bob = Actor::player("bob", "bob");
    let w = |n: &str| NinjaAction::Withdraw { name: n.into() };
    assert!(t
        .apply(&mut ctx(&mut rng, &d, None), &bob, &w("Ninja1"))
        .is_err());
    t.apply(
        &mut ctx(&mut rng, &d, None),
        &Actor::player("alice", "alice"),
        &w("ninja1"),
    )
    .unwrap();
    assert_eq!(t.entrants.len(), 1);
    assert!(t
        .apply(&mut ctx(&mut rng, &d, None), &gm(), &w("Ninja1"))
        .is_err());
}

#[test]
fn a_new_tournament_tells_players_how_to_make_a_ninja() {
    let d = data();
    let mut rng = seeded(1);
    let mut roster = Roster::default();
    let (_, replies) = Tournament::create(
        &mut ctx(&mut rng, &d, Some(&mut roster)),
        &gm(),
        &Command::new("ninja new"),
    )
    .unwrap();
    let body = &replies[0].message.body;
    assert!(body.contains("/ninja enter name:"), "{body}");
    assert!(body.contains("/ninja create name:"), "{body}");
}

fn at(channel: &str, session: i64) -> croupier_core::table::Place {
    croupier_core::table::Place {
        channel: channel.into(),
        session: Some(session),
    }
}

fn ctx_at<'a>(
    rng: &'a mut GameRng,
    data: &'a NinjaData,
    shared: &'a mut Roster,
    place: &'a croupier_core::table::Place,
) -> Ctx<'a, NinjaData, Roster> {
    Ctx {
        rng,
        now: 0,
        data,
        shared: Some(shared),
        place,
    }
}

#[test]
fn a_ninja_held_by_one_tournament_is_refused_by_another_naming_its_channel() {
    let d = data();
    let mut rng = seeded(3);
    let mut roster = Roster::default();
    let (arena, dojo) = (at("arena", 1), at("dojo", 2));
    let alice = Actor::player("alice", "alice");
    let create = Command::new("ninja create")
        .with("name", "Red Fox")
        .with("iq", "14")
        .with("dx", "13")
        .with("st", "13");
    Tournament::global(&mut ctx(&mut rng, &d, Some(&mut roster)), &alice, &create).unwrap();
    let new = |rng: &mut GameRng, roster: &mut Roster, p: &croupier_core::table::Place| {
        Tournament::create(
            &mut ctx_at(rng, &d, roster, p),
            &gm(),
            &Command::new("ninja new"),
        )
        .unwrap()
        .0
    };
    let mut t1 = new(&mut rng, &mut roster, &arena);
    let mut t2 = new(&mut rng, &mut roster, &dojo);
    let enter = Command::new("ninja enter").with("name", "Red Fox");
    let a = t1.parse(&alice, &enter, &d, &roster).unwrap();
    t1.apply(&mut ctx_at(&mut rng, &d, &mut roster, &arena), &alice, &a)
        .unwrap();
    assert_eq!(roster.ninjas[0].entered.as_ref(), Some(&arena));
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
    assert!(offered(&roster, "enter").is_empty(), "not offered to enter");
    assert_eq!(offered(&roster, "withdraw"), vec!["Red Fox".to_string()]);
    let held = roster.clone();
    let a = t2.parse(&alice, &enter, &d, &roster).unwrap();
    let e = t2
        .apply(&mut ctx_at(&mut rng, &d, &mut roster, &dojo), &alice, &a)
        .unwrap_err()
        .0;
    assert!(
        e.starts_with("Red Fox is already entered in the tournament in <#arena>"),
        "{e}"
    );
    assert_eq!(roster, held, "the refusal changed nothing");
    assert!(t2.entrants.is_empty());
    // Nor may it retire while it is entered (from any channel).
    let retire = Command::new("ninja retire").with("name", "Red Fox");
    let e = Tournament::global(
        &mut ctx_at(&mut rng, &d, &mut roster, &dojo),
        &alice,
        &retire,
    )
    .unwrap_err()
    .0;
    // Issue #39: the refusal pointed to `/ninja withdraw` alone, which a started tournament
    // refuses; it says what to do in either case.
    assert!(
        e.starts_with("Red Fox is entered in the tournament in <#arena>: before it starts, withdraw them there")
            && e.contains("once it has started, they can retire when it ends (the final, or `/game end` by its GM)"),
        "{e}"
    );
    assert_eq!(roster, held, "the refusal changed nothing");
    // Withdrawn in the arena, it may enter the dojo's tournament.
    let w = t1
        .parse(
            &alice,
            &Command::new("ninja withdraw").with("name", "red fox"),
            &d,
            &roster,
        )
        .unwrap();
    t1.apply(&mut ctx_at(&mut rng, &d, &mut roster, &arena), &alice, &w)
        .unwrap();
    assert_eq!(roster.ninjas[0].entered, None);
    let a = t2.parse(&alice, &enter, &d, &roster).unwrap();
    t2.apply(&mut ctx_at(&mut rng, &d, &mut roster, &dojo), &alice, &a)
        .unwrap();
    assert_eq!(roster.ninjas[0].entered.as_ref(), Some(&dojo));
    // Its end frees it.
    let lines = Tournament::end_session(&mut roster, &dojo, &d);
    assert_eq!(lines.len(), 1);
    assert_eq!(roster.ninjas[0].entered, None);
}

#[test]
fn rule_ninja_generated_names_are_numbered_past_every_house_name_and_join_the_roster() {
    let d = data();
    let mut rng = seeded(8);
    let mut roster = Roster::default();
    let mut t = open(&mut rng, &d, &mut roster, 3);
    // Every listed name is taken, and someone already has "House Ninja 7".
    let mut taken: Vec<String> = d.names.iter().map(|n| n.to_lowercase()).collect();
    taken.push("house ninja 7".into());
    let first_id = roster.next_id();
    t.apply(
        &mut ctx(&mut rng, &d, Some(&mut roster)),
        &gm(),
        &NinjaAction::Fill {
            taken,
            first_id,
            reuse: vec![],
        },
    )
    .unwrap();
    let house: Vec<&Entrant> = t.entrants.iter().filter(|e| e.house).collect();
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
    let (mut t, d, mut rng, mut roster) = started(4);
    let first = t.current().unwrap();
    let id = t.entrants[first].record.id;
    let before = t.entrants[first].skills.clone();
    // Trained since the entry: two copies of luck and superior balance.
    let r = roster.by_id_mut(id).unwrap();
    r.additives
        .extend(["luck".into(), "luck".into(), "balance".into()]);
    let want = roster.by_id(id).unwrap().clone();
    let a = t
        .parse(&gm(), &Command::new("ninja run"), &d, &roster)
        .unwrap();
    let NinjaAction::Run { fresh: Some(f), .. } = &a else {
        panic!("the run carries the roster record: {a:?}");
    };
    assert_eq!(f.additives, want.additives);
    t.apply(&mut ctx(&mut rng, &d, None), &gm(), &a).unwrap();
    let e = &t.entrants[first];
    assert_eq!(e.skills, want.skills(&d));
    assert_ne!(e.skills, before);
    assert_eq!(t.round().unwrap().luck_left[0], want.luck(&d));
    let run = t.current_run().unwrap();
    let course: Vec<i32> = run.course.iter().map(|&i| e.skills[i]).collect();
    assert_eq!(run.skills, course, "the run uses the new skills");
    // A run already under way is not refreshed.
    let a = t
        .parse(
            &gm(),
            &Command::new("ninja run").with("auto", "true"),
            &d,
            &roster,
        )
        .unwrap();
    assert!(matches!(a, NinjaAction::Run { fresh: None, .. }), "{a:?}");
}

#[test]
fn a_tournament_entered_before_ids_existed_writes_its_results_back_at_the_end() {
    // A database upgraded while a tournament ran: its entries carry no ids, and its house
    // ninjas are not on the roster yet. They are written back by name at the end, once.
    let d = data();
    let mut rng = seeded(12);
    let mut roster = Roster::default();
    let mut t = open(&mut rng, &d, &mut roster, 1);
    for a in [
        NinjaAction::Fill {
            taken: vec![],
            first_id: 0,
            reuse: vec![],
        },
        NinjaAction::Start { shuffle: false },
    ] {
        t.apply(&mut ctx(&mut rng, &d, None), &gm(), &a).unwrap();
    }
    for e in &mut t.entrants {
        e.record.id = 0;
    }
    roster.ninjas[0].entered = None;
    assert_eq!(roster.ninjas.len(), 1);
    let run = NinjaAction::Run {
        auto: true,
        fresh: None,
    };
    while t.phase == Phase::Running {
        t.apply(&mut ctx(&mut rng, &d, Some(&mut roster)), &gm(), &run)
            .unwrap();
    }
    assert_eq!(
        roster.ninjas.len(),
        16,
        "the house ninjas joined at the end"
    );
    for (i, e) in t.entrants.iter().enumerate() {
        let r = roster.find(&e.record.name).unwrap();
        assert_ne!(r.id, 0);
        assert_eq!(r.events, 1, "{}", r.name);
        assert_eq!(r.points, t.earned(i), "{}", r.name);
        assert_eq!(r.wins, u32::from(t.winners.contains(&i)));
    }
}

#[test]
fn a_pending_training_pick_shows_on_the_sheet_and_the_gm_may_make_it() {
    let d = data();
    let alice = Actor::player("alice", "alice");
    let gm = Actor {
        manager: true,
        ..Actor::player("gm", "gm")
    };
    for seed in 0..40 {
        let mut rng = seeded(seed);
        let mut roster = Roster::default();
        let _ = open(&mut rng, &d, &mut roster, 1);
        roster.ninjas[0].points = 5;
        train(&mut rng, &d, &mut roster, &alice, None).unwrap();
        let Some(pair) = roster.ninjas[0].pending_train.clone() else {
            continue;
        };
        let sheet = super::sheet::character_sheet(&roster.ninjas[0], &d);
        assert!(
            sheet.contains(&format!(
                "Training waits for a pick: {} or {}",
                d.additive_name(&pair[0]),
                d.additive_name(&pair[1])
            )),
            "{sheet}"
        );
        // The player is away: the GM (a manager of the channel) picks for them.
        train(&mut rng, &d, &mut roster, &gm, Some(&pair[0])).unwrap();
        assert_eq!(roster.ninjas[0].pending_train, None);
        assert_eq!(roster.ninjas[0].additives.last(), Some(&pair[0]));
        assert!(!super::sheet::character_sheet(&roster.ninjas[0], &d).contains("waits for a pick"));
        return;
    }
    panic!("no seed offered a choice");
}

#[test]
fn the_declaration_gives_settings_choices_and_the_guild_wide_roster() {
    let d = data();
    let mut rng = seeded(9);
    let mut roster = Roster::default();
    let new = |line: &str, rng: &mut GameRng, roster: &mut Roster| {
        Tournament::create(
            &mut ctx(rng, &d, Some(roster)),
            &gm(),
            &Command::parse_line(line).unwrap(),
        )
        .map(|(t, _)| t.settings)
    };
    let s = new(
        "/ninja new turns:40 save17:Again cut_ties:both",
        &mut rng,
        &mut roster,
    )
    .unwrap();
    assert_eq!(
        (s.turn_limit, s.final_limit, s.save_bogus, s.cut_ties),
        (40, 64, SaveBogus::Again, CutTies::Both)
    );
    assert_eq!(
        new("/ninja new save17:maybe", &mut rng, &mut roster)
            .unwrap_err()
            .0,
        "save17 `maybe` is unknown; use fail or again."
    );
    assert!(new("/ninja new turns:4", &mut rng, &mut roster)
        .unwrap_err()
        .0
        .contains("must be from 5 to 200, not 4"));
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
    let global = |line: &str, rng: &mut GameRng, roster: &mut Roster| {
        Tournament::global(
            &mut ctx(rng, &d, Some(roster)),
            &gm(),
            &Command::parse_line(line).unwrap(),
        )
    };
    assert!(global(
        "/ninja create name:Kage iq:14 dx:13 st:13",
        &mut rng,
        &mut roster
    )
    .is_ok());
    assert!(global("/ninja sheet name:Kage", &mut rng, &mut roster).is_ok());
    // A guild-wide command's bad option is refused here, naming what it takes.
    assert!(global("/ninja roster everyone:true", &mut rng, &mut roster)
        .unwrap_err()
        .0
        .contains("has no option `everyone:`"));
    let t = open(&mut rng, &d, &mut roster, 0);
    let luck = t
        .parse(
            &gm(),
            &Command::parse_line("/ninja luck choice:REROLL").unwrap(),
            &d,
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
