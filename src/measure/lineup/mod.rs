//! The line-up: every filter a reader meets after the classic Bloom filter,
//! built for the same n keys and target rate p, measured on the same
//! never-inserted keys, and set against the floor `log2(1/p)` bits per key
//! that no such structure can beat. `bloomlab compare` prints it; a screen
//! can run it on a worker and show each structure as it arrives.
//!
//! The core API:
//! - [`LineupConfig`] `{ n, target, queries, seed }`;
//! - [`measure_lineup`]`(&cfg, &cancel, &mut on_event) -> Result<Lineup, LineupError>`
//!   (and [`measure_lineup_of`] for a chosen list of [`Structure`]s):
//!   `on_event` hears [`LineupEvent::Sized`], then per structure
//!   `Started`, `Keys { done, total }` every [`CHUNK`] keys, and
//!   `Arrived(&StructureResult)`; raising `cancel` stops it within
//!   [`CHUNK`] keys with [`LineupError::Cancelled`];
//! - [`check_memory`] refuses an n whose structures would not fit a budget
//!   (naming the largest n that does) before anything is built.
//!
//! Not to be confused with [`super::compare`], which holds two k of one
//! Bloom filter against each other.

mod notes;
mod plan;
mod report;
mod run;
mod structure;

pub use notes::OUTSIDE;
pub use plan::{
    LineupConfig, Sizes, check_memory, largest_n_within, memory_needed, sizes, table_bytes,
};
pub use report::{Lineup, LineupEvent, StructureResult};
pub use run::{CHUNK, measure_lineup, measure_lineup_of};
pub use structure::{BLOOMLAB, FASTBLOOM, QFILTER, Structure, XORF};

use crate::numbers::{BytesStyle, format_bytes_as};

/// Why a line-up produced no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    /// The cancel flag was raised.
    #[error("the comparison was cancelled")]
    Cancelled,
    /// n, p or the query count is out of range.
    #[error("{0}")]
    Input(String),
    /// The structures would not fit the memory budget.
    #[error(
        "n = {n} would need about {} for the ten structures (their tables and the largest \
         build's scratch), over the budget of {}; the largest n that fits is {largest}",
        format_bytes_as(*needed, BytesStyle::Units),
        format_bytes_as(*budget, BytesStyle::Units)
    )]
    OverBudget {
        /// The n asked for.
        n: u64,
        /// Bytes it would need.
        needed: u64,
        /// The budget in bytes.
        budget: u64,
        /// The largest n within the budget.
        largest: u64,
    },
    /// The Bloom filters could not be sized.
    #[error("cannot size the Bloom filters: {0}")]
    Sizing(String),
    /// A structure could not be built.
    #[error("cannot build a structure: {0}")]
    Build(String),
}

#[cfg(test)]
mod tests;
