//! The JSON form of `rate`: one object, keys in alphabetical order (as
//! serde_json's own maps sort them, so the bytes stay those of earlier
//! versions for every key they had).

use serde::Serialize;

use super::{Report, idealised_scientific, range_of, rule_of_thumb, shown_gap};
use crate::rates::blocked::BlockedFigures;
use crate::rates::budget::Budget;
use crate::rates::classic::classic_denominator_digits_wide;
use crate::rates::figures::OneIn;
use crate::rates::idealised_ln;
use crate::rates::scan::ScanReach;

/// "About 1 in N": a whole number while it fits in a `u64` (below 10^19,
/// as it always was), else the text's three significant digits as a
/// string such as `"1.21e120"`; null only when no key is inserted.
#[derive(Serialize)]
#[serde(untagged)]
enum OneInJson {
    Whole(u64),
    Scientific(String),
}

#[derive(Serialize)]
struct RateJson {
    best_k: Option<u32>,
    best_k_approx: Option<f64>,
    best_k_candidates: Vec<u32>,
    best_k_exact: Option<String>,
    best_k_exact_digits: Option<u128>,
    best_k_range: [u32; 2],
    best_k_range_reason: &'static str,
    /// Always empty now: every k is ranked by certified enclosures, none is
    /// left out for the size of its fraction.
    best_k_skipped: Vec<u32>,
    best_k_status: &'static str,
    best_k_true: Option<u32>,
    best_k_true_rate: Option<String>,
    /// The blocked filter's (512-bit blocks) exact rate at m, n, k, to the
    /// same digits; null when it cannot be settled within the budget.
    blocked: Option<String>,
    blocked_best_k: Option<u32>,
    blocked_best_k_rate: Option<f64>,
    /// The binomial mixture with the classic formula inside the block.
    blocked_classic: Option<String>,
    /// Putze, Sanders and Singler's Poisson formula.
    blocked_poisson: Option<f64>,
    difference: f64,
    difference_log10: Option<f64>,
    difference_relative: f64,
    difference_resolved: bool,
    difference_scientific: Option<String>,
    digits: u32,
    exact: String,
    exact_denominator_digits: u128,
    exact_method: &'static str,
    idealised: f64,
    idealised_log10: Option<f64>,
    idealised_scientific: String,
    k: u32,
    m: u64,
    n: u64,
    one_in: Option<OneInJson>,
    rule_of_thumb_k: Option<f64>,
    #[serde(rename = "true")]
    true_rate: String,
    true_method: &'static str,
}

pub(super) fn render(r: &Report) -> String {
    let p = r.params;
    let f = &r.figures;
    let range = range_of(&r.scan);
    let classic = r.best.classic.as_ref();
    let gap = shown_gap(r);
    let blocked = BlockedFigures::compute(
        p.m(),
        p.n(),
        p.k(),
        r.digits,
        Budget::default(),
        &std::sync::atomic::AtomicBool::new(false),
    )
    .ok();
    let out = RateJson {
        best_k: classic.map(|c| c.k),
        best_k_approx: classic.map(|c| c.approx),
        best_k_candidates: r.scan.classic.candidates.clone(),
        best_k_exact: classic.map(|c| c.rate.scientific()),
        best_k_exact_digits: classic
            .and_then(|c| p.with_k(c.k).ok())
            .map(classic_denominator_digits_wide),
        best_k_range: [*range.start(), *range.end()],
        best_k_range_reason: match r.scan.reach {
            ScanReach::Default => "default",
            ScanReach::Requested => "requested",
            ScanReach::Extended { .. } => "extended",
            ScanReach::AtLimit { .. } => "at the largest k",
        },
        best_k_skipped: Vec::new(),
        best_k_status: if classic.is_some() {
            "exact"
        } else {
            "undecided"
        },
        best_k_true: r.best.truth.as_ref().map(|t| t.k),
        best_k_true_rate: r.best.truth.as_ref().map(|t| t.rate.scientific()),
        blocked: blocked.as_ref().map(|b| b.exact.scientific()),
        blocked_best_k: blocked.as_ref().map(|b| b.best_k),
        blocked_best_k_rate: blocked.as_ref().map(|b| b.best_k_rate),
        blocked_classic: blocked.as_ref().map(|b| b.classic_inside.scientific()),
        blocked_poisson: blocked.as_ref().map(|b| b.poisson),
        // Unresolved gaps read 0, as the text says they are too small to
        // tell (a double minus a double can come out a hair below 0).
        difference: gap.as_ref().map_or(0.0, |_| f.difference.absolute),
        difference_log10: gap.as_ref().map(|g| g.log10),
        difference_relative: gap.as_ref().map_or(0.0, |g| g.relative),
        difference_resolved: gap.is_some(),
        difference_scientific: gap.map(|g| g.scientific),
        digits: r.digits,
        exact: r.exact.decimal.scientific(),
        exact_denominator_digits: f.denominator_digits,
        exact_method: r.exact.method.label(),
        idealised: f.idealised,
        idealised_log10: Some(idealised_ln(p) / std::f64::consts::LN_10).filter(|v| v.is_finite()),
        idealised_scientific: idealised_scientific(r),
        k: p.k(),
        m: p.m(),
        n: p.n(),
        one_in: match &f.one_in {
            OneIn::About(v) => Some(OneInJson::Whole(*v)),
            OneIn::Rarer(d) => Some(OneInJson::Scientific(d.scientific())),
            OneIn::Never => None,
        },
        rule_of_thumb_k: rule_of_thumb(p),
        true_rate: r.truth.decimal.scientific(),
        true_method: r.truth.method.label(),
    };
    serde_json::to_string(&out).unwrap_or_default()
}
