//! Which computations the screen on show needs, run either on the worker
//! lanes (the app) or right here (`bloomlab render`, benches, tests). What
//! each screen asks for is its own ([`crate::ui::screen::Work`]); this is
//! only where the app keeps the lanes.

use crate::ui::app::App;
use crate::ui::screen::{Arrival, Lanes};
use crate::ui::update::{Message, update};
use crate::ui::worker::Bell;

/// The worker lanes of the app: every screen's, one per kind of figure.
pub(crate) struct Jobs {
    lanes: Lanes,
    bell: Bell,
}

impl Jobs {
    /// Starts the lanes (idle threads until asked), for a loop that looks
    /// for results on its own.
    pub(crate) fn new() -> Self {
        Jobs::ringing(Bell::silent())
    }

    /// Starts the lanes, which ring `bell` as each result lands.
    pub(crate) fn ringing(bell: Bell) -> Self {
        Jobs {
            lanes: Lanes::start(&bell),
            bell,
        }
    }

    /// Asks for every figure the screen on show lacks. Asking again for
    /// the same settings costs nothing; new settings cancel the old work.
    pub(crate) fn dispatch(&mut self, app: &App) {
        app.screens.ask(app.screen, &mut self.lanes);
    }

    /// Every result that has arrived since the last call, as messages for
    /// [`crate::ui::update::update`] to apply.
    pub(crate) fn collect(&mut self) -> Vec<Arrival> {
        // Heard first: a result landing after this look rings again.
        self.bell.heard();
        self.lanes.collect()
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs::new()
    }
}

/// Computes every figure of the screen on show on this thread, so a drawing
/// shows completed values (for `bloomlab render`, benches and tests).
pub(crate) fn compute_now(app: &mut App) {
    for arrival in app.screens.compute_now(app.screen) {
        update(app, Message::Arrived(Box::new(arrival)));
    }
}
