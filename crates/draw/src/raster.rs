//! SVG → PNG with `resvg`, using only the fonts shipped in `assets/fonts/` (embedded at
//! build time; nothing is read from the system at run time).

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::stamps;
use super::svg::Doc;
use super::{Png, RenderError, MAX_PNG_BYTES};

/// Pixels per document unit: documents are laid out for a phone ([`super::svg::PHONE_WIDTH`]
/// units) and drawn at twice that for crisp text on high-density screens.
pub const SCALE: f32 = 2.0;

/// Largest picture side, in pixels (guards against a runaway layout).
pub const MAX_SIDE: u32 = 4096;

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
static SANS: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
static SANS_BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");
/// Noto Sans CJK JP, cut down to Japanese (kana, JIS X 0208 kanji, CJK punctuation, full-width
/// forms; SIL Open Font License, see `assets/fonts/LICENSE-NotoSansCJK.txt` and
/// `assets/fonts/README.md` for how it was made). Only the characters DejaVu Sans lacks come
/// from it.
static CJK: &[u8] = include_bytes!("../../../assets/fonts/NotoSansCJKjp-Regular-subset.otf");
/// Noto Sans CJK JP Bold, the same characters.
static CJK_BOLD: &[u8] = include_bytes!("../../../assets/fonts/NotoSansCJKjp-Bold-subset.otf");

/// The family every text asks for.
pub const FAMILY: &str = "DejaVu Sans";
/// The family that draws what [`FAMILY`] has no glyph for (Japanese names).
pub const FALLBACK_FAMILY: &str = "Noto Sans CJK JP";

/// The font database: the four embedded faces, "DejaVu Sans" as every generic family. Built
/// once, on the first picture.
fn fonts() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for face in [SANS, SANS_BOLD, CJK, CJK_BOLD] {
            db.load_font_source(fontdb::Source::Binary(Arc::new(face)));
        }
        for set in [
            fontdb::Database::set_sans_serif_family,
            fontdb::Database::set_serif_family,
            fontdb::Database::set_monospace_family,
            fontdb::Database::set_cursive_family,
            fontdb::Database::set_fantasy_family,
        ] {
            set(&mut db, FAMILY);
        }
        Arc::new(db)
    })
    .clone()
}

/// Picks the font for a character the text's own font lacks: of the faces not tried yet that
/// have it, the one whose weight is nearest the text's (bold names stay bold in Japanese), the
/// first loaded on a tie. `usvg` then shapes the text with it and takes its glyphs for the
/// missing characters only (or for the whole text when it has them all).
fn fallback(c: char, used: &[fontdb::ID], db: &mut Arc<fontdb::Database>) -> Option<fontdb::ID> {
    let weight = used
        .first()
        .and_then(|id| db.face(*id))
        .map_or(fontdb::Weight::NORMAL, |f| f.weight);
    db.faces()
        .filter(|f| !used.contains(&f.id) && has_char(db, f.id, c))
        .min_by_key(|f| f.weight.0.abs_diff(weight.0))
        .map(|f| f.id)
}

/// Whether face `id` maps `c` to a glyph (reads the face's character map).
fn has_char(db: &fontdb::Database, id: fontdb::ID, c: char) -> bool {
    use skrifa::MetadataProvider;
    db.with_face_data(id, |data, index| {
        skrifa::FontRef::from_index(data, index)
            .ok()
            .and_then(|font| font.charmap().map(c))
            .is_some()
    })
    .unwrap_or(false)
}

/// How `usvg` reads our documents: the embedded fonts, DejaVu Sans by default, Noto Sans CJK
/// JP for the characters DejaVu Sans has no glyph for.
pub fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: FAMILY.into(),
        fontdb: fonts(),
        font_resolver: usvg::FontResolver {
            select_font: usvg::FontResolver::default_font_selector(),
            select_fallback: Box::new(fallback),
        },
        ..usvg::Options::default()
    }
}

