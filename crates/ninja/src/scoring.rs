//! Scoring one ninja's run through a course, exactly as "Keeping Score" and "Finishing" say:
//! one 3d6 roll per turn against the current obstacle's skill.
//!
//! - skill − roll action points (AP); roll = skill scores 1 (0 = 1); roll > skill is a miss (`x`);
//! - 3 or 4 is a bonus roll: +2 AP on top;
//! - 17 or 18 is a bogus roll (`x*`), whatever the skill (so with skill 17 a 17 is still bogus):
//!   18 splashes out; 17 calls for a save roll next turn (success: no fall, no movement, `✓`;
//!   failure: splash);
//! - 20 AP complete an obstacle; AP over 20 are left over, reduced by the skill difference when
//!   the next obstacle's skill is lower (never below 0), and added to the next scoring roll;
//! - a ninja who has not finished after the turn limit (32) is out of time (O.O.T.).

use croupier_core::i18n::Locale;
use croupier_core::table::{Choices, Phrase, Value};
use serde::{Deserialize, Serialize};

/// AP needed to complete one obstacle.
pub const OBSTACLE_AP: i32 = 20;

/// What a 17 on the save roll does (the rulebook does not say; also the choices of
/// `/ninja new save17:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, Choices)]
pub enum SaveBogus {
    /// A 17 on the save roll is a failed save: splash (default).
    #[default]
    Fail,
    /// A 17 on the save roll is a new bogus roll that calls for a new save.
    Again,
}

/// The rules a run is scored with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRules {
    /// Turns allowed (32 in the rulebook).
    pub turn_limit: u32,
    /// What a 17 on a save roll means.
    pub save_bogus: SaveBogus,
}

impl Default for RunRules {
    fn default() -> Self {
        RunRules {
            turn_limit: 32,
            save_bogus: SaveBogus::Fail,
        }
    }
}

/// What one roll means for the run, before it is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollClass {
    /// A scoring roll worth this many AP (before leftover AP are added).
    Scored(i32),
    /// Higher than the skill: no movement.
    Miss,
    /// A 17: bogus, a save roll follows.
    Bogus17,
    /// An 18: bogus, the ninja falls.
    Bogus18,
    /// A successful save roll: no fall, no movement.
    SaveMade,
    /// A failed save roll: the ninja falls.
    SaveFailed,
    /// A 17 on the save roll when it calls for another save ([`SaveBogus::Again`]).
    SaveAgain,
}

impl RollClass {
    /// True for the rolls luck may reroll (misses, bogus rolls and failed saves).
    pub fn is_miss(self) -> bool {
        !matches!(self, RollClass::Scored(_) | RollClass::SaveMade)
    }
    /// True if this roll ends the run in the water.
    pub fn splashes(self) -> bool {
        matches!(self, RollClass::Bogus18 | RollClass::SaveFailed)
    }
    /// How good the result is, for choosing between a roll and its lucky reroll.
    pub fn value(self) -> i32 {
        match self {
            RollClass::Bogus18 | RollClass::SaveFailed => -100,
            RollClass::Bogus17 | RollClass::SaveAgain => -10,
            RollClass::Miss => 0,
            RollClass::SaveMade => 1,
            RollClass::Scored(ap) => ap + 1,
        }
    }
}

/// AP a scoring roll earns on its own: skill − total, 0 counts as 1, +2 for a 3 or 4.
/// `None` for a miss or a bogus roll.
pub fn roll_ap(skill: i32, total: u8) -> Option<i32> {
    let t = i32::from(total);
    if total >= 17 || t > skill {
        return None;
    }
    let base = (skill - t).max(1);
    Some(if total <= 4 { base + 2 } else { base })
}

/// How a run ended (or that it goes on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunStatus {
    /// Still on the course.
    Running,
    /// Completed the course in `turns` with `leftover` AP over the last obstacle's 20.
    Finished {
        /// Turns taken (the time).
        turns: u32,
        /// AP left over on the last obstacle (tie-break: more is faster).
        leftover: i32,
    },
    /// Fell in the water.
    Splash,
    /// Out of time (O.O.T.).
    OutOfTime,
}

/// What one box of the score sheet holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    /// AP on the current obstacle after the turn; `done` when it completed the obstacle.
    Points {
        /// The running total written in the box (may exceed 20 on completion).
        total: i32,
        /// The box finished an obstacle (a vertical line follows).
        done: bool,
    },
    /// A miss: `x`.
    Miss,
    /// A bogus roll: `x*`.
    Bogus,
    /// A save roll made: `✓`.
    Save,
}

