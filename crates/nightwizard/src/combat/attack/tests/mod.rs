use super::super::super::character::roster::NwShared;
use super::super::super::character::Custom;
use super::super::super::data::load;
use super::super::super::judge::Fixed;
use super::super::super::session::{self, NwAction};
use super::*;
use crate::combat::{
    apply, Attack, CombatAction, Used, DAMAGE_ROLL, DEFENCE_ROLL, EVA, PACC, PATK, PDEF,
};
use crate::commands::{CombatCommand, NwCommand};
use crate::judge::Cf;
use crate::judge::Mode;
use croupier_core::table::Command;
use croupier_core::table::{Commands, UserId};

fn gm() -> Actor {
    Actor::player("gm", "gm")
}
fn alice() -> Actor {
    Actor::player("alice", "alice")
}
fn bob() -> Actor {
    Actor::player("bob", "bob")
}
fn pc(u: &str) -> Who {
    Who::Pc(UserId::new(u))
}
fn en(l: &str) -> Who {
    Who::Enemy(l.into())
}

/// Two PCs (Ayla, Bolt: EVA 6, PDEF 3, PATK 6, HP 40, Critical 12 / Fumble 2), a Mob
/// (Swarm) and a Glass Hound (Close, Poison (2) on a hit) in combat; the GM has a roster
/// character, Gwen. Everyone Pre-action, the Hound's Main Process, Hound + Ayla + Bolt
/// engaged.
fn setup() -> (NwData, NwShared, NightWizard) {
    let data = load(&croupier_core::source_path("data")).unwrap();
    let mut shared = NwShared::default();
    let mut rng = croupier_core::rng::seeded(5);
    let (mut s, _) =
        session::create(&data, &gm(), &Command::new("nw new"), Custom::default()).unwrap();
    for (a, n) in [(alice(), "Ayla"), (bob(), "Bolt"), (gm(), "Gwen")] {
        super::super::super::character::global::global(
            &mut shared,
            &data,
            &a,
            &Command::new("nw character new")
                .with("name", n)
                .with("quick", "true"),
            &mut rng,
        )
        .unwrap()
        .unwrap();
        if n == "Gwen" {
            continue;
        }
        let act = session::parse(&s, &a, &Command::new("nw session join"), &data, &shared).unwrap();
        session::apply(&mut s, &data, Some(&mut shared), &mut rng, &a, &act).unwrap();
    }
    for i in 0..2 {
        for (k, v) in [(EVA, 6), (PDEF, 3), (PATK, 6), (PACC, 8)] {
            let now = s.stat(&data, &s.pcs[i].user.clone().into_who(), k);
            s.pcs[i].ch.bp[k] += v - now;
        }
        s.pcs[i].hp = 40;
        s.pcs[i].cf = Some(Cf {
            critical: 12,
            fumble: 2,
        });
    }
    for (n, l) in [("shade_swarm", "Swarm"), ("glass_hound", "Hound")] {
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Spawn {
                name: n.into(),
                label: Some(l.into()),
                hidden: false,
                hp: None,
            },
            vec![],
        )
        .unwrap();
    }
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::Open { any_seven: true },
        vec![3, 3, 3, 3],
    )
    .unwrap();
    let c = s.combat.as_mut().unwrap();
    for f in c.fighters.iter_mut() {
        f.post = false;
    }
    c.current = Some(en("Hound"));
    c.candidates.clear();
    c.used = Used::default();
    c.engages = vec![vec![en("Hound"), pc("alice"), pc("bob")]];
    (data, shared, s)
}

trait IntoWho {
    fn into_who(self) -> Who;
}
impl IntoWho for UserId {
    fn into_who(self) -> Who {
        Who::Pc(self)
    }
}

/// Applies with fixed dice; a refusal must leave the state unchanged.
fn run(
    s: &mut NightWizard,
    data: &NwData,
    a: &Actor,
    act: CombatAction,
    dice: Vec<u32>,
) -> Result<Vec<Reply>, RuleError> {
    let before = s.clone();
    let r = apply(s, data, &mut Fixed(dice), a, &act);
    if r.is_err() {
        assert_eq!(*s, before, "a refusal changes nothing");
    }
    r
}

fn text(r: &[Reply]) -> String {
    r.iter()
        .map(|r| r.message.plain_text())
        .collect::<Vec<_>>()
        .join("\n")
}

fn attack(s: &NightWizard) -> Attack {
    s.combat.as_ref().unwrap().attack.clone().unwrap()
}

fn area(s: &mut NightWizard, data: &NwData, dice: Vec<u32>) -> Vec<Reply> {
    run(
        s,
        data,
        &gm(),
        CombatAction::AttackMany {
            targets: vec!["Ayla".into()],
            area: true,
            magic: false,
            full_hit: false,
        },
        dice,
    )
    .unwrap()
}

