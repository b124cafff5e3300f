//! Every line of the lab's rates panel fits the panel at 80x24, 100x30 and
//! 120x40, for ordinary settings, real filters' sizes, stale and computing
//! states and long figures: a value is reworded, shortened or wrapped,
//! never cut by the panel's edge.

use super::app_for;
use super::draw_text;
use crate::measure::{Interval, IntervalMethod, Measurement};
use crate::ui::FrameConfig;
use crate::ui::app::App;
use crate::ui::computed::Outcome;
use crate::ui::lab::action::LabSlider;
use crate::ui::lab::compute::BestK;
use crate::ui::lab::measuring::{MeasureFigures, Running};
use crate::ui::lab::view::{rates_lines, rates_width};
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::view::body_area;
use ratatui::layout::Rect;

const SIZES: [(u16, u16); 3] = [(80, 24), (100, 30), (120, 40)];

fn lab(m: u64, n: u64, k: u32) -> App {
    let args = FrameConfig::screen_at(Screen::Lab, (m, n, k), 80, 24);
    app_for(&args, Theme::MONO).expect("valid settings")
}

/// A best-k result whose enclosures could not rank `ks` (for both rates).
pub(crate) fn undecided(ks: std::ops::RangeInclusive<u32>) -> BestK {
    use crate::rates::scan::{KBest, KScan, ScanReach, Winners};
    let best = KBest {
        k: *ks.start(),
        candidates: ks.clone().collect(),
    };
    BestK {
        scan: KScan {
            m: 160,
            n: 16,
            range: 1..=*ks.end(),
            reach: ScanReach::Default,
            classic: best.clone(),
            true_rate: best,
            points: Vec::new(),
        },
        winners: Winners {
            classic: None,
            truth: None,
            gain: None,
        },
    }
}

/// Asserts each rates line fits the panel at every size, and returns the
/// drawn screens.
fn assert_fits(app: &App, what: &str) -> Vec<String> {
    SIZES
        .iter()
        .map(|&(w, h)| {
            let width = rates_width(body_area(Rect::new(0, 0, w, h), false));
            for line in rates_lines(&app.screens.lab, &app.theme, width, false) {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                assert!(
                    line.width() <= usize::from(width),
                    "{what} at {w}x{h}: {:?} is {} columns, the panel {width}",
                    text,
                    line.width()
                );
            }
            draw_text(app, w, h).expect("valid size")
        })
        .collect()
}

#[test]
fn computed_settings_fit() {
    for (m, n, k) in [
        (160, 16, 7),
        (1_000_000, 100_000, 32),
        (1_000_000, 100_000, 1),
        (1_000_000, 1, 32),
        (100_000, 100_000, 32),
        (1, 1, 1),
        (999_999, 7, 13),
        (10_000_000_000, 1_000_000_000, 7),
        (1_000_000_000_000, 1, 32),
        (1_000_000_000_000, 10_000_000_000, 32),
    ] {
        let screens = assert_fits(&lab(m, n, k), &format!("m={m} n={n} k={k}"));
        // The title names the settings whole at every size.
        let settings = format!(
            "m={} n={} k={k}",
            crate::numbers::grouped(m),
            crate::numbers::grouped(n)
        );
        for screen in &screens {
            assert!(screen.contains(&settings), "{settings} missing:\n{screen}");
        }
    }
}

#[test]
fn real_filters_show_exact_digits_whole() {
    // 29.4 million denominator digits at k = 7, 134 million at k = 32: the
    // digits come from certified brackets, never "too large".
    let app = lab(1_000_000, 100_000, 32);
    let text = draw_text(&app, 100, 30).expect("valid size");
    let f = crate::rates::figures::RateFigures::compute(
        crate::rates::Params::new(1_000_000, 100_000, 32).expect("valid"),
        10,
        crate::rates::Budget::default(),
        &std::sync::atomic::AtomicBool::new(false),
    )
    .expect("figures");
    let digits = crate::ui::lab::compute::shown_decimal(&f.classic.decimal);
    assert!(text.contains(&format!("exact      {digits}")), "{text}");
    assert!(!text.contains("too large"), "{text}");
    assert!(text.contains("certified bracket"), "{text}");
}

#[test]
fn stale_and_computing_states_fit() {
    // Nothing computed yet.
    assert_fits(&App::new(Screen::Lab, Theme::MONO), "fresh app");
    // Values for 160/16/7 held while 1,000,000/100,000/32 computes.
    let mut app = lab(160, 16, 7);
    app.screens.lab.set(LabSlider::M, 1_000_000);
    app.screens.lab.set(LabSlider::N, 100_000);
    app.screens.lab.set(LabSlider::K, 32);
    assert_fits(&app, "stale values");
}

