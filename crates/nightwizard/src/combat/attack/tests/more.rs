//! Attack tests, part 2: range, reactions, Full Hit/Dodge, incomplete enemies, Guests, Prana.

use super::*;
use crate::combat::{foes, initiative, rank};

#[test]
fn rule_nw_10_9_area_target_not_in_range_is_refused() {
    let (data, _, mut s) = setup();
    // The Hound's attack is Close; Bolt at Short range.
    s.combat.as_mut().unwrap().engages = vec![vec![en("Hound"), pc("alice")]];
    let e = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::AttackMany {
            targets: vec!["Ayla, Bolt".into()],
            area: false,
            magic: false,
            full_hit: false,
        },
        vec![4, 3],
    )
    .unwrap_err();
    assert!(e.to_string().contains("Bolt is at Short range"), "{e}");
    // An area attack on another Engage.
    s.combat.as_mut().unwrap().engages =
        vec![vec![en("Hound"), en("Swarm")], vec![pc("alice"), pc("bob")]];
    let e = area_err(&mut s, &data);
    assert!(e.contains("Short range"), "{e}");
    assert!(s.combat.as_ref().unwrap().attack.is_none());
}

fn area_err(s: &mut NightWizard, data: &NwData) -> String {
    run(
        s,
        data,
        &gm(),
        CombatAction::AttackMany {
            targets: vec!["Ayla".into()],
            area: true,
            magic: false,
            full_hit: false,
        },
        vec![4, 3],
    )
    .unwrap_err()
    .to_string()
}

#[test]
fn rule_nw_10_9_a_reaction_is_only_for_yourself_a_player_cannot_dodge_for_another() {
    let (data, _, mut s) = setup();
    area(&mut s, &data, vec![4, 3]);
    let e = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::DodgeAs {
            who: Some("Bolt".into()),
            full: false,
        },
        vec![6, 6],
    )
    .unwrap_err();
    assert!(e.to_string().contains("Bolt's to roll"), "{e}");
    // The GM cannot dodge for a PC either; a PC who has dodged cannot dodge again.
    assert!(run(
        &mut s,
        &data,
        &gm(),
        CombatAction::DodgeAs {
            who: Some("Ayla".into()),
            full: false
        },
        vec![]
    )
    .is_err());
    dodge(&mut s, &data, &alice(), false, vec![1, 3]);
    assert!(run(&mut s, &data, &alice(), CombatAction::Dodge, vec![]).is_err());
}

#[test]
fn rule_nw_10_9_full_hit_and_full_dodge_defender_wins() {
    // "Full Hit hits no matter what the dice say … If both happen at once, the Defender wins."
    let (data, _, mut s) = setup();
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::AttackMany {
            targets: vec!["Ayla".into(), "Bolt".into()],
            area: false,
            magic: false,
            full_hit: true,
        },
        vec![1, 2],
    )
    .unwrap();
    // Hit 9 + 3 = 12; Ayla dodges 6 + 11 = 17 but Full Hit hits; Bolt declares Full Dodge,
    // which his skill grants (Ayla has none: hers would be refused, changing nothing).
    let before = s.clone();
    let e = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::DodgeAs {
            who: None,
            full: true,
        },
        vec![6, 5],
    )
    .unwrap_err();
    assert!(
        e.0.contains("Full Dodge is a skill's effect (§10.9), and none of Ayla's skills grants it"),
        "{}",
        e.0
    );
    assert_eq!(s, before);
    full_dodge_skill(&mut s, "bob");
    dodge(&mut s, &data, &alice(), false, vec![6, 5]);
    dodge(&mut s, &data, &bob(), true, vec![1, 3]);
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2],
    )
    .unwrap();
    let at = attack(&s);
    assert_eq!(
        at.defenders.iter().map(|d| d.hit).collect::<Vec<_>>(),
        vec![true, false]
    );
    assert!(text(&r).contains("Full Hit against Full Dodge: the Defender wins"));
}

#[test]
fn rule_nw_10_9_full_dodge_dodges_even_a_critical_chain() {
    // "Full Dodge dodges no matter what, even against a chain of Criticals." A plain
    // one-target attack takes the Full Dodge too.
    let (data, _, mut s) = setup();
    let act = CombatAction::Attack {
        target: "Ayla".into(),
        magic: false,
    };
    // The GM's Critical is 10: [5,5] chains, then [6,4] chains, then [1,2].
    run(&mut s, &data, &gm(), act, vec![5, 5, 6, 4, 1, 2]).unwrap();
    assert!(attack(&s).hit.outcome().crits >= 2);
    full_dodge_skill(&mut s, "alice");
    dodge(&mut s, &data, &alice(), true, vec![1, 3]);
    let r = run(&mut s, &data, &gm(), CombatAction::RollDamage, vec![]).unwrap();
    assert!(
        text(&r).contains("Full Dodge: Ayla dodges."),
        "{}",
        text(&r)
    );
    assert_eq!(s.pcs[0].hp, 40);
    assert!(s.combat.as_ref().unwrap().attack.is_none());
}

