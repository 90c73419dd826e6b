//! Coming into a fight: Appearance Checks (§9.3, §12.6) and Lunar Robe swaps (§10.2 step 2).

use super::super::super::character::roster::NwShared;
use super::super::super::character::Character;
use super::super::super::judge::Cf;
use super::super::super::test_table::actions::{alice, carol, gm, pc, text, Session};
use super::tests::setup;
use super::*;

#[test]
fn rule_nw_9_3_appearance_check_luck_difficulty_10_in_the_setup_process() {
    // "Luck Judge. Difficulty usually 10" · "In combat they are made in step 1 of the
    // Setup Process."
    let mut t = setup();
    // Off by default.
    assert!(t.roll(&carol(), "/nwcombat appear", &[]).is_err());
    t.s.settings.appearance = true;
    // Cara must be in the session.
    t.joins(&carol()).unwrap();
    t.s.pcs[2].cf = Some(Cf {
        critical: 12,
        fumble: 2,
    });
    let luck = t.s.pcs[2].ch.derive(&t.s.catalog(&t.data)).attrs[LUCK];
    // 2D [1, 2] + Luck against Difficulty Luck + 4: a failure.
    t.s.settings.appearance_dc = Some(luck + 4);
    let r = t.roll(&carol(), "/nwcombat appear", &[1, 2]).unwrap();
    assert!(text(&r).contains("failure"), "{}", text(&r));
    assert!(!t.fight().fighters.iter().any(|f| f.who == pc("carol")));
    // Once per Round.
    assert!(t.roll(&carol(), "/nwcombat appear", &[6, 5]).is_err());
    // Next Round's Setup: [2, 2] + Luck reaches Luck + 4: joins Pre-action with a Count.
    t.s.combat.as_mut().unwrap().round += 1;
    let r = t.rolls(&carol(), "/nwcombat appear", &[2, 2, 4, 4]);
    assert!(text(&r).contains("success"), "{}", text(&r));
    let f = t
        .fight()
        .fighters
        .iter()
        .find(|f| f.who == pc("carol"))
        .unwrap();
    assert!(!f.post && f.count >= 1);
}

#[test]
fn rule_nw_12_6_an_appearance_check_in_a_fortress_area_is_8_plus_2_per_gate() {
    // "A PC not inside the Fortress may join the current Area's Scene with an Appearance
    // Check. Difficulty = 8 + 2 per Gate between the Entrance Area and the current Area."
    use crate::fortress::model::{Area, AreaKind, Dive, Fortress, Gate, GateKind};
    let mut t = setup();
    t.s.settings.appearance = true;
    t.s.settings.appearance_dc = Some(4);
    t.joins(&carol()).unwrap();
    let area = |n: &str, kind| Area {
        name: n.into(),
        kind,
        desc: String::new(),
        trap: None,
        cleared: false,
        exit: false,
        entry: Default::default(),
        emulator_space: false,
    };
    let gate = |from, to| Gate {
        from,
        to,
        kind: GateKind::Normal,
        uses: None,
        revealed: true,
        open: true,
    };
    // Entrance → Hall → Vault: the fight is in the Vault, two Gates in: 8 + 4 = 12.
    t.s.fortress.fortress = Some(Fortress {
        areas: vec![
            area("Entrance", AreaKind::Entrance),
            area("Hall", AreaKind::Normal),
            area("Vault", AreaKind::Normal),
        ],
        gates: vec![gate(0, 1), gate(1, 2)],
        dive: Some(Dive {
            at: 2,
            came_from: Some(1),
            inside: vec![UserId("alice".into()), UserId("bob".into())],
            ruler_defeated: false,
            core_broken: false,
            ruler_permits: false,
            danger: None,
            held: false,
        }),
    });
    t.s.pcs[2].cf = Some(Cf {
        critical: 12,
        fumble: 2,
    });
    let luck = t.s.pcs[2].ch.derive(&t.s.catalog(&t.data)).attrs[LUCK];
    assert!(
        luck + 3 < 12,
        "Luck {luck}: the table's Difficulty 4 would pass"
    );
    // 2D [1, 2] + Luck: over the table's Difficulty 4, short of the Fortress's 12.
    let r = t.roll(&carol(), "/nwcombat appear", &[1, 2]).unwrap();
    assert!(text(&r).contains("Difficulty 12"), "{}", text(&r));
    assert!(text(&r).contains("failure"), "{}", text(&r));
    assert!(!t.fight().fighters.iter().any(|f| f.who == pc("carol")));
    let inside = |t: &Session| {
        t.s.fortress
            .fortress
            .as_ref()
            .unwrap()
            .dive
            .as_ref()
            .unwrap()
            .inside
            .clone()
    };
    assert!(!inside(&t).contains(&UserId("carol".into())));
    // Next Round, 2D [6, 5] + Luck reaches 12: Cara joins the fight, and with it the party
    // inside the Fortress (she is no longer a PC "not inside the Fortress").
    t.s.combat.as_mut().unwrap().round += 1;
    let r = t.rolls(&carol(), "/nwcombat appear", &[6, 5, 4, 4]);
    assert!(text(&r).contains("success"), "{}", text(&r));
    assert!(text(&r).contains("inside the Fortress"), "{}", text(&r));
    assert!(t.fight().fighters.iter().any(|f| f.who == pc("carol")));
    assert_eq!(
        inside(&t),
        vec![
            UserId("alice".into()),
            UserId("bob".into()),
            UserId("carol".into())
        ]
    );
}

