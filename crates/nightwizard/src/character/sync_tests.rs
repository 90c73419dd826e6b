//! Rule tests of the one-record rules: when a session's copy takes the roster's changes.

use super::super::super::session::{NwAction, Phase};
use super::super::super::test_table::{alice, bob, gm, Session as Table};
use super::*;
use croupier_core::table::Command;

fn roster_cmd(t: &mut Table, a: &croupier_core::table::Actor, cmd: Command) -> Vec<Reply> {
    t.global(a, &cmd)
}

/// A table whose roster holds its PCs' characters (the table's service holds them as they join).
fn table(players: &[(croupier_core::table::Actor, &str)]) -> Table {
    Table::with(players, 4)
}

fn to_after(t: &mut Table) {
    for _ in 0..4 {
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert_eq!(t.s.phase, Phase::After);
}

/// A skill the first PC's roster record may take at its level up.
fn takeable_skill(t: &Table) -> &'static str {
    [
        "sturdy_frame",
        "warded_mind",
        "street_network",
        "field_medic",
    ]
    .into_iter()
    .find(|k| {
        super::super::level_up::level_up(
            &mut t.shared.characters[0].clone(),
            Some(k),
            None,
            &t.s.catalog(&t.data),
        )
        .is_ok()
    })
    .expect("a skill to take")
}

fn text(r: &[Reply]) -> String {
    format!("{r:?}")
}

