use super::super::super::judge::Fixed;
use super::super::super::test_table::actions::*;
use super::super::{new_round, CombatAction};
use super::*;

#[test]
fn rule_nw_10_11_recovery_judge_2d_plus_recovery_heals_capped_at_max() {
    // "Recovery: 7" means roll 2d6 + 7 and heal that much; HP never above the maximum.
    let (data, mut s) = session();
    let max = s.max_of(&data, &pc("alice"), false).unwrap();
    s.pcs[0].hp = 2;
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Ayla".into(),
            recovery: 3,
            mp: false,
            who: None,
        },
        vec![4, 3],
    )
    .unwrap();
    assert_eq!(s.pcs[0].hp, (2 + 3 + 7).min(max), "{}", text(&r));
    s.pcs[0].hp = max - 1;
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Ayla".into(),
            recovery: 7,
            mp: false,
            who: None,
        },
        vec![6, 5],
    )
    .unwrap();
    assert_eq!(s.pcs[0].hp, max, "capped at the maximum");
}

#[test]
fn rule_nw_10_11_recovery_judge_fumble_minus_10_removes_hp_never_kills() {
    // "a Recovery Judge can be negative (e.g. after a Fumble: Recovery − 10), and then it
    // removes HP … can Incapacitate but can never kill."
    let (data, mut s) = session();
    start(&mut s, &data, vec![]);
    s.pcs[1].hp = 4;
    // Ayla's Fumble is 2: [1,1] → Recovery 3 − 10 = −7.
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Bolt".into(),
            recovery: 3,
            mp: false,
            who: None,
        },
        vec![1, 1],
    )
    .unwrap();
    let t = text(&r);
    assert!(t.contains("loses 4 HP"), "{t}");
    assert!(t.contains("Incapacitated"), "{t}");
    assert_eq!(s.pcs[1].hp, 0);
    assert!(!s.pcs[1].dead);
    let f = s
        .combat
        .as_ref()
        .unwrap()
        .fighters
        .iter()
        .find(|f| f.who == pc("bob"))
        .unwrap();
    assert!(f.post && f.count == 0);
    // Again while Incapacitated: still 0, still alive.
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Bolt".into(),
            recovery: 0,
            mp: false,
            who: None,
        },
        vec![1, 1],
    )
    .unwrap();
    assert_eq!(s.pcs[1].hp, 0);
    assert!(!s.pcs[1].dead);
    assert!(s
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
    let (data, mut s) = session();
    start(&mut s, &data, vec![]);
    s.pcs[1].hp = 0;
    for f in s.combat.as_mut().unwrap().fighters.iter_mut() {
        if f.who == pc("bob") {
            f.post = true;
            f.count = 0;
        }
    }
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Bolt".into(),
            recovery: 5,
            mp: false,
            who: None,
        },
        vec![3, 3],
    )
    .unwrap();
    assert_eq!(s.pcs[1].hp, 11);
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
    assert!(post(&s));
    let (mut l, mut g) = (vec![], vec![]);
    new_round(&mut s, &data, &mut Fixed(vec![]), &mut l, &mut g);
    assert!(!post(&s), "Pre-action again from the next Setup Process");
}

#[test]
fn rule_nw_10_11_mp_recovery_capped_and_a_negative_result_floors_mp_at_0() {
    let (data, mut s) = session();
    let max = s.max_of(&data, &pc("alice"), true).unwrap();
    s.pcs[0].mp = 1;
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Ayla".into(),
            recovery: 0,
            mp: true,
            who: None,
        },
        vec![1, 1],
    )
    .unwrap();
    assert_eq!(s.pcs[0].mp, 0, "0 − 10 removes MP, floored at 0");
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Ayla".into(),
            recovery: 99,
            mp: true,
            who: None,
        },
        vec![6, 5],
    )
    .unwrap();
    assert_eq!(s.pcs[0].mp, max);
}

#[test]
fn rule_nw_10_12_dazed_minus_5_applies_to_the_healers_recovery_judge() {
    // BS: Dazed: "−5 to all Judges".
    let (data, mut s) = session();
    s.pcs[1].hp = 1;
    s.pcs[0].bad = vec![("Dazed".into(), 0)].into();
    let r = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Heal {
            target: "Bolt".into(),
            recovery: 6,
            mp: false,
            who: None,
        },
        vec![3, 4],
    )
    .unwrap();
    assert!(text(&r).contains("Dazed −5"));
    assert_eq!(s.pcs[1].hp, 1 + 7 + 6 - 5);
}

