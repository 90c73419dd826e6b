use super::super::super::test_table::actions::{alice, bob, en, gm, pc, text};
use super::super::super::test_table::Session;
use super::*;
use crate::combat::{Attack, DAMAGE_ROLL, DEFENCE_ROLL, EVA, PACC, PATK, PDEF};
use crate::commands::{CombatCommand, NwCommand};
use crate::judge::Cf;
use crate::judge::Mode;
use croupier_core::table::{Commands, UserId};

/// Two PCs (Ayla, Bolt: EVA 6, PDEF 3, PATK 6, HP 40, Critical 12 / Fumble 2), a Mob
/// (Swarm) and a Glass Hound (Close, Poison (2) on a hit) in combat; the GM has a roster
/// character, Gwen. Everyone Pre-action, the Hound's Main Process, Hound + Ayla + Bolt
/// engaged.
fn setup() -> Session {
    let mut t = Session::with(&[(alice(), "Ayla"), (bob(), "Bolt")], 5);
    t.ok(
        &gm(),
        "nw character new",
        &[("name", "Gwen"), ("quick", "true")],
    );
    let data = t.data.clone();
    for i in 0..2 {
        for (k, v) in [(EVA, 6), (PDEF, 3), (PATK, 6), (PACC, 8)] {
            let now = t.s.stat(&data, &Who::Pc(t.s.pcs[i].user.clone()), k);
            t.s.pcs[i].ch.bp[k] += v - now;
        }
        t.s.pcs[i].hp = 40;
        t.s.pcs[i].cf = Some(Cf {
            critical: 12,
            fumble: 2,
        });
    }
    for (n, l) in [("shade_swarm", "Swarm"), ("glass_hound", "Hound")] {
        t.rolls(&gm(), &format!("/nwenemy spawn name:{n} as:{l}"), &[]);
    }
    t.rolls(&gm(), "/nwcombat start anyseven:true", &[3, 3, 3, 3]);
    for f in t.combat().fighters.iter_mut() {
        f.post = false;
    }
    t.set_turn(en("Hound"));
    t.combat().engages = vec![vec![en("Hound"), pc("alice"), pc("bob")]];
    t
}

/// The Hound's area attack on Ayla's Engage (one Hit Check).
fn area(t: &mut Session, dice: &[u32]) -> Vec<Reply> {
    t.rolls(&gm(), "/nwcombat attack target:Ayla area:true", dice)
}

fn dodge(t: &mut Session, a: &Actor, full: bool, dice: &[u32]) {
    let line = if full {
        "/nwcombat dodge full:true"
    } else {
        "/nwcombat dodge"
    };
    t.rolls(a, line, dice);
}

fn attack(s: &NightWizard) -> Attack {
    s.combat.as_ref().unwrap().attack.clone().unwrap()
}

fn post(s: &NightWizard, w: &Who) -> bool {
    s.combat
        .as_ref()
        .unwrap()
        .fighters
        .iter()
        .find(|f| &f.who == w)
        .unwrap()
        .post
}

