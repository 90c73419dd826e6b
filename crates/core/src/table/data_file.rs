//! Reading a game's data file: the one check every data file gets before its game reads it
//! (no text in it longer than [`MAX_DATA_TEXT`]), so a stray 10 MB string is refused naming
//! its file, entry and field instead of reaching a message.

use std::path::Path;

use super::error::DataError;

/// The longest text a data file may hold, in characters (a value or a key). The longest in
/// `data/` is about 150; a Discord embed field holds 1,024, so longer text could not be shown.
pub const MAX_DATA_TEXT: usize = 1_000;

/// Reads the data file at `path` (named `file` in messages) and returns its text, or the
/// problem: it cannot be read, or a text in it is longer than [`MAX_DATA_TEXT`] characters
/// (named by its `[[section]]` entry's `id`, or its place, and its field). Text that is not
/// valid TOML comes back as it is, so the game's own reading says where it goes wrong.
pub fn read_data_file(path: &Path, file: &str) -> Result<String, DataError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| DataError::new(file, "-", format!("cannot read: {e}")))?;
    let Ok(doc) = text.parse::<toml::Table>() else {
        return Ok(text);
    };
    let mut long = vec![];
    for (key, value) in &doc {
        match value.as_array() {
            Some(entries) if entries.iter().all(toml::Value::is_table) => {
                for (i, entry) in entries.iter().enumerate() {
                    let item = entry
                        .get("id")
                        .and_then(toml::Value::as_str)
                        .filter(|id| id.chars().count() <= MAX_DATA_TEXT)
                        .map_or_else(|| format!("{key} #{}", i + 1), str::to_string);
                    walk(entry, "", &mut |field, n| {
                        long.push((item.clone(), field, n))
                    });
                }
            }
            _ => walk(value, key, &mut |field, n| {
                long.push(("-".to_string(), field, n))
            }),
        }
        if long.len() > 1 {
            break;
        }
    }
    match long.first() {
        None => Ok(text),
        Some((item, field, n)) => Err(DataError::new(
            file,
            item,
            format!(
                "field `{field}`: {n} characters, at most {MAX_DATA_TEXT}{}",
                if long.len() > 1 {
                    " (and more texts after it)"
                } else {
                    ""
                }
            ),
        )),
    }
}

/// Calls `long(field, characters)` for every text under `value` (at `path`) over the limit;
/// a key over the limit is named by its first characters.
fn walk(value: &toml::Value, path: &str, long: &mut impl FnMut(String, usize)) {
    let join = |name: &str| {
        if path.is_empty() {
            name.to_string()
        } else {
            format!("{path}.{name}")
        }
    };
    match value {
        toml::Value::String(s) => {
            let n = s.chars().count();
            if n > MAX_DATA_TEXT {
                long(path.to_string(), n);
            }
        }
        toml::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                walk(v, &format!("{path}[{}]", i + 1), long);
            }
        }
        toml::Value::Table(t) => {
            for (k, v) in t {
                let n = k.chars().count();
                if n > MAX_DATA_TEXT {
                    let start: String = k.chars().take(20).collect();
                    long(join(&format!("{start}…")), n);
                } else {
                    walk(v, &join(k), long);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #39: `check-data` accepted a 10 MB string; it is refused naming file, entry and
    /// field, and the message stays short.
    #[test]
    fn a_text_over_the_limit_is_refused_naming_file_entry_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("enemies.toml");
        let huge = "x".repeat(10 * 1024 * 1024);
        std::fs::write(
            &path,
            format!("[[enemy]]\nid = \"ok\"\nname = \"Fine\"\n\n[[enemy]]\nid = \"slime\"\nname = \"{huge}\"\n"),
        )
        .unwrap();
        let e = read_data_file(&path, "nightwizard/enemies.toml").unwrap_err();
        assert_eq!(e.file, "nightwizard/enemies.toml");
        assert_eq!(e.item, "slime");
        assert_eq!(
            e.problem,
            format!(
                "field `name`: {} characters, at most 1000",
                10 * 1024 * 1024
            )
        );
        // Nested, in a plain table, and exactly at the limit.
        let at = "y".repeat(MAX_DATA_TEXT);
        let over = "y".repeat(MAX_DATA_TEXT + 1);
        std::fs::write(&path, format!("[formulas]\nnote = \"{at}\"\n")).unwrap();
        assert!(read_data_file(&path, "f").is_ok());
        std::fs::write(
            &path,
            format!("[[card]]\nname = \"a\"\nlines = [\"b\", \"{over}\"]\n"),
        )
        .unwrap();
        let e = read_data_file(&path, "f").unwrap_err();
        assert_eq!(
            (e.item.as_str(), e.problem.as_str()),
            ("card #1", "field `lines[2]`: 1001 characters, at most 1000")
        );
        // Not TOML: given back for the game's own reading to report.
        std::fs::write(&path, "not = = toml").unwrap();
        assert_eq!(read_data_file(&path, "f").unwrap(), "not = = toml");
    }
}
