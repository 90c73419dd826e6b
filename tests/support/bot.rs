//! The real bot against the fake Discord, with helpers to read what it sent: used by the
//! end-to-end tests that play the games.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use croupier::discord::{self, Bot, Config};
use croupier::store::Store;
use croupier::table::{Registry, SeedMode, SystemClock, Table};
use serde_json::Value;

use super::fake_discord::{FakeConfig, Visibility};
use super::fake_discord::{FakeDiscord, Recorded, Who, TOKEN};
use super::fake_gateway::GatewayOptions;

/// The channel every test plays in.
pub const CHAN: u64 = 700_000_000_000_000_001;

/// Members who act in the tests.
pub const ALICE: Who = Who {
    id: 100_000_000_000_000_001,
    name: "alice",
    manager: false,
};
/// A second player.
pub const BOB: Who = Who {
    id: 100_000_000_000_000_002,
    name: "bob",
    manager: false,
};
/// A third player.
pub const CAROL: Who = Who {
    id: 100_000_000_000_000_004,
    name: "carol",
    manager: false,
};
/// Opens sessions and runs them (no Manage Channels).
pub const GM: Who = Who {
    id: 100_000_000_000_000_005,
    name: "gm",
    manager: false,
};

/// A running bot, its fake Discord and its database.
pub struct Env {
    /// The fake Discord the bot talks to.
    pub fake: FakeDiscord,
    bot: Option<Bot>,
    db: PathBuf,
    games: Arc<Registry>,
    _dir: tempfile::TempDir,
}

impl Env {
    /// Starts the bot (every game from `data/`, fixed seeds) and waits until it has logged in.
    pub async fn start() -> Env {
        Self::start_configured(
            GatewayOptions::new(TOKEN, vec![super::fake_discord::GUILD_ID]),
            |_| {},
        )
        .await
    }

    /// [`Env::start`] against a fake gateway with `gateway`'s options, with `tweak` applied to
    /// the bot's configuration last; waits until the first shard has logged in.
    pub async fn start_configured(gateway: GatewayOptions, tweak: impl FnOnce(&mut Config)) -> Env {
        let _ = tracing_subscriber::fmt()
            .with_test_writer()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .try_init();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("croupier.db");
        let games = Arc::new(croupier::games::load(Path::new("data")).expect("game data loads"));
        let fake = FakeDiscord::start_full(FakeConfig::default(), gateway).await;
        let mut config = Config::new("fake-token-not-secret", &db, games.clone());
        config.https_proxy = Some(discord::HttpsProxy {
            url: fake.http_url.clone(),
            root_pem: fake.root_pem.clone().into_bytes(),
        });
        config.seeds = SeedMode::Fixed(7);
        config.defer_after = Duration::from_millis(1500);
        config.reminder_interval = Duration::from_millis(200);
        tweak(&mut config);
        let bot = discord::start(config).await.expect("bot starts");
        fake.registered().await;
        fake.wait_for("the bot to identify", Duration::from_secs(5), |r| {
            r.path == "IDENTIFY"
        })
        .await;
        Env {
            fake,
            bot: Some(bot),
            db,
            games,
            _dir: dir,
        }
    }

    /// The bot's database file.
    pub fn db(&self) -> &Path {
        &self.db
    }

    /// The running bot (until [`Env::stop`]).
    pub fn bot(&self) -> &Bot {
        self.bot.as_ref().expect("the bot is running")
    }

