//! The command-line contract, as clap definitions. Tests and scripts rely on
//! these names; see README.md for the examples.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use super::ranges;
use crate::filter::SchemeKind;
use crate::measure::MAX_THREADS;
use crate::numbers::parse_count;
use crate::ui::export::Format;
use crate::ui::{AppConfig, FrameConfig, Screen};

/// bloomlab: learn, teach and reason about Bloom filters.
#[derive(Debug, Parser)]
#[command(name = "bloomlab", version, about)]
pub(crate) struct Cli {
    /// Options for the interactive app (used when no subcommand is given).
    #[command(flatten)]
    pub app: AppArgs,
    /// Folder the app's `e` key saves frames into (the current one when not
    /// given); made when missing.
    #[arg(long, value_name = "DIR")]
    pub export_dir: Option<PathBuf>,
    /// Step the lecture on by itself every SECONDS (1 to 3600); any key
    /// pauses it, `a` starts it again.
    #[arg(long, value_name = "SECONDS", value_parser = ranges::autoplay_seconds, allow_negative_numbers = true)]
    pub autoplay: Option<u64>,
    /// Open the lecture at this step, like 3.4 (or 3 for a scene's start).
    #[arg(long, value_name = "SCENE.STEP", value_parser = ranges::start_at, allow_negative_numbers = true)]
    pub start_at: Option<(u32, u32)>,
    /// The speaker view's session name: two talks at once need two names
    /// (letters, digits, - and _; one session per user when not given).
    #[arg(long, value_name = "NAME", value_parser = ranges::session)]
    pub session: Option<String>,
    /// The talk's length in minutes (1 to 600): the speaker view counts
    /// down from it and shares it among the scenes.
    #[arg(long, value_name = "M", value_parser = ranges::talk_minutes, allow_negative_numbers = true)]
    pub minutes: Option<u32>,
    /// Plain mode: the app as lines of text for a screen reader or a pipe
    /// (no cursor movement, no colour). Also when TERM=dumb or standard
    /// output is not a terminal.
    #[arg(long)]
    pub plain: bool,
    /// A one-shot command instead of the app.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `--screen`: the app's screens as the registry lists them, each by its
/// tab's name in lower case, with what the registry says of it.
impl ValueEnum for Screen {
    fn value_variants<'a>() -> &'a [Self] {
        Screen::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.cli_name()).help(self.about()))
    }
}

/// What `render` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub(crate) enum FormatName {
    /// Plain text, one line per row.
    #[default]
    Text,
    /// Text with ANSI colour codes, for `cat` in a terminal.
    Ansi,
    /// An SVG picture in the palette's colours.
    Svg,
    /// A self-contained HTML page (with --all: the whole lecture).
    Html,
    /// The lecture as a printable PDF handout.
    Pdf,
    /// The lecture as an asciinema recording (asciicast v2).
    Cast,
}

impl FormatName {
    /// The app's name for this format, for one frame (`None` for the
    /// formats only the whole lecture is written in).
    pub(crate) fn format(self) -> Option<Format> {
        match self {
            FormatName::Text => Some(Format::Text),
            FormatName::Ansi => Some(Format::Ansi),
            FormatName::Svg => Some(Format::Svg),
            FormatName::Html => Some(Format::Html),
            FormatName::Pdf | FormatName::Cast => None,
        }
    }
}

/// `--paper`: the PDF handout's page size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum PaperName {
    /// ISO A4 (210 x 297 mm).
    A4,
    /// US Letter (8.5 x 11 in).
    Letter,
}

/// `--scheme`: one of [`SchemeKind::NAMES`], parsed by the core's own
/// `FromStr`, so the names live in one place.
fn scheme_kind() -> impl TypedValueParser<Value = SchemeKind> {
    PossibleValuesParser::new(SchemeKind::NAMES).try_map(|name| name.parse::<SchemeKind>())
}

/// `--threads`: 1 to [`MAX_THREADS`].
fn thread_count(text: &str) -> Result<NonZeroUsize, String> {
    parse_count(text)
        .ok()
        .filter(|&n| n <= MAX_THREADS as u64)
        .and_then(|n| NonZeroUsize::new(n as usize))
        .ok_or_else(|| format!("a whole number between 1 and {MAX_THREADS}"))
}

