//! The rates panel's rows about predicting the best k: what stands in for
//! the hidden rates, the guess being typed, the verdict on a guess, and
//! the rehearsal's prompts, question and answer. Every figure is read from
//! the lab's computed scan or from what the rehearsal recorded of it.

use std::cmp::Ordering;
use std::f64::consts::LN_2;

use ratatui::text::{Line, Span};

use crate::numbers::{sig, trim_zeros};
use crate::ui::format::pairings;
use crate::ui::lab::compute::BestK;
use crate::ui::lab::predict::{Recorded, Step};
use crate::ui::lab::rows::{fitted_row, notes, ready, wrapped_row};
use crate::ui::lab::state::LabState;
use crate::ui::theme::{Role, Theme};

/// Bits per key as the rehearsal says them: "10", "8", "12.5".
fn bits_text(bits: f64) -> String {
    trim_zeros(&sig(bits, 3))
}

/// Two rates to the fewest digits (`from` or more) that tell them apart,
/// so a flat stretch of the curve still shows which is lower.
fn apart(a: f64, b: f64, from: usize) -> (String, String) {
    for digits in from..=7 {
        let (x, y) = (sig(a, digits), sig(b, digits));
        if x != y || digits == 7 {
            return (x, y);
        }
    }
    unreachable!("the loop returns at 7 digits")
}

/// The exact (classic) rate the scan found at `k`, if it scanned it.
fn classic_at(b: &BestK, k: u32) -> Option<f64> {
    b.scan
        .points
        .iter()
        .find(|p| p.k == k)
        .map(|p| p.classic.value)
}

/// How far off `guess` is from the exact scan's best k, and why, with the
/// exact rates at both and the rule of thumb at `bits` bits per key.
pub(crate) fn verdict(b: &BestK, guess: u32, bits: f64) -> String {
    let best = b.scan.classic.k;
    let rule = sig(bits * LN_2, 3);
    let (Some(at_guess), Some(at_best)) = (classic_at(b, guess), classic_at(b, best)) else {
        return format!("the scan has no exact rate at k={guess}; its best is k={best}");
    };
    let (g, r) = apart(at_guess, at_best, 3);
    let worse = 100.0 * (at_guess / at_best - 1.0);
    let cost = if worse >= 0.1 {
        format!("{worse:.1}% higher")
    } else {
        format!("{}% higher", sig(worse, 2))
    };
    match guess.cmp(&best) {
        Ordering::Equal => {
            let nearest = (bits * LN_2).round() as u32 == best;
            let rounding = if nearest {
                "and the whole k nearest it wins"
            } else {
                "yet the whole k nearest it is not the winner here"
            };
            format!(
                "right: k={best} is the exact scan's best, at {}; the rule of thumb (m/n) ln 2 gives {rule}, {rounding}",
                sig(at_best, 4)
            )
        }
        Ordering::Greater => format!(
            "your k={guess} gives {g} against {r} at k={best}: {} too many, {cost}; the curve is flat past the optimum, rising slowly; rule of thumb (m/n) ln 2 = {rule}",
            guess - best
        ),
        Ordering::Less => format!(
            "your k={guess} gives {g} against {r} at k={best}: {} too few, {cost}; the curve is steep short of the optimum; rule of thumb (m/n) ln 2 = {rule}",
            best - guess
        ),
    }
}

/// The rehearsal's line about a real filter: the classic scan's k against
/// the true rate's (no independence assumption), with both true rates.
pub(crate) fn real_filter(b: &BestK) -> Option<String> {
    let c = b.winners.classic.as_ref()?;
    let t = b.winners.truth.as_ref()?;
    Some(match &b.winners.gain {
        Some(gain) => {
            let (at_true, at_classic) = apart(t.approx, gain.true_at_classic.to_f64(), 4);
            format!(
                "the classic scan says k={}; a real filter (the true rate, no independence assumption) does a little better at k={}: {at_true} against {at_classic} at k={}",
                c.k, t.k, c.k
            )
        }
        None => format!(
            "the classic scan says k={}; a real filter (the true rate, no independence assumption) agrees: its best is k={} too, at {}",
            c.k,
            t.k,
            sig(t.approx, 4)
        ),
    })
}

/// The prompt of a guessing step, with the rule of thumb supplied.
fn prompt(bits: f64) -> String {
    format!(
        "the rule of thumb gives (m/n) ln 2 = {} ln 2 = {:.1}: which whole k does the exact scan pick?",
        bits_text(bits),
        bits * LN_2
    )
}

