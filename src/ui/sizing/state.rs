//! The sizing screen's state: the four fields as typed, which of them is
//! worked out from the others, which rate must meet the target, the entry
//! last accepted (Esc goes back to it) and the answers held.

use num_bigint::BigUint;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use crate::numbers::grouped;
use crate::rates::certified::RateKind;
use crate::rates::size_inputs::Target;
use crate::rates::size_report::rate_text;
use crate::ui::computed::{Computed, Shown};
use crate::ui::sizing::action::SizingField;
use crate::ui::sizing::compute::{SizingFigures, SizingOutcome};
use crate::ui::sizing::inputs::{FieldError, SizingKey, read};
use crate::ui::text_field::TextField;

/// Most characters typed or pasted into a field: room for any way of
/// writing a count up to 10^15, a rate or a memory size, with grouping and
/// spaces.
pub(crate) const FIELD_MAX: usize = 32;

/// The fields' texts and the field worked out: an entry as accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    /// n, p, m and k, as typed.
    pub texts: [String; 4],
    /// The field worked out from the others.
    pub unknown: SizingField,
}

/// What the sizing screen holds.
#[derive(Debug)]
pub(crate) struct SizingState {
    /// Number of keys, as typed (`50M`, `1e6`, ...).
    pub n_field: TextField,
    /// Target rate, as typed (`1%`, `0.01`, `1/100`, `1 in 1000`).
    pub p_field: TextField,
    /// Bits (`479252919`, `480M`) or memory (`64MiB`, `1.5GB`), as typed.
    pub m_field: TextField,
    /// Hash positions per key, as typed; blank asks for the best.
    pub k_field: TextField,
    /// The field the arrows and Enter act on.
    pub selected: SizingField,
    /// The field worked out from the others.
    pub unknown: SizingField,
    /// The rate that must meet the target.
    pub by: RateKind,
    /// True while the selected field has focus.
    pub editing: bool,
    /// The latest answer and the settings it belongs to.
    pub answer: Computed<SizingKey, SizingOutcome>,
    /// The latest answer that was not a refusal, shown while a new one is
    /// worked out and under an entry with no answer.
    pub last_answer: Option<Box<SizingFigures>>,
    /// The entry last accepted, put back by Esc.
    pub last_good: Entry,
    /// The rate last worked out for p and put into its field: that text,
    /// and the target it stands for while the field still holds it.
    pub p_worked: Option<(String, Target)>,
    /// `p_worked` while p is being edited (what is typed there is p as
    /// typed), put back by Esc.
    p_worked_before_edit: Option<(String, Target)>,
}

impl SizingState {
    /// The lesson's interview question: 50 million ids at 1%, the bits and
    /// the best k to be found.
    pub(crate) fn new() -> Self {
        let field = |name| TextField::new(name, FIELD_MAX);
        let mut state = SizingState {
            n_field: field("n"),
            p_field: field("p"),
            m_field: field("m"),
            k_field: field("k"),
            selected: SizingField::N,
            unknown: SizingField::M,
            by: RateKind::Classic,
            editing: false,
            answer: Computed::default(),
            last_answer: None,
            last_good: Entry {
                texts: ["50M".into(), "1%".into(), String::new(), String::new()],
                unknown: SizingField::M,
            },
            p_worked: None,
            p_worked_before_edit: None,
        };
        state.restore();
        state
    }

    /// A field.
    pub(crate) fn field(&self, which: SizingField) -> &TextField {
        match which {
            SizingField::N => &self.n_field,
            SizingField::P => &self.p_field,
            SizingField::M => &self.m_field,
            SizingField::K => &self.k_field,
        }
    }

    fn field_of(&mut self, which: SizingField) -> &mut TextField {
        match which {
            SizingField::N => &mut self.n_field,
            SizingField::P => &mut self.p_field,
            SizingField::M => &mut self.m_field,
            SizingField::K => &mut self.k_field,
        }
    }

    /// The selected field, for typing into.
    pub(crate) fn field_mut(&mut self) -> &mut TextField {
        self.field_of(self.selected)
    }

