//! Tests of Broom Options (§14.8) through the one harness: fitting them with `/nw character
//! equip item:` (Type, "X Only", Occupy and Capacity) and what a fitted one gives its Wielder
//! (counted in `combat::effects`, the one place effects add up).
use crate::character::OwnedItem;
use crate::combat::model::{EVA, PATK};
use crate::test_table::actions::{alice, bob, en, fighting, gm, pc, text, Session};

fn owned(id: &str, equipped: bool) -> OwnedItem {
    OwnedItem {
        id: id.into(),
        equipped,
        preserved: false,
    }
}

/// Ayla (alice) holds nothing but a Street Broom (Type: Melee/Mobile, Capacity 2) and every
/// shipped Broom Option in her Lunar Robe, on her roster record.
fn with_options(broom_equipped: bool) -> Session {
    let mut t = fighting();
    t.edit_shared(|r| {
        let c = r
            .characters
            .iter_mut()
            .find(|c| c.owner.0 == "alice")
            .expect("Ayla");
        c.items = vec![owned("street_broom", broom_equipped)];
        for o in [
            "gyro_fins",
            "iron_bristles",
            "sighting_rail",
            "padded_saddle",
            "seal_lantern",
        ] {
            c.items.push(owned(o, false));
        }
    });
    t
}

fn equip(t: &mut Session, item: &str) -> Result<String, String> {
    let line = |r: Vec<croupier_core::table::Reply>| text(&r);
    t.run(&alice(), "nw character equip", &[("item", item)])
        .map(line)
        .map_err(|e| e.0)
}

fn fitted(t: &Session) -> Vec<String> {
    let c = t
        .shared
        .characters
        .iter()
        .find(|c| c.owner.0 == "alice")
        .expect("Ayla");
    c.items
        .iter()
        .filter(|i| i.equipped && i.id != "street_broom")
        .map(|i| i.id.clone())
        .collect()
}

#[test]
fn rule_nw_14_8_an_option_fits_a_broom_of_its_type_and_category_within_its_capacity() {
    // §14.8 Broom Options: "Fit as many as Capacity allows ... Type: must match the Broom's
    // Type. An Option whose Type entry is a blank or dash fits any Broom. Occupy: the Capacity
    // it uses; if there isn't enough Capacity it can't be fitted. Wielder: the character who
    // has that Broom equipped. "X Only": fits only Brooms of that Category."
    let mut t = with_options(false);
    let e = equip(&mut t, "gyro_fins").unwrap_err();
    assert!(e.contains("you have none equipped"), "{e}");
    equip(&mut t, "street_broom").unwrap();
    // Another player acts in between: Bolt's own equipment is his.
    let e = t.err(&bob(), "nw character equip", &[("item", "gyro_fins")]);
    assert!(e.contains("has no Gyro Fins"), "{e}");
    let e = equip(&mut t, "sighting_rail").unwrap_err();
    assert!(
        e.contains(
            "Sighting Rail is a Type: Ranged Option; the Street Broom is Type: Melee/Mobile"
        ),
        "{e}"
    );
    let e = equip(&mut t, "seal_lantern").unwrap_err();
    assert!(e.contains("\"Seal Only\""), "{e}");
    // A blank Type fits any Broom; Melee is one of the Street Broom's Types.
    equip(&mut t, "gyro_fins").unwrap();
    equip(&mut t, "iron_bristles").unwrap();
    assert_eq!(fitted(&t), vec!["gyro_fins", "iron_bristles"]);
    // Capacity 2 is full: the Padded Saddle (Occupy 2) does not fit ...
    let e = equip(&mut t, "padded_saddle").unwrap_err();
    assert!(
        e.contains("Padded Saddle occupies 2 and the Street Broom has 0 of its Capacity 2 free"),
        "{e}"
    );
    // ... until both others come off.
    t.ok(
        &alice(),
        "nw character unequip",
        &[("item", "iron_bristles")],
    );
    let e = equip(&mut t, "padded_saddle").unwrap_err();
    assert!(e.contains("has 1 of its Capacity 2 free"), "{e}");
    t.ok(&alice(), "nw character unequip", &[("item", "gyro_fins")]);
    equip(&mut t, "padded_saddle").unwrap();
    // The Broom cannot go into the Lunar Robe with an Option fitted to it.
    let e = t.err(
        &alice(),
        "nw character unequip",
        &[("item", "street_broom")],
    );
    assert!(e.contains("you have none equipped"), "{e}");
}

