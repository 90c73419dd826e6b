//! Guild-wide commands that need no session: characters (creation, edits, level up, OP,
//! export/import), sheets, and the skills, items and enemies a group adds in chat.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::character::{Catalog, Character, Custom, OwnedItem, OwnedSkill};
use super::commands::{CharacterCommand, EnemyCommand, ItemCommand, NwCommand, SkillCommand};
use super::creation::{Draft, Step};
use super::data::{
    enemy_problems, item_problems, skill_problems, stat_index, EnemyDef, ItemDef, NwData, SkillDef,
    ATTRS, GROUP1, STAT_LABEL,
};
use super::judge::Dice;
use super::sheet;
use crate::table::Commands;
use crate::table::{
    refuse, Actor, Command, Message, Place, Reply, RuleError, Select, SelectOption, UserId,
};

/// Guild-wide state: every player's characters, drafts in progress, and chat additions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct NwShared {
    /// Finished characters.
    pub characters: Vec<Character>,
    /// Characters being made, one per player.
    pub drafts: BTreeMap<String, Draft>,
    /// Skills, items and enemies added in chat.
    pub custom: Custom,
    /// Characters playing in a running session, by [`character_key`]: a character plays in one
    /// session at a time; the lock goes when it leaves or the session ends.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub playing: BTreeMap<String, Place>,
}

/// A character's id in the guild: its owner and its name (a player's names are unique,
/// compared without case, and a character playing in a session cannot be deleted).
pub fn character_key(owner: &UserId, name: &str) -> String {
    format!("{}/{}", owner.0, name.trim().to_lowercase())
}

fn held_by(held: &Place, place: &Place) -> bool {
    match place.session {
        Some(_) => held.session == place.session,
        None => held.channel == place.channel,
    }
}

/// Most characters one player may keep.
pub const MAX_CHARACTERS: usize = 20;

impl NwShared {
    /// Refuses if `name` of `owner` plays in another session than the one at `place`.
    pub fn check_free(&self, owner: &UserId, name: &str, place: &Place) -> Result<(), RuleError> {
        match self.playing.get(&character_key(owner, name)) {
            Some(h) if !held_by(h, place) => refuse(format!(
                "{name} is playing in the session in {}: a character plays in one session at a time. Leave it there (`/nw session leave`) or wait until that session ends.",
                h.mention()
            )),
            _ => Ok(()),
        }
    }

    /// Makes the locks held by the session at `place` exactly its PCs' characters (`(owner,
    /// name)`); a character another session holds keeps that lock.
    pub fn hold(&mut self, place: &Place, pcs: &[(UserId, String)]) {
        let keys: Vec<String> = pcs.iter().map(|(o, n)| character_key(o, n)).collect();
        self.playing
            .retain(|k, h| !held_by(h, place) || keys.contains(k));
        for k in keys {
            self.playing.entry(k).or_insert_with(|| place.clone());
        }
    }

    /// Frees every character the session at `place` holds; returns how many.
    pub fn release(&mut self, place: &Place) -> usize {
        let n = self.playing.len();
        self.playing.retain(|_, h| !held_by(h, place));
        n - self.playing.len()
    }

    /// The player's character named `name`, or their only one.
    pub fn find(&self, owner: &UserId, name: Option<&str>) -> Result<&Character, RuleError> {
        let i = self.find_index(owner, name)?;
        Ok(&self.characters[i])
    }

    /// Index form of [`NwShared::find`].
    pub fn find_index(&self, owner: &UserId, name: Option<&str>) -> Result<usize, RuleError> {
        let mine: Vec<usize> = (0..self.characters.len())
            .filter(|i| &self.characters[*i].owner == owner)
            .collect();
        match name {
            Some(n) => mine
                .into_iter()
                .find(|i| self.characters[*i].name.eq_ignore_ascii_case(n.trim()))
                .ok_or_else(|| RuleError::new(format!("you have no character named `{n}`."))),
            None => match mine.as_slice() {
                [] => refuse("you have no character yet: `/nw character new` makes one (add `quick:true` for a random one)."),
                [i] => Ok(*i),
                _ => refuse(format!(
                    "you have several characters; add `character:` with one of: {}.",
                    mine.iter().map(|i| self.characters[*i].name.as_str()).collect::<Vec<_>>().join(", ")
                )),
            },
        }
    }
}

fn private(a: &Actor, m: Message) -> Vec<Reply> {
    vec![Reply::private(&a.id, m)]
}

/// Parses `pacc=1 eva=-1` (commas or spaces) into a mods table.
pub fn parse_mods(s: &str) -> Result<BTreeMap<String, i32>, RuleError> {
    let mut m = BTreeMap::new();
    for part in s.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
        let (k, v) = part
            .split_once('=')
            .or_else(|| part.find(['+', '-']).map(|i| (&part[..i], &part[i..])))
            .ok_or_else(|| {
                RuleError::new(format!(
                    "`{part}`: write modifiers as stat=number, e.g. pacc=1 eva=-1"
                ))
            })?;
        let v: i32 =
            v.trim().trim_start_matches('+').parse().map_err(|_| {
                RuleError::new(format!("`{part}`: the value must be a whole number"))
            })?;
        if !(-50..=50).contains(&v) {
            return refuse(format!("`{part}`: modifiers run from -50 to 50"));
        }
        m.insert(k.trim().to_ascii_lowercase(), v);
    }
    Ok(m)
}

fn slug(name: &str) -> String {
    let s: String = name
        .trim()
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    s.trim_matches('_').chars().take(40).collect()
}

