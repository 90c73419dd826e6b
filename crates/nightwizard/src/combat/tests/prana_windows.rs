//! Prana (§4.2, "On any Judge") on the Judges rolled outside the attack: the Initiative (SPD)
//! Judge, an Appearance Check and a skill's or item's Recovery Judge.

use super::super::super::judge::Cf;
use super::super::super::test_table::actions::{carol, session, table};
use super::*;

fn count(t: &Session, w: &Who) -> i32 {
    t.fight()
        .fighters
        .iter()
        .find(|f| &f.who == w)
        .map(|f| f.count)
        .unwrap()
}

#[test]
fn rule_nw_4_2_prana_on_the_spd_judge_cancels_a_fumble_and_raises_the_count() {
    // §4.2 "Raise Result: On any Judge, add 2d6 to the Result" · "Cancel Fumble: When a Fumble
    // comes up, cancel it and use the dice as rolled" · §10.1 "Each Round, each character makes
    // a SPD Judge. Its Result is their Count" · "If a Fumble would make the Result 0 or less,
    // the Count is set to 2."
    let mut t = session();
    let spd = t.s.stat(&t.data, &pc("alice"), SPD);
    let bspd = t.s.stat(&t.data, &pc("bob"), SPD);
    let sspd = t.s.stat(&t.data, &en("Swarm"), SPD);
    // Ayla [1, 1] fumbles (her Fumble is 2); Bolt [1, 2]; the Swarm [6, 6].
    t.start_with(&[1, 1, 1, 2, 6, 6]);
    assert!(
        bspd + 3 < sspd + 12 && bspd + 6 > sspd + 12,
        "{bspd} {sspd}"
    );
    let fumbled = if spd - 10 <= 0 { 2 } else { spd - 10 };
    assert_eq!(count(&t, &pc("alice")), fumbled);
    assert_eq!(t.fight().current, Some(en("Swarm")), "Swarm {}", sspd + 12);
    // Bolt raises his own SPD Judge first, +2D [1, 2]: he passes the Swarm, and nobody has
    // acted yet: his Main Process comes first.
    t.rolls(&bob(), "/nw prana use:raise amount:1", &[1, 2]);
    assert_eq!(count(&t, &pc("bob")), bspd + 6);
    assert_eq!(t.fight().current, Some(pc("bob")));
    // Ayla cancels her Fumble (1 Prana): the dice as rolled, SPD + 2.
    let prana = t.s.pcs[0].prana;
    t.rolls(&alice(), "/nw prana use:cancel", &[]);
    assert_eq!(count(&t, &pc("alice")), spd + 2);
    assert_eq!(t.s.pcs[0].prana, prana - 1);
    // Raise Result 2 Prana, +4D [6, 6, 6, 6]: SPD + 26 beats Bolt's SPD + 6, and no Main
    // Process has begun: the Initiative Process chooses again.
    let r = t.rolls(&alice(), "/nw prana use:raise amount:2", &[6, 6, 6, 6]);
    assert_eq!(count(&t, &pc("alice")), spd + 26, "{}", text(&r));
    assert!(spd + 26 > bspd + 6);
    assert_eq!(t.fight().current, Some(pc("alice")), "{}", text(&r));
    assert_eq!(t.s.pcs[0].prana, prana - 3);
    // Post-action (Count 0) after her Main Process: the SPD Judge takes no more Prana.
    t.rolls(&alice(), "/nwcombat pass", &[]);
    assert_eq!(count(&t, &pc("alice")), 0);
    t.refuses(&alice(), "/nw prana use:raise amount:1");
}

#[test]
fn rule_nw_4_2_prana_turns_a_failed_appearance_check_into_a_success() {
    // §4.2 "Raise Result: On any Judge, add 2d6 to the Result" · §9.3 "Luck Judge. Difficulty
    // usually 10" (here the table's Luck + 4).
    let mut t = table(&[(alice(), "Ayla"), (bob(), "Bolt"), (carol(), "Cara")], 2);
    t.rolls(&gm(), "/nwcombat start anyseven:true", &[3, 3, 3, 3]);
    t.s.settings.appearance = true;
    t.joins(&carol()).unwrap();
    t.s.pcs[2].cf = Some(Cf {
        critical: 12,
        fumble: 2,
    });
    let luck = t.s.pcs[2].ch.derive(&t.s.catalog(&t.data)).attrs[5];
    t.s.settings.appearance_dc = Some(luck + 4);
    // [1, 2] + Luck: 1 short.
    let r = t.rolls(&carol(), "/nwcombat appear", &[1, 2]);
    assert!(text(&r).contains("failure"), "{}", text(&r));
    assert!(text(&r).contains("Prana options for your Appearance Check"));
    assert!(!t.fight().fighters.iter().any(|f| f.who == pc("carol")));
    // Another player rolls a Judge of their own in between.
    t.rolls(&bob(), "/nw judge stat:luck", &[3, 3]);
    // Raise Result +2D [1, 1]: Luck + 5 reaches Luck + 4; Cara joins with a SPD Judge [4, 4].
    let prana = t.s.pcs[2].prana;
    let r = t.rolls(&carol(), "/nw prana use:raise amount:1", &[1, 1, 4, 4]);
    assert!(text(&r).contains("joins the fight"), "{}", text(&r));
    let f = t
        .fight()
        .fighters
        .iter()
        .find(|f| f.who == pc("carol"))
        .cloned()
        .unwrap();
    assert!(!f.post && f.count >= 1);
    assert_eq!(t.s.pcs[2].prana, prana - 1);
}

