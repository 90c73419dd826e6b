//! The Discord permissions Croupier uses, what each is for, and how a refusal for a missing
//! one is explained to the person who acted.
//!
//! Pure: no HTTP here. Bits are from Discord's permissions reference ("Bitwise Permission
//! Flags"); `PIN_MESSAGES` (1 << 51) was split from Manage Messages and alone allows pinning
//! since February 2026 (Discord's change log: split on 2025-08-20; "Starting February 23, 2026 … MANAGE_MESSAGES alone will no longer be sufficient").
//! Interaction answers are not bound by Send Messages, but Discord applies the app's
//! `ATTACH_FILES` and `EMBED_LINKS` to them (the interaction's `app_permissions`: "the
//! permissions that can be used in interaction responses").

/// One permission Croupier uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Perm {
    /// Its bit.
    pub bit: u64,
    /// Its name as Discord's settings show it.
    pub name: &'static str,
    /// What Croupier needs it for.
    pub why: &'static str,
    /// Croupier works without it (a feature is lost).
    pub optional: bool,
}

/// View Channel.
pub const VIEW_CHANNEL: Perm = Perm {
    bit: 1 << 10,
    name: "View Channels",
    why: "see the channel to post reminders and pings",
    optional: false,
};
/// Send Messages.
pub const SEND_MESSAGES: Perm = Perm {
    bit: 1 << 11,
    name: "Send Messages",
    why: "post reminders and turn pings as channel messages",
    optional: false,
};
/// Embed Links.
pub const EMBED_LINKS: Perm = Perm {
    bit: 1 << 14,
    name: "Embed Links",
    why: "show answers as embeds (also needed for answers to commands)",
    optional: false,
};
/// Attach Files.
pub const ATTACH_FILES: Perm = Perm {
    bit: 1 << 15,
    name: "Attach Files",
    why: "attach pictures (dice, boards) and long texts as files",
    optional: false,
};
/// Pin Messages.
pub const PIN_MESSAGES: Perm = Perm {
    bit: 1 << 51,
    name: "Pin Messages",
    why: "pin the Night Wizard combat tracker (it works unpinned without it)",
    optional: true,
};

/// Send Messages in Threads: in a thread it takes the place of Send Messages ("Permissions":
/// SEND_MESSAGES_IN_THREADS, 1 << 38, "Allows for sending messages in threads").
pub const SEND_IN_THREADS: Perm = Perm {
    bit: 1 << 38,
    name: "Send Messages in Threads",
    why: "post reminders and turn pings in this thread",
    optional: false,
};

/// Every permission Croupier uses, required ones first.
pub const ALL: [Perm; 5] = [
    VIEW_CHANNEL,
    SEND_MESSAGES,
    EMBED_LINKS,
    ATTACH_FILES,
    PIN_MESSAGES,
];

/// The invite's `permissions=` value: every required permission, plus the optional ones
/// when `with_optional`.
pub fn invite_value(with_optional: bool) -> u64 {
    ALL.iter()
        .filter(|p| with_optional || !p.optional)
        .fold(0, |acc, p| acc | p.bit)
}

/// What a request that Discord refused needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sending {
    /// An interaction's answer, followup or placeholder edit.
    Answer {
        /// It had embeds.
        embeds: bool,
        /// It had files.
        files: bool,
    },
    /// A normal channel message.
    ChannelMessage {
        /// It had embeds.
        embeds: bool,
        /// It had files.
        files: bool,
    },
    /// Pinning a message.
    Pin,
}

impl Sending {
    /// An interaction answer with (or without) embeds and files.
    pub fn answer(embeds: bool, files: bool) -> Self {
        Sending::Answer { embeds, files }
    }

    /// The permissions the request needs.
    pub fn needs(self) -> Vec<Perm> {
        let content = |embeds: bool, files: bool| {
            let mut v = vec![];
            if embeds {
                v.push(EMBED_LINKS);
            }
            if files {
                v.push(ATTACH_FILES);
            }
            v
        };
        match self {
            Sending::Answer { embeds, files } => content(embeds, files),
            Sending::ChannelMessage { embeds, files } => {
                let mut v = vec![VIEW_CHANNEL, SEND_MESSAGES];
                v.extend(content(embeds, files));
                v
            }
            Sending::Pin => vec![PIN_MESSAGES],
        }
    }

    /// The permissions that explain Discord's "Missing Permissions" refusal: those the
    /// request needs that `granted` (the interaction's `app_permissions`, if known) lacks; when
    /// `granted` shows them all (or is unknown), every one the request needs.
    pub fn missing(self, granted: Option<u64>) -> Vec<Perm> {
        let needs = self.needs();
        let lacking: Vec<Perm> = match granted {
            Some(g) => needs.iter().copied().filter(|p| g & p.bit == 0).collect(),
            None => vec![],
        };
        if lacking.is_empty() {
            needs
        } else {
            lacking
        }
    }
}

