//! The rates panel's rows about the formulas: exact (classic), how its
//! digits were found, idealised, their gap, true, and the best k by both
//! rates. Each row is worded to fit the panel (see [`super::rows`]).

use ratatui::text::{Line, Span};

use crate::limits::LAB_K;
use crate::numbers::{grouped, sci_from_ln, short_count, sig, signed_sci};
use crate::rates::SigDecimal;
use crate::rates::certified::{CertifiedDigits, DigitsMethod};
use crate::rates::figures::{OneIn, RateFigures};
use crate::rates::idealised_ln_real_k;
use crate::rates::scan::{KBest, ScanReach};
use crate::ui::computed::Shown;
use crate::ui::format::{fitted, pairings};
use crate::ui::lab::blocked_rows::blocked_rows;
use crate::ui::lab::compute::{BestK, shown_decimal};
use crate::ui::lab::rows::{fitted_row, notes, ready, shown_values, wrapped_row};
use crate::ui::lab::state::LabState;
use crate::ui::theme::{Role, Theme};

/// A digit count: four-digit counts as they are (`1729`), larger ones
/// grouped (`2,450,001`), past `u64` in scientific form.
fn digit_count(v: u128) -> [String; 2] {
    match u64::try_from(v) {
        Ok(v) if v < 10_000 => [v.to_string(), v.to_string()],
        Ok(v) => [grouped(v), short_count(v)],
        Err(_) => {
            let s = sig(v as f64, 3);
            [s.clone(), s]
        }
    }
}

/// "exact, certified bracket" or "exact, long division".
fn how(c: &CertifiedDigits) -> String {
    format!("exact, {}", c.method.label())
}

/// The idealised rate to ten digits, from its logarithm where the double
/// underflows.
pub(crate) fn idealised_text(lab: &LabState) -> String {
    let load = lab.n as f64 / lab.m as f64;
    let value = crate::rates::idealised_ratio(lab.k, load);
    if value >= 1e-5 {
        sig(value, 10)
    } else {
        sci_from_ln(idealised_ln_real_k(f64::from(lab.k), load), 10)
    }
}

/// The rows from "exact" to "true", for the lab's settings.
pub(crate) fn formula_rows(lab: &LabState, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let shown = lab.results.rates.shown(&lab.rate_key());
    let figures = ready(shown);
    let one_in_notes = match figures.map(|f| &f.one_in) {
        Some(OneIn::About(n)) => notes(&[
            &format!("about 1 in {}", grouped(*n)),
            &format!("1 in {}", grouped(*n)),
            &format!("1 in {}", short_count(*n)),
        ]),
        Some(OneIn::Rarer(d)) => notes(&[
            &format!("about 1 in {}", d.scientific()),
            &format!("1 in {}", short_sci(d)),
        ]),
        Some(OneIn::Never) | None => notes(&[]),
    };
    let mut lines = vec![fitted_row(
        "exact",
        pairings(
            shown_values(
                shown,
                |f: &RateFigures| vec![shown_decimal(&f.classic.decimal)],
                theme,
                theme.style(Role::Exact),
            ),
            &one_in_notes,
        ),
        width,
        theme,
        theme.style(Role::Exact),
    )];
    lines.push(fitted(
        match figures {
            Some(f) => {
                let [full, short] = digit_count(f.denominator_digits);
                let method = f.classic.method.label();
                let lead = match f.classic.method {
                    DigitsMethod::LongDivision => "BigInt rational by long division",
                    DigitsMethod::CertifiedBracket => "BigInt rational's certified bracket",
                };
                vec![
                    format!("  {lead}; denominator {full} digits"),
                    format!("  {method}; denominator {full} digits"),
                    format!("  denominator {full} digits"),
                    format!("  denominator {short} digits"),
                ]
            }
            None => vec![
                "  BigInt rational, certified digits".into(),
                "  BigInt rational".into(),
            ],
        }
        .into_iter()
        .map(|t| Line::styled(t, theme.style(Role::Hint)))
        .collect(),
        width,
    ));
    lines.push(fitted_row(
        "idealised",
        pairings(
            vec![Span::styled(
                idealised_text(lab),
                theme.style(Role::Idealised),
            )],
            &notes(&["(1-e^-kn/m)^k, an f64", "(1-e^-kn/m)^k"]),
        ),
        width,
        theme,
        theme.style(Role::Idealised),
    ));
    if lab.blocked_wanted() {
        // The blocked scheme's own idealised and exact rates take the
        // gap's and the true rate's rows, so the panel keeps its height.
        lines.extend(blocked_rows(lab, width, theme));
        return lines;
    }
    lines.push(difference_row(figures, shown, width, theme));
    lines.push(fitted_row(
        "true",
        pairings(
            shown_values(
                shown,
                |f: &RateFigures| vec![shown_decimal(&f.true_rate.decimal)],
                theme,
                theme.style(Role::True),
            ),
            &match figures {
                Some(f) => notes(&[
                    &format!("E[(X/m)^k], {}", how(&f.true_rate)),
                    "E[(X/m)^k], exact",
                    "E[(X/m)^k]",
                ]),
                None => notes(&["E[(X/m)^k], exact", "E[(X/m)^k]"]),
            },
        ),
        width,
        theme,
        theme.style(Role::True),
    ));
    lines
}

