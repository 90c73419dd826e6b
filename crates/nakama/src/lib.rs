//! One Piece Nakama: Friends & Enemies — a co-operative card game with hidden hands.
//!
//! Players recruit friends from their hands into 5 columns so that the current friends meet
//! the enemies' missions; undefeated enemies push the threat track, and at 10 a friend is lost.
//! Modules: [`data`] (cards and loader), [`mission`] (mission vocabulary), [`state`]
//! (board, combat, rest, endings), [`play`] (player actions), [`view`] (messages), [`sim`]
//! (balance simulator).

pub mod commands;
pub mod data;
pub mod mission;
pub mod picture;
pub mod play;
pub mod sim;
pub mod state;
pub mod view;

use std::path::Path;

pub use commands::{ExchangeAs, NakamaCommand, PickOptions, Switch};
pub use data::NakamaData;
pub use play::{CardRef, NakamaAction, Pick};
pub use sim::simulate;
pub use state::{Ending, Nakama, Phase, Step};

use croupier_core::table::{
    Actor, Choice, Choices, Command, Ctx, DataError, Decision, Game, Message, Phrase, Reply,
    RuleError,
};
use play::no;

fn parse_card(v: &str, d: &NakamaData) -> Result<CardRef, RuleError> {
    if let Ok(n) = v.trim().parse::<usize>() {
        return Ok(CardRef::Pos(n));
    }
    match d.friend_by_label(v) {
        Some(f) => Ok(CardRef::Card(f)),
        None => no(Phrase::new("nakama-not-a-card").arg("value", v)),
    }
}

impl PickOptions {
    /// The pick, with a straw hat's die value and a solo Exchange's use when given.
    fn pick(self, value: Option<u8>, mode: Option<ExchangeAs>) -> Pick {
        Pick {
            from: self.from,
            to: self.to,
            space: self.space,
            column: self.column,
            target: self.target,
            value,
            mode: mode.map(|m| m.value().to_string()),
        }
    }
}

impl Game for Nakama {
    type Command = NakamaCommand;
    type View = view::NakamaView;
    const PICTURED: bool = true;

    fn view_model(
        &self,
        data: &NakamaData,
        viewer: &croupier_core::table::Viewer,
    ) -> Result<view::NakamaView, croupier_core::table::BadState> {
        view::view_model(self, data, viewer)
    }

    fn secrets(&self, data: &NakamaData, viewer: &croupier_core::table::Viewer) -> Vec<String> {
        view::secrets(self, data, viewer)
    }

    fn picture(
        view: &view::NakamaView,
        locale: croupier_core::i18n::Locale,
    ) -> Vec<croupier_core::render::svg::Doc> {
        vec![picture::board(view, locale)]
    }

    fn playing(&self, actor: &Actor) -> Result<(), RuleError> {
        self.seat_or_refuse(actor).map(|_| ())
    }
    type Action = NakamaAction;
    type Data = NakamaData;
    type Shared = ();
    const NAME: &'static str = "nakama";
    const TITLE: &'static str = "One Piece Nakama: Friends & Enemies";

    fn load_data(dir: &Path) -> Result<NakamaData, Vec<DataError>> {
        data::load(dir)
    }

    fn data_notes(data: &NakamaData) -> Vec<String> {
        data.missing_japanese()
    }

    fn open(
        ctx: &mut Ctx<'_, NakamaData, ()>,
        host: &Actor,
        cmd: NakamaCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        let NakamaCommand::New { character, react } = cmd else {
            return no(Phrase::new("nakama-opens-with-new"));
        };
        let mut g = Nakama::empty();
        g.react = react != Some(Switch::Off);
        g.react_chosen = react.is_some();
        let react = if !g.react_chosen {
            "default"
        } else if g.react {
            "on"
        } else {
            "off"
        };
        let mut out = vec![Reply::public(Message::phrase(
            Phrase::titled("nakama-open-title", "nakama-open")
                .arg("host", host.name.as_str())
                .arg("react", react),
        ))];
        if let Some(c) = character {
            let Some(ch) = ctx.data.character_by_name(&c) else {
                return no(Phrase::new("nakama-no-character").arg("name", c));
            };
            out.extend(g.act(
                ctx.rng,
                ctx.data,
                host,
                &NakamaAction::Join { character: ch },
            )?);
        }
        Ok((g, out))
    }

