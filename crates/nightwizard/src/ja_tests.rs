//! Night Wizard outside combat in Japanese (issue #40 item 3): a seeded session played by a
//! table read in Japanese ends in the same state as in English after every step, and what its
//! Japanese readers meet holds no English word outside commands, names (players and
//! characters) and the game's terms: the data's names read in Japanese too.

use croupier_core::i18n::Locale;
use croupier_core::table::Reply;
use croupier_core::testkit::Harness;

use super::character::roster::NwShared;
use super::data::{load, NwData};
use super::session::NightWizard;

/// The terms a Japanese Night Wizard player reads in Latin letters: HP and MP, Class Level
/// and Skill Level (CL, SL), GM and PC, and the JSON of an export (BP, OP and the CF Mod read
/// ボーナス点, 成長点 and クリティカル・ファンブル修正).
const TERMS: [&str; 7] = ["HP", "MP", "CL", "SL", "GM", "PC", "JSON"];

fn data() -> NwData {
    load(&croupier_core::source_path("data")).expect("data loads")
}

/// The ASCII words of `s` (a data name may be several).
fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// What a Japanese transcript may hold in Latin letters: the players, the characters, the
/// terms and the skills' Costs (`MP 4`); the data's names (classes, elements, skills, items)
/// are its Japanese ones.
fn names_in(d: &NwData, more: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = [
        "alice", "bob", "gm", "table", "Ayla", "Bolt", "Gate", "Hall", "Pit", "Lair",
    ]
    .iter()
    .chain(more)
    .chain(TERMS.iter())
    .map(|s| s.to_string())
    .collect();
    for s in &d.skills {
        names.extend(words(&s.cost));
    }
    names
}

/// Asserts that the Japanese replies hold no English word but `names` (a select menu's
/// placeholder and its entries' labels, its `<…>` line, included).
fn reads_japanese(replies: &str, names: &[String]) {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let english = croupier_core::testkit::english_words(replies, &names);
    assert!(english.is_empty(), "English words: {english:?}\n{replies}");
}

/// The two tables, English and Japanese, on one seed.
struct Pair {
    en: Harness,
    ja: Harness,
    /// The Japanese replies of the steps whose words this slice converts.
    said: String,
    /// Whether the channel has a session yet (`/nw new`).
    open: bool,
}

impl Pair {
    fn new(seed: u64) -> Pair {
        Pair {
            en: Harness::of::<NightWizard>(seed),
            ja: Harness::of::<NightWizard>(seed).reading(Locale::Ja),
            said: String::new(),
            open: false,
        }
    }

    /// Runs `en` on the English table and `ja` (the same command, or the same button by its
    /// Japanese label) on the Japanese one: both accept or refuse it, and leave the same
    /// session and roster. `scan`: its Japanese replies are checked for English.
    fn step2(&mut self, en: &str, ja: &str, scan: bool) -> (Vec<Reply>, String) {
        let a = self.en.line(en);
        let b = self.ja.line(ja);
        assert_eq!(a.accepted, b.accepted, "{en}\n{}\n{}", a.text, b.text);
        self.open |= en.contains("/nw new") && a.accepted;
        if self.open {
            assert_eq!(
                self.en.state_json(),
                self.ja.state_json(),
                "{en}: the sessions differ"
            );
        }
        let (r1, r2): (NwShared, NwShared) = (self.en.shared("nw"), self.ja.shared("nw"));
        assert_eq!(r1, r2, "{en}: the rosters differ");
        if scan {
            self.said.push_str(&format!(">>> {ja}\n{}", b.text));
        }
        (b.replies, b.text)
    }

    fn step(&mut self, line: &str) -> String {
        self.step2(line, line, true).1
    }
}