    /// The entry on screen.
    pub(crate) fn entry(&self) -> Entry {
        Entry {
            texts: SizingField::ALL.map(|f| self.field(f).text().to_string()),
            unknown: self.unknown,
        }
    }

    fn read_entry(&self, entry: &Entry) -> Result<SizingKey, FieldError> {
        let [n, p, m, k] = &entry.texts;
        let mut key = read([n, p, m, k], entry.unknown, self.by)?;
        if let Some(target) = self.worked_target(p, entry.unknown) {
            key.inputs.target = Some(target.clone());
        }
        Ok(key)
    }

    /// The target p stands for when it holds `p_text`, the rate worked
    /// out and put there, and is not itself the unknown.
    fn worked_target(&self, p_text: &str, unknown: SizingField) -> Option<&Target> {
        let (text, target) = self.p_worked.as_ref()?;
        (unknown != SizingField::P && text == p_text).then_some(target)
    }

    /// [`SizingState::worked_target`] for the fields on screen.
    pub(crate) fn p_is_worked_rate(&self) -> Option<&Target> {
        self.worked_target(self.p_field.text(), self.unknown)
    }

    /// The question the fields ask, or the first field that does not read.
    pub(crate) fn key(&self) -> Result<SizingKey, FieldError> {
        self.read_entry(&self.entry())
    }

    /// The question of the entry last accepted.
    pub(crate) fn accepted_key(&self) -> Option<SizingKey> {
        self.read_entry(&self.last_good).ok()
    }

    /// The question to answer: the fields', or while they do not read the
    /// last accepted entry's (whose answer stays on screen).
    pub(crate) fn wanted(&self) -> Option<SizingKey> {
        self.key().ok().or_else(|| self.accepted_key())
    }

    /// True while the answer to [`SizingState::wanted`] has not arrived.
    pub(crate) fn computing(&self) -> bool {
        self.wanted().is_some_and(|key| !self.answer.is_fresh(&key))
    }

    /// Keeps an answer that arrived for `key`.
    pub(crate) fn store(&mut self, key: SizingKey, outcome: SizingOutcome) {
        if let Ok(figures) = &outcome {
            self.last_answer = Some(figures.clone());
        }
        self.answer.set(key, outcome);
    }

    /// The answer for the fields as they stand, once it has arrived.
    pub(crate) fn fresh_answer(&self) -> Option<&SizingFigures> {
        let key = self.key().ok()?;
        match self.answer.shown(&key) {
            Shown::Fresh(Ok(figures)) => Some(figures),
            _ => None,
        }
    }

    /// The answer's value of `field`, as text a field reads back: the
    /// worked-out value goes into the field when it becomes an input. A k
    /// that was the best goes back as a blank (which asks for the best).
    fn answer_text(&self, field: SizingField) -> Option<String> {
        let f = self.fresh_answer()?;
        let a = &f.report.answer;
        Some(match field {
            SizingField::N => grouped(a.n),
            SizingField::P => rate_text(&f.report.sized().0.decimal),
            SizingField::M => grouped(a.m),
            SizingField::K => String::new(),
        })
    }

    /// Puts the answer's value of `field` into it as text, as it becomes
    /// an input. A rate goes in rounded, so p remembers the target that
    /// text stands for: the upper end of the values that round to it, which
    /// the rate worked out cannot exceed. Held to the rounded text itself,
    /// the same filter could miss its own rate (issue 22).
    fn fill_from_answer(&mut self, field: SizingField) {
        let Some(text) = self.answer_text(field) else {
            return;
        };
        if field == SizingField::P {
            self.p_worked = self.fresh_answer().and_then(|f| {
                let (c, s) = f.report.sized().0.decimal.boundary_above()?;
                let scale = BigUint::from(10u32).pow(u32::try_from(s).ok()?);
                let exact = BigRational::new(c.into(), scale.into());
                let value = exact.to_f64()?;
                Some((text.clone(), Target { value, exact }))
            });
        }
        self.field_of(field).set_text(&text);
    }

