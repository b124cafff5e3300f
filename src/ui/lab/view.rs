//! The lab's settings panel (sliders) and rates panel (every figure labelled
//! exact, idealised, true or measured).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::measure::SchemeKind;
use crate::numbers::{grouped, short_count, sig, signed_sci};
use crate::ui::action::LabSlider;
use crate::ui::app::App;
use crate::ui::big::Big;
use crate::ui::computed::{Outcome, Shown};
use crate::ui::format::too_large_wordings;
use crate::ui::lab::charts;
use crate::ui::lab::compute::{BestK, ExactFigures, MeasureFigures, Verdict, idealised_rate};
use crate::ui::lab::state::{LabState, label, spec};
use crate::ui::slider::track;
use crate::ui::theme::{Role, Theme};

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
    let settings_width = if body.width >= 110 { 40 } else { 34 };
    let [top, charts] =
        Layout::vertical([Constraint::Length(TOP_HEIGHT), Constraint::Fill(1)]).areas(body);
    let [settings, rates] =
        Layout::horizontal([Constraint::Length(settings_width), Constraint::Fill(1)]).areas(top);
    LabLayout {
        settings,
        rates,
        charts,
    }
}

/// Columns inside the rates panel's borders when the lab has `body`.
#[cfg(test)]
pub(crate) fn rates_width(body: Rect) -> u16 {
    layout(body).rates.width.saturating_sub(2)
}

/// The track of each slider (one row each), for drawing and for the mouse.
pub(crate) fn slider_tracks(body: Rect) -> Vec<(LabSlider, Rect)> {
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
pub(crate) fn render(app: &App, body: Rect, buf: &mut Buffer) {
    let body = present_headline(app, body, buf);
    let parts = layout(body);
    render_settings(app, parts.settings, buf);
    render_rates(app, parts.rates, buf);
    charts::render(app, parts.charts, buf);
}

/// Present mode: the exact rate in big digits above the lab, as large as
/// leaves the lab its panels; draws them and returns the area left.
fn present_headline(app: &App, rest: Rect, buf: &mut Buffer) -> Rect {
    let (digits, lab) = split_headline(app, rest);
    if let (Some(big), Some(at)) = (headline_big(app, rest), digits) {
        big.draw(at, buf, app.theme.style(Role::Exact));
    }
    lab
}

/// The big digits' rows and the lab's, in present mode.
fn split_headline(app: &App, rest: Rect) -> (Option<Rect>, Rect) {
    match headline_big(app, rest) {
        Some(big) => {
            let [digits, lab] =
                Layout::vertical([Constraint::Length(big.height() + 1), Constraint::Fill(1)])
                    .areas(rest);
            (Some(digits), lab)
        }
        None => (None, rest),
    }
}

/// The exact rate set as big digits, when present mode shows it and there
/// is room beyond what the lab's panels need.
fn headline_big(app: &App, rest: Rect) -> Option<Big> {
    if !app.present {
        return None;
    }
    let spare = rest.height.saturating_sub(TOP_HEIGHT + 14);
    Big::fit(&exact_headline(app)?, rest.width, spare)
}

/// Where the lab's panels go inside `body`: under the big digits in
/// present mode, `body` itself otherwise (the mouse uses this too).
pub(crate) fn lab_area(app: &App, body: Rect) -> Rect {
    split_headline(app, body).1
}

/// "EXACT 0.008318677101" when the exact rate is known for these settings.
fn exact_headline(app: &App) -> Option<String> {
    let key = app.lab.rate_key();
    match app.lab.results.exact.shown(&key) {
        crate::ui::computed::Shown::Fresh(Outcome::Ready(e)) => {
            Some(format!("EXACT {}", e.decimal))
        }
        _ => None,
    }
}

fn panel(title: String, theme: &Theme) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(title, theme.style(Role::Title)))
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
        Some(bits) => Span::styled(
            format!("locked at {} (l)", sig(bits, 3)),
            theme.style(Role::Warn),
        ),
        None => Span::styled("lock off (l)", theme.style(Role::Hint)),
    };
    let bits = sig(lab.bits_per_key(), 3);
    let lock_short = match lab.lock {
        Some(_) => Span::styled("locked (l)", theme.style(Role::Warn)),
        None => Span::styled("unlocked (l)", theme.style(Role::Hint)),
    };
    lines.push(fitted_line(
        vec![
            Line::from(vec![
                Span::styled(format!("m/n {bits} bits/key  "), theme.style(Role::Text)),
                lock.clone(),
            ]),
            Line::from(vec![
                Span::styled(format!("m/n {bits}  "), theme.style(Role::Text)),
                lock,
            ]),
            Line::from(vec![
                Span::styled(format!("m/n {bits}  "), theme.style(Role::Text)),
                lock_short,
            ]),
        ],
        inner.width,
    ));
    let wide = inner.width >= 36;
    let scheme = match (lab.scheme, wide) {
        (SchemeKind::Double, true) => "double (lesson FNV-1a)",
        (SchemeKind::Double, false) => "double (lesson)",
        (SchemeKind::Enhanced, true) => "enhanced double (lesson)",
        (SchemeKind::Enhanced, false) => "enhanced",
        (SchemeKind::Independent, true) => "independent (k hashes)",
        (SchemeKind::Independent, false) => "independent",
    };
    lines.push(Line::from(vec![
        Span::styled("scheme ", theme.style(Role::Label)),
        Span::styled(scheme, theme.style(Role::Text)),
        Span::styled(" (s)", theme.style(Role::Hint)),
    ]));
    let seed_line = match &lab.edit_error {
        Some(err) => fitted_line(
            error_wordings(err)
                .into_iter()
                .map(|t| Line::styled(format!("✗ {t}"), theme.style(Role::Bad)))
                .collect(),
            inner.width,
        ),
        None => Line::from(vec![
            Span::styled(format!("seed {}", lab.seed), theme.style(Role::Text)),
            Span::styled("  r reseed", theme.style(Role::Hint)),
        ]),
    };
    lines.push(seed_line);
    Paragraph::new(lines).render(inner, buf);
}