/// One turn on the score sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnBox {
    /// The three dice.
    pub dice: [u8; 3],
    /// What was written.
    pub mark: Mark,
    /// Obstacle (index into the data's obstacles) whose initials start in this box.
    pub starts: Option<usize>,
    /// Luck was used on this turn (the highlighted square).
    pub luck: bool,
}

/// One ninja's run through a course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// Obstacles of the course (indices into the data's obstacles), in order.
    pub course: Vec<usize>,
    /// The ninja's skill for each obstacle of `course`.
    pub skills: Vec<i32>,
    /// Position in `course`.
    pub pos: usize,
    /// AP on the current obstacle.
    pub points: i32,
    /// Leftover AP waiting to be added to the next scoring roll.
    pub carry: i32,
    /// Turns taken.
    pub turns: u32,
    /// The next roll is a save roll (after a 17).
    pub save_pending: bool,
    /// Boxes written so far.
    pub boxes: Vec<TurnBox>,
    /// How the run stands.
    pub status: RunStatus,
    /// Sum of the AP every scoring roll earned (for the books; see the property test).
    pub earned: i64,
    /// Sum of the AP taken off leftovers for lower skills.
    pub deducted: i64,
    /// The next box starts an obstacle (write its initials).
    starts_next: bool,
    /// The rules in force.
    pub rules: RunRules,
}

/// What a turn did, for the play-by-play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnReport {
    /// One line like the rulebook's "24 — ring hook done, starting net climb", in the
    /// catalogue's words (`ninja-turn`, `locales/*/ninja.ftl`).
    pub said: Phrase,
    /// The roll's meaning.
    pub class: RollClass,
}

impl TurnReport {
    /// The line in English.
    pub fn line(&self) -> String {
        self.said.text(Locale::En)
    }
}

impl Run {
    /// A fresh run. `course` and `skills` must have the same, non-zero length.
    pub fn new(course: Vec<usize>, skills: Vec<i32>, rules: RunRules) -> Run {
        Run {
            course,
            skills,
            pos: 0,
            points: 0,
            carry: 0,
            turns: 0,
            save_pending: false,
            boxes: Vec::new(),
            status: RunStatus::Running,
            earned: 0,
            deducted: 0,
            starts_next: true,
            rules,
        }
    }

    /// True while the ninja is still on the course.
    pub fn running(&self) -> bool {
        self.status == RunStatus::Running && self.pos < self.course.len()
    }

    /// The skill for the current obstacle.
    pub fn skill(&self) -> i32 {
        self.skills.get(self.pos).copied().unwrap_or(0)
    }

    /// The current obstacle (index into the data's obstacles).
    pub fn obstacle(&self) -> Option<usize> {
        self.course.get(self.pos).copied()
    }

    /// What a roll totalling `total` would mean now (nothing is changed).
    pub fn classify(&self, total: u8) -> RollClass {
        if self.save_pending {
            if total == 17 && self.rules.save_bogus == SaveBogus::Again {
                return RollClass::SaveAgain;
            }
            return match roll_ap(self.skill(), total) {
                Some(_) => RollClass::SaveMade,
                None => RollClass::SaveFailed,
            };
        }
        match total {
            18 => RollClass::Bogus18,
            17 => RollClass::Bogus17,
            _ => match roll_ap(self.skill(), total) {
                Some(ap) => RollClass::Scored(ap),
                None => RollClass::Miss,
            },
        }
    }

