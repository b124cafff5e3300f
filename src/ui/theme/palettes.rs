//! The palettes, as data. To add one, copy a palette below, give it a new
//! name and colours, and list it in [`PALETTES`]: `--theme`, the `t` key and
//! the contrast test pick it up from there.

use ratatui::style::{Color, Modifier};

use super::{Ink, Role, Tone};

/// A named set of inks, one per [`Role`].
#[derive(Debug, PartialEq, Eq)]
pub struct Palette {
    /// The name `--theme` takes.
    pub name: &'static str,
    /// The text colour of roles without one of their own.
    pub foreground: (u8, u8, u8),
    /// The colour everything sits on.
    pub background: (u8, u8, u8),
    /// Foreground and background painted over the whole screen first;
    /// `None` keeps the terminal's own (and `background` is then only the
    /// colour assumed for exports and the contrast check).
    pub paint: Option<(Tone, Tone)>,
    /// [`Role::Text`].
    pub text: Ink,
    /// [`Role::Narration`].
    pub narration: Ink,
    /// [`Role::Note`].
    pub note: Ink,
    /// [`Role::Label`].
    pub label: Ink,
    /// [`Role::Hint`].
    pub hint: Ink,
    /// [`Role::Key`].
    pub key: Ink,
    /// [`Role::Title`].
    pub title: Ink,
    /// [`Role::Border`].
    pub border: Ink,
    /// [`Role::Guide`].
    pub guide: Ink,
    /// [`Role::Index`].
    pub index: Ink,
    /// [`Role::Owner`].
    pub owner: Ink,
    /// [`Role::Axis`].
    pub axis: Ink,
    /// [`Role::Figure`].
    pub figure: Ink,
    /// [`Role::Focus`].
    pub focus: Ink,
    /// [`Role::Selected`].
    pub selected: Ink,
    /// [`Role::Emphasis`].
    pub emphasis: Ink,
    /// [`Role::BitSet`].
    pub bit_set: Ink,
    /// [`Role::BitShared`].
    pub bit_shared: Ink,
    /// [`Role::BitFresh`].
    pub bit_fresh: Ink,
    /// [`Role::BitCleared`].
    pub bit_cleared: Ink,
    /// [`Role::BitEmpty`].
    pub bit_empty: Ink,
    /// [`Role::ProbeHit`].
    pub probe_hit: Ink,
    /// [`Role::ProbeMiss`].
    pub probe_miss: Ink,
    /// [`Role::ProbePending`].
    pub probe_pending: Ink,
    /// [`Role::ProbeSkipped`].
    pub probe_skipped: Ink,
    /// [`Role::Good`].
    pub good: Ink,
    /// [`Role::Bad`].
    pub bad: Ink,
    /// [`Role::Warn`].
    pub warn: Ink,
    /// [`Role::Exact`].
    pub exact: Ink,
    /// [`Role::Idealised`].
    pub idealised: Ink,
    /// [`Role::True`].
    pub true_rate: Ink,
    /// [`Role::Measured`].
    pub measured: Ink,
    /// [`Role::Stale`].
    pub stale: Ink,
    /// [`Role::Marker`].
    pub marker: Ink,
}

impl Palette {
    /// The ink of `role`.
    pub fn ink(&self, role: Role) -> Ink {
        match role {
            Role::Text => self.text,
            Role::Narration => self.narration,
            Role::Note => self.note,
            Role::Label => self.label,
            Role::Hint => self.hint,
            Role::Key => self.key,
            Role::Title => self.title,
            Role::Border => self.border,
            Role::Guide => self.guide,
            Role::Index => self.index,
            Role::Owner => self.owner,
            Role::Axis => self.axis,
            Role::Figure => self.figure,
            Role::Focus => self.focus,
            Role::Selected => self.selected,
            Role::Emphasis => self.emphasis,
            Role::BitSet => self.bit_set,
            Role::BitShared => self.bit_shared,
            Role::BitFresh => self.bit_fresh,
            Role::BitCleared => self.bit_cleared,
            Role::BitEmpty => self.bit_empty,
            Role::ProbeHit => self.probe_hit,
            Role::ProbeMiss => self.probe_miss,
            Role::ProbePending => self.probe_pending,
            Role::ProbeSkipped => self.probe_skipped,
            Role::Good => self.good,
            Role::Bad => self.bad,
            Role::Warn => self.warn,
            Role::Exact => self.exact,
            Role::Idealised => self.idealised,
            Role::True => self.true_rate,
            Role::Measured => self.measured,
            Role::Stale => self.stale,
            Role::Marker => self.marker,
        }
    }
}