/// Making characters (a quick one and one step by step, with its refusals), joining,
/// Critical and Fumble, the phases and Scenes, the Episode Handout, the After Phase, a level
/// up, BP, the sheet and the roster, with the other player acting in between: the same game
/// in both languages after every step, and its Japanese replies read Japanese.
#[test]
fn a_session_outside_combat_in_japanese_ends_as_in_english_and_reads_japanese() {
    let d = data();
    let mut t = Pair::new(11);
    t.en.set_manager("gm", true);
    t.ja.set_manager("gm", true);
    t.step("alice: /nw character new name:Ayla quick:true");
    t.step("bob: /nw character new name:Bolt");
    t.step("bob: pick Ninja");
    // Another player acts while Bolt is being made.
    t.step("alice: /nw character list");
    t.step("alice: /nw character new name:Ayla");
    for pick in [
        "pick Broomman",
        "pick Wind",
        "pick Light",
        "/nw character choose value:nobody",
        "pick finesse",
        "pick thrown_blades",
        "pick thrown_blades",
        "/nw character choose value:thrown_blades",
        "pick iron_bristles",
        "pick vanishing_smoke",
        "pick street_network",
        "pick field_medic",
        "pick longsword",
    ] {
        t.step(&format!("bob: {pick}"));
    }
    t.step2("bob: press Finish", "bob: press 完成", true);
    t.step("alice: /nw sheet");
    t.step("gm: /nw new");
    t.step("alice: /nw session join");
    t.step("gm: /nw session join");
    t.step("bob: /nw session join");
    t.step("alice: /nw session lock");
    t.step2("bob: press Lock", "bob: press 確定", true);
    t.step("bob: /nw session lock");
    t.step("gm: /nw phase scene");
    t.step("gm: /nw phase handout trailer:夜の学園に月匣が現れる。");
    t.step("gm: /nw phase connection player:alice with:Mentor worth:100000");
    t.step("gm: /nw phase next");
    t.step("gm: /nw phase scene kind:master");
    t.step("gm: /nw settings max_cl:3 map_kinds:true appearance:true");
    t.step("gm: /nw phase next");
    t.step("gm: /nw phase scene");
    // A Lunar Casket: a PC raises it, the GM sets a Logic, another PC shakes it off.
    for line in [
        "alice: /nwcasket deploy",
        "bob: /nwcasket deploy",
        "gm: /nwcasket logic text:月匣の中では嘘をつけない",
        "bob: /nwcasket list",
        "bob: /nwcasket shake logic:1",
        "bob: /nwcasket shake logic:1",
        "gm: /nwcasket list",
        "bob: /nwcasket remove",
        "alice: /nwcasket remove",
    ] {
        t.step(line);
    }
    // A Fortress walk: the GM builds it, the party dives, moves, looks at the map and leaves.
    for line in [
        "gm: /nwfortress dive",
        "gm: /nwfortress area name:Gate kind:entrance exit:true desc:錆びた校門",
        "gm: /nwfortress area name:Hall kind:normal",
        "gm: /nwfortress area name:Pit kind:trap",
        "gm: /nwfortress area name:Lair kind:enemy",
        "gm: /nwfortress gate from:Gate to:Hall",
        "gm: /nwfortress gate from:Hall to:Pit",
        "gm: /nwfortress gate from:Hall to:Lair",
        "gm: /nwfortress trap area:Pit detection:10 removal:12 effect:落とし穴",
        "gm: /nwfortress show",
        "alice: /nwfortress move to:Hall",
        "gm: /nwfortress dive",
        "bob: /nwfortress move to:Hall",
        "alice: /nwfortress move to:Hall",
        "alice: /nwfortress show",
        "alice: /nwfortress move to:Pit",
        "alice: /nwfortress leave",
        "gm: /nwfortress cleared",
        "gm: /nwfortress open gate:1",
        "alice: /nwfortress move to:Hall",
        "alice: /nwfortress move to:Gate",
        "bob: /nwfortress appear",
        "alice: /nwfortress leave",
    ] {
        t.step(line);
    }
    // The GM asks for a Judge and withdraws it; the other player cannot answer it.
    t.step("gm: /nw ask player:bob stat:awareness difficulty:12 label:物音");
    t.step("alice: /nw answer id:1");
    t.step("gm: /nw ask cancel:1");
    t.step("gm: /nw ask player:bob stat:nothing difficulty:12");
    t.step("bob: /nw session leave");
    t.step("bob: /nw session join");
    t.step("gm: /nw session set player:alice hp:0 status:poison:2");
    t.step("bob: /game status");
    t.step("gm: /nw phase next");
    t.step("gm: /nw phase next op:12");
    t.step("alice: /nw character levelup");
    let shared: NwShared = t.en.shared("nw");
    let ayla = shared
        .characters
        .iter()
        .find(|c| c.name == "Ayla")
        .expect("Ayla")
        .clone();
    let cat = super::character::Catalog {
        data: &d,
        custom: &shared.custom,
    };
    let skill = d
        .skills
        .iter()
        .find(|s| {
            super::character::level_up::level_up(&mut ayla.clone(), Some(&s.id), None, &cat).is_ok()
        })
        .expect("a skill Ayla may take")
        .id
        .clone();
    t.step(&format!("alice: /nw character levelup skill:{skill}"));
    t.step("bob: /nw character bp stat:pacc");
    t.step("alice: /nw character bp stat:pacc");
    t.step("alice: /nw character connect with:Mentor");
    t.step("alice: /nw character note text:月匣の調査中");
    t.step("alice: /nw sheet");
    t.step("alice: /game status");
    t.step("bob: /nw character list");
    t.step("gm: /nw phase next");
    t.step("bob: /nw character delete name:Bolt");
    t.step("bob: /nw character cancel");
    let said = t.said.clone();
    assert!(said.contains("キャラクター"), "{said}");
    assert!(said.contains("アフターフェイズ"), "{said}");
    assert!(said.contains("クリティカル値"), "{said}");
    // The game's terms come from nightwizard-terms.ftl.
    assert!(said.contains("フォートレスマップ"), "{said}");
    assert!(said.contains("月匣のルール"), "{said}");
    reads_japanese(&said, &names_in(&d, &["Mentor"]));
}

