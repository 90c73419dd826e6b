//! The dispatcher: `/nw new` (`open`), turning a typed command into an [`NwAction`] (`action`) and routing
//! each action to the feature that applies it (`apply`). Features never call back up here.

use super::character::roster::NwShared;
use super::character::Custom;
use super::combat::CombatAction;
use super::commands::{
    CfBy, CfValue, CombatCommand, EnemyCommand, NwCommand, PhaseCommand, PranaChoice, RaiseDice,
    SessionCommand,
};
use super::data::{attr_index, stat_index, NwData, ATTRS, STAT_LABEL};
use super::judge::{self, JudgeRequest, JudgeRules, Values};
use super::state::{NightWizard, NwAction, Phase, PranaUse, SceneKind, Settings};
use super::words::{joined, no};
use croupier_core::rng::GameRng;
use croupier_core::table::{
    english, Actor, Choices, Commands, Decision, Message, Phrase, Reply, RuleError, Value,
};

/// `/nw new`: the host is the GM.
pub fn open(
    data: &NwData,
    host: &Actor,
    cmd: NwCommand,
    custom: Custom,
) -> Result<(NightWizard, Vec<Reply>), RuleError> {
    let NwCommand::New {
        raise,
        fudge_repeat,
    } = cmd
    else {
        return no(Phrase::new("nw-open-with-new"));
    };
    let judge = JudgeRules {
        raise_dice: raise.map_or(2, RaiseDice::dice),
        fudge_repeat: fudge_repeat.unwrap_or(false),
    };
    let s = NightWizard {
        enemy_names_ja: super::state::EnemyNamesJa::of(data),
        gm: host.id.clone(),
        settings: Settings {
            judge,
            anyseven_players: false,
            appearance: false,
            appearance_dc: None,

            natural: Default::default(),
            map_kinds: false,
            enemy_vitals: false,
            max_cl: None,
        },
        phase: Phase::Preplay,
        episode: 1,
        scene: 0,
        session_no: 1,
        pcs: vec![],
        open: vec![],
        custom,
        enemies: vec![],
        combat: None,
        gm_notes: vec![],
        fortress: Default::default(),
        asks: vec![],
        ask_seq: 0,
        judge_seq: 0,
        scene_mark: None,
        handout: Default::default(),
        left: vec![],
        effects: Default::default(),
        // Not on here: a replay runs `new` again under today's rules (see the field).
        prana_windows: false,
    };
    let m = Message::phrase(
        Phrase::titled("nw-open-title", "nw-open")
            .arg("gm", host.id.mention())
            .arg("raise", i64::from(judge.raise_dice))
            .arg("critical", i64::from(data.rules.gm.critical))
            .arg("fumble", i64::from(data.rules.gm.fumble))
            .buttons(&["nw-button-join"]),
    )
    .button(
        english("nw-button-join"),
        &NwCommand::Session(SessionCommand::Join { character: None }),
    );
    Ok((s, vec![Reply::public(m)]))
}

