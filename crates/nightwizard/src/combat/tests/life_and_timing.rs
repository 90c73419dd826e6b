//! Issue #17, the round and the attack: Incapacitated mid-turn, death that lasts, the damage
//! roll's Prana window before the defence roll, the Initiative Process window after the last
//! Main Process, and what the public tracker tells of enemies.

use super::super::super::session::{NwAction, Phase, PranaUse};
use super::*;

/// Applies a session action (the dispatcher, as the table runs it) with a seeded RNG.
fn act(s: &mut NightWizard, data: &NwData, a: &Actor, action: NwAction) -> Vec<Reply> {
    let mut rng = croupier_core::rng::seeded(11);
    session::apply(s, data, None, &mut rng, a, &action).unwrap()
}

fn set_hp(s: &mut NightWizard, data: &NwData, u: &str, hp: i32) -> Vec<Reply> {
    act(
        s,
        data,
        &gm(),
        NwAction::Set {
            user: UserId::new(u),
            hp: Some(hp),
            mp: None,
            status: None,
        },
    )
}

fn fighter(s: &NightWizard, w: &Who) -> Fighter {
    s.combat
        .as_ref()
        .unwrap()
        .fighters
        .iter()
        .find(|f| &f.who == w)
        .unwrap()
        .clone()
}

#[test]
fn rule_nw_10_1_incapacitated_mid_turn_ends_the_main_process() {
    // §10.1 "Incapacitated: Happens at HP 0 … They may use no actions or items except those
    // with Timing: Incapacitated. They immediately become Post-Action, Count = 0."
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
    let r = set_hp(&mut s, &data, "alice", 0);
    assert!(
        text(&r).contains("Ayla is Incapacitated: the Main Process ends."),
        "{}",
        text(&r)
    );
    let f = fighter(&s, &pc("alice"));
    assert!(f.post);
    assert_eq!(f.count, 0);
    let c = s.combat.as_ref().unwrap();
    assert_ne!(c.current, Some(pc("alice")), "the Round moved on");
    // Nothing more from Ayla this Round: no Minor, no attack.
    assert!(run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).is_err());
    let e = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Attack {
            target: "Swarm".into(),
            magic: false,
        },
        vec![6, 6],
    );
    assert!(e.is_err());
}

#[test]
fn rule_nw_10_1_an_incapacitated_current_character_cannot_act_and_may_pass() {
    // A fight stored with a character at HP 0 still acting: its actions are refused, and
    // `/nwcombat pass` (its player or the GM) ends the Main Process.
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.pcs[0].hp = 0;
    let e = run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap_err();
    assert!(e.0.contains("Ayla is Incapacitated (HP 0)"), "{}", e.0);
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Pass,
        vec![3, 3, 3, 3, 3, 3],
    )
    .unwrap();
    assert_ne!(s.combat.as_ref().unwrap().current, Some(pc("alice")));
}

