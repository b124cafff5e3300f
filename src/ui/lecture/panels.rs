//! The text parts of the lecture screen: progress line, key hints, banner,
//! notes, derivation, the memory table, the crawler diagram and the
//! narration.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Widget};

use super::paint::{Painter, fit, width};
use crate::lecture::figures::sig;
use crate::lecture::{Board, Element, Emphasis};
use crate::numbers::{grouped_real, trim_zeros};
use crate::ui::theme::{Role, Theme};

/// "─ Scene 3 of 5 · The false positive ──── step 3 of 11 ─".
pub(super) fn progress(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let left = format!(
        " Scene {} of {} · {} ",
        board.scene + 1,
        board.scene_count,
        board.scene_title
    );
    let right = format!(" step {} of {} ", board.step + 1, board.steps_in_scene);
    let total = usize::from(area.width);
    let right_w = usize::from(width(&right));
    let left = fit(&left, total.saturating_sub(right_w + 3));
    let fill = total.saturating_sub(usize::from(width(&left)) + right_w + 2);
    let line = Line::from(vec![
        Span::styled("─", theme.style(Role::Border)),
        Span::styled(left, theme.style(Role::Title)),
        Span::styled("─".repeat(fill), theme.style(Role::Border)),
        Span::styled(right, theme.style(Role::Title)),
        Span::styled("─", theme.style(Role::Border)),
    ]);
    Painter::new(buf, area).line(0, 0, &line);
}

/// Word-wraps `text` to `max` columns (at least 8), filling each line
/// before starting the next; a word longer than a line is broken, never cut.
pub(super) fn wrap(text: &str, max: usize) -> Vec<String> {
    let options = textwrap::Options::new(max.max(8))
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options)
        .into_iter()
        .map(|line| line.into_owned())
        .collect()
}

/// The narration, wrapped for an area `width` columns wide.
pub(super) fn narration_lines(board: &Board, cols: u16) -> Vec<String> {
    let mut out = Vec::new();
    for (i, paragraph) in board.narration.iter().enumerate() {
        if i > 0 {
            out.push(String::new());
        }
        out.extend(wrap(paragraph, usize::from(cols.saturating_sub(4))));
    }
    out
}

/// The narration under a "─ narration ─" rule, cut with "…" if it overflows.
pub(super) fn narration(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let mut p = Painter::new(buf, area);
    let rule = format!(
        "─ narration {}",
        "─".repeat(usize::from(area.width.saturating_sub(12)))
    );
    p.text(0, 0, &rule, theme.style(Role::Border));
    // The row's glyph key rides on the rule, so colourless screens still say
    // what each cell means without spending a row on it.
    if board.shows(Element::Row) {
        let pending = board.query.as_ref().is_some_and(|q| {
            q.probes
                .iter()
                .any(|probe| probe.read == crate::lecture::ProbeRead::Pending)
        });
        let unread = if pending { "( ) unread  " } else { "" };
        let key = format!(" █ set  ▓ shared  × cleared  {unread}▐ ▌ read  ┊ ┊ not needed ");
        let x = area.width.saturating_sub(width(&key) + 2);
        // Keep clear of the rule's own title.
        if x > 12 {
            p.text(x, 0, &key, theme.style(Role::Hint));
        }
    }
    let lines = narration_lines(board, area.width);
    let room = usize::from(area.height.saturating_sub(1));
    for (i, text) in lines.iter().take(room).enumerate() {
        let y = u16::try_from(i + 1).unwrap_or(u16::MAX);
        let text = if i + 1 == room && lines.len() > room {
            format!("{} …", fit(text, usize::from(area.width.saturating_sub(6))))
        } else {
            text.clone()
        };
        p.text(2, y, &text, theme.style(Role::Text));
    }
}

/// Rows the banner needs.
pub(super) fn banner_height(area_height: u16) -> u16 {
    if area_height >= 40 { 5 } else { 3 }
}

/// The large title: letters spaced out, centred.
pub(super) fn banner(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(text) = &board.banner else { return };
    let spaced: String = text
        .to_uppercase()
        .chars()
        .map(|c| {
            if c == ' ' {
                "   ".to_string()
            } else {
                format!("{c} ")
            }
        })
        .collect();
    let spaced = spaced.trim_end().to_string();
    let shown = if width(&spaced) + 4 <= area.width {
        spaced
    } else {
        text.to_uppercase()
    };
    let mut p = Painter::new(buf, area);
    let mid = area.height / 2;
    let rule = "━".repeat(usize::from(width(&shown) + 4));
    if area.height >= 5 {
        p.centred(mid - 1, &rule, theme.style(Role::Border));
        p.centred(mid + 1, &rule, theme.style(Role::Border));
    }
    p.centred(mid, &shown, theme.style(Role::Title));
}

