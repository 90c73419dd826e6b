//! Turns table replies into Discord message drafts, within Discord's limits.
//!
//! Pure: no HTTP here, so the limits and the audience rules are unit-tested. A draft says
//! where it goes ([`Target`]) and what it holds (content, embeds, component rows, files);
//! [`super::send`] turns drafts into API calls.

use std::collections::HashMap;
use std::sync::Arc;

use croupier_core::i18n::{Locale, Readers};
use croupier_core::table::{Audience, ButtonStyle, Message, Reply, UserId};

use super::ids::{self, LongIds};

/// Discord's limits that rendering respects.
pub mod limits {
    /// Characters in a message's content.
    pub const CONTENT: usize = 2000;
    /// Characters in an embed title.
    pub const TITLE: usize = 256;
    /// Characters in an embed description.
    pub const DESCRIPTION: usize = 4096;
    /// Fields per embed.
    pub const FIELDS: usize = 25;
    /// Characters in a field name.
    pub const FIELD_NAME: usize = 256;
    /// Characters in a field value.
    pub const FIELD_VALUE: usize = 1024;
    /// Characters in an embed footer.
    pub const FOOTER: usize = 2048;
    /// Characters in all the embeds of one message together.
    pub const EMBED_TOTAL: usize = 6000;
    /// Embeds per message.
    pub const EMBEDS: usize = 10;
    /// Component rows per message.
    pub const ROWS: usize = 5;
    /// Buttons per row.
    pub const BUTTONS_PER_ROW: usize = 5;
    /// Options per select menu.
    pub const MENU_OPTIONS: usize = 25;
    /// Characters in a button label.
    pub const BUTTON_LABEL: usize = 80;
    /// Characters in a select option's label, value or description.
    pub const OPTION_TEXT: usize = 100;
    /// Characters in a select placeholder.
    pub const PLACEHOLDER: usize = 150;
    /// Above this much text a message is attached as a file rather than split into many messages.
    pub const ATTACH_OVER: usize = 12_000;
}

/// Where a draft goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// In the channel, as the interaction's answer (or a followup).
    Public,
    /// Only the person who acted (ephemeral, flag 64).
    Ephemeral,
    /// A normal channel message that mentions (pings) these users.
    Channel(Vec<UserId>),
    /// A direct message to this user.
    Dm(UserId),
}

/// An embed, already within limits.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EmbedDraft {
    /// Title.
    pub title: Option<String>,
    /// Description.
    pub description: String,
    /// Colour (0xRRGGBB).
    pub colour: u32,
    /// Fields: (name, value, inline).
    pub fields: Vec<(String, String, bool)>,
    /// Footer text.
    pub footer: Option<String>,
    /// An attached picture shown in the embed (`attachment://NAME`).
    pub image: Option<String>,
}

impl EmbedDraft {
    /// Characters Discord counts toward the 6,000 limit.
    pub fn size(&self) -> usize {
        self.title.as_deref().map_or(0, chars)
            + chars(&self.description)
            + self.footer.as_deref().map_or(0, chars)
            + self
                .fields
                .iter()
                .map(|(n, v, _)| chars(n) + chars(v))
                .sum::<usize>()
    }
}

/// A button in a draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButtonDraft {
    /// Label.
    pub label: String,
    /// Custom id (≤ 100 chars).
    pub custom_id: String,
    /// Style.
    pub style: ButtonStyle,
}

/// One row of components.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowDraft {
    /// Up to five buttons.
    Buttons(Vec<ButtonDraft>),
    /// One string select menu.
    Select {
        /// Custom id (≤ 100 chars).
        custom_id: String,
        /// Placeholder.
        placeholder: String,
        /// (label, value, description).
        options: Vec<(String, String, Option<String>)>,
    },
}

/// One Discord message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// Where it goes.
    pub target: Target,
    /// Plain content (mentions that ping, a DM's origin line).
    pub content: String,
    /// Embeds.
    pub embeds: Vec<EmbedDraft>,
    /// Component rows.
    pub rows: Vec<RowDraft>,
    /// Files: (name, bytes); the bytes are shared, so copying a draft copies no picture.
    pub files: Vec<(String, Arc<[u8]>)>,
    /// The channel's standing message this draft replaces (see [`croupier_core::table::Message::slot`]).
    pub slot: Option<String>,
}

