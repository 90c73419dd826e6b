//! Replies as plain text: how the console prints them and the test harness
//! (`croupier_core::testkit`) records them.

use super::{Audience, Reply};
use crate::i18n::Locale;

/// Renders a reply as the console prints it: the audience line, then the message as text.
pub fn render_reply(channel: &str, r: &Reply) -> String {
    render_reply_in(channel, r, Locale::En)
}

/// [`render_reply`] for a reader of `locale`: a reply of typed words is written in it.
pub fn render_reply_in(channel: &str, r: &Reply, locale: Locale) -> String {
    let localized;
    let r = if r.message.said.is_some() {
        localized = Reply {
            audience: r.audience.clone(),
            message: r.message.in_language(locale),
        };
        &localized
    } else {
        r
    };
    let say = |key: &str, args: &[(&str, crate::i18n::Arg)]| crate::i18n::text(locale, key, args);
    let who = match &r.audience {
        Audience::Everyone => say("console-to-everyone", &[]),
        Audience::Only(us) if us.is_empty() => say("console-to-nobody", &[]),
        Audience::Only(us) => say(
            "console-to-only",
            &[(
                "who",
                us.iter()
                    .map(|u| u.0.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
                    .into(),
            )],
        ),
        Audience::Gm => say("console-to-gm", &[]),
    };
    let m = &r.message;
    let mut out = match &m.slot {
        Some(key) => format!(
            "[#{channel} → {who}] {}\n",
            say("console-updates", &[("slot", key.into())])
        ),
        None => format!("[#{channel} → {who}]\n"),
    };
    out.push_str(&m.plain_text());
    if let Some(sel) = &m.select {
        let opts: Vec<&str> = sel.options.iter().map(|o| o.label.as_str()).collect();
        out.push_str(&format!("<{}: {}>\n", sel.placeholder, opts.join(" | ")));
    }
    if !m.buttons.is_empty() {
        let b: Vec<String> = m.buttons.iter().map(|b| format!("[{}]", b.label)).collect();
        out.push_str(&b.join(" "));
        out.push('\n');
    }
    for f in &m.files {
        let file = say(
            "console-file",
            &[
                ("name", (&f.name).into()),
                ("bytes", f.content.len().into()),
            ],
        );
        out.push_str(&format!("📎 {file}\n"));
        for l in f.content.lines() {
            out.push_str("  | ");
            out.push_str(l);
            out.push('\n');
        }
    }
    mentions_to_at(&out)
}

/// `<@alice>` → `@alice`, and a channel mention `<#arena>` → `#arena`.
pub fn mentions_to_at(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find(['<']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let (mark, after) = if let Some(a) = tail.strip_prefix("<@") {
            ('@', a)
        } else if let Some(a) = tail.strip_prefix("<#") {
            ('#', a)
        } else {
            out.push('<');
            rest = &tail[1..];
            continue;
        };
        match after.find('>') {
            Some(j) if !after[..j].is_empty() && !after[..j].contains(char::is_whitespace) => {
                out.push(mark);
                out.push_str(after[..j].trim_start_matches('!'));
                rest = &after[j + 1..];
            }
            _ => {
                out.push('<');
                out.push(mark);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_render_as_at_names() {
        assert_eq!(
            mentions_to_at("hi <@alice>, <@!42> and <@ x>"),
            "hi @alice, @42 and <@ x>"
        );
        assert_eq!(
            mentions_to_at("in <#arena>, a < b and <#>"),
            "in #arena, a < b and <#>"
        );
    }
}
