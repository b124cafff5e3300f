//! Styles by role. A view asks for what a piece of text is ("bit index",
//! "probe hit", "narration"), never for a colour; the [`Palette`] chosen
//! for the session answers with a real RGB colour, or with the nearest of
//! the sixteen ANSI colours on a terminal without truecolor. The palettes
//! themselves are data, in [`palettes`].

pub(crate) mod palettes;

use ratatui::style::{Color, Modifier, Style};
use strum::{EnumIter, IntoStaticStr};

use crate::lecture::Verdict;

pub(crate) use palettes::{PALETTES, Palette};

/// What a piece of the screen is, as far as its look goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, EnumIter, IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Role {
    /// Ordinary content text.
    Text,
    /// The lecture's narration.
    Narration,
    /// A lecture note or a remark set apart from the text.
    Note,
    /// A name beside a value ("scheme", "set by", a legend entry).
    Label,
    /// Key hints and asides that explain rather than state.
    Hint,
    /// A key name in help lines.
    Key,
    /// Titles, the app's name, headings.
    Title,
    /// Panel frames and rules (not text).
    Border,
    /// Dashed reference lines on a chart: RAM, half full (not text).
    Guide,
    /// Bit positions under the row.
    Index,
    /// Who set a bit.
    Owner,
    /// Chart axes, ticks and their labels.
    Axis,
    /// A figure the screen exists to show (sizing's answers).
    Figure,
    /// The slider or field the keys act on.
    Focus,
    /// The active tab, the chosen slider: shown reversed.
    Selected,
    /// Emphasis without judgement: a highlighted line, a boxed note.
    Emphasis,
    /// A set bit.
    BitSet,
    /// A set bit that more than one item leans on.
    BitShared,
    /// A bit set by the step on show.
    BitFresh,
    /// A bit cleared by a deletion: the heavy frame round its (empty) cell
    /// and the deleted item's `-x` under it, in the palette's alarm ink.
    BitCleared,
    /// A clear bit's placeholder glyph.
    BitEmpty,
    /// A probe that read a 1.
    ProbeHit,
    /// A probe that read a 0: where a query stops.
    ProbeMiss,
    /// A probe named but not read yet.
    ProbePending,
    /// A probe never read, because an earlier one found a 0.
    ProbeSkipped,
    /// A right answer, a met target.
    Good,
    /// A wrong answer (false positive or negative), an error.
    Bad,
    /// A caution that is not an error.
    Warn,
    /// The exact classic rate.
    Exact,
    /// The idealised rate.
    Idealised,
    /// The true rate.
    True,
    /// The measured rate.
    Measured,
    /// A value left over from earlier settings while new ones compute.
    Stale,
    /// The current setting's mark on a chart.
    Marker,
}

/// The ink a right verdict is written in, small or big, on every screen. "Probably
/// present" takes the ink of the probes that all read a 1: it is a maybe.
/// "Definitely absent" is the filter's one certain answer, so it takes the
/// ink of a right answer. It does not take the alarm ink of the probe that
/// read the 0: in that ink, scene 5's wrong "definitely absent" would look
/// the same as scene 2's right one. A wrong verdict is drawn in the alarm
/// ink wherever it is shown, whatever this says.
pub(crate) fn verdict_role(verdict: impl Into<Verdict>) -> Role {
    let verdict: Verdict = verdict.into();
    match verdict {
        Verdict::ProbablyPresent => Role::ProbeHit,
        Verdict::DefinitelyAbsent => Role::Good,
    }
}

impl Role {
    /// True for roles that are not read as text (frames, guide lines). WCAG
    /// would let them off with 3:1, but the palettes hold them to the text's
    /// floor, since a faint frame vanishes on a projector.
    pub fn is_graphic(self) -> bool {
        matches!(self, Role::Border | Role::Guide)
    }
}

/// One colour, as RGB and as its nearest of the sixteen ANSI colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tone {
    /// Red, green, blue.
    pub rgb: (u8, u8, u8),
    /// The stand-in on a 16-colour terminal.
    pub ansi: Color,
}

/// How one role is drawn: colours (none means the palette's own
/// foreground or background) and text modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ink {
    /// Foreground.
    pub fg: Option<Tone>,
    /// Background behind the text (for reversed roles).
    pub bg: Option<Tone>,
    /// Bold, italic, crossed out, ...
    pub modifiers: Modifier,
}

/// What the terminal can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    TrueColor,
    /// The sixteen ANSI colours.
    Ansi16,
}

impl Depth {
    /// Reads `COLORTERM`.
    pub fn from_env() -> Depth {
        match std::env::var("COLORTERM").as_deref() {
            Ok("truecolor" | "24bit") => Depth::TrueColor,
            _ => Depth::Ansi16,
        }
    }

