//! The lab's three charts, each with the current setting marked `●`: fill
//! against n, epsilon against k, epsilon against m/n. Idealised curves are
//! lines; exact points `•`, true points `∘`, the best k by either rate `◆`,
//! a measurement `×` with its 95% interval as a bar. Rates are drawn by
//! their base-10 logarithms, so a rate below the smallest double still has
//! its place. The gap view (`d`) swaps the two epsilon charts for the
//! relative gaps between the formulas, which on the rate charts are too
//! small to see.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Widget};

use crate::measure::Measurement;
use crate::numbers::{short_count, sig};
use crate::rates::{exact_fill, idealised_fill, idealised_ln_real_k};
use crate::ui::chart::ticks::{axis, decades, decades_from_top, linear};
use crate::ui::chart::{chart, curve, curve_mark, fitted_title, frame, legend, points, samples};
use crate::ui::computed::Shown;
use crate::ui::lab::compute::{BestK, MnCurve, axis_end};
use crate::ui::lab::rows::ready;
use crate::ui::lab::state::LabState;
use crate::ui::screen::ViewCx;
use crate::ui::theme::{Role, Theme};

/// Points of one dataset, (x, y).
type Points = Vec<(f64, f64)>;

/// Samples along each idealised curve.
const SAMPLES: usize = 120;
/// The lowest log10 a chart draws (a zero rate sits there).
const FLOOR: f64 = -400.0;

/// Draws the three charts side by side and their legend underneath.
pub(crate) fn render(lab: &LabState, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
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
    fill_chart(lab, cx, fill, buf);
    if lab.predict.hides() {
        // Either epsilon chart would give the answer away: its points
        // show the minimum, its marks the rate.
        hidden_chart(cx, "ε vs k", k, buf);
        hidden_chart(cx, "ε vs m/n", mn, buf);
    } else if lab.gap_view {
        k_gap_chart(lab, cx, k, buf);
        mn_gap_chart(lab, cx, mn, buf);
    } else {
        k_chart(lab, cx, k, buf);
        mn_chart(lab, cx, mn, buf);
    }
    legend(lab, cx, legend_row, buf);
}

fn legend(lab: &LabState, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let item = |mark: String, role: Role, text: &'static str| {
        legend::entry(mark, theme.style(role), text, theme.style(Role::Label))
    };
    // Each mark as the charts draw it at this size: curves are half
    // blocks in present mode, and the measured mark there is its bar.
    let curve = curve_mark(cx.present);
    let step: String = curve.chars().take(1).collect();
    let mut spans = Vec::new();
    if lab.gap_view {
        spans.extend(item(
            format!(" {step}•"),
            Role::Exact,
            " exact − idealised  ",
        ));
        spans.extend(item(
            format!("{step}∘"),
            Role::True,
            " true − exact (% of exact)  ",
        ));
        spans.extend(item("d".into(), Role::Hint, " rates"));
    } else {
        spans.extend(item(format!(" {curve}"), Role::Idealised, " idealised  "));
        spans.extend(item("•".into(), Role::Exact, " exact  "));
        spans.extend(item("∘".into(), Role::True, " true  "));
        match best_at_slider(lab) {
            // The ◆ is drawn only away from the slider's k: there the ●
            // stands for both.
            Some(true) => spans.extend(item("●".into(), Role::Marker, " now = best k  ")),
            Some(false) => {
                spans.extend(item("◆".into(), Role::Marker, " best k  "));
                spans.extend(item("●".into(), Role::Marker, " now  "));
            }
            None => spans.extend(item("●".into(), Role::Marker, " now  ")),
        }
        let measured = if cx.present { "█" } else { "×" };
        spans.extend(item(measured.into(), Role::Measured, " measured ±95%  "));
        spans.extend(item("d".into(), Role::Hint, " gaps"));
    }
    let mut line = Line::from(spans);
    // The measured fill, only where it fits whole.
    if let Some(m) = finished(lab) {
        let extra = Span::styled(
            format!(
                "   fill: measured {:.1}% · exact {:.1}%",
                100.0 * m.bits_set_mean / lab.m as f64,
                100.0 * exact_fill(lab.m, lab.n as f64, lab.k)
            ),
            theme.style(Role::Measured),
        );
        if line.width() + extra.width() <= usize::from(area.width) {
            line.spans.push(extra);
        }
    }
    buf.set_line(area.x, area.y, &line, area.width);
}

