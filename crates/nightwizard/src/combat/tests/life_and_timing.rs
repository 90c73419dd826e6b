//! Issue #17, the round and the attack: Incapacitated mid-turn, death that lasts, the damage
//! roll's Prana window before the defence roll, the Initiative Process window after the last
//! Main Process, and what the public tracker tells of enemies.

use super::super::super::session::Phase;
use super::super::super::test_table::Session;
use super::*;

/// The GM sets `u`'s PC's HP (`/nw session set`).
fn set_hp(t: &mut Session, u: &str, hp: i32) -> Vec<Reply> {
    t.rolls(&gm(), &format!("/nw session set player:{u} hp:{hp}"), &[])
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
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    t.roll(&alice(), "/nwcombat minor", &[]).unwrap();
    let r = set_hp(&mut t, "alice", 0);
    assert!(
        text(&r).contains("Ayla is Incapacitated: the Main Process ends."),
        "{}",
        text(&r)
    );
    let f = fighter(&t.s, &pc("alice"));
    assert!(f.post);
    assert_eq!(f.count, 0);
    let c = t.s.combat.as_ref().unwrap();
    assert_ne!(c.current, Some(pc("alice")), "the Round moved on");
    // Nothing more from Ayla this Round: no Minor, no attack.
    assert!(t.roll(&alice(), "/nwcombat minor", &[]).is_err());
    let e = t.roll(&alice(), "/nwcombat attack target:Swarm", &[6, 6]);
    assert!(e.is_err());
}

#[test]
fn rule_nw_10_1_an_incapacitated_current_character_cannot_act_and_may_pass() {
    // A fight stored with a character at HP 0 still acting: its actions are refused, and
    // `/nwcombat pass` (its player or the GM) ends the Main Process.
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.pcs[0].hp = 0;
    let e = t.roll(&alice(), "/nwcombat minor", &[]).unwrap_err();
    assert!(e.0.contains("Ayla is Incapacitated (HP 0)"), "{}", e.0);
    t.roll(&gm(), "/nwcombat pass", &[]).unwrap();
    assert_ne!(t.s.combat.as_ref().unwrap().current, Some(pc("alice")));
}

