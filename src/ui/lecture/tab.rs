//! The lecture tab's state: the compiled script, the current step, the
//! closing screen after the last step, the `g` jump field, and what the
//! teacher has switched on (narration, the text view).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use ratatui::layout::Rect;

use super::plan::{Options, ScenePlan};
use crate::lecture::{Board, Guess, Lecture, Prediction};
use crate::ui::lecture::action::LectureAction;
use crate::ui::text_field::TextField;

/// Most characters the `g` field holds ("12.34" and some room).
const GOTO_MAX: usize = 12;
/// Most characters of the class's number (`=`).
const GUESS_MAX: usize = 16;

/// Where the lecture stands.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LectureTab {
    /// The compiled script.
    pub lecture: Lecture,
    /// Global step index, counted from 0.
    pub step: usize,
    /// On the closing screen, after the last step.
    pub at_end: bool,
    /// Narration shown or hidden by `n`; `None` follows the mode (shown
    /// normally, hidden in present mode, where the speaker reads it).
    pub narration: Option<bool>,
    /// The text view (`z`): every text of the step and its narration, whole.
    pub text_view: bool,
    /// The `g` field: a scene ("3") or a step ("3.4") to go to.
    pub goto: Option<TextField>,
    /// Why the last `g` entry was refused.
    pub goto_error: Option<String>,
    /// On a predict step: whether it has been revealed.
    pub revealed: bool,
    /// The class's guess on each predict step it was recorded for.
    pub guesses: BTreeMap<usize, Guess>,
    /// The `=` field: the class's number on a number prediction.
    pub guess_field: Option<TextField>,
    /// Why the last number typed in the `=` field was refused.
    pub guess_error: Option<String>,
    /// The last scene plan made for drawing, kept because planning a scene
    /// weighs every step of it and the plan only changes with the scene,
    /// the size or the mode (a memo: the same inputs always give it again).
    pub plan_memo: PlanMemo,
}

/// A memo of one scene plan and what it was made for.
#[derive(Debug, Clone, Default)]
pub(crate) struct PlanMemo(RefCell<Option<(PlanKey, Rc<ScenePlan>)>>);

/// What a scene plan depends on.
type PlanKey = (usize, Rect, Options);

impl PartialEq for PlanMemo {
    // A memo never makes two tabs differ.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl PlanMemo {
    /// The plan of `scene` for `area` and `opts`, made by `make` unless the
    /// last one was for the same.
    pub(crate) fn get(&self, key: PlanKey, make: impl FnOnce() -> ScenePlan) -> Rc<ScenePlan> {
        let mut slot = self.0.borrow_mut();
        match slot.as_ref() {
            Some((k, plan)) if *k == key => Rc::clone(plan),
            _ => {
                let plan = Rc::new(make());
                *slot = Some((key, Rc::clone(&plan)));
                plan
            }
        }
    }
}

impl LectureTab {
    /// The built-in lecture at its first step.
    pub(crate) fn new() -> Self {
        LectureTab::with(Lecture::builtin())
    }

    /// `lecture` at its first step.
    pub(crate) fn with(lecture: Lecture) -> Self {
        LectureTab {
            lecture,
            step: 0,
            at_end: false,
            narration: None,
            text_view: false,
            goto: None,
            goto_error: None,
            revealed: false,
            guesses: BTreeMap::new(),
            guess_field: None,
            guess_error: None,
            plan_memo: PlanMemo::default(),
        }
    }

    /// The scene (from 0) that holds the current step.
    pub(crate) fn scene(&self) -> usize {
        self.lecture.locate(self.step).0
    }

