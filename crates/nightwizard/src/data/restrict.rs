//! A skill's Restrict field read (§15.3, §15.5): the conditions it lists, each of which must be
//! met ("When several are listed ... conditions must be met"); a condition naming several
//! categories (`Blade/Magic Sword Use`) is met by any one of them ("If several categories are
//! listed, any one of them is enough"). `character::restrict` checks them against a character.

/// One condition of a Restrict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Need {
    /// "X Use": the skill is used with (attacks with) an item the words name.
    Use(Vec<String>),
    /// "X Equip" ("X Equipped", "Equip X"): such an item is equipped.
    Equip(Vec<String>),
    /// "X Unequip": no such item is equipped.
    Unequip(Vec<String>),
    /// "Dual Wield": a weapon in each hand (§14.4).
    DualWield,
    /// "Twin Magic": a One Hand enchantment in each hand (§14.6).
    TwinMagic,
}

/// Reads a Restrict field: no conditions for an empty field or `-`, else each condition
/// (separated by `,`, `;` or ` and `), or the part that is none of the forms.
pub fn read_restrict(text: &str) -> Result<Vec<Need>, String> {
    let t = text.trim();
    if t.is_empty() || t == "-" {
        return Ok(vec![]);
    }
    t.replace(" and ", ",")
        .split([',', ';'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(read_need)
        .collect()
}

fn read_need(part: &str) -> Result<Need, String> {
    let low = part.to_ascii_lowercase();
    match low.as_str() {
        "dual wield" => return Ok(Need::DualWield),
        "twin magic" => return Ok(Need::TwinMagic),
        _ => {}
    }
    let cut = |n: usize, at_end: bool| {
        let words = if at_end {
            &part[..part.len() - n]
        } else {
            &part[n..]
        };
        names(words)
    };
    let need = if low.ends_with(" use") {
        cut(4, true).map(Need::Use)
    } else if low.ends_with(" unequip") {
        cut(8, true).map(Need::Unequip)
    } else if low.ends_with(" equipped") {
        cut(9, true).map(Need::Equip)
    } else if low.ends_with(" equip") {
        cut(6, true).map(Need::Equip)
    } else if low.starts_with("unequip ") {
        cut(8, false).map(Need::Unequip)
    } else if low.starts_with("equip ") {
        cut(6, false).map(Need::Equip)
    } else {
        None
    };
    need.ok_or_else(|| {
        format!(
            "`{part}` is not `X Use`, `X Equip`, `X Unequip`, `Dual Wield` or `Twin Magic` (X: a kind, category, item or slot; `A/B`: either)"
        )
    })
}

/// The names of one condition: `Blade/Magic Sword`, `(Slot: One Hand)`.
fn names(words: &str) -> Option<Vec<String>> {
    let out: Vec<String> = words
        .split('/')
        .map(|w| {
            let w = w.trim();
            let w = w.strip_prefix('(').unwrap_or(w);
            let w = w.strip_suffix(')').unwrap_or(w);
            let w = w.trim();
            w.strip_prefix("Slot:").unwrap_or(w).trim().to_string()
        })
        .collect();
    (!out.is_empty() && out.iter().all(|w| !w.is_empty() && w.len() <= 40)).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restrict_forms_of_15_5_are_read() {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(read_restrict(""), Ok(vec![]));
        assert_eq!(read_restrict("-"), Ok(vec![]));
        assert_eq!(
            read_restrict("Magic Sword Use"),
            Ok(vec![Need::Use(v(&["Magic Sword"]))])
        );
        assert_eq!(
            read_restrict("Magic Sword Equipped"),
            Ok(vec![Need::Equip(v(&["Magic Sword"]))])
        );
        assert_eq!(
            read_restrict("Equip Broom"),
            Ok(vec![Need::Equip(v(&["Broom"]))])
        );
        assert_eq!(
            read_restrict("(Slot: One Hand) Equip"),
            Ok(vec![Need::Equip(v(&["One Hand"]))])
        );
        assert_eq!(
            read_restrict("Blade/Magic Sword Use, Dual Wield"),
            Ok(vec![
                Need::Use(v(&["Blade", "Magic Sword"])),
                Need::DualWield
            ])
        );
        assert_eq!(
            read_restrict("Broom Unequip and Twin Magic"),
            Ok(vec![Need::Unequip(v(&["Broom"])), Need::TwinMagic])
        );
        assert!(read_restrict("Once a day").is_err());
        assert!(read_restrict(" Use").is_err());
    }
}
