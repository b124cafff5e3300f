//! Every row the sizing screen plans is drawn whole: at 80x24, 120x40 and
//! 200x60, in normal and in present mode, for answers of every kind, bad
//! entries, refusals, stale answers and long figures, each planned row
//! fits the panel's width, all of them fit its height, and each is on
//! screen, in its row, exactly as planned (none cut at the border, none
//! dropped below it). The big headline, when drawn, sits above the panel.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ui::action::{Action, FieldAction};
use crate::ui::app::App;
use crate::ui::jobs::compute_now;
use crate::ui::screen::Screen;
use crate::ui::sizing::action::{SizingAction, SizingField};
use crate::ui::sizing::view::plan;
use crate::ui::theme::Theme;
use crate::ui::update::update;
use crate::ui::view::screen_area;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

/// The text of `buf`'s row `y` from column `x`, `width` columns long.
fn row_text(buf: &Buffer, x: u16, y: u16, width: u16) -> String {
    (x..x + width).map(|x| buf[(x, y)].symbol()).collect()
}

/// Every problem with `app` at every size and mode, one line each.
fn problems(app: &mut App, what: &str) -> Vec<String> {
    let mut out = Vec::new();
    for present in [false, true] {
        app.present = present;
        for (w, h) in SIZES {
            let at = format!("{what} at {w}x{h}{}", if present { " present" } else { "" });
            let frame = Rect::new(0, 0, w, h);
            let body = screen_area(app, frame);
            let p = plan(&app.screens.sizing, &app.view_cx(), body);
            let inner = p.panel.inner(ratatui::layout::Margin::new(1, 1));
            if p.lines.len() > usize::from(inner.height) {
                out.push(format!(
                    "{at}: {} rows planned, {} fit",
                    p.lines.len(),
                    inner.height
                ));
            }
            let mut buf = Buffer::empty(frame);
            (&*app).render(frame, &mut buf);
            for (i, line) in p.lines.iter().enumerate() {
                let planned = line.to_string();
                // A labelled row (its label padded to the value column)
                // carries a value, never only a note; a part's heading
                // (in the title style) may carry a description.
                let hint = app.theme.style(crate::ui::theme::Role::Hint);
                let heading = app.theme.style(crate::ui::theme::Role::Title);
                if let [label, value, ..] = line.spans.as_slice()
                    && label.style != heading
                    && label.content.ends_with("  ")
                    && !label.content.trim().is_empty()
                    && (value.content.trim().is_empty() || value.style == hint)
                {
                    out.push(format!("{at}: {planned:?} has a label and no value"));
                }
                if line.width() > usize::from(inner.width) {
                    out.push(format!(
                        "{at}: {planned:?} is {} columns, the panel {}",
                        line.width(),
                        inner.width
                    ));
                    continue;
                }
                let Ok(row) = u16::try_from(i) else { continue };
                if row >= inner.height {
                    continue;
                }
                let drawn = row_text(&buf, inner.x, inner.y + row, inner.width);
                if drawn.trim_end() != planned.trim_end() {
                    out.push(format!("{at}: planned {planned:?}, drawn {drawn:?}"));
                }
            }
            if let Some((big, rect)) = &p.headline
                && (rect.bottom() > p.panel.top()
                    || big.iter().map(|b| b.height()).sum::<u16>() > rect.height)
            {
                out.push(format!("{at}: the headline overlaps the panel"));
            }
        }
    }
    app.present = false;
    out
}

