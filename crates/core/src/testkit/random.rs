//! Random games: seeded, through the [`Harness`] with every view swept after every step, so
//! every text and picture any viewer is shown is checked against what they may not see.
//!
//! A game is set up by a script (players, a GM, characters, hidden enemies), then played:
//! mostly the buttons and menus the table showed (the moves the rules offer now, pressed by a
//! user who was shown them, preferring whom the open decisions wait for), and commands of the
//! game's declaration with options drawn from their choices, autocomplete, ranges and the
//! plan's words, besides rolls of every visibility, undo and waits.

use rand::Rng;

use super::{Harness, Shown, CHANNEL, GUILD};
use crate::rng::{seeded, GameRng};
use crate::table::{Actor, Audience, Command, CommandSpec, Found, OptionKind, UserId};

/// How to set a game up and what to play it with.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The game's command name.
    pub game: &'static str,
    /// Console lines that start it (must be accepted).
    pub setup: Vec<String>,
    /// The users who play (the GM or host among them).
    pub users: Vec<String>,
    /// Words to put in free-text options (names, labels, cards).
    pub words: Vec<String>,
}

/// What a random game did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Played {
    /// Steps taken after the set-up.
    pub steps: usize,
    /// Steps accepted.
    pub accepted: usize,
    /// Buttons and menu entries pressed.
    pub pressed: usize,
    /// What the harness checked (the set-up included).
    pub checked: super::Checked,
}

/// Sets up `plan` and plays `steps` random steps from `seed`.
pub fn play(plan: &Plan, h: &mut Harness, seed: u64, steps: usize) -> Played {
    for l in &plan.setup {
        h.ok(l);
    }
    let mut rng = seeded(seed);
    let mut played = Played::default();
    let mut rolls = 0u32;
    for _ in 0..steps {
        let pick = rng.random_range(0..100);
        let step = if pick < 50 {
            match press(h, &mut rng) {
                Some(s) => {
                    played.pressed += 1;
                    s
                }
                None => command(plan, h, &mut rng),
            }
        } else if pick < 86 {
            command(plan, h, &mut rng)
        } else if pick < 94 {
            rolls += 1;
            let vis = ["public", "gm", "blind", "self"][rng.random_range(0..4)];
            let user = who(plan, h, &mut rng);
            // A constant of its own makes every roll's text unique, so a hidden roll's
            // result cannot be mistaken for a public one's.
            h.line(&format!(
                "{user}: /roll expr:2d6+{} visibility:{vis}",
                100 + rolls
            ))
        } else if pick < 97 {
            let host = host(h).unwrap_or_else(|| plan.users[0].clone());
            h.line(&format!("{host}: /game undo"))
        } else {
            h.line("@wait 2h")
        };
        played.steps += 1;
        if step.accepted {
            played.accepted += 1;
        }
    }
    played.checked = h.checked();
    played
}

fn host(h: &mut Harness) -> Option<String> {
    h.table().session(CHANNEL).ok().flatten().map(|s| s.host)
}

/// A user the open decisions wait for (most of the time), else any.
fn who(plan: &Plan, h: &mut Harness, rng: &mut GameRng) -> String {
    let waiting: Vec<String> = h
        .decisions()
        .into_iter()
        .filter_map(|d| d.who.map(|u| u.0))
        .collect();
    if !waiting.is_empty() && rng.random_bool(0.6) {
        return waiting[rng.random_range(0..waiting.len())].clone();
    }
    plan.users[rng.random_range(0..plan.users.len())].clone()
}

