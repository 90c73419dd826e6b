//! Tests of the Fortress rules (§12).
use super::super::judge::Cf;
use super::super::state::Phase;
use super::super::test_table::{alice, bob, gm, Session as T};
use super::common::*;
use super::model::{Fortress, TrapState, DANGER_DEFAULT, SECRET_GATE_SENSE};
use super::*;

fn table() -> T {
    T::with(&[(alice(), "Ayu"), (bob(), "Bo")], 5)
}

impl T {
    /// Entrance → Hall → Trap room → Core; a secret Gate Hall — Vault; a one-way Hall → Pit.
    fn build(&mut self) {
        for (n, k) in [
            ("Gate", "entrance"),
            ("Hall", "normal"),
            ("Needles", "trap"),
            ("Core", "core"),
            ("Vault", "object"),
            ("Pit", "normal"),
            ("Shrine", "event"),
        ] {
            self.ok(&gm(), "nw fortress area", &[("name", n), ("kind", k)]);
        }
        for (a, b, k) in [
            ("Gate", "Hall", "normal"),
            ("Hall", "Needles", "normal"),
            ("Needles", "Core", "normal"),
            ("Hall", "Vault", "secret"),
            ("Hall", "Pit", "oneway"),
            ("Pit", "Shrine", "closed"),
        ] {
            self.ok(
                &gm(),
                "nw fortress gate",
                &[("from", a), ("to", b), ("kind", k)],
            );
        }
        self.ok(
            &gm(),
            "nw fortress trap",
            &[
                ("area", "Needles"),
                ("detection", "9"),
                ("removal", "11"),
                ("effect", "poison needles xyzzy"),
                ("damage", "2d6"),
            ],
        );
    }

    fn fort(&self) -> &Fortress {
        self.s.fortress.fortress.as_ref().unwrap()
    }

    fn at(&self) -> String {
        let f = self.fort();
        f.areas[f.dive.as_ref().unwrap().at].name.clone()
    }
}

fn all_text(r: &[Reply]) -> String {
    r.iter()
        .map(|r| r.message.plain_text())
        .collect::<Vec<_>>()
        .join("\n")
}

fn public_text(r: &[Reply]) -> String {
    r.iter()
        .filter(|r| r.is_public())
        .map(|r| r.message.plain_text())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn rule_nw_12_6_appearance_difficulty_8_plus_2_per_gate_3_gates_14() {
    assert_eq!(appear_difficulty(0), 8, "in the Entrance Area itself: 8");
    assert_eq!(appear_difficulty(3), 14, "three Gates away: 8 + 6 = 14");
    let mut t = table();
    t.build();
    let f = t.fort();
    assert_eq!(f.gates_from_entrance(f.area("Core").unwrap()), Some(3));
    assert_eq!(f.gates_from_entrance(f.area("Gate").unwrap()), Some(0));
}

#[test]
fn rule_nw_12_6_appearance_check_is_a_luck_judge_for_a_pc_not_inside() {
    let mut t = table();
    t.build();
    t.ok(&alice(), "nw session leave", &[]);
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    // Bob is inside already.
    assert!(t
        .err(&bob(), "nw fortress appear", &[])
        .contains("already inside"));
    t.ok(&alice(), "nw session join", &[]);
    let out = t.ok(&alice(), "nw fortress appear", &[]);
    let text = all_text(&out);
    assert!(text.contains("Appearance Check"), "{text}");
    assert!(
        text.contains("Difficulty 10"),
        "one Gate from the Entrance: 8 + 2 = 10\n{text}"
    );
    assert!(text.contains("Luck"), "{text}");
    let inside = t.fort().dive.as_ref().unwrap().inside.contains(&alice().id);
    let pending = t.s.fortress.pending.iter().any(|p| p.user == alice().id);
    assert!(inside != pending, "either in at once or waiting to settle");
    if pending {
        t.ok(&alice(), "nw fortress resolve", &[]);
        assert!(t.s.fortress.pending.is_empty());
    }
}

#[test]
fn rule_nw_8_2_appearance_automatic_in_the_climax() {
    let mut t = table();
    t.build();
    t.ok(&alice(), "nw session leave", &[]);
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&alice(), "nw session join", &[]);
    t.edit(|s| s.phase = Phase::Climax);
    let out = t.ok(&alice(), "nw fortress appear", &[]);
    assert!(all_text(&out).contains("automatically"));
    assert!(t.fort().dive.as_ref().unwrap().inside.contains(&alice().id));
}