/// Renders `doc` at [`SCALE`] and encodes it as PNG.
pub fn rasterize(doc: &Doc) -> Result<Png, RenderError> {
    rasterize_at(doc, SCALE)
}

/// Renders the pages of one picture at [`SCALE`], each on its own thread when there are
/// several (each page is a separate picture; the slowest one sets the time).
pub fn rasterize_pages(docs: &[Doc]) -> Result<Vec<Png>, RenderError> {
    if let [doc] = docs {
        return Ok(vec![rasterize(doc)?]);
    }
    // The pages share the cores: each draws in as many bands as its share allows (one on
    // a 2-core machine with two pages, which also spares each band re-walking every path).
    let threads = (cores() / docs.len().max(1) as u32).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = docs
            .iter()
            .map(|d| s.spawn(move || rasterize_with(d, SCALE, threads)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(RenderError::Encode("a page's drawing panicked".into()))
                })
            })
            .collect()
    })
}

/// The threads a picture may draw on: the machine's cores, at most four.
fn cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4)) as u32
}

/// Renders `doc` at `scale` pixels per unit (tests use this to look at the picture at
/// phone size) and encodes it as PNG.
pub fn rasterize_at(doc: &Doc, scale: f32) -> Result<Png, RenderError> {
    rasterize_with(doc, scale, cores())
}

/// [`rasterize_at`] drawing on at most `threads` threads.
fn rasterize_with(doc: &Doc, scale: f32, threads: u32) -> Result<Png, RenderError> {
    let width = (doc.width() * scale).ceil();
    let height = (doc.height() * scale).ceil();
    if !(1.0..=MAX_SIDE as f32).contains(&width) || !(1.0..=MAX_SIDE as f32).contains(&height) {
        return Err(RenderError::Size(format!(
            "{width}×{height} px is outside 1–{MAX_SIDE} px"
        )));
    }
    let (width, height) = (width as u32, height as u32);
    let opts = options();
    let outline = |t: &super::svg::Text| super::outlines::outline(t, &opts);
    // Texts that nothing covers are stamped from cached bitmaps after the rest is drawn.
    let mut stamped = vec![];
    let mut placed = vec![];
    for i in doc.texts_on_top(&|t| outline(t).map(|o| o.bounds)) {
        let stamp = doc
            .text_at(i)
            .and_then(|t| stamps::place(t, outline(t)?.as_ref(), scale, &opts));
        if let Some(p) = stamp {
            stamped.push(i);
            placed.push(p);
        }
    }
    let svg = doc.to_svg_with(&|t| outline(t).map(|o| o.path.clone()), &stamped);
    let tree = usvg::Tree::from_str(&svg, &opts).map_err(|e| RenderError::Svg(e.to_string()))?;
    let rgb = draw(
        &tree,
        &placed,
        width,
        height,
        scale,
        doc.background(),
        threads,
    )?;
    let pixels = Pixels::of(rgb, width);
    let mut bytes = Vec::new();
    for &(deflate, filter) in encodings(&pixels, width, height) {
        bytes = encode(&pixels, width, height, deflate, filter)?;
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
        bytes: bytes.into(),
        width,
        height,
    })
}

/// RGB pictures up to this many pixels are encoded with the fastest deflate (fdeflate) and
/// the Paeth filter: on our flat-coloured pictures about 0.24 bytes a pixel (a 800×1600
/// table: 256 KB in 2.5 ms), so they stay well under [`MAX_PNG_BYTES`].
const FASTEST_UP_TO_PIXELS: u32 = 1_600_000;