/// Whether every best k (by the exact and by the true rate) is the
/// slider's own, so no ◆ is drawn; `None` until the scan is in.
fn best_at_slider(lab: &LabState) -> Option<bool> {
    let (best, _) = fresh_best(lab);
    best.map(|b| b.scan.classic.k == lab.k && b.scan.true_rate.k == lab.k)
}

/// The finished measurement at the lab's settings.
fn finished(lab: &LabState) -> Option<&Measurement> {
    match lab.results.measured.shown(&lab.measure_key()) {
        Shown::Fresh(Ok(m)) => m.finished(),
        _ => None,
    }
}

/// An epsilon chart's frame while the rates hide, saying why it is empty.
fn hidden_chart(cx: &ViewCx<'_>, title: &str, area: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let frame = frame(
        fitted_title(
            &[format!("{title} · hidden"), title.to_string()],
            area.width,
        ),
        false,
        theme,
    );
    let inner = frame.inner(area);
    frame.render(area, buf);
    let lines: Vec<Line<'static>> = crate::ui::format::wrap(
        "hidden until you guess the best k",
        usize::from(inner.width),
    )
    .into_iter()
    .map(|t| Line::styled(t, theme.style(Role::Hint)))
    .collect();
    let top = inner.y + inner.height.saturating_sub(lines.len() as u16) / 2;
    let at = Rect::new(
        inner.x,
        top,
        inner.width,
        inner.bottom().saturating_sub(top),
    );
    ratatui::widgets::Paragraph::new(lines)
        .alignment(ratatui::layout::Alignment::Center)
        .render(at, buf);
}

/// A log axis spanning whole decades around the log10 values `ys` (at
/// least two decades, never above 10^0), labelled at both ends and the
/// middle.
fn log_axis<'a>(title: &str, ys: impl Iterator<Item = &'a f64>, theme: &Theme) -> Axis<'static> {
    let (bottom, middle, top) = decades_from_top(ys, FLOOR);
    let labels = decades(&[bottom, middle, top], 0..=0);
    axis(Some(title), [bottom, top], labels, theme)
}

/// log10 of a rate, floored so that 0 stays drawable.
fn log10(rate: f64) -> f64 {
    if rate > 0.0 {
        rate.log10().max(FLOOR)
    } else {
        FLOOR
    }
}

/// The measured point and its interval bar at `x`, on a log axis.
fn measured_marks(m: &Measurement, x: f64) -> (Points, Points) {
    if m.rate <= 0.0 {
        return (Vec::new(), Vec::new());
    }
    let point = vec![(x, log10(m.rate))];
    let bar = vec![
        (x, log10(m.interval.low.max(m.rate / 1e3))),
        (x, log10(m.interval.high)),
    ];
    (point, bar)
}

fn fill_chart(lab: &LabState, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let x_max = axis_end(lab.n as f64) as f64;
    let ideal = samples(0.0, x_max, SAMPLES, |x| {
        idealised_fill(f64::from(lab.k), x / lab.m as f64)
    });
    // The exact expected fill is cheap in f64 (one power per point).
    let exact: Vec<(f64, f64)> = (0..=16)
        .map(|i| x_max * f64::from(i) / 16.0)
        .map(|x| (x, exact_fill(lab.m, x, lab.k)))
        .collect();
    let now = [(lab.n as f64, exact_fill(lab.m, lab.n as f64, lab.k))];
    let measured: Vec<(f64, f64)> = finished(lab)
        .map(|m| vec![(lab.n as f64, m.bits_set_mean / lab.m as f64)])
        .unwrap_or_default();
    let datasets = vec![
        curve(&ideal, theme.style(Role::Idealised), cx.present),
        points(&exact, Marker::Dot, theme.style(Role::Exact)),
        points(&measured, Marker::Custom('×'), theme.style(Role::Measured)),
        points(&now, Marker::Custom('●'), theme.style(Role::Marker)),
    ];
    let titles = [
        format!("fill vs n (m={}, k={})", short_count(lab.m), lab.k),
        format!("fill vs n (k={})", lab.k),
        "fill vs n".to_string(),
    ];
    let title = frame(fitted_title(&titles, area.width), false, theme);
    let x = axis(Some("n"), [0.0, x_max], linear(0.0, x_max), theme);
    let y = axis(Some("fill"), [0.0, 1.0], linear(0.0, 1.0), theme);
    chart(datasets, title, x, y, theme).render(area, buf);
}

