//! What the sandbox's keys ask for.

/// Which sandbox setting the arrows move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SandboxSetting {
    /// Bits in the sandbox filter.
    M,
    /// Probes per key.
    K,
}

/// What Enter does with the sandbox key field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyMode {
    /// Enter inserts the typed key.
    Insert,
    /// Enter queries the typed key.
    Query,
}

/// Sandbox requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SandboxAction {
    /// Give the key field focus in the given mode.
    Focus(KeyMode),
    /// Swap insert and query while typing.
    ToggleMode,
    /// Choose m or k for the arrows.
    Select(SandboxSetting),
    /// Move the chosen setting (`up` = larger; `big` doubles or halves m).
    Adjust {
        /// Towards larger values.
        up: bool,
        /// A big step.
        big: bool,
    },
    /// Empty the filter and the history.
    Clear,
}