#[test]
fn rule_nw_12_4_building_is_the_gms_a_player_is_refused() {
    let mut t = table();
    assert!(t
        .err(
            &alice(),
            "nw fortress area",
            &[("name", "Hall"), ("kind", "normal")]
        )
        .contains("only the GM"));
    t.build();
    assert!(t
        .err(
            &bob(),
            "nw fortress gate",
            &[("from", "Hall"), ("to", "Core")]
        )
        .contains("only the GM"));
    assert!(t
        .err(&bob(), "nw fortress dive", &[])
        .contains("only the GM"));
    assert!(t
        .err(
            &gm(),
            "nw fortress area",
            &[("name", "Door2"), ("kind", "entrance")]
        )
        .contains("already has an Entrance"));
    assert!(t
        .err(
            &gm(),
            "nw fortress area",
            &[("name", "X"), ("kind", "garden")]
        )
        .contains("kind `garden` is unknown; use normal, object"));
}

#[test]
fn rule_nw_12_5_one_way_closed_and_secret_gates_refuse_and_change_nothing() {
    let mut t = table();
    t.build();
    assert!(!t.s.in_fortress());
    t.ok(&gm(), "nw fortress dive", &[]);
    assert!(t.s.in_fortress());
    assert_eq!(t.at(), "Gate");
    assert!(t
        .err(&alice(), "nw fortress move", &[("to", "Core")])
        .contains("no Gate"));
    t.ok(&alice(), "nw fortress move", &[("to", "Hall")]);
    // Secret: unknown to the players.
    let e = t.err(&alice(), "nw fortress move", &[("to", "Vault")]);
    assert!(e.contains("no Gate you know of"), "{e}");
    // One-way: there, but not back.
    t.ok(&alice(), "nw fortress move", &[("to", "Pit")]);
    // Closed.
    assert!(t
        .err(&alice(), "nw fortress move", &[("to", "Shrine")])
        .contains("closed"));
    assert!(t
        .err(&alice(), "nw fortress move", &[("to", "Hall")])
        .contains("One-Way Gate cannot be used to come back"));
    assert_eq!(t.at(), "Pit");
    // The GM opens the closed Gate (gate 6).
    t.ok(&gm(), "nw fortress open", &[("gate", "6")]);
    t.ok(&alice(), "nw fortress move", &[("to", "Shrine")]);
    // Clearing the Shrine's event makes it a Normal Area.
    t.ok(&gm(), "nw fortress cleared", &[]);
    assert_eq!(t.fort().areas[6].kind, AreaKind::Normal);
}

#[test]
fn rule_nw_12_5_damaged_gate_has_limited_uses_then_breaks() {
    let mut t = table();
    t.ok(
        &gm(),
        "nw fortress area",
        &[("name", "A"), ("kind", "entrance")],
    );
    t.ok(
        &gm(),
        "nw fortress area",
        &[("name", "B"), ("kind", "normal")],
    );
    t.ok(
        &gm(),
        "nw fortress gate",
        &[
            ("from", "A"),
            ("to", "B"),
            ("kind", "damaged"),
            ("uses", "2"),
        ],
    );
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&alice(), "nw fortress move", &[("to", "B")]);
    let out = t.ok(&alice(), "nw fortress move", &[("to", "A")]);
    assert!(all_text(&out).contains("gives way"));
    assert!(t
        .err(&alice(), "nw fortress move", &[("to", "B")])
        .contains("Damaged"));
    assert!(t
        .err(
            &gm(),
            "nw fortress gate",
            &[
                ("from", "A"),
                ("to", "B"),
                ("kind", "normal"),
                ("uses", "2")
            ]
        )
        .contains("only for a Damaged Gate"));
}

