//! The text form of `size`.

use std::fmt::Write;

use crate::numbers::{BytesStyle, counted, format_bytes_as};
use crate::rates::certified::RateKind;
use crate::rates::scan::ScanReach;
use crate::rates::size_inputs::Target;
use crate::rates::size_report::{SizeReport, Textbook, rate_text, rate_word, target_text};
use crate::rates::solve::{KChoice, SizeAnswer, Solved};

pub(super) fn render(r: &SizeReport) -> String {
    let a = &r.answer;
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = writeln!(out, "{}", heading(r));
    let per_key = a.m as f64 / a.n as f64;
    match a.solved {
        Solved::Bits => {
            let _ = writeln!(
                out,
                "m             {} bits, {per_key:.3} bits per key: the fewest whose {} rate meets the target",
                a.m,
                rate_word(a.by)
            );
        }
        Solved::Keys => {
            let _ = writeln!(
                out,
                "n             {} ({per_key:.3} bits per key): the most whose {} rate meets the target",
                counted(a.n, "key", "keys"),
                rate_word(a.by)
            );
        }
        Solved::Rate | Solved::Hashes => {}
    }
    let _ = writeln!(
        out,
        "memory        {}",
        format_bytes_as(a.m.div_ceil(8), BytesStyle::Exact)
    );
    k_lines(&mut out, a);
    let _ = writeln!(
        out,
        "exact         {} at this m, n and k (exact, {})",
        rate_text(&a.classic.decimal),
        a.classic.method.label()
    );
    let _ = writeln!(
        out,
        "true          {} at this m, n and k (exact, {}), E[(X/m)^k]",
        rate_text(&a.true_rate.decimal),
        a.true_rate.method.label()
    );
    if let Some(t) = &r.target {
        verdict_lines(&mut out, a, t);
    }
    if let Some(tb) = &r.textbook {
        textbook_lines(&mut out, tb);
    }
    out
}

fn heading(r: &SizeReport) -> String {
    let a = &r.answer;
    let at = |t: &Target| format!("at a target rate of {}", target_text(t));
    match (a.solved, &r.target) {
        (Solved::Bits, Some(t)) => format!("n = {} {}", counted(a.n, "key", "keys"), at(t)),
        (Solved::Keys, Some(t)) => format!("m = {} {}", counted(a.m, "bit", "bits"), at(t)),
        (Solved::Hashes, Some(t)) => format!(
            "m = {}, n = {} {}",
            counted(a.m, "bit", "bits"),
            counted(a.n, "key", "keys"),
            at(t)
        ),
        _ => format!(
            "m = {}, n = {} ({:.4} bits per key)",
            counted(a.m, "bit", "bits"),
            counted(a.n, "key", "keys"),
            a.m as f64 / a.n as f64
        ),
    }
}

fn k_lines(out: &mut String, a: &SizeAnswer) {
    match &a.k_choice {
        KChoice::Given => {
            let _ = writeln!(out, "k             {} (given)", a.k);
        }
        KChoice::Scanned(rule) => {
            let (start, end) = (*rule.range.start(), *rule.range.end());
            let _ = writeln!(
                out,
                "k             {}, the best of {start}..{end} by the {} rate",
                a.k,
                rate_word(a.by)
            );
            match rule.reach {
                ScanReach::Extended { from } => {
                    let _ = writeln!(
                        out,
                        "              (widened past {from} while the best k sat on the upper edge)"
                    );
                }
                ScanReach::AtLimit { from } => {
                    let _ = writeln!(
                        out,
                        "              (widened past {from} up to the largest k; a larger k would do better)"
                    );
                }
                ScanReach::Default | ScanReach::Requested => {}
            }
        }
    }
}

fn verdict_lines(out: &mut String, a: &SizeAnswer, t: &Target) {
    let target = target_text(t);
    let (sized, sized_meets) = match a.by {
        RateKind::Classic => (&a.classic, a.classic_meets),
        RateKind::True => (&a.true_rate, a.true_meets),
    };
    let name = rate_word(a.by);
    let shown = rate_text(&sized.decimal);
    let _ = match sized_meets {
        Some(true) => writeln!(
            out,
            "              meets the target: {name} {shown} <= {target}"
        ),
        _ => writeln!(
            out,
            "              misses the target: {name} {shown} > {target}"
        ),
    };
    if let Some(past) = &a.neighbour {
        let step = match a.solved {
            Solved::Keys => format!("one key more ({})", past.n),
            _ => format!("one bit fewer ({})", past.m),
        };
        let at_k = match a.k_choice {
            KChoice::Given => format!("at the same k = {}", past.k),
            KChoice::Scanned(_) => format!("at its best k = {}", past.k),
        };
        let _ = writeln!(
            out,
            "              {step} would miss: {name} {} > {target} {at_k}",
            rate_text(&past.rate.decimal),
        );
    }
    if a.by == RateKind::Classic && a.classic_meets == Some(true) {
        let _ = match a.true_meets {
            Some(true) => writeln!(out, "              the true rate meets it too"),
            _ => writeln!(
                out,
                "              the true rate of a real filter does not: size --by true sizes for it"
            ),
        };
    }
}

fn textbook_lines(out: &mut String, tb: &Textbook) {
    let s = &tb.sizing;
    let _ = writeln!(
        out,
        "textbook      the lesson's formulas, with the idealised rate and a real k:"
    );
    let _ = writeln!(
        out,
        "bits per key  {:.3}  (-ln p / (ln 2)^2)",
        s.bits_per_key
    );
    let _ = writeln!(out, "m             {} bits", s.m);
    let _ = writeln!(
        out,
        "memory        {}",
        format_bytes_as(s.bytes, BytesStyle::Exact)
    );
    let _ = writeln!(
        out,
        "k             {:.2} = (m/n) ln 2, rounded to {}",
        s.k_real, s.k
    );
    let verdict = if tb.meets { "meets" } else { "misses" };
    let _ = writeln!(
        out,
        "idealised     {:.4e} there; its exact rate {} {verdict} the target",
        s.idealised,
        rate_text(&tb.exact.decimal)
    );
}
