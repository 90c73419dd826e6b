//! Golden-image tests for every picture: each renders a fixed state and compares it with
//! `tests/golden/<name>.png` within a tolerance. `CROUPIER_BLESS=1 cargo test --test
//! render_golden` rewrites the files after an intended change (look at them before committing).

use std::path::Path;
use std::sync::OnceLock;

use croupier::dice::{self, Roll};
use croupier::games::dice_table::{DiceTable, Phase, Seat};
use croupier::games::ninja::data::NinjaData;
use croupier::games::ninja::roster::generate;
use croupier::games::ninja::scoring::roll_3d6;
use croupier::games::ninja::tournament::{self, Entrant, Round, Settings, Tournament};
use croupier::i18n::Locale;
use croupier::render::{self, golden, raster, svg::Doc, Png, MAX_PNG_BYTES};
use croupier::rng::seeded;
use croupier::table::{Registry, UserId};

/// Every game with the shipped data (loaded once).
fn games() -> &'static Registry {
    static GAMES: OnceLock<Registry> = OnceLock::new();
    GAMES.get_or_init(|| croupier::games::load(Path::new("data")).expect("the shipped data loads"))
}

/// Checks the limits every picture must meet, then the golden file.
fn check(name: &str, png: &Png) {
    assert!(
        png.bytes.len() <= MAX_PNG_BYTES,
        "{name}: {} bytes",
        png.bytes.len()
    );
    golden::check(name, png).unwrap_or_else(|e| panic!("{e}"));
}

/// What a phone shows: the picture scaled to 400 px wide must keep text ≥ 11 px.
fn readable_on_a_phone(name: &str, doc: &Doc) {
    let px = doc.min_font_px_at(400.0).expect("picture has text");
    assert!(
        px >= 11.0,
        "{name}: smallest text is {px:.1} px at 400 px wide"
    );
    let phone = raster::rasterize_at(doc, 400.0 / doc.width()).unwrap();
    assert_eq!(phone.width, 400, "{name}");
}

/// The picture of `game`'s `state`, which must be a single page.
fn one_page(game: &str, state: &serde_json::Value, viewer: Option<&str>) -> Png {
    let mut pages = render::picture(games(), game, state, viewer, Locale::En)
        .expect("the game has a picture")
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    assert_eq!(pages.len(), 1, "{game}: one page");
    pages.remove(0)
}

/// The one page of `game`'s picture of `state` before it is rasterised, drawn from the
/// game's view model for `viewer`.
fn only_doc(game: &str, state: &serde_json::Value, viewer: Option<&str>) -> Doc {
    let mut docs = render::docs(games(), game, state, viewer, Locale::En)
        .expect("the game has a picture")
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    assert_eq!(docs.len(), 1, "{game}: one page");
    docs.remove(0)
}

fn seat(i: usize, name: &str, score: i64) -> Seat {
    Seat {
        user: UserId(format!("u{i}")),
        name: name.into(),
        score,
    }
}

fn table(seats: Vec<Seat>, phase: Phase, round: u32, turn: usize) -> DiceTable {
    DiceTable {
        expr: "2d6".into(),
        rounds: 3,
        round,
        seats,
        turn,
        phase,
    }
}

fn dice_table_picture(name: &str, t: &DiceTable, viewer: Option<&str>) {
    let state = serde_json::to_value(t).unwrap();
    let doc = only_doc("dice", &state, viewer);
    readable_on_a_phone(name, &doc);
    let png = one_page("dice", &state, viewer);
    check(name, &png);
}

#[test]
fn golden_dice_table_playing() {
    let t = table(
        vec![
            seat(0, "alice", 17),
            seat(1, "bob", 9),
            seat(2, "carol", 21),
            seat(3, "dmitri", 4),
        ],
        Phase::Playing,
        2,
        1,
    );
    dice_table_picture("dice_table_playing", &t, Some("u3"));
}

#[test]
fn golden_dice_table_over_with_a_tie() {
    let t = table(
        vec![
            seat(0, "alice", 25),
            seat(1, "bob", 31),
            seat(2, "Bartholomew the Magnificent", 31),
        ],
        Phase::Over,
        3,
        0,
    );
    dice_table_picture("dice_table_over", &t, None);
}

