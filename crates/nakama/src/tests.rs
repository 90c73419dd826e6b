//! Rule tests for the Nakama engine (seeded). Each names the rule it checks.

use rand::Rng;

use super::data::{load, Ability, NakamaData};
use super::play::{CardRef, NakamaAction as A, Pick};
use super::sim::{choose, play_one};
use super::state::{rank, roll_die, Ending, Foe, Nakama, Phase, Resume, Step};
use croupier_core::rng::{seeded, GameRng};
use croupier_core::table::{Actor, Command, Ctx, Game, Reply};

fn data() -> NakamaData {
    load(&croupier_core::source_path("data")).expect("data loads")
}

fn who(n: &str) -> Actor {
    Actor::player(n, n)
}

fn f(d: &NakamaData, label: &str) -> usize {
    d.friend_by_label(label).expect("card exists")
}

fn enemy(d: &NakamaData, id: &str) -> Foe {
    Foe::Enemy(d.enemies.iter().position(|e| e.id == id).expect("enemy"))
}

fn boss(d: &NakamaData, id: &str) -> Foe {
    Foe::Boss(d.bosses.iter().position(|e| e.id == id).expect("boss"))
}

/// A begun game with `names` (the first plays Luffy) and `bosses`.
fn game(d: &NakamaData, rng: &mut GameRng, names: &[&str], bosses: u8) -> Nakama {
    let mut g = Nakama::empty();
    let chars = ["Luffy", "Zoro", "Nami", "Usopp", "Sanji"];
    for (i, n) in names.iter().enumerate() {
        let character = d.character_by_name(chars[i]).unwrap();
        g.act(rng, d, &who(n), &A::Join { character }).unwrap();
    }
    g.act(rng, d, &who(names[0]), &A::Begin { bosses }).unwrap();
    g
}

/// Runs an action through `Game::apply` (the path the table service uses).
fn apply(
    g: &mut Nakama,
    rng: &mut GameRng,
    d: &NakamaData,
    a: &str,
    act: A,
) -> Result<Vec<Reply>, croupier_core::table::RuleError> {
    let mut ctx = Ctx {
        rng,
        now: 0,
        data: d,
        shared: None,
        place: croupier_core::table::Place::nowhere(),
    };
    g.apply(&mut ctx, &who(a), &act)
}

fn recruit(card: usize, column: u8) -> A {
    A::Recruit {
        card: CardRef::Card(card),
        column: Some(column),
    }
}

/// A quiet board: columns of low cards no mission of `spaces` accepts is not guaranteed, so tests set what they need.
fn set_columns(g: &mut Nakama, d: &NakamaData, labels: [&str; 5]) {
    let all: Vec<usize> = labels.iter().map(|l| f(d, l)).collect();
    for c in &mut g.columns {
        for x in c.drain(..) {
            g.friend_deck.insert(0, x);
        }
    }
    for p in &mut g.players {
        p.hand.retain(|h| !all.contains(h));
    }
    g.friend_deck.retain(|h| !all.contains(h));
    for (c, x) in all.into_iter().enumerate() {
        g.columns[c] = vec![x];
    }
}

fn give_hand(g: &mut Nakama, d: &NakamaData, seat: usize, labels: &[&str]) {
    let cards: Vec<usize> = labels.iter().map(|l| f(d, l)).collect();
    g.friend_deck.retain(|h| !cards.contains(h));
    for c in &mut g.columns {
        assert!(c.iter().all(|h| !cards.contains(h)), "card on the board");
    }
    for p in g.players.iter_mut() {
        p.hand.retain(|h| !cards.contains(h));
    }
    let old: Vec<usize> = std::mem::take(&mut g.players[seat].hand);
    g.friend_deck.splice(0..0, old);
    g.players[seat].hand = cards;
}

fn set_spaces(g: &mut Nakama, foes: [Option<Foe>; 3]) {
    let mut all = g.enemy_deck.clone();
    all.extend(g.spaces.iter().flatten());
    all.extend(&g.out_of_game);
    for x in foes.iter().flatten() {
        all.retain(|y| y != x);
    }
    g.spaces = foes.to_vec();
    g.enemy_deck = all
        .iter()
        .filter(|x| !x.is_boss())
        .copied()
        .take(17)
        .collect();
    g.out_of_game = all
        .into_iter()
        .filter(|x| !g.enemy_deck.contains(x))
        .collect();
}

fn check_partition(g: &Nakama, d: &NakamaData) {
    let mut fr = g.all_friends();
    fr.sort_unstable();
    assert_eq!(
        fr,
        (0..d.friends.len()).collect::<Vec<_>>(),
        "friends partitioned"
    );
    let mut foes: Vec<(bool, usize)> = g
        .all_foes()
        .iter()
        .map(|x| match *x {
            Foe::Enemy(i) => (false, i),
            Foe::Boss(i) => (true, i),
        })
        .collect();
    foes.sort_unstable();
    let want: Vec<(bool, usize)> = (0..d.enemies.len())
        .map(|i| (false, i))
        .chain((0..d.bosses.len()).map(|i| (true, i)))
        .collect();
    assert_eq!(foes, want, "enemies and bosses partitioned");
}

#[test]
fn rule_setup_20_enemies_3_in_spaces_then_bosses_5_columns_4_cards_threat_0() {
    let d = data();
    let mut rng = seeded(3);
    let g = game(&d, &mut rng, &["ann", "bob", "cat"], 2);
    assert_eq!(g.phase, Phase::Playing);
    assert!(
        g.spaces.iter().all(|s| s.is_some_and(|f| !f.is_boss())),
        "bosses added AFTER placing 3 enemies"
    );
    assert_eq!(g.enemy_deck.len(), 17 + 2);
    assert_eq!(g.enemy_deck.iter().filter(|f| f.is_boss()).count(), 2);
    assert!(g.columns.iter().all(|c| c.len() == 1));
    assert!(g.players.iter().all(|p| p.hand.len() == 4 && p.powered));
    assert_eq!(g.threat, 0);
    assert_eq!(g.friend_deck.len(), 54 - 5 - 12);
    assert_eq!(g.step, Step::Recruit { extra: false });
    check_partition(&g, &d);
}

#[test]
fn rule_luffy_player_starts_and_solo_hand_is_6() {
    let d = data();
    let mut rng = seeded(4);
    let mut g = Nakama::empty();
    g.act(
        &mut rng,
        &d,
        &who("ann"),
        &A::Join {
            character: d.character_by_name("Nami").unwrap(),
        },
    )
    .unwrap();
    g.act(
        &mut rng,
        &d,
        &who("bob"),
        &A::Join {
            character: d.character_by_name("Zoro").unwrap(),
        },
    )
    .unwrap();
    let before = g.clone();
    assert!(g
        .act(&mut rng, &d, &who("ann"), &A::Begin { bosses: 0 })
        .unwrap_err()
        .0
        .contains("Luffy"));
    assert_eq!(g, before);
    g.act(
        &mut rng,
        &d,
        &who("bob"),
        &A::Join {
            character: d.character_by_name("Luffy").unwrap(),
        },
    )
    .unwrap();
    g.act(&mut rng, &d, &who("ann"), &A::Begin { bosses: 0 })
        .unwrap();
    assert_eq!(g.players[g.turn].name, "bob");
    let solo = game(&d, &mut rng, &["sol"], 0);
    assert_eq!(solo.players[0].hand.len(), 6);
}