/// The data's names and texts in Japanese (issue #40 item 3): the sheet, a skill's page, the
/// item list, `/nw rules` and the combat tracker name classes, skills, items, bad statuses and
/// enemies by the data's Japanese, with the other player and the GM acting in between; the
/// same game as in English after every step, and its Japanese replies read Japanese.
#[test]
fn the_data_names_read_japanese_in_the_sheet_a_skill_page_and_the_tracker() {
    let d = data();
    let mut t = Pair::new(37);
    t.step("alice: /nw character new name:Ayla quick:true");
    t.step("bob: /nw character new name:Bolt quick:true");
    let sheet = t.step("alice: /nw sheet");
    t.step("bob: /nw skill show name:shadow_step");
    let page = t.step("alice: /nw skill show name:thrown_blades");
    let items = t.step("bob: /nw item list");
    let rules = t.step("alice: /nw rules");
    t.step("gm: /nw new");
    t.step("alice: /nw session join");
    t.step("bob: /nw session join");
    // The GM's enemy sheets are the combat's slice (not read here).
    for spawn in [
        "gm: /nwenemy spawn name:shade_swarm",
        "gm: /nwenemy spawn name:shade_swarm",
        "gm: /nwenemy spawn name:lantern_emulator as:Lantern hidden:true",
    ] {
        t.step2(spawn, spawn, false);
    }
    // The Round's own lines (the SPD Judges) are the combat's slice: only the tracker is read.
    let start = t
        .step2("gm: /nwcombat start", "gm: /nwcombat start", false)
        .1;
    let board: String = start
        .split("\n\n")
        // The frame line of the players' standing tracker's update (not the GM's `tracker-gm`).
        .filter(|m| m.lines().next().is_some_and(|l| l.contains("↻ `tracker` ")))
        .flat_map(|m| m.lines().skip(1).map(|l| format!("{l}\n")))
        .collect();
    t.step("bob: /nw sheet");
    // The sheet names the character's classes, elements, skills and items in Japanese.
    let shared: NwShared = t.en.shared("nw");
    let ayla = shared.characters.iter().find(|c| c.name == "Ayla").unwrap();
    let cat = super::character::Catalog {
        data: &d,
        custom: &shared.custom,
    };
    for c in &ayla.classes {
        let ja = d.class(c).and_then(|c| c.name_ja.clone()).unwrap();
        assert!(sheet.contains(&ja), "{ja}\n{sheet}");
    }
    for o in &ayla.skills {
        let ja = cat.skill(&o.id).and_then(|s| s.name_ja.clone()).unwrap();
        assert!(sheet.contains(&ja), "{ja}\n{sheet}");
    }
    // A skill's page: its name, its effect, its Timing and Range in Japanese.
    for want in [
        "投げ刃",
        "最大2体の対象に物理攻撃",
        "メジャーアクション",
        "近距離",
        "2X",
    ] {
        assert!(page.contains(want), "{want}\n{page}");
    }
    assert!(
        items.contains("コンバットナイフ") && items.contains("重量"),
        "{items}"
    );
    assert!(
        rules.contains("硬直") && rules.contains("回復："),
        "{rules}"
    );
    // The tracker: the enemies' labels made from the data's names, numbered.
    for want in ["影の群れ", "影の群れ 2"] {
        assert!(board.contains(want), "{want}\n{board}");
    }
    assert!(
        !board.contains("Lantern"),
        "a hidden enemy stays hidden: {board}"
    );
    reads_japanese(&format!("{}{board}", t.said), &names_in(&d, &[]));
}

