//! The lab's settings panel (sliders) and rates panel (every figure labelled
//! exact, idealised, true or measured).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::cli::args::SchemeName;
use crate::ui::action::LabSlider;
use crate::ui::app::App;
use crate::ui::computed::{Outcome, Shown};
use crate::ui::format::{grouped, sig, signed_sci};
use crate::ui::lab::charts;
use crate::ui::lab::compute::{BestK, ExactFigures, MeasureFigures, Verdict, idealised_rate};
use crate::ui::lab::state::{LabState, label, spec};
use crate::ui::slider::track;
use crate::ui::theme::Theme;

/// Rows of the settings and rates panels, borders included.
const TOP_HEIGHT: u16 = 10;
/// Columns before a slider's track: marker, label, value.
const TRACK_OFFSET: u16 = 22;

/// Where the lab's parts go inside the body area.
struct LabLayout {
    settings: Rect,
    rates: Rect,
    charts: Rect,
}

fn layout(body: Rect) -> LabLayout {
    let top = TOP_HEIGHT.min(body.height);
    let settings_width = if body.width >= 110 { 40 } else { 34 }.min(body.width);
    LabLayout {
        settings: Rect::new(body.x, body.y, settings_width, top),
        rates: Rect::new(
            body.x + settings_width,
            body.y,
            body.width - settings_width,
            top,
        ),
        charts: Rect::new(body.x, body.y + top, body.width, body.height - top),
    }
}

/// The track of each slider (one row each), for drawing and for the mouse.
pub fn slider_tracks(body: Rect) -> Vec<(LabSlider, Rect)> {
    let inner = layout(body)
        .settings
        .inner(ratatui::layout::Margin::new(1, 1));
    LabSlider::ALL
        .iter()
        .enumerate()
        .filter_map(|(i, &slider)| {
            let y = inner.y + i as u16;
            (y < inner.bottom() && inner.width > TRACK_OFFSET).then(|| {
                (
                    slider,
                    Rect::new(inner.x + TRACK_OFFSET, y, inner.width - TRACK_OFFSET, 1),
                )
            })
        })
        .collect()
}

/// Draws the whole lab screen into `body`.
pub fn render(app: &App, body: Rect, buf: &mut Buffer) {
    let parts = layout(body);
    render_settings(app, parts.settings, buf);
    render_rates(app, parts.rates, buf);
    charts::render(app, parts.charts, buf);
}

fn panel(title: String, theme: &Theme) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(theme.border())
        .title(Span::styled(title, theme.title()))
}

fn render_settings(app: &App, area: Rect, buf: &mut Buffer) {
    let lab = &app.lab;
    let theme = &app.theme;
    let block = panel(" settings ".into(), theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines: Vec<Line<'static>> = LabSlider::ALL
        .iter()
        .map(|&slider| slider_line(lab, slider, inner.width, theme))
        .collect();
    let lock = match lab.lock {
        Some(bits) => Span::styled(format!("locked at {} (l)", sig(bits, 3)), theme.warn()),
        None => Span::styled("lock off (l)", theme.dim()),
    };
    lines.push(Line::from(vec![
        Span::styled(
            format!("m/n {} bits/key  ", sig(lab.bits_per_key(), 3)),
            theme.text(),
        ),
        lock,
    ]));
    let wide = inner.width >= 36;
    let scheme = match (lab.scheme, wide) {
        (SchemeName::Double, true) => "double (lesson FNV-1a)",
        (SchemeName::Double, false) => "double (lesson)",
        (SchemeName::Independent, true) => "independent (k hashes)",
        (SchemeName::Independent, false) => "independent",
    };
    lines.push(Line::from(vec![
        Span::styled("scheme ", theme.dim()),
        Span::styled(scheme, theme.text()),
        Span::styled(" (s)", theme.dim()),
    ]));
    let seed_line = match &lab.edit_error {
        Some(err) => Line::styled(format!("✗ {err}"), theme.bad()),
        None => Line::from(vec![
            Span::styled(format!("seed {}", lab.seed), theme.text()),
            Span::styled("  r reseed", theme.dim()),
        ]),
    };
    lines.push(seed_line);
    Paragraph::new(lines).render(inner, buf);
}

fn slider_line(lab: &LabState, slider: LabSlider, width: u16, theme: &Theme) -> Line<'static> {
    let selected = lab.selected == slider;
    let marker = if selected { "▶ " } else { "  " };
    let name_style = if selected {
        theme.selected()
    } else {
        theme.text()
    };
    let value = match (&lab.editing, selected) {
        (Some(field), true) => Span::styled(format!("{:>9}▏", field.text()), theme.accent()),
        _ => Span::styled(format!("{:>10}", grouped(lab.value(slider))), theme.text()),
    };
    let mut spans = vec![
        Span::styled(marker, theme.accent()),
        Span::styled(format!("{:<9}", label(slider)), name_style),
        value,
        Span::raw(" "),
    ];
    let fraction = spec(slider).fraction(lab.value(slider));
    spans.extend(track(
        fraction,
        width.saturating_sub(TRACK_OFFSET),
        theme,
        selected,
    ));
    Line::from(spans)
}

