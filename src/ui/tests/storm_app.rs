//! Event storms through the app: seeded random sequences of keys, mouse
//! events and resizes (1x1 to 300x100) go through the same path as the
//! terminal loop (key/mouse -> action -> update, worker lanes dispatched
//! and collected), and the app is drawn into a TestBackend after every
//! event. Nothing may panic, every invariant of the state must hold after
//! every event, and no frame may take absurdly long.

use std::time::{Duration, Instant};

use crate::lecture::Lecture;
use crate::ui::action::{Action, FieldAction};
use crate::ui::app::App;
use crate::ui::jobs::Jobs;
use crate::ui::keymap::{key_to_action, mouse_to_action};
use crate::ui::lab::action::{LabAction, LabSlider};
use crate::ui::lab::state::spec;
use crate::ui::lecture::action::LectureAction;
use crate::ui::lecture::tab::LectureTab;
use crate::ui::sandbox::action::{SandboxAction, SandboxSetting};
use crate::ui::sandbox::state::{K_SPEC, M_SPEC};
use crate::ui::screen::Screen;
use crate::ui::sizing::action::SizingAction;
use crate::ui::theme::Theme;
use crate::ui::update::update;
use crate::ui::view::{MIN_HEIGHT, MIN_WIDTH};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MediaKeyCode, ModifierKeyCode,
    MouseButton, MouseEvent, MouseEventKind,
};
use strum::IntoEnumIterator;

/// A frame this slow (debug build, loaded machine) is a hang, not noise.
const FRAME_CEILING: Duration = Duration::from_secs(1);
/// Frames slower than this are counted and reported.
const SLOW_FRAME: Duration = Duration::from_millis(50);

/// One terminal event, as crossterm would deliver it.
#[derive(Debug, Clone)]
enum Input {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
}

const CHARS: &[char] = &[
    'q', '?', '<', '>', '[', ']', ' ', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'c',
    'd', 'e', 'i', 'k', 'l', 'm', 'n', 'r', 's', 'x', 'M', 'K', 'G', '.', '%', '/', '-', '+', 'é',
    '日', '🦀', '\u{202e}', '\u{200b}', '\u{7}', '\u{1b}', '\t', '\u{ffff}',
];

fn random_key(rng: &mut StdRng) -> KeyEvent {
    let code = match rng.random_range(0..30) {
        0..=2 => KeyCode::Left,
        3..=5 => KeyCode::Right,
        6..=7 => KeyCode::Up,
        8..=9 => KeyCode::Down,
        10 => KeyCode::Tab,
        11 => KeyCode::BackTab,
        12 => KeyCode::Enter,
        13 => KeyCode::Esc,
        14 => KeyCode::Backspace,
        15 => KeyCode::Home,
        16 => KeyCode::End,
        17 => KeyCode::PageUp,
        18 => KeyCode::PageDown,
        19 => KeyCode::Delete,
        20 => KeyCode::F(rng.random_range(0..=24)),
        21 => match rng.random_range(0..6) {
            0 => KeyCode::Null,
            1 => KeyCode::CapsLock,
            2 => KeyCode::Insert,
            3 => KeyCode::Media(MediaKeyCode::Play),
            4 => KeyCode::Modifier(ModifierKeyCode::LeftShift),
            _ => KeyCode::Menu,
        },
        _ => KeyCode::Char(CHARS[rng.random_range(0..CHARS.len())]),
    };
    let modifiers = match rng.random_range(0..12) {
        0 => KeyModifiers::SHIFT,
        1 => KeyModifiers::CONTROL,
        2 => KeyModifiers::ALT,
        3 => KeyModifiers::SHIFT | KeyModifiers::CONTROL | KeyModifiers::ALT,
        _ => KeyModifiers::NONE,
    };
    let kind = match rng.random_range(0..20) {
        0 => KeyEventKind::Release,
        1 => KeyEventKind::Repeat,
        _ => KeyEventKind::Press,
    };
    KeyEvent {
        code,
        modifiers,
        kind,
        state: KeyEventState::NONE,
    }
}

