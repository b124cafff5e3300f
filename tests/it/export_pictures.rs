//! The README's pictures in docs/ are what bloomlab draws now: every line of
//! docs/pictures.txt is run again in this process, through the command
//! line's own entry point, and compared byte for byte with the committed
//! file. After a change to what a screen shows, run `docs/make-pictures.sh`
//! and commit docs/.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::support::doc::drawn_as_text;
use crate::support::run::scratch_dir;

fn docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs")
}

/// `(file name, bloomlab arguments)` for each picture.
fn pictures() -> Vec<(String, Vec<String>)> {
    let list = std::fs::read_to_string(docs().join("pictures.txt")).expect("docs/pictures.txt");
    list.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace().map(str::to_string);
            let name = words.next().expect("a name");
            (name, words.collect())
        })
        .collect()
}

#[test]
fn the_readme_pictures_are_current() {
    let fresh = scratch_dir("pictures");
    let list = pictures();
    assert!(list.len() >= 4, "lecture, lab, sandbox and sizing at least");
    let mut stale = Vec::new();
    for (name, args) in &list {
        let out = fresh.join(name);
        let argv: Vec<OsString> = std::iter::once("bloomlab".into())
            .chain(args.iter().map(OsString::from))
            .chain(["--out".into(), out.clone().into_os_string()])
            .collect();
        assert_eq!(
            bloomlab::cli::run(&argv),
            ExitCode::SUCCESS,
            "{name}: {args:?}"
        );
        let drawn = std::fs::read(&out).expect("drawn");
        let committed = std::fs::read(docs().join(name)).unwrap_or_default();
        if name.ends_with(".svg") {
            let as_text = drawn_as_text(&String::from_utf8_lossy(&drawn));
            assert!(
                as_text.is_empty(),
                "{name}: drawing characters as text: {as_text:?}"
            );
        }
        if drawn != committed {
            stale.push(format!("docs/{name}"));
        }
    }
    assert!(
        stale.is_empty(),
        "{} no longer match what bloomlab draws: run docs/make-pictures.sh and commit docs/",
        stale.join(", ")
    );
}

/// Width and height from a PNG's header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR");
    let word = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (word(16), word(20))
}

#[test]
fn the_png_is_its_svg_at_full_size() {
    let png = std::fs::read(docs().join("lecture-false-positive-light.png")).expect("the PNG");
    let svg =
        std::fs::read_to_string(docs().join("lecture-false-positive-light.svg")).expect("its SVG");
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let size = |a: &str| doc.root_element().attribute(a).and_then(|v| v.parse().ok());
    assert_eq!(Some(png_size(&png)), size("width").zip(size("height")));
}
