//! The presenting app's end of the speaker link: the socket is opened as
//! the app starts (a failure only says so on the bottom line: the app
//! works the same without a speaker view), speakers' commands come into
//! the loop as messages, and [`state`] is what the app tells them.

use std::sync::mpsc::Sender;

use crate::lecture::Guess;
use crate::talk::server::Server;
use crate::talk::{Endpoint, Session, State};
use crate::ui::app::App;
use crate::ui::input::source::Input;
use crate::ui::status::Status;

/// Opens the session's socket; speakers' commands go into `tx`.
pub(crate) fn start(app: &mut App, tx: Sender<Input>) -> Option<Server> {
    let session = match Session::or_default(app.session.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            app.status = Some(Status::failed(format!("speaker view off: {e}")));
            return None;
        }
    };
    let endpoint = Endpoint::for_session(&session);
    // A send fails only once the loop is gone; nothing is left to step.
    let on_command = move |command| drop(tx.send(Input::Remote(command)));
    match Server::start(endpoint, on_command) {
        Ok(server) => Some(server),
        Err(e) => {
            app.status = Some(Status::failed(format!("speaker view off: {e}")));
            None
        }
    }
}

/// The first sentence of `paragraph` (or all of it).
fn first_line(paragraph: &str) -> String {
    match paragraph.find(". ") {
        Some(at) => paragraph[..=at].to_string(),
        None => paragraph.to_string(),
    }
}

/// Where the lecture stands, for the speaker view.
pub(crate) fn state(app: &App) -> State {
    let tab = &app.screens.lecture;
    let lecture = &tab.lecture;
    // The speaker reads the whole narration, the reveal's part included.
    let full = lecture.shown_board(tab.step, true);
    let predict = full.predict.as_ref();
    let reveal_from = predict.and_then(|p| p.reveal_from);
    let (next_place, next_headline) = next_step(app);
    // The card as the class sees it, with its pick marked.
    let shown = tab.board();
    let card = shown.predict.as_ref().filter(|_| !tab.at_end);
    let guess = card.and_then(|p| p.guess).map(|g| match g {
        Guess::Choice(i) => crate::lecture::predict::choice_key(i).to_string(),
        Guess::Number(x) => crate::lecture::texts::number_text(x),
    });
    let next = if predict.is_some() && !tab.revealed {
        let from = reveal_from.unwrap_or(full.narration.len());
        Some(
            full.narration
                .get(from)
                .map_or("the reveal".to_string(), |p| {
                    format!("(the reveal) {}", first_line(p))
                }),
        )
    } else if tab.at_end || tab.step + 1 >= lecture.len() {
        (!tab.at_end).then(|| "the end of the lecture".to_string())
    } else {
        let next = lecture.step_board(tab.step + 1);
        next.narration.first().map(|p| first_line(p))
    };
    let last_scene = lecture.scene_count();
    State {
        scene: full.scene + 1,
        step: full.step + 1,
        scenes: full.scene_count,
        steps: full.steps_in_scene,
        last: format!(
            "{last_scene}.{}",
            lecture.scene_len(last_scene.saturating_sub(1))
        ),
        title: full.scene_title.clone(),
        at_end: tab.at_end,
        narration: full.narration.clone(),
        reveal_from,
        question: predict.map(|p| p.question.clone()),
        revealed: tab.revealed,
        next,
        talk_ms: u64::try_from(app.clock.talk().as_millis()).unwrap_or(u64::MAX),
        scene_ms: u64::try_from(app.clock.in_scene().as_millis()).unwrap_or(u64::MAX),
        screen: app.screen.title().to_string(),
        autoplay: app.clock.playing(),
        version: crate::talk::protocol::VERSION,
        index: tab.step,
        scene_lengths: (0..last_scene).map(|s| lecture.scene_len(s)).collect(),
        predicts: (0..lecture.len())
            .filter(|&i| lecture.predicts(i))
            .collect(),
        predict_lines: card
            .map(|p| {
                crate::lecture::texts::predict_lines(p)
                    .into_iter()
                    .map(|l| l.text)
                    .collect()
            })
            .unwrap_or_default(),
        choices: card.map_or(0, |p| p.choices.len()),
        number: card.is_some_and(crate::lecture::Prediction::is_number),
        guess,
        next_place,
        next_headline,
        minutes: app
            .clock
            .length
            .and_then(|d| u32::try_from(d.as_secs() / 60).ok()),
        script: app.script.as_ref().map(|p| p.display().to_string()),
        lecture: app.lecture.clone(),
    }
}

/// The next step's place and headline, when the next thing to show is
/// another step (not the reveal of this one, nor the closing screen).
fn next_step(app: &App) -> (Option<String>, Option<String>) {
    let tab = &app.screens.lecture;
    let lecture = &tab.lecture;
    let reveal_next = lecture.predicts(tab.step) && !tab.revealed;
    if reveal_next || tab.at_end || tab.step + 1 >= lecture.len() {
        return (None, None);
    }
    let (scene, step) = lecture.locate(tab.step + 1);
    let board = lecture.step_board(tab.step + 1);
    (
        Some(format!("{}.{}", scene + 1, step + 1)),
        crate::ui::lecture::headline::headline_text(board, false),
    )
}