/// PNG encodings to try in order, until one fits [`MAX_PNG_BYTES`]. Indexed pictures use
/// deflate level 1: fdeflate's fastest mode, made for filtered RGB, leaves a palette picture
/// twice as large (the `2d6+3` roll, 800×300: 5.8 KB in 0.2 ms at level 1, 10.8 KB at the
/// fastest, 3.3 KB at level 6 in 0.8 ms). Larger RGB pictures start at deflate level 1
/// without filtering, the smallest and fastest of the level-1 choices here (the 16-ninja
/// sheet, 800×3612: 415 KB in 10 ms, where the fastest would give 680 KB).
fn encodings(
    pixels: &Pixels,
    width: u32,
    height: u32,
) -> &'static [(png::DeflateCompression, png::Filter)] {
    use png::{DeflateCompression as D, Filter as F};
    const INDEXED: &[(D, F)] = &[(D::Level(1), F::NoFilter), (D::Level(6), F::NoFilter)];
    const SMALL: &[(D, F)] = &[
        (D::FdeflateUltraFast, F::Paeth),
        (D::Level(1), F::NoFilter),
        (D::Level(6), F::Adaptive),
    ];
    const LARGE: &[(D, F)] = &[(D::Level(1), F::NoFilter), (D::Level(6), F::Adaptive)];
    match pixels {
        Pixels::Indexed { .. } => INDEXED,
        Pixels::Rgb(_) if width.saturating_mul(height) <= FASTEST_UP_TO_PIXELS => SMALL,
        Pixels::Rgb(_) => LARGE,
    }
}

/// Pictures at least this tall are drawn in horizontal bands, one thread each.
const BANDS_FROM_HEIGHT: u32 = 1200;