/// The message for the person who acted when Discord refused a send for a missing permission:
/// what could not be done, which permission, and how to grant it.
pub fn explain(what: &str, missing: &[Perm]) -> String {
    let names: Vec<String> = missing.iter().map(|p| format!("**{}**", p.name)).collect();
    let list = match names.len() {
        0 => "a permission".to_string(),
        1 => names[0].clone(),
        _ => format!(
            "{} and {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        ),
    };
    let mut text = format!(
        "⚠️ I could not {what}: Croupier needs {list} in this channel. A server admin can grant it \
         under Edit Channel → Permissions (or Server Settings → Roles → Croupier's role). \
         `/game check` lists what I have here."
    );
    if missing.contains(&PIN_MESSAGES) {
        text.push_str(" Since February 2026 Manage Messages no longer allows pinning.");
    }
    text
}

/// `/game check`: each permission Croupier uses, granted or not in this channel, with what it
/// is for. `granted` is the interaction's `app_permissions`; `readable` masks the bits the
/// front end can read (a bit outside it is reported as unknown, not as missing). In a thread
/// Send Messages in Threads is checked in place of Send Messages.
pub fn report(granted: u64, readable: u64, in_thread: bool) -> String {
    let mut lines = vec![if in_thread {
        "**Croupier's permissions in this thread**".to_string()
    } else {
        "**Croupier's permissions in this channel**".to_string()
    }];
    let mut missing_required = 0;
    let used = ALL.map(|p| {
        if in_thread && p == SEND_MESSAGES {
            SEND_IN_THREADS
        } else {
            p
        }
    });
    for p in used {
        let mark = if readable & p.bit == 0 {
            "❔"
        } else if granted & p.bit != 0 {
            "✅"
        } else if p.optional {
            "➖"
        } else {
            missing_required += 1;
            "❌"
        };
        let extra = if readable & p.bit == 0 {
            " (cannot be read here; a refusal is reported when it happens)"
        } else {
            ""
        };
        lines.push(format!("{mark} {} — to {}{extra}", p.name, p.why));
    }
    lines.push(String::new());
    lines.push(if missing_required == 0 {
        "Every required permission is granted.".to_string()
    } else {
        format!(
            "{missing_required} required permission(s) missing: grant them under Edit Channel → \
             Permissions, or re-invite Croupier with `permissions={}` (`{}` with pinning).",
            invite_value(false),
            invite_value(true)
        )
    });
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_values_are_the_sum_of_the_permissions() {
        // 1024 + 2048 + 16384 + 32768
        assert_eq!(invite_value(false), 52_224);
        assert_eq!(invite_value(true), 52_224 + (1u64 << 51));
        assert_eq!(invite_value(true), 2_251_799_813_737_472);
    }

    #[test]
    fn a_refusal_names_the_permission_the_app_lacks() {
        let all_but_files = invite_value(true) & !ATTACH_FILES.bit;
        let sending = Sending::Answer {
            embeds: true,
            files: true,
        };
        assert_eq!(sending.missing(Some(all_but_files)), vec![ATTACH_FILES]);
        // Unknown grants: every candidate is named.
        assert_eq!(sending.missing(None), vec![EMBED_LINKS, ATTACH_FILES]);
        // A channel message without Send Messages.
        let post = Sending::ChannelMessage {
            embeds: true,
            files: false,
        };
        let no_send = invite_value(false) & !SEND_MESSAGES.bit;
        assert_eq!(post.missing(Some(no_send)), vec![SEND_MESSAGES]);
        assert_eq!(
            Sending::Pin.missing(Some(invite_value(false))),
            vec![PIN_MESSAGES]
        );
        let text = explain("attach the picture", &[ATTACH_FILES]);
        assert!(text.contains("**Attach Files**"), "{text}");
        assert!(explain("pin the tracker", &[PIN_MESSAGES]).contains("Manage Messages"));
    }

    #[test]
    fn the_check_marks_each_permission() {
        let granted = VIEW_CHANNEL.bit | SEND_MESSAGES.bit | EMBED_LINKS.bit;
        let r = report(granted, !PIN_MESSAGES.bit, false);
        assert!(r.contains("✅ View Channels"), "{r}");
        assert!(r.contains("❌ Attach Files"), "{r}");
        assert!(r.contains("❔ Pin Messages"), "{r}");
        assert!(r.contains("1 required permission(s) missing"), "{r}");
        let r = report(invite_value(true), u64::MAX, false);
        assert!(r.contains("Every required permission is granted."), "{r}");
        assert!(r.contains("✅ Pin Messages"), "{r}");
        // In a thread, Send Messages in Threads is what posting needs.
        let r = report(invite_value(true), u64::MAX, true);
        assert!(r.contains("❌ Send Messages in Threads"), "{r}");
        assert!(!r.contains("✅ Send Messages —"), "{r}");
        let r = report(invite_value(true) | SEND_IN_THREADS.bit, u64::MAX, true);
        assert!(r.contains("✅ Send Messages in Threads"), "{r}");
        assert!(r.contains("Every required permission is granted."), "{r}");
    }

    #[test]
    fn the_readme_and_the_guide_give_todays_invite_values() {
        for (name, doc) in [
            ("README.md", include_str!("../../../README.md")),
            ("docs/discord.md", include_str!("../../../docs/discord.md")),
        ] {
            for v in [invite_value(false), invite_value(true)] {
                assert!(doc.contains(&v.to_string()), "{name} lacks the value {v}");
            }
        }
    }
}