fn random_mouse(rng: &mut StdRng, size: (u16, u16)) -> MouseEvent {
    let button = match rng.random_range(0..3) {
        0 => MouseButton::Left,
        1 => MouseButton::Right,
        _ => MouseButton::Middle,
    };
    let kind = match rng.random_range(0..10) {
        0..=2 => MouseEventKind::Down(MouseButton::Left),
        3..=5 => MouseEventKind::Drag(MouseButton::Left),
        6 => MouseEventKind::Up(button),
        7 => MouseEventKind::Moved,
        8 => MouseEventKind::ScrollDown,
        _ => MouseEventKind::Down(button),
    };
    // Mostly on screen, sometimes past its edge or at the far corner.
    let (column, row) = match rng.random_range(0..20) {
        0 => (u16::MAX, u16::MAX),
        1 => (size.0.saturating_add(5), size.1.saturating_add(5)),
        // Tabs and slider rows are near the top: aim there often.
        2..=9 => (
            rng.random_range(0..size.0.max(1)),
            rng.random_range(0..size.1.clamp(1, 16)),
        ),
        _ => (
            rng.random_range(0..size.0.max(1)),
            rng.random_range(0..size.1.max(1)),
        ),
    };
    MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

fn random_size(rng: &mut StdRng) -> (u16, u16) {
    match rng.random_range(0..10) {
        0 => (1, 1),
        1 => (300, 100),
        2 => (MIN_WIDTH, MIN_HEIGHT),
        3 => (MIN_WIDTH - 1, MIN_HEIGHT),
        4 => (MIN_WIDTH, MIN_HEIGHT - 1),
        // Mostly sizes the app really draws at; drawing is the slow part.
        5..=7 => (rng.random_range(80..=140), rng.random_range(24..=45)),
        _ => (rng.random_range(1..=300), rng.random_range(1..=100)),
    }
}

fn random_input(rng: &mut StdRng, size: (u16, u16)) -> Input {
    match rng.random_range(0..100) {
        0..=71 => Input::Key(random_key(rng)),
        72..=93 => Input::Mouse(random_mouse(rng, size)),
        _ => {
            let (w, h) = random_size(rng);
            Input::Resize(w, h)
        }
    }
}

/// Every invariant of the state that must hold between events.
fn check_invariants(app: &App, size: (u16, u16)) -> Result<(), String> {
    for slider in LabSlider::ALL {
        let s = spec(slider);
        let v = app.screens.lab.value(slider);
        if !(s.min..=s.max).contains(&v) {
            return Err(format!(
                "lab slider {slider:?} = {v} outside {}..={}",
                s.min, s.max
            ));
        }
    }
    if u64::from(app.screens.lab.k) != app.screens.lab.value(LabSlider::K)
        || app.screens.lab.m != app.screens.lab.value(LabSlider::M)
    {
        return Err("lab fields and slider values disagree".to_string());
    }
    if !(M_SPEC.min..=M_SPEC.max).contains(&app.screens.sandbox.m) {
        return Err(format!(
            "sandbox m = {} out of range",
            app.screens.sandbox.m
        ));
    }
    if !(K_SPEC.min..=K_SPEC.max).contains(&u64::from(app.screens.sandbox.k)) {
        return Err(format!(
            "sandbox k = {} out of range",
            app.screens.sandbox.k
        ));
    }
    if app.screens.sandbox.filter.m() != app.screens.sandbox.m
        || app.screens.sandbox.filter.k() != app.screens.sandbox.k
    {
        return Err("sandbox filter shape differs from its settings".to_string());
    }
    for key in &app.screens.sandbox.inserted {
        if !app.screens.sandbox.filter.contains(key.as_bytes()) {
            return Err(format!(
                "sandbox lost inserted key {key:?}: a false negative"
            ));
        }
    }
    let len = app.screens.lecture.lecture.len();
    if app.screens.lecture.step >= len.max(1) {
        return Err(format!(
            "lecture step {} outside a script of {len} steps",
            app.screens.lecture.step
        ));
    }
    if app.size != size {
        return Err(format!(
            "app size {:?} but the terminal is {size:?}",
            app.size
        ));
    }
    if app.typing() && app.screen == Screen::Lecture && app.screens.lecture.goto.is_none() {
        return Err("typing on the lecture screen with no field open".to_string());
    }
    Ok(())
}

/// What a drawn frame must show: the tab bar naming the screen when there
/// is room, the "too small" notice when there is not.
fn check_frame(app: &App, text: &str, size: (u16, u16)) -> Result<(), String> {
    if size.0 >= MIN_WIDTH && size.1 >= MIN_HEIGHT {
        // Present mode has no tab bar, and the help overlay may cover it.
        let top = text.lines().next().unwrap_or("");
        if !app.present && !app.show_help && !top.contains(app.screen.title()) {
            return Err(format!("tab bar lacks {:?}: {top:?}", app.screen.title()));
        }
        if text.contains("too small") {
            return Err("too-small notice at a usable size".to_string());
        }
    } else if size.0 >= 40 && size.1 >= 3 && !text.contains("too small") {
        return Err(format!("no too-small notice at {size:?}:\n{text}"));
    }
    Ok(())
}

fn buffer_text(terminal: &Terminal<TestBackend>) -> String {
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Frame-time figures of one storm.
#[derive(Debug, Default)]
struct Stats {
    frames: usize,
    slow: usize,
    worst: Duration,
    worst_at: String,
    quits: usize,
    total: Duration,
    /// Frames drawn per screen, in tab order, to show the storm got around.
    per_screen: Vec<usize>,
    /// Frames drawn while a text field had focus.
    typing: usize,
    /// Furthest lecture step reached.
    furthest_step: usize,
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &App, stats: &mut Stats) -> Result<(), String> {
    let start = Instant::now();
    terminal
        .draw(|f| f.render_widget(app, f.area()))
        .map_err(|e| format!("draw failed: {e}"))?;
    let took = start.elapsed();
    stats.frames += 1;
    stats.total += took;
    let screen = Screen::iter().position(|s| s == app.screen).unwrap_or(0);
    stats.per_screen.resize(Screen::ALL.len(), 0);
    stats.per_screen[screen] += 1;
    stats.typing += usize::from(app.typing());
    stats.furthest_step = stats.furthest_step.max(app.screens.lecture.step);
    if took > SLOW_FRAME {
        stats.slow += 1;
    }
    if took > stats.worst {
        stats.worst = took;
        stats.worst_at = format!("{:?} at {:?}", app.screen, app.size);
    }
    if took > FRAME_CEILING {
        return Err(format!(
            "a frame took {took:?} on {:?} at {:?}",
            app.screen, app.size
        ));
    }
    Ok(())
}

/// Drives `events` random inputs through a fresh app on `start`.
fn storm(seed: u64, start: Screen, events: usize) -> Stats {
    let theme = crate::ui::theme::PALETTES
        .iter()
        .map(|&palette| Theme {
            palette,
            depth: crate::ui::theme::Depth::TrueColor,
        })
        .nth((seed % 4) as usize)
        .unwrap_or(Theme::MONO);
    storm_with(seed, App::new(start, theme), events)
}

/// Drives `events` random inputs through `app`.
fn storm_with(seed: u64, mut app: App, events: usize) -> Stats {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut size = random_size(&mut rng);
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1))
        .unwrap_or_else(|e| panic!("test backend: {e}"));
    update(&mut app, Action::Resize(size.0, size.1));
    let mut jobs = Jobs::new();
    let mut stats = Stats::default();
    let mut trail: Vec<String> = Vec::new();
    for i in 0..events {
        let input = random_input(&mut rng, size);
        trail.push(format!("{input:?}"));
        if trail.len() > 12 {
            trail.remove(0);
        }
        let action = match &input {
            Input::Key(k) => key_to_action(&app, *k),
            Input::Mouse(m) => mouse_to_action(&app, *m),
            Input::Resize(w, h) => {
                size = (*w, *h);
                terminal.backend_mut().resize(*w, *h);
                Some(Action::Resize(*w, *h))
            }
        };
        if let Some(action) = action {
            update(&mut app, action);
        }
        if app.quit {
            // The real loop would end here; keep the storm going.
            stats.quits += 1;
            app.quit = false;
        }
        jobs.dispatch(&app);
        for arrival in jobs.collect() {
            update(
                &mut app,
                crate::ui::update::Message::Arrived(Box::new(arrival)),
            );
        }
        let outcome = check_invariants(&app, size)
            .and_then(|()| draw(&mut terminal, &app, &mut stats))
            .and_then(|()| check_frame(&app, &buffer_text(&terminal), size));
        if let Err(e) = outcome {
            panic!(
                "seed {seed}, event {i} on {:?}: {e}\nlast events:\n  {}",
                app.screen,
                trail.join("\n  ")
            );
        }
    }
    stats
}