#[test]
fn rule_nw_10_10_death_persists_through_the_after_phase_and_into_the_next_episode() {
    // §10.10 "An Incapacitated character who is attacked again becomes Dead. This is
    // normally the only way a PC dies." §8.2: the After phase restores HP — not the Dead.
    let mut t = setup();
    set_hp(&mut t, "alice", 0);
    t.set_turn(en("Swarm"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    let r = t.roll(&gm(), "/nwcombat attack target:Ayla", &[]).unwrap();
    assert!(text(&r).contains("Ayla is Dead"), "{}", text(&r));
    assert!(t.s.pcs[0].dead);
    t.rolls(&gm(), "/nwcombat end", &[]);
    while t.s.phase != Phase::After {
        t.line(&gm(), "/nw phase next op:5");
    }
    assert!(t.s.pcs[0].dead);
    assert_eq!(
        t.s.pcs[0].hp, 0,
        "the After phase brings nobody back from the dead"
    );
    assert!(t.s.pcs[1].hp > 0, "the living are restored");
    let r = t.line(&gm(), "/nw phase next op:0");
    assert_eq!(t.s.phase, Phase::Preplay);
    assert_eq!(t.s.episode, 2);
    assert!(t.s.pcs[0].dead && t.s.pcs[0].hp == 0, "{}", text(&r));
    let v = crate::view::status(&t.s, &alice(), &t.data, None);
    assert!(
        text(&v).contains("Ayla") && text(&v).contains("💀 Dead"),
        "{}",
        text(&v)
    );
    // Episode 1's enemies left with it (issue #36): a new fight needs a new one.
    assert!(t.s.enemies.is_empty());
    t.rolls(&gm(), "/nwenemy spawn name:shade_swarm as:Swarm", &[]);
    // A new fight leaves the Dead out.
    let r = t.line(&gm(), "/nwcombat start anyseven:true");
    let c = t.s.combat.as_ref().unwrap();
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
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    t.rolls(&alice(), "/nwcombat attack target:Swarm", &[6, 5]);
    t.roll(&gm(), "/nwcombat dodge", &[1, 2]).unwrap();
    let r = t.roll(&alice(), "/nwcombat damage", &[3, 3]).unwrap();
    let said = text(&r);
    assert!(said.contains("Prana on the damage roll"), "{said}");
    assert!(!said.contains("PDEF"), "no defence roll yet: {said}");
    let at = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(at.stage, Stage::Defence);
    let rolled = at.damage_roll.clone().unwrap().outcome().result;
    assert!(t.s.combat.as_ref().unwrap().damage_rolls.is_none());
    // The Defender's side cannot roll before the attacker is done: only the next step.
    assert!(t.roll(&alice(), "/nwcombat apply", &[]).is_err());
    // Prana now: Raise Result on the damage roll.
    // Raise Result: +2D per Prana, [2, 3] here.
    t.rolls(&alice(), "/nw prana use:raise amount:1", &[2, 3]);
    let raised =
        t.s.open
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
    assert_eq!(raised, rolled + 5);
    let r = t.roll(&alice(), "/nwcombat damage", &[1, 1]).unwrap();
    assert!(text(&r).contains("PDEF"), "{}", text(&r));
    let c = t.s.combat.as_ref().unwrap();
    let (a, b) = c.damage_rolls.clone().unwrap();
    assert_eq!(a.outcome().result, raised, "the raised damage roll counts");
    let at = c.attack.as_ref().unwrap();
    assert_eq!(at.stage, Stage::Damage);
    assert_eq!(at.damage, (raised - b.outcome().result).max(0));
    // After the defence roll, the damage roll takes no more Prana.
    assert!(!t.s.open.iter().any(|o| o.label == DAMAGE_ROLL));
    t.refuses(&alice(), "/nw prana use:raise amount:1");
}

#[test]
fn rule_nw_4_2_an_enemys_damage_and_the_pcs_defence_are_rolled_together() {
    // An enemy spends no Prana: no window, both rolls at once; the PC's defence roll then
    // takes Prana before the damage is applied.
    let mut t = setup();
    t.set_turn(en("Swarm"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    t.rolls(&gm(), "/nwcombat attack target:Ayla", &[6, 6]);
    t.roll(&alice(), "/nwcombat dodge", &[1, 1]).unwrap();
    let r = t.roll(&gm(), "/nwcombat damage", &[3, 3, 2, 2]).unwrap();
    assert!(text(&r).contains("PDEF"), "{}", text(&r));
    let at = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(at.stage, Stage::Damage);
    assert!(t.s.open.iter().any(|o| o.label == DEFENCE_ROLL));
}

#[test]
fn rule_nw_10_9_several_defenders_get_the_damage_prana_window_before_their_defence() {
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm"), en("Lantern")]];
    t.s.enemies
        .iter_mut()
        .find(|e| e.label == "Lantern")
        .unwrap()
        .hidden = false;
    t.roll(&alice(), "/nwcombat attack target:Swarm area:true", &[6, 6])
        .unwrap();
    for w in ["Swarm", "Lantern"] {
        t.rolls(&gm(), &format!("/nwcombat dodge who:{w}"), &[1, 1]);
    }
    let r = t.roll(&alice(), "/nwcombat damage", &[4, 4]).unwrap();
    assert!(!text(&r).contains("PDEF `"), "{}", text(&r));
    assert_eq!(
        t.s.combat.as_ref().unwrap().attack.as_ref().unwrap().stage,
        Stage::Defence
    );
    // A player who is no Defender and not the attacker may not roll the defences.
    assert!(t.roll(&bob(), "/nwcombat damage", &[1, 1, 1, 1]).is_err());
    let r = t.roll(&gm(), "/nwcombat damage", &[1, 1, 1, 1]).unwrap();
    assert!(text(&r).contains("PDEF `"), "{}", text(&r));
    let at = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(at.stage, Stage::Damage);
    assert!(at.defenders.iter().all(|d| d.defence.is_some()));
}

#[test]
fn rule_nw_10_3_an_initiative_process_window_after_the_last_main_process() {
    // §10.3 "Skills with Timing: Initiative Process may be declared at any point in it:
    // before the first Main Process, between any two, or after the last but before Cleanup."
    let mut t = setup();
    t.give_skill("alice", "last_word", "Initiative", "-", "A last word.", 1);
    let c = t.s.combat.as_mut().unwrap();
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
    let r = t.roll(&bob(), "/nwcombat pass", &[]).unwrap();
    let c = t.s.combat.as_ref().unwrap();
    assert!(c.closing, "{}", text(&r));
    assert_eq!(c.round, round, "no Cleanup yet");
    assert!(text(&r).contains("before the GM goes on to the Cleanup Process"));
    assert_eq!(t.s.combat_decisions()[0].key, format!("r{round}-closing"));
    // A player may not close it; the GM goes on.
    assert!(t.roll(&alice(), "/nwcombat go", &[]).is_err());
    let r = t.roll(&gm(), "/nwcombat go", &[3, 3, 3, 3]).unwrap();
    assert!(
        text(&r).contains("Cleanup Process of Round"),
        "{}",
        text(&r)
    );
    assert!(!t.s.combat.as_ref().unwrap().closing);
}

#[test]
fn rule_nw_10_3_without_initiative_skills_the_round_goes_straight_to_cleanup() {
    let mut t = setup();
    let c = t.s.combat.as_mut().unwrap();
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
    let r = t.roll(&bob(), "/nwcombat pass", &[3, 3, 3, 3]).unwrap();
    assert!(
        text(&r).contains("Cleanup Process of Round"),
        "{}",
        text(&r)
    );
    assert!(!t.s.combat.as_ref().unwrap().closing);
}

#[test]
fn public_tracker_keeps_enemy_hp_secret_unless_the_gm_shows_it() {
    let mut t = setup();
    let e = t.s.enemy("Swarm").unwrap().clone();
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
    let (p, g) = public(&t.s);
    assert!(!p.contains(&exact), "{p}");
    assert!(p.contains("**Swarm**") && p.contains("unhurt"), "{p}");
    assert!(g.contains(&exact), "the GM sees the numbers: {g}");
    t.s.settings.enemy_vitals = true;
    let (p, _) = public(&t.s);
    assert!(p.contains(&exact), "{p}");
    assert_eq!(tracker::condition(10, 10), "unhurt");
    assert_eq!(tracker::condition(6, 10), "hurt");
    assert_eq!(tracker::condition(5, 10), "badly hurt");
    assert_eq!(tracker::condition(0, 10), "down");
}

#[test]
fn a_hidden_enemys_turn_is_told_to_the_gm_only() {
    let mut t = setup();
    t.set_turn(en("Lantern"));
    let r = t.s.tracker(vec![], vec![]);
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
fn last_pcs_fall(t: &mut Session) -> Vec<Reply> {
    t.set_turn(pc("alice"));
    t.s.pcs[0].prana = 3;
    t.s.pcs[1].prana = 0;
    set_hp(t, "bob", 0);
    assert!(t.s.combat.is_some(), "Ayla still stands");
    set_hp(t, "alice", 0)
}

#[test]
fn rule_nw_4_2_the_last_pc_may_avoid_incapacitated_before_the_fight_ends() {
    // §4.2 use 6 "Avoid Incapacitated | 2 | When you become Incapacitated, recover at once and
    // set HP to 1. Once per Scene." The last PC to fall gets that moment: the fight waits.
    let mut t = setup();
    let r = last_pcs_fall(&mut t);
    let said = text(&r);
    assert!(
        said.contains("No PC is standing, but Ayla may still Avoid Incapacitated (2 Prana"),
        "{said}"
    );
    assert!(!said.contains("No PC is left standing"), "{said}");
    let c = t.s.combat.as_ref().expect("the fight waits");
    assert_eq!(c.last_stand, vec![pc("alice")]);
    let labels: Vec<&str> = r
        .iter()
        .filter(|r| r.is_public())
        .flat_map(|r| r.message.buttons.iter().map(|b| b.label.as_str()))
        .collect();
    assert!(labels.contains(&"Avoid Incapacitated"), "{labels:?}");
    // Bolt's player, who has no Prana, acts in between: refused, nothing changes (the
    // harness checks each refusal changes nothing).
    let e = t.refuses(&bob(), "/nwcombat go");
    assert!(e.contains("the fight waits"), "{e}");
    let e = t.refuses(&bob(), "/nw prana use:avoid");
    assert!(e.contains("costs 2 Prana; you have 0"), "{e}");
    // Ayla gets back up with 1 HP, and the fight goes on.
    let r = t.rolls(&alice(), "/nw prana use:avoid", &[]);
    let said = text(&r);
    assert!(
        said.contains("Ayla spends 2 Prana and gets back up with 1 HP."),
        "{said}"
    );
    assert!(said.contains("The fight goes on."), "{said}");
    assert_eq!(t.s.pcs[0].hp, 1);
    assert_eq!(t.s.pcs[0].prana, 1);
    let c = t.s.combat.as_ref().expect("the fight goes on");
    assert!(c.last_stand.is_empty());
}

#[test]
fn rule_nw_4_2_the_gm_ends_the_last_stand_and_a_spent_avoid_does_not_wait() {
    let mut t = setup();
    last_pcs_fall(&mut t);
    assert!(t.s.combat.is_some());
    let r = t.rolls(&gm(), "/nwcombat go", &[]);
    let said = text(&r);
    assert!(
        said.contains("The GM ends the fight: nobody got back up."),
        "{said}"
    );
    assert!(said.contains("No PC is left standing."), "{said}");
    assert!(t.s.combat.is_none());
    // Once per Scene: Ayla avoided already in this Scene, so her fall ends the next fight.
    let mut t = setup();
    t.s.pcs[0].avoided_scene = Some(t.s.scene);
    let r = last_pcs_fall(&mut t);
    let said = text(&r);
    assert!(said.contains("No PC is left standing."), "{said}");
    assert!(!said.contains("may still Avoid"), "{said}");
    assert!(t.s.combat.is_none());
}