/// Options that open the app at a given place (also used by `render`).
#[derive(Debug, Clone, Args, Default)]
pub(crate) struct AppArgs {
    /// Screen to open on (the lecture when not given).
    #[arg(long, value_enum)]
    pub screen: Option<Screen>,
    /// Bits in the filter (lab).
    #[arg(long, value_parser = ranges::lab_bits, allow_negative_numbers = true)]
    pub m: Option<u64>,
    /// Keys inserted (lab).
    #[arg(long, value_parser = ranges::lab_keys, allow_negative_numbers = true)]
    pub n: Option<u64>,
    /// Hash functions per key (lab).
    #[arg(long, value_parser = ranges::lab_hashes, allow_negative_numbers = true)]
    pub k: Option<u32>,
    /// A lecture script to use instead of the built-in one.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// A built-in lecture by name: bloom (the default, five scenes) or
    /// after-bloom (the filters a reader meets next, measured).
    #[arg(long, value_name = "NAME", conflicts_with = "script", value_parser = PossibleValuesParser::new(crate::lecture::lecture_names()))]
    pub lecture: Option<String>,
    /// Colours: dark, light (for a projector in a lit room), high-contrast
    /// or mono (what NO_COLOR gives when no theme is named).
    #[arg(long, value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(crate::ui::theme_names()))]
    pub theme: Option<String>,
    /// Present mode: no tab bar or key footer, large type, for a projector.
    #[arg(long)]
    pub present: bool,
}

impl AppArgs {
    /// These options, with any left out taken from `fallback`.
    pub(crate) fn or(self, fallback: AppArgs) -> AppArgs {
        AppArgs {
            screen: self.screen.or(fallback.screen),
            m: self.m.or(fallback.m),
            n: self.n.or(fallback.n),
            k: self.k.or(fallback.k),
            script: self.script.or(fallback.script),
            lecture: self.lecture.or(fallback.lecture),
            theme: self.theme.or(fallback.theme),
            present: self.present || fallback.present,
        }
    }

    /// The app's own description of these options.
    pub(crate) fn config(&self) -> AppConfig {
        AppConfig {
            screen: self.screen.unwrap_or_default(),
            m: self.m,
            n: self.n,
            k: self.k,
            script: self.script.clone(),
            lecture: self.lecture.clone(),
            theme: self.theme.clone(),
            present: self.present,
            ..AppConfig::default()
        }
    }

    /// True when any option was given.
    pub(crate) fn any_given(&self) -> bool {
        self.screen.is_some()
            || self.m.is_some()
            || self.n.is_some()
            || self.k.is_some()
            || self.script.is_some()
            || self.lecture.is_some()
            || self.theme.is_some()
            || self.present
    }
}

/// The one-shot commands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Exact, idealised and true false-positive rates for m, n, k.
    Rate(RateArgs),
    /// Count false positives on real, seeded filters.
    Measure(MeasureArgs),
    /// Measure the filters after Bloom (blocked, counting, cuckoo,
    /// quotient, xor, binary fuse) for n keys at rate p, against the floor.
    Compare(CompareArgs),
    /// Size a filter for n keys at a target rate p.
    Size(SizeArgs),
    /// Print each key's positions (the lesson's hash unless --scheme says otherwise).
    Positions(PositionsArgs),
    /// Insert keys into a filter (the lesson's unless --scheme says otherwise) and query others.
    Lookup(LookupArgs),
    /// Draw one screen exactly as the app would: as text, ANSI, SVG or
    /// HTML; with --all, every step of the lecture.
    Render(RenderArgs),
    /// Check or trace a lecture script.
    Script(ScriptArgs),
    /// The speaker view, for a second terminal: the presenting app's
    /// narration, the next step, the time; its arrows move both.
    Speaker(SpeakerArgs),
    /// Lesson notes, kept on this computer only: list, add, tick off,
    /// delete, export as Markdown.
    Notes(NotesArgs),
    /// The config file: where it is, the settings in force and where each
    /// came from, or a commented file to start from.
    Config(ConfigArgs),
}

/// `bloomlab config`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ConfigArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: ConfigAction,
}

/// `bloomlab config path|show|init`.
#[derive(Debug, Clone, Copy, Subcommand)]
pub(crate) enum ConfigAction {
    /// Print where the config file is (or would be).
    Path,
    /// Print the settings in force and where each came from (the default,
    /// a line of the file, or a flag given before `config`).
    Show,
    /// Write a commented config file to start from; a file already there
    /// is kept as it is.
    Init,
}

