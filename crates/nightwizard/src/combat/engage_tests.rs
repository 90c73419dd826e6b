//! Tests of `engage` through the one harness.
use crate::combat::Who;
use crate::test_table::{alice, bob, gm, Session as T};
use croupier_core::table::UserId;

/// Ayla (alice) and Bolt (bob) in a fight with a Shade Swarm `Swarm`, Ayla engaged with it,
/// in Ayla's Main Process with nothing used.
fn engaged() -> T {
    let mut t = T::with(&[(alice(), "Ayla"), (bob(), "Bolt")], 6);
    t.ok(
        &gm(),
        "nw enemy spawn",
        &[("name", "shade_swarm"), ("as", "Swarm")],
    );
    t.ok(&gm(), "nwcombat start", &[]);
    t.ok(&gm(), "nwcombat engage", &[("a", "Ayla"), ("b", "Swarm")]);
    t.edit(|s| {
        let c = s.combat.as_mut().expect("a fight");
        c.current = Some(Who::Pc(UserId::new("alice")));
        c.candidates.clear();
        c.used = Default::default();
        c.skills.window = None;
    });
    t
}

#[test]
fn rule_nw_10_1_an_incapacitated_enemy_hinders_nobody() {
    // §10.1: an Incapacitated character "may use no actions"; §10.6: "With no enemy in the
    // Engage, no Withdraw is needed." An enemy at HP 0 holds no one in the Engage.
    let mut t = engaged();
    t.ok(&gm(), "nwenemy set", &[("label", "Swarm"), ("hp", "0")]);
    // Another player acts in between.
    t.ok(&bob(), "game status", &[]);
    let out = t.ok(&alice(), "nwcombat withdraw", &[]);
    let text: String = out.iter().map(|r| r.message.plain_text()).collect();
    assert!(text.contains("Ayla moves out of the Engage."), "{text}");
    assert!(
        !t.s.combat.as_ref().unwrap().used.minor,
        "the Minor Action is still free"
    );
}
