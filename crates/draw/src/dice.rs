//! Dice faces for `/roll`: each die drawn as its shape (d6 with pips, d4 a triangle, d8 a
//! diamond, d10 a kite, d12 a pentagon, d20 a hexagon, others a rounded square) with its
//! value. Dropped dice are faded and struck out, exploded dice get an orange rim and a
//! "!" badge, successes are green and failures vermillion, critical marks (`cs`/`cf`) are a
//! ★ or ✗ badge at the top left, rerolled-away values are listed under the die.

use std::collections::{HashMap, VecDeque};
use std::sync::{LazyLock, Mutex};

use croupier_dice::dice::{Die, Roll, TermRoll};
use croupier_i18n::{text, Locale};

use super::palette::{self, Color};
use super::svg::{fit, text_width, Anchor, Circle, Doc, Group, Line, Node, Polygon, Rect, Text};
use super::Png;

/// Rolls with more dice than this get no picture (the text is clearer).
pub const MAX_PICTURED_DICE: usize = 12;

const WIDTH: f32 = 400.0;
const MARGIN: f32 = 20.0;
const DIE: f32 = 50.0;
const GAP: f32 = 10.0;
const PER_ROW: usize = 6;
const NOTE: f32 = 16.0;

/// What kind of die a term rolls, read from its notation (`4d6kh3`, `d%`, `4dF`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A die with this many sides.
    Sides(i64),
    /// Fate/Fudge die: −1, 0, +1.
    Fudge,
}

impl Kind {
    /// Parses the die kind from a term's notation; `None` when there is no `d`.
    pub fn of(notation: &str) -> Option<Kind> {
        let lower = notation.to_ascii_lowercase();
        let at = lower.find('d')?;
        let rest = &lower[at + 1..];
        if rest.starts_with('%') {
            return Some(Kind::Sides(100));
        }
        if rest.starts_with('f') {
            return Some(Kind::Fudge);
        }
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok().map(Kind::Sides)
    }
}

/// The bytes of finished dice PNGs kept (a `2d6+3` picture is about 20 KB; its 36 outcomes
/// take under 1 MB).
pub const PNG_CACHE_BYTES: usize = 8 << 20;

/// What a dice picture is a function of: the roll and the language of its words.
type Key = (Roll, Locale);

/// Recently drawn dice pictures by the roll they show and their language. A picture is a
/// function of these alone ([`picture`] reads nothing else), so a roll seen before (two dice
/// have 36 outcomes) gets the same PNG without drawing it again. Bounded by
/// [`PNG_CACHE_BYTES`], oldest out first. Keyed by the roll itself (hashed, not serialised:
/// the key is looked up on every `/roll`).
#[derive(Default)]
struct PngCache {
    map: HashMap<Key, Png>,
    order: VecDeque<Key>,
    bytes: usize,
}

static PNGS: LazyLock<Mutex<PngCache>> = LazyLock::new(Mutex::default);

/// The PNG of `roll`'s dice in `locale` ([`picture`], rasterised), from the cache when the
/// same roll was drawn recently in that language. `None` as for [`picture`], or if drawing
/// fails.
pub fn png(roll: &Roll, locale: Locale) -> Option<Png> {
    let key = (roll.clone(), locale);
    if let Some(hit) = PNGS.lock().ok().and_then(|c| c.map.get(&key).cloned()) {
        return Some(hit);
    }
    let png = super::raster::rasterize(&picture(roll, locale)?).ok()?;
    if let Ok(mut c) = PNGS.lock() {
        c.insert(&key, &png, PNG_CACHE_BYTES);
    }
    Some(png)
}

/// True when `roll`'s picture in `locale` is in the cache ([`png`] would draw nothing).
pub fn is_cached(roll: &Roll, locale: Locale) -> bool {
    PNGS.lock()
        .is_ok_and(|c| c.map.contains_key(&(roll.clone(), locale)))
}

