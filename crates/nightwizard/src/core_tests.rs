//! Rule tests of the session core (nw-core): several Critical/Fumble values, Prana on a Lunar
//! Logic, the episode's phases and Scene kinds, the Episode Handout, Connections with their
//! Worth and gear, Information Gathering, and the players' Fortress map.

use super::judge::{chance, chance_values, Cf, Judge, Mode, Values};
use super::state::{Phase, SceneKind};
use super::test_table::{alice, bob, gm, Session as T};
use croupier_core::table::Reply;

fn table() -> T {
    T::with(&[(alice(), "Ayu"), (bob(), "Bo")], 5)
}

fn text(r: &[Reply]) -> String {
    r.iter()
        .map(|r| r.message.plain_text())
        .collect::<Vec<_>>()
        .join("\n")
}

fn public(r: &[Reply]) -> String {
    r.iter()
        .filter(|r| r.is_public())
        .map(|r| r.message.plain_text())
        .collect::<Vec<_>>()
        .join("\n")
}

const CF: Cf = Cf {
    critical: 10,
    fumble: 5,
};

fn more(c: &[u32], f: &[u32]) -> Values {
    Values {
        critical: c.to_vec(),
        fumble: f.to_vec(),
    }
}

/// Ayu (alice) with Critical 10 / Fumble 5 and Prana to spend rolls `/nw judge stat:none
/// modifier:ALTER{more}` on `d6`; her open Judge.
fn judge(t: &mut T, alter: i32, more: &str, d6: &[u32]) -> Judge {
    t.s.pcs[0].cf = Some(CF);
    t.s.pcs[0].prana = 5;
    let line = format!("/nw judge stat:none modifier:{alter}{more}");
    t.rolls(&alice(), &line, d6);
    t.s.open.last().expect("an open Judge").judge.clone()
}

#[test]
fn rule_nw_3_3_several_critical_values_each_start_the_chain_and_print_as_bcdice() {
    // §3.3: "A Critical happens when the unmodified Dice Roll equals the Critical Value ...
    // Opposed Judge: add 10 to the Alter and roll 2d6 again ... A Fumble on any of these extra
    // rolls counts as an ordinary roll." A skill adding 7 makes 7 a Critical too (BCDice
    // `@10,7`): 7, then 10 (critical again), then 5 (a Fumble value, ordinary here).
    let mut t = table();
    let opposed = " attacker:true";
    let j = judge(
        &mut t,
        5,
        &format!("{opposed} critical:7 fumble:2"),
        &[3, 4, 6, 4, 2, 3],
    );
    let o = j.outcome();
    assert!(o.critical);
    assert_eq!(o.crits, 2);
    assert_eq!(o.result, 5 + 20 + 5);
    assert_eq!(
        j.line(),
        "(2D6+5@10,7#5,2) ＞ 7[3,4] critical ＞ 10[6,4] critical ＞ 5[2,3]+25 ＞ 30"
    );
    // Without the added value the same dice are an ordinary 7 and the line keeps its old form.
    let plain = judge(&mut t, 5, opposed, &[3, 4]);
    assert!(!plain.outcome().critical);
    assert_eq!(plain.line(), "(2D6+5) ＞ 7[3,4]+5 ＞ 12");
}

#[test]
fn rule_nw_3_4_an_added_fumble_value_fumbles_and_wins_over_a_critical_value() {
    // §3.4: "A Fumble happens when the original Dice Roll equals the Fumble Value ... Fumble
    // Result = Alter − 10." An added Fumble value 2 fumbles a roll of 2.
    let mut t = table();
    let j = judge(&mut t, 12, " difficulty:8 fumble:2", &[1, 1]);
    let o = j.outcome();
    assert!(o.fumble && !o.critical);
    assert_eq!(o.result, 2);
    assert_eq!(o.success, Some(false));
    assert!(j.line().starts_with("(2D6+12@10#5,2) ＞ 2[1,1] fumble"));
    // A total that is both (a skill's Critical on the roller's own Fumble) is a Fumble, as
    // BCDice checks the Fumble first; Cancel Fumble makes it an ordinary roll, not a Critical.
    let both = judge(&mut t, 3, " difficulty:8 critical:5", &[2, 3]);
    assert!(both.is_fumble() && !both.is_critical());
    t.rolls(&alice(), "/nw prana use:cancel", &[]);
    let both = t.s.open.last().expect("an open Judge").judge.clone();
    assert!(!both.is_fumble() && !both.is_critical());
    assert_eq!(both.outcome().result, 8);
}

