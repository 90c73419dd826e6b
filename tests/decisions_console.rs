//! Buttons live as long as the decision they answer, one test per game through the console:
//! another player acts between the prompt and the press, and the press still works; a double
//! press (`again`) is refused; a button whose decision is settled is refused with what settled
//! it, and nothing changes.

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::store::Store;
use croupier::table::{ManualClock, SeedMode, Table};
use serde_json::Value;

fn table(seed: u64) -> (Table, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    let t = Table::new(
        Store::in_memory().expect("store"),
        games,
        clock.clone(),
        SeedMode::Fixed(seed),
    );
    (t, clock)
}

fn console(t: &mut Table, clock: Arc<ManualClock>) -> Console<'_> {
    Console::new(t, clock, ConsoleOptions::default())
}

fn say(c: &mut Console, line: &str) -> String {
    let mut out = Vec::new();
    c.line(1, line, &mut out).expect("console line");
    String::from_utf8(out).expect("utf8")
}

fn state(t: &mut Table) -> Value {
    t.state_json("table").expect("state").expect("session")["state"].clone()
}

/// The refusal of a settled decision's button: names it, says what settled it.
fn assert_settled(out: &str, label: &str, by: &str) {
    assert!(
        out.contains(&format!(
            "that button was for **{label}**, which is already settled: #"
        )),
        "{out}"
    );
    assert!(out.contains(by), "names who settled it ({by}): {out}");
}

/// Plays `line` and checks it was refused without changing the session.
fn refused_unchanged(c: &mut Console, line: &str) -> String {
    let before = state(c.table());
    let out = say(c, line);
    assert!(out.contains("⛔"), "{out}");
    assert_eq!(state(c.table()), before, "a refused press changes nothing");
    out
}

