//! Balance simulator: `croupier simulate nakama --runs N [--players P] [--bosses B] [--seed S]`
//! plays whole seeded games through the real rules with a simple greedy policy.

use std::collections::BTreeMap;
use std::path::Path;

use super::data::{Ability, DieEffect, NakamaData, Special};
use super::play::{CardRef, NakamaAction, Pick};
use super::state::{rank, Ending, Nakama, Player, Step, THREAT_LIMIT};
use croupier_core::rng::{seeded, GameRng};
use croupier_core::table::{Actor, UserId};

/// The outcome of one simulated game.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// How it ended (`None` if the step limit was hit).
    pub ending: Option<Ending>,
    /// Reward total (millions).
    pub reward: u32,
    /// Turns played.
    pub turns: u32,
}

fn actor(g: &Nakama, s: usize) -> Actor {
    Actor::player(&g.players[s].user.0, &g.players[s].name)
}

/// How good the board is for the coming combat: met missions weighted by threat and reward.
fn score(g: &Nakama, d: &NakamaData) -> i32 {
    let cur = g.current(d);
    g.spaces
        .iter()
        .flatten()
        .filter(|f| f.mission(d).check(&cur))
        .map(|f| i32::from(f.threat(d)) * 3 + f.reward(d) as i32)
        .sum()
}

/// Threat the unmet enemies would add.
fn incoming(g: &Nakama, d: &NakamaData) -> u8 {
    let cur = g.current(d);
    g.spaces
        .iter()
        .flatten()
        .filter(|f| !f.mission(d).check(&cur))
        .map(|f| f.threat(d))
        .sum()
}

fn effect_value(e: &DieEffect) -> i32 {
    match e {
        DieEffect::ThreatDown { n } => i32::from(*n) * 2,
        DieEffect::ThreatUp { n } => -i32::from(*n) * 2,
        DieEffect::Draw { .. } => 1,
        DieEffect::PowerUp => 1,
        DieEffect::Nothing => 0,
    }
}

/// The policy's next action for the game as it stands.
pub fn choose(g: &Nakama, d: &NakamaData) -> Option<(usize, NakamaAction)> {
    let t = g.turn;
    let p = &g.players[t];
    match &g.step {
        Step::Recruit { extra } => {
            let mut best: Option<(i32, usize, usize)> = None;
            for (i, &f) in p.hand.iter().enumerate() {
                for c in 0..5 {
                    let mut h = g.clone();
                    h.columns[c].push(f);
                    let bonus = i32::from(d.friends[f].ability.is_some());
                    let s = score(&h, d) * 4 + bonus;
                    if best.is_none_or(|b| s > b.0) {
                        best = Some((s, i, c));
                    }
                }
            }
            match best {
                Some((s, i, c)) if !*extra || s > score(g, d) * 4 => Some((
                    t,
                    NakamaAction::Recruit {
                        card: CardRef::Pos(i + 1),
                        column: Some(c as u8 + 1),
                    },
                )),
                _ => Some((t, NakamaAction::Skip)),
            }
        }
        Step::Ability { card } => {
            let skip = Some((t, NakamaAction::Skip));
            let Some(ab) = &d.friends[*card].ability else {
                return skip;
            };
            let solo = g.players.len() == 1;
            match ab {
                Ability::PowerUp if !p.powered => Some((t, NakamaAction::Ability(Pick::default()))),
                Ability::Recruit if !p.hand.is_empty() => {
                    Some((t, NakamaAction::Ability(Pick::default())))
                }
                Ability::Exchange if solo && !p.hand.is_empty() => Some((
                    t,
                    NakamaAction::Ability(Pick {
                        mode: Some("recruit".into()),
                        ..Pick::default()
                    }),
                )),
                Ability::Move => best_move(g, d)
                    .map(|(from, to)| {
                        (
                            t,
                            NakamaAction::Ability(Pick {
                                from: Some(from),
                                to: Some(to),
                                ..Pick::default()
                            }),
                        )
                    })
                    .or(skip),
                Ability::Block => block_target(g, d, true)
                    .map(|s| {
                        (
                            t,
                            NakamaAction::Ability(Pick {
                                space: Some(s),
                                ..Pick::default()
                            }),
                        )
                    })
                    .or(skip),
                Ability::Die { table } if table.iter().map(effect_value).sum::<i32>() > 0 => {
                    Some((t, NakamaAction::Ability(Pick::default())))
                }
                _ => skip,
            }
        }
        Step::Hat { card } => {
            let v = match &d.friends[*card].ability {
                Some(Ability::Die { table }) => (0..table.len())
                    .max_by_key(|&i| effect_value(&table[i]))
                    .unwrap_or(0),
                _ => 0,
            };
            Some((
                t,
                NakamaAction::Ability(Pick {
                    value: Some(v as u8 + 1),
                    ..Pick::default()
                }),
            ))
        }
        Step::Exchange { with, mine, .. } => {
            let s = if mine.is_none() { t } else { *with };
            Some((
                s,
                NakamaAction::Give {
                    card: CardRef::Pos(1),
                },
            ))
        }
        Step::Discard => {
            let i = (0..p.hand.len()).min_by_key(|&i| d.friends[p.hand[i]].power)?;
            Some((
                t,
                NakamaAction::Discard {
                    card: CardRef::Pos(i + 1),
                },
            ))
        }
        Step::React => Some((t, NakamaAction::Continue)),
        // The crew accepts the default: the weakest current friend.
        Step::Lose { .. } => Some((
            t,
            NakamaAction::Lose {
                column: g.weakest_column(d) as u8 + 1,
            },
        )),
    }
}

