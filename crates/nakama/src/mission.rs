//! Missions as data: a small typed vocabulary that enemy and boss cards use, checked
//! against the current friends and rendered as plain sentences.

use serde::{Deserialize, Serialize};

use croupier_core::i18n::Locale;
use croupier_core::table::{Phrase, Value};

/// The six saga colours of the friend deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red saga.
    Red,
    /// Blue saga.
    Blue,
    /// Green saga.
    Green,
    /// Yellow saga.
    Yellow,
    /// Purple saga.
    Purple,
    /// Orange saga.
    Orange,
}

impl Colour {
    /// Every colour, in board order.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Blue,
        Colour::Green,
        Colour::Yellow,
        Colour::Purple,
        Colour::Orange,
    ];

    /// Display name (`Red`).
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Blue => "Blue",
            Colour::Green => "Green",
            Colour::Yellow => "Yellow",
            Colour::Purple => "Purple",
            Colour::Orange => "Orange",
        }
    }

    /// Its id in the catalogue (`red`).
    pub fn id(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Purple => "purple",
            Colour::Orange => "orange",
        }
    }

    /// Its name in each reader's language (`nakama-colour`: `Red`, `赤`).
    pub fn said(self) -> Value {
        Phrase::new("nakama-colour").arg("colour", self.id()).into()
    }

    /// Reads a colour name, any case.
    pub fn parse(s: &str) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
    }
}

/// A friend as missions see it: colour and power.
pub type Face = (Colour, u8);

/// A condition on one friend.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "is", rename_all = "snake_case")]
pub enum Test {
    /// Power at least `power`.
    AtLeast {
        /// Threshold.
        power: u8,
    },
    /// Power at most `power`.
    AtMost {
        /// Threshold.
        power: u8,
    },
    /// Of this colour.
    Colour {
        /// The colour.
        colour: Colour,
    },
    /// Even power.
    Even,
    /// Odd power.
    Odd,
}

impl Test {
    /// True if `f` passes.
    pub fn check(&self, f: Face) -> bool {
        match *self {
            Test::AtLeast { power } => f.1 >= power,
            Test::AtMost { power } => f.1 <= power,
            Test::Colour { colour } => f.0 == colour,
            Test::Even => f.1.is_multiple_of(2),
            Test::Odd => f.1 % 2 == 1,
        }
    }

    /// The predicate in words (`nakama-test`; a colour in the reader's language).
    pub fn said(&self) -> Phrase {
        let none = || Value::from("");
        let (test, power, colour) = match *self {
            Test::AtLeast { power } => ("at-least", power, none()),
            Test::AtMost { power } => ("at-most", power, none()),
            Test::Colour { colour } => ("colour", 0, colour.said()),
            Test::Even => ("even", 0, none()),
            Test::Odd => ("odd", 0, none()),
        };
        Phrase::new("nakama-test")
            .arg("test", test)
            .arg("power", i64::from(power))
            .arg("colour", colour)
    }

    /// Predicate text (`has power 7 or more`), in English.
    pub fn render(&self) -> String {
        self.said().text(Locale::En)
    }

    fn problems(&self) -> Vec<String> {
        match *self {
            Test::AtLeast { power } | Test::AtMost { power } if !(1..=9).contains(&power) => {
                vec![format!("`power` {power} is outside 1–9")]
            }
            _ => vec![],
        }
    }
}

/// What an enemy or boss asks of the current friends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mission {
    /// The total power of the current friends is at least `at_least`.
    Total {
        /// Threshold.
        at_least: u32,
    },
    /// `count` current friends share one colour (or are of `colour` if given).
    SameColour {
        /// How many.
        count: u8,
        /// A required colour, or any one colour.
        #[serde(default)]
        colour: Option<Colour>,
    },
    /// `count` current friends show the same number.
    SameNumber {
        /// How many.
        count: u8,
    },
    /// The five current friends are all of different colours.
    AllDifferentColours,
    /// `length` current friends form a run of consecutive numbers.
    Run {
        /// Run length.
        length: u8,
    },
    /// The current friend of `column` passes `test`.
    Column {
        /// Column 1–5.
        column: u8,
        /// Condition.
        test: Test,
    },
    /// Each nearby friend of `column` (current friends of the adjacent columns) passes `test`.
    Nearby {
        /// Column 1–5.
        column: u8,
        /// Condition.
        test: Test,
    },
    /// Every part is met.
    All {
        /// Parts.
        of: Vec<Mission>,
    },
    /// At least one part is met.
    Any {
        /// Parts.
        of: Vec<Mission>,
    },
}

/// The columns adjacent to `column` (1-based, no wrap-around).
pub fn nearby_columns(column: u8) -> Vec<u8> {
    [column.wrapping_sub(1), column + 1]
        .into_iter()
        .filter(|c| (1..=5).contains(c))
        .collect()
}