#[test]
fn rule_nw_12_9_danger_sense_success_against_secret_reveals_the_gate() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    t.ok(
        &gm(),
        "nw fortress danger",
        &[("kind", "secret"), ("secret", "true"), ("by_hand", "true")],
    );
    // Alice's Danger Sense Judge rolls a Critical ([6, 6] at Critical 12): a success
    // whatever her Alter, settled at once.
    t.edit(|s| {
        s.pcs[0].cf = Some(Cf {
            critical: 12,
            fumble: 2,
        })
    });
    let out = t.roll(&alice(), "/nwfortress sense", &[6, 6]).unwrap();
    // The table hears that a secret Judge was rolled, nothing of what it found.
    let public = public_text(&out);
    assert!(
        !public.contains("Gate") && !public.contains("Vault"),
        "a secret Danger Sense tells only the roller and the GM: {public}"
    );
    assert!(all_text(&out).contains("finds a hidden Gate: Hall ⇄ Vault"));
    assert!(t.fort().gates[3].revealed);
    t.ok(&alice(), "nw fortress move", &[("to", "Vault")]);
}

#[test]
fn rule_nw_12_5_secret_gate_revealed_by_danger_sense_15_or_clearing() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    let out = t.ok(&gm(), "nw fortress danger", &[("kind", "secret")]);
    let gm_text: String = out
        .iter()
        .filter(|r| !r.is_public())
        .map(|r| r.message.plain_text())
        .collect();
    assert!(gm_text.contains("Difficulty 15"), "{gm_text}");
    assert!(!public_text(&out).contains("15"));
    assert_eq!(
        t.fort()
            .dive
            .as_ref()
            .unwrap()
            .danger
            .as_ref()
            .unwrap()
            .difficulty,
        15
    );
    // Clearing the Hall's event reveals it whatever the rolls.
    t.ok(&gm(), "nw fortress cleared", &[]);
    assert!(t.fort().gates[3].revealed);
    t.ok(&alice(), "nw fortress move", &[("to", "Vault")]);
    assert_eq!(t.at(), "Vault");
}

#[test]
fn rule_nw_12_10_danger_sense_difficulties_trap_removal_ambush_perception_plus_7_default_12() {
    assert_eq!(danger_difficulty_trap(11), 11);
    assert_eq!(danger_difficulty_ambush(5), 12, "Perception 5 + 7");
    assert_eq!(DANGER_DEFAULT, 12);
    assert_eq!(SECRET_GATE_SENSE, 15);
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
    for (opts, want) in [
        (vec![("kind", "trap")], 11),
        (vec![("kind", "ambush"), ("perception", "6")], 13),
        (vec![("kind", "other")], 12),
        (vec![("kind", "other"), ("difficulty", "9")], 9),
    ] {
        let mut opts = opts;
        opts.push(("by_hand", "true"));
        t.ok(&gm(), "nw fortress danger", &opts);
        assert_eq!(
            t.fort()
                .dive
                .as_ref()
                .unwrap()
                .danger
                .as_ref()
                .unwrap()
                .difficulty,
            want
        );
    }
    assert!(t
        .err(&gm(), "nw fortress danger", &[("kind", "ambush")])
        .contains("perception"));
    assert!(t
        .err(&alice(), "nw fortress danger", &[])
        .contains("only the GM"));
    // A player rolls it once; the Difficulty stays hidden.
    let out = t.ok(&alice(), "nw fortress sense", &[]);
    assert!(!public_text(&out).contains("Difficulty 9"));
    if t.s.fortress.pending.iter().any(|p| p.user == alice().id) {
        t.ok(&alice(), "nw fortress resolve", &[]);
    }
    assert!(t
        .err(&alice(), "nw fortress sense", &[])
        .contains("already rolled"));
}