    /// Shuts the bot down after the interactions in flight have been answered (so every
    /// message they send has reached the fake).
    pub async fn stop(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.shutdown().await;
        }
    }

    /// The channel's session as stored (read with a separate connection).
    pub fn state(&self) -> Value {
        let store = Store::open(&self.db).unwrap();
        let mut t = Table::new(
            store,
            self.games.clone(),
            Arc::new(SystemClock),
            SeedMode::Random,
        );
        t.state_json(&CHAN.to_string()).unwrap().expect("a session")
    }

    /// Runs a slash command; returns the interaction id and its answer (see [`Env::answer`]).
    pub async fn slash(&self, who: &Who, line: &str, opts: &[(&str, &str)]) -> (String, Recorded) {
        let id = self.fake.slash(CHAN, who, line, opts);
        let cb = self.answer(&id).await;
        (id, cb)
    }

    /// The answer to interaction `id` as its callback: when the bot deferred (a slow answer, e.g.
    /// on a loaded machine), the edit that filled the placeholder, shaped as a callback whose
    /// data carries the placeholder's flags (its visibility, which the edit cannot change).
    ///
    /// A press answered by updating its message (UPDATE_MESSAGE, type 7) is followed by its
    /// answer ([`FakeDiscord::answer_after_update`]).
    pub async fn answer(&self, id: &str) -> Recorded {
        let cb = self.fake.callback(id).await;
        if cb.body["type"] == 7 {
            return self.fake.answer_after_update(CHAN, id, cb).await;
        }
        if cb.body["type"] != 5 {
            return cb;
        }
        let edit_path = format!("/{}/messages/@original", super::fake_discord::token_of(id));
        let edit = self
            .fake
            .wait_for("the deferred answer", Duration::from_secs(30), |r| {
                (r.method == "PATCH" || r.method == "DELETE") && r.path.ends_with(&edit_path)
            })
            .await;
        if edit.method == "DELETE" {
            return cb;
        }
        // The placeholder says only "Done; see below." when the answer has the other
        // visibility: the answer is the followup message that carries it.
        let neutral = edit.body["embeds"].as_array().is_none_or(|e| e.is_empty())
            && edit.body["content"].as_str().is_some_and(|c| {
                c.starts_with("✅ Done; see below.")
                    || c.starts_with("✅ Croupier answered privately.")
            });
        if neutral {
            let token = super::fake_discord::token_of(id);
            let followup = self
                .fake
                .wait_for(
                    "the deferred answer's followup",
                    Duration::from_secs(30),
                    |r| {
                        r.method == "POST"
                            && r.path.starts_with("/webhooks/")
                            && r.path.contains(&token)
                            && r.status < 300
                    },
                )
                .await;
            return Recorded {
                body: serde_json::json!({"type": 4, "data": followup.body, "deferred": true}),
                files: followup.files,
                file_bytes: followup.file_bytes,
                ..cb
            };
        }
        let mut data = edit.body.clone();
        data["flags"] = cb.body["data"]["flags"].clone();
        Recorded {
            body: serde_json::json!({"type": 4, "data": data, "deferred": true}),
            files: edit.files,
            file_bytes: edit.file_bytes,
            ..cb
        }
    }

    /// Presses a button.
    pub async fn press(&self, who: &Who, custom_id: &str) -> (String, Recorded) {
        self.pick(who, custom_id, &[]).await
    }

    /// Picks values in a select menu.
    pub async fn pick(&self, who: &Who, custom_id: &str, values: &[&str]) -> (String, Recorded) {
        let id = self.fake.press(CHAN, who, custom_id, values);
        let cb = self.answer(&id).await;
        (id, cb)
    }

    /// Submits the modal `custom_id` open for `who` (see [`FakeDiscord::submit_modal`]); returns
    /// the submission's interaction id and its answer.
    pub async fn submit(
        &self,
        who: &Who,
        custom_id: &str,
        values: &[(&str, &str)],
    ) -> Result<(String, Recorded), String> {
        let id = self.fake.submit_modal(CHAN, who, custom_id, values)?;
        let cb = self.answer(&id).await;
        Ok((id, cb))
    }

    /// Every message the bot sent (callbacks, followups, channel messages, DMs) since `mark`.
    pub fn sent_since(&self, mark: usize) -> Vec<Recorded> {
        self.fake
            .since(mark)
            .into_iter()
            .filter(|r| r.method == "POST" && r.path != "/users/@me/channels")
            // A refused request (4xx, e.g. a 429) sent nothing.
            .filter(|r| r.status < 300)
            .collect()
    }

    /// Every message anyone in the channel could see: public interaction answers and
    /// followups, and channel messages in CHAN (not ephemeral answers, not DMs). An edit
    /// (`PATCH /webhooks/…/messages/…`) carries no flags, since Discord keeps a message's
    /// visibility: it counts by the visibility of the message it edits (an ephemeral deferral's
    /// placeholder stays ephemeral), as the fake recorded it; one it cannot find counts as public.
    pub fn public_messages(&self) -> Vec<Recorded> {
        let chan = format!("/channels/{CHAN}/messages");
        let messages = self.fake.messages();
        let edit_is_public = |path: &str| -> Option<bool> {
            let mut parts = path.strip_prefix("/webhooks/")?.split('/');
            let (_app, token) = (parts.next()?, parts.next()?);
            if parts.next()? != "messages" {
                return None;
            }
            let id = parts.next()?;
            let m = messages.iter().find(|m| {
                if id == "@original" {
                    m.interaction
                        .as_deref()
                        .is_some_and(|i| super::fake_discord::token_of(i) == token)
                } else {
                    m.id == id
                }
            })?;
            Some(matches!(m.visibility, Visibility::Public))
        };
        self.fake
            .requests()
            .into_iter()
            .filter(|r| r.method == "POST" || r.method == "PATCH")
            .filter(|r| r.status < 300)
            .filter(|r| {
                r.path == chan
                    || r.path.starts_with(&format!("{chan}/"))
                    || (r.path.starts_with("/interactions/")
                        && (r.body["type"] == 4 || r.body["type"] == 7))
                    || r.path.starts_with("/webhooks/")
            })
            .filter(|r| {
                if r.method == "PATCH" && r.path.starts_with("/webhooks/") {
                    edit_is_public(&r.path).unwrap_or(true)
                } else {
                    flags(msg(r)) & 64 == 0
                }
            })
            .collect()
    }
}

