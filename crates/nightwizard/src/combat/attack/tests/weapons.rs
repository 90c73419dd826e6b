//! Weapons in an attack through the one harness: which weapon an attack is made with (§14.4),
//! a skill's Restrict against it (§15.3, §15.5), Dual Wield and Twin Magic (§14.4, §14.6), and
//! a marked Range (§14.3).

use crate::character::OwnedSkill;
use crate::combat::{PACC, PATK};
use crate::data::SkillDef;
use crate::test_table::actions::{alice, bob, en, fighting, gm, pc, text, Session};

/// A skill of `timing` and `check` with `restrict`, MP 2, Target Single, Range Weapon.
fn skill(id: &str, timing: &str, check: &str, restrict: &str) -> SkillDef {
    SkillDef {
        id: id.into(),
        name: id.replace('_', " "),
        class: "general".into(),
        category: String::new(),
        acquire_cl: 1,
        max_sl: 3,
        timing: timing.into(),
        check: check.into(),
        target: "Single".into(),
        range: "Weapon".into(),
        cost: "MP 2".into(),
        restrict: restrict.into(),
        effect: "An original test skill.".into(),
        mods: Default::default(),
        effects: vec![],
        once: None,
        name_ja: None,
        effect_ja: None,
    }
}

/// [`fighting`], Ayla (alice) holding `items`, in one Engage with the Swarm (`close`) or not.
fn armed(items: &[&str], close: bool) -> Session {
    let mut t = fighting();
    t.hold("alice", items);
    t.combat().engages = if close {
        vec![vec![pc("alice"), en("Swarm")]]
    } else {
        vec![]
    };
    t.sync();
    t
}

fn attack_weapon(t: &Session) -> Option<String> {
    t.fight().attack.as_ref().and_then(|a| a.weapon.clone())
}

#[test]
fn rule_nw_15_5_magic_sword_use_is_refused_with_a_longsword_and_allowed_with_a_magic_sword() {
    // §15.3 Use requirements: "'Restrict: Magic Sword Use': the skill must be used through an
    // item of that category." §15.5 Restrict: "If the conditions described are not met, then
    // the skill cannot be used, and it also can't even be declared."
    let mut t = armed(&["longsword"], true);
    t.give_skill_def(
        "alice",
        skill(
            "moon_cleave",
            "Major Action",
            "Hit Check",
            "Magic Sword Use",
        ),
        1,
    );
    let mp = t.s.pcs[0].mp;
    let e = t.err(
        &alice(),
        "nwcombat use",
        &[("skill", "moon_cleave"), ("target", "Swarm")],
    );
    assert!(
        e.contains("moon cleave has Restrict: Magic Sword Use: it is used with a Magic Sword"),
        "{e}"
    );
    assert_eq!(t.s.pcs[0].mp, mp, "nothing paid");
    assert!(t.fight().attack.is_none() && !t.fight().used.major);
    // With the Moonsteel Saber (Category: Magic Sword/Blade) beside the Longsword: naming the
    // Longsword is refused; by default the attack is made with the Saber.
    t.hold("alice", &["longsword", "moonsteel_saber"]);
    let e = t.err(
        &alice(),
        "nwcombat use",
        &[
            ("skill", "moon_cleave"),
            ("target", "Swarm"),
            ("with", "Longsword"),
        ],
    );
    assert!(
        e.contains("its attack is made with a Magic Sword, and the Longsword is not one"),
        "{e}"
    );
    assert_eq!(t.s.pcs[0].mp, mp, "nothing paid");
    let out = t.ok(
        &alice(),
        "nwcombat use",
        &[("skill", "moon_cleave"), ("target", "Swarm")],
    );
    assert!(
        text(&out).contains("Ayla attacks Swarm with the Moonsteel Saber"),
        "{}",
        text(&out)
    );
    assert_eq!(attack_weapon(&t).as_deref(), Some("moonsteel_saber"));
    assert_eq!(t.s.pcs[0].mp, mp - 2);
}

#[test]
fn rule_nw_15_5_iaijutsu_blade_use_needs_a_blade() {
    // §15.5 Restrict "-- Use": "the named class or category of weapon must be the one used
    // with the skill (e.g. 'Broom Use', 'Blade Use')". Iaijutsu: Restrict: Blade Use.
    let mut t = armed(&["handgun"], true);
    t.s.pcs[0].ch.skills.push(OwnedSkill {
        id: "iaijutsu".into(),
        sl: 1,
    });
    t.s.pcs[0].mp = 10;
    let e = t.err(
        &alice(),
        "nwcombat use",
        &[("skill", "iaijutsu"), ("target", "Swarm")],
    );
    assert!(e.contains("Iaijutsu has Restrict: Blade Use"), "{e}");
    // Bolt acts in between; then Ayla draws a Longsword (with the Handgun in the other hand).
    t.set_turn(pc("bob"));
    t.ok(&bob(), "nwcombat minor", &[]);
    t.set_turn(pc("alice"));
    t.hold("alice", &["handgun", "longsword"]);
    t.ok(
        &alice(),
        "nwcombat use",
        &[("skill", "iaijutsu"), ("target", "Swarm")],
    );
    assert_eq!(attack_weapon(&t).as_deref(), Some("longsword"));
}

