//! The Night Wizard combat tracker picture drawn from a console game: hidden enemies are not
//! drawn for the players, Engages and sides are drawn as the view model says.

use croupier::games::nightwizard::picture::{tracker, ENEMY_SIDE, PC_SIDE};
use croupier::render::palette;
use croupier::render::svg::Doc;
use serde::Deserialize;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::games::nightwizard::data::NwData;
use croupier::games::nightwizard::NightWizard;
use croupier::table::{ManualClock, Registry, SeedMode, Table, UserId, Viewer};

fn picture(state: &Value, viewer: Option<&str>, d: &NwData) -> Result<Doc, String> {
    let s = NightWizard::deserialize(state).map_err(|e| e.to_string())?;
    let v = viewer.map_or_else(Viewer::public, |u| Viewer::user(&UserId::new(u)));
    Ok(tracker(
        &croupier::games::nightwizard::view::view_model(&s, d, &v),
        croupier::i18n::Locale::En,
    ))
}

fn nw_data() -> NwData {
    croupier::games::nightwizard::data::load(Path::new("data")).expect("nw data")
}

/// The `nw` state after a console `script` (seed 1).
pub fn state_after(script: &str) -> (Value, Arc<Registry>) {
    let games = Arc::new(croupier::games::load(Path::new("data")).expect("data loads"));
    let store = croupier::store::Store::in_memory().expect("store");
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut table = Table::new(store, games.clone(), clock.clone(), SeedMode::Fixed(1));
    {
        let opts = ConsoleOptions::default();
        let mut console = Console::new(&mut table, clock, opts);
        let mut out = Vec::new();
        for (n, line) in script.lines().enumerate() {
            let line = line.trim();
            if !line.is_empty() {
                console.line(n + 1, line, &mut out).expect("line");
            }
        }
    }
    let json = table
        .state_json("table")
        .expect("state")
        .expect("a session");
    (json["state"].clone(), games)
}

const FIGHT: &str = r#"
alice: /nw character new name:Ayla quick:true
bob: /nw character new name:Bolt quick:true
gm: /nw new
alice: /nw session join
alice: /nw session lock
bob: /nw session join
bob: /nw session lock
gm: /nw enemy spawn name:shade_swarm hp:4
gm: /nw enemy spawn name:lantern_emulator as:Lantern hidden:true hp:6
gm: /nw combat start
gm: /nw combat engage a:Bolt b:"Shade Swarm"
gm: /nw combat engage a:Bolt b:Lantern
"#;

#[test]
fn hidden_enemies_are_not_drawn_for_the_players() {
    let (state, games) = state_after(FIGHT);
    let _ = &games;
    let data = &nw_data();
    let s = NightWizard::deserialize(&state).unwrap();
    assert!(s.enemies.iter().any(|e| e.label == "Lantern" && e.hidden));
    let public = picture(&state, None, data).unwrap_or_else(|e| panic!("{e}"));
    let texts = public.texts();
    assert!(
        texts.iter().all(|t| !t.contains("Lantern")),
        "hidden enemy drawn: {texts:?}"
    );
    assert!(texts.iter().any(|t| t.contains("Shade Swarm")), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("Ayla")), "{texts:?}");
    // Bars carry their numbers, not only a length.
    assert!(texts.contains(&"HP"), "{texts:?}");
    assert!(texts.iter().any(|t| t.starts_with("Prana ")), "{texts:?}");
    // The GM sees it, marked hidden.
    let gm = picture(&state, Some("gm"), data).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        gm.texts().iter().any(|t| t.contains("Lantern (hidden)")),
        "{:?}",
        gm.texts()
    );
}

/// An Engage of a visible PC and a hidden enemy is no group to the players (a group of one,
/// or a gap in the numbering, would say that something unseen stands there); the GM sees it.
#[test]
fn an_engage_with_a_hidden_enemy_shows_to_players_only_with_two_they_can_see() {
    let data = &nw_data();
    // The fight before its Engages, then Bolt engaged with the hidden Lantern only.
    let start: String = FIGHT
        .lines()
        .filter(|l| !l.contains("combat engage"))
        .map(|l| format!("{l}\n"))
        .collect();
    let script = format!("{start}gm: /nw combat engage a:Bolt b:Lantern\n");
    let (state, _) = state_after(&script);
    let public = picture(&state, None, data).unwrap_or_else(|e| panic!("{e}"));
    let texts = public.texts();
    assert!(!texts.iter().any(|t| t.starts_with("E1")), "{texts:?}");
    assert!(
        texts.contains(&"none (everyone at Short range)"),
        "{texts:?}"
    );
    let gm = picture(&state, Some("gm"), data).unwrap_or_else(|e| panic!("{e}"));
    assert!(gm.texts().contains(&"E1"), "{:?}", gm.texts());
    // A second Engage everyone sees is the players' first.
    let script = format!("{script}gm: /nw combat engage a:Ayla b:\"Shade Swarm\"\n");
    let (state, _) = state_after(&script);
    let public = picture(&state, None, data).unwrap_or_else(|e| panic!("{e}"));
    let texts = public.texts();
    assert!(texts.contains(&"E1") && !texts.contains(&"E2"), "{texts:?}");
    let gm = picture(&state, Some("gm"), data).unwrap_or_else(|e| panic!("{e}"));
    assert!(gm.texts().contains(&"E2"), "{:?}", gm.texts());
}