/// Every palette, in the order `t` cycles through them.
pub(crate) const PALETTES: &[&Palette] = &[&DARK, &LIGHT, &HIGH_CONTRAST, &MONO];

const fn tone(hex: u32, ansi: Color) -> Tone {
    Tone {
        rgb: ((hex >> 16) as u8, (hex >> 8) as u8, hex as u8),
        ansi,
    }
}

/// A foreground colour with modifiers.
const fn ink(hex: u32, ansi: Color, modifiers: Modifier) -> Ink {
    Ink {
        fg: Some(tone(hex, ansi)),
        bg: None,
        modifiers,
    }
}

/// A foreground on a background of its own.
const fn on(fg: (u32, Color), bg: (u32, Color), modifiers: Modifier) -> Ink {
    Ink {
        fg: Some(tone(fg.0, fg.1)),
        bg: Some(tone(bg.0, bg.1)),
        modifiers,
    }
}

/// The palette's own colours, with modifiers only.
const fn plain(modifiers: Modifier) -> Ink {
    Ink {
        fg: None,
        bg: None,
        modifiers,
    }
}

const PLAIN: Modifier = Modifier::empty();
const BOLD: Modifier = Modifier::BOLD;
const ITALIC: Modifier = Modifier::ITALIC;
const DIM: Modifier = Modifier::DIM;
const REVERSED: Modifier = Modifier::REVERSED;
const UNDERLINED: Modifier = Modifier::UNDERLINED;

/// Light text on the terminal's dark background: the app's long-standing look.
pub(crate) const DARK: Palette = Palette {
    name: "dark",
    foreground: (0xd8, 0xd8, 0xd8),
    background: (0x16, 0x16, 0x16),
    paint: None,
    text: plain(PLAIN),
    narration: plain(PLAIN),
    note: ink(0xffd75f, Color::Yellow, PLAIN),
    label: ink(0xa8a8a8, Color::Gray, PLAIN),
    hint: ink(0x9e9e9e, Color::DarkGray, PLAIN),
    key: ink(0x5fd7ff, Color::Cyan, BOLD),
    title: ink(0x5fd7ff, Color::Cyan, BOLD),
    border: ink(0x8a8a8a, Color::DarkGray, PLAIN),
    guide: ink(0xd7af5f, Color::Yellow, PLAIN),
    index: ink(0xbcbcbc, Color::Gray, PLAIN),
    owner: ink(0xbcbcbc, Color::Gray, PLAIN),
    axis: ink(0xbcbcbc, Color::Gray, PLAIN),
    figure: ink(0xffd75f, Color::Yellow, PLAIN),
    focus: ink(0xffd75f, Color::Yellow, PLAIN),
    selected: on((0x161616, Color::Black), (0x5fd7ff, Color::Cyan), BOLD),
    emphasis: ink(0xffd75f, Color::Yellow, BOLD),
    bit_set: ink(0x5fd75f, Color::Green, PLAIN),
    bit_shared: ink(0x87ff87, Color::LightGreen, BOLD),
    bit_fresh: ink(0xffd75f, Color::Yellow, BOLD),
    bit_cleared: ink(0xff5f5f, Color::LightRed, BOLD),
    bit_empty: ink(0x8a8a8a, Color::DarkGray, PLAIN),
    probe_hit: ink(0xffd75f, Color::Yellow, BOLD),
    probe_miss: ink(0xff5f5f, Color::LightRed, BOLD),
    probe_pending: ink(0xffd75f, Color::Yellow, PLAIN),
    probe_skipped: ink(0x9e9e9e, Color::DarkGray, PLAIN),
    good: ink(0x5fd75f, Color::Green, BOLD),
    bad: ink(0xff5f5f, Color::LightRed, BOLD),
    warn: ink(0xffd75f, Color::Yellow, BOLD),
    exact: ink(0x5fd7ff, Color::Cyan, PLAIN),
    idealised: ink(0xd787ff, Color::LightMagenta, PLAIN),
    true_rate: ink(0x5fd75f, Color::Green, PLAIN),
    measured: ink(0xffd75f, Color::Yellow, PLAIN),
    stale: ink(0x9e9e9e, Color::DarkGray, ITALIC),
    marker: ink(0xffffff, Color::White, BOLD),
};