#[test]
fn rule_nw_3_3_the_chance_counts_every_value() {
    // Difficulty 30 with Alter 0: only a Critical (automatic success) reaches it. 10 alone is
    // 3/36; 10 or 7 is 9/36.
    let normal = Mode::Normal {
        difficulty: Some(30),
    };
    assert!((chance(0, CF, normal, false).unwrap() - 3.0 / 36.0).abs() < 1e-9);
    let p = chance_values(0, CF, &more(&[7], &[]), normal, false).unwrap();
    assert!((p - 9.0 / 36.0).abs() < 1e-9, "{p}");
    // An added Fumble value takes its totals out of success: Alter 10, Difficulty 12 needs 2+;
    // 5 (own Fumble) and 2 (added) fail.
    let easy = Mode::Normal {
        difficulty: Some(12),
    };
    let p = chance_values(10, CF, &more(&[], &[2]), easy, false).unwrap();
    assert!((p - (36.0 - 4.0 - 1.0) / 36.0).abs() < 1e-9, "{p}");
}

#[test]
fn rule_nw_3_3_judge_takes_added_values_and_refuses_bad_ones() {
    let mut t = table();
    let r = t.ok(
        &alice(),
        "nw judge",
        &[("stat", "none"), ("critical", "7, 10"), ("fumble", "2")],
    );
    let all = text(&r);
    assert!(
        all.contains("Critical 7,10") || all.contains("Critical "),
        "{all}"
    );
    let own = t.s.pcs[0].cf.unwrap();
    let j = &t.s.open.last().unwrap().judge;
    assert_eq!(j.more_critical, vec![7, 10]);
    assert!(
        j.line().contains(&format!("@{}", own.critical)),
        "{}",
        j.line()
    );
    assert!(all.contains(&j.line()), "the reply prints the line: {all}");
    assert!(t
        .err(
            &alice(),
            "nw judge",
            &[("stat", "none"), ("critical", "13")]
        )
        .contains("2 to 12"));
    assert!(t
        .err(
            &alice(),
            "nw judge",
            &[("stat", "none"), ("critical", "7"), ("fumble", "7")]
        )
        .contains("both a Critical and a Fumble"));
}

#[test]
fn rule_nw_4_2_logic_needs_the_casket_and_shakes_it_off() {
    // §4.2 use 7: "Remove Lunar Logic | 1 per Logic | While a Lunar Casket Logic affects you,
    // ignore it." Without a Casket there is nothing to pay for.
    let mut t = table();
    let before = t.s.pcs[0].prana;
    assert!(t
        .err(
            &alice(),
            "nw prana",
            &[("use", "logic"), ("logic", "anything at all")]
        )
        .contains("no Lunar Casket"));
    assert_eq!(t.s.pcs[0].prana, before);
    t.ok(&gm(), "nw casket deploy", &[]);
    t.ok(&gm(), "nw casket logic", &[("text", "No one may fly")]);
    assert!(t
        .err(
            &alice(),
            "nw prana",
            &[("use", "logic"), ("logic", "No swimming")]
        )
        .contains("no Lunar Logic `No swimming`"));
    let r = t.ok(&alice(), "nw prana", &[("use", "logic"), ("logic", "1")]);
    assert!(public(&r).contains("No one may fly"), "{}", public(&r));
    assert_eq!(t.s.pcs[0].prana, before - 1);
    let alice_id = alice().id;
    assert!(t.s.ignores_logic(&alice_id, "No one may fly"));
    assert!(t
        .err(
            &alice(),
            "nw prana",
            &[("use", "logic"), ("logic", "no one may fly")]
        )
        .contains("already"));
}

#[test]
fn rule_nw_8_1_preplay_has_no_scenes_the_opening_has() {
    // §8.1: "Every Phase except Preplay is made of Scenes."
    let mut t = table();
    assert_eq!(t.s.phase, Phase::Preplay);
    assert!(t
        .err(&gm(), "nw phase scene", &[])
        .contains("Preplay has no Scenes"));
    assert_eq!(t.s.scene, 0);
    t.ok(&gm(), "nw phase next", &[]);
    let r = t.ok(&gm(), "nw phase scene", &[]);
    assert!(public(&r).contains("Scene 1 begins (Opening Phase)"));
}