/// `bloomlab notes`.
#[derive(Debug, Clone, Args)]
pub(crate) struct NotesArgs {
    /// What to do with the notes.
    #[command(subcommand)]
    pub action: NotesAction,
}

/// `bloomlab notes list|add|done|undo|delete|export`.
#[derive(Debug, Clone, Subcommand)]
pub(crate) enum NotesAction {
    /// Print every note, numbered.
    List,
    /// Add a note.
    Add {
        /// What it says (several words make one note).
        #[arg(required = true, allow_hyphen_values = true)]
        text: Vec<String>,
    },
    /// Tick a note off.
    Done {
        /// The note's number, as `notes list` prints it.
        #[arg(value_parser = ranges::note_number)]
        number: usize,
    },
    /// Open a ticked-off note again.
    Undo {
        /// The note's number.
        #[arg(value_parser = ranges::note_number)]
        number: usize,
    },
    /// Delete a note.
    Delete {
        /// The note's number.
        #[arg(value_parser = ranges::note_number)]
        number: usize,
    },
    /// Print the notes as a Markdown document.
    Export,
}

/// `bloomlab speaker`.
#[derive(Debug, Clone, Args)]
pub(crate) struct SpeakerArgs {
    /// The presenting app's session (as given to it with --session).
    #[arg(long, value_name = "NAME", value_parser = ranges::session)]
    pub session: Option<String>,
    /// The talk's length in minutes (1 to 600), when the presenting app
    /// was not given one: the countdown and the time per scene.
    #[arg(long, value_name = "M", value_parser = ranges::talk_minutes, allow_negative_numbers = true)]
    pub minutes: Option<u32>,
}