/// Dark text on a light background painted over the whole screen: reads best on a projector in a lit room.
pub(crate) const LIGHT: Palette = Palette {
    name: "light",
    foreground: (0x1a, 0x1a, 0x1a),
    background: (0xfa, 0xfa, 0xfa),
    paint: Some((tone(0x1a1a1a, Color::Black), tone(0xfafafa, Color::White))),
    text: plain(PLAIN),
    narration: plain(PLAIN),
    note: ink(0x7a4a00, Color::Magenta, PLAIN),
    label: ink(0x4a4a4a, Color::Black, PLAIN),
    hint: ink(0x555555, Color::Black, PLAIN),
    key: ink(0x005f87, Color::Blue, BOLD),
    title: ink(0x005f87, Color::Blue, BOLD),
    border: ink(0x666666, Color::Black, PLAIN),
    guide: ink(0x8a4b00, Color::Magenta, PLAIN),
    index: ink(0x333333, Color::Black, PLAIN),
    owner: ink(0x333333, Color::Black, PLAIN),
    axis: ink(0x333333, Color::Black, PLAIN),
    figure: ink(0x005f87, Color::Blue, BOLD),
    focus: ink(0x8a4b00, Color::Magenta, BOLD),
    selected: on((0xffffff, Color::White), (0x005f87, Color::Blue), BOLD),
    emphasis: ink(0x8a4b00, Color::Magenta, BOLD),
    bit_set: ink(0x1b6e1b, Color::Black, PLAIN),
    bit_shared: ink(0x0b4f0b, Color::Black, BOLD),
    bit_fresh: ink(0x8a4b00, Color::Magenta, BOLD),
    bit_cleared: ink(0xb00020, Color::Red, BOLD),
    bit_empty: ink(0x6e6e6e, Color::Black, PLAIN),
    probe_hit: ink(0x8a4b00, Color::Magenta, BOLD),
    probe_miss: ink(0xb00020, Color::Red, BOLD),
    probe_pending: ink(0x8a4b00, Color::Magenta, PLAIN),
    probe_skipped: ink(0x666666, Color::Black, PLAIN),
    good: ink(0x1b6e1b, Color::LightBlue, BOLD),
    bad: ink(0xb00020, Color::Red, BOLD),
    warn: ink(0x8a4b00, Color::Magenta, BOLD),
    exact: ink(0x005f87, Color::Blue, PLAIN),
    idealised: ink(0x7b2d8e, Color::Magenta, PLAIN),
    true_rate: ink(0x1b6e1b, Color::Black, PLAIN),
    measured: ink(0x8a4b00, Color::Red, PLAIN),
    stale: ink(0x666666, Color::Black, ITALIC),
    marker: ink(0x000000, Color::Black, BOLD),
};

