//! The lab in present mode: the settings being moved (m, n, k) and the
//! four rates (exact, idealised, true and measured, each named, their
//! decimal points in one column) in big letters across the top, the sliders and
//! what the rates panel says beyond those figures under them, and the
//! charts in the rest, which keep at least two fifths of the wall. Each
//! rate is said once: the panel of small rows leaves the four figures out.
//! While a prediction hides the rates, or with the blocked scheme (whose
//! rates are others), the lab is drawn as outside present mode.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::numbers::{grouped, sig};
use crate::ui::big::{Big, LARGEST_FIRST};
use crate::ui::computed::Shown;
use crate::ui::format::fitted;
use crate::ui::lab::charts;
use crate::ui::lab::compute::shown_decimal;
use crate::ui::lab::measured_rows::{compare_rows, interval_notes, measured_rows};
use crate::ui::lab::predict_rows::{rehearsal_rows, verdict_rows};
use crate::ui::lab::rate_rows::{best_k_rows, idealised_text};
use crate::ui::lab::rows::ready;
use crate::ui::lab::state::LabState;
use crate::ui::lab::view::{SETTINGS_ROWS, panel, rates_title, render_settings, settings_width};
use crate::ui::present;
use crate::ui::screen::ViewCx;
use crate::ui::theme::{Role, Theme};

/// Where the lab's parts go in present mode.
pub(crate) struct Plan {
    /// The settings' line, big, and its rows.
    settings_big: (Big, Rect),
    /// The four rates, each with its style.
    big: Vec<(Big, Style)>,
    /// Their rows.
    figures: Rect,
    /// The sliders' panel.
    pub settings: Rect,
    /// The rows the rates panel says beyond the four figures.
    notes: Rect,
    /// Those rows.
    lines: Vec<Line<'static>>,
    /// The charts.
    charts: Rect,
}

/// Each rate's wordings, fullest first, and its style; `None` until the
/// exact and true rates are in. The labels and figures are padded so
/// that, set flush left in one font, every decimal point falls in one
/// column and the rates compare at a glance.
fn figures(lab: &LabState, theme: &Theme) -> Option<Vec<(Vec<String>, Style)>> {
    let f = ready(lab.results.rates.shown(&lab.rate_key()))?;
    let mut named = vec![
        ("exact", shown_decimal(&f.classic.decimal), Role::Exact),
        ("idealised", idealised_text(lab), Role::Idealised),
        ("true", shown_decimal(&f.true_rate.decimal), Role::True),
    ];
    if let Shown::Fresh(Ok(m)) = lab.results.measured.shown(&lab.measure_key())
        && m.complete()
    {
        named.push(("measured", sig(m.pooled.rate, 3), Role::Measured));
    }
    let pairs: Vec<(&str, String)> = named.iter().map(|(l, f, _)| (*l, f.clone())).collect();
    Some(
        aligned(&pairs)
            .into_iter()
            .zip(&named)
            .map(|(line, (_, _, role))| (vec![line], theme.style(*role)))
            .collect(),
    )
}

/// `label figure` lines padded so that each figure's decimal point (its
/// end, when it has none) is in the same column.
pub(crate) fn aligned(pairs: &[(&str, String)]) -> Vec<String> {
    let point = |f: &str| f.find('.').unwrap_or(f.len());
    let label = pairs
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let before = pairs.iter().map(|(_, f)| point(f)).max().unwrap_or(0);
    pairs
        .iter()
        .map(|(l, f)| {
            let pad = before - point(f);
            format!("{l:<label$} {}{f}", " ".repeat(pad))
        })
        .collect()
}

/// The settings the sliders move, as one line for big letters, fullest
/// first.
fn settings_wordings(lab: &LabState) -> Vec<String> {
    vec![
        format!("m {} · n {} · k {}", lab.m, lab.n, lab.k),
        format!("m {} n {} k {}", lab.m, lab.n, lab.k),
    ]
}

