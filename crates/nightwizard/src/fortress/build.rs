//! Building a Fortress (GM): Areas, Gates and traps (§12.3–§12.5, §12.8).

use super::super::state::NightWizard;
use super::common::fortress_mut;
use super::model::{
    Area, AreaKind, Fortress, FortressAction, Gate, GateKind, Trap, TrapState, EMULATOR_SPACE_BONUS,
};
use croupier_core::table::{refuse, Message, Reply, RuleError};

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
                return refuse("an Area needs a name.");
            }
            if *exit && *kind != AreaKind::Entrance {
                return refuse("only the Entrance can serve as the exit.");
            }
            if !entry.is_none() && *kind != AreaKind::Entrance {
                return refuse("cost:, key: and keyword: are what the Entrance asks (§12.2): only for kind:entrance.");
            }
            if *emulator_space && *kind != AreaKind::Object {
                return refuse("an Emulator Space is an Object (§12.4): only for kind:object.");
            }
            if let Some(f) = s.fortress.fortress.as_ref() {
                let existing = f.area(name);
                if *kind == AreaKind::Entrance && f.entrance().is_some_and(|e| Some(e) != existing)
                {
                    return refuse("the Fortress already has an Entrance (the only way in).");
                }
                if existing.is_none() && f.areas.len() >= 40 {
                    return refuse("a Fortress holds at most 40 Areas here.");
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
                asks.push(format!("{n} {} from each PC", c.name()));
            }
            if let Some(k) = &entry.key {
                asks.push(format!("the item {k}"));
            }
            if let Some(k) = &entry.keyword {
                asks.push(format!("the keyword “{k}” (`/nwfortress dive keyword:`)"));
            }
            let space = if *emulator_space {
                format!(" Its Object is an Emulator Space: enemies +{EMULATOR_SPACE_BONUS} to all their rolls while the party is there.")
            } else {
                String::new()
            };
            Ok(vec![Reply::gm(Message::text(format!(
                "🏰 Area {name} ({}) {verb}.{}{space}",
                kind.name(),
                if asks.is_empty() {
                    String::new()
                } else {
                    format!(" To go in it asks {}.", asks.join(", "))
                }
            )))])
        }
        FortressAction::Gate {
            from,
            to,
            kind,
            uses,
        } => {
            let f = fortress_mut(s)?;
            let (Some(x), Some(y)) = (f.area(from), f.area(to)) else {
                return refuse("both ends must be Areas of the Fortress (add them first).");
            };
            if x == y {
                return refuse("a Gate joins two different Areas.");
            }
            if uses.is_some() && *kind != GateKind::Damaged {
                return refuse("uses: only for a Damaged Gate.");
            }
            if f.gates.len() >= 80 {
                return refuse("a Fortress holds at most 80 Gates here.");
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
            Ok(vec![Reply::gm(Message::text(format!(
                "🏰 Gate {n}: {}.",
                f.map(true)
                    .lines()
                    .find(|l| l.starts_with(&format!("{n}. ")))
                    .map(|l| l.trim_start_matches(&format!("{n}. ")).to_string())
                    .unwrap_or_default()
            )))])
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
                return refuse(format!("no Area is called {area}."));
            };
            if f.areas[i].kind != AreaKind::Trap {
                return refuse("traps go in Trap Areas (`/nwfortress area kind:trap`).");
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
            Ok(vec![Reply::gm(Message::text(format!(
                "🪤 Trap in {}: Detection {detection}, Removal {removal}: {effect}.",
                f.areas[i].name
            )))])
        }
        _ => refuse("that is not a Fortress building command."),
    }
}
