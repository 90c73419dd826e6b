//! Night Wizard session core through the console (issue #17, nw-core): several Critical and
//! Fumble values roll and print as BCDice does; Prana on a Lunar Logic needs the Casket; Scenes
//! begin after Preplay and the Opening warns of dice; the Episode Handout and a Connection's
//! Worth; the players' Fortress map keeps unseen Area kinds to the GM.

use std::path::Path;
use std::sync::Arc;

fn run(script: &str, seed: u64) -> String {
    let registry = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    croupier::console::transcript(registry, seed, 1_800_000_000, script).unwrap()
}

/// The reply blocks a given audience sees (`everyone`, `gm only`, `alice only`).
fn blocks<'a>(out: &'a str, audience: &str) -> Vec<&'a str> {
    let tag = format!("→ {audience}]");
    out.split("\n[#")
        .filter(|b| b.lines().next().is_some_and(|l| l.contains(&tag)))
        .map(|b| b.split("\n>>>").next().unwrap_or(b))
        .collect()
}

/// The result lines (between backticks) of the Judges in `out`.
fn judge_lines(out: &str) -> Vec<String> {
    out.split('`')
        .skip(1)
        .step_by(2)
        .filter(|l| l.starts_with("(2D6"))
        .map(str::to_string)
        .collect()
}

const SETUP: &str = r#"
alice: /nw character new name:Ayla quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
"#;

/// The Critical and Fumble lists of a result line's header, `(2D6+5@10,7#5,2)`.
fn values(line: &str) -> Option<(Vec<u32>, Vec<u32>)> {
    let head = line.split(')').next()?;
    let (_, lists) = head.split_once('@')?;
    let (c, f) = lists.split_once('#')?;
    let read = |s: &str| {
        s.split(',')
            .map(|n| n.parse().unwrap())
            .collect::<Vec<u32>>()
    };
    Some((read(c), read(f)))
}

#[test]
fn several_critical_and_fumble_values_roll_and_print_as_bcdice_does() {
    // BCDice's NightWizard3rd writes every value: `12NW-5@7,10#2,5`. A skill's added values
    // count for the roll, and the line shows them after the Alter: `(2D6+5@10,7#5,2)`.
    let mut script = SETUP.to_string();
    script.push_str("gm: /nw phase next\ngm: /nw phase next\n");
    for _ in 0..12 {
        script
            .push_str("alice: /nw judge stat:none modifier:5 critical:2,3,4,5,6,7,8,9,10,11,12\n");
    }
    script.push_str("alice: /nw judge stat:none modifier:5 critical:7,7 fumble:2\n");
    script.push_str("alice: /nw judge stat:none critical:13\n");
    script.push_str("alice: /nw judge stat:none critical:7 fumble:7\n");
    let out = run(&script, 11);
    let lines = judge_lines(&out);
    assert_eq!(lines.len(), 13, "{out}");
    // Every total is a Critical value now, so each roll is a Critical, or a Fumble when it shows
    // the roller's own Fumble value (a Fumble wins, as in BCDice).
    for l in &lines[..12] {
        let (c, f) = values(l).unwrap_or_else(|| panic!("no values in {l}"));
        assert_eq!(c.len(), 11, "each value once: {l}");
        assert_eq!(f.len(), 1, "{l}");
        assert!(l.starts_with("(2D6+5@"), "{l}");
        let fumble = l.contains(" fumble ＞");
        assert!(fumble || l.contains(" critical ＞"), "{l}");
        let dice: u32 = l
            .split(" ＞ ")
            .nth(1)
            .unwrap()
            .split('[')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(fumble, dice == f[0], "{l}");
    }
    assert!(
        lines[..12].iter().any(|l| l.contains(" critical ＞")),
        "{lines:#?}"
    );
    // A repeated value is listed once, after the roller's own.
    let (c, f) = values(&lines[12]).unwrap();
    assert_eq!(c.iter().filter(|v| **v == 7).count(), 1, "{}", lines[12]);
    assert_eq!(*f.last().unwrap(), 2, "{}", lines[12]);
    assert!(c.len() <= 2 && f.len() <= 2, "{}", lines[12]);
    // The chance shown before the roll lists them too.
    assert!(
        out.contains(&format!(
            "Critical {}",
            c.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        )),
        "{out}"
    );
    assert!(
        out.contains("⛔ Critical values are totals of 2D, 2 to 12"),
        "{out}"
    );
    assert!(out.contains("⛔ 7 cannot be both a Critical and a Fumble value."));
}

