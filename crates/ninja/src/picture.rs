//! Ninja Obstacle Tournament's picture: the current round's score sheet, laid out like the
//! rulebook's (a row per ninja, a box per turn with the points, `x`, `x*` or `✓`, the
//! obstacle initials where each obstacle starts, a thick line where one is completed,
//! SPLASH, O.O.T., the circled turn count, eliminated ninjas crossed out), and under it a
//! race chart of each ninja's progress (action points along the course) turn by turn.
//!
//! A tournament has no hidden information: every viewer sees the same sheet, except that
//! the viewer's own ninjas are marked "yours". Drawn from the view model
//! ([`super::view::NinjaView`]) only, its words in the reader's language
//! (`locales/*/pictures.ftl`, `pic-ninja-…`).

use super::scoring::{Mark, Run, RunStatus, OBSTACLE_AP};
use super::tournament::Phase;
use super::view::{Footer, NinjaView, RoundView, RowView};
use croupier_core::i18n::{text, Locale};
use croupier_core::render::palette::{self, Color};
use croupier_core::render::svg::{
    fit, title_line, Anchor, Circle, Doc, Line, Rect, Text, MAX_PAGE_HEIGHT, PHONE_WIDTH,
};

const MARGIN: f32 = 12.0;
/// Boxes per line of a ninja's row (the sheet wraps; 32 turns make two lines).
const PER_LINE: usize = 16;
const BOX_W: f32 = 23.0;
const BOX_H: f32 = 18.0;
/// Room above each line of boxes for obstacle initials.
const INITIALS_H: f32 = 11.0;
const NAME_H: f32 = 19.0;
/// Room under each line of boxes.
const LINE_GAP: f32 = 1.0;
/// Room under a ninja's last line of boxes, inside its row.
const ROW_PAD: f32 = 3.0;
const CHART_H: f32 = 160.0;
/// The race chart with its title above and its turn axis below.
const CHART_TOTAL_H: f32 = 24.0 + CHART_H + 36.0;

/// The heading every page starts with: the title, the round (or phase) on the right and,
/// when `line` is given, the round's course line under it. Returns the page and the y under
/// the heading.
fn page(status: &str, line: Option<&str>, locale: Locale) -> (Doc, f32) {
    let w = PHONE_WIDTH;
    let mut doc = Doc::new(w, 100.0);
    let mut y = MARGIN;
    let title = text(locale, "pic-ninja-title", &[]);
    title_line(&mut doc, y, w, MARGIN, &title, status);
    y += 28.0;
    if let Some(line) = line {
        doc.push(
            Text::new(MARGIN, y + 13.0, fit(line, 13.0, false, w - 2.0 * MARGIN))
                .size(13.0)
                .fill(palette::MUTED),
        );
        y += 22.0;
    }
    (doc, y)
}

/// Height of a page's heading with the course line.
const HEADING_H: f32 = MARGIN + 28.0 + 22.0;
/// Height of what closes the last page: the race chart, the footer and the legend.
const TAIL_H: f32 = 6.0 + CHART_TOTAL_H + 20.0 + 2.0 * 15.0;
/// Room between two ninjas' rows.
const ROW_GAP: f32 = 2.0;

/// The height of a ninja's row: its name and its lines of boxes.
fn row_height(row: &RowView) -> f32 {
    NAME_H + lines(row) as f32 * (INITIALS_H + BOX_H + LINE_GAP) + ROW_PAD
}

/// Lines of boxes (0 before the ninja runs).
fn lines(row: &RowView) -> usize {
    row.run
        .as_ref()
        .map_or(0, |x| x.boxes.len().div_ceil(PER_LINE).max(1))
}

/// Splits rows of the given heights into pages no taller than [`svg::MAX_PAGE_HEIGHT`]:
/// each page holds a heading and whole rows, and the last one also the tail (a page of its
/// own when it does not fit under the last rows). Returns each page's range of rows.
fn paginate(heights: &[f32], heading: f32, tail: f32) -> Vec<std::ops::Range<usize>> {
    let room = MAX_PAGE_HEIGHT - MARGIN;
    let mut pages = vec![];
    let mut start = 0;
    let mut y = heading;
    for (i, h) in heights.iter().enumerate() {
        if i > start && y + h > room {
            pages.push(start..i);
            start = i;
            y = heading;
        }
        y += h + ROW_GAP;
    }
    pages.push(start..heights.len());
    if y + tail > room && !heights.is_empty() {
        pages.push(heights.len()..heights.len());
    }
    pages
}

