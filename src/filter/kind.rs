//! The probe schemes by name: the one list of scheme kinds that the
//! filter, the measurement, the command line and the lab share.
//!
//! A [`SchemeKind`] says how probes are made; a [`Scheme`](super::Scheme)
//! is a kind with whatever it needs to run (the independent scheme's seed),
//! made by `SchemeKind::with_seed`. The kind also
//! carries what a front end says about the scheme: why its measured rate
//! can sit off the model's, and how large the 32-bit hash wall is.

use std::fmt;
use std::str::FromStr;

/// How a filter turns a key into its k bit positions, without parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SchemeKind {
    /// The lesson's hash: FNV-1a, then `pos_i = (h1 + i*h2) mod m`.
    Double,
    /// Enhanced double hashing (Dillinger and Manolios 2004) on the lesson's
    /// two hashes: `pos_i = (h1 + i*h2 + (i^3 - i)/6) mod m`.
    Enhanced,
    /// k independent seeded 64-bit hashes: the textbook model's assumption.
    #[default]
    Independent,
    /// One block of at most 512 bits per key (a cache line), chosen by a
    /// seeded 64-bit hash, with k independent positions inside it (see
    /// [`super::blocked`]).
    Blocked,
}

/// A scheme name that is not one of [`SchemeKind::NAMES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown probe scheme '{0}': expected one of {names}",
    names = SchemeKind::NAMES.join(", ")
)]
pub struct UnknownScheme(pub String);

impl SchemeKind {
    /// Every kind, in the order a switch steps through them.
    pub const ALL: [SchemeKind; 4] = [
        SchemeKind::Double,
        SchemeKind::Enhanced,
        SchemeKind::Independent,
        SchemeKind::Blocked,
    ];

    /// Every kind's [`name`](SchemeKind::name), in the order of [`ALL`](SchemeKind::ALL).
    pub const NAMES: [&'static str; 4] = ["double", "enhanced", "independent", "blocked"];

    /// The kinds [`next`](SchemeKind::next) steps through: all of them.
    pub const CYCLE: [SchemeKind; 4] = SchemeKind::ALL;

    /// The short name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            SchemeKind::Double => Self::NAMES[0],
            SchemeKind::Enhanced => Self::NAMES[1],
            SchemeKind::Independent => Self::NAMES[2],
            SchemeKind::Blocked => Self::NAMES[3],
        }
    }

    /// A few words for a screen: what the scheme is.
    pub fn describe(self) -> &'static str {
        match self {
            SchemeKind::Double => "the lesson's double hashing (FNV-1a, h1 + i*h2)",
            SchemeKind::Enhanced => "enhanced double hashing (h1 + i*h2 + (i^3 - i)/6)",
            SchemeKind::Independent => "k independent seeded 64-bit hashes",
            SchemeKind::Blocked => "one 512-bit block per key, k independent positions in it",
        }
    }

    /// The kind after this one in [`CYCLE`](SchemeKind::CYCLE), wrapping
    /// round (for a key that cycles through the schemes).
    pub fn next(self) -> SchemeKind {
        match self {
            SchemeKind::Double => SchemeKind::Enhanced,
            SchemeKind::Enhanced => SchemeKind::Independent,
            SchemeKind::Independent => SchemeKind::Blocked,
            SchemeKind::Blocked => SchemeKind::Double,
        }
    }

    /// Bits of the one hash a key's probes are derived from: 32 for the two
    /// schemes built on the lesson's FNV-1a, 64 for the independent scheme
    /// (where each probe has a 64-bit hash of its own) and the blocked one
    /// (whose block and positions come from one 64-bit hash).
    pub fn hash_bits(self) -> u32 {
        match self {
            SchemeKind::Double | SchemeKind::Enhanced => 32,
            SchemeKind::Independent | SchemeKind::Blocked => 64,
        }
    }

    /// True for the schemes that meet their model's assumption (every probe
    /// an independent uniform draw, in the whole filter or in one block), so
    /// their model's rate is what they should measure: the true rate for the
    /// independent scheme, the blocked rate for the blocked one.
    pub fn follows_the_model(self) -> bool {
        matches!(self, SchemeKind::Independent | SchemeKind::Blocked)
    }

    /// The chance that a never-inserted key's whole hash equals one of `n`
    /// inserted keys' hashes, `1 - (1 - 2^-32)^n`, about `n / 2^32`: such a
    /// key gets that key's probes and is a false positive for certain, on
    /// top of the model's rate. `None` for the independent scheme, whose
    /// 64-bit hashes put this below 10^-7 for any n a filter can hold.
    pub fn hash_wall(self, n: u64) -> Option<f64> {
        (self.hash_bits() == 32).then(|| collision_chance(n, 32))
    }

    /// One line saying why a measured rate of this scheme can sit outside
    /// the interval the model predicts, for a filter of `m` bits.
    pub fn off_model_reason(self, m: u64) -> String {
        let m2 = (m as f64) * (m as f64);
        match self {
            SchemeKind::Double => format!(
                "double hashing puts a key's k probes on an arithmetic progression mod m fixed \
                 by just two numbers (h1, h2), so there are only about m^2/2 = {} probe patterns \
                 instead of m^k, and keys share whole patterns and runs far more often than \
                 independent probes would; the gap shrinks as m grows",
                short_count(m2 / 2.0)
            ),
            SchemeKind::Enhanced => format!(
                "enhanced double hashing bends the progression with (i^3 - i)/6 and closes most \
                 of the gap, but its probes still come from two numbers (about m^2 = {} \
                 patterns), so some excess is left at small m; it shrinks as m grows",
                short_count(m2)
            ),
            SchemeKind::Independent => "independent hashes meet the model's assumption: a 95% \
                 interval misses the true rate in about one run in twenty, so measure again \
                 with another seed before reading anything into it"
                .to_string(),
            SchemeKind::Blocked => "the blocked scheme meets its model's assumption (a uniform \
                 block, uniform positions in it): a 95% interval misses the blocked rate in \
                 about one run in twenty, so measure again with another seed before reading \
                 anything into it"
                .to_string(),
        }
    }

    /// [`off_model_reason`](SchemeKind::off_model_reason) in a few words,
    /// for a screen with no room for the whole sentence.
    pub fn off_model_brief(self, m: u64) -> String {
        let m2 = (m as f64) * (m as f64);
        match self {
            SchemeKind::Double => format!(
                "two hashes make only about m^2/2 = {} probe patterns, not m^k",
                short_count(m2 / 2.0)
            ),
            SchemeKind::Enhanced => format!(
                "still two hashes: about m^2 = {} probe patterns, not m^k",
                short_count(m2)
            ),
            SchemeKind::Independent | SchemeKind::Blocked => {
                "a 95% interval misses about one run in twenty: try another seed".to_string()
            }
        }
    }

    /// [`hash_wall_reason`](SchemeKind::hash_wall_reason) in a few words.
    pub fn hash_wall_brief(self, n: u64) -> Option<String> {
        self.hash_wall(n)
            .map(|excess| format!("32-bit hashes collide: about n/2^32 = {excess:.3e} more"))
    }

    /// One line naming the 32-bit hash wall at `n` keys, or `None` for the
    /// independent scheme (see [`hash_wall`](SchemeKind::hash_wall)).
    pub fn hash_wall_reason(self, n: u64) -> Option<String> {
        self.hash_wall(n).map(|excess| {
            format!(
                "a 32-bit hash has only 2^32 values: a stranger whose hash equals one of the n \
                 inserted keys' gets that key's probes and is a false positive for certain, \
                 adding about n/2^32 = {excess:.3e} to the rate"
            )
        })
    }
}

