//! How each game's random games start (`tests/secrets.rs`, `examples/random_secrets.rs`):
//! several players, a GM or host, and the game's secrets in play (hidden enemies, hands,
//! a face-down deck; hidden rolls in every game).

use croupier_core::testkit::random::Plan;

fn lines(ls: &[&str]) -> Vec<String> {
    ls.iter().map(|l| l.to_string()).collect()
}

/// One plan per registered game.
pub fn all() -> Vec<Plan> {
    vec![
        Plan {
            game: "dice",
            setup: lines(&[
                "alice: /dice new expr:2d6 rounds:4",
                "bob: /dice join",
                "carol: /dice join",
            ]),
            users: lines(&["alice", "bob", "carol"]),
            words: lines(&["1d6", "2d6+1", "3d4"]),
        },
        Plan {
            game: "nobi",
            setup: lines(&[
                "alice: /nobi new",
                "alice: /nobi join character:moss",
                "bob: /nobi join character:wren",
                "carol: /nobi join character:aldra",
                "alice: /nobi begin gm:@alice",
            ]),
            users: lines(&["alice", "bob", "carol"]),
            words: lines(&[
                "moss",
                "wren",
                "aldra",
                "power",
                "technique",
                "light",
                "darkness",
            ]),
        },
        Plan {
            game: "nw",
            setup: lines(&[
                "alice: /nw character new name:Ayla quick:true",
                "bob: /nw character new name:Bolt quick:true",
                "gm: /nw new",
                "alice: /nw session join",
                "alice: /nw session lock",
                "bob: /nw session join",
                "bob: /nw session lock",
                "gm: /nw enemy spawn name:shade_swarm hp:6",
                "gm: /nw enemy spawn name:lantern_emulator as:Qxlantern hidden:true hp:8",
                "gm: /nw enemy spawn name:shade_swarm as:Qyshade hidden:true hp:5",
                "gm: /nwcombat start",
            ]),
            users: lines(&["gm", "alice", "bob"]),
            words: lines(&[
                "Ayla",
                "Bolt",
                "Shade Swarm",
                "Qxlantern",
                "Qyshade",
                "shade_swarm",
            ]),
        },
        Plan {
            game: "nakama",
            setup: lines(&[
                "alice: /nakama new character:Luffy",
                "bob: /nakama join character:Zoro",
                "carol: /nakama join character:Nami",
                "alice: /nakama begin bosses:1",
            ]),
            users: lines(&["alice", "bob", "carol"]),
            words: lines(&["1", "2", "3", "4", "5"]),
        },
        Plan {
            game: "ninja",
            setup: lines(&[
                "alice: /ninja create name:Wisp iq:13 dx:15 st:12",
                "bob: /ninja create name:Gale iq:12 dx:14 st:14",
                "gm: /ninja new",
                "alice: /ninja enter name:Wisp",
                "bob: /ninja enter name:Gale",
                "gm: /ninja fill",
                "gm: /ninja start",
            ]),
            users: lines(&["gm", "alice", "bob"]),
            words: lines(&["Wisp", "Gale"]),
        },
    ]
}
