//! What the Practice screen holds: the exercises, the one on show, the
//! answer being typed, each exercise's last check and whether it has been
//! solved, and the hints asked for.

use crate::practice::{self, COUNT, Exercise, Verdict};
use crate::ui::text_field::TextField;

/// Most characters of an answer.
const ANSWER_MAX: usize = 120;

/// One checked answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Checked {
    /// What was typed.
    pub typed: String,
    /// What the check said.
    pub verdict: Verdict,
}

/// The Practice screen's state.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PracticeState {
    /// The seven exercises (exercise 5 as the lesson's own or a variant).
    pub exercises: Vec<Exercise>,
    /// The exercise on show, from 0.
    pub selected: usize,
    /// The answer field.
    pub field: TextField,
    /// The answer field has focus.
    pub focus: bool,
    /// Each exercise's last check.
    pub checked: Vec<Option<Checked>>,
    /// Each exercise solved at least once.
    pub solved: Vec<bool>,
    /// Hints shown.
    pub hints: Vec<bool>,
    /// Wrong answers given to each exercise: the first is nudged, later
    /// ones are shown the working.
    pub misses: Vec<usize>,
    /// The seed the next variant of exercise 5 is drawn from.
    pub next_seed: u64,
}

impl PracticeState {
    /// The exercises as the lesson has them, no answers yet; `seed` starts
    /// exercise 5's variants.
    pub(crate) fn new(seed: u64) -> Self {
        PracticeState {
            exercises: practice::all(None),
            selected: 0,
            field: TextField::new("answer", ANSWER_MAX),
            focus: false,
            checked: vec![None; COUNT],
            solved: vec![false; COUNT],
            hints: vec![false; COUNT],
            misses: vec![0; COUNT],
            next_seed: seed,
        }
    }

    /// The exercise on show.
    pub(crate) fn current(&self) -> &Exercise {
        &self.exercises[self.selected]
    }

    /// How many are solved.
    pub(crate) fn solved_count(&self) -> usize {
        self.solved.iter().filter(|s| **s).count()
    }

    /// Shows the next (or previous) exercise, with an empty answer.
    pub(crate) fn select(&mut self, next: bool) {
        self.selected = if next {
            (self.selected + 1).min(COUNT - 1)
        } else {
            self.selected.saturating_sub(1)
        };
        self.field.clear();
    }

    /// Shows exercise `n` (from 1).
    pub(crate) fn go_to(&mut self, n: usize) {
        if (1..=COUNT).contains(&n) {
            self.selected = n - 1;
            self.field.clear();
        }
    }

    /// Checks what the field holds.
    pub(crate) fn submit(&mut self) {
        let typed = self.field.text().trim().to_string();
        if typed.is_empty() {
            return;
        }
        let verdict = self
            .current()
            .check_attempt(&typed, self.misses[self.selected]);
        match &verdict {
            Verdict::Right(_) => self.solved[self.selected] = true,
            Verdict::Wrong(_) => self.misses[self.selected] += 1,
            Verdict::Unreadable(_) => {}
        }
        // The field stays open with the answer selected, so a retry
        // replaces it and Esc leaves the field rather than the app.
        self.field.select_all();
        self.checked[self.selected] = Some(Checked { typed, verdict });
    }

    /// Shows or hides the hint of the exercise on show.
    pub(crate) fn toggle_hint(&mut self) {
        self.hints[self.selected] = !self.hints[self.selected];
    }

    /// A new variant of exercise 5 (from the next seed), shown at once.
    pub(crate) fn new_variant(&mut self) {
        let seed = self.next_seed;
        self.next_seed = practice::lookup::next_seed(seed);
        self.exercises[4] = practice::lookup::variant(seed);
        self.checked[4] = None;
        self.solved[4] = false;
        self.misses[4] = 0;
        self.selected = 4;
        self.field.clear();
    }
}
