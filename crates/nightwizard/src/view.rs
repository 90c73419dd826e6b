//! The session as one viewer may see it: the board's rows (`combat::tracker`, where hidden
//! enemies, secret vitals, Incapacitated and Post-action are decided once for the text tracker,
//! this view and its picture), the fight's engagements, the episode and phase.

use crate::judge::said::Lines;
use serde::Serialize;

use super::character::roster::NwShared;
use super::character::sheet;
use super::character::sync::{is_record_of, progress_applies, Moment};
use super::combat::tracker::rows;
pub use super::combat::tracker::RowView;
use super::data::NwData;
use super::state::{bad_suffix_said, NightWizard, Pc};
use croupier_core::table::{Actor, Message, Phrase, Reply, Role, Value, Viewer};

/// A fight as the viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CombatView {
    /// The round.
    pub round: u32,
    /// Engagement groups of two or more (number from 1, names the viewer may see).
    pub engagements: Vec<(usize, Vec<String>)>,
}

/// The session as a viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct NwView {
    /// What the viewer is (GM: the session's GM, or a manager acting as one).
    pub role: Role,
    /// Episode number.
    pub episode: u32,
    /// The phase's name (in each reader's language).
    pub phase: Value,
    /// Scene number.
    pub scene: u32,
    /// The rows, in the order the text tracker lists them: the initiative order, then those
    /// out of it at Long or Extreme range (or the PCs, outside a fight).
    pub rows: Vec<RowView>,
    /// The fight, if any.
    pub combat: Option<CombatView>,
    /// Skill and item effects in force on characters the viewer may see (`#2 Guard A: Dodge
    /// Checks +2 until the next Judge — on Ayla`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Value>,
    /// The Lunar Casket in place, as the viewer may know it (as [`casket_line`] writes it; a
    /// hidden one only for the GM).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub casket: Option<CasketView>,
}

/// The Lunar Casket in place as the viewer may know it: what [`casket_line`] writes.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CasketView {
    /// Hidden from the players (only the GM's view holds it).
    pub hidden: bool,
    /// Its Ruler's name; `None` for the default, the Emulator (a word of the catalogue).
    pub ruler: Option<String>,
    /// How many Lunar Logics it has.
    pub logics: usize,
}

/// The Casket `gm` (or a player) may see, as the view holds it.
fn casket_view(s: &NightWizard, gm: bool) -> Option<CasketView> {
    let c = s.casket_seen(gm)?;
    Some(CasketView {
        hidden: c.hidden,
        ruler: (c.ruler != "the Emulator").then(|| c.ruler.clone()),
        logics: c.logics.len(),
    })
}

/// The one line that names the Casket in place to `gm` (or to a player: `None` while it is
/// hidden): the status text and the picture both show it.
pub fn casket_line(s: &NightWizard, gm: bool) -> Option<String> {
    Some(
        casket_view(s, gm)?
            .said()
            .text(croupier_core::i18n::Locale::En),
    )
}

impl CasketView {
    /// The line in the catalogue's words (`pic-nw-casket`: `🌕 Lunar Casket of Ayu · 1 Lunar
    /// Logic`).
    pub fn said(&self) -> Phrase {
        let yes = |b: bool| if b { "yes" } else { "no" };
        Phrase::new("pic-nw-casket")
            .arg("hidden", yes(self.hidden))
            .arg(
                "ruler",
                match &self.ruler {
                    Some(r) => Value::from(r.as_str()),
                    None => Phrase::new("pic-nw-emulator").into(),
                },
            )
            .arg("logics", self.logics as i64)
    }
}

/// What `viewer` may not see (see [`croupier_core::table::Game::secrets`]): unless they are
/// the GM, the labels of the hidden enemies.
pub fn secrets(s: &NightWizard, viewer: &Viewer) -> Vec<String> {
    if s.counts_as_gm(viewer.user.as_ref(), viewer.manager) {
        return vec![];
    }
    let mut out: Vec<String> = s
        .enemies
        .iter()
        .filter(|e| e.hidden)
        .map(|e| e.label.clone())
        .collect();
    // The Entrance's keyword (§12.2) is the GM's.
    if let Some(f) = &s.fortress.fortress {
        out.extend(f.areas.iter().filter_map(|a| a.entry.keyword.clone()));
    }
    // A hidden Casket: its Logics, and its Ruler when the GM named one (the default "the
    // Emulator" is a word any text may use).
    if let Some(c) = s.casket().filter(|c| c.hidden) {
        out.extend(c.logics.iter().cloned());
        if c.ruler_user.is_none() && c.ruler != "the Emulator" {
            out.push(c.ruler.clone());
        }
    }
    out
}