#[test]
fn long_figures_fit() {
    let mut app = lab(160, 16, 7);
    app.screens.lab.set(LabSlider::Queries, 10_000_000);
    app.screens.lab.set(LabSlider::Filters, 100_000);
    let rate_key = app.screens.lab.rate_key();
    app.screens.lab.results.rates.set(
        rate_key,
        Outcome::Failed("the true rate's Stirling numbers would not fit in memory here".into()),
    );
    app.screens.lab.results.best.set(
        app.screens.lab.best_key(),
        Outcome::Ready(undecided(1..=32)),
    );
    let pooled = Measurement {
        bits_set_mean: 80.0,
        false_positives: 123_456_789_012,
        total_queries: 1_000_000_000_000,
        rate: 0.123456789012,
        wilson_low: 0.1234,
        wilson_high: 0.1235,
        interval: Interval {
            low: 0.12344,
            high: 0.12347,
            method: IntervalMethod::BetweenFilters,
        },
        design_effect: Some(1.3),
        between_filters_se: Some(1e-5),
    };
    let huge = MeasureFigures {
        pooled,
        filters_done: 12_345,
        filters: 100_000,
        running: Some(Running {
            keys_done: 123_456_789_012,
            keys_total: 1_000_000_000_000,
            elapsed: std::time::Duration::from_secs(4000),
        }),
    };
    let measure_key = app.screens.lab.measure_key();
    app.screens
        .lab
        .results
        .measured
        .set(measure_key, Ok(huge.clone()));
    assert_fits(&app, "a partial measurement of 10^12 queries");
    let done = MeasureFigures {
        filters_done: 100_000,
        running: None,
        ..huge
    };
    app.screens.lab.results.measured.set(measure_key, Ok(done));
    assert_fits(&app, "a finished measurement of 10^12 queries");
    app.screens.lab.results.measured.set(
        measure_key,
        Err("the filter could not be allocated: 512 MiB asked".into()),
    );
    assert_fits(&app, "a failed measurement");
}

/// The characters of `screen`'s chart rows (between the panels and the
/// legend) in columns `from..to`.
fn chart_columns(screen: &str, from: usize, to: usize) -> String {
    let rows: Vec<&str> = screen.lines().collect();
    // Charts start at the row of their titles, below the panels (as tall
    // as their rows need); the last two rows are the legend and the footer.
    let top = rows
        .iter()
        .position(|r| r.contains("fill vs n"))
        .expect("the charts are drawn");
    rows[top..rows.len() - 2]
        .iter()
        .map(|row| row.chars().skip(from).take(to - from).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn charts_show_only_points_for_the_current_settings() {
    let mut app = lab(160, 16, 7);
    let before = draw_text(&app, 120, 40).expect("valid size");
    // Exact points (•) in the ε-vs-k and ε-vs-m/n charts while fresh.
    assert!(chart_columns(&before, 40, 80).contains('•'), "{before}");
    assert!(chart_columns(&before, 80, 120).contains('•'), "{before}");
    assert!(!before.contains("computing…"), "{before}");

    // m moves: the best-k points belong to m=160 and must go; the m/n
    // points depend on n, k and the axis (still 0..32 bits per key), so
    // they stay.
    app.screens.lab.set(LabSlider::M, 200);
    let after = draw_text(&app, 120, 40).expect("valid size");
    let k_chart = chart_columns(&after, 40, 80);
    assert!(!k_chart.contains('•'), "{after}");
    assert!(
        k_chart.contains("ε vs k (m/n=12.5) · computing…"),
        "{after}"
    );
    assert!(chart_columns(&after, 80, 120).contains('•'), "{after}");
    // Until the new scan says otherwise, the k axis ends at the seed's 10
    // (a blank column from the frame).
    assert!(k_chart.lines().any(|l| l.ends_with("10 │")), "{k_chart}");

    // n moves too: now the m/n points are stale as well.
    app.screens.lab.set(LabSlider::N, 100_000);
    let later = draw_text(&app, 120, 40).expect("valid size");
    let mn_chart = chart_columns(&later, 80, 120);
    assert!(!mn_chart.contains('•'), "{later}");
    assert!(mn_chart.contains("· computing…"), "{later}");

    // At 80 columns the titles shorten but still say so.
    let narrow = draw_text(&app, 80, 24).expect("valid size");
    assert!(narrow.contains("ε vs k · computing…"), "{narrow}");
}

/// The settings panel's part (inside its borders) of the row holding `needle`.
fn settings_row(screen: &str, needle: &str) -> String {
    screen
        .lines()
        .filter_map(|row| row.split("││").next())
        .find(|part| part.contains(needle))
        .unwrap_or_else(|| panic!("no {needle:?} in:\n{screen}"))
        .trim_start_matches('│')
        .trim_end()
        .to_string()
}

#[test]
fn the_settings_panel_lines_end_whole() {
    for (m, n) in [(160, 16), (1_000_000, 1), (1, 100_000)] {
        let mut app = lab(m, n, 7);
        app.screens.lab.toggle_lock();
        app.screens.lab.edit_error = Some("99,999,999 is not between 1 and 10,000,000".into());
        for (w, h) in SIZES {
            let screen = draw_text(&app, w, h).expect("valid size");
            let lock = settings_row(&screen, "m/n");
            assert!(lock.ends_with("(l)"), "m={m} n={n} at {w}x{h}: {lock:?}");
            let error = settings_row(&screen, "✗");
            assert!(
                error.ends_with("10,000,000"),
                "m={m} n={n} at {w}x{h}: {error:?}"
            );
        }
        app.screens.lab.edit_error = Some(format!(
            "{:?} is not a number (try 160, 50M or 1e6)",
            "x".repeat(40)
        ));
        let screen = draw_text(&app, 80, 24).expect("valid size");
        assert_eq!(settings_row(&screen, "✗"), "✗ not a number");
    }
}
