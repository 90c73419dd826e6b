//! Movement: ranges, Interval and Complex Movement, retreats, flight, Appearance Checks and
//! Lunar Robe swaps (§9.3, §10.2, §10.6, §10.7).

use super::super::super::test_table::actions::{
    alice, bob, carol, en, gm, pc, table, text, Session,
};
use super::super::Used;
use super::*;

/// A session with Ayla and Bolt (and Cara made but not joined), a Mob, combat started with
/// Any Seven.
pub(super) fn setup() -> Session {
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt"), (carol(), "Cara")], 2);
    t.rolls(&gm(), "/nwcombat start anyseven:true", &[3, 3, 3, 3]);
    t
}

/// `/nwcombat move to:SPOT` (`with:` the Spend).
fn to(spot: &str, with: Option<&str>) -> String {
    match with {
        Some(w) => format!("/nwcombat move to:{spot} with:{w}"),
        None => format!("/nwcombat move to:{spot}"),
    }
}

#[test]
fn rule_nw_10_6_ranges_close_same_engage_short_between_long_and_extreme_far() {
    // "Close (Engaged): in the same Engage" · "Short: not in the same Engage" ·
    // "Long: ... Only Range: Long weapons and skills reach it" · "Extreme: ... Even
    // Scene-wide effects do not reach it."
    let mut t = setup();
    let (a, b, m) = (pc("alice"), pc("bob"), en("Swarm"));
    assert_eq!(range_between(t.fight(), &a, &m), Band::Short);
    t.roll(&gm(), "/nwcombat engage a:Ayla b:Swarm", &[])
        .unwrap();
    assert_eq!(range_between(t.fight(), &a, &m), Band::Close);
    assert_eq!(range_between(t.fight(), &b, &m), Band::Short);
    let c = t.s.combat.as_mut().unwrap();
    c.moves.far.push((b.clone(), Band::Long));
    assert_eq!(range_between(t.fight(), &b, &m), Band::Long);
    t.s.combat.as_mut().unwrap().moves.far[0].1 = Band::Extreme;
    assert_eq!(range_between(t.fight(), &m, &b), Band::Extreme);
}

#[test]
fn rule_nw_10_6_only_range_long_reaches_long_nothing_reaches_extreme() {
    // "Only Range: Long weapons and skills reach it" / "Even Scene-wide effects do not
    // reach it."
    let mut t = setup();
    t.s.combat
        .as_mut()
        .unwrap()
        .moves
        .far
        .push((pc("bob"), Band::Long));
    t.set_turn(en("Swarm"));
    let atk = "/nwcombat attack target:Bolt";
    let e = t.refuses(&gm(), atk);
    assert!(e.to_string().contains("only Range: Long"), "{e}");
    // An enemy whose attack has Range: Long reaches Long.
    t.s.enemies[0].attack = "Physical, Range: Long".into();
    t.rolls(&gm(), atk, &[4, 4]);
    assert_eq!(t.fight().attack.as_ref().unwrap().target, pc("bob"));
    // Nothing reaches Extreme.
    let mut t = setup();
    t.s.enemies[0].attack = "Physical, Range: Long".into();
    t.s.combat
        .as_mut()
        .unwrap()
        .moves
        .far
        .push((pc("bob"), Band::Extreme));
    t.set_turn(en("Swarm"));
    let e = t.refuses(&gm(), atk);
    assert!(e.to_string().contains("Extreme range"), "{e}");
}

#[test]
fn rule_nw_10_6_interval_move_to_a_spot_is_a_move_action() {
    // "Interval: any other move, e.g. to a particular spot or object." (Move Action)
    let mut t = setup();
    t.set_turn(pc("alice"));
    let r = t.roll(&alice(), &to("the water tower", None), &[]).unwrap();
    assert!(
        text(&r).contains("📍 Ayla: the water tower"),
        "{}",
        text(&r)
    );
    assert!(t.fight().used.moved && !t.fight().used.minor);
    // A second plain move uses the Minor Action standing in for 1.
    t.roll(&alice(), &to("the gate", None), &[]).unwrap();
    assert!(t.fight().used.minor && !t.fight().used.major);
    assert_eq!(t.fight().current, Some(pc("alice")));
}

