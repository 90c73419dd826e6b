//! Night Wizard's picture: the combat tracker — initiative order, HP/MP bars, Prana, bad
//! statuses and engagements as groups — or, with no fight going on, the session's
//! characters. Hidden enemies are drawn only for the GM (as the text tracker does).
//!
//! In a fight each row has an edge in its side's colour (allied Guests with the PCs), flying
//! characters are tagged, and characters at Long or Extreme range — out of the initiative
//! order — are listed after it, greyed and tagged with their range.

use super::combat::model::Band;
use super::view::NwView;
use croupier_core::render::palette::{self, Color};
use croupier_core::render::svg::{fit, text_width, Anchor, Doc, Rect, Text, PHONE_WIDTH};

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

/// Lays out the tracker (or the characters when there is no fight).
pub fn tracker(s: &NwView) -> Doc {
    let w = PHONE_WIDTH;
    let gm = s.role.gm;
    let mut doc = Doc::new(w, 100.0);
    let mut y = MARGIN;
    doc.push(
        Text::new(MARGIN, y + 18.0, "Night Wizard")
            .size(18.0)
            .bold(),
    );
    let right = match &s.combat {
        Some(c) => format!("Round {}", c.round),
        None => "No combat".to_string(),
    };
    doc.push(
        Text::new(w - MARGIN, y + 18.0, right)
            .size(15.0)
            .bold()
            .anchor(Anchor::End)
            .fill(palette::INFO),
    );
    y += 26.0;
    let sub = format!(
        "Episode {} · {} · Scene {}{}{}",
        s.episode,
        s.phase,
        s.scene,
        if gm { " · GM view" } else { "" },
        match &s.casket {
            Some(c) => format!(" · {c}"),
            None => String::new(),
        }
    );
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
                Text::new(MARGIN, y + 13.0, "Out of the initiative order")
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
        let head = if r.mark.is_empty() {
            r.shown_name()
        } else {
            format!("{} {}", r.mark, r.shown_name())
        };
        let mut tags = vec![];
        match r.far {
            Some(Band::Extreme) => tags.push("Retreated · Extreme".to_string()),
            Some(_) => tags.push("Retreated · Long".to_string()),
            None => {}
        }
        if !r.state.is_empty() {
            tags.push(r.state.to_string());
        }
        if r.flying {
            tags.push("Flying".to_string());
        }
        if r.ally {
            tags.push("Ally".to_string());
        }
        if let Some(c) = r.count {
            tags.push(format!("Count {c}"));
        }
        let tags = fit(&tags.join(" · "), 12.0, true, w - x - MARGIN - 90.0);
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
                Text::new(MARGIN, top + 36.0, format!("HP: {cond}"))
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
            third.push(format!("Prana {pips} {p}/{max}"));
        }
        if !r.bad.is_empty() {
            third.push(format!("⚠ {}", r.bad));
        }
        if !third.is_empty() {
            doc.push(
                Text::new(
                    MARGIN,
                    top + 52.0,
                    fit(&third.join(" · "), 12.0, false, w - 2.0 * MARGIN),
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
            "No combatant in view."
        } else {
            "No PC has joined yet."
        };
        doc.push(
            Text::new(MARGIN, y + 14.0, none)
                .size(14.0)
                .fill(palette::MUTED),
        );
        y += 22.0;
    }

    if let Some(c) = &s.combat {
        y += 4.0;
        doc.push(Text::new(MARGIN, y + 13.0, "Engagements").size(13.0).bold());
        y += 18.0;
        let groups = &c.engagements;
        if groups.is_empty() {
            doc.push(
                Text::new(MARGIN, y + 12.0, "none (everyone at Short range)")
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
            Text::new(
                MARGIN,
                y + 12.0,
                "▶ acting · ○ Pre-action · · Post-action · E1: Engage 1",
            )
            .size(11.0)
            .fill(palette::MUTED),
        );
        y += 16.0;
        // The side colours, in words too.
        let mut lx = MARGIN;
        for (colour, label) in [
            (PC_SIDE, "PCs' side (with allied Guests)"),
            (ENEMY_SIDE, "enemies"),
            (palette::GRID, "out of the order"),
        ] {
            doc.push(Rect::new(lx, y + 2.0, 4.0, 12.0).radius(2.0).fill(colour));
            doc.push(
                Text::new(lx + 8.0, y + 12.0, label)
                    .size(11.0)
                    .fill(palette::MUTED),
            );
            lx += 8.0 + text_width(label, 11.0, false) + 12.0;
        }
        y += 16.0;
    }
    if !s.effects.is_empty() {
        y += 6.0;
        doc.push(
            Text::new(MARGIN, y + 13.0, "Effects in force")
                .size(13.0)
                .bold(),
        );
        y += 18.0;
        for e in &s.effects {
            doc.push(
                Text::new(MARGIN, y + 12.0, fit(e, 12.0, false, w - 2.0 * MARGIN))
                    .size(12.0)
                    .fill(palette::INFO),
            );
            y += 17.0;
        }
    }
    doc.set_height((y + MARGIN).ceil());
    doc
}
