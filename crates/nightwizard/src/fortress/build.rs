//! Building a Fortress (GM): Areas, Gates and traps (§12.3–§12.5, §12.8).

use super::super::state::NightWizard;
use super::common::fortress_mut;
use super::model::{
    Area, AreaKind, Fortress, FortressAction, Gate, GateKind, Trap, TrapState, EMULATOR_SPACE_BONUS,
};
use crate::words::{joined, no};
use croupier_core::table::{Message, Phrase, Reply, RuleError, Value};

/// Applies the building actions.
pub(super) fn apply(s: &mut NightWizard, a: &FortressAction) -> Result<Vec<Reply>, RuleError> {
    match a {
        FortressAction::Area {
            name,
            kind,
            desc,
            exit,
            entry,
            emulator_space,
        } => {
            if name.is_empty() {
                return no(Phrase::new("nw-area-no-name"));
            }
            if *exit && *kind != AreaKind::Entrance {
                return no(Phrase::new("nw-area-exit"));
            }
            if !entry.is_none() && *kind != AreaKind::Entrance {
                return no(Phrase::new("nw-area-entry"));
            }
            if *emulator_space && *kind != AreaKind::Object {
                return no(Phrase::new("nw-area-emulator"));
            }
            if let Some(f) = s.fortress.fortress.as_ref() {
                let existing = f.area(name);
                if *kind == AreaKind::Entrance && f.entrance().is_some_and(|e| Some(e) != existing)
                {
                    return no(Phrase::new("nw-area-entrance-taken"));
                }
                if existing.is_none() && f.areas.len() >= 40 {
                    return no(Phrase::new("nw-areas-max").arg("max", 40));
                }
            }
            let f = s.fortress.fortress.get_or_insert_with(Fortress::default);
            let existing = f.area(name);
            let area = Area {
                name: name.clone(),
                kind: *kind,
                desc: desc.clone(),
                trap: None,
                cleared: false,
                exit: *exit,
                entry: entry.clone(),
                emulator_space: *emulator_space,
            };
            let verb = match existing {
                Some(i) => {
                    let old = &mut f.areas[i];
                    let trap = if *kind == AreaKind::Trap {
                        old.trap.take()
                    } else {
                        None
                    };
                    *old = Area { trap, ..area };
                    "changed"
                }
                None => {
                    f.areas.push(area);
                    "added"
                }
            };
            let mut asks = vec![];
            if let Some((c, n)) = entry.cost {
                asks.push(Value::from(
                    Phrase::new("nw-area-asks-cost")
                        .arg("amount", i64::from(n))
                        .arg("cost", c.said()),
                ));
            }
            if let Some(k) = &entry.key {
                asks.push(Value::from(
                    Phrase::new("nw-area-asks-key").arg("item", k.as_str()),
                ));
            }
            if let Some(k) = &entry.keyword {
                asks.push(Value::from(
                    Phrase::new("nw-area-asks-keyword").arg("keyword", k.as_str()),
                ));
            }
            let asks = if asks.is_empty() {
                Value::from("")
            } else {
                Value::from(Phrase::new("nw-area-asks").arg("asks", joined("nw-join-comma", asks)))
            };
            Ok(vec![Reply::gm(Message::phrase(
                Phrase::new("nw-area-built")
                    .arg("name", name.as_str())
                    .arg("kind", kind.said())
                    .arg("verb", verb)
                    .arg("asks", asks)
                    .arg("space", if *emulator_space { "yes" } else { "no" })
                    .arg("bonus", i64::from(EMULATOR_SPACE_BONUS)),
            ))])
        }
        FortressAction::Gate {
            from,
            to,
            kind,
            uses,
        } => {
            let f = fortress_mut(s)?;
            let (Some(x), Some(y)) = (f.area(from), f.area(to)) else {
                return no(Phrase::new("nw-gate-ends"));
            };
            if x == y {
                return no(Phrase::new("nw-gate-same"));
            }
            if uses.is_some() && *kind != GateKind::Damaged {
                return no(Phrase::new("nw-gate-uses"));
            }
            if f.gates.len() >= 80 {
                return no(Phrase::new("nw-gates-max").arg("max", 80));
            }
            f.gates.push(Gate {
                from: x,
                to: y,
                kind: *kind,
                uses: *uses,
                revealed: false,
                open: false,
            });
            let n = f.gates.len();
            Ok(vec![Reply::gm(Message::phrase(
                Phrase::new("nw-gate-built")
                    .arg("n", n as i64)
                    .arg("gate", f.gate_said(n - 1)),
            ))])
        }
        FortressAction::Trap {
            area,
            detection,
            removal,
            effect,
            damage,
        } => {
            let f = fortress_mut(s)?;
            let Some(i) = f.area(area) else {
                return no(Phrase::new("nw-no-area").arg("name", area.as_str()));
            };
            if f.areas[i].kind != AreaKind::Trap {
                return no(Phrase::new("nw-trap-area"));
            }
            f.areas[i].trap = Some(Trap {
                detection: *detection,
                removal: *removal,
                effect: effect.clone(),
                damage: damage.clone(),
                state: TrapState::Armed,
                identified: vec![],
                failed: vec![],
            });
            Ok(vec![Reply::gm(Message::phrase(
                Phrase::new("nw-trap-built")
                    .arg("area", f.areas[i].name.as_str())
                    .arg("detection", i64::from(*detection))
                    .arg("removal", i64::from(*removal))
                    .arg("effect", effect.as_str()),
            ))])
        }
        _ => no(Phrase::new("nw-not-building")),
    }
}
