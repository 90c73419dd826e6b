//! The commands that need no session (`Game::global`): characters, sheets, skills, items,
//! enemy data and the rules reference, routed to `edit` and `catalog_cmds` over the guild's
//! roster (`roster::NwShared`).

use super::super::commands::NwCommand;
use super::super::data::NwData;
use super::super::judge::Dice;
use super::super::words::{data_word, joined};
use super::roster::{private, NwShared};
use super::{sheet, Catalog};
use croupier_core::table::said;
use croupier_core::table::Commands;
use croupier_core::table::{Actor, Command, Message, Phrase, Reply, RuleError, Value};

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
    let d: Vec<Value> = data
        .rules
        .difficulty
        .iter()
        .map(|d| {
            Value::from(
                Phrase::new("nw-rules-band")
                    .arg("band", data_word("nw-band", &d.label))
                    .arg("min", i64::from(d.min))
                    .arg("max", i64::from(d.max.min(999))),
            )
        })
        .collect();
    // The bad statuses' effects are the data's text.
    let b: Vec<Value> = data
        .rules
        .bad_status
        .iter()
        .map(|b| {
            Value::from(
                Phrase::new("nw-data-rules-bad")
                    .arg("name", b.said_name())
                    .arg("rated", if b.rated { "yes" } else { "no" })
                    .arg("effect", said::data(&b.effect, b.effect_ja.as_deref()))
                    .arg("ends", said::data(&b.ends, b.ends_ja.as_deref())),
            )
        })
        .collect();
    Message::phrase(
        Phrase::titled("nw-rules-title", "nw-rules")
            .field_keys("nw-rules-difficulties-head", "nw-rules-difficulties")
            .arg("bands", joined("nw-join-dot", d))
            .field_keys("nw-rules-bad-head", "nw-rules-bad")
            .arg("bad", Value::Lines(b))
            .field_keys("nw-rules-cf-head", "nw-rules-cf")
            .arg("critical", i64::from(data.rules.gm.critical))
            .arg("fumble", i64::from(data.rules.gm.fumble)),
    )
}