/// A labelled row: the kind of figure, its value, and a note.
fn row(kind: &str, value: Span<'static>, note: &str, theme: &Theme, style: Style) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{kind:<11}"), style),
        value,
        Span::styled(format!("  {note}"), theme.dim()),
    ])
}

/// The text and style for a value that may still be computing.
fn shown_value<T>(
    shown: Shown<'_, Outcome<T>>,
    text: impl Fn(&T) -> String,
    theme: &Theme,
    style: Style,
) -> Span<'static> {
    match shown {
        Shown::Fresh(Outcome::Ready(v)) => Span::styled(text(v), style),
        Shown::Fresh(Outcome::TooLarge { digits, limit }) => Span::styled(
            format!(
                "too large to compute exactly ({} digits; limit {})",
                grouped(*digits),
                grouped(*limit)
            ),
            theme.warn(),
        ),
        Shown::Fresh(Outcome::Failed(why)) => Span::styled(why.clone(), theme.bad()),
        Shown::Computing(Some(Outcome::Ready(v))) => {
            Span::styled(format!("{} computing…", text(v)), theme.stale())
        }
        Shown::Computing(_) => Span::styled("computing…", theme.stale()),
    }
}

fn render_rates(app: &App, area: Rect, buf: &mut Buffer) {
    let lab = &app.lab;
    let theme = &app.theme;
    let key = lab.rate_key();
    let title = format!(
        " false-positive rate · m={} n={} k={} ",
        grouped(lab.m),
        grouped(lab.n),
        lab.k
    );
    let block = panel(title, theme);
    let inner = block.inner(area);
    block.render(area, buf);
    // Below this width the notes shrink to fit an 80-column terminal.
    let wide = inner.width >= 70;

    let exact = lab.results.exact.shown(&key);
    let ideal = idealised_rate(lab.m, lab.n, lab.k);
    let one_in = fresh_exact(exact)
        .and_then(|e| e.one_in)
        .map_or(String::new(), |n| format!("about 1 in {}", grouped(n)));
    let mut lines = vec![
        row(
            "exact",
            shown_value(
                exact,
                |e: &ExactFigures| e.decimal.clone(),
                theme,
                theme.exact(),
            ),
            &one_in,
            theme,
            theme.exact(),
        ),
        Line::styled(
            match fresh_exact(exact) {
                Some(e) => format!(
                    "  BigInt rational; denominator {} digits",
                    e.denominator_digits
                ),
                None => "  BigInt rational, by long division".into(),
            },
            theme.dim(),
        ),
        row(
            "idealised",
            Span::styled(sig(ideal, 10), theme.idealised()),
            if wide {
                "(1-e^-kn/m)^k, an f64"
            } else {
                "(1-e^-kn/m)^k"
            },
            theme,
            theme.idealised(),
        ),
    ];
    lines.push(match fresh_exact(exact) {
        Some(e) => {
            let diff = e.value - ideal;
            let relative = if e.value > 0.0 {
                diff / e.value * 100.0
            } else {
                0.0
            };
            let percent = if relative.abs() >= 0.1 {
                format!("{relative:+.1}%")
            } else {
                format!("{}%", signed_sci(relative, 2))
            };
            let note = if wide {
                format!("exact − idealised, {percent} of exact")
            } else {
                format!("{percent} of exact")
            };
            row(
                "difference",
                Span::styled(signed_sci(diff, 3), theme.text()),
                &note,
                theme,
                theme.text(),
            )
        }
        None => row(
            "difference",
            missing_difference(exact, wide, theme),
            "",
            theme,
            theme.text(),
        ),
    });
    lines.push(row(
        "true",
        shown_value(
            lab.results.truth.shown(&key),
            |t| t.decimal.clone(),
            theme,
            theme.true_rate(),
        ),
        if wide {
            "E[(X/m)^k], exact rational"
        } else {
            "E[(X/m)^k]"
        },
        theme,
        theme.true_rate(),
    ));
    lines.extend(measured_lines(app, wide));
    lines.push(best_k_line(app, wide, inner.width));
    Paragraph::new(lines).render(inner, buf);
}

