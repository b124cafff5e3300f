//! The rates panel's rows for the blocked scheme, in place of the gap and
//! the true rate: the blocked filter's idealised rate (a Poisson load per
//! block) and its exact rate, certified digits, with how much more often
//! it errs than the classic filter of the same m, n and k. That excess is
//! what a blocked filter (fastbloom's kind, RocksDB's) pays for touching
//! one cache line per key.

use ratatui::text::Line;

use crate::numbers::{grouped, sig};
use crate::ui::format::pairings;
use crate::ui::lab::compute::{BlockedRates, shown_decimal};
use crate::ui::lab::rows::{fitted_row, notes, ready, shown_values};
use crate::ui::lab::state::LabState;
use crate::ui::theme::{Role, Theme};

/// The blocked rate over the classic one, as "+17% over classic".
fn excess(blocked: f64, classic: f64) -> Option<String> {
    (classic > 0.0 && blocked.is_finite()).then(|| {
        let share = 100.0 * (blocked / classic - 1.0);
        format!("{share:+.1}% vs classic")
    })
}

/// The two rows: "poisson" and "blocked".
pub(crate) fn blocked_rows(lab: &LabState, width: u16, theme: &Theme) -> Vec<Line<'static>> {
    let shown = lab.results.blocked.shown(&lab.rate_key());
    let figures: Option<&BlockedRates> = ready(shown);
    let classic = ready(lab.results.rates.shown(&lab.rate_key())).map(|f| f.classic_value);
    let style = theme.style(Role::Idealised);
    let poisson = fitted_row(
        "poisson",
        pairings(
            shown_values(
                shown,
                |f: &BlockedRates| vec![sig(f.poisson, 10)],
                theme,
                style,
            ),
            &notes(&[
                "blocked, idealised: Poisson n/c keys a block, an f64",
                "blocked, Poisson load",
                "Poisson load",
            ]),
        ),
        width,
        theme,
        style,
    );
    let style = theme.style(Role::True);
    let blocks = figures.map_or_else(String::new, |f| grouped(f.blocks));
    let over = figures
        .zip(classic)
        .and_then(|(f, c)| excess(f.exact.decimal.to_f64(), c))
        .unwrap_or_default();
    let how = figures.map_or("exact", |f| f.exact.method.label());
    let exact = fitted_row(
        "blocked",
        pairings(
            shown_values(
                shown,
                |f: &BlockedRates| vec![shown_decimal(&f.exact.decimal)],
                theme,
                style,
            ),
            &notes(&[
                &format!("{blocks} blocks of 512 bits, exact, {how}, {over}"),
                &format!("{blocks} blocks of 512, exact, {over}"),
                &format!("exact, {over}"),
                &over,
            ]),
        ),
        width,
        theme,
        style,
    );
    vec![poisson, exact]
}

/// The rate the blocked scheme should measure, once computed.
pub(crate) fn blocked_exact(lab: &LabState) -> Option<f64> {
    ready(lab.results.blocked.shown(&lab.rate_key())).map(|f| f.exact.decimal.to_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_excess_is_a_signed_share_of_the_classic_rate() {
        assert_eq!(excess(0.0117, 0.01).as_deref(), Some("+17.0% vs classic"));
        assert_eq!(excess(0.01, 0.0).as_deref(), None);
    }
}
