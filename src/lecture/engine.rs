//! The pure step engine: the board after step i is a fold of the script's
//! steps 0..=i over an empty start. Stepping back simply folds less.

use std::collections::{BTreeMap, BTreeSet};

use super::board::{Board, Cell, Flag, Probe, Query, QuerySource, TableLine, Verdict};
use super::figures::Figures;
use super::predict::{Before, hidden, work_out};
use super::script::{Directive, Element, Emphasis, Script, TableRow};
use super::template::Now;
use crate::filter::ProbeState;

/// Everything the steps change, filter state and scene furniture alike.
#[derive(Debug, Clone)]
struct State {
    row_exists: bool,
    cells: Vec<Cell>,
    members: BTreeSet<usize>,
    progress: Vec<usize>,
    saved: Option<(Vec<Cell>, BTreeSet<usize>)>,
    counters: Vec<u32>,
    counters_fresh: Vec<bool>,
    counters_peak: Vec<u32>,
    counted: BTreeSet<usize>,
    /// The flag the current query has earned but not yet shown: a query's
    /// verdict comes first, and `emphasise flag` names the mistake.
    latent_flag: Option<Flag>,
    /// The board's probes and derivation as the step began, for what a
    /// prediction hides.
    before: Before,
    board: Board,
}

impl State {
    fn new(script: &Script, figures: &Figures) -> Self {
        let m = script.settings.m;
        State {
            row_exists: false,
            cells: vec![Cell::default(); m],
            members: BTreeSet::new(),
            progress: vec![0; script.items.len()],
            saved: None,
            counters: vec![0; m],
            counters_fresh: vec![false; m],
            counters_peak: vec![0; m],
            counted: BTreeSet::new(),
            latent_flag: None,
            before: Before::default(),
            board: Board {
                scene: 0,
                step: 0,
                steps_in_scene: 0,
                scene_count: script.scenes.len(),
                scene_title: String::new(),
                row: None,
                counters: Vec::new(),
                counters_fresh: Vec::new(),
                counters_peak: Vec::new(),
                visible: BTreeSet::new(),
                query: None,
                derivation: Vec::new(),
                derived: false,
                notes: Vec::new(),
                banner: None,
                lineup: Vec::new(),
                table: Vec::new(),
                probes: BTreeMap::new(),
                boxed: BTreeSet::new(),
                emphasis: Vec::new(),
                marks: BTreeSet::new(),
                narration: Vec::new(),
                predict: None,
                figures: std::sync::Arc::new(figures.clone()),
            },
        }
    }

    fn set_count(&self) -> usize {
        self.cells.iter().filter(|c| c.set).count()
    }