/// The follow-up question: why the rate grew so much for a little less space.
pub(crate) fn question(ten: &Recorded, eight: &Recorded) -> String {
    let times = eight.rate / ten.rate;
    let less = 100.0 * (1.0 - eight.bits() / ten.bits());
    format!(
        "at {} bits per key the best rate, {}, is {times:.1} times the {}-bit {}, for only {}% less space: why so much?",
        bits_text(eight.bits()),
        sig(eight.rate, 4),
        bits_text(ten.bits()),
        sig(ten.rate, 4),
        trim_zeros(&sig(less, 3)),
    )
}

/// The answer: at its best k the rate is about `c^(m/n)` with
/// `c = e^-(ln 2)^2`, so each bit per key taken away divides it by `c`.
pub(crate) fn answer(ten: &Recorded, eight: &Recorded) -> String {
    let c = (-LN_2 * LN_2).exp();
    let fewer = ten.bits() - eight.bits();
    format!(
        "at its best k a filter's rate is close to c^(m/n), c = e^-(ln 2)^2 = {}: each bit per key multiplies it by {}, so {} bits fewer multiply it by {:.2}; the exact rates give {:.2}",
        sig(c, 4),
        sig(c, 4),
        bits_text(fewer),
        c.powf(-fewer),
        eight.rate / ten.rate
    )
}

/// The rehearsal's rows above the panel: which step, what to do, and at
/// the last steps the question and its answer.
pub(crate) fn rehearsal_rows(lab: &LabState, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let Some(r) = lab.predict.rehearsal else {
        return Vec::new();
    };
    let label = theme.style(Role::Title);
    let text = theme.style(Role::Text);
    let hint = theme.style(Role::Hint);
    let hidden = lab.predict.hides();
    // R moves on only once the guess is in, so it is offered only then.
    let head = |what: String, next: &str| {
        let wordings = if hidden {
            vec![what]
        } else {
            vec![format!("{what} · {next}"), what]
        };
        fitted_row(
            "rehearsal",
            wordings
                .into_iter()
                .map(|w| (Span::styled(w, text), String::new()))
                .collect(),
            width,
            theme,
            label,
        )
    };
    let bits = lab.bits_per_key();
    match (r.step, r.ten, r.eight) {
        (Step::TenBits | Step::EightBits, ..) => {
            let of = if r.step == Step::TenBits { 1 } else { 2 };
            let mut lines = vec![head(
                format!("{of} of 2 · {} bits per key", bits_text(bits)),
                "R next",
            )];
            if hidden {
                lines.extend(wrapped_row("", &prompt(bits), width, hint, text));
            }
            lines
        }
        (Step::Question, Some(ten), Some(eight)) => {
            let mut lines = vec![head("follow-up".into(), "R the answer")];
            lines.extend(wrapped_row("", &question(&ten, &eight), width, hint, text));
            lines
        }
        (Step::Answer, Some(ten), Some(eight)) => {
            let mut lines = vec![head("the answer".into(), "R ends")];
            lines.extend(wrapped_row("", &answer(&ten, &eight), width, hint, text));
            lines
        }
        // The follow-up steps are reached only with both winners recorded.
        (Step::Question | Step::Answer, ..) => Vec::new(),
    }
}

/// What stands in for the rates while they hide: the reason, and the
/// guess being typed (or how to start it), and why a guess was refused.
pub(crate) fn hidden_rows(lab: &LabState, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let predict = &lab.predict;
    let mut lines = wrapped_row(
        "predict",
        "the rates and the best k are hidden until you guess the best k",
        width,
        theme.style(Role::Warn),
        theme.style(Role::Warn),
    );
    let focus = theme.style(Role::Focus);
    let guess = match &predict.field {
        Some(field) => pairings(
            vec![Span::styled(format!("{}▏", field.text()), focus)],
            &notes(&["Enter checks it · Esc cancels", "Enter checks"]),
        ),
        None => pairings(
            vec![Span::styled("?", focus)],
            &notes(&[
                "type a k (digits), then Enter · P predict off",
                "type a k, then Enter",
                "type a k",
            ]),
        ),
    };
    lines.push(fitted_row(
        "your guess",
        guess,
        width,
        theme,
        theme.style(Role::Label),
    ));
    if let Some(err) = &predict.error {
        lines.extend(wrapped_row(
            "",
            &format!("✗ {err}"),
            width,
            theme.style(Role::Bad),
            theme.style(Role::Bad),
        ));
    }
    lines
}

