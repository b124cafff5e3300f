//! The command-line contract, as clap definitions. Tests and scripts rely on
//! these names; see README.md for the examples.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use super::ranges;

/// bloomlab: learn, teach and reason about Bloom filters.
#[derive(Debug, Parser)]
#[command(name = "bloomlab", version, about)]
pub struct Cli {
    /// Options for the interactive app (used when no subcommand is given).
    #[command(flatten)]
    pub app: AppArgs,
    /// A one-shot command instead of the app.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Which screen of the app to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ScreenName {
    /// The five lecture scenes.
    #[default]
    Lecture,
    /// m, n, k sliders and the rates side by side.
    Lab,
    /// The lesson's live filter: type keys, insert and query.
    Sandbox,
    /// n and a target rate in; m, bytes and k out.
    Sizing,
}

/// Which probe scheme a filter uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SchemeName {
    /// The lesson's FNV-1a with double hashing.
    Double,
    /// k independent seeded 64-bit hashes (the textbook model).
    #[default]
    Independent,
}

/// Options that open the app at a given place (also used by `render`).
#[derive(Debug, Clone, Args, Default)]
pub struct AppArgs {
    /// Screen to open on (the lecture when not given).
    #[arg(long, value_enum)]
    pub screen: Option<ScreenName>,
    /// Bits in the filter (lab).
    #[arg(long, value_parser = ranges::lab_bits, allow_negative_numbers = true)]
    pub m: Option<u64>,
    /// Keys inserted (lab).
    #[arg(long, value_parser = ranges::lab_keys, allow_negative_numbers = true)]
    pub n: Option<u64>,
    /// Hash functions per key (lab).
    #[arg(long, value_parser = ranges::lab_hashes, allow_negative_numbers = true)]
    pub k: Option<u32>,
    /// A lecture script to use instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
}

impl AppArgs {
    /// These options, with any left out taken from `fallback`.
    pub fn or(self, fallback: AppArgs) -> AppArgs {
        AppArgs {
            screen: self.screen.or(fallback.screen),
            m: self.m.or(fallback.m),
            n: self.n.or(fallback.n),
            k: self.k.or(fallback.k),
            script: self.script.or(fallback.script),
        }
    }

    /// True when any option was given.
    pub fn any_given(&self) -> bool {
        self.screen.is_some()
            || self.m.is_some()
            || self.n.is_some()
            || self.k.is_some()
            || self.script.is_some()
    }
}

/// The one-shot commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Exact, idealised and true false-positive rates for m, n, k.
    Rate(RateArgs),
    /// Count false positives on real, seeded filters.
    Measure(MeasureArgs),
    /// Size a filter for n keys at a target rate p.
    Size(SizeArgs),
    /// Print the lesson hash's positions for each key.
    Positions(PositionsArgs),
    /// Insert keys into a lesson filter and query others.
    Lookup(LookupArgs),
    /// Draw one screen as plain text, exactly as the app would.
    Render(RenderArgs),
    /// Check or trace a lecture script.
    Script(ScriptArgs),
}

