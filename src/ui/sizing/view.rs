//! The sizing screen: the inputs, then the answer, the textbook's sizing
//! and the exact set, in parts separated by blank rows. The layout takes
//! the fullest form whose rows all fit (full with blank rows, full, then
//! compact with and without); in present mode the answer's headline is set
//! in big digits above the parts when rows are left for it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::numbers::{BytesStyle, counted_grouped, format_bytes, format_bytes_as, grouped};
use crate::rates::size_report::{rate_text, rate_word};
use crate::rates::solve::Solved;
use crate::ui::big::{Big, LARGEST_FIRST};
use crate::ui::computed::Shown;
use crate::ui::format::fitted;
use crate::ui::present;
use crate::ui::screen::ViewCx;
use crate::ui::sizing::answer::{Form, Pen, answer_rows, exact_set_rows, textbook_rows};
use crate::ui::sizing::compute::SizingFigures;
use crate::ui::sizing::fit::greyed;
use crate::ui::sizing::inputs::FieldError;
use crate::ui::sizing::rows::{Above, Showing, error_lines, input_rows};
use crate::ui::sizing::state::SizingState;
use crate::ui::theme::{Role, Theme};

/// What the fields ask and what the answer part shows for it: the field
/// that does not read (the answer is then the last accepted entry's).
pub(crate) fn showing(state: &SizingState) -> (Option<FieldError>, Showing<'_>) {
    let (error, key) = match state.key() {
        Ok(key) => (None, Some(key)),
        Err(e) => (Some(e), state.accepted_key()),
    };
    let last = state.last_answer.as_deref();
    let shown = match key {
        None => Showing::Nothing,
        Some(key) => match state.answer.shown(&key) {
            Shown::Fresh(Ok(f)) => Showing::Ready(f),
            Shown::Fresh(Err(why)) => Showing::Refused(why, last),
            Shown::Computing(_) => Showing::Computing(last),
        },
    };
    (error, shown)
}

/// The parts of the screen in one form, each a run of rows.
/// `above` says what present mode sets in big letters above them.
pub(crate) fn parts(
    state: &SizingState,
    width: u16,
    form: Form,
    theme: &Theme,
    above: Above,
) -> Vec<Vec<Line<'static>>> {
    let (error, shown) = showing(state);
    let above = if matches!((&error, shown), (None, Showing::Ready(_))) {
        above
    } else {
        Above::Nothing
    };
    let pen = Pen {
        width,
        form,
        theme,
        above,
    };
    let mut out = vec![input_rows(
        state,
        error.as_ref(),
        shown,
        width,
        theme,
        above,
    )];
    let mut head = Vec::new();
    if let Some(e) = &error {
        head.extend(error_lines(e, width, theme));
    }
    let (figures, stale) = match shown {
        Showing::Ready(f) => (Some(f), false),
        Showing::Computing(last) => (last, true),
        Showing::Refused(why, last) => {
            head.extend(crate::ui::sizing::fit::wrapped(
                &format!("✗ {why}"),
                width,
                theme.style(Role::Bad),
            ));
            (last, false)
        }
        Showing::Nothing => (None, false),
    };
    let Some(f) = figures else {
        if !head.is_empty() {
            out.push(head);
        }
        return out;
    };
    if !head.is_empty() || matches!(shown, Showing::Refused(..)) {
        head.push(fitted(
            vec![
                Line::styled(
                    "  the last good answer, for the entry last accepted (Esc goes back to it):",
                    theme.style(Role::Hint),
                ),
                Line::styled(
                    "  the last good answer (Esc goes back to it):",
                    theme.style(Role::Hint),
                ),
                Line::styled("  the last good answer:", theme.style(Role::Hint)),
            ],
            width,
        ));
    }
    let mut answer = head;
    answer.extend(answer_rows(f, &pen));
    let mut rest = vec![answer];
    if let Some(tb) = &f.report.textbook {
        rest.push(textbook_rows(tb, f.report.beyond_textbook(), &pen));
    }
    rest.push(exact_set_rows(f, &pen));
    for part in rest {
        out.push(if stale {
            part.into_iter().map(|l| greyed(l, theme)).collect()
        } else {
            part
        });
    }
    out
}

/// The parts as rows, with or without blank rows between them.
fn joined(parts: Vec<Vec<Line<'static>>>, gaps: bool) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for (i, part) in parts.into_iter().enumerate() {
        if gaps && i > 0 {
            out.push(Line::default());
        }
        out.extend(part);
    }
    out
}