#[test]
fn rule_nw_8_2_the_opening_warns_on_judges_and_combat() {
    // §8.2: "Opening Phase: introductory Scenes. They should contain no combat or dice rolls."
    let mut t = table();
    t.ok(&gm(), "nw phase next", &[]);
    t.ok(&gm(), "nw phase scene", &[]);
    let r = t.ok(&alice(), "nw judge", &[("stat", "none")]);
    assert!(
        public(&r).contains("should have no dice rolls"),
        "{}",
        public(&r)
    );
    t.ok(&gm(), "nw enemy spawn", &[("name", "shade_swarm")]);
    let r = t.ok(&gm(), "nw combat start", &[]);
    assert!(
        public(&r).contains("should have no combat"),
        "{}",
        public(&r)
    );
    // The Middle Phase warns of nothing.
    let mut t = table();
    t.ok(&gm(), "nw phase next", &[]);
    t.ok(&gm(), "nw phase next", &[]);
    let r = t.ok(&alice(), "nw judge", &[("stat", "none")]);
    assert!(!public(&r).contains("should have no"));
}

#[test]
fn rule_nw_8_1_master_scenes_are_the_gms_and_combat_scenes_hold_rounds() {
    // §8.1: "Master Scenes are GM-only narration. Combat Scenes contain Round Progression."
    let mut t = table();
    t.ok(&gm(), "nw phase next", &[]);
    t.ok(&gm(), "nw phase next", &[]);
    let r = t.ok(&gm(), "nw phase scene", &[("kind", "master")]);
    assert!(public(&r).contains("Master Scene 1 begins"));
    assert_eq!(t.s.scene_kind(), SceneKind::Master);
    assert!(t
        .err(&alice(), "nw judge", &[("stat", "none")])
        .contains("Master Scene"));
    t.ok(&gm(), "nw judge", &[("stat", "none")]);
    t.ok(&gm(), "nw enemy spawn", &[("name", "shade_swarm")]);
    assert!(t
        .err(&gm(), "nw combat start", &[])
        .contains("start a Combat Scene first"));
    let r = t.ok(&gm(), "nw phase scene", &[("kind", "combat")]);
    assert!(public(&r).contains("Combat Scene 2 begins"));
    assert_eq!(t.s.scene_kind(), SceneKind::Combat);
    t.ok(&gm(), "nw combat start", &[]);
    // The next plain Scene is a Normal one again.
    t.ok(&gm(), "nw combat end", &[]);
    t.ok(&gm(), "nw phase scene", &[]);
    assert_eq!(t.s.scene_kind(), SceneKind::Normal);
    t.ok(&alice(), "nw judge", &[("stat", "none")]);
}

