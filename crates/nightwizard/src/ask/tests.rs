//! Tests of `ask`.
use super::super::character::roster::{self, NwShared};
use super::super::data::load;
use super::super::session;
use super::*;
use croupier_core::table::Audience;
use croupier_core::table::Command;

fn gm() -> Actor {
    Actor::player("gm", "gm")
}

/// A session with alice's and bob's PCs (values locked), GM `gm`.
fn setup() -> (NwData, NwShared, NightWizard, GameRng) {
    let data = load(&croupier_core::source_path("data")).unwrap();
    let mut shared = NwShared::default();
    let mut rng = croupier_core::rng::seeded(7);
    let (mut s, _) =
        session::create(&data, &gm(), &Command::new("nw new"), Default::default()).unwrap();
    for (u, n) in [("alice", "Ayu"), ("bob", "Bolt")] {
        let a = Actor::player(u, u);
        roster::global(
            &mut shared,
            &data,
            &a,
            &Command::new("nw character new")
                .with("name", n)
                .with("quick", "true"),
            &mut rng,
        )
        .unwrap()
        .unwrap();
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &a,
            Command::new("nw session join"),
        )
        .unwrap();
        act(
            &mut s,
            &data,
            &mut shared,
            &mut rng,
            &a,
            Command::new("nw session lock"),
        )
        .unwrap();
    }
    (data, shared, s, rng)
}

use super::super::test_table::act;

fn ask(hidden: bool) -> Command {
    let c = Command::new("nw ask")
        .with("player", "<@bob>")
        .with("stat", "awareness")
        .with("difficulty", "12")
        .with("label", "Spot the ambush");
    if hidden {
        c.with("hidden", "true")
    } else {
        c
    }
}

fn public(out: &[Reply]) -> Vec<&Message> {
    out.iter()
        .filter(|r| r.is_public())
        .map(|r| &r.message)
        .collect()
}

#[test]
fn gm_asks_a_player_for_a_judge_with_difficulty_button_mentions_them() {
    let (data, mut shared, mut s, mut rng) = setup();
    let out = act(&mut s, &data, &mut shared, &mut rng, &gm(), ask(false)).unwrap();
    let m = public(&out)[0];
    assert!(m.body.contains("<@bob>"), "{}", m.body);
    assert_eq!(m.pings, vec![UserId::new("bob")]);
    assert!(m.body.contains("Difficulty 12"), "{}", m.body);
    assert_eq!(m.buttons[0].command, "/nw answer id:1");
    assert_eq!(s.asks.len(), 1);
    assert_eq!(s.asks[0].difficulty, 12);

    // bob presses: the session's Judge runs with Difficulty 12 and the label.
    let bob = Actor::player("bob", "bob");
    let out = act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &bob,
        Command::new("nw answer").with("id", "1"),
    )
    .unwrap();
    let m = public(&out)[0];
    assert!(m
        .title
        .as_deref()
        .unwrap_or("")
        .contains("Bolt: Spot the ambush"));
    assert!(m.body.contains("Difficulty 12"), "{}", m.body);
    assert!(m.body.contains("Chance of success"), "{}", m.body);
    let j = s.open.iter().find(|o| o.user == bob.id).unwrap();
    assert_eq!(
        j.judge.mode,
        super::super::judge::Mode::Normal {
            difficulty: Some(12)
        }
    );
    assert!(s.asks.is_empty(), "the ask is answered");
}

#[test]
fn hidden_difficulty_is_shown_only_to_the_gm() {
    let (data, mut shared, mut s, mut rng) = setup();
    let out = act(&mut s, &data, &mut shared, &mut rng, &gm(), ask(true)).unwrap();
    let m = public(&out)[0];
    assert!(!m.body.contains("12"), "{}", m.body);
    assert!(out
        .iter()
        .any(|r| r.audience == Audience::Gm && r.message.body.contains("Difficulty 12")));
    let bob = Actor::player("bob", "bob");
    let out = act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &bob,
        Command::new("nw answer").with("id", "1"),
    )
    .unwrap();
    let m = public(&out)[0];
    assert!(!m.body.contains("Difficulty"), "{}", m.body);
    assert!(!m.body.contains("Chance of success"), "{}", m.body);
    assert!(
        m.body.contains("success") || m.body.contains("failure"),
        "{}",
        m.body
    );
    assert!(out
        .iter()
        .any(|r| r.audience == Audience::Gm && r.message.body.contains("Difficulty 12")));
    for r in out
        .iter()
        .filter(|r| r.audience == Audience::Only(vec![bob.id.clone()]))
    {
        assert!(!r.message.body.contains("12 ("), "{}", r.message.body);
    }
    // Prana keeps it hidden.
    let out = act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &bob,
        Command::new("nw prana").with("use", "reroll"),
    )
    .unwrap();
    assert!(!public(&out)[0].body.contains("Difficulty"));
}