#[test]
fn rule_nw_10_9_area_attack_rolls_hit_once_each_defender_dodges() {
    // "Against several targets the Attacker rolls once. Each Defender reacts separately";
    // one damage roll against each Defender's own defence; damage and bad statuses only on
    // a hit.
    let mut t = setup();
    // Hound PACC 9 + [4,3] = 16, once, for both Defenders.
    let r = area(&mut t, &[4, 3]);
    assert_eq!(text(&r).matches("One Hit Check").count(), 1);
    let at = attack(&t.s);
    assert_eq!(
        at.defenders
            .iter()
            .map(|d| d.who.clone())
            .collect::<Vec<_>>(),
        vec![pc("alice"), pc("bob")]
    );
    assert_eq!(at.hit.outcome().result, 16);
    // Ayla: EVA 6 + [1,3] = 10 (hit); Bolt: 6 + [6,5] = 17 (dodges).
    dodge(&mut t, &alice(), false, &[1, 3]);
    assert_eq!(attack(&t.s).stage, Stage::Hit, "Bolt has not dodged yet");
    dodge(&mut t, &bob(), false, &[6, 5]);
    let at = attack(&t.s);
    assert_eq!(at.stage, Stage::Dodge);
    let dodged: Vec<i32> = at
        .defenders
        .iter()
        .map(|d| d.dodge.as_ref().unwrap().outcome().result)
        .collect();
    assert_eq!(dodged, vec![10, 17], "EVA 6 + the dice");
    for d in &at.defenders {
        assert_eq!(
            d.dodge.as_ref().unwrap().mode,
            Mode::Opposed {
                against: Some(16),
                attacker: false
            }
        );
    }
    // Damage: PATK 7 + [4,4] = 15 once; Ayla PDEF 3 + [1,2] = 6 → 9. Bolt rolls nothing.
    t.rolls(&gm(), "/nwcombat damage", &[4, 4, 1, 2]);
    let at = attack(&t.s);
    assert_eq!(
        at.defenders
            .iter()
            .map(|d| (d.hit, d.damage))
            .collect::<Vec<_>>(),
        vec![(true, 9), (false, 0)]
    );
    t.rolls(&gm(), "/nwcombat apply", &[]);
    assert_eq!(t.s.pcs[0].hp, 31);
    assert_eq!(t.s.pcs[0].bad, vec![("Poison".to_string(), 2)]);
    assert_eq!(t.s.pcs[1].hp, 40);
    assert!(t.s.pcs[1].bad.is_empty(), "no bad status without a hit");
    assert!(t.fight().attack.is_none());
}

#[test]
fn rule_nw_4_2_prana_raise_on_a_defence_roll_lowers_that_defenders_damage() {
    // §4.2 Raise Result on Ayla's PDEF Judge after the area attack's damage roll: her HP
    // Damage is worked out again (Attacker Result − her raised Result) before it lands.
    let mut t = setup();
    area(&mut t, &[4, 3]);
    dodge(&mut t, &alice(), false, &[1, 3]);
    dodge(&mut t, &bob(), false, &[6, 5]);
    // Damage 15 once; Ayla PDEF 3 + [1,2] = 6 → 9.
    t.rolls(&gm(), "/nwcombat damage", &[4, 4, 1, 2]);
    assert_eq!(attack(&t.s).defenders[0].damage, 9);
    let prana = t.s.pcs[0].prana;
    // Raise Result: +2D per Prana, [2, 3] here; then the Judge is accepted.
    t.rolls(&alice(), "/nw prana use:raise amount:1", &[2, 3]);
    t.rolls(&alice(), "/nw prana use:accept", &[]);
    assert_eq!(t.s.pcs[0].prana, prana - 1);
    let at = attack(&t.s);
    let raised = at.defenders[0].defence.as_ref().unwrap().outcome().result;
    // Raise Result: +2D per Prana (2 to 12 more than 6): 6 + 5 here.
    assert!((8..=18).contains(&raised), "{raised}");
    assert_eq!(raised, 11);
    assert_eq!(at.defenders[0].damage, (15 - raised).max(0));
    t.rolls(&gm(), "/nwcombat apply", &[]);
    assert_eq!(t.s.pcs[0].hp, 40 - (15 - raised).max(0));
    assert!(
        !t.s.open
            .iter()
            .any(|o| o.label == DAMAGE_ROLL || o.label == DEFENCE_ROLL),
        "the damage step's Judges close when the damage lands"
    );
}

