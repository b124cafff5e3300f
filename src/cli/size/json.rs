//! The JSON form of `size`: one object, keys in alphabetical order (as
//! serde_json's own maps sort them), every key of earlier versions kept.

use serde::Serialize;

use crate::numbers::{MB, MIB};
use crate::rates::certified::RateKind;
use crate::rates::idealised_ratio;
use crate::rates::scan::ScanReach;
use crate::rates::size_report::SizeReport;
use crate::rates::solve::{KChoice, Solved};

/// The shape one step past the answer, which misses the target.
#[derive(Serialize)]
struct OnePast {
    k: u32,
    m: u64,
    n: u64,
    rate: String,
}

#[derive(Serialize)]
struct SizeJson {
    best_k_range: Option<[u32; 2]>,
    best_k_range_reason: Option<&'static str>,
    /// m / n of the answer.
    bits_per_key: f64,
    by: &'static str,
    bytes: u64,
    /// The classic rate at the answer, certified.
    exact: Option<String>,
    exact_meets_target: Option<bool>,
    exact_method: &'static str,
    idealised: f64,
    k: u32,
    k_real: f64,
    m: u64,
    mb: f64,
    /// Whether the rate sized by (`by`) meets the target.
    meets_target: Option<bool>,
    mib: f64,
    n: u64,
    one_past: Option<OnePast>,
    /// The target, or the rate worked out when none was given.
    p: f64,
    solved: &'static str,
    textbook_bits_per_key: Option<f64>,
    textbook_bytes: Option<u64>,
    textbook_exact: Option<String>,
    textbook_k: Option<u32>,
    textbook_k_real: Option<f64>,
    textbook_m: Option<u64>,
    textbook_meets_target: Option<bool>,
    #[serde(rename = "true")]
    true_rate: String,
    true_meets_target: Option<bool>,
    true_method: &'static str,
}

pub(super) fn render(r: &SizeReport) -> String {
    let a = &r.answer;
    let bytes = a.m.div_ceil(8);
    let (range, reason) = match &a.k_choice {
        KChoice::Given => (None, None),
        KChoice::Scanned(rule) => (
            Some([*rule.range.start(), *rule.range.end()]),
            Some(match rule.reach {
                ScanReach::Default => "default",
                ScanReach::Requested => "requested",
                ScanReach::Extended { .. } => "extended",
                ScanReach::AtLimit { .. } => "at the largest k",
            }),
        ),
    };
    let tb = r.textbook.as_ref();
    let out = SizeJson {
        best_k_range: range,
        best_k_range_reason: reason,
        bits_per_key: a.m as f64 / a.n as f64,
        by: a.by.name(),
        bytes,
        exact: Some(a.classic.decimal.scientific()),
        exact_meets_target: a.classic_meets,
        exact_method: a.classic.method.label(),
        idealised: idealised_ratio(a.k, a.n as f64 / a.m as f64),
        k: a.k,
        k_real: a.m as f64 / a.n as f64 * std::f64::consts::LN_2,
        m: a.m,
        mb: bytes as f64 / MB,
        meets_target: match a.by {
            RateKind::Classic => a.classic_meets,
            RateKind::True => a.true_meets,
        },
        mib: bytes as f64 / MIB,
        n: a.n,
        one_past: a.neighbour.as_ref().map(|p| OnePast {
            k: p.k,
            m: p.m,
            n: p.n,
            rate: p.rate.decimal.scientific(),
        }),
        p: match &r.target {
            Some(t) => t.value,
            None => match a.by {
                RateKind::Classic => a.classic.decimal.to_f64(),
                RateKind::True => a.true_rate.decimal.to_f64(),
            },
        },
        solved: match a.solved {
            Solved::Bits => "m",
            Solved::Rate => "p",
            Solved::Keys => "n",
            Solved::Hashes => "k",
        },
        textbook_bits_per_key: tb.map(|t| t.sizing.bits_per_key),
        textbook_bytes: tb.map(|t| t.sizing.bytes),
        textbook_exact: tb.map(|t| t.exact.decimal.scientific()),
        textbook_k: tb.map(|t| t.sizing.k),
        textbook_k_real: tb.map(|t| t.sizing.k_real),
        textbook_m: tb.map(|t| t.sizing.m),
        textbook_meets_target: tb.map(|t| t.meets),
        true_rate: a.true_rate.decimal.scientific(),
        true_meets_target: a.true_meets,
        true_method: a.true_rate.method.label(),
    };
    serde_json::to_string(&out).unwrap_or_default()
}