/// The message for a draft's current step, with its select menu or buttons.
pub fn step_messages(d: &Draft, cat: &Catalog) -> Vec<Message> {
    let data = cat.data;
    let sel = |placeholder: &str, opts: Vec<(String, String, Option<String>)>| Select {
        placeholder: placeholder.into(),
        command: "/nw character choose".into(),
        decision: None,
        option: "value".into(),
        options: opts
            .into_iter()
            .take(25)
            .map(|(label, value, description)| SelectOption {
                label,
                value,
                description,
            })
            .collect(),
    };
    let title = format!("🧙 Creating {}", d.name);
    match d.step(cat) {
        Step::Class => {
            let n = d.classes.len() + 1;
            let all: Vec<(String, String, Option<String>)> = data
                .classes
                .iter()
                .map(|c| {
                    let a = c
                        .attrs
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join("/");
                    (
                        c.name.clone(),
                        c.id.clone(),
                        Some(format!("attributes {a}")),
                    )
                })
                .collect();
            let half = all.len().div_ceil(2).min(25);
            let mut out = vec![Message::titled(
                title.clone(),
                format!("Step 1: pick class {n} of 2 (the same class twice is allowed). Console: `/nw character choose value:<class>`."),
            )
            .with_select(sel(&format!("Class {n} (1/2)"), all[..half].to_vec()))];
            if all.len() > half {
                out.push(
                    Message::text(format!("More classes for class {n}:"))
                        .with_select(sel(&format!("Class {n} (2/2)"), all[half..].to_vec())),
                );
            }
            out
        }
        Step::Element => {
            let n = d.elements.len() + 1;
            let hint = if n == 1 {
                " The first element is the element of your attacks."
            } else {
                ""
            };
            vec![Message::titled(
                title,
                format!("Step 3: pick element {n} of 2 (repeats allowed).{hint}"),
            )
            .with_select(sel(
                &format!("Element {n}"),
                data.elements
                    .iter()
                    .map(|e| {
                        let a = e
                            .attrs
                            .iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join("/");
                        (
                            e.name.clone(),
                            e.id.clone(),
                            Some(format!("attributes {a}, Body +{} Mind +{}", e.body, e.mind)),
                        )
                    })
                    .collect(),
            ))]
        }
        Step::Bonus => {
            let v = super::character::attributes(
                &d.classes.iter().map(String::as_str).collect::<Vec<_>>(),
                &d.elements.iter().map(String::as_str).collect::<Vec<_>>(),
                None,
                data,
            );
            vec![Message::titled(
                title,
                format!(
                    "Step 4: your attributes are {}. Put the bonus point on one.",
                    sheet_attrs(&v)
                ),
            )
            .with_select(sel(
                "Bonus attribute",
                ATTRS
                    .iter()
                    .map(|a| (a.to_string(), a.to_string(), None))
                    .collect(),
            ))]
        }
        Step::Auto(i) => {
            let class = data
                .class(&d.classes[i])
                .map(|c| c.name.clone())
                .unwrap_or_default();
            vec![Message::titled(
                title,
                format!("Step 7: {class} has several Auto skills; choose one."),
            )
            .with_select(sel(
                "Auto skill",
                d.auto_options(cat)
                    .iter()
                    .map(|s| (s.name.clone(), s.id.clone(), Some(short(&s.effect))))
                    .collect(),
            ))]
        }
        Step::Pick | Step::General => {
            let c = &data.rules.creation;
            let (what, n, of) = if d.step(cat) == Step::Pick {
                ("skill pick (your classes' skills or General skills; a pick may raise an owned skill)", d.picks_done + 1, c.skill_picks + d.owed.len())
            } else {
                ("General skill pick", d.general_done + 1, c.general_picks)
            };
            let owned: Vec<String> = d
                .skills
                .iter()
                .map(|o| {
                    format!(
                        "{} {}",
                        cat.skill(&o.id).map(|s| s.name.as_str()).unwrap_or("?"),
                        o.sl
                    )
                })
                .collect();
            vec![Message::titled(
                title,
                format!(
                    "Step 7: {what} {n} of {of}; at most SL {} at creation.\nOwned: {}",
                    c.creation_max_sl,
                    owned.join(", ")
                ),
            )
            .with_select(sel(
                "Skill",
                d.pick_options(cat)
                    .iter()
                    .map(|s| {
                        let cls = if s.is_general() {
                            "General".to_string()
                        } else {
                            data.class(&s.class)
                                .map(|c| c.name.clone())
                                .unwrap_or_default()
                        };
                        (
                            s.name.clone(),
                            s.id.clone(),
                            Some(format!(
                                "{cls} · max SL {} · {}",
                                s.max_sl,
                                short(&s.effect)
                            )),
                        )
                    })
                    .collect(),
            ))]
        }
        Step::Items => {
            let opts: Vec<_> = cat
                .items()
                .filter(|i| i.price <= d.money)
                .map(|i| {
                    (
                        format!("{} ({}k)", i.name, i.price / 1000),
                        i.id.clone(),
                        Some(short(&i.effect)),
                    )
                })
                .collect();
            let mut m = Message::titled(
                title,
                format!(
                    "Step 8: buy items with {} valco (unspent money is lost; bought items are Preserved). Press Finish when done.",
                    d.money
                ),
            )
            .styled_button("Finish", "/nw character done", crate::table::ButtonStyle::Success);
            if !opts.is_empty() {
                m = m.with_select(sel("Buy an item", opts));
            }
            vec![m]
        }
    }
}