#[test]
fn rule_nw_10_9_each_pc_defender_is_asked_with_a_dodge_button_that_mentions_them() {
    let mut t = setup();
    let r = area(&mut t, &[4, 3]);
    let m = &r.iter().find(|r| r.is_public()).unwrap().message;
    let cmds: Vec<(&str, &str)> = m
        .buttons
        .iter()
        .map(|b| (b.label.as_str(), b.command.as_str()))
        .collect();
    // Each button runs the typed command naming its Defender (`/nwcombat dodge who:…`).
    let dodge_line = |who: &str| {
        NwCommand::Combat(CombatCommand::Dodge {
            who: Some(who.into()),
            full: None,
        })
        .to_line()
    };
    assert!(
        cmds.contains(&("Dodge: Ayla", dodge_line("Ayla").as_str())),
        "{cmds:?}"
    );
    assert!(cmds.contains(&("Dodge: Bolt", dodge_line("Bolt").as_str())));
    assert_eq!(dodge_line("Ayla"), "/nwcombat dodge who:Ayla");
    let said = m.plain_text();
    assert!(said.contains(&UserId::new("alice").mention()), "{said}");
    assert!(said.contains(&UserId::new("bob").mention()), "{said}");
    assert!(m.pings.contains(&UserId::new("alice")) && m.pings.contains(&UserId::new("bob")));
    // After both are hit, each may Cover Up for the other.
    dodge(&mut t, &alice(), false, &[1, 3]);
    dodge(&mut t, &bob(), false, &[1, 4]);
    let r = t.rolls(&gm(), "/nwcombat damage", &[4, 4, 1, 2, 2, 2]);
    let m = &r.iter().find(|r| r.is_public()).unwrap().message;
    let labels: Vec<&str> = m.buttons.iter().map(|b| b.label.as_str()).collect();
    assert!(labels.contains(&"Cover Up: Bolt for Ayla"), "{labels:?}");
    assert!(labels.contains(&"Cover Up: Ayla for Bolt"), "{labels:?}");
}

#[test]
fn rule_nw_10_13_a_plain_attack_offers_cover_up_buttons_to_eligible_allies() {
    // The same attack twice: Bolt covers with the button's command, and with `for:`.
    let hit = || {
        let mut t = setup();
        t.rolls(&gm(), "/nwcombat attack target:Ayla", &[4, 3]);
        t.rolls(&alice(), "/nwcombat dodge", &[1, 3]);
        let r = t.rolls(&gm(), "/nwcombat damage", &[4, 4, 1, 2]);
        (t, r)
    };
    let (mut t, r) = hit();
    let m = &r.iter().find(|r| r.is_public()).unwrap().message;
    assert!(m
        .buttons
        .iter()
        .any(|b| b.label == "Cover Up: Bolt" && b.command == "/nwcombat coverup who:Bolt"));
    assert!(m.pings.contains(&UserId::new("bob")));
    // Alice pressing Bolt's button is refused; Bolt's player covers.
    t.refuses(&alice(), "/nwcombat coverup who:Bolt");
    t.refuses(&bob(), "/nwcombat coverup for:Bolt");
    let (mut typed, _) = hit();
    typed.rolls(&bob(), "/nwcombat coverup for:Ayla", &[]);
    t.rolls(&bob(), "/nwcombat coverup who:Bolt", &[]);
    assert_eq!(
        typed.s, t.s,
        "`for:` naming the target is the same Cover Up"
    );
    assert_eq!(t.s.pcs[0].hp, 40);
    assert_eq!(t.s.pcs[1].hp, 31);
}

fn both_hit(t: &mut Session) {
    // Hit 16; Ayla dodges 10, Bolt 11: both hit. Damage 15: Ayla PDEF 6 → 9, Bolt 7 → 8.
    area(t, &[4, 3]);
    dodge(t, &alice(), false, &[1, 3]);
    dodge(t, &bob(), false, &[1, 4]);
    t.rolls(&gm(), "/nwcombat damage", &[4, 4, 1, 2, 2, 2]);
    let at = attack(&t.s);
    assert_eq!(
        at.defenders
            .iter()
            .map(|d| (d.hit, d.damage))
            .collect::<Vec<_>>(),
        vec![(true, 9), (true, 8)]
    );
}

/// `a` Covers Up for `target` (`/nwcombat coverup for:…`).
fn cover_for(t: &mut Session, a: &Actor, target: &str) -> Result<Vec<Reply>, RuleError> {
    t.roll(a, &format!("/nwcombat coverup for:{target}"), &[])
}