/// A typed value's error, longest first: in full, without its example in
/// brackets, then without the value it quotes (`outside 1..=32`).
fn error_wordings(err: &str) -> Vec<String> {
    let mut wordings = vec![err.to_string()];
    if let Some((head, _)) = err.split_once(" (") {
        wordings.push(head.to_string());
    }
    if let Some((_, tail)) = wordings[wordings.len() - 1].split_once(" is ") {
        wordings.push(tail.to_string());
    }
    wordings
}

fn slider_line(lab: &LabState, slider: LabSlider, width: u16, theme: &Theme) -> Line<'static> {
    let selected = lab.selected == slider;
    let marker = if selected { "▶ " } else { "  " };
    let name_style = if selected {
        theme.style(Role::Selected)
    } else {
        theme.style(Role::Text)
    };
    let value = match (&lab.editing, selected) {
        (Some(field), true) => {
            Span::styled(format!("{:>9}▏", field.text()), theme.style(Role::Focus))
        }
        _ => Span::styled(
            format!("{:>10}", grouped(lab.value(slider))),
            theme.style(Role::Text),
        ),
    };
    let mut spans = vec![
        Span::styled(marker, theme.style(Role::Focus)),
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

/// Columns of a row before its value: the label and its padding.
const LABEL_COLUMNS: usize = 11;

/// One way to word a row: its value and its note (empty for none).
type Wording = (Span<'static>, String);

/// Columns a row of `value` and `note` takes.
fn row_width((value, note): &Wording) -> usize {
    let note = if note.is_empty() {
        0
    } else {
        2 + Span::raw(note.as_str()).width()
    };
    LABEL_COLUMNS + value.width() + note
}

/// A labelled row in the first wording that fits `width` columns, else the
/// last (the shortest): a value is shortened by its own rules, never cut.
fn fitted_row(
    kind: &str,
    wordings: Vec<Wording>,
    width: u16,
    theme: &Theme,
    style: Style,
) -> Line<'static> {
    let fits = |w: &Wording| row_width(w) <= usize::from(width);
    let last = wordings.last().cloned();
    let (value, note) = wordings
        .into_iter()
        .find(fits)
        .or(last)
        .unwrap_or((Span::raw(""), String::new()));
    let mut spans = vec![
        Span::styled(format!("{kind:<LABEL_COLUMNS$}"), style),
        value,
    ];
    if !note.is_empty() {
        spans.push(Span::styled(format!("  {note}"), theme.style(Role::Hint)));
    }
    Line::from(spans)
}

/// Every pairing of `values` with `notes`, values first: a shorter note is
/// tried before a shorter value, since the value is the figure itself.
fn pairings(values: Vec<Span<'static>>, notes: &[String]) -> Vec<Wording> {
    values
        .into_iter()
        .flat_map(|v| notes.iter().map(move |n| (v.clone(), n.clone())))
        .collect()
}

/// Notes from longest to none.
fn notes(options: &[&str]) -> Vec<String> {
    options
        .iter()
        .map(|s| s.to_string())
        .chain([String::new()])
        .collect()
}

/// The first line of `options` that fits `width` columns, else the last.
fn fitted_line(options: Vec<Line<'static>>, width: u16) -> Line<'static> {
    let last = options.last().cloned().unwrap_or_default();
    options
        .into_iter()
        .find(|l| l.width() <= usize::from(width))
        .unwrap_or(last)
}

/// A count of digits: four-digit counts as they are (`1729`), larger ones
/// grouped (`2,450,001`).
fn digit_count(v: u64) -> String {
    if v < 10_000 {
        v.to_string()
    } else {
        grouped(v)
    }
}

/// The wordings of a value that may still be computing, longest first.
/// `texts` words a ready value, longest first.
fn shown_values<T>(
    shown: Shown<'_, Outcome<T>>,
    texts: impl Fn(&T) -> Vec<String>,
    theme: &Theme,
    style: Style,
) -> Vec<Span<'static>> {
    match shown {
        Shown::Fresh(Outcome::Ready(v)) => texts(v)
            .into_iter()
            .map(|t| Span::styled(t, style))
            .collect(),
        Shown::Fresh(Outcome::TooLarge { digits, limit }) => too_large_wordings(*digits, *limit)
            .into_iter()
            .map(|t| Span::styled(t, theme.style(Role::Warn)))
            .collect(),
        Shown::Fresh(Outcome::Failed(why)) => vec![
            Span::styled(why.clone(), theme.style(Role::Bad)),
            Span::styled("could not compute", theme.style(Role::Bad)),
        ],
        Shown::Computing(Some(Outcome::Ready(v))) => texts(v)
            .into_iter()
            .map(|t| Span::styled(format!("{t} computing…"), theme.style(Role::Stale)))
            .chain([Span::styled("computing…", theme.style(Role::Stale))])
            .collect(),
        Shown::Computing(_) => vec![Span::styled("computing…", theme.style(Role::Stale))],
    }
}

/// The rates panel's title, as long as fits `width` columns.
fn rates_title(lab: &LabState, width: u16) -> String {
    let settings = format!("m={} n={} k={}", grouped(lab.m), grouped(lab.n), lab.k);
    [
        format!(" false-positive rate · {settings} "),
        format!(" rate · {settings} "),
        format!(" {settings} "),
    ]
    .into_iter()
    .find(|t| Span::raw(t.as_str()).width() + 2 <= usize::from(width))
    .unwrap_or_default()
}

fn render_rates(app: &App, area: Rect, buf: &mut Buffer) {
    let block = panel(rates_title(&app.lab, area.width), &app.theme);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(rates_lines(app, inner.width)).render(inner, buf);
}

/// The rates panel's lines, each worded to fit `width` columns.
pub(crate) fn rates_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let lab = &app.lab;
    let theme = &app.theme;
    let key = lab.rate_key();
    let exact = lab.results.exact.shown(&key);
    let ideal = idealised_rate(lab.m, lab.n, lab.k);
    // The lab keeps n >= 1 and m >= 1, so its exact rate is never zero.
    let one_in_notes: Vec<String> = match fresh_exact(exact).map(|e| e.one_in) {
        Some(Some(n)) => notes(&[
            &format!("about 1 in {}", grouped(n)),
            &format!("1 in {}", grouped(n)),
            &format!("1 in {}", short_count(n)),
        ]),
        // Too rare for a 64-bit count: say so rather than say nothing.
        Some(None) => notes(&["rarer than 1 in 10^19", "< 1 in 10^19"]),
        None => notes(&[]),
    };
    let mut lines = vec![
        fitted_row(
            "exact",
            pairings(
                shown_values(
                    exact,
                    |e: &ExactFigures| vec![e.decimal.clone()],
                    theme,
                    theme.style(Role::Exact),
                ),
                &one_in_notes,
            ),
            width,
            theme,
            theme.style(Role::Exact),
        ),
        fitted_line(
            match fresh_exact(exact) {
                Some(e) => vec![
                    format!(
                        "  BigInt rational; denominator {} digits",
                        digit_count(e.denominator_digits)
                    ),
                    format!("  denominator {} digits", digit_count(e.denominator_digits)),
                    format!("  denominator {} digits", short_count(e.denominator_digits)),
                ],
                None => vec![
                    "  BigInt rational, by long division".into(),
                    "  BigInt rational".into(),
                ],
            }
            .into_iter()
            .map(|t| Line::styled(t, theme.style(Role::Hint)))
            .collect(),
            width,
        ),
        fitted_row(
            "idealised",
            pairings(
                vec![Span::styled(sig(ideal, 10), theme.style(Role::Idealised))],
                &notes(&["(1-e^-kn/m)^k, an f64", "(1-e^-kn/m)^k"]),
            ),
            width,
            theme,
            theme.style(Role::Idealised),
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
            fitted_row(
                "difference",
                pairings(
                    vec![Span::styled(signed_sci(diff, 3), theme.style(Role::Text))],
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
        None => fitted_row(
            "difference",
            missing_difference(exact, theme)
                .into_iter()
                .map(|v| (v, String::new()))
                .collect(),
            width,
            theme,
            theme.style(Role::Text),
        ),
    });
    lines.push(fitted_row(
        "true",
        pairings(
            shown_values(
                lab.results.truth.shown(&key),
                |t| vec![t.decimal.clone()],
                theme,
                theme.style(Role::True),
            ),
            &notes(&["E[(X/m)^k], exact rational", "E[(X/m)^k]"]),
        ),
        width,
        theme,
        theme.style(Role::True),
    ));
    lines.extend(measured_lines(app, width));
    lines.push(best_k_line(app, width));
    lines
}

/// Why the difference is not shown, longest wording first: the exact rate
/// is still coming, or it never will at this budget (or failed), in which
/// case waiting is pointless.
fn missing_difference(
    exact: Shown<'_, Outcome<ExactFigures>>,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let (texts, style): (&[&str], Style) = match exact {
        Shown::Fresh(Outcome::TooLarge { .. }) => (
            &[
                "needs the exact rate, which is over the digit budget",
                "needs the exact rate: too large",
                "exact rate too large",
            ],
            theme.style(Role::Warn),
        ),
        Shown::Fresh(Outcome::Failed(_)) => (
            &["needs the exact rate, which failed", "exact rate failed"],
            theme.style(Role::Bad),
        ),
        _ => (
            &["waiting for the exact rate", "computing…"],
            theme.style(Role::Stale),
        ),
    };
    texts.iter().map(|t| Span::styled(*t, style)).collect()
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

/// A count of queries or false positives, in full and shortened.
fn counts(v: u64) -> [String; 2] {
    [grouped(v), short_count(v)]
}

/// The measured row's value wordings, longest first, and the finished
/// measurement when there is one.
fn measured_values<'a>(
    shown: Shown<'a, Result<MeasureFigures, String>>,
    theme: &Theme,
) -> (Vec<Span<'static>>, Option<&'a MeasureFigures>) {
    match shown {
        Shown::Fresh(Ok(m)) if !m.complete() => {
            let mut texts = Vec::new();
            for (fp, total) in counts(m.false_positives)
                .into_iter()
                .zip(counts(m.total_queries))
            {
                texts.push(format!(
                    "{fp}/{total} so far, {} of {} filters computing…",
                    grouped(m.filters_done),
                    grouped(m.filters)
                ));
                texts.push(format!("{fp}/{total} so far, computing…"));
            }
            texts.push(format!(
                "{} of {} filters computing…",
                short_count(m.filters_done),
                short_count(m.filters)
            ));
            texts.push("computing…".into());
            (
                texts
                    .into_iter()
                    .map(|t| Span::styled(t, theme.style(Role::Stale)))
                    .collect(),
                None,
            )
        }
        Shown::Fresh(Ok(m)) => {
            let rate = sig(m.rate, 3);
            let mut texts: Vec<String> = counts(m.false_positives)
                .into_iter()
                .zip(counts(m.total_queries))
                .map(|(fp, total)| format!("{fp}/{total} = {rate}"))
                .collect();
            texts.push(rate);
            (
                texts
                    .into_iter()
                    .map(|t| Span::styled(t, theme.style(Role::Measured)))
                    .collect(),
                Some(m),
            )
        }
        Shown::Fresh(Err(why)) => (
            vec![
                Span::styled(why.clone(), theme.style(Role::Bad)),
                Span::styled("measurement failed", theme.style(Role::Bad)),
            ],
            None,
        ),
        Shown::Computing(Some(Ok(m))) => {
            let mut texts: Vec<String> = counts(m.false_positives)
                .into_iter()
                .zip(counts(m.total_queries))
                .map(|(fp, total)| format!("{fp} of {total} computing…"))
                .collect();
            texts.push("computing…".into());
            (
                texts
                    .into_iter()
                    .map(|t| Span::styled(t, theme.style(Role::Stale)))
                    .collect(),
                None,
            )
        }
        Shown::Computing(_) => (
            vec![Span::styled("computing…", theme.style(Role::Stale))],
            None,
        ),
    }
}

fn measured_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let lab = &app.lab;
    let theme = &app.theme;
    let key = lab.measure_key();
    let total = lab.queries.saturating_mul(lab.filters);
    let (reference, reference_name) = reference_rate(app);
    let expected = total as f64 * reference;
    let (values, m) = measured_values(lab.results.measured.shown(&key), theme);
    let bounds = m.map(MeasureFigures::interval);
    let interval_notes = match bounds {
        // Two digits, then one: never a bound cut short by the panel edge.
        Some((low, high)) => notes(&[
            &format!("95% {}–{}", sig(low, 3), sig(high, 3)),
            &format!("95% {}–{}", sig(low, 2), sig(high, 2)),
            &format!("{}–{}", sig(low, 2), sig(high, 2)),
        ]),
        None => notes(&[]),
    };
    let first = fitted_row(
        "measured",
        pairings(values, &interval_notes),
        width,
        theme,
        theme.style(Role::Measured),
    );
    let unresolved =
        bounds.is_none_or(|(low, high)| expected < 10.0 || low <= 0.0 || high / low > 3.0);
    // The verdict on the measurement, longest wording first.
    let verdicts: Vec<Span<'static>> = match m {
        Some(_) if unresolved => [
            format!("{} queries cannot resolve this rate", grouped(total)),
            "too few queries to resolve it".to_string(),
            "too few to resolve it".to_string(),
        ]
        .into_iter()
        .map(|t| Span::styled(t, theme.style(Role::Warn)))
        .collect(),
        // One filter measures its own rate, which differs from the average
        // over filters by the luck of its fill: no verdict on the formulas.
        Some(m) if m.filters < 2 => [
            "one filter: its own rate; add filters to compare",
            "one filter: add filters",
        ]
        .into_iter()
        .map(|t| Span::styled(t, theme.style(Role::Label)))
        .collect(),
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
            let mut checks = String::new();
            if let Some(c) = classic {
                checks.push_str(&format!(" classic {}", holds(c)));
            }
            if reference_name == "true" {
                checks.push_str(&format!(" true {}", holds(reference)));
            }
            [
                format!("interval holds:{checks}"),
                format!("holds:{checks}"),
            ]
            .into_iter()
            .map(|t| Span::styled(t, theme.style(Role::Text)))
            .collect()
        }
        None => vec![Span::styled(
            "measuring on real filters",
            theme.style(Role::Stale),
        )],
    };
    let expected_texts = [
        format!("  expected {} ({reference_name}) · ", count_like(expected)),
        format!("  expected {} · ", count_like(expected)),
    ];
    let line = |e: &str, verdict: &Span<'static>| {
        Line::from(vec![
            Span::styled(e.to_string(), theme.style(Role::Label)),
            verdict.clone(),
        ])
    };
    // The expected count in full with each verdict, then the count in two
    // digits, then the verdict alone, then the count alone.
    let mut seconds: Vec<Line<'static>> = verdicts
        .iter()
        .flat_map(|verdict| expected_texts.iter().map(move |e| line(e, verdict)))
        .collect();
    if let Some(shortest) = verdicts.last() {
        seconds.push(line(
            &format!("  expected {} · ", sig(expected, 2)),
            shortest,
        ));
        seconds.push(line("  ", shortest));
    }
    seconds.push(Line::styled(
        format!("  expected {}", sig(expected, 2)),
        theme.style(Role::Hint),
    ));
    vec![first, fitted_line(seconds, width)]
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

