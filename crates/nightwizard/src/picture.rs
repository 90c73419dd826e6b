//! Night Wizard's picture: the combat tracker — initiative order, HP/MP bars, Prana, bad
//! statuses and engagements as groups — or, with no fight going on, the session's
//! characters. Hidden enemies are drawn only for the GM (as the text tracker does).
//!
//! In a fight each row has an edge in its side's colour (allied Guests with the PCs), flying
//! characters are tagged, and characters at Long or Extreme range — out of the initiative
//! order — are listed after it, greyed and tagged with their range.
//!
//! Its words are the catalogue's in the reader's language (`locales/*/pictures-games.ftl`,
//! `pic-nw-…`, in the game's terms; the conditions, states and bad statuses as the text
//! tracker writes them). The effects in force are written as the text tracker writes them.

use super::combat::model::Band;
use super::judge::said::word;
use super::view::NwView;
use croupier_core::i18n::Locale;
use croupier_core::render::palette::{self, Color};
use croupier_core::render::svg::{fit, text_width, Anchor, Doc, Rect, Text, PHONE_WIDTH};
use croupier_core::table::Phrase;

const MARGIN: f32 = 10.0;
const ROW: f32 = 62.0;

/// The side colours: the PCs' side (with allied Guests) and the enemies.
pub const PC_SIDE: Color = palette::INFO;
pub const ENEMY_SIDE: Color = palette::BAD;

/// A labelled bar: `label` and the numbers are always written, the fill only helps.
fn bar(doc: &mut Doc, x: f32, y: f32, w: f32, label: &str, v: (i32, Option<i32>), fill: Color) {
    doc.push(
        Text::new(x, y + 10.0, label)
            .size(11.0)
            .bold()
            .fill(palette::MUTED),
    );
    let bx = x + 24.0;
    let bw = w - 24.0 - 44.0;
    let numbers = match v.1 {
        Some(max) => format!("{}/{max}", v.0),
        None => v.0.to_string(),
    };
    if let Some(max) = v.1 {
        doc.push(
            Rect::new(bx, y, bw, 12.0)
                .radius(3.0)
                .fill(palette::PAPER)
                .stroke(palette::GRID, 1.0),
        );
        let frac = if max > 0 {
            (v.0.max(0) as f32 / max as f32).min(1.0)
        } else {
            0.0
        };
        if frac > 0.0 {
            doc.push(
                Rect::new(bx, y, (bw * frac).max(3.0), 12.0)
                    .radius(3.0)
                    .fill(fill),
            );
        }
    }
    let nx = if v.1.is_some() { bx + bw + 4.0 } else { bx };
    doc.push(Text::new(nx, y + 10.5, numbers).size(12.0).bold());
}

/// The message `key` (no values) in `locale`.
fn say(key: &str, locale: Locale) -> String {
    Phrase::new(key).text(locale)
}

