//! SVG → PNG with `resvg`, using only the fonts shipped in `assets/fonts/` (embedded at
//! build time; nothing is read from the system at run time).

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::svg::Doc;
use super::{Png, RenderError, MAX_PNG_BYTES};

/// Pixels per document unit: documents are laid out for a phone ([`super::svg::PHONE_WIDTH`]
/// units) and drawn at twice that for crisp text on high-density screens.
pub const SCALE: f32 = 2.0;

/// Largest picture side, in pixels (guards against a runaway layout).
pub const MAX_SIDE: u32 = 4096;

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
static SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
static SANS_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The font database: the two embedded faces, "DejaVu Sans" as every generic family.
fn fonts() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_source(fontdb::Source::Binary(Arc::new(SANS)));
        db.load_font_source(fontdb::Source::Binary(Arc::new(SANS_BOLD)));
        for set in [
            fontdb::Database::set_sans_serif_family,
            fontdb::Database::set_serif_family,
            fontdb::Database::set_monospace_family,
            fontdb::Database::set_cursive_family,
            fontdb::Database::set_fantasy_family,
        ] {
            set(&mut db, "DejaVu Sans");
        }
        Arc::new(db)
    })
    .clone()
}

/// How `usvg` reads our documents: the embedded fonts, DejaVu Sans by default.
pub fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: fonts(),
        ..usvg::Options::default()
    }
}

/// Renders `doc` at [`SCALE`] and encodes it as PNG.
pub fn rasterize(doc: &Doc) -> Result<Png, RenderError> {
    rasterize_at(doc, SCALE)
}

/// Renders `doc` at `scale` pixels per unit (tests use this to look at the picture at
/// phone size) and encodes it as PNG.
pub fn rasterize_at(doc: &Doc, scale: f32) -> Result<Png, RenderError> {
    let width = (doc.width() * scale).ceil();
    let height = (doc.height() * scale).ceil();
    if !(1.0..=MAX_SIDE as f32).contains(&width) || !(1.0..=MAX_SIDE as f32).contains(&height) {
        return Err(RenderError::Size(format!(
            "{width}×{height} px is outside 1–{MAX_SIDE} px"
        )));
    }
    let (width, height) = (width as u32, height as u32);
    let opts = options();
    let svg = doc.to_svg_with(&|t| super::outlines::outline(t, &opts));
    let tree = usvg::Tree::from_str(&svg, &opts).map_err(|e| RenderError::Svg(e.to_string()))?;
    let rgb = draw(&tree, width, height, scale, doc.background())?;
    let mut bytes = Vec::new();
    for &(deflate, filter) in encodings(width, height) {
        bytes = encode(&rgb, width, height, deflate, filter)?;
        if bytes.len() <= MAX_PNG_BYTES {
            break;
        }
    }
    if bytes.len() > MAX_PNG_BYTES {
        return Err(RenderError::Size(format!(
            "{} bytes is over the {MAX_PNG_BYTES}-byte limit",
            bytes.len()
        )));
    }
    Ok(Png {
        bytes,
        width,
        height,
    })
}

/// Pictures up to this many pixels are encoded with the fastest deflate (fdeflate) and the
/// Paeth filter: on our flat-coloured pictures about 0.24 bytes a pixel (a 800×1600 table:
/// 256 KB in 2.5 ms), so they stay well under [`MAX_PNG_BYTES`].
const FASTEST_UP_TO_PIXELS: u32 = 1_600_000;

/// PNG encodings to try in order, until one fits [`MAX_PNG_BYTES`]. Larger pictures start
/// at deflate level 1 without filtering, the smallest and fastest of the level-1 choices here
/// (the 16-ninja sheet, 800×3612: 415 KB in 10 ms, where the fastest would give 680 KB).
fn encodings(width: u32, height: u32) -> &'static [(png::DeflateCompression, png::Filter)] {
    use png::{DeflateCompression as D, Filter as F};
    const SMALL: &[(D, F)] = &[
        (D::FdeflateUltraFast, F::Paeth),
        (D::Level(1), F::NoFilter),
        (D::Level(6), F::Adaptive),
    ];
    const LARGE: &[(D, F)] = &[(D::Level(1), F::NoFilter), (D::Level(6), F::Adaptive)];
    if width.saturating_mul(height) <= FASTEST_UP_TO_PIXELS {
        SMALL
    } else {
        LARGE
    }
}

/// Pictures at least this tall are drawn in horizontal bands, one thread each.
const BANDS_FROM_HEIGHT: u32 = 1200;