/// The catalogue pages read in English as they did before their words moved to the catalogue
/// (`nightwizard-data.ftl`): a skill's page with and without modifiers, byte for byte.
#[test]
fn a_skills_page_reads_in_english_as_before() {
    let d = data();
    let mut en = Harness::of::<NightWizard>(1);
    for id in ["shadow_step", "thrown_blades"] {
        let s = d.skills.iter().find(|s| s.id == id).unwrap();
        let dash = |t: &str| {
            if t.is_empty() {
                "-".to_string()
            } else {
                t.to_string()
            }
        };
        let mods = s
            .mods
            .iter()
            .map(|(k, v)| format!("{k} {v:+}"))
            .collect::<Vec<_>>()
            .join(", ");
        let want = format!(
            "**{}**\nClass {} · Category {} · Acquire CL {} · Max SL {}\nTiming {} · Check {} · Target {} · Range {} · Cost {} · Restrict {}\n{}\n{}",
            s.name, s.class, dash(&s.category), s.acquire_cl, s.max_sl, dash(&s.timing), dash(&s.check), dash(&s.target), dash(&s.range), dash(&s.cost), dash(&s.restrict), s.effect,
            if mods.is_empty() { String::new() } else { format!("Modifiers per SL: {mods}") }
        );
        let got = en.line(&format!("alice: /nw skill show name:{id}")).text;
        assert!(got.contains(want.trim_end()), "{want:?}\n{got:?}");
    }
}