#[test]
fn rule_nw_15_5_a_constant_skill_with_a_restrict_gives_its_bonus_only_when_met() {
    // §15.5 Constant: "If a Restrict is given, the effect works only while it is met."
    let mut t = armed(&[], true);
    let mut k = skill("saber_focus", "Constant", "Automatic", "Magic Sword Use");
    k.mods.insert("pacc".into(), 2);
    t.give_skill_def("alice", k, 1);
    let mut k = skill("broom_sense", "Constant", "Automatic", "Broom Equip");
    k.mods.insert("patk".into(), 1);
    t.give_skill_def("alice", k, 1);
    let base_pacc = t.s.stat(&t.data, &pc("alice"), PACC);
    let base_patk = t.s.stat(&t.data, &pc("alice"), PATK);
    // Held: the Saber's PACC +1 and Saber Focus +2; no Broom, so Broom Sense gives nothing.
    t.hold("alice", &["longsword", "moonsteel_saber"]);
    assert_eq!(t.s.stat(&t.data, &pc("alice"), PACC), base_pacc + 3);
    assert_eq!(t.s.stat(&t.data, &pc("alice"), PATK), base_patk + 5);
    // An attack with the Longsword: Saber Focus is not met, and the Saber's PATK not added.
    t.ok(
        &alice(),
        "nwcombat attack",
        &[("target", "Swarm"), ("with", "longsword")],
    );
    let at = t.fight().attack.clone().expect("an attack");
    assert_eq!(at.hit.alter, base_pacc + 1, "the Saber's PACC +1 only");
    // Another Main Process: with the Saber, Saber Focus counts.
    t.combat().attack = None;
    t.set_turn(pc("alice"));
    t.ok(
        &alice(),
        "nwcombat attack",
        &[("target", "Swarm"), ("with", "Moonsteel Saber")],
    );
    let at = t.fight().attack.clone().expect("an attack");
    assert_eq!(at.hit.alter, base_pacc + 3);
    // Broom Sense: "Restrict: Equip Broom" works while a Broom is equipped.
    t.hold("alice", &["street_broom"]);
    assert_eq!(t.s.stat(&t.data, &pc("alice"), PATK), base_patk + 5 + 1);
}

#[test]
fn rule_nw_14_4_an_attack_uses_only_one_weapon_and_only_its_patk() {
    // §14.4: "An attack uses only one weapon. With a One Hand weapon in each hand, the PATK of
    // the two is not added together." Longsword PATK 4 (Close), Handgun PATK 3 (Short).
    let mut t = armed(&[], true);
    let base = t.s.stat(&t.data, &pc("alice"), PATK);
    t.hold("alice", &["longsword", "handgun"]);
    t.rolls(
        &alice(),
        "/nwcombat attack target:Swarm with:Handgun",
        &[6, 5],
    );
    assert_eq!(attack_weapon(&t).as_deref(), Some("handgun"));
    // The GM's Dodge Check comes in between; the damage roll is the Handgun's.
    t.rolls(&gm(), "/nwcombat dodge", &[1, 2]);
    t.rolls(&alice(), "/nwcombat damage", &[3, 3]);
    let at = t.fight().attack.clone().expect("an attack");
    assert_eq!(
        at.damage_roll.expect("rolled").alter,
        base + 3,
        "the Handgun's PATK 3, not the Longsword's 4"
    );
    // A weapon not held is refused, naming what is.
    let mut t = armed(&["longsword", "handgun"], true);
    let e = t.err(
        &alice(),
        "nwcombat attack",
        &[("target", "Swarm"), ("with", "Greatsword")],
    );
    assert!(
        e.contains("Ayla holds no `Greatsword` to attack with (in hand: Longsword, Handgun)"),
        "{e}"
    );
    // No `with:` at Close: the higher PATK (the Longsword); at Short: the one that reaches.
    t.ok(&alice(), "nwcombat attack", &[("target", "Swarm")]);
    assert_eq!(attack_weapon(&t).as_deref(), Some("longsword"));
    let mut t = armed(&["longsword", "handgun"], false);
    let e = t.err(
        &alice(),
        "nwcombat attack",
        &[("target", "Swarm"), ("with", "Longsword")],
    );
    assert!(
        e.contains("Range: Close and Swarm is at Short range"),
        "{e}"
    );
    t.ok(&alice(), "nwcombat attack", &[("target", "Swarm")]);
    assert_eq!(attack_weapon(&t).as_deref(), Some("handgun"));
}

