//! The shape of the code, checked from its own text: layers run one way
//! (`cli` -> `ui` -> `lecture` -> core -> base), only `ui` knows the
//! terminal, and no two files depend on each other, directly or round a
//! ring. Imports are read from `use` lines (groups expanded, over as many
//! lines as they take) and from every path in the code that starts at
//! `crate::`, `super::` or `self::`, each resolved from the module it is
//! written in.

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

/// Code with comments, string literals and character literals blanked
/// (line breaks kept), so paths in prose or in messages are not read as
/// imports and a `"//"` or a `'"'` cannot hide the code after it.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    let blank = |out: &mut Vec<char>, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let prev_ident = i > 0 && ident(chars[i - 1]);
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            // Block comments nest.
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.extend([' ', ' ']);
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.extend([' ', ' ']);
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
        } else if !prev_ident && (c == 'r' || (c == 'b' && next == Some('r'))) && {
            // A raw string: r"..", r#".."#, br"..".
            let at = i + usize::from(c == 'b') + 1;
            let hashes = chars[at..].iter().take_while(|&&h| h == '#').count();
            chars.get(at + hashes) == Some(&'"')
        } {
            let at = i + usize::from(c == 'b') + 1;
            let hashes = chars[at..].iter().take_while(|&&h| h == '#').count();
            let mut j = at + hashes + 1;
            let closes =
                |j: usize| chars[j] == '"' && (1..=hashes).all(|h| chars.get(j + h) == Some(&'#'));
            while j < chars.len() && !closes(j) {
                j += 1;
            }
            let end = (j + 1 + hashes).min(chars.len());
            for &skipped in &chars[i..end] {
                blank(&mut out, skipped);
            }
            i = end;
        } else if c == '"' {
            blank(&mut out, c);
            i += 1;
            while i < chars.len() {
                let d = chars[i];
                blank(&mut out, d);
                i += 1;
                if d == '\\' {
                    if let Some(&e) = chars.get(i) {
                        blank(&mut out, e);
                        i += 1;
                    }
                } else if d == '"' {
                    break;
                }
            }
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('x', '\n', '\u{1F600}'); a lifetime
            // ('a) has no closing quote two characters on.
            let mut j = if next == Some('\\') { i + 3 } else { i + 2 };
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            let end = (j + 1).min(chars.len());
            for &skipped in &chars[i..end] {
                blank(&mut out, skipped);
            }
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out.into_iter().collect()
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

/// Every module path a file names, made absolute (`crate::` stripped):
/// the leaves of its `use` trees, and every path in its code that starts
/// at `crate::`, `super::` (any number of them) or `self::`. `super` and
/// `self` are read from the module they are written in, which inside a
/// `mod name { ... }` block is that inline module, not the file's. A
/// path that starts with a child module's name (`use plan::Part;` in a
/// module file) is read too.
fn imports(file: &Path, text: &str) -> BTreeSet<Vec<String>> {
    let code: Vec<char> = code_only(text).chars().collect();
    let here = module_of(file);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let word_at = |i: usize| -> String { code[i..].iter().take_while(|&&c| ident(c)).collect() };
    let skip_space = |mut i: usize| {
        while code.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        i
    };
    // (the module the path is written in, the path as written)
    let mut found: Vec<(Vec<String>, String)> = Vec::new();
    // Inline modules open at this point, each with the brace depth inside it.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut pending_mod: Option<String> = None;
    let mut depth = 0;
    let mut i = 0;
    while i < code.len() {
        let c = code[i];
        let scope = || {
            let mut m = here.clone();
            m.extend(inline.iter().map(|(name, _)| name.clone()));
            m
        };
        match c {
            '{' => {
                depth += 1;
                if let Some(name) = pending_mod.take() {
                    inline.push((name, depth));
                }
                i += 1;
            }
            '}' => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            ';' => {
                pending_mod = None;
                i += 1;
            }
            _ if ident(c) && (i == 0 || !ident(code[i - 1])) => {
                let word = word_at(i);
                let after = i + word.chars().count();
                let after_colons =
                    code.get(after) == Some(&':') && code.get(after + 1) == Some(&':');
                let after_path = i >= 2 && code[i - 1] == ':' && code[i - 2] == ':';
                match word.as_str() {
                    "mod" => {
                        let at = skip_space(after);
                        let name = word_at(at);
                        if !name.is_empty() {
                            pending_mod = Some(name);
                        }
                        i = after;
                    }
                    "use" => {
                        let end = code[after..]
                            .iter()
                            .position(|&c| c == ';')
                            .map_or(code.len(), |p| after + p);
                        let tree: String = code[after..end].iter().collect();
                        let mut leaves = Vec::new();
                        expand("", &tree, &mut leaves);
                        let module = scope();
                        found.extend(leaves.into_iter().map(|leaf| (module.clone(), leaf)));
                        i = end;
                    }
                    _ if after_colons && !after_path => {
                        let tail: String = code[i..]
                            .iter()
                            .take_while(|&&c| ident(c) || c == ':')
                            .collect();
                        i += tail.chars().count();
                        found.push((scope(), tail));
                    }
                    _ => i = after,
                }
            }
            _ => i += 1,
        }
    }
    let mut out = BTreeSet::new();
    for (module, path) in found {
        let segs: Vec<&str> = path
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let abs: Vec<String> = match segs.first() {
            Some(&"crate") => segs[1..].iter().map(|s| s.to_string()).collect(),
            Some(&"super") => {
                // Each `super` is one module up from where it is written.
                let ups = segs.iter().take_while(|s| **s == "super").count();
                let mut base = module.clone();
                base.truncate(module.len().saturating_sub(ups));
                base.extend(segs[ups..].iter().map(|s| s.to_string()));
                base
            }
            Some(&"self") => {
                let mut base = module.clone();
                base.extend(segs[1..].iter().map(|s| s.to_string()));
                base
            }
            Some(first) => {
                // A child module of the one it is written in, if there is
                // one by that name; else another crate or a local item.
                let mut child = module.clone();
                child.push(first.to_string());
                let rel: PathBuf = child.iter().collect();
                let exists = src().join(&rel).with_extension("rs").is_file()
                    || src().join(&rel).join("mod.rs").is_file();
                if !exists {
                    continue;
                }
                child.extend(segs[1..].iter().map(|s| s.to_string()));
                child
            }
            None => continue,
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
/// a module file (`mod.rs`, `lib.rs`, or `parse.rs` beside its folder
/// `parse/`) into its own folder are left out.
fn edges(tree: &Tree) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut out: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (file, text) in &tree.texts {
        let folder = if file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs")
        {
            file.parent().map(Path::to_path_buf)
        } else {
            Some(file.with_extension("")).filter(|f| f.is_dir())
        };
        for path in imports(file, text) {
            let Some(target) = file_of(&path, &tree.files) else {
                continue;
            };
            let published = folder.as_ref().is_some_and(|f| target.starts_with(f));
            if &target == file || published {
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

#[test]
fn the_reader_sees_relative_paths_in_code() {
    // What the `use` lines do not say: inline `super::` and `self::` paths
    // (a ring of files can hide behind one), `super::super::`, groups over
    // several lines, and `super` inside an inline module, which names the
    // file's own module. Strings, comments and character literals hide
    // nothing after them.
    let file = src().join("lecture/board.rs");
    let found = imports(
        &file,
        "use super::{\n    figures::Figures,\n    script::{Curve,\n        Element},\n};\n\
         pub struct B { pub p: Option<super::predict::Prediction> }\n\
         const URL: &str = \"http://x\"; fn g() -> char { '\"' } fn h() { self::inner::f(); }\n\
         const RAW: &str = r#\"use crate::cli::x; \"crate::cli::y\"#; /* super::cli::z */\n\
         fn k() { super::super::numbers::sig(1.0, 2); ::std::mem::drop(1); a::super_thing(); }\n\
         #[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { super::texts::plots(); }\n}\n\
         fn after() { super::engine::run(); }",
    );
    let names: BTreeSet<String> = found.iter().map(|p| p.join("::")).collect();
    for want in [
        "lecture::figures::Figures",
        "lecture::script::Curve",
        "lecture::script::Element",
        "lecture::predict::Prediction",
        "lecture::board::inner::f",
        "numbers::sig",
        "lecture::board::*",
        "lecture::board::texts::plots",
        "lecture::engine::run",
    ] {
        assert!(names.contains(want), "{want} missing from {names:?}");
    }
    assert!(
        !names.iter().any(|n| n.contains("cli") || n.contains("std")),
        "{names:?}"
    );
    // A module file's paths that start at a child's name.
    let found = imports(&src().join("ui/lecture/mod.rs"), "use plan::Part;");
    assert!(found.contains(&vec![
        "ui".to_string(),
        "lecture".to_string(),
        "plan".to_string(),
        "Part".to_string()
    ]));
}