#[test]
fn golden_dice_table_joining() {
    let t = table(
        vec![seat(0, "alice", 0), seat(1, "bob", 0)],
        Phase::Joining,
        1,
        0,
    );
    dice_table_picture("dice_table_joining", &t, None);
}

/// The largest dice table: ten seats (the game's limit), a negative score, long names.
pub fn largest_dice_table() -> DiceTable {
    let names = [
        "alice",
        "bob",
        "carol",
        "dmitri",
        "eve",
        "fatima",
        "gunnar",
        "hiroko",
        "Isambard Kingdom Brunel",
        "jo",
    ];
    let seats = names
        .iter()
        .enumerate()
        .map(|(i, n)| seat(i, n, [38, 12, 45, -3, 27, 19, 33, 8, 41, 0][i]))
        .collect();
    table(seats, Phase::Playing, 3, 6)
}

#[test]
fn golden_dice_table_ten_seats() {
    dice_table_picture("dice_table_ten_seats", &largest_dice_table(), Some("u8"));
}

fn roll(expr: &str, seed: u64) -> Roll {
    dice::roll(expr, &mut seeded(seed)).unwrap()
}

fn dice_picture(name: &str, r: &Roll) {
    let doc = render::dice::picture(r, Locale::En).expect("small roll has a picture");
    readable_on_a_phone(name, &doc);
    let png = render::dice(r, Locale::En).unwrap();
    check(name, &png);
}

#[test]
fn golden_dice_2d6_plus_3_labelled() {
    dice_picture("dice_2d6_fireball", &roll("2d6+3 fireball", 4));
}

#[test]
fn golden_dice_keep_highest_drops_are_struck() {
    let r = roll("4d6kh3", 2);
    assert!(r.terms[0].dice.iter().any(|d| !d.kept));
    dice_picture("dice_4d6kh3", &r);
}

#[test]
fn golden_dice_every_shape() {
    dice_picture("dice_shapes", &roll("d4+d8+d10+d12+d20+d%+2dF", 5));
}

#[test]
fn golden_dice_exploding_and_rerolled() {
    let r = (1..500)
        .map(|s| roll("4d6!r1", s))
        .find(|r| {
            let d = &r.terms[0].dice;
            d.iter().any(|d| d.exploded) && d.iter().any(|d| !d.rerolled.is_empty())
        })
        .expect("a seed with an explosion and a reroll");
    dice_picture("dice_exploding_rerolled", &r);
}

#[test]
fn golden_dice_successes_twelve_dice() {
    let r = roll("12d10>=8f1", 9);
    assert!(r.terms[0].counts_successes);
    dice_picture("dice_twelve_successes", &r);
}

#[test]
fn big_rolls_have_no_picture() {
    assert!(render::dice(&roll("20d6", 1), Locale::En).is_none());
}

// --- Ninja Obstacle Tournament --------------------------------------------------------

fn ninja_data() -> &'static NinjaData {
    static DATA: OnceLock<NinjaData> = OnceLock::new();
    DATA.get_or_init(|| NinjaData::load(Path::new("data")).unwrap())
}

/// A tournament of `field` generated ninjas (owned by u0, u1, … in turn), seeded.
fn ninja_tournament(field: usize, seed: u64) -> Tournament {
    let data = ninja_data();
    let mut rng = seeded(seed);
    let names = [
        "Kage",
        "Hayate",
        "Momiji",
        "Raiden",
        "Suzume",
        "Tsubaki",
        "Ren",
        "Kasumi",
        "Shiden of the Long Valley",
        "Akane",
        "Jubei",
        "Hotaru",
        "Goemon",
        "Sayo",
        "Kenta",
        "Yuki",
    ];
    let entrants: Vec<Entrant> = (0..field)
        .map(|i| {
            let owner = UserId(format!("u{}", i % 4));
            let record =
                generate(data, &mut rng, names[i % names.len()].to_string(), owner).unwrap();
            Entrant {
                skills: record.skills(data),
                luck: record.luck(data),
                record,
                house: i >= 12,
            }
        })
        .collect();
    let round = Round::new(1, (0..field).collect(), &entrants);
    Tournament {
        id: seed,
        host: UserId("u0".into()),
        settings: Settings::default(),
        phase: tournament::Phase::Running,
        entrants,
        rounds: vec![round],
        pending: None,
        winners: vec![],
        waiting_since: 0,
        reminded_at: None,
    }
}

