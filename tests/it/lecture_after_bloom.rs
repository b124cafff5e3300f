//! The second built-in lecture, "After Bloom": its shape, its figures
//! against the line-up measured on its own, and `--lecture` on the
//! command line.

use std::sync::atomic::AtomicBool;

use crate::common::bloomlab;
use bloomlab::lecture::figures::{Figures, lineup_config, sig};
use bloomlab::lecture::template::{Part, Template};
use bloomlab::lecture::{Lecture, trace};
use bloomlab::measure::lineup::{Structure, measure_lineup};
use serde_json::Value;

fn after_bloom() -> Lecture {
    Lecture::named("after-bloom").expect("after-bloom is a built-in lecture")
}

#[test]
fn after_bloom_traces_eight_steps_or_more_with_a_prediction() {
    let lecture = after_bloom();
    assert!(lecture.len() >= 8, "{} steps", lecture.len());
    let lines: Vec<Value> = trace::json_lines(&lecture)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each trace line is JSON"))
        .collect();
    assert_eq!(lines.len(), lecture.len());
    assert!(
        lines.iter().any(|v| !v["predict"].is_null()),
        "no predict step"
    );
    for v in &lines {
        let said = v["narration"].as_str().unwrap_or("");
        assert!(!said.trim().is_empty(), "a silent step: {v}");
        assert!(!said.contains('{'), "unfilled: {said}");
    }
    // The five-scene lecture is still the default, and `bloom` names it.
    assert_eq!(Lecture::named("bloom"), Some(Lecture::builtin()));
    assert_eq!(Lecture::builtin().scene_count(), 5);
    assert!(Lecture::named("nope").is_none());
}

#[test]
fn after_bloom_figures_equal_the_lineup_at_its_seed() {
    let lecture = after_bloom();
    let settings = &lecture.script().settings;
    let cfg = lineup_config(settings).expect("the settings make a line-up");
    let never = AtomicBool::new(false);
    let lineup = measure_lineup(&cfg, &never, &mut |_| {}).expect("it measures");
    let figures = Figures::new(settings.clone());
    let probes = Default::default();
    let now = bloomlab::lecture::template::Now {
        set: 0,
        probes: &probes,
    };
    for s in Structure::ALL {
        let r = lineup.get(s).expect("every structure is measured");
        let name = s.name();
        let text = format!(
            "{{bits_per_key({name})}} {{x_floor({name})}} {{fp({name})}} {{fp_model({name})}}"
        );
        let template = Template::parse(&text).expect("the placeholders parse");
        let values: Vec<f64> = template.calls().map(|c| figures.value(c, &now)).collect();
        let model = r.fp_model.unwrap_or(f64::NAN);
        assert_eq!(
            values[..3],
            [r.bits_per_key, r.floor_ratio, r.rate],
            "{name}"
        );
        assert!(
            values[3] == model || (values[3].is_nan() && model.is_nan()),
            "{name}"
        );
        assert!(matches!(template.parts[0], Part::Value(_)));
    }
    // The narration says the same figures: the Bloom filter's bits per key
    // and its measured rate, as the lecture prints them.
    let bloom = lineup.get(Structure::Bloom).unwrap();
    let said = trace::text(&lecture);
    assert!(
        said.contains(&format!(
            "takes {} bits per key",
            sig(bloom.bits_per_key, 3)
        )),
        "{said}"
    );
    let cuckoo = lineup.get(Structure::Cuckoo).unwrap();
    assert!(
        said.contains(&format!(
            "takes {} bits per key",
            sig(cuckoo.bits_per_key, 3)
        )),
        "{said}"
    );
    assert!(said.contains(&sig(bloom.rate, 2)), "{said}");
}

#[test]
fn lecture_by_name_on_the_command_line() {
    for args in [
        &["render", "--lecture", "sepia"][..],
        &["script", "trace", "--lecture", "sepia"][..],
    ] {
        let out = bloomlab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("bloom, after-bloom") && err.contains("sepia"),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
    let out = bloomlab(&["script", "trace", "--lecture", "after-bloom", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let lines = String::from_utf8_lossy(&out.stdout);
    assert_eq!(lines.lines().count(), after_bloom().len());
    let out = bloomlab(&[
        "render",
        "--lecture",
        "after-bloom",
        "--width",
        "120",
        "--height",
        "40",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Scene 1 of 3 · The floor"));
    let bloom = bloomlab(&[
        "render",
        "--lecture",
        "bloom",
        "--width",
        "80",
        "--height",
        "24",
    ]);
    let default = bloomlab(&["render", "--width", "80", "--height", "24"]);
    assert_eq!(bloom.stdout, default.stdout);
}
