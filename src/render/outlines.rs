//! Text drawn as cached glyph outlines.
//!
//! Laying out a `<text>` (font lookup, shaping, glyph outlines) is most of the cost of a
//! text-heavy picture, and our pictures repeat the same short strings ("12", "x", "RS")
//! hundreds of times. [`outline`] lays each distinct text out once, with the same
//! `usvg` pipeline and embedded fonts, and keeps its outline as SVG path data; the
//! picture then draws a translated `<path>` in place of the `<text>`. The pixels are the
//! same glyph shapes, so the golden images hold.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{Path, PathSegment};
use resvg::usvg::{self, Node};

use super::svg::Text;

/// Distinct texts kept before the cache starts over (a few MB at most).
const CACHE_LIMIT: usize = 20_000;

type Cache = HashMap<String, Option<Arc<str>>>;

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The outline of `t` as SVG path data relative to its anchor point, or `None` when it
/// cannot be drawn as plain outlines (then the caller keeps the `<text>`).
pub fn outline(t: &Text, opts: &usvg::Options) -> Option<Arc<str>> {
    let key = t.at_origin_svg();
    if let Ok(c) = cache().lock() {
        if let Some(hit) = c.get(&key) {
            return hit.clone();
        }
    }
    let made = lay_out(&key, opts);
    if let Ok(mut c) = cache().lock() {
        if c.len() >= CACHE_LIMIT {
            c.clear();
        }
        c.insert(key, made.clone());
    }
    made
}

/// Lays the one-text SVG out and writes its glyph paths as path data.
fn lay_out(svg: &str, opts: &usvg::Options) -> Option<Arc<str>> {
    let tree = usvg::Tree::from_str(svg, opts).ok()?;
    let mut d = String::new();
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
            write_path(&mut d, &path);
        }
    }
    Some(Arc::from(d))
}

/// Appends `path` as SVG path data, with three decimals (well under a pixel at any scale we
/// draw).
fn write_path(out: &mut String, path: &Path) {
    let pt = |out: &mut String, p: resvg::tiny_skia::Point| {
        let _ = write!(out, "{} {} ", short(p.x), short(p.y));
    };
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(p) => {
                out.push('M');
                pt(out, p);
            }
            PathSegment::LineTo(p) => {
                out.push('L');
                pt(out, p);
            }
            PathSegment::QuadTo(a, b) => {
                out.push('Q');
                pt(out, a);
                pt(out, b);
            }
            PathSegment::CubicTo(a, b, c) => {
                out.push('C');
                pt(out, a);
                pt(out, b);
                pt(out, c);
            }
            PathSegment::Close => out.push('Z'),
        }
    }
}

/// A coordinate with at most three decimals and no trailing zeros.
fn short(v: f32) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::raster::options;
    use crate::render::svg::Anchor;

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
        assert!(a.starts_with('M') && a.contains('Z'), "{a}");
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
    fn coordinates_are_short() {
        assert_eq!(short(1.0), "1");
        assert_eq!(short(-0.0001), "0");
        assert_eq!(short(2.50049), "2.5");
        assert_eq!(short(-3.2716), "-3.272");
    }
}
