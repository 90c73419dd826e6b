//! No secret reaches a log line. The bot token and the interaction tokens (each a 15-minute
//! credential to answer as the bot) pass through libraries that log what they carry: at
//! `trace` tungstenite logs every gateway message whole (IDENTIFY and RESUME carry the bot
//! token, each INTERACTION_CREATE its interaction's token), and at `debug` serenity's request
//! span prints the route (`/interactions/{id}/{token}/callback`,
//! `/webhooks/{application}/{token}/…`); a failed request's error names its URL at any level.
//! Those events are made inside the libraries, so the one place every one of them passes is
//! the writer: [`LineWriter`] takes each formatted event (text or JSON) and writes it only
//! after [`redact`] has replaced every secret in it.
//!
//! Pure: [`redact`] is a function of the line and the bot token, unit-tested below; the
//! binary's log setup (`src/main.rs`) writes through [`LineWriter`], and `tests/discord_logs.rs`
//! runs the bot at every level and finds no token in its output.

use std::borrow::Cow;
use std::io::{self, Write};

/// What a secret is replaced with.
pub const REDACTED: &str = "[redacted]";

/// `line` with the bot token and every interaction token replaced by [`REDACTED`]:
/// - the bot token itself, wherever it is (`"token":"Bot …"`, an `Authorization` header);
/// - any quoted value of a key `token` (`"token":"…"`, `"token": "…"`, JSON-escaped
///   `\"token\":\"…\"`, Rust's `token: "…"`): a gateway payload's or a route's token;
/// - the path segment after `/interactions/{id}/` and after `/webhooks/{id}/` (Discord's
///   "Interactions" docs: both routes carry the interaction token in the path);
/// - inside a frame's payload as tungstenite prints it at `trace` (`payload: 0x7b22…`, the
///   bytes in hex): a text payload is read, redacted as above and written in hex again; one
///   that is not text (a compressed gateway message) is not shown at all.
pub fn redact<'a>(line: &'a str, bot_token: &str) -> Cow<'a, str> {
    let mut out = Cow::Borrowed(line);
    let bot_token = bot_token.trim();
    if bot_token.len() >= 4 && out.contains(bot_token) {
        out = Cow::Owned(out.replace(bot_token, REDACTED));
    }
    if out.contains("token") {
        if let Some(s) = keyed_values(&out) {
            out = Cow::Owned(s);
        }
    }
    if out.contains(HEX) {
        if let Some(s) = hex_payloads(&out, bot_token) {
            out = Cow::Owned(s);
        }
    }
    for route in ["/interactions/", "/webhooks/"] {
        if out.contains(route) {
            if let Some(s) = path_tokens(&out, route) {
                out = Cow::Owned(s);
            }
        }
    }
    out
}

/// How tungstenite's frame display (`Display for Frame`) introduces the payload's bytes.
const HEX: &str = "payload: 0x";