/// `bloomlab rate`.
#[derive(Debug, Clone, Args)]
pub(crate) struct RateArgs {
    /// Bits in the filter (1 to 10^18).
    #[arg(long, value_parser = ranges::rate_bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Keys inserted (0 to 10^15).
    #[arg(long, value_parser = ranges::rate_keys, allow_negative_numbers = true)]
    pub n: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
    /// Significant digits of the exact rate (1 to 10000).
    #[arg(long, default_value_t = 10, value_parser = ranges::digits, allow_negative_numbers = true)]
    pub digits: u32,
    /// Largest full exact fraction, in decimal digits of its denominator,
    /// worth building (1 to 10^8). The printed digits never need it (they
    /// come from certified brackets at any size); fractions of up to 20,000
    /// digits (or this, if lower) are divided out by long division, and
    /// --rational builds one within this budget.
    #[arg(long, value_name = "DIGITS", default_value_t = crate::rates::budget::DEFAULT_MAX_DIGITS, value_parser = ranges::budget_digits, allow_negative_numbers = true)]
    pub max_digits: u64,
    /// The k values scanned for the best one, as LO..HI (both included).
    /// Without it: 1..10, widened while the best k sits on the upper edge.
    #[arg(long, value_name = "LO..HI", value_parser = ranges::k_range)]
    pub best_k_range: Option<(u32, u32)>,
    /// Print the numerator and denominator of the exact classic rate
    /// instead (refused when its denominator is over --max-digits).
    #[arg(long)]
    pub rational: bool,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `bloomlab measure`.
#[derive(Debug, Clone, Args)]
pub(crate) struct MeasureArgs {
    /// Bits in each filter (1 to 2^32).
    #[arg(long, value_parser = ranges::filter_bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Keys inserted into each filter (0 to 10^12).
    #[arg(long, value_parser = ranges::keys, allow_negative_numbers = true)]
    pub n: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
    /// Never-inserted keys queried per filter (1 to 10^9).
    #[arg(long, default_value_t = 100_000, value_parser = ranges::queries, allow_negative_numbers = true)]
    pub queries: u64,
    /// Independent filters to pool over, fresh keys for each (1 to 10^7).
    #[arg(long, default_value_t = 1, value_parser = ranges::filters, allow_negative_numbers = true)]
    pub filters: u64,
    /// Seed for key generation and hash seeds.
    #[arg(long, default_value_t = 1, value_parser = ranges::seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Probe scheme: the lesson's double hashing, enhanced double hashing,
    /// or k independent hashes (the textbook model).
    #[arg(long, default_value_t = SchemeKind::Independent, value_parser = scheme_kind())]
    pub scheme: SchemeKind,
    /// Threads to spread the filters over (1 to 64; every core when not
    /// given). The result is the same for any number.
    #[arg(long, value_parser = thread_count, allow_negative_numbers = true)]
    pub threads: Option<NonZeroUsize>,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `bloomlab compare`.
#[derive(Debug, Clone, Args)]
pub(crate) struct CompareArgs {
    /// Keys each structure holds (1 to 10^9; accepts 1e6, 1M).
    #[arg(long, value_parser = ranges::compare_keys, allow_negative_numbers = true)]
    pub n: u64,
    /// Target false-positive rate (accepts 1%, 0.01, 1/100, 1 in 1000).
    #[arg(long, allow_hyphen_values = true)]
    pub p: String,
    /// Never-inserted keys queried against each structure (1 to 10^8).
    #[arg(long, default_value_t = 1_000_000, value_parser = ranges::compare_queries, allow_negative_numbers = true)]
    pub queries: u64,
    /// Seed for the keys and every hash: the same seed gives the same
    /// counts (the timings differ from run to run).
    #[arg(long, default_value_t = 1, value_parser = ranges::seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Which rate `size` has to bring down to the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub(crate) enum SizeBy {
    /// The classic formula `(1 - (1 - 1/m)^(kn))^k`, exactly.
    #[default]
    Classic,
    /// The true rate of a real filter, `E[(X/m)^k]`, exactly.
    True,
}

/// `bloomlab size`: any three of n, p, m (or --memory) and k in, the fourth out.
#[derive(Debug, Clone, Args)]
pub(crate) struct SizeArgs {
    /// Keys to hold (accepts 50M, 1e6, 50000000).
    #[arg(long, allow_hyphen_values = true)]
    pub n: Option<String>,
    /// Target false-positive rate (accepts 1%, 0.01, 1/100, 1 in 1000).
    #[arg(long, allow_hyphen_values = true)]
    pub p: Option<String>,
    /// Bits in the filter (accepts 479252919, 4.8e8, 480M).
    #[arg(long, allow_hyphen_values = true)]
    pub m: Option<String>,
    /// The filter's size as memory instead of bits (64MiB, 1.5GB; units B,
    /// KB, MB, GB, TB, KiB, MiB, GiB, TiB).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "m")]
    pub memory: Option<String>,
    /// Hash functions per key (1 to 1000); the best one when left out.
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: Option<u32>,
    /// Which exact rate must meet the target.
    #[arg(long, value_enum, default_value_t = SizeBy::Classic)]
    pub by: SizeBy,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `bloomlab positions`.
#[derive(Debug, Clone, Args)]
pub(crate) struct PositionsArgs {
    /// Keys to hash.
    #[arg(required = true)]
    pub keys: Vec<std::ffi::OsString>,
    /// Bits in the filter (1 to 10^12).
    #[arg(long, value_parser = ranges::bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
    /// Probe scheme (the lesson's double hashing unless told otherwise).
    #[arg(long, default_value_t = SchemeKind::Double, value_parser = scheme_kind())]
    pub scheme: SchemeKind,
    /// Hash seed of the independent scheme (the other two have none).
    #[arg(long, default_value_t = 1, value_parser = ranges::seed, allow_negative_numbers = true)]
    pub seed: u64,
}

/// `bloomlab lookup`.
#[derive(Debug, Clone, Args)]
pub(crate) struct LookupArgs {
    /// Bits in the filter (1 to 2^32).
    #[arg(long, value_parser = ranges::filter_bits, allow_negative_numbers = true)]
    pub m: u64,
    /// Hash functions per key (1 to 1000).
    #[arg(long, value_parser = ranges::hashes, allow_negative_numbers = true)]
    pub k: u32,
    /// Comma-separated keys to insert (raw bytes on Unix, so any encoding works).
    #[arg(long)]
    pub insert: std::ffi::OsString,
    /// Comma-separated keys to query.
    #[arg(long)]
    pub query: std::ffi::OsString,
    /// Probe scheme (the lesson's double hashing unless told otherwise).
    #[arg(long, default_value_t = SchemeKind::Double, value_parser = scheme_kind())]
    pub scheme: SchemeKind,
    /// Hash seed of the independent scheme (the other two have none).
    #[arg(long, default_value_t = 1, value_parser = ranges::seed, allow_negative_numbers = true)]
    pub seed: u64,
}

/// `bloomlab render`.
#[derive(Debug, Clone, Args)]
pub(crate) struct RenderArgs {
    /// Where to put the app, as when opening it: screen (the lecture when
    /// not given), m, n, k and a lecture script.
    #[command(flatten)]
    pub app: AppArgs,
    /// Lecture scene, counting from 1.
    #[arg(long, value_parser = ranges::scene_or_step, allow_negative_numbers = true)]
    pub scene: Option<u32>,
    /// Step within the scene, counting from 1.
    #[arg(long, value_parser = ranges::scene_or_step, allow_negative_numbers = true)]
    pub step: Option<u32>,
    /// Width of the drawing in columns (1 to 1000).
    #[arg(long, default_value_t = 100, value_parser = ranges::render_size, allow_negative_numbers = true)]
    pub width: u16,
    /// Height of the drawing in rows (1 to 1000).
    #[arg(long, default_value_t = 30, value_parser = ranges::render_size, allow_negative_numbers = true)]
    pub height: u16,
    /// Output format: text (the default), ansi (colours for a terminal; 24-bit
    /// when COLORTERM says truecolor or 24bit, else the 16 ANSI colours),
    /// svg or html (the palette's exact colours); for the whole lecture
    /// also pdf (a handout to print) and cast (an asciinema recording).
    #[arg(long, value_enum, default_value_t = FormatName::Text)]
    pub format: FormatName,
    /// Every step of the lecture: with --format html one page that steps by
    /// keys and prints as a handout; with --format pdf the handout as a PDF
    /// (light unless --theme says otherwise); with --format svg one file
    /// per step (3-04.svg) in the folder --out names.
    #[arg(long)]
    pub all: bool,
    /// Write to this file instead of standard output (- is standard output;
    /// with --all --format svg: into this folder, made if missing). The file
    /// appears whole or not at all, and only a regular file is replaced.
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Draw a predict step revealed: its hidden verdict, figure or probe
    /// shown, and whether the class was right (other steps are the same).
    #[arg(long)]
    pub revealed: bool,
    /// Page size of the PDF handout (--all --format pdf): a4 (the default)
    /// or letter.
    #[arg(long, value_enum)]
    pub paper: Option<PaperName>,
    /// Seconds each frame of --format cast stays on screen (1 to 3600;
    /// 4 when not given).
    #[arg(long, value_name = "SECONDS", value_parser = ranges::autoplay_seconds, allow_negative_numbers = true)]
    pub step_seconds: Option<u64>,
    /// Print what the frame puts where instead of the frame: one JSON
    /// object {"width", "height", "parts"}, each part with its kind, rect
    /// [x, y, w, h], type scale, text (and a bit row's cell or a bar
    /// chart's longest bar [w, h]).
    #[arg(long, conflicts_with_all = ["all", "format", "paper", "step_seconds"])]
    pub layout: bool,
}

impl RenderArgs {
    /// The frame these options ask for.
    pub(crate) fn frame(&self) -> FrameConfig {
        FrameConfig {
            app: self.app.config(),
            scene: self.scene,
            step: self.step,
            width: self.width,
            height: self.height,
            revealed: self.revealed,
        }
    }
}

/// `bloomlab script`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ScriptArgs {
    /// What to do with the script.
    #[command(subcommand)]
    pub action: ScriptAction,
}

/// `bloomlab script check|trace`.
#[derive(Debug, Clone, Subcommand)]
pub(crate) enum ScriptAction {
    /// Validate a script; errors are reported as file:line:column.
    Check {
        /// The script file.
        file: PathBuf,
    },
    /// Print the board after every step (one JSON object per line with --json).
    Trace {
        /// The script file (the built-in lecture when omitted).
        file: Option<PathBuf>,
        /// A built-in lecture by name instead of a file: bloom (the
        /// default) or after-bloom.
        #[arg(long, value_name = "NAME", conflicts_with = "file", value_parser = PossibleValuesParser::new(crate::lecture::lecture_names()))]
        lecture: Option<String>,
        /// One JSON object per step.
        #[arg(long)]
        json: bool,
    },
}