/// Lays out the sheet: one page while the field fits in [`svg::MAX_PAGE_HEIGHT`], else
/// several (the 16-ninja round takes two), each with its heading; the race chart, the footer
/// and the legend close the last page. Tall single pictures read badly on a phone (a chat
/// app shrinks them to a sliver) and take too long to draw, hence the pages. Its words are
/// in `locale`.
pub fn sheet(t: &NinjaView, locale: Locale) -> Vec<Doc> {
    let round_title = |r: &RoundView| {
        text(
            locale,
            "pic-ninja-round",
            &[("round", i64::from(r.number).into())],
        )
    };
    let status = match (t.phase, &t.round) {
        (Phase::Entering, _) => text(locale, "pic-ninja-entering", &[]),
        (Phase::Over, _) => text(locale, "pic-ninja-over", &[]),
        (Phase::Running, Some(r)) => round_title(r),
        (Phase::Running, None) => String::new(),
    };
    let Some(r) = &t.round else {
        let (mut doc, mut y) = page(&status, None, locale);
        entrants(&mut doc, t, &mut y, locale);
        doc.set_height((y + MARGIN).ceil());
        return vec![doc];
    };

    let line = |first: String| {
        text(
            locale,
            "pic-ninja-course",
            &[
                ("first", first.into()),
                ("course", r.course.join(" ").into()),
                ("limit", i64::from(r.limit).into()),
                ("places", r.places.into()),
                ("final", (if r.number >= 3 { "yes" } else { "no" }).into()),
            ],
        )
    };

    let rows = &r.rows;
    let heights: Vec<f32> = rows.iter().map(row_height).collect();
    let pages = paginate(&heights, HEADING_H, TAIL_H);
    let count = pages.len();
    let mut docs = Vec::with_capacity(count);
    for (k, range) in pages.into_iter().enumerate() {
        // With several pages the round's name (already on the right) gives way to the page.
        let heading = if count > 1 {
            line(text(
                locale,
                "pic-ninja-page",
                &[("page", (k + 1).into()), ("pages", count.into())],
            ))
        } else {
            line(round_title(r))
        };
        let (mut doc, mut y) = page(&status, Some(&heading), locale);
        for row in &rows[range] {
            draw_row(&mut doc, row, y, t, r.number >= 3, locale);
            y += row_height(row) + ROW_GAP;
        }
        if k + 1 == count {
            y += 6.0;
            y = race_chart(&mut doc, r, t, y, locale);
            tail(&mut doc, r, y, locale);
            y += TAIL_H - 6.0 - CHART_TOTAL_H;
        }
        doc.set_height((y + MARGIN).ceil());
        docs.push(doc);
    }
    docs
}

/// The footer's words in `locale`.
fn footer(footer: &Footer, locale: Locale) -> String {
    match footer {
        Footer::NoWinner => text(locale, "pic-ninja-no-winner", &[]),
        Footer::Won { names } => {
            let and = text(locale, "pic-list-and", &[]);
            text(locale, "pic-winner", &[("names", names.join(&and).into())])
        }
        Footer::Up { name } => text(locale, "pic-ninja-up", &[("name", name.into())]),
        Footer::Complete => text(locale, "pic-ninja-complete", &[]),
    }
}

/// A ninja's name with its marks (` (house)`, ` (yours)`) in `locale`.
fn marked(name: &str, house: bool, yours: bool, locale: Locale) -> String {
    let mut name = name.to_string();
    if house {
        name = text(locale, "pic-ninja-house", &[("name", name.into())]);
    }
    if yours {
        name = text(locale, "pic-ninja-yours", &[("name", name.into())]);
    }
    name
}

/// The footer (whose turn, or the winner) and the legend, from `y` down.
fn tail(doc: &mut Doc, r: &RoundView, mut y: f32, locale: Locale) {
    let w = PHONE_WIDTH;
    doc.push(
        Text::new(
            MARGIN,
            y + 14.0,
            fit(&footer(&r.footer, locale), 13.0, false, w - 2.0 * MARGIN),
        )
        .size(13.0)
        .fill(palette::INK),
    );
    y += 20.0;
    for legend in ["pic-ninja-legend-marks", "pic-ninja-legend-boxes"] {
        let legend = text(locale, legend, &[]);
        doc.push(
            Text::new(MARGIN, y + 12.0, legend)
                .size(11.0)
                .fill(palette::MUTED),
        );
        y += 15.0;
    }
}