#[test]
fn rule_nw_10_6_complex_movement_minor_1_major_3_up_to_5() {
    // "A Minor Action can stand in for 1 Move Action, and the Major Action for 3, so a
    // full turn gives up to 5." · "Using the Major Action this way ends the Main Process."
    let mut t = setup();
    t.roll(&gm(), "/nwcombat move to:Rooftop steps:6", &[])
        .unwrap();
    t.set_turn(pc("alice"));
    t.roll(&alice(), &to("rooftop", None), &[]).unwrap();
    t.roll(&alice(), &to("rooftop", None), &[]).unwrap();
    assert_eq!(t.fight().moves.routes[0].done, 2);
    let r = t.roll(&alice(), &to("rooftop", None), &[]).unwrap();
    assert!(text(&r).contains("5/6 Move Actions"), "{}", text(&r));
    // The Major ended the Main Process: Post-action, Count 0.
    assert_ne!(t.fight().current, Some(pc("alice")));
    let f = t
        .fight()
        .fighters
        .iter()
        .find(|f| f.who == pc("alice"))
        .unwrap();
    assert!(f.post && f.count == 0);
    // Next turn, 1 more Move Action arrives.
    t.set_turn(pc("alice"));
    t.roll(&alice(), &to("Rooftop", None), &[]).unwrap();
    assert!(t.fight().moves.routes.is_empty());
    assert_eq!(
        t.fight().moves.spots,
        vec![(pc("alice"), "Rooftop".to_string())]
    );
}

#[test]
fn rule_nw_10_6_refusals_change_nothing() {
    let mut t = setup();
    // Moving after the Major Action.
    t.set_turn(pc("alice"));
    t.s.combat.as_mut().unwrap().used = Used {
        moved: true,
        minor: true,
        major: true,
    };
    let e = t.roll(&alice(), &to("gate", None), &[]).unwrap_err();
    assert!(e.to_string().contains("Major Action"), "{e}");
    // The Move Action after the Minor (Move, Minor, Major in order).
    t.s.combat.as_mut().unwrap().used = Used {
        moved: true,
        minor: true,
        major: false,
    };
    assert!(t.roll(&alice(), &to("gate", Some("move")), &[]).is_err());
    // A player moving an NPC.
    t.set_turn(en("Swarm"));
    let e = t.roll(&bob(), &to("gate", None), &[]).unwrap_err();
    assert!(e.to_string().contains("not your turn"), "{e}");
    // A player setting a distance.
    t.refuses(&bob(), "/nwcombat move to:gate steps:3");
    // Leaving an Engage with an enemy needs a Withdraw.
    t.roll(&gm(), "/nwcombat engage a:Ayla b:Swarm", &[])
        .unwrap();
    t.set_turn(pc("alice"));
    let e = t.roll(&alice(), &to("gate", None), &[]).unwrap_err();
    assert!(e.to_string().contains("withdraw first"), "{e}");
}

#[test]
fn rule_nw_10_12_rigor_no_move_actions_nor_stand_ins_major_chosen_directly() {
    // "BS: Rigor | Cannot take Move Actions."
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.pcs[0].bad.add("Rigor".into(), 0);
    let e = t
        .roll(&alice(), &to("gate", Some("major")), &[])
        .unwrap_err();
    assert!(e.to_string().contains("Rigor"), "{e}");
    t.s.pcs[0].bad.clear();
    // `with:major` skips the Move and Minor: 3 Move Actions at once, Main Process over.
    t.roll(&gm(), "/nwcombat move to:gate steps:3", &[])
        .unwrap();
    t.roll(&alice(), &to("Gate", Some("major")), &[]).unwrap();
    assert_eq!(
        t.fight().moves.spots,
        vec![(pc("alice"), "Gate".to_string())]
    );
    assert_ne!(t.fight().current, Some(pc("alice")));
}

#[test]
fn rule_nw_10_6_long_range_needs_the_gm_and_ends_the_main_process_retreat() {
    // "Moving to Long or Extreme Range needs the GM's permission, and your Main Process
    // ends right after the move." · "Moving to Long Range in a fight generally means
    // Retreat: you can no longer affect the Scene."
    let mut t = setup();
    t.set_turn(pc("bob"));
    let r = t.rolls(&bob(), "/nwcombat move to:the station range:long", &[]);
    assert!(text(&r).contains("asks the GM"), "{}", text(&r));
    // Only a request: Bolt is still in the fight, nothing spent.
    assert!(t.fight().fighters.iter().any(|f| f.who == pc("bob")));
    assert_eq!(t.fight().used, Used::default());
    // Only the GM allows it.
    t.refuses(&alice(), "/nwcombat range who:Bolt band:long");
    let r = t.rolls(&gm(), "/nwcombat range who:Bolt band:long", &[]);
    assert!(text(&r).contains("retreat"), "{}", text(&r));
    assert!(!t.fight().fighters.iter().any(|f| f.who == pc("bob")));
    assert_eq!(far(t.fight(), &pc("bob")), Some(Band::Long));
    assert_ne!(t.fight().current, Some(pc("bob")));
    assert!(text(&r).contains("🏃 Bolt: Long range"), "{}", text(&r));
}

#[test]
fn rule_nw_10_6_the_gm_refuses_a_long_move_with_band_short() {
    let mut t = setup();
    t.set_turn(pc("bob"));
    t.rolls(&bob(), "/nwcombat move to:away range:extreme", &[]);
    t.rolls(&gm(), "/nwcombat range who:Bolt band:short", &[]);
    assert!(t.fight().moves.request.is_none());
    assert!(t.fight().fighters.iter().any(|f| f.who == pc("bob")));
    assert_eq!(t.fight().current, Some(pc("bob")));
}