    fn action(
        &self,
        _a: &Actor,
        cmd: NakamaCommand,
        d: &NakamaData,
        _s: &(),
    ) -> Result<NakamaAction, RuleError> {
        Ok(match cmd {
            NakamaCommand::New { .. } => return no(Phrase::new("nakama-open-already")),
            NakamaCommand::Join { character: c } => {
                let Some(character) = d.character_by_name(&c) else {
                    let names = d.characters.iter().map(|c| c.said_name()).collect();
                    return no(Phrase::new("nakama-no-character-choose")
                        .arg("name", c)
                        .arg("names", state::list(names)));
                };
                NakamaAction::Join { character }
            }
            NakamaCommand::Leave => NakamaAction::Leave,
            NakamaCommand::Begin { bosses } => NakamaAction::Begin {
                bosses: bosses.unwrap_or(0),
            },
            NakamaCommand::Hand | NakamaCommand::Board => return no(Phrase::new("nakama-is-view")),
            NakamaCommand::Recruit { card, column } => NakamaAction::Recruit {
                card: parse_card(&card, d)?,
                column,
            },
            NakamaCommand::Ability { pick, value, mode } => {
                NakamaAction::Ability(pick.pick(value, mode))
            }
            NakamaCommand::Skip => NakamaAction::Skip,
            NakamaCommand::Give { card } => NakamaAction::Give {
                card: parse_card(&card, d)?,
            },
            NakamaCommand::Discard { card } => NakamaAction::Discard {
                card: parse_card(&card, d)?,
            },
            NakamaCommand::Power { pick } => NakamaAction::Power(pick.pick(None, None)),
            NakamaCommand::Continue => NakamaAction::Continue,
            NakamaCommand::Lose { column } => NakamaAction::Lose { column },
        })
    }

    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, NakamaData, ()>,
        actor: &Actor,
        action: &NakamaAction,
    ) -> Result<Vec<Reply>, RuleError> {
        // Work on a copy and keep it only if the action is allowed: a refusal changes nothing.
        let mut next = self.clone();
        let out = next.act(ctx.rng, ctx.data, actor, action)?;
        *self = next;
        Ok(out)
    }

    fn show(
        &self,
        a: &Actor,
        cmd: &NakamaCommand,
        d: &NakamaData,
    ) -> Result<Vec<Reply>, RuleError> {
        Ok(match cmd {
            NakamaCommand::Hand => {
                let s = self.seat_or_refuse(a)?;
                let pic = croupier_core::table::Picture::Board {
                    viewer: Some(a.id.clone()),
                };
                vec![Reply::private(
                    &a.id,
                    view::hand(self, s, d).with_picture(pic),
                )]
            }
            NakamaCommand::Board => {
                let pic = croupier_core::table::Picture::Board { viewer: None };
                vec![Reply::public(view::board(self, d).with_picture(pic))]
            }
            _ => self.view(a, d),
        })
    }

    fn view(&self, viewer: &Actor, d: &NakamaData) -> Vec<Reply> {
        let mut out = vec![Reply::public(match self.ending_text(d) {
            Some(t) => view::final_board(self, d, t),
            None => view::board(self, d),
        })];
        if self.phase == Phase::Playing {
            if let Some(s) = self.players.iter().position(|p| p.user == viewer.id) {
                out.push(Reply::private(&viewer.id, view::hand(self, s, d)));
            }
        }
        out
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// What the turn waits for. In an Exchange each of the two players has their own
    /// decision, so one player's pick leaves the other's menu alive. Keys carry the turn and,
    /// within it, how many friends are on the board or defeated (or the card or hand size), so
    /// a button from an earlier step never answers a later one. The reaction step (`t{turn}-react`,
    /// once per turn) waits for the active player's Continue; powers used meanwhile settle
    /// nothing. A straw hat's lost friend (`t{turn}-lose-{losses}`) waits for anyone in the crew.
    fn decisions(&self) -> Vec<Decision> {
        if self.phase != Phase::Playing {
            return vec![];
        }
        let Some(p) = self.players.get(self.turn) else {
            return vec![];
        };
        let t = self.turns;
        let recruited =
            self.columns.iter().map(Vec::len).sum::<usize>() + self.defeated_friends.len();
        // What the decision is, in the catalogue's words (`locales/*/table-words.ftl`).
        let turn =
            |key: &str, name: &str| Phrase::new(key).arg("name", name).arg("turn", i64::from(t));
        let own = |key: String, label: Phrase, commands: &[&str]| {
            vec![Decision::new(key, label, Some(&p.user), commands)]
        };
        match &self.step {
            Step::Recruit { extra } => own(
                format!("t{t}-recruit-{recruited}"),
                turn("nakama-decision-recruit", &p.name)
                    .arg("extra", if *extra { "yes" } else { "no" }),
                &["nakama recruit", "nakama skip"],
            ),
            Step::Ability { card } => own(
                format!("t{t}-ability-{card}"),
                turn("nakama-decision-ability", &p.name),
                &["nakama ability", "nakama skip"],
            ),
            Step::Hat { card } => own(
                format!("t{t}-hat-{card}"),
                turn("nakama-decision-hat", &p.name),
                &["nakama ability"],
            ),
            Step::Exchange { with, mine, theirs } => {
                let mut out = vec![];
                for (seat, given) in [(self.turn, mine), (*with, theirs)] {
                    if let (None, Some(pl)) = (given, self.players.get(seat)) {
                        out.push(Decision::new(
                            format!("t{t}-give"),
                            turn("nakama-decision-give", &pl.name),
                            Some(&pl.user),
                            &["nakama give"],
                        ));
                    }
                }
                out
            }
            Step::Discard => own(
                format!("t{t}-discard-{}", p.hand.len()),
                turn("nakama-decision-discard", &p.name),
                &["nakama discard"],
            ),
            // Once per turn: the recruit's chain (Recruit ability included) ends in one step.
            Step::React => own(
                format!("t{t}-react"),
                turn("nakama-decision-react", &p.name),
                &["nakama continue"],
            ),
            // Anyone in the crew may answer; `losses` counts every friend lost so far, so a
            // second loss in the same turn has its own key.
            Step::Lose { .. } => vec![Decision::new(
                format!("t{t}-lose-{}", self.losses),
                Phrase::new("nakama-decision-lose").arg("turn", i64::from(t)),
                None,
                &["nakama lose"],
            )],
        }
    }

    fn autocomplete(
        &self,
        viewer: &Actor,
        _cmd: &Command,
        option: &str,
        partial: &str,
        d: &NakamaData,
    ) -> Vec<Choice> {
        let p = partial.trim().to_ascii_lowercase();
        match option {
            "character" => d
                .characters
                .iter()
                .enumerate()
                .filter(|(i, c)| {
                    (c.name.to_ascii_lowercase().contains(&p)
                        || c.name_ja.as_ref().is_some_and(|n| n.contains(&p)))
                        && !self
                            .players
                            .iter()
                            .any(|pl| pl.character == *i && pl.user != viewer.id)
                })
                .map(|(_, c)| {
                    Choice::said(
                        Phrase::new("nakama-choice-character")
                            .arg("name", c.said_name())
                            .arg("special", c.special.said()),
                        c.name.clone(),
                    )
                })
                .take(25)
                .collect(),
            "card" => self
                .players
                .iter()
                .find(|pl| pl.user == viewer.id)
                .map(|pl| {
                    pl.hand
                        .iter()
                        .map(|&f| &d.friends[f])
                        .filter(|f| f.long().to_ascii_lowercase().contains(&p))
                        .map(|f| Choice::said(f.long_said(), f.id.clone()))
                        .collect()
                })
                .unwrap_or_default(),
            _ => vec![],
        }
    }

    fn global_autocomplete(
        _s: &(),
        _v: &Actor,
        _cmd: &Command,
        option: &str,
        partial: &str,
        d: &NakamaData,
    ) -> Vec<Choice> {
        if option != "character" {
            return vec![];
        }
        let p = partial.trim().to_ascii_lowercase();
        d.characters
            .iter()
            .filter(|c| {
                c.name.to_ascii_lowercase().contains(&p)
                    || c.name_ja.as_ref().is_some_and(|n| n.contains(&p))
            })
            .map(|c| Choice::said(c.said_name(), c.name.clone()))
            .collect()
    }
}

#[cfg(test)]
mod tests;