/// `bloomlab rate`.
#[derive(Debug, Clone, Args)]
pub struct RateArgs {
    /// Bits in the filter (1 to 10^12).
    #[arg(long, value_parser = super::rate::rate_bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Keys inserted (0 to 10^15).
    #[arg(long, value_parser = super::rate::rate_keys, allow_negative_numbers = true)]
    pub n: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
    /// Significant digits of the exact rate (1 to 10000).
    #[arg(long, default_value_t = 10, value_parser = ranges::digits, allow_negative_numbers = true)]
    pub digits: u32,
    /// Largest full exact fraction, in decimal digits of its denominator,
    /// worth building (1 to 10^8). The printed digits never need it (they
    /// come from certified brackets at any size); it is built within this
    /// budget to divide it out as a check, and for --rational.
    #[arg(long, value_name = "DIGITS", default_value_t = crate::rates::budget::DEFAULT_MAX_DIGITS, value_parser = ranges::budget_digits, allow_negative_numbers = true)]
    pub max_digits: u64,
    /// The k values scanned for the best one, as LO..HI (both included).
    /// Without it: 1..10, widened while the best k sits on the upper edge.
    #[arg(long, value_name = "LO..HI", value_parser = ranges::k_range)]
    pub best_k_range: Option<(u32, u32)>,
    /// Print the numerator and denominator of the exact classic rate
    /// instead (refused when its denominator is over --max-digits).
    #[arg(long)]
    pub rational: bool,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `bloomlab measure`.
#[derive(Debug, Clone, Args)]
pub struct MeasureArgs {
    /// Bits in each filter (1 to 2^32).
    #[arg(long, value_parser = ranges::filter_bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Keys inserted into each filter (0 to 10^12).
    #[arg(long, value_parser = ranges::keys, allow_negative_numbers = true)]
    pub n: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
    /// Never-inserted keys queried per filter (1 to 10^9).
    #[arg(long, default_value_t = 100_000, value_parser = ranges::queries, allow_negative_numbers = true)]
    pub queries: u64,
    /// Independent filters to pool over, fresh keys for each (1 to 10^7).
    #[arg(long, default_value_t = 1, value_parser = ranges::filters, allow_negative_numbers = true)]
    pub filters: u64,
    /// Seed for key generation and hash seeds.
    #[arg(long, default_value_t = 1, value_parser = ranges::seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Probe scheme.
    #[arg(long, value_enum, default_value_t = SchemeName::Independent)]
    pub scheme: SchemeName,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Which rate `size` has to bring down to the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SizeBy {
    /// The classic formula `(1 - (1 - 1/m)^(kn))^k`, exactly.
    #[default]
    Classic,
    /// The true rate of a real filter, `E[(X/m)^k]`, exactly.
    True,
}

/// `bloomlab size`: any three of n, p, m (or --memory) and k in, the fourth out.
#[derive(Debug, Clone, Args)]
pub struct SizeArgs {
    /// Keys to hold (accepts 50M, 1e6, 50000000).
    #[arg(long, allow_hyphen_values = true)]
    pub n: Option<String>,
    /// Target false-positive rate (accepts 1%, 0.01, 1/100, 1 in 1000).
    #[arg(long, allow_hyphen_values = true)]
    pub p: Option<String>,
    /// Bits in the filter (accepts 479252919, 4.8e8, 480M).
    #[arg(long, allow_hyphen_values = true)]
    pub m: Option<String>,
    /// The filter's size as memory instead of bits (64MiB, 1.5GB; units B,
    /// KB, MB, GB, TB, KiB, MiB, GiB, TiB).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "m")]
    pub memory: Option<String>,
    /// Hash functions per key (1 to 1000); the best one when left out.
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: Option<u32>,
    /// Which exact rate must meet the target.
    #[arg(long, value_enum, default_value_t = SizeBy::Classic)]
    pub by: SizeBy,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `bloomlab positions`.
#[derive(Debug, Clone, Args)]
pub struct PositionsArgs {
    /// Keys to hash.
    #[arg(required = true)]
    pub keys: Vec<std::ffi::OsString>,
    /// Bits in the filter (1 to 10^12).
    #[arg(long, value_parser = ranges::bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
}

/// `bloomlab lookup`.
#[derive(Debug, Clone, Args)]
pub struct LookupArgs {
    /// Bits in the filter (1 to 2^32).
    #[arg(long, value_parser = ranges::filter_bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
    /// Comma-separated keys to insert (raw bytes on Unix, so any encoding works).
    #[arg(long)]
    pub insert: std::ffi::OsString,
    /// Comma-separated keys to query.
    #[arg(long)]
    pub query: std::ffi::OsString,
}

/// `bloomlab render`.
#[derive(Debug, Clone, Args)]
pub struct RenderArgs {
    /// Where to put the app, as when opening it: screen (the lecture when
    /// not given), m, n, k and a lecture script.
    #[command(flatten)]
    pub app: AppArgs,
    /// Lecture scene, counting from 1.
    #[arg(long, value_parser = ranges::scene_or_step, allow_negative_numbers = true)]
    pub scene: Option<u32>,
    /// Step within the scene, counting from 1.
    #[arg(long, value_parser = ranges::scene_or_step, allow_negative_numbers = true)]
    pub step: Option<u32>,
    /// Width of the drawing in columns (1 to 1000).
    #[arg(long, default_value_t = 100, value_parser = ranges::render_size, allow_negative_numbers = true)]
    pub width: u16,
    /// Height of the drawing in rows (1 to 1000).
    #[arg(long, default_value_t = 30, value_parser = ranges::render_size, allow_negative_numbers = true)]
    pub height: u16,
}

/// `bloomlab script`.
#[derive(Debug, Clone, Args)]
pub struct ScriptArgs {
    /// What to do with the script.
    #[command(subcommand)]
    pub action: ScriptAction,
}

/// `bloomlab script check|trace`.
#[derive(Debug, Clone, Subcommand)]
pub enum ScriptAction {
    /// Validate a script; errors are reported as file:line:column.
    Check {
        /// The script file.
        file: PathBuf,
    },
    /// Print the board after every step (one JSON object per line with --json).
    Trace {
        /// The script file (the built-in lecture when omitted).
        file: Option<PathBuf>,
        /// One JSON object per step.
        #[arg(long)]
        json: bool,
    },
}
