//! Combat tests, part 2: withdraw and blockade, death, Cover Up, Cleanup, hidden enemies.

use super::*;
use crate::combat::round::cleanup;

#[test]
fn rule_nw_10_6_withdraw_takes_move_and_minor_when_an_enemy_hinders() {
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    // Engaged with an enemy: invading another target is refused.
    assert!(run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Invade("Bolt".into()),
        vec![]
    )
    .is_err());
    run(&mut s, &data, &alice(), CombatAction::Withdraw, vec![]).unwrap();
    let c = s.combat.as_ref().unwrap();
    assert!(c.engages.is_empty());
    assert!(c.used.moved && c.used.minor);
    assert!(run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).is_err());
}

#[test]
fn rule_nw_10_6_blockade_opposed_spd_judge_win_ends_the_main_process() {
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    assert!(crate::test_table::refused(
        &s,
        &alice(),
        "nw combat blockade"
    ));
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Blockade("Swarm".into()),
        vec![],
    )
    .unwrap();
    // Lose: Ayla rolls 1+2 (Critical 12, Fumble 2 set here) + SPD; the Swarm rolls a
    // Critical (the GM's 10) and chains: SPD 8 + 10 + 12 = 30.
    s.pcs[0].cf = Some(Cf {
        critical: 12,
        fumble: 2,
    });
    let mut lost = s.clone();
    let spd = lost.stat(&data, &pc("alice"), SPD);
    assert!(3 + spd < 30);
    let r = run(
        &mut lost,
        &data,
        &alice(),
        CombatAction::Withdraw,
        vec![1, 2, 5, 5, 6, 6],
    )
    .unwrap();
    assert!(text(&r).contains("is held"), "{}", text(&r));
    assert_eq!(lost.combat.as_ref().unwrap().engages.len(), 1);
    assert_eq!(lost.combat.as_ref().unwrap().current, Some(pc("alice")));
    assert!(lost.combat.as_ref().unwrap().used.minor);
    // Win (ties go to the withdrawing side): out of the Engage, Main Process over.
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Withdraw,
        vec![6, 5, 1, 2],
    )
    .unwrap();
    assert!(text(&r).contains("breaks through"), "{}", text(&r));
    let c = s.combat.as_ref().unwrap();
    assert!(c.engages.is_empty());
    assert!(
        c.fighters
            .iter()
            .find(|f| f.who == pc("alice"))
            .unwrap()
            .post
    );
}

#[test]
fn rule_nw_10_10_attacking_an_incapacitated_character_kills() {
    let (data, mut s) = setup();
    set_turn(&mut s, en("Swarm"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    s.pcs[0].hp = 0;
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Attack {
            target: "Ayla".into(),
            magic: false,
        },
        vec![],
    )
    .unwrap();
    assert!(text(&r).contains("Ayla is Dead"));
    assert!(s.pcs[0].dead);
}

#[test]
fn rule_nw_10_13_cover_up_takes_b_damage_and_becomes_post_action() {
    let (data, mut s) = setup();
    set_turn(&mut s, en("Swarm"));
    {
        let c = s.combat.as_mut().unwrap();
        c.engages = vec![vec![pc("alice"), en("Swarm"), pc("bob")]];
        for f in c.fighters.iter_mut() {
            f.post = false;
        }
    }
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Attack {
            target: "Ayla".into(),
            magic: false,
        },
        vec![6, 6, 1],
    )
    .unwrap();
    run(&mut s, &data, &alice(), CombatAction::Dodge, vec![1, 2]).unwrap();
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![6, 6, 6, 1, 2],
    )
    .unwrap();
    let dmg = s.combat.as_ref().unwrap().attack.as_ref().unwrap().damage;
    assert!(dmg > 0);
    // Not for yourself.
    assert!(run(&mut s, &data, &alice(), CombatAction::CoverUp(None), vec![]).is_err());
    let (ha, hb) = (s.pcs[0].hp, s.pcs[1].hp);
    run(&mut s, &data, &bob(), CombatAction::CoverUp(None), vec![]).unwrap();
    assert_eq!(s.pcs[0].hp, ha, "B takes nothing");
    assert_eq!(
        s.pcs[1].hp,
        (hb - dmg).max(0),
        "A takes the damage computed against B"
    );
    let f = s
        .combat
        .as_ref()
        .unwrap()
        .fighters
        .iter()
        .find(|f| f.who == pc("bob"))
        .unwrap()
        .clone();
    assert!(f.post);
    assert_eq!(f.count, 0);
}

#[test]
fn rule_nw_10_14_cleanup_poison_rating_times_1d_dazed_and_rigor_end() {
    let (data, mut s) = setup();
    s.pcs[0].bad = vec![
        ("Poison".into(), 3),
        ("Dazed".into(), 0),
        ("Rigor".into(), 0),
    ]
    .into();
    let hp = s.pcs[0].hp;
    let mut l = vec![];
    // Poison (3) × 1D [4] = 12.
    cleanup(&mut s, &data, &mut Fixed(vec![4]), &mut l);
    assert_eq!(s.pcs[0].hp, (hp - 12).max(0));
    assert_eq!(s.pcs[0].bad, vec![("Poison".to_string(), 3)]);
    // All bad statuses end with the combat.
    run(&mut s, &data, &gm(), CombatAction::End, vec![]).unwrap();
    assert!(s.pcs[0].bad.is_empty());
}

#[test]
fn a_hidden_enemy_moving_is_told_only_to_the_gm() {
    let (data, mut s) = setup();
    set_turn(&mut s, en("Lantern"));
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Invade("Ayla".into()),
        vec![],
    )
    .unwrap();
    for m in r.iter().filter(|r| r.is_public()) {
        assert!(
            !m.message.plain_text().contains("Lantern"),
            "{}",
            m.message.plain_text()
        );
    }
    assert!(r
        .iter()
        .any(|m| !m.is_public() && m.message.plain_text().contains("Lantern invades")));
    let e = run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap_err();
    assert!(!e.to_string().contains("Lantern"));
}

#[test]
fn gm_notes_and_hidden_enemies_only_reach_the_gm() {
    let (data, mut s) = setup();
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Note("secret plan".into()),
        vec![],
    )
    .unwrap();
    assert!(r.iter().all(|r| !r.is_public()));
    let t = s.tracker(vec![], vec![]);
    for r in t.iter().filter(|r| r.is_public()) {
        assert!(!r.message.plain_text().contains("Lantern"));
    }
    assert!(t
        .iter()
        .any(|r| !r.is_public() && r.message.plain_text().contains("Lantern")));
}

#[test]
fn rule_nw_10_4_a_refused_move_action_says_which_rule_stops_it() {
    // §10.4: in a Main Process, one Move, one Minor and one Major Action, in that order. The
    // refusal used to say "the Move Action comes first … and you have one" whatever was used.
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    let invade = || CombatAction::Invade("Bolt".into());
    run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
    let e = run(&mut s, &data, &alice(), invade(), vec![]).unwrap_err();
    assert!(
        e.0.contains("Invading takes your Move Action, which comes first (Move, Minor, Major in that order): after your Minor Action it is too late."),
        "{}",
        e.0
    );
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    run(&mut s, &data, &alice(), invade(), vec![]).unwrap();
    let e = run(&mut s, &data, &alice(), CombatAction::Withdraw, vec![]).unwrap_err();
    assert!(
        e.0.contains("Withdrawing takes your Move Action, and you have used it this Main Process (one of each)."),
        "{}",
        e.0
    );
    // The Minor Action is still there after the Move.
    run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
}