fn sheet_attrs(a: &[i32; 6]) -> String {
    super::data::ATTR_SHORT
        .iter()
        .zip(a)
        .map(|(n, x)| format!("{n} {x}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

fn short(s: &str) -> String {
    let t: String = s.chars().take(90).collect();
    if t.len() < s.len() {
        format!("{t}…")
    } else {
        t
    }
}

/// Level-up: raise CL, then a new skill or a class change.
pub fn level_up(
    c: &mut Character,
    skill: Option<&str>,
    change: Option<(usize, &str)>,
    cat: &Catalog,
) -> Result<String, RuleError> {
    if c.level_ups == 0 {
        return refuse("no level up is allowed yet: the GM allows one in the After phase.");
    }
    let mut next = c.clone();
    next.cl += 1;
    next.level_ups -= 1;
    let mut said = vec![format!("CL {} → {}.", c.cl, next.cl)];
    let mut may_pick = true;
    if let Some((slot, class)) = change {
        let Some(def) = cat.data.class(class) else {
            return refuse(format!("`{class}` is not a class."));
        };
        if slot > 1 {
            return refuse("`slot` is 1 or 2.");
        }
        if next.classes[slot] == def.id {
            return refuse(format!("class {} is already {}.", slot + 1, def.name));
        }
        let old = next.classes[slot].clone();
        if next.attr_classes.is_none() {
            next.attr_classes = Some(next.classes.clone());
        }
        next.classes[slot] = def.id.clone();
        said.push(format!(
            "Class change: {} → {} (combat bonuses, Body and Mind recalculated; attributes unchanged).",
            cat.data.class(&old).map(|c| c.name.as_str()).unwrap_or("?"),
            def.name
        ));
        let autos: Vec<&SkillDef> = cat
            .skills()
            .filter(|s| s.class == def.id && s.is_auto())
            .collect();
        let missing: Vec<&&SkillDef> = autos.iter().filter(|s| next.sl(&s.id) == 0).collect();
        match missing.first() {
            Some(first) => {
                let chosen = skill
                    .and_then(|k| {
                        missing
                            .iter()
                            .find(|s| s.id == k || s.name.eq_ignore_ascii_case(k))
                    })
                    .unwrap_or(first);
                next.skills.push(OwnedSkill {
                    id: chosen.id.clone(),
                    sl: 1,
                });
                said.push(format!("Auto skill {}.", chosen.name));
                may_pick = false;
            }
            None => said.push(
                "You already own this class's Auto skills, so you also get a new skill.".into(),
            ),
        }
    }
    if may_pick {
        let Some(k) = skill else {
            return refuse(
                "name the new skill with `skill:` (or change class with `slot:` and `class:`).",
            );
        };
        let Some(s) = cat.skill(k) else {
            return refuse(format!("there is no skill `{k}`."));
        };
        if !s.is_general() && !next.classes.contains(&s.class) {
            return refuse(format!("{} belongs to a class you do not have.", s.name));
        }
        if s.acquire_cl > next.cl {
            return refuse(format!("{} needs CL {}.", s.name, s.acquire_cl));
        }
        if s.category == "trait" {
            return refuse(format!(
                "{} is a Trait: only at character creation.",
                s.name
            ));
        }
        if next.sl(&s.id) + 1 > s.max_sl {
            return refuse(format!("{} is at its max SL {}.", s.name, s.max_sl));
        }
        if s.category == "secret" && next.sl(&s.id) == 0 {
            let limit = if next.classes[0] == next.classes[1] {
                3
            } else {
                1
            };
            let have = next
                .skills
                .iter()
                .filter(|o| {
                    cat.skill(&o.id)
                        .is_some_and(|d| d.category == "secret" && d.class == s.class)
                })
                .count();
            if have >= limit {
                return refuse(format!("only {limit} Secret skill(s) from that class."));
            }
        }
        match next.skills.iter_mut().find(|o| o.id == s.id) {
            Some(o) => o.sl += 1,
            None => next.skills.push(OwnedSkill {
                id: s.id.clone(),
                sl: 1,
            }),
        }
        said.push(format!("New skill: {} SL {}.", s.name, next.sl(&s.id)));
    }
    let v = next.derive(cat);
    let (g1, g1m) = super::character::group1_bp(next.cl);
    let (g2, g2m) = super::character::group2_bp(next.cl);
    said.push(format!(
        "Body {} · Mind {}. BP now: group 1 {g1} total ({g1m} per stat), group 2 {g2} total ({g2m} per stat) — spend with `/nw character bp`.",
        v.body, v.mind
    ));
    *c = next;
    Ok(said.join("\n"))
}

/// Takes every allowed level up at random (quick builds with a starting CL above 1),
/// spending the BP each level gives.
pub fn auto_level(c: &mut Character, cat: &Catalog, dice: &mut impl Dice) -> Result<(), RuleError> {
    loop {
        let mut spendable: Vec<usize> = (0..8)
            .filter(|i| {
                let mut t = c.clone();
                t.bp[*i] += 1;
                t.bp_problem().is_none()
            })
            .collect();
        while let Some(i) = super::creation::pick_one(&spendable, dice) {
            c.bp[i] += 1;
            spendable.retain(|j| {
                let mut t = c.clone();
                t.bp[*j] += 1;
                t.bp_problem().is_none()
            });
        }
        if c.level_ups == 0 {
            return Ok(());
        }
        let options: Vec<String> = cat
            .skills()
            .filter(|s| level_up(&mut c.clone(), Some(&s.id), None, cat).is_ok())
            .map(|s| s.id.clone())
            .collect();
        let Some(pick) = super::creation::pick_one(&options, dice) else {
            return refuse(
                "the skill data leaves no skill to take at this level; add General skills.",
            );
        };
        level_up(c, Some(&pick), None, cat)?;
    }
}

/// Runs a guild-wide command, or `None` if it needs a session.
/// The commands that need no session (the guild's roster and its data), parsed; `None` for
/// the session's commands.
fn global_command(cmd: &Command) -> Option<Result<NwCommand, RuleError>> {
    match NwCommand::from_command(cmd) {
        Ok(c) => matches!(
            c,
            NwCommand::Character(_)
                | NwCommand::Sheet { .. }
                | NwCommand::Skill(_)
                | NwCommand::Item(_)
                | NwCommand::Rules
                | NwCommand::Enemy(EnemyCommand::List | EnemyCommand::Add { .. })
        )
        .then_some(Ok(c)),
        // A refused command reports here when its group needs no session.
        Err(e) => {
            let at = |i: usize| cmd.path.get(i).map(String::as_str).unwrap_or("");
            let global = matches!(at(1), "character" | "sheet" | "skill" | "item" | "rules")
                || (at(1) == "enemy" && matches!(at(2), "list" | "add"));
            global.then_some(Err(e))
        }
    }
}

/// Whether `cmd` is one of the commands that need no session (and so need the roster).
pub fn needs_roster(cmd: &Command) -> bool {
    global_command(cmd).is_some()
}

/// Runs a command that needs no session (characters, sheets, skills, items, enemy data);
/// `None` for the session's commands.
pub fn global(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    cmd: &Command,
    dice: &mut impl Dice,
) -> Option<Result<Vec<Reply>, RuleError>> {
    let c = match global_command(cmd)? {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    let r = match c {
        NwCommand::Character(c) => character(shared, data, actor, c, dice),
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
                let refresh = format!("/nw sheet player:{} character:\"{}\"", owner.0, c.name);
                private(
                    actor,
                    sheet::sheet(c, &cat, None).styled_button(
                        "Refresh",
                        refresh,
                        crate::table::ButtonStyle::Secondary,
                    ),
                )
            })
        }
        NwCommand::Skill(c) => skills(shared, data, actor, c),
        NwCommand::Item(c) => items(shared, data, actor, c),
        NwCommand::Enemy(c) => enemies(shared, data, actor, c),
        NwCommand::Rules => Ok(private(actor, rules_message(data))),
        _ => return None,
    };
    Some(r)
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

fn character(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: CharacterCommand,
    dice: &mut impl Dice,
) -> Result<Vec<Reply>, RuleError> {
    let custom = shared.custom.clone();
    let cat = Catalog {
        data,
        custom: &custom,
    };
    let key = actor.id.0.clone();
    match c {
        CharacterCommand::New { name, quick, cl } => {
            let name = name.as_deref().unwrap_or(&actor.name).trim().to_string();
            if name.is_empty() || name.chars().count() > 40 {
                return refuse("a character name is 1-40 characters.");
            }
            if shared
                .characters
                .iter()
                .any(|c| c.owner == actor.id && c.name.eq_ignore_ascii_case(&name))
            {
                return refuse(format!("you already have a character named {name}."));
            }
            if shared
                .characters
                .iter()
                .filter(|c| c.owner == actor.id)
                .count()
                >= MAX_CHARACTERS
            {
                return refuse(format!(
                    "you already keep {MAX_CHARACTERS} characters; delete one first."
                ));
            }
            let start_cl = cl.unwrap_or(1);
            if quick.unwrap_or(false) {
                let mut c = super::creation::quick(&name, &actor.id, &cat, dice)?;
                c.level_ups = start_cl - 1;
                auto_level(&mut c, &cat, dice)?;
                let m = sheet::sheet(&c, &cat, None);
                let line = format!(
                    "{} made {} ({}), a quick random build.",
                    actor.name,
                    c.name,
                    sheet::summary(&c, &cat)
                );
                shared.characters.push(c);
                return Ok(vec![
                    Reply::public(Message::text(line)),
                    Reply::private(&actor.id, m),
                ]);
            }
            let mut d = Draft::new(&name, &actor.id, &cat);
            d.start_cl = start_cl;
            let mut msgs = step_messages(&d, &cat);
            if start_cl > 1 {
                msgs.insert(0, Message::text(format!(
                    "Starting CL {start_cl}: after creation take {} level up(s) with `/nw character levelup`.",
                    start_cl - 1
                )));
            }
            shared.drafts.insert(key, d);
            Ok(msgs
                .into_iter()
                .map(|m| Reply::private(&actor.id, m))
                .collect())
        }
        CharacterCommand::Choose { value } => {
            let Some(d) = shared.drafts.get(&key) else {
                return refuse("you are not making a character: `/nw character new` starts one.");
            };
            let mut d = d.clone();
            let said = d.choose(&value, &cat)?;
            let mut out = vec![Reply::private(
                &actor.id,
                Message::text(format!("✅ {said}")),
            )];
            out.extend(
                step_messages(&d, &cat)
                    .into_iter()
                    .map(|m| Reply::private(&actor.id, m)),
            );
            shared.drafts.insert(key, d);
            Ok(out)
        }
        CharacterCommand::Done => {
            let Some(d) = shared.drafts.get(&key) else {
                return refuse("you are not making a character: `/nw character new` starts one.");
            };
            let c = d.finish(&cat)?;
            if shared
                .characters
                .iter()
                .any(|x| x.owner == actor.id && x.name.eq_ignore_ascii_case(&c.name))
            {
                return refuse(format!("you already have a character named {}.", c.name));
            }
            let m = sheet::sheet(&c, &cat, None);
            let line = format!(
                "{} finished {} ({}).",
                actor.name,
                c.name,
                sheet::summary(&c, &cat)
            );
            shared.drafts.remove(&key);
            shared.characters.push(c);
            Ok(vec![
                Reply::public(Message::text(line)),
                Reply::private(&actor.id, m),
            ])
        }
        CharacterCommand::Cancel => {
            if shared.drafts.remove(&key).is_none() {
                return refuse("you are not making a character.");
            }
            Ok(private(
                actor,
                Message::text("Character creation cancelled."),
            ))
        }
        CharacterCommand::List => {
            let mine: Vec<String> = shared
                .characters
                .iter()
                .filter(|c| c.owner == actor.id)
                .map(|c| format!("**{}**: {}", c.name, sheet::summary(c, &cat)))
                .collect();
            Ok(private(
                actor,
                Message::titled(
                    "Your characters",
                    if mine.is_empty() {
                        "none yet".into()
                    } else {
                        mine.join("\n")
                    },
                ),
            ))
        }
        CharacterCommand::Delete { name } => {
            let i = shared.find_index(&actor.id, Some(&name))?;
            if let Some(h) = shared
                .playing
                .get(&character_key(&actor.id, &shared.characters[i].name))
            {
                return refuse(format!(
                    "{} is playing in the session in {}; leave it there (`/nw session leave`) before deleting it.",
                    shared.characters[i].name,
                    h.mention()
                ));
            }
            let c = shared.characters.remove(i);
            Ok(private(
                actor,
                Message::text(format!("Deleted {}.", c.name)),
            ))
        }
        CharacterCommand::Export { character } => {
            let c = shared.find(&actor.id, character.as_deref())?;
            let json =
                serde_json::to_string_pretty(c).map_err(|e| RuleError::new(e.to_string()))?;
            Ok(private(
                actor,
                Message::text(format!(
                    "{} as JSON (import with `/nw character import json:…`).",
                    c.name
                ))
                .attach(format!("{}.json", slug(&c.name)), json),
            ))
        }
        CharacterCommand::Import { json } => {
            let mut c: Character = serde_json::from_str(&json)
                .map_err(|e| RuleError::new(format!("that is not a character's JSON: {e}")))?;
            c.owner = actor.id.clone();
            validate_import(&c, &cat)?;
            if shared
                .characters
                .iter()
                .any(|x| x.owner == actor.id && x.name.eq_ignore_ascii_case(&c.name))
            {
                return refuse(format!("you already have a character named {}.", c.name));
            }
            let line = format!("Imported {} ({}).", c.name, sheet::summary(&c, &cat));
            shared.characters.push(c);
            Ok(private(actor, Message::text(line)))
        }
        CharacterCommand::Equip {
            ref item,
            ref character,
        }
        | CharacterCommand::Unequip {
            ref item,
            ref character,
        } => {
            let want = matches!(c, CharacterCommand::Equip { .. });
            let sub = if want { "equip" } else { "unequip" };
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let mut c = shared.characters[i].clone();
            let Some(def) = cat.item(item) else {
                return refuse(format!("there is no item `{item}`."));
            };
            let Some(o) = c
                .items
                .iter_mut()
                .find(|o| o.id == def.id && o.equipped != want)
            else {
                return refuse(format!("{} has no {} to {sub}.", c.name, def.name));
            };
            o.equipped = want;
            if let Some(p) = c.equipment_problem(&cat) {
                return refuse(p);
            }
            shared.characters[i] = c;
            Ok(private(
                actor,
                Message::text(format!("{} {}ped.", def.name, sub)),
            ))
        }
        CharacterCommand::Note { text, character } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let text = text.unwrap_or_default();
            if text.len() > 1500 {
                return refuse("notes are at most 1500 characters.");
            }
            shared.characters[i].notes = text;
            Ok(private(actor, Message::text("Notes saved.")))
        }
        CharacterCommand::Connect { with, character } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let who = with.trim().to_string();
            let c = &mut shared.characters[i];
            if let Some(p) = c
                .connections
                .iter()
                .position(|x| x.eq_ignore_ascii_case(&who))
            {
                c.connections.remove(p);
                return Ok(private(
                    actor,
                    Message::text(format!("Connection to {who} removed.")),
                ));
            }
            if c.connections.len() >= 20 || who.len() > 80 {
                return refuse("at most 20 connections of up to 80 characters.");
            }
            c.connections.push(who.clone());
            Ok(private(
                actor,
                Message::text(format!("Connection to {who} added.")),
            ))
        }
        CharacterCommand::Levelup {
            character,
            skill,
            slot,
            class,
        } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let change = match (slot, class.as_deref()) {
                (Some(s), Some(cl)) => Some(((s - 1) as usize, cl)),
                (None, None) => None,
                _ => return refuse("a class change needs `slot:` (1 or 2) and `class:`."),
            };
            let mut c = shared.characters[i].clone();
            let said = level_up(&mut c, skill.as_deref(), change, &cat)?;
            let name = c.name.clone();
            shared.characters[i] = c;
            Ok(vec![Reply::public(Message::titled(
                format!("⬆️ {name} levels up"),
                said,
            ))])
        }
        CharacterCommand::Bp {
            stat,
            points,
            character,
        } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let Some(s) = stat_index(&stat) else {
                return refuse(format!(
                    "`{stat}` is not a combat stat: {}.",
                    STAT_LABEL.join(", ")
                ));
            };
            let n = points.unwrap_or(1);
            let mut c = shared.characters[i].clone();
            c.bp[s] += n as i32;
            if let Some(p) = c.bp_problem() {
                return refuse(p);
            }
            let g = if GROUP1.contains(&s) { 1 } else { 2 };
            let line = format!("{} puts {n} group {g} BP on {}.", c.name, STAT_LABEL[s]);
            shared.characters[i] = c;
            Ok(private(actor, Message::text(line)))
        }
        CharacterCommand::Op {
            skill,
            buy,
            character,
        } => {
            let i = shared.find_index(&actor.id, character.as_deref())?;
            let mut c = shared.characters[i].clone();
            let op = &data.rules.op;
            let line = if let Some(k) = skill.as_deref() {
                let Some(s) = cat.skill(k).filter(|s| s.is_general()) else {
                    return refuse(format!("`{k}` is not a General skill."));
                };
                if c.op < op.general_skill_cost {
                    return refuse(format!(
                        "a General skill costs {} OP; you have {}.",
                        op.general_skill_cost, c.op
                    ));
                }
                if c.sl(&s.id) + 1 > s.max_sl || s.acquire_cl > c.cl {
                    return refuse(format!("{} cannot be taken or raised now.", s.name));
                }
                c.op -= op.general_skill_cost;
                match c.skills.iter_mut().find(|o| o.id == s.id) {
                    Some(o) => o.sl += 1,
                    None => c.skills.push(OwnedSkill {
                        id: s.id.clone(),
                        sl: 1,
                    }),
                }
                format!(
                    "{} learns {} for {} OP.",
                    c.name, s.name, op.general_skill_cost
                )
            } else if let Some(k) = buy.as_deref() {
                let Some(it) = cat.item(k) else {
                    return refuse(format!("there is no item `{k}`."));
                };
                let need = (it.price - c.op_money).max(0);
                let ops = (need + op.valco_per_op - 1) / op.valco_per_op.max(1);
                if ops > c.op {
                    return refuse(format!(
                        "{} needs {ops} more OP; you have {}.",
                        it.name, c.op
                    ));
                }
                c.op -= ops;
                c.op_money += ops * op.valco_per_op - it.price;
                c.items.push(OwnedItem {
                    id: it.id.clone(),
                    equipped: false,
                    preserved: true,
                });
                format!(
                    "{} preserves {} for {ops} OP ({} valco of OP money left, lost before the next scenario).",
                    c.name, it.name, c.op_money
                )
            } else {
                return refuse("use `skill:` (a General skill for 5 OP) or `buy:` (a preserved item, 1 OP = 200,000 valco).");
            };
            shared.characters[i] = c;
            Ok(private(actor, Message::text(line)))
        }
    }
}