fn report(name: &str, stats: &Stats) {
    println!(
        "{name}: {} frames (per screen {:?}, typing {}, furthest step {}), mean {:?}, \
         worst {:?} ({}), {} over {:?}, {} quits absorbed",
        stats.frames,
        stats.per_screen,
        stats.typing,
        stats.furthest_step,
        stats.total / stats.frames.max(1) as u32,
        stats.worst,
        stats.worst_at,
        stats.slow,
        SLOW_FRAME,
        stats.quits
    );
}

#[test]
fn storm_from_every_screen() {
    for (i, screen) in Screen::iter().enumerate() {
        let stats = storm(0xB100_0000 + i as u64, screen, 700);
        report(&format!("storm from {screen:?}"), &stats);
    }
}

#[test]
fn long_storm_on_the_lab() {
    let stats = storm(0x1AB, Screen::Lab, 1200);
    report("long lab storm", &stats);
}

/// A teacher's scripts of one step and of three short scenes: stepping
/// keys, scene jumps past the end and Home never leave the script.
#[test]
fn storm_on_teachers_scripts() {
    let one = "m = 16\nk = 3\nitem x = 2 7 11\nscene \"Only\"\nstep\ninsert x\n> one step\n";
    let three = "m = 8\nk = 2\nitem a = 1 5\nitem b = 5 6\n\
                 scene \"A\"\nstep\n> a1\nstep\ninsert a\n> a2\n\
                 scene \"B\"\nstep\nquery b\n> b1\n\
                 scene \"C\"\nstep\nclear a\n> c1\nstep\nrestore\n> c2\nstep\n> c3\n";
    for (i, text) in [one, three].iter().enumerate() {
        let lecture = Lecture::from_text("teacher.txt", text)
            .unwrap_or_else(|e| panic!("script {i} does not compile: {e}"));
        let mut app = App::new(Screen::Lecture, Theme::DARK16);
        app.screens.lecture = LectureTab::with(lecture);
        let stats = storm_with(0x7EAC + i as u64, app, 500);
        report(&format!("teacher's script {i}"), &stats);
    }
}

