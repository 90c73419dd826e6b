//! Nobi Nobi Sword: a very short role-playing game where the GM and the Main Character pass
//! around the table, Scene after Scene, until the Epilogue.
//!
//! - [`data`]: the card set and its validated loader.
//! - [`state`]: seats, roles, decks and steps.
//! - [`check`]: 2D + skill against a Difficulty, with exact odds.
//! - [`play`]: the rules (`apply`).
//! - [`view`]: status, prompts and the story export.

pub mod check;
pub mod commands;
pub mod data;
pub mod picture;
pub mod play;
pub mod state;
pub mod view;

#[cfg(test)]
mod tests;

use std::path::Path;

pub use commands::{AbilityLimit, InspireTable, NobiCommand, Verdict};
use croupier_core::table::{
    Actor, Choice, Command, Ctx, DataError, Decision, Game, Message, Phrase, Reply, RuleError,
    UserId, Value, SYSTEM_USER,
};
pub use data::NobiData;
use play::no;
pub use state::{Mode, Nobi, Step};

impl Game for Nobi {
    type Command = NobiCommand;
    /// The command is the action (and `Remind`, the table's own).
    type Action = NobiCommand;
    type Data = NobiData;
    type Shared = ();
    type View = view::NobiView;
    const PICTURED: bool = true;
    const NAME: &'static str = "nobi";
    const TITLE: &'static str = "Nobi Nobi Sword";

    /// The story was kept as English text before it was kept in typed words: a replay check
    /// reads both in English.
    fn replay_form(state: &Self) -> Option<Self> {
        let mut s = state.clone();
        for block in &mut s.story {
            *block = croupier_core::table::Value::Text(block.text(croupier_core::i18n::Locale::En));
        }
        Some(s)
    }
    fn load_data(dir: &Path) -> Result<NobiData, Vec<DataError>> {
        data::load(dir)
    }

    fn data_notes(data: &NobiData) -> Vec<String> {
        data::missing_japanese(data)
    }

    fn open(
        ctx: &mut Ctx<'_, NobiData, ()>,
        host: &Actor,
        cmd: NobiCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        let NobiCommand::New { remind_after } = cmd else {
            return no(Phrase::new("nobi-opens-with-new"));
        };
        let remind = remind_after.unwrap_or(state::DEFAULT_REMIND_HOURS);
        let t = Nobi {
            host: host.id.clone(),
            seats: vec![],
            mode: Mode::Regular,
            step: Step::Joining,
            gm: 0,
            mc: 0,
            scenes_played: 0,
            decks: Default::default(),
            intro: None,
            story: vec![],
            remind_after: remind,
            waiting_since: ctx.now,
            reminded_at: None,
            last_rolled: None,
            final_result: None,
            limit_per_player: false,
        };
        let msg = view::with_buttons(
            Message::phrase(
                Phrase::titled("nobi-title", "nobi-open")
                    .arg("host", host.name.as_str())
                    .field(
                        Phrase::new("nobi-field-free"),
                        view::free_detailed(&t, ctx.data),
                    ),
            ),
            [(
                "nobi-button-join",
                &NobiCommand::Join {
                    character: None,
                    support: None,
                },
            )],
        );
        Ok((t, vec![Reply::public(msg)]))
    }

