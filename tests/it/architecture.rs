//! The shape of the code, checked from its own text: layers run one way
//! (`cli` -> `ui` -> `lecture` -> core -> base), only `ui` knows the
//! terminal, and no two files depend on each other, directly or round a
//! ring. Imports are read from `use` lines (groups expanded) and from
//! `crate::...` paths in the code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first. A file may name modules of its own layer or
/// below, never above.
const LAYERS: &[&[&str]] = &[
    &["numbers", "limits", "text", "private_dir"],
    &["filter", "rates", "measure"],
    &["lecture", "talk", "notes", "practice"],
    &["ui"],
    &["cli"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.map(|e| e.path()).unwrap_or_default())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            // The app's own tests may reach anywhere inside the app.
            if path.file_name().is_some_and(|n| n == "tests") {
                continue;
            }
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `src/ui/lab/view.rs` is `["ui", "lab", "view"]`.
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).unwrap_or(file);
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Code with comments and string literals blanked, so paths in prose or
/// in messages are not read as imports.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("");
        let mut in_string = false;
        let mut escaped = false;
        for c in line.chars() {
            match c {
                '\\' if in_string && !escaped => escaped = true,
                '"' if !escaped => {
                    in_string = !in_string;
                    out.push(' ');
                }
                _ if in_string => {
                    escaped = false;
                    out.push(' ');
                }
                _ => out.push(c),
            }
        }
        out.push('\n');
    }
    out
}

/// Expands one use tree (`a::{b::C, d}`) into its leaf paths.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    match tree.find('{') {
        None => {
            for leaf in tree.split(',') {
                let leaf = leaf.split(" as ").next().unwrap_or("").trim();
                if !leaf.is_empty() {
                    out.push(format!("{prefix}{leaf}"));
                }
            }
        }
        Some(open) => {
            let head = &tree[..open];
            let close = tree.rfind('}').unwrap_or(tree.len());
            let inner = &tree[open + 1..close];
            // Split the inner list at top-level commas.
            let mut depth = 0;
            let mut start = 0;
            let chars: Vec<char> = inner.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let part: String = chars[start..i].iter().collect();
                        expand(&format!("{prefix}{head}"), &part, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            let part: String = chars[start..].iter().collect();
            expand(&format!("{prefix}{head}"), &part, out);
        }
    }
}

/// Every module path a file names, made absolute (`crate::` stripped).
fn imports(file: &Path, text: &str) -> BTreeSet<Vec<String>> {
    let code = code_only(text);
    let here = module_of(file);
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        let after = &rest[at + 4..];
        let end = after.find(';').unwrap_or(after.len());
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            let mut leaves = Vec::new();
            expand("", &after[..end], &mut leaves);
            paths.extend(leaves);
        }
        rest = &after[end..];
    }
    for (i, _) in code.match_indices("crate::") {
        let tail: String = code[i..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        paths.push(tail);
    }
    let mut out = BTreeSet::new();
    for path in paths {
        let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let abs: Vec<String> = match segs.first() {
            Some(&"crate") => segs[1..].iter().map(|s| s.to_string()).collect(),
            Some(&"super") => {
                // `super` is the parent of this file's module, mod.rs or not.
                let ups = segs.iter().take_while(|s| **s == "super").count();
                let mut base = here.clone();
                base.truncate(here.len().saturating_sub(ups));
                base.extend(segs[ups..].iter().map(|s| s.to_string()));
                base
            }
            Some(&"self") => {
                let mut base = here.clone();
                base.extend(segs[1..].iter().map(|s| s.to_string()));
                base
            }
            _ => continue,
        };
        if !abs.is_empty() {
            out.insert(abs);
        }
    }
    out
}

/// The file a module path lands in: the longest prefix that is a file.
fn file_of(path: &[String], files: &BTreeSet<PathBuf>) -> Option<PathBuf> {
    (1..=path.len()).rev().find_map(|n| {
        let rel: PathBuf = path[..n].iter().collect();
        [
            src().join(&rel).with_extension("rs"),
            src().join(&rel).join("mod.rs"),
        ]
        .into_iter()
        .find(|f| files.contains(f))
    })
}

