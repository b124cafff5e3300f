//! The lecture handout in a real browser: headless Chromium opens the page
//! `render --all --format html` wrote (in the app's own theme), and the
//! test drives it over the DevTools protocol (on a pipe, no network) as a
//! reader would: one step at a time, its board drawn and on top, real key
//! presses and a real click, a prediction's answer held back for one key,
//! the address followed; then it prints the page to PDF and reads the
//! sheets back with poppler as the PDF handout is read: light, every
//! sentence once, the predictions answered, no chrome.
//!
//! Chromium comes from the system's packages (`.ci/run` installs it). Where
//! it is missing the test says so and passes, unless
//! `BLOOMLAB_REQUIRE_CHROMIUM=1` (set by `.ci/run`) makes that a failure.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use bloomlab::lecture::Lecture;
use serde_json::{Value, json};

use crate::support::run::{run_limited, scratch_dir, success_problems, tool_here};

/// How long one answer from the browser may take (a loaded CI machine).
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// The browser to use: `BLOOMLAB_CHROMIUM`, or Chromium where Debian puts it.
fn chromium() -> Option<PathBuf> {
    let named = std::env::var_os("BLOOMLAB_CHROMIUM").map(PathBuf::from);
    named
        .into_iter()
        .chain(["/usr/bin/chromium", "/usr/bin/chromium-browser"].map(PathBuf::from))
        .find(|p| p.is_file())
}

/// A browser driven over `--remote-debugging-pipe`: commands go in on its
/// file descriptor 3, answers and events come out on 4, each a JSON text
/// ended by a NUL byte.
struct Browser {
    child: Child,
    to: ChildStdin,
    from: Receiver<Value>,
    next_id: u64,
    session: Option<String>,
}

