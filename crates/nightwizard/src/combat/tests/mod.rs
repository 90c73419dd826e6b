use super::super::character::roster::NwShared;
use super::super::character::Custom;
use super::super::data::load;
use super::super::judge::Fixed;
use super::super::session;
use super::*;
use croupier_core::table::Command;

fn gm() -> Actor {
    Actor::player("gm", "gm")
}

fn alice() -> Actor {
    Actor::player("alice", "alice")
}

fn bob() -> Actor {
    Actor::player("bob", "bob")
}

/// A session with two PCs, a Mob and a hidden Boss, combat started.
fn setup() -> (NwData, NightWizard) {
    let data = load(&croupier_core::source_path("data")).unwrap();
    let mut shared = NwShared::default();
    let mut rng = croupier_core::rng::seeded(5);
    let (mut s, _) =
        session::create(&data, &gm(), &Command::new("nw new"), Custom::default()).unwrap();
    for (a, n) in [(alice(), "Ayla"), (bob(), "Bolt")] {
        super::super::character::global::global(
            &mut shared,
            &data,
            &a,
            &Command::new("nw character new")
                .with("name", n)
                .with("quick", "true"),
            &mut rng,
        )
        .unwrap()
        .unwrap();
        let act = session::parse(&s, &a, &Command::new("nw session join"), &data, &shared).unwrap();
        session::apply(&mut s, &data, Some(&mut shared), &mut rng, &a, &act).unwrap();
    }
    for (n, l, h) in [
        ("shade_swarm", "Swarm", false),
        ("lantern_emulator", "Lantern", true),
    ] {
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Spawn {
                name: n.into(),
                label: Some(l.into()),
                hidden: h,
                hp: None,
            },
            vec![],
        )
        .unwrap();
    }
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Open { any_seven: true },
        vec![3, 3, 3, 3],
    )
    .unwrap();
    (data, s)
}

/// Applies with fixed dice; a refusal must leave the state unchanged.
fn run(
    s: &mut NightWizard,
    data: &NwData,
    a: &Actor,
    act: CombatAction,
    dice: Vec<u32>,
) -> Result<Vec<Reply>, RuleError> {
    let before = s.clone();
    let r = apply(s, data, &mut Fixed(dice), a, &act);
    if r.is_err() {
        assert_eq!(*s, before, "a refusal changes nothing");
    }
    r
}

fn pc(u: &str) -> Who {
    Who::Pc(UserId::new(u))
}

fn en(l: &str) -> Who {
    Who::Enemy(l.into())
}

fn set_turn(s: &mut NightWizard, w: Who) {
    let c = s.combat.as_mut().unwrap();
    c.current = Some(w);
    c.candidates.clear();
    c.used = Used::default();
}

