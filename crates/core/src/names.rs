//! Names as people read them: two names that look alike are the same name.
//!
//! A roster refuses a name it already has, and a lookup by name finds the record a player
//! means, so names are compared by a key, never as typed: Unicode NFKC (fullwidth `ＲＥＤ` is
//! `RED`, a no-break space is a space, `e` plus a combining acute is `é`), lower case (Unicode's,
//! not ASCII's), NFKC again (lower-casing can undo it), and every run of whitespace as one
//! space, trimmed. The name as typed stays what is shown.

use unicode_normalization::UnicodeNormalization;

/// The key `name` is compared by (see the module docs): `"  ＲＥＤ\u{a0}\u{a0}Fox "` and
/// `"red fox"` have the same key.
pub fn name_key(name: &str) -> String {
    let lower: String = name.nfkc().flat_map(char::to_lowercase).collect();
    let folded: String = lower.nfkc().collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// True when `a` and `b` are the same name (their [`name_key`]s are equal).
pub fn same_name(a: &str, b: &str) -> bool {
    a == b || name_key(a) == name_key(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alike_names_share_a_key_red_fox() {
        // Issue #39: each of these passed "already have a ninja named Red Fox".
        for alike in [
            "Red Fox",
            "red fox",
            "Red\u{a0}Fox",
            "Red  Fox",
            " Red Fox ",
            "Red\tFox",
            "ＲＥＤ ＦＯＸ",
            "ＲＥＤ　ＦＯＸ",
        ] {
            assert_eq!(name_key(alike), "red fox", "{alike:?}");
            assert!(same_name(alike, "Red Fox"), "{alike:?}");
        }
        // A combining accent is the precomposed letter.
        assert_eq!(name_key("Re\u{301}d Fox"), name_key("Réd Fox"));
        assert!(same_name("RÉD FOX", "réd fox"));
        // Different names stay different.
        assert!(!same_name("Réd Fox", "Red Fox"));
        assert!(!same_name("Red Fox", "Red Foxes"));
        assert!(!same_name("RedFox", "Red Fox"));
    }
}
