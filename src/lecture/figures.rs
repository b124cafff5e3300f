//! Every number the lecture shows: rates, fills, memory sizes and the
//! curves' points, computed from the script's settings.

use super::script::{Condition, Curve, Item, Settings};
use super::template::{Arg, Call, Func, Now, Part, Template, default_digits};
use crate::measure::lineup::{Lineup, LineupConfig, measure_lineup};
use crate::numbers::{NARRATION, grouped_real, scientific, sig_within, trim_zeros};

/// `x` with `digits` significant digits, as the narration says figures.
pub fn sig(x: f64, digits: usize) -> String {
    sig_within(x, digits, NARRATION)
}

/// Bytes in the decimal gigabyte the memory argument uses.
const GB: f64 = 1e9;

/// The script's settings with the arithmetic the narration and board need.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// The settings the numbers come from.
    pub settings: Settings,
    /// The script's items, for placeholders that quote positions.
    pub items: Vec<Item>,
    // The line-up at the settings' n, p, queries and seed, measured the
    // first time a placeholder asks for it (the first lecture never does);
    // `None` inside when it could not be measured.
    lineup: std::sync::OnceLock<Option<Lineup>>,
}

/// The line-up for `cfg`, measured once per process: the parser's check
/// and the compiled lecture ask for the same one.
fn measured_once(cfg: &LineupConfig) -> Option<Lineup> {
    type Memo = Vec<(LineupConfig, Option<Lineup>)>;
    static MEMO: std::sync::Mutex<Memo> = std::sync::Mutex::new(Vec::new());
    let mut memo = MEMO
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, found)) = memo.iter().find(|(c, _)| c == cfg) {
        return found.clone();
    }
    let never = std::sync::atomic::AtomicBool::new(false);
    let lineup = measure_lineup(cfg, &never, &mut |_| {}).ok();
    memo.push((cfg.clone(), lineup.clone()));
    lineup
}

/// The line-up's configuration for a script's settings.
pub fn lineup_config(s: &Settings) -> Option<LineupConfig> {
    let target = crate::rates::size_inputs::read_target(&s.lineup_p.to_string()).ok()?;
    Some(LineupConfig {
        n: s.lineup_n,
        target,
        queries: s.lineup_queries,
        seed: s.lineup_seed,
    })
}

/// The idealised rate (1 - e^(-kn/m))^k, from the rates module (real k
/// allowed, for smooth curves and the rule-of-thumb optimum).
pub fn idealised(m: f64, n: f64, k: f64) -> f64 {
    if m <= 0.0 {
        return 1.0;
    }
    crate::rates::idealised_real_k(k, n / m)
}

/// Idealised fraction of bits set after n inserts, 1 - e^(-kn/m).
fn fill(m: f64, n: f64, k: f64) -> f64 {
    if m <= 0.0 {
        return 1.0;
    }
    crate::rates::idealised_fill(k, n / m)
}

/// The best number of hashes for a number of bits per item, (m/n) ln 2.
pub fn kopt(bits: f64) -> f64 {
    bits * std::f64::consts::LN_2
}

/// The whole number of hashes with the lowest idealised rate at `bits` bits
/// per item: the better of the whole numbers either side of (m/n) ln 2 (the
/// rate falls then rises in k, so no other whole k can beat both). This is
/// the one rule for "the best k" everywhere in the lecture.
pub fn best_whole_k(bits: f64) -> f64 {
    let real = kopt(bits).max(1.0);
    let below = real.floor().max(1.0);
    let above = real.ceil().max(1.0);
    if idealised(bits, 1.0, above) < idealised(bits, 1.0, below) {
        above
    } else {
        below
    }
}