/// Turns a parsed command into an action; joining takes the character's snapshot from the
/// roster.
pub fn action(
    s: &NightWizard,
    actor: &Actor,
    cmd: NwCommand,
    data: &NwData,
    shared: &NwShared,
) -> Result<NwAction, RuleError> {
    use super::combat::{attack, model, movement};
    let flag = |b: Option<bool>| b.unwrap_or(false);
    // The command as typed, for a preview's Roll button.
    let typed = cmd.to_command();
    let action = match cmd {
        NwCommand::Give { item, to } => NwAction::Combat(CombatAction::Give {
            item: item.trim().chars().take(80).collect(),
            to: to.trim().chars().take(80).collect(),
        }),
        NwCommand::Session(c) => match c {
            SessionCommand::Join { character } => {
                let c = shared.find(&actor.id, character.as_deref())?;
                NwAction::Join {
                    character: Box::new(c.clone()),
                    custom: Box::new(shared.custom.clone()),
                    synced: true,
                }
            }
            SessionCommand::Leave => NwAction::Leave,
            SessionCommand::Cf { value, by } => NwAction::CfShift {
                critical: value == CfValue::Critical,
                up: by == CfBy::Up,
            },
            SessionCommand::Lock => NwAction::CfLock,
            SessionCommand::Next => NwAction::NextSession,
            SessionCommand::Set {
                player,
                hp,
                mp,
                status,
            } => NwAction::Set {
                user: player,
                hp: hp.map(|v| v.clamp(-9999, 99_999) as i32),
                mp: mp.map(|v| v.clamp(-9999, 99_999) as i32),
                status: status.map(|s| s.to_ascii_lowercase()),
            },
        },
        NwCommand::Phase(PhaseCommand::Next { op, levelup }) => NwAction::PhaseNext {
            op: op.unwrap_or(data.rules.op.min),
            no_level_up: levelup == Some(false),
        },
        NwCommand::Phase(PhaseCommand::Scene { kind }) => match kind.unwrap_or_default() {
            SceneKind::Normal => NwAction::Scene,
            k => NwAction::SceneOf(k),
        },
        NwCommand::Phase(PhaseCommand::Handout { trailer }) => {
            NwAction::Trailer(trailer.trim().chars().take(1000).collect())
        }
        NwCommand::Phase(PhaseCommand::Connection {
            player,
            with,
            worth,
        }) => NwAction::Connection {
            user: player,
            with: with.trim().chars().take(80).collect(),
            worth: worth.unwrap_or(0).clamp(0, 1_000_000) as u32,
        },
        NwCommand::Phase(PhaseCommand::Gear { player, with, item }) => NwAction::Gear {
            user: player,
            with: with.trim().to_string(),
            item: item.trim().to_string(),
        },
        NwCommand::Judge {
            stat,
            difficulty,
            modifier,
            against,
            attacker,
            recovery,
            anyseven,
            secret,
            label,
            preview,
            reaction,
            critical,
            fumble,
            info,
            connection,
        } => {
            let stat = stat.to_ascii_lowercase();
            if flag(info) && attr_index(&stat).is_none() {
                return crate::words::no(
                    Phrase::new("nw-judge-info-attr").arg("attrs", ATTRS.join(", ")),
                );
            }
            if connection.is_some() && !flag(info) {
                return crate::words::no(Phrase::new("nw-judge-connection-info"));
            }
            let critical = match critical {
                Some(l) => Values::parse(&l, "Critical")?,
                None => vec![],
            };
            let fumble = match fumble {
                Some(l) => Values::parse(&l, "Fumble")?,
                None => vec![],
            };
            if let Some(both) = critical.iter().find(|c| fumble.contains(c)) {
                return crate::words::no(Phrase::new("nw-judge-both").arg("value", *both as i64));
            }
            if stat != "none" && attr_index(&stat).is_none() && stat_index(&stat).is_none() {
                return crate::words::no(
                    Phrase::new("nw-judge-stat-unknown")
                        .arg("stat", stat.as_str())
                        .arg("attrs", ATTRS.join(", "))
                        .arg("stats", STAT_LABEL.join(", ").to_ascii_lowercase()),
                );
            }
            let n = |v: Option<i64>| v.map(|v| v as i32);
            NwAction::Judge(JudgeRequest {
                stat,
                difficulty: n(difficulty),
                modifier: n(modifier).unwrap_or(0),
                against: n(against),
                attacker: flag(attacker),
                recovery: flag(recovery),
                any_seven: flag(anyseven),
                secret: flag(secret),
                label: label.unwrap_or_default().chars().take(80).collect(),
                preview: if flag(preview) {
                    let mut roll = typed.clone();
                    roll.options.remove("preview");
                    Some(roll.to_string())
                } else {
                    None
                },
                reaction: flag(reaction),
                hidden: false,
                more_critical: critical,
                more_fumble: fumble,
                info: flag(info),
                connection: connection.map(|c| c.trim().chars().take(80).collect()),
            })
        }
        NwCommand::Prana {
            r#use,
            amount,
            logic,
        } => {
            let amount = amount.unwrap_or(1);
            NwAction::Prana(match r#use {
                PranaChoice::Reroll => PranaUse::Reroll,
                PranaChoice::Cancel => PranaUse::Cancel,
                PranaChoice::FudgeUp => PranaUse::Fudge(true),
                PranaChoice::FudgeDown => PranaUse::Fudge(false),
                PranaChoice::Raise => PranaUse::Raise(amount),
                PranaChoice::Accept => PranaUse::Accept,
                PranaChoice::Cost => PranaUse::Cost(amount),
                PranaChoice::Avoid => PranaUse::Avoid,
                PranaChoice::Logic => {
                    let Some(logic) = logic else {
                        return crate::words::no(Phrase::new("nw-prana-which-logic"));
                    };
                    PranaUse::Logic(logic.trim().chars().take(80).collect())
                }
            })
        }
        NwCommand::Enemy(EnemyCommand::Spawn {
            name,
            r#as,
            hidden,
            hp,
            guest,
            incomplete,
        }) => NwAction::Combat(attack::lower_spawn(
            s,
            actor,
            attack::SpawnRequest {
                name,
                label: r#as,
                hidden: flag(hidden),
                hp,
                guest: flag(guest),
                incomplete: flag(incomplete),
            },
            data,
            shared,
        )?),
        NwCommand::Enemy(EnemyCommand::Identify { target }) => NwAction::Combat(
            CombatAction::Identify(target.trim().chars().take(40).collect()),
        ),
        NwCommand::Enemy(EnemyCommand::Reveal { label }) => {
            NwAction::Combat(CombatAction::Reveal(label.trim().to_string()))
        }
        NwCommand::Enemy(EnemyCommand::Set {
            label,
            hp,
            mp,
            status,
        }) => NwAction::Combat(CombatAction::SetEnemy {
            label: label.trim().to_string(),
            hp: hp.map(|v| v as i32),
            mp: mp.map(|v| v as i32),
            status: status.map(|t| t.trim().to_ascii_lowercase()),
        }),
        NwCommand::Enemy(EnemyCommand::Remove { label }) => {
            NwAction::Combat(CombatAction::Remove(label.trim().to_string()))
        }
        NwCommand::Enemy(EnemyCommand::Note { text }) => {
            NwAction::Combat(CombatAction::Note(text.chars().take(300).collect()))
        }
        NwCommand::Combat(c) => NwAction::Combat(match c {
            CombatCommand::Start { anyseven } => CombatAction::Open {
                any_seven: flag(anyseven),
                windows: true,
            },
            CombatCommand::End => CombatAction::End,
            CombatCommand::Engage { a, b } => CombatAction::Engage(a, b),
            CombatCommand::Go { who } => CombatAction::Go(who),
            CombatCommand::Invade { target } => CombatAction::Invade(target),
            CombatCommand::Withdraw => CombatAction::Withdraw,
            CombatCommand::Minor => CombatAction::Minor,
            CombatCommand::Blockade { enemy } => CombatAction::Blockade(enemy),
            CombatCommand::Attack {
                target,
                magic,
                targets,
                area,
                fullhit,
                with,
            } => attack::lower_attack(target, magic, targets, area, fullhit, with)?,
            CombatCommand::Dodge { who, full } => attack::lower_dodge(who, full),
            CombatCommand::Damage => CombatAction::RollDamage,
            CombatCommand::Apply => CombatAction::ApplyDamage,
            CombatCommand::Coverup { who, r#for } => attack::lower_coverup(who, r#for),
            CombatCommand::Pass => CombatAction::Pass,
            CombatCommand::Move {
                to,
                with,
                range,
                steps,
            } => CombatAction::Move(movement::lower_move(to, with, range, steps)?),
            CombatCommand::Fly { land, who } => CombatAction::Move(model::MoveAction::Fly {
                land: flag(land),
                who,
            }),
            CombatCommand::Appear => CombatAction::Move(model::MoveAction::Appear),
            CombatCommand::Mount { with } => CombatAction::Move(model::MoveAction::Mount {
                with: with.map(|w| w.trim().to_string()),
            }),
            CombatCommand::Dismount => CombatAction::Move(model::MoveAction::Dismount),
            CombatCommand::Range { who, band } => CombatAction::Move(model::MoveAction::Place {
                who,
                band: movement::band_of(band),
            }),
            CombatCommand::Heal {
                target,
                recovery,
                mp,
                who,
            } => CombatAction::Heal {
                target,
                recovery,
                mp: flag(mp),
                who,
                windows: true,
            },
            CombatCommand::Use {
                skill,
                item,
                target,
                targets,
                who,
                with,
            } => CombatAction::Use {
                with: with.map(|w| w.trim().chars().take(80).collect()),
                skill,
                item,
                // Several targets travel as one comma-separated list, as the attack's do.
                target: match (target, targets) {
                    (Some(a), Some(b)) => Some(format!("{a}, {b}")),
                    (a, b) => a.or(b),
                },
                who,
            },
            CombatCommand::EndEffect { number } => CombatAction::EndEffect(number),
            CombatCommand::Skip { who } => CombatAction::Skip(who),
            CombatCommand::Cure { target, status } => CombatAction::Cure { target, status },
        }),
        NwCommand::Settings {
            raise,
            fudge_repeat,
            anyseven_players,
            appearance,
            appearance_dc,
            natural_recovery,
            map_kinds,
            enemy_vitals,
            max_cl,
        } => NwAction::Settings {
            raise_dice: raise.map(RaiseDice::dice),
            fudge_repeat,
            anyseven_players,
            appearance,
            appearance_dc,
            natural: natural_recovery,
            map_kinds,
            enemy_vitals,
            max_cl,
        },
        NwCommand::Rest { mode, player } => NwAction::Rest {
            mode,
            user: player,
            windows: true,
        },
        NwCommand::Fortress(c) => NwAction::Fortress(super::fortress::lower(c)?),
        NwCommand::Casket(c) => NwAction::Fortress(super::fortress::FortressAction::Casket(
            super::casket::lower(c),
        )),
        NwCommand::Ask {
            player,
            stat,
            difficulty,
            label,
            hidden,
            cancel,
        } => super::ask::lower_ask(player, stat, difficulty, label, hidden, cancel)?,
        NwCommand::Answer { id } => NwAction::Ask(super::ask::AskAction::Answer(id)),
        other => {
            return crate::words::no(
                Phrase::new("nw-not-session-command").arg("path", other.path().unwrap_or_default()),
            )
        }
    };
    Ok(super::character::sync::wrap(
        s, data, &actor.id, shared, action,
    ))
}