#[test]
fn rule_nw_10_13_cover_up_after_failed_dodge_in_area_takes_double() {
    // "If A failed their own Dodge Check and still Covers Up for B, A takes double: B's
    // computed damage × 2" — read as replacing A's own damage from the attack.
    let mut t = setup();
    both_hit(&mut t);
    let r = cover_for(&mut t, &bob(), "Ayla").unwrap();
    assert!(text(&r).contains("× 2 = 18"), "{}", text(&r));
    assert!(post(&t.s, &pc("bob")), "the coverer becomes Post-action");
    let r = t.rolls(&gm(), "/nwcombat apply", &[]);
    assert_eq!(t.s.pcs[0].hp, 40, "B takes nothing");
    assert!(t.s.pcs[0].bad.is_empty());
    assert_eq!(t.s.pcs[1].hp, 40 - 18, "A takes 9 × 2, not 18 + its own 8");
    assert_eq!(t.s.pcs[1].bad, vec![("Poison".to_string(), 2)]);
    assert!(text(&r).contains("replaced by its Cover Up"));
}

#[test]
fn rule_nw_10_13_cover_up_after_successful_dodge_in_area_takes_b_damage_once() {
    // "A and B both dodge normally, and A may still Cover Up for B afterwards."
    let mut t = setup();
    area(&mut t, &[4, 3]);
    dodge(&mut t, &alice(), false, &[1, 3]);
    dodge(&mut t, &bob(), false, &[6, 5]);
    t.rolls(&gm(), "/nwcombat damage", &[4, 4, 1, 2]);
    // Without `for:`, the only hit Defender is meant.
    t.rolls(&bob(), "/nwcombat coverup", &[]);
    t.rolls(&gm(), "/nwcombat apply", &[]);
    assert_eq!((t.s.pcs[0].hp, t.s.pcs[1].hp), (40, 31));
}

#[test]
fn rule_nw_10_13_cover_up_refusals_change_nothing() {
    // (The harness checks that each refusal changes nothing.)
    let mut t = setup();
    t.combat().engages[0].push(en("Swarm"));
    t.rolls(&gm(), "/nwcombat attack targets:Ayla, Bolt", &[4, 3]);
    dodge(&mut t, &alice(), false, &[1, 3]);
    dodge(&mut t, &bob(), false, &[1, 4]);
    t.rolls(&gm(), "/nwcombat damage", &[4, 4, 1, 2, 2, 2]);
    // Not for oneself.
    assert!(cover_for(&mut t, &alice(), "Ayla").is_err());
    // Several others were hit: name whom.
    let e = t.refuses(&gm(), "/nwcombat coverup who:Swarm");
    assert!(e.contains("`for:`"), "{e}");
    // A Post-action character cannot Cover Up (set up, then put back).
    let fighters = t.fight().fighters.clone();
    for f in t.combat().fighters.iter_mut() {
        f.post = f.who == pc("bob");
    }
    let e = cover_for(&mut t, &bob(), "Ayla").unwrap_err();
    assert!(e.to_string().contains("Pre-action"), "{e}");
    t.combat().fighters = fighters;
    // Not in the same Engage (set up, then put back).
    let engages = t.fight().engages.clone();
    t.combat().engages = vec![vec![en("Hound"), pc("alice")]];
    let e = cover_for(&mut t, &bob(), "Ayla").unwrap_err();
    assert!(e.to_string().contains("same Engage"), "{e}");
    t.combat().engages = engages;
    // The GM's Swarm may not cover for a PC with a player's command.
    t.refuses(&alice(), "/nwcombat coverup who:Swarm for:Bolt");
    // Bolt covers Ayla; then nobody covers Bolt, and Ayla is covered once only.
    cover_for(&mut t, &bob(), "Ayla").unwrap();
    let e = cover_for(&mut t, &alice(), "Bolt").unwrap_err();
    assert!(e.to_string().contains("cannot be Covered Up"), "{e}");
    let e = t.refuses(&gm(), "/nwcombat coverup who:Swarm for:Ayla");
    assert!(e.contains("already Covered Up"), "{e}");
    // No Dodge Check after deciding to Cover Up.
    t.refuses(&bob(), "/nwcombat dodge");
    t.refuses(&bob(), "/nwcombat dodge full:true");
}

mod more;
mod weapons;