    /// The board on show: the step as first shown or revealed, with the
    /// class's guess on it when one was recorded.
    pub(crate) fn board(&self) -> Cow<'_, Board> {
        let board = self.lecture.shown_board(self.step, self.revealed);
        match self.guesses.get(&self.step) {
            Some(guess) if board.predict.is_some() => {
                let mut b = board.clone();
                if let Some(p) = b.predict.as_mut() {
                    p.guess = Some(*guess);
                }
                Cow::Owned(b)
            }
            _ => Cow::Borrowed(board),
        }
    }

    /// The prediction of the step on show, before any guess.
    pub(crate) fn prediction(&self) -> Option<&Prediction> {
        self.lecture.step_board(self.step).predict.as_ref()
    }

    /// Records choice `i` as the class's guess, before the reveal.
    fn guess_choice(&mut self, i: usize) {
        let fits = self
            .prediction()
            .is_some_and(|p| !p.is_number() && i < p.choices.len());
        if fits && !self.revealed && !self.at_end {
            self.guesses.insert(self.step, Guess::Choice(i));
        }
    }

    /// Takes the `=` field's number as the class's guess, or says why not.
    pub(crate) fn submit_guess(&mut self) {
        let Some(field) = self.guess_field.take() else {
            return;
        };
        match crate::lecture::predict::read_number(field.text()) {
            Ok(x) => {
                self.guess_error = None;
                self.guess_number(x);
            }
            Err(why) => {
                self.guess_error = Some(format!("{why} (Esc cancels)"));
                // The field stays open, so the number can be put right.
                self.guess_field = Some(field);
            }
        }
    }

    /// Records `x` as the class's number, before the reveal of a number
    /// prediction (the speaker view's `=` comes here too).
    pub(crate) fn guess_number(&mut self, x: f64) {
        let fits = self.prediction().is_some_and(Prediction::is_number);
        if fits && x.is_finite() && !self.revealed && !self.at_end {
            self.guesses.insert(self.step, Guess::Number(x));
        }
    }

    /// True on a prediction not yet revealed: autoplay waits there.
    pub(crate) fn awaits_reveal(&self) -> bool {
        self.lecture.predicts(self.step) && !self.revealed && !self.at_end
    }

    /// Whether the narration shows, in present mode or not.
    pub(crate) fn narration_shown(&self, present: bool) -> bool {
        self.narration.unwrap_or(!present)
    }

    /// Applies a stepping key; the step never leaves the script.
    pub(crate) fn apply(&mut self, action: LectureAction, present: bool) {
        self.goto_error = None;
        let len = self.lecture.len();
        if len == 0 {
            return;
        }
        let last = len - 1;
        let scene = self.scene();
        let scenes = self.lecture.scene_count();
        let start = self.lecture.scene_start(scene);
        let predicts = self.lecture.predicts(self.step);
        match action {
            // A predict step is walked in two halves: Forward reveals it,
            // Back hides it again.
            LectureAction::Forward if predicts && !self.revealed && !self.at_end => {
                self.revealed = true;
            }
            LectureAction::Forward if self.step == last => self.at_end = true,
            LectureAction::Back if self.at_end => self.at_end = false,
            LectureAction::Back if self.revealed => self.revealed = false,
            LectureAction::Back if self.step > 0 => {
                self.step -= 1;
                // Coming back from after it, a prediction stands revealed.
                self.revealed = self.lecture.predicts(self.step);
            }
            LectureAction::Guess(i) => self.guess_choice(usize::from(i)),
            LectureAction::StartGuess => {
                if self.prediction().is_some_and(Prediction::is_number) && !self.revealed {
                    self.guess_field = Some(TextField::new("number", GUESS_MAX));
                    self.guess_error = None;
                }
            }
            LectureAction::ToggleNarration => {
                self.narration = Some(!self.narration_shown(present));
            }
            LectureAction::ToggleTextView => self.text_view = !self.text_view,
            LectureAction::StartGoto => self.goto = Some(TextField::new("place", GOTO_MAX)),
            // `g g`: the first step; after a number the `g` is typed, and
            // Enter refuses it as it would any letter.
            LectureAction::GotoFirst => match self.goto.as_mut() {
                Some(field) if !field.text().is_empty() => field.push('g'),
                Some(_) => {
                    self.goto = None;
                    self.apply(LectureAction::Home, present);
                }
                None => {}
            },
            other => {
                self.at_end = false;
                self.revealed = false;
                self.step = match other {
                    LectureAction::Forward => self.step + 1,
                    LectureAction::Back => self.step.saturating_sub(1),
                    LectureAction::NextScene if scene + 1 < scenes => {
                        self.lecture.scene_start(scene + 1)
                    }
                    // Pressed mid-scene, go back to this scene's start first.
                    LectureAction::PrevScene if self.step > start => start,
                    LectureAction::PrevScene => self.lecture.scene_start(scene.saturating_sub(1)),
                    LectureAction::Jump(n) if (1..=scenes).contains(&usize::from(n)) => {
                        self.lecture.scene_start(usize::from(n) - 1)
                    }
                    LectureAction::Home => 0,
                    LectureAction::End => last,
                    _ => self.step,
                }
                .min(last);
            }
        }
    }

    /// Goes where the `g` field says: `3` is scene 3's first step, `3.4`
    /// its fourth step; anything else stays put and says why.
    pub(crate) fn submit_goto(&mut self) {
        let Some(field) = self.goto.take() else {
            return;
        };
        let text = field.text().trim().to_string();
        let (scene, step) = match text.split_once('.') {
            Some((s, t)) => (s.trim().parse::<u32>(), t.trim().parse::<u32>()),
            None => (text.parse::<u32>(), Ok(1)),
        };
        let found = match (scene, step) {
            (Ok(s), Ok(t)) => self.lecture.step_index(s, t).map_err(|e| e.to_string()),
            _ => Err(format!(
                "type a scene (1 to {}) or scene.step, like 3.4",
                self.lecture.scene_count()
            )),
        };
        match found {
            Ok(global) => {
                self.step = global;
                self.at_end = false;
                self.revealed = false;
            }
            Err(e) => self.goto_error = Some(e),
        }
    }
}