#[test]
fn rule_nw_8_2_a_level_up_applies_when_the_next_episode_begins_not_mid_episode() {
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt")]);
    // A level up the GM granted long ago is taken mid-Episode: the session does not take it
    // at the player's next action.
    t.edit_shared(|sh| sh.characters[0].level_ups = 1);
    t.edit(|s| s.pcs[0].ch.level_ups = 1);
    t.ok(&gm(), "nw phase next", &[]);
    let skill = takeable_skill(&t);
    let r = roster_cmd(
        &mut t,
        &alice(),
        Command::new("nw character levelup").with("skill", skill),
    );
    assert!(
        text(&r).contains("applies there at the After phase"),
        "{r:?}"
    );
    t.ok(&alice(), "nw judge", &[("stat", "luck")]);
    assert_eq!(t.s.pcs[0].ch.cl, 1, "mid-Episode the session keeps CL 1");
    // Bob acting carries nothing of Alice's.
    let cmd = Command::new("nw judge").with("stat", "luck");
    let act = super::super::super::session::parse(&t.s, &bob(), &cmd, &t.data, &t.shared).unwrap();
    assert!(matches!(act, NwAction::Judge(..)), "{act:?}");
    // Into the After phase: the progress comes in (then the GM's grant on top).
    for _ in 0..3 {
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert_eq!(t.s.phase, Phase::After);
    assert_eq!(t.s.pcs[0].ch.cl, 2);
    assert_eq!(t.s.pcs[0].ch.level_ups, 1, "the After phase's new grant");
    assert_eq!(t.shared.characters[0].level_ups, 1);
    let v = t.s.pcs[0].ch.derive(&t.s.catalog(&t.data));
    assert_eq!(t.s.pcs[0].hp, v.body, "full HP at the new Body");
}

#[test]
fn rule_nw_14_a_used_consumable_stays_gone_through_a_rejoin_and_the_after_phase_gives_back_the_preserved_one(
) {
    let mut t = table(&[(alice(), "Ayla")]);
    let count = |items: &[OwnedItem], id: &str| items.iter().filter(|i| i.id == id).count();
    // A quick build may have bought either potion already (Preserved).
    let had = |id: &str| count(&t.shared.characters[0].items, id);
    let (antidotes, draughts) = (had("antidote_salts"), had("healing_draught"));
    for p in [true, false] {
        let item = OwnedItem {
            id: if p {
                "antidote_salts"
            } else {
                "healing_draught"
            }
            .into(),
            equipped: false,
            preserved: p,
        };
        t.edit_shared(|sh| sh.characters[0].items.push(item));
    }
    t.ok(&alice(), "nw session join", &[]);
    let kit = t.s.pcs[0].kit.len();
    t.ok(&alice(), "nw combat use", &[("item", "antidote_salts")]);
    t.ok(&alice(), "nw combat use", &[("item", "healing_draught")]);
    assert_eq!(
        used(&t.s.pcs[0]),
        vec!["antidote_salts".to_string(), "healing_draught".to_string()]
    );
    let r = t.ok(&alice(), "nw session join", &[]);
    assert!(text(&r).contains("refreshes Ayla"), "{r:?}");
    assert_eq!(count(&t.s.pcs[0].ch.items, "antidote_salts"), antidotes);
    if antidotes == 0 {
        let e = t.err(&alice(), "nw combat use", &[("item", "antidote_salts")]);
        assert_eq!(e, "Ayla has no Antidote Salts.");
    }
    to_after(&mut t);
    let p = &t.s.pcs[0];
    assert_eq!(
        count(&p.ch.items, "antidote_salts"),
        antidotes + 1,
        "Preserved: back"
    );
    assert_eq!(
        count(&p.ch.items, "healing_draught"),
        draughts,
        "not Preserved: gone for good"
    );
    assert_eq!(p.kit.len(), kit - 1);
    assert!(used(p).is_empty());
}

#[test]
fn rule_nw_10_2_equipment_comes_in_at_the_owners_next_action_outside_a_fight() {
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt")]);
    let worn = t.shared.characters[0]
        .items
        .iter()
        .find(|i| i.equipped)
        .map(|i| i.id.clone())
        .expect("a quick build wears something");
    let r = roster_cmd(
        &mut t,
        &alice(),
        Command::new("nw character unequip").with("item", worn.as_str()),
    );
    assert!(
        text(&r).contains("at your next action outside a fight or in a Setup Process"),
        "{r:?}"
    );
    // Another player's action leaves Ayla's copy as it was.
    t.ok(&bob(), "nw judge", &[("stat", "luck")]);
    assert!(t.s.pcs[0]
        .ch
        .items
        .iter()
        .any(|i| i.id == worn && i.equipped));
    let r = t.ok(&alice(), "nw judge", &[("stat", "luck")]);
    assert!(
        text(&r).contains("Ayla takes the roster's changes: equipment."),
        "{r:?}"
    );
    assert!(t.s.pcs[0]
        .ch
        .items
        .iter()
        .any(|i| i.id == worn && !i.equipped));
}

#[test]
fn rule_nw_6_3_op_valco_is_lost_when_the_opening_begins() {
    let mut t = table(&[(alice(), "Ayla")]);
    to_after(&mut t);
    t.edit_shared(|sh| sh.characters[0].op_money = 50_000);
    t.ok(&gm(), "nw phase next", &[]);
    assert_eq!(t.s.phase, Phase::Preplay);
    assert_eq!(
        t.shared.characters[0].op_money, 50_000,
        "still spendable in Preplay"
    );
    let r = t.ok(&gm(), "nw phase next", &[]);
    assert!(
        text(&r).contains("Ayla loses 50000 unspent OP valco (§6.3)."),
        "{r:?}"
    );
    assert_eq!(t.shared.characters[0].op_money, 0);
}

#[test]
fn rule_nw_custom_enemy_added_after_the_session_opened_spawns_at_once() {
    let mut t = table(&[(alice(), "Ayla")]);
    let gm_manager = croupier_core::table::Actor {
        manager: true,
        ..gm()
    };
    roster_cmd(
        &mut t,
        &gm_manager,
        Command::new("nw enemy add")
            .with("name", "Paper Golem")
            .with("hp", "12"),
    );
    assert!(t.s.custom.enemies.is_empty());
    t.ok(
        &gm(),
        "nw enemy spawn",
        &[("name", "Paper Golem"), ("as", "Golem")],
    );
    assert_eq!(t.s.custom, t.shared.custom);
    assert!(t.s.enemies.iter().any(|e| e.label == "Golem"));
}

/// Ayla and Bolt at the table, Ayla's record carrying a Preserved Antidote Salts that her
/// session copy has taken (a kit, so the session keeps her as she leaves).
fn ayla_with_a_kit() -> Table {
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt")]);
    t.edit_shared(|sh| {
        sh.characters[0].items.push(OwnedItem {
            id: "antidote_salts".into(),
            equipped: false,
            preserved: true,
        })
    });
    t.ok(&alice(), "nw session join", &[]);
    t
}

#[test]
fn rule_nw_8_2_leaving_and_coming_back_restores_nothing_the_after_phase_would_not() {
    let mut t = ayla_with_a_kit();
    let before = used(&t.s.pcs[0]).len();
    t.ok(&alice(), "nw combat use", &[("item", "antidote_salts")]);
    t.ok(&gm(), "nw session set", &[("player", "alice"), ("hp", "4")]);
    t.ok(&alice(), "nw session leave", &[]);
    assert_eq!(t.s.left.len(), 1);
    t.ok(&alice(), "nw session join", &[]);
    let p = t.s.pcs.iter().find(|p| p.user == alice().id).unwrap();
    assert_eq!(p.hp, 4, "the HP it left with");
    assert_eq!(used(p).len(), before + 1, "the used Antidote stays used");
    assert!(t.s.left.is_empty());
    // After the After phase a newcomer is fresh again.
    t.ok(&alice(), "nw session leave", &[]);
    to_after(&mut t);
    assert!(t.s.left.is_empty());
    t.ok(&alice(), "nw session join", &[]);
    let p = t.s.pcs.iter().find(|p| p.user == alice().id).unwrap();
    assert!(used(p).is_empty());
    assert!(p.hp > 4);
}

/// An item alice's Ayla wears: in the hands (`hand`), or elsewhere.
fn worn_item(t: &Table, hand: bool) -> Option<String> {
    let cat = t.s.cat(&t.data);
    t.shared.characters[0]
        .items
        .iter()
        .filter(|i| i.equipped)
        .find(|i| {
            cat.item(&i.id)
                .is_some_and(|d| (super::super::derive::hands(&d.slot) > 0) == hand)
        })
        .map(|i| i.id.clone())
}

#[test]
fn rule_nw_10_5_drawing_and_stowing_hand_items_is_an_auto_action_even_mid_round() {
    // §10.5 Auto Action: "Drawing items into or out of the Lunar Robe, switching hands ...
    // Any time"; §10.2 step 2 keeps swapping worn Equipment to the Setup Process.
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt")]);
    t.ok(
        &gm(),
        "nw enemy spawn",
        &[("name", "shade_swarm"), ("as", "Swarm")],
    );
    t.ok(&gm(), "nw combat start", &[]);
    let passed = [alice(), bob(), gm()]
        .iter()
        .any(|a| t.run(a, "nw combat pass", &[]).is_ok());
    assert!(passed);
    assert!(!gear_applies(&t.s), "mid-Round");
    let weapon = worn_item(&t, true).expect("a quick build holds a weapon");
    let note = roster_cmd(
        &mut t,
        &alice(),
        Command::new("nw character unequip").with("item", weapon.as_str()),
    );
    assert!(text(&note).contains("even mid-Round"), "{}", text(&note));
    // Another player acts in between; then Ayla's next action brings the stowed weapon.
    t.ok(&bob(), "nw judge", &[("stat", "luck")]);
    let out = t.ok(&alice(), "nw judge", &[("stat", "luck")]);
    assert!(
        text(&out).contains("Ayla takes the roster's changes: equipment."),
        "{}",
        text(&out)
    );
    assert!(t.s.pcs[0]
        .ch
        .items
        .iter()
        .any(|i| i.id == weapon && !i.equipped));
}

#[test]
fn rule_nw_10_2_mid_round_equipment_waits_for_a_setup_process_or_the_end_of_the_fight() {
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt")]);
    t.ok(
        &gm(),
        "nw enemy spawn",
        &[("name", "shade_swarm"), ("as", "Swarm")],
    );
    t.ok(&gm(), "nw combat start", &[]);
    assert!(
        gear_applies(&t.s),
        "a new Round opens with its Setup Process"
    );
    // The first Main Process ends: the Setup Process is over.
    let passed = [alice(), bob(), gm()]
        .iter()
        .any(|a| t.run(a, "nw combat pass", &[]).is_ok());
    assert!(passed);
    assert!(!gear_applies(&t.s));
    // Worn armour or an accessory: not in the hands.
    let worn = worn_item(&t, false).expect("a quick build wears armour");
    roster_cmd(
        &mut t,
        &alice(),
        Command::new("nw character unequip").with("item", worn.as_str()),
    );
    let cmd = Command::new("nw judge").with("stat", "luck");
    let act =
        super::super::super::session::parse(&t.s, &alice(), &cmd, &t.data, &t.shared).unwrap();
    assert!(
        matches!(act, NwAction::Judge(..)),
        "nothing to carry mid-round: {act:?}"
    );
    t.ok(&gm(), "nw combat end", &[]);
    t.ok(&alice(), "nw judge", &[("stat", "luck")]);
    assert!(t.s.pcs[0]
        .ch
        .items
        .iter()
        .any(|i| i.id == worn && !i.equipped));
}

#[test]
fn rule_nw_3_1_critical_and_fumble_are_rolled_once_a_session_leaving_does_not_reroll_them() {
    // "Critical/Fumble values are still re-rolled each real session" (§3.1, Episodes): rolled
    // when the session starts or the PC first joins it, not again by leaving and joining.
    let mut t = ayla_with_a_kit();
    let values = |t: &Table| {
        let p = t.s.pcs.iter().find(|p| p.user == alice().id).unwrap();
        (p.cf_rolled, p.cf, p.cf_points, p.cf_locked)
    };
    let first = values(&t);
    assert!(first.0.is_some());
    t.ok(&alice(), "nw session leave", &[]);
    // Another player acts while she is away.
    t.ok(&bob(), "nw judge", &[("stat", "pacc")]);
    let back = t.ok(&alice(), "nw session join", &[]);
    assert!(
        text(&back).contains("as rolled earlier this session"),
        "{}",
        text(&back)
    );
    assert_eq!(values(&t), first, "the values she left with");
    // A new real-life session begins while she is away: she comes back with new values.
    t.ok(&alice(), "nw session leave", &[]);
    t.ok(&gm(), "nw session next", &[]);
    let fresh = t.ok(&alice(), "nw session join", &[]);
    assert!(
        !text(&fresh).contains("as rolled earlier"),
        "{}",
        text(&fresh)
    );
    let p = t.s.pcs.iter().find(|p| p.user == alice().id).unwrap();
    assert!(
        p.cf_rolled.is_some() && !p.cf_locked,
        "rolled anew, not yet locked"
    );
    assert!(p.left_in_session.is_none());
    assert!(t.s.left.is_empty());
}

#[test]
fn rule_nw_8_2_a_level_up_taken_in_the_after_phase_shows_in_game_status_at_once() {
    // §8.2 After phase: "everyone levels up if the GM allows". The level up is taken on the
    // server's record; the session takes it at the GM's next phase change, but `/game status`
    // shows it at once (it used to show nothing until then).
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt")]);
    to_after(&mut t);
    assert_eq!(t.shared.characters[0].level_ups, 1);
    let skill = takeable_skill(&t);
    let status = |t: &mut Table| {
        t.ok(&bob(), "game status", &[])
            .iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(!status(&mut t).contains("level up taken"));
    roster_cmd(
        &mut t,
        &alice(),
        Command::new("nw character levelup").with("skill", skill),
    );
    // Bob rolls in between; the session's copy is still CL 1 (the rules' moment is unchanged).
    t.ok(&bob(), "nw judge", &[("stat", "luck")]);
    assert_eq!(t.s.pcs[0].ch.cl, 1);
    let said = status(&mut t);
    assert!(
        said.contains("⬆️ level up taken: CL 2 from the GM's next phase change"),
        "{said}"
    );
    // At the phase change it is in play, and the note goes.
    t.ok(&gm(), "nw phase next", &[]);
    assert_eq!(t.s.pcs[0].ch.cl, 2);
    assert!(!status(&mut t).contains("level up taken"));
}
