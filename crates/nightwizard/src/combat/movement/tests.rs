//! Movement: ranges, Interval and Complex Movement, retreats, flight, Appearance Checks and
//! Lunar Robe swaps (§9.3, §10.2, §10.6, §10.7).

use croupier_core::table::Command;

use super::super::super::character::roster::NwShared;
use super::super::super::session;
use super::super::super::test_table::fixed_dice::{
    self as kit, alice, bob, carol, en, gm, pc, text,
};
use super::super::{CombatAction, Used};
use super::*;

pub(super) struct T {
    pub(super) data: NwData,
    pub(super) shared: NwShared,
    pub(super) s: NightWizard,
}

/// A session with Ayla and Bolt (and Cara made but not joined), a Mob, combat started.
pub(super) fn setup() -> T {
    let (data, shared, s) = kit::table(&[(alice(), "Ayla"), (bob(), "Bolt"), (carol(), "Cara")], 2);
    let mut t = T { data, shared, s };
    t.run(
        &gm(),
        CombatAction::Open { any_seven: true },
        vec![3, 3, 3, 3],
    )
    .unwrap();
    t
}

impl T {
    pub(super) fn join(&mut self, a: &Actor) -> Result<Vec<Reply>, RuleError> {
        let act = session::parse(
            &self.s,
            a,
            &Command::new("nw session join"),
            &self.data,
            &self.shared,
        )?;
        let mut rng = croupier_core::rng::seeded(9);
        let before = self.s.clone();
        let r = session::apply(&mut self.s, &self.data, None, &mut rng, a, &act);
        if r.is_err() {
            assert_eq!(self.s, before, "a refusal changes nothing");
        }
        r
    }

    /// Applies with fixed dice; a refusal must leave the state unchanged.
    pub(super) fn run(
        &mut self,
        a: &Actor,
        act: CombatAction,
        dice: Vec<u32>,
    ) -> Result<Vec<Reply>, RuleError> {
        kit::run(&mut self.s, &self.data, a, act, dice)
    }

    pub(super) fn mv(
        &mut self,
        a: &Actor,
        m: MoveAction,
        dice: Vec<u32>,
    ) -> Result<Vec<Reply>, RuleError> {
        self.run(a, CombatAction::Move(m), dice)
    }

    pub(super) fn turn(&mut self, w: Who) {
        let c = self.s.combat.as_mut().unwrap();
        c.current = Some(w);
        c.candidates.clear();
        c.used = Used::default();
    }

    pub(super) fn c(&self) -> &Combat {
        self.s.combat.as_ref().unwrap()
    }
}

fn to(spot: &str, with: Option<Spend>) -> MoveAction {
    MoveAction::To {
        spot: spot.into(),
        with,
        band: None,
    }
}

#[test]
fn rule_nw_10_6_ranges_close_same_engage_short_between_long_and_extreme_far() {
    // "Close (Engaged): in the same Engage" · "Short: not in the same Engage" ·
    // "Long: ... Only Range: Long weapons and skills reach it" · "Extreme: ... Even
    // Scene-wide effects do not reach it."
    let mut t = setup();
    let (a, b, m) = (pc("alice"), pc("bob"), en("Swarm"));
    assert_eq!(range_between(t.c(), &a, &m), Band::Short);
    t.run(
        &gm(),
        CombatAction::Engage("Ayla".into(), "Swarm".into()),
        vec![],
    )
    .unwrap();
    assert_eq!(range_between(t.c(), &a, &m), Band::Close);
    assert_eq!(range_between(t.c(), &b, &m), Band::Short);
    let c = t.s.combat.as_mut().unwrap();
    c.moves.far.push((b.clone(), Band::Long));
    assert_eq!(range_between(t.c(), &b, &m), Band::Long);
    t.s.combat.as_mut().unwrap().moves.far[0].1 = Band::Extreme;
    assert_eq!(range_between(t.c(), &m, &b), Band::Extreme);
}