/// Character creation's select menus (issue #40): at every step a Japanese reader reads the
/// menu's placeholder, its entries' labels (the data's Japanese names) and their descriptions
/// in Japanese, picking the same ids; an English reader's menus read as they always have.
#[test]
fn a_japanese_readers_creation_menus_carry_japanese_placeholder_labels_and_descriptions() {
    use croupier_core::table::{Message, Select};
    let d = data();
    let mut h = Harness::of::<NightWizard>(5);
    let mut menus: Vec<Message> = vec![];
    for line in [
        "bob: /nw character new name:Bolt",
        "bob: pick Ninja",
        "bob: pick Broomman",
        "bob: pick Wind",
        "bob: pick Light",
        "bob: pick finesse",
        "bob: pick thrown_blades",
        "bob: pick thrown_blades",
        "bob: pick iron_bristles",
        "bob: pick vanishing_smoke",
        "bob: pick street_network",
        "bob: pick field_medic",
    ] {
        let step = h.line(line);
        assert!(step.accepted, "{line}\n{}", step.text);
        menus.extend(
            step.replies
                .into_iter()
                .map(|r| r.message)
                .filter(|m| m.select.is_some()),
        );
    }
    let placeholders: Vec<String> = menus
        .iter()
        .map(|m| m.select.as_ref().unwrap().placeholder.clone())
        .collect();
    let mut want = vec![
        "Class 1 (1/2)",
        "Class 1 (2/2)",
        "Class 2 (1/2)",
        "Class 2 (2/2)",
        "Element 1",
        "Element 2",
        "Bonus attribute",
    ];
    want.extend(["Skill"; 6]);
    want.push("Buy an item");
    assert_eq!(placeholders, want);
    // English as before: the data's names, `attributes …`, `… · max SL … · …`, `Name (Nk)`.
    let first = |p: &str| -> &Select {
        menus
            .iter()
            .filter_map(|m| m.select.as_ref())
            .find(|s| s.placeholder == p)
            .unwrap()
    };
    let class = &d.classes[0];
    let o = &first("Class 1 (1/2)").options[0];
    let attrs = |a: &[i32; 6]| a.map(|x| x.to_string()).join("/");
    assert_eq!(
        (o.label.as_str(), o.value.as_str(), o.description.clone()),
        (
            class.name.as_str(),
            class.id.as_str(),
            Some(format!("attributes {}", attrs(&class.attrs)))
        )
    );
    let e = &d.elements[0];
    let o = &first("Element 1").options[0];
    assert_eq!(
        (o.label.as_str(), o.description.clone()),
        (
            e.name.as_str(),
            Some(format!(
                "attributes {}, Body +{} Mind +{}",
                attrs(&e.attrs),
                e.body,
                e.mind
            ))
        )
    );
    let labels: Vec<&str> = first("Bonus attribute")
        .options
        .iter()
        .map(|o| o.label.as_str())
        .collect();
    assert_eq!(labels, super::data::ATTRS);
    for o in &first("Skill").options {
        let s = d.skills.iter().find(|s| s.id == o.value).unwrap();
        let cls = if s.is_general() {
            "General".to_string()
        } else {
            d.class(&s.class).unwrap().name.clone()
        };
        let desc = o.description.as_deref().unwrap();
        assert_eq!(o.label, s.name);
        assert!(
            desc.starts_with(&format!("{cls} · max SL {} · ", s.max_sl)),
            "{desc}"
        );
    }
    for o in &first("Buy an item").options {
        let i = d.items.iter().find(|i| i.id == o.value).unwrap();
        assert_eq!(o.label, format!("{} ({}k)", i.name, i.price / 1000));
    }
    // Japanese: the same entries, every word Japanese but the game's terms.
    let names = names_in(&d, &[]);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    for m in &menus {
        let en = m.select.as_ref().unwrap();
        assert_eq!(m.in_language(Locale::En).select.as_ref(), Some(en));
        let ja = m.in_language(Locale::Ja).select.unwrap();
        let values = |s: &Select| {
            s.options
                .iter()
                .map(|o| o.value.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(values(&ja), values(en));
        let mut shown = format!("{}\n", ja.placeholder);
        for o in &ja.options {
            shown.push_str(&format!(
                "{}\n{}\n",
                o.label,
                o.description.as_deref().unwrap_or("")
            ));
        }
        let english = croupier_core::testkit::english_words(&shown, &names);
        assert!(english.is_empty(), "English words: {english:?}\n{shown}");
        assert_ne!(ja.placeholder, en.placeholder);
    }
    let ja = first("Class 1 (1/2)");
    let ja = menus
        .iter()
        .find(|m| m.select.as_ref() == Some(ja))
        .unwrap()
        .in_language(Locale::Ja)
        .select
        .unwrap();
    assert_eq!(ja.placeholder, "1つ目のクラス（1/2）");
    assert_eq!(Some(&ja.options[0].label), class.name_ja.as_ref());
    assert!(
        ja.options[0]
            .description
            .as_deref()
            .is_some_and(|d| d.starts_with("能力値 筋力")),
        "{:?}",
        ja.options[0].description
    );
}
