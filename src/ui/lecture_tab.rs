//! The lecture tab: the compiled script, the current step, and the stepping
//! rules. The board is drawn by the lecture's own view; until that view is
//! part of the build, [`render`] draws the progress line and the bit row of
//! the current step from the same engine.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::lecture::Lecture;
use crate::ui::action::LectureAction;
use crate::ui::bit_row::BitRow;
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

/// Draws the lecture tab into `area`.
pub fn render(tab: &LectureTab, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let board = tab.lecture.board(tab.step);
    let (scene, step) = tab.lecture.locate(tab.step);
    let progress = format!(
        " Scene {} of {} · {} · step {} of {}",
        scene + 1,
        board.scene_count,
        tab.lecture.scene_title(scene),
        step + 1,
        board.steps_in_scene
    );
    buf.set_stringn(
        area.x,
        area.y,
        progress,
        usize::from(area.width),
        theme.title(),
    );
    let bits: Vec<bool> = board.row.as_ref().map_or_else(
        || vec![false; 16],
        |row| row.iter().map(|c| c.set).collect(),
    );
    let row = BitRow {
        bits: &bits,
        marks: &[],
    };
    let width = area.width.saturating_sub(2);
    let row_height = row.height(width).min(area.height.saturating_sub(2));
    row.render(
        Rect::new(area.x + 1, area.y + 2, width, row_height),
        buf,
        theme,
    );
    let text_y = area.y + 2 + row_height + 1;
    if text_y >= area.bottom() {
        return;
    }
    let mut lines: Vec<Line<'static>> = board
        .notes
        .iter()
        .chain(&board.derivation)
        .map(|s| Line::styled(s.clone(), theme.text()))
        .collect();
    lines.push(Line::styled(
        "The full board (narration, probes, plots) is drawn by the lecture view; \
         the keys below already step through the script.",
        theme.dim(),
    ));
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(
        Rect::new(
            area.x + 2,
            text_y,
            area.width.saturating_sub(4),
            area.bottom() - text_y,
        ),
        buf,
    );
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