/// Plays `runs` whole runs (closing rounds as they complete), then `turns` turns of the
/// next one. Luck rerolls a miss when there is luck left.
fn ninja_play(t: &mut Tournament, runs: usize, turns: usize, seed: u64) {
    let data = ninja_data();
    let mut rng = seeded(seed);
    let mut play = |t: &mut Tournament, max: usize| {
        t.start_run(data);
        for _ in 0..max {
            let r = t.round_mut().unwrap();
            let cur = r.cursor;
            let run = r.runs[cur].as_mut().unwrap();
            if !run.running() {
                break;
            }
            let mut d = roll_3d6(&mut rng);
            let mut luck = false;
            if r.luck_left[cur] > 0 && run.classify(d.iter().sum()).is_miss() {
                r.luck_left[cur] -= 1;
                luck = true;
                d = roll_3d6(&mut rng);
            }
            run.turn(d, luck, &[]);
        }
    };
    for _ in 0..runs {
        if t.phase != tournament::Phase::Running {
            return;
        }
        play(t, usize::MAX);
        let r = t.round_mut().unwrap();
        r.cursor += 1;
        if r.done() {
            t.close_round();
        }
    }
    if turns > 0 && t.phase == tournament::Phase::Running {
        play(t, turns);
    }
}

/// Checks every page of the ninja sheet (page 1 is `name`, page k is `name-k`) and returns
/// the pages' documents.
fn ninja_picture(name: &str, t: &Tournament, viewer: Option<&str>) -> Vec<Doc> {
    ninja_picture_in(name, t, viewer, Locale::En)
}

/// [`ninja_picture`] with its words in `locale`.
fn ninja_picture_in(name: &str, t: &Tournament, viewer: Option<&str>, locale: Locale) -> Vec<Doc> {
    let state = serde_json::to_value(t).unwrap();
    let docs = render::docs(games(), "ninja", &state, viewer, locale)
        .unwrap()
        .unwrap();
    let pngs = render::picture(games(), "ninja", &state, viewer, locale)
        .unwrap()
        .unwrap();
    assert_eq!(docs.len(), pngs.len());
    for (k, (doc, png)) in docs.iter().zip(&pngs).enumerate() {
        let page = if k == 0 {
            name.to_string()
        } else {
            format!("{name}-{}", k + 1)
        };
        readable_on_a_phone(&page, doc);
        assert!(
            png.height <= 2000,
            "{page}: {} px tall, over a page",
            png.height
        );
        check(&page, png);
    }
    docs
}

/// Every text on every page.
fn all_texts(docs: &[Doc]) -> Vec<&str> {
    docs.iter().flat_map(Doc::texts).collect()
}

#[test]
fn golden_ninja_round_one_under_way() {
    let mut t = ninja_tournament(6, 7);
    ninja_play(&mut t, 3, 5, 11);
    let docs = ninja_picture("ninja_round1_running", &t, Some("u1"));
    assert_eq!(docs.len(), 1, "six ninjas fit on one page");
    let texts = all_texts(&docs);
    assert!(texts.contains(&"Round 1"), "{texts:?}");
    assert!(texts.contains(&"running"), "{texts:?}");
    assert!(texts.contains(&"to run"), "{texts:?}");
    assert!(texts.iter().any(|s| s.ends_with("(yours)")), "{texts:?}");
}