#[test]
fn heal_refusals_change_nothing() {
    let (data, mut s) = session();
    s.pcs[1].dead = true;
    let h = |t: &str| CombatAction::Heal {
        target: t.into(),
        recovery: 3,
        mp: false,
        who: None,
    };
    assert!(run(&mut s, &data, &alice(), h("Bolt"), vec![]).is_err());
    assert!(run(&mut s, &data, &alice(), h("Nobody"), vec![]).is_err());
    s.pcs[1].dead = false;
    s.pcs[0].hp = 0;
    assert!(run(&mut s, &data, &alice(), h("Bolt"), vec![]).is_err());
    // A stranger has no PC.
    assert!(run(
        &mut s,
        &data,
        &Actor::player("carol", "carol"),
        h("Bolt"),
        vec![]
    )
    .is_err());
}

/// The GM brings in a Lantern Emulator labelled `label`.
fn spawn_lantern(s: &mut NightWizard, data: &NwData, label: &str, hidden: bool) {
    run(
        s,
        data,
        &gm(),
        CombatAction::Spawn {
            name: "lantern_emulator".into(),
            label: Some(label.into()),
            hidden,
            hp: None,
        },
        vec![],
    )
    .unwrap();
}

#[test]
fn rule_nw_10_1_an_incapacitated_enemy_makes_no_recovery_judge() {
    // §10.1 Incapacitated: "They may use no actions or items except those with Timing:
    // Incapacitated." That holds for enemies as for PCs.
    let (data, mut s) = session();
    for label in ["Healer", "Hurt"] {
        spawn_lantern(&mut s, &data, label, false);
    }
    start(&mut s, &data, vec![]);
    let hp = |s: &mut NightWizard, label: &str, hp: i32| {
        s.enemies.iter_mut().find(|e| e.label == label).unwrap().hp = hp;
    };
    hp(&mut s, "Healer", 0);
    hp(&mut s, "Hurt", 1);
    let heal = |who: &str| CombatAction::Heal {
        target: "Hurt".into(),
        recovery: 2,
        mp: false,
        who: Some(who.into()),
    };
    // (`run` checks that the refusal changes nothing.)
    let e = run(&mut s, &data, &gm(), heal("Healer"), vec![3, 3]).unwrap_err();
    assert!(e.to_string().contains("Incapacitated"), "{e}");
    // Back on its feet (HP 1), the same enemy heals: 2D [3, 3] + Recovery 2 = 8 HP.
    hp(&mut s, "Healer", 1);
    run(&mut s, &data, &gm(), heal("Healer"), vec![3, 3]).unwrap();
    assert_eq!(s.enemies.iter().find(|e| e.label == "Hurt").unwrap().hp, 9);
}

#[test]
fn healing_a_hidden_enemy_is_told_only_to_the_gm() {
    let (data, mut s) = session();
    spawn_lantern(&mut s, &data, "Lantern", true);
    start(&mut s, &data, vec![]);
    s.enemies.iter_mut().for_each(|e| e.hp = 1);
    let heal = |t: &str, who: Option<&str>| CombatAction::Heal {
        target: t.into(),
        recovery: 2,
        mp: false,
        who: who.map(|w| w.to_string()),
    };
    // Players cannot name it.
    let e = run(&mut s, &data, &alice(), heal("Lantern", None), vec![]).unwrap_err();
    assert!(!e.to_string().contains("Lantern") || e.to_string().contains("`Lantern`"));
    let r = run(
        &mut s,
        &data,
        &gm(),
        heal("Lantern", Some("Lantern")),
        vec![3, 3],
    )
    .unwrap();
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
        s.enemies.iter().find(|e| e.label == "Lantern").unwrap().hp,
        9
    );
}