    /// What placeholders read from the board as it stands.
    fn now(&self) -> Now<'_> {
        Now {
            set: self.set_count(),
            probes: &self.board.probes,
        }
    }

    fn enter_scene(&mut self, script: &Script, scene: usize) {
        let b = &mut self.board;
        b.scene = scene;
        b.scene_title = script.scenes[scene].title.clone();
        b.steps_in_scene = script.scenes[scene].steps.len();
        b.visible.clear();
        b.query = None;
        b.derivation.clear();
        b.notes.clear();
        b.banner = None;
        b.table.clear();
        b.probes.clear();
        b.marks.clear();
    }

    fn begin_step(&mut self, step: usize) {
        self.board.step = step;
        self.board.boxed.clear();
        self.board.emphasis.clear();
        for cell in &mut self.cells {
            cell.fresh = false;
        }
        self.counters_fresh.iter_mut().for_each(|f| *f = false);
        self.counters_peak.clone_from(&self.counters);
        // Notes are callouts for one step; everything else lasts the scene.
        self.board.notes.clear();
        self.board.visible.remove(&Element::Notes);
        // So is the line-up chart: each step names what it compares.
        self.board.lineup.clear();
        self.board.visible.remove(&Element::Lineup);
        self.board.predict = None;
        self.board.derived = false;
        self.before = Before {
            probes: self.board.probes.clone(),
            derivation: self.board.derivation.len(),
        };
    }

    /// A query describes the structure as it stands, so changing that
    /// structure (or hiding it) takes the query off the board.
    fn drop_query(&mut self, source: QuerySource) {
        if self
            .board
            .query
            .as_ref()
            .is_some_and(|q| q.source == source)
        {
            self.board.query = None;
        }
    }

    fn apply(&mut self, script: &Script, figures: &Figures, directive: &Directive) {
        match directive {
            Directive::Show(e) => {
                if *e == Element::Row {
                    self.row_exists = true;
                }
                self.board.visible.insert(*e);
            }
            Directive::Hide(e) => {
                self.board.visible.remove(e);
                self.board.marks.retain(|mark| !mark_on(mark).contains(e));
                match e {
                    Element::Row => self.drop_query(QuerySource::Row),
                    Element::Counters => self.drop_query(QuerySource::Counters),
                    Element::Derivation => self.board.derivation.clear(),
                    Element::Notes => self.board.notes.clear(),
                    Element::Banner => self.board.banner = None,
                    Element::Lineup => self.board.lineup.clear(),
                    Element::Table => self.board.table.clear(),
                    _ => {}
                }
            }
            Directive::Insert { item, upto } => self.insert(script, *item, *upto),
            Directive::Query { item, upto } => self.query(script, *item, *upto),
            Directive::Clear { item } => self.clear(script, *item),
            Directive::Restore => {
                self.drop_query(QuerySource::Row);
                if let Some((cells, members)) = self.saved.take() {
                    self.cells = cells;
                    self.members = members;
                }
                for cell in &mut self.cells {
                    cell.cleared = false;
                    cell.deleted.clear();
                }
            }
            Directive::CountInsert { item } => {
                self.drop_query(QuerySource::Counters);
                for &p in &script.items[*item].positions {
                    self.counters[p] = self.counters[p].saturating_add(1);
                    self.counters_fresh[p] = true;
                    self.counters_peak[p] = self.counters_peak[p].max(self.counters[p]);
                }
                self.counted.insert(*item);
            }
            Directive::CountDelete { item } => {
                self.drop_query(QuerySource::Counters);
                for &p in &script.items[*item].positions {
                    self.counters[p] = self.counters[p].saturating_sub(1);
                    self.counters_fresh[p] = true;
                }
                self.counted.remove(item);
            }
            Directive::CountQuery { item } => {
                let member = self.counted.contains(item);
                let counters = &self.counters;
                let query = walk(script, *item, None, member, QuerySource::Counters, |p| {
                    counters[p] > 0
                });
                self.show_query(query);
            }
            Directive::Probe { curve, x } => {
                self.board.probes.insert(*curve, *x);
            }
            Directive::Derive(t) => {
                let line = figures.fill(t, &self.now());
                self.board.derivation.push(line);
                self.board.derived = true;
                self.board.visible.insert(Element::Derivation);
            }
            Directive::Note(t) => {
                let line = figures.fill(t, &self.now());
                self.board.notes.push(line);
                self.board.visible.insert(Element::Notes);
            }
            Directive::Banner(t) => {
                self.board.banner = Some(figures.fill(t, &self.now()));
                self.board.visible.insert(Element::Banner);
            }
            Directive::Table(row) => {
                let s = &figures.settings;
                let line = match row {
                    TableRow::Exact => TableLine {
                        label: format!("exact hash set ({} B/item)", s.exact_bytes),
                        items: s.urls,
                        gigabytes: figures.exact_gb(s.urls),
                    },
                    TableRow::Bloom => TableLine {
                        label: format!("Bloom filter ({} bits/item)", s.bloom_bits),
                        items: s.urls,
                        gigabytes: figures.bloom_gb(s.urls, s.bloom_bits),
                    },
                };
                self.board.table.push(line);
                self.board.visible.insert(Element::Table);
            }
            Directive::Lineup(list) => {
                self.board.lineup.clone_from(list);
                self.board.visible.insert(Element::Lineup);
            }
            Directive::Box(e) => {
                self.board.boxed.insert(*e);
            }
            // Worked out once the step is finished (see `finish_step`).
            Directive::Predict(_) => {}
            Directive::Emphasise(e) => {
                if *e == Emphasis::Flag
                    && let Some(q) = self.board.query.as_mut()
                {
                    q.flag = q.flag.or(self.latent_flag);
                }
                if !mark_on(e).is_empty() {
                    self.board.marks.insert(e.clone());
                }
                self.board.emphasis.push(e.clone());
            }
        }
    }

    fn insert(&mut self, script: &Script, item: usize, upto: Option<usize>) {
        let it = &script.items[item];
        let upto = upto.unwrap_or(it.positions.len()).min(it.positions.len());
        self.row_exists = true;
        self.drop_query(QuerySource::Row);
        let from = self.progress[item].min(upto);
        for &p in &it.positions[from..upto] {
            let cell = &mut self.cells[p];
            if cell.cleared {
                cell.owners.clear();
                cell.deleted.clear();
            }
            cell.set = true;
            cell.cleared = false;
            cell.fresh = true;
            if !cell.owners.contains(&it.name) {
                cell.owners.push(it.name.clone());
            }
        }
        self.progress[item] = self.progress[item].max(upto);
        self.members.insert(item);
    }

    fn clear(&mut self, script: &Script, item: usize) {
        self.row_exists = true;
        self.drop_query(QuerySource::Row);
        self.saved = Some((self.cells.clone(), self.members.clone()));
        for &p in &script.items[item].positions {
            let cell = &mut self.cells[p];
            cell.set = false;
            cell.cleared = true;
            // The owners stay, so the board can show who leaned on the bit;
            // only the deleted item's claim is marked as gone.
            if !cell.deleted_owner(&script.items[item].name) {
                cell.deleted.push(script.items[item].name.clone());
            }
        }
        self.members.remove(&item);
        self.progress[item] = 0;
    }

    fn query(&mut self, script: &Script, item: usize, upto: Option<usize>) {
        self.row_exists = true;
        let member = self.members.contains(&item);
        let cells = &self.cells;
        let query = walk(script, item, upto, member, QuerySource::Row, |p| {
            cells[p].set
        });
        self.show_query(query);
    }

    /// Puts a query on the board with its verdict; its flag waits for
    /// `emphasise flag` (in this step or a later one).
    fn show_query(&mut self, mut query: Query) {
        self.latent_flag = query.flag.take();
        if self.board.emphasis.contains(&Emphasis::Flag) {
            query.flag = self.latent_flag;
        }
        self.board.query = Some(query);
    }

    fn finish_step(&mut self, script: &Script, figures: &Figures, scene: usize, step: usize) {
        let spec = &script.scenes[scene].steps[step];
        let narration = spec
            .narration
            .iter()
            .map(|t| figures.fill(t, &self.now()))
            .collect();
        self.board.narration = narration;
        let predict = spec.directives.iter().find_map(|d| match d {
            Directive::Predict(p) => Some(p),
            _ => None,
        });
        if let Some(p) = predict {
            self.row_and_counters();
            let worked = work_out(p, &self.board, figures, &self.now(), spec.reveal_from);
            self.board.predict = Some(worked);
        }
    }

    /// The row and the counters copied onto the board, as they stand.
    fn row_and_counters(&mut self) {
        self.board.row = self.row_exists.then(|| self.cells.clone());
        self.board.counters = self.counters.clone();
        self.board.counters_fresh = self.counters_fresh.clone();
        self.board.counters_peak = self.counters_peak.clone();
    }

    /// The board as the step first shows it, and on a predict step the
    /// board once revealed.
    fn boards(mut self) -> (Board, Option<Board>) {
        self.row_and_counters();
        if self.board.predict.is_some() {
            (hidden(&self.board, &self.before), Some(self.board))
        } else {
            (self.board, None)
        }
    }
}