/// Applies an action.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    shared: Option<&mut NwShared>,
    rng: &mut GameRng,
    actor: &Actor,
    action: &NwAction,
) -> Result<Vec<Reply>, RuleError> {
    match action {
        NwAction::Refreshed { refresh, action } => {
            super::character::sync::apply_refreshed(s, data, shared, refresh, action, |s, sh, a| {
                apply(s, data, sh, rng, actor, a)
            })
        }
        NwAction::Join {
            character,
            custom,
            synced,
        } => super::pcs::join(s, data, rng, actor, character, custom, *synced, shared),
        NwAction::Leave => super::pcs::leave(s, actor),
        NwAction::CfShift { critical, up } => super::cf::shift(s, actor, *critical, *up),
        NwAction::CfLock => super::cf::lock(s, actor),
        NwAction::NextSession => super::cf::next_session(s, data, rng),
        NwAction::Set {
            user,
            hp,
            mp,
            status,
        } => super::pcs::set(s, data, rng, user, hp, mp, status),
        NwAction::Scene => super::phase::scene(s, SceneKind::Normal),
        NwAction::SceneOf(k) => super::phase::scene(s, *k),
        NwAction::Trailer(t) => super::phase::trailer(s, t),
        NwAction::Connection { user, with, worth } => {
            super::phase::connection(s, user, with, *worth)
        }
        NwAction::Gear { user, with, item } => super::phase::gear(s, data, user, with, item),
        NwAction::PhaseNext { op, no_level_up } => {
            super::phase::next(s, data, shared, *op, !no_level_up)
        }
        NwAction::Judge(r) => {
            let mut warn = vec![];
            if s.phase == Phase::Opening {
                warn.push(opening_warning("dice"));
            }
            // Skills in force on an Information Gathering Check (Street Network) count here;
            // one lasting a Judge is used up by it (not by a preview).
            let me = super::combat::Who::Pc(actor.id.clone());
            let (bonus, shown, used) = if r.info && !s.is_gm(actor) {
                super::combat::effects::gathering_bonus(s, &me)
            } else {
                (0, vec![], vec![])
            };
            let mut r = r.clone();
            r.modifier += bonus;
            warn.extend(judge::roll_for(s, data, rng, actor, &r)?);
            if !shown.is_empty() {
                let m = crate::judge::said::say(
                    Phrase::new("nw-fx-in-judge")
                        .arg("effects", crate::words::joined("nw-join-comma", shown)),
                );
                warn.push(if r.secret {
                    Reply::private(&actor.id, m)
                } else {
                    Reply::public(m)
                });
            }
            if r.preview.is_none() {
                super::combat::effects::use_up(s, &used);
                super::combat::effects::judged(s, &me);
            }
            Ok(warn)
        }
        NwAction::Prana(u) => {
            let mut r = super::prana::prana(s, data, rng, actor, u)?;
            super::combat::sync_open(s);
            super::fortress::sync_open(s);
            r.extend(super::combat::after_prana(s, data, rng, &actor.id));
            Ok(r)
        }
        NwAction::Combat(a) => {
            let start = matches!(a, CombatAction::Open { .. });
            if start && s.scene_kind() == SceneKind::Master {
                return no(Phrase::new("nw-master-no-combat").arg("scene", i64::from(s.scene)));
            }
            let mut out = super::combat::apply(s, data, rng, actor, a)?;
            if start {
                // The fight an Enemy Area holds the party for has begun (§12.4); after it the
                // party goes on.
                if let Some(d) = s.fortress.fortress.as_mut().and_then(|f| f.dive.as_mut()) {
                    d.held = false;
                }
            }
            if start && s.phase == Phase::Opening {
                out.insert(0, opening_warning("combat"));
            }
            Ok(out)
        }
        NwAction::Settings {
            raise_dice,
            fudge_repeat,
            anyseven_players,
            appearance,
            appearance_dc,
            natural,
            map_kinds,
            enemy_vitals,
            max_cl,
        } => {
            // The Appearance Check settings are set there; their words are said here.
            super::combat::movement::settings(s, *appearance, *appearance_dc);
            let mut more = vec![Value::from(
                Phrase::new("nw-settings-appearance")
                    .arg("on", yes(s.settings.appearance))
                    .arg("dc", i64::from(s.settings.appearance_dc.unwrap_or(10))),
            )];
            if let Some(n) = max_cl {
                s.settings.max_cl = (*n > 0).then_some(*n);
                more.push(Value::from(
                    Phrase::new("nw-settings-max-cl")
                        .arg("cl", i64::from(s.settings.max_cl.unwrap_or(0))),
                ));
            }
            if let Some(v) = enemy_vitals {
                s.settings.enemy_vitals = *v;
            }
            if let Some(k) = map_kinds {
                s.settings.map_kinds = *k;
                more.push(Value::from(
                    Phrase::new("nw-settings-map-kinds").arg("on", yes(*k)),
                ));
            }
            if let Some(n) = natural {
                s.settings.natural = *n;
            }
            if let Some(r) = raise_dice {
                s.settings.judge.raise_dice = *r;
            }
            if let Some(f) = fudge_repeat {
                s.settings.judge.fudge_repeat = *f;
            }
            if let Some(a) = anyseven_players {
                s.settings.anyseven_players = *a;
            }
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nw-settings")
                    .arg("raise", i64::from(s.settings.judge.raise_dice))
                    .arg("fudge", yes(s.settings.judge.fudge_repeat))
                    .arg("anyseven", yes(s.settings.anyseven_players))
                    .arg("natural", Choices::value(&s.settings.natural))
                    .arg(
                        "reading",
                        match s.settings.natural {
                            super::combat::recovery::NaturalReading::Minus => "minus",
                            super::combat::recovery::NaturalReading::Divide => "divide",
                        },
                    )
                    .arg("vitals", yes(s.settings.enemy_vitals))
                    .arg("more", joined("nw-join-none", more)),
            ))])
        }
        NwAction::Fortress(a) => super::fortress::apply(s, data, rng, actor, a),

        NwAction::Rest {
            mode,
            user,
            windows,
        } => {
            s.prana_windows |= *windows;
            super::combat::recovery::rest(s, data, rng, *mode, user.as_ref())
        }
        NwAction::Ask(a) => super::ask::apply(s, data, rng, actor, a),
    }
}