/// Draws the tree on the background colour and returns the picture as RGB rows. Tall
/// pictures are split into horizontal bands drawn at the same time on the machine's cores
/// (at most four): each band renders the whole tree shifted up by a whole number of pixels,
/// so its pixels are exactly those of one big canvas.
fn draw(
    tree: &usvg::Tree,
    width: u32,
    height: u32,
    scale: f32,
    bg: super::palette::Color,
) -> Result<Vec<u8>, RenderError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(4)) as u32;
    let bands = if height >= BANDS_FROM_HEIGHT {
        cores
    } else {
        1
    };
    let band_h = height.div_ceil(bands.max(1)).max(1);
    let row = width as usize * 3;
    let mut rgb = vec![0u8; row * height as usize];
    let band = |k: usize, out: &mut [u8]| -> Result<(), RenderError> {
        let h = (out.len() / row) as u32;
        let mut pixmap = Pixmap::new(width, h)
            .ok_or_else(|| RenderError::Size(format!("cannot allocate {width}×{h} px")))?;
        pixmap.fill(resvg::tiny_skia::Color::from_rgba8(bg.r, bg.g, bg.b, 255));
        let top = (k as u32 * band_h) as f32;
        resvg::render(
            tree,
            Transform::from_row(scale, 0.0, 0.0, scale, 0.0, -top),
            &mut pixmap.as_mut(),
        );
        // The background is opaque, so premultiplied and straight colours are the same.
        for (dst, src) in out.chunks_exact_mut(3).zip(pixmap.data().chunks_exact(4)) {
            dst.copy_from_slice(&src[..3]);
        }
        Ok(())
    };
    let chunk = row * band_h as usize;
    if bands <= 1 {
        band(0, &mut rgb)?;
        return Ok(rgb);
    }
    std::thread::scope(|scope| {
        let jobs: Vec<_> = rgb
            .chunks_mut(chunk)
            .enumerate()
            .map(|(k, out)| scope.spawn(move || band(k, out)))
            .collect();
        jobs.into_iter().try_for_each(|j| {
            j.join()
                .unwrap_or_else(|_| Err(RenderError::Encode("a drawing thread failed".into())))
        })
    })?;
    Ok(rgb)
}

/// Encodes opaque RGB rows as an 8-bit RGB PNG (no alpha channel: a quarter smaller).
fn encode(
    rgb: &[u8],
    width: u32,
    height: u32,
    deflate: png::DeflateCompression,
    filter: png::Filter,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(rgb.len() / 8);
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(deflate);
        enc.set_filter(filter);
        let mut w = enc
            .write_header()
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.write_image_data(rgb)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette;
    use crate::render::svg::{Rect, Text};

    #[test]
    fn embedded_fonts_provide_regular_and_bold_dejavu_sans() {
        let db = fonts();
        let families: Vec<String> = db
            .faces()
            .flat_map(|f| f.families.iter().map(|(n, _)| n.clone()))
            .collect();
        assert_eq!(db.len(), 2, "{families:?}");
        assert!(families.iter().all(|f| f == "DejaVu Sans"), "{families:?}");
    }

    #[test]
    fn text_is_drawn_with_the_embedded_font() {
        let mut d = Doc::new(100.0, 40.0);
        d.push(Text::new(5.0, 30.0, "Wg").size(28.0));
        let png = rasterize(&d).unwrap();
        let img = png.decode().unwrap();
        let dark = img.pixels().filter(|p| p[0] < 128).count();
        assert!(dark > 100, "only {dark} dark pixels: no glyphs drawn?");
    }

    #[test]
    fn picture_is_scale_times_the_document_and_opaque_rgb() {
        let mut d = Doc::new(50.0, 20.0);
        d.push(Rect::new(0.0, 0.0, 25.0, 20.0).fill(palette::BLUE));
        let png = rasterize(&d).unwrap();
        assert_eq!((png.width, png.height), (100, 40));
        let img = png.decode().unwrap();
        assert_eq!(img.pixel(10, 10), [0x00, 0x72, 0xB2]);
        assert_eq!(img.pixel(90, 10), [0xFF, 0xFF, 0xFF]);
    }

    #[test]
    fn texts_drawn_from_cached_outlines_match_the_fonts_own_layout() {
        // The same document twice: through the outline cache and batching (`rasterize`),
        // and as plain `<text>` laid out by usvg itself. A misplaced glyph or strike line
        // would change hundreds of pixels here.
        use crate::render::svg::Anchor;
        let mut d = Doc::new(300.0, 130.0);
        d.push(Text::new(10.0, 30.0, "Kage").size(14.0).strike());
        d.push(Text::new(10.0, 50.0, "Hayate").size(14.0).strike());
        d.push(
            Text::new(290.0, 75.0, "Shiden of the Lo…")
                .size(14.0)
                .bold()
                .anchor(Anchor::End),
        );
        d.push(
            Text::new(150.0, 105.0, "x* ✓ 20 Ωé")
                .size(11.0)
                .bold()
                .anchor(Anchor::Middle)
                .fill(palette::BAD),
        );
        let fast = rasterize(&d).unwrap().decode().unwrap();
        let tree = usvg::Tree::from_str(&d.to_svg(), &options()).unwrap();
        let mut reference = Pixmap::new(fast.width, fast.height).unwrap();
        resvg::render(
            &tree,
            Transform::from_scale(SCALE, SCALE),
            &mut reference.as_mut(),
        );
        let differing = fast
            .pixels()
            .zip(reference.data().chunks_exact(4))
            .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 40))
            .count();
        let total = (fast.width * fast.height) as usize;
        assert!(
            differing * 1000 <= total,
            "{differing} of {total} pixels differ"
        );
    }

    #[test]
    fn absurd_sizes_are_refused_not_allocated() {
        let d = Doc::new(100_000.0, 10.0);
        assert!(matches!(rasterize(&d), Err(RenderError::Size(_))));
        let d = Doc::new(0.0, 10.0);
        assert!(matches!(rasterize(&d), Err(RenderError::Size(_))));
    }
}