fn boxed_block<'a>(title: &str, boxed: bool, theme: &Theme) -> Block<'a> {
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.style(Role::Title)))
        .border_style(theme.style(Role::Border));
    if boxed {
        block
            .border_type(BorderType::Double)
            .border_style(theme.style(Role::Emphasis))
    } else {
        block.border_type(BorderType::Rounded)
    }
}

/// Splits `text` into spans, highlighting every emphasised substring.
fn highlighted(text: &str, board: &Board, base: Style, theme: &Theme) -> Line<'static> {
    let marks: Vec<&str> = board
        .emphasis
        .iter()
        .filter_map(|e| match e {
            Emphasis::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect();
    let mut spans = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = marks
            .iter()
            .filter_map(|m| rest.find(m).map(|at| (at, *m)))
            .min_by_key(|(at, _)| *at);
        match next {
            Some((at, mark)) => {
                if at > 0 {
                    spans.push(Span::styled(rest[..at].to_string(), base));
                }
                spans.push(Span::styled(
                    mark.to_string(),
                    theme
                        .style(Role::Emphasis)
                        .add_modifier(Modifier::UNDERLINED),
                ));
                rest = &rest[at + mark.len()..];
            }
            None => {
                spans.push(Span::styled(rest.to_string(), base));
                rest = "";
            }
        }
    }
    Line::from(spans)
}

/// Rows a list panel (notes or derivation) needs.
pub(super) fn list_height(lines: usize) -> u16 {
    u16::try_from(lines).unwrap_or(u16::MAX).saturating_add(2)
}

/// The derivation lines in a panel (double frame when boxed).
pub(super) fn derivation(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = boxed_block(
        "derivation",
        board.boxed.contains(&Element::Derivation),
        theme,
    );
    let inner = block.inner(area);
    block.render(area, buf);
    let mut p = Painter::new(buf, inner);
    let last = board.derivation.len().saturating_sub(1);
    // A short panel shows the newest lines, which the step is about.
    let skip = board
        .derivation
        .len()
        .saturating_sub(usize::from(inner.height));
    for (i, text) in board.derivation.iter().enumerate().skip(skip) {
        let i = i - skip;
        let base = if i + skip == last {
            theme.style(Role::Text).add_modifier(Modifier::BOLD)
        } else {
            theme.style(Role::Text)
        };
        let y = u16::try_from(i).unwrap_or(u16::MAX);
        p.line(1, y, &highlighted(text, board, base, theme));
    }
}

/// The callout notes, one per line.
pub(super) fn notes(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = boxed_block("note", board.boxed.contains(&Element::Notes), theme);
    let inner = block.inner(area);
    block.render(area, buf);
    let mut p = Painter::new(buf, inner);
    for (i, text) in board.notes.iter().enumerate() {
        let y = u16::try_from(i).unwrap_or(u16::MAX);
        let mut line = highlighted(text, board, theme.style(Role::Note), theme);
        line.spans
            .insert(0, Span::styled("» ", theme.style(Role::Hint)));
        p.line(1, y, &line);
    }
}

fn longest(lines: &[String]) -> u16 {
    lines.iter().map(|l| width(l)).max().unwrap_or(0)
}

/// Columns the derivation panel wants.
pub(super) fn derivation_width(board: &Board) -> u16 {
    longest(&board.derivation) + 4
}

/// Columns the notes panel wants.
pub(super) fn notes_width(board: &Board) -> u16 {
    longest(&board.notes) + 6
}

/// Columns the table wants, its "(Nx smaller)" remarks included.
pub(super) fn table_width(board: &Board) -> u16 {
    let lines = table_lines(board);
    longest(&lines) + 4
}

/// Rows the table needs.
pub(super) fn table_height(board: &Board) -> u16 {
    list_height(board.table.len() + 1)
}

