//! Text drawn as cached glyph outlines.
//!
//! Laying out a `<text>` (font lookup, shaping, glyph outlines) is most of the cost of a
//! text-heavy picture, and our pictures repeat the same short strings ("12", "x", "RS")
//! hundreds of times. [`outline`] lays each distinct text out once, with the same
//! `usvg` pipeline and embedded fonts, and keeps its outline as SVG path data; the
//! picture then draws a translated `<path>` in place of the `<text>`. The pixels are the
//! same glyph shapes, so the golden images hold. [`super::svg`] then draws runs of texts of
//! one colour as a single path.

use std::fmt::Write;
use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Path, PathSegment};
use resvg::usvg::{self, Node};

use super::memo::Memo;
use super::svg::{Bounds, Text};

/// Bytes of outlines kept before the cache starts over.
const CACHE_BYTES: usize = 8 << 20;

/// A text's glyphs: relative path data placed by a leading `M x y` at the text's anchor,
/// and the box they cover around that anchor (document units).
#[derive(Debug, Clone, PartialEq)]
pub struct Outline {
    /// Relative SVG path data (`m…z`).
    pub path: Arc<str>,
    /// The area the glyphs cover, relative to the anchor.
    pub bounds: Bounds,
}

fn cache() -> &'static Memo<String, Option<Arc<Outline>>> {
    static CACHE: OnceLock<Memo<String, Option<Arc<Outline>>>> = OnceLock::new();
    CACHE.get_or_init(|| Memo::new(CACHE_BYTES))
}

/// Forgets every cached outline (for benchmarks of a first picture).
pub fn clear() {
    cache().clear();
}

/// The outline of `t` relative to its anchor point, or `None` when it cannot be drawn as
/// plain outlines (then the caller keeps the `<text>`).
pub fn outline(t: &Text, opts: &usvg::Options) -> Option<Arc<Outline>> {
    let key = t.at_origin_svg();
    let size = key.len() * 2 + 64;
    cache().get_or_make(key, |key| {
        let made = lay_out(key, opts);
        let bytes = made.as_ref().map_or(0, |o| o.path.len());
        (made, size + bytes)
    })
}

/// Lays the one-text SVG out and writes its glyph paths as path data.
fn lay_out(svg: &str, opts: &usvg::Options) -> Option<Arc<Outline>> {
    let tree = usvg::Tree::from_str(svg, opts).ok()?;
    let mut d = String::new();
    let mut pen = Pen::default();
    let mut bounds: Option<Bounds> = None;
    for node in tree.root().children() {
        let Node::Text(text) = node else {
            return None;
        };
        for glyphs in text.flattened().children() {
            // Colour or bitmap glyphs come as groups or images: keep those as text.
            let Node::Path(p) = glyphs else {
                return None;
            };
            let path = p.data().clone().transform(p.abs_transform())?;
            let b = path.bounds();
            let b = Bounds::new(b.left(), b.top(), b.right(), b.bottom());
            bounds = Some(bounds.map_or(b, |u| u.union(b)));
            pen.write(&mut d, &path);
        }
    }
    Some(Arc::new(Outline {
        path: Arc::from(d),
        bounds: bounds.unwrap_or(Bounds::new(0.0, 0.0, 0.0, 0.0)),
    }))
}

/// Writes paths as one run of relative SVG path data (`m`, `l`, `q`, `c`, `z`), so that a
/// leading `M x y` places the whole outline anywhere. It remembers the current point from
/// one path to the next (each relative command starts where the last one ended). Points are
/// rounded to thousandths of a unit first and the differences taken in whole thousandths,
/// so no rounding error builds up along a glyph.
#[derive(Default)]
struct Pen {
    /// The current point, in thousandths, relative to the anchor.
    cur: (i64, i64),
    /// Where the current subpath started (`z` returns there).
    start: (i64, i64),
}

impl Pen {
    fn write(&mut self, out: &mut String, path: &Path) {
        let q = |p: resvg::tiny_skia::Point| {
            (
                (f64::from(p.x) * 1000.0).round() as i64,
                (f64::from(p.y) * 1000.0).round() as i64,
            )
        };
        for seg in path.segments() {
            match seg {
                PathSegment::MoveTo(p) => {
                    let p = q(p);
                    out.push('m');
                    rel(out, p, self.cur);
                    self.cur = p;
                    self.start = p;
                }
                PathSegment::LineTo(p) => {
                    let p = q(p);
                    out.push('l');
                    rel(out, p, self.cur);
                    self.cur = p;
                }
                PathSegment::QuadTo(a, b) => {
                    let (a, b) = (q(a), q(b));
                    out.push('q');
                    rel(out, a, self.cur);
                    rel(out, b, self.cur);
                    self.cur = b;
                }
                PathSegment::CubicTo(a, b, c) => {
                    let (a, b, c) = (q(a), q(b), q(c));
                    out.push('c');
                    rel(out, a, self.cur);
                    rel(out, b, self.cur);
                    rel(out, c, self.cur);
                    self.cur = c;
                }
                PathSegment::Close => {
                    out.push('z');
                    self.cur = self.start;
                }
            }
        }
    }
}