    /// Starts editing with the old text selected, so what is typed
    /// replaces it. Editing the
    /// worked-out field makes it an input, filled with its answer, and m is
    /// worked out instead (p when m itself is edited).
    pub(crate) fn edit(&mut self, first: Option<char>) {
        if self.selected == self.unknown {
            if self.answer_text(self.selected).is_none() {
                self.field_mut().set_text("");
            }
            self.fill_from_answer(self.selected);
            self.unknown = if self.selected == SizingField::M {
                SizingField::P
            } else {
                SizingField::M
            };
        }
        if self.selected == SizingField::P {
            self.p_worked_before_edit = self.p_worked.take();
        }
        self.editing = true;
        let field = self.field_mut();
        // The old text is selected: typing replaces it, Backspace edits it.
        field.select_all();
        if let Some(c) = first {
            field.push(c);
        }
    }

    /// Enter: an entry that reads is accepted and editing ends; one that
    /// does not stays open for fixing (its error shows, the last good
    /// answer stays).
    pub(crate) fn submit(&mut self) {
        if self.key().is_ok() {
            self.last_good = self.entry();
            self.editing = false;
            self.p_worked_before_edit = None;
        }
    }

    /// Esc while editing: back to the entry last accepted.
    pub(crate) fn cancel(&mut self) {
        if let Some(worked) = self.p_worked_before_edit.take() {
            self.p_worked = Some(worked);
        }
        self.restore();
        self.editing = false;
    }

    fn restore(&mut self) {
        let entry = self.last_good.clone();
        for (field, text) in SizingField::ALL.into_iter().zip(&entry.texts) {
            self.field_of(field).set_text(text);
        }
        self.unknown = entry.unknown;
    }

    /// Chooses the field below or above (focus moves with it while
    /// editing).
    pub(crate) fn select(&mut self, next: bool) {
        let all = SizingField::ALL;
        let i = all.iter().position(|f| *f == self.selected).unwrap_or(0);
        let j = if next {
            (i + 1).min(all.len() - 1)
        } else {
            i.saturating_sub(1)
        };
        self.selected = all[j];
    }

    /// `s`: the selected field is worked out from the others. The field
    /// worked out until now takes its answer as its text, so the question
    /// describes the same filter.
    pub(crate) fn solve(&mut self) {
        if self.selected == self.unknown {
            return;
        }
        self.fill_from_answer(self.unknown);
        self.unknown = self.selected;
        if self.key().is_ok() {
            self.last_good = self.entry();
        }
    }

    /// `b`: sizes by the true rate, or back by the exact classic one.
    pub(crate) fn toggle_by(&mut self) {
        self.by = match self.by {
            RateKind::Classic => RateKind::True,
            RateKind::True => RateKind::Classic,
        };
    }
}

