//! The Compare screen's layout: the settings (three sliders) and the
//! line-up's progress on top, then the table of every structure and the
//! chart of bits per key against the rate. On a wide screen the chart
//! takes the left and the table and the structures' notes the right; on a
//! narrower one they stack, and a screen too short for the chart says so.
//! Present mode drops the sliders for one headline line and gives the
//! chart and the table the room.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::numbers::{grouped, sig};
use crate::ui::big::{Big, LARGEST_FIRST};
use crate::ui::compare::action::CompareSlider;
use crate::ui::compare::chart;
use crate::ui::compare::measuring::LineupFigures;
use crate::ui::compare::state::{CompareState, label, percent};
use crate::ui::compare::table::{self, spoken, tag};
use crate::ui::computed::Shown;
use crate::ui::present;
use crate::ui::screen::ViewCx;
use crate::ui::slider::track;
use crate::ui::theme::{Role, Theme};

/// Rows inside the settings panel: three sliders, then the status lines
/// under them, or beside them on a wide screen.
fn settings_rows(width: u16) -> u16 {
    if sliders_width(width.saturating_sub(2)) < width.saturating_sub(2) {
        3
    } else {
        6
    }
}
/// Columns of a slider's marker and label.
const LABEL_WIDTH: u16 = 11;
/// Columns of a slider's value (`10,000,000`).
const VALUE_WIDTH: u16 = 11;
/// The fewest rows a chart is drawn in.
pub(crate) const CHART_MIN_ROWS: u16 = 10;
/// From this width on, the chart and the table sit side by side.
const SIDE_BY_SIDE: u16 = 170;

/// Where the screen's parts go.
struct Parts {
    settings: Option<Rect>,
    headline: Option<Rect>,
    table: Rect,
    chart: Option<Rect>,
    notes: Option<Rect>,
    /// The rows under the table when they are too few for the chart.
    unused: Option<Rect>,
}

fn panel(title: String, theme: &Theme) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(title, theme.style(Role::Title)))
}

/// Rows the table takes with its frame at `width` columns.
fn table_rows(width: u16, theme: &Theme) -> u16 {
    let lines = table::lines(None, false, width.saturating_sub(2), theme).len();
    u16::try_from(lines).unwrap_or(u16::MAX) + 2
}

/// Columns the table needs for every column but the structures' shapes.
const TABLE_WIDE: u16 = 116;

fn parts(cx: &ViewCx<'_>, body: Rect, big_rows: u16) -> Parts {
    let (settings, headline, rest) = if cx.present {
        let [head, _, rest] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(big_rows),
            Constraint::Fill(1),
        ])
        .areas(body);
        (None, Some(head), rest)
    } else {
        let [top, rest] = Layout::vertical([
            Constraint::Length(settings_rows(body.width) + 2),
            Constraint::Fill(1),
        ])
        .areas(body);
        (Some(top), None, rest)
    };
    // Side by side on a wide screen; in present mode, where the notes are
    // not shown, the table goes on top and the chart takes the whole width.
    if rest.width >= SIDE_BY_SIDE && !cx.present {
        let table_width = TABLE_WIDE.min(rest.width / 2 + 20);
        let [chart, right] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(table_width)]).areas(rest);
        let rows = table_rows(table_width, cx.theme).min(right.height);
        let [table, notes] =
            Layout::vertical([Constraint::Length(rows), Constraint::Fill(1)]).areas(right);
        return Parts {
            settings,
            headline,
            table,
            chart: Some(chart),
            notes: (!cx.present && notes.height >= 3).then_some(notes),
            unused: None,
        };
    }
    let rows = table_rows(rest.width, cx.theme).min(rest.height);
    let [table, chart] =
        Layout::vertical([Constraint::Length(rows), Constraint::Fill(1)]).areas(rest);
    let fits = chart.height >= CHART_MIN_ROWS;
    Parts {
        settings,
        headline,
        table,
        chart: fits.then_some(chart),
        notes: None,
        unused: (!fits && !chart.is_empty()).then_some(chart),
    }
}