const SIDES: &str = r#"
gm: /nw character new name:Gwen quick:true
gm: /nw enemy spawn name:shade_swarm hp:4
gm: /nw enemy spawn name:Gwen as:Gwen
gm: /nw enemy spawn name:lantern_emulator as:Lantern hidden:true hp:6
gm: /nw combat start
gm: /nw combat range who:Bolt band:long
gm: /nw combat range who:Lantern band:extreme
alice: /nw combat fly
"#;

/// The fill of the side edge drawn for the row whose name is `name`.
fn edge_of(doc: &Doc, name: &str) -> Option<String> {
    let svg = doc.to_svg();
    let at = svg.find(&format!(">{name}<"))?;
    let before = &svg[..at];
    // The edge is the last 4-unit-wide rect before the name.
    let rect = before.rfind("width=\"4\"")?;
    let fill = before[rect..].find("fill=\"")? + rect + 6;
    Some(before[fill..fill + 7].to_string())
}

#[test]
fn allied_guest_is_drawn_on_the_pcs_side_and_retreated_ones_stay_in_view() {
    let script = FIGHT.split("gm: /nw enemy").next().unwrap_or(FIGHT);
    let (state, games) = state_after(&format!("{script}{SIDES}"));
    let _ = &games;
    let data = &nw_data();
    let s = NightWizard::deserialize(&state).unwrap();
    let c = s.combat.as_ref().unwrap();
    assert!(s.enemies.iter().any(|e| e.label == "Gwen" && e.ally));
    assert!(c.fighters.iter().all(|f| s.name_of(&f.who) != "Bolt"));

    let public = picture(&state, None, data).unwrap_or_else(|e| panic!("{e}"));
    let texts = public.texts();
    // The allied Guest has the PCs' colour and says so; the Mob has the enemies'.
    assert_eq!(edge_of(&public, "○ Gwen"), edge_of(&public, "▶ Ayla"));
    assert_ne!(
        edge_of(&public, "○ Gwen"),
        edge_of(&public, "○ Shade Swarm")
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("Ally") && t.contains("Count")),
        "{texts:?}"
    );
    // Bolt retreated to Long range: out of the order, still drawn, marked and greyed.
    assert!(texts.contains(&"Bolt"), "{texts:?}");
    assert!(texts.contains(&"Retreated · Long"), "{texts:?}");
    assert!(texts.contains(&"Out of the initiative order"), "{texts:?}");
    assert_eq!(edge_of(&public, "Bolt"), Some(palette::GRID.to_string()));
    assert_eq!(edge_of(&public, "○ Gwen"), Some(PC_SIDE.to_string()));
    assert_eq!(
        edge_of(&public, "○ Shade Swarm"),
        Some(ENEMY_SIDE.to_string())
    );
    assert!(texts.iter().any(|t| t.contains("Flying")), "{texts:?}");
    // The hidden Lantern at Extreme range stays out of the players' view.
    assert!(texts.iter().all(|t| !t.contains("Lantern")), "{texts:?}");
    assert!(!texts.contains(&"Retreated · Extreme"), "{texts:?}");
    let gm = picture(&state, Some("gm"), data).unwrap_or_else(|e| panic!("{e}"));
    let texts = gm.texts();
    assert!(texts.contains(&"Lantern (hidden)"), "{texts:?}");
    assert!(texts.contains(&"Retreated · Extreme"), "{texts:?}");
}

#[test]
fn without_a_fight_the_characters_are_drawn() {
    let script = FIGHT.split("gm: /nw enemy").next().unwrap_or(FIGHT);
    let (state, games) = state_after(script);
    let _ = &games;
    let data = &nw_data();
    let doc = picture(&state, None, data).unwrap_or_else(|e| panic!("{e}"));
    let texts = doc.texts();
    for want in ["No combat", "Ayla", "Bolt", "MP"] {
        assert!(texts.iter().any(|t| t.contains(want)), "{want}: {texts:?}");
    }
    assert!(!texts.contains(&"Engagements"), "{texts:?}");
}