fn assert_fits(app: &mut App, what: &str) {
    let found = problems(app, what);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

fn sizing() -> App {
    let mut app = App::new(Screen::Sizing, Theme::MONO);
    compute_now(&mut app);
    app
}

/// `unknown` worked out from `texts`, typed as a user would.
fn ask(app: &mut App, unknown: SizingField, texts: &[(SizingField, &str)]) {
    app.screens.sizing.selected = unknown;
    update(app, Action::from(SizingAction::Solve));
    for &(field, text) in texts {
        app.screens.sizing.selected = field;
        update(app, Action::from(SizingAction::Edit(None)));
        app.screens.sizing.field_mut().set_text(text);
        update(app, Action::Field(FieldAction::Submit));
    }
    compute_now(app);
}

#[test]
fn answers_of_every_kind_fit() {
    let mut app = sizing();
    assert_fits(&mut app, "the lesson's question");
    update(&mut app, Action::from(SizingAction::ToggleBy));
    compute_now(&mut app);
    assert_fits(&mut app, "by the true rate");
    update(&mut app, Action::from(SizingAction::ToggleBy));
    ask(&mut app, SizingField::P, &[(SizingField::M, "64MiB")]);
    assert_fits(&mut app, "p from 64MiB");
    ask(&mut app, SizingField::N, &[(SizingField::P, "1 in 1000")]);
    assert_fits(&mut app, "n from m and p");
    ask(&mut app, SizingField::K, &[(SizingField::N, "1e6")]);
    assert_fits(&mut app, "k from n, p and m");
    ask(
        &mut app,
        SizingField::M,
        &[(SizingField::P, "1e-300"), (SizingField::K, "")],
    );
    assert_fits(&mut app, "1e-300, k near 1000");
    ask(
        &mut app,
        SizingField::M,
        &[
            (SizingField::N, "1e15"),
            (SizingField::P, "1/3"),
            (SizingField::K, "1000"),
        ],
    );
    assert_fits(&mut app, "10^15 keys with k given");
    ask(
        &mut app,
        SizingField::M,
        &[(SizingField::N, "1"), (SizingField::P, "0.5")],
    );
    assert_fits(&mut app, "one key at one half");
}

#[test]
fn bad_entries_refusals_and_stale_answers_fit() {
    let mut app = sizing();
    // A value of the field's full length that does not read.
    update(&mut app, Action::from(SizingAction::Edit(None)));
    app.screens.sizing.field_mut().set_text(&"9x".repeat(16));
    compute_now(&mut app);
    assert_fits(&mut app, "32 characters that do not read");
    // A paste cut at the field's maximum.
    app.screens.sizing.field_mut().clear();
    update(
        &mut app,
        crate::ui::update::Message::Paste(format!("{}M", "1".repeat(40))),
    );
    assert_fits(&mut app, "a paste cut to fit");
    update(&mut app, Action::Field(FieldAction::Leave));
    // A blank field that must be given.
    ask(&mut app, SizingField::K, &[(SizingField::M, "")]);
    assert_fits(&mut app, "k to be solved, m blank");
    // A target no filter reaches with the bits given.
    let mut app = sizing();
    ask(&mut app, SizingField::N, &[(SizingField::M, "8")]);
    assert_fits(&mut app, "a refusal");
    // The last answer, greyed, while the new one is worked out.
    let mut app = sizing();
    update(&mut app, Action::from(SizingAction::ToggleBy));
    assert_fits(&mut app, "a stale answer");
    // Nothing computed at all.
    assert_fits(&mut App::new(Screen::Sizing, Theme::MONO), "a fresh app");
}

#[test]
fn present_mode_shows_the_headline_where_there_is_room() {
    let mut app = sizing();
    app.present = true;
    for (w, h) in [(120, 40), (200, 60)] {
        let frame = Rect::new(0, 0, w, h);
        let p = plan(
            &app.screens.sizing,
            &app.view_cx(),
            screen_area(&app, frame),
        );
        assert!(p.headline.is_some(), "no headline at {w}x{h}");
    }
    // A wrong entry shows no headline: there is no answer to it.
    update(&mut app, Action::from(SizingAction::Edit(Some('x'))));
    let frame = Rect::new(0, 0, 200, 60);
    assert!(
        plan(
            &app.screens.sizing,
            &app.view_cx(),
            screen_area(&app, frame)
        )
        .headline
        .is_none()
    );
}
