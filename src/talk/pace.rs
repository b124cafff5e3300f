//! How a talk's length is shared among its scenes, and whether the
//! speaker is ahead of that plan or behind it.
//!
//! The rule: every press of Forward gets the same share of the talk. A
//! step is one press; a predict step is two (the question, then the
//! reveal), because the class needs time to answer. A scene's share is
//! the sum of its presses' shares, so a long scene gets more time than a
//! short one. The plan says when each press should begin; the speaker is
//! on time while the talk's clock is inside the press it stands on, ahead
//! before it, behind after it.

use std::time::Duration;

/// The talk's plan: its length spread over its presses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pace {
    length: Duration,
    /// Presses before each step, by global step index, and the total last.
    before: Vec<u64>,
    /// The first global step of each scene, and the total steps last.
    scene_starts: Vec<usize>,
}

/// Where the speaker stands against the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Ahead by this much: the press on show was planned to begin later.
    Ahead(Duration),
    /// Within the press on show's planned time.
    OnTime,
    /// Behind by this much: the press on show was planned to end earlier.
    Behind(Duration),
}

impl Pace {
    /// The plan for a talk of `length` over scenes of `scene_lengths` steps,
    /// where the steps in `predicts` (global indices) take two presses.
    pub fn new(length: Duration, scene_lengths: &[usize], predicts: &[usize]) -> Pace {
        let total: usize = scene_lengths.iter().sum();
        let mut before = Vec::with_capacity(total + 1);
        let mut presses = 0u64;
        for step in 0..total {
            before.push(presses);
            presses += if predicts.contains(&step) { 2 } else { 1 };
        }
        before.push(presses);
        let mut scene_starts = Vec::with_capacity(scene_lengths.len() + 1);
        let mut at = 0;
        for len in scene_lengths {
            scene_starts.push(at);
            at += len;
        }
        scene_starts.push(at);
        Pace {
            length,
            before,
            scene_starts,
        }
    }

    /// The talk's length.
    pub fn length(&self) -> Duration {
        self.length
    }

    fn presses(&self) -> u64 {
        self.before.last().copied().unwrap_or(0)
    }

    /// When press number `press` (from 0) should begin.
    fn at_press(&self, press: u64) -> Duration {
        let total = self.presses();
        if total == 0 {
            return Duration::ZERO;
        }
        let nanos = self.length.as_nanos() * u128::from(press.min(total)) / u128::from(total);
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    fn step_presses(&self, step: usize) -> u64 {
        let from = self.before.get(step).copied().unwrap_or(self.presses());
        let to = self.before.get(step + 1).copied().unwrap_or(self.presses());
        to - from
    }

    /// Scene `scene`'s share of the talk (from 0).
    pub fn scene_share(&self, scene: usize) -> Duration {
        let first = self.scene_starts.get(scene).copied().unwrap_or(0);
        let end = self.scene_starts.get(scene + 1).copied().unwrap_or(first);
        let from = self.before.get(first).copied().unwrap_or(0);
        let to = self.before.get(end).copied().unwrap_or(from);
        self.at_press(to) - self.at_press(from)
    }

    /// Where a talk that has run `elapsed` stands on global step `step`
    /// (its second half when `revealed`), or on the closing screen after
    /// the last step when `at_end`.
    pub fn standing(
        &self,
        step: usize,
        revealed: bool,
        at_end: bool,
        elapsed: Duration,
    ) -> Standing {
        let press = if at_end {
            self.presses()
        } else {
            let first = self.before.get(step).copied().unwrap_or(self.presses());
            first + u64::from(revealed && self.step_presses(step) > 1)
        };
        let start = self.at_press(press);
        let end = if at_end {
            self.length
        } else {
            self.at_press(press + 1)
        };
        if elapsed < start {
            Standing::Ahead(start - elapsed)
        } else if elapsed > end {
            Standing::Behind(elapsed - end)
        } else {
            Standing::OnTime
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: Duration = Duration::from_secs(60);

    #[test]
    fn scenes_share_the_talk_by_their_presses() {
        // 2 + 3 steps; the second step of scene 2 (global 3) is a prediction:
        // presses 1 1 | 1 2 1, six in all, ten minutes each for 60.
        let pace = Pace::new(60 * MIN, &[2, 3], &[3]);
        assert_eq!(pace.scene_share(0), 20 * MIN);
        assert_eq!(pace.scene_share(1), 40 * MIN);
        assert_eq!(pace.scene_share(0) + pace.scene_share(1), pace.length());
    }

    #[test]
    fn ahead_on_time_and_behind() {
        let pace = Pace::new(60 * MIN, &[2, 3], &[3]);
        // Step 3 (global) starts at press 3 (30 min) and is two presses.
        assert_eq!(
            pace.standing(3, false, false, 25 * MIN),
            Standing::Ahead(5 * MIN)
        );
        assert_eq!(pace.standing(3, false, false, 35 * MIN), Standing::OnTime);
        assert_eq!(
            pace.standing(3, false, false, 42 * MIN),
            Standing::Behind(2 * MIN)
        );
        // Revealed, it stands on its second press: 40 to 50 minutes.
        assert_eq!(pace.standing(3, true, false, 42 * MIN), Standing::OnTime);
        // The first step is on time from the start.
        assert_eq!(
            pace.standing(0, false, false, Duration::ZERO),
            Standing::OnTime
        );
        // The closing screen before the hour is ahead; after it, behind.
        assert_eq!(
            pace.standing(4, false, true, 55 * MIN),
            Standing::Ahead(5 * MIN)
        );
        assert_eq!(
            pace.standing(4, false, true, 61 * MIN),
            Standing::Behind(MIN)
        );
    }

    #[test]
    fn an_empty_lecture_has_no_shares() {
        let pace = Pace::new(45 * MIN, &[], &[]);
        assert_eq!(pace.scene_share(0), Duration::ZERO);
        assert_eq!(pace.standing(0, false, false, MIN), Standing::Behind(MIN));
    }
}