/// The best k at `m` bits and `n` items by both scans `bloomlab rate` and
/// the lab use: the classic formula's exact winner and the true rate's,
/// with the true rate at each (true winner first). `None` when m or n is
/// not a whole number the rates accept, or a winner could not be proved.
pub fn real_best(m: f64, n: f64) -> Option<(u32, u32, f64, f64)> {
    use crate::rates::scan::{Winners, best_k_rule};
    let whole = |x: f64| (x.is_finite() && x >= 1.0 && x.fract() == 0.0).then_some(x as u64);
    let (m, n) = (whole(m)?, whole(n)?);
    let never = std::sync::atomic::AtomicBool::new(false);
    let scan = best_k_rule(m, n, &never).ok()?;
    let w = Winners::compute(&scan, 10, crate::rates::Budget::default(), None, &never).ok()?;
    let (classic, truth) = (w.classic?, w.truth?);
    let at_classic = w.gain.map_or(truth.approx, |g| g.true_at_classic.to_f64());
    Some((classic.k, truth.k, truth.approx, at_classic))
}

/// The rate at the (continuous) best k: (1/2)^((m/n) ln 2).
pub fn eps_at_best_k(bits: f64) -> f64 {
    idealised(bits, 1.0, kopt(bits))
}

impl Figures {
    /// Figures for a script's settings, without items.
    pub fn new(settings: Settings) -> Self {
        Figures::with_items(settings, Vec::new())
    }

    /// Figures for a script's settings and items.
    pub fn with_items(settings: Settings, items: Vec<Item>) -> Self {
        Figures {
            settings,
            items,
            lineup: std::sync::OnceLock::new(),
        }
    }