fn dodge(s: &mut NightWizard, data: &NwData, a: &Actor, full: bool, dice: Vec<u32>) {
    run(s, data, a, CombatAction::DodgeAs { who: None, full }, dice).unwrap();
}

fn post(s: &NightWizard, w: &Who) -> bool {
    s.combat
        .as_ref()
        .unwrap()
        .fighters
        .iter()
        .find(|f| &f.who == w)
        .unwrap()
        .post
}

#[test]
fn rule_nw_10_9_area_attack_rolls_hit_once_each_defender_dodges() {
    // "Against several targets the Attacker rolls once. Each Defender reacts separately";
    // one damage roll against each Defender's own defence; damage and bad statuses only on
    // a hit.
    let (data, _, mut s) = setup();
    // Hound PACC 9 + [4,3] = 16, once, for both Defenders.
    let r = area(&mut s, &data, vec![4, 3]);
    assert_eq!(text(&r).matches("One Hit Check").count(), 1);
    let at = attack(&s);
    assert_eq!(
        at.defenders
            .iter()
            .map(|d| d.who.clone())
            .collect::<Vec<_>>(),
        vec![pc("alice"), pc("bob")]
    );
    assert_eq!(at.hit.outcome().result, 16);
    // Ayla: EVA 6 + [1,3] = 10 (hit); Bolt: 6 + [6,5] = 17 (dodges).
    dodge(&mut s, &data, &alice(), false, vec![1, 3]);
    assert_eq!(attack(&s).stage, Stage::Hit, "Bolt has not dodged yet");
    dodge(&mut s, &data, &bob(), false, vec![6, 5]);
    let at = attack(&s);
    assert_eq!(at.stage, Stage::Dodge);
    for d in &at.defenders {
        assert_eq!(
            d.dodge.as_ref().unwrap().mode,
            Mode::Opposed {
                against: Some(16),
                attacker: false
            }
        );
    }
    // Damage: PATK 7 + [4,4] = 15 once; Ayla PDEF 3 + [1,2] = 6 → 9. Bolt rolls nothing.
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2],
    )
    .unwrap();
    let at = attack(&s);
    assert_eq!(
        at.defenders
            .iter()
            .map(|d| (d.hit, d.damage))
            .collect::<Vec<_>>(),
        vec![(true, 9), (false, 0)]
    );
    run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
    assert_eq!(s.pcs[0].hp, 31);
    assert_eq!(s.pcs[0].bad, vec![("Poison".to_string(), 2)]);
    assert_eq!(s.pcs[1].hp, 40);
    assert!(s.pcs[1].bad.is_empty(), "no bad status without a hit");
    assert!(s.combat.as_ref().unwrap().attack.is_none());
}

#[test]
fn rule_nw_4_2_prana_raise_on_a_defence_roll_lowers_that_defenders_damage() {
    // §4.2 Raise Result on Ayla's PDEF Judge after the area attack's damage roll: her HP
    // Damage is worked out again (Attacker Result − her raised Result) before it lands.
    let (data, _, mut s) = setup();
    area(&mut s, &data, vec![4, 3]);
    dodge(&mut s, &data, &alice(), false, vec![1, 3]);
    dodge(&mut s, &data, &bob(), false, vec![6, 5]);
    // Damage 15 once; Ayla PDEF 3 + [1,2] = 6 → 9.
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2],
    )
    .unwrap();
    assert_eq!(attack(&s).defenders[0].damage, 9);
    let prana = s.pcs[0].prana;
    let mut rng = croupier_core::rng::seeded(3);
    for u in [session::PranaUse::Raise(1), session::PranaUse::Accept] {
        session::apply(&mut s, &data, None, &mut rng, &alice(), &NwAction::Prana(u)).unwrap();
    }
    assert_eq!(s.pcs[0].prana, prana - 1);
    let at = attack(&s);
    let raised = at.defenders[0].defence.as_ref().unwrap().outcome().result;
    // Raise Result: +2D per Prana (2 to 12 more than 6).
    assert!((8..=18).contains(&raised), "{raised}");
    assert_eq!(at.defenders[0].damage, (15 - raised).max(0));
    run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
    assert_eq!(s.pcs[0].hp, 40 - (15 - raised).max(0));
    assert!(
        !s.open
            .iter()
            .any(|o| o.label == DAMAGE_ROLL || o.label == DEFENCE_ROLL),
        "the damage step's Judges close when the damage lands"
    );
}

