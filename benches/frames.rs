//! Frame time of each screen at 200x60: drawing only, with every figure
//! already computed (as the app draws once results have arrived). For each
//! screen several states are timed roughly first and the slowest one is
//! benchmarked, so the figure is the screen's worst frame.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bloomlab::cli::args::{AppArgs, RenderArgs, ScreenName};
use bloomlab::ui::action::{Action, FieldAction, KeyMode, SandboxAction, SandboxSetting};
use bloomlab::ui::app::App;
use bloomlab::ui::render::app_for;
use bloomlab::ui::theme::Theme;
use bloomlab::ui::update::update;
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const WIDTH: u16 = 200;
const HEIGHT: u16 = 60;

fn args(screen: ScreenName, m: u64, n: u64, k: u32) -> RenderArgs {
    RenderArgs {
        app: AppArgs {
            screen: Some(screen),
            m: Some(m),
            n: Some(n),
            k: Some(k),
            script: None,
        },
        scene: None,
        step: None,
        width: WIDTH,
        height: HEIGHT,
    }
}

fn computed(a: &RenderArgs) -> App {
    match app_for(a, Theme::from_env()) {
        Ok(app) => app,
        Err(e) => panic!("bench settings rejected: {e}"),
    }
}

/// The states timed for each screen.
fn candidates() -> Vec<(&'static str, Vec<App>)> {
    let lab = vec![
        computed(&args(ScreenName::Lab, 160, 16, 7)),
        computed(&args(ScreenName::Lab, 100_000, 10_000, 7)),
        computed(&args(ScreenName::Lab, 1_000_000, 100_000, 32)),
    ];
    let lecture_app = computed(&args(ScreenName::Lecture, 160, 16, 7));
    let lecture = (0..lecture_app.lecture.lecture.len())
        .map(|step| {
            let mut app = computed(&args(ScreenName::Lecture, 160, 16, 7));
            app.lecture.step = step;
            app
        })
        .collect();
    let mut full_sandbox = computed(&args(ScreenName::Sandbox, 160, 16, 7));
    update(
        &mut full_sandbox,
        Action::Sandbox(SandboxAction::Select(SandboxSetting::M)),
    );
    for _ in 0..10 {
        update(
            &mut full_sandbox,
            Action::Sandbox(SandboxAction::Adjust {
                up: true,
                big: true,
            }),
        );
    }
    update(
        &mut full_sandbox,
        Action::Sandbox(SandboxAction::Focus(KeyMode::Insert)),
    );
    for i in 0..60 {
        for c in format!("key-{i}").chars() {
            update(&mut full_sandbox, Action::Field(FieldAction::Type(c)));
        }
        update(&mut full_sandbox, Action::Field(FieldAction::Submit));
    }
    let sandbox = vec![
        computed(&args(ScreenName::Sandbox, 160, 16, 7)),
        full_sandbox,
    ];
    let sizing = vec![computed(&args(ScreenName::Sizing, 160, 16, 7))];
    vec![
        ("lecture", lecture),
        ("lab", lab),
        ("sandbox", sandbox),
        ("sizing", sizing),
    ]
}

fn terminal() -> Terminal<TestBackend> {
    match Terminal::new(TestBackend::new(WIDTH, HEIGHT)) {
        Ok(t) => t,
        Err(e) => panic!("no test terminal: {e}"),
    }
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &App) {
    if let Err(e) = terminal.draw(|f| f.render_widget(black_box(app), f.area())) {
        panic!("draw failed: {e}");
    }
}

/// The state whose frame takes longest, by a rough median of a few draws.
fn slowest(apps: Vec<App>) -> App {
    let mut terminal = terminal();
    let mut timed: Vec<(Duration, App)> = apps
        .into_iter()
        .map(|app| {
            let mut samples: Vec<Duration> = (0..15)
                .map(|_| {
                    let start = Instant::now();
                    draw(&mut terminal, &app);
                    start.elapsed()
                })
                .collect();
            samples.sort();
            (samples[samples.len() / 2], app)
        })
        .collect();
    timed.sort_by_key(|(d, _)| *d);
    match timed.pop() {
        Some((_, app)) => app,
        None => panic!("no candidates"),
    }
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst frame 200x60");
    for (name, apps) in candidates() {
        let app = slowest(apps);
        let mut terminal = terminal();
        group.bench_function(name, |b| b.iter(|| draw(&mut terminal, &app)));
    }
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