/// Every layout to try, fullest first: the rows each gives at `width`.
fn layouts(
    state: &SizingState,
    width: u16,
    theme: &Theme,
    above: Above,
) -> Vec<Vec<Line<'static>>> {
    let mut out = Vec::new();
    for form in [Form::Full, Form::Compact] {
        for gaps in [true, false] {
            out.push(joined(parts(state, width, form, theme, above), gaps));
        }
    }
    out
}

/// The rows to draw in `height` rows of `width` columns: the fullest
/// layout that fits, else the shortest.
pub(crate) fn body_lines(
    state: &SizingState,
    width: u16,
    height: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut all = layouts(state, width, theme, Above::Nothing);
    let fits = all.iter().position(|l| l.len() <= usize::from(height));
    let at = fits.unwrap_or(all.len() - 1);
    all.swap_remove(at)
}

/// The block's title, as long as fits.
pub(crate) fn title(state: &SizingState, width: u16) -> String {
    let by = rate_word(state.by);
    [
        format!(" sizing · any three of n, p, m and k in, the fourth out · by the {by} rate "),
        format!(" sizing · three of n, p, m, k in, one out · {by} rate "),
        " sizing ".to_string(),
    ]
    .into_iter()
    .find(|t| Line::raw(t.as_str()).width() + 2 <= usize::from(width))
    .unwrap_or_default()
}

/// The answer's headline for big digits: ways to set it, each a list of
/// lines, fullest first.
fn headline_texts(f: &SizingFigures) -> Vec<Vec<String>> {
    let a = &f.report.answer;
    match a.solved {
        Solved::Bits => {
            let bits = format!("{} bits", grouped(a.m));
            let bytes = format_bytes(a.m.div_ceil(8));
            vec![
                vec![format!("{bits} = {bytes}")],
                vec![bits.clone(), bytes.clone()],
                vec![bits],
                vec![bytes],
            ]
        }
        Solved::Rate => {
            let (rate, _) = f.report.sized();
            let rate = rate_text(&rate.decimal);
            vec![
                vec![format!("{} {rate}", rate_word(a.by))],
                vec![rate_word(a.by).to_string(), rate.clone()],
                vec![rate],
            ]
        }
        Solved::Keys => vec![
            vec![counted_grouped(a.n, "key", "keys")],
            vec![grouped(a.n)],
        ],
        Solved::Hashes => vec![vec![format!("k = {}", a.k)]],
    }
}

/// `lines` set one above the other, each unbroken, at the largest size at
/// which every one fits `width` and all of them fit `height`.
fn stacked(lines: &[String], width: u16, height: u16) -> Option<Big> {
    let unbroken = |text: &str| -> Vec<Big> {
        Big::settings(text, width)
            .into_iter()
            .filter(|b| b.lines.len() == 1)
            .collect()
    };
    let first = unbroken(lines.first()?);
    let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    first
        .iter()
        .filter(|b| b.height().saturating_mul(rows) <= height)
        .filter(|b| {
            lines[1..]
                .iter()
                .all(|l| unbroken(l).iter().any(|o| o.size == b.size))
        })
        .max_by_key(|b| b.height())
        .map(|b| Big {
            lines: lines.to_vec(),
            size: b.size,
        })
}

/// The headline in big digits for `width` x `height`, when the answer is
/// in: of its settings, the one with the largest glyphs (the fuller on a
/// tie). Lines never break inside a figure.
fn headline(state: &SizingState, width: u16, height: u16) -> Option<Big> {
    let (None, Showing::Ready(f)) = showing(state) else {
        return None;
    };
    let glyph = |b: &Big| b.height() / u16::try_from(b.lines.len().max(1)).unwrap_or(1);
    let mut best: Option<Big> = None;
    for lines in headline_texts(f) {
        if let Some(big) = stacked(&lines, width, height)
            && best.as_ref().is_none_or(|b| glyph(&big) > glyph(b))
        {
            best = Some(big);
        }
    }
    best
}

