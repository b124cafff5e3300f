//! The rates panel's rows about real filters: the measured rate with its
//! interval, what it was expected to be and whether the interval holds the
//! formulas, why not when it does not, and the comparison of two k.

use std::time::Duration;

use ratatui::text::{Line, Span};

use crate::limits::LAB_FILTERS;
use crate::measure::{IntervalMethod, Measurement, ModelCheck};
use crate::numbers::{counted_grouped, format_bytes, grouped, short_count, sig, trim_zeros};
use crate::ui::computed::Shown;
use crate::ui::format::{fitted, pairings};
use crate::ui::lab::blocked_rows::blocked_exact;
use crate::ui::lab::measuring::{CompareFigures, MeasureFigures, MeasurePlan, Running};
use crate::ui::lab::rows::{fitted_row, notes, ready, wrapped_row};
use crate::ui::lab::state::LabState;
use crate::ui::theme::{Role, Theme};

/// "about 12 s left", "about 3 min left".
pub(crate) fn time_left(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 90.0 {
        format!("about {} s left", s.ceil().max(1.0))
    } else if s < 5400.0 {
        format!("about {} min left", (s / 60.0).round())
    } else {
        format!("about {} h left", trim_zeros(&sig(s / 3600.0, 2)))
    }
}

/// "about 40 s", "about 3 min" for an estimate of a whole run.
fn duration_words(s: f64) -> String {
    if s < 90.0 {
        format!("about {} s", s.ceil().max(1.0))
    } else if s < 5400.0 {
        format!("about {} min", (s / 60.0).round())
    } else {
        format!("about {} h", trim_zeros(&sig(s / 3600.0, 2)))
    }
}

/// A count of queries or false positives, in full and shortened.
fn counts(v: u64) -> [String; 2] {
    [grouped(v), short_count(v)]
}

/// How far a run has got: "42% · about 3 s left", shorter forms after.
fn progress_words(r: &Running) -> [String; 2] {
    let percent = format!("{:.0}%", 100.0 * r.fraction());
    match r.time_left() {
        Some(left) => [format!("{percent} · {}", time_left(left)), percent],
        None => [percent.clone(), percent],
    }
}

/// The measured row's wordings while a run goes on (or after it stopped).
fn running_values(m: &MeasureFigures, stopped: bool, theme: &Theme) -> Vec<Span<'static>> {
    let tail = if stopped {
        [
            "stopped: m measures again".to_string(),
            "stopped".to_string(),
        ]
    } else {
        match &m.running {
            Some(r) => progress_words(r).map(|p| format!("{p} computing…")),
            None => ["computing…".to_string(), "computing…".to_string()],
        }
    };
    let style = theme.style(Role::Stale);
    let mut texts = Vec::new();
    for (fp, total) in counts(m.pooled.false_positives)
        .into_iter()
        .zip(counts(m.pooled.total_queries))
    {
        for t in &tail {
            texts.push(format!(
                "{fp}/{total} so far, {} of {} · {t}",
                grouped(m.filters_done),
                counted_grouped(m.filters, "filter", "filters")
            ));
        }
        texts.push(format!("{fp}/{total} · {}", tail[1]));
    }
    texts.push(tail[1].clone());
    texts.into_iter().map(|t| Span::styled(t, style)).collect()
}

/// The interval's wordings, longest first.
pub(crate) fn interval_notes(m: &Measurement) -> Vec<String> {
    let (low, high) = (m.interval.low, m.interval.high);
    let whose = match m.interval.method {
        IntervalMethod::BetweenFilters => "between filters",
        IntervalMethod::OneFilterWilson => "this filter's own",
    };
    notes(&[
        &format!("95% {}–{} {whose}", sig(low, 3), sig(high, 3)),
        &format!("95% {}–{}", sig(low, 3), sig(high, 3)),
        &format!("95% {}–{}", sig(low, 2), sig(high, 2)),
        &format!("{}–{}", sig(low, 2), sig(high, 2)),
    ])
}