/// The best-k scan for the current m and n: only points computed for
/// them, since points left from earlier settings would sit on the new
/// axis as if they were current.
fn fresh_best(lab: &LabState) -> (Option<&BestK>, bool) {
    let shown = lab.results.best.shown(&lab.best_key());
    (ready(shown), matches!(shown, Shown::Computing(_)))
}

/// The right end of the k axis (which starts at 0): the scanned range once
/// known (the seed's 10 until then), always past the slider's k, and even,
/// so the middle label is a whole k.
fn k_axis_end(lab: &LabState, best: Option<&BestK>) -> f64 {
    let scanned = best.map_or(10, |b| *b.scan.range.end());
    let end = scanned.max(lab.k + 1);
    f64::from(end + end % 2)
}

/// log10 of the exact rate at the current setting (idealised until known).
fn current_log10(lab: &LabState) -> f64 {
    match ready(lab.results.rates.shown(&lab.rate_key())) {
        Some(f) => f.classic_ln / std::f64::consts::LN_10,
        None => log10(crate::ui::lab::compute::idealised_rate(lab.m, lab.n, lab.k)),
    }
}

/// The measured points of the comparison of two k, when it is finished
/// and belongs to the current m and n.
fn compared_marks(lab: &LabState) -> (Points, Vec<Points>) {
    let Some(cfg) = lab.compare else {
        return (Vec::new(), Vec::new());
    };
    let Shown::Fresh(Ok(f)) = lab.results.compared.shown(&cfg) else {
        return (Vec::new(), Vec::new());
    };
    let Some(c) = f.finished() else {
        return (Vec::new(), Vec::new());
    };
    let mut dots = Vec::new();
    let mut bars = Vec::new();
    for side in [&c.a, &c.b] {
        let (point, bar) = measured_marks(&side.measured, f64::from(side.k));
        dots.extend(point);
        if !bar.is_empty() {
            bars.push(bar);
        }
    }
    (dots, bars)
}