    /// Applies one turn's dice. `names[i]` names obstacle `i` for the play-by-play.
    /// Does nothing (and says so) if the run is over.
    pub fn turn(&mut self, dice: [u8; 3], luck: bool, names: &[Value]) -> TurnReport {
        let total: u8 = dice.iter().sum();
        let class = self.classify(total);
        if !self.running() {
            return TurnReport {
                said: Phrase::new("ninja-turn-over"),
                class,
            };
        }
        let name = |i: Option<usize>| {
            i.and_then(|i| names.get(i))
                .cloned()
                .unwrap_or_else(|| "the course".into())
        };
        let skill = self.skill();
        let here = name(self.obstacle());
        self.turns += 1;
        let starts = if self.starts_next {
            self.obstacle()
        } else {
            None
        };
        self.starts_next = false;
        let head = Phrase::new("ninja-turn")
            .arg("turn", i64::from(self.turns))
            .arg("a", i64::from(dice[0]))
            .arg("b", i64::from(dice[1]))
            .arg("c", i64::from(dice[2]))
            .arg("total", i64::from(total))
            .arg("obstacle", here.clone())
            .arg("skill", i64::from(skill))
            .arg("luck", if luck { "yes" } else { "no" });
        let (mark, tail) = match class {
            RollClass::Scored(ap) => {
                let gained = ap + self.carry;
                let carried = self.carry;
                self.earned += i64::from(ap);
                self.carry = 0;
                self.points += gained;
                let plus = Phrase::new("ninja-turn-plus")
                    .arg("ap", i64::from(ap))
                    .arg("bonus", if total <= 4 { "yes" } else { "no" })
                    .arg("carried", i64::from(carried));
                let total_pts = self.points;
                if self.points >= OBSTACLE_AP {
                    let left = self.points - OBSTACLE_AP;
                    self.points = 0;
                    self.pos += 1;
                    if self.pos >= self.course.len() {
                        self.carry = left;
                        self.status = RunStatus::Finished {
                            turns: self.turns,
                            leftover: left,
                        };
                        (
                            Mark::Points {
                                total: total_pts,
                                done: true,
                            },
                            Phrase::new("ninja-turn-complete")
                                .arg("plus", plus)
                                .arg("points", i64::from(total_pts))
                                .arg("obstacle", here.clone())
                                .arg("turns", i64::from(self.turns))
                                .arg("left", i64::from(left)),
                        )
                    } else {
                        let next_skill = self.skill();
                        let cut = if next_skill < skill {
                            (skill - next_skill).min(left)
                        } else {
                            0
                        };
                        self.deducted += i64::from(cut);
                        self.carry = left - cut;
                        self.starts_next = true;
                        let next = name(self.obstacle());
                        let carry_txt = if cut > 0 {
                            Value::from(
                                Phrase::new("ninja-turn-carry-cut")
                                    .arg("left", i64::from(left))
                                    .arg("cut", i64::from(skill - next_skill))
                                    .arg("next", next.clone())
                                    .arg("skill", i64::from(next_skill))
                                    .arg("carry", i64::from(self.carry)),
                            )
                        } else if left > 0 {
                            Value::from(
                                Phrase::new("ninja-turn-carry").arg("left", i64::from(left)),
                            )
                        } else {
                            Value::from("")
                        };
                        (
                            Mark::Points {
                                total: total_pts,
                                done: true,
                            },
                            Phrase::new("ninja-turn-done")
                                .arg("plus", plus)
                                .arg("points", i64::from(total_pts))
                                .arg("obstacle", here.clone())
                                .arg("carry", carry_txt)
                                .arg("next", next.clone()),
                        )
                    }
                } else {
                    (
                        Mark::Points {
                            total: total_pts,
                            done: false,
                        },
                        Phrase::new("ninja-turn-on")
                            .arg("plus", plus)
                            .arg("points", i64::from(total_pts))
                            .arg("obstacle", here.clone()),
                    )
                }
            }
            RollClass::Miss => (Mark::Miss, Phrase::new("ninja-turn-miss")),
            RollClass::Bogus17 => {
                self.save_pending = true;
                (Mark::Bogus, Phrase::new("ninja-turn-bogus"))
            }
            RollClass::SaveAgain => (Mark::Bogus, Phrase::new("ninja-turn-bogus-again")),
            RollClass::Bogus18 => {
                self.status = RunStatus::Splash;
                (Mark::Bogus, Phrase::new("ninja-turn-splash"))
            }
            RollClass::SaveMade => {
                self.save_pending = false;
                (Mark::Save, Phrase::new("ninja-turn-save"))
            }
            RollClass::SaveFailed => {
                self.save_pending = false;
                self.status = RunStatus::Splash;
                (Mark::Miss, Phrase::new("ninja-turn-save-failed"))
            }
        };
        self.boxes.push(TurnBox {
            dice,
            mark,
            starts,
            luck,
        });
        let mut oot = 0;
        if self.status == RunStatus::Running && self.turns >= self.rules.turn_limit {
            self.status = RunStatus::OutOfTime;
            oot = i64::from(self.turns);
        }
        let said = head.arg("result", tail).arg("oot", oot);
        TurnReport { said, class }
    }

    /// AP the books say the run holds: completed obstacles × 20 + points + carry.
    pub fn held(&self) -> i64 {
        self.pos as i64 * i64::from(OBSTACLE_AP) + i64::from(self.points) + i64::from(self.carry)
    }

    /// Sort key for the ranking: finishers by fewer turns, then more leftover AP.
    pub fn time_key(&self) -> Option<(u32, i32)> {
        match self.status {
            RunStatus::Finished { turns, leftover } => Some((turns, -leftover)),
            _ => None,
        }
    }
}