fn text(r: &[Reply]) -> String {
    r.iter()
        .map(|r| r.message.plain_text())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn rule_nw_10_1_fumble_initiative_at_or_below_0_is_count_2() {
    let cf = Cf {
        critical: 10,
        fumble: 5,
    };
    // SPD 8, Fumble (5): 8 − 10 = −2 → Count 2.
    let j = Judge::roll(
        8,
        cf,
        Mode::Normal { difficulty: None },
        false,
        &mut Fixed(vec![2, 3]),
    );
    assert_eq!(initiative_count(&j), 2);
    // SPD 14, Fumble: 14 − 10 = 4 stays 4.
    let j = Judge::roll(
        14,
        cf,
        Mode::Normal { difficulty: None },
        false,
        &mut Fixed(vec![2, 3]),
    );
    assert_eq!(initiative_count(&j), 4);
}

#[test]
fn rule_nw_10_1_no_effect_lowers_count_below_1() {
    let cf = Cf {
        critical: 10,
        fumble: 5,
    };
    // SPD −9 + 3 = −6 (no fumble) → Count 1.
    let j = Judge::roll(
        -9,
        cf,
        Mode::Normal { difficulty: None },
        false,
        &mut Fixed(vec![1, 2]),
    );
    assert_eq!(initiative_count(&j), 1);
}

#[test]
fn rule_nw_2_5_any_seven_count_is_spd_plus_7() {
    let cf = Cf {
        critical: 7,
        fumble: 5,
    };
    let j = Judge::roll(
        14,
        cf,
        Mode::Normal { difficulty: None },
        true,
        &mut Fixed(vec![]),
    );
    assert_eq!(initiative_count(&j), 21);
    let (_, s) = setup();
    // Enemies started with anyseven: Lantern SPD 14 → 21, Swarm SPD 8 → 15.
    let c = s.combat.as_ref().unwrap();
    let count = |w: &Who| c.fighters.iter().find(|f| &f.who == w).unwrap().count;
    assert_eq!(count(&en("Lantern")), 21);
    assert_eq!(count(&en("Swarm")), 15);
}

#[test]
fn enemy_attack_text_gives_range_kind_and_bad_status() {
    let data = load(&croupier_core::source_path("data")).unwrap();
    let get = |id: &str| data.enemies.iter().find(|e| e.id == id).unwrap();
    let h = enemy_from(get("glass_hound"), "H".into(), false);
    assert!(!h.magic && !h.short);
    assert_eq!(h.inflicts, Some(("Poison".into(), 2)));
    let l = enemy_from(get("lantern_emulator"), "L".into(), true);
    assert!(l.magic && l.short && l.hidden);
    assert_eq!(l.inflicts, Some(("Dazed".into(), 0)));
}

#[test]
fn rule_nw_10_3_ties_declared_enemies_pcs_hidden_enemies_mobs() {
    let (data, mut s) = setup();
    // Everyone on Count 10: the revealed Boss first, then PCs (tied: they choose),
    // then the hidden enemy, then the Mob.
    for f in s.combat.as_mut().unwrap().fighters.iter_mut() {
        f.count = 10;
        f.post = false;
    }
    let mut rng = Fixed(vec![]);
    let (mut l, mut g) = (vec![], vec![]);
    initiative(&mut s, &data, &mut rng, &mut l, &mut g);
    // The Boss is hidden: PCs come first.
    let c = s.combat.as_ref().unwrap();
    assert_eq!(c.current, None);
    assert_eq!(c.candidates, vec![pc("alice"), pc("bob")]);
    // A tied PC chooses to go.
    run(&mut s, &data, &bob(), CombatAction::Go(None), vec![]).unwrap();
    assert_eq!(s.combat.as_ref().unwrap().current, Some(pc("bob")));
    // Revealed, the Boss (a Declared Enemy) goes before the PCs.
    s.enemies.iter_mut().for_each(|e| e.hidden = false);
    s.combat.as_mut().unwrap().current = None;
    initiative(&mut s, &data, &mut rng, &mut l, &mut g);
    assert_eq!(s.combat.as_ref().unwrap().current, Some(en("Lantern")));
    // Mob after PCs and hidden enemies.
    s.enemies
        .iter_mut()
        .for_each(|e| e.hidden = e.label == "Lantern");
    for f in s.combat.as_mut().unwrap().fighters.iter_mut() {
        f.post = matches!(f.who, Who::Pc(_));
    }
    initiative(&mut s, &data, &mut rng, &mut l, &mut g);
    assert_eq!(s.combat.as_ref().unwrap().current, Some(en("Lantern")));
}

#[test]
fn rule_nw_10_4_refusals_out_of_turn_second_major_wrong_order_non_gm() {
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    // Out of turn; a player acting for an NPC.
    assert!(run(&mut s, &data, &bob(), CombatAction::Minor, vec![]).is_err());
    assert!(run(&mut s, &data, &gm(), CombatAction::Minor, vec![]).is_err());
    // Non-GM using GM commands.
    assert!(super::super::test_table::refused(
        &s,
        &alice(),
        "nw combat end"
    ));
    assert!(super::super::test_table::refused(
        &s,
        &alice(),
        "nw enemy reveal"
    ));
    // Minor, then a Move is out of order.
    run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).unwrap();
    assert!(run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Invade("Swarm".into()),
        vec![]
    )
    .is_err());
    assert!(run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).is_err());
    // A Close attack on a target at Short range.
    let e = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Attack {
            target: "Swarm".into(),
            magic: false,
        },
        vec![],
    );
    assert!(e.unwrap_err().to_string().contains("Short range"));
}