impl Default for SizingState {
    fn default() -> Self {
        SizingState::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::size_report::target_text;
    use crate::ui::sizing::compute::compute;
    use std::sync::atomic::AtomicBool;

    fn answered(state: &mut SizingState) {
        let key = state.wanted().expect("a question");
        let outcome = compute(&key, &AtomicBool::new(false)).expect("not cancelled");
        state.store(key, outcome);
    }

    #[test]
    fn the_default_question_is_the_lesson_s() {
        let mut s = SizingState::new();
        assert!(s.computing());
        answered(&mut s);
        assert!(!s.computing());
        let f = s.fresh_answer().expect("answered");
        assert_eq!(f.report.answer.m, 479_647_737);
        assert_eq!(f.report.answer.k, 7);
    }

    #[test]
    fn solving_another_field_keeps_the_same_filter() {
        let mut s = SizingState::new();
        answered(&mut s);
        s.selected = SizingField::P;
        s.solve();
        assert_eq!(s.unknown, SizingField::P);
        assert_eq!(s.m_field.text(), "479,647,737");
        assert_eq!(s.k_field.text(), "", "k stays the best");
        assert!(s.computing());
        answered(&mut s);
        let f = s.fresh_answer().expect("answered");
        assert_eq!(f.report.answer.m, 479_647_737);
        assert_eq!(
            rate_text(&f.report.answer.classic.decimal),
            "0.009999999936"
        );
        // And back: m solved from p, the rate just found.
        s.selected = SizingField::M;
        s.solve();
        assert_eq!(s.p_field.text(), "0.009999999936");
        assert_eq!(s.last_good, s.entry());
    }

    #[test]
    fn editing_the_worked_out_field_makes_it_an_input() {
        let mut s = SizingState::new();
        answered(&mut s);
        s.selected = SizingField::M;
        s.edit(None);
        assert_eq!(s.unknown, SizingField::P);
        assert_eq!(s.m_field.text(), "479,647,737");
        s.m_field.set_text("64MiB");
        s.submit();
        assert!(!s.editing);
        let key = s.key().unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(key.inputs.m, Some(64 << 23));
        assert_eq!(key.inputs.target, None);
    }

    #[test]
    fn esc_goes_back_to_the_entry_last_accepted() {
        let mut s = SizingState::new();
        s.edit(Some('x'));
        assert!(s.key().is_err());
        s.submit();
        assert!(s.editing, "a bad entry stays open");
        assert!(s.wanted().is_some(), "the last good entry is still asked");
        s.cancel();
        assert_eq!(s.n_field.text(), "50M");
        assert!(!s.editing);
    }

    #[test]
    fn the_arrows_stop_at_the_ends() {
        let mut s = SizingState::new();
        s.select(false);
        assert_eq!(s.selected, SizingField::N);
        for _ in 0..5 {
            s.select(true);
        }
        assert_eq!(s.selected, SizingField::K);
    }

    /// Issue 22: the rate worked out for p went back into its field
    /// rounded to ten digits and was then held to that rounded value: at
    /// n = 100, m = 1000 the classic rate is 0.00821355463405..., so
    /// working out k next said "misses the target: exact 0.00821355463405 >
    /// 0.008213554634", and working out m or n gave another filter (1001
    /// bits, 99 keys). While the field keeps that text it stands for the
    /// rate itself (every rate it rounds from); a p typed over it is held
    /// to exactly what was typed.
    #[test]
    fn a_worked_out_rate_put_back_as_p_describes_the_same_filter() {
        let start = || {
            let mut s = SizingState::new();
            s.n_field.set_text("100");
            s.m_field.set_text("1000");
            s.unknown = SizingField::P;
            answered(&mut s);
            s
        };
        for solve in [SizingField::K, SizingField::M, SizingField::N] {
            let mut s = start();
            s.selected = solve;
            s.solve();
            assert_eq!(s.p_field.text(), "0.008213554634");
            answered(&mut s);
            let f = s.fresh_answer().expect("answered");
            let a = &f.report.answer;
            assert_eq!((a.n, a.m, a.k), (100, 1000, 7), "{solve:?}");
            assert_eq!(f.report.sized().1, Some(true), "{solve:?}");
        }
        // Esc while editing p puts the worked-out rate back.
        let mut s = start();
        s.selected = SizingField::K;
        s.solve();
        s.selected = SizingField::P;
        s.edit(Some('9'));
        s.cancel();
        assert_eq!(s.p_field.text(), "0.008213554634");
        answered(&mut s);
        let f = s.fresh_answer().expect("answered");
        assert_eq!(f.report.sized().1, Some(true));
        assert_eq!(
            target_text(f.report.target.as_ref().expect("a target")),
            "0.0082135546345"
        );
        // Typed over, even with the same digits, p is what was typed.
        let mut s = start();
        s.selected = SizingField::K;
        s.solve();
        s.selected = SizingField::P;
        s.edit(None);
        for c in "0.008213554634".chars() {
            s.field_mut().push(c);
        }
        s.submit();
        answered(&mut s);
        let f = s.fresh_answer().expect("answered");
        assert_eq!(f.report.sized().1, Some(false));
        let typed = f.report.target.as_ref().expect("a target");
        assert_eq!(
            typed.exact,
            num_rational::BigRational::new(8_213_554_634u64.into(), 10u64.pow(12).into())
        );
    }
}