#[test]
fn rule_nw_14_4_dual_wield_and_14_6_twin_magic_are_conditions_skills_check() {
    // §14.4: "Having a weapon in each hand gives the Dual Wield condition, which some skills
    // check." §14.6: two One Hand enchantments give "the Twin Magic condition".
    let mut t = armed(&["greatsword"], true);
    t.give_skill_def(
        "alice",
        skill("twin_fangs", "Minor Action", "Automatic", "Dual Wield"),
        1,
    );
    t.give_skill_def(
        "alice",
        skill("twin_sigils", "Minor Action", "Automatic", "Twin Magic"),
        1,
    );
    let e = t.err(&alice(), "nwcombat use", &[("skill", "twin_fangs")]);
    assert!(
        e.contains("it needs Dual Wield, a weapon in each hand"),
        "{e}"
    );
    t.hold("alice", &["longsword", "spark_wand"]);
    let e = t.err(&alice(), "nwcombat use", &[("skill", "twin_fangs")]);
    assert!(e.contains("Dual Wield"), "{e}");
    let e = t.err(&alice(), "nwcombat use", &[("skill", "twin_sigils")]);
    assert!(e.contains("it needs Twin Magic"), "{e}");
    t.hold("alice", &["longsword", "combat_knife"]);
    t.ok(&alice(), "nwcombat use", &[("skill", "twin_fangs")]);
    t.set_turn(pc("alice"));
    t.hold("alice", &["spark_wand", "spark_wand"]);
    t.ok(&alice(), "nwcombat use", &[("skill", "twin_sigils")]);
}

#[test]
fn rule_nw_14_3_a_marked_range_cannot_target_the_wielders_own_engage() {
    // §14.3: "A Range entry carrying a special mark cannot target anyone in the wielder's own
    // Engage: Short range only. A plain 'Range: Short' weapon can target both Close and Short."
    let mut t = armed(&["longshot_rifle"], true);
    let e = t.err(&alice(), "nwcombat attack", &[("target", "Swarm")]);
    assert!(
        e.contains("the Longshot Rifle's Range is marked: it reaches Short range only, and Swarm is in your own Engage (§14.3)"),
        "{e}"
    );
    let e = t.err(
        &alice(),
        "nwcombat attack",
        &[("targets", "Swarm"), ("area", "true")],
    );
    assert!(e.contains("Range is marked"), "{e}");
    // A plain Short weapon reaches Close.
    let mut t = armed(&["handgun"], true);
    t.ok(&alice(), "nwcombat attack", &[("target", "Swarm")]);
    // At Short range the marked Rifle fires.
    let mut t = armed(&["longshot_rifle"], false);
    t.ok(&alice(), "nwcombat attack", &[("target", "Swarm")]);
    assert_eq!(attack_weapon(&t).as_deref(), Some("longshot_rifle"));
}

/// Issue #40: a Restrict refusal is typed words: the English the table refuses with, and in
/// Japanese the game's words around the Restrict as the data writes it, with the weapon's
/// Japanese name.
#[test]
fn a_restrict_refusal_reads_japanese_with_the_data_s_restrict_words() {
    use crate::character::restrict::Using;
    use croupier_core::i18n::Locale;
    let mut t = armed(&["longsword"], true);
    let def = skill(
        "moon_cleave",
        "Major Action",
        "Hit Check",
        "Magic Sword Use",
    );
    t.give_skill_def("alice", def.clone(), 1);
    let e = t.err(
        &alice(),
        "nwcombat use",
        &[("skill", "moon_cleave"), ("target", "Swarm")],
    );
    let said = |t: &Session, using: Using| {
        let cat = t.s.cat(&t.data);
        t.s.pcs[0]
            .ch
            .restrict_unmet(&def, &cat, using)
            .expect("unmet")
    };
    let held = said(&t, Using::Held);
    assert_eq!(held.text(Locale::En), e);
    // The refusal that came back through the table carries the same typed words.
    let typed = t
        .run(
            &alice(),
            "nwcombat use",
            &[("skill", "moon_cleave"), ("target", "Swarm")],
        )
        .expect_err("refused")
        .2
        .expect("typed words");
    assert_eq!(typed.text(Locale::Ja), held.text(Locale::Ja));
    assert_eq!(
        e,
        "moon cleave has Restrict: Magic Sword Use: it is used with a Magic Sword: hold one first."
    );
    assert_eq!(
        held.text(Locale::Ja),
        "moon cleaveには制限「Magic Sword Use」があります：Magic Swordを手に持って使うスキルです。先に持ってください。"
    );
    let longsword = t
        .data
        .items
        .iter()
        .find(|i| i.id == "longsword")
        .expect("data");
    let attack = said(&t, Using::Attack(longsword));
    assert!(attack
        .text(Locale::En)
        .ends_with("its attack is made with a Magic Sword, and the Longsword is not one."));
    let ja = attack.text(Locale::Ja);
    assert!(
        ja.ends_with("Magic Swordで攻撃するスキルですが、長剣はそれに当たりません。"),
        "{ja}"
    );
}
