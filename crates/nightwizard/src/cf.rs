//! Critical and Fumble values per real-life session (§3.1): rolled on joining and by
//! `/nw session next`, shifted with CF Mod points, locked by the player or the first Judge.

use super::commands::{CfBy, CfValue, NwCommand, SessionCommand};
use super::data::NwData;
use super::judge::{roll_cf, Cf};
use super::state::{NightWizard, Pc};
use super::words::no;
use croupier_core::rng::GameRng;
use croupier_core::table::{english, Actor, ButtonStyle, Message, Phrase, Reply, RuleError, Value};

/// `/nw session cf`: spend a CF Mod point.
pub fn shift(
    s: &mut NightWizard,
    actor: &Actor,
    critical: bool,
    up: bool,
) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(&actor.id) else {
        return no(Phrase::new("nw-cf-no-pc"));
    };
    let p = &s.pcs[i];
    if p.cf_locked {
        return no(Phrase::new("nw-cf-locked"));
    }
    if p.cf_points <= 0 {
        return no(Phrase::new("nw-cf-no-points"));
    }
    let Some(mut cf) = p.cf else {
        return no(Phrase::new("nw-cf-not-rolled"));
    };
    let d: i32 = if up { 1 } else { -1 };
    let v = if critical {
        &mut cf.critical
    } else {
        &mut cf.fumble
    };
    let nv = *v as i32 + d;
    if !(2..=12).contains(&nv) {
        return no(Phrase::new("nw-cf-range"));
    }
    *v = nv as u32;
    if cf.critical == cf.fumble {
        return no(Phrase::new("nw-cf-equal"));
    }
    let p = &mut s.pcs[i];
    p.cf = Some(cf);
    p.cf_points -= 1;
    let m = s.cf_message(&s.pcs[i]);
    Ok(vec![Reply::private(&actor.id, m)])
}

/// `/nw session lock`.
pub fn lock(s: &mut NightWizard, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(&actor.id) else {
        return no(Phrase::new("nw-no-pc"));
    };
    if s.pcs[i].cf_locked {
        return no(Phrase::new("nw-cf-already-locked"));
    }
    let p = &mut s.pcs[i];
    p.cf_locked = true;
    p.cf_points = 0;
    let cf = p.cf.unwrap_or(Cf {
        critical: 0,
        fumble: 0,
    });
    Ok(vec![Reply::public(Message::phrase(
        Phrase::new("nw-cf-locks")
            .arg("name", p.ch.name.as_str())
            .arg("critical", i64::from(cf.critical))
            .arg("fumble", i64::from(cf.fumble)),
    ))])
}

/// `/nw session next`: a new real-life session rerolls everyone's values.
pub fn next_session(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
) -> Result<Vec<Reply>, RuleError> {
    s.session_no += 1;
    s.open.clear();
    let mut lines = vec![];
    let mut privates = vec![];
    let mut pcs = std::mem::take(&mut s.pcs);
    for p in &mut pcs {
        let note = s.roll_values(p, data, rng);
        let cf = p.cf.unwrap_or(Cf {
            critical: 0,
            fumble: 0,
        });
        lines.push(Value::from(
            Phrase::new("nw-cf-line")
                .arg("name", p.ch.name.as_str())
                .arg("critical", i64::from(cf.critical))
                .arg("fumble", i64::from(cf.fumble))
                .arg("note", note),
        ));
    }
    s.pcs = pcs;
    for p in &s.pcs {
        privates.push(Reply::private(&p.user, s.cf_message(p)));
    }
    let mut out = vec![Reply::public(Message::phrase(
        Phrase::titled("nw-cf-session-title", "nw-cf-session")
            .arg("session", i64::from(s.session_no))
            .arg("lines", Value::Lines(lines)),
    ))];
    out.extend(privates);
    Ok(out)
}

impl NightWizard {
    /// A PC's values with the CF Mod buttons (private to the player).
    pub fn cf_message(&self, p: &Pc) -> Message {
        let (Some(r), Some(cf)) = (p.cf_rolled, p.cf) else {
            return Message::phrase(Phrase::new("nw-cf-none"));
        };
        let mut m = Message::phrase(
            Phrase::titled("nw-cf-title", "nw-cf")
                .arg("name", p.ch.name.as_str())
                .arg("rolledc", i64::from(r.critical))
                .arg("rolledf", i64::from(r.fumble))
                .arg("critical", i64::from(cf.critical))
                .arg("fumble", i64::from(cf.fumble))
                .arg("points", i64::from(p.cf_points)),
        );
        if p.cf_points > 0 {
            m = m
                .labelled(&[
                    "nw-button-critical-down",
                    "nw-button-critical-up",
                    "nw-button-fumble-down",
                    "nw-button-fumble-up",
                ])
                .styled_button(
                    english("nw-button-critical-down"),
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Critical,
                        by: CfBy::Down,
                    }),
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    english("nw-button-critical-up"),
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Critical,
                        by: CfBy::Up,
                    }),
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    english("nw-button-fumble-down"),
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Fumble,
                        by: CfBy::Down,
                    }),
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    english("nw-button-fumble-up"),
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Fumble,
                        by: CfBy::Up,
                    }),
                    ButtonStyle::Secondary,
                );
        }
        m.labelled(&["nw-button-lock"]).styled_button(
            english("nw-button-lock"),
            &NwCommand::Session(SessionCommand::Lock),
            ButtonStyle::Success,
        )
    }

    /// Rolls a PC's values for this session (§3.1) and resets their CF Mod points.
    pub fn roll_values(&self, p: &mut Pc, data: &NwData, rng: &mut GameRng) -> Value {
        let (cf, rerolls) = roll_cf(rng);
        p.cf_rolled = Some(cf);
        p.cf = Some(cf);
        p.cf_points = p.ch.derive(&self.cat(data)).cf_mod;
        p.cf_locked = false;
        Value::from(Phrase::new("nw-cf-rerolled").arg("count", rerolls.len() as i64))
    }
}