/// The session as `viewer` sees it.
pub fn view_model(s: &NightWizard, data: &NwData, viewer: &Viewer) -> NwView {
    let gm = s.counts_as_gm(viewer.user.as_ref(), viewer.manager);
    let seat = viewer
        .user
        .as_ref()
        .and_then(|u| s.pcs.iter().position(|p| &p.user == u));
    let combat = s.combat.as_ref().map(|c| CombatView {
        round: c.round,
        engagements: crate::combat::visible_engages(s, gm)
            .into_iter()
            .enumerate()
            .map(|(k, (_, names))| (k + 1, names))
            .collect(),
    });
    NwView {
        role: Role { gm, seat },
        episode: s.episode,
        phase: s.phase.said(),
        scene: s.scene,
        rows: rows(s, Some(data), gm),
        combat,
        casket: casket_view(s, gm),
        effects: super::combat::effects::lines(s, |w| super::combat::sees(s, gm, w)),
    }
}

/// What the roster holds for `p` that its session copy has not taken yet (§8.2: progress
/// applies between Episodes, `character::sync`): a level up taken shows at once.
fn roster_news(s: &NightWizard, p: &Pc, roster: Option<&NwShared>) -> Value {
    let Some(r) = roster.and_then(|g| g.characters.iter().find(|c| is_record_of(p, c))) else {
        return Value::from("");
    };
    if r.cl <= p.ch.cl {
        return Value::from("");
    }
    let when = if progress_applies(s, Moment::PhaseNext) {
        "next"
    } else {
        "after"
    };
    Value::from(
        Phrase::new("nw-status-levelup")
            .arg("cl", i64::from(r.cl))
            .arg("when", when),
    )
}

/// `/game status`: the session for everyone, plus the viewer's own sheet; with the guild's
/// roster (`roster`), what its records hold that the session has not taken yet.
pub fn status(
    s: &NightWizard,
    viewer: &Actor,
    data: &NwData,
    roster: Option<&NwShared>,
) -> Vec<Reply> {
    let cat = s.cat(data);
    let pcs: Vec<Value> = s
        .pcs
        .iter()
        .map(|p| {
            let v = p.ch.derive(&cat);
            let cf = match p.cf {
                Some(c) => Value::from(
                    Phrase::new("nw-status-cf")
                        .arg("critical", i64::from(c.critical))
                        .arg("fumble", i64::from(c.fumble)),
                ),
                None => Value::from(""),
            };
            Value::from(
                Phrase::new("nw-status-pc")
                    .arg("name", p.ch.name.as_str())
                    .arg("summary", sheet::summary_said(&p.ch, &cat))
                    .arg("player", format!("<@{}>", p.user))
                    .arg("hp", i64::from(p.hp))
                    .arg("body", i64::from(v.body))
                    .arg("mp", i64::from(p.mp))
                    .arg("mind", i64::from(v.mind))
                    .arg("prana", i64::from(p.prana))
                    .arg("pranamax", i64::from(v.prana))
                    .arg("cf", cf)
                    .arg(
                        "state",
                        if p.dead {
                            Value::from(Phrase::new("nw-status-dead"))
                        } else {
                            bad_suffix_said(&p.bad)
                        },
                    )
                    .arg("news", roster_news(s, p, roster)),
            )
        })
        .collect();
    let mut out = vec![Reply::public(Message::phrase(
        Phrase::titled("nw-status-title", "nw-status")
            .arg("gm", format!("<@{}>", s.gm))
            .arg("episode", i64::from(s.episode))
            .arg("phase", s.phase.said())
            .arg("scene", i64::from(s.scene))
            .arg("session", i64::from(s.session_no))
            .field_keys("nw-status-pcs-head", "nw-status-pcs")
            .arg(
                "pcs",
                if pcs.is_empty() {
                    Value::from(Phrase::new("nw-status-no-pcs"))
                } else {
                    Value::Lines(pcs)
                },
            ),
    ))];
    if let Some(i) = s.pc_index(&viewer.id) {
        let p = &s.pcs[i];
        let mut live = s.live(p);
        let me = crate::combat::Who::Pc(p.user.clone());
        live.effects = crate::combat::effects::lines(s, |w| w == &me);
        out.push(Reply::private(
            &viewer.id,
            sheet::sheet(&p.ch, &cat, Some(&live)),
        ));
    }
    let gm = s.is_gm(viewer);
    if let Some(line) = casket_line(s, gm) {
        let reply = if s.casket().is_some_and(|c| c.hidden) {
            Reply::gm
        } else {
            Reply::public
        };
        out.push(reply(Message::text(line)));
    }
    // Outside a fight (a Scene effect): listed here; in one, the tracker below lists them.
    let in_force = super::combat::effects::lines(s, |w| super::combat::sees(s, false, w));
    if s.combat.is_none() && !in_force.is_empty() {
        out.push(Reply::public(Message::phrase(
            Phrase::titled("nw-fx-status-title", "nw-said").arg("line", Value::Lines(in_force)),
        )));
    }
    out.extend(super::fortress::status_replies(s, gm));
    if s.combat.is_some() {
        out.extend(
            s.tracker(Lines::new(), Lines::new())
                .into_iter()
                .filter(|r| gm || r.is_public()),
        );
    }
    out
}