impl Browser {
    fn start(program: &Path, profile: &Path, log: &Path) -> Browser {
        // The shell hands our pipes to the browser as descriptors 3 and 4.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" 3<&0 4>&1 </dev/null >/dev/null")
            .arg(program)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                "--window-size=1280,1000",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(log).expect("browser log"))
            .spawn()
            .expect("chromium starts");
        let to = child.stdin.take().expect("piped");
        let mut out = BufReader::new(child.stdout.take().expect("piped"));
        let (send, from) = channel();
        std::thread::spawn(move || {
            let mut message = Vec::new();
            while out.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop_if(|b| *b == 0);
                if let Ok(value) = serde_json::from_slice::<Value>(&message)
                    && send.send(value).is_err()
                {
                    break;
                }
                message.clear();
            }
        });
        Browser {
            child,
            to,
            from,
            next_id: 0,
            session: None,
        }
    }

    /// Sends one command and waits for its answer.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut command = json!({"id": id, "method": method, "params": params});
        if let Some(session) = &self.session {
            command["sessionId"] = json!(session);
        }
        let mut bytes = serde_json::to_vec(&command).expect("JSON");
        bytes.push(0);
        self.to
            .write_all(&bytes)
            .expect("the browser reads commands");
        self.to.flush().expect("flush");
        let deadline = Instant::now() + ANSWER_WITHIN;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.from.recv_timeout(left) {
                Ok(answer) if answer["id"] == json!(id) => {
                    assert!(answer.get("error").is_none(), "{method}: {answer}");
                    return answer["result"].clone();
                }
                Ok(_event) => {}
                Err(RecvTimeoutError::Timeout) => {
                    panic!("{method}: no answer in {ANSWER_WITHIN:?}")
                }
                Err(RecvTimeoutError::Disconnected) => panic!("{method}: the browser went away"),
            }
        }
    }

    /// Opens `url` in a new tab and attaches to it.
    fn open(&mut self, url: &str) {
        let target = self.call("Target.createTarget", json!({"url": url}));
        let attached = self.call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        self.session = attached["sessionId"].as_str().map(str::to_string);
    }

    /// The value of a script expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        result["result"]["value"].clone()
    }

    /// A real key press, through the browser's input pipeline.
    fn press(&mut self, key: &str, code: u32) {
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            );
        }
    }

    /// A real left click at page coordinates.
    fn click(&mut self, x: f64, y: f64) {
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// Waits until the page has loaded and shows step `id`, and returns
    /// what it shows.
    fn wait_for_step(&mut self, id: &str) -> Value {
        let deadline = Instant::now() + ANSWER_WITHIN;
        loop {
            let state = self.eval(STATE);
            if state["current"] == json!(id) && state["ready"] == json!("complete") {
                return state;
            }
            assert!(Instant::now() < deadline, "never showed {id}: {state}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.session = None;
        // Closing politely lets Chromium end its helper processes itself.
        if self.child.try_wait().ok().flatten().is_none() {
            self.next_id += 1;
            let close = json!({"id": self.next_id, "method": "Browser.close", "params": {}});
            let mut bytes = serde_json::to_vec(&close).unwrap_or_default();
            bytes.push(0);
            let _ = self.to.write_all(&bytes);
            let _ = self.to.flush();
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the page shows, read from the page itself: the step named in
/// `<body data-current>`, whether its answer shows, the sections that take
/// up room, the address, and the shown board's size, text, narration and
/// whether it is on top at its centre; also how many resources the page
/// fetched.
const STATE: &str = r#"(() => {
  const visible = e => !!e && e.getClientRects().length > 0;
  const shown = [...document.querySelectorAll("section.step")].filter(visible).map(s => s.id);
  const current = document.body && document.body.getAttribute("data-current");
  const section = current && document.getElementById(current);
  const frame = { width: 0, height: 0, text: "", onTop: false, narration: "", answer: false };
  if (section) {
    const svg = section.querySelector("svg");
    if (svg) {
      const r = svg.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      Object.assign(frame, { width: r.width, height: r.height,
        text: [...svg.querySelectorAll("tspan")].map(t => t.textContent).join(""),
        onTop: !!hit && svg.contains(hit) });
    }
    frame.narration = section.querySelector(".narration").textContent;
    frame.answer = visible(section.querySelector(".answer"));
  }
  const back = document.getElementById("prev").getBoundingClientRect();
  return { ready: document.readyState, current, shown, hash: location.hash, frame,
    revealed: document.body && document.body.getAttribute("data-revealed"),
    back: { x: back.left + back.width / 2, y: back.top + back.height / 2 },
    where: document.getElementById("where").textContent,
    fetched: performance.getEntriesByType("resource").length };
})()"#;

fn non_blank(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Checks that `state` shows step `id` alone, its board drawn and on top
/// without any of the app's chrome, with its narration.
fn assert_shows(state: &Value, id: &str, lecture: &Lecture) {
    let (scene, step) = id.split_once('.').expect("S.T");
    let (s, t): (u32, u32) = (scene.parse().expect("S"), step.parse().expect("T"));
    assert_eq!(state["shown"], json!([id]), "only {id} takes room: {state}");
    assert_eq!(state["hash"], json!(format!("#{id}")));
    let frame = &state["frame"];
    assert!(
        frame["width"].as_f64().is_some_and(|w| w > 400.0),
        "{frame}"
    );
    assert_eq!(
        frame["onTop"],
        json!(true),
        "the board is what shows at its centre"
    );
    let shown = frame["text"].as_str().unwrap_or_default();
    for chrome in ["Sandbox", "? help", "q quit", "narration", "step 1 of"] {
        assert!(!shown.contains(chrome), "{id} shows the app's {chrome:?}");
    }
    let global = lecture.step_index(s, t).expect("a step");
    let narration = lecture.step_board(global).narration.join("");
    assert_eq!(
        non_blank(frame["narration"].as_str().unwrap_or_default()),
        non_blank(&narration)
    );
    assert_eq!(state["fetched"], json!(0), "the page fetches nothing");
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    sextets
        .chunks(4)
        .flat_map(|c| {
            let n = c.iter().fold(0u32, |n, &s| (n << 6) | u32::from(s)) << (6 * (4 - c.len()));
            let bytes = n.to_be_bytes();
            bytes[1..c.len()].to_vec()
        })
        .collect()
}

#[test]
fn the_handout_steps_by_key_and_prints_in_a_real_browser() {
    let program = chromium();
    let found = tool_here(
        program.is_some(),
        "Chromium at /usr/bin/chromium",
        "chromium",
        "BLOOMLAB_REQUIRE_CHROMIUM",
    );
    let Some(program) = program.filter(|_| found) else {
        return;
    };
    let dir = scratch_dir("browser");
    let page = dir.join("lecture.html");
    // No theme named: the app's own on screen (dark, or mono under
    // NO_COLOR), and the print must still be light.
    let args = ["render", "--all", "--format", "html", "--out"];
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    args.push(page.display().to_string());
    let made = run_limited(&args, Duration::from_secs(60));
    assert!(
        success_problems(&made, Duration::from_secs(60)).is_empty(),
        "{}",
        made.err_text()
    );

    let lecture = Lecture::builtin();
    let mut browser = Browser::start(&program, &dir.join("profile"), &dir.join("chromium.log"));
    browser.open(&format!("file://{}", page.display()));
    let first = browser.wait_for_step("1.1");
    assert_eq!(first["ready"], json!("complete"));
    assert_shows(&first, "1.1", &lecture);
    assert!(
        first["where"]
            .as_str()
            .is_some_and(|w| w.contains(&format!("of {}", lecture.len())))
    );

    browser.press("ArrowRight", 39);
    assert_shows(&browser.wait_for_step("1.2"), "1.2", &lecture);
    browser.press("PageDown", 34);
    assert_shows(&browser.wait_for_step("2.1"), "2.1", &lecture);
    let state = browser.eval(STATE);
    browser.click(
        state["back"]["x"].as_f64().expect("x"),
        state["back"]["y"].as_f64().expect("y"),
    );
    let (scene, step) = lecture.locate(lecture.scene_start(1) - 1);
    let before = format!("{}.{}", scene + 1, step + 1);
    assert_shows(&browser.wait_for_step(&before), &before, &lecture);

    // A prediction: the answer waits for one key, then the next step.
    browser.eval("location.hash = '#3.3'");
    let asked = browser.wait_for_step("3.3");
    assert_shows(&asked, "3.3", &lecture);
    assert_eq!(asked["revealed"], json!("no"));
    assert_eq!(asked["frame"]["answer"], json!(false), "the answer waits");
    browser.press("ArrowRight", 39);
    let answered = browser.eval(STATE);
    assert_eq!(answered["current"], json!("3.3"), "{answered}");
    assert_eq!(answered["frame"]["answer"], json!(true), "the answer shows");
    browser.press("ArrowRight", 39);
    assert_shows(&browser.wait_for_step("3.4"), "3.4", &lecture);

    let pdf = browser.call("Page.printToPDF", json!({"printBackground": true}));
    let pdf = base64(pdf["data"].as_str().expect("PDF data"));
    assert!(pdf.starts_with(b"%PDF"), "a PDF");
    let printed = dir.join("printed.pdf");
    std::fs::write(&printed, &pdf).expect("saved");
    if !crate::export_pdf::poppler() {
        return;
    }
    let text = crate::export_pdf::pdf_text(&printed);
    let problems = crate::export_pdf::handout_text_problems(&text, &lecture);
    assert!(
        problems.is_empty(),
        "printed from the browser: {problems:#?}"
    );
    let greys = crate::export_pdf::page_greys(&printed, &dir);
    assert!(
        greys.len() > lecture.scene_count(),
        "{} sheets",
        greys.len()
    );
    for (i, grey) in greys.iter().enumerate() {
        assert!(
            *grey > 200.0,
            "sheet {} is dark: mean grey {grey:.0}",
            i + 1
        );
    }
}
