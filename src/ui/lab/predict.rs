//! The lab's predict switch (`P`) and the seed lesson's faded rehearsal
//! (`R`): with the switch on, a slider move hides the rates and the best k
//! until the student types a guess for the best k; the rehearsal walks the
//! seed's own exercise (10 bits per key, then 8, then why the rate grew so
//! much). This file holds only the state and its rules; the rows that say
//! it are in [`super::predict_rows`].

use crate::limits::LAB_K;
use crate::ui::lab::compute::{BestK, BestKey};
use crate::ui::text_field::TextField;

/// The field a guess is typed into: a best k has at most a few digits, and
/// a little more room lets a slip be shown and refused rather than cut.
pub(crate) const GUESS_FIELD: TextField = TextField::new("guess", 6);

/// The rehearsal's first shape: 10 bits per key over the seed's 16 keys.
pub(crate) const TEN_BITS: BestKey = BestKey { m: 160, n: 16 };
/// The rehearsal's second shape: 8 bits per key, a fifth less space.
pub(crate) const EIGHT_BITS: BestKey = BestKey { m: 128, n: 16 };

/// Where the rehearsal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// Guess the best k at 10 bits per key.
    TenBits,
    /// Guess it again at 8 bits per key, the rule of thumb supplied.
    EightBits,
    /// Why is the 8-bit rate so much higher than the 10-bit one?
    Question,
    /// The answer to that question.
    Answer,
}

/// The classic winner of one rehearsal shape, kept when the student moves
/// on, so the follow-up can compare the two shapes after the lab has left
/// the first one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Recorded {
    /// The shape.
    pub shape: BestKey,
    /// The exact scan's best k.
    pub k: u32,
    /// The exact (classic) rate there, as a double.
    pub rate: f64,
}

impl Recorded {
    /// Bits per key of the shape.
    pub(crate) fn bits(&self) -> f64 {
        self.shape.m as f64 / self.shape.n.max(1) as f64
    }
}

/// The rehearsal in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rehearsal {
    /// The step on show.
    pub step: Step,
    /// The 10-bit winner, once the student moved past it.
    pub ten: Option<Recorded>,
    /// The 8-bit winner, once the student moved past it.
    pub eight: Option<Recorded>,
}

/// A guess that was accepted, for the shape it was made at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Guess {
    /// The m and n the guess was for.
    pub shape: BestKey,
    /// The guessed best k.
    pub k: u32,
}

/// The predict switch, the guess and the rehearsal.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Predict {
    /// The switch (`P`).
    pub on: bool,
    /// The rates and best k are hidden until a guess.
    pub hidden: bool,
    /// A guess being typed.
    pub field: Option<TextField>,
    /// Why the last guess typed was refused.
    pub error: Option<String>,
    /// The last guess accepted, shown with its verdict.
    pub guess: Option<Guess>,
    /// The seed's exercise, when running.
    pub rehearsal: Option<Rehearsal>,
}

impl Predict {
    /// `P`: turns the switch on (nothing is hidden until a slider moves)
    /// or off (everything shows again and a rehearsal ends).
    pub(crate) fn toggle(&mut self) {
        if self.on {
            *self = Predict::default();
        } else {
            self.on = true;
        }
    }

    /// True while the rates must not be drawn.
    pub(crate) fn hides(&self) -> bool {
        self.on && self.hidden
    }

    /// Hides the rates until the next guess.
    fn hide(&mut self) {
        self.hidden = true;
        self.guess = None;
        self.field = None;
        self.error = None;
    }

    /// A slider moved: with the switch on, the rates hide again. Moving m
    /// or n leaves the rehearsal's shape, so the rehearsal ends.
    pub(crate) fn moved(&mut self, shape_changed: bool) {
        if !self.on {
            return;
        }
        self.hide();
        if shape_changed {
            self.rehearsal = None;
        }
    }

    /// Opens the guess field, with a first character when one was typed.
    pub(crate) fn start_guess(&mut self, first: Option<char>) {
        let mut field = GUESS_FIELD;
        if let Some(c) = first {
            field.push(c);
        }
        self.error = None;
        self.field = Some(field);
    }

    /// Enter in the guess field: a whole k inside the scanned range (the
    /// k slider's range while the scan is still coming) is accepted and the
    /// rates show; anything else is refused with the reason.
    pub(crate) fn submit(&mut self, best: Option<&BestK>, shape: BestKey) {
        let Some(field) = &self.field else {
            return;
        };
        let (low, high) = match best {
            Some(b) => (*b.scan.range.start(), *b.scan.range.end()),
            None => (
                u32::try_from(LAB_K.min).unwrap_or(1),
                u32::try_from(LAB_K.max).unwrap_or(32),
            ),
        };
        let typed = field.text().trim();
        match typed.parse::<u32>() {
            Ok(k) if (low..=high).contains(&k) => {
                self.guess = Some(Guess { shape, k });
                self.hidden = false;
                self.field = None;
                self.error = None;
            }
            _ => {
                self.error = Some(format!(
                    "{typed:?} is not a whole k from {low} to {high} (the k scanned)"
                ));
            }
        }
    }

