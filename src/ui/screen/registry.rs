//! The `registry!` macro. From the one list of screens in
//! [`crate::ui::screen`] it writes everything that has one arm or one field
//! per screen, so that list is the only place a screen is named:
//!
//! - `Screen`, the screens' ids in tab order (the public enum `AppConfig`
//!   and `--screen` take), with what `--help` says of each;
//! - `Screens`, every screen's state, and `get`/`get_mut` to reach the one
//!   an id names through [`AppScreen`](super::seam::AppScreen);
//! - `ScreenAction`, one variant per screen holding that screen's own
//!   action type, and the `From` conversions into `Action` and `Message`;
//! - `Lanes` and `Arrival`: each screen's worker lanes and its results,
//!   asked for, collected and stored through [`Work`](super::seam::Work).

/// Writes the registry's types from a list of
/// `Id => field: StateType, "what --help says";` rows (with `///` docs,
/// which become the docs of `Screen`'s variants). `Id` is the tab's label
/// and `field` the name `--screen` takes.
macro_rules! registry {
    ($(
        $(#[$doc:meta])*
        $id:ident => $field:ident: $state:ty, $about:literal;
    )+) => {
        /// One screen of the app. The order of the variants is the tab order.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumIter, strum::IntoStaticStr,
        )]
        pub enum Screen {
            $($(#[$doc])* $id,)+
        }

        impl Screen {
            /// Every screen, in tab order.
            pub(crate) const ALL: &'static [Screen] = &[$(Screen::$id),+];

            /// The name `--screen` takes: the screen's field in the list.
            pub(crate) fn cli_name(self) -> &'static str {
                match self {
                    $(Screen::$id => stringify!($field),)+
                }
            }

            /// Every screen's key table, in tab order.
            #[cfg(test)]
            pub(crate) fn key_tables() -> Vec<(Screen, &'static [KeyPage])> {
                vec![$((Screen::$id, <$state as ScreenState>::KEYS)),+]
            }

            /// What `bloomlab --help` says of the screen.
            pub(crate) fn about(self) -> &'static str {
                match self {
                    $(Screen::$id => $about,)+
                }
            }
        }

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

            /// Stores a result with the screen that asked for it.
            pub(crate) fn store(&mut self, arrival: Arrival) {
                match arrival {
                    $(Arrival::$id(arrival) => {
                        <<$state as ScreenState>::Work as Work<$state>>::store(&mut self.$field, arrival)
                    })+
                }
            }
        }

        /// A request for one screen, in that screen's own action type.
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub(crate) enum ScreenAction {
            $(
                #[doc = concat!("For the ", stringify!($id), " screen.")]
                $id(<$state as ScreenState>::Action),
            )+
        }

        $(
            impl From<<$state as ScreenState>::Action> for Action {
                fn from(action: <$state as ScreenState>::Action) -> Self {
                    Action::Screen(ScreenAction::$id(action))
                }
            }

            impl From<<$state as ScreenState>::Action> for Message {
                fn from(action: <$state as ScreenState>::Action) -> Self {
                    Message::Action(action.into())
                }
            }
        )+

        /// Every screen's worker lanes, started with the app.
        pub(crate) struct Lanes {
            $($field: <$state as ScreenState>::Work,)+
        }

        impl Lanes {
            /// Starts every screen's lanes (idle threads until asked).
            pub(crate) fn start() -> Self {
                Lanes {
                    $($field: <<$state as ScreenState>::Work as Work<$state>>::start(),)+
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
