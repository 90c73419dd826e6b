//! The bad-status rules (§10.12, §10.14 step 1, §15.5 Cost) and their stored form.

use super::super::data::load;
use super::super::judge::Fixed;
use super::*;
use croupier_core::i18n::Locale;

fn list(v: &[(&str, u32)]) -> BadStatuses {
    v.iter()
        .map(|(n, r)| (BadStatus::parse(n), *r))
        .collect::<Vec<_>>()
        .into()
}

#[test]
fn rule_nw_10_12_ratings_add_up_unrated_do_not_stack() {
    // "They don't stack unless they have a rating. Ratings add up: Poison (3) + Poison (2) =
    // Poison (5)." · "Receiving a non-rated status you already have does nothing."
    let mut b = BadStatuses::default();
    assert!(b.add(BadStatus::Poison, 3));
    assert!(b.add(BadStatus::Poison, 2));
    assert!(b.add(BadStatus::Dazed, 0));
    assert!(
        !b.add(BadStatus::Dazed, 0),
        "an unrated status held does nothing"
    );
    assert_eq!(b, vec![("Poison".to_string(), 5), ("Dazed".to_string(), 0)]);
    assert_eq!(b.text(), "Poison (5), Dazed");
}

#[test]
fn rule_nw_10_12_dazed_minus_5_to_all_judges_paralysis_minus_5_to_reactions() {
    // "BS: Paralysis: −5 to the Result of Reactions" · "BS: Dazed: −5 to all Judges."
    let dazed = list(&[("Dazed", 0)]);
    assert_eq!(dazed.judge_modifier(false), -5);
    assert_eq!(dazed.judge_modifier(true), -5);
    let para = list(&[("Paralysis", 0)]);
    assert_eq!(para.judge_modifier(false), 0, "Paralysis: only Reactions");
    assert_eq!(para.judge_modifier(true), -5);
    let both = list(&[("Paralysis", 0), ("Dazed", 0), ("Poison", 4), ("Rigor", 0)]);
    assert_eq!(both.judge_modifier(true), -10);
    let notes = |reaction: bool, l: Locale| both.judge_notes_said(reaction).text(l);
    assert_eq!(notes(true, Locale::En), ", Paralysis −5, Dazed −5");
    assert_eq!(notes(false, Locale::En), ", Dazed −5");
    assert_eq!(notes(true, Locale::Ja), "、麻痺 −5、放心 −5");
    assert_eq!(
        BadStatuses::default()
            .judge_notes_said(true)
            .text(Locale::Ja),
        ""
    );
    assert_eq!(BadStatuses::default().judge_modifier(true), 0);
}

#[test]
fn rule_nw_10_12_rigor_forbids_moves_pressure_forbids_skills_and_a_minor_action_clears_it() {
    // "BS: Pressure: Cannot use skills or items. Spend a Minor Action to clear it." ·
    // "BS: Rigor: Cannot take Move Actions."
    let mut b = list(&[("Rigor", 0), ("Pressure", 0), ("Dazed", 0)]);
    assert_eq!(b.forbidding_moves(), Some(&BadStatus::Rigor));
    assert_eq!(b.forbidding_skills(), Some(&BadStatus::Pressure));
    assert_eq!(b.minor_action(), vec![BadStatus::Pressure]);
    assert_eq!(b.forbidding_skills(), None);
    assert_eq!(b, vec![("Rigor".to_string(), 0), ("Dazed".to_string(), 0)]);
    assert!(
        b.minor_action().is_empty(),
        "a second Minor Action clears nothing"
    );
    assert_eq!(list(&[("Dazed", 0)]).forbidding_moves(), None);
}

#[test]
fn rule_nw_10_12_rigor_ends_with_the_main_process_rigor_and_dazed_in_cleanup_not_poison_or_paralysis(
) {
    // Rigor "Ends at the end of the character's Main Process, or in the Cleanup Process." ·
    // Dazed "Ends automatically in the Cleanup Process." · Poison, Paralysis: "Only skills or
    // items cure it."
    let mut b = list(&[("Poison", 3), ("Rigor", 0), ("Paralysis", 0), ("Dazed", 0)]);
    assert_eq!(b.main_process_ended(), vec![BadStatus::Rigor]);
    assert!(
        b.has(&BadStatus::Dazed),
        "Dazed stays until the Cleanup Process"
    );
    b.add(BadStatus::Rigor, 0);
    assert_eq!(b.cleanup(), vec![BadStatus::Dazed, BadStatus::Rigor]);
    assert_eq!(
        b,
        vec![("Poison".to_string(), 3), ("Paralysis".to_string(), 0)]
    );
    assert!(b.remove(&BadStatus::Poison));
    assert!(!b.remove(&BadStatus::Poison));
}

