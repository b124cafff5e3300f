//! The sizing screen: the two inputs, then the answer line by line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::numbers::{grouped, human_bytes, megabytes, short_count, sig};
use crate::rates::figures::OneIn;
use crate::ui::action::SizingField;
use crate::ui::app::App;
use crate::ui::computed::{Outcome, Shown};
use crate::ui::format::too_large_wordings;
use crate::ui::lab::compute::shown_decimal;
use crate::ui::sizing::state::{SizingFigures, figures};
use crate::ui::text_field::TextField;
use crate::ui::theme::{Role, Theme};

/// Bytes per item in the exact-set comparison.
pub(crate) const ITEM_BYTES: u64 = 64;

fn input_line(
    name: &str,
    field: &TextField,
    selected: bool,
    editing: bool,
    parsed: String,
    theme: &Theme,
) -> Line<'static> {
    let marker = if selected { "▶ " } else { "  " };
    let parsed = field.note().unwrap_or(parsed);
    let text = if selected && editing {
        Span::styled(
            format!("{:<14}▏", field.text()),
            theme.style(Role::Selected),
        )
    } else {
        Span::styled(format!("{:<15}", field.text()), theme.style(Role::Text))
    };
    Line::from(vec![
        Span::styled(marker, theme.style(Role::Focus)),
        Span::styled(format!("{name:<16}"), theme.style(Role::Text)),
        text,
        Span::styled(format!("  {parsed}"), theme.style(Role::Hint)),
    ])
}

fn label(kind: &str, theme: &Theme) -> Span<'static> {
    Span::styled(format!("{kind:<17}"), theme.style(Role::Label))
}

/// Draws the sizing screen into `body`.
pub(crate) fn render(app: &App, body: Rect, buf: &mut Buffer) {
    let sizing = &app.sizing;
    let theme = &app.theme;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.style(Role::Border))
        .title(Span::styled(
            " sizing · how many bits for n keys at rate p? ",
            theme.style(Role::Title),
        ));
    let inner = block.inner(body);
    block.render(body, buf);

    let result = figures(sizing);
    let (n_note, p_note) = match &result {
        Ok(f) => (format!("= {} keys", grouped(f.n)), format!("= {}", f.p)),
        Err(_) => (String::new(), String::new()),
    };
    let mut lines = vec![
        input_line(
            "n keys",
            &sizing.n_field,
            sizing.selected == SizingField::N,
            sizing.editing,
            n_note,
            theme,
        ),
        input_line(
            "p target rate",
            &sizing.p_field,
            sizing.selected == SizingField::P,
            sizing.editing,
            p_note,
            theme,
        ),
        Line::default(),
    ];
    match &result {
        Ok(f) => lines.extend(answer_lines(app, f, inner.width)),
        Err(why) => {
            lines.push(Line::styled(format!("✗ {why}"), theme.style(Role::Bad)));
            // The last good answer stays on screen while the entry is fixed.
            if let Ok(good) = figures(&sizing.accepted()) {
                lines.push(Line::styled(
                    "  the answer for the last good entry (Esc goes back to it):",
                    theme.style(Role::Hint),
                ));
                lines.extend(answer_lines(app, &good, inner.width));
            }
        }
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The answer's lines, each fitted to `width` columns (a note is dropped
/// before a figure would wrap).
fn answer_lines(app: &App, f: &SizingFigures, width: u16) -> Vec<Line<'static>> {
    let theme = &app.theme;
    let (mb, mib) = megabytes(f.bytes);
    let set_bytes = f.n as f64 * ITEM_BYTES as f64;
    let mut lines = vec![
        Line::from(vec![
            label("bits per key", theme),
            Span::styled(sig(f.bits_per_key, 4), theme.style(Role::Figure)),
            Span::styled("   -ln p / (ln 2)^2", theme.style(Role::Hint)),
        ]),
        Line::from(vec![
            label("m", theme),
            Span::styled(format!("{} bits", grouped(f.m)), theme.style(Role::Figure)),
        ]),
        fitted(
            vec![
                Line::from(vec![
                    label("bytes", theme),
                    Span::styled(
                        format!("{} = {mb} ({mib})", grouped(f.bytes)),
                        theme.style(Role::Figure),
                    ),
                    Span::styled("   MB = 10^6 bytes, MiB = 2^20", theme.style(Role::Hint)),
                ]),
                Line::from(vec![
                    label("bytes", theme),
                    Span::styled(
                        format!("{} = {mb} ({mib})", grouped(f.bytes)),
                        theme.style(Role::Figure),
                    ),
                ]),
                Line::from(vec![
                    label("bytes", theme),
                    Span::styled(format!("{mb} ({mib})"), theme.style(Role::Figure)),
                ]),
            ],
            width,
        ),
        Line::from(vec![
            label("k", theme),
            Span::styled(f.k.to_string(), theme.style(Role::Figure)),
            Span::styled(
                format!("   (m/n) ln 2 = {}, rounded", sig(f.k_real, 3)),
                theme.style(Role::Hint),
            ),
        ]),
        Line::from(vec![
            label("idealised rate", theme),
            Span::styled(sig(f.idealised, 6), theme.style(Role::Idealised)),
            Span::styled("   at this m, n, k", theme.style(Role::Hint)),
        ]),
        exact_line(app, f, width),
        Line::default(),
        fitted(
            [
                format!(
                    "   {} items × {ITEM_BYTES} bytes: {}× the filter",
                    grouped(f.n),
                    sig(set_bytes / f.bytes.max(1) as f64, 3)
                ),
                format!(
                    "   {}× the filter",
                    sig(set_bytes / f.bytes.max(1) as f64, 3)
                ),
                String::new(),
            ]
            .into_iter()
            .map(|note| {
                Line::from(vec![
                    label("exact set", theme),
                    Span::styled(human_bytes(set_bytes), theme.style(Role::Figure)),
                    Span::styled(note, theme.style(Role::Hint)),
                ])
            })
            .collect(),
            width,
        ),
    ];
    lines.push(Line::styled(
        "  A set that answers exactly must hold every key; the filter holds bits.",
        theme.style(Role::Hint),
    ));
    lines
}