/// Under the best-k rows: the verdict on the guess made at this shape
/// (and in the rehearsal, what a real filter does), or with the switch on
/// and no guess yet, what the next move will do.
pub(crate) fn verdict_rows(lab: &LabState, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let predict = &lab.predict;
    // The rehearsal's follow-up has moved past the guess: its question
    // takes the room the verdict had.
    let follow_up = predict
        .rehearsal
        .is_some_and(|r| matches!(r.step, Step::Question | Step::Answer));
    if !predict.on || follow_up {
        return Vec::new();
    }
    let guess = predict.guess.filter(|g| g.shape == lab.best_key());
    let Some(guess) = guess else {
        return vec![fitted_row(
            "predict",
            pairings(
                vec![Span::styled("on", theme.style(Role::Warn))],
                &notes(&[
                    "a slider move hides the rates until you guess k · P off",
                    "a move hides the rates · P off",
                    "P off",
                ]),
            ),
            width,
            theme,
            theme.style(Role::Label),
        )];
    };
    let Some(b) = ready(lab.results.best.shown(&lab.best_key())) else {
        return vec![fitted_row(
            "your guess",
            vec![(
                Span::styled(
                    format!("k={} · checking…", guess.k),
                    theme.style(Role::Stale),
                ),
                String::new(),
            )],
            width,
            theme,
            theme.style(Role::Label),
        )];
    };
    let right = guess.k == b.scan.classic.k;
    let style = theme.style(if right { Role::Good } else { Role::Warn });
    let mut lines = wrapped_row(
        "your guess",
        &verdict(b, guess.k, lab.bits_per_key()),
        width,
        theme.style(Role::Label),
        style,
    );
    if predict.rehearsal.is_some()
        && let Some(real) = real_filter(b)
    {
        lines.extend(wrapped_row(
            "real",
            &real,
            width,
            theme.style(Role::True),
            theme.style(Role::True),
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::lab::compute::{BestKey, scanned as scan};
    use crate::ui::lab::predict::{EIGHT_BITS, TEN_BITS};

    fn recorded(key: BestKey) -> Recorded {
        let b = scan(key);
        let c = b.winners.classic.expect("proven");
        Recorded {
            shape: key,
            k: c.k,
            rate: c.approx,
        }
    }

    #[test]
    fn a_guess_past_the_optimum_costs_little() {
        let b = scan(EIGHT_BITS);
        let text = verdict(&b, 8, 8.0);
        let at = |k: u32| classic_at(&b, k).expect("scanned");
        let (g, r) = apart(at(8), at(6), 3);
        assert!(
            text.starts_with(&format!(
                "your k=8 gives {g} against {r} at k=6: 2 too many"
            )),
            "{text}"
        );
        assert!(text.contains("flat past the optimum"), "{text}");
        assert!(text.contains("(m/n) ln 2 = 5.55"), "{text}");
    }

    #[test]
    fn a_guess_short_of_the_optimum_costs_more() {
        // 10 bits per key: the optimum 6.93 sits next to the best k, 7.
        let b = scan(TEN_BITS);
        let text = verdict(&b, 5, 10.0);
        assert!(text.contains("2 too few"), "{text}");
        assert!(text.contains("steep short of the optimum"), "{text}");
        let cost = |k: u32| 100.0 * (classic_at(&b, k).unwrap() / classic_at(&b, 7).unwrap() - 1.0);
        assert!(cost(5) > cost(9), "two too few cost more than two too many");
        assert!(text.contains(&format!("{:.1}% higher", cost(5))), "{text}");
        assert!(verdict(&b, 9, 10.0).contains(&format!("{:.1}% higher", cost(9))));
    }

    #[test]
    fn the_right_guess_says_so() {
        let b = scan(TEN_BITS);
        let text = verdict(&b, 7, 10.0);
        assert!(
            text.starts_with("right: k=7 is the exact scan's best, at 0.008319;"),
            "{text}"
        );
        assert!(text.contains("nearest it wins"), "{text}");
    }

    #[test]
    fn at_eight_bits_a_real_filter_prefers_five() {
        let text = real_filter(&scan(EIGHT_BITS)).expect("both proven");
        assert_eq!(
            text,
            "the classic scan says k=6; a real filter (the true rate, no independence assumption) does a little better at k=5: 0.02254 against 0.02268 at k=6"
        );
        let same = real_filter(&scan(TEN_BITS)).expect("both proven");
        assert!(same.contains("agrees: its best is k=7 too"), "{same}");
    }

    #[test]
    fn the_follow_up_quotes_both_shapes() {
        let (ten, eight) = (recorded(TEN_BITS), recorded(EIGHT_BITS));
        assert_eq!(
            question(&ten, &eight),
            "at 8 bits per key the best rate, 0.02192, is 2.6 times the 10-bit 0.008319, for only 20% less space: why so much?"
        );
        let a = answer(&ten, &eight);
        assert!(a.contains("= 0.6185"), "{a}");
        assert!(a.contains("2 bits fewer multiply it by 2.61"), "{a}");
        assert!(a.ends_with(&format!("{:.2}", eight.rate / ten.rate)), "{a}");
        assert_eq!(
            prompt(8.0).split(':').next(),
            Some("the rule of thumb gives (m/n) ln 2 = 8 ln 2 = 5.5")
        );
    }
}
