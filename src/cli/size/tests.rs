//! The Sizing screen's figures are the command's: for the same inputs, the
//! answer the screen's worker computes carries exactly what `size --json`
//! prints (the solved quantity, m, n, k, bytes, both rates and how they were
//! found, every verdict, the shape one step past, the textbook's sizing).

use serde_json::Value;

use super::run;
use crate::cli::args::{SizeArgs, SizeBy};
use crate::rates::certified::RateKind;
use crate::ui::app::App;
use crate::ui::jobs::compute_now;
use crate::ui::screen::Screen;
use crate::ui::sizing::action::SizingField;
use crate::ui::sizing::compute::SizingFigures;
use crate::ui::theme::Theme;

/// One question, as flags and as the screen's fields.
struct Case {
    n: Option<&'static str>,
    p: Option<&'static str>,
    m: Option<&'static str>,
    memory: Option<&'static str>,
    k: Option<u32>,
    by_true: bool,
}

const NONE: Case = Case {
    n: None,
    p: None,
    m: None,
    memory: None,
    k: None,
    by_true: false,
};

/// `size --json`'s text and its object.
fn json_of(c: &Case) -> (String, Value) {
    let args = SizeArgs {
        n: c.n.map(String::from),
        p: c.p.map(String::from),
        m: c.m.map(String::from),
        memory: c.memory.map(String::from),
        k: c.k,
        by: if c.by_true {
            SizeBy::True
        } else {
            SizeBy::Classic
        },
        json: true,
    };
    let out = run(&args).unwrap_or_else(|e| panic!("size: {e}"));
    let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    (out, value)
}

/// The screen's answer to the same question: the missing one of n, p, m
/// is worked out (k when all three are given), as a user would set it.
fn screen_of(c: &Case) -> SizingFigures {
    let mut app = App::new(Screen::Sizing, Theme::MONO);
    let s = &mut app.screens.sizing;
    let m = c.m.or(c.memory);
    s.unknown = match (c.n, c.p, m) {
        (None, _, _) => SizingField::N,
        (_, None, _) => SizingField::P,
        (_, _, None) => SizingField::M,
        _ => SizingField::K,
    };
    s.n_field.set_text(c.n.unwrap_or(""));
    s.p_field.set_text(c.p.unwrap_or(""));
    s.m_field.set_text(m.unwrap_or(""));
    s.k_field
        .set_text(&c.k.map(|k| k.to_string()).unwrap_or_default());
    s.by = if c.by_true {
        RateKind::True
    } else {
        RateKind::Classic
    };
    compute_now(&mut app);
    assert!(!app.computing());
    match app.screens.sizing.fresh_answer() {
        Some(f) => f.clone(),
        None => panic!("no answer on the screen"),
    }
}

fn check(c: &Case) {
    let (text, json) = json_of(c);
    let f = screen_of(c);
    let a = &f.report.answer;
    let solved = match a.solved {
        crate::rates::solve::Solved::Bits => "m",
        crate::rates::solve::Solved::Rate => "p",
        crate::rates::solve::Solved::Keys => "n",
        crate::rates::solve::Solved::Hashes => "k",
    };
    let past = a.neighbour.as_ref();
    let tb = f.report.textbook.as_ref();
    let sized_meets = f.report.sized().1;
    let pairs: Vec<(&str, Value)> = vec![
        ("solved", solved.into()),
        ("m", a.m.into()),
        ("n", a.n.into()),
        ("k", a.k.into()),
        ("bytes", a.m.div_ceil(8).into()),
        ("exact", a.classic.decimal.scientific().into()),
        ("true", a.true_rate.decimal.scientific().into()),
        ("exact_method", a.classic.method.label().into()),
        ("true_method", a.true_rate.method.label().into()),
        ("exact_meets_target", a.classic_meets.into()),
        ("true_meets_target", a.true_meets.into()),
        ("meets_target", sized_meets.into()),
        ("textbook_m", tb.map(|t| t.sizing.m).into()),
        ("textbook_k", tb.map(|t| t.sizing.k).into()),
        ("textbook_bytes", tb.map(|t| t.sizing.bytes).into()),
        (
            "textbook_exact",
            tb.map(|t| t.exact.decimal.scientific()).into(),
        ),
        ("textbook_meets_target", tb.map(|t| t.meets).into()),
    ];
    for (key, screen) in pairs {
        assert_eq!(json[key], screen, "{key} for {:?}", json);
    }
    // Doubles are compared as printed: reading one back may round it.
    let idealised = serde_json::to_string(&f.shape.idealised).unwrap_or_default();
    assert!(
        text.contains(&format!("\"idealised\":{idealised},")),
        "idealised {idealised} in {text}"
    );
    assert_eq!(json["one_past"]["m"], Value::from(past.map(|p| p.m)));
    assert_eq!(json["one_past"]["k"], Value::from(past.map(|p| p.k)));
    assert_eq!(
        json["one_past"]["rate"],
        Value::from(past.map(|p| p.rate.decimal.scientific()))
    );
}

#[test]
fn the_screen_answers_as_size_json_does() {
    let cases = [
        Case {
            n: Some("50M"),
            p: Some("1%"),
            ..NONE
        },
        Case {
            n: Some("50M"),
            p: Some("1%"),
            by_true: true,
            ..NONE
        },
        Case {
            n: Some("50M"),
            m: Some("479252919"),
            ..NONE
        },
        Case {
            n: Some("50M"),
            memory: Some("64MiB"),
            ..NONE
        },
        Case {
            p: Some("1%"),
            m: Some("479647737"),
            ..NONE
        },
        Case {
            n: Some("50M"),
            p: Some("1%"),
            m: Some("479647737"),
            ..NONE
        },
        Case {
            n: Some("100"),
            p: Some("0.0111"),
            ..NONE
        },
        Case {
            n: Some("1e6"),
            p: Some("1 in 1000"),
            k: Some(6),
            ..NONE
        },
        Case {
            n: Some("16"),
            m: Some("128"),
            by_true: true,
            ..NONE
        },
    ];
    for c in &cases {
        check(c);
    }
}
