//! Outside text never reaches the terminal raw, on standard output as
//! well as in errors: keys echoed by `positions` and `lookup`, a script's
//! text in `script trace` (text and JSON), notes in `notes list` and
//! `notes export`. Each place prints hostile text in its escaped, visible
//! form (`\u{1b}`, `\u{202e}`), and a script holding such characters is
//! refused at file:line:column. The sweep at the end runs every command
//! with every kind of hostile value and checks both streams.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::support::run::scratch_dir;

/// One of each kind the escaping rule covers: an OSC title with BEL, a
/// CSI clear, C1's own CSI, NEL, a bidi override and isolate, zero-width
/// characters, DEL, and a byte that is not UTF-8.
fn hostile() -> Vec<OsString> {
    let mut all: Vec<OsString> = [
        "\x1b]0;owned\x07",
        "a\x1b[2Jb",
        "\u{9b}31m",
        "x\u{85}y",
        "re\u{202e}verse\u{2066}",
        "zero\u{200b}wid\u{feff}th\u{2060}",
        "del\x7f\x08",
        "tab\tcr\r",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    all.push(OsString::from(OsStr::from_bytes(b"raw\xff\x9b2J")));
    all
}

/// The characters a terminal must never be sent from outside text: what
/// `bloomlab::text::is_unsafe` says, bar the newlines that end lines.
fn unsafe_chars(bytes: &[u8]) -> Vec<char> {
    String::from_utf8_lossy(bytes)
        .chars()
        .filter(|&c| c != '\n' && bloomlab::text::is_unsafe(c))
        .collect()
}

fn bloomlab(data: &Path, args: &[&OsStr]) -> Output {
    // A config file whose values carry hostile characters (TOML escapes),
    // read by every command that reads one.
    let config = data.join("config").join("bloomlab");
    if !config.exists() {
        std::fs::create_dir_all(&config).unwrap();
        // The export folder sits inside the scratch folder: the app makes
        // it when it starts.
        let exports = data.join("exports").display().to_string();
        std::fs::write(
            config.join("config.toml"),
            format!(
                "theme = \"li\\u202eght\\u001b]0;x\\u0007\"\n\
                 export-dir = \"{exports}/a\\u200bb\\u001b[2J\"\n\
                 session = \"\\u009b2J\"\n"
            ),
        )
        .unwrap();
    }
    Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("XDG_RUNTIME_DIR", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .env_remove("TERM")
        .stdin(Stdio::null())
        .output()
        .expect("the bloomlab binary runs")
}

fn os<'a>(args: &'a [&'a str]) -> Vec<&'a OsStr> {
    args.iter().map(OsStr::new).collect()
}

fn clean(out: &Output, what: &str) {
    for (name, stream) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let bad = unsafe_chars(stream);
        assert!(
            bad.is_empty(),
            "{what}: {bad:?} on {name}: {:?}",
            String::from_utf8_lossy(stream)
        );
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn positions_and_lookup_show_keys_escaped() {
    let data = scratch_dir("hostile-keys");
    let key = OsStr::new("\x1b]0;owned\x07");
    let out = bloomlab(
        &data,
        &[
            os(&["positions"]),
            vec![key],
            os(&["--m", "16", "--k", "3"]),
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0));
    clean(&out, "positions");
    assert!(
        stdout(&out).starts_with("\\u{1b}]0;owned\\u{7}: "),
        "{}",
        stdout(&out)
    );
    let list = OsString::from("rec\u{202e}1,zero\u{200b}");
    let out = bloomlab(
        &data,
        &[
            os(&["lookup", "--m", "64", "--k", "3", "--insert"]),
            vec![list.as_os_str(), OsStr::new("--query")],
            vec![list.as_os_str()],
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0));
    clean(&out, "lookup");
    assert_eq!(stdout(&out), "rec\\u{202e}1: maybe\nzero\\u{200b}: maybe\n");
}

/// A script whose narration, title and notes hold hostile characters.
fn hostile_script(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("hostile.txt");
    std::fs::write(
        &path,
        "m = 16\nk = 3\nscene \"T\"\nstep\n> hi \x1b]0;owned\x07 there\n",
    )
    .unwrap();
    path
}

#[test]
fn a_script_holding_control_characters_is_refused_where_they_are() {
    let dir = scratch_dir("hostile-script");
    let cases: [(&str, &str, &str); 6] = [
        ("osc", "> hi \x1b]0;owned\x07 there", "5:6"),
        ("bel", "> ring\x07", "5:7"),
        ("c1", "> \u{9b}2J", "5:3"),
        ("bidi", "> a\u{202e}b", "5:4"),
        ("zero", "> zero\u{200b}width", "5:7"),
        ("cr", "> carriage\rreturn", "5:11"),
    ];
    for (name, line, at) in cases {
        let path = dir.join(format!("{name}.txt"));
        std::fs::write(&path, format!("m = 16\nk = 3\nscene \"T\"\nstep\n{line}\n")).unwrap();
        for action in [&["check"][..], &["trace"], &["trace", "--json"]] {
            let head = ["script", action[0]];
            let args = [os(&head), vec![path.as_os_str()], os(&action[1..])].concat();
            let out = bloomlab(&dir, &args);
            clean(&out, &format!("script {action:?} {name}"));
            assert_eq!(out.status.code(), Some(2), "{name} {action:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(&format!("{name}.txt:{at}:")) && err.contains("U+"),
                "{name} {action:?}: {err}"
            );
            assert!(out.stdout.is_empty(), "{name}");
        }
    }
    // Tabs, Windows line ends and a byte-order mark stay welcome.
    let fine = dir.join("fine.txt");
    std::fs::write(
        &fine,
        "\u{feff}m = 16\r\nk = 3\r\nscene \"T\"\r\nstep\r\n>\thi\r\n",
    )
    .unwrap();
    let out = bloomlab(
        &dir,
        &[os(&["script", "check"]), vec![fine.as_os_str()]].concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

#[test]
fn notes_list_and_export_show_notes_escaped() {
    let data = scratch_dir("hostile-notes");
    let file = data.join("bloomlab").join("notes.md");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            file.parent().unwrap(),
            std::fs::Permissions::from_mode(0o700),
        )
        .unwrap();
    }
    std::fs::write(
        &file,
        "# bloomlab lesson notes\n\n- [ ] (Lab\u{202e}) flip\u{202e}ped and zero\u{200b}width\n",
    )
    .unwrap();
    let list = bloomlab(&data, &os(&["notes", "list"]));
    clean(&list, "notes list");
    assert!(
        stdout(&list).contains("flip\\u{202e}ped and zero\\u{200b}width  (Lab\\u{202e})"),
        "{}",
        stdout(&list)
    );
    let export = bloomlab(&data, &os(&["notes", "export"]));
    clean(&export, "notes export");
    assert!(
        stdout(&export).contains("flip\\u{202e}ped"),
        "{}",
        stdout(&export)
    );
    let add = bloomlab(&data, &os(&["notes", "add", "one\u{2066}two\x1b[2J"]));
    clean(&add, "notes add");
    assert!(stdout(&bloomlab(&data, &os(&["notes", "list"]))).contains("one\\u{2066}two"),);
}

/// Every command, given every kind of hostile value where it takes one:
/// whatever it answers, neither stream carries a raw control, C1, bidi or
/// zero-width character.
#[test]
fn no_command_puts_hostile_characters_on_the_terminal() {
    let data = scratch_dir("hostile-sweep");
    let script = hostile_script(&data);
    let script = script.as_os_str();
    let mut runs = 0;
    for h in hostile() {
        let h = h.as_os_str();
        let name = data.join(h);
        let name = name.as_os_str();
        let mut comma = h.to_os_string();
        comma.push(",x");
        let comma = comma.as_os_str();
        let commands: Vec<Vec<&OsStr>> = vec![
            [os(&["positions"]), vec![h], os(&["--m", "16", "--k", "3"])].concat(),
            [os(&["positions", "a", "--m"]), vec![h], os(&["--k", "3"])].concat(),
            [
                os(&["lookup", "--m", "16", "--k", "3", "--insert"]),
                vec![comma, OsStr::new("--query"), comma],
            ]
            .concat(),
            [
                os(&[
                    "lookup", "--m", "16", "--k", "3", "--insert", ",", "--query",
                ]),
                vec![h],
            ]
            .concat(),
            [os(&["rate", "--m"]), vec![h], os(&["--n", "1", "--k", "1"])].concat(),
            [
                os(&["rate", "--m", "16", "--n", "1", "--k", "1", "--scheme"]),
                vec![h],
            ]
            .concat(),
            [
                os(&["measure", "--m", "16", "--n"]),
                vec![h],
                os(&["--k", "1"]),
            ]
            .concat(),
            [os(&["size", "--n", "100", "--p"]), vec![h]].concat(),
            [os(&["render", "--screen"]), vec![h]].concat(),
            [os(&["render", "--format"]), vec![h]].concat(),
            [os(&["render", "--out"]), vec![name]].concat(),
            [os(&["render", "--script"]), vec![name]].concat(),
            [
                os(&["--script"]),
                vec![script],
                os(&["render", "--format", "text"]),
            ]
            .concat(),
            [os(&["script", "check"]), vec![name]].concat(),
            [os(&["script", "check"]), vec![script]].concat(),
            [os(&["script", "trace"]), vec![script]].concat(),
            [os(&["script", "trace", "--json"]), vec![script]].concat(),
            [os(&["notes", "add"]), vec![h]].concat(),
            os(&["notes", "list"]),
            os(&["notes", "export"]),
            [os(&["notes", "done"]), vec![h]].concat(),
            [os(&["notes", "delete"]), vec![h]].concat(),
            [os(&["compare", "--n", "100", "--p"]), vec![h]].concat(),
            [os(&["compare", "--p", "1%", "--n"]), vec![h]].concat(),
            os(&["config", "show"]),
            os(&["config", "path"]),
            [os(&["config"]), vec![h]].concat(),
            [os(&["speaker", "--session"]), vec![h]].concat(),
            os(&["speaker"]),
            [os(&["--screen"]), vec![h]].concat(),
            [os(&["--theme"]), vec![h]].concat(),
            [os(&["--export-dir"]), vec![name]].concat(),
            vec![h],
            os(&["--m", "16"]),
        ];
        for args in commands {
            let out = bloomlab(&data, &args);
            clean(&out, &format!("{args:?}"));
            assert!(out.status.code().is_some(), "{args:?} ended by a signal");
            runs += 1;
        }
    }
    println!("{runs} hostile command lines, no raw character printed");
}
