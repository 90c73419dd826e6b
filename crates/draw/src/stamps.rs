//! Texts drawn as cached bitmaps ("stamps").
//!
//! Our pictures repeat the same short texts hundreds of times (the 16-ninja score sheet
//! has about 1,000: "12", "x", "RS" …), and filling glyph outlines with anti-aliasing was
//! most of the time it took to draw. A stamp is one text drawn once, alone, by the same
//! renderer and from the same cached outline ([`super::outlines`]), into a small
//! premultiplied RGBA bitmap; the picture then copies it into place with a source-over blend.
//!
//! A stamp is kept per text, colour, opacity, scale and the anchor's position within its
//! pixel (in 1/64 px steps), so a stamp lands on exactly the pixels the text would have
//! covered. Only the texts that [`super::svg::Doc::texts_on_top`] finds uncovered by
//! anything painted after them are stamped, so the painting order, and the picture, stay
//! the same.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::memo::Memo;
use super::outlines::Outline;
use super::svg::Text;

/// Steps per pixel for the anchor's position within its pixel.
const SUBPIXEL: f32 = 4096.0;
/// Bytes of stamps kept before the cache starts over (a stamp is a few KB; a busy sheet
/// uses a few hundred).
const CACHE_BYTES: usize = 16 << 20;

/// A text drawn alone: premultiplied RGBA pixels and where they sit relative to the pixel
/// that holds the text's anchor.
#[derive(Debug)]
pub struct Stamp {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

/// A stamp placed on the picture: its top-left pixel.
#[derive(Debug, Clone)]
pub struct Placed {
    x: i64,
    y: i64,
    stamp: Arc<Stamp>,
}

type Key = (String, String, u32, u32, u32, u32);

fn cache() -> &'static Memo<Key, Option<Arc<Stamp>>> {
    static CACHE: OnceLock<Memo<Key, Option<Arc<Stamp>>>> = OnceLock::new();
    CACHE.get_or_init(|| Memo::new(CACHE_BYTES))
}

/// Forgets every cached stamp (for benchmarks of a first picture).
pub fn clear() {
    cache().clear();
}

/// Where `t` (with glyphs `outline`) goes on a picture drawn at `scale`, as a stamp; `None`
/// if it cannot be drawn alone (the caller then leaves it in the SVG).
pub fn place(t: &Text, outline: &Outline, scale: f32, opts: &usvg::Options) -> Option<Placed> {
    let (x, y) = t.anchor_point();
    let (ax, ay) = (x * scale, y * scale);
    let split = |v: f32| {
        let whole = v.floor();
        let steps = ((v - whole) * SUBPIXEL).round();
        if steps >= SUBPIXEL {
            (whole as i64 + 1, 0u32)
        } else {
            (whole as i64, steps as u32)
        }
    };
    let ((px, fx), (py, fy)) = (split(ax), split(ay));
    let key: Key = (
        t.at_origin_svg(),
        t.colour().to_string(),
        t.opacity_value().unwrap_or(1.0).to_bits(),
        scale.to_bits(),
        fx,
        fy,
    );
    let key_bytes = key.0.len() + key.1.len() + 96;
    let stamp = cache().get_or_make(key, |_| {
        let made = draw(t, outline, scale, fx, fy, opts).map(Arc::new);
        let bytes = made.as_ref().map_or(0, |s| s.rgba.len());
        (made, key_bytes + bytes)
    })?;
    Some(Placed {
        x: px + i64::from(stamp.left),
        y: py + i64::from(stamp.top),
        stamp,
    })
}