/// Draws the Compare screen into `body`.
pub(crate) fn render(state: &CompareState, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let (figures, stale) = figures(state);
    let big = big_lines(state, figures, cx, body);
    let big_rows = big
        .as_ref()
        .map_or(0, |set| present::stacked_rows(set, 0) + 1);
    let parts = parts(cx, body, big_rows);
    if let (Some(set), Some(head)) = (&big, parts.headline) {
        let area = Rect {
            y: head.bottom(),
            height: big_rows,
            ..body
        };
        let styled: Vec<_> = set
            .iter()
            .zip([Role::Figure, Role::Good])
            .map(|(b, role)| (b.clone(), theme.style(role)))
            .collect();
        present::draw_block(cx, "headline", &styled, area, buf);
    }
    if let Some(area) = parts.settings {
        render_settings(state, figures, parts.chart.is_some(), theme, area, buf);
        cx.record_drawn("sliders", area, buf);
    }
    if let Some(area) = parts.headline {
        let line = headline(state, figures, big.is_none(), theme);
        Paragraph::new(line).render(area, buf);
        cx.record_drawn("settings", area, buf);
    }
    render_table(state, figures, stale, theme, parts.table, buf);
    cx.record_drawn("table", parts.table, buf);
    if let Some(area) = parts.chart {
        chart::render(state, figures, stale, cx, area, buf);
        cx.record_drawn("chart", area, buf);
    }
    if let (Some(area), Some(f)) = (parts.notes, figures) {
        render_notes(f, theme, area, buf);
        cx.record_drawn("notes", area, buf);
    }
    if let Some(area) = parts.unused {
        let notice = format!(
            " The chart needs {CHART_MIN_ROWS} rows below the table and has {}: a taller window shows it.",
            area.height
        );
        Paragraph::new(Line::styled(notice, theme.style(Role::Warn)))
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}

/// The line-up to show: this setting's (so far), or the last one's while
/// a new one starts (stale), or none.
fn figures(state: &CompareState) -> (Option<&LineupFigures>, bool) {
    match state.shown() {
        Shown::Fresh(Ok(f)) => (Some(f), false),
        Shown::Computing(Some(Ok(f))) => (Some(f), true),
        _ => (None, false),
    }
}

/// The track of each slider (one row each), for drawing and for the mouse.
/// Present mode's big lines: the floor, and the structure nearest it
/// among those whose measured rate meets the target p (its 95% interval
/// reaches down to p or below), with its bits per key over the floor
/// (every one tied with it, named in words, as many as fit), at the
/// largest size that leaves the chart two fifths of the wall.
fn big_lines(
    state: &CompareState,
    figures: Option<&LineupFigures>,
    cx: &ViewCx<'_>,
    body: Rect,
) -> Option<Vec<Big>> {
    if !cx.present {
        return None;
    }
    let floor = sig(state.key().floor_bits_per_key(), 3);
    let mut lines = vec![vec![
        format!("floor {floor} bits per key"),
        format!("floor {floor} bits/key"),
    ]];
    if let Some(f) = figures {
        let measured: Vec<_> = f.results.iter().filter(|r| r.refused.is_none()).collect();
        let target = state.p.value;
        let within: Vec<_> = measured
            .iter()
            .filter(|r| r.interval.low <= target)
            .copied()
            .collect();
        // None meets p: the nearest of all, said so.
        let none = within.is_empty();
        let pool = if none { measured } else { within };
        let best = pool.iter().map(|r| r.floor_ratio).min_by(f64::total_cmp);
        if let Some(best) = best {
            let ratio = format!("{best:.2}");
            let tied: Vec<&str> = pool
                .iter()
                .filter(|r| format!("{:.2}", r.floor_ratio) == ratio)
                .map(|r| spoken(r.structure))
                .collect();
            let so_far = if f.finished { "" } else { "so far " };
            let forms: [String; 4] = if none {
                [
                    format!("none meets p; {so_far}nearest {ratio}× the floor:"),
                    format!("none meets p; nearest {ratio}x floor:"),
                    format!("{so_far}nearest {ratio}x floor:"),
                    format!("nearest {ratio}x:"),
                ]
            } else {
                [
                    format!("{so_far}fewest bits meeting p: {ratio}× the floor,"),
                    format!("meeting p: {ratio}× the floor,"),
                    format!("{ratio}× the floor:"),
                    format!("{ratio}x floor:"),
                ]
            };
            // Every tied structure by name, then fewer and a count; the
            // names before the fuller leads.
            let mut wordings = Vec::new();
            for shown in (1..=tied.len()).rev() {
                for form in &forms {
                    let mut who = tied[..shown].join(", ");
                    if shown < tied.len() {
                        who.push_str(&format!(" +{}", tied.len() - shown));
                    }
                    wordings.push(format!("{form} {who}"));
                }
            }
            lines.push(wordings);
        }
    }
    let table = table_rows(body.width, cx.theme);
    let chart = (body.height * 2 / 5).max(CHART_MIN_ROWS);
    let room = body.height.saturating_sub(1 + table + chart + 1);
    LARGEST_FIRST
        .into_iter()
        .filter_map(|size| present::first_wordings(&lines, size, body.width))
        .find(|set| present::stacked_rows(set, 0) <= room)
}

pub(crate) fn slider_tracks(cx: &ViewCx<'_>, body: Rect) -> Vec<(CompareSlider, Rect)> {
    let Some(settings) = parts(cx, body, 0).settings else {
        return Vec::new();
    };
    let inner = settings.inner(Margin::new(1, 1));
    let width = sliders_width(inner.width);
    let offset = LABEL_WIDTH + VALUE_WIDTH + 1;
    CompareSlider::ALL
        .iter()
        .enumerate()
        .filter_map(|(i, &slider)| {
            let y = inner.y + i as u16;
            (y < inner.bottom() && width > offset)
                .then(|| (slider, Rect::new(inner.x + offset, y, width - offset, 1)))
        })
        .collect()
}

/// Columns the sliders take: all of a narrow panel, half of a wide one
/// (the status lines take the other half).
fn sliders_width(inner: u16) -> u16 {
    if inner >= 110 { inner / 2 } else { inner }
}

fn render_settings(
    state: &CompareState,
    figures: Option<&LineupFigures>,
    chart_shown: bool,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let block = panel(" line-up ".into(), theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let width = sliders_width(inner.width);
    let sliders: Vec<Line<'static>> = CompareSlider::ALL
        .iter()
        .map(|&s| slider_line(state, s, width, theme))
        .collect();
    let status = status_lines(state, figures, chart_shown, theme);
    if width < inner.width {
        let [left, right] =
            Layout::horizontal([Constraint::Length(width + 1), Constraint::Fill(1)]).areas(inner);
        Paragraph::new(sliders).render(left, buf);
        Paragraph::new(status)
            .wrap(Wrap { trim: true })
            .render(right, buf);
    } else {
        let mut lines = sliders;
        lines.extend(status);
        Paragraph::new(lines).render(inner, buf);
    }
}

fn slider_line(
    state: &CompareState,
    slider: CompareSlider,
    width: u16,
    theme: &Theme,
) -> Line<'static> {
    let selected = state.selected == slider;
    let marker = if selected { "▶ " } else { "  " };
    let name_style = if selected {
        theme.style(Role::Selected)
    } else {
        theme.style(Role::Text)
    };
    let columns = usize::from(VALUE_WIDTH);
    let value = match (&state.editing, selected) {
        (Some(field), true) => Span::styled(
            format!("{:>w$}▏", field.text(), w = columns - 1),
            theme.style(Role::Focus),
        ),
        _ => Span::styled(
            format!("{:>columns$}", state.value_text(slider)),
            theme.style(Role::Text),
        ),
    };
    let mut spans = vec![
        Span::styled(marker, theme.style(Role::Focus)),
        Span::styled(format!("{:<9}", label(slider)), name_style),
        value,
        Span::raw(" "),
    ];
    spans.extend(track(
        state.fraction(slider),
        width.saturating_sub(LABEL_WIDTH + VALUE_WIDTH + 1),
        theme,
        selected,
    ));
    Line::from(spans)
}

/// The floor, how far the line-up has got, and anything to say about
/// this screen's size or the last typed value.
fn status_lines(
    state: &CompareState,
    figures: Option<&LineupFigures>,
    chart_shown: bool,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let floor = state.key().floor_bits_per_key();
    let mut lines = vec![Line::from(vec![
        Span::styled("floor ", theme.style(Role::Label)),
        Span::styled(
            format!("log2(1/p) = {} bits per key", sig(floor, 3)),
            theme.style(Role::Text),
        ),
        Span::styled(": no structure can use fewer", theme.style(Role::Hint)),
    ])];
    lines.push(progress_line(state, figures, theme));
    if let Some(why) = &state.edit_error {
        lines.push(Line::styled(format!("✗ {why}"), theme.style(Role::Bad)));
    } else if !chart_shown {
        lines.push(Line::styled(
            format!(
                "the chart needs {CHART_MIN_ROWS} rows below the table: a taller window shows it"
            ),
            theme.style(Role::Warn),
        ));
    }
    lines
}

/// How far the line-up has got, or how long it took.
fn progress_line(
    state: &CompareState,
    figures: Option<&LineupFigures>,
    theme: &Theme,
) -> Line<'static> {
    let seed = Span::styled(
        format!(" · seed {} (r)", state.seed),
        theme.style(Role::Hint),
    );
    let text = match state.shown() {
        Shown::Fresh(Err(why)) => {
            return Line::styled(format!("✗ {why}"), theme.style(Role::Bad));
        }
        Shown::Fresh(Ok(f)) if f.finished => Span::styled(
            format!(
                "all {} measured in {:.1} s",
                f.results.len(),
                f.elapsed.as_secs_f64()
            ),
            theme.style(Role::Good),
        ),
        Shown::Fresh(Ok(f)) => match f.running {
            Some(r) => Span::styled(
                format!(
                    "measuring {} {} ({} of {}) · {:.0}% of its keys · {:.1} s",
                    tag(r.structure),
                    r.structure.name(),
                    r.index + 1,
                    r.of,
                    100.0 * r.done as f64 / r.total.max(1) as f64,
                    f.elapsed.as_secs_f64()
                ),
                theme.style(Role::Stale),
            ),
            None if f.sizes.is_none() => {
                Span::styled("sizing the Bloom filters…", theme.style(Role::Stale))
            }
            None => Span::styled(
                format!("{} of 10 measured…", f.results.len()),
                theme.style(Role::Stale),
            ),
        },
        Shown::Computing(_) => Span::styled(
            if figures.is_some() {
                "starting; the figures are the last settings'"
            } else {
                "starting…"
            },
            theme.style(Role::Stale),
        ),
    };
    Line::from(vec![text, seed])
}

