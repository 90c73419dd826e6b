//! The Enemy Identify Judge (§10.4 names it a Major Action and gives no rules: the reading
//! in `docs/rules-choices.md`).

use super::super::super::judge::alter_for;
use super::super::super::test_table::actions::session;
use super::super::identify::IDENTIFY_DIFFICULTY;
use super::*;
use croupier_core::table::Viewer;

fn swarm_row(t: &Session, viewer: &str) -> crate::view::RowView {
    let v = crate::view::view_model(&t.s, &t.data, &Viewer::user(&UserId::new(viewer)));
    v.rows.into_iter().find(|r| r.name == "Swarm").unwrap()
}

#[test]
fn rule_nw_10_4_enemy_identify_judge_knowledge_12_reveals_the_enemys_data() {
    // §10.4 "Major Action: … Enemy Identify Judge (no rules given)" · §4.2 "Raise Result: On
    // any Judge, add 2d6". Read as a Knowledge Judge, Difficulty 12.
    let mut t = session();
    t.start();
    t.set_turn(pc("alice"));
    let k = alter_for(&t.s.pcs[0], "knowledge", &t.s.cat(&t.data)).0;
    assert!(
        k + 3 < IDENTIFY_DIFFICULTY && k + 3 + 12 >= IDENTIFY_DIFFICULTY,
        "{k}"
    );
    // Before: the players see only the Swarm's condition; the GM its HP.
    assert!(swarm_row(&t, "alice").condition.is_some());
    // Knowledge + [1, 2]: short of 12. A Major Action: the Main Process ends.
    let r = t.rolls(&alice(), "/nwenemy identify target:Swarm", &[1, 2]);
    let said = text(&r);
    assert!(
        said.contains("Difficulty 12") && said.contains("failure"),
        "{said}"
    );
    assert!(!said.contains("PACC"), "{said}");
    assert!(swarm_row(&t, "alice").condition.is_some());
    assert_ne!(t.fight().current, Some(pc("alice")));
    // Another player rolls a Judge of their own in between.
    t.rolls(&bob(), "/nw judge stat:luck", &[3, 3]);
    // Raise Result +2D [6, 6]: a success now, and the party is shown the data.
    let r = t.rolls(&alice(), "/nw prana use:raise amount:1", &[6, 6]);
    let said = text(&r);
    assert!(
        said.contains("Swarm identified") && said.contains("PACC"),
        "{said}"
    );
    let row = swarm_row(&t, "bob");
    assert!(row.condition.is_none(), "{row:?}");
    let e = t.s.enemy("Swarm").unwrap();
    assert_eq!(row.hp, (e.hp, Some(e.hp_max)));
    // Once is enough.
    t.set_turn(pc("bob"));
    let e = t.refuses(&bob(), "/nwenemy identify target:Swarm");
    assert!(e.contains("identified already"), "{e}");
}
