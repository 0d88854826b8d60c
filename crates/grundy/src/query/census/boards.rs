//! The census of Cram boards (`cram:R`): the boards R×1, R×2, … R×N, one after the other, on
//! one region database carried from each board to the next (and read from and written to
//! `--table FILE` when given), each board's nimber searched by the Cram engine on `jobs`
//! threads.
//!
//! What: one [`CensusRow`] a board: its code (`3x16`), the status proved, its columns as
//! `largest_heap` and its nimber as `largest_value` (the row has no period: a board is one
//! value). Rows go through the census machinery like any game's (`--out`, resume, `--shard`,
//! `merge`).
//!
//! Why in order and not in parallel: a position of R×(n+1) falls apart into regions of
//! boards of at most n columns after one move, so the regions proved for R×n are most of the
//! work of R×(n+1); the threads help within a board instead ([`ParallelCram`]).
//!
//! Cost: the boards' searches (each less for the regions already known) plus, per board, one
//! pass over the database (to put it into the engine's tables and to take it back), and one
//! write of the file when `--table` is given.

use super::family::Member;
use super::run::CensusOptions;
use crate::control::Control;
use crate::error::Result;
use crate::report::{CensusRow, CensusStatus};
use crate::solve::search::cram::parallel::ParallelCram;
use crate::solve::search::cram::regions::RegionKey;
use crate::solve::search::cram::{
    AUTOSAVE_EVERY, Autosave, CramConfig, CramSearch, RECORD_SAVE_BYTES, read_regions, write_regions,
};
use crate::solve::search::packed_table::PackedTable;
use crate::solve::search::table::entries_within;
use std::time::Instant;

/// `RxC` of a board member's code (`3x16`), or `None` for a code of another family.
pub fn board_size(code: &str) -> Option<(u32, u32)> {
    let (r, c) = code.split_once('x')?;
    let (r, c) = (r.parse::<u32>().ok()?, c.parse::<u32>().ok()?);
    (r >= 1 && c >= 1 && r * c <= 64).then_some((r, c))
}

/// The nimber of the `rows` × `cols` board with the regions `db` known, and every region
/// known after it (`db` and the ones proved, whatever the search's outcome).
fn board_nimber(
    rows: u32,
    cols: u32,
    db: &[(RegionKey, u8)],
    jobs: usize,
    control: &Control,
    save_to: Option<&std::path::Path>,
) -> (Result<u8>, Vec<(RegionKey, u8)>) {
    let autosave = save_to.map(|path| Autosave::new(path.to_path_buf(), AUTOSAVE_EVERY));
    let cells = if rows * cols == 64 {
        u64::MAX
    } else {
        (1u64 << (rows * cols)) - 1
    };
    // The tables' cap from the memory budget, as `grundy value cram` sets it, less what saving
    // the database takes (its records are resident already, so the budget's headroom counts
    // them).
    let saving = db.len() as u64 * RECORD_SAVE_BYTES;
    let bytes = crate::solve::search::table_bytes(control).saturating_sub(saving) / 17 * 16;
    let config = CramConfig {
        use_transpose: rows == cols,
        killers: CramConfig::killers_for(rows, cols),
        low_first_values: CramConfig::low_first_values_for(rows, cols),
        table_entries: entries_within(bytes, PackedTable::ENTRY_BYTES),
        ..CramConfig::default()
    };
    if jobs <= 1 {
        let mut one = CramSearch::for_board(cols, rows, config);
        one.control = control.clone();
        one.add_regions(db, cols, rows);
        one.autosave = autosave;
        let v = one.nimber(cells);
        (v, one.regions())
    } else {
        let mut team = match ParallelCram::for_board(cols, rows, config, jobs, control) {
            Ok(t) => t,
            Err(e) => return (Err(e), db.to_vec()),
        };
        team.add_regions(db, cols, rows);
        team.set_autosave(autosave);
        let v = team.nimber(cells);
        (v, team.regions())
    }
}

/// The row of a board: its code, its columns as `largest_heap` and its nimber as
/// `largest_value`, proved (a board is one value: no period).
fn board_row_of(code: &str, cols: u32, value: u8, to: u64, start: Instant) -> CensusRow {
    CensusRow {
        largest_heap: u64::from(cols),
        largest_value: u64::from(value),
        seconds: start.elapsed().as_secs_f64(),
        ..CensusRow::empty(code, to, CensusStatus::Proved)
    }
}

/// One board's row alone, searched cold on one thread (no region database): the unit a cluster
/// maps over the boards of a family ([`super::game_row`] sends a board's code here), where the
/// census on one machine carries its database from board to board. `code` is `RxC`.
pub fn board_row(code: &str, to: u64, control: &Control) -> Result<CensusRow> {
    let Some((rows, cols)) = board_size(code) else {
        return crate::error::input(format!("`{code}` is not a board RxC of at most 64 cells"));
    };
    let start = Instant::now();
    let (value, _) = board_nimber(rows, cols, &[], 1, &control.quiet(), None);
    Ok(board_row_of(code, cols, value?, to, start))
}

/// Run the boards `pending` (in order) as [`super::run_games`] runs games: each row to
/// `on_row` as its board ends, progress as the count of boards done (`done_before` before this
/// run), without a total: the boards' costs grow too fast for a rate to give an ETA; during a
/// board, its search's count of positions searched.
/// The region database is read from `options.table` (if the file exists) and written back
/// after every board, also one stopped (then with what its search proved so far), and every
/// [`AUTOSAVE_EVERY`] during a board's search.
pub fn run_boards(
    pending: &[Member],
    options: &CensusOptions,
    control: &Control,
    done_before: u64,
    mut on_row: impl FnMut(&Member, CensusRow) -> Result<()>,
) -> Result<()> {
    let mut db = match &options.table {
        Some(path) if path.exists() => read_regions(path)?,
        _ => Vec::new(),
    };
    let jobs = crate::solve::search::threads(options.jobs);
    // Boards, not games, and no total: each board costs several times the one before (3×20
    // about 8× 3×19), so a rate over the boards done would promise an ETA far too soon.
    let mut done = done_before;
    control.progress("boards", done, None);
    for member in pending {
        control.check()?;
        let (rows, cols) = board_size(&member.code).expect("a board of a cram family");
        let start = Instant::now();
        // With the observer: a board can take minutes (3×20 five), during which its search's
        // count of positions is the only sign of life; the count of boards takes over after.
        let (value, known) = board_nimber(rows, cols, &db, jobs, control, options.table.as_deref());
        db = known;
        if let Some(path) = &options.table {
            write_regions(path, &db)?;
        }
        let row = board_row_of(&member.code, cols, value?, options.row.to, start);
        on_row(member, row)?;
        done += 1;
        control.progress("boards", done, None);
    }
    control.finished("boards");
    control.check()
}
