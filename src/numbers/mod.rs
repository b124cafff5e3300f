//! Numbers as people type and read them: parsing counts and rates
//! ([`parse`]) and formatting figures ([`format`](mod@format)). Below every front end
//! and beside the core: nothing here knows about filters or terminals.

pub mod bytes;
pub mod format;
pub mod parse;

pub use bytes::{format_bytes, parse_bytes};

pub use format::{
    MB, MIB, NARRATION, SCREEN, grouped, grouped_real, human_bytes, megabyte_figure, megabytes,
    sci_from_ln, scientific, short_count, sig, sig_within, signed_sci, trim_zeros,
};
pub use parse::{
    NumberError, TARGET_ALLOWED, parse_count, parse_probability, parse_probability_exact,
    parse_target_rate, parse_target_rate_exact,
};
