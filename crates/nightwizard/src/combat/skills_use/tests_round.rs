//! Skills in the Round's windows: the Setup, Initiative and Cleanup steps, Prep, Rigor's end, attack skills (§10.2–§10.4, §10.14, §15.5).

use super::super::super::test_table::actions::*;

#[test]
fn rule_nw_10_2_setup_skills_in_count_order_before_the_first_main_process() {
    // "Skills and items with Timing: Setup Process may be used, in Count order from
    // highest to lowest."
    let mut t = session();
    t.give_skill("alice", "rally", "Setup Process", "MP 1", "Rally.", 1);
    t.give_skill("bob", "rally", "Setup Process", "MP 1", "Rally.", 1);
    // Initiative: Ayla [1,3], Bolt [6,5], Swarm [1,3]: Bolt has the higher Count.
    let r = t.start_with(&[1, 3, 6, 5, 1, 3]);
    assert!(text(&r).contains("Setup step"), "{}", text(&r));
    let c = t.s.combat.as_ref().unwrap();
    assert_eq!(c.current, None);
    assert_eq!(
        c.skills.window.as_ref().unwrap().queue,
        vec![pc("bob"), pc("alice")]
    );
    // Ayla waits for Bolt; no Main Process yet; a Minor-timing skill waits too.
    let e = t
        .roll(&alice(), "/nwcombat use skill:rally", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Bolt first"), "{e}");
    let e = t.roll(&alice(), "/nwcombat minor", &[]).unwrap_err();
    assert!(e.to_string().contains("Setup/Cleanup step is open"), "{e}");
    t.roll(&bob(), "/nwcombat use skill:rally", &[]).unwrap();
    // Once per Setup Process.
    assert!(t.roll(&bob(), "/nwcombat use skill:rally", &[]).is_err());
    t.roll(&alice(), "/nwcombat skip", &[]).unwrap();
    let c = t.s.combat.as_ref().unwrap();
    assert!(c.skills.window.is_none());
    assert!(c.current.is_some() || !c.candidates.is_empty());
    // Outside the Setup step a Setup skill is refused.
    let e = t
        .roll(&alice(), "/nwcombat use skill:rally", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Setup Process step"), "{e}");
}

#[test]
fn rule_nw_10_14_cleanup_skills_after_bad_statuses_then_a_new_round() {
    // Cleanup: "1. Process Bad Statuses … 2. Skills with Timing: Cleanup Process may be
    // used. 3. … a new Round."
    let mut t = fighting();
    t.give_skill("alice", "mend", "Cleanup Process", "-", "Mend.", 1);
    t.s.pcs[0].bad = vec![("Dazed".into(), 0)].into();
    // Everyone else has acted; Ayla passes: the Cleanup Process begins.
    for f in t.s.combat.as_mut().unwrap().fighters.iter_mut() {
        f.post = f.who != pc("alice");
    }
    let r = t.roll(&alice(), "/nwcombat pass", &[]).unwrap();
    assert!(text(&r).contains("Cleanup step"), "{}", text(&r));
    assert!(
        t.s.pcs[0].bad.is_empty(),
        "Dazed ended before the Cleanup skills"
    );
    let round = t.s.combat.as_ref().unwrap().round;
    // (The new Round's initiative rolls as the dice come.)
    t.line(&alice(), "/nwcombat use skill:mend");
    let c = t.s.combat.as_ref().unwrap();
    assert_eq!(c.round, round + 1, "a new Round follows");
    assert!(c.skills.window.is_none());
}

#[test]
fn rule_nw_10_3_initiative_process_skills_between_main_processes_once_each() {
    // "Skills with Timing: Initiative Process may be declared at any point in it: before
    // the first Main Process, between any two, or after the last but before Cleanup."
    let mut t = fighting();
    t.give_skill(
        "bob",
        "read_the_field",
        "Initiative Process",
        "MP 1",
        "Read.",
        1,
    );
    // Before Ayla acts: allowed, once.
    t.roll(&bob(), "/nwcombat use skill:read_the_field", &[])
        .unwrap();
    let e = t
        .roll(&bob(), "/nwcombat use skill:read_the_field", &[])
        .unwrap_err();
    assert!(e.to_string().contains("once per Initiative Process"), "{e}");
    // Once Ayla has acted, her Main Process is under way.
    t.roll(&alice(), "/nwcombat minor", &[]).unwrap();
    assert!(t
        .roll(&bob(), "/nwcombat use skill:read_the_field", &[])
        .is_err());
    // The next Initiative Process is a new instance.
    t.roll(&alice(), "/nwcombat pass", &[]).unwrap();
    assert!(t.s.combat.as_ref().unwrap().skills.window.is_none());
    t.roll(&bob(), "/nwcombat use skill:read_the_field", &[])
        .unwrap();
}

#[test]
fn rule_nw_15_5_prep_skills_only_at_the_start_of_combat() {
    // "Prep: used at the start of combat, before Round Progression."
    let mut t = session();
    t.give_skill("alice", "ambush_plan", "Prep", "-", "Plan.", 1);
    // Ayla [6,5] is first; the Setup step offers her the Prep skill.
    t.start_with(&[6, 5, 1, 2, 1, 2]);
    let w = t.s.combat.as_ref().unwrap().skills.window.clone().unwrap();
    assert_eq!(w.queue, vec![pc("alice")]);
    t.roll(&alice(), "/nwcombat use skill:ambush_plan", &[])
        .unwrap();
    let c = t.s.combat.as_ref().unwrap();
    assert!(
        c.skills.window.is_none(),
        "the step closes when her options run out"
    );
    assert!(t
        .roll(&alice(), "/nwcombat use skill:ambush_plan", &[])
        .is_err());
}

#[test]
fn rule_nw_10_12_rigor_ends_at_the_end_of_the_characters_main_process() {
    // BS: Rigor "Ends at the end of the character's Main Process, or in the Cleanup
    // Process."
    let mut t = fighting();
    t.s.pcs[0].bad = vec![("Rigor".into(), 0)].into();
    t.s.pcs[1].bad = vec![("Rigor".into(), 0)].into();
    assert!(t
        .roll(&alice(), "/nwcombat invade target:Swarm", &[])
        .is_err());
    t.roll(&alice(), "/nwcombat pass", &[]).unwrap();
    assert!(t.s.pcs[0].bad.is_empty());
    // Bolt keeps his until his own Main Process ends (or the Cleanup Process).
    assert_eq!(t.s.pcs[1].bad, vec![("Rigor".to_string(), 0)]);
}

#[test]
fn an_attack_skill_pays_and_starts_the_attack() {
    let mut t = fighting();
    t.s.pcs[0]
        .ch
        .skills
        .push(super::super::super::character::OwnedSkill {
            id: "ember_lance".into(),
            sl: 1,
        });
    let mp = t.s.pcs[0].mp;
    let r = t
        .roll(
            &alice(),
            "/nwcombat use skill:ember_lance target:Swarm",
            &[3, 3],
        )
        .unwrap();
    assert!(text(&r).contains("Magical attack"), "{}", text(&r));
    assert_eq!(t.s.pcs[0].mp, mp - 4);
    assert!(t.s.combat.as_ref().unwrap().attack.is_some());
    // Not enough MP: refused, nothing spent.
    let mut t = fighting();
    t.s.pcs[0]
        .ch
        .skills
        .push(super::super::super::character::OwnedSkill {
            id: "ember_lance".into(),
            sl: 1,
        });
    t.s.pcs[0].mp = 3;
    assert!(t
        .roll(
            &alice(),
            "/nwcombat use skill:ember_lance target:Swarm",
            &[]
        )
        .is_err());
}

#[test]
fn rule_nw_15_5_prep_skills_from_the_highest_speed_then_setup_skills_in_count_order() {
    // Prep: "used at the start of combat, before Round Progression; several are resolved from
    // highest to lowest Speed." · Setup Process skills: "in Count order from highest to lowest".
    let mut t = session();
    let cat = t.s.catalog(&t.data);
    let spd = |i: usize| t.s.pcs[i].ch.derive(&cat).stats[7];
    let (ayla, bolt) = (spd(0), spd(1));
    assert_ne!(ayla, bolt, "the two quick characters differ in Speed");
    let (fast, slow) = if ayla > bolt {
        (pc("alice"), pc("bob"))
    } else {
        (pc("bob"), pc("alice"))
    };
    for u in ["alice", "bob"] {
        t.give_skill(u, "ambush_plan", "Prep", "-", "Plan.", 1);
    }
    t.give_skill("alice", "rally", "Setup Process", "-", "Rally.", 1);
    // Initiative (Ayla, Bolt, Swarm): the slower PC rolls [6,6], the faster [1,1], so the
    // slower one has the higher Count (Speed differs by less than 10).
    let dice = if fast == pc("alice") {
        vec![1, 1, 6, 6, 1, 1]
    } else {
        vec![6, 6, 1, 1, 1, 1]
    };
    let r = t.start_with(&dice);
    assert!(text(&r).contains("Prep step"), "{}", text(&r));
    // Issue #36: the tracker's Turn line named the Prep step the Setup step.
    assert!(
        text(&r).contains("Turn: Prep step: ") && text(&r).contains("may use a Prep skill (`"),
        "{}",
        text(&r)
    );
    assert!(!text(&r).contains("Setup step"), "{}", text(&r));
    let count = |s: &super::super::super::session::NightWizard, w: &super::super::Who| {
        let c = s.combat.as_ref().unwrap();
        c.fighters.iter().find(|f| &f.who == w).unwrap().count
    };
    assert!(
        count(&t.s, &slow) > count(&t.s, &fast),
        "Count order is the other way"
    );
    let w = t.s.combat.as_ref().unwrap().skills.window.clone().unwrap();
    assert!(w.prep);
    assert_eq!(w.queue, vec![fast.clone(), slow.clone()], "Speed order");
    // The slower one waits; a Setup Process skill waits for the Setup step.
    let actor = |w: &super::super::Who| if *w == pc("alice") { alice() } else { bob() };
    let e = t
        .roll(&actor(&slow), "/nwcombat use skill:ambush_plan", &[])
        .unwrap_err();
    assert!(e.to_string().contains("highest Speed"), "{e}");
    let e = t
        .roll(&alice(), "/nwcombat use skill:rally", &[])
        .unwrap_err();
    assert!(e.to_string().contains("Prep step comes first"), "{e}");
    t.roll(&actor(&fast), "/nwcombat use skill:ambush_plan", &[])
        .unwrap();
    let r = t.roll(&actor(&slow), "/nwcombat skip", &[]).unwrap();
    assert!(text(&r).contains("uses no Prep skill"), "{}", text(&r));
    // The Prep step is over: the Setup step opens for Ayla's Setup Process skill.
    let w = t.s.combat.as_ref().unwrap().skills.window.clone().unwrap();
    assert!(!w.prep && !w.cleanup);
    assert_eq!(w.queue, vec![pc("alice")]);
    if slow == pc("alice") {
        let e = t
            .roll(&alice(), "/nwcombat use skill:ambush_plan", &[])
            .unwrap_err();
        assert!(e.to_string().contains("Prep step is over"), "{e}");
    }
    t.roll(&alice(), "/nwcombat use skill:rally", &[]).unwrap();
    let c = t.s.combat.as_ref().unwrap();
    assert!(c.skills.window.is_none());
    assert!(c.current.is_some() || !c.candidates.is_empty());
}