#[test]
fn refusals_leave_state_unchanged() {
    let d = data();
    let mut rng = seeded(5);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let before = g.clone();
    let bobs = g.players[1].hand[0];
    // Acting out of turn.
    let e = apply(&mut g, &mut rng, &d, "bob", recruit(bobs, 1)).unwrap_err();
    assert!(e.0.contains("ann's turn"), "{e}");
    // A card not in your hand.
    let e = apply(&mut g, &mut rng, &d, "ann", recruit(bobs, 1)).unwrap_err();
    assert!(e.0.contains("not in your hand"), "{e}");
    // Skipping Recruit.
    let e = apply(&mut g, &mut rng, &d, "ann", A::Skip).unwrap_err();
    assert!(e.0.contains("MUST recruit"), "{e}");
    // A column that does not exist.
    let mine = g.players[0].hand[0];
    assert!(apply(&mut g, &mut rng, &d, "ann", recruit(mine, 6)).is_err());
    // A non-existent colour or number is refused when the command is read.
    let cmd = Command::new("nakama recruit")
        .with("card", "Pink 12")
        .with("column", "1");
    assert!(g
        .parse(&who("ann"), &cmd, &d, &())
        .unwrap_err()
        .0
        .contains("not a friend card"));
    // A player who is not at the table.
    assert!(g
        .show(&who("zed"), &super::NakamaCommand::Hand, &d)
        .is_err());
    assert_eq!(g, before);
}

#[test]
fn rule_recruit_exactly_one_card_then_combat_and_rest_pass_the_turn() {
    let d = data();
    let mut rng = seeded(6);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 2", "Blue 2", "Green 2", "Yellow 2", "Purple 4"],
    );
    give_hand(&mut g, &d, 0, &["Red 9", "Blue 8", "Green 6", "Orange 9"]);
    set_spaces(
        &mut g,
        [
            Some(enemy(&d, "harbour-bully")),
            Some(enemy(&d, "cabin-rat")),
            Some(enemy(&d, "even-keel-captain")),
        ],
    );
    // Total 2+2+2+2+9 = 17 < 22; column 2 power ≤ 3 met; column 5 even: Orange 9 is odd.
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 9"), 5)).unwrap();
    assert_eq!(g.turn, 1, "play passes to the left");
    assert_eq!(g.players[0].hand.len(), 4, "rest draws back to 4");
    assert_eq!(g.defeated_enemies, vec![enemy(&d, "cabin-rat")]);
    // Left to right: Harbour Bully holds (+1 → 1), Cabin Rat falls (back 1 → 0),
    // Even-Keel Captain holds (+1 → 1).
    assert_eq!(g.threat, 1);
    // Rest shifted the remaining enemies left and refilled space 3.
    assert_eq!(g.spaces[0], Some(enemy(&d, "harbour-bully")));
    assert_eq!(g.spaces[1], Some(enemy(&d, "even-keel-captain")));
    assert!(g.spaces[2].is_some());
    // Recruiting twice is refused: the turn has passed, and ann is no longer active.
    let ann_card = g.players[0].hand[0];
    assert!(apply(&mut g, &mut rng, &d, "ann", recruit(ann_card, 1)).is_err());
    check_partition(&g, &d);
}

#[test]
fn rule_defeated_enemy_moves_threat_back_not_below_zero() {
    let d = data();
    let mut rng = seeded(7);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 9", "Blue 9", "Green 9", "Yellow 9", "Purple 8"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    set_spaces(&mut g, [Some(enemy(&d, "storm-admiral")), None, None]);
    g.threat = 2;
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 1)).unwrap();
    // Red 9 is now a former friend: 2+9+9+9+8 = 37 ≥ 33, threat 4 back from 2 → 0.
    assert!(g.defeated_enemies.contains(&enemy(&d, "storm-admiral")));
    assert_eq!(g.threat, 0);
}

#[test]
fn rule_threat_reaching_10_loses_a_friend_and_resets_to_0() {
    let d = data();
    let mut rng = seeded(8);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 1", "Blue 1", "Green 1", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    set_spaces(&mut g, [Some(enemy(&d, "storm-admiral")), None, None]);
    g.threat = 7;
    apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Recruit {
            card: CardRef::Card(f(&d, "Orange 2")),
            column: Some(1),
        },
    )
    .unwrap();
    // 7 + 4 = 11 ≥ 10: one friend defeated, threat back to 0 (overflow dropped).
    assert_eq!(g.defeated_friends.len(), 1);
    assert_eq!(g.threat, 0);
    assert!(
        g.columns.iter().all(|c| !c.is_empty()),
        "an emptied column is refilled at once"
    );
    check_partition(&g, &d);
}

#[test]
fn rule_five_defeated_friends_is_defeat() {
    let d = data();
    let mut rng = seeded(9);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    for _ in 0..4 {
        let x = g.friend_deck.pop().unwrap();
        g.defeated_friends.push(x);
    }
    let mut log = vec![];
    g.lose_friend(&mut rng, &d, &mut log);
    assert_eq!(g.ending, Some(Ending::Defeat));
    assert!(g.ending_text(&d).unwrap().contains("Defeat"));
}

#[test]
fn rule_drawing_the_last_friend_card_ends_the_adventure_with_a_rank() {
    let d = data();
    let mut rng = seeded(10);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let keep = g.friend_deck.split_off(g.friend_deck.len() - 1);
    g.discard
        .extend(std::mem::replace(&mut g.friend_deck, keep));
    g.defeated_enemies.push(enemy(&d, "storm-admiral"));
    g.enemy_deck.retain(|x| *x != enemy(&d, "storm-admiral"));
    g.out_of_game.retain(|x| *x != enemy(&d, "storm-admiral"));
    g.spaces.iter_mut().for_each(|s| {
        if *s == Some(enemy(&d, "storm-admiral")) {
            *s = None
        }
    });
    let card = g.players[0].hand[0];
    let out = apply(&mut g, &mut rng, &d, "ann", recruit(card, 1)).unwrap();
    let out = if g.over() {
        out
    } else {
        apply(&mut g, &mut rng, &d, "ann", A::Skip).unwrap()
    };
    assert_eq!(g.ending, Some(Ending::AdventureOver));
    assert!(g.friend_deck.is_empty());
    let text: String = out.iter().map(|r| r.message.plain_text()).collect();
    assert!(text.contains("The adventure is over"), "{text}");
    assert!(text.contains(rank(g.reward(&d))), "{text}");
}

