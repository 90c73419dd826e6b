//! The tournament as one viewer sees it: the entrants (before the start) or the current
//! round's score sheet rows, worked out once by the rules (who is through or out, who runs
//! now, each run's progress along the course, the footer's next step). A tournament has no
//! hidden information; the view marks the viewer's own ninjas "yours". It holds facts, not
//! words: the picture writes them in its reader's language (`locales/*/pictures.ftl`).

use serde::Serialize;

use super::data::NinjaData;
use super::scoring::{Mark, Run, RunStatus, OBSTACLE_AP};
use super::tournament::{Phase, Round, Tournament};
use croupier_core::table::{Role, Viewer};

/// An entrant before the start.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EntrantView {
    /// Name.
    pub name: String,
    /// A house ninja (generated for the GM).
    pub house: bool,
    /// One of the viewer's ninjas.
    pub yours: bool,
}

/// One ninja's row on the round's sheet.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RowView {
    /// Running-order slot (from 0).
    pub slot: usize,
    /// Name.
    pub name: String,
    /// One of the viewer's ninjas.
    pub yours: bool,
    /// Skills for the course's obstacles (`15/13/12 ★` with luck).
    pub skills: String,
    /// The run so far (the score sheet's boxes are public).
    pub run: Option<Run>,
    /// Progress after each turn, in action points (see [`progress`]).
    pub progress: Vec<i32>,
    /// Through to the next round (`None` until decided).
    pub through: Option<bool>,
    /// Out: fell, ran out of time, or (rounds 1 and 2) finished but not through.
    pub out: bool,
    /// Runs now.
    pub current: bool,
}

/// The current round as the viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RoundView {
    /// Round number (3 is the Final).
    pub number: u8,
    /// The course's obstacles by initials.
    pub course: Vec<String>,
    /// Turn limit.
    pub limit: u32,
    /// How many go through (the Final: 1, who wins).
    pub places: usize,
    /// The most turns any run has taken.
    pub turns_used: usize,
    /// The rows in running order.
    pub rows: Vec<RowView>,
    /// Whose turn, the winner, or that the round is complete.
    pub footer: Footer,
}

/// What the sheet's footer says.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Footer {
    /// The tournament is over without a winner.
    NoWinner,
    /// The tournament is over: its winners.
    Won {
        /// The winners' names.
        names: Vec<String>,
    },
    /// This ninja runs next.
    Up {
        /// Its name.
        name: String,
    },
    /// Every ninja of the round has run.
    Complete,
}

/// The tournament as a viewer sees it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct NinjaView {
    /// What the viewer is (GM: the tournament's host).
    pub role: Role,
    /// Where the tournament is.
    pub phase: Phase,
    /// Every obstacle's initials, by obstacle index (the sheet marks where each starts).
    pub initials: Vec<String>,
    /// The entrants in entry order.
    pub entrants: Vec<EntrantView>,
    /// The current round, once running.
    pub round: Option<RoundView>,
}

impl NinjaView {
    /// Obstacle `o`'s initials (`#n` if the data lacks it).
    pub fn initials(&self, o: usize) -> String {
        self.initials
            .get(o)
            .cloned()
            .unwrap_or_else(|| format!("#{}", o + 1))
    }
}

/// How far along the course a run is after each of its turns, in AP (20 per obstacle
/// completed plus the points on the current one). Starts with 0 before the first turn.
pub fn progress(run: &Run) -> Vec<i32> {
    let mut out = vec![0];
    let mut done = 0;
    let mut on = 0;
    for b in &run.boxes {
        if let Mark::Points { total, done: d } = b.mark {
            if d {
                done += 1;
                on = 0;
            } else {
                on = total.min(OBSTACLE_AP);
            }
        }
        out.push(done * OBSTACLE_AP + on);
    }
    out
}

fn footer(t: &Tournament, r: &Round) -> Footer {
    let name = |e: usize| {
        t.entrants
            .get(e)
            .map_or_else(|| "?".to_string(), |x| x.record.name.clone())
    };
    match t.phase {
        Phase::Over if t.winners.is_empty() => Footer::NoWinner,
        Phase::Over => Footer::Won {
            names: t.winners.iter().map(|&e| name(e)).collect(),
        },
        _ => match r.order.get(r.cursor) {
            Some(&e) => Footer::Up { name: name(e) },
            None => Footer::Complete,
        },
    }
}

fn round_view(t: &Tournament, r: &Round, viewer: &Viewer, data: &NinjaData) -> RoundView {
    let course = data.course(r.number);
    let ranking = r.ranking(t.settings.cut_ties);
    let current = if t.phase == Phase::Running && !r.done() {
        Some(r.cursor)
    } else {
        None
    };
    let rows = r
        .order
        .iter()
        .enumerate()
        .filter_map(|(slot, &e)| {
            let ent = t.entrants.get(e)?;
            let run = r.runs.get(slot).and_then(|x| x.as_ref());
            let through = ranking.iter().find(|x| x.slot == slot).map(|x| x.through);
            // A finisher too slow to move on is out of rounds 1 and 2; in the final, finishing
            // is no elimination (only the fastest wins), so it is not crossed out like a fall.
            let out = match run.map(|x| x.status) {
                Some(RunStatus::Splash) | Some(RunStatus::OutOfTime) => true,
                Some(RunStatus::Finished { .. }) => r.number < 3 && through == Some(false),
                _ => false,
            };
            let skills: Vec<String> = course
                .iter()
                .map(|&i| ent.skills.get(i).copied().unwrap_or(0).to_string())
                .collect();
            let luck = if ent.luck > 0 { " ★" } else { "" };
            Some(RowView {
                slot,
                name: ent.record.name.clone(),
                yours: viewer.is(&ent.record.owner),
                skills: format!("{}{luck}", skills.join("/")),
                progress: run.map(progress).unwrap_or_default(),
                run: run.cloned(),
                through,
                out,
                current: current == Some(slot),
            })
        })
        .collect();
    RoundView {
        number: r.number,
        course: course
            .iter()
            .map(|&o| {
                data.obstacles
                    .get(o)
                    .map(|x| x.initials.clone())
                    .unwrap_or_else(|| format!("#{}", o + 1))
            })
            .collect(),
        limit: if r.number >= 3 {
            t.settings.final_limit
        } else {
            t.settings.turn_limit
        },
        places: r.places(),
        turns_used: r
            .runs
            .iter()
            .flatten()
            .map(|x| x.boxes.len())
            .max()
            .unwrap_or(0),
        rows,
        footer: footer(t, r),
    }
}

/// The tournament as `viewer` sees it.
pub fn view_model(t: &Tournament, data: &NinjaData, viewer: &Viewer) -> NinjaView {
    NinjaView {
        role: Role {
            gm: viewer.is(&t.host),
            seat: None,
        },
        phase: t.phase,
        initials: data.obstacles.iter().map(|o| o.initials.clone()).collect(),
        entrants: t
            .entrants
            .iter()
            .map(|e| EntrantView {
                name: e.record.name.clone(),
                house: e.house,
                yours: viewer.is(&e.record.owner),
            })
            .collect(),
        round: t.round().map(|r| round_view(t, r, viewer, data)),
    }
}