#[test]
fn rule_nw_13_incomplete_enemy_is_hit_automatically_without_dodge_or_defence() {
    // "attacks against them hit automatically, with no Dodge Check or defence roll."
    let (data, _, mut s) = setup();
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::SpawnIncomplete {
            name: "shade_swarm".into(),
            label: Some("Husk".into()),
            hidden: false,
            hp: Some(20),
        },
        vec![],
    )
    .unwrap();
    assert!(s.enemy("Husk").unwrap().incomplete);
    let c = s.combat.as_mut().unwrap();
    c.current = Some(pc("alice"));
    c.engages = vec![vec![pc("alice"), en("Husk")]];
    // A fumbled Hit Check ([1,1]) still hits; no Dodge Check is asked.
    let act = CombatAction::Attack {
        target: "Husk".into(),
        magic: false,
    };
    run(&mut s, &data, &alice(), act, vec![1, 1]).unwrap();
    assert_eq!(attack(&s).stage, Stage::Dodge);
    assert!(run(&mut s, &data, &gm(), CombatAction::Dodge, vec![]).is_err());
    // Damage = PATK 6 + [3,3] = 12, nothing subtracted: the damage roll (its Prana window),
    // then `/nwcombat damage` again, with no defence roll to make.
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![3, 3],
    )
    .unwrap();
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![6, 6],
    )
    .unwrap();
    assert_eq!(attack(&s).defenders[0].damage, 12);
    run(&mut s, &data, &alice(), CombatAction::ApplyDamage, vec![]).unwrap();
    assert_eq!(s.enemy("Husk").unwrap().hp, 8);
}

#[test]
fn rule_nw_13_guest_built_like_a_pc_fights_on_the_pcs_side() {
    // "Guests: built like PCs, with classes and skills … Usually no Prana."
    let (data, shared, mut s) = setup();
    let cmd = Command::new("nw enemy spawn")
        .with("name", "Gwen")
        .with("as", "Gwen");
    let act = session::parse(&s, &gm(), &cmd, &data, &shared).unwrap();
    let NwAction::Combat(a) = act else {
        panic!("a combat action")
    };
    assert!(matches!(a, CombatAction::SpawnGuest { .. }));
    // Only the GM spawns Guests.
    assert!(crate::test_table::refused(&s, &alice(), "nw enemy spawn"));
    run(&mut s, &data, &gm(), a, vec![]).unwrap();
    let g = s.enemy("Gwen").unwrap().clone();
    let ch = shared.characters.iter().find(|c| c.name == "Gwen").unwrap();
    let v = ch.derive(&s.catalog(&data));
    assert_eq!(
        (g.stats, g.hp, g.hp_max, g.mp),
        (v.stats, v.body, v.body, v.mind)
    );
    assert!(g.ally && g.kind == "guest");
    assert!(!foes(&s, &en("Gwen"), &pc("alice")));
    assert!(foes(&s, &en("Gwen"), &en("Hound")));
    // The GM runs it.
    assert!(s.controls(&gm(), &en("Gwen")) && !s.controls(&alice(), &en("Gwen")));
    // With every hostile enemy down, the fight is won though the Guest stands.
    s.combat.as_mut().unwrap().current = None;
    for e in s.enemies.iter_mut().filter(|e| !e.ally) {
        e.hp = 0;
    }
    let (mut l, mut gl) = (vec![], vec![]);
    initiative(&mut s, &data, &mut Fixed(vec![]), &mut l, &mut gl);
    assert!(
        l.iter().any(|l| l.contains("No enemy is left standing")),
        "{l:?}"
    );
}

#[test]
fn rule_nw_10_3_a_guest_npc_ties_last_after_mobs() {
    // "Declared Enemies > PCs > Hidden Enemies > Mobs > NPCs."
    let (data, shared, mut s) = setup();
    let cmd = Command::new("nw enemy spawn")
        .with("name", "Gwen")
        .with("guest", "true");
    let NwAction::Combat(a) = session::parse(&s, &gm(), &cmd, &data, &shared).unwrap() else {
        panic!()
    };
    run(&mut s, &data, &gm(), a, vec![]).unwrap();
    let g = en("Gwen (Guest)");
    assert_eq!(rank(&s, &g), 4);
    assert!(rank(&s, &g) > rank(&s, &en("Swarm")) && rank(&s, &g) > rank(&s, &pc("alice")));
    let c = s.combat.as_mut().unwrap();
    c.current = None;
    for f in c.fighters.iter_mut() {
        f.count = 10;
        f.post = !matches!(&f.who, Who::Enemy(l) if l == "Swarm" || l == "Gwen (Guest)");
    }
    let (mut l, mut gl) = (vec![], vec![]);
    initiative(&mut s, &data, &mut Fixed(vec![]), &mut l, &mut gl);
    assert_eq!(s.combat.as_ref().unwrap().current, Some(en("Swarm")));
}