#[test]
fn prana_on_a_lunar_logic_needs_the_casket_and_the_phases_keep_their_order() {
    let mut script = SETUP.to_string();
    script.push_str(
        r#"alice: /nw prana use:logic logic:"whatever I like"
gm: /nw phase scene
gm: /nw phase handout trailer:"The moon is red over Akiba."
gm: /nw phase connection player:alice with:Hiiragi worth:5000
gm: /nw phase next
gm: /nw phase scene
alice: /nw judge stat:luck
gm: /nw phase next
gm: /nw phase scene kind:master
alice: /nw judge stat:luck
gm: /nw phase scene kind:combat
gm: /nwcasket deploy
gm: /nwcasket logic text:"No one may fly"
alice: /nw prana use:logic logic:1
alice: /nw judge stat:knowledge info:true connection:Hiiragi
"#,
    );
    let out = run(&script, 3);
    assert!(out.contains("⛔ there is no Lunar Casket up."), "{out}");
    assert!(out.contains("⛔ Preplay has no Scenes (§8.1)"), "{out}");
    assert!(out.contains("The moon is red over Akiba."));
    assert!(out.contains("Ayla → Hiiragi (Episode Connection) · Worth 5000 valco, 5000 left"));
    assert!(out.contains("🎬 Scene 1 begins (Opening Phase)."));
    assert!(out.contains("⚠️ The Opening Phase's Scenes should have no dice rolls (§8.2)."));
    assert!(out.contains("🎬 Master Scene 1 begins (Middle Phase)."));
    assert!(out.contains("⛔ Scene 1 is a Master Scene, the GM's narration (§8.1)"));
    assert!(out.contains("🎬 Combat Scene 2 begins (Middle Phase)."));
    assert!(out.contains("Ayla spends 1 Prana: the Logic “No one may fly” no longer affects them"));
    assert!(out.contains("Connection to Hiiragi +2"), "{out}");
    assert!(out.contains("Information Gathering (Knowledge)"), "{out}");
}

#[test]
fn the_players_fortress_map_keeps_unseen_area_kinds_to_the_gm() {
    let mut script = SETUP.to_string();
    script.push_str(
        r#"gm: /nw phase next
gm: /nw phase next
gm: /nwfortress area name:Door kind:entrance
gm: /nwfortress area name:Hall kind:normal
gm: /nwfortress area name:Lair kind:enemy
gm: /nwfortress gate from:Door to:Hall
gm: /nwfortress gate from:Hall to:Lair
gm: /nwfortress dive
alice: /nwfortress show
gm: /nwfortress show
gm: /nw settings map_kinds:true
alice: /nwfortress show
"#,
    );
    let out = run(&script, 5);
    let everyone = blocks(&out, "everyone");
    let before: Vec<&&str> = everyone
        .iter()
        .filter(|b| b.contains("Fortress map") && b.contains("**Lair**"))
        .collect();
    assert!(before.len() >= 2, "{out}");
    assert!(
        before[0].contains("**Lair** (kind not shown)"),
        "{}",
        before[0]
    );
    assert!(!before[0].contains("Enemy Area"), "{}", before[0]);
    assert!(blocks(&out, "gm only")
        .iter()
        .any(|b| b.contains("**Lair** (Enemy Area)")));
    assert!(
        before.last().unwrap().contains("**Lair** (Enemy Area)"),
        "{out}"
    );
}
