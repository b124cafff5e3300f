//! What the Compare screen's keys and clicks ask for, and its sliders by
//! name.

/// The Compare screen's settings, in the order they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CompareSlider {
    /// Keys every structure holds.
    N,
    /// The target false-positive rate the structures are sized for.
    P,
    /// Never-inserted keys queried against each structure.
    Queries,
}

impl CompareSlider {
    /// Every slider, top to bottom.
    pub(crate) const ALL: [CompareSlider; 3] =
        [CompareSlider::N, CompareSlider::P, CompareSlider::Queries];
}

/// Compare requests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum CompareAction {
    /// Choose the slider above.
    SelectPrev,
    /// Choose the slider below.
    SelectNext,
    /// Move the chosen slider one step (`up` = larger), or one big step.
    Adjust {
        /// Towards larger values.
        up: bool,
        /// A big step (Shift+arrow, `<` or `>`).
        big: bool,
    },
    /// Put a slider at a fraction (0..=1) of its track (mouse click or drag).
    SetFraction(CompareSlider, f64),
    /// Start typing into the chosen slider, optionally with a first character.
    StartEdit(Option<char>),
    /// Draw a new seed: new keys and new hashes for every structure.
    Reseed,
}