#[test]
fn rule_nw_10_10_death_persists_through_the_after_phase_and_into_the_next_episode() {
    // §10.10 "An Incapacitated character who is attacked again becomes Dead. This is
    // normally the only way a PC dies." §8.2: the After phase restores HP — not the Dead.
    let (data, mut s) = setup();
    set_hp(&mut s, &data, "alice", 0);
    set_turn(&mut s, en("Swarm"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Attack {
            target: "Ayla".into(),
            magic: false,
        },
        vec![3, 3, 3, 3, 3, 3, 3, 3],
    )
    .unwrap();
    assert!(text(&r).contains("Ayla is Dead"), "{}", text(&r));
    assert!(s.pcs[0].dead);
    act(&mut s, &data, &gm(), NwAction::Combat(CombatAction::End));
    while s.phase != Phase::After {
        act(
            &mut s,
            &data,
            &gm(),
            NwAction::PhaseNext {
                op: 5,
                no_level_up: false,
            },
        );
    }
    assert!(s.pcs[0].dead);
    assert_eq!(
        s.pcs[0].hp, 0,
        "the After phase brings nobody back from the dead"
    );
    assert!(s.pcs[1].hp > 0, "the living are restored");
    let r = act(
        &mut s,
        &data,
        &gm(),
        NwAction::PhaseNext {
            op: 0,
            no_level_up: false,
        },
    );
    assert_eq!(s.phase, Phase::Preplay);
    assert_eq!(s.episode, 2);
    assert!(s.pcs[0].dead && s.pcs[0].hp == 0, "{}", text(&r));
    let v = crate::view::status(&s, &alice(), &data);
    assert!(
        text(&v).contains("Ayla") && text(&v).contains("💀 Dead"),
        "{}",
        text(&v)
    );
    // Episode 1's enemies left with it (issue #36): a new fight needs a new one.
    assert!(s.enemies.is_empty());
    act(
        &mut s,
        &data,
        &gm(),
        NwAction::Combat(CombatAction::Spawn {
            name: "shade_swarm".into(),
            label: Some("Swarm".into()),
            hidden: false,
            hp: None,
        }),
    );
    // A new fight leaves the Dead out.
    let r = act(
        &mut s,
        &data,
        &gm(),
        NwAction::Combat(CombatAction::Open { any_seven: true }),
    );
    let c = s.combat.as_ref().unwrap();
    assert!(
        !c.fighters.iter().any(|f| f.who == pc("alice")),
        "{}",
        text(&r)
    );
}

#[test]
fn rule_nw_4_2_the_damage_rolls_prana_window_comes_before_the_defence_roll() {
    // §4.2 Reroll Dice: "In an Opposed Judge the Attacker may reroll only if the Defender has
    // not rolled yet." §10.9 step 5: the Attacker's PATK/MATK Judge, the Defender's PDEF/MDEF.
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    let attack = CombatAction::Attack {
        target: "Swarm".into(),
        magic: false,
    };
    run(&mut s, &data, &alice(), attack, vec![6, 5]).unwrap();
    run(&mut s, &data, &gm(), CombatAction::Dodge, vec![1, 2]).unwrap();
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![3, 3],
    )
    .unwrap();
    let t = text(&r);
    assert!(t.contains("Prana on the damage roll"), "{t}");
    assert!(!t.contains("PDEF"), "no defence roll yet: {t}");
    let at = s.combat.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(at.stage, Stage::Defence);
    let rolled = at.damage_roll.clone().unwrap().outcome().result;
    assert!(s.combat.as_ref().unwrap().damage_rolls.is_none());
    // The Defender's side cannot roll before the attacker is done: only the next step.
    assert!(run(&mut s, &data, &alice(), CombatAction::ApplyDamage, vec![]).is_err());
    // Prana now: Raise Result on the damage roll.
    act(&mut s, &data, &alice(), NwAction::Prana(PranaUse::Raise(1)));
    let raised = s
        .open
        .iter()
        .find(|o| o.label == DAMAGE_ROLL)
        .unwrap()
        .judge
        .outcome()
        .result;
    assert!(
        (rolled + 2..=rolled + 12).contains(&raised),
        "{rolled} → {raised}"
    );
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![1, 1],
    )
    .unwrap();
    assert!(text(&r).contains("PDEF"), "{}", text(&r));
    let c = s.combat.as_ref().unwrap();
    let (a, b) = c.damage_rolls.clone().unwrap();
    assert_eq!(a.outcome().result, raised, "the raised damage roll counts");
    let at = c.attack.as_ref().unwrap();
    assert_eq!(at.stage, Stage::Damage);
    assert_eq!(at.damage, (raised - b.outcome().result).max(0));
    // After the defence roll, the damage roll takes no more Prana.
    assert!(!s.open.iter().any(|o| o.label == DAMAGE_ROLL));
    let mut rng = croupier_core::rng::seeded(3);
    assert!(session::apply(
        &mut s,
        &data,
        None,
        &mut rng,
        &alice(),
        &NwAction::Prana(PranaUse::Raise(1))
    )
    .is_err());
}

#[test]
fn rule_nw_4_2_an_enemys_damage_and_the_pcs_defence_are_rolled_together() {
    // An enemy spends no Prana: no window, both rolls at once; the PC's defence roll then
    // takes Prana before the damage is applied.
    let (data, mut s) = setup();
    set_turn(&mut s, en("Swarm"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    let attack = CombatAction::Attack {
        target: "Ayla".into(),
        magic: false,
    };
    run(&mut s, &data, &gm(), attack, vec![6, 6]).unwrap();
    run(&mut s, &data, &alice(), CombatAction::Dodge, vec![1, 1]).unwrap();
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![3, 3, 2, 2],
    )
    .unwrap();
    assert!(text(&r).contains("PDEF"), "{}", text(&r));
    let at = s.combat.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(at.stage, Stage::Damage);
    assert!(s.open.iter().any(|o| o.label == DEFENCE_ROLL));
}

#[test]
fn rule_nw_10_9_several_defenders_get_the_damage_prana_window_before_their_defence() {
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm"), en("Lantern")]];
    s.enemies
        .iter_mut()
        .find(|e| e.label == "Lantern")
        .unwrap()
        .hidden = false;
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::AttackMany {
            targets: vec!["Swarm".into()],
            area: true,
            magic: false,
            full_hit: false,
        },
        vec![6, 6],
    )
    .unwrap();
    for w in ["Swarm", "Lantern"] {
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::DodgeAs {
                who: Some(w.into()),
                full: false,
            },
            vec![1, 1],
        )
        .unwrap();
    }
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![4, 4],
    )
    .unwrap();
    assert!(!text(&r).contains("PDEF `"), "{}", text(&r));
    assert_eq!(
        s.combat.as_ref().unwrap().attack.as_ref().unwrap().stage,
        Stage::Defence
    );
    // A player who is no Defender and not the attacker may not roll the defences.
    assert!(run(
        &mut s,
        &data,
        &bob(),
        CombatAction::RollDamage,
        vec![1, 1, 1, 1]
    )
    .is_err());
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![1, 1, 1, 1],
    )
    .unwrap();
    assert!(text(&r).contains("PDEF `"), "{}", text(&r));
    let at = s.combat.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(at.stage, Stage::Damage);
    assert!(at.defenders.iter().all(|d| d.defence.is_some()));
}

