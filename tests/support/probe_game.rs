//! A small game made only to exercise the Discord front end's generic paths: reminders
//! (wake-ups), autocomplete, a private select menu of 30 entries, and an oversized message
//! with many fields and an attached file.

#![allow(dead_code)]

use std::path::Path;

use croupier::table::{
    refuse, Actor, Choice, Command, Commands, Ctx, DataError, Game, Message, Reply, RuleError,
    Select, SelectOption, UserId,
};
use serde::{Deserialize, Serialize};

/// State: the host, picked cards, and when to remind the host.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Probe {
    host: UserId,
    picked: Vec<String>,
    remind_at: Option<i64>,
}

/// Actions.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum ProbeAction {
    Pick(String),
    Hand,
    Wall,
    Remind,
    /// Takes `ms` of real time, then answers only the actor.
    Slow(u64),
    /// Declared public, but also answers the actor privately (a wrong declaration).
    Peek(u64),
}

/// Front-end probe
#[derive(Debug, Clone, PartialEq, Commands)]
#[commands(name = "probe")]
pub enum ProbeCommand {
    /// Open
    New,
    /// Pick a card
    Pick {
        /// Card
        #[opt(autocomplete)]
        card: String,
    },
    /// Your hand (private)
    Hand,
    /// A very long message
    Wall,
    /// Think a while, answer privately
    Slow {
        /// Milliseconds
        #[opt(min = 0, max = 10_000)]
        ms: Option<i64>,
    },
    /// Declared public, answers privately too
    #[cmd(public)]
    Peek {
        /// Milliseconds
        #[opt(min = 0, max = 10_000)]
        ms: Option<i64>,
    },
}

fn cards() -> Vec<String> {
    (1..=40).map(|i| format!("card{i:02}")).collect()
}

impl Game for Probe {
    type View = ();
    fn view_model(
        &self,
        _data: &Self::Data,
        _viewer: &croupier::table::Viewer,
    ) -> Result<(), croupier::table::BadState> {
        Ok(())
    }
    type Command = ProbeCommand;
    type Action = ProbeAction;
    type Data = ();
    type Shared = ();
    const NAME: &'static str = "probe";
    const TITLE: &'static str = "Probe";

    fn load_data(_dir: &Path) -> Result<(), Vec<DataError>> {
        Ok(())
    }

    fn open(
        ctx: &mut Ctx<'_, (), ()>,
        host: &Actor,
        _cmd: ProbeCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        let p = Probe {
            host: host.id.clone(),
            picked: vec![],
            remind_at: Some(ctx.now + 3600),
        };
        Ok((
            p,
            vec![Reply::public(Message::titled("Probe open", "ready"))],
        ))
    }

    fn action(
        &self,
        _a: &Actor,
        cmd: ProbeCommand,
        _d: &(),
        _s: &(),
    ) -> Result<ProbeAction, RuleError> {
        Ok(match cmd {
            ProbeCommand::Pick { card } => ProbeAction::Pick(card),
            ProbeCommand::Hand => ProbeAction::Hand,
            ProbeCommand::Wall => ProbeAction::Wall,
            ProbeCommand::Slow { ms } => ProbeAction::Slow(ms.unwrap_or(0).max(0) as u64),
            ProbeCommand::Peek { ms } => ProbeAction::Peek(ms.unwrap_or(0).max(0) as u64),
            ProbeCommand::New => return refuse("a probe is already open here"),
        })
    }

    fn apply(
        &mut self,
        _ctx: &mut Ctx<'_, (), ()>,
        actor: &Actor,
        action: &ProbeAction,
    ) -> Result<Vec<Reply>, RuleError> {
        Ok(match action {
            ProbeAction::Pick(c) => {
                if !cards().contains(c) {
                    return refuse(format!("there is no {c}"));
                }
                self.picked.push(c.clone());
                vec![Reply::public(Message::text(format!(
                    "{} picks {c}",
                    actor.name
                )))]
            }
            ProbeAction::Hand => {
                let options = cards()
                    .into_iter()
                    .take(30)
                    .map(|c| SelectOption {
                        label: c.clone(),
                        value: c,
                        description: None,
                    })
                    .collect();
                vec![Reply::private(
                    &actor.id,
                    Message::titled("Your hand", "secret-hand-contents").with_select(Select::new(
                        "Pick a card",
                        &ProbeCommand::Pick {
                            card: String::new(),
                        },
                        "card",
                        options,
                    )),
                )]
            }
            ProbeAction::Wall => {
                let mut m = Message::titled("Wall", "a line of text\n".repeat(400))
                    .attach("story.md", "# Story\nonce");
                for i in 0..30 {
                    m = m.field(format!("field {i}"), "x".repeat(150));
                }
                vec![Reply::public(m)]
            }
            ProbeAction::Slow(ms) => {
                std::thread::sleep(std::time::Duration::from_millis(*ms));
                vec![Reply::private(
                    &actor.id,
                    Message::titled("Slow", "secret-slow-answer"),
                )]
            }
            ProbeAction::Peek(ms) => {
                std::thread::sleep(std::time::Duration::from_millis(*ms));
                vec![
                    Reply::public(Message::text(format!("{} peeks", actor.name))),
                    Reply::private(&actor.id, Message::titled("Peek", "secret-peek-answer")),
                ]
            }
            ProbeAction::Remind => {
                self.remind_at = None;
                vec![Reply::public(
                    Message::text(format!(
                        "⏰ {}, the table waits for you.",
                        self.host.mention()
                    ))
                    .ping(&self.host),
                )]
            }
        })
    }

    fn view(&self, _viewer: &Actor, _d: &()) -> Vec<Reply> {
        vec![Reply::public(Message::text(format!(
            "picked: {}",
            self.picked.join(", ")
        )))]
    }

    fn autocomplete(
        &self,
        _v: &Actor,
        _c: &Command,
        option: &str,
        partial: &str,
        _d: &(),
    ) -> Vec<Choice> {
        if option != "card" {
            return vec![];
        }
        cards()
            .into_iter()
            .filter(|c| c.starts_with(partial))
            .map(Choice::same)
            .collect()
    }

    fn next_wakeup(&self) -> Option<i64> {
        self.remind_at
    }

    fn wakeup_action(&self, now: i64) -> Option<ProbeAction> {
        self.remind_at
            .filter(|at| now >= *at)
            .map(|_| ProbeAction::Remind)
    }
}
