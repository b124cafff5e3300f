//! The Compare screen's settings, the rules of its sliders, and the
//! line-up it holds.

use crate::limits::COMPARE_MEMORY;
use crate::measure::lineup::{LineupConfig, largest_n_within};
use crate::numbers::{grouped, sig, trim_zeros};
use crate::rates::size_inputs::{Target, read_target};
use crate::ui::compare::action::CompareSlider;
use crate::ui::compare::measuring::LineupFigures;
use crate::ui::computed::{Computed, Shown};
use crate::ui::slider::{Scale, SliderSpec};
use crate::ui::text_field::TextField;

/// The n slider: from a hundred keys (instant) to ten million (about a
/// minute on two cores, cancelled by any move).
pub(crate) const N_SPEC: SliderSpec = SliderSpec {
    min: 100,
    max: 10_000_000,
    scale: Scale::Log,
};

/// The queries slider: enough strangers to see a 1% rate, up to enough to
/// see the 16-bit fingerprint filters' 0.0015%.
pub(crate) const QUERIES_SPEC: SliderSpec = SliderSpec {
    min: 1_000,
    max: 10_000_000,
    scale: Scale::Log,
};

/// The target rates the p slider steps through, smallest first: a 1-2-5
/// ladder from 0.001% (where ten million queries still expect a hundred
/// false positives) to 50%.
pub(crate) const RATES: [&str; 16] = [
    "0.001%", "0.002%", "0.005%", "0.01%", "0.02%", "0.05%", "0.1%", "0.2%", "0.5%", "1%", "2%",
    "5%", "10%", "20%", "30%", "50%",
];

/// Ladder steps in a big step of p (about a decade).
const P_BIG_STEP: usize = 3;

/// The field a slider's value is typed into.
pub(crate) const VALUE_FIELD: TextField = TextField::new("value", 32);

/// The smallest and largest target rates, as doubles.
fn p_range() -> (f64, f64) {
    (ladder(0).value, ladder(RATES.len() - 1).value)
}

/// The ladder's `i`-th rate.
fn ladder(i: usize) -> Target {
    // The ladder's texts are rates `read_target` reads (a test holds them).
    read_target(RATES[i.min(RATES.len() - 1)]).unwrap_or_else(|_| one_percent())
}

fn one_percent() -> Target {
    Target {
        value: 0.01,
        exact: num_rational::BigRational::new(1.into(), 100.into()),
    }
}

/// A rate as a percentage with up to three significant digits: `1%`,
/// `0.001%`, `0.333%`.
pub(crate) fn percent(p: f64) -> String {
    format!("{}%", trim_zeros(&sig(100.0 * p, 3)))
}

/// Short name shown beside a slider.
pub(crate) fn label(slider: CompareSlider) -> &'static str {
    match slider {
        CompareSlider::N => "n keys",
        CompareSlider::P => "target p",
        CompareSlider::Queries => "queries",
    }
}

/// The Compare screen's settings and the line-up measured for them.
#[derive(Debug)]
pub(crate) struct CompareState {
    /// Keys every structure holds.
    pub n: u64,
    /// The target rate the structures are sized for.
    pub p: Target,
    /// Never-inserted keys queried against each structure.
    pub queries: u64,
    /// Seed of the keys and of every hash.
    pub seed: u64,
    /// The slider the arrows move.
    pub selected: CompareSlider,
    /// A value being typed for the selected slider.
    pub editing: Option<TextField>,
    /// Why the last typed value was refused, or why n was lowered.
    pub edit_error: Option<String>,
    /// The line-up, finished or so far, with the settings it is for.
    pub lineup: Computed<LineupConfig, Result<LineupFigures, String>>,
}

impl Default for CompareState {
    fn default() -> Self {
        CompareState {
            // Quick to measure (a tenth of a second here), so the screen
            // has its figures as it opens; the sliders go up from there.
            n: 20_000,
            p: one_percent(),
            queries: 200_000,
            seed: 1,
            selected: CompareSlider::N,
            editing: None,
            edit_error: None,
            lineup: Computed::default(),
        }
    }
}

impl CompareState {
    /// What the line-up is asked to measure now.
    pub(crate) fn key(&self) -> LineupConfig {
        LineupConfig {
            n: self.n,
            target: self.p.clone(),
            queries: self.queries,
            seed: self.seed,
        }
    }

