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

#[test]
fn the_sizing_screen_s_answer_to_exercise_7_is_told_apart_from_the_textbook_s() {
    let ex = practice::all(None);
    let Verdict::Wrong(why) = ex[6].check("9.593 57.2 7") else {
        panic!(
            "the exact-rate answer is not the exercise's: {:?}",
            ex[6].check("9.593 57.2 7")
        );
    };
    assert!(why.contains("Sizing screen"), "{why}");
    assert!(why.contains("9.585"), "{why}");
    let Verdict::Wrong(other) = ex[6].check("10 60 8") else {
        panic!("a wrong answer");
    };
    assert!(!other.contains("Sizing screen"), "{other}");
}
