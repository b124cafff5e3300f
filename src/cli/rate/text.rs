//! The text form of `rate`.

use std::fmt::Write;

use super::{
    Report, Shown, UNRESOLVED_GAP, idealised_scientific, range_of, rule_of_thumb, shown_gap,
};
use crate::cli::ranges::MAX_K;
use crate::numbers::grouped;
use crate::rates::SigDecimal;
use crate::rates::certified::compare::MAX_BITS;
use crate::rates::figures::OneIn;
use crate::rates::scan::{KBest, ScanReach};

/// The rate as a plain decimal too, when that stays short.
fn with_plain(d: &SigDecimal) -> String {
    if d.is_zero() {
        "0".to_string()
    } else if (-8..=0).contains(&d.exponent()) && d.digits().len() <= 20 {
        format!("{} = {}", d.scientific(), d.plain())
    } else {
        d.scientific()
    }
}

/// How a rate's digits were obtained, as the output words it.
fn how(s: &Shown) -> String {
    format!("exact, {}", s.method.label())
}

fn short(d: &SigDecimal) -> String {
    if d.is_zero() {
        "0".to_string()
    } else {
        d.scientific()
    }
}

pub(super) fn render(r: &Report) -> String {
    let p = r.params;
    let f = &r.figures;
    let mut out = String::new();
    let per_key = if p.n() == 0 {
        "no keys".to_string()
    } else {
        format!("{:.4} bits per key", p.bits_per_key())
    };
    // Writing into a String cannot fail.
    let _ = writeln!(
        out,
        "m = {}, n = {}, k = {} ({per_key})",
        p.m(),
        p.n(),
        p.k()
    );
    let _ = writeln!(
        out,
        "exact        {} ({} significant digit{}; {})",
        with_plain(&r.exact.decimal),
        r.digits,
        if r.digits == 1 { "" } else { "s" },
        how(&r.exact)
    );
    let reach = match &f.one_in {
        OneIn::Never => "never: an empty filter says no to everything".to_string(),
        OneIn::About(n) => format!("about 1 in {}", grouped(*n)),
        OneIn::Rarer(d) => format!("about 1 in {}", d.scientific()),
    };
    let _ = writeln!(out, "             {reach}");
    let _ = writeln!(
        out,
        "denominator  {} digit{}",
        f.denominator_digits,
        if f.denominator_digits == 1 { "" } else { "s" }
    );
    let _ = writeln!(
        out,
        "idealised    {}  (1 - e^(-kn/m))^k",
        idealised_scientific(r)
    );
    let _ = writeln!(out, "difference   {}", difference_text(r));
    let _ = writeln!(
        out,
        "true         {}  E[(X/m)^k] ({})",
        with_plain(&r.truth.decimal),
        how(&r.truth)
    );
    best_k_text(&mut out, r);
    if let Some(thumb) = rule_of_thumb(p) {
        let _ = writeln!(out, "rule of thumb (m/n) ln 2 = {thumb:.2}");
    }
    out
}

/// "1.249550e-4 absolute, 1.5021% of the exact rate", or said plainly
/// where the gap is below what doubles resolve.
fn difference_text(r: &Report) -> String {
    let Some(gap) = shown_gap(r) else {
        return format!(
            "under {UNRESOLVED_GAP:e} of the exact rate, finer than the doubles compared can resolve"
        );
    };
    let percent = 100.0 * gap.relative;
    let percent = if percent.abs() >= 1e-3 {
        format!("{percent:.4}")
    } else {
        format!("{percent:.3e}")
    };
    format!("{} absolute, {percent}% of the exact rate", gap.scientific)
}

fn undecided(b: &KBest) -> String {
    let list: Vec<String> = b.candidates.iter().map(u32::to_string).collect();
    format!(
        "one of {}: their rates agree to {} bits and could not be told apart",
        list.join(", "),
        grouped(MAX_BITS)
    )
}

/// The best-k lines: both winners, how far apart their true rates are, and
/// how the scanned range came about.
fn best_k_text(out: &mut String, r: &Report) {
    let range = range_of(&r.scan);
    let (start, end) = (*range.start(), *range.end());
    match &r.best.classic {
        Some(c) => {
            let _ = writeln!(
                out,
                "best k       {} of {start}..{end}, exact {}",
                c.k,
                short(&c.rate)
            );
        }
        None => {
            let _ = writeln!(
                out,
                "best k       {} (of {start}..{end})",
                undecided(&r.scan.classic)
            );
        }
    }
    match (&r.best.truth, &r.best.gain, &r.best.classic) {
        (Some(t), Some(gain), Some(c)) if t.rate == gain.true_at_classic => {
            // An exact tie (3 bits, 1 key: 1/3 at k = 1 and 2) goes to the
            // smaller k; "0.0% lower" would read as a gain.
            let _ = writeln!(
                out,
                "best k true  {kt}, true {}: no higher than at the classic k = {kc} (the same to \
                 the digits shown; equal rates go to the smaller k)",
                short(&t.rate),
                kt = t.k,
                kc = c.k,
            );
        }
        (Some(t), Some(gain), Some(c)) => {
            let _ = writeln!(
                out,
                "best k true  {kt}: the true rate at k = {kt} ({}) is {:.1}% lower than at \
                 the classic k = {kc} ({})",
                short(&t.rate),
                100.0 * gain.lower_by,
                short(&gain.true_at_classic),
                kt = t.k,
                kc = c.k,
            );
        }
        (Some(t), ..) => {
            let _ = writeln!(
                out,
                "best k true  {} (the same k), true {}",
                t.k,
                short(&t.rate)
            );
        }
        (None, ..) => {
            let _ = writeln!(out, "best k true  {}", undecided(&r.scan.true_rate));
        }
    }
    reach_text(out, r, start, end);
}

fn reach_text(out: &mut String, r: &Report, start: u32, end: u32) {
    match r.scan.reach {
        ScanReach::Default => {}
        ScanReach::Extended { from } => {
            let _ = writeln!(
                out,
                "             scanned {start}..{end}: widened past {from} while the best k sat \
                 on the upper edge"
            );
        }
        ScanReach::AtLimit { from } => {
            let _ = writeln!(
                out,
                "             scanned {start}..{end}: widened past {from} up to the largest k, \
                 and the best k still sits on the edge: a larger k would do better"
            );
        }
        ScanReach::Requested => {
            let on_top = r.scan.classic.k == end || r.scan.true_rate.k == end;
            if on_top && end < MAX_K {
                let _ = writeln!(
                    out,
                    "             the best k is the top of the scan: a larger k may do better \
                     (try --best-k-range {start}..{}, or leave the range out)",
                    end.saturating_mul(2).min(MAX_K)
                );
            }
        }
    }
}