/// The rows about the measurement at the lab's settings.
pub(crate) fn measured_rows(
    lab: &LabState,
    width: u16,
    brief: bool,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let key = lab.measure_key();
    let plan = lab.measure_plan();
    let shown = lab.results.measured.shown(&key);
    let label = theme.style(Role::Measured);
    let finished = match shown {
        Shown::Fresh(Ok(m)) => m.finished(),
        _ => None,
    };
    let first = match (shown, plan) {
        (_, MeasurePlan::TooBig { bytes }) => {
            return wrapped_row(
                "measured",
                &format!(
                    "a real filter of {} bits needs {}, more than the 256 MiB the lab builds; \
                     the formulas above hold at any size",
                    grouped(lab.m),
                    format_bytes(bytes)
                ),
                width,
                label,
                theme.style(Role::Warn),
            );
        }
        (Shown::Fresh(Ok(m)), _) if m.complete() => fitted_row(
            "measured",
            pairings(
                {
                    let rate = sig(m.pooled.rate, 3);
                    let mut texts: Vec<String> = counts(m.pooled.false_positives)
                        .into_iter()
                        .zip(counts(m.pooled.total_queries))
                        .map(|(fp, total)| format!("{fp}/{total} = {rate}"))
                        .collect();
                    texts.push(rate);
                    texts
                        .into_iter()
                        .map(|t| Span::styled(t, label))
                        .collect::<Vec<_>>()
                },
                &interval_notes(&m.pooled),
            ),
            width,
            theme,
            label,
        ),
        (Shown::Fresh(Ok(m)), _) => fitted_row(
            "measured",
            running_values(m, !lab.measuring_wanted(), theme)
                .into_iter()
                .map(|v| (v, String::new()))
                .collect(),
            width,
            theme,
            label,
        ),
        (Shown::Fresh(Err(why)), _) => fitted_row(
            "measured",
            vec![
                (
                    Span::styled(why.clone(), theme.style(Role::Bad)),
                    String::new(),
                ),
                (
                    Span::styled("measurement failed", theme.style(Role::Bad)),
                    String::new(),
                ),
            ],
            width,
            theme,
            label,
        ),
        (Shown::Computing(_), MeasurePlan::OnRequest { seconds }) if !lab.measuring_wanted() => {
            let time = duration_words(seconds);
            fitted_row(
                "measured",
                [
                    format!("{time} of work at this size: press m to measure"),
                    format!("{time} of work: press m"),
                    "press m to measure".to_string(),
                ]
                .into_iter()
                .map(|t| (Span::styled(t, theme.style(Role::Hint)), String::new()))
                .collect(),
                width,
                theme,
                label,
            )
        }
        (Shown::Computing(_), _) => fitted_row(
            "measured",
            vec![(
                Span::styled("measuring on real filters…", theme.style(Role::Stale)),
                String::new(),
            )],
            width,
            theme,
            label,
        ),
    };
    let mut lines = vec![first];
    lines.extend(quick_run_row(lab, &key, width, theme));
    lines.push(expected_row(lab, finished, width, theme));
    if let Some(m) = finished
        && let Some(check) = model_check(lab, m)
    {
        let why = match (&check.reason, check.wall_matters()) {
            (Some(_), _) if brief => Some(lab.scheme.off_model_brief(lab.m)),
            (Some(reason), _) => Some(reason.clone()),
            (None, true) if brief => lab.scheme.hash_wall_brief(lab.n),
            (None, true) => lab.scheme.hash_wall_reason(lab.n),
            (None, false) => None,
        };
        if let Some(why) = why
            && m.interval.method == IntervalMethod::BetweenFilters
        {
            lines.extend(wrapped_row(
                "why",
                &why,
                width,
                theme.style(Role::Label),
                theme.style(Role::Text),
            ));
        }
    }
    lines
}

/// When the automatic run measures fewer filters than the slider asks for
/// (to answer a slider move at once), how many, and how to measure all.
fn quick_run_row(
    lab: &LabState,
    run: &crate::measure::MeasureConfig,
    width: u16,
    theme: &Theme,
) -> Option<Line<'static>> {
    let asked = lab.filters;
    if run.filters >= asked {
        return None;
    }
    let (used, all) = (grouped(run.filters), grouped(asked));
    let wordings = [
        format!("{used} of {all}, a quick run: m measures all {all}"),
        format!("{used} of {all}, quick · m measures all"),
        format!("{used} of {all} · m: all"),
        format!("{used} of {all}"),
    ];
    Some(fitted_row(
        "filters",
        wordings
            .into_iter()
            .map(|t| (Span::styled(t, theme.style(Role::Hint)), String::new()))
            .collect(),
        width,
        theme,
        theme.style(Role::Measured),
    ))
}