fn validate_import(c: &Character, cat: &Catalog) -> Result<(), RuleError> {
    if c.name.trim().is_empty() || c.name.chars().count() > 40 {
        return refuse("the name must be 1-40 characters.");
    }
    for id in &c.classes {
        if cat.data.class(id).is_none() {
            return refuse(format!("unknown class `{id}`."));
        }
    }
    for id in c.attr_classes.iter().flatten() {
        if cat.data.class(id).is_none() {
            return refuse(format!("unknown class `{id}`."));
        }
    }
    for id in &c.elements {
        if cat.data.element(id).is_none() {
            return refuse(format!("unknown element `{id}`."));
        }
    }
    if c.bonus_attr > 5 || c.cl == 0 || c.cl > 100 {
        return refuse("bonus attribute or CL out of range.");
    }
    for s in &c.skills {
        match cat.skill(&s.id) {
            Some(d) if s.sl >= 1 && s.sl <= d.max_sl => {}
            _ => return refuse(format!("skill `{}` is unknown or above its max SL.", s.id)),
        }
    }
    for i in &c.items {
        if cat.item(&i.id).is_none() {
            return refuse(format!("unknown item `{}`.", i.id));
        }
    }
    if let Some(p) = c.bp_problem().or_else(|| c.equipment_problem(cat)) {
        return refuse(p);
    }
    if c.op < 0 || c.money < 0 || c.op_money < 0 {
        return refuse("money and OP cannot be negative.");
    }
    Ok(())
}