#[test]
fn rule_nw_12_8_identification_awareness_vs_detection_then_removal_finesse_vs_removal() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
    // The trap must be beaten to go on.
    assert!(t
        .err(&alice(), "nw fortress move", &[("to", "Core")])
        .contains("beaten"));
    // Removal needs identification first.
    assert!(t
        .err(&alice(), "nw fortress remove", &[])
        .contains("identify the trap first"));
    // Make Alice's Awareness Judge certain: Detection 0.
    t.edit(|s| {
        s.fortress.fortress.as_mut().unwrap().areas[2]
            .trap
            .as_mut()
            .unwrap()
            .detection = 0
    });
    let out = t.ok(&alice(), "nw fortress identify", &[]);
    let text = all_text(&out);
    assert!(text.contains("Trap Identification"), "{text}");
    assert!(text.contains("Awareness"), "{text}");
    assert!(
        !public_text(&out).contains("xyzzy"),
        "the effect goes only to the identifier"
    );
    assert!(text.contains("xyzzy"));
    assert!(t.fort().areas[2]
        .trap
        .as_ref()
        .unwrap()
        .identified
        .contains(&alice().id));
    // Bob has not identified it: he may not remove it.
    assert!(t
        .err(&bob(), "nw fortress remove", &[])
        .contains("identify"));
    // Removal against Removal Value 11, shown; retry until it is beaten.
    let mut tries = 0;
    while t.fort().areas[2].trap.as_ref().unwrap().state == TrapState::Armed && tries < 30 {
        let out = t.ok(&alice(), "nw fortress remove", &[]);
        assert!(all_text(&out).contains("Finesse"));
        assert!(all_text(&out).contains("Difficulty 11"));
        if t.s.fortress.pending.iter().any(|p| p.user == alice().id) {
            t.ok(&alice(), "nw fortress resolve", &[]);
        }
        tries += 1;
    }
    assert_ne!(
        t.fort().areas[2].trap.as_ref().unwrap().state,
        TrapState::Armed
    );
    t.ok(&alice(), "nw fortress move", &[("to", "Core")]);
    assert_eq!(t.at(), "Core");
}

#[test]
fn rule_nw_12_8_every_pc_failing_identification_sets_the_trap_off() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
    t.edit(|s| {
        s.fortress.fortress.as_mut().unwrap().areas[2]
            .trap
            .as_mut()
            .unwrap()
            .detection = 99
    });
    let hp = (t.s.pcs[0].hp, t.s.pcs[1].hp);
    t.ok(&alice(), "nw fortress identify", &[]);
    let out = t.ok(&alice(), "nw fortress resolve", &[]);
    assert!(
        !all_text(&out).contains("goes off"),
        "Bob has not tried yet"
    );
    assert!(t
        .err(&alice(), "nw fortress identify", &[])
        .contains("already failed"));
    t.ok(&bob(), "nw fortress identify", &[]);
    let out = t.ok(&bob(), "nw fortress resolve", &[]);
    let text = public_text(&out);
    assert!(
        text.contains("goes off") && text.contains("xyzzy"),
        "{text}"
    );
    assert_eq!(
        t.fort().areas[2].trap.as_ref().unwrap().state,
        TrapState::Spent
    );
    assert!(
        t.s.pcs[0].hp < hp.0 && t.s.pcs[1].hp < hp.1,
        "2d6 HP on everyone in the Scene"
    );
    // A spent trap no longer bars the way.
    t.ok(&bob(), "nw fortress move", &[("to", "Core")]);
}