/// The golden picture in Japanese (issue #40's acceptance): the sheet of
/// `golden_ninja_round_one_under_way` read by a Japanese reader. Its words are the
/// catalogue's Japanese (`locales/ja/pictures.ftl`), drawn as glyphs of the embedded Noto
/// Sans CJK JP; the numbers, names, marks and layout are the English sheet's.
#[test]
fn golden_ninja_round_one_in_japanese() {
    let mut t = ninja_tournament(6, 7);
    ninja_play(&mut t, 3, 5, 11);
    let docs = ninja_picture_in("ninja_round1_running_ja", &t, Some("u1"), Locale::Ja);
    assert_eq!(docs.len(), 1);
    let texts = all_texts(&docs);
    for want in [
        "忍者障害物トーナメント",
        "第1ラウンド",
        "挑戦中",
        "出番待ち",
        "レース：コース上の進み具合（アクションポイント）",
        "手番 →",
    ] {
        assert!(texts.contains(&want), "{want}: {texts:?}");
    }
    assert!(texts.iter().any(|s| s.ends_with("（あなた）")), "{texts:?}");
    // The same sheet as the English one: as many texts, each at the same place, and every
    // text without Japanese in it (a number, a mark, a name, the initials) the same.
    let state = serde_json::to_value(&t).unwrap();
    let english = render::docs(games(), "ninja", &state, Some("u1"), Locale::En)
        .unwrap()
        .unwrap();
    let en_texts = all_texts(&english);
    assert_eq!(texts.len(), en_texts.len());
    let japanese = |s: &str| s.chars().any(|c| c >= '\u{3000}');
    let same: Vec<_> = texts.iter().filter(|s| !japanese(s)).collect();
    let en_same: Vec<_> = en_texts.iter().filter(|s| same.contains(s)).collect();
    assert_eq!(
        same, en_same,
        "the numbers, marks and names are the English sheet's"
    );
    // No English word is left: the Latin words drawn are the ninjas' names, the obstacles'
    // initials and the `/ninja run` command.
    let data = ninja_data();
    let allowed: Vec<String> = t
        .entrants
        .iter()
        .map(|e| e.record.name.clone())
        .chain(data.obstacles.iter().map(|o| o.initials.clone()))
        .chain(["/ninja run".to_string()])
        .collect();
    no_english_word(&texts, &allowed);
    japanese_glyphs(&texts, 30);
}

/// Asserts that the Latin words drawn in `texts` (two letters or more) are words of `allowed`
/// (names, commands, abbreviations): a Japanese picture has no English word left.
fn no_english_word(texts: &[&str], allowed: &[String]) {
    let allowed: Vec<&str> = allowed
        .iter()
        .flat_map(|s| s.split(|c: char| !c.is_ascii_alphabetic()))
        .collect();
    for s in texts {
        for word in s.split(|c: char| !c.is_ascii_alphabetic()) {
            assert!(
                word.len() < 2 || allowed.iter().any(|a| a.starts_with(word)),
                "English `{word}` in `{s}`"
            );
        }
    }
}

/// Asserts that `texts` are drawn as Japanese glyphs, not as the empty box a missing font
/// gives every character alike: more than `at_least` distinct kana and kanji, each with an
/// outline of its own.
fn japanese_glyphs(texts: &[&str], at_least: usize) {
    let opts = raster::options();
    let mut chars: Vec<char> = texts
        .iter()
        .flat_map(|s| s.chars())
        .filter(|c| ('\u{3040}'..='\u{9fff}').contains(c))
        .collect();
    chars.sort_unstable();
    chars.dedup();
    assert!(chars.len() > at_least, "{chars:?}");
    let mut shapes: Vec<(char, String)> = chars
        .iter()
        .map(|&c| {
            let t = render::svg::Text::new(0.0, 0.0, c.to_string()).size(20.0);
            let o =
                render::outlines::outline(&t, &opts).unwrap_or_else(|| panic!("{c}: no outline"));
            (c, o.path.to_string())
        })
        .collect();
    shapes.sort_by(|a, b| a.1.cmp(&b.1));
    for pair in shapes.windows(2) {
        assert_ne!(
            pair[0].1, pair[1].1,
            "{} and {} are drawn alike: no Japanese glyphs",
            pair[0].0, pair[1].0
        );
    }
}

/// The largest sheet: round 1 with the full field of 16, every ninja run.
pub fn largest_ninja_round() -> Tournament {
    let mut t = ninja_tournament(16, 3);
    ninja_play(&mut t, 15, 0, 5);
    // The 16th runs to the end but the round is not closed, so the sheet stays on round 1.
    ninja_play(&mut t, 0, 64, 6);
    t
}

#[test]
fn golden_ninja_full_field_of_sixteen() {
    let t = largest_ninja_round();
    let docs = ninja_picture("ninja_round1_sixteen", &t, None);
    assert_eq!(docs.len(), 2, "sixteen ninjas take two pages");
    let texts = all_texts(&docs);
    // Every ninja's row is on exactly one page, and the race chart closes the last page.
    for i in 0..16 {
        let name = render::svg::fit(&t.entrants[i].record.name, 14.0, false, 138.0);
        let rows = texts.iter().filter(|s| **s == name).count();
        assert_eq!(rows, 1, "{name}: {texts:?}");
    }
    let chart = "Race: action points along the course";
    assert!(!docs[0].texts().contains(&chart));
    assert!(docs[1].texts().contains(&chart));
    for (k, d) in docs.iter().enumerate() {
        let heading = format!("Page {}/2 · LR RS RC RH NC · 32 turns · 8 through", k + 1);
        assert!(
            d.texts().contains(&heading.as_str()),
            "page {k}: {:?}",
            d.texts()
        );
    }
    assert!(
        texts.iter().any(|s| *s == "SPLASH" || *s == "O.O.T."),
        "{texts:?}"
    );
    assert!(texts.contains(&"through"), "{texts:?}");
}