/// Presses a random button (or picks a menu entry) of the recent messages, as a user shown it.
fn press(h: &mut Harness, rng: &mut GameRng) -> Option<super::Step> {
    let users = h.users();
    let recent: Vec<Shown> = h.shown().iter().rev().take(12).cloned().collect();
    let mut options: Vec<(UserId, Shown, usize)> = vec![];
    for s in &recent {
        let seers: Vec<&UserId> = match &s.audience {
            Audience::Everyone => users.iter().collect(),
            Audience::Only(us) => us.iter().filter(|u| users.contains(u)).collect(),
            Audience::Gm => vec![],
        };
        let n = s.buttons.len() + s.select.as_ref().map_or(0, |m| m.options.len());
        for u in seers {
            for k in 0..n {
                options.push((u.clone(), s.clone(), k));
            }
        }
    }
    if options.is_empty() {
        return None;
    }
    let (user, s, k) = options.swap_remove(rng.random_range(0..options.len()));
    let (line, found) = if k < s.buttons.len() {
        let (label, cmd, d) = &s.buttons[k];
        (
            format!("{user}: press {label}"),
            Found {
                stamp: s.stamp,
                decision: d.clone(),
                line: cmd.clone(),
            },
        )
    } else {
        let m = s.select.as_ref()?;
        let o = &m.options[k - s.buttons.len()];
        (
            format!("{user}: pick {}", o.label),
            Found {
                stamp: s.stamp,
                decision: m.decision.clone(),
                line: m.entry_line(&o.value)?,
            },
        )
    };
    let input = found.input().ok()?;
    Some(h.input(&line, CHANNEL, &user, input))
}

/// Every leaf of `spec` but `new`, with its path.
fn leaves(spec: &CommandSpec) -> Vec<(Vec<String>, CommandSpec)> {
    fn walk(s: &CommandSpec, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, CommandSpec)>) {
        path.push(s.name.clone());
        if s.subcommands.is_empty() {
            if path.len() > 1 && path[1] != "new" && !s.view {
                out.push((path.clone(), s.clone()));
            }
        } else {
            for c in &s.subcommands {
                walk(c, path, out);
            }
        }
        path.pop();
    }
    let mut out = vec![];
    walk(spec, &mut vec![], &mut out);
    out
}

/// A random command of the game's declaration with random options, by a random user.
fn command(plan: &Plan, h: &mut Harness, rng: &mut GameRng) -> super::Step {
    let user = who(plan, h, rng);
    let games = h.games.clone();
    let game = games
        .find(plan.game)
        .expect("the plan's game is registered");
    let all = leaves(game.command());
    let (path, leaf) = &all[rng.random_range(0..all.len())];
    let mut cmd = Command::new(&path.join(" "));
    let actor = Actor::player(&user, &user);
    for o in &leaf.options {
        if !o.required && rng.random_bool(0.6) {
            continue;
        }
        let value = if !o.choices.is_empty() {
            o.choices[rng.random_range(0..o.choices.len())].1.clone()
        } else if o.autocomplete && rng.random_bool(0.8) {
            let offered = h
                .table()
                .autocomplete(CHANNEL, Some(GUILD), &actor, &cmd, &o.name, "")
                .unwrap_or_default();
            if offered.is_empty() {
                word(plan, rng)
            } else {
                offered[rng.random_range(0..offered.len())].value.clone()
            }
        } else {
            match o.kind {
                OptionKind::Integer => {
                    let lo = o.min.unwrap_or(0).max(-3);
                    let hi = o.max.unwrap_or(8).min(lo + 12);
                    rng.random_range(lo..=hi.max(lo)).to_string()
                }
                OptionKind::Boolean => rng.random_bool(0.5).to_string(),
                OptionKind::User => plan.users[rng.random_range(0..plan.users.len())].clone(),
                OptionKind::String => word(plan, rng),
            }
        };
        cmd = cmd.with(&o.name, value);
    }
    h.line(&format!("{user}: {cmd}"))
}

fn word(plan: &Plan, rng: &mut GameRng) -> String {
    if plan.words.is_empty() || rng.random_bool(0.15) {
        rng.random_range(1..=6).to_string()
    } else {
        plan.words[rng.random_range(0..plan.words.len())].clone()
    }
}