#[test]
fn rule_nw_8_2_episode_handout_and_episode_connections_end_with_the_episode() {
    // §8.2: "The GM issues an Episode Handout: a Trailer (summary) plus any Episode
    // Connections ... They vanish at the end of the Episode."
    let mut t = table();
    let r = t.ok(
        &gm(),
        "nw phase handout",
        &[("trailer", "A red moon over Akiba.")],
    );
    assert!(public(&r).contains("A red moon over Akiba."));
    let r = t.ok(
        &gm(),
        "nw phase connection",
        &[("player", "alice"), ("with", "Hiiragi")],
    );
    assert!(
        public(&r).contains("Ayu → Hiiragi (Episode Connection)"),
        "{}",
        public(&r)
    );
    assert!(t
        .err(
            &alice(),
            "nw phase connection",
            &[("player", "alice"), ("with", "X")]
        )
        .contains("GM"));
    for _ in 0..4 {
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert_eq!(t.s.phase, Phase::After);
    assert_eq!(t.s.handout.connections.len(), 1);
    t.ok(&gm(), "nw phase next", &[]);
    assert_eq!(t.s.phase, Phase::Preplay);
    assert_eq!(t.s.episode, 2);
    assert!(t.s.handout.is_empty(), "{:?}", t.s.handout);
}

#[test]
fn rule_nw_9_1_connection_worth_buys_gear_that_is_not_preserved() {
    // §9.1: "Each Connection has a Worth: an amount of valco that the NPC can spend to supply
    // the PC with gear. That gear is not Preserved."
    let mut t = table();
    let item = t.data.items.iter().find(|i| i.price > 0).unwrap().clone();
    let worth = item.price.to_string();
    t.ok(
        &gm(),
        "nw phase connection",
        &[("player", "alice"), ("with", "Hiiragi"), ("worth", &worth)],
    );
    let items = t.s.pcs[0].ch.items.len();
    let r = t.ok(
        &gm(),
        "nw phase gear",
        &[("player", "alice"), ("with", "hiiragi"), ("item", &item.id)],
    );
    assert!(public(&r).contains("not Preserved"));
    assert_eq!(t.s.pcs[0].ch.items.len(), items + 1);
    assert!(!t.s.pcs[0].ch.items.last().unwrap().preserved);
    // The Worth is spent.
    assert!(t
        .err(
            &gm(),
            "nw phase gear",
            &[("player", "alice"), ("with", "Hiiragi"), ("item", &item.id)]
        )
        .contains("0 left"));
    assert!(t
        .err(
            &gm(),
            "nw phase gear",
            &[("player", "alice"), ("with", "Nobody"), ("item", &item.id)]
        )
        .contains("no Connection to Nobody"));
    // The After Phase drops it with the other temporary items.
    for _ in 0..4 {
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert!(!t.s.pcs[0].ch.items.iter().any(|i| !i.preserved));
}

#[test]
fn rule_nw_9_2_information_gathering_rolls_an_attribute_plus_2_for_a_connection() {
    // §9.2: "The GM chooses which Attribute (never a combat stat) is rolled ... +2 to the Judge
    // if an appropriate Connection is asked."
    let mut t = table();
    assert!(t
        .err(&alice(), "nw judge", &[("stat", "pacc"), ("info", "true")])
        .contains("never a combat stat"));
    assert!(t
        .err(
            &alice(),
            "nw judge",
            &[
                ("stat", "knowledge"),
                ("info", "true"),
                ("connection", "Hiiragi")
            ]
        )
        .contains("no Connection to Hiiragi"));
    assert!(t
        .err(
            &alice(),
            "nw judge",
            &[("stat", "knowledge"), ("connection", "Hiiragi")]
        )
        .contains("info:true"));
    t.ok(
        &alice(),
        "nw judge",
        &[("stat", "knowledge"), ("info", "true")],
    );
    let plain = t.s.open.last().unwrap().judge.alter;
    t.ok(
        &gm(),
        "nw phase connection",
        &[("player", "alice"), ("with", "Hiiragi")],
    );
    let r = t.ok(
        &alice(),
        "nw judge",
        &[
            ("stat", "knowledge"),
            ("info", "true"),
            ("connection", "hiiragi"),
        ],
    );
    let j = t.s.open.last().unwrap();
    assert_eq!(j.judge.alter, plain + 2);
    assert!(j.label.starts_with("Information Gathering"));
    assert!(
        text(&r).contains("Connection to Hiiragi +2"),
        "{}",
        text(&r)
    );
}

#[test]
fn rule_nw_12_4_the_players_map_names_an_areas_kind_once_the_party_enters() {
    // §12.4: "On entering an Area the GM states its type." Before that the players' map does
    // not list it; the GM may show every kind (`map_kinds:true`).
    // Gate ⇄ Hall ⇄ Pit, Hall ⇄ Vault: the party walks Gate → Hall → Vault.
    let mut t = table();
    t.ok(&gm(), "nw phase next", &[]);
    t.ok(&gm(), "nw phase next", &[]);
    for (n, k) in [
        ("Gate", "entrance"),
        ("Hall", "normal"),
        ("Pit", "trap"),
        ("Vault", "object"),
    ] {
        t.ok(&gm(), "nw fortress area", &[("name", n), ("kind", k)]);
    }
    for (a, b) in [("Gate", "Hall"), ("Hall", "Pit"), ("Hall", "Vault")] {
        t.ok(&gm(), "nw fortress gate", &[("from", a), ("to", b)]);
    }
    let map = |t: &T| {
        let f = t.s.fortress.fortress.as_ref().unwrap();
        f.map_for(false, t.s.settings.map_kinds)
    };
    let m = map(&t);
    assert!(m.contains("**Gate** (Entrance"), "{m}");
    assert!(m.contains("**Pit** (kind not shown)"), "{m}");
    assert!(!m.contains("Trap") && !m.contains("Object"), "{m}");
    t.ok(&gm(), "nw fortress dive", &[]);
    t.ok(&alice(), "nw fortress move", &[("to", "Hall")]);
    let m = map(&t);
    assert!(m.contains("**Hall** (Normal"), "{m}");
    assert!(m.contains("**Pit** (kind not shown)"), "{m}");
    // The Area the party came from stays named.
    t.ok(&alice(), "nw fortress move", &[("to", "Vault")]);
    let m = map(&t);
    assert!(m.contains("**Vault** (Object"), "{m}");
    assert!(m.contains("**Hall** (Normal"), "{m}");
    // The status view the players get hides it too; the GM's own map shows it.
    let status = super::view::status(&t.s, &alice(), &t.data, None);
    let players = public(&status);
    assert!(!players.contains("Trap"), "{players}");
    let status = super::view::status(&t.s, &gm(), &t.data, None);
    assert!(text(&status).contains("Trap"));
    t.ok(&gm(), "nw settings", &[("map_kinds", "true")]);
    assert!(map(&t).contains("**Pit** (Trap"), "{}", map(&t));
}

#[test]
fn the_rules_index_names_code_that_exists_and_sections_the_reference_quotes() {
    // lib.rs maps each rules section to the code that plays it; a renamed function or a section
    // the player reference lacks fails here.
    let index =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    let reference = std::fs::read_to_string(croupier_core::source_path(
        "docs/nightwizard-rules-reference.md",
    ))
    .unwrap();
    let mut code = String::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                code.push_str(&std::fs::read_to_string(p).unwrap());
            }
        }
    }
    let rows: Vec<&str> = index
        .lines()
        .filter_map(|l| l.strip_prefix("//! | "))
        .filter(|l| !l.starts_with("§") && !l.starts_with("---"))
        .collect();
    assert!(rows.len() >= 20, "{rows:?}");
    let mut missing = vec![];
    for row in &rows {
        let mut cells = row.split(" | ");
        let section = cells.next().unwrap();
        if section != "GM" {
            for s in section.split(", ") {
                let major = s.split(['.', '–']).next().unwrap();
                if major.parse::<u32>().unwrap() <= 4 || major.parse::<u32>().unwrap() >= 8 {
                    assert!(
                        reference.contains(&format!("§{s}"))
                            || reference.contains(&format!("§{major} ")),
                        "§{s} is not in the reference"
                    );
                }
            }
        }
        let last = cells.last().unwrap();
        for name in last.split('`').skip(1).step_by(2) {
            let item = name.split("::").last().unwrap().rsplit('.').next().unwrap();
            let defined = [
                format!("fn {item}("),
                format!("fn {item}<"),
                format!("struct {item}"),
                format!("enum {item}"),
                format!("const {item}"),
                format!("mod {item}"),
                format!("pub {item}:"),
                format!("    {item} {{"),
            ]
            .iter()
            .any(|d| code.contains(d.as_str()))
                || std::path::Path::new(&format!(
                    concat!(env!("CARGO_MANIFEST_DIR"), "/src/{}.rs"),
                    item
                ))
                .exists()
                || std::path::Path::new(&format!(
                    concat!(env!("CARGO_MANIFEST_DIR"), "/src/{}"),
                    item
                ))
                .is_dir();
            if !defined {
                missing.push(name.to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the index names what the code lacks: {missing:?}"
    );
}

#[test]
fn rule_nw_3_1_cf_buttons_outlive_other_players_and_episodes_and_die_with_the_session() {
    // §3.1: "The values are re-rolled at the start of every session." A PC's CF buttons answer
    // that session's values: another player's roll or a whole Episode leaves them open; a new
    // real-life session rolls new values under a new key, so the old buttons cannot move them.
    use croupier_core::table::Game;
    let mut t = table();
    let keys = |t: &T| -> Vec<String> {
        t.s.decisions()
            .into_iter()
            .filter(|d| d.key.contains("-cf-"))
            .map(|d| d.key)
            .collect()
    };
    let first = keys(&t);
    assert_eq!(first.len(), 2, "{first:?}");
    t.ok(&gm(), "nw judge", &[("stat", "none")]);
    for _ in 0..5 {
        t.ok(&gm(), "nw phase next", &[]);
    }
    assert_eq!(t.s.episode, 2);
    assert_eq!(keys(&t), first);
    t.ok(&gm(), "nw session next", &[]);
    let second = keys(&t);
    assert_eq!(second.len(), 2);
    assert!(second.iter().all(|k| !first.contains(k)), "{second:?}");
    // Locking settles it.
    t.ok(&alice(), "nw session lock", &[]);
    assert_eq!(keys(&t).len(), 1);
}
