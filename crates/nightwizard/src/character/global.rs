//! The commands that need no session (`Game::global`): characters, sheets, skills, items,
//! enemy data and the rules reference, routed to `edit` and `catalog_cmds` over the guild's
//! roster (`roster::NwShared`).

use super::super::commands::NwCommand;
use super::super::data::NwData;
use super::super::judge::Dice;
use super::roster::{private, NwShared};
use super::{sheet, Catalog};
use croupier_core::table::Commands;
use croupier_core::table::{Actor, Command, Message, Reply, RuleError};

/// Runs a command that needs no session (characters, sheets, skills, items, enemy data): the
/// table routes here the commands `NwCommand` declares `#[cmd(guild)]`; `None` for any other.
pub fn global(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    cmd: &Command,
    dice: &mut impl Dice,
) -> Option<Result<Vec<Reply>, RuleError>> {
    let c = match NwCommand::from_command(cmd) {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    Some(match c {
        NwCommand::Character(c) => super::edit::character(shared, data, actor, c, dice),
        NwCommand::Sheet { character, player } => {
            let custom = shared.custom.clone();
            let cat = Catalog {
                data,
                custom: &custom,
            };
            let owner = player.unwrap_or(actor.id.clone());
            // Others change a sheet too (the GM's After phase, a level up): a fresh copy is
            // one press away.
            shared.find(&owner, character.as_deref()).map(|c| {
                let refresh = NwCommand::Sheet {
                    character: Some(c.name.clone()),
                    player: Some(owner.clone()),
                };
                private(
                    actor,
                    sheet::sheet(c, &cat, None)
                        .labelled(&["nw-button-refresh"])
                        .styled_button(
                            croupier_core::table::english("nw-button-refresh"),
                            &refresh,
                            croupier_core::table::ButtonStyle::Secondary,
                        ),
                )
            })
        }
        NwCommand::Skill(c) => super::catalog_cmds::skills(shared, data, actor, c),
        NwCommand::Item(c) => super::catalog_cmds::items(shared, data, actor, c),
        NwCommand::Enemy(c) => super::catalog_cmds::enemies(shared, data, actor, c),
        NwCommand::Rules => Ok(private(actor, rules_message(data))),
        _ => return None,
    })
}

fn rules_message(data: &NwData) -> Message {
    let d: Vec<String> = data
        .rules
        .difficulty
        .iter()
        .map(|d| {
            if d.max >= 999 {
                format!("{} {}+", d.label, d.min)
            } else {
                format!("{} {}–{}", d.label, d.min, d.max)
            }
        })
        .collect();
    let b: Vec<String> = data
        .rules
        .bad_status
        .iter()
        .map(|b| {
            format!(
                "**{}**{}: {} Ends: {}",
                b.name,
                if b.rated { " (n)" } else { "" },
                b.effect,
                b.ends
            )
        })
        .collect();
    Message::titled("📖 Night Wizard reference", "")
        .field("Difficulties", d.join(" · "))
        .field("Bad statuses", b.join("\n"))
        .field(
            "Critical and Fumble",
            format!(
                "PCs roll 2D for each every session (Fumble rerolled while equal); CF Mod points shift either by ±1. The GM's values are always {} and {}.",
                data.rules.gm.critical, data.rules.gm.fumble
            ),
        )
}
