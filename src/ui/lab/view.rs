//! The lab's layout, its settings panel (sliders) and its rates panel
//! (every figure labelled exact, idealised, true or measured). The rates
//! panel is as tall as its rows need, so an explanation that wraps onto
//! three lines takes three lines from the charts rather than being cut.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::measure::SchemeKind;
use crate::numbers::{grouped, sig};
use crate::ui::big::Big;
use crate::ui::format::fitted;
use crate::ui::lab::action::LabSlider;
use crate::ui::lab::charts;
use crate::ui::lab::compute::shown_decimal;
use crate::ui::lab::measured_rows::{compare_rows, measured_rows};
use crate::ui::lab::predict_rows::{hidden_rows, rehearsal_rows, verdict_rows};
use crate::ui::lab::rate_rows::{best_k_rows, formula_rows};
use crate::ui::lab::rows::ready;
use crate::ui::lab::state::{LabState, label, spec};
use crate::ui::layout::{Kind, Layout as LaidOut};
use crate::ui::screen::ViewCx;
use crate::ui::slider::track;
use crate::ui::theme::{Role, Theme};

/// Rows inside the settings panel: five sliders, m/n, scheme, seed.
pub(crate) const SETTINGS_ROWS: u16 = 8;
/// Columns of a slider's label and the marker before it.
const LABEL_WIDTH: u16 = 11;
/// The narrowest value column (room for `1,000,000`).
const VALUE_WIDTH: u16 = 10;
/// Rows the charts keep at least, when the screen has them to give.
const CHART_ROWS: u16 = 8;

/// Where the lab's parts go inside the body area.
struct LabLayout {
    settings: Rect,
    rates: Rect,
    charts: Rect,
    /// The rates panel's long explanations in their one-line form, so the
    /// charts keep their rows on a short screen.
    brief: bool,
}

pub(crate) fn settings_width(body: Rect) -> u16 {
    if body.width >= 110 { 40 } else { 34 }
}

/// Columns inside the rates panel's borders when the lab has `body`.
pub(crate) fn rates_width(body: Rect) -> u16 {
    body.width
        .saturating_sub(settings_width(body))
        .saturating_sub(2)
}

fn layout(lab: &LabState, theme: &Theme, body: Rect) -> LabLayout {
    let width = rates_width(body);
    // The brief explanations only when the full ones would leave the
    // charts fewer than CHART_ROWS rows; the full count is reused otherwise.
    let full = rates_lines(lab, theme, width, false).len() as u16;
    let brief = full.max(SETTINGS_ROWS) + 2 + CHART_ROWS > body.height;
    let rows = if brief {
        rates_lines(lab, theme, width, true).len() as u16
    } else {
        full
    };
    let wanted = rows.max(SETTINGS_ROWS) + 2;
    // The panels take what their rows need and the charts the rest: on a
    // short screen the words come before the pictures.
    let top = wanted.min(body.height);
    let [top, charts] =
        Layout::vertical([Constraint::Length(top), Constraint::Fill(1)]).areas(body);
    let [settings, rates] = Layout::horizontal([
        Constraint::Length(settings_width(body)),
        Constraint::Fill(1),
    ])
    .areas(top);
    LabLayout {
        settings,
        rates,
        charts,
        brief,
    }
}

/// Columns of the slider values: the widest value (or the text being
/// typed) sets it, so a ten-digit m pushes the tracks over rather than
/// off the panel.
fn value_width(lab: &LabState) -> u16 {
    let widest = LabSlider::ALL
        .iter()
        .map(|&s| grouped(lab.value(s)).chars().count())
        .chain(lab.editing.iter().map(|f| f.text().chars().count() + 1))
        .max()
        .unwrap_or(0);
    (widest as u16).max(VALUE_WIDTH)
}

/// Columns before a slider's track: marker, label, value and a space.
fn track_offset(lab: &LabState) -> u16 {
    LABEL_WIDTH + value_width(lab) + 1
}

/// The track of each slider (one row each), for drawing and for the mouse.
pub(crate) fn slider_tracks(lab: &LabState, theme: &Theme, body: Rect) -> Vec<(LabSlider, Rect)> {
    tracks_in(lab, layout(lab, theme, body).settings)
}

/// The track of each slider in the settings panel drawn at `settings`.
pub(crate) fn tracks_in(lab: &LabState, settings: Rect) -> Vec<(LabSlider, Rect)> {
    let inner = settings.inner(ratatui::layout::Margin::new(1, 1));
    let offset = track_offset(lab);
    LabSlider::ALL
        .iter()
        .enumerate()
        .filter_map(|(i, &slider)| {
            let y = inner.y + i as u16;
            (y < inner.bottom() && inner.width > offset).then(|| {
                (
                    slider,
                    Rect::new(inner.x + offset, y, inner.width - offset, 1),
                )
            })
        })
        .collect()
}

/// Draws the whole lab screen into `body`.
pub(crate) fn render(lab: &LabState, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) {
    let body = present_headline(lab, cx, body, buf);
    let parts = layout(lab, cx.theme, body);
    render_settings(lab, cx.theme, parts.settings, buf);
    render_rates(lab, cx.theme, parts.rates, parts.brief, buf);
    charts::render(lab, cx, parts.charts, buf);
    cx.record_drawn("sliders", parts.settings, buf);
    cx.record_drawn("table", parts.rates, buf);
    cx.record_drawn("chart", parts.charts, buf);
}