fn best_move(g: &Nakama, d: &NakamaData) -> Option<(u8, u8)> {
    let base = score(g, d);
    let mut best = None;
    let mut bs = base;
    for from in 0..5 {
        for to in 0..5 {
            if from == to || g.columns[from].len() < 2 {
                continue;
            }
            let mut h = g.clone();
            if let Some(f) = h.columns[from].pop() {
                h.columns[to].push(f);
            }
            let s = score(&h, d);
            if s > bs {
                bs = s;
                best = Some((from as u8 + 1, to as u8 + 1));
            }
        }
    }
    best
}

fn block_target(g: &Nakama, d: &NakamaData, bosses: bool) -> Option<u8> {
    let cur = g.current(d);
    (0..3)
        .filter_map(|s| g.spaces[s].map(|f| (s, f)))
        .filter(|(_, f)| (bosses || !f.is_boss()) && !f.mission(d).check(&cur))
        .max_by_key(|(_, f)| f.threat(d))
        .map(|(s, _)| s as u8 + 1)
}

/// A special ability worth using now, by any powered-up player.
pub fn power_use(g: &Nakama, d: &NakamaData) -> Option<(usize, NakamaAction)> {
    if !matches!(g.step, Step::Ability { .. } | Step::Recruit { extra: true }) {
        return None;
    }
    let danger = g.threat + incoming(g, d) >= THREAT_LIMIT;
    for (s, p) in g.players.iter().enumerate() {
        if !p.powered {
            continue;
        }
        let pick = match d.characters[p.character].special {
            Special::ThreatDown { .. } if danger => Pick::default(),
            Special::Block { bosses } if danger => match block_target(g, d, bosses) {
                Some(sp) => Pick {
                    space: Some(sp),
                    ..Pick::default()
                },
                None => continue,
            },
            Special::Revive if g.defeated_friends.len() >= 3 => Pick::default(),
            _ => continue,
        };
        return Some((s, NakamaAction::Power(pick)));
    }
    None
}

/// Plays one whole game from `seed`.
pub fn play_one(d: &NakamaData, players: usize, bosses: u8, seed: u64) -> Outcome {
    let mut rng: GameRng = seeded(seed);
    let mut g = Nakama::empty();
    let mut chars: Vec<usize> = (0..d.characters.len()).collect();
    if let Some(l) = chars.iter().position(|&c| d.characters[c].id == "luffy") {
        chars.swap(0, l);
    }
    for (i, &character) in chars.iter().take(players.max(1)).enumerate() {
        g.players.push(Player {
            user: UserId::new(format!("p{}", i + 1)),
            name: format!("p{}", i + 1),
            character,
            hand: vec![],
            powered: true,
        });
    }
    let host = actor(&g, 0);
    let _ = g.act(&mut rng, d, &host, &NakamaAction::Begin { bosses });
    let mut guard = 0;
    while !g.over() && guard < 10_000 {
        guard += 1;
        if let Some((s, a)) = power_use(&g, d) {
            let who = actor(&g, s);
            let mut h = g.clone();
            if h.act(&mut rng, d, &who, &a).is_ok() {
                g = h;
                continue;
            }
        }
        let Some((s, a)) = choose(&g, d) else { break };
        let who = actor(&g, s);
        let mut h = g.clone();
        match h.act(&mut rng, d, &who, &a) {
            Ok(_) => g = h,
            Err(_) => {
                let mut h = g.clone();
                if h.act(&mut rng, d, &who, &NakamaAction::Skip).is_err() {
                    break;
                }
                g = h;
            }
        }
    }
    Outcome {
        ending: g.ending,
        reward: g.reward(d),
        turns: g.turns,
    }
}