impl fmt::Display for SchemeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SchemeKind {
    type Err = UnknownScheme;

    /// Parses a [`name`](SchemeKind::name); case matters, as on the command line.
    fn from_str(text: &str) -> Result<SchemeKind, UnknownScheme> {
        SchemeKind::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| UnknownScheme(text.to_string()))
    }
}

/// `1 - (1 - 2^-bits)^n`: the chance that one fresh `bits`-bit hash equals
/// one of `n` others, computed without cancellation for small n.
pub(crate) fn collision_chance(n: u64, bits: i32) -> f64 {
    let one = 2f64.powi(-bits);
    -(n as f64 * (-one).ln_1p()).exp_m1()
}

/// A count for a sentence: exact below a million, else three digits.
fn short_count(x: f64) -> String {
    if x < 1e6 {
        format!("{}", x.round() as u64)
    } else {
        format!("{x:.2e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for kind in SchemeKind::ALL {
            assert_eq!(kind.name().parse::<SchemeKind>(), Ok(kind));
            assert_eq!(kind.to_string(), kind.name());
        }
        let err = "Double".parse::<SchemeKind>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown probe scheme 'Double': expected one of double, enhanced, independent, blocked"
        );
    }

    #[test]
    fn next_visits_every_kind_once() {
        let mut kind = SchemeKind::Double;
        let mut seen = Vec::new();
        for _ in 0..4 {
            seen.push(kind);
            kind = kind.next();
        }
        assert_eq!(seen, SchemeKind::CYCLE);
        assert_eq!(kind, SchemeKind::Double);
    }

    #[test]
    fn the_hash_wall_is_about_n_over_2_to_the_32() {
        // lab.md: about 2.3% at 10^8 keys.
        let wall = SchemeKind::Double.hash_wall(100_000_000).unwrap();
        assert!((wall - 0.0230).abs() < 0.0003, "{wall}");
        let small = SchemeKind::Enhanced.hash_wall(16).unwrap();
        assert!(
            (small / (16.0 / 2f64.powi(32)) - 1.0).abs() < 1e-6,
            "{small}"
        );
        assert_eq!(SchemeKind::Independent.hash_wall(100_000_000), None);
        let line = SchemeKind::Double.hash_wall_reason(100_000_000).unwrap();
        assert!(line.contains("n/2^32 = 2.301e-2"), "{line}");
    }

    #[test]
    fn reasons_name_the_progression_and_the_patterns() {
        let double = SchemeKind::Double.off_model_reason(160);
        assert!(double.contains("arithmetic progression"), "{double}");
        assert!(double.contains("m^2/2 = 12800"), "{double}");
        assert!(double.contains("shrinks as m grows"), "{double}");
        let enhanced = SchemeKind::Enhanced.off_model_reason(160);
        assert!(enhanced.contains("(i^3 - i)/6"), "{enhanced}");
        assert!(!SchemeKind::Independent.off_model_reason(160).contains('\n'));
        assert!(
            SchemeKind::Double
                .off_model_reason(10_000_000)
                .contains("5.00e13")
        );
    }
}
