//! placeholder until the chart kit lands
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use crate::ui::compare::measuring::LineupFigures;
use crate::ui::compare::state::CompareState;
use crate::ui::screen::ViewCx;
pub(crate) fn render(_: &CompareState, _: Option<&LineupFigures>, _: bool, _: &ViewCx<'_>, _: Rect, _: &mut Buffer) {}