fn skills(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: SkillCommand,
) -> Result<Vec<Reply>, RuleError> {
    let cat = Catalog {
        data,
        custom: &shared.custom,
    };
    match c {
        SkillCommand::Add {
            name,
            class,
            category,
            acquire_cl,
            max_sl,
            timing,
            check,
            target,
            range,
            cost,
            restrict,
            effect,
            mods,
        } => {
            let name = name.trim().to_string();
            let s = SkillDef {
                id: slug(&name),
                name: name.clone(),
                class: class
                    .map(|c| {
                        data.class(&c)
                            .map(|d| d.id.clone())
                            .unwrap_or_else(|| c.to_ascii_lowercase())
                    })
                    .unwrap_or_else(|| "general".into()),
                category: category.unwrap_or_default().to_ascii_lowercase(),
                acquire_cl: acquire_cl.unwrap_or(1),
                max_sl: max_sl.unwrap_or(1),
                timing: timing.unwrap_or_default(),
                check: check.unwrap_or_default(),
                target: target.unwrap_or_default(),
                range: range.unwrap_or_default(),
                cost: cost.unwrap_or_default(),
                restrict: restrict.unwrap_or_default(),
                effect: effect.unwrap_or_default(),
                mods: parse_mods(mods.as_deref().unwrap_or(""))?,
            };
            let p = skill_problems(&s, &data.classes);
            if !p.is_empty() {
                return refuse(p.join("; "));
            }
            if cat.skill(&s.id).is_some() || cat.skill(&s.name).is_some() {
                return refuse(format!("a skill named {name} already exists."));
            }
            let line = format!(
                "{} added the skill {} ({}).",
                actor.name,
                s.name,
                if s.is_general() { "General" } else { &s.class }
            );
            shared.custom.skills.push(s);
            Ok(vec![Reply::public(Message::text(line))])
        }
        SkillCommand::List { class } => {
            let class = class.map(|c| {
                data.class(&c)
                    .map(|d| d.id.clone())
                    .unwrap_or_else(|| c.to_ascii_lowercase())
            });
            let lines: Vec<String> = cat
                .skills()
                .filter(|s| class.as_ref().is_none_or(|c| &s.class == c))
                .map(|s| {
                    format!(
                        "{} ({}{}, max SL {}): {}",
                        s.name,
                        s.class,
                        if s.category.is_empty() {
                            String::new()
                        } else {
                            format!(", {}", s.category)
                        },
                        s.max_sl,
                        short(&s.effect)
                    )
                })
                .collect();
            Ok(private(
                actor,
                Message::titled(
                    "Skills",
                    if lines.is_empty() {
                        "none".into()
                    } else {
                        lines.join("\n")
                    },
                ),
            ))
        }
        SkillCommand::Show { name: k } => {
            let Some(s) = cat.skill(&k) else {
                return refuse(format!("there is no skill `{k}`."));
            };
            let mods = s
                .mods
                .iter()
                .map(|(k, v)| format!("{k} {v:+}"))
                .collect::<Vec<_>>()
                .join(", ");
            Ok(private(
                actor,
                Message::titled(
                    s.name.clone(),
                    format!(
                        "Class {} · Category {} · Acquire CL {} · Max SL {}\nTiming {} · Check {} · Target {} · Range {} · Cost {} · Restrict {}\n{}\n{}",
                        s.class, or_dash(&s.category), s.acquire_cl, s.max_sl, or_dash(&s.timing), or_dash(&s.check), or_dash(&s.target), or_dash(&s.range), or_dash(&s.cost), or_dash(&s.restrict), s.effect,
                        if mods.is_empty() { String::new() } else { format!("Modifiers per SL: {mods}") }
                    ),
                ),
            ))
        }
    }
}

