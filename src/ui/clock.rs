//! The talk's clock: how long the talk and the current scene have run, the
//! timer on the progress line (`T`), and autoplay (`a`, `--autoplay`).
//!
//! Time comes in from outside as [`crate::ui::update::Message::Tick`], so
//! every rule here is a pure function of the instants it was given: tests
//! pass made-up instants and never sleep.

use std::time::{Duration, Instant};

/// How long a short note (the theme's name after `t`) stays.
pub(crate) const NOTE_FOR: Duration = Duration::from_secs(2);

/// Autoplay's interval when `a` is pressed and no `--autoplay` was given.
pub(crate) const DEFAULT_INTERVAL: Duration = Duration::from_secs(20);

/// When the talk and its scene started, and what the clock shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Clock {
    /// The latest instant the app was told.
    pub now: Instant,
    /// When the talk started (the app opened).
    pub started: Instant,
    /// When the scene on show was entered.
    pub scene_started: Instant,
    /// The scene (from 0) `scene_started` belongs to.
    pub scene: usize,
    /// The timer on the progress line (`T`); off until asked for.
    pub shown: bool,
    /// Seconds between autoplay's steps.
    pub interval: Duration,
    /// Autoplay on: when it last stepped (or was switched on).
    pub playing_since: Option<Instant>,
    /// The talk's planned length (`--minutes`), told to the speaker view.
    pub length: Option<Duration>,
    /// Autoplay stands on a prediction the class has not seen revealed:
    /// it waits there for the presenter instead of revealing it itself.
    pub waiting: bool,
    /// Until when a short note shows (the theme's name after `t`).
    pub note_until: Option<Instant>,
}

impl Clock {
    /// A clock whose talk starts at `now`.
    pub(crate) fn new(now: Instant) -> Self {
        Clock {
            now,
            started: now,
            scene_started: now,
            scene: 0,
            shown: false,
            interval: DEFAULT_INTERVAL,
            playing_since: None,
            length: None,
            waiting: false,
            note_until: None,
        }
    }

    /// How long the talk has run.
    pub(crate) fn talk(&self) -> Duration {
        self.now.saturating_duration_since(self.started)
    }

    /// How long the scene on show has run.
    pub(crate) fn in_scene(&self) -> Duration {
        self.now.saturating_duration_since(self.scene_started)
    }

    /// Notes that the lecture now stands in `scene`: a new scene starts
    /// its own time.
    pub(crate) fn follow_scene(&mut self, scene: usize) {
        if scene != self.scene {
            self.scene = scene;
            self.scene_started = self.now;
        }
    }

    /// Starts the talk again from now: its clock and the scene's go to 0
    /// (the speaker view's `R`, when the app was opened before the talk).
    pub(crate) fn restart(&mut self) {
        self.started = self.now;
        self.scene_started = self.now;
    }

    /// True while autoplay is on.
    pub(crate) fn playing(&self) -> bool {
        self.playing_since.is_some()
    }

    /// Switches autoplay on (counting from now) or off.
    pub(crate) fn toggle_autoplay(&mut self) {
        self.playing_since = match self.playing_since {
            Some(_) => None,
            None => Some(self.now),
        };
    }

    /// Stops autoplay (a key was pressed: a person is driving).
    pub(crate) fn pause(&mut self) {
        self.playing_since = None;
    }

    /// Moves the clock to `now`; true when autoplay is due to step (it then
    /// counts its next interval from `now`).
    pub(crate) fn tick(&mut self, now: Instant) -> bool {
        self.now = self.now.max(now);
        if self.note_until.is_some_and(|until| self.now >= until) {
            self.note_until = None;
        }
        match self.playing_since {
            Some(since) if self.now.saturating_duration_since(since) >= self.interval => {
                self.playing_since = Some(self.now);
                !self.waiting
            }
            _ => false,
        }
    }

    /// How long the terminal loop may sleep before the clock has something
    /// to show: autoplay's next step, or the timer's next whole second.
    /// `None` when neither is on, so an idle app stays asleep.
    pub(crate) fn next_wake(&self) -> Option<Duration> {
        let step = self
            .playing_since
            .map(|since| (since + self.interval).saturating_duration_since(self.now));
        let second = self.shown.then(|| {
            let into = self.talk().subsec_nanos();
            Duration::from_nanos(u64::from(1_000_000_000 - into))
        });
        let note = self
            .note_until
            .map(|until| until.saturating_duration_since(self.now));
        [step, second, note].into_iter().flatten().min()
    }

    /// Shows a short note for [`NOTE_FOR`] from now.
    pub(crate) fn note(&mut self) {
        self.note_until = Some(self.now + NOTE_FOR);
    }

    /// True while the short note shows.
    pub(crate) fn noting(&self) -> bool {
        self.note_until.is_some()
    }

    /// What the progress line shows before the step count: the elapsed
    /// time when the timer is on, and `auto` while autoplay runs.
    pub(crate) fn label(&self) -> String {
        let mut out = String::new();
        if self.shown {
            out.push_str(&elapsed(self.talk()));
            out.push_str("  ");
        }
        if self.playing() && self.waiting {
            out.push_str("auto waits: reveal to go on  ");
        } else if self.playing() {
            out.push_str(&format!("auto {}s  ", self.interval.as_secs()));
        }
        out
    }
}

/// `12:05` for twelve minutes and five seconds; `1:02:05` past the hour.
pub(crate) fn elapsed(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elapsed_reads_as_minutes_and_seconds() {
        assert_eq!(elapsed(Duration::from_secs(0)), "0:00");
        assert_eq!(elapsed(Duration::from_secs(65)), "1:05");
        assert_eq!(elapsed(Duration::from_secs(3725)), "1:02:05");
    }

    #[test]
    fn autoplay_steps_once_per_interval_and_stops_when_paused() {
        let t0 = Instant::now();
        let mut c = Clock::new(t0);
        c.interval = Duration::from_secs(5);
        assert!(!c.tick(t0 + Duration::from_secs(6)), "off: never steps");
        c.toggle_autoplay();
        assert!(!c.tick(t0 + Duration::from_secs(10)));
        assert!(c.tick(t0 + Duration::from_secs(11)));
        assert!(!c.tick(t0 + Duration::from_secs(15)));
        assert!(c.tick(t0 + Duration::from_secs(16)));
        c.pause();
        assert!(!c.tick(t0 + Duration::from_secs(60)));
    }

    #[test]
    fn the_loop_sleeps_unless_the_clock_shows_something() {
        let t0 = Instant::now();
        let mut c = Clock::new(t0);
        assert_eq!(c.next_wake(), None);
        c.shown = true;
        c.tick(t0 + Duration::from_millis(300));
        assert_eq!(c.next_wake(), Some(Duration::from_millis(700)));
        c.shown = false;
        c.interval = Duration::from_secs(3);
        c.toggle_autoplay();
        assert_eq!(c.next_wake(), Some(Duration::from_secs(3)));
        c.shown = true;
        assert_eq!(c.next_wake(), Some(Duration::from_millis(700)));
    }

    #[test]
    fn a_new_scene_starts_its_own_time() {
        let t0 = Instant::now();
        let mut c = Clock::new(t0);
        c.tick(t0 + Duration::from_secs(30));
        c.follow_scene(0);
        assert_eq!(c.in_scene(), Duration::from_secs(30));
        c.follow_scene(1);
        c.tick(t0 + Duration::from_secs(42));
        assert_eq!(c.in_scene(), Duration::from_secs(12));
        assert_eq!(c.talk(), Duration::from_secs(42));
    }
}
