//! Attack tests, part 2: range, reactions, Full Hit/Dodge, incomplete enemies, Guests, Prana.

use super::*;
use crate::combat::{foes, rank, CombatAction};
use crate::session::{self, NwAction};
use croupier_core::table::Command;

#[test]
fn rule_nw_10_9_area_target_not_in_range_is_refused() {
    let mut t = setup();
    // The Hound's attack is Close; Bolt at Short range.
    t.s.combat.as_mut().unwrap().engages = vec![vec![en("Hound"), pc("alice")]];
    let e = t
        .roll(&gm(), "/nwcombat attack targets:Ayla, Bolt", &[4, 3])
        .unwrap_err();
    assert!(e.to_string().contains("Bolt is at Short range"), "{e}");
    // An area attack on another Engage.
    t.s.combat.as_mut().unwrap().engages =
        vec![vec![en("Hound"), en("Swarm")], vec![pc("alice"), pc("bob")]];
    let e = area_err(&mut t);
    assert!(e.contains("Short range"), "{e}");
    assert!(t.s.combat.as_ref().unwrap().attack.is_none());
}

fn area_err(t: &mut Session) -> String {
    t.roll(&gm(), "/nwcombat attack target:Ayla area:true", &[4, 3])
        .unwrap_err()
        .to_string()
}

#[test]
fn rule_nw_10_9_a_reaction_is_only_for_yourself_a_player_cannot_dodge_for_another() {
    let mut t = setup();
    area(&mut t, &[4, 3]);
    let e = t
        .roll(&alice(), "/nwcombat dodge who:Bolt", &[6, 6])
        .unwrap_err();
    assert!(e.to_string().contains("Bolt's to roll"), "{e}");
    // The GM cannot dodge for a PC either; a PC who has dodged cannot dodge again.
    assert!(t.roll(&gm(), "/nwcombat dodge who:Ayla", &[]).is_err());
    dodge(&mut t, &alice(), false, &[1, 3]);
    assert!(t.roll(&alice(), "/nwcombat dodge", &[]).is_err());
}

#[test]
fn rule_nw_10_9_full_hit_and_full_dodge_defender_wins() {
    // "Full Hit hits no matter what the dice say … If both happen at once, the Defender wins."
    let mut t = setup();
    t.roll(
        &gm(),
        "/nwcombat attack targets:Ayla,Bolt fullhit:true",
        &[1, 2],
    )
    .unwrap();
    // Hit 9 + 3 = 12; Ayla dodges 6 + 11 = 17 but Full Hit hits; Bolt declares Full Dodge,
    // which his skill grants (Ayla has none: hers would be refused, changing nothing).
    // (The harness checks the refusal changes nothing.)
    let e = t
        .roll(&alice(), "/nwcombat dodge full:true", &[6, 5])
        .unwrap_err();
    assert!(
        e.0.contains("Full Dodge is a skill's effect (§10.9), and none of Ayla's skills grants it"),
        "{}",
        e.0
    );
    full_dodge_skill(&mut t, "bob");
    dodge(&mut t, &alice(), false, &[6, 5]);
    dodge(&mut t, &bob(), true, &[1, 3]);
    let r = t.roll(&gm(), "/nwcombat damage", &[4, 4, 1, 2]).unwrap();
    let at = attack(&t.s);
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
    let mut t = setup();
    // The GM's Critical is 10: [5,5] chains, then [6,4] chains, then [1,2].
    t.rolls(&gm(), "/nwcombat attack target:Ayla", &[5, 5, 6, 4, 1, 2]);
    assert!(attack(&t.s).hit.outcome().crits >= 2);
    full_dodge_skill(&mut t, "alice");
    dodge(&mut t, &alice(), true, &[1, 3]);
    let r = t.roll(&gm(), "/nwcombat damage", &[]).unwrap();
    assert!(
        text(&r).contains("Full Dodge: Ayla dodges."),
        "{}",
        text(&r)
    );
    assert_eq!(t.s.pcs[0].hp, 40);
    assert!(t.s.combat.as_ref().unwrap().attack.is_none());
}

#[test]
fn rule_nw_13_incomplete_enemy_is_hit_automatically_without_dodge_or_defence() {
    // "attacks against them hit automatically, with no Dodge Check or defence roll."
    let mut t = setup();
    t.rolls(
        &gm(),
        "/nwenemy spawn name:shade_swarm as:Husk hp:20 incomplete:true",
        &[],
    );
    assert!(t.s.enemy("Husk").unwrap().incomplete);
    let c = t.s.combat.as_mut().unwrap();
    c.current = Some(pc("alice"));
    c.engages = vec![vec![pc("alice"), en("Husk")]];
    // A fumbled Hit Check ([1,1]) still hits; no Dodge Check is asked.
    t.rolls(&alice(), "/nwcombat attack target:Husk", &[1, 1]);
    assert_eq!(attack(&t.s).stage, Stage::Dodge);
    assert!(t.roll(&gm(), "/nwcombat dodge", &[]).is_err());
    // Damage = PATK 6 + [3,3] = 12, nothing subtracted: the damage roll (its Prana window),
    // then `/nwcombat damage` again, with no defence roll to make.
    t.roll(&alice(), "/nwcombat damage", &[3, 3]).unwrap();
    t.rolls(&alice(), "/nwcombat damage", &[]);
    assert_eq!(attack(&t.s).defenders[0].damage, 12);
    t.roll(&alice(), "/nwcombat apply", &[]).unwrap();
    assert_eq!(t.s.enemy("Husk").unwrap().hp, 8);
}