/// `croupier simulate nakama …`: runs the games and reports the figures.
pub fn simulate(args: &[String]) -> Result<String, String> {
    let mut runs = 1000usize;
    let mut players = 3usize;
    let mut bosses = 0u8;
    let mut seed = 1u64;
    let mut dir = String::from("data");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().ok_or_else(|| format!("`{a}` needs a value"));
        match a.as_str() {
            "--runs" | "--games" => runs = val()?.parse().map_err(|_| "--runs takes a number")?,
            "--players" => players = val()?.parse().map_err(|_| "--players takes a number")?,
            "--bosses" => bosses = val()?.parse().map_err(|_| "--bosses takes a number")?,
            "--seed" => seed = val()?.parse().map_err(|_| "--seed takes a number")?,
            "--data" => dir = val()?.clone(),
            other => {
                return Err(format!(
                    "unknown option `{other}` (use --runs N --players P --bosses B --seed S)"
                ))
            }
        }
    }
    if !(1..=5).contains(&players) {
        return Err("--players must be 1–5".into());
    }
    let d = super::data::load(Path::new(&dir)).map_err(|e| {
        e.iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    if usize::from(bosses) > d.bosses.len() {
        return Err(format!("--bosses must be 0–{}", d.bosses.len()));
    }
    let start = std::time::Instant::now();
    let outs: Vec<Outcome> = (0..runs as u64)
        .map(|i| play_one(&d, players, bosses, seed.wrapping_add(i)))
        .collect();
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    Ok(report(&outs, players, bosses, secs))
}

/// Formats the figures of a batch of games.
pub fn report(outs: &[Outcome], players: usize, bosses: u8, secs: f64) -> String {
    let n = outs.len().max(1) as f64;
    let count = |e: Option<Ending>| outs.iter().filter(|o| o.ending == e).count();
    let pct = |k: usize| format!("{:.1}%", 100.0 * k as f64 / n);
    let king = count(Some(Ending::KingOfThePirates));
    let over = count(Some(Ending::AdventureOver));
    let defeat = count(Some(Ending::Defeat));
    let mut turns: Vec<u32> = outs.iter().map(|o| o.turns).collect();
    turns.sort_unstable();
    let median = turns.get(turns.len() / 2).copied().unwrap_or(0);
    let mut ranks: BTreeMap<u32, (String, usize)> = BTreeMap::new();
    for o in outs
        .iter()
        .filter(|o| o.ending.is_some() && o.ending != Some(Ending::Defeat))
    {
        let band = o.reward.saturating_sub(1) / 10;
        ranks
            .entry(band.min(7))
            .or_insert_with(|| (rank(o.reward), 0))
            .1 += 1;
    }
    let mut s = format!(
        "nakama: {} games, {players} player(s), {bosses} boss(es)\n\
         King of the Pirates (win): {}\nAdventure over (ranked):   {}\nDefeat:                    {}\n",
        outs.len(),
        pct(king),
        pct(over),
        pct(defeat)
    );
    if outs.len() > king + over + defeat {
        s.push_str(&format!(
            "unfinished: {}\n",
            outs.len() - king - over - defeat
        ));
    }
    s.push_str(&format!(
        "median turns: {median}\nrank distribution (games not lost):\n"
    ));
    let ranked = (king + over).max(1) as f64;
    for (r, k) in ranks.values() {
        s.push_str(&format!("  {r:<24} {:.1}%\n", 100.0 * *k as f64 / ranked));
    }
    s.push_str(&format!("{:.0} games/s\n", outs.len() as f64 / secs));
    s
}
