//! PCs joining, leaving and the GM's direct edits (`/nw session join|leave|set`).

use super::character::roster::NwShared;
use super::character::sheet;
use super::character::{Catalog, Character, Custom};
use super::data::NwData;
use super::judge::Cf;
use super::state::{bad_suffix, NightWizard, Pc};
use croupier_core::names::same_name;
use croupier_core::rng::GameRng;
use croupier_core::table::{refuse, Actor, Message, Reply, RuleError, UserId};

/// `/nw session join`: bring a character (or refresh/switch the one you play).
#[allow(clippy::too_many_arguments)]
pub fn join(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    character: &Character,
    custom: &Custom,
    synced: bool,
    shared: Option<&mut NwShared>,
) -> Result<Vec<Reply>, RuleError> {
    if s.counts_as_gm(Some(&actor.id), false) {
        return refuse("the GM runs the session and brings no PC.");
    }
    if character.owner != actor.id {
        return refuse("that is not your character.");
    }
    // A PC that died here and left is as Dead as the record will say at the After phase.
    let died_here = s
        .left
        .iter()
        .any(|q| q.dead && super::character::sync::is_record_of(q, character));
    if character.dead || died_here {
        return refuse(format!(
            "{} is Dead (§10.10: death is final) and joins no session; make a new character with `/nw character new`.",
            character.name
        ));
    }
    // §6 Step 2: "The default is CL 1. If the GM sets a higher starting level…": the GM's
    // `max_cl` bounds the CL a character joins at, counting the level ups it may still take.
    // Refreshing the character already in the session is not joining (it may have levelled up
    // here); switching to another one is.
    let refresh = s
        .pc_index(&actor.id)
        .is_some_and(|i| s.pcs[i].ch.name == character.name);
    if let (Some(max), false) = (s.settings.max_cl, refresh) {
        let cl = character.cl + character.level_ups;
        if cl > max {
            return refuse(format!(
                "{} is CL {cl}{} and this table takes characters up to CL {max} (the GM's `/nw settings max_cl:`); join with another character or ask the GM.",
                character.name,
                if character.level_ups > 0 {
                    format!(" counting {} level up(s) not yet taken", character.level_ups)
                } else {
                    String::new()
                }
            ));
        }
    }
    // Commands name PCs (`a:`, `target:`): two that read the same in one session could not
    // be told apart, so a character whose name reads like another player's PC here waits.
    if let Some(other) = s
        .pcs
        .iter()
        .find(|p| p.user != actor.id && same_name(&p.ch.name, &character.name))
    {
        return refuse(format!(
            "{} reads the same as {}, {}'s PC in this session, and commands name PCs by name; join with another character.",
            character.name,
            other.ch.name,
            other.user.mention()
        ));
    }
    s.custom = custom.clone();
    let cat = Catalog { data, custom };
    let v = character.derive(&cat);
    if let Some(i) = s.pc_index(&actor.id) {
        // Refresh the sheet, keep the session values (clamped to the new maxima).
        super::combat::movement::robe_check(s, &actor.id, character)?;
        if synced && s.pcs[i].ch.name == character.name {
            let note = super::character::sync::on_rejoin(s, data, character);
            let mut out = vec![Reply::public(Message::text(format!(
                "{} refreshes {} ({}).",
                actor.name,
                character.name,
                sheet::summary(&s.pcs[i].ch, &cat)
            )))];
            out.extend(note.map(|n| Reply::private(&actor.id, Message::text(n))));
            return Ok(out);
        }
        let p = &mut s.pcs[i];
        let same = p.ch.name == character.name;
        p.ch = character.clone();
        if synced {
            p.kit = p.ch.items.clone();
        }
        crate::character::sync::keep_gained(p);
        p.hp = p.hp.min(v.body);
        p.mp = p.mp.min(v.mind);
        p.prana = p.prana.min(v.prana);
        let what = if same { "refreshes" } else { "switches to" };
        return Ok(vec![Reply::public(Message::text(format!(
            "{} {what} {} ({}).",
            actor.name,
            character.name,
            sheet::summary(character, &cat)
        )))]);
    }
    if s.pcs.len() >= 12 {
        return refuse("this session already has 12 PCs.");
    }
    let mut p = Pc {
        user: actor.id.clone(),
        ch: character.clone(),
        hp: v.body,
        mp: v.mind,
        prana: v.prana,
        cf_rolled: None,
        cf: None,
        cf_points: 0,
        cf_locked: false,
        bad: Default::default(),
        avoided_scene: None,
        logics: vec![],
        dead: false,
        kit: vec![],
        gained: vec![],
        left_in_session: None,
    };
    p.ch.op_money = 0;
    let kept = synced && super::character::sync::on_first_join(s, data, &mut p, shared);
    let note = if kept {
        " (as rolled earlier this session: values are rolled once per session)".to_string()
    } else {
        s.roll_values(&mut p, data, rng)
    };
    let cf = p.cf.unwrap_or(Cf {
        critical: 0,
        fumble: 0,
    });
    let public = Message::text(format!(
        "{} joins with {} ({}). Critical {} · Fumble {}{note}.",
        actor.id.mention(),
        character.name,
        sheet::summary(character, &cat),
        cf.critical,
        cf.fumble
    ));
    let m = s.cf_message(&p);
    s.pcs.push(p);
    Ok(vec![Reply::public(public), Reply::private(&actor.id, m)])
}