#[test]
fn rule_reward_ranks_from_cabin_boy_to_emperor() {
    assert_eq!(rank(0), "Cabin Boy");
    assert_eq!(rank(10), "Cabin Boy");
    assert_eq!(rank(11), "Rookie Pirate");
    assert_eq!(rank(30), "Run-of-the-Mill Pirate");
    assert_eq!(rank(31), "BRAVO Pirate");
    assert_eq!(rank(50), "Captain");
    assert_eq!(rank(60), "Renowned Captain");
    assert_eq!(rank(70), "Warlord of the Sea");
    assert_eq!(rank(71), "Emperor of the Waves");
}

#[test]
fn rule_defeating_every_enemy_of_the_deck_is_king_of_the_pirates() {
    let d = data();
    let mut rng = seeded(11);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 9", "Blue 9", "Green 9", "Yellow 9", "Purple 8"],
    );
    give_hand(&mut g, &d, 0, &["Orange 9", "Red 3", "Blue 4", "Green 5"]);
    set_spaces(&mut g, [Some(enemy(&d, "harbour-bully")), None, None]);
    g.out_of_game.append(&mut g.enemy_deck);
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 9"), 5)).unwrap();
    assert_eq!(g.ending, Some(Ending::KingOfThePirates));
    assert!(g.ending_text(&d).unwrap().contains("King of the Pirates"));
}

#[test]
fn rule_block_returns_an_enemy_and_the_space_stays_empty_until_rest() {
    let d = data();
    let mut rng = seeded(12);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let block = d
        .friends
        .iter()
        .position(|x| x.ability == Some(Ability::Block))
        .unwrap();
    let label = d.friends[block].label();
    set_columns(
        &mut g,
        &d,
        ["Red 1", "Blue 1", "Green 1", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &[&label, "Orange 2", "Red 3", "Blue 4"]);
    set_spaces(
        &mut g,
        [
            Some(enemy(&d, "storm-admiral")),
            Some(enemy(&d, "harbour-bully")),
            None,
        ],
    );
    apply(&mut g, &mut rng, &d, "ann", recruit(block, 3)).unwrap();
    assert_eq!(g.step, Step::Ability { card: block });
    let before = g.clone();
    // Recruiting twice in one turn is refused (only a Recruit ability allows a second card).
    let e = apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 1)).unwrap_err();
    assert!(e.0.contains("already recruited"), "{e}");
    assert_eq!(g, before);
    assert!(apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Ability(Pick {
            space: Some(3),
            ..Pick::default()
        })
    )
    .is_err());
    assert_eq!(g, before, "an empty space cannot be blocked");
    let deck = g.enemy_deck.len();
    apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Ability(Pick {
            space: Some(1),
            ..Pick::default()
        }),
    )
    .unwrap();
    assert!(
        g.enemy_deck.len() >= deck - 2,
        "the blocked enemy went back into the deck"
    );
    // Only Harbour Bully fought: threat +1 (Storm Admiral's 4 did not count).
    assert_eq!(g.threat, 1);
    assert!(g.spaces.iter().all(Option::is_some), "refilled at Rest");
    check_partition(&g, &d);
}

#[test]
fn rule_move_power_up_and_recruit_abilities_resolve_in_full() {
    let d = data();
    let mut rng = seeded(13);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_spaces(&mut g, [Some(enemy(&d, "cabin-rat")), None, None]);
    set_columns(
        &mut g,
        &d,
        ["Red 2", "Blue 6", "Green 2", "Yellow 2", "Purple 2"],
    );
    give_hand(&mut g, &d, 0, &["Red 3", "Red 5", "Orange 4", "Blue 7"]);
    // Red 3 has Move: a Move missing its target column is refused, the full one resolves.
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Red 3"), 4)).unwrap();
    let before = g.clone();
    assert!(apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Ability(Pick {
            from: Some(4),
            ..Pick::default()
        })
    )
    .is_err());
    assert_eq!(g, before);
    apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Ability(Pick {
            from: Some(4),
            to: Some(2),
            ..Pick::default()
        }),
    )
    .unwrap();
    // Red 3 on top of Blue 6 in column 2: Cabin Rat (column 2 power ≤ 3) is defeated.
    assert!(g.defeated_enemies.contains(&enemy(&d, "cabin-rat")));
    assert_eq!(g.turn, 1);
    // Bob spends his token, then recruits a Power Up friend and flips it back.
    let bob_char = &d.characters[g.players[1].character];
    assert_eq!(bob_char.name, "Zoro");
    apply(
        &mut g,
        &mut rng,
        &d,
        "bob",
        A::Power(Pick {
            space: Some(1),
            ..Pick::default()
        }),
    )
    .unwrap();
    assert!(!g.players[1].powered);
    let before = g.clone();
    let e = apply(
        &mut g,
        &mut rng,
        &d,
        "bob",
        A::Power(Pick {
            space: Some(2),
            ..Pick::default()
        }),
    )
    .unwrap_err();
    assert!(e.0.contains("Power Down"), "a spent Power Up is refused");
    assert_eq!(g, before);
    let pu = d
        .friends
        .iter()
        .position(|x| x.ability == Some(Ability::PowerUp))
        .unwrap();
    let pl = d.friends[pu].label();
    let rc = d
        .friends
        .iter()
        .position(|x| x.ability == Some(Ability::Recruit))
        .unwrap();
    let rl = d.friends[rc].label();
    set_columns(
        &mut g,
        &d,
        ["Red 2", "Blue 6", "Green 2", "Yellow 2", "Purple 2"],
    );
    give_hand(&mut g, &d, 1, &[&rl, &pl, "Yellow 9", "Green 9"]);
    apply(&mut g, &mut rng, &d, "bob", recruit(rc, 1)).unwrap();
    apply(&mut g, &mut rng, &d, "bob", A::Ability(Pick::default())).unwrap();
    assert_eq!(g.step, Step::Recruit { extra: true });
    apply(&mut g, &mut rng, &d, "bob", recruit(pu, 2)).unwrap();
    apply(&mut g, &mut rng, &d, "bob", A::Ability(Pick::default())).unwrap();
    assert!(g.players[1].powered, "Power Up flips the token back");
    assert_eq!(g.turn, 0);
    check_partition(&g, &d);
}