/// Redacts every hex payload (see [`redact`]); `None` when nothing changed.
fn hex_payloads(s: &str, bot_token: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    let mut changed = false;
    while let Some(at) = rest.find(HEX) {
        let from = at + HEX.len();
        out.push_str(&rest[..from]);
        let after = &rest[from..];
        let len = after.bytes().take_while(u8::is_ascii_hexdigit).count() & !1;
        let hex = &after[..len];
        let bytes: Option<Vec<u8>> = (0..len)
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
            .collect();
        match bytes.map(String::from_utf8) {
            Some(Ok(text)) => match redact(&text, bot_token) {
                Cow::Borrowed(_) => out.push_str(hex),
                Cow::Owned(clean) => {
                    for b in clean.bytes() {
                        out.push_str(&format!("{b:02x}"));
                    }
                    changed = true;
                }
            },
            _ => {
                out.push_str(&format!("[{} bytes not shown]", len / 2));
                changed = true;
            }
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// Replaces the quoted value of every `token` key; `None` when there is none.
fn keyed_values(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    let mut changed = false;
    while let Some(at) = rest.find("token") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let after = &from["token".len()..];
        // A whole key: not `tokens`, not `my_token_count`.
        let prev_ok = before
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        match value_span(after).filter(|_| prev_ok) {
            Some((open, len)) => {
                out.push_str("token");
                out.push_str(&after[..open]);
                out.push_str(REDACTED);
                rest = &after[open + len..];
                changed = true;
            }
            None => {
                out.push_str("token");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// After a key: an optional closing quote (`"` or `\"`), spaces, `:` or `=`, spaces, an
/// opening quote (`"` or `\"`). Returns (where the value starts, its length up to the closing
/// quote or backslash), for a value of at least one character.
fn value_span(after: &str) -> Option<(usize, usize)> {
    let b = after.as_bytes();
    let mut i = 0;
    if b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'"') {
        i += 2;
    } else if b.get(i) == Some(&b'"') {
        i += 1;
    }
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    if !matches!(b.get(i), Some(b':' | b'=')) {
        return None;
    }
    i += 1;
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    if b.get(i) == Some(&b'\\') && b.get(i + 1) == Some(&b'"') {
        i += 2;
    } else if b.get(i) == Some(&b'"') {
        i += 1;
    } else {
        return None;
    }
    let len = b[i..]
        .iter()
        .position(|c| matches!(c, b'"' | b'\\'))
        .unwrap_or(b.len() - i);
    (len > 0).then_some((i, len))
}

/// Replaces the segment after `route{digits}/`; `None` when there is none.
fn path_tokens(s: &str, route: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    let mut changed = false;
    while let Some(at) = rest.find(route) {
        let from = at + route.len();
        out.push_str(&rest[..from]);
        let after = &rest[from..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let tail = &after[digits..];
        if digits > 0 && tail.starts_with('/') {
            let token = &tail[1..];
            let len = token
                .find(|c: char| {
                    matches!(c, '/' | '?' | '"' | '\\' | ')' | '\'' | ',') || c.is_whitespace()
                })
                .unwrap_or(token.len());
            out.push_str(&after[..digits + 1]);
            if len > 0 && !token.starts_with('@') {
                out.push_str(REDACTED);
                changed = true;
            } else {
                out.push_str(&token[..len]);
            }
            rest = &token[len..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// A writer for one log event: it keeps what is written and, when dropped (or flushed),
/// writes it to `inner` with every secret redacted ([`redact`]). A log subscriber makes one
/// per event, so each event is redacted whole; bytes that are not UTF-8 are written as
/// they come, after the same redaction of their readable part.
pub struct LineWriter<W: Write> {
    inner: W,
    bot_token: std::sync::Arc<str>,
    buf: Vec<u8>,
}

impl<W: Write> LineWriter<W> {
    /// Writes to `inner`, redacting `bot_token` and every interaction token.
    pub fn new(inner: W, bot_token: std::sync::Arc<str>) -> Self {
        LineWriter {
            inner,
            bot_token,
            buf: Vec::new(),
        }
    }

    fn emit(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let buf = std::mem::take(&mut self.buf);
        let text = String::from_utf8_lossy(&buf);
        let clean = redact(&text, &self.bot_token);
        self.inner.write_all(clean.as_bytes())?;
        self.inner.flush()
    }
}

impl<W: Write> Write for LineWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.emit()
    }
}

impl<W: Write> Drop for LineWriter<W> {
    fn drop(&mut self) {
        let _ = self.emit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOT: &str = "MTk4NjIy.GxYz.abcDEF-ghi_jkl";
    const TOKEN: &str = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OnNlY3JldA";

    fn clean(line: &str) -> String {
        let out = redact(line, BOT).into_owned();
        assert!(!out.contains(BOT), "{out}");
        assert!(!out.contains(TOKEN), "{out}");
        out
    }

    #[test]
    fn identify_and_resume_lose_the_bot_token() {
        let identify = format!(
            r#"TRACE tungstenite::protocol: Received message {{"op":2,"d":{{"compress":true,"token":"Bot {BOT}","shard":[0,1]}}}}"#
        );
        assert_eq!(
            clean(&identify),
            r#"TRACE tungstenite::protocol: Received message {"op":2,"d":{"compress":true,"token":"[redacted]","shard":[0,1]}}"#
        );
        let resume = format!(r#"{{"op":6,"d":{{"session_id":"s1","token":"{BOT}","seq":5}}}}"#);
        assert_eq!(
            clean(&resume),
            r#"{"op":6,"d":{"session_id":"s1","token":"[redacted]","seq":5}}"#
        );
        // The bare token anywhere else (an Authorization header).
        assert_eq!(
            clean(&format!("authorization: Bot {BOT}")),
            "authorization: Bot [redacted]"
        );
    }

    #[test]
    fn interaction_tokens_go_in_every_shape_they_are_logged_in() {
        // A gateway event, in text and escaped inside a JSON log line.
        let event = format!(r#"{{"id":"1","token":"{TOKEN}","type":2}}"#);
        assert_eq!(clean(&event), r#"{"id":"1","token":"[redacted]","type":2}"#);
        let json =
            format!(r#"{{"message":"Received message {{\"token\": \"{TOKEN}\",\"type\":2}}"}}"#);
        assert_eq!(
            clean(&json),
            r#"{"message":"Received message {\"token\": \"[redacted]\",\"type\":2}"}"#
        );
        // serenity's route, as its request span prints it.
        let route = format!(
            r#"route: InteractionResponse {{ interaction_id: InteractionId(12), token: "{TOKEN}" }}"#
        );
        assert_eq!(
            clean(&route),
            r#"route: InteractionResponse { interaction_id: InteractionId(12), token: "[redacted]" }"#
        );
        // URLs, as a failed request's error names them.
        let url = format!("error sending request for url (https://discord.com/api/v10/interactions/123/{TOKEN}/callback)");
        assert_eq!(
            clean(&url),
            "error sending request for url (https://discord.com/api/v10/interactions/123/[redacted]/callback)"
        );
        let hook = format!(
            "PATCH /api/v10/webhooks/900/{TOKEN}/messages/@original and /webhooks/900/{TOKEN}"
        );
        assert_eq!(
            clean(&hook),
            "PATCH /api/v10/webhooks/900/[redacted]/messages/@original and /webhooks/900/[redacted]"
        );
    }

    #[test]
    fn a_frame_printed_in_hex_is_redacted_inside() {
        let hex = |s: &str| s.bytes().map(|b| format!("{b:02x}")).collect::<String>();
        let identify = format!(r#"{{"op":2,"d":{{"token":"Bot {BOT}"}}}}"#);
        let line = format!("opcode: TEXT\npayload: 0x{}\n", hex(&identify));
        let out = clean(&line);
        assert!(!out.contains(&hex(BOT)), "{out}");
        assert_eq!(
            out,
            format!(
                "opcode: TEXT\npayload: 0x{}\n",
                hex(r#"{"op":2,"d":{"token":"[redacted]"}}"#)
            )
        );
        // A payload that is not text (compressed) is not shown; one without secrets stays.
        assert_eq!(
            clean("payload: 0x789cff00 end"),
            "payload: 0x[4 bytes not shown] end"
        );
        let plain = format!("payload: 0x{}", hex(r#"{"op":1,"d":5}"#));
        assert!(matches!(redact(&plain, BOT), Cow::Borrowed(_)));
    }

    #[test]
    fn lines_without_secrets_are_left_as_they_are() {
        for line in [
            "INFO croupier: slash commands registered commands=12",
            "tokens: 3, token_count=4, a token without a value",
            r#"{"tokens":"x"} mytoken: "y" /webhooks/abc/def /interactions/"#,
            "route: Secret([REDACTED alloc::string::String])",
        ] {
            assert!(matches!(redact(line, BOT), Cow::Borrowed(_)), "{line}");
        }
        // An empty or tiny bot token (unset) redacts nothing by itself.
        assert!(matches!(redact("a b c", ""), Cow::Borrowed(_)));
    }

    #[test]
    fn the_writer_redacts_each_event_whole() {
        let mut out = Vec::new();
        {
            let mut w = LineWriter::new(&mut out, BOT.into());
            // Written in pieces that split the token: redacted once the event is complete.
            let line = format!(r#"{{"token":"{TOKEN}"}} Bot {BOT}"#);
            let (a, b) = line.split_at(14);
            w.write_all(a.as_bytes()).unwrap();
            w.write_all(b.as_bytes()).unwrap();
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"{"token":"[redacted]"} Bot [redacted]"#
        );
    }
}