#[test]
fn nobi_the_gms_narration_leaves_the_roll_button_alive_and_a_second_press_is_refused() {
    let (mut t, clock) = table(2);
    let mut c = console(&mut t, clock);
    say(&mut c, "alice: /nobi new");
    say(&mut c, "alice: /nobi join character:moss");
    say(&mut c, "bob: /nobi join character:wren");
    say(&mut c, "alice: /nobi begin gm:@alice");
    let scene = say(&mut c, "alice: press Draw Scene");
    assert!(scene.contains("@bob, announce Abilities"), "{scene}");
    // The GM narrates between the Scene and the roll: the state changes, nothing is settled.
    let narrated = say(&mut c, r#"alice: /nobi narrate text:"The bridge sways.""#);
    assert!(narrated.contains("The bridge sways."), "{narrated}");
    let roll = say(&mut c, "bob: press Roll");
    assert!(
        roll.contains("rolls 2d6+5"),
        "the Roll button still works: {roll}"
    );
    let again = refused_unchanged(&mut c, "bob: again");
    assert_settled(&again, "Scene 1's roll", "bob — 🎲 Wren");
    assert!(
        again.contains("[Draw Scene]"),
        "offers what is open now: {again}"
    );
}

#[test]
fn nakama_both_players_pick_in_an_exchange_whoever_goes_first() {
    let (mut t, clock) = table(5);
    let mut c = console(&mut t, clock);
    for l in [
        "ann: /nakama new character:Luffy",
        "bob: /nakama join character:Robin",
        "ann: /nakama begin bosses:2",
        "ann: /nakama hand",
        "ann: pick Purple 5",
        "ann: press Column 1",
    ] {
        say(&mut c, l);
    }
    let ability = say(&mut c, "ann: press Exchange with bob");
    assert!(ability.contains("Waiting for both players"), "{ability}");
    // Both open their hands, each with the exchange's menu.
    let ann_hand = say(&mut c, "ann: /nakama hand");
    assert!(
        ann_hand.contains("<Give a card in the exchange"),
        "{ann_hand}"
    );
    let bob_hand = say(&mut c, "bob: /nakama hand");
    assert!(
        bob_hand.contains("<Give a card in the exchange"),
        "{bob_hand}"
    );
    // Bob picks first: Ann's menu, shown before, stays alive.
    let bob_gives = say(&mut c, "bob: pick 2");
    assert!(bob_gives.contains("bob has chosen a card"), "{bob_gives}");
    let again = refused_unchanged(&mut c, "bob: again");
    assert_settled(
        &again,
        "bob's card in the exchange of turn 1",
        "bob — bob has chosen",
    );
    let ann_gives = say(&mut c, "ann: pick 2");
    assert!(
        ann_gives.contains("ann and bob swap one card"),
        "{ann_gives}"
    );
    assert!(
        !ann_gives.contains("<Give a card in the exchange"),
        "hands sent after the exchange show the step that follows it: {ann_gives}"
    );
    let late = refused_unchanged(&mut c, "ann: again");
    assert_settled(&late, "ann's card in the exchange of turn 1", "ann —");
}

#[test]
fn ninja_a_roll_button_answers_its_own_turn_only() {
    let (mut t, clock) = table(2);
    let mut c = console(&mut t, clock);
    for l in [
        "alice: /ninja create name:Wisp iq:13 dx:15 st:12",
        "bob: /ninja create name:Moss iq:12 dx:16 st:12",
        "gm: /ninja new",
        "alice: /ninja enter name:Wisp",
        "bob: /ninja enter name:Moss",
        "gm: /ninja fill",
        "gm: /ninja start",
    ] {
        say(&mut c, l);
    }
    let first = say(&mut c, "alice: press Run");
    assert!(first.contains("[Roll]"), "{first}");
    // Others act in between: a new ninja on the roster, the scorekeeper's sheet.
    say(&mut c, "bob: /ninja create name:Kite iq:13 dx:14 st:13");
    say(&mut c, "gm: /ninja sheet");
    let second = say(&mut c, "alice: press Roll");
    assert!(
        second.contains("T1 ·"),
        "the Roll button still works: {second}"
    );
    let again = refused_unchanged(&mut c, "alice: again");
    assert_settled(&again, "Wisp's turn 1 in round 1", "alice — T1 ·");
    // The scorekeeper may roll the runner's turn from the sheet (the rules allow it), and a
    // player pressing a turn that is not theirs is told whose it is.
    say(&mut c, "gm: /ninja sheet");
    let gm_rolls = say(&mut c, "gm: press Roll");
    assert!(gm_rolls.contains("T2 ·"), "{gm_rolls}");
    let not_bobs = refused_unchanged(&mut c, "bob: press Roll");
    assert!(not_bobs.contains("Wisp"), "{not_bobs}");
}

#[test]
fn night_wizard_cf_and_prana_buttons_survive_other_players_joining_and_rolling() {
    let (mut t, clock) = table(2);
    let mut c = console(&mut t, clock);
    for l in [
        "alice: /nw character new name:Ayu quick:true",
        "bob: /nw character new name:Bolt quick:true",
        "gm: /nw new",
    ] {
        say(&mut c, l);
    }
    let joined = say(&mut c, "alice: /nw session join");
    assert!(joined.contains("[Critical +1]"), "{joined}");
    // Bob joins between Alice's values and her adjustment.
    say(&mut c, "bob: /nw session join");
    let shifted = say(&mut c, "alice: press Critical +1");
    assert!(shifted.contains("1 CF Mod point(s) left"), "{shifted}");
    let locked = say(&mut c, "alice: press Lock");
    assert!(locked.contains("Ayu locks Critical"), "{locked}");
    let again = refused_unchanged(&mut c, "alice: again");
    assert_settled(
        &again,
        "Ayu's Critical and Fumble values",
        "alice — Ayu locks",
    );
    // Bob rolls a Judge, Alice rolls hers, then Bob accepts his with its button.
    say(&mut c, "bob: /nw judge stat:pacc difficulty:12");
    say(&mut c, "alice: /nw judge stat:pacc difficulty:12");
    let accepted = say(&mut c, "bob: press Accept");
    assert!(accepted.contains("PACC accepted"), "{accepted}");
    let again = refused_unchanged(&mut c, "bob: again");
    assert_settled(&again, "Prana on Bolt's PACC", "bob —");
    // Alice's Prana buttons are still hers to use.
    let alice = say(&mut c, "alice: press Accept");
    assert!(alice.contains("PACC accepted: Result"), "{alice}");
}

#[test]
fn night_wizard_the_gm_role_moves_with_the_host_but_never_to_a_player_with_a_pc() {
    let (mut t, clock) = table(2);
    let mut c = console(&mut t, clock);
    for l in [
        "alice: /nw character new name:Ayu quick:true",
        "gm: /nw new",
        "alice: /nw session join",
    ] {
        say(&mut c, l);
    }
    let refused = refused_unchanged(&mut c, "gm: /game host user:@alice");
    assert!(refused.contains("plays a PC in this session"), "{refused}");
    let handed = say(&mut c, "gm: /game host user:@dana");
    assert!(handed.contains("to @dana"), "{handed}");
    assert_eq!(
        state(c.table())["gm"],
        "dana",
        "the game's GM is the new host"
    );
    let note = say(&mut c, "dana: /nwenemy note text:\"The vault is trapped\"");
    assert!(!note.contains("⛔"), "the new GM acts as GM: {note}");
    let old = say(&mut c, "gm: /nwenemy note text:\"x\"");
    assert!(old.contains("⛔"), "the previous GM no longer is: {old}");
}

/// Issue #40: the table's own refusals read in the reader's language — a settled button (its
/// log entry's summary too, from the words it was written from), a game already running, no
/// such game here, another game here — with another player acting in between; nothing changes.
#[test]
fn the_tables_refusals_read_in_japanese() {
    let (mut t, clock) = table(2);
    let opts = ConsoleOptions {
        locale: croupier::i18n::Locale::Ja,
        ..ConsoleOptions::default()
    };
    let mut c = Console::new(&mut t, clock, opts);
    let none = refused_unchanged_or_none(&mut c, "alice: /ninja status");
    assert!(
        none.contains("このチャンネルに忍者障害物トーナメントのゲームはありません"),
        "{none}"
    );
    say(&mut c, "alice: /nobi new");
    say(&mut c, "alice: /nobi join character:moss");
    say(&mut c, "bob: /nobi join character:wren");
    say(&mut c, "alice: /nobi begin gm:@alice");
    let running = refused_unchanged(&mut c, "bob: /nakama new character:Luffy");
    assert!(
        running.contains("すでにのびのびソードのゲームが進行中です"),
        "{running}"
    );
    let other = refused_unchanged(&mut c, "bob: /ninja status");
    assert!(
        other.contains("遊んでいるのはのびのびソードで、忍者障害物トーナメントではありません"),
        "{other}"
    );
    say(&mut c, "alice: press Draw Scene");
    say(&mut c, "bob: press Roll");
    // Another player acts before the stale press.
    say(&mut c, "alice: /nobi status");
    let again = refused_unchanged(&mut c, "bob: again");
    assert!(again.contains("すでに決着しています：#"), "{again}");
    // What it was for, in Japanese too (`Scene 1's roll` in English).
    assert!(again.contains("**シーン1の判定**"), "{again}");
    assert!(again.contains("今できることはこちらです"), "{again}");
    assert!(!again.contains("already settled"), "{again}");
}

/// A line that may be refused (`⛔`) or answered (a view with no game): its output.
fn refused_unchanged_or_none(c: &mut Console, line: &str) -> String {
    let out = say(c, line);
    assert!(out.contains("⛔"), "{out}");
    out
}