fn or_dash(s: &str) -> &str {
    if s.is_empty() {
        "-"
    } else {
        s
    }
}

fn items(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: ItemCommand,
) -> Result<Vec<Reply>, RuleError> {
    let cat = Catalog {
        data,
        custom: &shared.custom,
    };
    match c {
        ItemCommand::Add {
            name,
            kind,
            slot,
            weight,
            memory,
            price,
            range,
            mods,
            effect,
        } => {
            let name = name.trim().to_string();
            let i = ItemDef {
                id: slug(&name),
                name: name.clone(),
                kind: kind.to_ascii_lowercase(),
                slot: slot.as_deref().unwrap_or("none").to_ascii_lowercase(),
                weight: weight.unwrap_or(0),
                memory: memory.unwrap_or(0),
                price: price.unwrap_or(0),
                range: range.unwrap_or_default(),
                mods: parse_mods(mods.as_deref().unwrap_or(""))?,
                effect: effect.unwrap_or_default(),
            };
            let p = item_problems(&i);
            if !p.is_empty() {
                return refuse(p.join("; "));
            }
            if cat.item(&i.id).is_some() || cat.item(&i.name).is_some() {
                return refuse(format!("an item named {name} already exists."));
            }
            let line = format!(
                "{} added the item {} ({}, {} valco).",
                actor.name, i.name, i.kind, i.price
            );
            shared.custom.items.push(i);
            Ok(vec![Reply::public(Message::text(line))])
        }
        ItemCommand::List => {
            let lines: Vec<String> = cat
                .items()
                .map(|i| {
                    let mods = i
                        .mods
                        .iter()
                        .map(|(k, v)| format!("{} {v:+}", k.to_ascii_uppercase()))
                        .collect::<Vec<_>>()
                        .join(" ");
                    format!(
                        "{} ({}, {}, weight {}, {} valco) {mods}",
                        i.name, i.kind, i.slot, i.weight, i.price
                    )
                })
                .collect();
            Ok(private(actor, Message::titled("Items", lines.join("\n"))))
        }
    }
}

