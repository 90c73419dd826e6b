//! Combat tests, part 2: withdraw and blockade, death, Cover Up, Cleanup, hidden enemies.

use super::*;

#[test]
fn rule_nw_10_6_withdraw_takes_move_and_minor_when_an_enemy_hinders() {
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    // Engaged with an enemy: invading another target is refused.
    assert!(t
        .roll(&alice(), "/nwcombat invade target:Bolt", &[])
        .is_err());
    t.roll(&alice(), "/nwcombat withdraw", &[]).unwrap();
    let c = t.s.combat.as_ref().unwrap();
    assert!(c.engages.is_empty());
    assert!(c.used.moved && c.used.minor);
    assert!(t.roll(&alice(), "/nwcombat minor", &[]).is_err());
}

#[test]
fn rule_nw_10_6_blockade_opposed_spd_judge_win_ends_the_main_process() {
    // The same blockade twice: Ayla loses the Judge in one, wins it in the other.
    let blockaded = || {
        let mut t = setup();
        t.set_turn(pc("alice"));
        t.combat().engages = vec![vec![pc("alice"), en("Swarm")]];
        t.refuses(&alice(), "/nwcombat blockade enemy:Swarm");
        t.rolls(&gm(), "/nwcombat blockade enemy:Swarm", &[]);
        t.s.pcs[0].cf = Some(Cf {
            critical: 12,
            fumble: 2,
        });
        t
    };
    // Lose: Ayla rolls 1+2 (Critical 12, Fumble 2 set here) + SPD; the Swarm rolls a
    // Critical (the GM's 10) and chains: SPD 8 + 10 + 12 = 30.
    let mut lost = blockaded();
    let spd = lost.s.stat(&lost.data, &pc("alice"), SPD);
    assert!(3 + spd < 30);
    let r = lost.rolls(&alice(), "/nwcombat withdraw", &[1, 2, 5, 5, 6, 6]);
    assert!(text(&r).contains("is held"), "{}", text(&r));
    assert_eq!(lost.fight().engages.len(), 1);
    assert_eq!(lost.fight().current, Some(pc("alice")));
    assert!(lost.fight().used.minor);
    // Win (ties go to the withdrawing side): out of the Engage, Main Process over.
    let mut t = blockaded();
    let r = t.rolls(&alice(), "/nwcombat withdraw", &[6, 5, 1, 2]);
    assert!(text(&r).contains("breaks through"), "{}", text(&r));
    let c = t.fight();
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
    let mut t = setup();
    t.set_turn(en("Swarm"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    t.s.pcs[0].hp = 0;
    let r = t.roll(&gm(), "/nwcombat attack target:Ayla", &[]).unwrap();
    assert!(text(&r).contains("Ayla is Dead"));
    assert!(t.s.pcs[0].dead);
}

#[test]
fn rule_nw_10_13_cover_up_takes_b_damage_and_becomes_post_action() {
    let mut t = setup();
    t.set_turn(en("Swarm"));
    {
        let c = t.s.combat.as_mut().unwrap();
        c.engages = vec![vec![pc("alice"), en("Swarm"), pc("bob")]];
        for f in c.fighters.iter_mut() {
            f.post = false;
        }
    }
    t.roll(&gm(), "/nwcombat attack target:Ayla", &[6, 6])
        .unwrap();
    t.roll(&alice(), "/nwcombat dodge", &[1, 2]).unwrap();
    t.roll(&gm(), "/nwcombat damage", &[6, 6, 6, 1]).unwrap();
    let dmg = t.s.combat.as_ref().unwrap().attack.as_ref().unwrap().damage;
    assert!(dmg > 0);
    // Not for yourself.
    assert!(t.roll(&alice(), "/nwcombat coverup", &[]).is_err());
    let (ha, hb) = (t.s.pcs[0].hp, t.s.pcs[1].hp);
    t.roll(&bob(), "/nwcombat coverup", &[]).unwrap();
    assert_eq!(t.s.pcs[0].hp, ha, "B takes nothing");
    assert_eq!(
        t.s.pcs[1].hp,
        (hb - dmg).max(0),
        "A takes the damage computed against B"
    );
    let f =
        t.s.combat
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
    let mut t = setup();
    t.s.pcs[0].bad = vec![
        ("Poison".into(), 3),
        ("Dazed".into(), 0),
        ("Rigor".into(), 0),
    ]
    .into();
    let hp = t.s.pcs[0].hp;
    // Everyone else has acted: Ayla passes and the Cleanup Process begins.
    for f in t.combat().fighters.iter_mut() {
        f.post = f.who != pc("alice");
    }
    t.set_turn(pc("alice"));
    // Poison (3) × 1D [4] = 12; then the next Round's initiative, 2D [3, 3] each.
    t.rolls(&alice(), "/nwcombat pass", &[4, 3, 3, 3, 3]);
    assert_eq!(t.s.pcs[0].hp, (hp - 12).max(0));
    assert_eq!(t.s.pcs[0].bad, vec![("Poison".to_string(), 3)]);
    // All bad statuses end with the combat.
    t.roll(&gm(), "/nwcombat end", &[]).unwrap();
    assert!(t.s.pcs[0].bad.is_empty());
}

#[test]
fn a_hidden_enemy_moving_is_told_only_to_the_gm() {
    let mut t = setup();
    t.set_turn(en("Lantern"));
    let r = t.roll(&gm(), "/nwcombat invade target:Ayla", &[]).unwrap();
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
    let e = t.roll(&alice(), "/nwcombat minor", &[]).unwrap_err();
    assert!(!e.to_string().contains("Lantern"));
}

#[test]
fn gm_notes_and_hidden_enemies_only_reach_the_gm() {
    let mut t = setup();
    let r = t.rolls(&gm(), "/nwenemy note text:secret plan", &[]);
    assert!(r.iter().all(|r| !r.is_public()));
    let tracker = t.s.tracker(vec![], vec![]);
    for r in tracker.iter().filter(|r| r.is_public()) {
        assert!(!r.message.plain_text().contains("Lantern"));
    }
    assert!(tracker
        .iter()
        .any(|r| !r.is_public() && r.message.plain_text().contains("Lantern")));
}

#[test]
fn rule_nw_10_4_a_refused_move_action_says_which_rule_stops_it() {
    // §10.4: in a Main Process, one Move, one Minor and one Major Action, in that order. The
    // refusal used to say "the Move Action comes first … and you have one" whatever was used.
    let mut t = setup();
    t.set_turn(pc("alice"));
    let invade = "/nwcombat invade target:Bolt";
    t.roll(&alice(), "/nwcombat minor", &[]).unwrap();
    let e = t.roll(&alice(), invade, &[]).unwrap_err();
    assert!(
        e.0.contains("Invading takes your Move Action, which comes first (Move, Minor, Major in that order): after your Minor Action it is too late."),
        "{}",
        e.0
    );
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.rolls(&alice(), invade, &[]);
    let e = t.roll(&alice(), "/nwcombat withdraw", &[]).unwrap_err();
    assert!(
        e.0.contains("Withdrawing takes your Move Action, and you have used it this Main Process (one of each)."),
        "{}",
        e.0
    );
    // The Minor Action is still there after the Move.
    t.roll(&alice(), "/nwcombat minor", &[]).unwrap();
}