#[test]
fn rule_exchange_swaps_face_down_and_each_chooses_privately() {
    let d = data();
    let mut rng = seeded(14);
    let mut g = game(&d, &mut rng, &["ann", "bob", "cat"], 0);
    let ex = d
        .friends
        .iter()
        .position(|x| x.ability == Some(Ability::Exchange))
        .unwrap();
    let el = d.friends[ex].label();
    set_columns(
        &mut g,
        &d,
        ["Red 2", "Blue 2", "Green 2", "Yellow 2", "Purple 2"],
    );
    give_hand(&mut g, &d, 0, &[&el, "Orange 4", "Orange 6", "Orange 8"]);
    give_hand(
        &mut g,
        &d,
        1,
        &["Yellow 3", "Yellow 5", "Yellow 7", "Yellow 8"],
    );
    apply(&mut g, &mut rng, &d, "ann", recruit(ex, 1)).unwrap();
    let out = apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Ability(Pick {
            target: Some(croupier_core::table::UserId::new("bob")),
            ..Pick::default()
        }),
    )
    .unwrap();
    assert!(matches!(g.step, Step::Exchange { .. }));
    for r in out.iter().filter(|r| r.is_public()) {
        assert!(
            !r.message.plain_text().contains("Orange")
                && !r.message.plain_text().contains("Yellow 5")
        );
    }
    assert!(out
        .iter()
        .any(|r| !r.is_public() && r.message.select.is_some()));
    let before = g.clone();
    assert!(apply(
        &mut g,
        &mut rng,
        &d,
        "cat",
        A::Give {
            card: CardRef::Pos(1)
        }
    )
    .is_err());
    assert_eq!(g, before, "a third player cannot take part");
    apply(
        &mut g,
        &mut rng,
        &d,
        "bob",
        A::Give {
            card: CardRef::Card(f(&d, "Yellow 5")),
        },
    )
    .unwrap();
    apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Give {
            card: CardRef::Card(f(&d, "Orange 6")),
        },
    )
    .unwrap();
    assert!(g.players[1].hand.contains(&f(&d, "Orange 6")));
    assert!(!g.players[1].hand.contains(&f(&d, "Yellow 5")));
    assert_eq!(g.turn, 1);
    check_partition(&g, &d);
}

#[test]
fn rule_solo_exchange_is_used_as_move_or_recruit() {
    let d = data();
    let mut rng = seeded(15);
    let mut g = game(&d, &mut rng, &["sol"], 0);
    let ex = d
        .friends
        .iter()
        .position(|x| x.ability == Some(Ability::Exchange))
        .unwrap();
    let el = d.friends[ex].label();
    set_columns(
        &mut g,
        &d,
        ["Red 2", "Blue 2", "Green 2", "Yellow 2", "Purple 2"],
    );
    give_hand(
        &mut g,
        &d,
        0,
        &[&el, "Orange 4", "Orange 6", "Orange 8", "Red 9", "Blue 9"],
    );
    apply(&mut g, &mut rng, &d, "sol", recruit(ex, 1)).unwrap();
    let before = g.clone();
    assert!(
        apply(&mut g, &mut rng, &d, "sol", A::Ability(Pick::default()))
            .unwrap_err()
            .0
            .contains("solo")
    );
    assert_eq!(g, before);
    apply(
        &mut g,
        &mut rng,
        &d,
        "sol",
        A::Ability(Pick {
            mode: Some("recruit".into()),
            ..Pick::default()
        }),
    )
    .unwrap();
    assert_eq!(g.step, Step::Recruit { extra: true });
}

#[test]
fn rule_die_ability_straw_hat_lets_the_player_choose_1_to_5() {
    let d = data();
    let die = d
        .friends
        .iter()
        .position(|x| matches!(x.ability, Some(Ability::Die { .. })))
        .unwrap();
    let dl = d.friends[die].label();
    for seed in 0..40 {
        let mut rng = seeded(seed);
        let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
        set_columns(
            &mut g,
            &d,
            ["Red 2", "Blue 2", "Green 2", "Yellow 2", "Purple 2"],
        );
        give_hand(&mut g, &d, 0, &[&dl, "Orange 4", "Orange 6", "Orange 8"]);
        apply(&mut g, &mut rng, &d, "ann", recruit(die, 1)).unwrap();
        apply(&mut g, &mut rng, &d, "ann", A::Ability(Pick::default())).unwrap();
        if let Step::Hat { .. } = g.step {
            let before = g.clone();
            assert!(apply(
                &mut g,
                &mut rng,
                &d,
                "ann",
                A::Ability(Pick {
                    value: Some(6),
                    ..Pick::default()
                })
            )
            .is_err());
            assert_eq!(g, before);
            apply(
                &mut g,
                &mut rng,
                &d,
                "ann",
                A::Ability(Pick {
                    value: Some(3),
                    ..Pick::default()
                }),
            )
            .unwrap();
            assert!(!matches!(g.step, Step::Hat { .. }));
            return;
        }
    }
    panic!("no straw hat in 40 seeded rolls");
}

#[test]
fn rule_boss_challenge_resolves_when_it_enters_play() {
    let d = data();
    let mut rng = seeded(16);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let b = boss(&d, "iron-empress"); // power_down_all
    g.out_of_game.retain(|x| *x != b);
    g.enemy_deck.push(b);
    g.spaces[0] = None;
    let mut log = vec![];
    g.refill_enemies(&mut rng, &d, &mut log);
    assert!(g.spaces.contains(&Some(b)));
    assert!(g.players.iter().all(|p| !p.powered));
    assert!(log.iter().any(|l| l.contains("Challenge")));
    // Jinbe's Block does not reach bosses (abilities that affect enemies do not affect bosses).
    let mut g2 = game(&d, &mut rng, &["ann", "bob"], 0);
    g2.players[1].character = d.character_by_name("Jinbe").unwrap();
    g2.out_of_game.retain(|x| *x != b);
    let old = g2.spaces[0].replace(b);
    g2.out_of_game.extend(old);
    let before = g2.clone();
    assert!(apply(
        &mut g2,
        &mut rng,
        &d,
        "bob",
        A::Power(Pick {
            space: Some(1),
            ..Pick::default()
        })
    )
    .unwrap_err()
    .0
    .contains("boss"));
    assert_eq!(g2, before);
}

/// Every public reply of `out`, checked against every hand after the action.
fn assert_no_hand_in_public(g: &Nakama, d: &NakamaData, out: &[Reply]) {
    for r in out.iter().filter(|r| r.is_public()) {
        let mut text = r.message.plain_text();
        for b in &r.message.buttons {
            text.push_str(&b.command);
        }
        if let Some(s) = &r.message.select {
            for o in &s.options {
                text.push_str(&o.value);
                text.push_str(&o.label);
            }
        }
        for p in &g.players {
            for &h in &p.hand {
                let fr = &d.friends[h];
                assert!(
                    !text.contains(&fr.label()),
                    "public message shows {} from {}'s hand:\n{text}",
                    fr.label(),
                    p.name
                );
                assert!(!text.contains(&fr.id), "public message names {}", fr.id);
            }
        }
    }
}