    /// `template` with its placeholders filled from these figures and the
    /// board as it stands.
    pub fn fill(&self, template: &Template, now: &Now<'_>) -> String {
        let mut out = String::new();
        for part in &template.parts {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Value(call) => out.push_str(&self.format(call, now)),
            }
        }
        out
    }

    /// The number a placeholder argument stands for, given the board's
    /// probes and the curve a `probe` argument reads.
    pub fn resolve(&self, arg: Arg, now: &Now<'_>, curve: Curve) -> f64 {
        match arg {
            Arg::Num(x) => x,
            Arg::Probe => now.probes.get(&curve).copied().unwrap_or(f64::NAN),
            Arg::Bloom => self.settings.bloom_bits,
            Arg::Kopt => kopt(self.settings.k_curve_bits),
        }
    }

    fn m(&self) -> f64 {
        self.settings.m as f64
    }

    fn k(&self) -> f64 {
        self.settings.k as f64
    }

    /// Memory of the exact set for `n` items, in GB.
    pub fn exact_gb(&self, n: f64) -> f64 {
        n * self.settings.exact_bytes / GB
    }

    /// Memory of the Bloom filter for `n` items at `bits` per item, in GB.
    pub fn bloom_gb(&self, n: f64, bits: f64) -> f64 {
        n * bits / 8.0 / GB
    }

    /// Items (in millions) at which the exact set fills the machine's RAM.
    pub fn crossing_millions(&self) -> f64 {
        self.settings.ram_gb * GB / self.settings.exact_bytes / 1e6
    }

    /// The chance a given bit is still 0 after `n` inserts, exactly:
    /// (1 - 1/m)^(kn), each of the kn hashes missing it independently.
    pub fn zero_exact(&self, n: f64) -> f64 {
        (1.0 - 1.0 / self.m()).powf(self.k() * n)
    }

    /// The same chance, idealised: e^(-kn/m).
    pub fn zero_idealised(&self, n: f64) -> f64 {
        1.0 - fill(self.m(), n, self.k())
    }

    /// Fill against n for n = 0..=fill_n_max.
    pub fn fill_curve(&self) -> Vec<(f64, f64)> {
        (0..=self.settings.fill_n_max)
            .map(|n| (n as f64, fill(self.m(), n as f64, self.k())))
            .collect()
    }

    /// Epsilon against k for k = 1..=k_max at the fixed bits per item.
    pub fn k_curve(&self) -> Vec<(f64, f64)> {
        let bits = self.settings.k_curve_bits;
        (1..=self.settings.k_max)
            .map(|k| (k as f64, idealised(bits, 1.0, k as f64)))
            .collect()
    }

    /// The best whole k on the k curve (at its fixed bits per item).
    pub fn best_k_on_curve(&self) -> usize {
        best_whole_k(self.settings.k_curve_bits) as usize
    }

    /// The best whole k for the memory argument's bits per item.
    pub fn best_k_for_bloom(&self) -> usize {
        best_whole_k(self.settings.bloom_bits) as usize
    }

    /// The rate of the memory argument's filter at its best whole k.
    pub fn bloom_eps(&self) -> f64 {
        let bits = self.settings.bloom_bits;
        idealised(bits, 1.0, best_whole_k(bits))
    }

    /// New items wrongly skipped per population, in millions, at the memory
    /// argument's bits per item and best whole k.
    pub fn bloom_missed_millions(&self) -> f64 {
        self.bloom_eps() * self.settings.urls / 1e6
    }

    /// Epsilon at the best k against bits per item, bits_min..=bits_max.
    pub fn bits_curve(&self) -> Vec<(f64, f64)> {
        (self.settings.bits_min..=self.settings.bits_max)
            .map(|b| (b as f64, eps_at_best_k(b as f64)))
            .collect()
    }

    /// The y value of a curve at x.
    pub fn curve_value(&self, curve: super::script::Curve, x: f64) -> f64 {
        use super::script::Curve;
        match curve {
            Curve::Fill => fill(self.m(), x, self.k()),
            Curve::K => idealised(self.settings.k_curve_bits, 1.0, x),
            Curve::Bits => eps_at_best_k(x),
        }
    }

    /// The line-up these figures read, measured on first use.
    pub fn lineup(&self) -> Option<&Lineup> {
        self.lineup
            .get_or_init(|| lineup_config(&self.settings).and_then(|cfg| measured_once(&cfg)))
            .as_ref()
    }

    /// A figure of one structure's line-up result, NaN when it is missing.
    fn measured(&self, call: &Call) -> f64 {
        let Some(r) = call
            .structure
            .and_then(|s| self.lineup().and_then(|l| l.get(s)))
        else {
            return f64::NAN;
        };
        match call.func {
            Func::BitsPerKey => r.bits_per_key,
            Func::XFloor => r.floor_ratio,
            Func::Fp => r.rate,
            Func::RateFloor => r.rate_floor().unwrap_or(f64::NAN),
            Func::XRateFloor => r
                .rate_floor()
                .map_or(f64::NAN, |floor| r.bits_per_key / floor),
            _ => r.fp_model.unwrap_or(f64::NAN),
        }
    }

    /// Whether a prediction's condition (`{A} < {B}`) holds on the board
    /// as it stands.
    pub fn holds(&self, condition: &Condition, now: &Now<'_>) -> bool {
        let (a, b) = (
            self.value(&condition.left, now),
            self.value(&condition.right, now),
        );
        if condition.less { a < b } else { a > b }
    }

    /// The value a placeholder asks for (before formatting). A `probe`
    /// argument with no probe placed gives NaN, which the parser rejects.
    pub fn value(&self, call: &Call, now: &Now<'_>) -> f64 {
        let a = &call.args;
        let s = &self.settings;
        let get = |arg: Option<Arg>, curve: Curve| arg.map(|v| self.resolve(v, now, curve));
        let n = get(a.n, Curve::Fill);
        let m = get(a.m, Curve::Fill).unwrap_or(self.m());
        // `k=kopt` is k* for the figure's own bits per item.
        let k_at = |bits: f64| match a.k {
            Some(Arg::Kopt) => Some(kopt(bits)),
            other => get(other, Curve::K),
        };
        // The row's k for row figures; per-item figures default to the best k.
        let row_k = k_at(m / n.unwrap_or(1.0)).unwrap_or(self.k());
        let bits_or = |default: f64| get(a.bits, Curve::Bits).unwrap_or(default);
        let at_bits = |bits: f64| {
            let k = k_at(bits).unwrap_or_else(|| best_whole_k(bits));
            idealised(bits, 1.0, k)
        };
        // A rate either at n items in the row or at a number of bits per item.
        let rate = || match (a.bits, n) {
            (None, Some(n)) => idealised(m, n, row_k),
            _ => at_bits(bits_or(s.k_curve_bits)),
        };
        match call.func {
            Func::M => self.m(),
            Func::K => self.k(),
            Func::Set => now.set as f64,
            Func::FillRow => now.set as f64 / self.m(),
            Func::Miss => 1.0 - 1.0 / m,
            Func::P0 => (1.0 - 1.0 / m).powf(row_k * n.unwrap_or(0.0)),
            Func::P0e => 1.0 - fill(m, n.unwrap_or(0.0), row_k),
            Func::Fill => fill(m, n.unwrap_or(0.0), row_k),
            Func::Eps => rate(),
            Func::OneIn => 1.0 / rate(),
            Func::Kopt => kopt(bits_or(s.k_curve_bits)),
            Func::EpsOpt => eps_at_best_k(bits_or(s.k_curve_bits)),
            Func::Kbest => best_whole_k(bits_or(s.k_curve_bits)),
            Func::Base => eps_at_best_k(1.0),
            Func::ExactGb => self.exact_gb(n.unwrap_or(s.urls)),
            Func::BloomGb => self.bloom_gb(n.unwrap_or(s.urls), bits_or(s.bloom_bits)),
            Func::Ratio => s.exact_bytes * 8.0 / bits_or(s.bloom_bits),
            Func::Crossing => self.crossing_millions(),
            Func::RamGb => s.ram_gb,
            Func::ExactBytes => s.exact_bytes,
            Func::BloomBits => s.bloom_bits,
            Func::Missed => at_bits(bits_or(s.bloom_bits)) * s.urls / 1e6,
            Func::Urls => s.urls,
            Func::Pos => call
                .item
                .and_then(|i| self.items.get(i))
                .and_then(|it| it.positions.get(a.index.unwrap_or(1).saturating_sub(1)))
                .map_or(f64::NAN, |&p| p as f64),
            Func::Bytes => bits_or(s.bloom_bits) / 8.0,
            Func::KCurveBits => s.k_curve_bits,
            Func::KMax => s.k_max as f64,
            Func::FillNMax => s.fill_n_max as f64,
            Func::BitsMin => s.bits_min as f64,
            Func::BitsMax => s.bits_max as f64,
            Func::CounterBits => f64::from(s.counter_bits),
            Func::KScan | Func::KTrue | Func::TrueBest | Func::TrueAtKscan => {
                match real_best(m, n.unwrap_or(f64::NAN)) {
                    Some((classic, truth, at_truth, at_classic)) => match call.func {
                        Func::KScan => f64::from(classic),
                        Func::KTrue => f64::from(truth),
                        Func::TrueBest => at_truth,
                        _ => at_classic,
                    },
                    None => f64::NAN,
                }
            }
            Func::ProbeN => self.resolve(Arg::Probe, now, Curve::Fill),
            Func::ProbeK => self.resolve(Arg::Probe, now, Curve::K),
            Func::ProbeBits => self.resolve(Arg::Probe, now, Curve::Bits),
            Func::Floor => -s.lineup_p.log2(),
            Func::BloomFactor => 1.0 / std::f64::consts::LN_2,
            Func::LineupN => s.lineup_n as f64,
            Func::LineupP => s.lineup_p,
            Func::LineupQueries => s.lineup_queries as f64,
            Func::BitsPerKey
            | Func::XFloor
            | Func::Fp
            | Func::FpModel
            | Func::RateFloor
            | Func::XRateFloor => self.measured(call),
        }
    }

    /// Why a placeholder has no printable value on this board, if it has none.
    pub fn problem(&self, call: &Call, now: &Now<'_>) -> Option<String> {
        let a = &call.args;
        let probe_args = [(a.n, Curve::Fill), (a.k, Curve::K), (a.bits, Curve::Bits)];
        let needs_probe = matches!(call.func, Func::ProbeN | Func::ProbeK | Func::ProbeBits)
            .then(|| match call.func {
                Func::ProbeN => Curve::Fill,
                Func::ProbeK => Curve::K,
                _ => Curve::Bits,
            })
            .into_iter()
            .chain(
                probe_args
                    .iter()
                    .filter(|(arg, _)| *arg == Some(Arg::Probe))
                    .map(|(_, c)| *c),
            );
        for curve in needs_probe {
            if !now.probes.contains_key(&curve) {
                return Some(format!(
                    "this reads the {} curve's probe, but no `probe {}` comes before it in this scene",
                    curve.name(),
                    curve.name()
                ));
            }
        }
        let value = self.value(call, now);
        if call.func == Func::OneIn && (value.is_infinite() || value.is_nan()) {
            return Some(
                "'one_in' needs a rate above 0, and this one is 0 (with n=0 nothing is inserted, so no answer is ever wrong)"
                    .into(),
            );
        }
        (!value.is_finite()).then(|| "this gives no finite number".to_string())
    }

    /// An item's positions as words ("2, 7 and 11"), or one of them.
    fn positions_text(&self, call: &Call) -> String {
        let Some(item) = call.item.and_then(|i| self.items.get(i)) else {
            return "?".into();
        };
        if let Some(i) = call.args.index {
            return item
                .positions
                .get(i.saturating_sub(1))
                .map_or_else(|| "?".into(), ToString::to_string);
        }
        let all: Vec<String> = item.positions.iter().map(ToString::to_string).collect();
        match all.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            Some((last, _)) => last.clone(),
            None => String::new(),
        }
    }

    /// The placeholder's value printed as the narration shows it.
    pub fn format(&self, call: &Call, now: &Now<'_>) -> String {
        if call.func == Func::Pos {
            return self.positions_text(call);
        }
        let value = self.value(call, now);
        let digits = call.args.digits.unwrap_or(default_digits(call.func));
        // Huge figures go scientific whatever their kind: a grouped count
        // with fifteen digits is no easier to read aloud.
        if value.is_finite() && value.abs() >= 10f64.powi(NARRATION.end) {
            return scientific(value, digits.max(2));
        }
        match call.func {
            Func::Urls => population_words(value),
            // "one in N" reads best as a round number when digits are asked.
            Func::OneIn => match call.args.digits {
                Some(d) if d > 0 => grouped_real(round_sig(value, d)),
                _ => grouped_real(value),
            },
            Func::M
            | Func::K
            | Func::Set
            | Func::Kbest
            | Func::KScan
            | Func::KTrue
            | Func::KMax
            | Func::FillNMax
            | Func::BitsMin
            | Func::BitsMax
            | Func::CounterBits
            | Func::LineupN
            | Func::LineupQueries => grouped_real(value),
            Func::KCurveBits | Func::ProbeN | Func::ProbeK | Func::ProbeBits => {
                trim_zeros(&sig(value, 6))
            }
            Func::Bytes => trim_zeros(&sig(value, digits.max(3))),
            Func::RamGb | Func::ExactBytes | Func::BloomBits | Func::LineupP => {
                trim_zeros(&sig(value, 6))
            }
            Func::ExactGb | Func::BloomGb | Func::Crossing | Func::Kopt => {
                trim_zeros(&sig(value, digits))
            }
            _ => sig(value, digits),
        }
    }
}

