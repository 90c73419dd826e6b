//! Typed skill effects in play (issue #36), through the one harness (route → permission →
//! parse → apply; after each step the harness checks that a refusal changed nothing, that the
//! state round-trips and that undo restores it): effects in force, Range and Target.

use super::super::super::character::OwnedSkill;
use super::super::super::judge::Cf;
use super::super::super::test_table::{alice, bob, gm, Session};
use super::super::model::{Stage, Used, Who, EVA};
use croupier_core::table::{Reply, UserId};

fn pc(u: &str) -> Who {
    Who::Pc(UserId::new(u))
}

fn en(l: &str) -> Who {
    Who::Enemy(l.into())
}

fn text(r: &[Reply]) -> String {
    r.iter()
        .map(|r| r.message.plain_text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Ayla (alice) and Bolt (bob) with Critical 12 / Fumble 2 and MP 40, each given `skills`
/// (owner, id, SL) on the roster and in the session, Shade Swarms labelled `enemies`; the
/// fight started when there are enemies.
fn fight(skills: &[(&str, &str, u32)], enemies: &[&str]) -> Session {
    let mut t = Session::with(&[(alice(), "Ayla"), (bob(), "Bolt")], 7);
    for e in enemies {
        t.ok(
            &gm(),
            "nw enemy spawn",
            &[("name", "shade_swarm"), ("as", e)],
        );
    }
    let owned: Vec<(String, Vec<(String, u32)>)> = ["alice", "bob"]
        .iter()
        .map(|u| {
            let list = skills
                .iter()
                .filter(|(o, _, _)| o == u)
                .map(|(_, id, sl)| (id.to_string(), *sl))
                .collect();
            (u.to_string(), list)
        })
        .collect();
    let put = |have: &mut Vec<OwnedSkill>, list: &[(String, u32)]| {
        for (id, sl) in list {
            have.retain(|k| &k.id != id);
            have.push(OwnedSkill {
                id: id.clone(),
                sl: *sl,
            });
        }
    };
    t.edit_shared(|r| {
        for c in r.characters.iter_mut() {
            if let Some((_, list)) = owned.iter().find(|(u, _)| c.owner.0 == *u) {
                put(&mut c.skills, list);
            }
        }
    });
    t.edit(|s| {
        for p in s.pcs.iter_mut() {
            if let Some((_, list)) = owned.iter().find(|(u, _)| p.user.0 == *u) {
                put(&mut p.ch.skills, list);
            }
            p.cf = Some(Cf {
                critical: 12,
                fumble: 2,
            });
            p.mp = 40;
        }
    });
    if !enemies.is_empty() {
        t.ok(&gm(), "nw combat start", &[]);
    }
    t
}

/// It is `w`'s Main Process, nothing used and no attack in progress.
fn turn(t: &mut Session, w: Who) {
    t.edit(|s| {
        let c = s.combat.as_mut().expect("a fight");
        c.current = Some(w);
        c.candidates.clear();
        c.used = Used::default();
        c.skills.window = None;
        c.attack = None;
        c.damage_rolls = None;
        s.open.clear();
    });
}

fn dodge_alter(t: &Session) -> i32 {
    let at =
        t.s.combat
            .as_ref()
            .and_then(|c| c.attack.as_ref())
            .expect("an attack");
    at.dodge.as_ref().expect("a Dodge Check").alter
}

#[test]
fn rule_guard_a_raises_the_next_dodge_check_by_2_and_ends_with_it() {
    // Issue #36 acceptance: "Guard A raises the next Dodge by 2 and expires at its duration".
    // §10.9 step 3: the Dodge Check is an EVA Judge; Guard A: "+2 to your next Dodge Check".
    let mut t = fight(
        &[("alice", "guard_a", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    let eva = t.s.stat(&t.data, &pc("alice"), EVA);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    let r = t.ok(&alice(), "nw combat use", &[("skill", "guard_a")]);
    assert!(
        text(&r).contains("Dodge Checks +2 until the next Judge on Ayla"),
        "{}",
        text(&r)
    );
    // Another player acts in between: Bolt raises his own guard, which stays his.
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    assert_eq!(t.s.effects.in_force.len(), 2);
    t.ok(&alice(), "nw combat dodge", &[]);
    assert_eq!(dodge_alter(&t), eva + 2, "Guard A's +2 on the Dodge Check");
    // Used up by that Dodge Check; Bolt's waits for his.
    let left: Vec<&Who> = t.s.effects.in_force.iter().map(|e| &e.on).collect();
    assert_eq!(left, vec![&pc("bob")]);
    // The next Dodge Check is the plain one.
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    assert_eq!(dodge_alter(&t), eva);
}

#[test]
fn rule_10_9_iron_wall_lowers_the_hp_damage_by_3_after_the_damage_roll() {
    // §10.9 step 6: "Skills that reduce HP Damage apply after the damage roll"; Iron Wall:
    // HP Damage −3 until the end of the Round.
    let mut t = fight(
        &[("alice", "iron_wall", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    // The damage roll made: 10 HP Damage computed against Ayla.
    t.edit(|s| {
        let at = s.combat.as_mut().and_then(|c| c.attack.as_mut()).unwrap();
        at.stage = Stage::Damage;
        at.damage = 10;
    });
    let hp = t.s.pcs[0].hp;
    t.ok(&alice(), "nw combat use", &[("skill", "iron_wall")]);
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    let r = t.ok(&gm(), "nw combat apply", &[]);
    assert!(
        text(&r).contains("Iron Wall −3: HP Damage 10 → 7"),
        "{}",
        text(&r)
    );
    assert_eq!(t.s.pcs[0].hp, hp - 7);
    // It lasts until the end of the Round, listed on the tracker.
    assert!(t.s.effects.in_force.iter().any(|e| e.from == "Iron Wall"));
    let board = text(&t.ok(&alice(), "game status", &[]));
    assert!(
        board.contains("Iron Wall: HP Damage −3 until the end of the Round"),
        "{board}"
    );
}

#[test]
fn rule_15_4_second_look_rolls_the_same_judge_again_keeps_the_better_once_per_scene() {
    // §15.4 "Rerolls granted by skills: all modifiers from other skills and items stay in
    // force; it is the same Judge rolled again"; Second Look: once per Scene.
    let mut t = fight(
        &[("alice", "second_look", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    let first = t.s.open[0].judge.clone();
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    let r = text(&t.ok(&alice(), "nw combat use", &[("skill", "second_look")]));
    let tail = r
        .split("rolled again:")
        .nth(1)
        .and_then(|t| t.split(" — ").nth(1))
        .expect("the two Results")
        .to_string();
    let nums: Vec<i32> = tail
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .take(3)
        .collect();
    let (a, b, kept) = (nums[0], nums[1], nums[2]);
    assert_eq!(a, first.outcome().result, "{r}");
    assert_eq!(kept, a.max(b), "{r}");
    let now = t.s.open[0].judge.clone();
    assert_eq!(
        now.alter, first.alter,
        "the same Judge: every modifier kept"
    );
    assert_eq!(now.outcome().result, kept);
    // The attack takes the Dodge Check as it now stands.
    assert_eq!(
        t.s.combat
            .as_ref()
            .unwrap()
            .attack
            .as_ref()
            .unwrap()
            .dodge
            .as_ref()
            .unwrap()
            .outcome()
            .result,
        kept
    );
    let e = t.err(&alice(), "nw combat use", &[("skill", "second_look")]);
    assert!(e.contains("once per Scene"), "{e}");
}

#[test]
fn rule_15_5_a_close_skill_is_refused_at_extreme_range_and_a_short_one_works_at_short() {
    // §15.5 Range: "Close: only characters in the user's Engage"; "Short: characters … not in
    // the user's Engage"; §10.6: Extreme "even Scene-wide effects do not reach it".
    let mut t = fight(
        &[("alice", "field_medic", 1), ("alice", "thrown_blades", 1)],
        &["Swarm"],
    );
    t.ok(
        &gm(),
        "nw combat range",
        &[("who", "Bolt"), ("band", "extreme")],
    );
    turn(&mut t, pc("alice"));
    let mp = t.s.pcs[0].mp;
    let e = t.err(
        &alice(),
        "nw combat use",
        &[("skill", "field_medic"), ("target", "Bolt")],
    );
    assert!(
        e.contains("Range: Close") && e.contains("Bolt is at Extreme range"),
        "{e}"
    );
    assert_eq!(t.s.pcs[0].mp, mp, "nothing paid");
    // Thrown Blades (Range: Short) reaches the Swarm at Short range with no Short weapon.
    t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "thrown_blades"), ("target", "Swarm")],
    );
    let at =
        t.s.combat
            .as_ref()
            .unwrap()
            .attack
            .clone()
            .expect("the attack began");
    assert_eq!(at.attacker, pc("alice"));
    assert_eq!(t.s.pcs[0].mp, mp - 4);
}

#[test]
fn rule_15_5_targets_2x_hits_two_and_no_more() {
    // §15.5 Target "nX (e.g. 2X, 4X): up to n characters chosen by the user"; §15.3 "Several
    // targets: pay the Cost once and roll once".
    let mut t = fight(
        &[("alice", "thrown_blades", 2)],
        &["Swarm", "Shade", "Wisp"],
    );
    turn(&mut t, pc("alice"));
    let e = t.err(
        &alice(),
        "nw combat use",
        &[
            ("skill", "thrown_blades"),
            ("targets", "Swarm, Shade, Wisp"),
        ],
    );
    assert!(e.contains("Target: 2X: up to 2"), "{e}");
    let mp = t.s.pcs[0].mp;
    t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "thrown_blades"), ("targets", "Swarm, Shade")],
    );
    let at = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
    let hit: Vec<Who> = at.defenders.iter().map(|d| d.who.clone()).collect();
    assert_eq!(hit, vec![en("Swarm"), en("Shade")]);
    assert_eq!(t.s.pcs[0].mp, mp - 4, "the Cost once");
}

#[test]
fn rule_15_5_a_self_skill_cannot_target_another() {
    // §15.5 Target "Self: the user".
    let mut t = fight(&[("alice", "guard_a", 1)], &["Swarm"]);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Bolt")]);
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Bolt")]);
    let e = t.err(
        &alice(),
        "nw combat use",
        &[("skill", "guard_a"), ("target", "Bolt")],
    );
    assert!(
        e.contains("Target: Self") && e.contains("not on Bolt"),
        "{e}"
    );
    t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "guard_a"), ("target", "Ayla")],
    );
    assert_eq!(t.s.effects.in_force[0].on, pc("alice"));
}

#[test]
fn rule_15_5_an_area_skill_affects_everyone_in_the_engage_friend_or_foe() {
    // §15.5 Target "Area: every character, friend or foe, in one Engage chosen by the user".
    let mut t = fight(
        &[("alice", "scatter_sparks", 1)],
        &["Swarm", "Shade", "Wisp"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Shade")]);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Bolt")]);
    turn(&mut t, pc("alice"));
    t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "scatter_sparks"), ("target", "Swarm")],
    );
    let at = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
    let mut hit: Vec<Who> = at.defenders.iter().map(|d| d.who.clone()).collect();
    hit.sort_by_key(|w| format!("{w:?}"));
    assert_eq!(hit, vec![en("Shade"), en("Swarm"), pc("bob")]);
    assert!(at.magic);
}