fn layer_of(path: &[String]) -> Option<usize> {
    let top = path.first()?;
    LAYERS.iter().position(|l| l.contains(&top.as_str()))
}

struct Tree {
    files: BTreeSet<PathBuf>,
    texts: BTreeMap<PathBuf, String>,
}

fn tree() -> Tree {
    let mut list = Vec::new();
    rust_files(&src(), &mut list);
    let texts = list
        .iter()
        .map(|f| (f.clone(), std::fs::read_to_string(f).unwrap_or_default()))
        .collect();
    Tree {
        files: list.into_iter().collect(),
        texts,
    }
}

fn rel(path: &Path) -> String {
    path.strip_prefix(src())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn no_file_names_a_higher_layer() {
    let tree = tree();
    let mut wrong = Vec::new();
    for (file, text) in &tree.texts {
        let Some(own) = layer_of(&module_of(file)) else {
            continue;
        };
        for path in imports(file, text) {
            if let Some(theirs) = layer_of(&path)
                && theirs > own
            {
                wrong.push(format!("{} names {}", rel(file), path.join("::")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn only_the_app_knows_the_terminal() {
    let tree = tree();
    let wrong: Vec<String> = tree
        .texts
        .iter()
        .filter(|(file, _)| module_of(file).first().is_some_and(|m| m != "ui"))
        .filter(|(_, text)| {
            let code = code_only(text);
            code.contains("ratatui") || code.contains("crossterm")
        })
        .map(|(file, _)| rel(file))
        .collect();
    assert!(wrong.is_empty(), "terminal code outside src/ui: {wrong:?}");
}

/// Edges between files: who names whom. A module file's own `pub use` of
/// its children is how it publishes them, not a dependency, so edges from
/// a mod.rs (or lib.rs) into its own folder are left out.
fn edges(tree: &Tree) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut out: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (file, text) in &tree.texts {
        let publisher = file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs");
        let folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
        for path in imports(file, text) {
            let Some(target) = file_of(&path, &tree.files) else {
                continue;
            };
            if &target == file || (publisher && target.starts_with(&folder)) {
                continue;
            }
            out.entry(file.clone()).or_default().insert(target);
        }
    }
    out
}

#[test]
fn no_two_files_depend_on_each_other() {
    let tree = tree();
    let graph = edges(&tree);
    // Depth-first search for a back edge, reporting the ring it closes.
    fn visit(
        node: &PathBuf,
        graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        state: &mut BTreeMap<PathBuf, u8>,
        stack: &mut Vec<PathBuf>,
        rings: &mut Vec<String>,
    ) {
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next) {
                Some(1) => {
                    let from = stack.iter().position(|n| n == next).unwrap_or(0);
                    let ring: Vec<String> = stack[from..].iter().map(|p| rel(p)).collect();
                    rings.push(format!("{} -> {}", ring.join(" -> "), rel(next)));
                }
                Some(_) => {}
                None => visit(next, graph, state, stack, rings),
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
    }
    let mut state = BTreeMap::new();
    let mut rings = Vec::new();
    for node in graph.keys() {
        if !state.contains_key(node) {
            visit(node, &graph, &mut state, &mut Vec::new(), &mut rings);
        }
    }
    assert!(rings.is_empty(), "files in a ring:\n{}", rings.join("\n"));
}

#[test]
fn the_reader_sees_imports() {
    // The checks above are only as good as the import reader: it must see
    // grouped, nested, relative and inline paths.
    let file = src().join("ui/lab/view.rs");
    let found = imports(
        &file,
        "use crate::rates::{Budget, decimal::{SigDecimal}};\nuse super::state::LabState;\n\
         fn f() { crate::numbers::grouped(1); } // crate::cli::nothing\n\
         const S: &str = \"crate::cli::not_code\";",
    );
    let names: BTreeSet<String> = found.iter().map(|p| p.join("::")).collect();
    for want in [
        "rates::Budget",
        "rates::decimal::SigDecimal",
        "ui::lab::state::LabState",
        "numbers::grouped",
    ] {
        assert!(names.contains(want), "{want} missing from {names:?}");
    }
    assert!(!names.iter().any(|n| n.starts_with("cli")), "{names:?}");
}