/// Why the difference is not shown: the exact rate is still coming, or it
/// never will at this budget (or failed), in which case waiting is pointless.
fn missing_difference(
    exact: Shown<'_, Outcome<ExactFigures>>,
    wide: bool,
    theme: &Theme,
) -> Span<'static> {
    match exact {
        Shown::Fresh(Outcome::TooLarge { .. }) => Span::styled(
            if wide {
                "needs the exact rate, which is over the digit budget"
            } else {
                "needs the exact rate: too large"
            },
            theme.warn(),
        ),
        Shown::Fresh(Outcome::Failed(_)) => {
            Span::styled("needs the exact rate, which failed", theme.bad())
        }
        _ => Span::styled("waiting for the exact rate", theme.stale()),
    }
}

fn fresh_exact<'a>(shown: Shown<'a, Outcome<ExactFigures>>) -> Option<&'a ExactFigures> {
    match shown {
        Shown::Fresh(Outcome::Ready(e)) => Some(e),
        _ => None,
    }
}

/// The reference rate the measurement is compared with: the true rate when
/// it is known, else the idealised one (said so on screen).
fn reference_rate(app: &App) -> (f64, &'static str) {
    let lab = &app.lab;
    match lab.results.truth.shown(&lab.rate_key()) {
        Shown::Fresh(Outcome::Ready(t)) => (t.value, "true"),
        _ => (idealised_rate(lab.m, lab.n, lab.k), "idealised"),
    }
}

fn measured_lines(app: &App, wide: bool) -> Vec<Line<'static>> {
    let lab = &app.lab;
    let theme = &app.theme;
    let key = lab.measure_key();
    let total = lab.queries.saturating_mul(lab.filters);
    let (reference, reference_name) = reference_rate(app);
    let expected = total as f64 * reference;
    let (value, m) = match lab.results.measured.shown(&key) {
        Shown::Fresh(Ok(m)) if !m.complete() => (
            Span::styled(
                format!(
                    "{}/{} so far, {} of {} filters computing…",
                    grouped(m.false_positives),
                    grouped(m.total_queries),
                    grouped(m.filters_done),
                    grouped(m.filters)
                ),
                theme.stale(),
            ),
            None,
        ),
        Shown::Fresh(Ok(m)) => (
            Span::styled(
                format!(
                    "{}/{} = {}",
                    grouped(m.false_positives),
                    grouped(m.total_queries),
                    sig(m.rate, 3)
                ),
                theme.measured(),
            ),
            Some(m),
        ),
        Shown::Fresh(Err(why)) => (Span::styled(why.clone(), theme.bad()), None),
        Shown::Computing(Some(Ok(m))) => (
            Span::styled(
                format!(
                    "{} of {} computing…",
                    grouped(m.false_positives),
                    grouped(m.total_queries)
                ),
                theme.stale(),
            ),
            None,
        ),
        Shown::Computing(_) => (Span::styled("computing…", theme.stale()), None),
    };
    let bounds = m.map(MeasureFigures::interval);
    let interval = bounds.map_or(String::new(), |(low, high)| {
        format!("95% {}–{}", sig(low, 3), sig(high, 3))
    });
    let first = row("measured", value, &interval, theme, theme.measured());
    let unresolved =
        bounds.is_none_or(|(low, high)| expected < 10.0 || low <= 0.0 || high / low > 3.0);
    let mut second = vec![Span::styled(
        format!("  expected {} ({reference_name}) · ", count_like(expected)),
        theme.dim(),
    )];
    match m {
        Some(_) if unresolved => second.push(Span::styled(
            if wide {
                format!("{} queries cannot resolve this rate", grouped(total))
            } else {
                "too few to resolve it".to_string()
            },
            theme.warn(),
        )),
        // One filter measures its own rate, which differs from the average
        // over filters by the luck of its fill: no verdict on the formulas.
        Some(m) if m.filters < 2 => second.push(Span::styled(
            if wide {
                "one filter: its own rate; add filters to compare"
            } else {
                "one filter: add filters"
            },
            theme.dim(),
        )),
        Some(m) => {
            let classic = fresh_exact(lab.results.exact.shown(&lab.rate_key())).map(|e| e.value);
            let (low, high) = m.interval();
            let holds = |x: f64| {
                if (low..=high).contains(&x) {
                    "✓"
                } else {
                    "✗"
                }
            };
            let mut verdict = String::from("interval holds:");
            if let Some(c) = classic {
                verdict.push_str(&format!(" classic {}", holds(c)));
            }
            if reference_name == "true" {
                verdict.push_str(&format!(" true {}", holds(reference)));
            }
            second.push(Span::styled(verdict, theme.text()));
        }
        None => second.push(Span::styled("measuring on real filters", theme.stale())),
    }
    vec![first, Line::from(second)]
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

