//! A small game made only to exercise the Discord front end's generic paths: reminders
//! (wake-ups), autocomplete, a private select menu of 30 entries, and an oversized message
//! with many fields and an attached file.

#![allow(dead_code)]

use std::path::Path;

use croupier::table::{
    refuse, Actor, Choice, Command, CommandSpec, Ctx, DataError, Game, Message, OptionSpec, Reply,
    RuleError, Select, SelectOption, UserId,
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
    type Action = ProbeAction;
    type Data = ();
    type Shared = ();
    const NAME: &'static str = "probe";
    const TITLE: &'static str = "Probe";

    fn load_data(_dir: &Path) -> Result<(), Vec<DataError>> {
        Ok(())
    }

    fn command() -> CommandSpec {
        CommandSpec::new("probe", "Front-end probe")
            .sub(CommandSpec::new("new", "Open"))
            .sub(
                CommandSpec::new("pick", "Pick a card")
                    .opt(OptionSpec::string("card", "Card").required().autocomplete()),
            )
            .sub(CommandSpec::new("hand", "Your hand (private)"))
            .sub(CommandSpec::new("wall", "A very long message"))
            .sub(
                CommandSpec::new("slow", "Think a while, answer privately")
                    .opt(OptionSpec::int("ms", "Milliseconds").range(0, 10_000)),
            )
            .sub(
                CommandSpec::new("peek", "Declared public, answers privately too")
                    .opt(OptionSpec::int("ms", "Milliseconds").range(0, 10_000))
                    .answers_publicly(),
            )
    }

    fn create(
        ctx: &mut Ctx<'_, (), ()>,
        host: &Actor,
        _cmd: &Command,
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

    fn parse(&self, _a: &Actor, cmd: &Command, _d: &(), _s: &()) -> Result<ProbeAction, RuleError> {
        Ok(match cmd.sub() {
            "pick" => ProbeAction::Pick(cmd.require("card")?.to_string()),
            "hand" => ProbeAction::Hand,
            "wall" => ProbeAction::Wall,
            "slow" => ProbeAction::Slow(cmd.int("ms")?.unwrap_or(0).max(0) as u64),
            "peek" => ProbeAction::Peek(cmd.int("ms")?.unwrap_or(0).max(0) as u64),
            other => return refuse(format!("no `{other}`")),
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
                    Message::titled("Your hand", "secret-hand-contents").with_select(Select {
                        placeholder: "Pick a card".into(),
                        command: "/probe pick".into(),
                        option: "card".into(),
                        options,
                        decision: None,
                    }),
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