/// Three significant digits of a decimal, scientific.
fn short_sci(d: &SigDecimal) -> String {
    let digits = d.digits();
    let lead = &digits[..1];
    let rest: String = digits[1..].chars().take(2).collect();
    format!("{lead}.{rest}e{}", d.exponent())
}

/// Exact minus idealised, absolute and as a share of the exact rate; from
/// logarithms where the figures underflow a double, so the share is right
/// at any size (never a false 0% or 100%).
fn difference_row(
    figures: Option<&RateFigures>,
    shown: Shown<'_, crate::ui::computed::Outcome<RateFigures>>,
    width: u16,
    theme: &Theme,
) -> Line<'static> {
    let Some(f) = figures else {
        let values = shown_values(shown, |_| Vec::new(), theme, theme.style(Role::Text));
        let waiting: Vec<Span<'static>> = match values.first() {
            Some(v) if v.content.starts_with("computing") => vec![
                Span::styled("waiting for the exact rate", theme.style(Role::Stale)),
                Span::styled("computing…", theme.style(Role::Stale)),
            ],
            _ => values,
        };
        return fitted_row(
            "difference",
            waiting.into_iter().map(|v| (v, String::new())).collect(),
            width,
            theme,
            theme.style(Role::Text),
        );
    };
    let relative = 100.0 * f.difference.relative;
    let percent = if relative.abs() >= 0.1 {
        format!("{relative:+.1}%")
    } else {
        format!("{}%", signed_sci(relative, 2))
    };
    let absolute = if f.difference.absolute != 0.0 || f.difference.relative == 0.0 {
        signed_sci(f.difference.absolute, 3)
    } else {
        // Both rates below the smallest double: the gap from its logarithm.
        format!(
            "+{}",
            sci_from_ln(f.classic_ln + f.difference.relative.ln(), 3)
        )
    };
    fitted_row(
        "difference",
        pairings(
            vec![Span::styled(absolute, theme.style(Role::Text))],
            &notes(&[
                &format!("exact − idealised, {percent} of exact"),
                &format!("{percent} of exact"),
            ]),
        ),
        width,
        theme,
        theme.style(Role::Text),
    )
}