/// Reads an item's positions in hash order, stopping at the first 0.
fn walk(
    script: &Script,
    item: usize,
    upto: Option<usize>,
    member: bool,
    source: QuerySource,
    is_set: impl Fn(usize) -> bool,
) -> Query {
    let it = &script.items[item];
    let reads = upto.unwrap_or(it.positions.len());
    let mut probes = Vec::with_capacity(it.positions.len());
    let mut stopped = false;
    for (i, &position) in it.positions.iter().enumerate() {
        let read = if stopped {
            ProbeState::NotNeeded
        } else if i >= reads {
            ProbeState::Pending
        } else if is_set(position) {
            ProbeState::One
        } else {
            stopped = true;
            ProbeState::Zero
        };
        probes.push(Probe { position, read });
    }
    let all_read = probes.iter().all(|p| p.read == ProbeState::One);
    let verdict = if stopped {
        Some(Verdict::DefinitelyAbsent)
    } else if all_read {
        Some(Verdict::ProbablyPresent)
    } else {
        None
    };
    let flag = match verdict {
        Some(Verdict::ProbablyPresent) if !member => Some(Flag::FalsePositive),
        Some(Verdict::DefinitelyAbsent) if member => Some(Flag::FalseNegative),
        _ => None,
    };
    Query {
        item: it.name.clone(),
        member,
        source,
        probes,
        verdict,
        flag,
    }
}

