//! Rule tests of the one validation: the Secret-skill limit written once, and an import that
//! names every problem.

use super::super::super::data::{load, NwData};
use super::super::creation::{quick, Draft};
use super::super::level_up::level_up;
use super::*;
use croupier_core::table::UserId;

fn data() -> NwData {
    load(&croupier_core::source_path("data")).unwrap()
}

fn secret_of<'a>(cat: &Catalog<'a>, class: &str) -> Vec<&'a SkillDef> {
    cat.skills()
        .filter(|s| s.category == "secret" && s.class == class && s.acquire_cl <= 1)
        .collect()
}

#[test]
fn rule_nw_15_4_the_secret_limit_is_one_rule_for_creation_level_up_and_import() {
    let data = data();
    // The sample data has one Secret skill (Ninja's Thousand Cuts); a group adds a second.
    let mut second = data
        .skills
        .iter()
        .find(|s| s.category == "secret" && s.class == "ninja")
        .expect("the sample's Ninja Secret skill")
        .clone();
    second.id = "shadow_dance".into();
    second.name = "Shadow Dance".into();
    let custom = super::super::Custom {
        skills: vec![second],
        ..Default::default()
    };
    let cat = Catalog {
        data: &data,
        custom: &custom,
    };
    let two = |a: &str, b: &str| [a.to_string(), b.to_string()];
    assert_eq!(secret_limit(&two("ninja", "broomman"), "ninja"), 1);
    assert_eq!(secret_limit(&two("ninja", "ninja"), "ninja"), 3);
    let class = "ninja".to_string();
    let secrets = secret_of(&cat, &class);
    assert_eq!(secrets.len(), 2, "{secrets:?}");
    let other = "broomman".to_string();
    let classes = two(&class, &other);
    let owned = vec![OwnedSkill {
        id: secrets[0].id.clone(),
        sl: 1,
    }];
    let want = "only 1 Secret skill(s) from that class.".to_string();
    assert_eq!(
        secret_problem(&classes, &owned, secrets[1], &cat),
        Some(want.clone())
    );
    assert_eq!(
        secret_problem(&classes, &owned, secrets[0], &cat),
        None,
        "raising an owned one"
    );
    // Creation asks the same rule.
    let mut d = Draft::new("S", &UserId::new("a"), &cat);
    for v in [class.as_str(), other.as_str(), "fire", "fire", "luck"] {
        d.choose(v, &cat).unwrap();
    }
    while matches!(d.step(&cat), super::super::creation::Step::Auto(_)) {
        let first = d.auto_options(&cat)[0].id.clone();
        d.choose(&first, &cat).unwrap();
    }
    d.choose(&secrets[0].id, &cat).unwrap();
    assert_eq!(
        d.pick_problem(secrets[1], &cat)
            .map(|p| p.text(croupier_core::i18n::Locale::En)),
        Some(want.clone())
    );
    // Level up asks it too.
    let mut c = d.preview(&cat);
    c.level_ups = 1;
    assert_eq!(
        level_up(&mut c.clone(), Some(&secrets[1].id), None, &cat)
            .unwrap_err()
            .0,
        want
    );
    // And the import check counts them.
    c.skills.push(OwnedSkill {
        id: secrets[1].id.clone(),
        sl: 1,
    });
    let p = problems(&c, &cat);
    assert!(
        p.iter()
            .any(|x| x == &format!("2 Secret skills from {class}: {want}")),
        "{p:?}"
    );
}

#[test]
fn rule_nw_6_import_names_every_problem_and_a_legal_build_has_none() {
    let data = data();
    let custom = super::super::Custom::default();
    let cat = Catalog {
        data: &data,
        custom: &custom,
    };
    for seed in 0..20 {
        let c = quick(
            "Q",
            &UserId::new("a"),
            &cat,
            &mut croupier_core::rng::seeded(seed),
        )
        .unwrap();
        assert_eq!(problems(&c, &cat), Vec::<String>::new(), "seed {seed}");
        assert!(import_progress_problems(&c).is_empty());
    }
    let mut c = quick(
        "Q",
        &UserId::new("a"),
        &cat,
        &mut croupier_core::rng::seeded(1),
    )
    .unwrap();
    c.classes[0] = "nobody".into();
    c.elements[1] = "plasma".into();
    c.bp = [5, 0, 0, 0, -1, 0, 0, 0];
    c.skills.push(OwnedSkill {
        id: "no_such_skill".into(),
        sl: 1,
    });
    c.op = -2;
    let p = problems(&c, &cat);
    for want in [
        "unknown class `nobody`.",
        "unknown element `plasma`.",
        "unknown skill `no_such_skill`.",
        "group 1 BP: 5 spent, CL 1 allows 0.",
        "group 1 BP: at most 1 in one stat at CL 1 (PACC has 5).",
        "group 2 BP: at most 0 in one stat at CL 1 (MATK has -1).",
        "OP -2: it cannot be negative.",
    ] {
        assert!(p.iter().any(|x| x == want), "{want}: {p:?}");
    }
    let e = refuse_all(
        Phrase::new("nw-data-import-what").arg("name", "Q"),
        problems_said(&c, &cat),
    )
    .unwrap_err()
    .0;
    assert!(
        e.starts_with(&format!("Q cannot be imported, {} problems:\n1. ", p.len())),
        "{e}"
    );
    // Progress is the GM's.
    c.cl = 3;
    c.level_ups = 2;
    let g = import_progress_problems(&c);
    assert_eq!(g.len(), 2, "{g:?}");
}

#[test]
fn rule_nw_7_a_class_change_named_with_another_skill_is_refused_not_dropped() {
    let data = data();
    let custom = super::super::Custom::default();
    let cat = Catalog {
        data: &data,
        custom: &custom,
    };
    let mut c = quick(
        "Q",
        &UserId::new("a"),
        &cat,
        &mut croupier_core::rng::seeded(3),
    )
    .unwrap();
    c.level_ups = 1;
    let new_class = data
        .classes
        .iter()
        .find(|k| {
            !c.classes.contains(&k.id)
                && cat
                    .skills()
                    .any(|s| s.class == k.id && s.is_auto() && c.sl(&s.id) == 0)
        })
        .unwrap();
    let before = c.clone();
    let e = level_up(&mut c, Some("sturdy_frame"), Some((1, &new_class.id)), &cat)
        .unwrap_err()
        .0;
    assert!(
        e.starts_with("a class change takes the place of the new skill (§7 step 3), so `sturdy_frame` cannot come with it"),
        "{e}"
    );
    assert_eq!(c, before, "nothing changed");
    let said = level_up(&mut c, None, Some((1, &new_class.id)), &cat)
        .unwrap()
        .text(croupier_core::i18n::Locale::En);
    assert!(said.contains("Auto skill"), "{said}");
}