    /// The line-up for the settings on show, or the last one while it runs.
    pub(crate) fn shown(&self) -> Shown<'_, Result<LineupFigures, String>> {
        self.lineup.shown(&self.key())
    }

    /// True once the line-up for these settings has finished or failed.
    pub(crate) fn done(&self) -> bool {
        match self.shown() {
            Shown::Fresh(Ok(f)) => f.finished,
            Shown::Fresh(Err(_)) => true,
            Shown::Computing(_) => false,
        }
    }

    /// The largest n whose ten structures fit the memory budget at this p.
    pub(crate) fn n_max(&self) -> u64 {
        N_SPEC
            .max
            .min(largest_n_within(self.p.value, COMPARE_MEMORY))
            .max(N_SPEC.min)
    }

    /// A slider's value as a whole count (the p slider's: its place on the
    /// ladder).
    pub(crate) fn value_text(&self, slider: CompareSlider) -> String {
        match slider {
            CompareSlider::N => grouped(self.n),
            CompareSlider::P => percent(self.p.value),
            CompareSlider::Queries => grouped(self.queries),
        }
    }

    /// Where a slider's knob sits along its track, from 0 to 1.
    pub(crate) fn fraction(&self, slider: CompareSlider) -> f64 {
        match slider {
            CompareSlider::N => N_SPEC.fraction(self.n),
            CompareSlider::P => {
                let (low, high) = p_range();
                ((self.p.value / low).ln() / (high / low).ln()).clamp(0.0, 1.0)
            }
            CompareSlider::Queries => QUERIES_SPEC.fraction(self.queries),
        }
    }

    /// Puts a slider at a fraction of its track (a click or a drag).
    pub(crate) fn set_fraction(&mut self, slider: CompareSlider, f: f64) {
        self.selected = slider;
        match slider {
            CompareSlider::N => self.set_n(N_SPEC.value_at(f)),
            CompareSlider::P => {
                let f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
                let i = (f * (RATES.len() - 1) as f64).round() as usize;
                self.set_p(ladder(i));
            }
            CompareSlider::Queries => self.queries = QUERIES_SPEC.value_at(f),
        }
    }

    /// Moves the chosen slider a step (`up`: larger), or a big step.
    pub(crate) fn adjust(&mut self, up: bool, big: bool) {
        match self.selected {
            CompareSlider::N => self.set_n(N_SPEC.step(self.n, up, big)),
            CompareSlider::P => {
                let steps = if big { P_BIG_STEP } else { 1 };
                self.set_p(ladder(self.ladder_step(up, steps)));
            }
            CompareSlider::Queries => self.queries = QUERIES_SPEC.step(self.queries, up, big),
        }
    }

    /// The ladder's place `steps` rungs above (or below) the rate now,
    /// counting from the nearest rung past it when it is off the ladder.
    fn ladder_step(&self, up: bool, steps: usize) -> usize {
        let p = self.p.value;
        let last = RATES.len() - 1;
        let rungs: Vec<f64> = (0..RATES.len()).map(|i| ladder(i).value).collect();
        if up {
            let first_above = rungs.iter().position(|&r| r > p * (1.0 + 1e-9));
            first_above.map_or(last, |i| (i + steps - 1).min(last))
        } else {
            let last_below = rungs.iter().rposition(|&r| r < p * (1.0 - 1e-9));
            last_below.map_or(0, |i| i.saturating_sub(steps - 1))
        }
    }

    /// Sets n within the slider and the memory budget.
    fn set_n(&mut self, n: u64) {
        self.n = n.clamp(N_SPEC.min, self.n_max());
    }

    /// Sets p; an n the structures would no longer fit at it comes down,
    /// and the bottom line says so.
    fn set_p(&mut self, p: Target) {
        self.p = p;
        let max = self.n_max();
        if self.n > max {
            self.edit_error = Some(format!(
                "n lowered to {}: at p = {} the ten structures fit the {} budget up to there",
                grouped(max),
                percent(self.p.value),
                crate::numbers::format_bytes(COMPARE_MEMORY)
            ));
            self.n = max;
        }
    }

    /// `r`: new keys and new hashes for every structure.
    pub(crate) fn reseed(&mut self) {
        self.seed = crate::practice::lookup::next_seed(self.seed);
    }

    /// Opens the value field for the chosen slider, with a first character.
    pub(crate) fn start_edit(&mut self, first: Option<char>) {
        let mut field = VALUE_FIELD;
        if let Some(c) = first {
            field.push(c);
        }
        self.editing = Some(field);
    }

    /// Takes the value field's text for the chosen slider, or says why not.
    pub(crate) fn submit_value(&mut self) {
        let Some(field) = &self.editing else {
            return;
        };
        let text = field.text().to_string();
        let taken = match self.selected {
            CompareSlider::N => read_count(&text, N_SPEC.min, self.n_max()).map(|n| self.n = n),
            CompareSlider::Queries => {
                read_count(&text, QUERIES_SPEC.min, QUERIES_SPEC.max).map(|q| self.queries = q)
            }
            CompareSlider::P => read_rate(&text).map(|p| self.set_p(p)),
        };
        match taken {
            Ok(()) => self.editing = None,
            Err(why) => self.edit_error = Some(why),
        }
    }
}

