//! The lab in present mode: the four rates (exact, idealised, true and
//! measured, each named) in big letters across the top, the sliders and
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
/// exact and true rates are in.
fn figures(lab: &LabState, theme: &Theme) -> Option<Vec<(Vec<String>, Style)>> {
    let f = ready(lab.results.rates.shown(&lab.rate_key()))?;
    let mut out = vec![
        (
            vec![format!("exact {}", shown_decimal(&f.classic.decimal))],
            theme.style(Role::Exact),
        ),
        (
            vec![format!("idealised {}", idealised_text(lab))],
            theme.style(Role::Idealised),
        ),
        (
            vec![format!("true {}", shown_decimal(&f.true_rate.decimal))],
            theme.style(Role::True),
        ),
    ];
    if let Shown::Fresh(Ok(m)) = lab.results.measured.shown(&lab.measure_key())
        && m.complete()
    {
        out.push((
            vec![format!("measured {}", sig(m.pooled.rate, 3))],
            theme.style(Role::Measured),
        ));
    }
    Some(out)
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
    // The charts keep two fifths of the wall, and never fewer rows than
    // outside present mode's least.
    let charts = (body.height * 2 / 5).max(12);
    let wordings: Vec<Vec<String>> = figures.iter().map(|(w, _)| w.clone()).collect();
    for size in LARGEST_FIRST {
        let Some(set) = present::first_wordings(&wordings, size, body.width) else {
            continue;
        };
        let rows = present::stacked_rows(&set, 0);
        if rows + 1 + panels + charts > body.height {
            continue;
        }
        let [top, middle, bottom] = Layout::vertical([
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
