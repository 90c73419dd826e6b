//! The colour-blind-safe palette every picture draws from.
//!
//! The eight hues are Okabe & Ito's "Color Universal Design" set, which stays
//! distinguishable under protanopia, deuteranopia and tritanopia. Pictures still never
//! rely on hue alone: every coloured thing also carries a label, an initial or a shape.
//!
//! Games pick colours by *role* (the constants below) rather than by hue, so the same
//! meaning looks the same in every picture.

use std::fmt;

/// An opaque sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Color {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
}

impl Color {
    /// A colour from its 0xRRGGBB value.
    pub const fn hex(rgb: u32) -> Self {
        Color {
            r: (rgb >> 16) as u8,
            g: (rgb >> 8) as u8,
            b: rgb as u8,
        }
    }

    /// Relative luminance (WCAG 2), 0 = black, 1 = white.
    pub fn luminance(self) -> f64 {
        fn lin(c: u8) -> f64 {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        }
        0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)
    }

    /// WCAG contrast ratio between two colours (1 to 21).
    pub fn contrast(self, other: Color) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        let (hi, lo) = if a > b { (a, b) } else { (b, a) };
        (hi + 0.05) / (lo + 0.05)
    }

    /// The text colour (ink or paper) that reads best on this colour as a background.
    pub fn text_on(self) -> Color {
        if self.contrast(INK) >= self.contrast(PAPER) {
            INK
        } else {
            PAPER
        }
    }
}

impl fmt::Display for Color {
    /// `#rrggbb`, as SVG wants it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

// --- The eight Okabe–Ito hues -------------------------------------------------------

/// Okabe–Ito black.
pub const BLACK: Color = Color::hex(0x000000);
/// Okabe–Ito orange.
pub const ORANGE: Color = Color::hex(0xE69F00);
/// Okabe–Ito sky blue.
pub const SKY_BLUE: Color = Color::hex(0x56B4E9);
/// Okabe–Ito bluish green.
pub const BLUISH_GREEN: Color = Color::hex(0x009E73);
/// Okabe–Ito yellow.
pub const YELLOW: Color = Color::hex(0xF0E442);
/// Okabe–Ito blue.
pub const BLUE: Color = Color::hex(0x0072B2);
/// Okabe–Ito vermillion.
pub const VERMILLION: Color = Color::hex(0xD55E00);
/// Okabe–Ito reddish purple.
pub const REDDISH_PURPLE: Color = Color::hex(0xCC79A7);

/// The seven Okabe–Ito hues (without black), in the order series colours are handed out.
pub const SERIES: [Color; 7] = [
    BLUE,
    ORANGE,
    BLUISH_GREEN,
    VERMILLION,
    SKY_BLUE,
    REDDISH_PURPLE,
    YELLOW,
];

/// The `i`-th series colour (players in seat order, sagas, factions…), cycling after seven.
/// Past seven the colours repeat, so a picture with more series must label every one.
pub fn series(i: usize) -> Color {
    SERIES[i % SERIES.len()]
}

// --- Neutrals -----------------------------------------------------------------------

/// Text and outlines.
pub const INK: Color = Color::hex(0x1A1A1A);
/// Secondary text (captions, labels); 7:1 on paper.
pub const MUTED: Color = Color::hex(0x595959);
/// The picture's background.
pub const PAPER: Color = Color::hex(0xFFFFFF);
/// Panels and card backgrounds on paper.
pub const PANEL: Color = Color::hex(0xF0F0F0);
/// Grid lines, empty tracks, faded things.
pub const GRID: Color = Color::hex(0xC8C8C8);

// --- Roles --------------------------------------------------------------------------

/// Good for the players: a met mission, a success, healing, a kept die.
pub const GOOD: Color = BLUISH_GREEN;
/// Bad for the players: damage, a failure, threat, an unmet mission.
pub const BAD: Color = VERMILLION;
/// Needs attention: whose turn it is, a warning, an exploded die.
pub const ATTENTION: Color = ORANGE;
/// Neutral information: a value bar, the game's own accent.
pub const INFO: Color = BLUE;
/// Soft highlight behind the current row or the active player (never behind thin text alone).
pub const HIGHLIGHT: Color = Color::hex(0xFFF3B0);
/// Magic, mana and other "second resource" bars.
pub const MAGIC: Color = REDDISH_PURPLE;
/// The game master.
pub const GM: Color = BLACK;

/// Colour of the `i`-th seat in turn order.
pub fn seat(i: usize) -> Color {
    series(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_and_display_round_trip() {
        assert_eq!(Color::hex(0xE69F00).to_string(), "#e69f00");
        assert_eq!(Color::hex(0x0072B2), BLUE);
    }

    #[test]
    fn text_colours_keep_wcag_aa_contrast_on_paper_and_panel() {
        for bg in [PAPER, PANEL, HIGHLIGHT] {
            assert!(INK.contrast(bg) >= 4.5, "ink on {bg}");
            assert!(MUTED.contrast(bg) >= 4.5, "muted on {bg}");
        }
    }

    #[test]
    fn text_on_picks_the_readable_side_for_every_series_colour() {
        for c in SERIES {
            assert!(c.text_on().contrast(c) >= 3.0, "label on {c}");
        }
    }

    #[test]
    fn series_cycles_after_seven() {
        assert_eq!(series(0), series(7));
        assert_ne!(series(0), series(1));
    }
}