#[test]
fn golden_ninja_final_over() {
    let mut t = ninja_tournament(16, 21);
    ninja_play(&mut t, 16 + 8 + 4, 0, 2);
    assert_eq!(t.phase, tournament::Phase::Over, "the seed plays the final");
    let docs = ninja_picture("ninja_final_over", &t, None);
    let texts = all_texts(&docs);
    assert!(texts.contains(&"Over"), "{texts:?}");
    assert!(
        texts
            .iter()
            .any(|s| s.starts_with("Winner: ") || s.starts_with("Over: ")),
        "{texts:?}"
    );
}

#[test]
fn golden_ninja_entering() {
    let mut t = ninja_tournament(5, 4);
    t.phase = tournament::Phase::Entering;
    t.rounds.clear();
    ninja_picture("ninja_entering", &t, None);
}

// --- One Piece Nakama -----------------------------------------------------------------

use croupier::games::nakama::mission::Colour;
use croupier::games::nakama::state::{Foe, Nakama as NakamaGame, Player as NakamaPlayer};
use croupier::games::nakama::NakamaData;

fn nakama_data() -> &'static NakamaData {
    static DATA: OnceLock<NakamaData> = OnceLock::new();
    DATA.get_or_init(|| croupier::games::nakama::data::load(Path::new("data")).unwrap())
}

/// A set-up table of `names` (characters in data order), with `recruits` friends from the
/// deck stacked onto the columns in turn, the threat at `threat`, and a boss on space 2.
fn nakama_game(names: &[&str], recruits: usize, threat: u8, seed: u64) -> NakamaGame {
    let d = nakama_data();
    let mut g = NakamaGame::empty();
    for (i, n) in names.iter().enumerate() {
        g.players.push(NakamaPlayer {
            user: UserId(format!("u{i}")),
            name: n.to_string(),
            character: i,
            hand: vec![],
            powered: i % 2 == 0,
        });
    }
    g.setup(2, &mut seeded(seed), d);
    for k in 0..recruits {
        if let Some(f) = g.friend_deck.pop() {
            g.columns[(k * 3) % 5].push(f);
        }
    }
    for _ in 0..2 {
        if let Some(Some(f)) = g.spaces.first().cloned() {
            g.defeated_enemies.push(f);
            g.spaces[0] = g.enemy_deck.pop().filter(|f| matches!(f, Foe::Enemy(_)));
        }
    }
    g.spaces[1] = Some(Foe::Boss(0));
    if let Some(f) = g.friend_deck.pop() {
        g.defeated_friends.push(f);
    }
    g.threat = threat;
    g
}

fn nakama_picture(name: &str, g: &NakamaGame, viewer: Option<&str>) -> Doc {
    picture_in(
        "nakama",
        name,
        &serde_json::to_value(g).unwrap(),
        viewer,
        Locale::En,
    )
}

/// Checks the one page of `game`'s picture of `state` for `viewer` in `locale` against the
/// golden `name`, and returns it.
fn picture_in(
    game: &str,
    name: &str,
    state: &serde_json::Value,
    viewer: Option<&str>,
    locale: Locale,
) -> Doc {
    let mut docs = render::docs(games(), game, state, viewer, locale)
        .expect("the game has a picture")
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    assert_eq!(docs.len(), 1, "{game}: one page");
    let doc = docs.remove(0);
    readable_on_a_phone(name, &doc);
    let mut pages = render::picture(games(), game, state, viewer, locale)
        .expect("the game has a picture")
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    assert_eq!(pages.len(), 1, "{game}: one page");
    check(name, &pages.remove(0));
    doc
}