/// Draws the tree on the background colour, then the text `stamps` over it, and returns the
/// picture as RGB rows. Tall pictures are split into horizontal bands drawn at the same time
/// on up to `threads` threads: each band renders the whole tree shifted up by a whole number
/// of pixels, so its pixels are exactly those of one big canvas.
fn draw(
    tree: &usvg::Tree,
    stamps: &[stamps::Placed],
    width: u32,
    height: u32,
    scale: f32,
    bg: super::palette::Color,
    threads: u32,
) -> Result<Vec<u8>, RenderError> {
    let bands = if height >= BANDS_FROM_HEIGHT {
        threads.max(1)
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
        stamps::composite(
            pixmap.data_mut(),
            width as usize,
            i64::from(top as u32),
            stamps,
        );
        rgba_to_rgb(pixmap.data(), out);
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

/// Drops the alpha channel of opaque RGBA pixels (the background is opaque, so
/// premultiplied and straight colours are the same). Works four pixels at a time, which the
/// compiler turns into a few wide moves.
fn rgba_to_rgb(rgba: &[u8], rgb: &mut [u8]) {
    let mut dst = rgb.chunks_exact_mut(12);
    let mut src = rgba.chunks_exact(16);
    for (d, s) in (&mut dst).zip(&mut src) {
        d[0..3].copy_from_slice(&s[0..3]);
        d[3..6].copy_from_slice(&s[4..7]);
        d[6..9].copy_from_slice(&s[8..11]);
        d[9..12].copy_from_slice(&s[12..15]);
    }
    for (d, s) in dst
        .into_remainder()
        .chunks_exact_mut(3)
        .zip(src.remainder().chunks_exact(4))
    {
        d.copy_from_slice(&s[..3]);
    }
}

/// A picture's pixels as the PNG will hold them.
enum Pixels {
    /// At most 256 colours: the palette (RGB triples) and one palette index a pixel. Our
    /// flat-coloured pictures mostly qualify (a `2d6+3` roll has 58 colours), and the PNG is
    /// then about a third of the RGB one (the `2d6+3` roll: 5.8 KB instead of 16.2 KB),
    /// which is what the bot uploads and the player downloads.
    Indexed { palette: Vec<u8>, index: Vec<u8> },
    /// More colours: RGB triples.
    Rgb(Vec<u8>),
}

/// Open-addressing slots of [`Colours`]: a power of two, well above 256 so that probes
/// stay short.
const COLOUR_SLOTS: usize = 1024;

/// [`Pixels::of`] first looks at every this-many-th row: a picture of more than 256 colours
/// (anti-aliased artwork, gradients) mostly shows them there, so it is given up after an
/// eighth of the work instead of most of it.
const SAMPLE_EVERY_ROWS: usize = 8;

/// The palette being built: colours in order of first sight, and a small hash table from
/// colour to palette index.
struct Colours {
    /// Colour + 1 (0 = empty) and its palette index.
    slots: [(u32, u8); COLOUR_SLOTS],
    /// RGB triples.
    palette: Vec<u8>,
}

impl Colours {
    /// Writes the palette index of each pixel of `rgb` to `out`, adding new colours; `false`
    /// at the 257th colour. Runs of one colour (most of a flat picture) cost one comparison
    /// a pixel.
    fn index(&mut self, rgb: &[u8], out: &mut [u8]) -> bool {
        let mut last = (u32::MAX, 0u8);
        for (p, out) in rgb.chunks_exact(3).zip(out) {
            let colour = u32::from(p[0]) | u32::from(p[1]) << 8 | u32::from(p[2]) << 16;
            if colour != last.0 {
                let mut at = (colour.wrapping_mul(0x9E37_79B1) >> 22) as usize;
                let i = loop {
                    let (key, i) = self.slots[at];
                    if key == colour + 1 {
                        break i;
                    }
                    if key == 0 {
                        let Ok(i) = u8::try_from(self.palette.len() / 3) else {
                            return false;
                        };
                        self.palette.extend_from_slice(p);
                        self.slots[at] = (colour + 1, i);
                        break i;
                    }
                    at = (at + 1) % COLOUR_SLOTS;
                };
                last = (colour, i);
            }
            *out = last.1;
        }
        true
    }
}

impl Pixels {
    /// Indexes the colours of `rgb` (rows `width` pixels wide) when there are at most 256,
    /// else keeps the RGB rows. Looks at a sample of rows first ([`SAMPLE_EVERY_ROWS`]).
    fn of(rgb: Vec<u8>, width: u32) -> Pixels {
        let row = (width as usize * 3).max(3);
        let mut colours = Colours {
            slots: [(0, 0); COLOUR_SLOTS],
            palette: Vec::with_capacity(256 * 3),
        };
        let mut index = vec![0u8; rgb.len() / 3];
        let sampled = rgb
            .chunks(row)
            .zip(index.chunks_mut(row / 3))
            .step_by(SAMPLE_EVERY_ROWS)
            .all(|(rgb, out)| colours.index(rgb, out));
        if !sampled || !colours.index(&rgb, &mut index) {
            return Pixels::Rgb(rgb);
        }
        Pixels::Indexed {
            palette: colours.palette,
            index,
        }
    }
}

/// Encodes opaque pixels as an 8-bit PNG, indexed or RGB (no alpha channel either way).
/// Indexed rows are not filtered ([`encodings`] asks for none): a filter turns palette
/// indices into differences of indices, which compress worse.
fn encode(
    pixels: &Pixels,
    width: u32,
    height: u32,
    deflate: png::DeflateCompression,
    filter: png::Filter,
) -> Result<Vec<u8>, RenderError> {
    let data = match pixels {
        Pixels::Indexed { index, .. } => index,
        Pixels::Rgb(rgb) => rgb,
    };
    let mut out = Vec::with_capacity(data.len() / 8);
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(deflate);
        match pixels {
            Pixels::Indexed { palette, .. } => {
                enc.set_color(png::ColorType::Indexed);
                enc.set_palette(palette.as_slice());
            }
            Pixels::Rgb(_) => enc.set_color(png::ColorType::Rgb),
        }
        enc.set_filter(filter);
        let mut w = enc
            .write_header()
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.write_image_data(data)
            .map_err(|e| RenderError::Encode(e.to_string()))?;
        w.finish().map_err(|e| RenderError::Encode(e.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette;
    use crate::svg::{Rect, Text};

    #[test]
    fn embedded_fonts_provide_regular_and_bold_dejavu_sans_and_noto_sans_cjk_jp() {
        let db = fonts();
        let faces: Vec<(String, u16)> = db
            .faces()
            .map(|f| (f.families[0].0.clone(), f.weight.0))
            .collect();
        assert_eq!(
            faces,
            [
                (FAMILY.to_string(), 400),
                (FAMILY.to_string(), 700),
                (FALLBACK_FAMILY.to_string(), 400),
                (FALLBACK_FAMILY.to_string(), 700),
            ]
        );
    }

    #[test]
    fn japanese_after_a_latin_ligature_is_drawn_with_its_own_glyphs() {
        // `ff` before Japanese (a name beside Japanese words): each character keeps its glyph,
        // not the empty box a broken fallback gives every character alike.
        let opts = options();
        for bold in [false, true] {
            let shape = |s: &str| {
                let mut t = Text::new(0.0, 0.0, s).size(13.0);
                if bold {
                    t = t.bold();
                }
                crate::outlines::outline(&t, &opts).map(|o| o.path.to_string())
            };
            assert_ne!(
                shape("Luffy · パワー"),
                shape("Luffy · ワワワ"),
                "bold: {bold}"
            );
            assert_ne!(shape("fit 手札"), shape("fit 札札"), "bold: {bold}");
        }
    }

    #[test]
    fn characters_dejavu_lacks_fall_back_to_the_japanese_face_of_the_same_weight() {
        let db = fonts();
        let id = |family: &str, weight: u16| {
            db.faces()
                .find(|f| f.families[0].0 == family && f.weight.0 == weight)
                .map(|f| f.id)
                .unwrap()
        };
        let (sans, sans_bold) = (id(FAMILY, 400), id(FAMILY, 700));
        let (cjk, cjk_bold) = (id(FALLBACK_FAMILY, 400), id(FALLBACK_FAMILY, 700));
        let mut shared = db.clone();
        for c in ['山', 'さ', 'ク', '「', 'Ａ', '髙'] {
            assert!(!has_char(&db, sans, c), "DejaVu has {c}?");
            assert!(has_char(&db, cjk, c) && has_char(&db, cjk_bold, c), "{c}");
            assert_eq!(fallback(c, &[sans], &mut shared), Some(cjk), "{c}");
            assert_eq!(
                fallback(c, &[sans_bold], &mut shared),
                Some(cjk_bold),
                "{c}"
            );
        }
        // Tried already: the other weight is next; nothing has a private-use character.
        assert_eq!(fallback('山', &[sans, cjk], &mut shared), Some(cjk_bold));
        assert_eq!(fallback('\u{E000}', &[sans], &mut shared), None);
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
    fn japanese_characters_are_drawn_as_their_own_glyphs() {
        // With no font for them, every character would be the same empty box: distinct
        // outlines per character prove real glyphs. Bold ones come from the bold face.
        use crate::outlines::outline;
        let opts = options();
        let chars = ["山", "田", "さ", "く", "ケ", "ﾝ", "髙", "鷗", "「"];
        let shapes: Vec<_> = chars
            .iter()
            .map(|c| outline(&Text::new(0.0, 0.0, *c).size(20.0), &opts).expect("an outline"))
            .collect();
        for (i, a) in shapes.iter().enumerate() {
            for (j, b) in shapes.iter().enumerate().skip(i + 1) {
                assert_ne!(
                    a.path, b.path,
                    "{} and {} look the same",
                    chars[i], chars[j]
                );
            }
        }
        let bold = outline(&Text::new(0.0, 0.0, "山").size(20.0).bold(), &opts).expect("outline");
        assert_ne!(
            bold.path, shapes[0].path,
            "bold 山 is drawn from the bold face"
        );
        // A kanji is about one em wide (the layout's width estimate counts it as one).
        let w = shapes[0].bounds.x1 - shapes[0].bounds.x0;
        assert!(
            (15.0..=20.5).contains(&w),
            "山 is {w} units wide at size 20"
        );
        // Latin and Japanese in one name: the Latin letters keep DejaVu's shapes.
        let mixed = outline(&Text::new(0.0, 0.0, "Kage 山").size(20.0), &opts).expect("outline");
        let latin = outline(&Text::new(0.0, 0.0, "Kage").size(20.0), &opts).expect("outline");
        assert!(
            mixed.path.starts_with(&*latin.path),
            "the Latin part is unchanged:\n{}\n{}",
            latin.path,
            mixed.path
        );
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
    fn stamped_texts_give_the_picture_of_texts_drawn_in_place() {
        // Texts at awkward sub-pixel places, on panels, one crossed by a line drawn after it
        // (which must stay under the line), drawn twice: with stamps (`rasterize`) and with
        // every text as a path in the SVG.
        use crate::svg::{Anchor, Line};
        let mut d = Doc::new(200.0, 120.0);
        d.push(Rect::new(4.0, 4.0, 190.0, 50.0).fill(palette::PANEL));
        for (i, s) in ["12", "x*", "✓", "RS", "Kage"].iter().enumerate() {
            d.push(
                Text::new(10.3 + i as f32 * 33.37, 30.71 + i as f32 * 0.13, *s)
                    .size(11.0)
                    .bold()
                    .anchor(Anchor::Middle)
                    .fill(palette::BAD),
            );
        }
        d.push(Text::new(20.0, 90.0, "crossed out").size(14.0));
        d.push(Line::new(15.0, 85.0, 120.0, 85.0).stroke(palette::BAD, 2.0));
        let on_top = d.texts_on_top(&|t| crate::outlines::outline(t, &options()).map(|o| o.bounds));
        assert_eq!(
            on_top,
            vec![1, 2, 3, 4, 5],
            "the crossed-out text stays under its line"
        );

        let stamped = rasterize(&d).unwrap().decode().unwrap();
        let opts = options();
        let svg = d.to_svg_with(
            &|t| crate::outlines::outline(t, &opts).map(|o| o.path.clone()),
            &[],
        );
        let tree = usvg::Tree::from_str(&svg, &opts).unwrap();
        let in_place = draw(
            &tree,
            &[],
            stamped.width,
            stamped.height,
            SCALE,
            d.background(),
            1,
        )
        .unwrap();
        let worst = stamped
            .rgb
            .iter()
            .zip(&in_place)
            .map(|(a, b)| a.abs_diff(*b))
            .max()
            .unwrap_or(0);
        let bad: Vec<(usize, usize, u8, u8)> = stamped
            .rgb
            .iter()
            .zip(&in_place)
            .enumerate()
            .filter(|(_, (a, b))| a.abs_diff(**b) > 8)
            .map(|(i, (a, b))| ((i / 3) % 400, (i / 3) / 400, *a, *b))
            .take(40)
            .collect();
        assert!(worst <= 1, "a channel differs by {worst}: {bad:?}");
        assert!(
            stamped.rgb != vec![255; stamped.rgb.len()],
            "something was drawn"
        );
    }

    #[test]
    fn shapes_on_pixel_edges_are_drawn_crisp_with_the_same_pixels() {
        // Boxes like the score sheet's (filled, 1-unit outline) and a 3-unit bar, all on the
        // half-unit grid: drawn without anti-aliasing, they must match the anti-aliased
        // drawing exactly. A box off the grid keeps anti-aliasing.
        use crate::svg::Line;
        let mut d = Doc::new(120.0, 60.0);
        for i in 0..4 {
            d.push(
                Rect::new(6.0 + i as f32 * 23.0, 10.0, 23.0, 18.0)
                    .fill(palette::PAPER)
                    .stroke(palette::GRID, 1.0),
            );
        }
        d.push(Line::new(52.0, 8.0, 52.0, 30.0).stroke(palette::INK, 3.0));
        d.push(Rect::new(10.25, 40.0, 20.0, 10.0).fill(palette::BLUE));
        let opts = options();
        let svg = d.to_svg_with(&|_| None, &[]);
        assert_eq!(svg.matches("crispEdges").count(), 2, "{svg}");
        let smooth = svg.replace(r#" shape-rendering="crispEdges""#, "");
        let draw_svg = |s: &str| {
            let tree = usvg::Tree::from_str(s, &opts).unwrap();
            draw(&tree, &[], 240, 120, SCALE, d.background(), 1).unwrap()
        };
        assert_eq!(draw_svg(&svg), draw_svg(&smooth));
    }

    #[test]
    fn texts_drawn_from_cached_outlines_match_the_fonts_own_layout() {
        // The same document twice: through the outline cache and batching (`rasterize`),
        // and as plain `<text>` laid out by usvg itself. A misplaced glyph or strike line
        // would change hundreds of pixels here.
        use crate::svg::Anchor;
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

    /// `n` pixels, pixel `k` of colour `k % colours` spread over all three channels.
    fn stripes(n: usize, colours: usize) -> Vec<u8> {
        (0..n)
            .flat_map(|k| {
                let c = (k % colours) as u32 * 65_521;
                [c as u8, (c >> 8) as u8, (c >> 16) as u8]
            })
            .collect()
    }

    #[test]
    fn pictures_of_at_most_256_colours_are_indexed_and_lossless() {
        for colours in [1, 2, 58, 255, 256] {
            let rgb = stripes(3000, colours);
            let Pixels::Indexed { palette, index } = Pixels::of(rgb.clone(), 100) else {
                panic!("{colours} colours not indexed");
            };
            assert_eq!(palette.len(), colours * 3, "{colours} colours");
            let back: Vec<u8> = index
                .iter()
                .flat_map(|&i| palette[i as usize * 3..i as usize * 3 + 3].to_vec())
                .collect();
            assert_eq!(back, rgb, "{colours} colours");
            // And the PNG decodes to the same pixels.
            let png = encode(
                &Pixels::Indexed { palette, index },
                100,
                30,
                png::DeflateCompression::FdeflateUltraFast,
                png::Filter::Paeth,
            )
            .unwrap();
            assert_eq!(
                crate::Image::decode(&png).unwrap().rgb,
                rgb,
                "{colours} colours"
            );
        }
    }

    #[test]
    fn a_picture_of_257_colours_stays_rgb() {
        let rgb = stripes(3000, 257);
        assert!(matches!(Pixels::of(rgb.clone(), 100), Pixels::Rgb(kept) if kept == rgb));
        // The 257th colour only in a row the sample skips (row 1 of 30; rows 0, 8, … are
        // sampled): the full pass still finds it.
        let mut rgb = stripes(3000, 256);
        rgb[100 * 3..100 * 3 + 3].copy_from_slice(&[1, 2, 3]);
        assert!(matches!(Pixels::of(rgb.clone(), 100), Pixels::Rgb(kept) if kept == rgb));
    }

    #[test]
    fn a_dice_picture_is_indexed_and_under_half_its_rgb_size() {
        let roll = croupier_dice::dice::roll("2d6+3", &mut croupier_dice::rng::seeded(0)).unwrap();
        let doc = super::super::dice::picture(&roll, croupier_i18n::Locale::En).unwrap();
        let png = rasterize(&doc).unwrap();
        let image = png.decode().unwrap();
        let rgb = encode(
            &Pixels::Rgb(image.rgb),
            png.width,
            png.height,
            png::DeflateCompression::FdeflateUltraFast,
            png::Filter::Paeth,
        )
        .unwrap();
        assert_eq!(&png.bytes[25..26], &[3], "colour type 3: indexed");
        assert!(
            png.bytes.len() * 2 < rgb.len(),
            "{} bytes indexed, {} as RGB",
            png.bytes.len(),
            rgb.len()
        );
    }
}
