//! Handing an item over (§10.4) through the one harness.
use crate::test_table::actions::{alice, bob, en, fighting, gm, pc, text};

fn draughts(t: &mut crate::test_table::Session) -> Vec<usize> {
    t.s.pcs
        .iter()
        .map(|p| {
            p.ch.items
                .iter()
                .filter(|i| i.id == "healing_draught")
                .count()
        })
        .collect()
}

#[test]
fn rule_nw_10_4_handing_an_item_over_is_a_major_action_in_a_fight() {
    // §10.4 Major Action: "Physical or Magical Attack, Enemy Identify Judge (no rules given),
    // handing someone an item, Timing: Major Action skills and items | 1 per Main Process;
    // ends it".
    let mut t = fighting();
    t.hold("alice", &[]);
    t.s.pcs[0].ch.items.push(crate::character::OwnedItem {
        id: "healing_draught".into(),
        equipped: false,
        preserved: false,
    });
    t.combat().engages = vec![vec![pc("alice"), pc("bob")], vec![en("Swarm")]];
    t.sync();
    // Only what she carries, and only to a PC in her Engage.
    let e = t.err(
        &alice(),
        "nw give",
        &[("item", "Mana Draught"), ("to", "Bolt")],
    );
    assert!(e.contains("Ayla has no Mana Draught"), "{e}");
    let e = t.err(
        &alice(),
        "nw give",
        &[("item", "healing_draught"), ("to", "Swarm")],
    );
    assert!(e.contains("no PC `Swarm` here to take it"), "{e}");
    t.combat().engages = vec![vec![pc("alice")], vec![pc("bob"), en("Swarm")]];
    let e = t.err(
        &alice(),
        "nw give",
        &[("item", "healing_draught"), ("to", "Bolt")],
    );
    assert!(
        e.contains("hand it over at Close range: Bolt is not in your Engage"),
        "{e}"
    );
    // Not in Bolt's Main Process: it is Ayla's.
    t.combat().engages = vec![vec![pc("alice"), pc("bob")], vec![en("Swarm")]];
    let e = t.err(
        &bob(),
        "nw give",
        &[("item", "healing_draught"), ("to", "Ayla")],
    );
    assert!(e.contains("Ayla"), "{e}");
    let out = t.ok(
        &alice(),
        "nw give",
        &[("item", "healing_draught"), ("to", "Bolt")],
    );
    assert!(
        text(&out).contains("🤝 Ayla hands the Healing Draught to Bolt (Major Action)."),
        "{}",
        text(&out)
    );
    assert_eq!(draughts(&mut t), vec![0, 1]);
    assert_ne!(
        t.fight().current,
        Some(pc("alice")),
        "the Main Process ended"
    );
    // Bolt, in his own Main Process, drinks it (a Minor Action).
    t.set_turn(pc("bob"));
    t.s.pcs[1].hp -= 5;
    t.rolls(&bob(), "/nwcombat use item:healing_draught", &[3, 4]);
    assert_eq!(draughts(&mut t), vec![0, 0]);
    assert!(t.fight().used.minor);
}

#[test]
fn rule_nw_10_4_outside_a_fight_handing_over_is_free_and_the_item_stays_through_a_refresh() {
    // §10.4 makes it a Major Action in Round Progression only; §6.3: "Items gained during play
    // are lost at the end of the Scenario unless Preserved".
    let mut t = crate::test_table::Session::with(&[(alice(), "Ayla"), (bob(), "Bolt")], 6);
    t.s.pcs[0].ch.items.retain(|i| i.id != "healing_draught");
    t.s.pcs[1].ch.items.retain(|i| i.id != "healing_draught");
    t.s.pcs[0].ch.items.push(crate::character::OwnedItem {
        id: "healing_draught".into(),
        equipped: false,
        preserved: false,
    });
    t.sync();
    t.ok(
        &alice(),
        "nw give",
        &[("item", "Healing Draught"), ("to", "Bolt")],
    );
    assert_eq!(draughts(&mut t), vec![0, 1]);
    assert_eq!(t.s.pcs[1].gained, vec!["healing_draught".to_string()]);
    // Bolt changes his equipment on the roster: his next action takes it, and keeps the draught.
    t.edit_shared(|r| {
        for c in r.characters.iter_mut().filter(|c| c.owner.0 == "bob") {
            c.items[0].equipped = !c.items[0].equipped;
        }
    });
    let worn =
        |t: &crate::test_table::Session| t.s.pcs[1].ch.items.iter().filter(|i| i.equipped).count();
    let before = worn(&t);
    t.ok(&bob(), "nw judge", &[("stat", "luck")]);
    assert_ne!(
        worn(&t),
        before,
        "the roster's equipment reached the session"
    );
    assert_eq!(draughts(&mut t), vec![0, 1]);
    // The After phase ends the Episode: an item gained in play is lost (§6.3).
    for _ in 0..4 {
        if t.s.phase == crate::state::Phase::After {
            break;
        }
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert_eq!(t.s.phase, crate::state::Phase::After);
    assert!(t.s.pcs[1].gained.is_empty());
    // Bolt's own Preserved draught comes back; the one handed to him does not.
    assert_eq!(draughts(&mut t)[1], 1);
}