impl Default for LectureTab {
    fn default() -> Self {
        LectureTab::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside_the_script_and_end_on_a_closing_screen() {
        let mut t = LectureTab::new();
        let last = t.lecture.len() - 1;
        t.apply(LectureAction::Back, false);
        assert_eq!(t.step, 0);
        for _ in 0..t.lecture.len() + 5 {
            t.apply(LectureAction::Forward, false);
        }
        assert_eq!((t.step, t.at_end), (last, true));
        t.apply(LectureAction::Back, false);
        assert_eq!((t.step, t.at_end), (last, false));
        t.apply(LectureAction::Forward, false);
        t.apply(LectureAction::Home, false);
        assert_eq!((t.step, t.at_end), (0, false));
    }

    #[test]
    fn scenes_jump_and_step() {
        let mut t = LectureTab::new();
        let third = t.lecture.scene_start(2);
        let second = t.lecture.scene_start(1);
        t.apply(LectureAction::Jump(3), false);
        assert_eq!((t.step, t.scene()), (third, 2));
        t.apply(LectureAction::Forward, false);
        t.apply(LectureAction::PrevScene, false);
        assert_eq!(t.step, third);
        t.apply(LectureAction::PrevScene, false);
        assert_eq!(t.step, second);
        t.apply(LectureAction::NextScene, false);
        assert_eq!(t.step, third);
        t.apply(LectureAction::Jump(9), false);
        assert_eq!(t.step, third);
    }

    #[test]
    fn the_goto_field_takes_a_scene_or_a_step() {
        let mut t = LectureTab::new();
        for (typed, want) in [("4", (3, 0)), ("3.4", (2, 3)), (" 5.11 ", (4, 10))] {
            t.apply(LectureAction::StartGoto, false);
            if let Some(f) = t.goto.as_mut() {
                for c in typed.chars() {
                    f.push(c);
                }
            }
            t.submit_goto();
            assert_eq!(t.lecture.locate(t.step), want, "{typed}");
            assert_eq!(t.goto_error, None);
        }
        for bad in ["9", "3.40", "x", ""] {
            t.apply(LectureAction::StartGoto, false);
            if let Some(f) = t.goto.as_mut() {
                for c in bad.chars() {
                    f.push(c);
                }
            }
            let before = t.step;
            t.submit_goto();
            assert_eq!(t.step, before, "{bad}");
            assert!(t.goto_error.is_some(), "{bad}");
        }
    }

    #[test]
    fn narration_follows_the_mode_until_toggled() {
        let mut t = LectureTab::new();
        assert!(t.narration_shown(false) && !t.narration_shown(true));
        t.apply(LectureAction::ToggleNarration, true);
        assert!(t.narration_shown(true));
    }
}
