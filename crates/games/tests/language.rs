//! `/game language` through the one test harness: the channel's language (its host or a
//! channel manager chooses it) and each person's own (anyone, for what only they read), which
//! the table stores and applies to every later request, its own answer included.

use std::sync::Arc;

use croupier_core::i18n::Locale;
use croupier_core::testkit::Harness;

fn harness() -> Harness {
    let games =
        croupier_games::load(&croupier_core::source_path("data")).expect("the shipped data");
    Harness::new(Arc::new(games), 1).sweep(true)
}

#[test]
fn the_host_sets_the_channels_language_and_everyone_their_own() {
    let mut h = harness();
    h.ok("alice: /dice new expr:1d6 rounds:1");
    // Only the host (or a channel manager) chooses what the channel reads; the refusal
    // changes nothing (the harness compares the stored languages too).
    let no = h.line("bob: /game language channel:ja");
    assert!(!no.accepted);
    assert!(no.text.contains("only the host"), "{}", no.text);
    // The host's choice answers in the language chosen, to the channel.
    let set = h.ok("alice: /game language channel:ja");
    assert!(set.replies[0].is_public(), "{}", set.text);
    assert!(
        set.text.contains("このチャンネルへの返答：日本語"),
        "{}",
        set.text
    );
    // Bob's public roll is read in the channel's language, his client being English.
    let roll = h.ok("bob: /roll expr:1d6");
    assert!(roll.text.contains("bob：(1D6) ＞ "), "{}", roll.text);
    // Back to the server's language; Bob chooses Japanese for himself: his private roll is
    // Japanese, his public one English.
    h.ok("alice: /game language channel:server");
    let mine = h.ok("bob: /game language me:ja");
    assert!(!mine.replies[0].is_public(), "only Bob's: {}", mine.text);
    assert!(
        mine.text.contains("あなただけへの返答とDM：日本語"),
        "{}",
        mine.text
    );
    let private = h.ok("bob: /roll expr:1d6 visibility:self");
    assert!(private.text.contains("bob：(1D6) ＞ "), "{}", private.text);
    let public = h.ok("bob: /roll expr:1d6");
    assert!(public.text.contains("bob rolls 1d6 → "), "{}", public.text);
    // Someone else's private answers stay in their own language.
    let alice = h.ok("alice: /roll expr:1d20+100 visibility:self");
    assert!(
        alice.text.contains("alice rolls 1d20+100"),
        "{}",
        alice.text
    );
    // Bob's choice is his, not the game's: it outlives the game, and `discord` clears it.
    h.ok("alice: /game end confirm:true");
    let after = h.ok("bob: /roll expr:2d20+50 visibility:self");
    assert!(after.text.contains("bob：(2D20+50) ＞ "), "{}", after.text);
    h.ok("bob: /game language me:discord");
    let back = h.ok("bob: /roll expr:3d20+70 visibility:self");
    assert!(back.text.contains("bob rolls 3d20+70"), "{}", back.text);
}

/// A console read in Japanese (`--locale ja`) is one whose every reader reads Japanese; a
/// player's own `me:en` makes only what they alone read English.
#[test]
fn a_japanese_table_keeps_a_players_own_english() {
    let mut h = harness().reading(Locale::Ja);
    h.ok("alice: /dice new expr:1d6 rounds:1");
    h.ok("bob: /game language me:en");
    let private = h.ok("bob: /roll expr:1d6 visibility:self");
    assert!(private.text.contains("bob rolls 1d6"), "{}", private.text);
    let public = h.ok("bob: /roll expr:1d6");
    assert!(public.text.contains("bob：(1D6) ＞ "), "{}", public.text);
    // Without a server's language outside Discord, the channel's choice still wins.
    h.ok("alice: /game language channel:en");
    let public = h.ok("bob: /roll expr:1d6");
    assert!(public.text.contains("bob rolls 1d6"), "{}", public.text);
}