/// The model's rate for the lab's scheme and its name: the blocked rate
/// for the blocked scheme, else the true rate; once computed.
fn model_rate(lab: &LabState) -> Option<(f64, &'static str)> {
    if lab.blocked_wanted() {
        return blocked_exact(lab).map(|r| (r, "blocked"));
    }
    let figures = ready(lab.results.rates.shown(&lab.rate_key()))?;
    Some((figures.true_rate.decimal.to_f64(), "true"))
}

/// The measurement held against the model's rate, once both are known.
fn model_check(lab: &LabState, m: &Measurement) -> Option<ModelCheck> {
    let (rate, _) = model_rate(lab)?;
    Some(ModelCheck::new(lab.scheme, lab.m, lab.n, m, rate))
}

/// The count the formulas expect and the verdict on the measurement.
fn expected_row(
    lab: &LabState,
    finished: Option<&Measurement>,
    width: u16,
    theme: &Theme,
) -> Line<'static> {
    let figures = ready(lab.results.rates.shown(&lab.rate_key()));
    let run = lab.measure_key();
    let total = run.queries.saturating_mul(run.filters);
    let (reference, reference_name) = match model_rate(lab) {
        Some(known) => known,
        None => (
            crate::ui::lab::compute::idealised_rate(lab.m, lab.n, lab.k),
            "idealised",
        ),
    };
    let expected = total as f64 * reference;
    let verdicts: Vec<Span<'static>> = match finished {
        Some(m) if expected < 10.0 || m.interval.low <= 0.0 => [
            format!(
                "{} cannot resolve this rate",
                counted_grouped(total, "query", "queries")
            ),
            "too few queries to resolve it".to_string(),
            "too few to resolve it".to_string(),
        ]
        .into_iter()
        .map(|t| Span::styled(t, theme.style(Role::Warn)))
        .collect(),
        // One filter measures its own rate, which differs from the average
        // over filters by the luck of its fill: no verdict on the formulas.
        Some(m) if m.interval.method == IntervalMethod::OneFilterWilson => [
            "one filter: its own rate; add filters to compare",
            "one filter: add filters",
        ]
        .into_iter()
        .map(|t| Span::styled(t, theme.style(Role::Label)))
        .collect(),
        Some(m) => {
            let mark = |x: f64| if m.interval.contains(x) { "✓" } else { "✗" };
            let mut checks = String::new();
            if let Some(f) = figures {
                checks.push_str(&format!(" classic {}", mark(f.classic_value)));
                checks.push_str(&format!(" {reference_name} {}", mark(reference)));
            }
            [
                format!("interval holds:{checks}"),
                format!("holds:{checks}"),
            ]
            .into_iter()
            .map(|t| Span::styled(t, theme.style(Role::Text)))
            .collect()
        }
        None => vec![Span::styled("", theme.style(Role::Stale))],
    };
    let expected_texts = [
        format!("  expected {} ({reference_name}) · ", count_like(expected)),
        format!("  expected {} · ", count_like(expected)),
    ];
    let line = |e: &str, verdict: &Span<'static>| {
        // No separator before a verdict that is not there yet.
        let e = if verdict.content.is_empty() {
            e.trim_end_matches(" · ")
        } else {
            e
        };
        Line::from(vec![
            Span::styled(e.to_string(), theme.style(Role::Label)),
            verdict.clone(),
        ])
    };
    let mut options: Vec<Line<'static>> = verdicts
        .iter()
        .flat_map(|verdict| expected_texts.iter().map(move |e| line(e, verdict)))
        .collect();
    if let Some(shortest) = verdicts.last() {
        options.push(line(
            &format!("  expected {} · ", sig(expected, 2)),
            shortest,
        ));
        options.push(line("  ", shortest));
    }
    options.push(Line::styled(
        format!("  expected {}", sig(expected, 2)),
        theme.style(Role::Hint),
    ));
    fitted(options, width)
}

/// An expected count: three significant digits when small, grouped when large.
fn count_like(x: f64) -> String {
    if (1000.0..1e15).contains(&x) {
        // Checked range: the rounded value fits in u64.
        grouped(x.round() as u64)
    } else {
        sig(x, 3)
    }
}

