//! Slider arithmetic (ranges, steps, track fractions) and the slider track glyphs.

use ratatui::text::Span;

use crate::ui::theme::{Role, Theme};

/// How a slider's track maps values: evenly, or by orders of magnitude.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scale {
    /// Equal steps along the track.
    Linear,
    /// Equal ratios along the track (for ranges spanning decades).
    Log,
}

/// The range and stepping rules of one slider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SliderSpec {
    /// Smallest value.
    pub min: u64,
    /// Largest value.
    pub max: u64,
    /// Track mapping.
    pub scale: Scale,
}

/// Number of decimal digits of `v` (1 for 0).
fn decimal_digits(v: u64) -> u32 {
    v.checked_ilog10().map_or(1, |d| d + 1)
}

impl SliderSpec {
    /// A slider over one of the core's ranges.
    pub(crate) const fn new(span: crate::limits::Span, scale: Scale) -> Self {
        SliderSpec {
            min: span.min,
            max: span.max,
            scale,
        }
    }

    /// Clamps `v` into the range.
    pub(crate) fn clamp(&self, v: u64) -> u64 {
        v.clamp(self.min, self.max)
    }

    /// The value after one step from `v`. Log sliders step in their second
    /// significant digit (so 160 moves by 10 and 1,000,000 by 10,000) and big
    /// steps double or halve; linear sliders step by 1 and big steps by 5.
    /// `v` is a value the slider holds, so already in range; the result is
    /// clamped here, once, and the caller stores it as it is.
    pub(crate) fn step(&self, v: u64, up: bool, big: bool) -> u64 {
        debug_assert!((self.min..=self.max).contains(&v), "{v} off the slider");
        let next = match (self.scale, big) {
            (Scale::Linear, false) => step_by(v, 1, up),
            (Scale::Linear, true) => step_by(v, 5, up),
            (Scale::Log, true) => {
                if up {
                    v.saturating_mul(2)
                } else {
                    v / 2
                }
            }
            (Scale::Log, false) => {
                // Going down, size the step by the value below, so 1000 steps to 990.
                let basis = if up { v } else { v.saturating_sub(1).max(1) };
                let unit = 10u64.pow(decimal_digits(basis).saturating_sub(2));
                let moved = step_by(v, unit, up);
                // Land on a multiple of the unit so repeated steps stay round.
                if up {
                    moved - moved % unit
                } else {
                    moved.div_ceil(unit) * unit
                }
            }
        };
        self.clamp(next)
    }

    /// Where `v` sits along the track, from 0 to 1.
    pub(crate) fn fraction(&self, v: u64) -> f64 {
        let v = self.clamp(v) as f64;
        let (lo, hi) = (self.min as f64, self.max as f64);
        if hi <= lo {
            return 0.0;
        }
        match self.scale {
            Scale::Linear => (v - lo) / (hi - lo),
            Scale::Log => (v / lo).ln() / (hi / lo).ln(),
        }
    }

    /// The value at a fraction of the track (the inverse of [`Self::fraction`]).
    pub(crate) fn value_at(&self, f: f64) -> u64 {
        let f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
        let (lo, hi) = (self.min as f64, self.max as f64);
        let v = match self.scale {
            Scale::Linear => lo + f * (hi - lo),
            Scale::Log => lo * (hi / lo).powf(f),
        };
        // A float of at most 10^7 always fits in u64 after rounding.
        self.clamp(v.round() as u64)
    }
}

fn step_by(v: u64, unit: u64, up: bool) -> u64 {
    if up {
        v.saturating_add(unit)
    } else {
        v.saturating_sub(unit)
    }
}

/// The glyphs of a track `width` cells wide with its knob at `fraction`:
/// filled `━` left of the knob `●`, thin `─` right of it.
pub(crate) fn track(
    fraction: f64,
    width: u16,
    theme: &Theme,
    selected: bool,
) -> Vec<Span<'static>> {
    if width == 0 {
        return Vec::new();
    }
    let cells = usize::from(width);
    let f = if fraction.is_nan() {
        0.0
    } else {
        fraction.clamp(0.0, 1.0)
    };
    let knob = ((f * (cells - 1) as f64).round() as usize).min(cells - 1);
    let style = if selected {
        theme.style(Role::Focus)
    } else {
        theme.style(Role::Text)
    };
    vec![
        Span::styled("━".repeat(knob), style),
        Span::styled("●", theme.style(Role::Marker)),
        Span::styled("─".repeat(cells - 1 - knob), theme.style(Role::Border)),
    ]
}

/// Which fraction of a track a column stands for, given the track's first
/// column and width (used for clicks and drags).
pub(crate) fn fraction_at(column: u16, track_x: u16, width: u16) -> f64 {
    if width <= 1 {
        return 0.0;
    }
    let offset = f64::from(column.saturating_sub(track_x)).min(f64::from(width - 1));
    offset / f64::from(width - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: SliderSpec = SliderSpec {
        min: 1,
        max: 1_000_000,
        scale: Scale::Log,
    };
    const K: SliderSpec = SliderSpec {
        min: 1,
        max: 32,
        scale: Scale::Linear,
    };

    #[test]
    fn log_steps_move_in_the_second_digit() {
        assert_eq!(M.step(160, true, false), 170);
        assert_eq!(M.step(160, false, false), 150);
        assert_eq!(M.step(16, true, false), 17);
        assert_eq!(M.step(1000, false, false), 990);
        assert_eq!(M.step(99, true, false), 100);
        assert_eq!(M.step(100, true, false), 110);
        assert_eq!(M.step(1_000_000, false, false), 990_000);
    }

    #[test]
    fn steps_stop_at_the_ends() {
        assert_eq!(M.step(1_000_000, true, false), 1_000_000);
        assert_eq!(M.step(1_000_000, true, true), 1_000_000);
        assert_eq!(M.step(1, false, false), 1);
        assert_eq!(M.step(1, false, true), 1);
        assert_eq!(K.step(32, true, true), 32);
        assert_eq!(K.step(2, false, true), 1);
    }

    #[test]
    fn big_steps_double_and_halve() {
        assert_eq!(M.step(160, true, true), 320);
        assert_eq!(M.step(160, false, true), 80);
    }

    #[test]
    fn fractions_round_trip() {
        for v in [1, 7, 160, 12_345, 1_000_000] {
            let back = M.value_at(M.fraction(v));
            assert!(back.abs_diff(v) <= v / 1000 + 1, "{v} -> {back}");
        }
        assert_eq!(K.value_at(0.0), 1);
        assert_eq!(K.value_at(1.0), 32);
        assert_eq!(K.value_at(f64::NAN), 1);
    }

    #[test]
    fn clicks_map_to_fractions() {
        assert!((fraction_at(10, 10, 11) - 0.0).abs() < 1e-12);
        assert!((fraction_at(20, 10, 11) - 1.0).abs() < 1e-12);
        assert!((fraction_at(99, 10, 11) - 1.0).abs() < 1e-12);
        assert!((fraction_at(5, 10, 11) - 0.0).abs() < 1e-12);
    }
}
