//! The lab's three charts, each with the current setting marked `●`:
//! fill against n, epsilon against k, epsilon against m/n. Idealised curves
//! are braille lines; exact values are `•` points; a measurement is `×`.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Borders, Chart, Dataset, GraphType, Widget};

use crate::numbers::sig;
use crate::rates::best_k::default_scan_range;
use crate::rates::idealised_real_k;
use crate::rates::{exact_fill, idealised_fill};
use crate::ui::app::App;
use crate::ui::computed::{Outcome, Shown};
use crate::ui::lab::compute::{axis_end, idealised_rate};
use crate::ui::theme::{Role, Theme};

/// Samples along each idealised curve.
const SAMPLES: usize = 120;
/// Smallest rate drawn (log axes cannot show 0).
const FLOOR: f64 = 1e-300;

/// Draws the three charts side by side and their legend underneath.
pub(crate) fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.height < 4 {
        return;
    }
    let [charts, legend_row] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
    // Equal thirds, the last taking what rounding leaves.
    let third = charts.width / 3;
    let [fill, k, mn] = Layout::horizontal([
        Constraint::Length(third),
        Constraint::Length(third),
        Constraint::Fill(1),
    ])
    .areas(charts);
    fill_chart(app, fill, buf);
    k_chart(app, k, buf);
    mn_chart(app, mn, buf);
    legend(app, legend_row, buf);
}

fn legend(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.theme;
    let lab = &app.lab;
    let mut line = Line::from(vec![
        Span::styled(" ⠤⠤ ", theme.style(Role::Idealised)),
        Span::styled("idealised (f64)   ", theme.style(Role::Label)),
        Span::styled("•", theme.style(Role::Exact)),
        Span::styled(" exact formula   ", theme.style(Role::Label)),
        Span::styled("●", theme.style(Role::Marker)),
        Span::styled(" current setting   ", theme.style(Role::Label)),
        Span::styled("×", theme.style(Role::Measured)),
        Span::styled(" measured", theme.style(Role::Label)),
    ]);
    // Extras only where they fit whole: the measured fill, and exact chart
    // points left out for their size.
    let mut extras = Vec::new();
    if let Shown::Fresh(Ok(m)) = lab.results.measured.shown(&lab.measure_key()) {
        let exact = exact_fill(lab.m, lab.n as f64, lab.k);
        extras.push(Span::styled(
            format!(
                "   fill: measured {:.1}% · exact {:.1}%",
                100.0 * m.bits_set_mean / lab.m as f64,
                100.0 * exact
            ),
            theme.style(Role::Measured),
        ));
    }
    if let Shown::Fresh(c) = lab.results.mn_curve.shown(&lab.curve_key())
        && c.skipped > 0
    {
        extras.push(Span::styled(
            format!("   ε vs m/n: {} exact points too large to draw", c.skipped),
            theme.style(Role::Hint),
        ));
    }
    for extra in extras {
        if line.width() + extra.width() <= usize::from(area.width) {
            line.spans.push(extra);
        }
    }
    buf.set_line(area.x, area.y, &line, area.width);
}

fn block(title: String, theme: &Theme) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(title, theme.style(Role::Title)))
}

/// A curve: braille normally, half blocks in present mode (thick enough to
/// see from the back of a room).
fn line_set<'a>(data: &'a [(f64, f64)], style: Style, present: bool) -> Dataset<'a> {
    Dataset::default()
        .data(data)
        .marker(if present {
            Marker::HalfBlock
        } else {
            Marker::Braille
        })
        .graph_type(GraphType::Line)
        .style(style)
}

fn points<'a>(data: &'a [(f64, f64)], marker: Marker, style: Style) -> Dataset<'a> {
    Dataset::default()
        .data(data)
        .marker(marker)
        .graph_type(GraphType::Scatter)
        .style(style)
}

fn axis(bounds: [f64; 2], labels: Vec<String>, theme: &Theme) -> Axis<'static> {
    Axis::default().bounds(bounds).labels(
        labels
            .into_iter()
            .map(|l| Span::styled(l, theme.style(Role::Axis))),
    )
}