    /// Esc in the guess field: it closes, and the rates stay hidden.
    pub(crate) fn cancel(&mut self) {
        self.field = None;
        self.error = None;
    }

    /// `R`: starts the rehearsal, or moves it one step on. Returns the
    /// shape the lab must take, when the step asks for a new one.
    ///
    /// A guessing step moves on only once its guess is checked and the
    /// scan's winner is known (the panel says so meanwhile), since the
    /// follow-up quotes both winners.
    pub(crate) fn rehearse(&mut self, best: Option<&BestK>, shape: BestKey) -> Option<BestKey> {
        let Some(mut r) = self.rehearsal else {
            self.on = true;
            self.hide();
            self.rehearsal = Some(Rehearsal {
                step: Step::TenBits,
                ten: None,
                eight: None,
            });
            return Some(TEN_BITS);
        };
        let checked = !self.hidden && self.guess.is_some_and(|g| g.shape == shape);
        let next = match r.step {
            Step::TenBits | Step::EightBits => {
                let winner = best.filter(|_| checked).and_then(|b| recorded(b, shape))?;
                if r.step == Step::TenBits {
                    r.ten = Some(winner);
                    r.step = Step::EightBits;
                    self.hide();
                    Some(EIGHT_BITS)
                } else {
                    r.eight = Some(winner);
                    r.step = Step::Question;
                    None
                }
            }
            Step::Question => {
                r.step = Step::Answer;
                None
            }
            Step::Answer => {
                self.rehearsal = None;
                return None;
            }
        };
        self.rehearsal = Some(r);
        next
    }
}

/// The classic winner of `best`, when the enclosures proved it.
fn recorded(best: &BestK, shape: BestKey) -> Option<Recorded> {
    let c = best.winners.classic.as_ref()?;
    Some(Recorded {
        shape,
        k: c.k,
        rate: c.approx,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::lab::compute::scanned as scan;

    fn guess(p: &mut Predict, text: &str, best: Option<&BestK>, shape: BestKey) {
        p.start_guess(None);
        if let Some(f) = p.field.as_mut() {
            f.set_text(text);
        }
        p.submit(best, shape);
    }

    #[test]
    fn a_move_hides_only_with_the_switch_on() {
        let mut p = Predict::default();
        p.moved(true);
        assert!(!p.hides());
        p.toggle();
        assert!(!p.hides(), "the switch alone hides nothing");
        p.moved(false);
        assert!(p.hides());
        p.toggle();
        assert_eq!(p, Predict::default());
    }

    #[test]
    fn guesses_outside_the_scan_are_refused() {
        let b = scan(TEN_BITS);
        let mut p = Predict::default();
        p.toggle();
        p.moved(true);
        guess(&mut p, "11", Some(&b), TEN_BITS);
        assert!(p.hides());
        assert!(p.error.as_deref().is_some_and(|e| e.contains("1 to 10")));
        guess(&mut p, "x", Some(&b), TEN_BITS);
        assert!(p.hides());
        guess(&mut p, "7", Some(&b), TEN_BITS);
        assert!(!p.hides());
        assert_eq!(p.guess.map(|g| g.k), Some(7));
    }

    #[test]
    fn the_rehearsal_waits_for_each_guess() {
        let mut p = Predict::default();
        assert_eq!(p.rehearse(None, BestKey { m: 1, n: 1 }), Some(TEN_BITS));
        assert!(p.hides());
        let ten = scan(TEN_BITS);
        // No guess yet: R does not move on.
        assert_eq!(p.rehearse(Some(&ten), TEN_BITS), None);
        assert_eq!(p.rehearsal.map(|r| r.step), Some(Step::TenBits));
        guess(&mut p, "7", Some(&ten), TEN_BITS);
        assert_eq!(p.rehearse(Some(&ten), TEN_BITS), Some(EIGHT_BITS));
        assert!(p.hides());
        let eight = scan(EIGHT_BITS);
        guess(&mut p, "6", Some(&eight), EIGHT_BITS);
        assert_eq!(p.rehearse(Some(&eight), EIGHT_BITS), None);
        let r = p.rehearsal.expect("running");
        assert_eq!(r.step, Step::Question);
        assert_eq!(r.ten.map(|t| t.k), Some(7));
        assert_eq!(r.eight.map(|e| e.k), Some(6));
        p.rehearse(Some(&eight), EIGHT_BITS);
        assert_eq!(p.rehearsal.map(|r| r.step), Some(Step::Answer));
        p.rehearse(Some(&eight), EIGHT_BITS);
        assert_eq!(p.rehearsal, None);
        assert!(p.on, "the switch stays on after the rehearsal");
    }

    #[test]
    fn moving_m_or_n_leaves_the_rehearsal() {
        let mut p = Predict::default();
        p.rehearse(None, TEN_BITS);
        p.moved(false);
        assert!(p.rehearsal.is_some());
        p.moved(true);
        assert!(p.rehearsal.is_none());
    }
}