/// Actions the keymap would never produce, straight into update: fractions
/// outside [0, 1] and NaN, scene numbers past the script, zero sizes,
/// control characters typed into fields.
#[test]
fn impossible_actions_are_absorbed() {
    let mut rng = StdRng::seed_from_u64(0xDEAD);
    let mut app = App::new(Screen::Lab, Theme::MONO);
    let mut terminal =
        Terminal::new(TestBackend::new(100, 30)).unwrap_or_else(|e| panic!("backend: {e}"));
    update(&mut app, Action::Resize(100, 30));
    let fractions = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -1.0,
        2.0,
        1e300,
        -0.0,
        1.0,
        0.0,
    ];
    let mut stats = Stats::default();
    for i in 0..1500 {
        let action = match rng.random_range(0..12) {
            0 => Action::from(LabAction::SetFraction(
                LabSlider::ALL[rng.random_range(0..LabSlider::ALL.len())],
                fractions[rng.random_range(0..fractions.len())],
            )),
            1 => Action::from(LectureAction::Jump(rng.random())),
            2 => Action::from(match rng.random_range(0..5) {
                0 => LectureAction::Forward,
                1 => LectureAction::Back,
                2 => LectureAction::NextScene,
                3 => LectureAction::PrevScene,
                _ => LectureAction::Home,
            }),
            3 => Action::Field(FieldAction::Type(
                char::from_u32(rng.random_range(0..0x11_0000)).unwrap_or('\u{fffd}'),
            )),
            4 => Action::Field(match rng.random_range(0..3) {
                0 => FieldAction::Erase,
                1 => FieldAction::Submit,
                _ => FieldAction::Leave,
            }),
            5 => Action::from(match rng.random_range(0..6) {
                0 => LabAction::StartEdit(Some(CHARS[rng.random_range(0..CHARS.len())])),
                1 => LabAction::ToggleLock,
                2 => LabAction::ToggleScheme,
                3 => LabAction::Reseed,
                4 => LabAction::SelectNext,
                _ => LabAction::Adjust {
                    up: rng.random(),
                    big: rng.random(),
                },
            }),
            6 => Action::from(match rng.random_range(0..5) {
                0 => SandboxAction::ToggleMode,
                1 => SandboxAction::Select(if rng.random() {
                    SandboxSetting::M
                } else {
                    SandboxSetting::K
                }),
                2 => SandboxAction::Clear,
                _ => SandboxAction::Adjust {
                    up: rng.random(),
                    big: rng.random(),
                },
            }),
            7 => Action::from(match rng.random_range(0..4) {
                0 => SizingAction::Edit(Some(CHARS[rng.random_range(0..CHARS.len())])),
                1 => SizingAction::Solve,
                2 => SizingAction::ToggleBy,
                _ => SizingAction::Select { next: rng.random() },
            }),
            8 => Action::GoTo(
                Screen::iter()
                    .nth(rng.random_range(0..4))
                    .unwrap_or_default(),
            ),
            9 => Action::ToggleHelp,
            10 => Action::NextScreen,
            _ => Action::Field(FieldAction::Type(CHARS[rng.random_range(0..CHARS.len())])),
        };
        update(&mut app, action);
        let size = (100, 30);
        if let Err(e) = check_invariants(&app, size)
            .and_then(|()| draw(&mut terminal, &app, &mut stats))
            .and_then(|()| check_frame(&app, &buffer_text(&terminal), size))
        {
            panic!("action {i} ({action:?}) on {:?}: {e}", app.screen);
        }
    }
    report("impossible actions", &stats);
}

