use super::super::super::test_table::actions::*;
use super::*;

#[test]
fn rule_nw_10_11_recovery_judge_2d_plus_recovery_heals_capped_at_max() {
    // "Recovery: 7" means roll 2d6 + 7 and heal that much; HP never above the maximum.
    let mut t = session();
    let max = t.s.max_of(&t.data, &pc("alice"), false).unwrap();
    t.s.pcs[0].hp = 2;
    let r = t
        .roll(&alice(), "/nwcombat heal target:Ayla recovery:3", &[4, 3])
        .unwrap();
    assert_eq!(t.s.pcs[0].hp, (2 + 3 + 7).min(max), "{}", text(&r));
    t.s.pcs[0].hp = max - 1;
    t.roll(&alice(), "/nwcombat heal target:Ayla recovery:7", &[6, 5])
        .unwrap();
    assert_eq!(t.s.pcs[0].hp, max, "capped at the maximum");
}

#[test]
fn rule_nw_10_11_recovery_judge_fumble_minus_10_removes_hp_never_kills() {
    // "a Recovery Judge can be negative (e.g. after a Fumble: Recovery − 10), and then it
    // removes HP … can Incapacitate but can never kill."
    let mut t = session();
    t.start();
    t.s.pcs[1].hp = 4;
    // Ayla's Fumble is 2: [1,1] → Recovery 3 − 10 = −7.
    let r = t
        .roll(&alice(), "/nwcombat heal target:Bolt recovery:3", &[1, 1])
        .unwrap();
    let said = text(&r);
    assert!(said.contains("loses 4 HP"), "{said}");
    assert!(said.contains("Incapacitated"), "{said}");
    assert_eq!(t.s.pcs[1].hp, 0);
    assert!(!t.s.pcs[1].dead);
    let f =
        t.s.combat
            .as_ref()
            .unwrap()
            .fighters
            .iter()
            .find(|f| f.who == pc("bob"))
            .unwrap();
    assert!(f.post && f.count == 0);
    // Again while Incapacitated: still 0, still alive.
    t.roll(&alice(), "/nwcombat heal target:Bolt recovery:0", &[1, 1])
        .unwrap();
    assert_eq!(t.s.pcs[1].hp, 0);
    assert!(!t.s.pcs[1].dead);
    assert!(t
        .s
        .combat
        .as_ref()
        .unwrap()
        .fighters
        .iter()
        .any(|f| f.who == pc("bob")));
}

#[test]
fn rule_nw_10_1_healed_from_incapacitated_stays_post_action_until_the_next_setup() {
    // "Once recovered, they stay Post-Action until the next Setup Process."
    let mut t = session();
    t.start();
    t.s.pcs[1].hp = 0;
    for f in t.s.combat.as_mut().unwrap().fighters.iter_mut() {
        if f.who == pc("bob") {
            f.post = true;
            f.count = 0;
        }
    }
    let r = t
        .roll(&alice(), "/nwcombat heal target:Bolt recovery:5", &[3, 3])
        .unwrap();
    assert_eq!(t.s.pcs[1].hp, 11);
    assert!(text(&r).contains("no longer Incapacitated"));
    let post = |s: &NightWizard| {
        s.combat
            .as_ref()
            .unwrap()
            .fighters
            .iter()
            .find(|f| f.who == pc("bob"))
            .unwrap()
            .post
    };
    assert!(post(&t.s));
    // Everyone else has acted: Ayla passes, the round ends and the next one begins.
    for f in t.combat().fighters.iter_mut() {
        if f.who != pc("alice") {
            f.post = true;
        }
    }
    t.set_turn(pc("alice"));
    t.line(&alice(), "/nwcombat pass");
    assert!(!post(&t.s), "Pre-action again from the next Setup Process");
}

#[test]
fn rule_nw_10_11_mp_recovery_capped_and_a_negative_result_floors_mp_at_0() {
    let mut t = session();
    let max = t.s.max_of(&t.data, &pc("alice"), true).unwrap();
    t.s.pcs[0].mp = 1;
    t.roll(
        &alice(),
        "/nwcombat heal target:Ayla recovery:0 mp:true",
        &[1, 1],
    )
    .unwrap();
    assert_eq!(t.s.pcs[0].mp, 0, "0 − 10 removes MP, floored at 0");
    t.roll(
        &alice(),
        "/nwcombat heal target:Ayla recovery:99 mp:true",
        &[6, 5],
    )
    .unwrap();
    assert_eq!(t.s.pcs[0].mp, max);
}