/// The rows about the comparison of two k, when one was asked for.
pub(crate) fn compare_rows(lab: &LabState, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let Some(cfg) = lab.compare else {
        return Vec::new();
    };
    let label = theme.style(Role::Measured);
    let head = format!(
        "k={} vs k={} on {} × {}, independent hashes",
        cfg.k_a,
        cfg.k_b,
        counted_grouped(cfg.filters, "filter", "filters"),
        counted_grouped(cfg.queries, "query", "queries")
    );
    match lab.results.compared.shown(&cfg) {
        Shown::Fresh(Ok(f)) => match f.finished() {
            Some(c) => {
                let mut text = c.summary();
                if let Some(needed) = c.filters_needed.filter(|_| !c.resolved) {
                    if needed <= LAB_FILTERS.max {
                        text.push_str(&format!(
                            "; c again runs {} filters",
                            grouped(needed.max(cfg.filters))
                        ));
                    } else {
                        text.push_str(&format!(
                            "; that is past the lab's {} filters: `bloomlab measure` goes further",
                            grouped(LAB_FILTERS.max)
                        ));
                    }
                }
                let style = if c.resolved {
                    theme.style(Role::Measured)
                } else {
                    theme.style(Role::Warn)
                };
                wrapped_row("compare", &format!("{head}: {text}"), width, label, style)
            }
            None => compare_running(f, &head, width, theme),
        },
        Shown::Fresh(Err(why)) => wrapped_row("compare", why, width, label, theme.style(Role::Bad)),
        Shown::Computing(_) => wrapped_row(
            "compare",
            &format!("{head}: starting…"),
            width,
            label,
            theme.style(Role::Stale),
        ),
    }
}

fn compare_running(
    f: &CompareFigures,
    head: &str,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let progress = match &f.running {
        Some(r) => progress_words(r)[0].clone(),
        None => "computing".to_string(),
    };
    wrapped_row(
        "compare",
        &format!(
            "{head}: {} of {} · {progress} computing…",
            grouped(f.filters_done),
            counted_grouped(f.filters, "filter", "filters")
        ),
        width,
        theme.style(Role::Measured),
        theme.style(Role::Stale),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_left_read_as_people_say_them() {
        assert_eq!(time_left(Duration::from_millis(2300)), "about 3 s left");
        assert_eq!(time_left(Duration::from_secs(200)), "about 3 min left");
        assert_eq!(time_left(Duration::from_secs(7200)), "about 2 h left");
        assert_eq!(duration_words(31.2), "about 32 s");
    }

    /// Issue 22's wording: one query is "1 query" in the comparison's
    /// heading (it said "1 queries").
    #[test]
    fn the_comparison_heading_counts_in_the_singular() {
        let heading = |queries| {
            let lab = LabState {
                compare: Some(crate::measure::compare::CompareConfig {
                    m: 1000,
                    n: 100,
                    k_a: 3,
                    k_b: 7,
                    queries,
                    filters: 2,
                    seed: 1,
                }),
                ..LabState::default()
            };
            let rows = compare_rows(&lab, 200, &Theme::MONO);
            rows.first().map(|l| l.to_string()).unwrap_or_default()
        };
        assert!(
            heading(1).contains("k=3 vs k=7 on 2 filters × 1 query, independent"),
            "{}",
            heading(1)
        );
        assert!(
            heading(2000).contains("× 2,000 queries,"),
            "{}",
            heading(2000)
        );
    }

    /// Issue 22's wording: a run of one filter says "0 of 1 filter", not
    /// "0 of 1 filters".
    #[test]
    fn a_run_of_one_filter_counts_in_the_singular() {
        let cfg = crate::measure::config::MeasureConfig {
            m: 64,
            n: 4,
            k: 2,
            queries: 10,
            filters: 1,
            seed: 1,
            scheme: crate::filter::SchemeKind::Independent,
        };
        let pooled = crate::measure::run::measure(&cfg, &std::sync::atomic::AtomicBool::new(false))
            .expect("a tiny run");
        let figures = |filters| MeasureFigures {
            pooled,
            filters_done: 0,
            filters,
            running: None,
        };
        let said = |filters| {
            running_values(&figures(filters), true, &Theme::MONO)
                .iter()
                .map(|s| s.content.to_string())
                .collect::<Vec<_>>()
                .join(" | ")
        };
        assert!(said(1).contains("0 of 1 filter ·"), "{}", said(1));
        assert!(
            said(2000).contains("0 of 2,000 filters ·"),
            "{}",
            said(2000)
        );
    }
}