/// Rolls 3d6 from the session RNG.
pub fn roll_3d6(rng: &mut croupier_core::rng::GameRng) -> [u8; 3] {
    use rand::Rng;
    [
        rng.random_range(1..=6),
        rng.random_range(1..=6),
        rng.random_range(1..=6),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<Value> {
        ["log", "rope", "rock", "ring hook", "net climb"]
            .iter()
            .map(|s| Value::from(*s))
            .collect()
    }

    fn dice(total: u8) -> [u8; 3] {
        // Three dice that add up to `total` (3..=18).
        let a = total.saturating_sub(2).min(6);
        let rest = total - a;
        let b = rest.saturating_sub(1).min(6);
        [a, b, rest - b]
    }

    fn run(skills: &[i32]) -> Run {
        Run::new(
            (0..skills.len()).collect(),
            skills.to_vec(),
            RunRules::default(),
        )
    }

    #[test]
    fn rule_ninja_worked_example_ring_hook_19_roll_9_then_net_climb() {
        // "Ninja is at 19 points on his ring hook. His ring hook skill is 14 ... total of 9 ...
        // 5 action points ... 24" then "net climbing skill is 13 ... 15. That's a miss ...
        // 13-10 = 3 ... 4 left over ... 1 subtracted, leaving 3 ... he has 6 points on his net climb."
        let mut r = run(&[14, 13]);
        r.points = 19;
        let n = vec![Value::from("ring hook"), Value::from("net climb")];
        let t = r.turn([6, 2, 1], false, &n);
        assert_eq!(
            r.boxes[0].mark,
            Mark::Points {
                total: 24,
                done: true
            }
        );
        assert!(t.line().contains("24 — ring hook done"), "{}", t.line());
        assert!(
            t.line()
                .contains("4 left over − 1 for net climb 13 → 3 carried"),
            "{}",
            t.line()
        );
        assert_eq!((r.pos, r.carry), (1, 3));
        let t = r.turn([6, 6, 3], false, &n);
        assert_eq!(t.class, RollClass::Miss);
        assert_eq!(r.boxes[1].mark, Mark::Miss);
        assert_eq!(
            r.carry, 3,
            "a miss keeps the leftover for the next scoring roll"
        );
        r.turn([5, 3, 2], false, &n);
        assert_eq!(r.points, 6);
        assert_eq!(r.carry, 0);
        assert_eq!(r.boxes[2].starts, None);
        assert_eq!(
            r.boxes[1].starts,
            Some(1),
            "net climb initials start in the box after the line"
        );
    }

    #[test]
    fn rule_ninja_skill_minus_roll_and_equal_roll_scores_one() {
        // "The skill level, minus the total of the three dice" ; "0=1 for such rolls".
        assert_eq!(roll_ap(14, 9), Some(5));
        assert_eq!(roll_ap(14, 14), Some(1));
        assert_eq!(roll_ap(14, 15), None);
    }

    #[test]
    fn rule_ninja_bonus_roll_3_or_4_earns_plus_2() {
        // "A total of 3 or 4 is a bonus roll. A bonus roll earns +2 action points."
        assert_eq!(roll_ap(14, 3), Some(13));
        assert_eq!(roll_ap(14, 4), Some(12));
        assert_eq!(roll_ap(14, 5), Some(9));
    }

    #[test]
    fn rule_ninja_skill_17_subtracts_but_17_is_still_bogus() {
        // "With a skill of 17, successful rolls are subtracted from 17, but a roll of 17 is
        // still a bogus roll"
        let r = run(&[17]);
        assert_eq!(r.classify(10), RollClass::Scored(7));
        assert_eq!(r.classify(16), RollClass::Scored(1));
        assert_eq!(r.classify(17), RollClass::Bogus17);
        assert_eq!(r.classify(18), RollClass::Bogus18);
    }

    #[test]
    fn rule_ninja_bogus_18_splashes() {
        // "18 means you fell off, splash, your run is over."
        let mut r = run(&[14]);
        r.turn([6, 6, 6], false, &names());
        assert_eq!(r.status, RunStatus::Splash);
        assert_eq!(r.boxes[0].mark, Mark::Bogus);
        assert!(!r.running());
    }

    #[test]
    fn rule_ninja_bogus_17_save_roll_made_means_no_movement() {
        // "With a roll of 17 ... save roll. If the next roll is successful the character doesn't
        // fall but doesn't move. Put a check mark ... On the following turn, carry on scoring"
        let mut r = run(&[14]);
        r.points = 10;
        r.turn([6, 6, 5], false, &names());
        assert!(r.save_pending);
        let t = r.turn(dice(5), false, &names());
        assert_eq!(t.class, RollClass::SaveMade);
        assert_eq!(r.points, 10, "no movement on a save");
        assert_eq!(r.boxes[1].mark, Mark::Save);
        r.turn(dice(9), false, &names());
        assert_eq!(r.points, 15);
    }

    #[test]
    fn rule_ninja_bogus_17_save_failed_splashes() {
        let mut r = run(&[12]);
        r.turn([6, 6, 5], false, &names());
        let t = r.turn(dice(13), false, &names());
        assert_eq!(t.class, RollClass::SaveFailed);
        assert_eq!(r.status, RunStatus::Splash);
    }

    #[test]
    fn rule_ninja_save_roll_of_17_is_a_setting() {
        let mut r = run(&[14]);
        r.turn([6, 6, 5], false, &names());
        assert_eq!(r.classify(17), RollClass::SaveFailed);
        r.rules.save_bogus = SaveBogus::Again;
        assert_eq!(r.classify(17), RollClass::SaveAgain);
        r.turn([6, 6, 5], false, &names());
        assert!(r.save_pending && r.running());
    }

    #[test]
    fn rule_ninja_leftover_not_reduced_when_next_skill_equal_or_higher() {
        // "If the following skill is equal to or higher than the previous skill, no adjustment"
        let mut r = run(&[12, 15]);
        r.points = 18;
        r.turn(dice(5), false, &names()); // +7 = 25 → 5 left
        assert_eq!(r.carry, 5);
        r.turn(dice(10), false, &names()); // 15 − 10 = 5, + 5 carried
        assert_eq!(r.points, 10);
    }

    #[test]
    fn rule_ninja_lower_skill_deduction_never_below_zero() {
        let mut r = run(&[16, 12]);
        r.points = 19;
        r.turn(dice(14), false, &names()); // +2 = 21 → 1 left − 4 → 0
        assert_eq!(r.carry, 0);
        assert_eq!(r.deducted, 1);
    }

    #[test]
    fn rule_ninja_out_of_time_after_32_turns() {
        // "Any ninjas who fail to complete the course in thirty-two turns are out of time"
        let mut r = run(&[12; 5]);
        for _ in 0..31 {
            r.turn(dice(13), false, &names());
        }
        assert!(r.running());
        let t = r.turn(dice(13), false, &names());
        assert_eq!(r.status, RunStatus::OutOfTime);
        assert!(t.line().contains("O.O.T."));
    }

    #[test]
    fn rule_ninja_finishing_on_turn_32_counts() {
        let mut r = run(&[14]);
        r.rules.turn_limit = 3;
        r.turn(dice(6), false, &names());
        r.turn(dice(6), false, &names());
        r.turn(dice(8), false, &names()); // 8 + 8 + 6 = 22
        assert_eq!(
            r.status,
            RunStatus::Finished {
                turns: 3,
                leftover: 2
            }
        );
    }
}

#[cfg(test)]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Scoring never loses or invents points: what the run holds (completed obstacles × 20
        /// + points + leftover) is exactly what the rolls earned minus the lower-skill deductions,
        /// and every deduction is at most the skill drop.
        #[test]
        fn scoring_never_loses_or_invents_points(
            skills in proptest::collection::vec(12i32..=18, 1..10),
            rolls in proptest::collection::vec((1u8..=6, 1u8..=6, 1u8..=6), 1..80),
        ) {
            let course: Vec<usize> = (0..skills.len()).collect();
            let mut r = Run::new(course, skills.clone(), RunRules { turn_limit: 200, ..RunRules::default() });
            let names: Vec<Value> = vec![];
            let mut earned = 0i64;
            for (a, b, c) in rolls {
                if !r.running() { break; }
                let before_pos = r.pos;
                let class = r.classify(a + b + c);
                r.turn([a, b, c], false, &names);
                if let RollClass::Scored(ap) = class {
                    prop_assert_eq!(Some(ap), roll_ap(skills[before_pos], a + b + c));
                    earned += i64::from(ap);
                }
                prop_assert!(r.points < OBSTACLE_AP || !r.running());
            }
            prop_assert_eq!(r.earned, earned);
            prop_assert_eq!(r.held(), r.earned - r.deducted);
            let max_cut: i64 = skills.windows(2).map(|w| i64::from((w[0] - w[1]).max(0))).sum();
            prop_assert!(r.deducted <= max_cut);
        }
    }
}
