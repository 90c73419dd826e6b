//! One Judge for every feature: `roll_for` rolls a PC's (or the GM's) Judge with the session's
//! Critical/Fumble values, bad-status modifiers and Any Seven rule, opens it to Prana and
//! writes its replies. Features (Fortress checks, asked Judges, Information Gathering) call it
//! with a [`JudgeRequest`]; none re-enters the dispatcher.

use super::super::character::Catalog;
use super::super::commands::{NwCommand, PranaChoice};
use super::super::data::{attr_index, stat_index, NwData, STAT_LABEL};
use super::super::state::{NightWizard, OpenJudge, Pc, SceneKind};
use super::chance::chance_values;
use super::roll::{Cf, Judge, Mode, Values};
use croupier_core::dice::percent;
use croupier_core::rng::GameRng;
use croupier_core::table::{refuse, Actor, ButtonStyle, Message, Reply, RuleError};

pub use super::super::state::JudgeRequest;

/// Information Gathering: +2 for asking an appropriate Connection (§9.2).
pub const INFO_CONNECTION_BONUS: i32 = 2;

/// A value list as the roll prints it: the roller's own value, then what skills add (`7,10`).
fn list(own: u32, more: &[u32]) -> String {
    let mut v = vec![own];
    v.extend(more.iter().filter(|m| **m != own));
    v.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The Alter a PC's sheet gives `stat`, with its name.
pub fn alter_for(p: &Pc, stat: &str, cat: &Catalog) -> (i32, String) {
    let v = p.ch.derive(cat);
    if let Some(i) = attr_index(stat) {
        (v.attrs[i], super::super::character::derive::attr_name(i))
    } else if let Some(i) = stat_index(stat) {
        (v.stats[i], STAT_LABEL[i].to_string())
    } else {
        (0, "Judge".to_string())
    }
}

/// Rolls `r` for `actor` (their PC, or the GM's Judge) and opens it to Prana (§2, §3, §4).
pub fn roll_for(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    r: &JudgeRequest,
) -> Result<Vec<Reply>, RuleError> {
    let JudgeRequest {
        stat,
        difficulty,
        modifier,
        against,
        attacker,
        recovery,
        any_seven,
        secret,
        label,
        preview,
        reaction,
        hidden,
        more_critical,
        more_fumble,
        info,
        connection,
    } = r;
    let pc = s.pc_index(&actor.id);
    // A manager who plays a PC here rolls as that PC.
    let is_gm = pc.is_none() && s.is_gm(actor);
    if !is_gm && pc.is_none() {
        return Err(crate::state::join_first());
    }
    if !is_gm && s.scene_kind() == SceneKind::Master {
        return refuse(format!(
            "Scene {} is a Master Scene, the GM's narration (§8.1): PCs act again in the next Scene.",
            s.scene
        ));
    }
    if *any_seven && !is_gm && !s.settings.anyseven_players {
        return refuse("Any Seven is for the GM unless the GM allows it (`/nw settings anyseven_players:true`).");
    }
    if against.is_some() && *recovery {
        return refuse("a Recovery Judge is not opposed.");
    }
    let cat = s.cat(data);
    let mut pre = vec![];
    let (cf, base, base_label) = match pc.filter(|_| !is_gm) {
        Some(i) => {
            let p = &s.pcs[i];
            let (alter, name) = alter_for(p, stat, &cat);
            let Some(cf) = p.cf else {
                return refuse("no Critical/Fumble values yet.");
            };
            (cf, alter, name)
        }
        None => {
            if stat != "none" {
                return refuse(
                    "the GM has no sheet: use stat:none with modifier:<the NPC's value>.",
                );
            }
            (
                Cf {
                    critical: data.rules.gm.critical,
                    fumble: data.rules.gm.fumble,
                },
                0,
                "Judge".to_string(),
            )
        }
    };
    let mut alter = base + modifier;
    let mut extra = vec![];
    if let Some(i) = pc.filter(|_| !is_gm) {
        alter += s.pcs[i].bad.judge_modifier(*reaction);
        extra.extend(s.pcs[i].bad.judge_notes(*reaction));
    }
    if let (true, Some(w)) = (*info, connection) {
        let Some(c) = s.connection_of(&actor.id, w) else {
            return refuse(format!(
                "you have no Connection to {w}: your own are on your sheet (`/nw character connect`), the Episode's come from the GM (`/nw phase connection`)."
            ));
        };
        alter += INFO_CONNECTION_BONUS;
        extra.push(format!("Connection to {c} +{INFO_CONNECTION_BONUS}"));
    }
    let mode = if *recovery {
        Mode::Recovery
    } else if against.is_some() || *attacker {
        Mode::Opposed {
            against: *against,
            attacker: *attacker,
        }
    } else {
        Mode::Normal {
            difficulty: *difficulty,
        }
    };
    pre.push(format!(
        "Alter {alter} ({base_label} {base}{}{}) · Critical {} · Fumble {}",
        if *modifier != 0 {
            format!(" {modifier:+}")
        } else {
            String::new()
        },
        if extra.is_empty() {
            String::new()
        } else {
            format!(", {}", extra.join(", "))
        },
        list(cf.critical, more_critical),
        list(cf.fumble, more_fumble)
    ));
    let more = Values {
        critical: more_critical.clone(),
        fumble: more_fumble.clone(),
    };
    if let Some(p) = chance_values(alter, cf, &more, mode, *any_seven).filter(|_| !*hidden) {
        pre.push(format!("Chance of success: {}", percent(p)));
    }
    if let Some(roll) = preview {
        let m = Message::titled(
            format!(
                "🎲 Before the roll: {}",
                if label.is_empty() { &base_label } else { label }
            ),
            pre.join("\n"),
        )
        .styled_button_line("Roll", roll.clone(), ButtonStyle::Primary);
        return Ok(vec![Reply::private(&actor.id, m)]);
    }
    // Locks values on the first Judge.
    let mut locked_note = None;
    if let Some(i) = pc.filter(|_| !is_gm) {
        if !s.pcs[i].cf_locked {
            s.pcs[i].cf_locked = true;
            s.pcs[i].cf_points = 0;
            locked_note = Some("(Critical/Fumble values locked by this first Judge.)".to_string());
        }
    }
    pre.extend(locked_note);
    let judge = Judge::roll_values(alter, cf, &more, mode, *any_seven, rng);
    let who = match pc.filter(|_| !is_gm) {
        Some(i) => s.pcs[i].ch.name.clone(),
        None => "GM".to_string(),
    };
    let label = if label.is_empty() && *info {
        format!("Information Gathering ({base_label})")
    } else if label.is_empty() {
        base_label
    } else {
        label.clone()
    };
    s.judge_seq += 1;
    let j = OpenJudge {
        user: actor.id.clone(),
        who,
        label,
        judge,
        secret: *secret,
        hide_difficulty: *hidden,
        seq: s.judge_seq,
        heal: None,
    };
    s.open.retain(|o| o.user != actor.id);
    let out = s.judge_replies(&j, data, Some(pre.join("\n")));
    s.open.push(j);
    Ok(out)
}

impl NightWizard {
    /// The Prana buttons a rolled Judge offers its roller.
    pub fn judge_buttons(&self, j: &OpenJudge) -> Vec<(String, NwCommand)> {
        let Some(i) = self.pc_index(&j.user) else {
            return vec![];
        };
        let p = &self.pcs[i];
        let prana = |c: PranaChoice| NwCommand::Prana {
            r#use: c,
            amount: None,
            logic: None,
        };
        let mut b = vec![];
        if p.prana > 0 {
            let mut t = j.judge.clone();
            let mut fake = super::roll::Fixed(vec![3, 3, 3, 3, 3, 3]);
            if t.clone().reroll(&mut fake).is_ok() {
                b.push(("Reroll (1 Prana)".into(), prana(PranaChoice::Reroll)));
            }
            if t.clone().cancel_fumble().is_ok() {
                b.push(("Cancel Fumble (1 Prana)".into(), prana(PranaChoice::Cancel)));
            }
            if t.clone()
                .fudge(true, &self.settings.judge, &mut fake)
                .is_ok()
            {
                b.push(("Fudge +1 (1 Prana)".into(), prana(PranaChoice::FudgeUp)));
            }
            if t.clone()
                .fudge(false, &self.settings.judge, &mut fake)
                .is_ok()
            {
                b.push(("Fudge −1 (1 Prana)".into(), prana(PranaChoice::FudgeDown)));
            }
            if t.raise(1, &self.settings.judge, &mut fake).is_ok() {
                b.push((
                    format!("Raise +{}D (1 Prana)", self.settings.judge.raise_dice),
                    prana(PranaChoice::Raise),
                ));
            }
        }
        b.push(("Accept".into(), prana(PranaChoice::Accept)));
        b
    }

    /// A rolled Judge as a message.
    pub fn judge_message(&self, j: &OpenJudge, data: &NwData, pre: Option<String>) -> Message {
        let o = j.judge.outcome();
        let mut body = String::new();
        if let Some(p) = pre {
            body.push_str(&p);
            body.push('\n');
        }
        body.push_str(&format!("`{}`", j.judge.line()));
        if let (
            Mode::Normal {
                difficulty: Some(d),
            },
            false,
        ) = (j.judge.mode, j.hide_difficulty)
        {
            body.push_str(&format!("\nDifficulty {d} ({})", data.difficulty_label(d)));
        }
        if j.judge.prana_spent > 0 {
            body.push_str(&format!(
                "\nPrana spent on this Judge: {}",
                j.judge.prana_spent
            ));
        }
        if o.fumble {
            body.push_str("\nFumble: the Result is the Alter − 10 (not an automatic failure).");
        }
        let title = format!("🎲 {}: {}", j.who, j.label);
        let mut m = Message::titled(title, body);
        if let Some(i) = self.pc_index(&j.user) {
            m = m.field("Prana", format!("{} left", self.pcs[i].prana));
        }
        m
    }

    /// `m` with the Prana buttons `j` offers its roller.
    pub fn with_prana_buttons(&self, j: &OpenJudge, mut m: Message) -> Message {
        for (l, c) in &self.judge_buttons(j) {
            m = m.styled_button(
                l.clone(),
                c,
                if l == "Accept" {
                    ButtonStyle::Success
                } else {
                    ButtonStyle::Primary
                },
            );
        }
        m
    }

    /// Replies for a Judge: public (or secret to roller + GM), with Prana buttons for the roller.
    pub fn judge_replies(&self, j: &OpenJudge, data: &NwData, pre: Option<String>) -> Vec<Reply> {
        let m = self.judge_message(j, data, pre.clone());
        let with_buttons = |m: Message| self.with_prana_buttons(j, m);
        if j.hide_difficulty && !j.secret {
            let mut full = j.clone();
            full.hide_difficulty = false;
            let gm = self.judge_message(&full, data, pre.clone());
            let mut out = self.judge_replies(&full, data, pre);
            out.retain(|r| !r.is_public());
            out.insert(0, Reply::public(m));
            out.push(Reply::gm(gm));
            out
        } else if j.secret {
            if self.counts_as_gm(Some(&j.user), false) {
                vec![
                    Reply::gm(with_buttons(m)),
                    Reply::public(Message::text(format!("{} rolls a secret Judge.", j.who))),
                ]
            } else {
                vec![
                    Reply::private(&j.user, with_buttons(m.clone())),
                    Reply::gm(m),
                    Reply::public(Message::text(format!("{} rolls a secret Judge.", j.who))),
                ]
            }
        } else if self.pc_index(&j.user).is_some() {
            vec![
                Reply::public(m),
                Reply::private(
                    &j.user,
                    with_buttons(Message::text("Prana options for your Judge:")),
                ),
            ]
        } else {
            vec![Reply::public(m)]
        }
    }
}

#[cfg(test)]
mod logged {
    use super::super::super::state::NwAction;
    use super::JudgeRequest;

    #[test]
    fn a_judge_logged_as_the_old_struct_variant_reads_and_writes_the_same() {
        let old = r#"{"Judge":{"against":null,"any_seven":false,"attacker":false,"critical":[7,10],"difficulty":12,"hidden":false,"label":"Dodge","modifier":1,"preview":null,"reaction":true,"recovery":false,"secret":false,"stat":"dodge"}}"#;
        let a: NwAction = serde_json::from_str(old).unwrap();
        let NwAction::Judge(r) = &a else {
            panic!("{a:?}")
        };
        assert_eq!(
            r,
            &JudgeRequest {
                stat: "dodge".into(),
                difficulty: Some(12),
                modifier: 1,
                label: "Dodge".into(),
                reaction: true,
                more_critical: vec![7, 10],
                ..JudgeRequest::default()
            }
        );
        let again: serde_json::Value = serde_json::to_value(&a).unwrap();
        assert_eq!(
            again,
            serde_json::from_str::<serde_json::Value>(old).unwrap()
        );
    }
}