/// Ayla's copy in the fight: the Street Broom with Gyro Fins and Iron Bristles fitted.
fn fitted_in_fight() -> Session {
    let mut t = fighting();
    t.s.pcs[0].ch.items = vec![
        owned("street_broom", true),
        owned("gyro_fins", true),
        owned("iron_bristles", true),
    ];
    t.sync();
    t
}

fn dodge_alter(t: &Session) -> (i32, String) {
    let at = t.fight().attack.as_ref().expect("an attack");
    let d = at.dodge.as_ref().expect("a Dodge Check");
    (d.alter, crate::test_table::english(&d.effects).join(", "))
}

#[test]
fn rule_nw_14_8_an_option_works_only_while_fitted_and_a_riders_one_while_riding() {
    // §14.8: "An Option works only while fitted"; "Wielder: the character who has that Broom
    // equipped"; a Broom's "Effect: 'you' means the rider". Gyro Fins: "while you ride, Dodge
    // Checks +1"; Iron Bristles: "the Wielder's damage rolls +2".
    let mut t = fitted_in_fight();
    let eva = t.s.stat(&t.data, &pc("alice"), EVA);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    // On foot: the Gyro Fins give nothing.
    t.set_turn(en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    assert_eq!(dodge_alter(&t).0, eva, "{}", dodge_alter(&t).1);
    // Ayla mounts; Bolt acts in between and the Option stays Ayla's.
    t.edit(|s| {
        let c = s.combat.as_mut().expect("a fight");
        c.attack = None;
        s.open.clear();
    });
    t.set_turn(pc("alice"));
    t.ok(&alice(), "nwcombat mount", &[]);
    t.set_turn(pc("bob"));
    let beva = t.s.stat(&t.data, &pc("bob"), EVA);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Bolt")]);
    t.set_turn(en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Bolt")]);
    t.ok(&bob(), "nw combat dodge", &[]);
    assert_eq!(dodge_alter(&t).0, beva, "the Wielder's Option, not Bolt's");
    t.edit(|s| {
        s.combat.as_mut().expect("a fight").attack = None;
        s.open.clear();
    });
    t.set_turn(en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    let (alter, shown) = dodge_alter(&t);
    assert_eq!(alter, eva + 1, "Gyro Fins +1 while riding: {shown}");
    assert!(shown.contains("Gyro Fins +1"), "{shown}");
    // Iron Bristles on the Wielder's damage rolls, ridden or not; and nothing once unfitted.
    let (n, shown, used) = crate::combat::effects::judge_bonus(&t.s, &t.data, &pc("alice"), PATK);
    assert_eq!((n, used), (2, vec![]), "{shown:?}");
    t.s.pcs[0].ch.items[2].equipped = false;
    let (n, _, _) = crate::combat::effects::judge_bonus(&t.s, &t.data, &pc("alice"), PATK);
    assert_eq!(n, 0, "an Option works only while fitted");
    // With the Broom in the Lunar Robe, nothing fitted to it works.
    t.s.pcs[0].ch.items[2].equipped = true;
    t.s.pcs[0].ch.items[0].equipped = false;
    let (n, _, _) = crate::combat::effects::judge_bonus(&t.s, &t.data, &pc("alice"), PATK);
    assert_eq!(n, 0, "the Wielder has the Broom equipped");
    // The Padded Saddle's "HP Damage −1" counts where every HP Damage reduction does.
    t.s.pcs[0].ch.items = vec![owned("street_broom", true), owned("padded_saddle", true)];
    let (n, shown, _) = crate::combat::effects::reduction(&t.s, &t.data, &pc("alice"));
    let shown = crate::test_table::english(&shown);
    assert_eq!((n, shown), (1, vec!["Padded Saddle −1".to_string()]));
}