#[test]
fn only_the_gm_asks_for_a_judge() {
    let (data, mut shared, mut s, mut rng) = setup();
    let alice = Actor::player("alice", "alice");
    let e = act(&mut s, &data, &mut shared, &mut rng, &alice, ask(false)).unwrap_err();
    assert!(e.to_string().contains("only the GM"), "{e}");
    assert!(s.asks.is_empty());
    // And only of a player with a PC here.
    let e = act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &gm(),
        ask(false).with("player", "<@carol>"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("no PC"), "{e}");
}

#[test]
fn a_wrong_player_answering_is_refused_and_changes_nothing() {
    let (data, mut shared, mut s, mut rng) = setup();
    act(&mut s, &data, &mut shared, &mut rng, &gm(), ask(false)).unwrap();
    let alice = Actor::player("alice", "alice");
    let before = s.clone();
    let e = act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &alice,
        Command::new("nw answer").with("id", "1"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("for <@bob> only"), "{e}");
    assert_eq!(s, before);
    let e = act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &gm(),
        Command::new("nw answer").with("id", "1"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("for <@bob> only"), "{e}");
    assert_eq!(s, before);
}

#[test]
fn answering_twice_is_refused_and_changes_nothing() {
    let (data, mut shared, mut s, mut rng) = setup();
    act(&mut s, &data, &mut shared, &mut rng, &gm(), ask(false)).unwrap();
    let bob = Actor::player("bob", "bob");
    let answer = || Command::new("nw answer").with("id", "1");
    act(&mut s, &data, &mut shared, &mut rng, &bob, answer()).unwrap();
    let before = s.clone();
    let e = act(&mut s, &data, &mut shared, &mut rng, &bob, answer()).unwrap_err();
    assert!(e.to_string().contains("no longer asked"), "{e}");
    assert_eq!(s, before);
}

#[test]
fn gm_withdraws_an_ask_and_its_button_then_refuses() {
    let (data, mut shared, mut s, mut rng) = setup();
    act(&mut s, &data, &mut shared, &mut rng, &gm(), ask(false)).unwrap();
    act(&mut s, &data, &mut shared, &mut rng, &gm(), ask(true)).unwrap();
    assert_eq!(s.asks.iter().map(|a| a.id).collect::<Vec<_>>(), vec![1, 2]);
    let bob = Actor::player("bob", "bob");
    let e = act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &bob,
        Command::new("nw ask").with("cancel", "1"),
    )
    .unwrap_err();
    assert!(e.to_string().contains("only the GM"), "{e}");
    act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &gm(),
        Command::new("nw ask").with("cancel", "1"),
    )
    .unwrap();
    assert_eq!(s.asks.iter().map(|a| a.id).collect::<Vec<_>>(), vec![2]);
    assert!(act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &bob,
        Command::new("nw answer").with("id", "1"),
    )
    .is_err());
    // Numbers are never reused.
    act(&mut s, &data, &mut shared, &mut rng, &gm(), ask(false)).unwrap();
    assert_eq!(s.asks.last().map(|a| a.id), Some(3));
}

#[test]
fn ask_needs_player_stat_and_difficulty() {
    let (data, mut shared, mut s, mut rng) = setup();
    assert!(act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &gm(),
        Command::new("nw ask")
            .with("player", "<@bob>")
            .with("stat", "luck"),
    )
    .is_err());
    assert!(act(
        &mut s,
        &data,
        &mut shared,
        &mut rng,
        &gm(),
        ask(false).with("stat", "charm"),
    )
    .is_err());
    assert!(s.asks.is_empty());
}