impl Mission {
    /// True if the current friends (`current[i]` = column i+1, `None` if empty) meet it.
    pub fn check(&self, current: &[Option<Face>]) -> bool {
        let faces: Vec<Face> = current.iter().flatten().copied().collect();
        match self {
            Mission::Total { at_least } => {
                faces.iter().map(|f| u32::from(f.1)).sum::<u32>() >= *at_least
            }
            Mission::SameColour { count, colour } => {
                let best = match colour {
                    Some(c) => faces.iter().filter(|f| f.0 == *c).count(),
                    None => Colour::ALL
                        .iter()
                        .map(|c| faces.iter().filter(|f| f.0 == *c).count())
                        .max()
                        .unwrap_or(0),
                };
                best >= usize::from(*count)
            }
            Mission::SameNumber { count } => {
                let best = (1..=9u8)
                    .map(|n| faces.iter().filter(|f| f.1 == n).count())
                    .max()
                    .unwrap_or(0);
                best >= usize::from(*count)
            }
            Mission::AllDifferentColours => {
                current.iter().all(Option::is_some)
                    && Colour::ALL
                        .iter()
                        .all(|c| faces.iter().filter(|f| f.0 == *c).count() <= 1)
            }
            Mission::Run { length } => {
                let mut have = [false; 11];
                for f in &faces {
                    have[usize::from(f.1)] = true;
                }
                let (mut best, mut cur) = (0u8, 0u8);
                for h in have {
                    cur = if h { cur + 1 } else { 0 };
                    best = best.max(cur);
                }
                best >= *length
            }
            Mission::Column { column, test } => current
                .get(usize::from(*column).wrapping_sub(1))
                .copied()
                .flatten()
                .is_some_and(|f| test.check(f)),
            Mission::Nearby { column, test } => nearby_columns(*column).iter().all(|c| {
                current
                    .get(usize::from(*c) - 1)
                    .copied()
                    .flatten()
                    .is_some_and(|f| test.check(f))
            }),
            Mission::All { of } => of.iter().all(|m| m.check(current)),
            Mission::Any { of } => of.iter().any(|m| m.check(current)),
        }
    }

    /// The mission in words (no final full stop); `cap`: it begins a sentence (English
    /// writes its first word with a capital).
    pub fn said(&self, cap: bool) -> Phrase {
        let cap = if cap { "yes" } else { "no" };
        let p = |key: &str| Phrase::new(key).arg("cap", cap);
        match self {
            Mission::Total { at_least } => {
                p("nakama-mission-total").arg("at_least", i64::from(*at_least))
            }
            Mission::SameColour {
                count,
                colour: None,
            } => p("nakama-mission-same-colour").arg("count", i64::from(*count)),
            Mission::SameColour {
                count,
                colour: Some(c),
            } => p("nakama-mission-colour")
                .arg("count", i64::from(*count))
                .arg("colour", c.said()),
            Mission::SameNumber { count } => {
                p("nakama-mission-same-number").arg("count", i64::from(*count))
            }
            Mission::AllDifferentColours => p("nakama-mission-all-different"),
            Mission::Run { length } => p("nakama-mission-run").arg("length", i64::from(*length)),
            Mission::Column { column, test } => p("nakama-mission-column")
                .arg("column", i64::from(*column))
                .arg("test", test.said()),
            Mission::Nearby { column, test } => {
                let cols = nearby_columns(*column);
                p("nakama-mission-nearby")
                    .arg("column", i64::from(*column))
                    .arg("count", cols.len() as i64)
                    .arg("a", cols.first().map_or(0, |&c| i64::from(c)))
                    .arg("b", cols.get(1).map_or(0, |&c| i64::from(c)))
                    .arg("test", test.said())
            }
            Mission::All { of } => join(of, cap == "yes", "nakama-mission-and"),
            Mission::Any { of } => {
                p("nakama-mission-either").arg("parts", join(of, false, "nakama-mission-or"))
            }
        }
    }

    /// The mission as a plain sentence (no final full stop), in English.
    pub fn render(&self) -> String {
        self.said(false).text(Locale::En)
    }

    /// The mission as a sentence in words (`nakama-mission`: capitalised, with a full stop).
    pub fn sentence_said(&self) -> Phrase {
        Phrase::new("nakama-mission").arg("mission", self.said(true))
    }

    /// A capitalised sentence with a full stop, in English.
    pub fn sentence(&self) -> String {
        self.sentence_said().text(Locale::En)
    }

