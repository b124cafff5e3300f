//! The sizing screen's answer off the UI thread: one worker lane, asked
//! whenever the fields read as a new question.

use std::sync::atomic::AtomicBool;

use crate::ui::screen::Work;
use crate::ui::sizing::compute::{SizingOutcome, compute};
use crate::ui::sizing::inputs::SizingKey;
use crate::ui::sizing::state::SizingState;
use crate::ui::worker::{Bell, Lane};

/// The sizing screen's worker lane.
pub(crate) struct SizingLanes {
    answer: Lane<SizingKey, SizingOutcome>,
}

/// The answer to a question, tagged with the question.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SizingArrival(SizingKey, SizingOutcome);

impl Work<SizingState> for SizingLanes {
    type Arrival = SizingArrival;

    fn start(bell: &Bell) -> Self {
        SizingLanes {
            answer: Lane::new("sizing", bell),
        }
    }

    fn ask(&mut self, sizing: &SizingState) {
        if let Some(key) = sizing.wanted()
            && !sizing.answer.is_fresh(&key)
        {
            let asked = key.clone();
            self.answer
                .request(&key, || Box::new(move |c, _| compute(&asked, c)));
        }
    }

    fn collect(&mut self, out: &mut Vec<SizingArrival>) {
        out.extend(self.answer.poll().map(|(k, v)| SizingArrival(k, v)));
    }

    fn now(sizing: &SizingState) -> Vec<SizingArrival> {
        let never = AtomicBool::new(false);
        sizing
            .wanted()
            .and_then(|key| compute(&key, &never).map(|v| SizingArrival(key, v)))
            .into_iter()
            .collect()
    }

    fn store(sizing: &mut SizingState, arrival: SizingArrival) {
        let SizingArrival(key, outcome) = arrival;
        sizing.store(key, outcome);
    }
}