/// The message inside a callback (`data`) or a plain message body.
pub fn msg(r: &Recorded) -> &Value {
    if r.path.ends_with("/callback") {
        &r.body["data"]
    } else {
        &r.body
    }
}

/// All visible text of a message: content, embed titles, descriptions, fields, footers.
pub fn text(m: &Value) -> String {
    let mut out = m["content"].as_str().unwrap_or("").to_string();
    for e in m["embeds"].as_array().into_iter().flatten() {
        for k in ["title", "description"] {
            if let Some(s) = e[k].as_str() {
                out.push('\n');
                out.push_str(s);
            }
        }
        for f in e["fields"].as_array().into_iter().flatten() {
            out.push_str(&format!(
                "\n{}: {}",
                f["name"].as_str().unwrap_or(""),
                f["value"].as_str().unwrap_or("")
            ));
        }
        if let Some(s) = e["footer"]["text"].as_str() {
            out.push('\n');
            out.push_str(s);
        }
    }
    out
}

/// The message's flags (64: ephemeral).
pub fn flags(m: &Value) -> u64 {
    m["flags"].as_u64().unwrap_or(0)
}

fn components(m: &Value) -> Vec<Value> {
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// (label, custom id) of every button in a message.
pub fn buttons(m: &Value) -> Vec<(String, String)> {
    components(m)
        .into_iter()
        .filter(|c| c["type"] == 2)
        .map(|c| {
            (
                c["label"].as_str().unwrap_or("").to_string(),
                c["custom_id"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The custom id of the button labelled `label` (panics if there is none).
pub fn button(m: &Value, label: &str) -> String {
    buttons(m)
        .into_iter()
        .find(|(l, _)| l == label)
        .unwrap_or_else(|| panic!("no `{label}` button in {m}"))
        .1
}

/// Every select menu in a message.
pub fn menus(m: &Value) -> Vec<Value> {
    components(m)
        .into_iter()
        .filter(|c| c["type"] == 3)
        .collect()
}

/// The custom id of the most recent button labelled `label` in `sent`.
pub fn latest_button(sent: &[Recorded], label: &str) -> Option<String> {
    sent.iter().rev().find_map(|r| {
        buttons(msg(r))
            .into_iter()
            .find(|(l, _)| l == label)
            .map(|(_, id)| id)
    })
}

/// All visible text of `sent`, in order.
pub fn all_text(sent: &[Recorded]) -> String {
    sent.iter()
        .map(|r| text(msg(r)))
        .collect::<Vec<_>>()
        .join("\n")
}