/// The answer's figures in big letters, each labelled and on a line of
/// its own, wordings to try fullest first: n when it was solved for, m in
/// bits, the memory in bytes, k and the rate it reaches.
fn answer_lines(f: &SizingFigures) -> Vec<Vec<String>> {
    let a = &f.report.answer;
    let mut out = Vec::new();
    if a.solved == Solved::Keys {
        out.push(vec![
            format!("n = {}", counted_grouped(a.n, "key", "keys")),
            format!("n = {}", grouped(a.n)),
        ]);
    }
    let bytes = a.m.div_ceil(8);
    out.push(vec![
        format!("m = {} bits", grouped(a.m)),
        format!("m = {}", grouped(a.m)),
    ]);
    out.push(vec![
        format!("memory {}", format_bytes(bytes)),
        format!("memory {}", format_bytes_as(bytes, BytesStyle::Binary)),
        format_bytes_as(bytes, BytesStyle::Binary),
    ]);
    out.push(vec![format!("k = {}", a.k)]);
    let (rate, _) = f.report.sized();
    let word = rate_word(a.by);
    let rate = rate_text(&rate.decimal);
    out.push(vec![
        format!("{word} rate {rate}"),
        format!("{word} {rate}"),
    ]);
    out
}

/// Present mode's plan with the answer in big letters above the panel, at
/// the largest size at which the panel still shows everything else.
fn big_answer(sizing: &SizingState, cx: &ViewCx<'_>, body: Rect) -> Option<Plan> {
    let (None, Showing::Ready(f)) = showing(sizing) else {
        return None;
    };
    let lines = answer_lines(f);
    let candidates = layouts(sizing, body.width.saturating_sub(2), cx.theme, Above::All);
    for size in LARGEST_FIRST {
        // A margin of two columns each side and a row above: letters
        // drawn to the wall's edge look cut off when projected.
        let Some(set) = present::first_wordings(&lines, size, body.width.saturating_sub(4)) else {
            continue;
        };
        let rows = present::stacked_rows(&set, 0);
        let room = body.height.saturating_sub(rows + 2 + 2);
        if let Some(lines) = candidates.iter().find(|c| c.len() <= usize::from(room)) {
            let [top, panel] =
                Layout::vertical([Constraint::Length(rows + 2), Constraint::Fill(1)]).areas(body);
            let top = Rect {
                x: top.x + 2,
                y: top.y + 1,
                width: top.width.saturating_sub(4),
                height: rows,
            };
            return Some(Plan {
                headline: Some((set, top)),
                panel,
                lines: lines.clone(),
            });
        }
    }
    None
}

/// Where everything goes: the headline (present mode), the panel and the
/// rows inside it.
#[derive(Debug)]
pub(crate) struct Plan {
    /// The big lines and their rows, in present mode when they fit.
    pub headline: Option<(Vec<Big>, Rect)>,
    /// The bordered panel.
    pub panel: Rect,
    /// The rows inside the panel, each fitted to its width.
    pub lines: Vec<Line<'static>>,
}

/// Plans the sizing screen in `body`.
pub(crate) fn plan(sizing: &SizingState, cx: &ViewCx<'_>, body: Rect) -> Plan {
    let theme = cx.theme;
    let inner_width = body.width.saturating_sub(2);
    let inner_height = body.height.saturating_sub(2);
    if cx.present {
        // The big headline takes what the fullest layout that fits leaves,
        // or, when that leaves too little, what a shorter layout leaves.
        if let Some(plan) = big_answer(sizing, cx, body) {
            return plan;
        }
        for candidate in layouts(sizing, inner_width, theme, Above::Solved) {
            let used = u16::try_from(candidate.len()).unwrap_or(u16::MAX);
            let spare = inner_height.saturating_sub(used);
            if let Some(big) = headline(sizing, body.width, spare.saturating_sub(1)) {
                let [top, rest] =
                    Layout::vertical([Constraint::Length(big.height() + 1), Constraint::Fill(1)])
                        .areas(body);
                return Plan {
                    headline: Some((vec![big], top)),
                    panel: rest,
                    lines: candidate,
                };
            }
        }
    }
    Plan {
        headline: None,
        panel: body,
        lines: body_lines(sizing, inner_width, inner_height, theme),
    }
}

/// Draws the sizing screen into `body`.
pub(crate) fn render(sizing: &SizingState, cx: &ViewCx<'_>, body: Rect, buf: &mut Buffer) {
    let theme = cx.theme;
    let plan = plan(sizing, cx, body);
    if let Some((bigs, at)) = &plan.headline {
        let styled: Vec<_> = bigs
            .iter()
            .map(|b| (b.clone(), theme.style(Role::Figure)))
            .collect();
        present::draw_block(cx, "headline", &styled, *at, buf);
    }
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(
            title(sizing, plan.panel.width),
            theme.style(Role::Title),
        ));
    let inner = block.inner(plan.panel);
    block.render(plan.panel, buf);
    Paragraph::new(plan.lines).render(inner, buf);
    cx.record_drawn("table", plan.panel, buf);
}
