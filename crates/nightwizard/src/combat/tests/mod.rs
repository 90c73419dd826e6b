use super::super::data::load;
use super::super::judge::Fixed;
use super::super::test_table::actions::{alice, bob, en, gm, pc, text};
use super::super::test_table::Session;
use super::*;

/// A session with two PCs, a Mob and a hidden Boss, combat started (Any Seven for the
/// enemies, the PCs' initiative 2D [3, 3] each).
fn setup() -> Session {
    let mut t = Session::with(&[(alice(), "Ayla"), (bob(), "Bolt")], 5);
    t.rolls(&gm(), "/nwenemy spawn name:shade_swarm as:Swarm", &[]);
    t.rolls(
        &gm(),
        "/nwenemy spawn name:lantern_emulator as:Lantern hidden:true",
        &[],
    );
    t.rolls(&gm(), "/nwcombat start anyseven:true", &[3, 3, 3, 3]);
    t
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
    let t = setup();
    // Enemies started with anyseven: Lantern SPD 14 → 21, Swarm SPD 8 → 15.
    let c = t.s.combat.as_ref().unwrap();
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
    let mut t = setup();
    // Everyone on Count 10: the revealed Boss first, then PCs (tied: they choose),
    // then the hidden enemy, then the Mob. The Mob's Main Process ends (it passes), and the
    // Initiative Process picks among the rest.
    for f in t.combat().fighters.iter_mut() {
        f.count = 10;
        f.post = false;
    }
    t.set_turn(en("Swarm"));
    t.rolls(&gm(), "/nwcombat pass", &[]);
    // The Boss is hidden: PCs come first.
    let c = t.fight();
    assert_eq!(c.current, None);
    assert_eq!(c.candidates, vec![pc("alice"), pc("bob")]);
    // A tied PC chooses to go.
    t.rolls(&bob(), "/nwcombat go", &[]);
    assert_eq!(t.fight().current, Some(pc("bob")));
    // Revealed, the Boss (a Declared Enemy) goes before the PCs.
    t.s.enemies.iter_mut().for_each(|e| e.hidden = false);
    t.rolls(&bob(), "/nwcombat pass", &[]);
    assert_eq!(t.fight().current, Some(en("Lantern")));
    // Mob after PCs and hidden enemies.
    t.s.enemies
        .iter_mut()
        .for_each(|e| e.hidden = e.label == "Lantern");
    for f in t.combat().fighters.iter_mut() {
        f.count = 10;
        f.post = matches!(f.who, Who::Pc(_));
    }
    t.set_turn(pc("bob"));
    t.rolls(&bob(), "/nwcombat pass", &[]);
    assert_eq!(t.fight().current, Some(en("Lantern")));
}

#[test]
fn rule_nw_10_4_refusals_out_of_turn_second_major_wrong_order_non_gm() {
    let mut t = setup();
    t.set_turn(pc("alice"));
    // Out of turn; a player acting for an NPC.
    assert!(t.roll(&bob(), "/nwcombat minor", &[]).is_err());
    assert!(t.roll(&gm(), "/nwcombat minor", &[]).is_err());
    // Non-GM using GM commands.
    let e = t.refuses(&alice(), "/nwcombat end");
    assert!(e.contains("GM"), "{e}");
    let e = t.refuses(&alice(), "/nwenemy reveal label:Lantern");
    assert!(e.contains("GM"), "{e}");
    // Minor, then a Move is out of order.
    t.roll(&alice(), "/nwcombat minor", &[]).unwrap();
    assert!(t
        .roll(&alice(), "/nwcombat invade target:Swarm", &[])
        .is_err());
    assert!(t.roll(&alice(), "/nwcombat minor", &[]).is_err());
    // A Close attack on a target at Short range.
    let e = t.roll(&alice(), "/nwcombat attack target:Swarm", &[]);
    assert!(e.unwrap_err().to_string().contains("Short range"));
}