#[test]
fn rule_nw_9_3_appearance_check_only_before_the_first_main_process_ends() {
    let mut t = setup();
    t.s.settings.appearance = true;
    t.joins(&carol()).unwrap();
    let c = t.s.combat.as_mut().unwrap();
    c.moves.acted_round = c.round;
    let e = t.roll(&carol(), "/nwcombat appear", &[6, 6]).unwrap_err();
    assert!(e.to_string().contains("Setup Process"), "{e}");
}

#[test]
fn rule_nw_9_3_climax_appearance_succeeds_and_connection_gives_plus_3() {
    // "In the Climax Phase Appearance Checks automatically succeed." · "+3 if you have a
    // Connection to anyone already in the Scene."
    let mut t = setup();
    t.s.settings.appearance = true;
    t.joins(&carol()).unwrap();
    t.s.pcs[2].ch.connections.push("Ayla".into());
    let r = t.rolls(&carol(), "/nwcombat appear", &[1, 2, 3, 3]);
    assert!(
        text(&r).contains("+3 for a Connection to Ayla"),
        "{}",
        text(&r)
    );
    let mut t = setup();
    t.s.settings.appearance = true;
    t.joins(&carol()).unwrap();
    t.s.phase = Phase::Climax;
    // No Judge: only the newcomer's initiative rolls.
    let r = t.rolls(&carol(), "/nwcombat appear", &[1, 2]);
    assert!(text(&r).contains("succeed automatically"), "{}", text(&r));
    assert!(t.fight().fighters.iter().any(|f| f.who == pc("carol")));
}

#[test]
fn rule_nw_10_2_lunar_robe_swaps_only_in_the_setup_process() {
    // "Everyone may use the Lunar Robe freely: swap Equipment and Inventory" (Setup
    // Process, step 2).
    fn ayla(g: &mut NwShared) -> &mut Character {
        let alice = UserId::new("alice");
        g.characters.iter_mut().find(|c| c.owner == alice).unwrap()
    }
    let mut t = setup();
    t.edit_shared(|g| {
        let Some(item) = ayla(g).items.iter_mut().find(|o| o.equipped) else {
            panic!("a quick character has equipment");
        };
        item.equipped = false;
    });
    // In the Setup window the swap is allowed.
    t.joins(&alice()).unwrap();
    // After a Main Process ended it is refused.
    let c = t.s.combat.as_mut().unwrap();
    c.moves.acted_round = c.round;
    t.edit_shared(|g| {
        ayla(g)
            .items
            .iter_mut()
            .find(|o| !o.equipped)
            .unwrap()
            .equipped = true
    });
    let e = t.joins(&alice()).unwrap_err();
    assert!(e.to_string().contains("Setup Process"), "{e}");
    // A refresh without a swap is fine.
    t.edit_shared(|g| {
        ayla(g)
            .items
            .iter_mut()
            .find(|o| o.equipped)
            .unwrap()
            .equipped = false
    });
    t.joins(&alice()).unwrap();
}

#[test]
fn settings_toggle_appearance() {
    let mut t = setup();
    let r = t.rolls(&gm(), "/nw settings appearance:true appearance_dc:12", &[]);
    assert!(text(&r).contains("Appearance Checks: on (Luck, Difficulty 12)"));
    assert!(t.s.settings.appearance);
}
