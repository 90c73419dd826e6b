//! Golden-image comparisons: a picture test renders a fixed state and compares it, pixel
//! by pixel within a tolerance, with a PNG committed under `tests/golden/`.
//!
//! Run the tests with `CROUPIER_BLESS=1` to (re)write the golden files after an intended
//! layout change, look at them, and commit them.

use std::path::PathBuf;

use super::{Image, Png};

/// A channel differing by more than this (0–255) makes a pixel count as changed.
pub const CHANNEL_TOLERANCE: u8 = 40;
/// At most this fraction of pixels may change (anti-aliasing and font hinting differences).
pub const MAX_CHANGED_FRACTION: f64 = 0.002;

/// Where the golden file `name` lives: `tests/golden/<name>.png` in the source tree.
pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("tests")
        .join("golden")
        .join(format!("{name}.png"))
}

/// True when `CROUPIER_BLESS=1`: golden files are rewritten instead of compared.
pub fn blessing() -> bool {
    std::env::var("CROUPIER_BLESS").is_ok_and(|v| v == "1")
}

/// Compares `png` with the golden file `name` (or rewrites it when blessing).
/// On a mismatch the new picture is written next to the system's temp dir and the error
/// says where, so it can be looked at.
pub fn check(name: &str, png: &Png) -> Result<(), String> {
    let file = path(name);
    if blessing() {
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        return std::fs::write(&file, &png.bytes).map_err(|e| format!("{}: {e}", file.display()));
    }
    let want = std::fs::read(&file).map_err(|e| {
        format!(
            "golden {} unreadable ({e}); run with CROUPIER_BLESS=1 to create it",
            file.display()
        )
    })?;
    let want = Image::decode(&want).map_err(|e| e.to_string())?;
    let got = png.decode().map_err(|e| e.to_string())?;
    let verdict = compare(&want, &got);
    if let Err(why) = &verdict {
        let out = std::env::temp_dir().join(format!("croupier-golden-{name}.png"));
        let _ = std::fs::write(&out, &png.bytes);
        return Err(format!(
            "picture `{name}` differs from {}: {why}; the new picture is {} (CROUPIER_BLESS=1 accepts it)",
            file.display(),
            out.display()
        ));
    }
    Ok(())
}

/// Compares two images within [`CHANNEL_TOLERANCE`] and [`MAX_CHANGED_FRACTION`].
pub fn compare(want: &Image, got: &Image) -> Result<(), String> {
    if (want.width, want.height) != (got.width, got.height) {
        return Err(format!(
            "size {}×{} instead of {}×{}",
            got.width, got.height, want.width, want.height
        ));
    }
    let changed = want
        .pixels()
        .zip(got.pixels())
        .filter(|(a, b)| {
            a.iter()
                .zip(b.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    let total = (want.width as usize * want.height as usize).max(1);
    let fraction = changed as f64 / total as f64;
    if fraction > MAX_CHANGED_FRACTION {
        return Err(format!(
            "{changed} of {total} pixels changed ({:.2}%, limit {:.2}%)",
            fraction * 100.0,
            MAX_CHANGED_FRACTION * 100.0
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn img(w: u32, h: u32, fill: u8) -> Image {
        Image {
            width: w,
            height: h,
            rgb: vec![fill; (w * h * 3) as usize],
        }
    }

    #[test]
    fn identical_and_slightly_shaded_images_match() {
        assert!(compare(&img(10, 10, 200), &img(10, 10, 200)).is_ok());
        assert!(compare(&img(10, 10, 200), &img(10, 10, 200 - CHANNEL_TOLERANCE)).is_ok());
    }

    #[test]
    fn a_moved_block_or_new_size_is_a_regression() {
        let a = img(100, 100, 255);
        let mut b = a.clone();
        for i in 0..(20 * 3) {
            b.rgb[i] = 0; // 20 black pixels = 0.2% + … over the limit once doubled
        }
        for i in (5000 * 3)..(5021 * 3) {
            b.rgb[i] = 0;
        }
        assert!(compare(&a, &b).is_err());
        assert!(compare(&a, &img(100, 99, 255)).is_err());
    }
}