/// The Opening Phase's introductory Scenes should hold no combat and no dice rolls (§8.2): the
/// table goes on, with a word to the GM.
fn opening_warning(what: &str) -> Reply {
    Reply::public(Message::phrase(
        Phrase::new("nw-opening-warning").arg("what", what),
    ))
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

impl NightWizard {
    /// What the session waits for outside combat: each open Judge's Prana window (until
    /// accepted, or replaced by that player's next Judge) and each PC's Critical/Fumble
    /// adjustment (until locked). Another player joining or rolling settles neither.
    pub fn session_decisions(&self) -> Vec<Decision> {
        let mut out: Vec<Decision> = self
            .open
            .iter()
            .map(|j| {
                Decision::new(
                    format!("j{}", j.seq),
                    Phrase::new("nw-decision-prana")
                        .arg("name", j.who.as_str())
                        .arg("judge", judge::said::label(&j.label)),
                    Some(&j.user),
                    &["nw prana"],
                )
            })
            .collect();
        for p in &self.pcs {
            if let (Some(r), false) = (p.cf_rolled, p.cf_locked) {
                // The values belong to a real-life session (§3.1): a new session (or a re-join)
                // rolls new ones, and the old buttons must not move them.
                out.push(Decision::new(
                    format!(
                        "s{}-cf-{}-{}.{}",
                        self.session_no,
                        super::combat::key_part(&p.user.0),
                        r.critical,
                        r.fumble
                    ),
                    Phrase::new("nw-decision-cf").arg("name", p.ch.name.as_str()),
                    Some(&p.user),
                    &["nw session cf", "nw session lock"],
                ));
            }
        }
        out
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
