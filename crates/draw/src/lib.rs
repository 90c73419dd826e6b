//! Pictures: boards, score sheets and dice drawn as PNG for the chat, next to the text
//! replies (which stay, for screen readers and the console).
//!
//! A picture is built as an SVG [`svg::Doc`] in "phone pixels" (about
//! [`svg::PHONE_WIDTH`] wide), coloured from the colour-blind-safe [`palette`], and
//! rasterised by [`raster`] with `resvg` and the fonts embedded in the binary (DejaVu Sans,
//! and Noto Sans CJK JP for the Japanese characters DejaVu lacks).
//!
//! A game draws its own picture, next to its rules (`crates/<game>/src/picture.rs`), from its
//! view model only (`croupier_core::table::Game::view_model` and `::picture`);
//! `croupier_core::render::picture` reaches it through the registered game, so this crate
//! holds only the drawing engine and knows no table and no game. See `docs/pictures.md`.

use std::fmt;
use std::sync::Arc;

pub mod dice;
pub mod golden;
pub mod memo;
pub mod outlines;
pub mod palette;
pub mod raster;
pub mod stamps;
pub mod svg;

/// The largest PNG we send (the limit; Discord's own is far higher).
pub const MAX_PNG_BYTES: usize = 500 * 1024;

/// An encoded PNG picture.
#[derive(Clone, PartialEq, Eq)]
pub struct Png {
    /// The PNG file's bytes, shared: the picture cache, the reply and the Discord message
    /// hold the same bytes instead of copies.
    pub bytes: Arc<[u8]>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl fmt::Debug for Png {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Png({}×{}, {} bytes)",
            self.width,
            self.height,
            self.bytes.len()
        )
    }
}

impl Png {
    /// Decodes the picture into 8-bit RGB pixels (for tests and golden comparisons).
    pub fn decode(&self) -> Result<Image, RenderError> {
        Image::decode(&self.bytes)
    }
}

/// Decoded RGB pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major RGB triples.
    pub rgb: Vec<u8>,
}

impl Image {
    /// Decodes any 8-bit PNG (grey, RGB, with or without alpha — alpha is composited on white).
    pub fn decode(bytes: &[u8]) -> Result<Image, RenderError> {
        let bad = |e: String| RenderError::Encode(format!("cannot decode PNG: {e}"));
        let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
        dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = dec.read_info().map_err(|e| bad(e.to_string()))?;
        let size = reader
            .output_buffer_size()
            .ok_or_else(|| bad("image too large".into()))?;
        let mut buf = vec![0; size];
        let info = reader
            .next_frame(&mut buf)
            .map_err(|e| bad(e.to_string()))?;
        buf.truncate(info.buffer_size());
        let over_white = |c: u8, a: u8| -> u8 {
            ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8
        };
        let rgb = match info.color_type {
            png::ColorType::Rgb => buf,
            png::ColorType::Rgba => buf
                .chunks_exact(4)
                .flat_map(|p| [0, 1, 2].map(|i| over_white(p[i], p[3])))
                .collect(),
            png::ColorType::Grayscale => buf.iter().flat_map(|&g| [g, g, g]).collect(),
            png::ColorType::GrayscaleAlpha => buf
                .chunks_exact(2)
                .flat_map(|p| [over_white(p[0], p[1]); 3])
                .collect(),
            png::ColorType::Indexed => return Err(bad("unexpanded palette".into())),
        };
        Ok(Image {
            width: info.width,
            height: info.height,
            rgb,
        })
    }

    /// The pixel at (`x`, `y`); white outside the picture.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        if x >= self.width || y >= self.height {
            return [255; 3];
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// Every pixel, row by row.
    pub fn pixels(&self) -> impl Iterator<Item = &[u8]> {
        self.rgb.chunks_exact(3)
    }
}

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// The session's state is not what this game's picture expects.
    State(String),
    /// The SVG we built did not parse (a bug in a picture).
    Svg(String),
    /// The picture is too large (pixels or bytes).
    Size(String),
    /// PNG encoding or decoding failed.
    Encode(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::State(m) => write!(f, "the game state cannot be drawn: {m}"),
            RenderError::Svg(m) => write!(f, "the picture's SVG is invalid: {m}"),
            RenderError::Size(m) => write!(f, "the picture is too large: {m}"),
            RenderError::Encode(m) => write!(f, "PNG error: {m}"),
        }
    }
}

impl std::error::Error for RenderError {}

impl RenderError {
    /// A [`RenderError::State`] for `field` of the state JSON.
    pub fn field(field: &str, problem: &str) -> Self {
        RenderError::State(format!("field `{field}`: {problem}"))
    }
}

/// Forgets the cached glyph outlines and text stamps, so the next picture is drawn as the
/// first one after a start is (for benchmarks).
pub fn clear_caches() {
    outlines::clear();
    stamps::clear();
    dice::clear_png_cache();
}

/// The dice faces of a small roll (at most [`dice::MAX_PICTURED_DICE`] dice), for `/roll`.
/// `None` when the roll has no dice or too many to draw usefully.
/// Drawn once per distinct roll and language while it stays in [`dice::png`]'s bounded cache.
pub fn dice(roll: &croupier_dice::dice::Roll, locale: croupier_i18n::Locale) -> Option<Png> {
    dice::png(roll, locale)
}
