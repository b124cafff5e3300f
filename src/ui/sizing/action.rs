//! What the sizing screen's keys ask for, and its fields by name.

/// The four sizing inputs, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SizingField {
    /// Number of keys.
    N,
    /// Target false-positive rate.
    P,
    /// Bits in the filter, or a memory size.
    M,
    /// Hash positions per key (blank: the best).
    K,
}

impl SizingField {
    /// Every field, top to bottom.
    pub(crate) const ALL: [SizingField; 4] = [
        SizingField::N,
        SizingField::P,
        SizingField::M,
        SizingField::K,
    ];
}

/// Sizing requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SizingAction {
    /// Start editing the chosen field; a first character replaces its text.
    Edit(Option<char>),
    /// Choose the field below (`next`) or above.
    Select {
        /// Downwards.
        next: bool,
    },
    /// Make the chosen field the one worked out from the others (`s`).
    Solve,
    /// Size by the true rate instead of the exact classic one, or back (`b`).
    ToggleBy,
}