/// The table's own words (the `/game` built-ins, its refusals and their frame) are the
/// catalogue's, read in the reader's language: a Japanese reader meets no English sentence.
#[test]
fn the_tables_own_words_reach_a_japanese_reader_in_japanese() {
    let mut h = harness().reading(Locale::Ja);
    let none = h.ok("alice: /game status");
    assert!(
        none.text.contains("**ゲームはありません**"),
        "{}",
        none.text
    );
    assert!(
        none.text.contains("ダイスはどこでも振れます"),
        "{}",
        none.text
    );
    let undo = h.line("alice: /game undo");
    assert!(!undo.accepted);
    assert!(
        undo.text
            .contains("⛔ このチャンネルには取り消すゲームがありません。"),
        "{}",
        undo.text
    );
    let gm = h.line("alice: /roll expr:1d6 visibility:gm");
    assert!(gm.text.contains("GMがいない"), "{}", gm.text);
    h.ok("alice: /dice new expr:1d6 rounds:1");
    // The permission refusal names who may, in Japanese.
    let perm = h.line("bob: /game undo");
    assert!(
        perm.text
            .contains("`/game undo` を使えるのはホスト（@alice）かこのチャンネルを管理できるメンバーだけです。"),
        "{}",
        perm.text
    );
    let nothing = h.line("bob: /nosuch");
    assert!(
        nothing
            .text
            .contains("`/nosuch` というコマンドはありません"),
        "{}",
        nothing.text
    );
    let log = h.ok("alice: /game log");
    assert!(log.text.contains("**📜 ログ**"), "{}", log.text);
    let ask = h.ok("alice: /game end");
    assert!(
        ask.text.contains("**ゲームを終えますか？**"),
        "{}",
        ask.text
    );
    assert!(ask.text.contains("[ゲームを終える]"), "{}", ask.text);
    // Pressed by its label as the reader reads it.
    let ended = h.ok("alice: press ゲームを終える");
    assert!(ended.text.contains("**🏁 ゲーム終了**"), "{}", ended.text);
    let reveal = h.line("alice: /game reveal id:999");
    assert!(
        reveal.text.contains("ログ#999はありません"),
        "{}",
        reveal.text
    );
    // The same refusals read in English by an English reader, as before.
    let mut en = harness();
    let undo = en.line("alice: /game undo");
    assert!(
        undo.text
            .contains("⛔ there is no game to undo in this channel."),
        "{}",
        undo.text
    );
}

/// `/help` lists the commands with their descriptions in the reader's language (the
/// commands' Japanese descriptions, `locales/ja/commands.ftl`), and in English as declared.
#[test]
fn help_lists_the_commands_in_the_readers_language() {
    let mut h = harness().reading(Locale::Ja);
    let help = h.ok("alice: /help");
    assert!(
        help.text.contains("ディーラー、ダイス係、記録係"),
        "{}",
        help.text
    );
    assert!(
        help.text.contains("`/roll` — ダイスを振る："),
        "{}",
        help.text
    );
    assert!(
        help.text.contains("`/game` — このチャンネルのゲーム（"),
        "{}",
        help.text
    );
    let group = h.ok("alice: /help command:game");
    assert!(
        group
            .text
            .contains("`/game language` — Croupierが答える言語"),
        "{}",
        group.text
    );
    let unknown = h.line("alice: /help command:nosuch");
    assert!(
        unknown
            .text
            .contains("`/nosuch` というコマンドはありません"),
        "{}",
        unknown.text
    );
    let mut en = harness();
    let help = en.ok("alice: /help");
    assert!(
        help.text.contains(
            "Dealer, dice roller and scorekeeper. One game per channel.\n\n`/roll` — Roll dice"
        ),
        "{}",
        help.text
    );
    assert!(
        help.text.contains("`/game` — The game in this channel ("),
        "{}",
        help.text
    );
    assert!(
        help.text.contains(")\n\nFor one command's options"),
        "{}",
        help.text
    );
}

/// A Japanese reader of the table's own words meets no English: the Japanese transcript of
/// the built-ins, their refusals and `/help` holds no ASCII word outside commands, names and
/// dice notation (the games' titles are names; the dice table's own replies are a game's, not
/// scanned here).
#[test]
fn the_tables_japanese_transcript_holds_no_english_word() {
    let games =
        croupier_games::load(&croupier_core::source_path("data")).expect("the shipped data");
    let mut names: Vec<String> = ["alice", "bob", "Croupier", "Discord", "GM", "DM", "RPG"]
        .map(String::from)
        .to_vec();
    for g in games.all() {
        names.extend(
            g.title()
                .split(|c: char| !c.is_ascii_alphanumeric())
                .map(String::from),
        );
    }
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut h = Harness::new(Arc::new(games), 1).reading(Locale::Ja);
    let mut scanned = String::new();
    for line in [
        "alice: /help",
        "alice: /help command:game",
        "alice: /help command:nosuch",
        "alice: /game status",
        "alice: /game undo",
        "alice: /game end",
        "alice: /game log",
        "alice: /roll expr:1d6 visibility:gm",
        "alice: /game reveal id:7",
        "alice: /game check",
        "alice: /game language",
        "alice: /nosuch",
        "alice: /dice new expr:1d6 rounds:1",
        "bob: /game undo",
        "bob: /game language channel:ja",
        "alice: /game end",
        "alice: press ゲームを終える",
    ] {
        let step = h.line(line);
        if !line.contains("/dice") {
            scanned.push_str(&step.text);
        }
    }
    let english = croupier_core::testkit::english_words(&scanned, &names);
    assert!(english.is_empty(), "English words: {english:?}\n{scanned}");
}

