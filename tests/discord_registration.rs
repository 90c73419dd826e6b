//! The registration the bot actually sends over HTTP (the body of its bulk overwrite, as the
//! fake Discord received it): every command is measured as Discord measures it and keeps 500
//! characters of headroom, every other application-command rule holds, and integer bounds are
//! sent, negative ones included.

mod support;

use croupier::discord::{combined_size, registration_problems};
use serde_json::Value;
use support::bot::Env;

fn find<'a>(list: &'a Value, path: &[&str]) -> &'a Value {
    let mut node = list;
    for name in path {
        node = node
            .as_array()
            .or_else(|| node["options"].as_array())
            .and_then(|a| a.iter().find(|o| o["name"] == *name))
            .unwrap_or_else(|| panic!("no `{name}` in {path:?}"));
    }
    node
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registration_sent_fits_discord_with_headroom_and_keeps_negative_bounds() {
    let mut env = Env::start().await;
    let reg = env.fake.registered().await;
    assert_eq!(reg.method, "PUT");
    let body = reg.body.clone();
    let cmds = body.as_array().expect("an array of commands");
    for c in cmds {
        let size = combined_size(c);
        println!("/{:<12} {size:>5} / 8000", c["name"].as_str().unwrap());
        assert!(size <= 7_500, "/{}: {size} characters", c["name"]);
    }
    assert_eq!(registration_problems(&body), Vec::<String>::new());
    let names: Vec<&str> = cmds.iter().filter_map(|c| c["name"].as_str()).collect();
    for n in ["nw", "nwcombat", "nwenemy", "nwfortress", "nwcasket"] {
        assert!(names.contains(&n), "/{n} registered: {names:?}");
    }
    let difficulty = find(&body, &["nw", "judge", "difficulty"]);
    assert_eq!(difficulty["min_value"], -99);
    assert_eq!(difficulty["max_value"], 999);
    let recovery = find(&body, &["nwcombat", "heal", "recovery"]);
    assert_eq!(
        (
            recovery["min_value"].as_i64(),
            recovery["required"].as_bool()
        ),
        (Some(-99), Some(true))
    );
    let detection = find(&body, &["nwfortress", "trap", "detection"]);
    assert_eq!(detection["min_value"], -99);
    let pacc = find(&body, &["nwenemy", "add", "pacc"]);
    assert_eq!(pacc["min_value"], -99);
    env.stop().await;
}