fn items_text(n: f64) -> String {
    let log = n.log10();
    if n >= 1e6 && (log - log.round()).abs() < 1e-9 {
        format!("10^{}", log.round())
    } else {
        grouped_real(n)
    }
}

/// The memory comparison table.
pub(super) fn table(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = boxed_block(
        "what it costs",
        board.boxed.contains(&Element::Table),
        theme,
    );
    let inner = block.inner(area);
    block.render(area, buf);
    let mut p = Painter::new(buf, inner);
    let (header, rows) = table_text(board);
    p.text(1, 0, &header, theme.style(Role::Label));
    for (i, (text, remark)) in rows.iter().enumerate() {
        let y = u16::try_from(i + 1).unwrap_or(u16::MAX);
        let x = p.text(1, y, text, theme.style(Role::Text));
        // The remark goes only where it fits whole.
        if !remark.is_empty() && x + width(remark) <= inner.width {
            p.text(x, y, remark, theme.style(Role::Text));
        }
    }
}

/// The table's header and its rows, each with its "(Nx smaller)" remark.
fn table_text(board: &Board) -> (String, Vec<(String, String)>) {
    let label_w = board
        .table
        .iter()
        .map(|r| usize::from(width(&r.label)))
        .max()
        .unwrap_or(0)
        .max(9);
    let header = format!("{:<label_w$}  {:>6}  {:>9}", "structure", "items", "memory");
    let exact = board.table.first().map(|r| r.gigabytes);
    let rows = board
        .table
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let text = format!(
                "{:<label_w$}  {:>6}  {:>6} GB",
                row.label,
                items_text(row.items),
                trim_zeros(&sig(row.gigabytes, 3))
            );
            let remark = match exact {
                Some(e) if i > 0 && row.gigabytes > 0.0 => {
                    format!("  ({}x smaller)", sig(e / row.gigabytes, 2))
                }
                _ => String::new(),
            };
            (text, remark)
        })
        .collect();
    (header, rows)
}

/// The table's lines as drawn at full width.
fn table_lines(board: &Board) -> Vec<String> {
    let (header, rows) = table_text(board);
    std::iter::once(header)
        .chain(rows.into_iter().map(|(t, r)| t + &r))
        .collect()
}

/// Rows the crawler diagram needs.
pub(super) const CRAWLER_HEIGHT: u16 = 8;

/// The crawler: a URL goes through the filter; new ones are fetched,
/// probably-seen ones dropped. The figures under it are computed.
pub(super) fn crawler(board: &Board, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let f = &board.figures;
    let s = &f.settings;
    let k = f.best_k_for_bloom();
    let eps = f.bloom_eps();
    let art = [
        "┌───────────┐ URL found ┌──────────────┐  definitely new   ┌──────────┐",
        "│  crawler  │ ────────▶ │ Bloom filter │ ────────────────▶ │  fetch   │",
        "└───────────┘           └──────┬───────┘                   └──────────┘",
        "                               │ probably seen",
        "                               ▼",
        "                            dropped",
    ];
    let art_w = art.iter().map(|l| width(l)).max().unwrap_or(0);
    let x = area.width.saturating_sub(art_w) / 2;
    let mut p = Painter::new(buf, area);
    let boxed = board.boxed.contains(&Element::Crawler);
    for (i, line) in art.iter().enumerate() {
        let y = u16::try_from(i).unwrap_or(u16::MAX);
        let style = if boxed {
            theme.style(Role::Emphasis)
        } else {
            theme.style(Role::Text)
        };
        p.text(x, y, line, style);
    }
    // The figures belong with the table of what it costs; until that shows,
    // the diagram stands alone.
    if !board.shows(Element::Table) {
        return;
    }
    let cost = format!(
        "{} URLs · {} GB of filter at {} bits each · k = {k}",
        items_text(s.urls),
        trim_zeros(&sig(f.bloom_gb(s.urls, s.bloom_bits), 3)),
        trim_zeros(&sig(s.bloom_bits, 3)),
    );
    let loss = format!(
        "epsilon {} · about {} M new URLs wrongly dropped per {}",
        sig(eps, 2),
        sig(f.bloom_missed_millions(), 2),
        items_text(s.urls)
    );
    p.centred(
        6,
        &fit(&cost, usize::from(area.width)),
        theme.style(Role::Exact),
    );
    p.centred(
        7,
        &fit(&loss, usize::from(area.width)),
        theme.style(Role::Exact),
    );
}