#[test]
fn rule_nw_10_3_an_initiative_process_window_after_the_last_main_process() {
    // §10.3 "Skills with Timing: Initiative Process may be declared at any point in it:
    // before the first Main Process, between any two, or after the last but before Cleanup."
    let (data, mut s) = setup();
    crate::test_table::fixed_dice::give_skill(
        &mut s,
        "alice",
        "last_word",
        "Initiative",
        "-",
        "A last word.",
        1,
    );
    let c = s.combat.as_mut().unwrap();
    let round = c.round;
    for f in c.fighters.iter_mut() {
        f.post = true;
        f.count = 0;
    }
    c.current = Some(pc("bob"));
    c.fighters
        .iter_mut()
        .find(|f| f.who == pc("bob"))
        .unwrap()
        .post = false;
    let r = run(
        &mut s,
        &data,
        &bob(),
        CombatAction::Pass,
        vec![3, 3, 3, 3, 3, 3],
    )
    .unwrap();
    let c = s.combat.as_ref().unwrap();
    assert!(c.closing, "{}", text(&r));
    assert_eq!(c.round, round, "no Cleanup yet");
    assert!(text(&r).contains("before the GM goes on to the Cleanup Process"));
    assert_eq!(s.combat_decisions()[0].key, format!("r{round}-closing"));
    // A player may not close it; the GM goes on.
    assert!(run(&mut s, &data, &alice(), CombatAction::Go(None), vec![]).is_err());
    let r = run(&mut s, &data, &gm(), CombatAction::Go(None), vec![3; 12]).unwrap();
    assert!(
        text(&r).contains("Cleanup Process of Round"),
        "{}",
        text(&r)
    );
    assert!(!s.combat.as_ref().unwrap().closing);
}

#[test]
fn rule_nw_10_3_without_initiative_skills_the_round_goes_straight_to_cleanup() {
    let (data, mut s) = setup();
    let c = s.combat.as_mut().unwrap();
    for f in c.fighters.iter_mut() {
        f.post = true;
        f.count = 0;
    }
    c.current = Some(pc("bob"));
    c.fighters
        .iter_mut()
        .find(|f| f.who == pc("bob"))
        .unwrap()
        .post = false;
    let r = run(&mut s, &data, &bob(), CombatAction::Pass, vec![3; 12]).unwrap();
    assert!(
        text(&r).contains("Cleanup Process of Round"),
        "{}",
        text(&r)
    );
    assert!(!s.combat.as_ref().unwrap().closing);
}

#[test]
fn public_tracker_keeps_enemy_hp_secret_unless_the_gm_shows_it() {
    let (data, mut s) = setup();
    let _ = data;
    let e = s.enemy("Swarm").unwrap().clone();
    let exact = format!("HP {}/{}", e.hp, e.hp_max);
    let public = |s: &NightWizard| {
        let r = s.tracker(vec![], vec![]);
        (
            r.iter()
                .filter(|r| r.is_public())
                .map(|r| r.message.plain_text())
                .collect::<Vec<_>>()
                .join("\n"),
            r.iter()
                .filter(|r| !r.is_public())
                .map(|r| r.message.plain_text())
                .collect::<Vec<_>>()
                .join("\n"),
        )
    };
    let (p, g) = public(&s);
    assert!(!p.contains(&exact), "{p}");
    assert!(p.contains("**Swarm**") && p.contains("unhurt"), "{p}");
    assert!(g.contains(&exact), "the GM sees the numbers: {g}");
    s.settings.enemy_vitals = true;
    let (p, _) = public(&s);
    assert!(p.contains(&exact), "{p}");
    assert_eq!(tracker::condition(10, 10), "unhurt");
    assert_eq!(tracker::condition(6, 10), "hurt");
    assert_eq!(tracker::condition(5, 10), "badly hurt");
    assert_eq!(tracker::condition(0, 10), "down");
}