fn best_k_line(app: &App, width: u16) -> Line<'static> {
    let lab = &app.lab;
    let theme = &app.theme;
    let rule = lab.bits_per_key() * std::f64::consts::LN_2;
    let shown = lab.results.best.shown(&lab.best_key());
    let wide = usize::from(width) >= 70;
    if let Shown::Fresh(Outcome::Ready(b)) = shown {
        let (texts, style) = match &b.verdict {
            Verdict::Exact => (exact_texts(b, rule, wide), theme.style(Role::Exact)),
            Verdict::Certified { digits } => {
                (certified_texts(b, *digits, rule), theme.style(Role::Text))
            }
            Verdict::Undecided { candidates } => {
                (undecided_texts(candidates, rule), theme.style(Role::Warn))
            }
        };
        let wordings = texts
            .into_iter()
            .map(|(v, n)| (Span::styled(v, style), n))
            .collect();
        return fitted_row("best k", wordings, width, theme, theme.style(Role::Text));
    }
    let values = shown_values(
        shown,
        |b| match &b.verdict {
            Verdict::Exact => match &b.decimal {
                Some(d) => vec![format!("{} at {d}", b.k), b.k.to_string()],
                None => vec![b.k.to_string()],
            },
            Verdict::Certified { .. } => vec![format!("{} certified", b.k), b.k.to_string()],
            Verdict::Undecided { candidates } => vec![
                format!("one of {}", listed(candidates)),
                format!("{} candidates", candidates.len()),
            ],
        },
        theme,
        theme.style(Role::Exact),
    );
    let rule = sig(rule, 3);
    fitted_row(
        "best k",
        pairings(
            values,
            &notes(&[&format!("rule (m/n)ln2 = {rule}"), &format!("rule {rule}")]),
        ),
        width,
        theme,
        theme.style(Role::Text),
    )
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
        (
            format!("{} candidates", candidates.len()),
            "bounds overlap".to_string(),
        ),
    ]
}
