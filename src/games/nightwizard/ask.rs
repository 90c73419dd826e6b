//! The GM asks a player for a Judge (`/nw ask`): the GM sets the attribute or combat stat and
//! the Difficulty (optionally kept secret), the public message mentions the player, and its
//! button (`/nw answer id:<n>`) rolls the Judge through the session's own Judge
//! ([`NwAction::Judge`]) for that player only.

use serde::{Deserialize, Serialize};

use super::character::attr_name;
use super::data::{attr_index, stat_index, NwData, ATTRS, STAT_LABEL};
use super::session::{self, NightWizard, NwAction};
use crate::rng::GameRng;
use crate::table::{refuse, Actor, ButtonStyle, Message, Reply, RuleError, UserId};

/// A Judge the GM asked a player for, waiting for the player's press.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Ask {
    /// The number the button and `/nw ask cancel:` use.
    pub id: u32,
    /// The player who must roll.
    pub player: UserId,
    /// Attribute, combat stat or `none`.
    pub stat: String,
    /// The Difficulty.
    pub difficulty: i32,
    /// What the Judge is for (empty: the stat's name).
    pub label: String,
    /// The Difficulty is shown only to the GM.
    pub hidden: bool,
}

/// What `/nw ask` and `/nw answer` do.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum AskAction {
    /// The GM asks a player for a Judge.
    Ask {
        /// The player.
        player: UserId,
        /// Attribute, combat stat or `none`.
        stat: String,
        /// The Difficulty.
        difficulty: i32,
        /// What the Judge is for.
        label: String,
        /// Keep the Difficulty from the player.
        hidden: bool,
    },
    /// The GM withdraws an ask.
    Cancel(u32),
    /// The asked player rolls the Judge.
    Answer(u32),
}

/// Lowers a parsed `/nw ask …` (the GM's request, or `cancel:<n>`) to its action.
pub fn lower_ask(
    player: Option<UserId>,
    stat: Option<String>,
    difficulty: Option<i32>,
    label: Option<String>,
    hidden: Option<bool>,
    cancel: Option<u32>,
) -> Result<NwAction, RuleError> {
    if let Some(n) = cancel {
        return Ok(NwAction::Ask(AskAction::Cancel(n)));
    }
    let (Some(player), Some(stat), Some(difficulty)) = (player, stat, difficulty) else {
        return refuse(
            "ask with player, stat and difficulty, e.g. `/nw ask player:@bob stat:awareness difficulty:10` (or `cancel:<n>`).",
        );
    };
    let stat = stat.trim().to_ascii_lowercase();
    if stat != "none" && attr_index(&stat).is_none() && stat_index(&stat).is_none() {
        return refuse(format!(
            "`{stat}` is not an attribute ({}) or combat stat ({}); use none for no Alter.",
            ATTRS.join(", "),
            STAT_LABEL.join(", ").to_ascii_lowercase()
        ));
    }
    Ok(NwAction::Ask(AskAction::Ask {
        player,
        stat,
        difficulty,
        label: label.unwrap_or_default().chars().take(80).collect(),
        hidden: hidden.unwrap_or(false),
    }))
}

/// The stat's display name (`Awareness`, `PACC`, `Judge`).
fn stat_name(stat: &str) -> String {
    if let Some(i) = attr_index(stat) {
        attr_name(i)
    } else if let Some(i) = stat_index(stat) {
        STAT_LABEL[i].to_string()
    } else {
        "Judge".to_string()
    }
}