#[test]
fn a_hidden_enemys_turn_is_told_to_the_gm_only() {
    let (_data, mut s) = setup();
    set_turn(&mut s, en("Lantern"));
    let r = s.tracker(vec![], vec![]);
    for p in r.iter().filter(|r| r.is_public()) {
        let t = p.message.plain_text();
        assert!(!t.contains("GM's turn") && !t.contains('▶'), "{t}");
        assert!(
            p.message.pings.is_empty(),
            "no ping tells the players someone acts"
        );
    }
    let g: Vec<&Reply> = r.iter().filter(|r| !r.is_public()).collect();
    assert!(g.iter().any(|r| r
        .message
        .plain_text()
        .contains("Lantern's Main Process (hidden")));
}

/// Bolt (no Prana) and then Ayla (3 Prana) fall to HP 0 in the fight.
fn last_pcs_fall(s: &mut NightWizard, data: &NwData) -> Vec<Reply> {
    set_turn(s, pc("alice"));
    s.pcs[0].prana = 3;
    s.pcs[1].prana = 0;
    set_hp(s, data, "bob", 0);
    assert!(s.combat.is_some(), "Ayla still stands");
    set_hp(s, data, "alice", 0)
}

#[test]
fn rule_nw_4_2_the_last_pc_may_avoid_incapacitated_before_the_fight_ends() {
    // §4.2 use 6 "Avoid Incapacitated | 2 | When you become Incapacitated, recover at once and
    // set HP to 1. Once per Scene." The last PC to fall gets that moment: the fight waits.
    let (data, mut s) = setup();
    let r = last_pcs_fall(&mut s, &data);
    let t = text(&r);
    assert!(
        t.contains("No PC is standing, but Ayla may still Avoid Incapacitated (2 Prana"),
        "{t}"
    );
    assert!(!t.contains("No PC is left standing"), "{t}");
    let c = s.combat.as_ref().expect("the fight waits");
    assert_eq!(c.last_stand, vec![pc("alice")]);
    let labels: Vec<&str> = r
        .iter()
        .filter(|r| r.is_public())
        .flat_map(|r| r.message.buttons.iter().map(|b| b.label.as_str()))
        .collect();
    assert!(labels.contains(&"Avoid Incapacitated"), "{labels:?}");
    // Bolt's player, who has no Prana, acts in between: refused, nothing changes.
    let before = s.clone();
    let e = run(&mut s, &data, &bob(), CombatAction::Go(None), vec![]).unwrap_err();
    assert!(e.0.contains("the fight waits"), "{}", e.0);
    let mut rng = croupier_core::rng::seeded(3);
    let e = session::apply(
        &mut s,
        &data,
        None,
        &mut rng,
        &bob(),
        &NwAction::Prana(PranaUse::Avoid),
    )
    .unwrap_err();
    assert!(e.0.contains("costs 2 Prana; you have 0"), "{}", e.0);
    assert_eq!(s, before);
    // Ayla gets back up with 1 HP, and the fight goes on.
    let r = act(&mut s, &data, &alice(), NwAction::Prana(PranaUse::Avoid));
    let t = text(&r);
    assert!(
        t.contains("Ayla spends 2 Prana and gets back up with 1 HP."),
        "{t}"
    );
    assert!(t.contains("The fight goes on."), "{t}");
    assert_eq!(s.pcs[0].hp, 1);
    assert_eq!(s.pcs[0].prana, 1);
    let c = s.combat.as_ref().expect("the fight goes on");
    assert!(c.last_stand.is_empty());
}

#[test]
fn rule_nw_4_2_the_gm_ends_the_last_stand_and_a_spent_avoid_does_not_wait() {
    let (data, mut s) = setup();
    last_pcs_fall(&mut s, &data);
    assert!(s.combat.is_some());
    let r = run(&mut s, &data, &gm(), CombatAction::Go(None), vec![]).unwrap();
    let t = text(&r);
    assert!(
        t.contains("The GM ends the fight: nobody got back up."),
        "{t}"
    );
    assert!(t.contains("No PC is left standing."), "{t}");
    assert!(s.combat.is_none());
    // Once per Scene: Ayla avoided already in this Scene, so her fall ends the next fight.
    let (data, mut s) = setup();
    s.pcs[0].avoided_scene = Some(s.scene);
    let r = last_pcs_fall(&mut s, &data);
    let t = text(&r);
    assert!(t.contains("No PC is left standing."), "{t}");
    assert!(!t.contains("may still Avoid"), "{t}");
    assert!(s.combat.is_none());
}