/// `x` rounded to `digits` significant digits (10.5 to 1 digit is 10).
fn round_sig(x: f64, digits: usize) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let power = x.abs().log10().floor() as i32 - i32::try_from(digits).unwrap_or(1) + 1;
    let unit = 10f64.powi(power);
    (x / unit).round() * unit
}

/// A population in words when it is round ("a billion", "3 million"),
/// otherwise with thousands separators.
pub fn population_words(x: f64) -> String {
    const NAMES: [(f64, &str); 4] = [
        (1e12, "trillion"),
        (1e9, "billion"),
        (1e6, "million"),
        (1e3, "thousand"),
    ];
    for (scale, name) in NAMES {
        let count = x / scale;
        if count >= 1.0 && count.fract() == 0.0 && count < 1000.0 {
            return if count == 1.0 {
                format!("a {name}")
            } else {
                format!("{count} {name}")
            };
        }
    }
    grouped_real(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn significant_digits() {
        assert_eq!(sig(0.427_593, 2), "0.43");
        assert_eq!(sig(0.008_193, 2), "0.0082");
        assert_eq!(sig(0.000_067_1, 2), "0.000067");
        assert_eq!(sig(6.931, 3), "6.93");
        assert_eq!(sig(51.2, 2), "51");
        assert_eq!(sig(0.099_97, 2), "0.10");
        assert_eq!(sig(0.5, 2), "0.50");
    }

    #[test]
    fn the_lecture_row_is_best_at_three_for_a_real_filter() {
        // 16 bits, 3 items: the classic scan says 4, the true rate 3.
        let (classic, truth, at_truth, at_classic) = real_best(16.0, 3.0).expect("proven");
        assert_eq!((classic, truth), (4, 3));
        assert_eq!(sig(at_truth, 3), "0.0906");
        assert_eq!(sig(at_classic, 3), "0.0935");
        assert_eq!(real_best(16.5, 3.0), None);
    }

    #[test]
    fn lecture_figures() {
        let f = Figures::new(Settings::default());
        assert_eq!(sig(fill(16.0, 3.0, 3.0), 2), "0.43");
        assert_eq!(sig(fill(16.0, 12.0, 3.0), 2), "0.89");
        assert_eq!(sig(idealised(10.0, 1.0, 7.0), 2), "0.0082");
        assert_eq!(sig(idealised(10.0, 1.0, 14.0), 4), "0.01898");
        assert_eq!(f.best_k_on_curve(), 7);
        assert_eq!(f.best_k_for_bloom(), 7);
        assert_eq!(sig(f.bloom_eps(), 2), "0.0082");
        assert_eq!(sig(f.bloom_missed_millions(), 2), "8.2");
        assert_eq!(trim_zeros(&sig(f.crossing_millions(), 3)), "125");
        assert_eq!(trim_zeros(&sig(f.bloom_gb(1e9, 10.0), 3)), "1.25");
        assert_eq!(trim_zeros(&sig(f.exact_gb(1e9), 3)), "64");
        assert_eq!(sig(eps_at_best_k(20.0), 2), "0.000067");
        assert_eq!(grouped_real(1e9), "1,000,000,000");
        assert_eq!(population_words(1e9), "a billion");
        assert_eq!(population_words(3e6), "3 million");
        assert_eq!(population_words(1234.0), "1,234");
        assert_eq!(best_whole_k(10.0), 7.0);
    }

    #[test]
    fn tiny_and_huge_figures_use_scientific_notation() {
        assert_eq!(sig(5.12e-78, 2), "5.1e-78");
        assert_eq!(sig(2.5e20, 3), "2.50e20");
        assert_eq!(sig(0.000_001_5, 2), "0.0000015");
        assert!(!sig(1e-300, 12).contains("0.000000000"));
    }

    #[test]
    fn best_whole_k_beats_every_other_whole_k() {
        // One rule for the best k: it must agree with a brute-force scan.
        for tenth in 1..=400 {
            let bits = f64::from(tenth) / 10.0;
            let scan = (1..=400)
                .map(|k| (k, idealised(bits, 1.0, f64::from(k))))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(k, _)| f64::from(k));
            assert_eq!(Some(best_whole_k(bits)), scan, "bits {bits}");
        }
    }
}
