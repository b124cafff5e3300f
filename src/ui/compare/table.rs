//! The line-up's table: one row per structure, every structure listed
//! from the start (waiting, measuring, or its figures), with as many
//! columns as the width holds and a line naming the ones it does not.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::measure::lineup::{Structure, StructureResult};
use crate::numbers::{sig, trim_zeros};
use crate::ui::compare::measuring::LineupFigures;
use crate::ui::theme::{Role, Theme};

/// The letter that stands for a structure on the chart and in the table.
pub(crate) fn tag(structure: Structure) -> char {
    let i = Structure::ALL
        .iter()
        .position(|&s| s == structure)
        .unwrap_or(0);
    char::from(b'a' + u8::try_from(i).unwrap_or(0))
}

/// A structure named for the back of a room: in words where its table
/// name is a code (`bloom` is the classic Bloom filter).
pub(crate) fn spoken(structure: Structure) -> &'static str {
    match structure {
        Structure::Bloom => "classic Bloom",
        Structure::BlockedBloom => "blocked Bloom",
        Structure::CountingBloom => "counting Bloom",
        Structure::BinaryFuse8 => "binary fuse8",
        Structure::BinaryFuse16 => "binary fuse16",
        other => other.name(),
    }
}

/// The style a structure's letter and point take: its family's, so the
/// four Bloom filters, the fingerprint tables and the static filters read
/// as groups even before the letters are read.
pub(crate) fn style_of(structure: Structure, theme: &Theme) -> Style {
    let role = match structure {
        Structure::Bloom | Structure::Fastbloom => Role::Exact,
        Structure::BlockedBloom => Role::Idealised,
        Structure::CountingBloom => Role::Warn,
        Structure::Cuckoo | Structure::Quotient => Role::True,
        Structure::Xor8 | Structure::Xor16 => Role::Measured,
        Structure::BinaryFuse8 | Structure::BinaryFuse16 => Role::Figure,
    };
    theme.style(role)
}

/// A figure with `digits` significant digits and no trailing zeros.
fn short(x: f64, digits: usize) -> String {
    trim_zeros(&sig(x, digits))
}

/// A rate for the table: a percentage with three significant digits,
/// zeros kept so every figure shows how closely it was measured.
fn rate_text(r: f64) -> String {
    if r == 0.0 {
        "0%".into()
    } else {
        format!("{}%", sig(100.0 * r, 3))
    }
}

/// Nanoseconds per key, whole.
fn ns(x: f64) -> String {
    format!("{x:.0}")
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

/// One column: its heading, width, side, whether it must be shown, and
/// its cell.
struct Column {
    head: &'static str,
    /// What the note calls it when it does not fit.
    name: &'static str,
    width: usize,
    right: bool,
    /// Lower goes first when the width runs out; 0 is always shown.
    rank: u8,
    cell: fn(&StructureResult) -> String,
}

const COLUMNS: [Column; 11] = [
    Column {
        head: "bits/key",
        name: "bits per key",
        width: 8,
        right: true,
        rank: 0,
        cell: |r| short(r.bits_per_key, 3),
    },
    Column {
        head: "× floor",
        name: "times the floor",
        width: 7,
        right: true,
        rank: 0,
        cell: |r| format!("{:.2}", r.floor_ratio),
    },
    Column {
        head: "measured",
        name: "measured rate",
        width: 9,
        right: true,
        rank: 0,
        cell: |r| rate_text(r.rate),
    },
    Column {
        head: "95% interval",
        name: "95% interval",
        width: 22,
        right: false,
        rank: 2,
        cell: |r| {
            format!(
                "{} to {}",
                rate_text(r.interval.low),
                rate_text(r.interval.high)
            )
        },
    },
    Column {
        head: "model",
        name: "model rate",
        width: 9,
        right: true,
        rank: 3,
        cell: |r| {
            let mark = if r.model_inside == Some(false) {
                "*"
            } else {
                ""
            };
            r.fp_model
                .map_or_else(|| "none".into(), |m| format!("{}{mark}", rate_text(m)))
        },
    },
    Column {
        head: "ins ns",
        name: "insert time",
        width: 6,
        right: true,
        rank: 0,
        cell: |r| ns(r.insert_ns),
    },
    Column {
        head: "qry ns",
        name: "query time",
        width: 6,
        right: true,
        rank: 0,
        cell: |r| ns(r.query_ns),
    },
    Column {
        head: "del",
        name: "deletes",
        width: 3,
        right: false,
        rank: 0,
        cell: |r| yes_no(r.deletes()),
    },
    Column {
        head: "static",
        name: "static",
        width: 6,
        right: false,
        rank: 0,
        cell: |r| yes_no(r.is_static()),
    },
    Column {
        head: "implementation",
        name: "implementation",
        width: 14,
        right: false,
        rank: 4,
        cell: |r| r.structure.implementation().into(),
    },
    Column {
        head: "shape",
        name: "shape",
        width: 36,
        right: false,
        rank: 5,
        cell: |r| r.params.clone(),
    },
];

/// Columns of the structure's letter and name.
const NAME_WIDTH: usize = 16;
/// Columns between two columns.
const GAP: usize = 1;

/// The columns that fit `width`, in table order: the ones always shown,
/// then the others by rank while they fit. The rest are named so the
/// screen can say they were left out.
fn columns_for(width: usize) -> (Vec<&'static Column>, Vec<&'static str>) {
    let mut used = NAME_WIDTH
        + COLUMNS
            .iter()
            .filter(|c| c.rank == 0)
            .map(|c| c.width + GAP)
            .sum::<usize>();
    let mut ranks: Vec<u8> = COLUMNS.iter().map(|c| c.rank).filter(|&r| r > 0).collect();
    ranks.sort_unstable();
    let mut chosen: Vec<u8> = vec![0];
    for rank in ranks {
        let extra: usize = COLUMNS
            .iter()
            .filter(|c| c.rank == rank)
            .map(|c| c.width + GAP)
            .sum();
        if used + extra <= width {
            used += extra;
            chosen.push(rank);
        } else {
            break;
        }
    }
    let (shown, left): (Vec<&Column>, Vec<&Column>) =
        COLUMNS.iter().partition(|c| chosen.contains(&c.rank));
    (shown, left.into_iter().map(|c| c.name).collect())
}

fn pad(text: &str, width: usize, right: bool) -> String {
    if right {
        format!("{text:>width$}")
    } else {
        format!("{text:<width$}")
    }
}

/// What a row says before its structure is in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Pending {
    /// Not started.
    Waiting,
    /// Being measured: the share of its keys done.
    Measuring(f64),
}