#[test]
fn rule_nw_10_6_only_range_long_reaches_long_nothing_reaches_extreme() {
    // "Only Range: Long weapons and skills reach it" / "Even Scene-wide effects do not
    // reach it."
    let mut t = setup();
    t.s.combat
        .as_mut()
        .unwrap()
        .moves
        .far
        .push((pc("bob"), Band::Long));
    t.turn(en("Swarm"));
    let atk = |n: &str| CombatAction::Attack {
        target: n.into(),
        magic: false,
    };
    let e = t.run(&gm(), atk("Bolt"), vec![]).unwrap_err();
    assert!(e.to_string().contains("only Range: Long"), "{e}");
    // An enemy whose attack has Range: Long reaches Long.
    t.s.enemies[0].attack = "Physical, Range: Long".into();
    t.run(&gm(), atk("Bolt"), vec![4, 4]).unwrap();
    assert_eq!(t.c().attack.as_ref().unwrap().target, pc("bob"));
    // Nothing reaches Extreme.
    let mut t = setup();
    t.s.enemies[0].attack = "Physical, Range: Long".into();
    t.s.combat
        .as_mut()
        .unwrap()
        .moves
        .far
        .push((pc("bob"), Band::Extreme));
    t.turn(en("Swarm"));
    let e = t.run(&gm(), atk("Bolt"), vec![]).unwrap_err();
    assert!(e.to_string().contains("Extreme range"), "{e}");
}

#[test]
fn rule_nw_10_6_interval_move_to_a_spot_is_a_move_action() {
    // "Interval: any other move, e.g. to a particular spot or object." (Move Action)
    let mut t = setup();
    t.turn(pc("alice"));
    let r = t.mv(&alice(), to("the water tower", None), vec![]).unwrap();
    assert!(
        text(&r).contains("📍 Ayla: the water tower"),
        "{}",
        text(&r)
    );
    assert!(t.c().used.moved && !t.c().used.minor);
    // A second plain move uses the Minor Action standing in for 1.
    t.mv(&alice(), to("the gate", None), vec![]).unwrap();
    assert!(t.c().used.minor && !t.c().used.major);
    assert_eq!(t.c().current, Some(pc("alice")));
}

#[test]
fn rule_nw_10_6_complex_movement_minor_1_major_3_up_to_5() {
    // "A Minor Action can stand in for 1 Move Action, and the Major Action for 3, so a
    // full turn gives up to 5." · "Using the Major Action this way ends the Main Process."
    let mut t = setup();
    t.mv(
        &gm(),
        MoveAction::Distance {
            spot: "Rooftop".into(),
            steps: 6,
        },
        vec![],
    )
    .unwrap();
    t.turn(pc("alice"));
    t.mv(&alice(), to("rooftop", None), vec![]).unwrap();
    t.mv(&alice(), to("rooftop", None), vec![]).unwrap();
    assert_eq!(t.c().moves.routes[0].done, 2);
    let r = t.mv(&alice(), to("rooftop", None), vec![]).unwrap();
    assert!(text(&r).contains("5/6 Move Actions"), "{}", text(&r));
    // The Major ended the Main Process: Post-action, Count 0.
    assert_ne!(t.c().current, Some(pc("alice")));
    let f = t
        .c()
        .fighters
        .iter()
        .find(|f| f.who == pc("alice"))
        .unwrap();
    assert!(f.post && f.count == 0);
    // Next turn, 1 more Move Action arrives.
    t.turn(pc("alice"));
    t.mv(&alice(), to("Rooftop", None), vec![]).unwrap();
    assert!(t.c().moves.routes.is_empty());
    assert_eq!(
        t.c().moves.spots,
        vec![(pc("alice"), "Rooftop".to_string())]
    );
}