#[test]
fn golden_nakama_board_public() {
    let g = nakama_game(&["alice", "bob", "carol"], 7, 4, 5);
    let doc = nakama_picture("nakama_board", &g, None);
    let texts = doc.texts();
    assert!(
        !texts.iter().any(|t| t.starts_with("Your hand")),
        "{texts:?}"
    );
    assert!(texts.contains(&"BOSS"), "{texts:?}");
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Defeated friends 1/5: ")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Rewards ") && t.contains("rank so far: ")),
        "the running rank is on the picture as on the text board: {texts:?}"
    );
}

#[test]
fn golden_nakama_board_with_my_hand() {
    let g = nakama_game(&["alice", "bob", "carol"], 7, 4, 5);
    let doc = nakama_picture("nakama_board_hand", &g, Some("u1"));
    assert!(doc.texts().contains(&"Your hand (only you see this)"));
}

/// The board of `golden_nakama_board_with_my_hand` read by a Japanese reader: the
/// catalogue's Japanese (`locales/ja/pictures-games.ftl`, the missions and the step of
/// `nakama.ftl`), the names as the data gives them in Japanese, drawn as glyphs of the
/// embedded Noto Sans CJK JP.
#[test]
fn golden_nakama_board_in_japanese() {
    let d = nakama_data();
    let g = nakama_game(&["alice", "bob", "carol"], 7, 4, 5);
    let state = serde_json::to_value(&g).unwrap();
    let doc = picture_in("nakama", "nakama_board_ja", &state, Some("u1"), Locale::Ja);
    let texts = doc.texts();
    for want in [
        "ワンピース ナカマ",
        "脅威",
        "ボス",
        "あなたの手札（あなただけに見えています）",
    ] {
        assert!(texts.contains(&want), "{want}: {texts:?}");
    }
    assert!(
        texts.iter().any(|t| t.starts_with("倒された仲間 1/5：")),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.contains("bob（あなた） — ")),
        "{texts:?}"
    );
    // The English words left are names: the players', the data's where it has no Japanese
    // (characters, enemies), and the friend cards' labels (`Red 7`, what `card:` takes).
    let allowed: Vec<String> = ["alice", "bob", "carol"]
        .iter()
        .map(|s| s.to_string())
        .chain(d.characters.iter().map(|c| c.name.clone()))
        .chain(d.enemies.iter().map(|e| e.name.clone()))
        .chain(d.bosses.iter().map(|b| b.name.clone()))
        .chain(Colour::ALL.iter().map(|c| c.name().to_string()))
        .collect();
    no_english_word(&texts, &allowed);
    japanese_glyphs(&texts, 30);
}

/// The largest board: a solo player (six cards in hand), deep columns, threat 9.
pub fn largest_nakama() -> NakamaGame {
    nakama_game(&["Monkey D. Captain of the Thousand Seas"], 30, 9, 8)
}

#[test]
fn golden_nakama_largest() {
    let g = largest_nakama();
    nakama_picture("nakama_largest", &g, Some("u0"));
}

// --- Nobi Nobi Sword ------------------------------------------------------------------

use croupier::games::nobi::data::NobiData;
use croupier::games::nobi::state::{
    Decks, Mode as NobiMode, Nobi, Seat as NobiSeat, Sheet, Step as NobiStep,
};

fn nobi_data() -> &'static NobiData {
    static DATA: OnceLock<NobiData> = OnceLock::new();
    DATA.get_or_init(|| croupier::games::nobi::data::load(Path::new("data")).unwrap())
}

/// `names` seated with characters in data order; seat `i` has `i` Light and `i / 2` Darkness
/// cards; the GM is seat 0 and the Main Character seat 1 (or 0 alone).
fn nobi_table(names: &[&str], two_player: bool) -> Nobi {
    let d = nobi_data();
    let mut light = d.light.iter().map(|c| c.id.clone()).cycle();
    let mut dark = d.darkness.iter().map(|c| c.id.clone()).cycle();
    let mut chars = d.characters.iter().map(|c| c.id.clone());
    let seats = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let sheets = if two_player { 2 } else { 1 };
            NobiSeat {
                user: UserId(format!("u{i}")),
                name: n.to_string(),
                chars: (0..sheets)
                    .map(|k| Sheet {
                        character: chars.next().unwrap(),
                        light: (&mut light).take(i + k + 1).collect(),
                        darkness: (&mut dark).take((i + k) / 2).collect(),
                    })
                    .collect(),
                gm_count: (i as u32) % 3,
                successes: i as u32,
                failures: 1,
            }
        })
        .collect();
    Nobi {
        host: UserId("u0".into()),
        seats,
        mode: if two_player {
            NobiMode::TwoPlayer
        } else {
            NobiMode::Regular
        },
        step: NobiStep::Scene,
        gm: 0,
        mc: if names.len() > 1 { 1 } else { 0 },
        scenes_played: 4,
        decks: Decks {
            scenes: vec![],
            scene_discard: vec![],
            light: vec![],
            darkness: vec![],
            intros: vec![],
            epilogues: vec![],
            epilogue_discard: vec![],
        },
        intro: None,
        story: vec![],
        remind_after: 24,
        waiting_since: 0,
        reminded_at: None,
        last_rolled: None,
        final_result: None,
        limit_per_player: false,
    }
}