#[test]
fn rule_nw_10_6_combat_ends_when_no_enemy_remains_present() {
    // Retreat: the last enemy leaving ends the fight.
    let mut t = setup();
    t.set_turn(pc("alice"));
    let r = t.rolls(&gm(), "/nwcombat range who:Swarm band:long", &[]);
    assert!(t.s.combat.is_none(), "{}", text(&r));
    assert!(
        text(&r).contains("No enemy is left in the fight (the rest retreated)"),
        "{}",
        text(&r)
    );
    // Both PCs retreating ends it too.
    let mut t = setup();
    let mut last = String::new();
    for w in ["Ayla", "Bolt"] {
        t.set_turn(en("Swarm"));
        let r = t.rolls(&gm(), &format!("/nwcombat range who:{w} band:long"), &[]);
        last = text(&r);
    }
    assert!(t.s.combat.is_none());
    assert!(
        last.contains("No PC is left in the fight (the rest retreated)"),
        "{last}"
    );
}

#[test]
fn rule_nw_10_6_a_retreated_character_comes_back_post_action() {
    let mut t = setup();
    t.set_turn(en("Swarm"));
    t.rolls(&gm(), "/nwcombat range who:Bolt band:long", &[]);
    t.rolls(&gm(), "/nwcombat range who:Bolt band:short", &[]);
    let f = t
        .fight()
        .fighters
        .iter()
        .find(|f| f.who == pc("bob"))
        .unwrap();
    assert!(f.post);
    assert_eq!(far(t.fight(), &pc("bob")), None);
}

#[test]
fn rule_nw_10_7_lunar_robe_flight_minor_action_1d_mp_refused_when_short() {
    // "Costs a Minor Action, and 1d6 MP on activation. Without the MP you can't fly."
    // Roll, then pay; no flight if short (§16 #27).
    let mut t = setup();
    t.set_turn(pc("alice"));
    let fly = "/nwcombat fly";
    t.s.pcs[0].mp = 3;
    let e = t.roll(&alice(), fly, &[5]).unwrap_err();
    assert!(e.to_string().contains("[5]"), "{e}");
    t.s.pcs[0].mp = 0;
    assert!(t.roll(&alice(), fly, &[1]).is_err());
    t.s.pcs[0].mp = 10;
    let r = t.rolls(&alice(), fly, &[4]);
    assert_eq!(t.s.pcs[0].mp, 6);
    assert!(t.fight().used.minor);
    assert!(text(&r).contains("🕊️ Ayla: Flying"), "{}", text(&r));
    // Already flying; and the Minor is spent.
    assert!(t.roll(&alice(), fly, &[1]).is_err());
}

#[test]
fn rule_nw_10_7_landing_is_an_auto_action_any_time() {
    // "Landing (however you took flight) is an Auto Action."
    let mut t = setup();
    t.s.combat.as_mut().unwrap().moves.flying.push(pc("alice"));
    t.set_turn(en("Swarm"));
    t.s.combat.as_mut().unwrap().used.major = true;
    let land = "/nwcombat fly land:true";
    t.rolls(&alice(), land, &[]);
    assert!(t.fight().moves.flying.is_empty());
    t.refuses(&alice(), land);
}

#[test]
fn rule_nw_10_7_no_lunar_robe_flight_inside_a_fortress() {
    // "Not allowed inside Fortresses."
    let mut t = setup();
    t.set_turn(pc("alice"));
    t.s.pcs[0].mp = 10;
    t.s.fortress.fortress = Some(crate::fortress::model::Fortress {
        areas: vec![],
        gates: vec![],
        dive: Some(crate::fortress::model::Dive {
            at: 0,
            came_from: None,
            inside: vec![UserId("alice".into())],
            ruler_defeated: false,
            core_broken: false,
            ruler_permits: false,
            danger: None,
            held: false,
        }),
    });
    let e = t.roll(&alice(), "/nwcombat fly", &[1]).unwrap_err();
    assert!(e.to_string().contains("Fortress"), "{e}");
}

#[test]
fn hidden_enemy_moves_only_reach_the_gm() {
    let mut t = setup();
    t.s.enemies[0].hidden = true;
    t.set_turn(en("Swarm"));
    let r = t.rolls(&gm(), &to("the dark", None), &[]);
    // Through the table, a reply for the GM reaches only the GM.
    for x in &r {
        let players = match &x.audience {
            croupier_core::table::Audience::Only(us) => us.iter().any(|u| u.0 != "gm"),
            _ => true,
        };
        if players {
            assert!(!x.message.plain_text().contains("the dark"), "{}", text(&r));
        }
    }
}
