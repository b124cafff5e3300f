//! Named styles for every screen, in one place. With `NO_COLOR` set the
//! theme drops colour and keeps only modifiers, so glyphs carry the meaning.

use ratatui::style::{Color, Modifier, Style};

/// The app's styles. Views ask for a role, never for a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// False when `NO_COLOR` is set (or for monochrome tests).
    pub color: bool,
}

impl Theme {
    /// Reads `NO_COLOR` from the environment (any non-empty value disables colour).
    pub fn from_env() -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    fn paint(&self, fg: Color) -> Style {
        if self.color {
            Style::new().fg(fg)
        } else {
            Style::new()
        }
    }

    /// Plain text.
    pub fn text(&self) -> Style {
        Style::new()
    }
    /// Secondary text: hints, labels, stale values.
    pub fn dim(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }
    /// Titles and the selected tab.
    pub fn title(&self) -> Style {
        self.paint(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    /// A bit that is set.
    pub fn bit_set(&self) -> Style {
        self.paint(Color::Green)
    }
    /// A probe that found a 1.
    pub fn probe_hit(&self) -> Style {
        self.paint(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    /// A probe that found a 0 (where a query stops).
    pub fn probe_miss(&self) -> Style {
        self.paint(Color::Red).add_modifier(Modifier::BOLD)
    }
    /// A bit cleared by a deletion.
    pub fn cleared(&self) -> Style {
        self.paint(Color::Magenta)
            .add_modifier(Modifier::CROSSED_OUT)
    }
    /// Something good: a right answer, a met target.
    pub fn good(&self) -> Style {
        self.paint(Color::Green).add_modifier(Modifier::BOLD)
    }
    /// Something wrong: a false positive or negative, an error.
    pub fn bad(&self) -> Style {
        self.paint(Color::Red).add_modifier(Modifier::BOLD)
    }
    /// Emphasis without judgement.
    pub fn accent(&self) -> Style {
        self.paint(Color::Yellow)
    }
    /// Exact rates.
    pub fn exact(&self) -> Style {
        self.paint(Color::Cyan)
    }
    /// Idealised rates.
    pub fn idealised(&self) -> Style {
        self.paint(Color::Magenta)
    }
    /// Measured rates.
    pub fn measured(&self) -> Style {
        self.paint(Color::Yellow)
    }
    /// A value that is still being recomputed: the last value, greyed.
    pub fn stale(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM | Modifier::ITALIC)
    }
    /// A caution that is not an error, such as "cannot resolve the rate".
    pub fn warn(&self) -> Style {
        self.paint(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    /// The active tab, the chosen slider, the focused field.
    pub fn selected(&self) -> Style {
        self.paint(Color::Cyan)
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
    }
    /// Key names in help lines.
    pub fn key(&self) -> Style {
        self.paint(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    /// Panel borders.
    pub fn border(&self) -> Style {
        self.paint(Color::DarkGray)
    }
    /// True rates (beyond the classic formula).
    pub fn true_rate(&self) -> Style {
        self.paint(Color::Green)
    }
    /// The marker of the current setting on a chart.
    pub fn marker(&self) -> Style {
        self.paint(Color::White).add_modifier(Modifier::BOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monochrome_has_no_colours() {
        let mono = Theme { color: false };
        for style in [
            mono.bit_set(),
            mono.probe_hit(),
            mono.probe_miss(),
            mono.exact(),
            mono.idealised(),
            mono.measured(),
            mono.true_rate(),
            mono.selected(),
            mono.warn(),
        ] {
            assert_eq!(style.fg, None);
        }
        assert!(Theme { color: true }.exact().fg.is_some());
    }
}