/// Present mode: the exact rate in big digits above the lab, as large as
/// leaves the lab its panels; draws them and returns the area left.
fn present_headline(lab: &LabState, cx: &ViewCx<'_>, rest: Rect, buf: &mut Buffer) -> Rect {
    let (digits, panels) = split_headline(lab, cx, rest);
    if let (Some(big), Some(at)) = (headline_big(lab, cx, rest), digits) {
        big.draw(at, buf, cx.theme.style(Role::Exact));
        cx.record(LaidOut {
            scale: big.scale(),
            ..LaidOut::plain(
                Kind::new("headline"),
                Rect {
                    height: big.height(),
                    ..at
                },
                vec![big.lines.join(" ")],
            )
        });
    }
    panels
}

/// The big digits' rows and the lab's, in present mode.
fn split_headline(lab: &LabState, cx: &ViewCx<'_>, rest: Rect) -> (Option<Rect>, Rect) {
    match headline_big(lab, cx, rest) {
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
fn headline_big(lab: &LabState, cx: &ViewCx<'_>, rest: Rect) -> Option<Big> {
    if !cx.present {
        return None;
    }
    let panels = rates_lines(lab, cx.theme, rates_width(rest), true).len() as u16 + 2;
    let spare = rest.height.saturating_sub(panels + CHART_ROWS + 4);
    Big::fit(&exact_headline(lab)?, rest.width, spare)
}

/// Where the lab's panels go inside `body`: under the big digits in
/// present mode, `body` itself otherwise (the mouse uses this too).
pub(crate) fn lab_area(lab: &LabState, cx: &ViewCx<'_>, body: Rect) -> Rect {
    split_headline(lab, cx, body).1
}

/// "EXACT 0.008318677101" when the exact rate is known for these settings.
fn exact_headline(lab: &LabState) -> Option<String> {
    if lab.predict.hides() {
        return None;
    }
    let f = ready(lab.results.rates.shown(&lab.rate_key()))?;
    Some(format!("EXACT {}", shown_decimal(&f.classic.decimal)))
}

pub(crate) fn panel(title: String, theme: &Theme) -> Block<'static> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(title, theme.style(Role::Title)))
}

pub(crate) fn render_settings(lab: &LabState, theme: &Theme, area: Rect, buf: &mut Buffer) {
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
    lines.push(fitted(
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
    let scheme = scheme_words(lab.scheme, inner.width >= 36);
    lines.push(Line::from(vec![
        Span::styled("scheme ", theme.style(Role::Label)),
        Span::styled(scheme, theme.style(Role::Text)),
        Span::styled(" (s)", theme.style(Role::Hint)),
    ]));
    let seed_line = match &lab.edit_error {
        Some(err) => fitted(
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

/// The probe scheme of the measured filters, in full when `wide`.
pub(crate) fn scheme_words(scheme: SchemeKind, wide: bool) -> &'static str {
    match (scheme, wide) {
        (SchemeKind::Double, true) => "double (lesson FNV-1a)",
        (SchemeKind::Double, false) => "double (lesson)",
        (SchemeKind::Enhanced, true) => "enhanced double (lesson)",
        (SchemeKind::Enhanced, false) => "enhanced",
        (SchemeKind::Independent, true) => "independent (k hashes)",
        (SchemeKind::Independent, false) => "independent",
        (SchemeKind::Blocked, true) => "blocked (512-bit blocks)",
        (SchemeKind::Blocked, false) => "blocked",
    }
}

/// A typed value's error, longest first: in full, without its example in
/// brackets, then without the value it quotes.
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
    let columns = usize::from(value_width(lab));
    let value = match (&lab.editing, selected) {
        (Some(field), true) => Span::styled(
            format!("{:>w$}▏", field.text(), w = columns - 1),
            theme.style(Role::Focus),
        ),
        _ => Span::styled(
            format!("{:>columns$}", grouped(lab.value(slider))),
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
        width.saturating_sub(track_offset(lab)),
        theme,
        selected,
    ));
    Line::from(spans)
}

/// The rates panel's title, as long as fits `width` columns.
pub(crate) fn rates_title(lab: &LabState, width: u16) -> String {
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

fn render_rates(lab: &LabState, theme: &Theme, area: Rect, brief: bool, buf: &mut Buffer) {
    let block = panel(rates_title(lab, area.width), theme);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(rates_lines(lab, theme, inner.width, brief)).render(inner, buf);
}

/// The rates panel's lines, each worded or wrapped to fit `width` columns;
/// `brief` gives long explanations in one line. While a prediction is due,
/// every rate and best k gives way to the guess (the comparison too: it
/// measures the two best k).
pub(crate) fn rates_lines(
    lab: &LabState,
    theme: &Theme,
    width: u16,
    brief: bool,
) -> Vec<Line<'static>> {
    let mut lines = rehearsal_rows(lab, width, theme);
    if lab.predict.hides() {
        lines.extend(hidden_rows(lab, width, theme));
        return lines;
    }
    lines.extend(formula_rows(lab, width, theme));
    lines.extend(measured_rows(lab, width, brief, theme));
    lines.extend(best_k_rows(lab, width, theme));
    lines.extend(verdict_rows(lab, width, theme));
    lines.extend(compare_rows(lab, width, theme));
    lines
}