/// The rates panel's rows beyond the four figures: the rehearsal, what
/// the measurement's interval says, best k, the prediction's verdict and
/// the comparison of two k.
fn note_lines(lab: &LabState, width: u16, measured: bool, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = rehearsal_rows(lab, width, theme);
    let rows = measured_rows(lab, width, true, theme);
    // The measured rate is in big letters when it is in: its row here
    // gives the counts and the interval instead.
    if measured && let Shown::Fresh(Ok(m)) = lab.results.measured.shown(&lab.measure_key()) {
        let p = &m.pooled;
        let counts = format!(
            "{} of {} queries",
            grouped(p.false_positives),
            grouped(p.total_queries)
        );
        let options = interval_notes(p)
            .into_iter()
            .map(|n| {
                Line::from(vec![
                    Span::styled("measured   ", theme.style(Role::Measured)),
                    Span::styled(
                        format!("{counts}  {n}").trim_end().to_string(),
                        theme.style(Role::Text),
                    ),
                ])
            })
            .collect();
        lines.push(fitted(options, width));
    }
    lines.extend(rows.into_iter().skip(usize::from(measured)));
    lines.extend(best_k_rows(lab, width, theme));
    lines.extend(verdict_rows(lab, width, theme));
    lines.extend(compare_rows(lab, width, theme));
    lines
}

/// The present-mode plan for `body`, when the lab is presented with its
/// rates big.
pub(crate) fn plan(lab: &LabState, cx: &ViewCx<'_>, body: Rect) -> Option<Plan> {
    if !cx.present || lab.predict.hides() || lab.blocked_wanted() {
        return None;
    }
    let theme = cx.theme;
    let figures = figures(lab, theme)?;
    let measured = figures.len() == 4;
    let left = settings_width(body);
    let notes_width = body.width.saturating_sub(left).saturating_sub(2);
    let lines = note_lines(lab, notes_width, measured, theme);
    let count = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let panels = count.max(SETTINGS_ROWS) + 2;
    // The charts keep a third of the wall, and never fewer rows than
    // outside present mode's least.
    let charts = (body.height / 3).max(12);
    let wordings: Vec<Vec<String>> = figures.iter().map(|(w, _)| w.clone()).collect();
    let settings_line = [settings_wordings(lab)];
    // The settings at the rates' size, else one size smaller.
    let sizes = LARGEST_FIRST
        .iter()
        .enumerate()
        .flat_map(|(i, &size)| {
            let smaller = LARGEST_FIRST.get(i + 1).copied();
            [Some((size, size)), smaller.map(|s| (size, s))]
        })
        .flatten();
    for (size, settings_size) in sizes {
        let Some(set) = present::first_wordings(&wordings, size, body.width) else {
            continue;
        };
        let Some(settings_big) = present::first_wordings(&settings_line, settings_size, body.width)
            .and_then(|mut s| s.pop())
        else {
            continue;
        };
        let rows = present::stacked_rows(&set, 0);
        let above = settings_big.height();
        if above + rows + 1 + panels + charts > body.height {
            continue;
        }
        let [high, top, middle, bottom] = Layout::vertical([
            Constraint::Length(above),
            Constraint::Length(rows + 1),
            Constraint::Length(panels),
            Constraint::Fill(1),
        ])
        .areas(body);
        let [settings, notes] =
            Layout::horizontal([Constraint::Length(left), Constraint::Fill(1)]).areas(middle);
        let big = set
            .into_iter()
            .zip(figures.iter().map(|(_, s)| *s))
            .collect();
        return Some(Plan {
            settings_big: (settings_big, high),
            big,
            figures: top,
            settings,
            notes,
            lines,
            charts: bottom,
        });
    }
    None
}

/// Draws the lab by `plan`.
pub(crate) fn render(lab: &LabState, cx: &ViewCx<'_>, plan: Plan, buf: &mut Buffer) {
    let theme = cx.theme;
    let (settings_big, high) = &plan.settings_big;
    present::draw(
        cx,
        "settings",
        settings_big,
        *high,
        theme.style(Role::Text),
        buf,
    );
    present::draw_block(cx, "headline", &plan.big, plan.figures, buf);
    render_settings(lab, theme, plan.settings, buf);
    cx.record_drawn("sliders", plan.settings, buf);
    let block = panel(rates_title(lab, plan.notes.width), theme);
    let inner = block.inner(plan.notes);
    block.render(plan.notes, buf);
    Paragraph::new(plan.lines).render(inner, buf);
    cx.record_drawn("table", plan.notes, buf);
    charts::render(lab, cx, plan.charts, buf);
    cx.record_drawn("chart", plan.charts, buf);
}