/// White and saturated colours on black, every text at 7:1 or more.
pub(crate) const HIGH_CONTRAST: Palette = Palette {
    name: "high-contrast",
    foreground: (0xff, 0xff, 0xff),
    background: (0x00, 0x00, 0x00),
    paint: Some((tone(0xffffff, Color::White), tone(0x000000, Color::Black))),
    text: plain(PLAIN),
    narration: plain(PLAIN),
    note: ink(0xffff00, Color::LightYellow, PLAIN),
    label: ink(0xe0e0e0, Color::White, PLAIN),
    hint: ink(0xd0d0d0, Color::White, PLAIN),
    key: ink(0x00ffff, Color::LightCyan, BOLD),
    title: ink(0x00ffff, Color::LightCyan, BOLD),
    border: ink(0xffffff, Color::White, PLAIN),
    guide: ink(0xffff00, Color::LightYellow, PLAIN),
    index: ink(0xffffff, Color::White, PLAIN),
    owner: ink(0xffffff, Color::White, PLAIN),
    axis: ink(0xffffff, Color::White, PLAIN),
    figure: ink(0xffff00, Color::LightYellow, BOLD),
    focus: ink(0xffff00, Color::LightYellow, BOLD),
    selected: on(
        (0x000000, Color::Black),
        (0xffff00, Color::LightYellow),
        BOLD,
    ),
    emphasis: ink(0xffff00, Color::LightYellow, BOLD),
    bit_set: ink(0x00ff00, Color::LightGreen, PLAIN),
    bit_shared: ink(0x00ff00, Color::LightGreen, BOLD.union(UNDERLINED)),
    bit_fresh: ink(0xffff00, Color::LightYellow, BOLD),
    bit_cleared: ink(0xff7070, Color::LightRed, BOLD),
    bit_empty: ink(0xc0c0c0, Color::Gray, PLAIN),
    probe_hit: ink(0xffff00, Color::LightYellow, BOLD),
    probe_miss: ink(0xff7070, Color::LightRed, BOLD),
    probe_pending: ink(0xffff00, Color::LightYellow, PLAIN),
    probe_skipped: ink(0xc0c0c0, Color::Gray, PLAIN),
    good: ink(0x00ff00, Color::LightGreen, BOLD),
    bad: ink(0xff7070, Color::LightRed, BOLD),
    warn: ink(0xffff00, Color::LightYellow, BOLD),
    exact: ink(0x00ffff, Color::LightCyan, PLAIN),
    idealised: ink(0xff80ff, Color::LightMagenta, PLAIN),
    true_rate: ink(0x00ff00, Color::LightGreen, PLAIN),
    measured: ink(0xffff00, Color::LightYellow, PLAIN),
    stale: ink(0xc0c0c0, Color::Gray, ITALIC),
    marker: ink(0xffffff, Color::White, BOLD),
};

/// No colour at all, the terminal's own foreground and background (what `NO_COLOR` asks for): glyphs and bold carry the meaning.
pub(crate) const MONO: Palette = Palette {
    name: "mono",
    foreground: (0x00, 0x00, 0x00),
    background: (0xff, 0xff, 0xff),
    paint: None,
    text: plain(PLAIN),
    narration: plain(PLAIN),
    note: plain(PLAIN),
    label: plain(DIM),
    hint: plain(DIM),
    key: plain(BOLD),
    title: plain(BOLD),
    border: plain(DIM),
    guide: plain(PLAIN),
    index: plain(PLAIN),
    owner: plain(PLAIN),
    axis: plain(PLAIN),
    figure: plain(BOLD),
    focus: plain(BOLD),
    selected: plain(BOLD.union(REVERSED)),
    emphasis: plain(BOLD),
    bit_set: plain(PLAIN),
    bit_shared: plain(BOLD),
    bit_fresh: plain(BOLD),
    bit_cleared: plain(BOLD),
    bit_empty: plain(DIM),
    probe_hit: plain(BOLD),
    probe_miss: plain(BOLD),
    probe_pending: plain(PLAIN),
    probe_skipped: plain(DIM),
    good: plain(BOLD),
    bad: plain(BOLD),
    warn: plain(BOLD),
    exact: plain(PLAIN),
    idealised: plain(PLAIN),
    true_rate: plain(PLAIN),
    measured: plain(PLAIN),
    stale: plain(DIM.union(ITALIC)),
    marker: plain(BOLD),
};