#[test]
fn rule_nw_4_2_prana_on_the_one_hit_check_and_on_each_dodge_counts() {
    // Prana on the Hit Check before the first Dodge Check, and on a PC's own Dodge Check
    // before the damage roll, is what the comparison uses.
    let (data, _, mut s) = setup();
    let c = s.combat.as_mut().unwrap();
    c.current = Some(pc("alice"));
    c.engages = vec![vec![pc("alice"), en("Swarm"), en("Hound")]];
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::AttackMany {
            targets: vec!["Swarm, Hound".into()],
            area: false,
            magic: false,
            full_hit: false,
        },
        vec![1, 3],
    )
    .unwrap();
    let base = attack(&s).hit.outcome().result;
    let mut rng = croupier_core::rng::seeded(3);
    session::apply(
        &mut s,
        &data,
        None,
        &mut rng,
        &alice(),
        &NwAction::Prana(session::PranaUse::Raise(1)),
    )
    .unwrap();
    let raised = attack(&s).hit.outcome().result;
    assert!(
        (base + 2..=base + 12).contains(&raised),
        "{base} → {raised}"
    );
    for w in ["Swarm", "Hound"] {
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::DodgeAs {
                who: Some(w.into()),
                full: false,
            },
            vec![1, 2],
        )
        .unwrap();
    }
    for d in attack(&s).defenders {
        assert_eq!(
            d.dodge.unwrap().mode,
            Mode::Opposed {
                against: Some(raised),
                attacker: false
            }
        );
    }
}

#[test]
fn rule_nw_4_2_prana_raise_on_a_defender_dodge_is_kept_after_accept() {
    let (data, _, mut s) = setup();
    area(&mut s, &data, vec![4, 3]);
    dodge(&mut s, &data, &alice(), false, vec![1, 3]);
    let mut rng = croupier_core::rng::seeded(3);
    for u in [session::PranaUse::Raise(2), session::PranaUse::Accept] {
        session::apply(&mut s, &data, None, &mut rng, &alice(), &NwAction::Prana(u)).unwrap();
    }
    let d = attack(&s).defenders[0]
        .dodge
        .clone()
        .unwrap()
        .outcome()
        .result;
    // 6 + [1,3] = 10, raised by 2D per Prana: 4 to 24 more.
    assert!((14..=34).contains(&d), "{d}");
    dodge(&mut s, &data, &bob(), false, vec![1, 4]);
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2, 2, 2],
    )
    .unwrap();
    assert!(
        text(&r).contains(&format!("Hit 16 against Dodge {d}")),
        "{}",
        text(&r)
    );
}

#[test]
fn commands_parse_to_the_extended_actions() {
    let (data, shared, s) = setup();
    let p = |c: Command, a: &Actor| match session::parse(&s, a, &c, &data, &shared).unwrap() {
        NwAction::Combat(x) => x,
        _ => panic!(),
    };
    assert_eq!(
        p(
            Command::new("nw combat attack").with("targets", "Ayla, Bolt"),
            &gm()
        ),
        CombatAction::AttackMany {
            targets: vec!["Ayla".into(), "Bolt".into()],
            area: false,
            magic: false,
            full_hit: false
        }
    );
    assert!(matches!(
        p(
            Command::new("nw combat attack").with("target", "Ayla"),
            &gm()
        ),
        CombatAction::Attack { .. }
    ));
    assert_eq!(
        p(
            Command::new("nw combat dodge").with("full", "true"),
            &alice()
        ),
        CombatAction::DodgeAs {
            who: None,
            full: true
        }
    );
    assert!(matches!(
        p(
            Command::new("nw combat coverup").with("for", "Ayla"),
            &bob()
        ),
        CombatAction::CoverFor { .. }
    ));
    assert!(matches!(
        p(
            Command::new("nw enemy spawn")
                .with("name", "shade_swarm")
                .with("incomplete", "true"),
            &gm()
        ),
        CombatAction::SpawnIncomplete { .. }
    ));
    assert!(matches!(
        p(
            Command::new("nw enemy spawn").with("name", "shade_swarm"),
            &gm()
        ),
        CombatAction::Spawn { .. }
    ));
}

/// Gives the PC of `user` a Reaction skill whose effect is a Full Dodge.
fn full_dodge_skill(s: &mut NightWizard, user: &str) {
    crate::test_table::fixed_dice::give_skill(
        s,
        user,
        "sixth_step",
        "Reaction",
        "",
        "Full Dodge against one attack.",
        1,
    );
}