/// Degenerate terminal sizes, including zero, at every screen.
#[test]
fn degenerate_sizes_draw() {
    for screen in Screen::iter() {
        let mut app = App::new(screen, Theme::DARK16);
        for (w, h) in [
            (0, 0),
            (0, 30),
            (100, 0),
            (1, 1),
            (1, 100),
            (300, 1),
            (79, 23),
            (u16::MAX / 256, 2),
        ] {
            update(&mut app, Action::Resize(w, h));
            let mut terminal =
                Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| panic!("backend: {e}"));
            let mut stats = Stats::default();
            if let Err(e) =
                check_invariants(&app, (w, h)).and_then(|()| draw(&mut terminal, &app, &mut stats))
            {
                panic!("{screen:?} at {w}x{h}: {e}");
            }
        }
    }
}

/// The sizing screen reads its fields on the UI thread in every frame and
/// every dispatch, and solves on a worker lane. At 50 million keys and
/// 1e-300 the solve takes most of a second even in a release build (k near
/// 1000), so a frame or a dispatch that solved would blow the limit.
#[test]
fn sizing_frames_and_dispatches_do_not_solve() {
    for (n, p) in [("1000", "1%"), ("50M", "1%"), ("50M", "1e-300")] {
        let mut app = App::new(Screen::Sizing, Theme::MONO);
        app.screens.sizing.n_field.set_text(n);
        app.screens.sizing.p_field.set_text(p);
        let mut terminal =
            Terminal::new(TestBackend::new(100, 30)).unwrap_or_else(|e| panic!("backend: {e}"));
        let start = Instant::now();
        terminal
            .draw(|f| f.render_widget(&app, f.area()))
            .unwrap_or_else(|e| panic!("draw: {e}"));
        let draw = start.elapsed();
        let start = Instant::now();
        let mut jobs = Jobs::new();
        jobs.dispatch(&app);
        let dispatch = start.elapsed();
        assert!(
            draw < Duration::from_millis(200) && dispatch < Duration::from_millis(200),
            "n = {n}, p = {p}: draw {draw:?}, dispatch {dispatch:?} on the UI thread"
        );
        assert!(
            app.computing(),
            "n = {n}, p = {p}: the answer is still to come"
        );
    }
}