#[test]
fn rule_nw_12_8_a_fumble_on_removal_triggers_the_trap_on_the_roller() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    t.ok(&gm(), "nw fortress move", &[("to", "Needles")]);
    t.edit(|s| {
        s.fortress.fortress.as_mut().unwrap().areas[2]
            .trap
            .as_mut()
            .unwrap()
            .identified
            .push(alice().id)
    });
    // Alice's Removal Judge rolls her Fumble ([1, 1] at Fumble 2).
    t.edit(|s| {
        s.pcs[0].cf = Some(Cf {
            critical: 12,
            fumble: 2,
        })
    });
    let out = t.roll(&alice(), "/nwfortress remove", &[1, 1]).unwrap();
    assert!(
        t.s.fortress
            .pending
            .iter()
            .any(|p| p.judge.outcome().fumble),
        "{}",
        all_text(&out)
    );
    let hp_bob = t.s.pcs[1].hp;
    let out = t.ok(&alice(), "nw fortress resolve", &[]);
    assert!(all_text(&out).contains("fumbles the Removal"));
    assert_eq!(
        t.fort().areas[2].trap.as_ref().unwrap().state,
        TrapState::Spent
    );
    assert_eq!(t.s.pcs[1].hp, hp_bob, "only the roller is the target");
}

#[test]
fn rule_nw_12_2_retreat_only_if_ruler_defeated_core_broken_or_ruler_permits() {
    for cond in ["ruler_defeated", "core_broken", "ruler_permits"] {
        let mut t = table();
        t.build();
        t.ok(&gm(), "nw fortress dive", &[]);
        let e = t.err(&alice(), "nw fortress leave", &[]);
        assert!(e.contains("Ruler is defeated"), "{e}");
        assert!(t
            .err(&alice(), "nw fortress condition", &[("what", cond)])
            .contains("only the GM"));
        t.ok(&gm(), "nw fortress condition", &[("what", cond)]);
        t.ok(&alice(), "nw fortress leave", &[]);
        assert!(!t.s.in_fortress());
    }
    // An Entrance built as the exit lets the party out there.
    let mut t = table();
    t.ok(
        &gm(),
        "nw fortress area",
        &[("name", "Door"), ("kind", "entrance"), ("exit", "true")],
    );
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&bob(), "nw fortress leave", &[]);
}

#[test]
fn rule_nw_12_7_no_moving_out_during_round_progression() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw enemy spawn", &[("name", "shade_swarm")]);
    t.ok(&gm(), "nw combat start", &[]);
    assert!(t
        .err(&alice(), "nw fortress move", &[("to", "Hall")])
        .contains("Withdraw"));
}

#[test]
fn rule_nw_12_3_one_area_one_scene() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    let s0 = t.s.scene;
    t.ok(&alice(), "nw fortress move", &[("to", "Hall")]);
    assert_eq!(t.s.scene, s0 + 1);
}

#[test]
fn map_hides_secret_gates_and_trap_details_from_players() {
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    let player = all_text(&t.ok(&alice(), "nw fortress show", &[]));
    assert!(
        !player.contains("Vault ⇄") && !player.contains("⇄ Vault"),
        "{player}"
    );
    assert!(
        !player.contains("xyzzy") && !player.contains("Detection"),
        "{player}"
    );
    assert!(player.contains("📍 **Gate**"), "{player}");
    let gm_map = t.ok(&gm(), "nw fortress show", &[]);
    assert!(!gm_map[0].is_public());
    let gm_text = all_text(&gm_map);
    assert!(
        gm_text.contains("SECRET") && gm_text.contains("xyzzy"),
        "{gm_text}"
    );
}