/// `/game log` and `/game undo` write each entry's summary in the reader's language from the
/// typed words it was written from (`migrations/0015_log_said.sql`); an English reader reads
/// them as the log wrote them.
#[test]
fn the_log_and_undo_read_each_entry_in_the_readers_language() {
    let mut h = harness().reading(Locale::Ja);
    h.ok("gm: /ninja new");
    h.ok("alice: /roll expr:2d6");
    // Bob acts in between: his hidden roll is shown to him and the GM, not to Alice.
    h.ok("bob: /roll expr:1d6 visibility:gm");
    h.ok("gm: /ninja fill");
    let undo = h.ok("gm: /game undo");
    assert!(
        undo.text.contains("**↩️ 取り消し**"),
        "the frame: {}",
        undo.text
    );
    assert!(
        undo.text.contains("gm が直前の行動を取り消しました：#"),
        "{}",
        undo.text
    );
    assert!(
        !undo.text.contains(" — Tournament"),
        "the summary: {}",
        undo.text
    );
    let log = h.ok("alice: /game log").text;
    assert!(
        log.contains("alice：2d6 → [4, 6] = 10 を振った"),
        "the roll: {log}"
    );
    assert!(
        log.contains("bob：非公開のロール（GMロール）"),
        "hidden: {log}"
    );
    assert!(log.contains("~~（取り消し済み）"), "undone: {log}");
    assert!(log.contains("を取り消した（gm："), "the undo entry: {log}");
    let gm = h.ok("gm: /game log").text;
    assert!(gm.contains("bob：1d6 → ["), "the GM sees it: {gm}");
    // Names: the players', and a house ninja's name and skills (data names: English so far).
    let names = [
        "gm",
        "alice",
        "bob",
        "Levi",
        "Crane",
        "superior",
        "balance",
        "fortitude",
    ];
    let english = croupier_core::testkit::english_words(&log, &names);
    assert!(
        english.is_empty(),
        "English in the Japanese log: {english:?}\n{log}"
    );
    // The same entries read in English by an English reader, as the log wrote them.
    let mut en = harness();
    en.ok("gm: /ninja new");
    en.ok("alice: /roll expr:2d6");
    en.ok("bob: /roll expr:1d6 visibility:gm");
    en.ok("gm: /ninja fill");
    en.ok("gm: /game undo");
    let log = en.ok("alice: /game log").text;
    assert!(log.contains("alice rolled 2d6"), "{log}");
    assert!(log.contains("bob made a hidden roll (GM roll)"), "{log}");
    assert!(log.contains("~~ (undone)"), "{log}");
}

/// `/help command:` on one command: its use, who may use it, who sees the answer and each
/// option read in the reader's language (the options' Japanese descriptions from the
/// commands' catalogue), and as before in English.
#[test]
fn a_commands_help_page_reads_in_the_readers_language() {
    let mut h = harness().reading(Locale::Ja);
    let page = h.ok("alice: /help command:roll").text;
    for want in [
        "**/roll**",
        "ダイスを振る：2d6+3",
        "**使い方：** `/roll expr:<text>",
        "**使える人：** チャンネルの誰でも",
        "**オプション**",
        "`expr` — ダイス式。例：2d6+3 火球（必須；テキスト、",
        "`target` — 合計がこの値以上で成功（先に確率を表示）（省略可；",
    ] {
        assert!(page.contains(want), "{want:?} in\n{page}");
    }
    let english = croupier_core::testkit::english_words(&page, &["alice"]);
    assert!(
        english.is_empty(),
        "English in the Japanese page: {english:?}\n{page}"
    );
    let mut en = harness();
    let page = en.ok("alice: /help command:roll").text;
    for want in [
        "**Use:** `/roll expr:<text>",
        "**Who:** anyone in the channel (the game's rules may still refuse)",
        "**Answer:** everyone sees it, unless `visibility` is",
        "`expr` — Dice expression, e.g. 2d6+3 fireball (required; text, up to ",
    ] {
        assert!(page.contains(want), "{want:?} in\n{page}");
    }
}
