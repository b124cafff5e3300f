//! Every range of values the program accepts, in one place: the exact
//! arithmetic's, a real filter's, the command line's, the lab's and the
//! sandbox's sliders, and a lecture script's. The command line and the app
//! both read them here, so an option and the slider it sets can never
//! disagree, and an error can quote the range it enforces.

/// A closed range of whole numbers and how its upper end is written in
/// messages (`10^12` reads better than `1000000000000`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Smallest allowed value.
    pub min: u64,
    /// Largest allowed value.
    pub max: u64,
    /// The largest value as messages print it.
    pub max_text: &'static str,
}

impl Span {
    /// Whether `v` lies inside the range, ends included.
    ///
    /// ```
    /// assert!(bloomlab::limits::LAB_K.contains(32));
    /// assert!(!bloomlab::limits::LAB_K.contains(33));
    /// ```
    pub const fn contains(&self, v: u64) -> bool {
        v >= self.min && v <= self.max
    }

    /// `v` moved into the range.
    pub fn clamp(&self, v: u64) -> u64 {
        v.clamp(self.min, self.max)
    }

    /// "a whole number between 1 and 10^12", the wording every option uses.
    pub fn describe(&self) -> String {
        format!("a whole number between {} and {}", self.min, self.max_text)
    }
}

const fn span(min: u64, max: u64, max_text: &'static str) -> Span {
    Span { min, max, max_text }
}

/// Bits the exact arithmetic accepts.
pub const EXACT_M: Span = span(1, 1_000_000_000_000_000_000, "10^18");
/// Keys the exact arithmetic accepts.
pub const EXACT_N: Span = span(0, 1_000_000_000_000_000, "10^15");
/// Hash positions per key, everywhere. The true rate needs a row of
/// Stirling numbers and k + 1 big powers, so k is kept to a size where that
/// bookkeeping stays cheap next to the powers themselves.
pub const K: Span = span(1, 1000, "1000");

/// Bits `rate` and `positions` accept on the command line.
pub const CLI_M: Span = span(1, 1_000_000_000_000, "10^12");
/// Keys the command line accepts.
pub const CLI_N: Span = span(0, 1_000_000_000_000, "10^12");
/// Bits `rate` accepts: its digits come from certified brackets, which
/// reach every m the exact arithmetic takes.
pub const RATE_M: Span = EXACT_M;
/// Keys `rate` accepts.
pub const RATE_N: Span = EXACT_N;
/// Bits of a filter that is really allocated (512 MiB of bits).
pub const FILTER_M: Span = span(1, 1 << 32, "2^32 (4294967296) for a real filter");
/// Significant digits `rate` prints.
pub const DIGITS: Span = span(1, 10_000, "10000");
/// The digit budget `rate --max-digits` accepts.
pub const BUDGET_DIGITS: Span = span(1, 100_000_000, "10^8");
/// Never-inserted keys queried per filter by `measure`.
pub const QUERIES: Span = span(1, 1_000_000_000, "10^9");
/// Filters pooled by `measure`.
pub const FILTERS: Span = span(1, 10_000_000, "10^7");
/// Keys `compare` builds every structure for (the memory budget below
/// usually bites first).
pub const COMPARE_N: Span = span(1, 1_000_000_000, "10^9");
/// Never-inserted keys `compare` queries against each structure.
pub const COMPARE_QUERIES: Span = span(1, 100_000_000, "10^8");
/// The smallest target rate `compare` sizes for: below it even 10^8
/// queries expect fewer than one false positive from a structure that
/// meets it, so nothing measured could tell.
pub const COMPARE_P_MIN: f64 = 1e-8;
/// The memory `compare` may ask for: every structure's table as if held at
/// once, plus the keys' hashes and the largest construction's scratch.
pub const COMPARE_MEMORY: u64 = 2 << 30;
/// Columns or rows of a rendered frame.
pub const RENDER_SIZE: Span = span(1, 1000, "1000");
/// A scene or step number on the command line (the script decides the real
/// range; this only keeps the number sane before the script is read).
pub const SCENE_OR_STEP: Span = span(1, 10_000, "10000");

/// Seconds between autoplay's steps (`--autoplay`, the config file's
/// `autoplay`).
pub const AUTOPLAY_SECONDS: Span = span(1, 3600, "3600");
/// A talk's length in minutes (`--minutes`, the config file's `minutes`),
/// for the speaker view's countdown: up to a ten-hour teaching day.
pub const TALK_MINUTES: Span = span(1, 600, "600");

/// The lab's m slider (and `bloomlab --m`): past the crawler's 10^10 bits,
/// since every rate figure comes from certified digits at any size.
pub const LAB_M: Span = span(1, 1_000_000_000_000, "10^12");
/// The lab's n slider (and `bloomlab --n`).
pub const LAB_N: Span = span(1, 10_000_000_000, "10^10");
/// The largest filter the lab builds to measure: 2^31 bits, 256 MiB. Past
/// it the measured column says so instead of allocating.
pub const LAB_MEASURE_M: u64 = 1 << 31;
/// The lab's k slider (and `bloomlab --k`).
pub const LAB_K: Span = span(1, 32, "32");
/// The lab's queries-per-filter slider.
pub const LAB_QUERIES: Span = span(1, 10_000_000, "10,000,000");
/// The lab's filters slider.
pub const LAB_FILTERS: Span = span(1, 100_000, "100,000");

/// The sandbox's m: the row must stay drawable.
pub const SANDBOX_M: Span = span(1, 512, "512");
/// The sandbox's k.
pub const SANDBOX_K: Span = span(1, 16, "16");

/// The widest row a lecture script may ask for (it is drawn on one line).
pub const SCRIPT_M: Span = span(1, 64, "64");
/// Most positions per item in a lecture script.
pub const SCRIPT_K: Span = span(1, 16, "16");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_ends_match_the_numbers() {
        for s in [
            EXACT_M,
            EXACT_N,
            K,
            CLI_M,
            CLI_N,
            DIGITS,
            BUDGET_DIGITS,
            QUERIES,
            FILTERS,
            COMPARE_N,
            COMPARE_QUERIES,
            RENDER_SIZE,
            SCENE_OR_STEP,
            AUTOPLAY_SECONDS,
            TALK_MINUTES,
            LAB_M,
            LAB_N,
            LAB_K,
            LAB_QUERIES,
            LAB_FILTERS,
            SANDBOX_M,
            SANDBOX_K,
            SCRIPT_M,
            SCRIPT_K,
        ] {
            let text = s.max_text.split(' ').next().unwrap_or("").replace(',', "");
            let value = match text.split_once('^') {
                Some((b, e)) => b.parse::<u64>().unwrap().pow(e.parse().unwrap()),
                None => text.parse().unwrap(),
            };
            assert_eq!(value, s.max, "{s:?}");
        }
    }

    #[test]
    fn ranges_nest_where_one_feeds_another() {
        // The lab and the command line only ask for what the arithmetic takes.
        assert!(EXACT_M.contains(CLI_M.max) && EXACT_N.contains(CLI_N.max));
        assert!(CLI_M.contains(LAB_M.max) && CLI_N.contains(LAB_N.max));
        assert!(K.contains(LAB_K.max) && K.contains(SANDBOX_K.max));
        assert!(FILTER_M.contains(LAB_MEASURE_M) && FILTER_M.contains(SANDBOX_M.max));
    }
}