#[test]
fn rule_nw_10_9_each_pc_defender_is_asked_with_a_dodge_button_that_mentions_them() {
    let (data, _, mut s) = setup();
    let r = area(&mut s, &data, vec![4, 3]);
    let m = &r.iter().find(|r| r.is_public()).unwrap().message;
    let cmds: Vec<(&str, &str)> = m
        .buttons
        .iter()
        .map(|b| (b.label.as_str(), b.command.as_str()))
        .collect();
    // Each button runs the typed command naming its Defender (`/nwcombat dodge who:…`).
    let dodge_line = |who: &str| {
        NwCommand::Combat(CombatCommand::Dodge {
            who: Some(who.into()),
            full: None,
        })
        .to_line()
    };
    assert!(
        cmds.contains(&("Dodge: Ayla", dodge_line("Ayla").as_str())),
        "{cmds:?}"
    );
    assert!(cmds.contains(&("Dodge: Bolt", dodge_line("Bolt").as_str())));
    assert_eq!(dodge_line("Ayla"), "/nwcombat dodge who:Ayla");
    let t = m.plain_text();
    assert!(t.contains(&UserId::new("alice").mention()), "{t}");
    assert!(t.contains(&UserId::new("bob").mention()), "{t}");
    assert!(m.pings.contains(&UserId::new("alice")) && m.pings.contains(&UserId::new("bob")));
    // After both are hit, each may Cover Up for the other.
    dodge(&mut s, &data, &alice(), false, vec![1, 3]);
    dodge(&mut s, &data, &bob(), false, vec![1, 4]);
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2, 2, 2],
    )
    .unwrap();
    let m = &r.iter().find(|r| r.is_public()).unwrap().message;
    let labels: Vec<&str> = m.buttons.iter().map(|b| b.label.as_str()).collect();
    assert!(labels.contains(&"Cover Up: Bolt for Ayla"), "{labels:?}");
    assert!(labels.contains(&"Cover Up: Ayla for Bolt"), "{labels:?}");
}

#[test]
fn rule_nw_10_13_a_plain_attack_offers_cover_up_buttons_to_eligible_allies() {
    let (data, _, mut s) = setup();
    let act = CombatAction::Attack {
        target: "Ayla".into(),
        magic: false,
    };
    run(&mut s, &data, &gm(), act, vec![4, 3]).unwrap();
    run(&mut s, &data, &alice(), CombatAction::Dodge, vec![1, 3]).unwrap();
    let r = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2],
    )
    .unwrap();
    let m = &r.iter().find(|r| r.is_public()).unwrap().message;
    assert!(m
        .buttons
        .iter()
        .any(|b| b.label == "Cover Up: Bolt" && b.command == "/nwcombat coverup who:Bolt"));
    assert!(m.pings.contains(&UserId::new("bob")));
    // Alice pressing Bolt's button is refused; Bolt's player covers.
    let e = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::CoverUp(Some("Bolt".into())),
        vec![],
    );
    assert!(e.is_err());
    let wrong = CombatAction::CoverFor {
        who: None,
        target: "Bolt".into(),
    };
    assert!(run(&mut s, &data, &bob(), wrong, vec![]).is_err());
    let mut typed = s.clone();
    let act = CombatAction::CoverFor {
        who: None,
        target: "Ayla".into(),
    };
    run(&mut typed, &data, &bob(), act, vec![]).unwrap();
    run(
        &mut s,
        &data,
        &bob(),
        CombatAction::CoverUp(Some("Bolt".into())),
        vec![],
    )
    .unwrap();
    assert_eq!(typed, s, "`for:` naming the target is the same Cover Up");
    assert_eq!(s.pcs[0].hp, 40);
    assert_eq!(s.pcs[1].hp, 31);
}

fn both_hit(s: &mut NightWizard, data: &NwData) {
    // Hit 16; Ayla dodges 10, Bolt 11: both hit. Damage 15: Ayla PDEF 6 → 9, Bolt 7 → 8.
    area(s, data, vec![4, 3]);
    dodge(s, data, &alice(), false, vec![1, 3]);
    dodge(s, data, &bob(), false, vec![1, 4]);
    run(
        s,
        data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2, 2, 2],
    )
    .unwrap();
    let at = attack(s);
    assert_eq!(
        at.defenders
            .iter()
            .map(|d| (d.hit, d.damage))
            .collect::<Vec<_>>(),
        vec![(true, 9), (true, 8)]
    );
}

fn cover_for(
    s: &mut NightWizard,
    data: &NwData,
    a: &Actor,
    t: &str,
) -> Result<Vec<Reply>, RuleError> {
    run(
        s,
        data,
        a,
        CombatAction::CoverFor {
            who: None,
            target: t.into(),
        },
        vec![],
    )
}

