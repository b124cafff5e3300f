//! The presenting app's end of the speaker link: the socket is opened as
//! the app starts (a failure only says so on the bottom line: the app
//! works the same without a speaker view), speakers' commands come into
//! the loop as messages, and [`state`] is what the app tells them.

use std::sync::mpsc::Sender;

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
    }
}
