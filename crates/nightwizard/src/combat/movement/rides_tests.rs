//! Tests of Brooms in a fight (§14.8) through the one harness.
use crate::character::OwnedItem;
use crate::test_table::actions::{alice, bob, en, fighting, pc, text, Session};

/// Ayla (alice) with a Street Broom equipped, in her Main Process; Bolt (bob) beside her.
fn with_broom() -> Session {
    let mut t = fighting();
    t.s.pcs[0].ch.items.push(OwnedItem {
        id: "street_broom".into(),
        equipped: true,
        preserved: false,
    });
    t.sync();
    t
}

#[test]
fn rule_nw_14_8_a_mounted_broom_moves_and_carries_its_passengers() {
    // §14.8 Riding: "Mounting takes a Minor Action and gives the Riding Condition, which counts
    // as Flying. The first rider is the Driver ... Passengers cannot take Move Actions or move
    // on their own; they move with the Driver. A Passenger gets off with a Minor Action."
    let mut t = with_broom();
    let out = t.ok(&alice(), "nwcombat mount", &[]);
    assert!(
        text(&out).contains("Ayla mounts the Street Broom (Minor Action)"),
        "{}",
        text(&out)
    );
    assert!(t.fight().used.minor);
    assert!(
        t.fight().moves.flying.contains(&pc("alice")),
        "Riding counts as Flying"
    );
    // Bolt boards in his own Main Process, then cannot move on his own.
    t.set_turn(pc("bob"));
    t.ok(&bob(), "nwcombat mount", &[("with", "Ayla")]);
    let e = t.err(&bob(), "nwcombat invade", &[("target", "Swarm")]);
    assert!(e.contains("a Passenger cannot take Move Actions"), "{e}");
    // The Driver invades: the Passenger goes along into the Engage.
    t.set_turn(pc("alice"));
    let out = t.ok(&alice(), "nwcombat invade", &[("target", "Swarm")]);
    assert!(
        text(&out).contains("Bolt rides along with the Broom."),
        "{}",
        text(&out)
    );
    let c = t.fight();
    let g = crate::state::NightWizard::engage_of(c, &en("Swarm")).expect("an Engage");
    assert!(c.engages[g].contains(&pc("alice")) && c.engages[g].contains(&pc("bob")));
    // Bolt gets off (a Minor Action); the Driver lands as an Auto Action.
    t.set_turn(pc("bob"));
    t.ok(&bob(), "nwcombat dismount", &[]);
    assert!(t.fight().used.minor);
    assert!(!t.fight().moves.flying.contains(&pc("bob")));
    let e = t.err(&alice(), "nwcombat fly", &[("land", "true")]);
    assert!(e.contains("rides a Broom"), "{e}");
    t.ok(&alice(), "nwcombat dismount", &[]);
    assert!(t.fight().moves.rides.is_empty());
    assert!(t.fight().moves.flying.is_empty());
}

#[test]
fn rule_nw_14_8_mounting_needs_an_equipped_broom_and_one_ride_at_a_time() {
    let mut t = fighting();
    let e = t.err(&alice(), "nwcombat mount", &[]);
    assert!(e.contains("no Broom equipped"), "{e}");
    let mut t = with_broom();
    t.ok(&alice(), "nwcombat mount", &[]);
    t.set_turn(pc("alice"));
    let e = t.err(&alice(), "nwcombat mount", &[]);
    assert!(e.contains("nobody may ride two at once"), "{e}");
    t.set_turn(pc("bob"));
    let e = t.err(&bob(), "nwcombat mount", &[("with", "Swarm")]);
    assert!(e.contains("drives no Broom"), "{e}");
}
