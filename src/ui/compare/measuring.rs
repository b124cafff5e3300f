//! The line-up as the Compare screen runs it: the core's
//! [`measure_lineup`] on a worker lane, its events gathered into one
//! picture of how far it has got, sent to the screen as each structure
//! starts and arrives (and every tenth of a second while one fills).

use std::cell::Cell;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::limits::COMPARE_MEMORY;
use crate::measure::lineup::{
    LineupConfig, LineupError, LineupEvent, Sizes, Structure, StructureResult, check_memory,
    measure_lineup,
};

/// How often a structure's key count reaches the screen while it fills.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// The structure being measured and how far it has got.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Running {
    /// Which structure.
    pub structure: Structure,
    /// Its place in the line-up, from 0.
    pub index: usize,
    /// How many structures the line-up measures.
    pub of: usize,
    /// Keys inserted and queried so far.
    pub done: u64,
    /// Keys it inserts and queries in all.
    pub total: u64,
}

/// A line-up, finished or so far.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct LineupFigures {
    /// How the structures were sized, once they are.
    pub sizes: Option<Sizes>,
    /// Every structure measured so far, in the line-up's order.
    pub results: Vec<StructureResult>,
    /// The structure being measured now.
    pub running: Option<Running>,
    /// True once every structure is in.
    pub finished: bool,
    /// Time since the line-up started.
    pub elapsed: Duration,
}

impl LineupFigures {
    /// The result of one structure, once it is in.
    pub(crate) fn get(&self, structure: Structure) -> Option<&StructureResult> {
        self.results.iter().find(|r| r.structure == structure)
    }
}

/// Measures the line-up of `cfg`, handing `partial` the figures so far as
/// they change. `None` when cancelled; an error when the line-up refuses
/// the settings or a structure cannot be built.
pub(crate) fn measure(
    cfg: &LineupConfig,
    cancel: &AtomicBool,
    partial: &dyn Fn(LineupFigures),
) -> Option<Result<LineupFigures, String>> {
    if let Err(e) = check_memory(cfg.n, cfg.target.value, COMPARE_MEMORY) {
        return Some(Err(e.to_string()));
    }
    let start = Instant::now();
    let mut figures = LineupFigures::default();
    let last_sent = Cell::new(start);
    let send = |figures: &mut LineupFigures, always: bool| {
        let now = Instant::now();
        if always || now.duration_since(last_sent.get()) >= REPORT_EVERY {
            figures.elapsed = now.duration_since(start);
            last_sent.set(now);
            partial(figures.clone());
        }
    };
    let outcome = measure_lineup(cfg, cancel, &mut |event| {
        match event {
            LineupEvent::Sized(sizes) => figures.sizes = Some(*sizes),
            LineupEvent::Started {
                structure,
                index,
                of,
            } => {
                figures.running = Some(Running {
                    structure,
                    index,
                    of,
                    done: 0,
                    total: cfg.n + cfg.queries,
                });
            }
            LineupEvent::Keys { done, total, .. } => {
                if let Some(running) = &mut figures.running {
                    running.done = done;
                    running.total = total;
                }
                return send(&mut figures, false);
            }
            // The event lends the result: the screen keeps its own copy.
            LineupEvent::Arrived(result) => {
                figures.results.push(result.clone());
                figures.running = None;
            }
        }
        send(&mut figures, true);
    });
    match outcome {
        Ok(_) => {
            figures.running = None;
            figures.finished = true;
            figures.elapsed = start.elapsed();
            Some(Ok(figures))
        }
        Err(LineupError::Cancelled) => None,
        Err(e) => Some(Err(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::size_inputs::read_target;
    use std::sync::Mutex;

    fn small() -> LineupConfig {
        LineupConfig {
            n: 2_000,
            target: read_target("1%").expect("a rate"),
            queries: 2_000,
            seed: 7,
        }
    }

    #[test]
    fn every_structure_arrives_in_order_and_the_end_matches_the_core() {
        let seen = Mutex::new(Vec::new());
        let never = AtomicBool::new(false);
        let done = measure(&small(), &never, &|f| seen.lock().unwrap().push(f))
            .expect("not cancelled")
            .expect("measured");
        assert!(done.finished);
        let core = measure_lineup(&small(), &never, &mut |_| {}).expect("measured");
        let names = |rs: &[StructureResult]| rs.iter().map(|r| r.structure).collect::<Vec<_>>();
        assert_eq!(names(&done.results), names(&core.structures));
        for (a, b) in done.results.iter().zip(&core.structures) {
            // Counts depend on the seed alone; timings do not.
            assert_eq!(
                (a.false_positives, a.memory_bytes, a.inserted),
                (b.false_positives, b.memory_bytes, b.inserted)
            );
        }
        let seen = seen.into_inner().unwrap();
        let counts: Vec<usize> = seen.iter().map(|f| f.results.len()).collect();
        assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
        assert!(counts.contains(&1) && counts.contains(&Structure::ALL.len()));
        assert!(seen.iter().any(|f| f.running.is_some()));
    }

    #[test]
    fn a_raised_flag_gives_nothing() {
        let raised = AtomicBool::new(true);
        assert_eq!(measure(&small(), &raised, &|_| {}), None);
    }

    #[test]
    fn a_line_up_over_the_memory_budget_is_refused_before_it_starts() {
        let mut cfg = small();
        cfg.n = 1_000_000_000;
        let sent = Cell::new(0);
        let out = measure(&cfg, &AtomicBool::new(false), &|_| sent.set(sent.get() + 1));
        let Some(Err(why)) = out else {
            panic!("refused: {out:?}")
        };
        assert!(why.contains("largest n that fits"), "{why}");
        assert_eq!(sent.get(), 0);
    }
}