/// A typed count between `min` and `max`, or why not.
fn read_count(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let v = crate::ui::numbers::count(text)?;
    if (min..=max).contains(&v) {
        Ok(v)
    } else {
        Err(format!(
            "{} is not between {} and {}",
            grouped(v),
            grouped(min),
            grouped(max)
        ))
    }
}

/// A typed target rate on the ladder's span, or why not.
fn read_rate(text: &str) -> Result<Target, String> {
    let (low, high) = p_range();
    let p = read_target(text).map_err(|e| e.to_string())?;
    if p.value < low * (1.0 - 1e-12) || p.value > high * (1.0 + 1e-12) {
        return Err(format!(
            "{} is not between {} and {}",
            percent(p.value),
            percent(low),
            percent(high)
        ));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_reads_and_climbs() {
        let values: Vec<f64> = (0..RATES.len())
            .map(|i| read_target(RATES[i]).expect(RATES[i]).value)
            .collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
        assert_eq!(percent(values[0]), "0.001%");
        assert_eq!(percent(0.01), "1%");
    }

    #[test]
    fn p_steps_along_the_ladder_from_on_and_off_it() {
        let mut s = CompareState {
            selected: CompareSlider::P,
            ..CompareState::default()
        };
        s.adjust(true, false);
        assert_eq!(percent(s.p.value), "2%");
        s.adjust(false, true);
        assert_eq!(percent(s.p.value), "0.2%");
        s.p = read_target("0.3%").unwrap();
        s.adjust(true, false);
        assert_eq!(percent(s.p.value), "0.5%");
        s.p = read_target("0.3%").unwrap();
        s.adjust(false, false);
        assert_eq!(percent(s.p.value), "0.2%");
        s.p = read_target("50%").unwrap();
        s.adjust(true, true);
        assert_eq!(percent(s.p.value), "50%");
    }

    #[test]
    fn typed_values_are_held_to_their_ranges() {
        let mut s = CompareState::default();
        s.start_edit(Some('5'));
        s.editing.as_mut().unwrap().push('0');
        s.editing.as_mut().unwrap().push('k');
        s.submit_value();
        assert_eq!((s.n, s.editing.is_none()), (50_000, true));
        s.selected = CompareSlider::P;
        s.start_edit(None);
        s.editing.as_mut().unwrap().set_text("1/300");
        s.submit_value();
        assert_eq!(percent(s.p.value), "0.333%");
        s.start_edit(None);
        s.editing.as_mut().unwrap().set_text("0.0000001");
        s.submit_value();
        assert!(s.editing.is_some());
        assert!(s.edit_error.as_deref().unwrap().contains("not between"));
    }

    #[test]
    fn n_stays_within_the_memory_budget() {
        let mut s = CompareState {
            selected: CompareSlider::N,
            ..CompareState::default()
        };
        s.set_fraction(CompareSlider::N, 1.0);
        assert_eq!(s.n, s.n_max());
        assert!(crate::measure::lineup::check_memory(s.n, s.p.value, COMPARE_MEMORY).is_ok());
    }
}