/// Plays seeded games with random legal-ish actions mixed into the policy, checking invariants
/// after every step: friends and enemies partitioned, threat 0–9, no hand in a public message.
#[test]
fn property_thousands_of_seeded_games_keep_the_invariants() {
    let d = data();
    let mut endings = [0usize; 3];
    for seed in 0..1500u64 {
        let mut rng = seeded(seed);
        let players = 1 + (seed % 5) as usize;
        let names = ["ann", "bob", "cat", "dan", "eve"];
        let mut g = game(&d, &mut rng, &names[..players], (seed % 4) as u8);
        check_partition(&g, &d);
        for _ in 0..2000 {
            if g.over() {
                break;
            }
            let (s, a) = if rng.random_range(0..4) == 0 {
                // A random command from a random player: refusals must change nothing.
                let s = rng.random_range(0..players);
                let a = match rng.random_range(0..6) {
                    0 => A::Skip,
                    1 => A::Recruit {
                        card: CardRef::Pos(rng.random_range(1..=7)),
                        column: Some(rng.random_range(1..=6)),
                    },
                    2 => A::Power(Pick {
                        from: Some(rng.random_range(1..=5)),
                        to: Some(rng.random_range(1..=5)),
                        space: Some(rng.random_range(1..=3)),
                        column: Some(rng.random_range(1..=5)),
                        target: Some(g.players[(s + 1) % players].user.clone()),
                        ..Pick::default()
                    }),
                    3 => A::Ability(Pick {
                        from: Some(rng.random_range(1..=5)),
                        to: Some(rng.random_range(1..=5)),
                        space: Some(rng.random_range(1..=3)),
                        value: Some(rng.random_range(1..=5)),
                        target: Some(g.players[(s + 1) % players].user.clone()),
                        mode: Some("recruit".into()),
                        ..Pick::default()
                    }),
                    4 => A::Give {
                        card: CardRef::Pos(1),
                    },
                    _ => A::Discard {
                        card: CardRef::Pos(1),
                    },
                };
                (s, a)
            } else {
                choose(&g, &d).expect("a move")
            };
            let actor = who(&g.players[s].user.0.clone());
            let before = g.clone();
            match apply(&mut g, &mut rng, &d, &actor.name, a) {
                Ok(out) => assert_no_hand_in_public(&g, &d, &out),
                Err(_) => {
                    assert_eq!(g, before);
                    let active = g.players[g.turn].name.clone();
                    if let Ok(out) = apply(&mut g, &mut rng, &d, &active, A::Skip) {
                        assert_no_hand_in_public(&g, &d, &out);
                    }
                }
            }
            check_partition(&g, &d);
            assert!(g.threat <= 9, "threat {}", g.threat);
            let view = g.view(&who("watcher"), &d);
            assert_no_hand_in_public(&g, &d, &view);
        }
        match g.ending {
            Some(Ending::Defeat) => endings[0] += 1,
            Some(Ending::AdventureOver) => endings[1] += 1,
            Some(Ending::KingOfThePirates) => endings[2] += 1,
            None => panic!("seed {seed}: game did not end"),
        }
    }
    assert!(endings[0] > 0 && endings[1] > 0, "{endings:?}");
}

#[test]
fn simulator_plays_whole_games_deterministically() {
    let d = data();
    let a = play_one(&d, 3, 2, 42);
    let b = play_one(&d, 3, 2, 42);
    assert_eq!(a, b);
    assert!(a.ending.is_some());
    let rep = super::simulate(&[
        "--runs".into(),
        "20".into(),
        "--players".into(),
        "2".into(),
        "--data".into(),
        croupier_core::source_path("data").display().to_string(),
    ])
    .unwrap();
    assert!(
        rep.contains("20 games") && rep.contains("median turns"),
        "{rep}"
    );
}

#[test]
fn rule_threat_forward_names_the_new_value_until_it_reaches_10() {
    // "the threat token moves forward" — the log says where it stands (the limit is 10).
    use super::data::DieEffect;
    let d = data();
    let mut rng = seeded(3);
    let mut g = game(&d, &mut rng, &["a"], 1);
    g.threat = 4;
    let mut log = vec![];
    g.die_effect(&DieEffect::ThreatUp { n: 2 }, &mut rng, &d, &mut log);
    assert_eq!(g.threat, 6);
    assert!(
        log.iter()
            .any(|l| l == "The threat moves forward 2 (now 6)."),
        "{log:?}"
    );
    g.threat = 9;
    let mut log = vec![];
    g.die_effect(&DieEffect::ThreatUp { n: 2 }, &mut rng, &d, &mut log);
    assert_eq!(
        g.threat, 0,
        "reaching 10 loses a friend and resets the threat"
    );
    assert!(
        log.iter().any(|l| l == "The threat moves forward 2."),
        "{log:?}"
    );
}

#[test]
fn rule_boss_discard_challenge_tells_each_player_privately_which_card_they_lost() {
    // A boss's "discard" challenge takes cards from every hand; hands are hidden, so each
    // player alone learns which card left theirs.
    use super::data::Challenge;
    let d = data();
    let mut rng = seeded(9);
    let mut g = game(&d, &mut rng, &["a", "b"], 1);
    let hands: Vec<Vec<usize>> = g.players.iter().map(|p| p.hand.clone()).collect();
    let mut log = vec![];
    g.challenge(&Challenge::Discard { n: 1 }, &mut rng, &d, &mut log);
    assert_eq!(g.private_notes.len(), 2, "{:?}", g.private_notes);
    for (seat, text) in &g.private_notes {
        let lost: Vec<usize> = hands[*seat]
            .iter()
            .copied()
            .filter(|c| !g.players[*seat].hand.contains(c))
            .collect();
        assert_eq!(lost.len(), 1);
        assert!(text.contains(&d.friends[lost[0]].long()), "{text}");
    }
    assert!(
        log.iter().all(|l| !l.contains("discard:")),
        "the public log names no card: {log:?}"
    );
    // The notes are not part of the stored state.
    let stored = serde_json::to_value(&g).unwrap();
    assert!(stored.get("private_notes").is_none());
}

/// A seed whose first die roll is the straw hat.
fn hat_seed() -> u64 {
    (0..).find(|&s| roll_die(&mut seeded(s)).is_none()).unwrap()
}

/// Block: "Do not place a new enemy or boss in the space that becomes empty until the rest
/// phase"; Rest: "If you defeated any enemy, shift the remaining enemy cards 1 space to the
/// left". With no defeat nothing shifts: the new enemy enters the blocked space itself.
#[test]
fn rule_block_without_a_defeat_refills_the_blocked_space_in_place() {
    let d = data();
    let mut rng = seeded(21);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 1", "Blue 1", "Green 1", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    let (storm, bully, bosun) = (
        enemy(&d, "storm-admiral"),
        enemy(&d, "harbour-bully"),
        enemy(&d, "rival-bosun"),
    );
    set_spaces(&mut g, [Some(storm), Some(bully), Some(bosun)]);
    // Bob plays Zoro: his power blocks space 1 before the recruit.
    apply(
        &mut g,
        &mut rng,
        &d,
        "bob",
        A::Power(Pick {
            space: Some(1),
            ..Pick::default()
        }),
    )
    .unwrap();
    assert_eq!(g.spaces[0], None);
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 1)).unwrap();
    assert!(g.defeated_enemies.is_empty(), "nothing was defeated");
    assert_eq!(g.threat, 2, "Harbour Bully and Rival Bosun held (1 + 1)");
    assert!(
        g.spaces[0].is_some(),
        "the blocked space is refilled at Rest"
    );
    assert_eq!(
        (g.spaces[1], g.spaces[2]),
        (Some(bully), Some(bosun)),
        "no defeat: the other enemies stay where they were"
    );
    assert_eq!(g.turn, 1);
    check_partition(&g, &d);
}