/// Lays out the tracker (or the characters when there is no fight), its words in `locale`.
pub fn tracker(s: &NwView, locale: Locale) -> Doc {
    let w = PHONE_WIDTH;
    let gm = s.role.gm;
    let mut doc = Doc::new(w, 100.0);
    let mut y = MARGIN;
    doc.push(
        Text::new(MARGIN, y + 18.0, say("pic-nw-title", locale))
            .size(18.0)
            .bold(),
    );
    let right = match &s.combat {
        Some(c) => Phrase::new("pic-nw-round")
            .arg("round", i64::from(c.round))
            .text(locale),
        None => say("pic-nw-no-combat", locale),
    };
    doc.push(
        Text::new(w - MARGIN, y + 18.0, right)
            .size(15.0)
            .bold()
            .anchor(Anchor::End)
            .fill(palette::INFO),
    );
    y += 26.0;
    let mut sub = Phrase::new("pic-nw-session")
        .arg("episode", i64::from(s.episode))
        .arg("phase", s.phase.clone())
        .arg("scene", i64::from(s.scene))
        .arg("gm", if gm { "yes" } else { "no" })
        .text(locale);
    if let Some(c) = &s.casket {
        sub = Phrase::new("pic-nw-then")
            .arg("line", sub)
            .arg("then", c.said())
            .text(locale);
    }
    doc.push(
        Text::new(MARGIN, y + 12.0, fit(&sub, 12.0, false, w - 2.0 * MARGIN))
            .size(12.0)
            .fill(palette::MUTED),
    );
    y += 22.0;

    let rows = &s.rows;
    let mut far_heading = false;
    for (i, r) in rows.iter().enumerate() {
        if r.far.is_some() && !far_heading {
            far_heading = true;
            doc.push(
                Text::new(MARGIN, y + 13.0, say("pic-nw-far", locale))
                    .size(13.0)
                    .bold()
                    .fill(palette::MUTED),
            );
            y += 20.0;
        }
        let grey = r.far.is_some();
        let top = y;
        if grey {
            doc.push(
                Rect::new(MARGIN - 6.0, top, w - 2.0 * MARGIN + 12.0, ROW - 4.0)
                    .radius(6.0)
                    .fill(palette::PANEL)
                    .stroke(palette::GRID, 1.0)
                    .dashed(4.0),
            );
        } else if r.current {
            doc.push(
                Rect::new(MARGIN - 6.0, top, w - 2.0 * MARGIN + 12.0, ROW - 4.0)
                    .radius(6.0)
                    .fill(palette::HIGHLIGHT),
            );
        } else if i % 2 == 1 {
            doc.push(
                Rect::new(MARGIN - 6.0, top, w - 2.0 * MARGIN + 12.0, ROW - 4.0)
                    .radius(6.0)
                    .fill(palette::PANEL),
            );
        }
        // The side: an edge in the PCs' or the enemies' colour (allied Guests with the PCs).
        if let Some(pcs) = r.pc_side {
            let edge = match (grey, pcs) {
                (true, _) => palette::GRID,
                (false, true) => PC_SIDE,
                (false, false) => ENEMY_SIDE,
            };
            doc.push(
                Rect::new(MARGIN - 6.0, top + 3.0, 4.0, ROW - 10.0)
                    .radius(2.0)
                    .fill(edge),
            );
        }
        // Engagement group: a numbered tab in the group's series colour.
        let mut x = MARGIN;
        if let Some(g) = r.group {
            let colour = palette::series(g - 1);
            doc.push(Rect::new(x, top + 4.0, 26.0, 18.0).radius(4.0).fill(colour));
            doc.push(
                Text::new(x + 13.0, top + 13.0, format!("E{g}"))
                    .size(11.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(colour.text_on())
                    .centered_v(),
            );
            x += 30.0;
        }
        let shown = if r.hidden {
            Phrase::new("pic-nw-hidden")
                .arg("name", r.name.as_str())
                .text(locale)
        } else {
            r.name.clone()
        };
        let head = if r.mark.is_empty() {
            shown
        } else {
            format!("{} {shown}", r.mark)
        };
        let mut tags = vec![];
        match r.far {
            Some(Band::Extreme) => tags.push(say("pic-nw-retreated-extreme", locale)),
            Some(_) => tags.push(say("pic-nw-retreated-long", locale)),
            None => {}
        }
        if !r.state.is_empty() {
            tags.push(word("nw-state", r.state).text(locale));
        }
        if r.flying {
            tags.push(say("pic-nw-flying", locale));
        }
        if r.ally {
            tags.push(say("pic-nw-ally", locale));
        }
        if let Some(c) = r.count {
            tags.push(
                Phrase::new("pic-nw-count")
                    .arg("count", i64::from(c))
                    .text(locale),
            );
        }
        let sep = say("pic-nw-sep", locale);
        let tags = fit(&tags.join(&sep), 12.0, true, w - x - MARGIN - 90.0);
        let room = (w - x - MARGIN - text_width(&tags, 12.0, true) - 10.0).max(80.0);
        let mut name = Text::new(x, top + 18.0, fit(&head, 15.0, true, room))
            .size(15.0)
            .bold();
        if grey {
            name = name.fill(palette::MUTED);
        } else if !r.state.is_empty() && r.state != "Post-action" {
            name = name.fill(palette::BAD);
        }
        doc.push(name);
        doc.push(
            Text::new(w - MARGIN, top + 18.0, tags)
                .size(12.0)
                .bold()
                .anchor(Anchor::End)
                .fill(palette::MUTED),
        );
        if let Some(cond) = r.condition {
            // The GM keeps this enemy's HP and MP secret: its condition only.
            doc.push(
                Text::new(
                    MARGIN,
                    top + 36.0,
                    Phrase::new("pic-nw-condition")
                        .arg("condition", word("nw-condition", cond))
                        .text(locale),
                )
                .size(12.0)
                .bold()
                .fill(palette::MUTED),
            );
        } else {
            bar(
                &mut doc,
                MARGIN,
                top + 26.0,
                190.0,
                "HP",
                r.hp,
                if grey { palette::GRID } else { palette::GOOD },
            );
            bar(
                &mut doc,
                MARGIN + 196.0,
                top + 26.0,
                w - 2.0 * MARGIN - 196.0,
                "MP",
                r.mp,
                if grey { palette::GRID } else { palette::MAGIC },
            );
        }
        let mut third = vec![];
        if let Some((p, max)) = r.prana {
            let max = max.unwrap_or(p);
            let pips: String = (0..max.clamp(0, 10))
                .map(|k| if k < p { '●' } else { '○' })
                .collect();
            third.push(
                Phrase::new("pic-nw-prana")
                    .arg("pips", pips)
                    .arg("prana", i64::from(p))
                    .arg("max", i64::from(max))
                    .text(locale),
            );
        }
        if !r.bad.is_empty() {
            third.push(
                Phrase::new("pic-nw-bad")
                    .arg("bad", r.bad_said.clone())
                    .text(locale),
            );
        }
        if !third.is_empty() {
            doc.push(
                Text::new(
                    MARGIN,
                    top + 52.0,
                    fit(&third.join(&sep), 12.0, false, w - 2.0 * MARGIN),
                )
                .size(12.0)
                .fill(if grey {
                    palette::MUTED
                } else if r.bad.is_empty() {
                    palette::INK
                } else {
                    palette::BAD
                }),
            );
        }
        y += ROW;
    }
    if rows.is_empty() {
        let none = if s.combat.is_some() {
            "pic-nw-no-combatant"
        } else {
            "pic-nw-no-pc"
        };
        doc.push(
            Text::new(MARGIN, y + 14.0, say(none, locale))
                .size(14.0)
                .fill(palette::MUTED),
        );
        y += 22.0;
    }

    if let Some(c) = &s.combat {
        y += 4.0;
        doc.push(
            Text::new(MARGIN, y + 13.0, say("nw-field-engagements", locale))
                .size(13.0)
                .bold(),
        );
        y += 18.0;
        let groups = &c.engagements;
        if groups.is_empty() {
            doc.push(
                Text::new(MARGIN, y + 12.0, say("nw-no-engagements", locale))
                    .size(12.0)
                    .fill(palette::MUTED),
            );
            y += 18.0;
        }
        for (g, names) in groups {
            let g = *g;
            let colour = palette::series(g - 1);
            doc.push(
                Rect::new(MARGIN, y, w - 2.0 * MARGIN, 22.0)
                    .radius(5.0)
                    .fill(palette::PAPER)
                    .stroke(colour, 2.0),
            );
            doc.push(Rect::new(MARGIN, y, 30.0, 22.0).radius(5.0).fill(colour));
            doc.push(
                Text::new(MARGIN + 15.0, y + 11.0, format!("E{g}"))
                    .size(11.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(colour.text_on())
                    .centered_v(),
            );
            doc.push(
                Text::new(
                    MARGIN + 38.0,
                    y + 11.0,
                    fit(&names.join(" + "), 12.0, false, w - 2.0 * MARGIN - 44.0),
                )
                .size(12.0)
                .centered_v(),
            );
            y += 26.0;
        }
        y += 2.0;
        doc.push(
            Text::new(MARGIN, y + 12.0, say("pic-nw-legend", locale))
                .size(11.0)
                .fill(palette::MUTED),
        );
        y += 16.0;
        // The side colours, in words too.
        let mut lx = MARGIN;
        for (colour, key) in [
            (PC_SIDE, "pic-nw-side-pcs"),
            (ENEMY_SIDE, "pic-nw-side-enemies"),
            (palette::GRID, "pic-nw-side-far"),
        ] {
            let label = say(key, locale);
            doc.push(Rect::new(lx, y + 2.0, 4.0, 12.0).radius(2.0).fill(colour));
            doc.push(
                Text::new(lx + 8.0, y + 12.0, label.clone())
                    .size(11.0)
                    .fill(palette::MUTED),
            );
            lx += 8.0 + text_width(&label, 11.0, false) + 12.0;
        }
        y += 16.0;
    }
    if !s.effects.is_empty() {
        y += 6.0;
        doc.push(
            Text::new(MARGIN, y + 13.0, say("nw-field-effects", locale))
                .size(13.0)
                .bold(),
        );
        y += 18.0;
        for e in &s.effects {
            doc.push(
                Text::new(
                    MARGIN,
                    y + 12.0,
                    fit(&e.text(locale), 12.0, false, w - 2.0 * MARGIN),
                )
                .size(12.0)
                .fill(palette::INFO),
            );
            y += 17.0;
        }
    }
    doc.set_height((y + MARGIN).ceil());
    doc
}
