//! The sizing inputs (as typed) and the exact rate held for the chosen size.

use crate::rates::figures::RateFigures;
use crate::ui::action::SizingField;
use crate::ui::computed::{Computed, Outcome};
use crate::ui::lab::compute::RateKey;
use crate::ui::text_field::TextField;

/// Most characters typed or pasted into n or p: room for any way of
/// writing a count up to 10^12 or a rate, with grouping and spaces.
pub(crate) const FIELD_MAX: usize = 32;

/// What the sizing screen holds.
#[derive(Debug)]
pub(crate) struct SizingState {
    /// Number of keys, as typed (`50M`, `1e6`, ...).
    pub n_field: TextField,
    /// Target rate, as typed (`1%`, `0.01`, `1/100`).
    pub p_field: TextField,
    /// The field the arrows and Enter act on.
    pub selected: SizingField,
    /// True while the selected field has focus.
    pub editing: bool,
    /// The exact classic rate at the computed m, n, k.
    pub exact: Computed<RateKey, Outcome<RateFigures>>,
    /// The inputs of the last good answer (n and p as typed), shown while a
    /// bad entry is being fixed and put back by Esc.
    pub last_good: (String, String),
}

impl SizingState {
    /// The lesson's interview question: 50 million ids at 1%.
    pub(crate) fn new() -> Self {
        SizingState {
            n_field: TextField::new("n", FIELD_MAX).with_text("50M"),
            p_field: TextField::new("p", FIELD_MAX).with_text("1%"),
            selected: SizingField::N,
            editing: false,
            exact: Computed::default(),
            last_good: ("50M".into(), "1%".into()),
        }
    }

    /// The selected field.
    pub(crate) fn field_mut(&mut self) -> &mut TextField {
        match self.selected {
            SizingField::N => &mut self.n_field,
            SizingField::P => &mut self.p_field,
        }
    }

    /// Starts editing; a first character replaces the old text.
    pub(crate) fn edit(&mut self, first: Option<char>) {
        self.editing = true;
        if let Some(c) = first {
            let field = self.field_mut();
            field.clear();
            field.push(c);
        }
    }

    /// Chooses the other field (focus moves with it while editing).
    /// Enter: a good entry becomes the answer and editing ends; a bad one
    /// stays open for fixing (its error shows, the last good answer stays).
    pub(crate) fn submit(&mut self) {
        if figures(self).is_ok() {
            self.last_good = (
                self.n_field.text().to_string(),
                self.p_field.text().to_string(),
            );
            self.editing = false;
        }
    }

    /// Esc while editing: back to the last good entry.
    pub(crate) fn cancel(&mut self) {
        self.n_field.set_text(&self.last_good.0);
        self.p_field.set_text(&self.last_good.1);
        self.editing = false;
    }

    /// The inputs as last accepted, for the answer shown under a bad entry.
    pub(crate) fn accepted(&self) -> SizingState {
        SizingState {
            n_field: self.n_field.clone().with_text(&self.last_good.0),
            p_field: self.p_field.clone().with_text(&self.last_good.1),
            selected: self.selected,
            editing: false,
            exact: Computed::default(),
            last_good: self.last_good.clone(),
        }
    }

    pub(crate) fn switch_field(&mut self) {
        self.selected = match self.selected {
            SizingField::N => SizingField::P,
            SizingField::P => SizingField::N,
        };
    }
}

impl Default for SizingState {
    fn default() -> Self {
        SizingState::new()
    }
}

/// The answer to the sizing question, from the parsed inputs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SizingFigures {
    /// Keys.
    pub n: u64,
    /// Target rate.
    pub p: f64,
    /// Bits per key, `-ln p / (ln 2)^2`.
    pub bits_per_key: f64,
    /// Bits in the filter.
    pub m: u64,
    /// Bytes in the filter (m / 8, rounded up).
    pub bytes: u64,
    /// Hash positions, `(m/n) ln 2` rounded.
    pub k: u32,
    /// `(m/n) ln 2` before rounding.
    pub k_real: f64,
    /// The idealised rate at m, n, k.
    pub idealised: f64,
}

impl SizingFigures {
    /// The key of the exact rate at this size.
    pub(crate) fn key(&self) -> RateKey {
        RateKey {
            m: self.m,
            n: self.n,
            k: self.k,
        }
    }
}

/// Parses the two inputs (with the command line's parsers) and sizes the filter.
pub(crate) fn figures(state: &SizingState) -> Result<SizingFigures, String> {
    let n = crate::ui::numbers::count(state.n_field.text()).map_err(|e| format!("n: {e}"))?;
    if n == 0 {
        return Err("n must be at least 1 key".into());
    }
    let p = crate::ui::numbers::rate(state.p_field.text()).map_err(|e| format!("p: {e}"))?;
    let s = crate::rates::Sizing::for_target(n, p).map_err(|e| e.to_string())?;
    Ok(SizingFigures {
        n,
        p,
        bits_per_key: s.bits_per_key,
        m: s.m,
        bytes: s.bytes,
        k: s.k,
        k_real: s.k_real,
        idealised: crate::ui::lab::compute::idealised_rate(s.m, n, s.k),
    })
}