#[test]
fn rule_nw_13_guest_built_like_a_pc_fights_on_the_pcs_side() {
    // "Guests: built like PCs, with classes and skills … Usually no Prana."
    let mut t = setup();
    // Only the GM spawns Guests.
    t.refuses(&alice(), "/nwenemy spawn name:Gwen as:Gwen");
    t.rolls(&gm(), "/nwenemy spawn name:Gwen as:Gwen", &[]);
    let g = t.s.enemy("Gwen").unwrap().clone();
    let ch = t
        .shared
        .characters
        .iter()
        .find(|c| c.name == "Gwen")
        .unwrap();
    let v = ch.derive(&t.s.catalog(&t.data));
    assert_eq!(
        (g.stats, g.hp, g.hp_max, g.mp),
        (v.stats, v.body, v.body, v.mind)
    );
    assert!(g.ally && g.kind == "guest");
    assert!(!foes(&t.s, &en("Gwen"), &pc("alice")));
    assert!(foes(&t.s, &en("Gwen"), &en("Hound")));
    // The GM runs it.
    assert!(t.s.controls(&gm(), &en("Gwen")) && !t.s.controls(&alice(), &en("Gwen")));
    // With every hostile enemy down, the fight is won though the Guest stands: Ayla's Main
    // Process ends and the Initiative Process finds no enemy.
    for e in t.s.enemies.iter_mut().filter(|e| !e.ally) {
        e.hp = 0;
    }
    t.set_turn(pc("alice"));
    let r = t.rolls(&alice(), "/nwcombat pass", &[]);
    assert!(
        text(&r).contains("No enemy is left standing"),
        "{}",
        text(&r)
    );
}

#[test]
fn rule_nw_10_3_a_guest_npc_ties_last_after_mobs() {
    // "Declared Enemies > PCs > Hidden Enemies > Mobs > NPCs."
    let mut t = setup();
    t.rolls(&gm(), "/nwenemy spawn name:Gwen guest:true", &[]);
    let g = en("Gwen (Guest)");
    assert_eq!(rank(&t.s, &g), 4);
    assert!(rank(&t.s, &g) > rank(&t.s, &en("Swarm")) && rank(&t.s, &g) > rank(&t.s, &pc("alice")));
    // Everyone on Count 10, only the Swarm and the Guest Pre-action: Ayla's Main Process
    // ends and the Initiative Process picks.
    for f in t.combat().fighters.iter_mut() {
        f.count = 10;
        f.post = !matches!(&f.who, Who::Enemy(l) if l == "Swarm" || l == "Gwen (Guest)");
    }
    t.set_turn(pc("alice"));
    t.rolls(&alice(), "/nwcombat pass", &[]);
    assert_eq!(t.fight().current, Some(en("Swarm")));
}

#[test]
fn rule_nw_4_2_prana_on_the_one_hit_check_and_on_each_dodge_counts() {
    // Prana on the Hit Check before the first Dodge Check, and on a PC's own Dodge Check
    // before the damage roll, is what the comparison uses.
    let mut t = setup();
    let c = t.s.combat.as_mut().unwrap();
    c.current = Some(pc("alice"));
    c.engages = vec![vec![pc("alice"), en("Swarm"), en("Hound")]];
    t.roll(&alice(), "/nwcombat attack targets:Swarm, Hound", &[1, 3])
        .unwrap();
    let base = attack(&t.s).hit.outcome().result;
    // Raise Result: +2D per Prana, [2, 3] here.
    t.rolls(&alice(), "/nw prana use:raise amount:1", &[2, 3]);
    let raised = attack(&t.s).hit.outcome().result;
    assert!(
        (base + 2..=base + 12).contains(&raised),
        "{base} → {raised}"
    );
    assert_eq!(raised, base + 5);
    for w in ["Swarm", "Hound"] {
        t.rolls(&gm(), &format!("/nwcombat dodge who:{w}"), &[1, 2]);
    }
    for d in attack(&t.s).defenders {
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
    let mut t = setup();
    area(&mut t, &[4, 3]);
    dodge(&mut t, &alice(), false, &[1, 3]);
    // Raise Result: 2 Prana, 2D each, [1, 2, 3, 4] here; then the Judge is accepted.
    t.rolls(&alice(), "/nw prana use:raise amount:2", &[1, 2, 3, 4]);
    t.rolls(&alice(), "/nw prana use:accept", &[]);
    let d = attack(&t.s).defenders[0]
        .dodge
        .clone()
        .unwrap()
        .outcome()
        .result;
    // 6 + [1,3] = 10, raised by 2D per Prana: 4 to 24 more.
    assert!((14..=34).contains(&d), "{d}");
    assert_eq!(d, 20);
    dodge(&mut t, &bob(), false, &[1, 4]);
    let r = t.roll(&gm(), "/nwcombat damage", &[4, 4, 1, 2]).unwrap();
    assert!(
        text(&r).contains(&format!("Hit 16 against Dodge {d}")),
        "{}",
        text(&r)
    );
}

#[test]
fn commands_parse_to_the_extended_actions() {
    // The lowering of typed commands to logged actions (a pure step of `parse`).
    let t = setup();
    let p = |c: Command, a: &Actor| match session::parse(&t.s, a, &c, &t.data, &t.shared).unwrap() {
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
            full_hit: false,
            with: None
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
fn full_dodge_skill(t: &mut Session, user: &str) {
    t.give_skill(
        user,
        "sixth_step",
        "Reaction",
        "",
        "Full Dodge against one attack.",
        1,
    );
}