/// Rest: "If you defeated any enemy, shift the remaining enemy cards 1 space to the left and
/// refill the empty spaces": after a defeat the enemies close the gap and the new one enters
/// on the right.
#[test]
fn rule_rest_shifts_enemies_left_only_after_a_defeat() {
    let d = data();
    let mut rng = seeded(22);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 9", "Blue 9", "Green 9", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    let (storm, bully, raider) = (
        enemy(&d, "storm-admiral"),
        enemy(&d, "harbour-bully"),
        enemy(&d, "iron-jaw-raider"),
    );
    set_spaces(&mut g, [Some(storm), Some(bully), Some(raider)]);
    // 9 + 9 + 9 + 2 + 1 = 30: Harbour Bully (at least 26) falls, the others (37, 33) hold.
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 4)).unwrap();
    assert_eq!(g.defeated_enemies, vec![bully]);
    assert_eq!((g.spaces[0], g.spaces[1]), (Some(storm), Some(raider)));
    assert!(
        g.spaces[2].is_some_and(|x| x != bully),
        "refilled on the right"
    );
    check_partition(&g, &d);
}

/// "Roll the die to determine which friend column is affected"; a straw hat lets you "choose
/// any value between 1 and 5": the crew chooses the column (any player), Combat then goes on
/// with the next enemy against the new current friends.
#[test]
fn rule_straw_hat_on_the_lost_friend_roll_lets_the_crew_choose_the_column() {
    let d = data();
    let mut rng = seeded(23);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 1", "Blue 1", "Green 1", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    let (bully, bosun) = (enemy(&d, "harbour-bully"), enemy(&d, "rival-bosun"));
    set_spaces(&mut g, [Some(bully), Some(bosun), None]);
    g.threat = 9;
    // The lost-friend roll is the first die of the recruit: make it the straw hat.
    let mut rng = seeded(hat_seed());
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 1)).unwrap();
    assert_eq!(
        g.step,
        Step::Lose {
            resume: Resume::Combat { next: 1 }
        }
    );
    assert!(
        g.defeated_friends.is_empty(),
        "nobody is lost before the choice"
    );
    assert_eq!(g.threat, 0);
    let open = g.decisions();
    assert_eq!(open.len(), 1);
    assert!(open[0].key.contains("lose") && open[0].key.starts_with("t1-"));
    assert_eq!(open[0].who, None, "any player of the crew may choose");
    // Refusals change nothing: an outsider, a column out of range, another step's command.
    let before = g.clone();
    assert!(apply(&mut g, &mut rng, &d, "cat", A::Lose { column: 3 }).is_err());
    assert!(apply(&mut g, &mut rng, &d, "bob", A::Lose { column: 6 }).is_err());
    assert!(apply(&mut g, &mut rng, &d, "ann", A::Skip).is_err());
    assert_eq!(g, before);
    // Bob (not the active player) gives up Green 1 in column 3.
    apply(&mut g, &mut rng, &d, "bob", A::Lose { column: 3 }).unwrap();
    assert_eq!(g.defeated_friends, vec![f(&d, "Green 1")]);
    assert!(!g.columns[2].is_empty(), "column 3 is refilled at once");
    // Combat went on with space 2: Rival Bosun held (+1), then Rest passed the turn.
    assert_eq!(g.threat, 1);
    assert_eq!(g.turn, 1);
    assert_eq!(g.step, Step::Recruit { extra: false });
    assert!(g.decisions().iter().all(|x| !x.key.contains("lose")));
    check_partition(&g, &d);
}

/// "At any point in the game, including on other players' turns, you can power up your
/// character": with the reaction step the crew sees the recruit before Combat, so Luffy (on
/// Bob's seat) lowers the threat before it reaches 10; only the active player continues.
#[test]
fn rule_reaction_step_lets_a_teammate_use_a_power_between_the_recruit_and_combat() {
    let d = data();
    let mut rng = seeded(24);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    g.react = true;
    g.players[0].character = d.character_by_name("Nami").unwrap();
    g.players[1].character = d.character_by_name("Luffy").unwrap();
    set_columns(
        &mut g,
        &d,
        ["Red 1", "Blue 1", "Green 1", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    set_spaces(&mut g, [Some(enemy(&d, "storm-admiral")), None, None]);
    g.threat = 8;
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 1)).unwrap();
    assert_eq!(g.step, Step::React, "Combat waits");
    assert_eq!(g.threat, 8);
    let open = g.decisions();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].key, "t1-react");
    assert_eq!(open[0].commands, vec!["nakama continue".to_string()]);
    // Bob cannot start Combat for Ann.
    let before = g.clone();
    let e = apply(&mut g, &mut rng, &d, "bob", A::Continue).unwrap_err();
    assert!(e.0.contains("ann starts Combat"), "{e}");
    assert_eq!(g, before);
    // Bob's Luffy: threat back 3 (8 → 5); the step stays open.
    apply(&mut g, &mut rng, &d, "bob", A::Power(Pick::default())).unwrap();
    assert_eq!((g.threat, &g.step), (5, &Step::React));
    apply(&mut g, &mut rng, &d, "ann", A::Continue).unwrap();
    // Storm Admiral held: 5 + 3 = 8, below 10, so no friend was lost.
    assert_eq!(g.threat, 8);
    assert!(g.defeated_friends.is_empty());
    assert_eq!(g.turn, 1);
    // Continue outside the step is refused.
    let before = g.clone();
    assert!(apply(&mut g, &mut rng, &d, "bob", A::Continue).is_err());
    assert_eq!(g, before);
}

/// The guide's list of what each `/nakama power` needs is what the rules check: a missing
/// option is refused saying what to add, an unused one naming it; nothing changes.
#[test]
fn power_refuses_a_missing_option_saying_what_to_add_and_an_unused_one_naming_it() {
    let d = data();
    let mut rng = seeded(25);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let before = g.clone();
    // Bob plays Zoro.
    let e = apply(&mut g, &mut rng, &d, "bob", A::Power(Pick::default())).unwrap_err();
    assert!(
        e.0.contains("Zoro's power needs `space:`") && e.0.contains("`/nakama power space:<1–3>`"),
        "{e}"
    );
    // Ann plays Luffy: `from:`/`to:` are not silently ignored.
    let e = apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Power(Pick {
            from: Some(1),
            to: Some(2),
            ..Pick::default()
        }),
    )
    .unwrap_err();
    assert!(
        e.0.contains("Luffy's power does not use `from:`, `to:`; remove them"),
        "{e}"
    );
    assert_eq!(g, before);
    assert!(g.players.iter().all(|p| p.powered), "no token was spent");
}