#[test]
fn rule_nw_10_4_the_major_action_ends_the_main_process_post_action_count_0() {
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    // Hit 2D 6+6 … the Swarm dodges with 1+1: the attack hits; damage rolled; applied.
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Attack {
            target: "Swarm".into(),
            magic: false,
        },
        vec![6, 5],
    )
    .unwrap();
    assert!(run(&mut s, &data, &alice(), CombatAction::Minor, vec![]).is_err());
    run(&mut s, &data, &gm(), CombatAction::Dodge, vec![1, 2]).unwrap();
    // The damage roll (a PC's: its Prana window), then the defence roll.
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![6, 5],
    )
    .unwrap();
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![1, 2],
    )
    .unwrap();
    let before = s.enemy("Swarm").unwrap().hp;
    let r = run(&mut s, &data, &alice(), CombatAction::ApplyDamage, vec![]).unwrap();
    let dmg = s
        .combat
        .as_ref()
        .map(|_| before - s.enemy("Swarm").unwrap().hp)
        .unwrap_or(0);
    assert!(dmg > 0, "{}", text(&r));
    let c = s.combat.as_ref().unwrap();
    let a = c.fighters.iter().find(|f| f.who == pc("alice")).unwrap();
    assert!(a.post);
    assert_eq!(a.count, 0);
    assert_ne!(c.current, Some(pc("alice")));
}

#[test]
fn rule_nw_4_2_prana_raise_on_the_damage_roll_raises_the_hp_damage() {
    // §4.2 Raise Result on the attacker's damage Judge, before step 6 applies it:
    // HP Damage = Attacker Result − Defender Result with the raised Result.
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    let attack = CombatAction::Attack {
        target: "Swarm".into(),
        magic: false,
    };
    run(&mut s, &data, &alice(), attack, vec![6, 5]).unwrap();
    run(&mut s, &data, &gm(), CombatAction::Dodge, vec![1, 2]).unwrap();
    // The damage roll; its Prana window is open now, before the defence roll (§4.2).
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![3, 3],
    )
    .unwrap();
    // Without the Raise: the defence roll [2,2] and the HP Damage it leaves.
    let mut plain = s.clone();
    run(
        &mut plain,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![2, 2],
    )
    .unwrap();
    let before = plain
        .combat
        .as_ref()
        .unwrap()
        .attack
        .as_ref()
        .unwrap()
        .damage;
    let hp = s.enemy("Swarm").unwrap().hp;
    let prana = s.pcs[0].prana;
    let mut rng = croupier_core::rng::seeded(1);
    session::apply(
        &mut s,
        &data,
        None,
        &mut rng,
        &alice(),
        &session::NwAction::Prana(session::PranaUse::Raise(1)),
    )
    .unwrap();
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::RollDamage,
        vec![2, 2],
    )
    .unwrap();
    assert_eq!(s.pcs[0].prana, prana - 1);
    let raised = s.combat.as_ref().unwrap().attack.as_ref().unwrap().damage;
    // Raise Result: +2D per Prana (2 to 12 more).
    assert!(
        (before + 2..=before + 12).contains(&raised),
        "{before} → {raised}"
    );
    run(&mut s, &data, &alice(), CombatAction::ApplyDamage, vec![]).unwrap();
    assert_eq!(s.enemy("Swarm").unwrap().hp, (hp - raised).max(0));
    assert!(
        !s.open
            .iter()
            .any(|o| o.label == DAMAGE_ROLL || o.label == DEFENCE_ROLL),
        "the damage step's Judges close when the damage lands"
    );
}

#[test]
fn rule_nw_4_2_prana_raise_on_the_hit_check_counts_after_accept() {
    let (data, mut s) = setup();
    set_turn(&mut s, pc("alice"));
    s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    run(
        &mut s,
        &data,
        &alice(),
        CombatAction::Attack {
            target: "Swarm".into(),
            magic: false,
        },
        vec![3, 4],
    )
    .unwrap();
    let base = s
        .combat
        .as_ref()
        .unwrap()
        .attack
        .as_ref()
        .unwrap()
        .hit
        .outcome()
        .result;
    let prana = s.pcs[0].prana;
    let mut rng = croupier_core::rng::seeded(1);
    for u in [session::PranaUse::Raise(1), session::PranaUse::Accept] {
        session::apply(
            &mut s,
            &data,
            None,
            &mut rng,
            &alice(),
            &session::NwAction::Prana(u),
        )
        .unwrap();
    }
    assert_eq!(s.pcs[0].prana, prana - 1);
    run(&mut s, &data, &gm(), CombatAction::Dodge, vec![1, 2]).unwrap();
    let at = s.combat.as_ref().unwrap().attack.clone().unwrap();
    let raised = at.hit.outcome().result;
    // Raise Result: +2D per Prana (2 to 12 more).
    assert!(
        (base + 2..=base + 12).contains(&raised),
        "{base} → {raised}"
    );
    assert_eq!(
        at.dodge.unwrap().mode,
        Mode::Opposed {
            against: Some(raised),
            attacker: false
        }
    );
}

mod engage_and_cleanup;
mod life_and_timing;