/// Draws one ninja's row with its top at `y`.
fn draw_row(
    doc: &mut Doc,
    row: &RowView,
    y: f32,
    t: &NinjaView,
    final_round: bool,
    locale: Locale,
) {
    let w = PHONE_WIDTH;
    let block_h = row_height(row);
    if row.current {
        doc.push(
            Rect::new(MARGIN - 6.0, y, w - 2.0 * MARGIN + 12.0, block_h)
                .radius(6.0)
                .fill(palette::HIGHLIGHT),
        );
    } else if row.slot % 2 == 1 {
        doc.push(
            Rect::new(MARGIN - 6.0, y, w - 2.0 * MARGIN + 12.0, block_h)
                .radius(6.0)
                .fill(palette::PANEL),
        );
    }

    // Badge (series colour + running-order number), name, skills, result.
    let colour = palette::series(row.slot);
    let mid = y + NAME_H / 2.0;
    doc.push(Circle::new(MARGIN + 9.0, mid, 9.0).fill(colour));
    doc.push(
        Text::new(MARGIN + 9.0, mid, (row.slot + 1).to_string())
            .size(11.0)
            .bold()
            .anchor(Anchor::Middle)
            .fill(colour.text_on())
            .centered_v(),
    );
    let name = marked(&row.name, false, row.yours, locale);
    let mut name_t = Text::new(
        MARGIN + 26.0,
        mid + 5.0,
        fit(&name, 14.0, row.current, 138.0),
    )
    .size(14.0);
    if row.current {
        name_t = name_t.bold();
    }
    if row.out {
        name_t = name_t.strike().fill(palette::MUTED);
    }
    doc.push(name_t);
    doc.push(
        Text::new(
            MARGIN + 160.0,
            mid + 4.0,
            fit(&row.skills, 11.0, false, 120.0),
        )
        .size(11.0)
        .fill(palette::MUTED),
    );
    result(doc, row, final_round, w - MARGIN, mid, locale);
    if let Some(run) = &row.run {
        boxes(doc, run, row.out, lines(row), y + NAME_H, t);
    }
}

/// A run's boxes from `top` down, gathered by kind and drawn kind by kind (cells,
/// obstacle-done bars, marks by colour, initials): the picture is the same, and each kind
/// becomes one path when rasterised, which keeps a full sheet fast to draw.
fn boxes(doc: &mut Doc, run: &Run, out: bool, lines: usize, top: f32, t: &NinjaView) {
    let mut by = top;
    let mut cells = vec![];
    let mut lucky = vec![];
    let mut bars = vec![];
    let mut marks: Vec<(Color, Text)> = vec![];
    let mut tags = vec![];
    for (i, b) in run.boxes.iter().enumerate() {
        let col = i % PER_LINE;
        if i > 0 && col == 0 {
            by += INITIALS_H + BOX_H + LINE_GAP;
        }
        let bx = MARGIN + 4.0 + col as f32 * BOX_W;
        let cell_top = by + INITIALS_H;
        if let Some(o) = b.starts {
            tags.push(
                Text::new(bx + 1.0, by + 9.5, t.initials(o))
                    .size(11.0)
                    .bold()
                    .fill(palette::INFO),
            );
        }
        let cell = Rect::new(bx, cell_top, BOX_W, BOX_H);
        if b.luck {
            lucky.push(
                cell.fill(palette::HIGHLIGHT)
                    .stroke(palette::ATTENTION, 2.0),
            );
        } else {
            cells.push(cell.fill(palette::PAPER).stroke(palette::GRID, 1.0));
        }
        let (mark, ink): (String, Color) = match &b.mark {
            Mark::Points { total, .. } => (total.to_string(), palette::INK),
            Mark::Miss => ("x".into(), palette::MUTED),
            Mark::Bogus => ("x*".into(), palette::BAD),
            Mark::Save => ("✓".into(), palette::GOOD),
        };
        marks.push((
            ink,
            Text::new(bx + BOX_W / 2.0, cell_top + BOX_H / 2.0, mark)
                .size(11.0)
                .bold()
                .anchor(Anchor::Middle)
                .fill(ink)
                .centered_v(),
        ));
        if matches!(b.mark, Mark::Points { done: true, .. }) {
            bars.push(
                Line::new(
                    bx + BOX_W,
                    cell_top - 2.0,
                    bx + BOX_W,
                    cell_top + BOX_H + 2.0,
                )
                .stroke(palette::INK, 3.0),
            );
        }
    }
    marks.sort_by_key(|(ink, _)| ink.to_string());
    for c in cells.into_iter().chain(lucky) {
        doc.push(c);
    }
    for l in bars {
        doc.push(l);
    }
    for t in marks.into_iter().map(|(_, t)| t).chain(tags) {
        doc.push(t);
    }
    if out {
        // Crossed out: a line through every line of boxes.
        let mut ly = top + INITIALS_H + BOX_H / 2.0;
        for l in 0..lines {
            let n = (run.boxes.len() - l * PER_LINE).min(PER_LINE);
            doc.push(
                Line::new(MARGIN, ly, MARGIN + 8.0 + n as f32 * BOX_W, ly)
                    .stroke(palette::BAD, 2.0),
            );
            ly += INITIALS_H + BOX_H + LINE_GAP;
        }
    }
}