/// Present mode's one line: the settings, the floor (unless it is in big
/// letters under the line) and the progress.
fn headline(
    state: &CompareState,
    figures: Option<&LineupFigures>,
    with_floor: bool,
    theme: &Theme,
) -> Line<'static> {
    let floor = sig(state.key().floor_bits_per_key(), 3);
    let floor = if with_floor {
        format!("floor {floor} bits/key · ")
    } else {
        String::new()
    };
    let mut spans = vec![Span::styled(
        format!(
            " n = {} · p = {} · {floor}",
            grouped(state.n),
            percent(state.p.value)
        ),
        theme.style(Role::Title),
    )];
    spans.extend(progress_line(state, figures, theme).spans);
    Line::from(spans)
}

fn render_table(
    state: &CompareState,
    figures: Option<&LineupFigures>,
    stale: bool,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let title = format!(
        " each structure at n = {}, p = {} ",
        grouped(state.n),
        percent(state.p.value)
    );
    let block = panel(title, theme);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(table::lines(figures, stale, inner.width, theme)).render(inner, buf);
}

/// Each structure's shape and the line-up's notes on it, wrapped.
fn render_notes(figures: &LineupFigures, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let block = panel(" how each was built ".into(), theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines = Vec::new();
    for r in &figures.results {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} {} ", tag(r.structure), r.name()),
                table::style_of(r.structure, theme),
            ),
            Span::styled(r.params.clone(), theme.style(Role::Text)),
        ]));
        for note in &r.notes {
            lines.push(Line::styled(format!("  {note}"), theme.style(Role::Hint)));
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