fn nobi_picture(name: &str, t: &Nobi, viewer: Option<&str>) -> Doc {
    let state = serde_json::to_value(t).unwrap();
    let doc = only_doc("nobi", &state, viewer);
    readable_on_a_phone(name, &doc);
    let png = one_page("nobi", &state, viewer);
    check(name, &png);
    doc
}

#[test]
fn golden_nobi_two_player_table() {
    let doc = nobi_picture(
        "nobi_two_player",
        &nobi_table(&["alice", "bob"], true),
        Some("u1"),
    );
    let texts = doc.texts();
    assert!(
        texts.contains(&"GM") && texts.contains(&"MAIN"),
        "{texts:?}"
    );
    assert!(
        texts.contains(&"Light") && texts.contains(&"Darkness"),
        "{texts:?}"
    );
}

/// The largest table: five players (the limit), the last with five Light and two Darkness cards.
pub fn largest_nobi() -> Nobi {
    nobi_table(
        &[
            "alice",
            "bob",
            "carol",
            "dmitri",
            "Evangeline of the Long Road",
        ],
        false,
    )
}

#[test]
fn golden_nobi_five_players() {
    nobi_picture("nobi_five_players", &largest_nobi(), None);
}

/// The table of `golden_nobi_two_player_table` read by a Japanese reader.
#[test]
fn golden_nobi_table_in_japanese() {
    let d = nobi_data();
    let t = nobi_table(&["alice", "bob"], true);
    let state = serde_json::to_value(&t).unwrap();
    let doc = picture_in("nobi", "nobi_two_player_ja", &state, Some("u1"), Locale::Ja);
    let texts = doc.texts();
    for want in [
        "のびのびソード",
        "4シーン終了",
        "2人用ルール",
        "主人公",
        "光",
        "闇",
    ] {
        assert!(texts.contains(&want), "{want}: {texts:?}");
    }
    assert!(
        texts.iter().any(|t| t.starts_with("bob（あなた）")),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("▶ GMのaliceが")),
        "{texts:?}"
    );
    // The English words left are names: the players', and the data's where it has no
    // Japanese (characters, professions, cards); GM, and the P/T of a card's bonus.
    let allowed: Vec<String> = ["alice", "bob", "GM"]
        .iter()
        .map(|s| s.to_string())
        .chain(d.characters.iter().map(|c| c.name.clone()))
        .chain(d.characters.iter().map(|c| c.profession.clone()))
        .chain(d.light.iter().map(|c| c.name.clone()))
        .chain(d.darkness.iter().map(|c| c.name.clone()))
        .collect();
    no_english_word(&texts, &allowed);
    japanese_glyphs(&texts, 30);
}

#[test]
fn golden_nobi_japanese_names() {
    // Japanese names: kanji (level 1 and 2, and 髙 from the NEC/IBM extensions), hiragana,
    // katakana, half-width katakana, CJK brackets and a name mixing Latin and kanji. They are
    // drawn with the embedded Noto Sans CJK JP where DejaVu Sans has no glyph (the golden
    // shows the glyphs, not empty boxes).
    let names = [
        "山田太郎",
        "さくら",
        "ｹﾝｼﾞ・タナカ",
        "髙橋「鷗外」",
        "Alice 鈴木",
    ];
    let doc = nobi_picture(
        "nobi_japanese_names",
        &nobi_table(&names, false),
        Some("u1"),
    );
    let texts = doc.texts();
    for name in names {
        assert!(
            texts.iter().any(|t| t.starts_with(name)),
            "{name}: {texts:?}"
        );
    }
}