    /// The command is the action: only a typed text is trimmed and bounded, and what is no
    /// action (opening a table, a view, the reminder) refused.
    fn action(
        &self,
        _actor: &Actor,
        cmd: NobiCommand,
        _data: &NobiData,
        _s: &(),
    ) -> Result<NobiCommand, RuleError> {
        let text = |t: String| -> Result<String, RuleError> {
            let t = t.trim().to_string();
            if t.chars().count() > 1500 {
                return no(Phrase::new("nobi-text-too-long").arg("most", 1500));
            }
            Ok(t)
        };
        Ok(match cmd {
            NobiCommand::New { .. } => return no(Phrase::new("nobi-already-open")),
            NobiCommand::Status | NobiCommand::Story => return no(Phrase::new("nobi-a-view")),
            NobiCommand::Remind => return no(Phrase::new("nobi-remind-by-table")),
            NobiCommand::Act { text: t } => NobiCommand::Act { text: text(t)? },
            NobiCommand::Narrate { text: t } => NobiCommand::Narrate { text: text(t)? },
            action => action,
        })
    }

    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, NobiData, ()>,
        actor: &Actor,
        action: &NobiCommand,
    ) -> Result<Vec<Reply>, RuleError> {
        if matches!(action, NobiCommand::Remind) {
            if actor.id.0 != SYSTEM_USER {
                return no(Phrase::new("nobi-remind-by-table"));
            }
            return Ok(self.remind(ctx.now, ctx.data));
        }
        let before = self.pending().map(|p| p.0);
        let out = play::apply(self, ctx, actor, action)?;
        {
            let after = self.pending().map(|p| p.0);
            let acted =
                before.is_some_and(|b| self.seats.get(b).is_some_and(|s| s.user == actor.id));
            if before != after || acted {
                self.waiting_since = ctx.now;
                self.reminded_at = None;
            }
        }
        Ok(out)
    }

    fn view(&self, viewer: &Actor, data: &NobiData) -> Vec<Reply> {
        vec![Reply::public(view::status(self, viewer, data))]
    }

    fn show(
        &self,
        viewer: &Actor,
        cmd: &NobiCommand,
        data: &NobiData,
    ) -> Result<Vec<Reply>, RuleError> {
        Ok(match cmd {
            NobiCommand::Story => vec![Reply::public(view::story_message(self, data))],
            _ => vec![Reply::public(
                view::status(self, viewer, data)
                    .with_picture(croupier_core::table::Picture::Board { viewer: None }),
            )],
        })
    }

    fn view_model(
        &self,
        data: &NobiData,
        viewer: &croupier_core::table::Viewer,
    ) -> Result<view::NobiView, croupier_core::table::BadState> {
        Ok(view::view_model(self, data, viewer))
    }

    fn secrets(&self, data: &NobiData, _viewer: &croupier_core::table::Viewer) -> Vec<String> {
        view::secrets(self, data)
    }

    fn picture(
        view: &view::NobiView,
        locale: croupier_core::i18n::Locale,
    ) -> Vec<croupier_core::render::svg::Doc> {
        vec![picture::table(view, locale)]
    }

    fn playing(&self, actor: &Actor) -> Result<(), RuleError> {
        play::seated(self, actor).map(|_| ())
    }

    fn gms(&self) -> Vec<UserId> {
        match self.step {
            Step::Scene | Step::Check { .. } | Step::Roleplay { .. } => self
                .seats
                .get(self.gm)
                .map(|s| vec![s.user.clone()])
                .unwrap_or_default(),
            _ => vec![],
        }
    }

    fn is_over(&self) -> bool {
        self.step == Step::Over
    }

    /// The table's host (who begins it and changes its settings) is the new host.
    fn hand_over(&mut self, to: &UserId) -> Result<(), RuleError> {
        self.host = to.clone();
        Ok(())
    }

    /// What the table waits for, one step at a time (see [`Nobi::pending`]): the Scene's
    /// draw, its roll, the Main Character's act, the GM's verdict, the final test. Keys carry
    /// the Scene number, so narration or announcements in between leave the buttons alive
    /// and a button from an earlier Scene never answers a later one.
    fn decisions(&self) -> Vec<Decision> {
        let Some((seat, _)) = self.pending() else {
            return vec![];
        };
        let Some(user) = self.seats.get(seat).map(|s| &s.user) else {
            return vec![];
        };
        let n = self.scenes_played + 1;
        let (key, label, commands): (String, Phrase, &[&str]) = match &self.step {
            Step::Scene => (
                format!("s{n}-draw"),
                Phrase::new("nobi-decision-draw").arg("n", i64::from(n)),
                &["nobi scene"],
            ),
            Step::Check { .. } => (
                format!("s{n}-roll"),
                Phrase::new("nobi-decision-roll").arg("n", i64::from(n)),
                &["nobi roll"],
            ),
            Step::Roleplay { acted: false, .. } => (
                format!("s{n}-act"),
                Phrase::new("nobi-decision-act").arg("n", i64::from(n)),
                &["nobi act"],
            ),
            Step::Roleplay { acted: true, .. } => (
                format!("s{n}-verdict"),
                Phrase::new("nobi-decision-verdict").arg("n", i64::from(n)),
                &["nobi verdict"],
            ),
            Step::Epilogue { .. } => (
                "epilogue".to_string(),
                Phrase::new("nobi-decision-epilogue"),
                &["nobi roll", "nobi redraw", "nobi finish"],
            ),
            Step::Joining | Step::Over => return vec![],
        };
        vec![Decision::new(key, label, Some(user), commands)]
    }

    fn autocomplete(
        &self,
        viewer: &Actor,
        cmd: &Command,
        option: &str,
        partial: &str,
        data: &NobiData,
    ) -> Vec<Choice> {
        let p = partial.to_lowercase();
        match (cmd.sub(), option) {
            ("join", "character" | "support") => self
                .free_characters(data)
                .into_iter()
                .filter(|c| {
                    [&c.name, &c.profession]
                        .into_iter()
                        .chain(c.name_ja.iter())
                        .chain(c.profession_ja.iter())
                        .any(|w| w.to_lowercase().contains(&p))
                })
                .map(|c| {
                    choice(
                        Phrase::new("nobi-choice-character")
                            .arg("name", c.said_name())
                            .arg("profession", c.said_profession())
                            .arg("power", c.power)
                            .arg("technique", c.technique)
                            .arg("ability", c.ability.said_name())
                            .arg("text", c.ability.said_text()),
                        c.name.clone(),
                    )
                })
                .collect(),
            ("npc", "card") => self
                .npc_cards(data)
                .into_iter()
                .filter(|(_, c)| {
                    c.name.to_lowercase().contains(&p)
                        || c.name_ja.as_ref().is_some_and(|n| n.contains(&p))
                })
                .map(|(_, c)| {
                    choice(
                        Phrase::new("nobi-choice-card")
                            .arg("name", c.said_name())
                            .arg("text", c.said_text()),
                        c.name.clone(),
                    )
                })
                .collect(),
            ("use", "ability") => self
                .seat_of(&viewer.id)
                .and_then(|s| self.seats.get(s))
                .map(|s| {
                    s.chars
                        .iter()
                        .flat_map(|c| c.abilities(data))
                        .filter(|a| {
                            a.tag != data::Tag::Permanent
                                && (a.name.to_lowercase().contains(&p)
                                    || a.name_ja.as_ref().is_some_and(|n| n.contains(&p)))
                        })
                        .map(|a| {
                            choice(
                                Phrase::new("nobi-choice-ability")
                                    .arg("name", a.said_name())
                                    .arg("tag", a.tag.said())
                                    .arg("text", a.said_text()),
                                a.name.clone(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default(),
            _ => vec![],
        }
    }

    fn next_wakeup(&self) -> Option<i64> {
        if self.remind_after == 0 || self.step == Step::Over {
            return None;
        }
        self.pending()?;
        let base = self.reminded_at.unwrap_or(self.waiting_since);
        Some(base + self.remind_after as i64 * 3600)
    }

    fn wakeup_action(&self, now: i64) -> Option<NobiCommand> {
        self.next_wakeup()
            .filter(|t| *t <= now)
            .map(|_| NobiCommand::Remind)
    }
}

impl Nobi {
    /// The reminder: pings exactly the player who must act.
    fn remind(&mut self, now: i64, data: &NobiData) -> Vec<Reply> {
        let Some((prompt, user)) = view::prompt_said(self, data) else {
            return vec![];
        };
        self.reminded_at = Some(now);
        let waited = (now - self.waiting_since) / 3600;
        let fields = prompt.fields.clone();
        let reminder = Phrase {
            fields,
            ..Phrase::titled("nobi-remind-title", "nobi-remind")
                .arg("prompt", Value::from(prompt))
                .arg("hours", waited)
        };
        let buttons = view::prompt_buttons(self);
        vec![Reply::public(view::with_buttons(
            Message::phrase(reminder).ping(&user),
            buttons.iter().map(|(k, c)| (*k, c)),
        ))]
    }
}

/// An autocomplete entry shown in the words `said`, filled in as `value` (its English label
/// cut to the 100 characters Discord shows, as the other languages' labels are cut there).
fn choice(said: Phrase, value: String) -> Choice {
    let mut c = Choice::said(said, value);
    c.label = c.label.chars().take(100).collect();
    c
}