fn enemies(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    c: EnemyCommand,
) -> Result<Vec<Reply>, RuleError> {
    match c {
        EnemyCommand::Add {
            name,
            kind,
            hp,
            mp,
            pacc,
            eva,
            macc,
            patk,
            matk,
            pdef,
            mdef,
            spd,
            attack,
            notes,
        } => {
            if !actor.manager {
                return refuse("only the GM (the host of this channel's session, or a channel manager) adds enemies.");
            }
            let name = name.trim().to_string();
            // In `data::STATS` order.
            let stats = [pacc, eva, macc, patk, matk, pdef, mdef, spd].map(|v| v.unwrap_or(0));
            let e = EnemyDef {
                id: slug(&name),
                name: name.clone(),
                kind: kind.as_deref().unwrap_or("guest").to_ascii_lowercase(),
                hp: hp.unwrap_or(1),
                mp: mp.unwrap_or(0),
                stats,
                attack: attack.unwrap_or_default(),
                notes: notes.unwrap_or_default(),
            };
            let p = enemy_problems(&e);
            if !p.is_empty() {
                return refuse(p.join("; "));
            }
            if data
                .enemies
                .iter()
                .chain(&shared.custom.enemies)
                .any(|x| x.id == e.id)
            {
                return refuse(format!("an enemy named {name} already exists."));
            }
            shared.custom.enemies.push(e);
            Ok(vec![Reply::gm(Message::text(format!(
                "Enemy {name} added (GM only)."
            )))])
        }
        EnemyCommand::List => {
            if !actor.manager {
                return refuse("only the GM lists enemy data.");
            }
            let lines: Vec<String> = data
                .enemies
                .iter()
                .chain(&shared.custom.enemies)
                .map(|e| {
                    format!(
                        "{} ({}) HP {} MP {} · {} · {}",
                        e.name,
                        e.kind,
                        e.hp,
                        e.mp,
                        sheet::stats_line(&e.stats),
                        e.attack
                    )
                })
                .collect();
            Ok(vec![Reply::gm(Message::titled(
                "Enemies",
                lines.join("\n"),
            ))])
        }
        // The session's enemy commands are not global (see `global_command`).
        _ => refuse("`/nwenemy spawn`, `reveal` and `note` need a session."),
    }
}

#[cfg(test)]
mod tests {
    use super::super::creation::quick;
    use super::super::data::load;
    use super::*;
    use std::path::Path;

    #[test]
    fn a_character_is_held_by_one_session_and_freed_when_it_leaves_or_the_session_ends() {
        let mut sh = NwShared::default();
        let alice = UserId::new("alice");
        let moon = Place {
            channel: "moon".into(),
            session: Some(1),
        };
        let sun = Place {
            channel: "sun".into(),
            session: Some(2),
        };
        sh.hold(&moon, &[(alice.clone(), "Ayu".into())]);
        let e = sh.check_free(&alice, "ayu", &sun).unwrap_err().0;
        assert!(
            e.starts_with("ayu is playing in the session in <#moon>"),
            "{e}"
        );
        assert!(
            sh.check_free(&alice, "Ayu", &moon).is_ok(),
            "rejoining refreshes"
        );
        // Another session's PCs never take over a held character.
        sh.hold(&sun, &[(alice.clone(), "Ayu".into())]);
        assert_eq!(sh.playing[&character_key(&alice, "Ayu")], moon);
        // Leaving (the session's PCs no longer include it) frees it; so does the end.
        sh.hold(&moon, &[]);
        assert!(sh.playing.is_empty());
        sh.hold(&moon, &[(alice.clone(), "Ayu".into())]);
        assert_eq!(sh.release(&sun), 0);
        assert_eq!(sh.release(&moon), 1);
        assert!(sh.check_free(&alice, "Ayu", &sun).is_ok());
    }

