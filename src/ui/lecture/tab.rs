//! The lecture tab: the compiled script, the current step, and the stepping
//! rules. The board itself is drawn by [`crate::ui::lecture`].

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::lecture::Lecture;
use crate::ui::action::LectureAction;
use crate::ui::theme::Theme;

/// Where the lecture stands.
#[derive(Debug, Clone, PartialEq)]
pub struct LectureTab {
    /// The compiled script.
    pub lecture: Lecture,
    /// Global step index, counted from 0.
    pub step: usize,
}

impl LectureTab {
    /// The built-in lecture at its first step.
    pub fn new() -> Self {
        LectureTab::with(Lecture::builtin())
    }

    /// `lecture` at its first step.
    pub fn with(lecture: Lecture) -> Self {
        LectureTab { lecture, step: 0 }
    }

    /// The scene (from 0) that holds the current step.
    pub fn scene(&self) -> usize {
        self.lecture.locate(self.step).0
    }

    /// Applies a stepping key; the step never leaves the script.
    pub fn apply(&mut self, action: LectureAction) {
        let len = self.lecture.len();
        if len == 0 {
            return;
        }
        let last = len - 1;
        let scene = self.scene();
        let scenes = self.lecture.scene_count();
        let start = self.lecture.scene_start(scene);
        self.step = match action {
            LectureAction::Forward => (self.step + 1).min(last),
            LectureAction::Back => self.step.saturating_sub(1),
            LectureAction::NextScene if scene + 1 < scenes => self.lecture.scene_start(scene + 1),
            LectureAction::NextScene => self.step,
            // Pressed mid-scene, go back to this scene's start first.
            LectureAction::PrevScene if self.step > start => start,
            LectureAction::PrevScene => self.lecture.scene_start(scene.saturating_sub(1)),
            LectureAction::Jump(n) if (1..=scenes).contains(&usize::from(n)) => {
                self.lecture.scene_start(usize::from(n) - 1)
            }
            LectureAction::Jump(_) => self.step,
            LectureAction::Home => 0,
        }
        .min(last);
    }
}

impl Default for LectureTab {
    fn default() -> Self {
        LectureTab::new()
    }
}

/// Draws the lecture tab into `area` with the lecture's own view.
pub(crate) fn render(tab: &LectureTab, area: Rect, buf: &mut Buffer, theme: &Theme) {
    crate::ui::lecture::render(&tab.lecture, tab.step, area, buf, theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside_the_script() {
        let mut t = LectureTab::new();
        let last = t.lecture.len() - 1;
        t.apply(LectureAction::Back);
        assert_eq!(t.step, 0);
        for _ in 0..t.lecture.len() + 5 {
            t.apply(LectureAction::Forward);
        }
        assert_eq!(t.step, last);
        t.apply(LectureAction::NextScene);
        assert_eq!(t.step, last);
        t.apply(LectureAction::Home);
        assert_eq!(t.step, 0);
    }

    #[test]
    fn scenes_jump_and_step() {
        let mut t = LectureTab::new();
        let third = t.lecture.scene_start(2);
        let second = t.lecture.scene_start(1);
        t.apply(LectureAction::Jump(3));
        assert_eq!((t.step, t.scene()), (third, 2));
        t.apply(LectureAction::Forward);
        t.apply(LectureAction::PrevScene);
        assert_eq!(t.step, third);
        t.apply(LectureAction::PrevScene);
        assert_eq!(t.step, second);
        t.apply(LectureAction::NextScene);
        assert_eq!(t.step, third);
        t.apply(LectureAction::Jump(9));
        assert_eq!(t.step, third);
    }
}
