//! Tests of `ask`.

use super::*;
use croupier_core::table::Audience;
use croupier_core::table::Command;

fn gm() -> Actor {
    Actor::player("gm", "gm")
}

/// A session with alice's and bob's PCs (values locked), GM `gm`.
fn setup() -> Session {
    let mut t = Session::with(
        &[
            (Actor::player("alice", "alice"), "Ayu"),
            (Actor::player("bob", "bob"), "Bolt"),
        ],
        7,
    );
    for u in ["alice", "bob"] {
        t.ok(&Actor::player(u, u), "nw session lock", &[]);
    }
    t
}

use super::super::test_table::{act, Session};

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
    let mut t = setup();
    let out = act(&mut t, &gm(), ask(false)).unwrap();
    let m = public(&out)[0];
    assert!(m.body.contains("<@bob>"), "{}", m.body);
    assert_eq!(m.pings, vec![UserId::new("bob")]);
    assert!(m.body.contains("Difficulty 12"), "{}", m.body);
    assert_eq!(m.buttons[0].command, "/nw answer id:1");
    assert_eq!(t.s.asks.len(), 1);
    assert_eq!(t.s.asks[0].difficulty, 12);

    // bob presses: the session's Judge runs with Difficulty 12 and the label.
    let bob = Actor::player("bob", "bob");
    let out = act(&mut t, &bob, Command::new("nw answer").with("id", "1")).unwrap();
    let m = public(&out)[0];
    assert!(m
        .title
        .as_deref()
        .unwrap_or("")
        .contains("Bolt: Spot the ambush"));
    assert!(m.body.contains("Difficulty 12"), "{}", m.body);
    assert!(m.body.contains("Chance of success"), "{}", m.body);
    let j = t.s.open.iter().find(|o| o.user == bob.id).unwrap();
    assert_eq!(
        j.judge.mode,
        super::super::judge::Mode::Normal {
            difficulty: Some(12)
        }
    );
    assert!(t.s.asks.is_empty(), "the ask is answered");
}

#[test]
fn hidden_difficulty_is_shown_only_to_the_gm() {
    let mut t = setup();
    let out = act(&mut t, &gm(), ask(true)).unwrap();
    let m = public(&out)[0];
    assert!(!m.body.contains("12"), "{}", m.body);
    assert!(out
        .iter()
        .any(|r| r.audience == Audience::Only(vec![UserId::new("gm")])
            && r.message.body.contains("Difficulty 12")));
    let bob = Actor::player("bob", "bob");
    let out = act(&mut t, &bob, Command::new("nw answer").with("id", "1")).unwrap();
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
        .any(|r| r.audience == Audience::Only(vec![UserId::new("gm")])
            && r.message.body.contains("Difficulty 12")));
    for r in out
        .iter()
        .filter(|r| r.audience == Audience::Only(vec![bob.id.clone()]))
    {
        assert!(!r.message.body.contains("12 ("), "{}", r.message.body);
    }
    // Prana keeps it hidden.
    let out = act(&mut t, &bob, Command::new("nw prana").with("use", "reroll")).unwrap();
    assert!(!public(&out)[0].body.contains("Difficulty"));
}

#[test]
fn only_the_gm_asks_for_a_judge() {
    let mut t = setup();
    let alice = Actor::player("alice", "alice");
    let e = act(&mut t, &alice, ask(false)).unwrap_err();
    assert!(e.to_string().contains("only the GM"), "{e}");
    assert!(t.s.asks.is_empty());
    // And only of a player with a PC here.
    let e = act(&mut t, &gm(), ask(false).with("player", "<@carol>")).unwrap_err();
    assert!(e.to_string().contains("no PC"), "{e}");
}

#[test]
fn a_wrong_player_answering_is_refused_and_changes_nothing() {
    let mut t = setup();
    act(&mut t, &gm(), ask(false)).unwrap();
    let alice = Actor::player("alice", "alice");
    let before = t.s.clone();
    let e = act(&mut t, &alice, Command::new("nw answer").with("id", "1")).unwrap_err();
    assert!(e.to_string().contains("for <@bob> only"), "{e}");
    assert_eq!(t.s, before);
    let e = act(&mut t, &gm(), Command::new("nw answer").with("id", "1")).unwrap_err();
    assert!(e.to_string().contains("for <@bob> only"), "{e}");
    assert_eq!(t.s, before);
}

#[test]
fn answering_twice_is_refused_and_changes_nothing() {
    let mut t = setup();
    act(&mut t, &gm(), ask(false)).unwrap();
    let bob = Actor::player("bob", "bob");
    let answer = || Command::new("nw answer").with("id", "1");
    act(&mut t, &bob, answer()).unwrap();
    let before = t.s.clone();
    let e = act(&mut t, &bob, answer()).unwrap_err();
    assert!(e.to_string().contains("no longer asked"), "{e}");
    assert_eq!(t.s, before);
}

#[test]
fn gm_withdraws_an_ask_and_its_button_then_refuses() {
    let mut t = setup();
    act(&mut t, &gm(), ask(false)).unwrap();
    act(&mut t, &gm(), ask(true)).unwrap();
    assert_eq!(
        t.s.asks.iter().map(|a| a.id).collect::<Vec<_>>(),
        vec![1, 2]
    );
    let bob = Actor::player("bob", "bob");
    let e = act(&mut t, &bob, Command::new("nw ask").with("cancel", "1")).unwrap_err();
    assert!(e.to_string().contains("only the GM"), "{e}");
    act(&mut t, &gm(), Command::new("nw ask").with("cancel", "1")).unwrap();
    assert_eq!(t.s.asks.iter().map(|a| a.id).collect::<Vec<_>>(), vec![2]);
    assert!(act(&mut t, &bob, Command::new("nw answer").with("id", "1"),).is_err());
    // Numbers are never reused.
    act(&mut t, &gm(), ask(false)).unwrap();
    assert_eq!(t.s.asks.last().map(|a| a.id), Some(3));
}

#[test]
fn ask_needs_player_stat_and_difficulty() {
    let mut t = setup();
    assert!(act(
        &mut t,
        &gm(),
        Command::new("nw ask")
            .with("player", "<@bob>")
            .with("stat", "luck"),
    )
    .is_err());
    assert!(act(&mut t, &gm(), ask(false).with("stat", "charm"),).is_err());
    assert!(t.s.asks.is_empty());
}