#[test]
fn rule_nw_10_12_dazed_minus_5_applies_to_the_healers_recovery_judge() {
    // BS: Dazed: "−5 to all Judges".
    let mut t = session();
    t.s.pcs[1].hp = 1;
    t.s.pcs[0].bad = vec![("Dazed".into(), 0)].into();
    let r = t
        .roll(&alice(), "/nwcombat heal target:Bolt recovery:6", &[3, 4])
        .unwrap();
    assert!(text(&r).contains("Dazed −5"));
    assert_eq!(t.s.pcs[1].hp, 1 + 7 + 6 - 5);
}

#[test]
fn heal_refusals_change_nothing() {
    let mut t = session();
    t.s.pcs[1].dead = true;
    // (The harness checks that each refusal changes nothing.)
    t.refuses(&alice(), "/nwcombat heal target:Bolt recovery:3");
    t.refuses(&alice(), "/nwcombat heal target:Nobody recovery:3");
    t.s.pcs[1].dead = false;
    t.s.pcs[0].hp = 0;
    t.refuses(&alice(), "/nwcombat heal target:Bolt recovery:3");
    // A stranger has no PC.
    t.refuses(&carol(), "/nwcombat heal target:Bolt recovery:3");
}

/// The GM brings in a Lantern Emulator labelled `label`.
fn spawn_lantern(t: &mut Session, label: &str, hidden: bool) {
    let line = format!("/nwenemy spawn name:lantern_emulator as:{label} hidden:{hidden}");
    t.rolls(&gm(), &line, &[]);
}

#[test]
fn rule_nw_10_1_an_incapacitated_enemy_makes_no_recovery_judge() {
    // §10.1 Incapacitated: "They may use no actions or items except those with Timing:
    // Incapacitated." That holds for enemies as for PCs.
    let mut t = session();
    for label in ["Healer", "Hurt"] {
        spawn_lantern(&mut t, label, false);
    }
    t.start();
    let hp = |s: &mut NightWizard, label: &str, hp: i32| {
        s.enemies.iter_mut().find(|e| e.label == label).unwrap().hp = hp;
    };
    hp(&mut t.s, "Healer", 0);
    hp(&mut t.s, "Hurt", 1);
    let heal = "/nwcombat heal target:Hurt recovery:2 who:Healer";
    // (The harness checks that the refusal changes nothing.)
    let e = t.roll(&gm(), heal, &[3, 3]).unwrap_err();
    assert!(e.to_string().contains("Incapacitated"), "{e}");
    // Back on its feet (HP 1), the same enemy heals: 2D [3, 3] + Recovery 2 = 8 HP.
    hp(&mut t.s, "Healer", 1);
    t.rolls(&gm(), heal, &[3, 3]);
    assert_eq!(
        t.s.enemies.iter().find(|e| e.label == "Hurt").unwrap().hp,
        9
    );
}

#[test]
fn healing_a_hidden_enemy_is_told_only_to_the_gm() {
    let mut t = session();
    spawn_lantern(&mut t, "Lantern", true);
    t.start();
    t.s.enemies.iter_mut().for_each(|e| e.hp = 1);
    // Players cannot name it.
    let e = t.refuses(&alice(), "/nwcombat heal target:Lantern recovery:2");
    assert!(!e.contains("Lantern") || e.contains("`Lantern`"));
    let r = t.rolls(
        &gm(),
        "/nwcombat heal target:Lantern recovery:2 who:Lantern",
        &[3, 3],
    );
    for m in r.iter().filter(|m| m.is_public()) {
        assert!(
            !m.message.plain_text().contains("Lantern"),
            "{}",
            m.message.plain_text()
        );
    }
    assert!(r
        .iter()
        .any(|m| !m.is_public() && m.message.plain_text().contains("Lantern recovers 8 HP")));
    assert_eq!(
        t.s.enemies
            .iter()
            .find(|e| e.label == "Lantern")
            .unwrap()
            .hp,
        9
    );
}

#[test]
fn rule_nw_10_12_paralysis_minus_5_on_a_reaction_judge_rolled_by_hand() {
    // BS: Paralysis: "−5 to the Result of Reactions (e.g. Dodge Checks)".
    let mut t = session();
    t.s.pcs[0].bad = vec![("Paralysis".into(), 0)].into();
    let mut alter = |line: &str| {
        t.rolls(&alice(), line, &[3, 4]);
        t.s.open.last().unwrap().judge.alter
    };
    let plain = alter("/nw judge stat:eva");
    assert_eq!(alter("/nw judge stat:eva reaction:true"), plain - 5);
}