/// The best-k rows: the classic winner with the range scanned, the true
/// winner beside it, and a warning when the best k lies past the k slider
/// or past the largest k scanned.
pub(crate) fn best_k_rows(lab: &LabState, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let shown = lab.results.best.shown(&lab.best_key());
    let rule = sig(lab.bits_per_key() * std::f64::consts::LN_2, 3);
    let Some(b) = ready(shown) else {
        let values = shown_values(
            shown,
            |_: &BestK| Vec::new(),
            theme,
            theme.style(Role::Text),
        );
        return vec![
            fitted_row(
                "best k",
                pairings(
                    values,
                    &notes(&[&format!("rule of thumb (m/n)ln2 = {rule}")]),
                ),
                width,
                theme,
                theme.style(Role::Text),
            ),
            Line::styled("true best  computing…", theme.style(Role::Stale)),
        ];
    };
    let scan = &b.scan;
    let range = format!("{}..{}", scan.range.start(), scan.range.end());
    let reach = match scan.reach {
        ScanReach::Extended { from } => format!(" (widened past {from})"),
        ScanReach::AtLimit { .. } => " (to the largest k)".to_string(),
        ScanReach::Default | ScanReach::Requested => String::new(),
    };
    let classic_values = match &b.winners.classic {
        Some(c) => vec![
            Span::styled(
                format!("{} at {}", c.k, shown_decimal(&c.rate)),
                theme.style(Role::Exact),
            ),
            Span::styled(c.k.to_string(), theme.style(Role::Exact)),
        ],
        None => candidates(&scan.classic, theme),
    };
    let mut lines = vec![fitted_row(
        "best k",
        pairings(
            classic_values,
            &notes(&[
                &format!("exact scan {range}{reach} · rule of thumb (m/n)ln2 = {rule}"),
                &format!("exact scan {range}{reach} · rule {rule}"),
                &format!("scan {range}{reach}"),
                &format!("scan {range}"),
            ]),
        ),
        width,
        theme,
        theme.style(Role::Text),
    )];
    lines.push(true_best_row(b, width, theme));
    let top = scan.classic.k.max(scan.true_rate.k);
    if let ScanReach::AtLimit { .. } = scan.reach {
        lines.extend(wrapped_row(
            "",
            &format!(
                "the best k sits on the top of the scan ({}): a larger k would do better still",
                scan.range.end()
            ),
            width,
            theme.style(Role::Warn),
            theme.style(Role::Warn),
        ));
    } else if u64::from(top) > LAB_K.max {
        lines.extend(wrapped_row(
            "",
            &format!(
                "the best k ({top}) lies past the k slider's {}: `bloomlab rate` takes any k",
                LAB_K.max
            ),
            width,
            theme.style(Role::Warn),
            theme.style(Role::Warn),
        ));
    }
    lines
}

/// The true winner: the same k, or a lower true rate at another k and by
/// how much.
fn true_best_row(b: &BestK, width: u16, theme: &Theme) -> Line<'static> {
    let style = theme.style(Role::True);
    let wordings = match (&b.winners.truth, &b.winners.gain, &b.winners.classic) {
        (Some(t), Some(gain), Some(c)) => {
            let lower = format!("{:.1}%", 100.0 * gain.lower_by);
            let value = format!("{} at {}", t.k, shown_decimal(&t.rate));
            pairings(
                vec![
                    Span::styled(value, style),
                    Span::styled(t.k.to_string(), style),
                ],
                &notes(&[
                    &format!("{lower} below the true rate at k={} · c measures both", c.k),
                    &format!("{lower} below k={}", c.k),
                    &format!("{lower} lower"),
                ]),
            )
        }
        (Some(t), _, _) => pairings(
            vec![
                Span::styled(format!("{} too", t.k), style),
                Span::styled(t.k.to_string(), style),
            ],
            &notes(&["the true rate agrees with the classic scan", "agrees"]),
        ),
        (None, _, _) => pairings(candidates(&b.scan.true_rate, theme), &notes(&[])),
    };
    fitted_row("true best", wordings, width, theme, style)
}

/// Candidates the enclosures could not separate.
fn candidates(best: &KBest, theme: &Theme) -> Vec<Span<'static>> {
    let list: Vec<String> = best.candidates.iter().map(u32::to_string).collect();
    vec![
        Span::styled(
            format!(
                "one of {} (rates agree too closely to rank)",
                list.join(", ")
            ),
            theme.style(Role::Warn),
        ),
        Span::styled(
            format!("one of {}", list.join(", ")),
            theme.style(Role::Warn),
        ),
        Span::styled(
            format!("{} candidates", best.candidates.len()),
            theme.style(Role::Warn),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_counts_read_well_at_every_size() {
        assert_eq!(digit_count(1729), ["1729".to_string(), "1729".to_string()]);
        assert_eq!(digit_count(2_450_001)[0], "2,450,001");
        assert_eq!(digit_count(2_450_001)[1], "2.45M");
        assert_eq!(digit_count(12_000_000_000_000_000_000_001)[0], "1.20e22");
    }

    #[test]
    fn rarer_than_a_double_is_still_a_figure() {
        let d = SigDecimal::from_ratio(
            &num_rational::BigRational::new(454.into(), num_bigint::BigInt::from(10).pow(30)),
            3,
        )
        .expect("decimal");
        assert_eq!(short_sci(&d), "4.54e-28");
    }
}