/// log10 of a rate, floored so that 0 stays drawable.
fn log_rate(rate: f64) -> f64 {
    rate.max(FLOOR).log10()
}

/// A log axis spanning whole decades around the log10 values `ys`,
/// labelled `1e-N` (at least one decade tall, never above 10^0).
fn log_axis<'a>(ys: impl Iterator<Item = &'a f64>, theme: &Theme) -> Axis<'static> {
    let (low, high) = ys.fold((0.0_f64, f64::NEG_INFINITY), |(lo, hi), &y| {
        (lo.min(y), hi.max(y))
    });
    let top = if high.is_finite() {
        high.ceil().min(0.0)
    } else {
        0.0
    };
    let bottom = low.floor().min(top - 1.0);
    let label = |e: f64| {
        if e == 0.0 {
            "1".to_string()
        } else {
            format!("1e{e}")
        }
    };
    axis([bottom, top], vec![label(bottom), label(top)], theme)
}

fn fill_chart(app: &App, area: Rect, buf: &mut Buffer) {
    let lab = &app.lab;
    let theme = &app.theme;
    let x_max = axis_end(lab.n as f64) as f64;
    let samples: Vec<f64> = (0..=SAMPLES)
        .map(|i| x_max * i as f64 / SAMPLES as f64)
        .collect();
    let ideal: Vec<(f64, f64)> = samples
        .iter()
        .map(|&x| (x, idealised_fill(f64::from(lab.k), x / lab.m as f64)))
        .collect();
    // The exact expected fill is cheap in f64 (one power per point).
    let exact: Vec<(f64, f64)> = (0..=16)
        .map(|i| x_max * f64::from(i) / 16.0)
        .map(|x| (x, exact_fill(lab.m, x, lab.k)))
        .collect();
    let now = [(lab.n as f64, exact_fill(lab.m, lab.n as f64, lab.k))];
    let measured: Vec<(f64, f64)> = match lab.results.measured.shown(&lab.measure_key()) {
        Shown::Fresh(Ok(m)) => vec![(lab.n as f64, m.bits_set_mean / lab.m as f64)],
        _ => Vec::new(),
    };
    let datasets = vec![
        line_set(&ideal, theme.style(Role::Idealised), app.present),
        points(&exact, Marker::Dot, theme.style(Role::Exact)),
        points(&measured, Marker::Custom('×'), theme.style(Role::Measured)),
        points(&now, Marker::Custom('●'), theme.style(Role::Marker)),
    ];
    Chart::new(datasets)
        .style(theme.base())
        .block(block(
            fitted_title(
                &[
                    format!("fill vs n (m={}, k={})", lab.m, lab.k),
                    format!("fill vs n (m={},k={})", lab.m, lab.k),
                    format!("fill vs n (k={})", lab.k),
                ],
                area.width,
            ),
            theme,
        ))
        .x_axis(axis(
            [0.0, x_max],
            vec!["0".into(), format!("{x_max}")],
            theme,
        ))
        .y_axis(axis([0.0, 1.0], vec!["0".into(), "1".into()], theme))
        .render(area, buf);
}

fn k_chart(app: &App, area: Rect, buf: &mut Buffer) {
    let lab = &app.lab;
    let theme = &app.theme;
    // Only points computed for this m and n: points left from earlier
    // settings would sit on the new axis as if they were current.
    let (exact, computing): (Vec<(f64, f64)>, bool) = match lab.results.best.shown(&lab.best_key())
    {
        Shown::Fresh(Outcome::Ready(b)) => (
            b.points
                .iter()
                .map(|&(k, r)| (f64::from(k), log_rate(r)))
                .collect(),
            false,
        ),
        Shown::Fresh(_) => (Vec::new(), false),
        Shown::Computing(_) => (Vec::new(), true),
    };
    // The axis spans the scan's range, known before the scan ends, so it
    // does not jump when the points arrive.
    let k_max = f64::from(*default_scan_range(lab.m, lab.n).end()).max(f64::from(lab.k) + 1.0);
    let ideal: Vec<(f64, f64)> = (0..=SAMPLES)
        .map(|i| 1.0 + (k_max - 1.0) * i as f64 / SAMPLES as f64)
        .map(|k| (k, log_rate(idealised_real_k(k, load(lab.m, lab.n)))))
        .collect();
    let now = [(f64::from(lab.k), log_rate(current_rate(app)))];
    let y_axis = log_axis(ideal.iter().chain(&exact).chain(&now).map(|p| &p.1), theme);
    let datasets = vec![
        line_set(&ideal, theme.style(Role::Idealised), app.present),
        points(&exact, Marker::Dot, theme.style(Role::Exact)),
        points(&now, Marker::Custom('●'), theme.style(Role::Marker)),
    ];
    Chart::new(datasets)
        .style(theme.base())
        .block(block(
            fitted_title(
                &with_status(
                    &format!("ε vs k (m/n={})", sig(lab.bits_per_key(), 3)),
                    computing,
                ),
                area.width,
            ),
            theme,
        ))
        .x_axis(axis(
            [1.0, k_max],
            vec!["1".into(), format!("{k_max}")],
            theme,
        ))
        .y_axis(y_axis)
        .render(area, buf);
}