#[test]
fn rule_nw_10_13_cover_up_after_failed_dodge_in_area_takes_double() {
    // "If A failed their own Dodge Check and still Covers Up for B, A takes double: B's
    // computed damage × 2" — read as replacing A's own damage from the attack.
    let (data, _, mut s) = setup();
    both_hit(&mut s, &data);
    let r = cover_for(&mut s, &data, &bob(), "Ayla").unwrap();
    assert!(text(&r).contains("× 2 = 18"), "{}", text(&r));
    assert!(post(&s, &pc("bob")), "the coverer becomes Post-action");
    let r = run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
    assert_eq!(s.pcs[0].hp, 40, "B takes nothing");
    assert!(s.pcs[0].bad.is_empty());
    assert_eq!(s.pcs[1].hp, 40 - 18, "A takes 9 × 2, not 18 + its own 8");
    assert_eq!(s.pcs[1].bad, vec![("Poison".to_string(), 2)]);
    assert!(text(&r).contains("replaced by its Cover Up"));
}

#[test]
fn rule_nw_10_13_cover_up_after_successful_dodge_in_area_takes_b_damage_once() {
    // "A and B both dodge normally, and A may still Cover Up for B afterwards."
    let (data, _, mut s) = setup();
    area(&mut s, &data, vec![4, 3]);
    dodge(&mut s, &data, &alice(), false, vec![1, 3]);
    dodge(&mut s, &data, &bob(), false, vec![6, 5]);
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2],
    )
    .unwrap();
    // Without `for:`, the only hit Defender is meant.
    run(&mut s, &data, &bob(), CombatAction::CoverUp(None), vec![]).unwrap();
    run(&mut s, &data, &gm(), CombatAction::ApplyDamage, vec![]).unwrap();
    assert_eq!((s.pcs[0].hp, s.pcs[1].hp), (40, 31));
}

#[test]
fn rule_nw_10_13_cover_up_refusals_change_nothing() {
    let (data, _, mut s) = setup();
    s.combat.as_mut().unwrap().engages[0].push(en("Swarm"));
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::AttackMany {
            targets: vec!["Ayla, Bolt".into()],
            area: false,
            magic: false,
            full_hit: false,
        },
        vec![4, 3],
    )
    .unwrap();
    dodge(&mut s, &data, &alice(), false, vec![1, 3]);
    dodge(&mut s, &data, &bob(), false, vec![1, 4]);
    run(
        &mut s,
        &data,
        &gm(),
        CombatAction::RollDamage,
        vec![4, 4, 1, 2, 2, 2],
    )
    .unwrap();
    // Not for oneself.
    assert!(cover_for(&mut s, &data, &alice(), "Ayla").is_err());
    // Several others were hit: name whom.
    let e = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::CoverUp(Some("Swarm".into())),
        vec![],
    );
    assert!(e.unwrap_err().to_string().contains("`for:`"));
    // A Post-action character cannot Cover Up.
    let mut p = s.clone();
    for f in p.combat.as_mut().unwrap().fighters.iter_mut() {
        f.post = f.who == pc("bob");
    }
    let e = cover_for(&mut p, &data, &bob(), "Ayla").unwrap_err();
    assert!(e.to_string().contains("Pre-action"), "{e}");
    // Not in the same Engage.
    let mut far = s.clone();
    far.combat.as_mut().unwrap().engages = vec![vec![en("Hound"), pc("alice")]];
    let e = cover_for(&mut far, &data, &bob(), "Ayla").unwrap_err();
    assert!(e.to_string().contains("same Engage"), "{e}");
    // The GM's Swarm may not cover for a PC with a player's command.
    let e = run(
        &mut s,
        &data,
        &alice(),
        CombatAction::CoverFor {
            who: Some("Swarm".into()),
            target: "Bolt".into(),
        },
        vec![],
    );
    assert!(e.is_err());
    // Bolt covers Ayla; then nobody covers Bolt, and Ayla is covered once only.
    cover_for(&mut s, &data, &bob(), "Ayla").unwrap();
    let e = cover_for(&mut s, &data, &alice(), "Bolt").unwrap_err();
    assert!(e.to_string().contains("cannot be Covered Up"), "{e}");
    let e = run(
        &mut s,
        &data,
        &gm(),
        CombatAction::CoverFor {
            who: Some("Swarm".into()),
            target: "Ayla".into(),
        },
        vec![],
    )
    .unwrap_err();
    assert!(e.to_string().contains("already Covered Up"), "{e}");
    // No Dodge Check after deciding to Cover Up.
    assert!(run(&mut s, &data, &bob(), CombatAction::Dodge, vec![]).is_err());
    assert!(run(
        &mut s,
        &data,
        &bob(),
        CombatAction::DodgeAs {
            who: None,
            full: true
        },
        vec![]
    )
    .is_err());
}

mod more;