fn k_chart(lab: &LabState, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let (best, computing) = fresh_best(lab);
    let k_max = k_axis_end(lab, best);
    let load = lab.n as f64 / lab.m as f64;
    let ideal = samples(1.0, k_max, SAMPLES, |k| {
        (idealised_ln_real_k(k, load) / std::f64::consts::LN_10).max(FLOOR)
    });
    let (exact, truth, winners): (Points, Points, Points) = match best {
        Some(b) => {
            let exact = b
                .scan
                .points
                .iter()
                .map(|p| (f64::from(p.k), p.classic.log10.max(FLOOR)))
                .collect();
            let truth = b
                .scan
                .points
                .iter()
                .filter_map(|p| Some((f64::from(p.k), p.true_rate?.log10.max(FLOOR))))
                .collect();
            let at = |k: u32, true_rate: bool| {
                b.scan.points.iter().find(|p| p.k == k).map(|p| {
                    let y = if true_rate {
                        p.true_rate.map_or(p.classic.log10, |t| t.log10)
                    } else {
                        p.classic.log10
                    };
                    (f64::from(k), y.max(FLOOR))
                })
            };
            let winners = [at(b.scan.classic.k, false), at(b.scan.true_rate.k, true)]
                .into_iter()
                .flatten()
                // At the slider's own k the current setting's ● says it.
                .filter(|p| p.0 != f64::from(lab.k))
                .collect();
            (exact, truth, winners)
        }
        None => (Vec::new(), Vec::new(), Vec::new()),
    };
    let now = [(f64::from(lab.k), current_log10(lab).max(FLOOR))];
    let (mut measured, bar) = finished(lab)
        .map(|m| measured_marks(m, f64::from(lab.k)))
        .unwrap_or_default();
    let (compared, compared_bars) = compared_marks(lab);
    measured.extend(compared);
    let mut ys: Vec<f64> = ideal
        .iter()
        .chain(&exact)
        .chain(&truth)
        .chain(&now)
        .map(|p| p.1)
        .collect();
    ys.extend(measured.iter().map(|p| p.1));
    let y_axis = log_axis("ε", ys.iter(), theme);
    let mut datasets = vec![
        curve(&ideal, theme.style(Role::Idealised), cx.present),
        points(&truth, Marker::Custom('∘'), theme.style(Role::True)),
        points(&exact, Marker::Dot, theme.style(Role::Exact)),
    ];
    for b in compared_bars.iter().chain(std::iter::once(&bar)) {
        datasets.push(curve(b, theme.style(Role::Measured), cx.present));
    }
    datasets.push(points(
        &measured,
        Marker::Custom('×'),
        theme.style(Role::Measured),
    ));
    datasets.push(points(&now, Marker::Custom('●'), theme.style(Role::Marker)));
    // The best k by either rate last, so the current setting does not hide them.
    datasets.push(points(
        &winners,
        Marker::Custom('◆'),
        theme.style(Role::Marker),
    ));
    let titles = with_status(
        &format!("ε vs k (m/n={})", sig(lab.bits_per_key(), 3)),
        computing,
    );
    let title = frame(fitted_title(&titles, area.width), false, theme);
    let x = axis(Some("k"), [0.0, k_max], linear(0.0, k_max), theme);
    chart(datasets, title, x, y_axis, theme).render(area, buf);
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

/// The m/n chart's exact points for the current n and k.
fn fresh_curve(lab: &LabState) -> (Option<&MnCurve>, bool) {
    let shown = lab.results.mn_curve.shown(&lab.curve_key());
    (ready(shown), matches!(shown, Shown::Computing(_)))
}

fn mn_chart(lab: &LabState, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let key = lab.curve_key();
    let x_max = key.max_bits as f64;
    let k = f64::from(lab.k);
    // From the first sample on: no filter has 0 bits per key.
    let mut ideal = samples(0.0, x_max, SAMPLES, |b| {
        (idealised_ln_real_k(k, 1.0 / b) / std::f64::consts::LN_10).max(FLOOR)
    });
    ideal.remove(0);
    let (mn, computing) = fresh_curve(lab);
    let exact: Vec<(f64, f64)> = mn
        .map(|c| {
            c.points
                .iter()
                .map(|p| (p.bits, p.classic.max(FLOOR)))
                .collect()
        })
        .unwrap_or_default();
    let truth: Vec<(f64, f64)> = mn
        .map(|c| {
            c.points
                .iter()
                .map(|p| (p.bits, p.true_rate.max(FLOOR)))
                .collect()
        })
        .unwrap_or_default();
    let now = [(lab.bits_per_key(), current_log10(lab).max(FLOOR))];
    let (measured, bar) = finished(lab)
        .map(|m| measured_marks(m, lab.bits_per_key()))
        .unwrap_or_default();
    let ys: Vec<f64> = ideal
        .iter()
        .chain(&exact)
        .chain(&truth)
        .chain(&now)
        .chain(&measured)
        .map(|p| p.1)
        .collect();
    let y_axis = log_axis("ε", ys.iter(), theme);
    let datasets = vec![
        curve(&ideal, theme.style(Role::Idealised), cx.present),
        points(&truth, Marker::Custom('∘'), theme.style(Role::True)),
        points(&exact, Marker::Dot, theme.style(Role::Exact)),
        curve(&bar, theme.style(Role::Measured), cx.present),
        points(&measured, Marker::Custom('×'), theme.style(Role::Measured)),
        points(&now, Marker::Custom('●'), theme.style(Role::Marker)),
    ];
    let titles = with_status(&format!("ε vs m/n (k={})", lab.k), computing);
    let title = frame(fitted_title(&titles, area.width), false, theme);
    let x = axis(Some("m/n"), [0.0, x_max], linear(0.0, x_max), theme);
    chart(datasets, title, x, y_axis, theme).render(area, buf);
}

/// `(a - b) / b` in percent, from two base-10 logarithms.
fn gap_percent(a_log10: f64, b_log10: f64) -> f64 {
    100.0 * ((a_log10 - b_log10) * std::f64::consts::LN_10).exp_m1()
}

/// A gap chart: the exact rate above the idealised one and the true rate
/// above the exact one, both as a share of the exact rate.
fn gap_chart(
    cx: &ViewCx<'_>,
    area: Rect,
    buf: &mut Buffer,
    (x_title, x_low, x_high): (&str, f64, f64),
    title: &[String],
    exact_gap: &[(f64, f64)],
    true_gap: &[(f64, f64)],
) {
    let theme = cx.theme;
    let top = exact_gap
        .iter()
        .chain(true_gap)
        .map(|p| p.1)
        .filter(|y| y.is_finite())
        .fold(0.0_f64, f64::max);
    // A round top a little above the largest gap, so the curves never
    // touch the frame.
    let top = if top > 0.0 {
        let step = 10f64.powf(top.log10().floor());
        (top / step).ceil() * step
    } else {
        1.0
    };
    // Each gap's points carry its own glyph, as in the legend, so the two
    // curves differ without colour too.
    let datasets = vec![
        curve(exact_gap, theme.style(Role::Exact), cx.present),
        curve(true_gap, theme.style(Role::True), cx.present),
        points(exact_gap, Marker::Dot, theme.style(Role::Exact)),
        points(true_gap, Marker::Custom('∘'), theme.style(Role::True)),
    ];
    let title = frame(fitted_title(title, area.width), false, theme);
    let x = axis(Some(x_title), [x_low, x_high], linear(x_low, x_high), theme);
    let y = axis(Some("%"), [0.0, top], linear(0.0, top), theme);
    chart(datasets, title, x, y, theme).render(area, buf);
}

fn k_gap_chart(lab: &LabState, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
    let (best, computing) = fresh_best(lab);
    let k_max = k_axis_end(lab, best);
    let load = lab.n as f64 / lab.m as f64;
    let (exact_gap, true_gap): (Points, Points) = match best {
        Some(b) => {
            let exact = b
                .scan
                .points
                .iter()
                .map(|p| {
                    let ideal = idealised_ln_real_k(f64::from(p.k), load) / std::f64::consts::LN_10;
                    (f64::from(p.k), -gap_percent(ideal, p.classic.log10))
                })
                .collect();
            let truth = b
                .scan
                .points
                .iter()
                .filter_map(|p| {
                    Some((
                        f64::from(p.k),
                        gap_percent(p.true_rate?.log10, p.classic.log10),
                    ))
                })
                .collect();
            (exact, truth)
        }
        None => (Vec::new(), Vec::new()),
    };
    let title = with_status(
        &format!("gaps vs k (m/n={})", sig(lab.bits_per_key(), 3)),
        computing,
    );
    gap_chart(
        cx,
        area,
        buf,
        ("k", 0.0, k_max),
        &title,
        &exact_gap,
        &true_gap,
    );
}

fn mn_gap_chart(lab: &LabState, cx: &ViewCx<'_>, area: Rect, buf: &mut Buffer) {
    let x_max = lab.curve_key().max_bits as f64;
    let (mn, computing) = fresh_curve(lab);
    let exact_gap: Vec<(f64, f64)> = mn
        .map(|c| {
            c.points
                .iter()
                .map(|p| (p.bits, -gap_percent(p.idealised, p.classic)))
                .collect()
        })
        .unwrap_or_default();
    let true_gap: Vec<(f64, f64)> = mn
        .map(|c| {
            c.points
                .iter()
                .map(|p| (p.bits, gap_percent(p.true_rate, p.classic)))
                .collect()
        })
        .unwrap_or_default();
    let title = with_status(&format!("gaps vs m/n (k={})", lab.k), computing);
    gap_chart(
        cx,
        area,
        buf,
        ("m/n", 0.0, x_max),
        &title,
        &exact_gap,
        &true_gap,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_shares_of_the_second_rate() {
        // 0.0083187 against 0.0081937: the idealised rate is 1.50% lower.
        let gap = -gap_percent(0.0081937_f64.log10(), 0.0083187_f64.log10());
        assert!((gap - 1.5027).abs() < 1e-3, "{gap}");
    }
}
