//! Numbers as people type and read them: parsing counts and rates
//! ([`parse`]), formatting figures ([`format`](mod@format)), and memory
//! sizes both ways ([`bytes`]). Below every front end and the core: nothing
//! here knows about filters or terminals.

pub mod bytes;
pub mod format;
pub mod parse;

pub use bytes::{BytesStyle, MB, MIB, format_bytes, format_bytes_as, parse_bytes};

pub use format::{
    NARRATION, SCREEN, counted, counted_grouped, grouped, grouped_real, sci_from_ln, scientific,
    short_count, sig, sig_within, signed_sci, trim_zeros,
};
pub use parse::{
    NumberError, TARGET_ALLOWED, parse_count, parse_probability, parse_probability_exact,
    parse_target_rate, parse_target_rate_exact,
};