#[test]
fn rule_nw_10_4_the_major_action_ends_the_main_process_post_action_count_0() {
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    // Hit 2D 6+6 … the Swarm dodges with 1+1: the attack hits; damage rolled; applied.
    t.roll(&alice(), "/nwcombat attack target:Swarm", &[6, 5])
        .unwrap();
    assert!(t.roll(&alice(), "/nwcombat minor", &[]).is_err());
    t.roll(&gm(), "/nwcombat dodge", &[1, 2]).unwrap();
    // The damage roll (a PC's: its Prana window), then the defence roll.
    t.roll(&alice(), "/nwcombat damage", &[6, 5]).unwrap();
    t.roll(&alice(), "/nwcombat damage", &[1, 2]).unwrap();
    let before = t.s.enemy("Swarm").unwrap().hp;
    let r = t.roll(&alice(), "/nwcombat apply", &[]).unwrap();
    let dmg =
        t.s.combat
            .as_ref()
            .map(|_| before - t.s.enemy("Swarm").unwrap().hp)
            .unwrap_or(0);
    assert!(dmg > 0, "{}", text(&r));
    let c = t.s.combat.as_ref().unwrap();
    let a = c.fighters.iter().find(|f| f.who == pc("alice")).unwrap();
    assert!(a.post);
    assert_eq!(a.count, 0);
    assert_ne!(c.current, Some(pc("alice")));
}

#[test]
fn rule_nw_4_2_prana_raise_on_the_damage_roll_raises_the_hp_damage() {
    // §4.2 Raise Result on the attacker's damage Judge, before step 6 applies it:
    // HP Damage = Attacker Result − Defender Result with the raised Result.
    // The same fight twice: without the Raise, and with it.
    let play = |raise: bool| {
        let mut t = setup();
        t.set_turn(pc("alice"));
        t.combat().engages = vec![vec![pc("alice"), en("Swarm")]];
        t.rolls(&alice(), "/nwcombat attack target:Swarm", &[6, 5]);
        t.rolls(&gm(), "/nwcombat dodge", &[1, 2]);
        // The damage roll; its Prana window is open now, before the defence roll (§4.2).
        t.rolls(&alice(), "/nwcombat damage", &[3, 3]);
        let hp = t.s.enemy("Swarm").unwrap().hp;
        let prana = t.s.pcs[0].prana;
        if raise {
            // Raise Result: +2D per Prana, [2, 3] here.
            t.rolls(&alice(), "/nw prana use:raise amount:1", &[2, 3]);
            assert_eq!(t.s.pcs[0].prana, prana - 1);
        }
        // The defence roll [2,2] and the HP Damage it leaves.
        t.rolls(&alice(), "/nwcombat damage", &[2, 2]);
        (t, hp)
    };
    let (plain, _) = play(false);
    let before = plain.fight().attack.as_ref().unwrap().damage;
    let (mut t, hp) = play(true);
    let raised = t.fight().attack.as_ref().unwrap().damage;
    // Raise Result: +2D per Prana (2 to 12 more): 2 + 3 here.
    assert!(
        (before + 2..=before + 12).contains(&raised),
        "{before} → {raised}"
    );
    assert_eq!(raised, before + 5);
    t.rolls(&alice(), "/nwcombat apply", &[]);
    assert_eq!(t.s.enemy("Swarm").unwrap().hp, (hp - raised).max(0));
    assert!(
        !t.s.open
            .iter()
            .any(|o| o.label == DAMAGE_ROLL || o.label == DEFENCE_ROLL),
        "the damage step's Judges close when the damage lands"
    );
}

#[test]
fn rule_nw_4_2_prana_raise_on_the_hit_check_counts_after_accept() {
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().engages = vec![vec![pc("alice"), en("Swarm")]];
    t.roll(&alice(), "/nwcombat attack target:Swarm", &[3, 4])
        .unwrap();
    let base =
        t.s.combat
            .as_ref()
            .unwrap()
            .attack
            .as_ref()
            .unwrap()
            .hit
            .outcome()
            .result;
    let prana = t.s.pcs[0].prana;
    // Raise Result: +2D per Prana, [2, 3] here; then the Judge is accepted.
    t.rolls(&alice(), "/nw prana use:raise amount:1", &[2, 3]);
    t.rolls(&alice(), "/nw prana use:accept", &[]);
    assert_eq!(t.s.pcs[0].prana, prana - 1);
    t.roll(&gm(), "/nwcombat dodge", &[1, 2]).unwrap();
    let at = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
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
mod identify;
mod japanese;
mod japanese_fight;
mod japanese_foes;
mod life_and_timing;
mod prana_windows;