#[test]
fn rule_nw_12_9_danger_sense_is_passive_the_bot_rolls_for_every_pc_inside() {
    // §12.9: "The GM may call for one from every PC who has appeared, whenever danger arises.
    // It is passive: players need not declare that they are searching."
    let mut t = table();
    t.build();
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    // A player acts in between.
    t.ok(&bob(), "game status", &[]);
    let out = t.ok(&gm(), "nw fortress danger", &[("kind", "other")]);
    let text = all_text(&out);
    assert!(
        text.contains("every PC in the Scene rolls awareness"),
        "{text}"
    );
    let rolled = &t
        .fort()
        .dive
        .as_ref()
        .unwrap()
        .danger
        .as_ref()
        .unwrap()
        .rolled;
    assert_eq!(
        rolled,
        &vec![alice().id, bob().id],
        "the bot rolled for both"
    );
    for who in ["Ayu", "Bo"] {
        assert!(text.contains(who), "{who}'s Judge is shown: {text}");
    }
    assert!(
        !public_text(&out).contains("Difficulty 12"),
        "the Difficulty stays hidden"
    );
    let e = t.err(&alice(), "nw fortress sense", &[]);
    assert!(e.contains("already rolled"), "{e}");
    // A secret call tells each result to its roller and the GM only.
    for who in [alice(), bob()] {
        if t.s.fortress.pending.iter().any(|p| p.user == who.id) {
            t.ok(&who, "nw fortress resolve", &[]);
        }
    }
    let out = t.ok(
        &gm(),
        "nw fortress danger",
        &[("kind", "other"), ("secret", "true")],
    );
    let public = public_text(&out);
    for line in public
        .lines()
        .filter(|l| l.contains("Ayu") || l.contains("Bo"))
    {
        assert!(line.ends_with("rolls a secret Judge."), "{public}");
    }
    for who in [alice(), bob()] {
        assert!(
            out.iter().any(|r| !r.is_public()
                && r.audience == croupier_core::table::Audience::Only(vec![who.id.clone()])),
            "{} is told their own result",
            who.id
        );
    }
}

#[test]
fn rule_nw_12_4_an_enemy_area_starts_the_fight_and_the_party_cannot_walk_out() {
    // §12.4 Enemy Area: "Round Progression starts as soon as the GM finishes describing the
    // scene"; §12.7: "During Round Progression, use the normal Withdraw rules."
    let mut t = table();
    t.build();
    t.ok(
        &gm(),
        "nw fortress area",
        &[("name", "Lair"), ("kind", "enemy")],
    );
    t.ok(
        &gm(),
        "nw fortress gate",
        &[("from", "Hall"), ("to", "Lair"), ("kind", "normal")],
    );
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&gm(), "nw fortress move", &[("to", "Hall")]);
    let out = t.ok(&alice(), "nw fortress move", &[("to", "Lair")]);
    assert!(
        public_text(&out)
            .contains("Round Progression starts as soon as the GM has described the Area"),
        "{}",
        all_text(&out)
    );
    let gm_note = out.iter().find(|r| !r.is_public()).expect("the GM's note");
    assert!(gm_note
        .message
        .buttons
        .iter()
        .any(|b| b.label == "Start the fight"));
    // Another player tries to walk back out: refused, nothing changes.
    let e = t.err(&bob(), "nw fortress move", &[("to", "Hall")]);
    assert!(e.contains("enemies hold this Area"), "{e}");
    assert_eq!(t.at(), "Lair");
    let e = t.err(&gm(), "nw fortress move", &[("to", "Hall")]);
    assert!(e.contains("`/nwfortress cleared`"), "{e}");
    // The fight starts; when it is over the party goes on.
    t.ok(
        &gm(),
        "nw enemy spawn",
        &[("name", "shade_swarm"), ("as", "Swarm")],
    );
    t.ok(&gm(), "nwcombat start", &[]);
    assert!(!t.fort().dive.as_ref().unwrap().held);
    t.ok(&gm(), "nwcombat end", &[]);
    t.ok(&bob(), "nw fortress move", &[("to", "Hall")]);
    // Entering again, the GM may clear the Area without a fight.
    t.ok(&gm(), "nw fortress move", &[("to", "Lair")]);
    assert!(t.fort().dive.as_ref().unwrap().held);
    let out = t.ok(&gm(), "nw fortress cleared", &[]);
    assert!(
        all_text(&out).contains("no longer bar the way"),
        "{}",
        all_text(&out)
    );
    t.ok(&alice(), "nw fortress move", &[("to", "Hall")]);
    // A cleared Enemy Area holds nobody the next time.
    t.ok(&alice(), "nw fortress move", &[("to", "Lair")]);
    assert!(!t.fort().dive.as_ref().unwrap().held);
}