impl PngCache {
    /// Keeps `png` under `key`, then forgets the oldest pictures until at most `cap` bytes
    /// are held.
    fn insert(&mut self, key: &Key, png: &Png, cap: usize) {
        if png.bytes.len() > cap || self.map.contains_key(key) {
            return;
        }
        self.bytes += png.bytes.len();
        self.order.push_back(key.clone());
        self.map.insert(key.clone(), png.clone());
        while self.bytes > cap {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(p) = self.map.remove(&old) {
                self.bytes -= p.bytes.len();
            }
        }
    }
}

/// Forgets the cached dice PNGs (benchmarks of the drawing itself).
pub fn clear_png_cache() {
    if let Ok(mut c) = PNGS.lock() {
        *c = PngCache::default();
    }
}

/// Bytes of PNG held by the cache (tests).
pub fn png_cache_bytes() -> usize {
    PNGS.lock().map(|c| c.bytes).unwrap_or(0)
}

/// The picture of `roll`'s dice, its words (the count of successes) in `locale`, or `None`
/// when it has no dice or more than [`MAX_PICTURED_DICE`].
pub fn picture(roll: &Roll, locale: Locale) -> Option<Doc> {
    let count: usize = roll.terms.iter().map(|t| t.dice.len()).sum();
    if count == 0 || count > MAX_PICTURED_DICE {
        return None;
    }
    let mut doc = Doc::new(WIDTH, 100.0);
    let mut y = MARGIN - 4.0;

    // Header: the expression (and label) on the left, the total on the right.
    let successes = roll.terms.iter().any(|t| t.counts_successes);
    let total = if successes {
        text(locale, "dice-successes", &[("count", roll.total.into())])
    } else {
        format!("= {}", roll.total)
    };
    let total_size = 26.0;
    let total_w = text_width(&total, total_size, true);
    let mut title = roll.expression.clone();
    if let Some(l) = &roll.label {
        title.push(' ');
        title.push_str(l);
    }
    let title = fit(&title, 17.0, true, WIDTH - 2.0 * MARGIN - total_w - 12.0);
    doc.push(Text::new(MARGIN, y + 24.0, title).size(17.0).bold());
    doc.push(
        Text::new(WIDTH - MARGIN, y + 26.0, total)
            .size(total_size)
            .bold()
            .anchor(Anchor::End),
    );
    y += 36.0;
    if let Some(sum) = arithmetic(roll) {
        doc.push(
            Text::new(
                MARGIN,
                y + 10.0,
                fit(&sum, 14.0, false, WIDTH - 2.0 * MARGIN),
            )
            .size(14.0)
            .fill(palette::MUTED),
        );
        y += 20.0;
    }
    y += 8.0;

    // Terms flow left to right as blocks (caption over dice), wrapping like words.
    let labelled = roll.terms.iter().filter(|t| !t.dice.is_empty()).count() > 1;
    let mut x = MARGIN;
    let mut line_h: f32 = 0.0;
    for term in roll.terms.iter().filter(|t| !t.dice.is_empty()) {
        let caption = labelled.then(|| caption(term));
        let per_row = term.dice.len().min(PER_ROW);
        let dice_w = per_row as f32 * (DIE + GAP) - GAP;
        let cap_w = caption
            .as_deref()
            .map_or(0.0, |c| text_width(c, 14.0, false));
        let block_w = dice_w.max(cap_w).min(WIDTH - 2.0 * MARGIN);
        let rows: Vec<&[Die]> = term.dice.chunks(PER_ROW).collect();
        let rows_h: f32 = rows.iter().map(|r| row_height(r)).sum();
        let block_h = rows_h + if caption.is_some() { 22.0 } else { 0.0 };
        if x > MARGIN && x + block_w > WIDTH - MARGIN {
            x = MARGIN;
            y += line_h;
            line_h = 0.0;
        }
        let mut by = y;
        if let Some(c) = caption {
            doc.push(
                Text::new(x, by + 12.0, fit(&c, 14.0, false, block_w))
                    .size(14.0)
                    .fill(palette::MUTED),
            );
            by += 22.0;
        }
        let kind = Kind::of(&term.notation).unwrap_or(Kind::Sides(0));
        for row in rows {
            for (i, d) in row.iter().enumerate() {
                doc.push(die(x + i as f32 * (DIE + GAP), by, kind, d));
            }
            by += row_height(row);
        }
        x += block_w + 2.0 * GAP;
        line_h = line_h.max(block_h);
    }
    y += line_h;
    doc.set_height((y + MARGIN - GAP).ceil());
    Some(doc)
}

