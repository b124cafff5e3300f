//! The seven practice exercises: each accepts the answer the seed lesson
//! gives and rejects a wrong one with its reason; exercise 5 is checked
//! against a filter built here, and its variants are reproducible.

use bloomlab::filter::{BloomFilter, Scheme};
use bloomlab::practice::{self, Task, Verdict};

fn right(v: &Verdict) -> bool {
    v.is_right()
}

#[test]
fn each_exercise_takes_the_lessons_answer_and_refuses_a_wrong_one() {
    let ex = practice::all(None);
    assert_eq!(ex.len(), practice::COUNT);
    let cases: [(&str, &str, &str); 7] = [
        ("2 yes", "3 yes", "a bit set twice is one bit"),
        ("no", "maybe", "any() is the mistake"),
        ("yes no", "yes yes", "bit 6 is 0"),
        ("1 7", "1 6", "gcd(6, 16) = 2"),
        ("T F T", "T F F", "rec-67's bits"),
        ("0.0082", "0.0085", "to the 7th power is about 0.0082"),
        ("9.585 57.1 7", "9.6 57 7", "9.585 bits per key"),
    ];
    for (e, (good, bad, why)) in ex.iter().zip(cases) {
        let n = e.number;
        assert!(right(&e.check(good)), "{n}: {good}: {:?}", e.check(good));
        assert!(right(&e.check(&e.solution())), "{n}: the code's own answer");
        let wrong = e.check(bad);
        match &wrong {
            Verdict::Wrong(reason) => assert!(reason.contains(why), "{n}: {reason}"),
            other => panic!("{n}: {bad} gave {other:?}"),
        }
        assert!(matches!(e.check("banana"), Verdict::Unreadable(_)), "{n}");
        assert!(!e.hint.is_empty() && !e.prompt.is_empty());
    }
    // Exercise 2 states the lesson's probes and reads, worked out.
    assert!(
        ex[1].prompt.contains("probes 11, 2, 9 and reads [1, 1, 0]"),
        "{}",
        ex[1].prompt
    );
    assert!(
        ex[1]
            .prompt
            .contains("any() of the reads says maybe, all() says no")
    );
    // Exercise 6's table is the lesson's.
    for rate in ["3.29%", "1.18%", "0.84%", "0.85%", "1.02%"] {
        assert!(ex[5].prompt.contains(rate), "{rate}: {}", ex[5].prompt);
    }
    assert!(right(&ex[5].check("0.82%")));
    assert!(right(&ex[0].check("2, Yes")));
    assert!(right(&ex[4].check("[True, False, True]")));
}

fn lookup(e: &practice::Exercise) -> &practice::lookup::Lookup {
    match &e.task {
        Task::Lookup(l) => l,
        other => panic!("not exercise 5: {other:?}"),
    }
}

#[test]
fn bloom_lookup_is_checked_against_the_real_filter_in_every_variant() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let e = practice::lookup::variant(seed);
        let l = lookup(&e);
        assert_eq!(
            lookup(&practice::lookup::variant(seed)),
            l,
            "seed {seed} is reproducible"
        );
        assert!((16..=32).contains(&l.m) && (2..=4).contains(&l.k));
        let mut f = BloomFilter::new(l.m, l.k, Scheme::Double).unwrap();
        for key in &l.stored {
            f.add(key.as_bytes());
        }
        let want: Vec<bool> = l.queries.iter().map(|q| f.contains(q.as_bytes())).collect();
        assert_eq!(l.answers, want, "seed {seed}");
        assert!(
            l.queries.iter().any(|q| l.stored.contains(q)),
            "one query is stored"
        );
        let typed: Vec<&str> = want.iter().map(|&b| if b { "T" } else { "F" }).collect();
        assert!(e.check(&typed.join(" ")).is_right(), "seed {seed}");
        let flipped: Vec<&str> = want.iter().map(|&b| if b { "F" } else { "T" }).collect();
        assert!(!e.check(&flipped.join(" ")).is_right(), "seed {seed}");
        seen.insert((l.m, l.k, l.stored.clone()));
        assert!(e.prompt.contains(&format!("variant {seed}")));
    }
    assert!(seen.len() > 30, "variants differ: {}", seen.len());
}

/// Issue 22: the Sizing screen's answer was marked wrong though the
/// question never said "textbook". Both are taken, each named.
#[test]
fn exercise_7_takes_the_sizing_screens_answer_and_the_textbooks_and_names_each() {
    let ex = practice::all(None);
    assert!(ex[6].prompt.contains("textbook") && ex[6].prompt.contains("Sizing screen"));
    let Verdict::Right(exact) = ex[6].check("9.593 57.2 7") else {
        panic!("{:?}", ex[6].check("9.593 57.2 7"));
    };
    assert!(
        exact.starts_with("the exact answer, as the Sizing screen finds it"),
        "{exact}"
    );
    assert!(
        exact.contains("9.585") && exact.contains("misses 1%"),
        "{exact}"
    );
    let Verdict::Right(textbook) = ex[6].check("9.585 57.1 7") else {
        panic!("{:?}", ex[6].check("9.585 57.1 7"));
    };
    assert!(textbook.starts_with("the textbook's answer"), "{textbook}");
    assert!(textbook.contains("9.593"), "{textbook}");
    let Verdict::Wrong(other) = ex[6].check("10 60 8") else {
        panic!("a wrong answer");
    };
    assert!(!other.contains("Sizing screen"), "{other}");
}

/// Issue 22: a first wrong answer was told the right one. Every
/// exercise's first miss is a nudge that names no figure of the answer;
/// the second shows the working.
#[test]
fn a_first_miss_never_gives_the_answer_away() {
    let wrong = [
        "3 yes", "maybe", "yes yes", "2 7", "F F F", "0.0085", "9.6 57 7",
    ];
    for (e, bad) in practice::all(None).iter().zip(wrong) {
        let Verdict::Wrong(nudge) = e.check_attempt(bad, 0) else {
            panic!("{}: {bad} is wrong", e.number);
        };
        let Verdict::Wrong(working) = e.check_attempt(bad, 1) else {
            panic!("{}", e.number);
        };
        assert_ne!(nudge, working, "{}", e.number);
        assert!(nudge.contains("a second miss shows the working"), "{nudge}");
        for figure in crate::common::numbers(&e.solution()) {
            // A figure the student typed may be quoted back; no other
            // figure of the answer may appear.
            assert!(
                !crate::common::numbers(&nudge).contains(&figure) || bad.contains(&figure),
                "{}: the nudge gives {figure} away: {nudge}",
                e.number
            );
        }
        for giveaway in [
            "so the answer is",
            "so the filter says",
            "are set",
            "is about",
        ] {
            assert!(!nudge.contains(giveaway), "{}: {nudge}", e.number);
        }
    }
}