#[test]
fn rule_nw_12_2_the_entrance_asks_a_cost_a_keyword_or_an_item() {
    // §12.2: "in order to enter the Entrance, special conditions must be fulfilled ... an
    // adequate cost (HP, MP, and Prana), a keyword, or an item (like a (door key)) may be
    // required."
    let mut t = table();
    t.build();
    let e = t.err(
        &gm(),
        "nw fortress area",
        &[("name", "Hall"), ("kind", "normal"), ("keyword", "x")],
    );
    assert!(e.contains("only for kind:entrance"), "{e}");
    let e = t.err(
        &gm(),
        "nw fortress area",
        &[("name", "Gate"), ("kind", "entrance"), ("cost", "mp")],
    );
    assert!(e.contains("needs amount:"), "{e}");
    let built = t.ok(
        &gm(),
        "nw fortress area",
        &[
            ("name", "Gate"),
            ("kind", "entrance"),
            ("cost", "mp"),
            ("amount", "3"),
            ("keyword", "Moonrise"),
        ],
    );
    assert!(built.iter().all(|r| !r.is_public()));
    assert!(all_text(&built).contains("To go in it asks 3 MP from each PC, the keyword “Moonrise”"));
    // A player acts in between.
    t.ok(&bob(), "game status", &[]);
    let e = t.err(&gm(), "nw fortress dive", &[]);
    assert!(e.contains("it asks for a keyword"), "{e}");
    let e = t.err(&gm(), "nw fortress dive", &[("keyword", "sunset")]);
    assert!(
        e.contains("that is not its keyword") && !e.contains("oonrise"),
        "{e}"
    );
    // Paid in full by each PC, or nobody goes in.
    t.edit(|s| s.pcs[0].mp = 2);
    let e = t.err(&gm(), "nw fortress dive", &[("keyword", "MOONRISE")]);
    assert!(
        e.contains("asks 3 MP of each PC, paid in full: Ayu has 2"),
        "{e}"
    );
    t.edit(|s| s.pcs[0].mp = 10);
    let mp_before = t.s.pcs[1].mp;
    let out = t.ok(&gm(), "nw fortress dive", &[("keyword", "moonrise")]);
    let public = public_text(&out);
    assert!(public.contains("Each pays 3 MP to go in."), "{public}");
    assert!(
        !public.contains("oonrise"),
        "the keyword stays the GM's: {public}"
    );
    assert_eq!((t.s.pcs[0].mp, t.s.pcs[1].mp), (7, mp_before - 3));
    // An item someone carries; HP is never paid below 1.
    let mut t = table();
    t.build();
    t.ok(
        &gm(),
        "nw fortress area",
        &[
            ("name", "Gate"),
            ("kind", "entrance"),
            ("key", "Combat Knife"),
            ("cost", "hp"),
            ("amount", "4"),
        ],
    );
    t.edit(|s| {
        for p in s.pcs.iter_mut() {
            p.ch.items.retain(|i| i.id != "combat_knife");
        }
    });
    let e = t.err(&gm(), "nw fortress dive", &[]);
    assert!(
        e.contains("it needs Combat Knife, and nobody in the party carries it"),
        "{e}"
    );
    t.edit(|s| {
        s.pcs[1].ch.items.push(crate::character::OwnedItem {
            id: "combat_knife".into(),
            equipped: false,
            preserved: false,
        });
        s.pcs[0].hp = 4;
    });
    let e = t.err(&gm(), "nw fortress dive", &[]);
    assert!(e.contains("never below 1 HP (§10.10): Ayu has 4"), "{e}");
    t.edit(|s| s.pcs[0].hp = 5);
    t.ok(&gm(), "nw fortress dive", &[]);
    assert_eq!(t.s.pcs[0].hp, 1);
}