use croupier::console::{Console, ConsoleOptions};
use croupier::table::{ManualClock, SeedMode, Table};

/// The Night Wizard state after a console `script` (seed 1).
fn nw_state(script: &str) -> serde_json::Value {
    let games = std::sync::Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    let store = croupier::store::Store::in_memory().expect("store");
    let clock = std::sync::Arc::new(ManualClock::at(1_800_000_000));
    let mut table = Table::new(store, games, clock.clone(), SeedMode::Fixed(1));
    {
        let opts = ConsoleOptions::default();
        let mut console = Console::new(&mut table, clock, opts);
        let mut out = Vec::new();
        for (n, line) in script.lines().enumerate() {
            let line = line.trim();
            if !line.is_empty() {
                console.line(n + 1, line, &mut out).expect("line");
            }
        }
    }
    let json = table.state_json("table").unwrap().expect("a session");
    json["state"].clone()
}

const NW_PARTY: &str = r#"
alice: /nw character new name:Ayla quick:true
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
"#;

/// A fight under way: a Mob engaged with Bolt, a hidden Boss, damage and a bad status.
pub fn nw_fight() -> serde_json::Value {
    nw_state(&format!(
        "{NW_PARTY}{}",
        r#"
gm: /nwenemy spawn name:shade_swarm hp:4
gm: /nwenemy spawn name:lantern_emulator as:Lantern hidden:true hp:6
gm: /nwcombat start
gm: /nwcombat engage a:Bolt b:"Shade Swarm"
alice: /nwcombat invade target:Bolt
gm: /nw session set player:bob status:poison:2
gm: /nw session set player:alice hp:1
"#
    ))
}

fn nw_picture(name: &str, state: &serde_json::Value, viewer: Option<&str>) {
    let doc = only_doc("nw", state, viewer);
    readable_on_a_phone(name, &doc);
    let png = one_page("nw", state, viewer);
    check(name, &png);
}

#[test]
fn golden_nw_fight_in_progress() {
    nw_picture("nw_fight", &nw_fight(), None);
}

/// The GM's tracker of `golden_nw_fight_in_progress` read by a Japanese reader: the game's
/// terms (ラウンド, エンゲージ, プラーナ, 行動済み …), the bad statuses in Japanese, the hidden
/// enemy marked 潜伏中.
#[test]
fn golden_nw_fight_in_japanese() {
    let doc = picture_in("nw", "nw_fight_gm_ja", &nw_fight(), Some("gm"), Locale::Ja);
    let texts = doc.texts();
    for want in ["ナイトウィザード", "第1ラウンド", "エンゲージ"] {
        assert!(texts.contains(&want), "{want}: {texts:?}");
    }
    assert!(
        texts.iter().any(|t| t.contains("Lantern（潜伏中）")),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t.contains("GM用")), "{texts:?}");
    assert!(
        texts.iter().any(|t| t.starts_with("プラーナ ")),
        "{texts:?}"
    );
    // The English words left: the characters' names, HP and MP, GM and PC (the game's own).
    let allowed: Vec<String> = [
        "Ayla",
        "Bolt",
        "Shade Swarm",
        "Lantern",
        "HP",
        "MP",
        "GM",
        "PC",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    no_english_word(&texts, &allowed);
    japanese_glyphs(&texts, 30);
}

#[test]
fn golden_nw_session_without_combat() {
    nw_picture("nw_session", &nw_state(NW_PARTY), None);
}

/// An allied Guest on the PCs' side, a PC retreated to Long range, a flying PC and a hidden
/// enemy at Extreme range (drawn for the GM only).
pub fn nw_sides() -> serde_json::Value {
    nw_state(&format!(
        "{NW_PARTY}{}",
        r#"
gm: /nw character new name:Gwen quick:true
gm: /nwenemy spawn name:shade_swarm hp:4
gm: /nwenemy spawn name:Gwen as:Gwen
gm: /nwenemy spawn name:lantern_emulator as:Lantern hidden:true hp:6
gm: /nwcombat start
gm: /nwcombat range who:Bolt band:long
gm: /nwcombat range who:Lantern band:extreme
alice: /nwcombat fly
"#
    ))
}

#[test]
fn golden_nw_guest_retreated_and_flying() {
    nw_picture("nw_sides", &nw_sides(), None);
    nw_picture("nw_sides_gm", &nw_sides(), Some("gm"));
}