#[test]
fn rule_nw_10_11_natural_recovery_str_minus_5_max_3_or_divided_by_5() {
    // "HP: Recovery = Strength [?] 5, maximum 3": − 5 by default, ÷ 5 as a setting.
    assert_eq!(NaturalReading::Minus.value(7), 2);
    assert_eq!(NaturalReading::Minus.value(10), 3);
    assert_eq!(NaturalReading::Minus.value(3), -2);
    assert_eq!(NaturalReading::Divide.value(13), 2);
    assert_eq!(NaturalReading::Divide.value(4), 0);
    assert_eq!(NaturalReading::Divide.value(25), 3);
    assert_eq!(NaturalReading::default(), NaturalReading::Minus);
}

#[test]
fn rule_nw_10_11_tense_rest_rolls_hp_str_minus_5_and_mp_kno_minus_5() {
    let mut t = session();
    let v = t.s.pcs[0].ch.derive(&t.s.catalog(&t.data));
    let (rh, rm) = ((v.attrs[0] - 5).min(3), (v.attrs[3] - 5).min(3));
    t.s.pcs[0].hp = 1;
    t.s.pcs[0].mp = 0;
    let r = t.rolls(&gm(), "/nw rest mode:tense player:alice", &[3, 3, 2, 2]);
    assert_eq!(t.s.pcs[0].hp, (1 + 6 + rh).clamp(0, v.body), "{}", text(&r));
    assert_eq!(t.s.pcs[0].mp, (4 + rm).clamp(0, v.mind));
    // The ÷ 5 reading.
    t.s.settings.natural = NaturalReading::Divide;
    t.s.pcs[0].hp = 1;
    t.rolls(&gm(), "/nw rest mode:tense player:alice", &[3, 3, 2, 2]);
    assert_eq!(
        t.s.pcs[0].hp,
        (1 + 6 + (v.attrs[0] / 5).min(3)).clamp(0, v.body)
    );
}

#[test]
fn rule_nw_9_4_a_pc_not_in_the_scene_recovers_with_recovery_0() {
    // "A character who does not appear in a Scene makes a Recovery Judge for HP and one
    // for MP with Recovery 0, i.e. 2d6 + 0."
    let mut t = session();
    t.s.pcs[0].hp = 1;
    t.s.pcs[0].mp = 0;
    t.rolls(&gm(), "/nw rest mode:absent player:alice", &[3, 4, 1, 3]);
    let v = t.s.pcs[0].ch.derive(&t.s.catalog(&t.data));
    assert_eq!(t.s.pcs[0].hp, 8.min(v.body));
    assert_eq!(t.s.pcs[0].mp, 4.min(v.mind));
    // Bolt was not named: unchanged.
    assert_eq!(
        t.s.pcs[1].hp,
        t.s.pcs[1].ch.derive(&t.s.catalog(&t.data)).body
    );
}

#[test]
fn rule_nw_10_11_full_rest_restores_in_full_gm_only_not_in_combat() {
    let mut t = session();
    t.s.pcs[0].hp = 0;
    t.s.pcs[1].mp = 0;
    // Only the GM: the table refuses the declared `perm = gm` before the rules.
    t.refuses(&alice(), "/nw rest mode:full");
    t.rolls(&gm(), "/nw rest mode:full", &[]);
    for p in &t.s.pcs {
        let v = p.ch.derive(&t.s.catalog(&t.data));
        assert_eq!((p.hp, p.mp), (v.body, v.mind));
    }
    t.start();
    t.refuses(&gm(), "/nw rest mode:full");
}

#[test]
fn rule_nw_10_12_poison_and_paralysis_end_only_by_a_cure_or_the_end_of_combat() {
    let mut t = session();
    t.start();
    t.s.pcs[0].bad = vec![("Poison".into(), 3), ("Paralysis".into(), 0)].into();
    // Not by a player's word, not a status she lacks.
    t.refuses(&alice(), "/nwcombat cure target:Ayla status:poison");
    t.refuses(&gm(), "/nwcombat cure target:Ayla status:dazed");
    t.rolls(&gm(), "/nwcombat cure target:Ayla status:poison", &[]);
    assert_eq!(t.s.pcs[0].bad, vec![("Paralysis".to_string(), 0)]);
    // The Cleanup Process does not end Paralysis: everyone else has acted, Ayla passes, the
    // round ends and the next one begins.
    for f in t.combat().fighters.iter_mut() {
        if f.who != pc("alice") {
            f.post = true;
        }
    }
    t.set_turn(pc("alice"));
    t.line(&alice(), "/nwcombat pass");
    assert_eq!(t.combat().round, 2);
    assert_eq!(t.s.pcs[0].bad, vec![("Paralysis".to_string(), 0)]);
    t.rolls(&gm(), "/nwcombat cure target:Ayla status:all", &[]);
    assert!(t.s.pcs[0].bad.is_empty());
}
