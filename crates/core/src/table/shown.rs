//! The messages that showed buttons or a menu, kept so that `press LABEL` and `pick VALUE` find
//! the component a user was shown: one list for the console and the test harness.

use super::{Audience, Command, Input, Lifetime, Reply, Select, Stamp, UserId};

/// How many such messages are kept (the oldest go first).
const KEPT: usize = 200;

/// A message that showed buttons or a menu.
#[derive(Debug, Clone)]
pub struct Shown {
    /// Its channel.
    pub channel: String,
    /// Who sees it.
    pub audience: Audience,
    /// Its session and version.
    pub stamp: Option<Stamp>,
    /// (label, command line, decision).
    pub buttons: Vec<(String, String, Option<String>)>,
    /// Its menu.
    pub select: Option<Select>,
}

impl Shown {
    /// Whether `user` sees it in `channel` (a GM-only message is shown to no one by name).
    pub fn visible_to(&self, channel: &str, user: &UserId) -> bool {
        self.channel == channel
            && match &self.audience {
                Audience::Everyone => true,
                Audience::Only(us) => us.contains(user),
                Audience::Gm => false,
            }
    }
}

/// A component found for `press` / `pick`: its message's stamp, its decision and the command
/// line it sends.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The message's session and version.
    pub stamp: Option<Stamp>,
    /// The decision it answers, if any.
    pub decision: Option<String>,
    /// The command line it sends.
    pub line: String,
}

impl Found {
    /// The input a press sends, as Discord's custom id would carry it (see `discord::ids`).
    pub fn input(&self) -> Result<Input, String> {
        let command =
            Command::parse_line(&self.line).map_err(|e| format!("`{}`: {e}", self.line))?;
        Ok(match self.stamp {
            Some(stamp) => Input::Component {
                session: stamp.session,
                lifetime: match &self.decision {
                    Some(key) => Lifetime::Decision(key.clone()),
                    None => Lifetime::Session,
                },
                command,
            },
            None => Input::Command(command),
        })
    }
}

/// The recent messages that showed components, newest last.
#[derive(Debug, Clone, Default)]
pub struct ShownList {
    list: Vec<Shown>,
}

impl ShownList {
    /// Keeps the replies of `channel` that show buttons or a menu.
    pub fn remember(&mut self, channel: &str, replies: &[Reply]) {
        for r in replies {
            if r.message.buttons.is_empty() && r.message.select.is_none() {
                continue;
            }
            self.list.push(Shown {
                channel: channel.to_string(),
                audience: r.audience.clone(),
                stamp: r.message.stamp,
                buttons: r
                    .message
                    .buttons
                    .iter()
                    .map(|b| (b.label.clone(), b.command.clone(), b.decision.clone()))
                    .collect(),
                select: r.message.select.clone(),
            });
            if self.list.len() > KEPT {
                self.list.remove(0);
            }
        }
    }

    /// The kept messages, oldest first.
    pub fn all(&self) -> &[Shown] {
        &self.list
    }

    /// Whether `user` has been shown any component in `channel`.
    pub fn any_for(&self, channel: &str, user: &UserId) -> bool {
        self.list.iter().any(|s| s.visible_to(channel, user))
    }

    /// The newest button labelled `label` (any case) shown to `user` in `channel`.
    pub fn button(&self, channel: &str, user: &UserId, label: &str) -> Option<Found> {
        self.list
            .iter()
            .rev()
            .filter(|s| s.visible_to(channel, user))
            .find_map(|s| {
                s.buttons
                    .iter()
                    .find(|(l, _, _)| l.eq_ignore_ascii_case(label))
                    .map(|(_, c, d)| Found {
                        stamp: s.stamp,
                        decision: d.clone(),
                        line: c.clone(),
                    })
            })
    }

    /// The entry of the newest menu shown to `user` in `channel` whose value or label is
    /// `value` (any case), else its `value`th entry (`pick 3`).
    pub fn pick(&self, channel: &str, user: &UserId, value: &str) -> Option<Found> {
        self.list
            .iter()
            .rev()
            .filter(|s| s.visible_to(channel, user))
            .find_map(|s| {
                let sel = s.select.as_ref()?;
                let o = sel
                    .options
                    .iter()
                    .find(|o| {
                        o.value.eq_ignore_ascii_case(value) || o.label.eq_ignore_ascii_case(value)
                    })
                    .or_else(|| {
                        let n = value.parse::<usize>().ok()?;
                        sel.options.get(n.checked_sub(1)?)
                    })?;
                Some(Found {
                    stamp: s.stamp,
                    decision: sel.decision.clone(),
                    line: sel.entry_line(&o.value)?,
                })
            })
    }
}
