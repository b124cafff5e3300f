//! The built-in lecture checked step by step through its JSON trace.

use bloomlab::lecture::{Lecture, trace};
use serde_json::Value;

fn trace_of(lecture: &Lecture) -> Vec<Value> {
    trace::json_lines(lecture)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn print_text_trace() {
    println!("{}", trace::text(&Lecture::builtin()));
    let _ = trace_of(&Lecture::builtin());
}