#[test]
fn rule_nw_10_6_refusals_change_nothing() {
    let mut t = setup();
    // Moving after the Major Action.
    t.turn(pc("alice"));
    t.s.combat.as_mut().unwrap().used = Used {
        moved: true,
        minor: true,
        major: true,
    };
    let e = t.mv(&alice(), to("gate", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("Major Action"), "{e}");
    // The Move Action after the Minor (Move, Minor, Major in order).
    t.s.combat.as_mut().unwrap().used = Used {
        moved: true,
        minor: true,
        major: false,
    };
    assert!(t
        .mv(&alice(), to("gate", Some(Spend::Move)), vec![])
        .is_err());
    // A player moving an NPC.
    t.turn(en("Swarm"));
    let e = t.mv(&bob(), to("gate", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("not your turn"), "{e}");
    // A player setting a distance.
    let d = MoveAction::Distance {
        spot: "gate".into(),
        steps: 3,
    };
    assert!(t.mv(&bob(), d, vec![]).is_err());
    // Leaving an Engage with an enemy needs a Withdraw.
    t.run(
        &gm(),
        CombatAction::Engage("Ayla".into(), "Swarm".into()),
        vec![],
    )
    .unwrap();
    t.turn(pc("alice"));
    let e = t.mv(&alice(), to("gate", None), vec![]).unwrap_err();
    assert!(e.to_string().contains("withdraw first"), "{e}");
}

#[test]
fn rule_nw_10_12_rigor_no_move_actions_nor_stand_ins_major_chosen_directly() {
    // "BS: Rigor | Cannot take Move Actions."
    let mut t = setup();
    t.turn(pc("alice"));
    t.s.pcs[0].bad.add("Rigor".into(), 0);
    let e = t
        .mv(&alice(), to("gate", Some(Spend::Major)), vec![])
        .unwrap_err();
    assert!(e.to_string().contains("Rigor"), "{e}");
    t.s.pcs[0].bad.clear();
    // `with:major` skips the Move and Minor: 3 Move Actions at once, Main Process over.
    t.mv(
        &gm(),
        MoveAction::Distance {
            spot: "gate".into(),
            steps: 3,
        },
        vec![],
    )
    .unwrap();
    t.mv(&alice(), to("Gate", Some(Spend::Major)), vec![])
        .unwrap();
    assert_eq!(t.c().moves.spots, vec![(pc("alice"), "Gate".to_string())]);
    assert_ne!(t.c().current, Some(pc("alice")));
}

#[test]
fn rule_nw_10_6_long_range_needs_the_gm_and_ends_the_main_process_retreat() {
    // "Moving to Long or Extreme Range needs the GM's permission, and your Main Process
    // ends right after the move." · "Moving to Long Range in a fight generally means
    // Retreat: you can no longer affect the Scene."
    let mut t = setup();
    t.turn(pc("bob"));
    let far_move = MoveAction::To {
        spot: "the station".into(),
        with: None,
        band: Some(Band::Long),
    };
    let r = t.mv(&bob(), far_move, vec![]).unwrap();
    assert!(text(&r).contains("asks the GM"), "{}", text(&r));
    // Only a request: Bolt is still in the fight, nothing spent.
    assert!(t.c().fighters.iter().any(|f| f.who == pc("bob")));
    assert_eq!(t.c().used, Used::default());
    // Only the GM allows it.
    let allow = MoveAction::Place {
        who: "Bolt".into(),
        band: Band::Long,
    };
    assert!(super::super::super::test_table::refused(
        &t.s,
        &alice(),
        "nw combat range"
    ));
    let r = t.mv(&gm(), allow, vec![]).unwrap();
    assert!(text(&r).contains("retreat"), "{}", text(&r));
    assert!(!t.c().fighters.iter().any(|f| f.who == pc("bob")));
    assert_eq!(far(t.c(), &pc("bob")), Some(Band::Long));
    assert_ne!(t.c().current, Some(pc("bob")));
    assert!(text(&r).contains("🏃 Bolt: Long range"), "{}", text(&r));
}

#[test]
fn rule_nw_10_6_the_gm_refuses_a_long_move_with_band_short() {
    let mut t = setup();
    t.turn(pc("bob"));
    let far_move = MoveAction::To {
        spot: "away".into(),
        with: None,
        band: Some(Band::Extreme),
    };
    t.mv(&bob(), far_move, vec![]).unwrap();
    let deny = MoveAction::Place {
        who: "Bolt".into(),
        band: Band::Short,
    };
    t.mv(&gm(), deny, vec![]).unwrap();
    assert!(t.c().moves.request.is_none());
    assert!(t.c().fighters.iter().any(|f| f.who == pc("bob")));
    assert_eq!(t.c().current, Some(pc("bob")));
}

#[test]
fn rule_nw_10_6_combat_ends_when_no_enemy_remains_present() {
    // Retreat: the last enemy leaving ends the fight.
    let mut t = setup();
    t.turn(pc("alice"));
    let r = t
        .mv(
            &gm(),
            MoveAction::Place {
                who: "Swarm".into(),
                band: Band::Long,
            },
            vec![],
        )
        .unwrap();
    assert!(t.s.combat.is_none(), "{}", text(&r));
    assert!(
        text(&r).contains("No enemy is left in the fight (the rest retreated)"),
        "{}",
        text(&r)
    );
    // Both PCs retreating ends it too.
    let mut t = setup();
    let mut last = String::new();
    for w in ["Ayla", "Bolt"] {
        t.turn(en("Swarm"));
        let r = t
            .mv(
                &gm(),
                MoveAction::Place {
                    who: w.into(),
                    band: Band::Long,
                },
                vec![],
            )
            .unwrap();
        last = text(&r);
    }
    assert!(t.s.combat.is_none());
    assert!(
        last.contains("No PC is left in the fight (the rest retreated)"),
        "{last}"
    );
}

#[test]
fn rule_nw_10_6_a_retreated_character_comes_back_post_action() {
    let mut t = setup();
    t.turn(en("Swarm"));
    let place = |b| MoveAction::Place {
        who: "Bolt".into(),
        band: b,
    };
    t.mv(&gm(), place(Band::Long), vec![]).unwrap();
    t.mv(&gm(), place(Band::Short), vec![]).unwrap();
    let f = t.c().fighters.iter().find(|f| f.who == pc("bob")).unwrap();
    assert!(f.post);
    assert_eq!(far(t.c(), &pc("bob")), None);
}

#[test]
fn rule_nw_10_7_lunar_robe_flight_minor_action_1d_mp_refused_when_short() {
    // "Costs a Minor Action, and 1d6 MP on activation. Without the MP you can't fly."
    // Roll, then pay; no flight if short (§16 #27).
    let mut t = setup();
    t.turn(pc("alice"));
    let fly = MoveAction::Fly {
        land: false,
        who: None,
    };
    t.s.pcs[0].mp = 3;
    let e = t.mv(&alice(), fly.clone(), vec![5]).unwrap_err();
    assert!(e.to_string().contains("[5]"), "{e}");
    t.s.pcs[0].mp = 0;
    assert!(t.mv(&alice(), fly.clone(), vec![1]).is_err());
    t.s.pcs[0].mp = 10;
    let r = t.mv(&alice(), fly.clone(), vec![4]).unwrap();
    assert_eq!(t.s.pcs[0].mp, 6);
    assert!(t.c().used.minor);
    assert!(text(&r).contains("🕊️ Ayla: Flying"), "{}", text(&r));
    // Already flying; and the Minor is spent.
    assert!(t.mv(&alice(), fly, vec![1]).is_err());
}

#[test]
fn rule_nw_10_7_landing_is_an_auto_action_any_time() {
    // "Landing (however you took flight) is an Auto Action."
    let mut t = setup();
    t.s.combat.as_mut().unwrap().moves.flying.push(pc("alice"));
    t.turn(en("Swarm"));
    t.s.combat.as_mut().unwrap().used.major = true;
    let land = MoveAction::Fly {
        land: true,
        who: None,
    };
    t.mv(&alice(), land.clone(), vec![]).unwrap();
    assert!(t.c().moves.flying.is_empty());
    assert!(t.mv(&alice(), land, vec![]).is_err());
}

#[test]
fn rule_nw_10_7_no_lunar_robe_flight_inside_a_fortress() {
    // "Not allowed inside Fortresses."
    let mut t = setup();
    t.turn(pc("alice"));
    t.s.pcs[0].mp = 10;
    t.s.fortress.fortress = Some(crate::fortress::model::Fortress {
        areas: vec![],
        gates: vec![],
        dive: Some(crate::fortress::model::Dive {
            at: 0,
            came_from: None,
            inside: vec![UserId("alice".into())],
            ruler_defeated: false,
            core_broken: false,
            ruler_permits: false,
            danger: None,
        }),
    });
    let e = t
        .mv(
            &alice(),
            MoveAction::Fly {
                land: false,
                who: None,
            },
            vec![1],
        )
        .unwrap_err();
    assert!(e.to_string().contains("Fortress"), "{e}");
}

#[test]
fn hidden_enemy_moves_only_reach_the_gm() {
    let mut t = setup();
    t.s.enemies[0].hidden = true;
    t.turn(en("Swarm"));
    let r = t.mv(&gm(), to("the dark", None), vec![]).unwrap();
    for x in &r {
        if !matches!(x.audience, croupier_core::table::Audience::Gm) {
            assert!(!x.message.plain_text().contains("the dark"), "{}", text(&r));
        }
    }
}
