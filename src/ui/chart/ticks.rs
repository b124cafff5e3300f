//! Axes and their ticks: three labels an axis (both ends and the middle),
//! on a linear scale or on whole decades of a log scale, and the last
//! x tick in the longest wording its slot holds.

use std::ops::RangeInclusive;

use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::Axis;

use crate::numbers::{short_count, sig, trim_zeros};
use crate::ui::format::fitted;
use crate::ui::theme::{Role, Theme};

/// An axis from `bounds[0]` to `bounds[1]` labelled with `labels` (spread
/// evenly by the chart), with its name when it has one.
pub(crate) fn axis(
    name: Option<&str>,
    bounds: [f64; 2],
    labels: Vec<String>,
    theme: &Theme,
) -> Axis<'static> {
    let style = theme.style(Role::Axis);
    let axis = Axis::default()
        .bounds(bounds)
        .labels(labels.into_iter().map(move |l| Span::styled(l, style)));
    match name {
        Some(name) => axis.title(Span::styled(name.to_string(), style)),
        None => axis,
    }
}

/// Three labels for a linear axis: both ends and the middle, large counts
/// as 131k so a tick fits the few columns it has whole.
pub(crate) fn linear(low: f64, high: f64) -> Vec<String> {
    let label = |x: f64| {
        if (1e4..1e15).contains(&x.abs()) {
            short_count(x.abs().round() as u64)
        } else {
            trim_zeros(&sig(x, 3))
        }
    };
    vec![label(low), label((low + high) / 2.0), label(high)]
}

/// Labels for whole decades of one log axis (log10 `powers`, bottom to
/// top), all in one notation so the axis reads one way from the back of a
/// room: written plainly (1, 0.1, 0.001) when every power lies in `plain`,
/// else every one as a power of ten (10^0, 10^-3, 10^-6), never "1" beside
/// "1e-6".
pub(crate) fn decades(powers: &[f64], plain: RangeInclusive<i32>) -> Vec<String> {
    let whole: Vec<i32> = powers.iter().map(|p| p.round() as i32).collect();
    let plainly = whole.iter().all(|p| plain.contains(p));
    whole
        .into_iter()
        .map(|p| match (plainly, p) {
            (false, _) => format!("10^{p}"),
            (true, 0..) => format!("{}", 10u64.saturating_pow(p.unsigned_abs())),
            (true, _) => format!("{:.*}", p.unsigned_abs() as usize, 10f64.powi(p)),
        })
        .collect()
}

/// Log-scale bounds on whole decades around `values` (log10), never above
/// 10^0, an even number of decades apart so the middle tick is a decade
/// too: (bottom, top).
pub(crate) fn even_decades(values: &[f64]) -> (f64, f64) {
    let finite = values.iter().copied().filter(|v| v.is_finite());
    let low = finite.clone().fold(f64::MAX, f64::min).floor();
    let high = finite.fold(f64::MIN, f64::max).ceil().min(0.0);
    let (low, high) = if low < high {
        (low, high)
    } else {
        (high - 2.0, high)
    };
    let low = if (high - low) % 2.0 == 0.0 {
        low
    } else {
        low - 1.0
    };
    (low, high)
}

/// Log-scale bounds on whole decades around the log10 values `ys` above
/// `floor`, from 10^0 or lower down to at least two decades under the top
/// (and never under `floor`), with the decade nearest the middle:
/// (bottom, middle, top).
pub(crate) fn decades_from_top<'a>(
    ys: impl Iterator<Item = &'a f64>,
    floor: f64,
) -> (f64, f64, f64) {
    let (low, high) = ys
        .filter(|y| y.is_finite() && **y > floor)
        .fold((0.0_f64, f64::NEG_INFINITY), |(lo, hi), &y| {
            (lo.min(y), hi.max(y))
        });
    let top = if high.is_finite() {
        high.ceil().min(0.0)
    } else {
        0.0
    };
    let bottom = low.floor().min(top - 2.0).max(floor);
    let middle = ((bottom + top) / 2.0).round();
    (bottom, middle, top)
}

/// The last x tick in the first of its `wordings` (longest first) that
/// fits the columns the chart in `area` gives it: ratatui gives the last
/// label the room between two ticks and cuts a longer one from the left,
/// which would leave the axis's name over the figure.
pub(crate) fn fitted_last(wordings: &[String], y_labels: &[String], area: Rect) -> String {
    // Inside the frame and its gap on the right, less the y labels (at
    // most a third) and the axis.
    let inner = area.width.saturating_sub(2 + super::RIGHT_GAP);
    let widest = y_labels
        .iter()
        .map(|t| Span::raw(t.as_str()).width())
        .max()
        .map_or(0, |w| u16::try_from(w).unwrap_or(u16::MAX))
        .min(inner / 3);
    let graph = inner.saturating_sub(widest + 1);
    let options = wordings
        .iter()
        .map(|t| ratatui::text::Line::raw(t.clone()))
        .collect();
    fitted(options, graph / 3).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_axis_has_three_labels() {
        assert_eq!(linear(0.0, 32.0), ["0", "16", "32"]);
        assert_eq!(linear(1.0, 11.0), ["1", "6", "11"]);
        assert_eq!(linear(0.0, 262_144.0), ["0", "131k", "262k"]);
    }

    #[test]
    fn an_axis_keeps_one_notation() {
        // Within the plain range every label is a decimal...
        assert_eq!(
            decades(&[-3.0, -2.0, -1.0], -3..=6),
            ["0.001", "0.01", "0.1"]
        );
        assert_eq!(decades(&[0.0, 1.0, 2.0], -3..=6), ["1", "10", "100"]);
        // ...and one decade outside it turns the whole axis into powers of
        // ten, the top included (no "1" over "1e-6").
        assert_eq!(
            decades(&[-6.0, -3.0, 0.0], -3..=6),
            ["10^-6", "10^-3", "10^0"]
        );
        assert_eq!(
            decades(&[-4.0, -2.0, 0.0], 0..=0),
            ["10^-4", "10^-2", "10^0"]
        );
    }

    #[test]
    fn log_bounds_sit_on_whole_decades() {
        // An odd span is widened downwards, so the middle is a decade.
        assert_eq!(even_decades(&[-2.5, -0.2]), (-4.0, 0.0));
        assert_eq!(even_decades(&[-0.5]), (-2.0, 0.0));
        let ys = [-2.5, -1.2];
        assert_eq!(decades_from_top(ys.iter(), -400.0), (-3.0, -2.0, -1.0));
    }
}