    #[test]
    fn rule_6_level_up_adds_cl_skill_and_class_body_mind() {
        let data = load(Path::new("data")).unwrap();
        let custom = Custom::default();
        let cat = Catalog {
            data: &data,
            custom: &custom,
        };
        let mut c = quick("Q", &UserId::new("a"), &cat, &mut crate::rng::seeded(3)).unwrap();
        assert!(
            level_up(&mut c.clone(), Some("sturdy_frame"), None, &cat).is_err(),
            "needs the GM's allowance"
        );
        c.level_ups = 1;
        let before = c.derive(&cat);
        let mut next = c.clone();
        let said = level_up(&mut next, Some("warded_mind"), None, &cat).unwrap();
        assert!(said.contains("CL 1 → 2"));
        let after = next.derive(&cat);
        let class_body: i32 = c.classes.iter().map(|k| data.class(k).unwrap().body).sum();
        assert_eq!(after.body - before.body, class_body);
        assert_eq!(next.level_ups, 0);
    }

    #[test]
    fn rule_7_class_change_swaps_combat_bonuses_and_gains_auto_skill() {
        let data = load(Path::new("data")).unwrap();
        let custom = Custom::default();
        let cat = Catalog {
            data: &data,
            custom: &custom,
        };
        let mut c = Character {
            name: "R".into(),
            owner: UserId::new("a"),
            classes: ["ninja".into(), "broomman".into()],
            attr_classes: None,
            cl: 1,
            elements: ["wind".into(), "light".into()],
            bonus_attr: 1,
            skills: vec![],
            bp: [0; 8],
            items: vec![],
            money: 0,
            op: 0,
            op_money: 0,
            level_ups: 1,
            connections: vec![],
            notes: String::new(),
        };
        let attrs = c.derive(&cat).attrs;
        level_up(&mut c, None, Some((1, "magus")), &cat).unwrap();
        let v = c.derive(&cat);
        assert_eq!(v.attrs, attrs, "attributes do not change");
        assert_eq!(c.sl("spell_focus"), 1, "gains the new class's Auto skill");
        // Ninja + Magus at CL 2: Body = 8 + 13 + 2 x (3 + 1), Mind = 5 + 11 + 2 x (2 + 4).
        assert_eq!((v.body, v.mind), (29, 28));
        // MACC = 5 + Ninja 0 + Magus 2 + Spell Focus 1.
        assert_eq!(v.stats[2], 8);
    }

    #[test]
    fn rule_5_step_2_quick_build_at_a_higher_starting_cl_levels_up_by_the_rules() {
        let data = load(Path::new("data")).unwrap();
        let custom = Custom::default();
        let cat = Catalog {
            data: &data,
            custom: &custom,
        };
        let mut rng = crate::rng::seeded(11);
        let mut c = quick("Q", &UserId::new("a"), &cat, &mut rng).unwrap();
        c.level_ups = 5;
        auto_level(&mut c, &cat, &mut rng).unwrap();
        assert_eq!((c.cl, c.level_ups), (6, 0));
        assert!(c.bp_problem().is_none());
        // CL 6: group 1 has 3 BP, group 2 has 6; all spendable points are spent.
        let g1: i32 = GROUP1.iter().map(|i| c.bp[*i]).sum();
        let g2: i32 = super::super::data::GROUP2.iter().map(|i| c.bp[*i]).sum();
        assert_eq!((g1, g2), (3, 6));
    }

    #[test]
    fn rule_6_3_preserving_800k_and_150k_items_costs_5_op_and_50k_is_left() {
        let data = load(Path::new("data")).unwrap();
        let mut shared = NwShared::default();
        let alice = Actor::player("alice", "alice");
        let gm = Actor {
            manager: true,
            ..Actor::player("gm", "gm")
        };
        let mut rng = crate::rng::seeded(2);
        let mut run = |a: &Actor, cmd: Command, sh: &mut NwShared| {
            global(sh, &data, a, &cmd, &mut rng).unwrap()
        };
        run(
            &alice,
            Command::new("nw character new")
                .with("name", "A")
                .with("quick", "true"),
            &mut shared,
        )
        .unwrap();
        for (name, price) in [("Big Charm", "800000"), ("Small Charm", "150000")] {
            run(
                &gm,
                Command::new("nw item add")
                    .with("name", name)
                    .with("kind", "accessory")
                    .with("price", price),
                &mut shared,
            )
            .unwrap();
        }
        shared.characters[0].op = 6;
        run(
            &alice,
            Command::new("nw character op").with("buy", "Big Charm"),
            &mut shared,
        )
        .unwrap();
        run(
            &alice,
            Command::new("nw character op").with("buy", "Small Charm"),
            &mut shared,
        )
        .unwrap();
        let c = &shared.characters[0];
        assert_eq!((c.op, c.op_money), (1, 50_000), "5 OP spent, 50k left over");
        assert!(c
            .items
            .iter()
            .filter(|i| i.id.ends_with("_charm"))
            .all(|i| i.preserved));
        assert!(run(
            &alice,
            Command::new("nw character op").with("buy", "Big Charm"),
            &mut shared
        )
        .is_err());
    }

    #[test]
    fn parse_mods_reads_both_forms() {
        let m = parse_mods("pacc=1, eva-1 patk+2").unwrap();
        assert_eq!(m.get("pacc"), Some(&1));
        assert_eq!(m.get("eva"), Some(&-1));
        assert_eq!(m.get("patk"), Some(&2));
        assert!(parse_mods("pacc").is_err());
    }
}