impl Draft {
    fn new(target: Target) -> Self {
        Draft {
            target,
            content: String::new(),
            embeds: vec![],
            rows: vec![],
            files: vec![],
            slot: None,
        }
    }
    /// True if the draft would be an empty message.
    pub fn is_empty(&self) -> bool {
        self.content.is_empty()
            && self.embeds.is_empty()
            && self.rows.is_empty()
            && self.files.is_empty()
    }
}

/// What rendering needs to know about the games: titles and colours.
#[derive(Debug, Clone, Default)]
pub struct Look {
    titles: HashMap<String, String>,
}

/// Colour of messages that belong to no game (`/roll`, `/help`, refusals).
pub const NEUTRAL: u32 = 0x5865F2;

impl Look {
    /// A look knowing these games: `(name, title)`.
    pub fn new(games: impl IntoIterator<Item = (String, String)>) -> Self {
        Look {
            titles: games.into_iter().collect(),
        }
    }

    /// A game's title, or its name.
    pub fn title(&self, game: &str) -> String {
        self.titles
            .get(game)
            .cloned()
            .unwrap_or_else(|| game.to_string())
    }

    /// A game's colour: fixed for the games we know, else derived from its name.
    pub fn colour(game: Option<&str>) -> u32 {
        const PALETTE: [u32; 8] = [
            0xE67E22, 0x2ECC71, 0x9B59B6, 0xE91E63, 0x1ABC9C, 0xF1C40F, 0x3498DB, 0xC0392B,
        ];
        match game {
            None => NEUTRAL,
            Some("dice") => 0xE67E22,
            Some(name) => {
                let h = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
                PALETTE[(h % PALETTE.len() as u64) as usize]
            }
        }
    }
}

/// Where replies are being shown.
#[derive(Debug, Clone)]
pub struct Scene<'a> {
    /// The channel id (for a DM's "from #channel" line).
    pub channel: &'a str,
    /// Who acted (None for reminders).
    pub invoker: Option<&'a UserId>,
    /// The languages its readers read: the invoker's for their ephemeral answers, the
    /// server's for everything else (the channel, and a DM to someone whose language this
    /// interaction does not tell).
    pub readers: Readers,
}

/// Draws the replies' pictures (`board`: the session a board is drawn from; `boards`: the
/// bot's board pictures, where one drawn before for the same state and viewer is taken from),
/// then renders them into drafts for `scene`. A drawing that panics leaves the answer without
/// pictures: the text is always the reference. Returns the drafts and their long custom ids.
pub fn draw_and_render(
    games: &croupier_core::table::Registry,
    board: Option<&croupier_core::render::attach::Board>,
    boards: Option<&croupier_core::render::attach::Boards>,
    look: &Look,
    scene: &Scene,
    mut replies: Vec<Reply>,
) -> (Vec<Draft>, LongIds) {
    let languages = |r: &Reply| languages(scene, r);
    let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        croupier_core::render::attach::attach(games, &mut replies, board, boards, &languages);
    }));
    if drawn.is_err() {
        tracing::warn!("drawing a picture failed; answering with text only");
        for r in &mut replies {
            r.message.images.clear();
        }
    }
    let mut long = LongIds::default();
    let drafts = render(look, scene, &replies, &mut long);
    (drafts, long)
}

/// The languages `r` is read in, one per target: the invoker's for their ephemeral answer,
/// the server's for the rest (what its pictures are drawn in).
pub fn languages(scene: &Scene, r: &Reply) -> Vec<Locale> {
    targets(scene, r)
        .iter()
        .map(|t| scene.readers.for_answer(*t == Target::Ephemeral))
        .collect()
}

/// Renders replies into drafts, in order; long custom ids go into `long`.
pub fn render(look: &Look, scene: &Scene, replies: &[Reply], long: &mut LongIds) -> Vec<Draft> {
    let mut out = vec![];
    for r in replies {
        for target in targets(scene, r) {
            // Typed words are written in the reader's language; plain text is as it is.
            let locale = scene.readers.for_answer(target == Target::Ephemeral);
            let localized;
            // The text is the English already: only another language writes it again. The
            // pictures were drawn in each reader's language: this reader gets theirs.
            let words = r.message.said.is_some() && locale != Locale::En;
            let pictures = r.message.images.iter().any(|i| i.locale != locale);
            let m = if words || pictures {
                let mut m = if words {
                    r.message.in_language(locale)
                } else {
                    r.message.clone()
                };
                m.images.retain(|i| i.locale == locale);
                localized = m;
                &localized
            } else {
                &r.message
            };
            out.extend(render_message(look, scene, m, target, long));
        }
    }
    out
}

