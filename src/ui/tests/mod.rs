//! Tests of the app's screens that need its insides: key handling, event
//! storms, layouts at many sizes, and snapshots of every screen. They drive
//! the state through `update` and draw with the real views, no terminal.

mod lecture_fuzz;
mod lecture_glyphs;
mod lecture_layout;
mod lecture_view;
mod storm_app;
mod ui_fit;
mod ui_keys;
mod ui_lab_fit;
mod ui_screens;

use crate::ui::app::App;
use crate::ui::config::FrameConfig;
use crate::ui::error::UiError;
use crate::ui::headless::Headless;
use crate::ui::theme::Theme;

/// The app `frame` describes, with every figure computed, in `theme`.
fn app_for(frame: &FrameConfig, theme: Theme) -> Result<App, UiError> {
    Headless::with_theme(frame, theme).map(Headless::into_app)
}
