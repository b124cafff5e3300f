//! The Compare screen's line-up off the UI thread: one worker lane, asked
//! whenever the settings on show have no finished line-up. A slider move
//! asks for new settings, which cancels the run in flight.

use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, PoisonError};

use crate::measure::lineup::LineupConfig;
use crate::ui::compare::measuring::{LineupFigures, measure};
use crate::ui::compare::state::CompareState;
use crate::ui::screen::Work;
use crate::ui::worker::{Bell, Lane};

/// The Compare screen's worker lane.
pub(crate) struct CompareLanes {
    lineup: Lane<LineupConfig, Result<LineupFigures, String>>,
}

/// A line-up, finished or so far, tagged with its settings.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CompareArrival(LineupConfig, Result<LineupFigures, String>);

impl Work<CompareState> for CompareLanes {
    type Arrival = CompareArrival;

    fn start(bell: &Bell) -> Self {
        CompareLanes {
            lineup: Lane::new("line-up", bell),
        }
    }

    fn ask(&mut self, compare: &CompareState) {
        if compare.done() {
            return;
        }
        let key = compare.key();
        let cfg = key.clone();
        self.lineup.request(&key, || {
            Box::new(move |cancel, partial| measure(&cfg, cancel, &|so_far| partial(Ok(so_far))))
        });
    }

    fn collect(&mut self, out: &mut Vec<CompareArrival>) {
        out.extend(self.lineup.poll().map(|(k, v)| CompareArrival(k, v)));
    }

    fn now(compare: &CompareState) -> Vec<CompareArrival> {
        let key = compare.key();
        measured_once(&key)
            .map(|v| CompareArrival(key, v))
            .into_iter()
            .collect()
    }

    fn store(compare: &mut CompareState, arrival: CompareArrival) {
        let CompareArrival(key, figures) = arrival;
        compare.lineup.set(key, figures);
    }
}

/// Line-ups measured for frames lately, newest last.
static MEASURED: Mutex<Vec<(LineupConfig, Result<LineupFigures, String>)>> = Mutex::new(Vec::new());
/// How many of them are kept.
const KEPT: usize = 4;

/// The line-up of `key`, measured on the calling thread the first time a frame
/// asks for it and kept: its counts depend on the seed alone, but its
/// timings differ from run to run, so two frames of the same settings
/// drawn in one process (an export in two formats, say) show one
/// measurement, and it is paid for once.
fn measured_once(key: &LineupConfig) -> Option<Result<LineupFigures, String>> {
    let kept = |all: &Vec<(LineupConfig, Result<LineupFigures, String>)>| {
        all.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    };
    if let Some(found) = kept(&MEASURED.lock().unwrap_or_else(PoisonError::into_inner)) {
        return Some(found);
    }
    let figures = measure(key, &AtomicBool::new(false), &|_| {})?;
    let mut all = MEASURED.lock().unwrap_or_else(PoisonError::into_inner);
    if kept(&all).is_none() {
        all.push((key.clone(), figures.clone()));
        if all.len() > KEPT {
            drop(all.remove(0));
        }
    }
    Some(kept(&all).unwrap_or(figures))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_frames_of_one_setting_show_one_measurement() {
        let state = CompareState {
            n: 500,
            queries: 1_000,
            seed: 99,
            ..CompareState::default()
        };
        let first = CompareLanes::now(&state);
        let second = CompareLanes::now(&state);
        assert_eq!(first.len(), 1);
        // The timings too, which differ between two real runs.
        assert_eq!(first, second);
    }
}
