//! What the app reaches each screen through, written from the list in
//! [`crate::ui::screen`]:
//!
//! - `Screens`, every screen's state, and `get`/`get_mut` to reach the one
//!   an id names through [`AppScreen`];
//! - the dispatch of a `ScreenAction` to its screen's `act`;
//! - `Lanes` and `Arrival`: each screen's worker lanes and its results,
//!   asked for, collected and stored through [`Work`].

use super::ids::{Screen, ScreenAction};
use super::seam::{ActCx, AppScreen, ScreenState, Work};
use crate::ui::worker::Bell;

/// Writes the registry's types and matches from the list's rows.
macro_rules! registry {
    ($(
        $(#[$doc:meta])*
        $id:ident => $field:ident: $state:ty, $action:ty, $about:literal;
    )+) => {
        /// The state of every screen, one field each.
        #[derive(Debug, Default)]
        pub(crate) struct Screens {
            $(
                #[doc = concat!("The ", stringify!($id), " screen.")]
                pub(crate) $field: $state,
            )+
        }

        impl Screens {
            /// The screen `id` names.
            pub(crate) fn get(&self, id: Screen) -> &dyn AppScreen {
                match id {
                    $(Screen::$id => &self.$field,)+
                }
            }

            /// The screen `id` names, to change.
            pub(crate) fn get_mut(&mut self, id: Screen) -> &mut dyn AppScreen {
                match id {
                    $(Screen::$id => &mut self.$field,)+
                }
            }

            /// Applies an action to the screen it belongs to.
            pub(crate) fn act(&mut self, action: ScreenAction, cx: &mut ActCx<'_>) {
                // The list's action type is the screen's own: this match
                // does not compile otherwise.
                match action {
                    $(ScreenAction::$id(action) => self.$field.act(action, cx),)+
                }
            }

            /// Asks `lanes` for every figure screen `id` lacks.
            pub(crate) fn ask(&self, id: Screen, lanes: &mut Lanes) {
                match id {
                    $(Screen::$id => {
                        <<$state as ScreenState>::Work as Work<$state>>::ask(
                            &mut lanes.$field,
                            &self.$field,
                        )
                    })+
                }
            }

            /// Every figure screen `id` shows, computed on this thread.
            pub(crate) fn compute_now(&self, id: Screen) -> Vec<Arrival> {
                match id {
                    $(Screen::$id => <<$state as ScreenState>::Work as Work<$state>>::now(&self.$field)
                        .into_iter()
                        .map(Arrival::$id)
                        .collect(),)+
                }
            }

            /// Every screen's key table, in tab order.
            #[cfg(test)]
            pub(crate) fn key_tables() -> Vec<(Screen, &'static [crate::ui::help::KeyPage])> {
                vec![$((Screen::$id, <$state as ScreenState>::KEYS)),+]
            }

            /// Stores a result with the screen that asked for it.
            pub(crate) fn store(&mut self, arrival: Arrival) {
                match arrival {
                    $(Arrival::$id(arrival) => {
                        <<$state as ScreenState>::Work as Work<$state>>::store(&mut self.$field, arrival)
                    })+
                }
            }
        }

        /// Every screen's worker lanes, started with the app.
        pub(crate) struct Lanes {
            $($field: <$state as ScreenState>::Work,)+
        }

        impl Lanes {
            /// Starts every screen's lanes (idle threads until asked), each
            /// ringing `bell` with its answers.
            pub(crate) fn start(bell: &Bell) -> Self {
                Lanes {
                    $($field: <<$state as ScreenState>::Work as Work<$state>>::start(bell),)+
                }
            }

            /// Every result that has arrived since the last call.
            pub(crate) fn collect(&mut self) -> Vec<Arrival> {
                let mut out = Vec::new();
                $(
                    let mut arrived = Vec::new();
                    <<$state as ScreenState>::Work as Work<$state>>::collect(
                        &mut self.$field,
                        &mut arrived,
                    );
                    out.extend(arrived.into_iter().map(Arrival::$id));
                )+
                out
            }
        }

        /// A finished (or partial) computation for one screen, tagged with
        /// the settings it was computed for.
        #[derive(Debug, Clone, PartialEq)]
        #[allow(
            clippy::large_enum_variant,
            reason = "an arrival travels boxed, in `Message::Arrived`"
        )]
        pub(crate) enum Arrival {
            $(
                #[doc = concat!("For the ", stringify!($id), " screen.")]
                $id(<<$state as ScreenState>::Work as Work<$state>>::Arrival),
            )+
        }
    };
}

screens!(registry);
