//! Missions as data: a small typed vocabulary that enemy and boss cards use, checked
//! against the current friends and rendered as plain sentences.

use serde::{Deserialize, Serialize};

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

    /// Predicate text (`has power 7 or more`).
    pub fn render(&self) -> String {
        match self {
            Test::AtLeast { power } => format!("has power {power} or more"),
            Test::AtMost { power } => format!("has power {power} or less"),
            Test::Colour { colour } => format!("is {}", colour.name()),
            Test::Even => "has an even number".into(),
            Test::Odd => "has an odd number".into(),
        }
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

    /// The mission as a plain sentence (no final full stop).
    pub fn render(&self) -> String {
        match self {
            Mission::Total { at_least } => {
                format!("the total power of the current friends is at least {at_least}")
            }
            Mission::SameColour {
                count,
                colour: None,
            } => format!("{count} current friends share one colour"),
            Mission::SameColour {
                count,
                colour: Some(c),
            } => format!("{count} current friends are {}", c.name()),
            Mission::SameNumber { count } => {
                format!("{count} current friends show the same number")
            }
            Mission::AllDifferentColours => {
                "the 5 current friends are all of different colours".into()
            }
            Mission::Run { length } => {
                format!("{length} current friends form a run of consecutive numbers")
            }
            Mission::Column { column, test } => {
                format!("the current friend of column {column} {}", test.render())
            }
            Mission::Nearby { column, test } => {
                let cols: Vec<String> = nearby_columns(*column).iter().map(u8::to_string).collect();
                format!(
                    "each nearby friend of column {column} (column {}) {}",
                    cols.join(" and "),
                    test.render()
                )
            }
            Mission::All { of } => join(of, "and"),
            Mission::Any { of } => format!("either {}", join(of, "or")),
        }
    }

    /// A capitalised sentence with a full stop.
    pub fn sentence(&self) -> String {
        let s = self.render();
        let mut c = s.chars();
        match c.next() {
            Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
            None => String::new(),
        }
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

fn join(of: &[Mission], word: &str) -> String {
    let parts: Vec<String> = of.iter().map(Mission::render).collect();
    match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        n => format!("{} {word} {}", parts[..n - 1].join(", "), parts[n - 1]),
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