/// `/nw session leave`.
pub fn leave(s: &mut NightWizard, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(&actor.id) else {
        return refuse("you have no PC in this session.");
    };
    let p = s.pcs.remove(i);
    super::character::sync::on_leave(s, &p);
    s.open.retain(|j| j.user != actor.id);
    let mut out = vec![Reply::public(Message::text(format!(
        "{} leaves the session.",
        p.ch.name
    )))];
    out.extend(super::casket::ruler_leaves(s, &actor.id));
    Ok(out)
}

/// `/nw session set` (GM): a PC's HP, MP or a bad status.
pub fn set(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    user: &UserId,
    hp: &Option<i32>,
    mp: &Option<i32>,
    status: &Option<String>,
) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(user) else {
        return refuse("that player has no PC in this session.");
    };
    let v = s.pcs[i].ch.derive(&s.cat(data));
    let mut bad = s.pcs[i].bad.clone();
    if let Some(st) = status {
        super::status::set_given(&mut bad, data, st)?;
    }
    let p = &mut s.pcs[i];
    if let Some(h) = hp {
        p.hp = (*h).clamp(0, v.body);
    }
    if let Some(m) = mp {
        p.mp = (*m).clamp(0, v.mind);
    }
    p.bad = bad;
    let incap = if p.hp == 0 {
        " — Incapacitated (2 Prana can avoid it once per Scene)"
    } else {
        ""
    };
    let mut out = vec![Reply::public(Message::text(format!(
        "{}: HP {}/{} · MP {}/{}{incap}{}",
        p.ch.name,
        p.hp,
        v.body,
        p.mp,
        v.mind,
        bad_suffix(&p.bad)
    )))];
    if p.hp == 0 {
        // §10.1: Incapacitated now: Post-action, and its own Main Process ends.
        let w = super::combat::Who::Pc(user.clone());
        out.extend(super::combat::incapacitated(s, data, rng, &w));
    }
    Ok(out)
}

#[cfg(test)]
mod name_tests {
    use crate::test_table::{alice, bob, Session as Table};
    use croupier_core::table::Actor;

    fn make(t: &mut Table, who: &Actor, name: &str) {
        t.ok(
            who,
            "nw character new",
            &[("name", name), ("quick", "true")],
        );
    }

    fn carol() -> Actor {
        Actor::player("carol", "carol")
    }

    /// Issue #39: with "Ayla", "Ayla" and "AYLA" in one session, `engage a:AYLA` engaged
    /// alice's Ayla (the first match without case) instead of carol's.
    #[test]
    fn a_pc_is_found_by_its_exact_name_first_engage_a_ayla() {
        let mut t = Table::with(&[(alice(), "Ayla"), (bob(), "Kai"), (carol(), "Rin")], 3);
        // A session from before names were checked at join: rename in place.
        t.edit(|s| {
            for p in &mut s.pcs {
                if p.user.0 == "bob" {
                    p.ch.name = "Ayla".into();
                }
                if p.user.0 == "carol" {
                    p.ch.name = "AYLA".into();
                }
            }
        });
        let who = |t: &Table, k: &str| t.s.find(k, true).map(|w| t.s.controller(&w).0);
        assert_eq!(who(&t, "AYLA").as_deref(), Some("carol"));
        assert_eq!(who(&t, "Ayla").as_deref(), Some("alice"));
        assert_eq!(who(&t, "@bob").as_deref(), Some("bob"));
        // "ayla" is spelled like none of them and reads like all three: no guess.
        assert_eq!(who(&t, "ayla"), None);
    }

    #[test]
    fn a_pc_named_like_another_players_pc_waits_to_join() {
        let mut t = Table::with(&[(alice(), "Ayla")], 4);
        for (who, name) in [(bob(), "AYLA"), (carol(), "Ayla\u{a0}")] {
            make(&mut t, &who, name);
            let e = t.err(&who, "nw session join", &[("character", name)]);
            assert!(
                e.contains("reads the same as Ayla, <@alice>'s PC in this session"),
                "{e}"
            );
        }
        // A name that reads differently joins.
        make(&mut t, &bob(), "Aylin");
        t.ok(&bob(), "nw session join", &[("character", "Aylin")]);
    }
}