/// The board names the defeated friends and enemies and the rank the rewards give so far.
#[test]
fn board_shows_defeated_names_and_the_running_rank() {
    let d = data();
    let mut rng = seeded(26);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let text = super::view::board(&g, &d).plain_text();
    assert!(text.contains("Cabin Boy"), "{text}");
    let lost = g.columns[0].pop().unwrap();
    g.defeated_friends.push(lost);
    let foe = g.spaces[0].take().unwrap();
    g.defeated_enemies.push(foe);
    let text = super::view::board(&g, &d).plain_text();
    assert!(text.contains(&d.friends[lost].label()), "{text}");
    assert!(text.contains(foe.name(&d)), "{text}");
    let r = g.reward(&d);
    assert!(
        text.contains(&format!("rank so far: {}", rank(r))),
        "{text}"
    );
}

/// docs/nakama.md lists the ten characters, each with the options its `/nakama power` needs,
/// exactly as the rules check them (`power_needs`).
#[test]
fn guide_lists_every_character_with_the_options_its_power_needs() {
    let d = data();
    let guide =
        std::fs::read_to_string(croupier_core::source_path("docs/nakama.md")).expect("the guide");
    assert_eq!(d.characters.len(), 10);
    for ch in &d.characters {
        let row = guide
            .lines()
            .find(|l| l.starts_with(&format!("| {} |", ch.name)))
            .unwrap_or_else(|| panic!("no row for {} in docs/nakama.md", ch.name));
        let needs = super::play::power_needs(&ch.special);
        let options = row.rsplit('|').nth(1).unwrap_or_default();
        if needs.is_empty() {
            assert!(options.contains("none"), "{row}");
        }
        for (o, _, v) in needs {
            assert!(options.contains(&format!("`{o}:<{v}>`")), "{row}");
        }
        assert_eq!(
            options.matches(":<").count(),
            needs.len(),
            "only the options the power uses: {row}"
        );
    }
}

/// A boss's "lose a friend" challenge at Rest rolls the same die: on the straw hat the crew
/// chooses, then Rest goes on (the remaining space, the hand) and the turn passes.
#[test]
fn rule_straw_hat_on_a_boss_challenge_pauses_rest_until_the_crew_chooses() {
    let d = data();
    let mut rng = seeded(27);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    set_columns(
        &mut g,
        &d,
        ["Red 1", "Blue 1", "Green 1", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    set_spaces(&mut g, [Some(enemy(&d, "harbour-bully")), None, None]);
    let shogun = boss(&d, "shadow-shogun");
    g.out_of_game.retain(|x| *x != shogun);
    g.enemy_deck.push(shogun);
    let mut rng = seeded(hat_seed());
    apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 1)).unwrap();
    assert_eq!(
        g.spaces[1],
        Some(shogun),
        "no defeat: the boss enters space 2"
    );
    assert_eq!(
        g.step,
        Step::Lose {
            resume: Resume::Rest
        }
    );
    assert_eq!(g.spaces[2], None, "Rest waits for the choice");
    assert_eq!(g.players[0].hand.len(), 3, "no refill yet");
    apply(&mut g, &mut rng, &d, "bob", A::Lose { column: 2 }).unwrap();
    assert_eq!(g.defeated_friends, vec![f(&d, "Blue 1")]);
    assert!(g.spaces[2].is_some(), "Rest went on: space 3 refilled");
    assert_eq!(g.players[0].hand.len(), 4, "and Ann's hand");
    assert_eq!((g.turn, &g.step), (1, &Step::Recruit { extra: false }));
    check_partition(&g, &d);
}

/// A friend's ability refuses options it does not use, naming them, instead of ignoring them.
#[test]
fn ability_refuses_options_it_does_not_use_naming_them() {
    let d = data();
    let mut rng = seeded(28);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let block = d
        .friends
        .iter()
        .position(|x| x.ability == Some(Ability::Block))
        .unwrap();
    give_hand(&mut g, &d, 0, &[&d.friends[block].label()]);
    apply(&mut g, &mut rng, &d, "ann", recruit(block, 3)).unwrap();
    let before = g.clone();
    let e = apply(
        &mut g,
        &mut rng,
        &d,
        "ann",
        A::Ability(Pick {
            space: Some(1),
            from: Some(2),
            ..Pick::default()
        }),
    )
    .unwrap_err();
    assert!(
        e.0.contains("(Block) does not use `from:`; remove it"),
        "{e}"
    );
    assert_eq!(g, before);
}

#[test]
fn the_declaration_reads_only_declared_options_and_its_choices() {
    let d = data();
    let g = Nakama::empty();
    let parse = |line: &str| g.parse(&who("ann"), &Command::parse_line(line).unwrap(), &d, &());
    assert_eq!(
        parse("/nakama ability from:1 to:2 as:Recruit").unwrap(),
        A::Ability(Pick {
            from: Some(1),
            to: Some(2),
            mode: Some("recruit".into()),
            ..Pick::default()
        })
    );
    assert_eq!(
        parse("/nakama ability as:swap").unwrap_err().0,
        "as `swap` is unknown; use move or recruit."
    );
    // `/nakama power` declares no `value:` or `as:`; Discord could never send them.
    assert!(parse("/nakama power value:3")
        .unwrap_err()
        .0
        .contains("has no option `value:`"));
    assert!(parse("/nakama recruit card:1 column:6")
        .unwrap_err()
        .0
        .contains("must be from 1 to 5, not 6"));
    assert!(parse("/nakama lose").unwrap_err().0.contains("`column:`"));
    assert_eq!(parse("/nakama begin").unwrap(), A::Begin { bosses: 0 });
    let mut rng = seeded(3);
    let new = |line: &str, rng: &mut GameRng| {
        let mut ctx = Ctx {
            rng,
            now: 0,
            data: &d,
            shared: None,
            place: croupier_core::table::Place::nowhere(),
        };
        Nakama::create(&mut ctx, &who("ann"), &Command::parse_line(line).unwrap())
    };
    assert!(!new("/nakama new react:off", &mut rng).unwrap().0.react);
    assert!(new("/nakama new", &mut rng).unwrap().0.react);
    assert_eq!(
        new("/nakama new react:maybe", &mut rng).err().unwrap().0,
        "react `maybe` is unknown; use on or off."
    );
}

/// "DEFEAT: If at any point there are 5 or more defeated friends, you lose the game. There is
/// no need to check the rewards": a defeat shows no rank, solo too; the other endings do.
#[test]
fn rule_defeat_gives_no_rank() {
    let d = data();
    for names in [&["ann"][..], &["ann", "bob"][..]] {
        let mut rng = seeded(30);
        let mut g = game(&d, &mut rng, names, 0);
        // Rewards worth a rank: two defeated enemies.
        for _ in 0..2 {
            let foe = g.enemy_deck.pop().unwrap();
            g.defeated_enemies.push(foe);
        }
        for _ in 0..4 {
            let x = g.columns[0].pop().unwrap();
            g.defeated_friends.push(x);
            g.refill_columns(&d, &mut vec![]);
        }
        let mut log = vec![];
        g.lose_column(1, &d, &mut log);
        assert_eq!(g.ending, Some(Ending::Defeat));
        let text = super::view::final_board(&g, &d, g.ending_text(&d).unwrap()).plain_text();
        assert!(!text.contains("rank so far"), "{text}");
        assert!(!text.contains(rank(g.reward(&d))), "{text}");
        let v = super::view::view_model(&g, &d, &croupier_core::table::Viewer::public()).unwrap();
        assert_eq!(v.rank, None);
        // The last friend card drawn: the rank stands.
        g.ending = Some(Ending::AdventureOver);
        let text = super::view::final_board(&g, &d, g.ending_text(&d).unwrap()).plain_text();
        assert!(
            text.contains(&format!("rank: {}", rank(g.reward(&d)))),
            "{text}"
        );
    }
}