/// The first of `options` that fits `width` columns, else the last.
fn fitted(options: Vec<Line<'static>>, width: u16) -> Line<'static> {
    let last = options.last().cloned().unwrap_or_default();
    options
        .into_iter()
        .find(|l| l.width() <= usize::from(width))
        .unwrap_or(last)
}

fn exact_line(app: &App, f: &SizingFigures, width: u16) -> Line<'static> {
    let theme = &app.theme;
    let values: Vec<Span<'static>> = match app.sizing.exact.shown(&f.key()) {
        Shown::Fresh(Outcome::Ready(e)) => {
            let decimal = shown_decimal(&e.classic.decimal);
            let mut texts = Vec::new();
            if let OneIn::About(n) = e.one_in {
                texts.push(format!("{decimal}  about 1 in {}", grouped(n)));
                texts.push(format!("{decimal}  1 in {}", short_count(n)));
            }
            texts.push(decimal);
            texts
                .into_iter()
                .map(|t| Span::styled(t, theme.style(Role::Exact)))
                .collect()
        }
        Shown::Fresh(Outcome::TooLarge { digits, limit }) => too_large_wordings(*digits, *limit)
            .into_iter()
            .map(|t| Span::styled(t, theme.style(Role::Warn)))
            .collect(),
        Shown::Fresh(Outcome::Failed(why)) => vec![
            Span::styled(why.clone(), theme.style(Role::Bad)),
            Span::styled("could not compute", theme.style(Role::Bad)),
        ],
        Shown::Computing(Some(Outcome::Ready(e))) => vec![
            Span::styled(
                format!("{} computing…", shown_decimal(&e.classic.decimal)),
                theme.style(Role::Stale),
            ),
            Span::styled("computing…", theme.style(Role::Stale)),
        ],
        Shown::Computing(_) => vec![Span::styled("computing…", theme.style(Role::Stale))],
    };
    fitted(
        values
            .into_iter()
            .map(|v| Line::from(vec![label("exact rate", theme), v]))
            .collect(),
        width,
    )
}