/// Folds the script's steps in order, handing the state after each step to
/// `visit` (with its global index) until `visit` says stop.
fn fold(script: &Script, figures: &Figures, mut visit: impl FnMut(usize, &State) -> bool) {
    let mut state = State::new(script, figures);
    let mut index = 0;
    for (scene_index, scene) in script.scenes.iter().enumerate() {
        state.enter_scene(script, scene_index);
        for (step_index, step) in scene.steps.iter().enumerate() {
            state.begin_step(step_index);
            for d in &step.directives {
                state.apply(script, figures, d);
            }
            state.finish_step(script, figures, scene_index, step_index);
            if !visit(index, &state) {
                return;
            }
            index += 1;
        }
    }
}

/// The board after the step at global index `global` (clamped to the last step).
pub fn board_at(script: &Script, figures: &Figures, global: usize) -> Board {
    let total: usize = script.scenes.iter().map(|s| s.steps.len()).sum();
    let target = global.min(total.saturating_sub(1));
    let mut found = None;
    fold(script, figures, |index, state| {
        if index == target {
            found = Some(state.clone());
        }
        index < target
    });
    found
        .unwrap_or_else(|| State::new(script, figures))
        .boards()
        .0
}

/// The board after every step, in order, from a single pass over the script
/// (each equal to `board_at` for its index).
pub fn all_boards(script: &Script, figures: &Figures) -> Vec<Board> {
    all_steps(script, figures)
        .into_iter()
        .map(|s| s.0)
        .collect()
}

/// Every step's board as first shown, with the revealed board of each
/// predict step beside it, from a single pass over the script.
pub fn all_steps(script: &Script, figures: &Figures) -> Vec<(Board, Option<Board>)> {
    let mut boards = Vec::new();
    fold(script, figures, |_, state| {
        boards.push(state.clone().boards());
        true
    });
    boards
}