/// A term's caption: its notation, and its value when it has several dice.
fn caption(term: &TermRoll) -> String {
    if term.dice.len() == 1 {
        term.notation.clone()
    } else if term.counts_successes {
        format!("{}: {}", term.notation, term.value)
    } else {
        format!("{} = {}", term.notation, term.value)
    }
}

/// Height of a row of dice, with room for reroll notes when any die has them.
fn row_height(row: &[Die]) -> f32 {
    let notes = row.iter().any(|d| !d.rerolled.is_empty());
    DIE + GAP + if notes { NOTE + 4.0 } else { 0.0 }
}

/// The sum as numbers, e.g. `8 + 3` or `13 × 2`, when the roll has more than one part.
fn arithmetic(roll: &Roll) -> Option<String> {
    roll.arithmetic()
}

/// One die at (`x`, `y`), [`DIE`] units square.
fn die(x: f32, y: f32, kind: Kind, d: &Die) -> Group {
    let (fill, ink) = if d.success {
        (palette::GOOD, palette::GOOD.text_on())
    } else if d.failure {
        (palette::BAD, palette::BAD.text_on())
    } else {
        (palette::PAPER, palette::INK)
    };
    let rim = if d.exploded {
        (palette::ATTENTION, 4.0)
    } else {
        (palette::INK, 2.0)
    };
    let (cx, cy) = (x + DIE / 2.0, y + DIE / 2.0);
    let mut g = Group::new();
    g.push(shape(kind, x, y, fill, rim));
    match kind {
        Kind::Sides(6) if (1..=6).contains(&d.value) => {
            for (px, py) in pips(d.value) {
                g.push(Circle::new(x + px * DIE, y + py * DIE, DIE * 0.085).fill(ink));
            }
        }
        Kind::Fudge => {
            let sign = match d.value.signum() {
                1 => "+",
                -1 => "−",
                _ => "",
            };
            g.push(
                Text::new(cx, cy, sign)
                    .size(30.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(ink)
                    .centered_v(),
            );
        }
        _ => {
            let label = d.value.to_string();
            let size = match label.chars().count() {
                0..=2 => 20.0,
                3 => 16.0,
                _ => 12.0,
            };
            // Triangles carry their number lower, where the shape is wide.
            let ty = if kind == Kind::Sides(4) { cy + 6.0 } else { cy };
            g.push(
                Text::new(cx, ty, label)
                    .size(size)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(ink)
                    .centered_v(),
            );
        }
    }
    if d.exploded {
        let (bx, by) = (x + DIE - 4.0, y + 4.0);
        g.push(Circle::new(bx, by, 10.0).fill(palette::ATTENTION));
        g.push(
            Text::new(bx, by, "!")
                .size(14.0)
                .bold()
                .anchor(Anchor::Middle)
                .fill(palette::ATTENTION.text_on())
                .centered_v(),
        );
    }
    if d.success || d.failure {
        let (bx, by) = (x + DIE - 4.0, y + DIE - 4.0);
        g.push(
            Circle::new(bx, by, 9.0)
                .fill(palette::PAPER)
                .stroke(fill, 2.0),
        );
        g.push(
            Text::new(bx, by, if d.success { "✓" } else { "✗" })
                .size(12.0)
                .bold()
                .anchor(Anchor::Middle)
                .fill(palette::INK)
                .centered_v(),
        );
    }
    // Critical marks (`cs`/`cf`), as the text writes them: ★ a critical success, ✗ a critical
    // failure, on a badge at the top left.
    if d.crit_success || d.crit_failure {
        let (bx, by) = (x + 4.0, y + 4.0);
        let badge = if d.crit_success {
            palette::GOOD
        } else {
            palette::BAD
        };
        g.push(Circle::new(bx, by, 10.0).fill(badge));
        g.push(
            Text::new(bx, by, if d.crit_success { "★" } else { "✗" })
                .size(13.0)
                .bold()
                .anchor(Anchor::Middle)
                .fill(badge.text_on())
                .centered_v(),
        );
    }
    if !d.rerolled.is_empty() {
        let was: Vec<String> = d.rerolled.iter().map(|v| v.to_string()).collect();
        g.push(
            Text::new(
                cx,
                y + DIE + NOTE,
                fit(&format!("↺{}", was.join(",")), 12.0, false, DIE + GAP),
            )
            .size(12.0)
            .anchor(Anchor::Middle)
            .fill(palette::MUTED),
        );
    }
    if !d.kept {
        g = g.opacity(0.35);
        g.push(
            Line::new(x - 2.0, y + DIE + 2.0, x + DIE + 2.0, y - 2.0)
                .stroke(palette::INK, 3.0)
                .round_caps(),
        );
    }
    g
}

/// The outline of a die of `kind` in the `DIE`-square at (`x`, `y`).
fn shape(kind: Kind, x: f32, y: f32, fill: Color, (rim, w): (Color, f32)) -> Node {
    let (cx, cy, r) = (x + DIE / 2.0, y + DIE / 2.0, DIE / 2.0);
    let poly = |p: Polygon| p.fill(fill).stroke(rim, w).into();
    match kind {
        Kind::Sides(4) => poly(Polygon::new(vec![
            (cx, y + 1.0),
            (x + DIE, y + DIE - 3.0),
            (x, y + DIE - 3.0),
        ])),
        Kind::Sides(8) => poly(Polygon::regular(4, cx, cy, r, -90.0)),
        Kind::Sides(10) => poly(Polygon::new(vec![
            (cx, y),
            (x + DIE - 1.0, cy - 4.0),
            (x + DIE - 1.0, cy + 6.0),
            (cx, y + DIE),
            (x + 1.0, cy + 6.0),
            (x + 1.0, cy - 4.0),
        ])),
        Kind::Sides(12) => poly(Polygon::regular(5, cx, cy + 2.0, r + 1.0, -90.0)),
        Kind::Sides(20) => poly(Polygon::regular(6, cx, cy, r + 1.0, -90.0)),
        _ => Rect::new(x + 1.0, y + 1.0, DIE - 2.0, DIE - 2.0)
            .radius(9.0)
            .fill(fill)
            .stroke(rim, w)
            .into(),
    }
}

/// Pip centres for a d6 face, as fractions of the die's side.
fn pips(v: i64) -> Vec<(f32, f32)> {
    let (l, m, r) = (0.27, 0.5, 0.73);
    match v {
        1 => vec![(m, m)],
        2 => vec![(l, l), (r, r)],
        3 => vec![(l, l), (m, m), (r, r)],
        4 => vec![(l, l), (r, l), (l, r), (r, r)],
        5 => vec![(l, l), (r, l), (m, m), (l, r), (r, r)],
        6 => vec![(l, l), (r, l), (l, m), (r, m), (l, r), (r, r)],
        _ => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use croupier_dice::rng::seeded;

    fn roll(expr: &str, seed: u64) -> Roll {
        croupier_dice::dice::roll(expr, &mut seeded(seed)).unwrap()
    }

    #[test]
    fn a_cached_dice_picture_is_byte_for_byte_the_one_drawn_for_its_roll() {
        let mut seen = Vec::new();
        for seed in 0..6 {
            let r = roll("2d6+3", seed);
            let drawn = super::super::raster::rasterize(&picture(&r, Locale::En).unwrap()).unwrap();
            let first = png(&r, Locale::En).unwrap();
            let again = png(&r, Locale::En).unwrap();
            assert!(first == drawn && again == drawn, "seed {seed}");
            seen.push((r.terms[0].dice.clone(), drawn.bytes));
        }
        // Different dice, different pictures (the cache keys on the whole roll).
        for (a, b) in seen.iter().zip(seen.iter().skip(1)) {
            assert_eq!(a.0 == b.0, a.1 == b.1);
        }
    }

    #[test]
    fn the_png_cache_forgets_the_oldest_pictures_beyond_its_size() {
        let png = |n: usize| Png {
            bytes: vec![0; n].into(),
            width: 1,
            height: 1,
        };
        let roll =
            |e: &str| croupier_dice::dice::roll(e, &mut croupier_dice::rng::seeded(1)).unwrap();
        let key = |e: &str| (roll(e), Locale::En);
        let (a, b, c3, huge) = (key("1d6"), key("2d6"), key("3d6"), key("4d6"));
        let mut c = PngCache::default();
        c.insert(&a, &png(40), 100);
        c.insert(&b, &png(40), 100);
        c.insert(&a, &png(40), 100);
        assert_eq!(c.bytes, 80, "a key is kept once");
        c.insert(&c3, &png(40), 100);
        assert_eq!(c.bytes, 80);
        assert!(!c.map.contains_key(&a) && c.map.contains_key(&b) && c.map.contains_key(&c3));
        c.insert(&huge, &png(101), 100);
        assert!(
            !c.map.contains_key(&huge),
            "larger than the whole cache: not kept"
        );
        assert_eq!(c.order.len(), c.map.len());
    }

    /// The picture's only words, the count of successes, are the catalogue's in the reader's
    /// language (`dice-successes`); the dice and numbers are the same, and each language's
    /// picture is cached apart.
    #[test]
    fn successes_are_counted_in_the_readers_language() {
        let r = roll("6d6>4", 2);
        let words = |l: Locale| {
            picture(&r, l)
                .unwrap()
                .texts()
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
        };
        let (en, ja) = (words(Locale::En), words(Locale::Ja));
        let n = r.total;
        assert!(en.contains(&format!("{n} successes")), "{en:?}");
        assert!(ja.contains(&format!("成功数{n}")), "{ja:?}");
        let other =
            |v: &[String], w: &str| v.iter().filter(|t| *t != w).cloned().collect::<Vec<_>>();
        assert_eq!(
            other(&en, &format!("{n} successes")),
            other(&ja, &format!("成功数{n}")),
            "the dice are drawn the same"
        );
        let (pe, pj) = (png(&r, Locale::En).unwrap(), png(&r, Locale::Ja).unwrap());
        assert_ne!(pe.bytes, pj.bytes);
        assert!(is_cached(&r, Locale::En) && is_cached(&r, Locale::Ja));
        // A sum has no words: the same picture in both languages.
        let sum = roll("2d6+3", 5);
        assert_eq!(
            picture(&sum, Locale::En).unwrap().to_svg(),
            picture(&sum, Locale::Ja).unwrap().to_svg()
        );
    }

    #[test]
    fn die_kind_is_read_from_the_notation() {
        assert_eq!(Kind::of("4d6kh3"), Some(Kind::Sides(6)));
        assert_eq!(Kind::of("d20"), Some(Kind::Sides(20)));
        assert_eq!(Kind::of("2d%"), Some(Kind::Sides(100)));
        assert_eq!(Kind::of("4dF"), Some(Kind::Fudge));
        assert_eq!(Kind::of("7"), None);
    }

    #[test]
    fn d6_faces_have_as_many_pips_as_their_value() {
        for v in 1..=6 {
            assert_eq!(pips(v).len(), v as usize);
        }
    }

    #[test]
    fn at_most_twelve_dice_are_pictured() {
        assert!(picture(&roll("12d6", 1), Locale::En).is_some());
        assert!(picture(&roll("13d6", 1), Locale::En).is_none());
        assert!(picture(&roll("6d6+7d4", 1), Locale::En).is_none());
        assert!(
            picture(&roll("1+2", 1), Locale::En).is_none(),
            "no dice, no picture"
        );
    }

    #[test]
    fn header_shows_expression_label_and_total() {
        let r = roll("2d6+3 fireball", 4);
        let doc = picture(&r, Locale::En).unwrap();
        let texts = doc.texts();
        assert_eq!(texts[0], "2d6+3 fireball");
        assert_eq!(texts[1], format!("= {}", r.total));
        assert!(texts.iter().any(|t| t.ends_with("+ 3")), "{texts:?}");
    }

    #[test]
    fn d6_dice_are_drawn_as_pips_and_others_as_numbers() {
        let doc = picture(&roll("2d6", 1), Locale::En).unwrap();
        assert!(
            !doc.to_svg().contains("font-size=\"20\""),
            "d6 faces use pips"
        );
        let r = roll("2d20", 1);
        let doc = picture(&r, Locale::En).unwrap();
        for d in &r.terms[0].dice {
            assert!(doc.texts().contains(&d.value.to_string().as_str()));
        }
    }

    #[test]
    fn dropped_dice_are_faded_and_struck() {
        let r = roll("4d6kh3", 2);
        let svg = picture(&r, Locale::En).unwrap().to_svg();
        assert_eq!(svg.matches(r#"<g opacity="0.35">"#).count(), 1, "{svg}");
        // Inside the faded group, a stroked line (written as a path) strikes the die.
        let start = svg.find(r#"<g opacity="0.35">"#).unwrap_or(0);
        let group = &svg[start..];
        let group = &group[..group.find("</g>").unwrap_or(group.len())];
        let strikes = group
            .split("<path ")
            .filter(|p| p.contains(r#"fill="none" stroke="#) && p.contains('L'))
            .count();
        assert_eq!(strikes, 1, "{group}");
    }

    #[test]
    fn exploded_dice_carry_a_badge() {
        // Seed chosen so that a d4 explodes.
        let r = (1..200)
            .map(|s| roll("3d4!", s))
            .find(|r| r.terms[0].dice.iter().any(|d| d.exploded))
            .unwrap();
        let exploded = r.terms[0].dice.iter().filter(|d| d.exploded).count();
        let doc = picture(&r, Locale::En).unwrap();
        assert_eq!(doc.texts().iter().filter(|t| **t == "!").count(), exploded);
    }

    #[test]
    fn critical_marks_are_drawn_as_the_text_writes_them() {
        // `cs>=19cf<=2` on 4d20: find a roll with both marks.
        let r = (1..500)
            .map(|s| roll("4d20cs>=19cf<=2", s))
            .find(|r| {
                let d = &r.terms[0].dice;
                d.iter().any(|d| d.crit_success) && d.iter().any(|d| d.crit_failure)
            })
            .expect("a roll with a critical success and a critical failure");
        let dice = &r.terms[0].dice;
        let texts = picture(&r, Locale::En)
            .unwrap()
            .texts()
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>();
        let stars = texts.iter().filter(|t| *t == "★").count();
        let crosses = texts.iter().filter(|t| *t == "✗").count();
        assert_eq!(
            stars,
            dice.iter().filter(|d| d.crit_success).count(),
            "{texts:?}"
        );
        assert_eq!(
            crosses,
            dice.iter().filter(|d| d.crit_failure).count(),
            "{texts:?}"
        );
    }

    #[test]
    fn fits_a_phone_and_stays_readable() {
        let doc = picture(&roll("12d20", 3), Locale::En).unwrap();
        assert_eq!(doc.width(), 400.0);
        assert!(doc.min_font_px_at(400.0).unwrap() >= 11.0);
    }
}