fn best_k_line(app: &App, wide: bool, width: u16) -> Line<'static> {
    let lab = &app.lab;
    let theme = &app.theme;
    let rule = lab.bits_per_key() * std::f64::consts::LN_2;
    let shown = lab.results.best.shown(&lab.best_key());
    if let Shown::Fresh(Outcome::Ready(b)) = shown {
        let (value, note, style) = match &b.verdict {
            Verdict::Exact => {
                let (value, note) = fitted(exact_texts(b, rule, wide), width);
                (value, note, theme.exact())
            }
            Verdict::Certified { digits } => {
                let (value, note) = fitted(certified_texts(b, *digits, rule), width);
                (value, note, theme.text())
            }
            Verdict::Undecided { candidates } => {
                let (value, note) = fitted(undecided_texts(candidates, rule), width);
                (value, note, theme.warn())
            }
        };
        return row(
            "best k",
            Span::styled(value, style),
            &note,
            theme,
            theme.text(),
        );
    }
    row(
        "best k",
        shown_value(
            shown,
            |b| match &b.verdict {
                Verdict::Exact => match &b.decimal {
                    Some(d) if wide => format!("{} at {d}", b.k),
                    _ => b.k.to_string(),
                },
                Verdict::Certified { .. } => format!("{} certified", b.k),
                Verdict::Undecided { candidates } => format!("one of {}", listed(candidates)),
            },
            theme,
            theme.exact(),
        ),
        &format!("rule (m/n)ln2 = {}", sig(rule, 3)),
        theme,
        theme.text(),
    )
}

/// Columns of a row before its value: the label and its padding.
const LABEL_COLUMNS: usize = 11;

/// The first (value, note) pair whose row fits in `width` columns, else the
/// last (the shortest).
fn fitted(options: Vec<(String, String)>, width: u16) -> (String, String) {
    let fits = |(v, n): &(String, String)| {
        LABEL_COLUMNS + v.chars().count() + 2 + n.chars().count() <= usize::from(width)
    };
    let last = options.last().cloned().unwrap_or_default();
    options.into_iter().find(fits).unwrap_or(last)
}

fn listed(ks: &[u32]) -> String {
    ks.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// Wordings, longest first, for a best k proven by exact arithmetic.
fn exact_texts(b: &BestK, rule: f64, wide: bool) -> Vec<(String, String)> {
    // Digits grow with k, so the over-budget values are always the top of
    // the range; they were still ranked, by their bounds. That caveat stays
    // in every wording, since "exact scan 1..N" alone would overclaim.
    let bounded = match b.skipped.first() {
        Some(first) => format!(" (k≥{first} by bounds)"),
        None => String::new(),
    };
    let end = b.scanned_to;
    let rule = sig(rule, 3);
    match &b.decimal {
        Some(d) if wide => {
            let value = format!("{} at {d}", b.k);
            vec![
                (
                    value.clone(),
                    format!("exact scan 1..{end}{bounded} · rule of thumb (m/n)ln2 = {rule}"),
                ),
                (
                    value.clone(),
                    format!("exact scan 1..{end}{bounded} · rule {rule}"),
                ),
                (value, format!("exact scan 1..{end}{bounded}")),
            ]
        }
        _ => vec![
            (
                b.k.to_string(),
                format!("exact 1..{end}{bounded} · rule {rule}"),
            ),
            (b.k.to_string(), format!("exact 1..{end}{bounded}")),
        ],
    }
}

/// Wordings, longest first, for a best k proven by its bounds alone whose
/// exact rate is over the budget.
fn certified_texts(b: &BestK, digits: u64, rule: f64) -> Vec<(String, String)> {
    let k = b.k;
    let digits = grouped(digits);
    let rule = sig(rule, 3);
    let full = format!("{k} (certified by bounds; exact rate too large: {digits} digits)");
    vec![
        (
            full.clone(),
            format!(
                "≈ {} from bounds, not exact · scan 1..{} · rule {rule}",
                sig(b.approx, 3),
                b.scanned_to
            ),
        ),
        (full.clone(), format!("rule {rule}")),
        (full, String::new()),
        (
            format!("{k} certified by bounds"),
            format!("exact too large: {digits} digits"),
        ),
        (format!("{k} certified"), "exact rate too large".to_string()),
        (format!("{k} certified"), "exact too large".to_string()),
    ]
}

/// Wordings, longest first, for candidates the bounds cannot separate.
fn undecided_texts(candidates: &[u32], rule: f64) -> Vec<(String, String)> {
    let value = format!("one of {}", listed(candidates));
    vec![
        (
            value.clone(),
            format!(
                "bounds cannot separate them within the digit budget · rule {}",
                sig(rule, 3)
            ),
        ),
        (value.clone(), "bounds cannot separate them".to_string()),
        (value, "bounds overlap".to_string()),
    ]
}
