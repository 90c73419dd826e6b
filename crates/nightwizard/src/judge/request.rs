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
use super::said::{self, line, lines, say};
use crate::words::no;
use croupier_core::dice::percent;
use croupier_core::i18n::{text, Locale};
use croupier_core::rng::GameRng;
use croupier_core::table::{
    english, Actor, ButtonStyle, Message, Phrase, Reply, RuleError, Said, Value,
};

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
        return no(Phrase::new("nw-data-master-scene").arg("scene", i64::from(s.scene)));
    }
    if *any_seven && !is_gm && !s.settings.anyseven_players {
        return no(Phrase::new("nw-data-anyseven-gm"));
    }
    if against.is_some() && *recovery {
        return no(Phrase::new("nw-data-recovery-opposed"));
    }
    let cat = s.cat(data);
    let mut pre = vec![];
    let (cf, base, base_label) = match pc.filter(|_| !is_gm) {
        Some(i) => {
            let p = &s.pcs[i];
            let (alter, name) = alter_for(p, stat, &cat);
            let Some(cf) = p.cf else {
                return no(Phrase::new("nw-data-no-cf"));
            };
            (cf, alter, name)
        }
        None => {
            if stat != "none" {
                return no(Phrase::new("nw-data-gm-no-sheet"));
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
            return no(Phrase::new("nw-data-no-connection").arg("with", w.as_str()));
        };
        alter += INFO_CONNECTION_BONUS;
        extra.push(Value::from(
            Phrase::new("nw-foes-note-connection")
                .arg("to", c.as_str())
                .arg("bonus", i64::from(INFO_CONNECTION_BONUS)),
        ));
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
    let extra_text = crate::words::joined("nw-join-none", extra);
    pre.push(line(
        Phrase::new("nw-judge-alter")
            .arg("alter", i64::from(alter))
            .arg("label", said::label(&base_label))
            .arg("base", i64::from(base))
            .arg(
                "modifier",
                if *modifier != 0 {
                    format!(" {modifier:+}")
                } else {
                    String::new()
                },
            )
            .arg("extra", extra_text)
            .arg("critical", list(cf.critical, more_critical))
            .arg("fumble", list(cf.fumble, more_fumble)),
    ));
    let more = Values {
        critical: more_critical.clone(),
        fumble: more_fumble.clone(),
    };
    if let Some(p) = chance_values(alter, cf, &more, mode, *any_seven).filter(|_| !*hidden) {
        pre.push(line(
            Phrase::new("nw-judge-chance").arg("chance", percent(p)),
        ));
    }
    if let Some(roll) = preview {
        let label: Value = if label.is_empty() {
            said::label(&base_label)
        } else {
            said::label(label)
        };
        let m = say(Phrase::titled("nw-judge-preview-title", "nw-judge-pre")
            .arg("label", label)
            .arg("lines", lines(pre))
            .buttons(&["nw-button-roll"]))
        .styled_button_line(
            english("nw-button-roll"),
            roll.clone(),
            ButtonStyle::Primary,
        );
        return Ok(vec![Reply::private(&actor.id, m)]);
    }
    // Locks values on the first Judge.
    let mut locked_note = None;
    if let Some(i) = pc.filter(|_| !is_gm) {
        if !s.pcs[i].cf_locked {
            s.pcs[i].cf_locked = true;
            s.pcs[i].cf_points = 0;
            locked_note = Some(line(Phrase::new("nw-judge-locked")));
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
    let out = s.judge_replies(&j, data, Some(lines(pre)));
    s.open.push(j);
    Ok(out)
}

impl NightWizard {
    /// The Prana buttons a rolled Judge offers its roller: each one's label (a message of the
    /// catalogue, given `raise`, the dice a Prana raises by) and its command.
    pub fn judge_buttons(&self, j: &OpenJudge) -> Vec<(&'static str, NwCommand)> {
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
                b.push(("nw-button-reroll", prana(PranaChoice::Reroll)));
            }
            if t.clone().cancel_fumble().is_ok() {
                b.push(("nw-button-cancel", prana(PranaChoice::Cancel)));
            }
            if t.clone()
                .fudge(true, &self.settings.judge, &mut fake)
                .is_ok()
            {
                b.push(("nw-button-fudge-up", prana(PranaChoice::FudgeUp)));
            }
            if t.clone()
                .fudge(false, &self.settings.judge, &mut fake)
                .is_ok()
            {
                b.push(("nw-button-fudge-down", prana(PranaChoice::FudgeDown)));
            }
            if t.raise(1, &self.settings.judge, &mut fake).is_ok() {
                b.push(("nw-button-raise", prana(PranaChoice::Raise)));
            }
        }
        b.push(("nw-button-accept", prana(PranaChoice::Accept)));
        b
    }

    /// A rolled Judge as a message.
    pub fn judge_message(&self, j: &OpenJudge, data: &NwData, pre: Option<Value>) -> Message {
        let o = j.judge.outcome();
        let mut body = vec![];
        body.extend(pre);
        body.push(line(
            Phrase::new("nw-judge-line").arg("line", j.judge.said_line()),
        ));
        if let (
            Mode::Normal {
                difficulty: Some(d),
            },
            false,
        ) = (j.judge.mode, j.hide_difficulty)
        {
            body.push(line(
                Phrase::new("nw-judge-difficulty")
                    .arg("difficulty", i64::from(d))
                    .arg(
                        "label",
                        said::word("nw-difficulty", data.difficulty_label(d)),
                    ),
            ));
        }
        if j.judge.prana_spent > 0 {
            body.push(line(
                Phrase::new("nw-judge-spent").arg("spent", i64::from(j.judge.prana_spent)),
            ));
        }
        if o.fumble {
            body.push(line(Phrase::new("nw-judge-fumble-note")));
        }
        let mut p = Phrase::titled("nw-judge-title", "nw-judge-body")
            .arg("who", j.who.as_str())
            .arg("label", said::label(&j.label))
            .arg("lines", lines(body));
        if let Some(i) = self.pc_index(&j.user) {
            p = p
                .field_keys("nw-judge-prana", "nw-judge-prana-left")
                .arg("prana", i64::from(self.pcs[i].prana));
        }
        say(p)
    }

    /// `m` with the Prana buttons `j` offers its roller, labelled in each reader's language
    /// when `m` is in the catalogue's words.
    pub fn with_prana_buttons(&self, j: &OpenJudge, mut m: Message) -> Message {
        let raise = i64::from(self.settings.judge.raise_dice);
        let buttons = self.judge_buttons(j);
        if let Some(Said::Phrase(p)) = &mut m.said {
            if !p.args.iter().any(|(k, _)| k == "raise") {
                p.args.push(("raise".into(), raise.into()));
            }
        }
        let keys: Vec<&str> = buttons.iter().map(|(k, _)| *k).collect();
        m = m.labelled(&keys);
        for (k, c) in &buttons {
            m = m.styled_button(
                text(Locale::En, k, &[("raise", raise.into())]),
                c,
                if *k == "nw-button-accept" {
                    ButtonStyle::Success
                } else {
                    ButtonStyle::Primary
                },
            );
        }
        m
    }

    /// Replies for a Judge: public (or secret to roller + GM), with Prana buttons for the roller.
    pub fn judge_replies(&self, j: &OpenJudge, data: &NwData, pre: Option<Value>) -> Vec<Reply> {
        let m = self.judge_message(j, data, pre.clone());
        let with_buttons = |m: Message| self.with_prana_buttons(j, m);
        let secret = || say(Phrase::new("nw-judge-secret").arg("who", j.who.as_str()));
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
                vec![Reply::gm(with_buttons(m)), Reply::public(secret())]
            } else {
                vec![
                    Reply::private(&j.user, with_buttons(m.clone())),
                    Reply::gm(m),
                    Reply::public(secret()),
                ]
            }
        } else if self.pc_index(&j.user).is_some() {
            vec![
                Reply::public(m),
                Reply::private(&j.user, with_buttons(say(Phrase::new("nw-judge-options")))),
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