    /// Problems with the numbers in this mission, naming the field.
    pub fn problems(&self) -> Vec<String> {
        let mut p = vec![];
        match self {
            Mission::Total { at_least } if !(1..=45).contains(at_least) => {
                p.push(format!("`at_least` {at_least} is outside 1–45"))
            }
            Mission::SameColour { count, .. } | Mission::SameNumber { count }
                if !(2..=5).contains(count) =>
            {
                p.push(format!("`count` {count} is outside 2–5"))
            }
            Mission::Run { length } if !(2..=5).contains(length) => {
                p.push(format!("`length` {length} is outside 2–5"))
            }
            Mission::Column { column, test } | Mission::Nearby { column, test } => {
                if !(1..=5).contains(column) {
                    p.push(format!("`column` {column} is outside 1–5"));
                }
                p.extend(test.problems());
            }
            Mission::All { of } | Mission::Any { of } => {
                if of.len() < 2 {
                    p.push("`of` needs at least 2 parts".into());
                }
                for m in of {
                    p.extend(m.problems());
                }
            }
            _ => {}
        }
        p
    }
}

/// The parts in words: `a, b and c` (`last`: the message joining the last two, here
/// `nakama-mission-and` or `-or`; the others are joined by `nakama-mission-comma`). Only the
/// first part may begin the sentence.
fn join(of: &[Mission], cap: bool, last: &str) -> Phrase {
    let parts: Vec<Phrase> = of
        .iter()
        .enumerate()
        .map(|(i, m)| m.said(cap && i == 0))
        .collect();
    match parts.as_slice() {
        [] => Phrase::new("nakama-mission-one").arg("a", ""),
        [one] => Phrase::new("nakama-mission-one").arg("a", one.clone()),
        [init @ .., tail] => {
            let mut head = Value::from(init[0].clone());
            for p in &init[1..] {
                head = Phrase::new("nakama-mission-comma")
                    .arg("a", head)
                    .arg("b", p.clone())
                    .into();
            }
            Phrase::new(last).arg("a", head).arg("b", tail.clone())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    fn row(v: [(Colour, u8); 5]) -> Vec<Option<Face>> {
        v.iter().map(|f| Some(*f)).collect()
    }

    #[test]
    fn rule_missions_refer_only_to_current_friends_total_power() {
        // "The total power of the current friends must be 25" (read as at least 25).
        let m = Mission::Total { at_least: 25 };
        let r = row([(Red, 5), (Blue, 5), (Green, 5), (Red, 5), (Blue, 5)]);
        assert!(m.check(&r));
        let r = row([(Red, 5), (Blue, 5), (Green, 5), (Red, 5), (Blue, 4)]);
        assert!(!m.check(&r));
        assert_eq!(
            m.sentence(),
            "The total power of the current friends is at least 25."
        );
    }

    #[test]
    fn colour_number_run_and_difference_missions() {
        let r = row([(Red, 3), (Red, 4), (Green, 5), (Red, 9), (Blue, 3)]);
        assert!(Mission::SameColour {
            count: 3,
            colour: None
        }
        .check(&r));
        assert!(!Mission::SameColour {
            count: 2,
            colour: Some(Blue)
        }
        .check(&r));
        assert!(Mission::SameNumber { count: 2 }.check(&r));
        assert!(!Mission::SameNumber { count: 3 }.check(&r));
        assert!(Mission::Run { length: 3 }.check(&r));
        assert!(!Mission::Run { length: 4 }.check(&r));
        assert!(!Mission::AllDifferentColours.check(&r));
        let d = row([(Red, 1), (Blue, 1), (Green, 1), (Yellow, 1), (Purple, 1)]);
        assert!(Mission::AllDifferentColours.check(&d));
    }

    #[test]
    fn rule_nearby_friends_are_the_adjacent_columns_without_wrap() {
        // "NEARBY FRIENDS ARE THE CURRENT FRIENDS OF THE ADJACENT COLUMNS".
        assert_eq!(nearby_columns(1), vec![2]);
        assert_eq!(nearby_columns(3), vec![2, 4]);
        assert_eq!(nearby_columns(5), vec![4]);
        let r = row([(Red, 1), (Blue, 7), (Green, 1), (Yellow, 8), (Purple, 1)]);
        let m = Mission::Nearby {
            column: 3,
            test: Test::AtLeast { power: 7 },
        };
        assert!(m.check(&r));
        let m1 = Mission::Nearby {
            column: 1,
            test: Test::AtLeast { power: 7 },
        };
        assert!(m1.check(&r), "column 5 is not a neighbour of column 1");
        assert_eq!(
            m.sentence(),
            "Each nearby friend of column 3 (column 2 and 4) has power 7 or more."
        );
    }

    #[test]
    fn combinations_render_and_check() {
        let m = Mission::Any {
            of: vec![
                Mission::Column {
                    column: 2,
                    test: Test::Colour { colour: Red },
                },
                Mission::All {
                    of: vec![Mission::Run { length: 5 }, Mission::Total { at_least: 10 }],
                },
            ],
        };
        let r = row([(Red, 1), (Red, 2), (Green, 3), (Yellow, 4), (Purple, 5)]);
        assert!(m.check(&r));
        assert!(m
            .sentence()
            .starts_with("Either the current friend of column 2 is Red or"));
        let bad = Mission::Column {
            column: 6,
            test: Test::AtLeast { power: 10 },
        };
        assert_eq!(bad.problems().len(), 2);
    }
}