/// Draws `t` alone with its anchor at (`fx`, `fy`)/[`SUBPIXEL`] within pixel (0, 0).
fn draw(
    t: &Text,
    outline: &Outline,
    scale: f32,
    fx: u32,
    fy: u32,
    opts: &usvg::Options,
) -> Option<Stamp> {
    let (fx, fy) = (fx as f32 / SUBPIXEL, fy as f32 / SUBPIXEL);
    let b = outline.bounds;
    // One spare pixel each side for anti-aliasing.
    let left = (b.x0 * scale + fx).floor() as i32 - 1;
    let top = (b.y0 * scale + fy).floor() as i32 - 1;
    let right = (b.x1 * scale + fx).ceil() as i32 + 1;
    let bottom = (b.y1 * scale + fy).ceil() as i32 + 1;
    let (w, h) = ((right - left).max(1) as u32, (bottom - top).max(1) as u32);
    let mut paint = format!(r#" fill="{}""#, t.colour());
    if let Some(o) = t.opacity_value() {
        paint.push_str(&format!(r#" opacity="{o}""#));
    }
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"><path d="M0 0{}"{paint}/></svg>"#,
        outline.path
    );
    let tree = usvg::Tree::from_str(&svg, opts).ok()?;
    let mut pixmap = Pixmap::new(w, h)?;
    resvg::render(
        &tree,
        Transform::from_row(scale, 0.0, 0.0, scale, fx - left as f32, fy - top as f32),
        &mut pixmap.as_mut(),
    );
    Some(Stamp {
        left,
        top,
        width: w as usize,
        height: h as usize,
        rgba: pixmap.take(),
    })
}

/// Blends `stamps` (source over) into premultiplied RGBA `pixels`, a band `width` pixels
/// wide whose first row is row `band_top` of the picture.
pub fn composite(pixels: &mut [u8], width: usize, band_top: i64, stamps: &[Placed]) {
    let rows = (pixels.len() / 4 / width.max(1)) as i64;
    for p in stamps {
        let s = &p.stamp;
        let y0 = p.y.max(band_top);
        let y1 = (p.y + s.height as i64).min(band_top + rows);
        let x0 = p.x.max(0);
        let x1 = (p.x + s.width as i64).min(width as i64);
        if y0 >= y1 || x0 >= x1 {
            continue;
        }
        let n = (x1 - x0) as usize * 4;
        for y in y0..y1 {
            let src_at = ((y - p.y) as usize * s.width + (x0 - p.x) as usize) * 4;
            let dst_at = ((y - band_top) as usize * width + x0 as usize) * 4;
            let src = &s.rgba[src_at..src_at + n];
            let dst = &mut pixels[dst_at..dst_at + n];
            for (d, s) in dst.chunks_exact_mut(4).zip(src.chunks_exact(4)) {
                let a = s[3];
                if a == 0 {
                    continue;
                }
                if a == 255 {
                    d.copy_from_slice(s);
                    continue;
                }
                let keep = 255 - u16::from(a);
                for c in 0..4 {
                    d[c] = s[c] + div255(u16::from(d[c]) * keep);
                }
            }
        }
    }
}

/// `v / 255`, rounded (exact for every product of two bytes).
fn div255(v: u16) -> u8 {
    let v = u32::from(v) + 128;
    ((v + (v >> 8)) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn div255_rounds_every_byte_product() {
        for a in 0..=255u16 {
            for b in 0..=255u16 {
                let want = ((f64::from(a) * f64::from(b)) / 255.0).round() as u8;
                assert_eq!(div255(a * b), want, "{a}×{b}");
            }
        }
    }

    #[test]
    fn a_half_covered_pixel_blends_and_an_opaque_one_replaces() {
        let stamp = Arc::new(Stamp {
            left: 0,
            top: 0,
            width: 2,
            height: 1,
            // Premultiplied: half-transparent black, then opaque red.
            rgba: vec![0, 0, 0, 128, 255, 0, 0, 255],
        });
        let mut px = vec![255u8; 3 * 4];
        let placed = Placed { x: 1, y: 5, stamp };
        composite(&mut px, 3, 5, &[placed]);
        assert_eq!(&px[0..4], &[255, 255, 255, 255], "left of the stamp");
        assert_eq!(&px[4..8], &[127, 127, 127, 255], "half over white");
        assert_eq!(&px[8..12], &[255, 0, 0, 255], "opaque replaces");
    }

    #[test]
    fn stamps_outside_the_band_are_clipped() {
        // Opaque black, 2×3, at column 3, rows 9–11, against a 4-wide band of rows 10–11.
        let stamp = Arc::new(Stamp {
            left: 0,
            top: 0,
            width: 2,
            height: 3,
            rgba: [0, 0, 0, 255].repeat(6),
        });
        let mut px = vec![255u8; 4 * 2 * 4];
        composite(&mut px, 4, 10, &[Placed { x: 3, y: 9, stamp }]);
        let black: Vec<usize> = (0..8).filter(|i| px[i * 4] == 0).collect();
        assert_eq!(black, vec![3, 7], "only column 3 of both band rows");
    }
}