/// Applies an ask, a cancel or an answer. Refusals change nothing.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    a: &AskAction,
) -> Result<Vec<Reply>, RuleError> {
    match a {
        AskAction::Ask {
            player,
            stat,
            difficulty,
            label,
            hidden,
        } => {
            let Some(pc) = s.pcs.iter().find(|p| &p.user == player) else {
                return refuse(format!(
                    "{} has no PC in this session (`/nw session join` first).",
                    player.mention()
                ));
            };
            if pc.dead {
                return refuse(format!("{} is dead and makes no Judges.", pc.ch.name));
            }
            let name = pc.ch.name.clone();
            let id = s.ask_seq + 1;
            let what = stat_name(stat);
            let title = if label.is_empty() {
                format!("🎲 {what} Judge for {name}")
            } else {
                format!("🎲 {label}: {what} Judge for {name}")
            };
            let shown = if *hidden {
                "Difficulty: known only to the GM.".to_string()
            } else {
                format!(
                    "Difficulty {difficulty} ({}).",
                    data.difficulty_label(*difficulty)
                )
            };
            let public = Message::titled(
                title,
                format!(
                    "{}, the GM asks {name} for {} {what} Judge. {shown}\nOnly {} can roll it.",
                    player.mention(),
                    if what.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    },
                    player.mention()
                ),
            )
            .ping(player)
            .styled_button(
                format!("Roll {what} Judge"),
                format!("/nw answer id:{id}"),
                ButtonStyle::Primary,
            );
            let gm = Message::text(format!(
                "Ask {id}: {name}, {what} Judge against Difficulty {difficulty}{}. Withdraw it with `/nw ask cancel:{id}`.",
                if *hidden { " (hidden from the player)" } else { "" }
            ))
            .styled_button("Withdraw", format!("/nw ask cancel:{id}"), ButtonStyle::Danger);
            s.ask_seq = id;
            s.asks.push(Ask {
                id,
                player: player.clone(),
                stat: stat.clone(),
                difficulty: *difficulty,
                label: label.clone(),
                hidden: *hidden,
            });
            Ok(vec![Reply::public(public), Reply::gm(gm)])
        }
        AskAction::Cancel(id) => {
            let Some(i) = s.asks.iter().position(|k| k.id == *id) else {
                return refuse(format!("there is no open ask number {id}."));
            };
            let k = s.asks.remove(i);
            let name = s
                .pcs
                .iter()
                .find(|p| p.user == k.player)
                .map(|p| p.ch.name.clone())
                .unwrap_or_else(|| k.player.mention());
            Ok(vec![Reply::public(Message::text(format!(
                "The GM withdraws the {} Judge asked of {name}.",
                stat_name(&k.stat)
            )))])
        }
        AskAction::Answer(id) => {
            let Some(k) = s.asks.iter().find(|k| k.id == *id).cloned() else {
                return refuse("that Judge is no longer asked for (already rolled or withdrawn).");
            };
            if actor.id != k.player {
                return refuse(format!(
                    "this Judge is for {} only; the GM can ask you with `/nw ask`.",
                    k.player.mention()
                ));
            }
            let judge = NwAction::Judge {
                stat: k.stat.clone(),
                difficulty: Some(k.difficulty),
                modifier: 0,
                against: None,
                attacker: false,
                recovery: false,
                any_seven: false,
                secret: false,
                label: k.label.clone(),
                preview: None,
                reaction: false,
                hidden: k.hidden,
            };
            let out = session::apply(s, data, None, rng, actor, &judge)?;
            s.asks.retain(|a| a.id != *id);
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::load;
    use super::super::roster::{self, NwShared};
    use super::*;
    use crate::table::Audience;
    use crate::table::Command;
    use std::path::Path;

    fn gm() -> Actor {
        Actor::player("gm", "gm")
    }

    /// A session with alice's and bob's PCs (values locked), GM `gm`.
    fn setup() -> (NwData, NwShared, NightWizard, GameRng) {
        let data = load(Path::new("data")).unwrap();
        let mut shared = NwShared::default();
        let mut rng = crate::rng::seeded(7);
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

    fn act(
        s: &mut NightWizard,
        data: &NwData,
        shared: &mut NwShared,
        rng: &mut GameRng,
        a: &Actor,
        cmd: Command,
    ) -> Result<Vec<Reply>, RuleError> {
        super::super::test_table::permitted(s, a, &cmd)?;
        let action = session::parse(s, a, &cmd, data, shared)?;
        let before = s.clone();
        let r = session::apply(s, data, Some(shared), rng, a, &action);
        if r.is_err() {
            assert_eq!(*s, before, "a refusal changes nothing");
        }
        r
    }

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
}