/// The reaction step is one message per power: what it did, the missions as they stand and
/// Continue — no board again, no second Continue prompt, no new ping. A power used before
/// the recruit pings nobody.
#[test]
fn rule_reaction_step_posts_one_message_per_power_without_pinging() {
    let d = data();
    let mut rng = seeded(24);
    let mut g = game(&d, &mut rng, &["ann", "bob", "cid"], 0);
    g.react = true;
    g.players[0].character = d.character_by_name("Nami").unwrap();
    g.players[1].character = d.character_by_name("Luffy").unwrap();
    g.players[2].character = d.character_by_name("Brook").unwrap();
    set_columns(
        &mut g,
        &d,
        ["Red 1", "Blue 1", "Green 1", "Yellow 1", "Purple 1"],
    );
    give_hand(&mut g, &d, 0, &["Orange 2", "Red 3", "Blue 4", "Green 5"]);
    set_spaces(&mut g, [Some(enemy(&d, "storm-admiral")), None, None]);
    g.threat = 8;
    // Before the recruit: Brook's power is one message and pings nobody.
    let out = apply(&mut g, &mut rng, &d, "cid", A::Power(Pick::default())).unwrap();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].message.pings.is_empty(), "{out:?}");
    assert_eq!(g.threat, 6);
    let out = apply(&mut g, &mut rng, &d, "ann", recruit(f(&d, "Orange 2"), 1)).unwrap();
    assert_eq!(g.step, Step::React);
    let boards = |out: &[Reply]| {
        out.iter()
            .filter(|r| {
                r.message
                    .title
                    .as_deref()
                    .is_some_and(|t| t.contains("the board"))
            })
            .count()
    };
    assert_eq!(boards(&out), 1, "the reaction step opens with the board");
    let out = apply(&mut g, &mut rng, &d, "bob", A::Power(Pick::default())).unwrap();
    assert_eq!(out.len(), 1, "{out:?}");
    let m = &out[0].message;
    assert!(m.pings.is_empty());
    assert_eq!(boards(&out), 0);
    assert!(m.body.contains("threat back 3 (now 3)"), "{}", m.body);
    assert!(m.body.contains("Before Combat — threat 3"), "{}", m.body);
    assert_eq!(m.buttons.len(), 1);
    assert_eq!(m.buttons[0].command, "/nakama continue");
}

/// Solo: "you can power up at any point"; with nobody else to react the reaction step only
/// costs a press each turn, so a solo table plays without it unless it asks for it.
#[test]
fn rule_solo_has_no_reaction_step_by_default() {
    let d = data();
    let mut rng = seeded(5);
    let new = |line: &str, rng: &mut GameRng| {
        let mut ctx = Ctx {
            rng,
            now: 0,
            data: &d,
            shared: None,
            place: croupier_core::table::Place::nowhere(),
        };
        Nakama::create(&mut ctx, &who("ann"), &Command::parse_line(line).unwrap())
    };
    for (line, solo, crew) in [
        ("/nakama new character:Luffy", false, true),
        ("/nakama new character:Luffy react:on", true, true),
        ("/nakama new character:Luffy react:off", false, false),
    ] {
        let (mut g, _) = new(line, &mut rng).unwrap();
        let mut duo = g.clone();
        apply(&mut g, &mut rng, &d, "ann", A::Begin { bosses: 0 }).unwrap();
        assert_eq!(g.react, solo, "{line} solo");
        let zoro = d.character_by_name("Zoro").unwrap();
        apply(&mut duo, &mut rng, &d, "bob", A::Join { character: zoro }).unwrap();
        apply(&mut duo, &mut rng, &d, "ann", A::Begin { bosses: 0 }).unwrap();
        assert_eq!(duo.react, crew, "{line} crew");
    }
}

/// A boss's challenge "The threat token moves forward N" says where the threat now stands.
#[test]
fn rule_boss_threat_challenge_names_the_new_threat() {
    let d = data();
    let mut rng = seeded(16);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    let b = boss(&d, "sky-tyrant"); // threat_up 2
    g.out_of_game.retain(|x| *x != b);
    g.enemy_deck.push(b);
    g.spaces[0] = None;
    g.threat = 3;
    let mut log = vec![];
    g.refill_enemies(&mut rng, &d, &mut log);
    assert_eq!(g.threat, 5);
    assert!(
        log.iter()
            .any(|l| l == "The threat moves forward 2 (now 5)."),
        "{log:?}"
    );
}

/// Luffy: "move the threat token back 3" — at 0 it would change nothing: refused, and the
/// token stays Power Up!.
#[test]
fn rule_a_power_that_would_change_nothing_is_refused_and_keeps_the_token() {
    let d = data();
    let mut rng = seeded(26);
    let mut g = game(&d, &mut rng, &["ann", "bob"], 0);
    g.threat = 0;
    let before = g.clone();
    let e = apply(&mut g, &mut rng, &d, "ann", A::Power(Pick::default())).unwrap_err();
    assert!(e.0.contains("already 0"), "{e}");
    assert_eq!(g, before);
    assert!(g.players[0].powered);
}

/// `/nakama begin` declares `bosses` 0–10 ("Bosses … you can add": the 10 boss cards): a value
/// below or above is refused with that range, not the integer type's.
#[test]
fn bosses_out_of_range_names_the_declared_range_on_both_sides() {
    let d = data();
    let g = Nakama::empty();
    let parse = |line: &str| g.parse(&who("ann"), &Command::parse_line(line).unwrap(), &d, &());
    for (line, n) in [
        ("/nakama begin bosses:-1", "-1"),
        ("/nakama begin bosses:11", "11"),
        ("/nakama begin bosses:300", "300"),
    ] {
        let e = parse(line).unwrap_err().0;
        assert!(
            e.contains(&format!("must be from 0 to 10, not {n}")),
            "{line}: {e}"
        );
    }
    // `Blue4` names the card as `Blue 4` and `blue-4` do.
    assert_eq!(
        parse("/nakama recruit card:Blue4").unwrap(),
        A::Recruit {
            card: CardRef::Card(f(&d, "Blue 4")),
            column: None
        }
    );
    // A card name with a space typed without quotes names the card too (console).
    assert_eq!(
        parse("/nakama recruit card:Blue 4 column:2").unwrap(),
        A::Recruit {
            card: CardRef::Card(f(&d, "Blue 4")),
            column: Some(2)
        }
    );
}
