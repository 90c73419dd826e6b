//! Discord's OpenAPI description (`../shared/discord-api/openapi.json`, Discord's own, MIT; read
//! from there, never copied into the project): finds the route of a recorded request and
//! validates its JSON body (for a multipart request, its `payload_json`) against the route's
//! request schema, with the `jsonschema` crate (JSON Schema 2020-12, the dialect of OpenAPI 3.1).

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde_json::{json, Value};

use super::fake_discord::Recorded;

/// Where the description is, relative to the repository.
pub const SPEC: &str = "../shared/discord-api/openapi.json";

/// The description and the validators compiled from it so far.
pub struct Spec {
    doc: Value,
    /// (method, route) → the route's request-body validator (`None`: it takes no body).
    compiled: Mutex<HashMap<(String, String), Option<jsonschema::Validator>>>,
}

/// A recorded request checked against the description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// `METHOD route`: its body fits the route's schema (or it has neither).
    Fits(String),
    /// No route of the description matches the path with this method.
    NoRoute,
    /// `METHOD route` and what does not fit.
    Misfit(String, Vec<String>),
}

impl Spec {
    /// Reads the description; panics with a clear message when it is missing or unreadable.
    /// It is looked for at `CROUPIER_DISCORD_OPENAPI` when that is set, else in the shared folder
    /// beside the repository (`../shared/discord-api/openapi.json`) or beside any folder above it
    /// (a clone made in a folder of its own).
    pub fn load() -> Spec {
        Spec::read(&Spec::locate())
    }

    /// [`Spec::load`], or `None` when `CROUPIER_DISCORD_OPENAPI` is `skip`: what `.ci/run` sets,
    /// saying so in its log, on a machine that has no copy of the description anywhere.
    pub fn load_unless_skipped() -> Option<Spec> {
        if std::env::var("CROUPIER_DISCORD_OPENAPI").as_deref() == Ok("skip") {
            eprintln!("CROUPIER_DISCORD_OPENAPI=skip: the request-schema check did not run");
            return None;
        }
        Some(Spec::load())
    }

    /// Where [`Spec::load`] looks.
    pub fn locate() -> PathBuf {
        if let Some(p) = std::env::var_os("CROUPIER_DISCORD_OPENAPI") {
            return PathBuf::from(p);
        }
        let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join(SPEC);
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .skip(1)
            .map(|d| d.join("shared/discord-api/openapi.json"))
            .find(|p| p.is_file())
            .unwrap_or(beside)
    }

    /// [`Spec::load`] from `path`.
    pub fn read(path: &PathBuf) -> Spec {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            panic!(
                "Discord's OpenAPI description is missing at {} ({e}): the request-schema test \
                 reads it from the shared folder beside the repository (`{SPEC}`); put \
                 Discord's `openapi.json` there (github.com/discord/discord-api-spec, \
                 specs/openapi.json).",
                path.display()
            )
        });
        let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
            panic!(
                "{} is not JSON ({e}): expected Discord's OpenAPI description",
                path.display()
            )
        });
        assert!(
            doc["paths"].is_object() && doc["components"]["schemas"].is_object(),
            "{} has no `paths` or `components.schemas`: not Discord's OpenAPI description",
            path.display()
        );
        Spec {
            doc,
            compiled: Mutex::new(HashMap::new()),
        }
    }

    /// The description's route for `path` (without `/api/v10` and the query): the template
    /// whose segments match, literal segments before `{parameters}`.
    pub fn route(&self, method: &str, path: &str) -> Option<String> {
        let want: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let method = method.to_ascii_lowercase();
        let mut best: Option<(usize, &String)> = None;
        for (template, item) in self.doc["paths"].as_object()? {
            if item.get(&method).is_none() {
                continue;
            }
            let parts: Vec<&str> = template.trim_start_matches('/').split('/').collect();
            if parts.len() != want.len() {
                continue;
            }
            let mut literal = 0;
            let fits = parts.iter().zip(&want).all(|(p, w)| {
                if p.starts_with('{') && p.ends_with('}') {
                    true
                } else {
                    literal += 1;
                    p == w
                }
            });
            if fits && best.is_none_or(|(n, _)| literal > n) {
                best = Some((literal, template));
            }
        }
        best.map(|(_, t)| t.clone())
    }

    /// The JSON schema of `method route`'s body, with the description's components beside it
    /// so its `#/components/…` references resolve; `None` when the route takes no body.
    fn body_schema(&self, method: &str, route: &str) -> Option<Value> {
        let op = &self.doc["paths"][route][method.to_ascii_lowercase()];
        let schema = op["requestBody"]["content"]["application/json"]["schema"].clone();
        if schema.is_null() {
            return None;
        }
        let mut root = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "components": self.doc["components"].clone(),
        });
        if let (Some(r), Some(s)) = (root.as_object_mut(), schema.as_object()) {
            for (k, v) in s {
                r.insert(k.clone(), v.clone());
            }
        }
        Some(root)
    }

    /// Checks one request the bot sent.
    pub fn check(&self, r: &Recorded) -> Checked {
        let Some(route) = self.route(&r.method, &r.path) else {
            return Checked::NoRoute;
        };
        let name = format!("{} {route}", r.method);
        let mut compiled = self.compiled.lock().unwrap();
        let validator = compiled
            .entry((r.method.clone(), route.clone()))
            .or_insert_with(|| {
                self.body_schema(&r.method, &route).map(|s| {
                    jsonschema::options()
                        .with_draft(jsonschema::Draft::Draft202012)
                        .build(&s)
                        .unwrap_or_else(|e| panic!("the schema of {name} does not compile: {e}"))
                })
            });
        let problems: Vec<String> = match validator {
            Some(v) => v
                .iter_errors(&r.body)
                .map(|e| format!("at `{}`: {e}", e.instance_path))
                .collect(),
            None if r.body.is_null() || r.body == json!({}) => vec![],
            None => vec![format!(
                "the route takes no body, but one was sent: {}",
                r.body
            )],
        };
        if problems.is_empty() {
            Checked::Fits(name)
        } else {
            Checked::Misfit(name, problems)
        }
    }
}