#[test]
fn the_gm_or_the_character_helped_ends_an_effect_early_15_4() {
    // §15.4: "A character may end any positive skill effect on themselves at any time"; the
    // GM ends any (`/nwcombat end-effect`).
    let mut t = fight(
        &[("alice", "guard_a", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat use", &[("skill", "guard_a")]);
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    let (a, b) = (t.s.effects.in_force[0].id, t.s.effects.in_force[1].id);
    let e = t.err(
        &bob(),
        "nw combat end-effect",
        &[("number", &a.to_string())],
    );
    assert!(e.contains("only the GM, or that character's player"), "{e}");
    t.ok(
        &bob(),
        "nw combat end-effect",
        &[("number", &b.to_string())],
    );
    t.ok(&gm(), "nw combat end-effect", &[("number", &a.to_string())]);
    assert!(t.s.effects.in_force.is_empty());
    let e = t.err(&gm(), "nw combat end-effect", &[("number", &a.to_string())]);
    assert!(e.contains("no effect"), "{e}");
}

#[test]
fn a_session_stored_before_typed_effects_still_loads() {
    // Running campaigns survive the upgrade: a stored state without `effects` reads as none.
    let t = fight(&[], &["Swarm"]);
    let mut v = serde_json::to_value(&t.s).unwrap();
    v.as_object_mut().unwrap().remove("effects");
    let back: super::super::super::state::NightWizard = serde_json::from_value(v).unwrap();
    assert!(back.effects.in_force.is_empty());
}

#[test]
fn rule_10_6_vanishing_smoke_withdraws_without_the_minor_action() {
    // §10.6 Withdraw: "It needs a Minor Action as well as the Move Action (the enemy is
    // Hindering)"; Vanishing Smoke: "without spending a Minor Action on it".
    let mut t = fight(&[("alice", "vanishing_smoke", 1)], &["Swarm"]);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, pc("alice"));
    t.ok(&alice(), "nw combat use", &[("skill", "vanishing_smoke")]);
    let r = text(&t.ok(&alice(), "nw combat withdraw", &[]));
    assert!(
        r.contains("with Vanishing Smoke: a Move Action, no Minor Action"),
        "{r}"
    );
    let used = t.s.combat.as_ref().unwrap().used.clone();
    assert!(used.moved && !used.minor);
    assert!(t.s.effects.in_force.is_empty(), "used up by the Withdraw");
    // The Minor Action is still Ayla's to take.
    t.ok(&alice(), "nw combat minor", &[]);
}

#[test]
fn rule_10_13_guardian_oath_lets_a_post_action_character_cover_up() {
    // §10.13 Cover Up needs a Pre-action character; Guardian Oath: "Cover Up for an ally even
    // while Post-Action".
    let mut t = fight(&[("bob", "guardian_oath", 1)], &["Swarm"]);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Bolt")]);
    turn(&mut t, en("Swarm"));
    t.edit(|s| {
        let c = s.combat.as_mut().unwrap();
        for f in c.fighters.iter_mut().filter(|f| f.who == pc("bob")) {
            f.post = true;
        }
    });
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    t.edit(|s| {
        let at = s.combat.as_mut().and_then(|c| c.attack.as_mut()).unwrap();
        at.stage = Stage::Damage;
        at.damage = 6;
    });
    let e = t.err(&bob(), "nw combat coverup", &[]);
    assert!(e.contains("Pre-action"), "{e}");
    t.ok(
        &bob(),
        "nw combat use",
        &[("skill", "guardian_oath"), ("target", "Ayla")],
    );
    let hp = (t.s.pcs[0].hp, t.s.pcs[1].hp);
    t.ok(&bob(), "nw combat coverup", &[]);
    assert_eq!((t.s.pcs[0].hp, t.s.pcs[1].hp), (hp.0, hp.1 - 6));
    assert!(t.s.effects.in_force.is_empty(), "used up by the Cover Up");
}

#[test]
fn rule_9_2_street_network_adds_sl_to_the_next_information_gathering_check_once_per_scene() {
    // §9.2 Information Gathering Checks; Street Network (Before Judge): "Once per Scene, +SL to
    // an Information Gathering Judge". Outside a fight: no positions, no Round.
    let mut t = fight(&[("alice", "street_network", 2)], &[]);
    let judge = [("stat", "awareness"), ("info", "true")];
    t.ok(&alice(), "nw judge", &judge);
    let plain = t.s.open[0].judge.alter;
    t.ok(&alice(), "nw combat use", &[("skill", "street_network")]);
    // Another player's Information Gathering Check in between takes none of it.
    t.ok(&bob(), "nw judge", &judge);
    let bolt = t.s.open.iter().find(|o| o.user.0 == "bob").unwrap();
    assert!(bolt.judge.effects.is_empty());
    let r = text(&t.ok(&alice(), "nw judge", &judge));
    assert!(r.contains("Street Network +2"), "{r}");
    let ayla = t.s.open.iter().find(|o| o.user.0 == "alice").unwrap();
    assert_eq!(ayla.judge.alter, plain + 2);
    assert!(t.s.effects.in_force.is_empty(), "used up by that Judge");
    t.ok(&alice(), "nw judge", &judge);
    let ayla = t.s.open.iter().find(|o| o.user.0 == "alice").unwrap();
    assert_eq!(ayla.judge.alter, plain);
    let e = t.err(&alice(), "nw combat use", &[("skill", "street_network")]);
    assert!(e.contains("once per Scene"), "{e}");
}

/// The actor who controls `w` (the GM for an enemy).
fn player_of(w: &Who) -> croupier_core::table::Actor {
    match w {
        Who::Pc(u) if u.0 == "alice" => alice(),
        Who::Pc(_) => bob(),
        Who::Enemy(_) => gm(),
    }
}

#[test]
fn rule_15_4_a_round_effect_ends_with_the_round_and_a_main_process_one_with_it() {
    // §15.4 Duration: an effect lasts as stated ("until the end of the Round"); with no end
    // stated, until the end of the Main Process. Iron Wall: until the end of the Round;
    // Iaijutsu: PACC +SL for its Hit Check, this Main Process.
    let mut t = fight(
        &[("alice", "iron_wall", 1), ("alice", "iaijutsu", 2)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    let pacc = t.s.stat(&t.data, &pc("alice"), super::super::model::PACC);
    let round = t.s.combat.as_ref().unwrap().round;
    turn(&mut t, pc("alice"));
    t.ok(&alice(), "nw combat use", &[("skill", "iron_wall")]);
    t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "iaijutsu"), ("target", "Swarm")],
    );
    let at = t.s.combat.as_ref().unwrap().attack.clone().unwrap();
    assert_eq!(
        at.hit.alter,
        pacc + 2,
        "Iaijutsu's PACC +SL on its Hit Check"
    );
    // The attack plays out; the Main Process ends with it, and Iaijutsu's effect too.
    let mut ended = String::new();
    for _ in 0..6 {
        let Some(stage) =
            t.s.combat
                .as_ref()
                .and_then(|c| c.attack.as_ref())
                .map(|a| a.stage)
        else {
            break;
        };
        let r = match stage {
            Stage::Hit => t.ok(&gm(), "nw combat dodge", &[]),
            Stage::Dodge | Stage::Defence => t.ok(&alice(), "nw combat damage", &[]),
            Stage::Damage => t.ok(&alice(), "nw combat apply", &[]),
        };
        ended.push_str(&text(&r));
    }
    assert!(
        ended
            .contains("⌛ Iaijutsu: Hit Checks +2 until the end of the Main Process on Ayla ends."),
        "{ended}"
    );
    let froms: Vec<&str> =
        t.s.effects
            .in_force
            .iter()
            .map(|e| e.from.as_str())
            .collect();
    assert_eq!(froms, vec!["Iron Wall"], "the Round's effect stays");
    // Everyone else passes: the Round ends, and Iron Wall with it.
    let mut said = String::new();
    for _ in 0..8 {
        let c = t.s.combat.as_ref().unwrap();
        if c.round > round {
            break;
        }
        let r = match (c.current.clone(), c.candidates.first().cloned()) {
            (Some(w), _) => t.ok(&player_of(&w), "nw combat pass", &[]),
            (None, Some(w)) => t.ok(&player_of(&w), "nw combat go", &[]),
            (None, None) => t.ok(&gm(), "nw combat go", &[]),
        };
        said.push_str(&text(&r));
    }
    assert!(t.s.combat.as_ref().unwrap().round > round);
    assert!(
        said.contains("⌛ Iron Wall: HP Damage −3 until the end of the Round on Ayla ends."),
        "{said}"
    );
    assert!(t.s.effects.in_force.is_empty());
}

#[test]
fn rule_15_4_the_same_skill_never_stacks_with_itself_different_skills_do() {
    // §15.4 Stacking: "The same skill never stacks with itself unless its text says so.
    // Different skills with similar bonuses do stack."
    let mut t = fight(
        &[("alice", "guard_a", 1), ("alice", "arcane_shell", 2)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    let eva = t.s.stat(&t.data, &pc("alice"), EVA);
    turn(&mut t, en("Swarm"));
    // Once in the Swarm's Main Process before its attack, once against the attack (two
    // instances of the Reaction Timing, §15.3): both aim at the next Dodge Check.
    t.ok(&alice(), "nw combat use", &[("skill", "guard_a")]);
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat use", &[("skill", "guard_a")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    assert_eq!(dodge_alter(&t), eva + 2, "two Guard A: +2, not +4");
    assert!(
        t.s.effects.in_force.is_empty(),
        "both aimed at that Dodge Check"
    );
    // Different skills on one Judge add up: Iron Wall's −3 and another reduction would; here
    // two modifiers to MDEF from Arcane Shell and a Scene effect of another skill.
    t.edit(|s| {
        s.effects.seq += 1;
        s.effects.in_force.push(super::super::model::InForce {
            id: s.effects.seq,
            on: pc("alice"),
            from: "Warding Song".into(),
            from_ja: None,
            what: super::super::model::Held::Modifier {
                on: crate::data::Modded::Mdef,
                n: 1,
            },
            until: crate::data::Until::Scene,
            scene: (s.episode, s.scene),
        });
    });
    t.ok(&alice(), "nw combat use", &[("skill", "arcane_shell")]);
    let (n, shown, _) = super::judge_bonus(&t.s, &t.data, &pc("alice"), super::super::model::MDEF);
    assert_eq!(n, 6 + 1, "{shown:?}");
}

#[test]
fn effects_in_force_show_in_the_view_and_picture_but_not_on_a_hidden_enemy() {
    // Hidden information reaches only those allowed, in text and pictures: an effect on a
    // hidden enemy is the GM's to see.
    use croupier_core::table::Viewer;
    let mut t = fight(&[("alice", "guard_a", 1)], &["Swarm"]);
    t.ok(
        &gm(),
        "nw enemy spawn",
        &[("name", "shade_swarm"), ("as", "Ghost"), ("hidden", "true")],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat use", &[("skill", "guard_a")]);
    t.edit(|s| {
        for e in s.enemies.iter_mut().filter(|e| e.label == "Ghost") {
            e.mp = 10;
        }
    });
    let r = t.ok(
        &gm(),
        "nw combat use",
        &[("skill", "guard_a"), ("who", "Ghost")],
    );
    let public: Vec<&Reply> = r.iter().filter(|r| r.is_public()).collect();
    assert!(public
        .iter()
        .all(|r| !r.message.plain_text().contains("Ghost")));
    assert!(r
        .iter()
        .any(|r| r.message.plain_text().contains("Guard A: Dodge Checks +2")));
    let player = crate::view::view_model(&t.s, &t.data, &Viewer::user(&UserId::new("alice")));
    assert_eq!(player.effects.len(), 1, "{:?}", player.effects);
    let first = player.effects[0].text(croupier_core::i18n::Locale::En);
    assert!(
        first.contains("Guard A") && first.contains("on Ayla"),
        "{first}"
    );
    let svg = crate::picture::tracker(&player, croupier_core::i18n::Locale::En).to_svg();
    assert!(svg.contains("Effects in force") && !svg.contains("Ghost"));
    let board = text(&t.ok(&alice(), "game status", &[]));
    assert!(!board.contains("Ghost"), "{board}");
    let gm_view = crate::view::view_model(&t.s, &t.data, &Viewer::user(&UserId::new("gm")));
    assert!(gm_view
        .effects
        .iter()
        .any(|e| e.text(croupier_core::i18n::Locale::En).contains("on Ghost")));
}

#[test]
fn rule_10_6_a_long_skill_reaches_long_range_and_a_short_one_does_not() {
    // §10.6 Long: "Only Range: Long weapons and skills reach it"; §15.5 Range.
    let shot = crate::data::SkillDef {
        id: "long_shot".into(),
        name: "Long Shot".into(),
        class: "general".into(),
        category: String::new(),
        acquire_cl: 1,
        max_sl: 1,
        timing: "Major Action".into(),
        check: "Hit Check".into(),
        target: "Single".into(),
        range: "Long".into(),
        cost: "MP 1".into(),
        restrict: String::new(),
        effect: "A shot at the horizon: a Physical Attack.".into(),
        mods: Default::default(),
        effects: vec![],
        once: None,
        name_ja: None,
        effect_ja: None,
    };
    // Shade stays at Short range, so that the fight goes on.
    let mut t = fight(&[("alice", "thrown_blades", 1)], &["Swarm", "Shade"]);
    let (a, b) = (shot.clone(), shot);
    t.edit_shared(|r| r.custom.skills.push(a));
    t.edit(|s| {
        s.custom.skills.push(b);
        s.pcs[0].ch.skills.push(OwnedSkill {
            id: "long_shot".into(),
            sl: 1,
        });
    });
    t.edit_shared(|r| {
        for c in r.characters.iter_mut().filter(|c| c.owner.0 == "alice") {
            c.skills.push(OwnedSkill {
                id: "long_shot".into(),
                sl: 1,
            });
        }
    });
    t.ok(
        &gm(),
        "nw combat range",
        &[("who", "Swarm"), ("band", "long")],
    );
    turn(&mut t, pc("alice"));
    let e = t.err(
        &alice(),
        "nw combat use",
        &[("skill", "thrown_blades"), ("target", "Swarm")],
    );
    assert!(
        e.contains("Range: Short") && e.contains("Swarm is at Long range"),
        "{e}"
    );
    t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "long_shot"), ("target", "Swarm")],
    );
    let at =
        t.s.combat
            .as_ref()
            .unwrap()
            .attack
            .clone()
            .expect("the attack began");
    assert_eq!(at.target, en("Swarm"));
}

#[test]
fn rule_nw_12_4_an_emulator_space_gives_enemies_plus_3_to_all_their_rolls() {
    // §12.4 Object Area: "Objects are a data item. One example is the Shinma Kuukan, or
    // Emulator Space, which gives enemies a flat +3 bonus to all of their rolls."
    use super::super::super::fortress::model::Dive;
    use super::super::super::test_table::actions::session;
    use super::super::model::SPD;
    let mut t = session();
    // Only an Object Area holds an Object.
    let e = t.err(
        &gm(),
        "nw fortress area",
        &[
            ("name", "Hall"),
            ("kind", "normal"),
            ("emulator_space", "true"),
        ],
    );
    assert!(e.contains("only for kind:object"), "{e}");
    t.ok(
        &gm(),
        "nw fortress area",
        &[("name", "Gate"), ("kind", "entrance")],
    );
    let r = t.ok(
        &gm(),
        "nw fortress area",
        &[
            ("name", "Lair"),
            ("kind", "object"),
            ("emulator_space", "true"),
        ],
    );
    assert!(text(&r).contains("enemies +3"), "{}", text(&r));
    t.ok(
        &gm(),
        "nw fortress gate",
        &[("from", "Gate"), ("to", "Lair")],
    );
    // The party's Dive is in the Lair.
    t.s.fortress.fortress.as_mut().unwrap().dive = Some(Dive {
        at: 1,
        came_from: Some(0),
        inside: vec![UserId::new("alice"), UserId::new("bob")],
        ruler_defeated: false,
        core_broken: false,
        ruler_permits: false,
        danger: None,
        held: false,
    });
    let (spd, sspd) = (
        t.s.stat(&t.data, &pc("alice"), SPD),
        t.s.stat(&t.data, &en("Swarm"), SPD),
    );
    // SPD Judges: Ayla [3, 3], Bolt [3, 3], the Swarm [3, 3] + 3.
    t.start_with(&[3, 3, 3, 3, 3, 3]);
    let count = |t: &Session, w: &Who| {
        t.fight()
            .fighters
            .iter()
            .find(|f| &f.who == w)
            .unwrap()
            .count
    };
    assert_eq!(count(&t, &pc("alice")), spd + 6, "a PC gets nothing");
    assert_eq!(count(&t, &en("Swarm")), sspd + 6 + 3);
    // Ayla attacks; the Swarm's Dodge Check is EVA + 3, and says so.
    t.set_turn(pc("alice"));
    t.combat().engages = vec![vec![pc("alice"), en("Swarm")]];
    t.rolls(&alice(), "/nwcombat attack target:Swarm", &[5, 4]);
    let eva = t.s.stat(&t.data, &en("Swarm"), EVA);
    let r = t.rolls(&gm(), "/nwcombat dodge", &[1, 2]);
    let dodge = t.fight().attack.clone().unwrap().dodge.unwrap();
    assert_eq!(dodge.alter, eva + 3, "{}", text(&r));
    assert!(text(&r).contains("Emulator Space +3"), "{}", text(&r));
    // Out of the Lair (the Entrance): no bonus.
    t.s.fortress
        .fortress
        .as_mut()
        .unwrap()
        .dive
        .as_mut()
        .unwrap()
        .at = 0;
    let (n, _, _) = super::judge_bonus(&t.s, &t.data, &en("Swarm"), EVA);
    assert_eq!(n, 0);
}

/// Puts an effect in force on `on` (as a skill of `from` would), for the rules that read what
/// is in force.
fn put(t: &mut Session, on: Who, from: &str, what: super::super::model::Held) {
    t.edit(|s| {
        s.effects.seq += 1;
        s.effects.in_force.push(super::super::model::InForce {
            id: s.effects.seq,
            on,
            from: from.into(),
            from_ja: None,
            what,
            until: crate::data::Until::Scene,
            scene: (s.episode, s.scene),
        });
    });
}

#[test]
fn rule_15_4_substitution_pacc_instead_of_eva_drops_eva_modifiers_keeps_pacc_and_dodge_ones() {
    // §15.4 Substitution: "When a skill swaps the stat used, e.g. PACC instead of EVA for a
    // Dodge Check: modifiers tied to the replaced stat (EVA) no longer apply; modifiers tied
    // to the new stat (PACC) do apply; modifiers to the kind of Judge ("Dodge Checks") still
    // apply." Parry Stance: PACC in place of EVA for the next Dodge Check.
    use super::super::model::{Held, PACC};
    use crate::data::Modded;
    let mut t = fight(
        &[("alice", "parry_stance", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    let (pacc, eva) = (
        t.s.stat(&t.data, &pc("alice"), PACC),
        t.s.stat(&t.data, &pc("alice"), EVA),
    );
    // The modifiers below tell the two stats apart even where they are equal.
    put(
        &mut t,
        pc("alice"),
        "Eva Song",
        Held::Modifier {
            on: Modded::Eva,
            n: 5,
        },
    );
    put(
        &mut t,
        pc("alice"),
        "Pacc Song",
        Held::Modifier {
            on: Modded::Pacc,
            n: 1,
        },
    );
    put(
        &mut t,
        pc("alice"),
        "Dodge Song",
        Held::Modifier {
            on: Modded::Dodge,
            n: 2,
        },
    );
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    let r = text(&t.ok(&alice(), "nw combat use", &[("skill", "parry_stance")]));
    assert!(
        r.contains("Parry Stance: PACC instead of Dodge Checks until the next Judge on Ayla"),
        "{r}"
    );
    // Another player acts in between: Bolt's guard is his own.
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    // Ayla's sheet (her private part of `/game status`) lists what is in force on her only.
    let sheet: String = t
        .ok(&alice(), "game status", &[])
        .iter()
        .filter(|r| !r.is_public())
        .map(|r| r.message.plain_text())
        .collect();
    assert!(
        sheet.contains("Effects in force") && sheet.contains("Parry Stance: PACC instead of"),
        "{sheet}"
    );
    assert!(
        !sheet.contains("Guard A"),
        "Bolt's effect is not on Ayla's sheet: {sheet}"
    );
    let r = text(&t.ok(&alice(), "nw combat dodge", &[]));
    assert_eq!(
        dodge_alter(&t),
        pacc + 1 + 2,
        "PACC, its +1 and Dodge's +2; not EVA's +5"
    );
    assert!(r.contains("Parry Stance: PACC instead of EVA"), "{r}");
    // Used up by that Dodge Check: the next one rolls EVA again, with EVA's +5.
    assert!(t
        .s
        .effects
        .in_force
        .iter()
        .all(|e| e.from != "Parry Stance"));
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat dodge", &[]);
    assert_eq!(dodge_alter(&t), eva + 5 + 2);
}

#[test]
fn rule_3_3_killing_intent_lowers_the_critical_value_for_hit_checks_only() {
    // §3.3 "A Critical happens when the unmodified Dice Roll equals the Critical Value";
    // Killing Intent: the Critical value 1 lower for Hit Checks until the end of the Main
    // Process. Ayla's Critical is 12 (Fumble 2): an 11 is her Critical on this Hit Check.
    let mut t = fight(
        &[("alice", "killing_intent", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, pc("alice"));
    t.ok(&alice(), "nw combat use", &[("skill", "killing_intent")]);
    // Another player acts in between (a Reaction outside an attack).
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    // 5 + 6 = 11: a Critical; the chain rolls on (1 + 2 ends it).
    let r = text(&t.rolls(&alice(), "/nwcombat attack target:Swarm", &[5, 6, 1, 2]));
    let hit = t.fight().attack.clone().unwrap().hit;
    assert_eq!(hit.cf.critical, 11, "{r}");
    assert!(hit.outcome().critical, "{r}");
    assert!(r.contains("Killing Intent: Critical value −1"), "{r}");
    // The Swarm's Dodge Check is not Ayla's: its Critical stays the GM's.
    t.rolls(&gm(), "/nwcombat dodge", &[1, 2]);
    let dodge = t.fight().attack.clone().unwrap().dodge.unwrap();
    assert_eq!(dodge.cf.critical, t.data.rules.gm.critical);
    // Killing Intent names Hit Checks: Ayla's own defence roll keeps her 12.
    let (_, lower, _, _) = super::critical(
        &t.s,
        &pc("alice"),
        super::super::model::PDEF,
        crate::data::JudgeKind::Defence,
    );
    assert_eq!(lower, 0);
}

#[test]
fn rule_3_3_star_reading_adds_a_critical_value_to_the_next_judge_once_before_it() {
    // §3.3 Critical on a roll equal to a Critical value; Star Reading (Before Judge): "your
    // next Judge … is also a Critical on a 12"; §15.3 "A skill can be used once per instance
    // of its timing": once before each Judge.
    let mut t = fight(
        &[("alice", "star_reading", 1), ("bob", "star_reading", 1)],
        &["Swarm"],
    );
    t.edit(|s| {
        s.pcs[0].cf = Some(Cf {
            critical: 9,
            fumble: 2,
        })
    });
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, en("Swarm"));
    t.rolls(&gm(), "/nwcombat attack target:Ayla", &[1, 2]);
    t.ok(&alice(), "nw combat use", &[("skill", "star_reading")]);
    let mp = t.s.pcs[0].mp;
    let e = t.err(&alice(), "nw combat use", &[("skill", "star_reading")]);
    assert!(
        e.contains("once per Judge") && e.contains("Before Judge"),
        "{e}"
    );
    assert_eq!(t.s.pcs[0].mp, mp, "refused before the Cost");
    // Another player's Before Judge skill is his own.
    t.ok(&bob(), "nw combat use", &[("skill", "star_reading")]);
    // 6 + 6 = 12: a Critical by Star Reading (the chain: 1 + 2 ends it).
    let r = text(&t.rolls(&alice(), "/nwcombat dodge", &[6, 6, 1, 2]));
    let dodge = t.fight().attack.clone().unwrap().dodge.unwrap();
    assert!(dodge.outcome().critical, "{r}");
    assert!(r.contains("@9,12"), "the Judge line names both values: {r}");
    assert!(r.contains("Star Reading: Critical values +12"), "{r}");
    assert!(
        t.s.effects.in_force.iter().all(|e| e.on != pc("alice")),
        "used up"
    );
    // That Judge closed the window: before her next Judge she may declare it again.
    t.ok(&alice(), "nw combat use", &[("skill", "star_reading")]);
}

#[test]
fn rule_15_3_a_reaction_is_declared_once_per_attack_refused_before_its_cost() {
    // §15.3 "Each declaration gives one use. A skill can be used once per instance of its
    // timing"; §15.5 Cost "paid when the skill is declared": a second Guard A against the same
    // attack is refused and costs nothing; the next attack is a new instance.
    let mut t = fight(
        &[
            ("alice", "guard_a", 1),
            ("bob", "guard_a", 1),
            ("alice", "shield_wall", 1),
        ],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat use", &[("skill", "guard_a")]);
    // Another player in between: Bolt's Guard A is his own use.
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    let mp = t.s.pcs[0].mp;
    let e = t.err(&alice(), "nw combat use", &[("skill", "guard_a")]);
    assert!(
        e.contains("Guard A is declared once per attack") && e.contains("Ayla has used it"),
        "{e}"
    );
    assert_eq!(t.s.pcs[0].mp, mp, "nothing paid");
    // A Damage Roll skill: once in the attack's damage roll.
    t.ok(&alice(), "nw combat use", &[("skill", "shield_wall")]);
    let e = t.err(&alice(), "nw combat use", &[("skill", "shield_wall")]);
    assert!(e.contains("once per damage roll"), "{e}");
    // The next attack is another instance.
    turn(&mut t, en("Swarm"));
    t.ok(&gm(), "nw combat attack", &[("target", "Ayla")]);
    t.ok(&alice(), "nw combat use", &[("skill", "guard_a")]);
    t.ok(&alice(), "nw combat use", &[("skill", "shield_wall")]);
}

#[test]
fn rule_15_3_an_auto_action_skill_is_declared_once_per_main_process() {
    // §15.3 "once per instance of its timing"; §10.5 Auto Action "any time": Vanishing Smoke
    // once in Ayla's Main Process, again in the next one.
    let mut t = fight(
        &[("alice", "vanishing_smoke", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    turn(&mut t, pc("alice"));
    t.ok(&alice(), "nw combat use", &[("skill", "vanishing_smoke")]);
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    let mp = t.s.pcs[0].mp;
    let e = t.err(&alice(), "nw combat use", &[("skill", "vanishing_smoke")]);
    assert!(e.contains("once per Main Process (Auto Action)"), "{e}");
    assert_eq!(t.s.pcs[0].mp, mp);
    // Her Main Process ends; in the next one it may be declared again.
    t.ok(&alice(), "nw combat pass", &[]);
    turn(&mut t, pc("alice"));
    t.ok(&alice(), "nw combat use", &[("skill", "vanishing_smoke")]);
}

#[test]
fn rule_10_9_venom_edge_gives_its_bad_status_to_a_defender_it_damages() {
    // §10.9 step 6: when the damage roll wins, HP Damage and the attack's bad statuses land;
    // Venom Edge: "a Defender whose defence it beats gets BS: Poison (1)".
    let mut t = fight(
        &[("alice", "venom_edge", 1), ("bob", "guard_a", 1)],
        &["Swarm"],
    );
    t.ok(&gm(), "nw combat engage", &[("a", "Swarm"), ("b", "Ayla")]);
    turn(&mut t, pc("alice"));
    t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "venom_edge"), ("target", "Swarm")],
    );
    assert!(
        !t.s.enemies[0].bad.has(&crate::status::BadStatus::Poison),
        "nothing before the hit"
    );
    t.ok(&gm(), "nw combat dodge", &[]);
    t.ok(&bob(), "nw combat use", &[("skill", "guard_a")]);
    t.edit(|s| {
        let at = s.combat.as_mut().and_then(|c| c.attack.as_mut()).unwrap();
        at.stage = Stage::Damage;
        at.damage = 3;
    });
    let r = text(&t.ok(&alice(), "nw combat apply", &[]));
    assert!(r.contains("Swarm gets BS: Poison (1)"), "{r}");
    assert!(t.s.enemies[0].bad.has(&crate::status::BadStatus::Poison));
}

#[test]
fn rule_15_5_skills_give_a_bad_status_or_flying_to_their_targets() {
    // §10.12 bad statuses; §10.7 Flying. Binding Word: "the target gets BS: Rigor"; Wind
    // Step: Flying until you land.
    let mut t = fight(
        &[("alice", "binding_word", 1), ("bob", "wind_step", 1)],
        &["Swarm"],
    );
    turn(&mut t, pc("alice"));
    let r = text(&t.ok(
        &alice(),
        "nw combat use",
        &[("skill", "binding_word"), ("target", "Swarm")],
    ));
    assert!(r.contains("Swarm gets BS: Rigor (Binding Word)"), "{r}");
    assert!(t.s.enemies[0].bad.has(&crate::status::BadStatus::Rigor));
    turn(&mut t, pc("bob"));
    let r = text(&t.ok(&bob(), "nw combat use", &[("skill", "wind_step")]));
    assert!(r.contains("Bolt is Flying (Wind Step)"), "{r}");
    assert!(t.fight().moves.flying.contains(&pc("bob")));
    assert!(!t.fight().moves.flying.contains(&pc("alice")));
}

#[test]
fn rule_15_5_an_item_skill_grants_an_item_never_sold_and_lost_in_the_after_phase() {
    // §15.5 Category "Item: grants or modifies an item, usually during Preplay. Items gained
    // through an Item skill can't be sold or Preserved and are lost in the After Phase."
    let mut t = fight(&[("alice", "conjured_blade", 1)], &[]);
    let r = text(&t.ok(&alice(), "nw combat use", &[("skill", "conjured_blade")]));
    assert!(
        r.contains("Ayla gets the Moonlight Blade from Conjured Blade"),
        "{r}"
    );
    assert!(t.s.pcs[0]
        .ch
        .items
        .iter()
        .any(|i| i.id == "moonlight_blade"));
    // Another player acts in between; Ayla's sheet (her `/game status`) lists it.
    t.ok(&bob(), "nw judge", &[("stat", "luck")]);
    let sheet = text(&t.ok(&alice(), "game status", &[]));
    assert!(sheet.contains("Moonlight Blade"), "{sheet}");
    assert!(t.s.pcs[1]
        .ch
        .items
        .iter()
        .all(|i| i.id != "moonlight_blade"));
    for _ in 0..4 {
        if t.s.phase == crate::state::Phase::After {
            break;
        }
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert_eq!(t.s.phase, crate::state::Phase::After);
    assert!(
        t.s.pcs[0]
            .ch
            .items
            .iter()
            .all(|i| i.id != "moonlight_blade"),
        "lost"
    );
}