#[test]
fn rule_nw_4_2_prana_on_a_recovery_judge_changes_the_healing() {
    // §4.2 "Raise Result: On any Judge, add 2d6" · "Cancel Fumble" · §10.11 "Recovery: 7
    // means roll 2d6 + 7 and heal that much" · "a Recovery Judge can be negative (e.g. after a
    // Fumble: Recovery − 10), and then it removes HP".
    let mut t = session();
    let max = t.s.max_of(&t.data, &pc("bob"), false).unwrap();
    assert!(max >= 15, "{max}");
    t.s.pcs[1].hp = 4;
    // Recovery 3 + [2, 3] = 8: Bolt 4 → 12.
    let r = t.rolls(&alice(), "/nwcombat heal target:Bolt recovery:3", &[2, 3]);
    assert_eq!(t.s.pcs[1].hp, 12);
    assert!(text(&r).contains("Prana options for your Recovery Judge"));
    // In between, Bolt is set to 10 HP (what happened since stays).
    t.rolls(&gm(), "/nw session set player:bob hp:10", &[]);
    // Raise +2D [2, 3]: Result 13, 5 more HP: 10 − 8 + 13 = 15.
    t.rolls(&alice(), "/nw prana use:raise amount:1", &[2, 3]);
    assert_eq!(t.s.pcs[1].hp, 15);
    t.rolls(&alice(), "/nw prana use:accept", &[]);
    // A Fumble [1, 1]: 3 − 10 = −7 takes Bolt's 4 HP; Cancel Fumble: 3 + 2 = 5, 4 → 9.
    t.s.pcs[1].hp = 4;
    t.rolls(&alice(), "/nwcombat heal target:Bolt recovery:3", &[1, 1]);
    assert_eq!(t.s.pcs[1].hp, 0);
    t.rolls(&alice(), "/nw prana use:cancel", &[]);
    assert_eq!(t.s.pcs[1].hp, 9);
}

#[test]
fn rule_nw_4_2_prana_on_natural_recoverys_hp_and_mp_judges_in_turn() {
    // §4.2 "Raise Result: On any Judge, add 2d6" · §9.4/§10.11 natural recovery: "a Recovery
    // Judge for HP and one for MP with Recovery 0, i.e. 2d6 + 0" (a PC not in the Scene).
    let mut t = session();
    let v = t.s.pcs[0].ch.derive(&t.s.catalog(&t.data));
    assert!(v.body >= 15 && v.mind >= 10, "{} {}", v.body, v.mind);
    t.s.pcs[0].hp = 1;
    t.s.pcs[0].mp = 0;
    // HP: 0 + [1, 2] = 3 (1 → 4); MP: 0 + [1, 1] is a Fumble, −10: MP stays 0.
    let r = t.rolls(&gm(), "/nw rest mode:absent player:alice", &[1, 2, 1, 1]);
    assert_eq!((t.s.pcs[0].hp, t.s.pcs[0].mp), (4, 0), "{}", text(&r));
    assert!(text(&r).contains("Prana options for your Recovery Judge"));
    // Another player acts in between: Bolt rested not, and has no open Judge.
    assert!(t
        .refuses(&bob(), "/nw prana use:raise")
        .contains("no open Judge"));
    // Raise +2D [3, 4] on the HP Judge first: Result 10, 1 → 11.
    t.rolls(&alice(), "/nw prana use:raise amount:1", &[3, 4]);
    assert_eq!(t.s.pcs[0].hp, 11);
    // Accepting it leaves the MP Judge open, offered at once; Cancel Fumble: 0 + 2 = 2 MP.
    let r = t.rolls(&alice(), "/nw prana use:accept", &[]);
    assert!(
        text(&r).contains("Prana options for your Recovery Judge"),
        "{}",
        text(&r)
    );
    t.rolls(&alice(), "/nw prana use:cancel", &[]);
    assert_eq!((t.s.pcs[0].hp, t.s.pcs[0].mp), (11, 2));
    t.rolls(&alice(), "/nw prana use:accept", &[]);
    assert!(t.s.open.is_empty());
}