/// Who gets a reply, as Discord targets.
fn targets(scene: &Scene, r: &Reply) -> Vec<Target> {
    match &r.audience {
        Audience::Everyone if r.message.pings.is_empty() => match scene.invoker {
            Some(_) => vec![Target::Public],
            None => vec![Target::Channel(vec![])],
        },
        Audience::Everyone => vec![Target::Channel(r.message.pings.clone())],
        Audience::Only(users) => {
            let mut t = vec![];
            for u in users {
                if Some(u) == scene.invoker {
                    t.insert(0, Target::Ephemeral);
                } else if !t.contains(&Target::Dm(u.clone())) {
                    t.push(Target::Dm(u.clone()));
                }
            }
            t
        }
        // The service resolves GM audiences; an unresolved one is shown to nobody.
        Audience::Gm => vec![],
    }
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// Cuts `s` to at most `max` characters, ending with `…` when cut.
pub fn cut(s: &str, max: usize) -> String {
    if chars(s) <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// Splits text into pieces of at most `max` characters, at line ends where possible.
pub fn split_text(s: &str, max: usize) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    let mut cur_len = 0;
    for line in s.split_inclusive('\n') {
        let n = chars(line);
        if cur_len + n <= max {
            cur.push_str(line);
            cur_len += n;
            continue;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        if n <= max {
            cur.push_str(line);
            cur_len = n;
        } else {
            let v: Vec<char> = line.chars().collect();
            for piece in v.chunks(max) {
                out.push(piece.iter().collect());
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out.into_iter()
        .map(|p| p.trim_end_matches('\n').to_string())
        .filter(|p| !p.trim().is_empty())
        .collect()
}

fn non_empty(s: String) -> String {
    if s.trim().is_empty() {
        "\u{200b}".to_string()
    } else {
        s
    }
}

fn render_message(
    look: &Look,
    scene: &Scene,
    m: &Message,
    target: Target,
    long: &mut LongIds,
) -> Vec<Draft> {
    let colour = Look::colour(m.game.as_deref());
    let footer = m
        .game
        .as_deref()
        .map(|g| cut(&look.title(g), limits::FOOTER));
    let mut files: Vec<(String, Arc<[u8]>)> = m
        .files
        .iter()
        .map(|f| (f.name.clone(), Arc::from(f.content.as_bytes())))
        .chain(
            m.images
                .iter()
                .map(|i| (i.name.clone(), Arc::clone(&i.png))),
        )
        .collect();

    // Very long messages: a preview plus the whole text as a file.
    let total = chars(&m.plain_text());
    let (body, fields): (String, Vec<(String, String, bool)>) = if total > limits::ATTACH_OVER {
        let name = format!("{}-message.md", m.game.as_deref().unwrap_or("croupier"));
        files.push((name, Arc::from(m.plain_text().as_bytes())));
        (
            format!("{}\n\n*(the full text is attached)*", cut(&m.body, 3500)),
            vec![],
        )
    } else {
        (
            m.body.clone(),
            m.fields
                .iter()
                .map(|f| (f.name.clone(), f.value.clone(), f.inline))
                .collect(),
        )
    };

    // Embeds: title + body pieces, then fields (split values, ≤ 25 per embed).
    let mut embeds: Vec<EmbedDraft> = vec![];
    let new_embed = |title: Option<String>| EmbedDraft {
        title,
        colour,
        footer: footer.clone(),
        ..Default::default()
    };
    let title = m.title.as_deref().map(|t| cut(t, limits::TITLE));
    let pieces = split_text(&body, limits::DESCRIPTION);
    if pieces.is_empty() {
        if title.is_some() || !fields.is_empty() {
            embeds.push(new_embed(title.clone()));
        }
    } else {
        for (i, p) in pieces.into_iter().enumerate() {
            let mut e = new_embed(if i == 0 { title.clone() } else { None });
            e.description = p;
            embeds.push(e);
        }
    }
    for (name, value, inline) in fields {
        let name = non_empty(cut(&name, limits::FIELD_NAME));
        let parts = split_text(&value, limits::FIELD_VALUE);
        let parts = if parts.is_empty() {
            vec![String::new()]
        } else {
            parts
        };
        for (i, v) in parts.into_iter().enumerate() {
            let fname = if i == 0 {
                name.clone()
            } else {
                cut(&format!("{name} (cont.)"), limits::FIELD_NAME)
            };
            let add = chars(&fname) + chars(&v).max(1);
            let fits = embeds.last().is_some_and(|e| {
                e.fields.len() < limits::FIELDS && e.size() + add <= limits::EMBED_TOTAL
            });
            if !fits {
                embeds.push(new_embed(None));
            }
            if let Some(e) = embeds.last_mut() {
                e.fields.push((fname, non_empty(v), inline));
            }
        }
    }

    // The first picture shows inside the first embed (the text stays the reference).
    if let Some(img) = m.images.first() {
        if embeds.is_empty() {
            embeds.push(new_embed(title.clone()));
        }
        embeds[0].image = Some(format!("attachment://{}", img.name));
    }
    // Further pages (the 16-ninja score sheet has two) follow, each in an embed of its own,
    // so they show in order under the first.
    for img in m.images.iter().skip(1) {
        let mut e = new_embed(None);
        e.image = Some(format!("attachment://{}", img.name));
        embeds.push(e);
    }

    // Pack embeds into messages: ≤ 10 embeds and ≤ 6,000 characters each.
    let mut drafts: Vec<Draft> = vec![Draft::new(target.clone())];
    for e in embeds {
        let last = drafts.last_mut().expect("one draft");
        let used: usize = last.embeds.iter().map(EmbedDraft::size).sum();
        if !last.embeds.is_empty()
            && (last.embeds.len() >= limits::EMBEDS || used + e.size() > limits::EMBED_TOTAL)
        {
            drafts.push(Draft::new(target.clone()));
        }
        drafts.last_mut().expect("one draft").embeds.push(e);
    }

    // Content: pings, or where a DM comes from.
    let content = match &target {
        Target::Channel(users) => users
            .iter()
            .map(UserId::mention)
            .collect::<Vec<_>>()
            .join(" "),
        Target::Dm(_) => format!(
            "From <#{}>{}:",
            scene.channel,
            m.game
                .as_deref()
                .map(|g| format!(" ({})", look.title(g)))
                .unwrap_or_default()
        ),
        _ => String::new(),
    };
    drafts[0].content = cut(&content, limits::CONTENT);

    // Components on the last message; overflow rows go to extra messages.
    let rows = component_rows(m, long);
    let mut rows = rows.into_iter();
    let first_rows: Vec<RowDraft> = rows.by_ref().take(limits::ROWS).collect();
    if let Some(last) = drafts.last_mut() {
        last.rows = first_rows;
    }
    // A picture travels with the message whose embed shows it (`attachment://` only reaches
    // the files of its own message); other files go with the last one.
    for (name, bytes) in files {
        let shown = format!("attachment://{name}");
        let at = drafts
            .iter()
            .position(|d| d.embeds.iter().any(|e| e.image.as_deref() == Some(&shown)))
            .unwrap_or(drafts.len() - 1);
        drafts[at].files.push((name, bytes));
    }
    let rest: Vec<RowDraft> = rows.collect();
    for chunk in rest.chunks(limits::ROWS) {
        let mut d = Draft::new(target.clone());
        d.content = "More choices:".into();
        d.rows = chunk.to_vec();
        drafts.push(d);
    }
    drafts.retain(|d| !d.is_empty());
    // A standing message is edited as one message: only a public one or a direct message
    // without pings qualifies (an edit pings nobody), and its first draft carries the key.
    // Shown privately to the person who acted, it is a plain answer.
    if matches!(target, Target::Public | Target::Channel(_) | Target::Dm(_)) && m.pings.is_empty() {
        if let Some(first) = drafts.first_mut() {
            first.slot = m.slot.clone();
        }
    }
    drafts
}

/// What the bot may put in a message in a channel: embeds (Embed Links) and files (Attach
/// Files). Discord applies both to interaction answers too (the interaction's
/// `app_permissions`, "the permissions that can be used in interaction responses").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowed {
    /// Embed Links.
    pub embeds: bool,
    /// Attach Files.
    pub files: bool,
}

impl Allowed {
    /// Everything (permissions unknown: a refusal is handled when it comes).
    pub const ALL: Allowed = Allowed {
        embeds: true,
        files: true,
    };

    /// From the app's permission bits in the channel (`None`: unknown, so everything).
    pub fn from_bits(perms: Option<u64>) -> Allowed {
        match perms {
            None => Allowed::ALL,
            Some(p) => Allowed {
                embeds: p & super::permissions::EMBED_LINKS.bit != 0,
                files: p & super::permissions::ATTACH_FILES.bit != 0,
            },
        }
    }
}

/// What [`fit`] had to leave out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lost {
    /// Embeds were turned into plain text.
    pub embeds: bool,
    /// Files (pictures, long texts) were left out.
    pub files: bool,
}

impl Lost {
    /// Something was left out.
    pub fn any(self) -> bool {
        self.embeds || self.files
    }
}

/// The drafts as they can be sent where only `allowed` is: without embeds each embed becomes
/// Markdown text in the content (its title in bold, the description, each field as
/// `**name**: value`, the footer in italics), split over as many messages as Discord's
/// 2,000-character content needs (buttons and menus on the last, a standing message's key on
/// the first); without files the pictures and attached texts are left out (the text is always
/// the reference) and an embed no longer shows them. Direct messages are not bound by a
/// server channel's permissions and are left as they are.
pub fn fit(drafts: Vec<Draft>, allowed: Allowed) -> (Vec<Draft>, Lost) {
    let mut lost = Lost::default();
    if allowed == Allowed::ALL {
        return (drafts, lost);
    }
    let mut out = vec![];
    for mut d in drafts {
        if matches!(d.target, Target::Dm(_)) {
            out.push(d);
            continue;
        }
        if !allowed.files && !d.files.is_empty() {
            lost.files = true;
            d.files.clear();
            for e in &mut d.embeds {
                e.image = None;
            }
            d.embeds.retain(|e| e.size() > 0);
        }
        if allowed.embeds || d.embeds.is_empty() {
            if !d.is_empty() {
                out.push(d);
            }
            continue;
        }
        lost.embeds = true;
        let mut text = d.content.clone();
        for e in &d.embeds {
            let t = embed_text(e);
            if t.is_empty() {
                continue;
            }
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            text.push_str(&t);
        }
        // The footer (the game's title) once, not under every embed.
        let mut footers: Vec<&str> = d
            .embeds
            .iter()
            .filter_map(|e| e.footer.as_deref())
            .filter(|f| !f.trim().is_empty())
            .collect();
        footers.dedup();
        for f in footers {
            text.push_str(&format!("\n*{f}*"));
        }
        let mut pieces = split_text(&text, limits::CONTENT);
        if pieces.is_empty() {
            pieces.push(String::new());
        }
        let n = pieces.len();
        let mut rows = std::mem::take(&mut d.rows);
        let mut files = std::mem::take(&mut d.files);
        for (i, piece) in pieces.into_iter().enumerate() {
            let mut p = Draft::new(d.target.clone());
            p.content = piece;
            if i == 0 {
                p.slot = d.slot.take();
                p.files = std::mem::take(&mut files);
            }
            if i + 1 == n {
                p.rows = std::mem::take(&mut rows);
            }
            if !p.is_empty() {
                out.push(p);
            }
        }
    }
    (out, lost)
}

/// An embed as Markdown text (see [`fit`]), without its footer.
fn embed_text(e: &EmbedDraft) -> String {
    let mut parts = vec![];
    if let Some(t) = e.title.as_deref().filter(|t| !t.trim().is_empty()) {
        parts.push(format!("**{t}**"));
    }
    if !e.description.trim().is_empty() {
        parts.push(e.description.clone());
    }
    for (name, value, _) in &e.fields {
        let name = name.trim_matches('\u{200b}').trim();
        let value = value.trim_matches('\u{200b}').trim();
        match (name.is_empty(), value.is_empty()) {
            (true, true) => {}
            (true, false) => parts.push(value.to_string()),
            (false, true) => parts.push(format!("**{name}**")),
            (false, false) => parts.push(format!("**{name}**: {value}")),
        }
    }
    parts.join("\n")
}

/// Button rows (five per row) and select menus (25 options each) for a message.
fn component_rows(m: &Message, long: &mut LongIds) -> Vec<RowDraft> {
    let mut rows = vec![];
    let mut seen: Vec<String> = vec![];
    let mut buttons = vec![];
    for b in &m.buttons {
        let id = long.shorten(ids::button_id(m.stamp, b.decision.as_deref(), &b.command));
        if seen.contains(&id) {
            continue; // a second button running the same command adds nothing
        }
        seen.push(id.clone());
        buttons.push(ButtonDraft {
            label: non_empty(cut(&b.label, limits::BUTTON_LABEL)),
            custom_id: id,
            style: b.style,
        });
    }
    for chunk in buttons.chunks(limits::BUTTONS_PER_ROW) {
        rows.push(RowDraft::Buttons(chunk.to_vec()));
    }
    if let Some(sel) = &m.select {
        let usable: Vec<_> = sel
            .options
            .iter()
            .filter(|o| chars(&o.value) <= limits::OPTION_TEXT && !o.value.is_empty())
            .collect();
        let menus = usable.chunks(limits::MENU_OPTIONS).count();
        for (n, chunk) in usable.chunks(limits::MENU_OPTIONS).enumerate() {
            let placeholder = if menus > 1 {
                let first = n * limits::MENU_OPTIONS + 1;
                format!(
                    "{} ({}–{})",
                    sel.placeholder,
                    first,
                    first + chunk.len() - 1
                )
            } else {
                sel.placeholder.clone()
            };
            rows.push(RowDraft::Select {
                custom_id: long.shorten(ids::select_id(
                    m.stamp,
                    sel.decision.as_deref(),
                    &sel.option,
                    n,
                    &sel.command,
                )),
                placeholder: non_empty(cut(&placeholder, limits::PLACEHOLDER)),
                options: chunk
                    .iter()
                    .map(|o| {
                        (
                            non_empty(cut(&o.label, limits::OPTION_TEXT)),
                            o.value.clone(),
                            o.description
                                .as_deref()
                                .map(|d| cut(d, limits::OPTION_TEXT)),
                        )
                    })
                    .collect(),
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_core::table::{Select, SelectOption, Stamp};

    fn scene<'a>(me: &'a UserId) -> Scene<'a> {
        Scene {
            channel: "42",
            invoker: Some(me),
            readers: Readers::default(),
        }
    }

    fn one(r: Reply, me: &UserId) -> Vec<Draft> {
        render(&Look::default(), &scene(me), &[r], &mut LongIds::default())
    }

    /// `/help` and every command's `/help command:` page (groups and leaves, every registered
    /// game) come as one private message of one embed, unsplit, with no attached file: each
    /// within Discord's limits as they are, nothing cut.
    #[test]
    fn every_help_page_fits_one_embed() {
        use croupier_core::table::{help, Actor};
        let games = croupier_games::load(&croupier_core::source_path("data")).expect("data loads");
        let me = UserId::new("1");
        let actor = Actor::player("1", "me");
        let mut pages = vec![("(index)".to_string(), help::index(&games, &actor))];
        for t in help::topics(&games) {
            let page = help::page(&games, &actor, &t).unwrap_or_else(|e| panic!("{t}: {e}"));
            pages.push((t, page));
        }
        assert!(pages.len() > 150, "{} pages", pages.len());
        let mut largest = (0, String::new());
        for (topic, reply) in pages {
            let m = &reply.message;
            let drafts = one(reply.clone(), &me);
            assert_eq!(drafts.len(), 1, "{topic}");
            let d = &drafts[0];
            assert_eq!(d.target, Target::Ephemeral, "{topic}");
            assert!(d.files.is_empty(), "{topic}: attached as a file");
            assert_eq!(
                d.embeds.len(),
                1,
                "{topic}: split in {} embeds",
                d.embeds.len()
            );
            let e = &d.embeds[0];
            assert!(chars(&m.body) <= limits::DESCRIPTION, "{topic}");
            assert_eq!(e.description, m.body, "{topic}: cut");
            assert!(e.size() <= limits::EMBED_TOTAL, "{topic}");
            if e.size() > largest.0 {
                largest = (e.size(), topic);
            }
        }
        println!(
            "largest help page: /{} ({} characters)",
            largest.1, largest.0
        );
    }

    #[test]
    fn audiences_map_to_public_ephemeral_dm_and_pings() {
        let me = UserId::new("1");
        let other = UserId::new("2");
        let m = Message::titled("t", "b");
        assert_eq!(one(Reply::public(m.clone()), &me)[0].target, Target::Public);
        assert_eq!(
            one(Reply::private(&me, m.clone()), &me)[0].target,
            Target::Ephemeral
        );
        let d = one(Reply::private(&other, m.clone()), &me);
        assert_eq!(d[0].target, Target::Dm(other.clone()));
        assert!(d[0].content.contains("<#42>"), "a DM names its channel");
        let both = Reply {
            audience: Audience::Only(vec![other.clone(), me.clone()]),
            message: m.clone(),
        };
        let t: Vec<Target> = one(both, &me).into_iter().map(|d| d.target).collect();
        assert_eq!(t, vec![Target::Ephemeral, Target::Dm(other.clone())]);
        let p = one(Reply::public(m.ping(&other)), &me);
        assert_eq!(p[0].target, Target::Channel(vec![other.clone()]));
        assert_eq!(p[0].content, "<@2>");
    }

    #[test]
    fn long_bodies_and_many_fields_stay_within_limits() {
        let me = UserId::new("1");
        let mut m = Message::titled("x".repeat(300), "line\n".repeat(1000));
        for i in 0..60 {
            m = m.field(format!("f{i}"), "v".repeat(100));
        }
        let drafts = one(Reply::public(m), &me);
        assert!(drafts.len() >= 2);
        for d in &drafts {
            assert!(d.embeds.len() <= limits::EMBEDS);
            assert!(d.embeds.iter().map(EmbedDraft::size).sum::<usize>() <= limits::EMBED_TOTAL);
            for e in &d.embeds {
                assert!(e.fields.len() <= limits::FIELDS);
                assert!(chars(&e.description) <= limits::DESCRIPTION);
                assert!(e.title.as_deref().map_or(0, chars) <= limits::TITLE);
            }
        }
        let fields: usize = drafts
            .iter()
            .flat_map(|d| &d.embeds)
            .map(|e| e.fields.len())
            .sum();
        assert_eq!(fields, 60, "no field is lost");
    }

    #[test]
    fn a_picture_of_several_pages_shows_each_page_in_order() {
        let me = UserId::new("1");
        let mut m = Message::titled("Round 1", "the sheet");
        for name in ["board.png", "board-2.png"] {
            m.images.push(croupier_core::table::Image {
                name: name.into(),
                png: b"\x89PNG".as_slice().into(),
                ..Default::default()
            });
        }
        let drafts = one(Reply::public(m), &me);
        assert_eq!(drafts.len(), 1);
        let shown: Vec<Option<&str>> = drafts[0]
            .embeds
            .iter()
            .map(|e| e.image.as_deref())
            .collect();
        assert_eq!(
            shown,
            vec![
                Some("attachment://board.png"),
                Some("attachment://board-2.png")
            ]
        );
        let files: Vec<&str> = drafts[0].files.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(files, vec!["board.png", "board-2.png"]);
    }

    #[test]
    fn a_picture_goes_with_the_message_whose_embed_shows_it() {
        // Enough fields to need two messages: the picture is in the first one's embed, so
        // its file must travel with the first message, not the last.
        let me = UserId::new("1");
        let mut m = Message::titled("Board", "b");
        for i in 0..60 {
            m = m.field(format!("f{i}"), "v".repeat(100));
        }
        m.images.push(croupier_core::table::Image {
            name: "board.png".into(),
            png: b"\x89PNG".as_slice().into(),
            ..Default::default()
        });
        let drafts = one(Reply::public(m), &me);
        assert!(drafts.len() >= 2);
        assert_eq!(
            drafts[0].embeds[0].image.as_deref(),
            Some("attachment://board.png")
        );
        assert_eq!(drafts[0].files.len(), 1);
        assert!(drafts[1..].iter().all(|d| d.files.is_empty()));
    }

    #[test]
    fn huge_messages_are_attached_as_files() {
        let me = UserId::new("1");
        let m = Message::titled("story", "word ".repeat(5000));
        let drafts = one(Reply::public(m), &me);
        assert_eq!(drafts.len(), 1);
        assert_eq!(drafts[0].files.len(), 1);
        assert!(drafts[0].files[0].1.len() > 20_000);
    }

    #[test]
    fn menus_split_at_25_options_and_ids_stay_short() {
        let me = UserId::new("1");
        let options = (0..30)
            .map(|i| SelectOption {
                label: format!("card {i}"),
                value: format!("c{i}"),
                description: None,
            })
            .collect();
        let mut m = Message::text("pick").with_select(Select {
            placeholder: "Pick a card".into(),
            command: "/nakama play".into(),
            option: "card".into(),
            options,
            decision: None,
        });
        m.stamp = Some(Stamp {
            session: 7,
            version: 3,
        });
        m = m.button_line("Go", format!("/nakama go note:{}", "n".repeat(120)));
        let mut long = LongIds::default();
        let drafts = render(
            &Look::default(),
            &scene(&me),
            &[Reply::public(m)],
            &mut long,
        );
        let rows = &drafts[0].rows;
        assert_eq!(rows.len(), 3);
        let mut menu_ids = vec![];
        for r in rows {
            match r {
                RowDraft::Buttons(b) => {
                    assert!(b[0].custom_id.len() <= 100);
                    assert_eq!(
                        long.pairs().len(),
                        1,
                        "the long button id is kept in the store"
                    );
                }
                RowDraft::Select {
                    options, custom_id, ..
                } => {
                    assert!(options.len() <= 25);
                    menu_ids.push(custom_id.clone());
                }
            }
        }
        assert_eq!(menu_ids.len(), 2);
        assert_ne!(
            menu_ids[0], menu_ids[1],
            "custom ids are unique in a message"
        );
    }

    #[test]
    fn without_embed_links_an_answer_is_plain_text_and_keeps_its_buttons() {
        let me = UserId::new("1");
        let mut m = Message::titled("Round 2", "Alice rolls.")
            .field("Score", "12")
            .button_line("Join", "/dice join");
        m.game = Some("dice".into());
        m.images.push(croupier_core::table::Image {
            name: "board.png".into(),
            png: b"\x89PNG".as_slice().into(),
            ..Default::default()
        });
        let look = Look::new([("dice".to_string(), "Dice table".to_string())]);
        let drafts = render(
            &look,
            &scene(&me),
            &[Reply::public(m)],
            &mut LongIds::default(),
        );
        let no_embeds = Allowed {
            embeds: false,
            files: true,
        };
        let (out, lost) = fit(drafts.clone(), no_embeds);
        assert_eq!(
            lost,
            Lost {
                embeds: true,
                files: false
            }
        );
        assert_eq!(out.len(), 1);
        assert!(out[0].embeds.is_empty());
        assert_eq!(
            out[0].content,
            "**Round 2**\nAlice rolls.\n**Score**: 12\n*Dice table*"
        );
        assert_eq!(out[0].rows, drafts[0].rows, "the buttons stay");
        assert_eq!(out[0].files.len(), 1, "the picture is still attached");
        // Without Attach Files as well: no file, the text stays.
        let (out, lost) = fit(
            drafts.clone(),
            Allowed {
                embeds: false,
                files: false,
            },
        );
        assert!(lost.embeds && lost.files);
        assert!(out[0].files.is_empty());
        assert!(out[0].content.contains("Alice rolls."));
        // Attach Files alone missing: the embed stays, without its picture.
        let (out, lost) = fit(
            drafts.clone(),
            Allowed {
                embeds: true,
                files: false,
            },
        );
        assert_eq!(
            lost,
            Lost {
                embeds: false,
                files: true
            }
        );
        assert_eq!(out[0].embeds[0].image, None);
        assert_eq!(out[0].embeds[0].title.as_deref(), Some("Round 2"));
        // Everything allowed: unchanged.
        assert_eq!(fit(drafts.clone(), Allowed::ALL), (drafts, Lost::default()));
    }

    #[test]
    fn plain_text_splits_at_discords_content_limit_with_buttons_last() {
        let me = UserId::new("1");
        let m = Message::titled("Story", "line of the story\n".repeat(400))
            .button_line("Next", "/x next");
        let drafts = render(
            &Look::default(),
            &scene(&me),
            &[Reply::public(m)],
            &mut LongIds::default(),
        );
        let (out, _) = fit(
            drafts,
            Allowed {
                embeds: false,
                files: true,
            },
        );
        assert!(out.len() >= 4, "{}", out.len());
        for d in &out {
            assert!(chars(&d.content) <= limits::CONTENT);
            assert!(d.embeds.is_empty());
        }
        assert!(out[..out.len() - 1].iter().all(|d| d.rows.is_empty()));
        assert_eq!(out.last().unwrap().rows.len(), 1);
        let total: usize = out
            .iter()
            .map(|d| d.content.matches("line of the story").count())
            .sum();
        assert_eq!(total, 400, "no line is lost");
        // A DM is not bound by the channel's permissions.
        let dm = Draft {
            target: Target::Dm(UserId::new("2")),
            ..Draft::new(Target::Public)
        };
        let mut dm = dm;
        dm.embeds.push(EmbedDraft {
            description: "secret".into(),
            ..Default::default()
        });
        let (out, lost) = fit(
            vec![dm.clone()],
            Allowed {
                embeds: false,
                files: false,
            },
        );
        assert_eq!((out, lost), (vec![dm], Lost::default()));
    }

    #[test]
    fn many_buttons_fill_at_most_five_rows_per_message() {
        let me = UserId::new("1");
        let mut m = Message::text("lots");
        for i in 0..30 {
            m = m.button_line(format!("b{i}"), format!("/x b n:{i}"));
        }
        let drafts = one(Reply::public(m), &me);
        assert!(drafts.iter().all(|d| d.rows.len() <= limits::ROWS));
        let buttons: usize = drafts
            .iter()
            .flat_map(|d| &d.rows)
            .map(|r| match r {
                RowDraft::Buttons(b) => b.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(buttons, 30);
    }
}
