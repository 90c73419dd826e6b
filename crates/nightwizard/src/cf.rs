//! Critical and Fumble values per real-life session (§3.1): rolled on joining and by
//! `/nw session next`, shifted with CF Mod points, locked by the player or the first Judge.

use super::commands::{CfBy, CfValue, NwCommand, SessionCommand};
use super::data::NwData;
use super::judge::{roll_cf, Cf};
use super::state::{NightWizard, Pc};
use croupier_core::rng::GameRng;
use croupier_core::table::{refuse, Actor, ButtonStyle, Message, Reply, RuleError};

/// `/nw session cf`: spend a CF Mod point.
pub fn shift(
    s: &mut NightWizard,
    actor: &Actor,
    critical: bool,
    up: bool,
) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(&actor.id) else {
        return refuse("you have no PC in this session: `/nw session join`.");
    };
    let p = &s.pcs[i];
    if p.cf_locked {
        return refuse("your values are locked for this session.");
    }
    if p.cf_points <= 0 {
        return refuse("you have no CF Mod points left.");
    }
    let Some(mut cf) = p.cf else {
        return refuse("no values rolled yet.");
    };
    let d: i32 = if up { 1 } else { -1 };
    let v = if critical {
        &mut cf.critical
    } else {
        &mut cf.fumble
    };
    let nv = *v as i32 + d;
    if !(2..=12).contains(&nv) {
        return refuse("values stay between 2 and 12.");
    }
    *v = nv as u32;
    if cf.critical == cf.fumble {
        return refuse("Critical and Fumble cannot be made equal.");
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
        return refuse("you have no PC in this session.");
    };
    if s.pcs[i].cf_locked {
        return refuse("your values are already locked.");
    }
    let p = &mut s.pcs[i];
    p.cf_locked = true;
    p.cf_points = 0;
    let cf = p.cf.unwrap_or(Cf {
        critical: 0,
        fumble: 0,
    });
    Ok(vec![Reply::public(Message::text(format!(
        "{} locks Critical {} and Fumble {} for this session.",
        p.ch.name, cf.critical, cf.fumble
    )))])
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
        lines.push(format!(
            "{}: Critical {} · Fumble {}{note}",
            p.ch.name, cf.critical, cf.fumble
        ));
    }
    s.pcs = pcs;
    for p in &s.pcs {
        privates.push(Reply::private(&p.user, s.cf_message(p)));
    }
    let mut out = vec![Reply::public(Message::titled(
        format!(
            "🌙 Session {}: new Critical and Fumble values",
            s.session_no
        ),
        lines.join("\n"),
    ))];
    out.extend(privates);
    Ok(out)
}

impl NightWizard {
    /// A PC's values with the CF Mod buttons (private to the player).
    pub fn cf_message(&self, p: &Pc) -> Message {
        let (Some(r), Some(cf)) = (p.cf_rolled, p.cf) else {
            return Message::text("No values rolled.");
        };
        let mut m = Message::titled(
            format!("🎲 {}: Critical and Fumble", p.ch.name),
            format!(
                "Rolled Critical {} and Fumble {}. Now Critical **{}**, Fumble **{}**; {} CF Mod point(s) left. Each point moves one value by 1 (values stay 2-12 and different). Lock when done.",
                r.critical, r.fumble, cf.critical, cf.fumble, p.cf_points
            ),
        );
        if p.cf_points > 0 {
            m = m
                .styled_button(
                    "Critical −1",
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Critical,
                        by: CfBy::Down,
                    }),
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    "Critical +1",
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Critical,
                        by: CfBy::Up,
                    }),
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    "Fumble −1",
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Fumble,
                        by: CfBy::Down,
                    }),
                    ButtonStyle::Secondary,
                )
                .styled_button(
                    "Fumble +1",
                    &NwCommand::Session(SessionCommand::Cf {
                        value: CfValue::Fumble,
                        by: CfBy::Up,
                    }),
                    ButtonStyle::Secondary,
                );
        }
        m.styled_button(
            "Lock",
            &NwCommand::Session(SessionCommand::Lock),
            ButtonStyle::Success,
        )
    }

    /// Rolls a PC's values for this session (§3.1) and resets their CF Mod points.
    pub fn roll_values(&self, p: &mut Pc, data: &NwData, rng: &mut GameRng) -> String {
        let (cf, rerolls) = roll_cf(rng);
        p.cf_rolled = Some(cf);
        p.cf = Some(cf);
        p.cf_points = p.ch.derive(&self.cat(data)).cf_mod;
        p.cf_locked = false;
        if rerolls.is_empty() {
            String::new()
        } else {
            format!(
                " (Fumble rerolled {} time(s) for equalling the Critical)",
                rerolls.len()
            )
        }
    }
}