/// The chart and the lines a chart's mark stands on (hiding any of them
/// takes the mark off); none for an emphasis that lasts one step.
fn mark_on(mark: &Emphasis) -> &'static [Element] {
    match mark {
        Emphasis::Crossing => &[Element::Memory, Element::ExactLine, Element::RamLine],
        Emphasis::Optimum => &[Element::KCurve],
        Emphasis::Half => &[Element::FillCurve],
        Emphasis::Idealised => &[Element::ZeroCurve],
        Emphasis::SoFar => &[Element::FillCurve, Element::KCurve, Element::BitsCurve],
        Emphasis::Shared | Emphasis::Flag | Emphasis::Text(_) => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::ProbeState;
    use crate::lecture::board::{Flag, Verdict};
    use crate::lecture::parse::parse_bytes;

    fn boards(text: &str) -> Vec<Board> {
        let script = parse_bytes("t", text.as_bytes()).unwrap();
        let figures = Figures::new(script.settings.clone());
        all_boards(&script, &figures)
    }

    const HEAD: &str =
        "m = 8\nk = 3\nitem a = 1 2 3\nitem b = 3 4 5\nitem c = 0 4 6\nscene \"s\"\n";

    #[test]
    fn partial_insert_then_the_rest() {
        let b = boards(&format!("{HEAD}step\ninsert a upto 1\nstep\ninsert a\n"));
        assert_eq!(b[0].bits(), vec![1]);
        assert_eq!(b[1].bits(), vec![1, 2, 3]);
        let row = b[1].row.as_ref().unwrap();
        assert!(!row[1].fresh && row[2].fresh && row[3].fresh);
    }

    #[test]
    fn query_stops_at_first_zero() {
        let b = boards(&format!("{HEAD}step\ninsert a\ninsert b\nquery c\n"));
        let q = b[0].query.as_ref().unwrap();
        let reads: Vec<ProbeState> = q.probes.iter().map(|p| p.read).collect();
        assert_eq!(
            reads,
            [
                ProbeState::Zero,
                ProbeState::NotNeeded,
                ProbeState::NotNeeded
            ]
        );
        assert_eq!(q.verdict, Some(Verdict::DefinitelyAbsent));
        assert_eq!(q.flag, None);
    }

    #[test]
    fn pending_probes_have_no_verdict() {
        let b = boards(&format!("{HEAD}step\ninsert a\nquery a upto 2\n"));
        let q = b[0].query.as_ref().unwrap();
        assert_eq!(q.probes[2].read, ProbeState::Pending);
        assert_eq!(q.verdict, None);
    }

    #[test]
    fn clear_then_restore_round_trips() {
        let b = boards(&format!(
            "{HEAD}step\ninsert a\ninsert b\nstep\nclear a\nquery b\nstep\nemphasise flag\nstep\nrestore\nquery b\n"
        ));
        assert_eq!(b[1].bits(), vec![4, 5]);
        // The verdict comes first; the flag waits for `emphasise flag`.
        assert_eq!(b[1].query.as_ref().unwrap().flag, None);
        assert_eq!(b[2].query.as_ref().unwrap().flag, Some(Flag::FalseNegative));
        assert_eq!(b[3].bits(), b[0].bits());
        assert_eq!(b[3].query.as_ref().unwrap().flag, None);
        assert_eq!(b[3].row.as_ref().unwrap()[3].owners, ["a", "b"]);
    }

    #[test]
    fn a_deletion_marks_only_the_deleted_owner_until_restored() {
        let b = boards(&format!(
            "{HEAD}step\ninsert a\ninsert b\nstep\nclear a\nstep\nquery b\nstep\nrestore\n"
        ));
        // Bit 3 is a's and b's: deleting a clears it and marks a alone.
        for step in [1, 2] {
            let row = b[step].row.as_ref().unwrap();
            assert!(row[3].cleared && !row[3].set, "step {step}");
            assert_eq!(row[3].owners, ["a", "b"], "step {step}");
            assert_eq!(row[3].deleted, ["a"], "step {step}");
            assert_eq!(row[3].kept_owners().collect::<Vec<_>>(), ["b"]);
            assert_eq!(row[1].deleted, ["a"], "step {step}");
            // b's own bits were never cleared.
            assert!(row[4].deleted.is_empty() && row[4].set, "step {step}");
        }
        let restored = b[3].row.as_ref().unwrap();
        assert!(restored.iter().all(|c| c.deleted.is_empty() && !c.cleared));
    }

    #[test]
    fn restore_without_clear_changes_nothing() {
        let b = boards(&format!("{HEAD}step\ninsert a\nstep\nrestore\n"));
        assert_eq!(b[0].bits(), b[1].bits());
    }

    #[test]
    fn counters_never_go_below_zero() {
        let b = boards(&format!(
            "{HEAD}step\nshow counters\ncounters delete a\ncounters insert b\n"
        ));
        assert_eq!(b[0].counters, vec![0, 0, 0, 1, 1, 1, 0, 0]);
    }

    #[test]
    fn a_new_scene_clears_what_is_shown_but_keeps_the_row() {
        let b = boards(&format!(
            "{HEAD}step\nshow row fill-curve\ninsert a\nquery a\nprobe fill n=2\nscene \"t\"\nstep\n> next\n"
        ));
        assert!(b[1].visible.is_empty());
        assert!(b[1].query.is_none());
        assert!(b[1].probes.is_empty());
        assert_eq!(b[1].bits(), vec![1, 2, 3]);
        assert_eq!(b[1].scene, 1);
    }

    #[test]
    fn board_at_matches_the_one_pass_boards() {
        let text = format!("{HEAD}step\ninsert a\nstep\nquery c\nstep\nclear a\n");
        let script = parse_bytes("t", text.as_bytes()).unwrap();
        let figures = Figures::new(script.settings.clone());
        let all = all_boards(&script, &figures);
        for (i, b) in all.iter().enumerate() {
            assert_eq!(&board_at(&script, &figures, i), b);
        }
        assert_eq!(&board_at(&script, &figures, 99), all.last().unwrap());
    }
}
