//! What the lab's keys and clicks ask for, and its sliders by name.

/// The lab's adjustable settings, in the order they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LabSlider {
    /// Bits in the filter.
    M,
    /// Keys inserted.
    N,
    /// Hash positions per key.
    K,
    /// Never-inserted keys queried per filter.
    Queries,
    /// Filters pooled in the measurement.
    Filters,
}

impl LabSlider {
    /// Every slider, top to bottom.
    pub(crate) const ALL: [LabSlider; 5] = [
        LabSlider::M,
        LabSlider::N,
        LabSlider::K,
        LabSlider::Queries,
        LabSlider::Filters,
    ];
}

/// Lab requests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum LabAction {
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
    SetFraction(LabSlider, f64),
    /// Start typing into the chosen slider, optionally with a first
    /// character; while the rates hide, typing the guess for the best k
    /// instead.
    StartEdit(Option<char>),
    /// Keep bits per key fixed while n moves, or release the lock.
    ToggleLock,
    /// Switch the probe scheme of the measured filters.
    ToggleScheme,
    /// Draw a new seed for the measurement.
    Reseed,
    /// Start a measurement too long to start by itself, or stop it (`m`).
    ToggleMeasure,
    /// Measure two k on the same filters (`c`).
    Compare,
    /// Charts of the exact rate's gap to the idealised one, or of the
    /// rates themselves (`d`).
    ToggleGapView,
    /// The predict switch (`P`): a slider move hides the rates until the
    /// best k is guessed.
    TogglePredict,
    /// Start the seed's rehearsal, or move it one step on (`R`).
    Rehearse,
}