#[test]
fn rule_nw_10_12_paralysis_minus_5_on_a_reaction_judge_rolled_by_hand() {
    // BS: Paralysis: "−5 to the Result of Reactions (e.g. Dodge Checks)".
    use super::super::super::character::roster::NwShared;
    use super::super::super::session;
    use croupier_core::table::Command;
    let (data, mut s) = session();
    s.pcs[0].bad = vec![("Paralysis".into(), 0)].into();
    let shared = NwShared::default();
    let mut rng = croupier_core::rng::seeded(1);
    let alter = |s: &mut NightWizard, reaction: bool, rng: &mut croupier_core::rng::GameRng| {
        let mut cmd = Command::new("nw judge").with("stat", "eva");
        if reaction {
            cmd = cmd.with("reaction", "true");
        }
        let act = session::parse(s, &alice(), &cmd, &data, &shared).unwrap();
        session::apply(s, &data, None, rng, &alice(), &act).unwrap();
        s.open.last().unwrap().judge.alter
    };
    let plain = alter(&mut s, false, &mut rng);
    assert_eq!(alter(&mut s, true, &mut rng), plain - 5);
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
    let (data, mut s) = session();
    let v = s.pcs[0].ch.derive(&s.catalog(&data));
    let (rh, rm) = ((v.attrs[0] - 5).min(3), (v.attrs[3] - 5).min(3));
    s.pcs[0].hp = 1;
    s.pcs[0].mp = 0;
    let user = s.pcs[0].user.clone();
    let r = rest(
        &mut s,
        &data,
        &mut Fixed(vec![3, 3, 2, 2]),
        RestMode::Tense,
        Some(&user),
    )
    .unwrap();
    assert_eq!(s.pcs[0].hp, (1 + 6 + rh).clamp(0, v.body), "{}", text(&r));
    assert_eq!(s.pcs[0].mp, (4 + rm).clamp(0, v.mind));
    // The ÷ 5 reading.
    s.settings.natural = NaturalReading::Divide;
    s.pcs[0].hp = 1;
    rest(
        &mut s,
        &data,
        &mut Fixed(vec![3, 3, 2, 2]),
        RestMode::Tense,
        Some(&user),
    )
    .unwrap();
    assert_eq!(
        s.pcs[0].hp,
        (1 + 6 + (v.attrs[0] / 5).min(3)).clamp(0, v.body)
    );
}

#[test]
fn rule_nw_9_4_a_pc_not_in_the_scene_recovers_with_recovery_0() {
    // "A character who does not appear in a Scene makes a Recovery Judge for HP and one
    // for MP with Recovery 0, i.e. 2d6 + 0."
    let (data, mut s) = session();
    s.pcs[0].hp = 1;
    s.pcs[0].mp = 0;
    let user = s.pcs[0].user.clone();
    rest(
        &mut s,
        &data,
        &mut Fixed(vec![3, 4, 1, 3]),
        RestMode::Absent,
        Some(&user),
    )
    .unwrap();
    let v = s.pcs[0].ch.derive(&s.catalog(&data));
    assert_eq!(s.pcs[0].hp, 8.min(v.body));
    assert_eq!(s.pcs[0].mp, 4.min(v.mind));
    // Bolt was not named: unchanged.
    assert_eq!(s.pcs[1].hp, s.pcs[1].ch.derive(&s.catalog(&data)).body);
}

#[test]
fn rule_nw_10_11_full_rest_restores_in_full_gm_only_not_in_combat() {
    let (data, mut s) = session();
    s.pcs[0].hp = 0;
    s.pcs[1].mp = 0;
    // Only the GM: the table refuses the declared `perm = gm` before the rules.
    assert!(crate::test_table::permitted(
        &s,
        &alice(),
        &croupier_core::table::Command::new("nw rest").with("mode", "full")
    )
    .is_err());
    rest(&mut s, &data, &mut Fixed(vec![]), RestMode::Full, None).unwrap();
    for p in &s.pcs {
        let v = p.ch.derive(&s.catalog(&data));
        assert_eq!((p.hp, p.mp), (v.body, v.mind));
    }
    start(&mut s, &data, vec![]);
    assert!(rest(&mut s, &data, &mut Fixed(vec![]), RestMode::Full, None).is_err());
}

#[test]
fn rule_nw_10_12_poison_and_paralysis_end_only_by_a_cure_or_the_end_of_combat() {
    let (data, mut s) = session();
    start(&mut s, &data, vec![]);
    s.pcs[0].bad = vec![("Poison".into(), 3), ("Paralysis".into(), 0)].into();
    let cure = |st: &str| CombatAction::Cure {
        target: "Ayla".into(),
        status: st.into(),
    };
    // Not by a player's word, not a status she lacks.
    assert!(crate::test_table::permitted(
        &s,
        &alice(),
        &croupier_core::table::Command::new("nw combat cure")
            .with("target", "Ayla")
            .with("status", "poison")
    )
    .is_err());
    assert!(run(&mut s, &data, &gm(), cure("dazed"), vec![]).is_err());
    run(&mut s, &data, &gm(), cure("poison"), vec![]).unwrap();
    assert_eq!(s.pcs[0].bad, vec![("Paralysis".to_string(), 0)]);
    // The Cleanup Process does not end Paralysis.
    let (mut l, _) = (vec![], ());
    super::super::round::cleanup(&mut s, &data, &mut Fixed(vec![]), &mut l);
    assert_eq!(s.pcs[0].bad, vec![("Paralysis".to_string(), 0)]);
    run(&mut s, &data, &gm(), cure("all"), vec![]).unwrap();
    assert!(s.pcs[0].bad.is_empty());
}