/// The right-hand result of a ninja's row: the circled turn count, SPLASH, O.O.T., …
fn result(doc: &mut Doc, row: &RowView, final_round: bool, right: f32, mid: f32, locale: Locale) {
    let (run, through, is_current) = (row.run.as_ref(), row.through, row.current);
    let label = |doc: &mut Doc, key: &str, c: Color| {
        doc.push(
            Text::new(right, mid + 4.5, text(locale, key, &[]))
                .size(12.0)
                .bold()
                .anchor(Anchor::End)
                .fill(c),
        );
    };
    match run.map(|r| r.status) {
        None if is_current => label(doc, "pic-ninja-up-next", palette::ATTENTION),
        None => label(doc, "pic-ninja-to-run", palette::MUTED),
        Some(RunStatus::Running) => label(doc, "pic-ninja-running", palette::ATTENTION),
        Some(RunStatus::Splash) => label(doc, "pic-ninja-splash", palette::BAD),
        Some(RunStatus::OutOfTime) => label(doc, "pic-ninja-oot", palette::BAD),
        Some(RunStatus::Finished { turns, .. }) => {
            let cx = right - 10.0;
            let ring = if through == Some(true) {
                palette::GOOD
            } else {
                palette::INK
            };
            doc.push(
                Circle::new(cx, mid, 10.0)
                    .fill(palette::PAPER)
                    .stroke(ring, 2.0),
            );
            doc.push(
                Text::new(cx, mid, turns.to_string())
                    .size(12.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .centered_v(),
            );
            let verdict = match (through, final_round) {
                (Some(true), true) => Some(("pic-ninja-winner", palette::GOOD)),
                (Some(true), false) => Some(("pic-ninja-through", palette::GOOD)),
                (Some(false), true) => Some(("pic-ninja-finished", palette::MUTED)),
                (Some(false), false) => Some(("pic-ninja-out", palette::BAD)),
                (None, _) => None,
            };
            if let Some((v, c)) = verdict {
                doc.push(
                    Text::new(cx - 15.0, mid + 4.5, text(locale, v, &[]))
                        .size(11.0)
                        .bold()
                        .anchor(Anchor::End)
                        .fill(c),
                );
            }
        }
    }
}

/// The race chart: progress (AP along the course) over turns, one line per ninja, each
/// ending in its numbered badge. Returns the y under it.
fn race_chart(doc: &mut Doc, r: &RoundView, t: &NinjaView, y: f32, locale: Locale) -> f32 {
    let limit = r.limit;
    let w = PHONE_WIDTH;
    doc.push(
        Text::new(MARGIN, y + 14.0, text(locale, "pic-ninja-race", &[]))
            .size(14.0)
            .bold(),
    );
    let top = y + 24.0;
    let left = MARGIN + 26.0;
    let right = w - MARGIN - 12.0;
    let bottom = top + CHART_H;
    let goal = (r.course.len().max(1) as i32 * OBSTACLE_AP) as f32;
    let turns_used = r.turns_used;
    let span = (limit as usize).max(turns_used).max(1) as f32;
    let px = |turn: usize| left + (right - left) * turn as f32 / span;
    let py = |ap: i32| bottom - (bottom - top) * (ap as f32 / goal).min(1.0);

    doc.push(
        Rect::new(left, top, right - left, bottom - top)
            .fill(palette::PAPER)
            .stroke(palette::GRID, 1.0),
    );
    // One band per obstacle, labelled with its initials.
    for (k, initials) in r.course.iter().enumerate() {
        let lo = py(k as i32 * OBSTACLE_AP);
        let hi = py((k as i32 + 1) * OBSTACLE_AP);
        if k % 2 == 1 {
            doc.push(Rect::new(left, hi, right - left, lo - hi).fill(palette::PANEL));
        }
        doc.push(Line::new(left, hi, right, hi).stroke(palette::GRID, 1.0));
        if lo - hi >= 11.0 {
            doc.push(
                Text::new(left - 3.0, (lo + hi) / 2.0, initials.as_str())
                    .size(11.0)
                    .anchor(Anchor::End)
                    .fill(palette::MUTED)
                    .centered_v(),
            );
        }
    }
    // Turn ticks every 8 turns.
    let step = if span > 40.0 { 16 } else { 8 };
    let mut turn = 0;
    while turn as f32 <= span {
        let x = px(turn);
        doc.push(Line::new(x, bottom, x, bottom + 4.0).stroke(palette::MUTED, 1.0));
        doc.push(
            Text::new(x, bottom + 15.0, turn.to_string())
                .size(11.0)
                .anchor(Anchor::Middle)
                .fill(palette::MUTED),
        );
        turn += step;
    }
    doc.push(
        Text::new(
            right,
            bottom + 28.0,
            text(locale, "pic-ninja-turns-axis", &[]),
        )
        .size(11.0)
        .anchor(Anchor::End)
        .fill(palette::MUTED),
    );
    // The limit line.
    let lx = px(limit as usize);
    doc.push(
        Line::new(lx, top, lx, bottom)
            .stroke(palette::BAD, 1.5)
            .dashed(4.0),
    );

    let mut badges: Vec<(f32, f32)> = Vec::new();
    let _ = t;
    for row in &r.rows {
        let Some(run) = &row.run else {
            continue;
        };
        let slot = row.slot;
        let colour = palette::series(slot);
        let p = &row.progress;
        for (i, pair) in p.windows(2).enumerate() {
            doc.push(
                Line::new(px(i), py(pair[0]), px(i + 1), py(pair[1]))
                    .stroke(colour, 2.0)
                    .round_caps(),
            );
        }
        let end = p.len() - 1;
        let (ex, line_y) = (px(end), py(p[end]));
        // A badge that would cover another moves to the nearest free place above or below.
        let free = |y: f32| {
            !badges
                .iter()
                .any(|&(bx, by)| (bx - ex).abs() < 16.0 && (by - y).abs() < 16.0)
        };
        let ey = (0..24)
            .map(|k| line_y + if k % 2 == 0 { 1.0 } else { -1.0 } * ((k + 1) / 2) as f32 * 16.0)
            .filter(|&y| y >= top - 8.0 && y <= bottom)
            .find(|&y| free(y))
            .unwrap_or(line_y);
        badges.push((ex, ey));
        if (ey - line_y).abs() > 1.0 {
            doc.push(Line::new(ex, line_y, ex, ey).stroke(colour, 1.0));
        }
        let badge = match run.status {
            RunStatus::Splash | RunStatus::OutOfTime => palette::PAPER,
            _ => colour,
        };
        doc.push(Circle::new(ex, ey, 8.0).fill(badge).stroke(colour, 2.0));
        doc.push(
            Text::new(ex, ey, (slot + 1).to_string())
                .size(11.0)
                .bold()
                .anchor(Anchor::Middle)
                .fill(badge.text_on())
                .centered_v(),
        );
    }
    bottom + (CHART_TOTAL_H - 24.0 - CHART_H)
}

/// Before the start: the entrants, in entry order.
fn entrants(doc: &mut Doc, t: &NinjaView, y: &mut f32, locale: Locale) {
    let w = PHONE_WIDTH;
    doc.push(
        Text::new(
            MARGIN,
            *y + 13.0,
            text(
                locale,
                "pic-ninja-entered",
                &[("count", t.entrants.len().into())],
            ),
        )
        .size(13.0)
        .fill(palette::MUTED),
    );
    *y += 22.0;
    for (i, e) in t.entrants.iter().enumerate() {
        let name = &marked(&e.name, e.house, e.yours, locale);
        doc.push(
            Text::new(MARGIN, *y + 15.0, format!("{:>2}.", i + 1))
                .size(14.0)
                .fill(palette::MUTED),
        );
        doc.push(
            Text::new(
                MARGIN + 28.0,
                *y + 15.0,
                fit(name, 14.0, false, w - 2.0 * MARGIN - 28.0),
            )
            .size(14.0),
        );
        *y += 20.0;
    }
    if t.entrants.is_empty() {
        doc.push(
            Text::new(MARGIN, *y + 15.0, text(locale, "pic-ninja-nobody", &[]))
                .size(14.0)
                .fill(palette::MUTED),
        );
        *y += 20.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::NinjaData;
    use crate::scoring::RunRules;
    use crate::tournament::{Round, Settings, Tournament};
    use crate::view::{progress, view_model};
    use croupier_core::table::{UserId, Viewer};

    fn data() -> NinjaData {
        NinjaData::load(&croupier_core::source_path("data")).expect("shipped ninja data")
    }

    #[test]
    fn pages_hold_whole_rows_and_the_tail_closes_the_last_one() {
        let room = MAX_PAGE_HEIGHT - MARGIN;
        // Few rows: one page with the tail.
        assert_eq!(paginate(&[89.0; 6], HEADING_H, TAIL_H), vec![0..6]);
        // Sixteen full rows (89 units each): ten fit under a heading, the other six and
        // the tail make the second page.
        let pages = paginate(&[89.0; 16], HEADING_H, TAIL_H);
        assert_eq!(pages, vec![0..10, 10..16]);
        for p in &pages {
            let used = HEADING_H + p.len() as f32 * (89.0 + ROW_GAP);
            assert!(used <= room, "{p:?}: {used}");
        }
        // When the tail does not fit under the last rows it gets a page of its own.
        assert_eq!(
            paginate(&[89.0; 10], HEADING_H, TAIL_H),
            vec![0..10, 10..10]
        );
        // No rows at all: one page.
        assert_eq!(paginate(&[], HEADING_H, TAIL_H), vec![0..0]);
    }

    #[test]
    fn progress_counts_twenty_per_obstacle_plus_the_points_on_the_current_one() {
        let mut run = Run::new(vec![0, 1], vec![15, 15], RunRules::default());
        // 15 − 5 = 10 AP, then 10 more completes the first obstacle, then a miss.
        run.turn([1, 2, 2], false, &[]);
        run.turn([1, 2, 2], false, &[]);
        run.turn([6, 6, 4], false, &[]);
        assert_eq!(progress(&run), vec![0, 10, 20, 20]);
    }

    #[test]
    fn the_sheet_shows_initials_marks_and_the_splash() {
        let d = data();
        let t: Tournament = serde_json::from_value(serde_json::json!({
            "id": 1, "host": "h", "settings": Settings::default(), "phase": "Running",
            "entrants": [], "rounds": [], "pending": null, "winners": []
        }))
        .unwrap_or_else(|e| panic!("{e}"));
        let mut run = Run::new(d.course(1), vec![15; 5], RunRules::default());
        run.turn([1, 2, 2], false, &[]);
        run.turn([6, 6, 5], false, &[]);
        run.turn([6, 6, 6], false, &[]);
        assert_eq!(run.status, RunStatus::Splash);
        let mut t = t;
        t.entrants = vec![serde_json::from_value(serde_json::json!({
            "record": {"name": "Kage", "occupation": "", "owner": "u1", "iq": 15, "dx": 13,
                       "st": 12, "additives": [], "events": 0, "points": 0, "spent": 0,
                       "wins": 0, "retired": null, "pending_train": null},
            "house": false, "skills": [15, 15, 15, 15, 15], "luck": 0
        }))
        .unwrap_or_else(|e| panic!("{e}"))];
        t.rounds = vec![Round {
            number: 1,
            order: vec![0],
            runs: vec![Some(run)],
            luck_left: vec![0],
            cursor: 1,
        }];
        let docs = sheet(
            &view_model(&t, &d, &Viewer::user(&UserId::new("u1"))),
            Locale::En,
        );
        assert_eq!(docs.len(), 1);
        let texts = docs[0].texts();
        for want in ["LR", "10", "x*", "SPLASH", "Kage (yours)"] {
            assert!(texts.contains(&want), "{want} missing from {texts:?}");
        }
    }
}
