//! PCs joining, leaving and the GM's direct edits (`/nw session join|leave|set`).

use super::character::roster::NwShared;
use super::character::sheet;
use super::character::{Catalog, Character, Custom};
use super::data::NwData;
use super::judge::Cf;
use super::state::{bad_suffix_said, NightWizard, Pc};
use super::words::no;
use croupier_core::names::same_name;
use croupier_core::rng::GameRng;
use croupier_core::table::{Actor, Message, Phrase, Reply, RuleError, UserId, Value};

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
        return no(Phrase::new("nw-join-gm"));
    }
    if character.owner != actor.id {
        return no(Phrase::new("nw-join-not-yours"));
    }
    // A PC that died here and left is as Dead as the record will say at the After phase.
    let died_here = s
        .left
        .iter()
        .any(|q| q.dead && super::character::sync::is_record_of(q, character));
    if character.dead || died_here {
        return no(Phrase::new("nw-join-dead").arg("name", character.name.as_str()));
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
            return no(Phrase::new("nw-join-max-cl")
                .arg("name", character.name.as_str())
                .arg("cl", i64::from(cl))
                .arg("pending", i64::from(character.level_ups))
                .arg("max", i64::from(max)));
        }
    }
    // Commands name PCs (`a:`, `target:`): two that read the same in one session could not
    // be told apart, so a character whose name reads like another player's PC here waits.
    if let Some(other) = s
        .pcs
        .iter()
        .find(|p| p.user != actor.id && same_name(&p.ch.name, &character.name))
    {
        return no(Phrase::new("nw-join-same-name")
            .arg("name", character.name.as_str())
            .arg("other", other.ch.name.as_str())
            .arg("player", other.user.mention()));
    }
    s.custom = custom.clone();
    let cat = Catalog { data, custom };
    let v = character.derive(&cat);
    if let Some(i) = s.pc_index(&actor.id) {
        // Refresh the sheet, keep the session values (clamped to the new maxima).
        super::combat::movement::robe_check(s, &actor.id, character)?;
        if synced && s.pcs[i].ch.name == character.name {
            let note = super::character::sync::on_rejoin(s, data, character);
            let mut out = vec![Reply::public(Message::phrase(
                Phrase::new("nw-join-refresh")
                    .arg("player", actor.name.as_str())
                    .arg("what", "refreshes")
                    .arg("name", character.name.as_str())
                    .arg("summary", sheet::summary_said(&s.pcs[i].ch, &cat)),
            ))];
            out.extend(note.map(|n| Reply::private(&actor.id, Message::phrase(n))));
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
        let what = if same { "refreshes" } else { "switches" };
        return Ok(vec![Reply::public(Message::phrase(
            Phrase::new("nw-join-refresh")
                .arg("player", actor.name.as_str())
                .arg("what", what)
                .arg("name", character.name.as_str())
                .arg("summary", sheet::summary_said(character, &cat)),
        ))]);
    }
    if s.pcs.len() >= 12 {
        return no(Phrase::new("nw-join-full").arg("max", 12));
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
        Value::from(Phrase::new("nw-cf-kept"))
    } else {
        s.roll_values(&mut p, data, rng)
    };
    let cf = p.cf.unwrap_or(Cf {
        critical: 0,
        fumble: 0,
    });
    let public = Message::phrase(
        Phrase::new("nw-joins")
            .arg("player", actor.id.mention())
            .arg("name", character.name.as_str())
            .arg("summary", sheet::summary_said(character, &cat))
            .arg("critical", i64::from(cf.critical))
            .arg("fumble", i64::from(cf.fumble))
            .arg("note", note),
    );
    let m = s.cf_message(&p);
    s.pcs.push(p);
    Ok(vec![Reply::public(public), Reply::private(&actor.id, m)])
}

/// `/nw session leave`.
pub fn leave(s: &mut NightWizard, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(&actor.id) else {
        return no(Phrase::new("nw-no-pc"));
    };
    let p = s.pcs.remove(i);
    super::character::sync::on_leave(s, &p);
    s.open.retain(|j| j.user != actor.id);
    let mut out = vec![Reply::public(Message::phrase(
        Phrase::new("nw-leaves").arg("name", p.ch.name.as_str()),
    ))];
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
        return no(Phrase::new("nw-no-pc-of"));
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
    let mut out = vec![Reply::public(Message::phrase(
        Phrase::new("nw-set")
            .arg("name", p.ch.name.as_str())
            .arg("hp", i64::from(p.hp))
            .arg("body", i64::from(v.body))
            .arg("mp", i64::from(p.mp))
            .arg("mind", i64::from(v.mind))
            .arg("incapacitated", if p.hp == 0 { "yes" } else { "no" })
            .arg("bad", bad_suffix_said(&p.bad)),
    ))];
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