/// The rate at the current setting: exact once known, idealised until then.
fn current_rate(app: &App) -> f64 {
    let lab = &app.lab;
    match lab.results.exact.shown(&lab.rate_key()) {
        Shown::Fresh(Outcome::Ready(e)) => e.value,
        _ => idealised_rate(lab.m, lab.n, lab.k),
    }
}

/// Keys per bit, the load the idealised formula takes.
fn load(m: u64, n: u64) -> f64 {
    n as f64 / m.max(1) as f64
}

/// Chart titles, longest first, each with " · computing…" while exact
/// points for the current settings are still being worked out.
fn with_status(title: &str, computing: bool) -> Vec<String> {
    let short = title.split(" (").next().unwrap_or(title);
    if computing {
        vec![
            format!("{title} · computing…"),
            format!("{short} · computing…"),
            format!("{short} …"),
        ]
    } else {
        vec![title.to_string(), short.to_string()]
    }
}

/// The first title that fits a chart `width` columns wide (between its
/// corners, with a space either side), else the last.
fn fitted_title(options: &[String], width: u16) -> String {
    let room = usize::from(width.saturating_sub(2));
    options
        .iter()
        .find(|t| t.chars().count() + 2 <= room)
        .or(options.last())
        .map_or(String::new(), |t| format!(" {t} "))
}

fn mn_chart(app: &App, area: Rect, buf: &mut Buffer) {
    let lab = &app.lab;
    let theme = &app.theme;
    let key = lab.curve_key();
    let x_max = key.max_bits as f64;
    let k = f64::from(lab.k);
    let ideal: Vec<(f64, f64)> = (1..=SAMPLES)
        .map(|i| x_max * i as f64 / SAMPLES as f64)
        .map(|b| (b, log_rate(idealised_real_k(k, 1.0 / b))))
        .collect();
    // As in the k chart, only points for the current n and k.
    let (exact, computing): (Vec<(f64, f64)>, bool) = match lab.results.mn_curve.shown(&key) {
        Shown::Fresh(c) => (
            c.points.iter().map(|&(b, r)| (b, log_rate(r))).collect(),
            false,
        ),
        Shown::Computing(_) => (Vec::new(), true),
    };
    let now = [(lab.bits_per_key(), log_rate(current_rate(app)))];
    let y_axis = log_axis(ideal.iter().chain(&exact).chain(&now).map(|p| &p.1), theme);
    let datasets = vec![
        line_set(&ideal, theme.style(Role::Idealised), app.present),
        points(&exact, Marker::Dot, theme.style(Role::Exact)),
        points(&now, Marker::Custom('●'), theme.style(Role::Marker)),
    ];
    Chart::new(datasets)
        .style(theme.base())
        .block(block(
            fitted_title(
                &with_status(&format!("ε vs m/n (k={})", lab.k), computing),
                area.width,
            ),
            theme,
        ))
        .x_axis(axis(
            [0.0, x_max],
            vec!["0".into(), format!("{x_max}")],
            theme,
        ))
        .y_axis(y_axis)
        .render(area, buf);
}