/// Writes `p − from` (in thousandths) as two numbers.
fn rel(out: &mut String, p: (i64, i64), from: (i64, i64)) {
    thousandths(out, p.0 - from.0);
    out.push(' ');
    thousandths(out, p.1 - from.1);
    out.push(' ');
}

/// `v` thousandths as a short decimal: 1500 → `1.5`, −20 → `-0.02`, 3000 → `3`.
fn thousandths(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let a = v.unsigned_abs();
    let _ = write!(out, "{}", a / 1000);
    let frac = a % 1000;
    if frac != 0 {
        let digits = format!("{frac:03}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::options;
    use crate::svg::Anchor;

    #[test]
    fn the_same_text_is_laid_out_once_and_shared() {
        let opts = options();
        let t = Text::new(10.0, 20.0, "Croupier 12").size(13.0).bold();
        let a = outline(&t, &opts).expect("plain glyphs have outlines");
        let b = outline(
            &Text::new(300.0, 90.0, "Croupier 12").size(13.0).bold(),
            &opts,
        )
        .expect("outline");
        assert!(
            Arc::ptr_eq(&a, &b),
            "a second text at another place reuses the outline"
        );
        assert!(a.path.starts_with('m') && a.path.contains('z'), "{a:?}");
        // 13-unit bold capitals stand about 9.5 units above the baseline, and the "p"
        // reaches below it.
        assert!(
            (-11.0..-8.0).contains(&a.bounds.y0) && (1.0..4.0).contains(&a.bounds.y1),
            "{:?}",
            a.bounds
        );
        assert!(a.bounds.x0 >= 0.0 && a.bounds.x1 > 60.0, "{:?}", a.bounds);
    }

    #[test]
    fn anchor_size_and_weight_change_the_outline() {
        let opts = options();
        let base = Text::new(0.0, 0.0, "42").size(14.0);
        let start = outline(&base, &opts).expect("outline");
        let middle = outline(&base.clone().anchor(Anchor::Middle), &opts).expect("outline");
        let bigger = outline(&base.clone().size(20.0), &opts).expect("outline");
        let bold = outline(&base.clone().bold(), &opts).expect("outline");
        assert_ne!(start, middle);
        assert_ne!(start, bigger);
        assert_ne!(start, bold);
    }

    #[test]
    fn coordinates_are_short_thousandths() {
        let mut s = String::new();
        for v in [1500, -20, 3000, 0, -1] {
            thousandths(&mut s, v);
            s.push(' ');
        }
        assert_eq!(s, "1.5 -0.02 3 0 -0.001 ");
    }

    #[test]
    fn relative_outline_placed_by_a_moveto_lands_on_the_absolute_points() {
        // m/l/z relative data after `M 10 20` must reach the same points as the absolute path
        // moved by (10, 20), including after a close (the current point returns to the start).
        let mut pb = resvg::tiny_skia::PathBuilder::new();
        pb.move_to(1.0, 2.0);
        pb.line_to(3.5, 2.0);
        pb.close();
        pb.move_to(5.0, 5.0);
        pb.quad_to(6.0, 7.0, 8.25, 5.0);
        let path = pb.finish().expect("a path");
        let mut d = String::from("M10 20");
        let mut pen = Pen::default();
        pen.write(&mut d, &path);
        // A second path goes on from where the first ended.
        let mut pb = resvg::tiny_skia::PathBuilder::new();
        pb.move_to(2.0, 30.0);
        pb.line_to(9.0, 30.0);
        pen.write(&mut d, &pb.finish().expect("a path"));
        let opts = options();
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><path d="{d}"/></svg>"#
        );
        let tree = usvg::Tree::from_str(&svg, &opts).expect("parses");
        let Some(Node::Path(p)) = tree.root().children().first() else {
            panic!("one path");
        };
        let pts: Vec<(f32, f32)> = p.data().points().iter().map(|p| (p.x, p.y)).collect();
        assert!(pts.contains(&(11.0, 22.0)), "{pts:?}");
        assert!(pts.contains(&(13.5, 22.0)), "{pts:?}");
        assert!(pts.contains(&(15.0, 25.0)), "{pts:?}");
        assert!(pts.contains(&(18.25, 25.0)), "{pts:?}");
        assert!(pts.contains(&(12.0, 50.0)), "{pts:?}");
        assert!(pts.contains(&(19.0, 50.0)), "{pts:?}");
    }
}