#[test]
fn rule_nw_10_14_poison_loses_rating_times_1d_in_the_cleanup_process() {
    // "BS: Poison (n): In each Cleanup Process, lose HP = n × 1d6" (ambiguity §16 #26: the
    // rating times one die).
    let b = list(&[("Dazed", 0), ("Poison", 3)]);
    let mut dice = Fixed(vec![4]);
    assert_eq!(
        b.cleanup_losses(&mut dice),
        vec![(BadStatus::Poison, 3, 4, 12)]
    );
    assert!(dice.0.is_empty(), "one die for the rating, not n dice");
    let none = list(&[("Dazed", 0), ("Rigor", 0)]);
    let mut dice = Fixed(vec![6]);
    assert!(none.cleanup_losses(&mut dice).is_empty());
    assert_eq!(dice.0, vec![6], "no die rolled without Poison");
}

#[test]
fn rule_nw_15_5_a_status_paid_as_a_cost_already_held_adds_nothing() {
    // Cost "Bad Status: you receive the status after the skill resolves … If you already have
    // it, nothing more happens." (not even a rating added).
    let mut b = list(&[("Poison", 2)]);
    assert!(!b.add_as_cost(BadStatus::Poison, 2));
    assert_eq!(b, vec![("Poison".to_string(), 2)]);
    assert!(b.add_as_cost(BadStatus::Rigor, 0));
    assert!(b.has(&BadStatus::Rigor));
}

#[test]
fn statuses_are_written_as_bs_name_and_rating() {
    // "How Bad Statuses are written, e.g. 'BS: Poison (3)'."
    assert_eq!(
        BadStatus::written(" Poison (2) on a hit"),
        Some((BadStatus::Poison, 2))
    );
    assert_eq!(BadStatus::written("Rigor"), Some((BadStatus::Rigor, 0)));
    assert_eq!(BadStatus::written("dazed"), Some((BadStatus::Dazed, 0)));
    assert_eq!(BadStatus::written("  (3)"), None);
    assert_eq!(written(&BadStatus::Poison, 3), "Poison (3)");
    assert_eq!(written(&BadStatus::Dazed, 0), "Dazed");
}

#[test]
fn stored_as_the_names_they_had_as_strings() {
    // States and logs written when statuses were `Vec<(String, u32)>` read back unchanged.
    let old = r#"[["Poison",5],["Dazed",0],["Charm",0]]"#;
    let b: BadStatuses = serde_json::from_str(old).unwrap();
    assert!(b.has(&BadStatus::Poison) && b.has(&BadStatus::Dazed));
    assert!(b.has(&BadStatus::Other("Charm".into())), "kept as written");
    assert_eq!(b.judge_modifier(false), -5, "an unknown status has no rule");
    assert_eq!(serde_json::to_string(&b).unwrap(), old);
    let empty: BadStatuses = serde_json::from_str("[]").unwrap();
    assert!(empty.is_empty());
}

#[test]
fn the_rules_table_lists_the_five_statuses_with_their_ratings() {
    // `data/nightwizard/rules.toml` holds the statuses' texts (for `/nw rules` and the GM's
    // `status:` option); its names and `rated` agree with the rules here.
    let data = load(&croupier_core::source_path("data")).unwrap();
    let table: Vec<(BadStatus, bool)> = data
        .rules
        .bad_status
        .iter()
        .map(|b| (BadStatus::parse(&b.name), b.rated))
        .collect();
    let known: Vec<(BadStatus, bool)> = BadStatus::KNOWN
        .into_iter()
        .map(|b| {
            let r = b.rated();
            (b, r)
        })
        .collect();
    assert_eq!(table, known);
}