    fn color(self, tone: Tone) -> Color {
        match self {
            Depth::TrueColor => Color::Rgb(tone.rgb.0, tone.rgb.1, tone.rgb.2),
            Depth::Ansi16 => tone.ansi,
        }
    }
}

/// The session's look: a palette at a colour depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// The palette.
    pub palette: &'static Palette,
    /// How its colours reach the terminal.
    pub depth: Depth,
}

impl Theme {
    /// `palette` at the colour depth the terminal reports.
    pub fn new(palette: &'static Palette) -> Theme {
        Theme {
            palette,
            depth: Depth::from_env(),
        }
    }

    /// The palette the environment asks for: `mono` under `NO_COLOR`
    /// (any non-empty value), otherwise `dark`.
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme::new(if no_color {
            &palettes::MONO
        } else {
            &palettes::DARK
        })
    }

    /// The palette called `name`, at the terminal's colour depth.
    pub fn named(name: &str) -> Option<Theme> {
        PALETTES
            .iter()
            .find(|p| p.name == name)
            .map(|&palette| Theme::new(palette))
    }

    /// The monochrome theme, the same on every terminal.
    pub const MONO: Theme = Theme {
        palette: &palettes::MONO,
        depth: Depth::Ansi16,
    };

    /// The dark palette in the sixteen ANSI colours, the same on every
    /// terminal (for tests that look at colour).
    pub const DARK16: Theme = Theme {
        palette: &palettes::DARK,
        depth: Depth::Ansi16,
    };

    /// The theme after this one in [`PALETTES`], wrapping round.
    pub fn next(self) -> Theme {
        let at = PALETTES
            .iter()
            .position(|p| p.name == self.palette.name)
            .unwrap_or(0);
        Theme {
            palette: PALETTES[(at + 1) % PALETTES.len()],
            depth: self.depth,
        }
    }

    /// The style of `role`.
    pub fn style(&self, role: Role) -> Style {
        let ink = self.palette.ink(role);
        let mut style = Style::new().add_modifier(ink.modifiers);
        if let Some(fg) = ink.fg {
            style = style.fg(self.depth.color(fg));
        }
        if let Some(bg) = ink.bg {
            style = style.bg(self.depth.color(bg));
        }
        style
    }

    /// The style the whole screen is painted with before anything is drawn:
    /// the palette's background and foreground, or nothing for palettes that
    /// keep the terminal's own.
    pub fn base(&self) -> Style {
        match self.palette.paint {
            Some((fg, bg)) => Style::new()
                .fg(self.depth.color(fg))
                .bg(self.depth.color(bg)),
            None => Style::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    /// WCAG 2 relative luminance of an sRGB colour.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// WCAG 2 contrast ratio between two colours (1 to 21).
    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn luminance_and_contrast_follow_wcag() {
        assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((contrast((7, 7, 7), (7, 7, 7)) - 1.0).abs() < 1e-12);
        // A worked figure: #777777 on white is about 4.48:1.
        let grey = contrast((0x77, 0x77, 0x77), (255, 255, 255));
        assert!((grey - 4.48).abs() < 0.01, "{grey}");
    }

    /// Every colour pair a palette draws, text against the background it
    /// sits on, meets WCAG's 4.5:1 (7:1 in high contrast) in truecolor.
    /// Frames and guide lines are held to the text's floor too: on a
    /// washed-out projector a 3:1 frame vanishes.
    #[test]
    fn every_palette_is_readable() {
        for palette in PALETTES {
            let needs = if palette.name == "high-contrast" {
                7.0
            } else {
                4.5
            };
            for role in Role::iter() {
                let ink = palette.ink(role);
                let fg = ink.fg.map_or(palette.foreground, |t| t.rgb);
                let bg = ink.bg.map_or(palette.background, |t| t.rgb);
                let ratio = contrast(fg, bg);
                let name: &str = role.into();
                assert!(
                    ratio >= needs,
                    "{}: {name} is {ratio:.2}:1, needs {needs}:1",
                    palette.name
                );
            }
        }
    }

    /// The sixteen ANSI colours as xterm draws them by default. A terminal
    /// may redefine them, so this is a reference, not a promise: a colour
    /// that fails here (yellow or light grey on white) fails nearly
    /// everywhere.
    fn xterm(color: Color) -> (u8, u8, u8) {
        match color {
            Color::Black => (0, 0, 0),
            Color::Red => (205, 0, 0),
            Color::Green => (0, 205, 0),
            Color::Yellow => (205, 205, 0),
            Color::Blue => (0, 0, 238),
            Color::Magenta => (205, 0, 205),
            Color::Cyan => (0, 205, 205),
            Color::Gray => (229, 229, 229),
            Color::DarkGray => (127, 127, 127),
            Color::LightRed => (255, 0, 0),
            Color::LightGreen => (0, 255, 0),
            Color::LightYellow => (255, 255, 0),
            Color::LightBlue => (92, 92, 255),
            Color::LightMagenta => (255, 0, 255),
            Color::LightCyan => (0, 255, 255),
            Color::White => (255, 255, 255),
            other => panic!("{other:?} is not one of the sixteen colours"),
        }
    }

    /// The same check for the sixteen-colour fallback (what a terminal
    /// without truecolor shows), at 4.5:1 for every palette: the terminal
    /// picks the real shades, so only the common floor is asked of them. A
    /// palette that keeps the terminal's own colours is checked against the
    /// usual default for its kind (light grey on black, or black on white).
    #[test]
    fn every_palette_is_readable_in_sixteen_colours() {
        for palette in PALETTES.iter().filter(|p| p.name != "mono") {
            let dark = luminance(palette.background) < 0.5;
            let (ground_fg, ground_bg) = palette.paint.map_or_else(
                || {
                    if dark {
                        (Color::Gray, Color::Black)
                    } else {
                        (Color::Black, Color::White)
                    }
                },
                |(fg, bg)| (fg.ansi, bg.ansi),
            );
            for role in Role::iter() {
                let ink = palette.ink(role);
                let fg = ink.fg.map_or(ground_fg, |t| t.ansi);
                let bg = ink.bg.map_or(ground_bg, |t| t.ansi);
                let ratio = contrast(xterm(fg), xterm(bg));
                let name: &str = role.into();
                assert!(
                    ratio >= 4.5,
                    "{}: {name} in sixteen colours is {fg:?} on {bg:?}, {ratio:.2}:1",
                    palette.name
                );
            }
        }
    }

    /// The two answers a query can get and the titles above them keep
    /// three different inks in sixteen colours too: on a light terminal
    /// without truecolor, "probably present" once took the title's blue.
    #[test]
    fn the_verdicts_and_the_title_differ_in_sixteen_colours() {
        for palette in PALETTES.iter().filter(|p| p.name != "mono") {
            let ansi = |role: Role| palette.ink(role).fg.map(|t| t.ansi);
            let inks = [ansi(Role::ProbeHit), ansi(Role::Good), ansi(Role::Title)];
            for (i, a) in inks.iter().enumerate() {
                for b in &inks[i + 1..] {
                    assert_ne!(a, b, "{}: {inks:?}", palette.name);
                }
            }
        }
    }

    /// The cases a projector showed: yellow and light grey on white.
    #[test]
    fn the_sixteen_colour_check_catches_yellow_on_white() {
        assert!(contrast(xterm(Color::Yellow), xterm(Color::White)) < 4.5);
        assert!(contrast(xterm(Color::Gray), xterm(Color::White)) < 4.5);
        assert!(contrast(xterm(Color::Blue), xterm(Color::White)) >= 4.5);
    }

    #[test]
    fn light_and_high_contrast_use_no_dim_text() {
        for palette in PALETTES
            .iter()
            .filter(|p| p.name != "dark" && p.name != "mono")
        {
            for role in Role::iter() {
                let ink = palette.ink(role);
                assert!(
                    !ink.modifiers.contains(Modifier::DIM),
                    "{}: {:?} is dim",
                    palette.name,
                    role
                );
            }
            assert!(
                palette.paint.is_some(),
                "{} paints its background",
                palette.name
            );
        }
    }

    #[test]
    fn mono_has_no_colours() {
        let mono = Theme::MONO;
        for role in Role::iter() {
            let style = mono.style(role);
            assert_eq!((style.fg, style.bg), (None, None), "{role:?}");
        }
        assert_eq!(mono.base(), Style::new());
        let dark = Theme {
            palette: &palettes::DARK,
            depth: Depth::TrueColor,
        };
        assert!(matches!(dark.style(Role::Exact).fg, Some(Color::Rgb(..))));
        let dark16 = Theme {
            depth: Depth::Ansi16,
            ..dark
        };
        assert!(matches!(dark16.style(Role::Exact).fg, Some(Color::Cyan)));
    }

    #[test]
    fn themes_cycle_through_every_palette() {
        let mut theme = Theme::MONO;
        let mut seen = Vec::new();
        for _ in 0..PALETTES.len() {
            theme = theme.next();
            seen.push(theme.palette.name);
        }
        assert_eq!(seen.len(), PALETTES.len());
        assert_eq!(theme.palette.name, "mono");
        let names: Vec<&str> = PALETTES.iter().map(|p| p.name).collect();
        assert_eq!(names, ["dark", "light", "high-contrast", "mono"]);
    }
}