/// The table's lines for `figures` at `width` columns: a heading, one row
/// per structure, and a line naming the columns left out. `stale` draws
/// figures left from other settings in the stale style.
pub(crate) fn lines(
    figures: Option<&LineupFigures>,
    stale: bool,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let (columns, left_out) = columns_for(width);
    let label = theme.style(Role::Label);
    let mut head = vec![Span::styled(pad("structure", NAME_WIDTH, false), label)];
    for c in &columns {
        head.push(Span::styled(
            format!("{}{}", " ".repeat(GAP), pad(c.head, c.width, c.right)),
            label,
        ));
    }
    let mut out = vec![Line::from(head)];
    for structure in Structure::ALL {
        let result = figures.and_then(|f| f.get(structure));
        let pending = match figures.and_then(|f| f.running) {
            _ if result.is_some() => None,
            Some(r) if r.structure == structure => {
                Some(Pending::Measuring(r.done as f64 / r.total.max(1) as f64))
            }
            _ => Some(Pending::Waiting),
        };
        out.push(row(structure, result, pending, &columns, stale, theme));
    }
    if !left_out.is_empty() {
        let note = format!("not shown at this width: {}", left_out.join(", "));
        out.push(Line::styled(note, theme.style(Role::Hint)));
    }
    out
}

fn row(
    structure: Structure,
    result: Option<&StructureResult>,
    pending: Option<Pending>,
    columns: &[&Column],
    stale: bool,
    theme: &Theme,
) -> Line<'static> {
    let text = if stale {
        theme.style(Role::Stale)
    } else {
        theme.style(Role::Text)
    };
    let name = format!("{} {}", tag(structure), structure.name());
    let mut spans = vec![Span::styled(
        pad(&name, NAME_WIDTH, false),
        style_of(structure, theme),
    )];
    match (result, pending) {
        (Some(r), _) => {
            for c in columns {
                spans.push(Span::styled(
                    format!("{}{}", " ".repeat(GAP), pad(&(c.cell)(r), c.width, c.right)),
                    text,
                ));
            }
        }
        (None, Some(Pending::Measuring(done))) => spans.push(Span::styled(
            format!(" measuring… {:.0}% of its keys", 100.0 * done),
            theme.style(Role::Stale),
        )),
        (None, _) => spans.push(Span::styled(" waiting", theme.style(Role::Stale))),
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_needed_columns_fit_eighty_and_the_rest_are_named() {
        let (shown, left) = columns_for(78);
        assert!(shown.iter().all(|c| c.rank == 0), "only the needed ones");
        assert_eq!(shown.len(), 7);
        assert!(left.contains(&"95% interval"));
        let (shown, left) = columns_for(200);
        assert_eq!(shown.len(), COLUMNS.len());
        assert!(left.is_empty());
        let needed = NAME_WIDTH
            + shown
                .iter()
                .filter(|c| c.rank == 0)
                .map(|c| c.width + GAP)
                .sum::<usize>();
        assert!(needed <= 78, "{needed}");
    }

    #[test]
    fn letters_run_a_to_j_in_the_line_up_order() {
        let letters: String = Structure::ALL.iter().map(|&s| tag(s)).collect();
        assert_eq!(letters, "abcdefghij");
    }
}
