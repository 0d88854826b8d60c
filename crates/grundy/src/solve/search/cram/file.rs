//! The region database of the Cram engine: every proved nimber of its tables, under keys that
//! do not depend on the board ([`super::regions`]), saved and loaded so that a long
//! computation can resume and so that one board's regions serve the next
//! (`grundy value cram 3x19 --table FILE`, then `3x20` with the same FILE).
//!
//! What: [`CramSearch::save`] writes a header line (format and version), 10 bytes per region
//! (the key's cells little-endian, its width, the nimber), sorted by key, and a checksum;
//! [`CramSearch::load`] reads such a file back, or refuses it whole (not a table, another
//! version, damaged). A file grows: what was read or saved before is written back with what
//! was proved since, even when the tables have replaced it (a save merges the tables into the
//! database in memory, which keeps every record). [`CramSearch::regions`] and
//! [`CramSearch::add_regions`] are the same records in memory (the census of boards carries
//! them from one board to the next without a file).
//!
//! Why: the header and checksum make sure a file is never misread or half read; the atomic
//! replacement makes an interruption leave the old file or the new one. The keys make a file
//! good for every board: a region of 3×19 has the same key on 3×20 (the engine keeps 3×16 at a
//! stride of 16 and 3×17 at 17, so its own keys differ between them).
//!
//! Cost: linear in the entries of the tables and the database (save: one key for each of the
//! tables' nimbers, then a sort of the database in place, the file streamed) or in the file's
//! size (load: one check and one or two table stores per record). Memory: the database's
//! records, 16 bytes each, beside the tables.

use super::CramSearch;
use super::regions::{RegionKey, engine_keys, region_key};
use crate::error::{Error, Result};
use crate::solve::search::packed_table::FactStore;

/// The first line of a region database (format and version).
const REGIONS_HEADER: &str = "grundy cram regions v3 keys=least-image-dense\n";

/// How the table files of earlier versions start (refused with a word on why).
const OLD_MAGIC: &str = "grundy cram table ";

/// Bytes per record: the key's cells (8), its width (1), the nimber (1).
const RECORD: usize = 10;

/// Bytes of memory a database record takes while a search holds it (a [`RegionKey`] and its
/// nimber, padded), beyond the table entries its nimber goes into.
pub const RECORD_KEPT_BYTES: u64 = std::mem::size_of::<(RegionKey, u8)>() as u64;

/// Bytes of memory set aside for each database record read, for the saves: a save
/// ([`CramSearch::save`]) merges the tables' nimbers into the database in place, where they stay
/// (16 bytes each), so the database grows by what the search proves; what a record read sets
/// aside pays for about that much growth. (A save copies nothing else: the file is streamed.)
pub const RECORD_SAVE_BYTES: u64 = RECORD_KEPT_BYTES + RECORD as u64;

/// The number of records in a region database file of `bytes` bytes (about: header and
/// checksum included), to account their memory before the file is read.
pub fn records_in_file(bytes: u64) -> u64 {
    bytes / RECORD as u64
}

/// The largest table file read (tables are capped far below this by the memory limit).
const MAX_TABLE_FILE_BYTES: u64 = 1 << 36;

/// How often a search saves its region database when it has a file (`--table FILE`):
/// [`Autosave`].
pub const AUTOSAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(600);

/// The region database saved every so often during a search, not only at its end: a run of
/// hours whose process ends without a chance to save (the machine lost, `kill -9`) loses at
/// most the interval's work, and the same command resumes from the file. Each save is the
/// whole file, written atomically ([`write_regions`]), from the thread that polls when the
/// interval has passed (on a team, the first thread; the others search on meanwhile).
///
/// Cost: one save of the end's kind per interval (the records' memory, which the end's save
/// needs too, and seconds to a minute of the saving thread for tens of millions of regions),
/// at most about 5 % of the search: the interval stretches to 20 times the last save's time.
#[derive(Clone, Debug)]
pub struct Autosave {
    /// The database file.
    pub path: std::path::PathBuf,
    /// The least time between two saves.
    pub every: std::time::Duration,
    /// When the last save ended (or the autosave was set up).
    last: std::time::Instant,
    /// How long the last save took.
    took: std::time::Duration,
    /// The saves made so far.
    pub saves: u64,
    /// The time they took in all.
    pub spent: std::time::Duration,
}

/// A save waits at least this many times as long as the last one took, so saving costs at most
/// about 5 % of the search however large the database grows (a save of 14 M regions took 57 s
/// on a loaded machine).
const SAVE_SPACING: u32 = 20;

impl Autosave {
    /// Saves to `path` every `every`, the first one `every` from now.
    pub fn new(path: std::path::PathBuf, every: std::time::Duration) -> Autosave {
        Autosave {
            path,
            every,
            last: std::time::Instant::now(),
            took: std::time::Duration::ZERO,
            saves: 0,
            spent: std::time::Duration::ZERO,
        }
    }

    /// Whether the interval has passed since the last save, and [`SAVE_SPACING`] times the
    /// last save's own time.
    pub(super) fn due(&self) -> bool {
        self.last.elapsed() >= self.every.max(self.took * SAVE_SPACING)
    }
}

/// Records sorted by key, one per key (the first of equal keys kept).
fn sorted_once(mut records: Vec<(RegionKey, u8)>) -> Vec<(RegionKey, u8)> {
    records.sort_by_key(|r| r.0);
    records.dedup_by_key(|r| r.0);
    records
}

/// Write `records` (sorted, one per key) to `path`: the header line, 10 bytes per record, the
/// FNV-1a checksum of all that (8 bytes, little-endian); replaced atomically.
pub fn write_regions(path: &std::path::Path, records: &[(RegionKey, u8)]) -> Result<()> {
    // Streamed a chunk of records at a time, the checksum taken on the way: no copy of the
    // whole file in memory (500 MB for 50 M records).
    use std::io::Write;
    crate::files::write_atomic_with(path, "the table file", |out| {
        let mut w = crate::files::Hashing::new(out);
        w.write_all(REGIONS_HEADER.as_bytes())?;
        let mut chunk = Vec::with_capacity(4096 * RECORD);
        for part in records.chunks(4096) {
            chunk.clear();
            for (key, v) in part {
                chunk.extend_from_slice(&key.bits.to_le_bytes());
                chunk.push(key.width);
                chunk.push(*v);
            }
            w.write_all(&chunk)?;
        }
        let sum = w.value();
        out.write_all(&sum.to_le_bytes())
    })
}

/// Read a region database written by [`write_regions`]: its records, or an
/// [`Error::Input`] (one line) when the file is not such a database, is of another version,
/// or is damaged or truncated; nothing of a refused file is used.
pub fn read_regions(path: &std::path::Path) -> Result<Vec<(RegionKey, u8)>> {
    let bytes = crate::files::read_regular(path, MAX_TABLE_FILE_BYTES, "the table file")?;
    let shown = path.display();
    let line_end = bytes.iter().position(|&b| b == b'\n');
    let head = line_end.map(|e| String::from_utf8_lossy(&bytes[..=e]));
    let Some(head) = head.filter(|h| h.starts_with("grundy cram regions ") || h.starts_with(OLD_MAGIC)) else {
        return Err(Error::Input(format!(
            "{shown} is not a grundy cram table file (use another file name, or delete it)"
        )));
    };
    if head != REGIONS_HEADER {
        return Err(Error::Input(format!(
            "the table file {shown} has another format version (`{}`, this version reads `{}`): delete it to start afresh",
            head.trim_end(),
            REGIONS_HEADER.trim_end()
        )));
    }
    let damaged = || {
        Error::Input(format!(
            "the table file {shown} is damaged or truncated (its checksum does not match): delete it to start afresh"
        ))
    };
    let rest = &bytes[REGIONS_HEADER.len()..];
    if rest.len() < 8 || (rest.len() - 8) % RECORD != 0 {
        return Err(damaged());
    }
    let (payload, sum) = bytes.split_at(bytes.len() - 8);
    if crate::files::fnv1a64(payload) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err(damaged());
    }
    let body = &rest[..rest.len() - 8];
    let mut records = Vec::with_capacity(body.len() / RECORD);
    for rec in body.chunks_exact(RECORD) {
        let key = RegionKey {
            bits: u64::from_le_bytes(rec[..8].try_into().expect("8 bytes")),
            width: rec[8],
        };
        // A region of at most 64 cells has at most 32 dominoes, so a nimber of at most 32.
        if rec[9] > 32 || !key.is_canonical() {
            return Err(damaged());
        }
        records.push((key, rec[9]));
    }
    Ok(records)
}

/// Merge the region databases `parts` ([`read_regions`] each, so a damaged or foreign part is
/// refused) into `out` ([`write_regions`]): every region once. Two parts giving one region
/// different nimbers are refused, naming both files, and nothing is written. The number of
/// regions written and the number found in more than one part.
pub fn merge_region_files(parts: &[std::path::PathBuf], out: &std::path::Path) -> Result<(usize, usize)> {
    let mut all: Vec<(RegionKey, u8, usize)> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        all.extend(read_regions(part)?.into_iter().map(|(k, v)| (k, v, i)));
    }
    all.sort_by_key(|r| (r.0, r.2));
    let mut merged: Vec<(RegionKey, u8)> = Vec::with_capacity(all.len());
    let mut shared = 0;
    let mut from = 0;
    for (key, v, i) in all {
        match merged.last() {
            Some(&(k, w)) if k == key => {
                if w != v {
                    return Err(Error::Input(format!(
                        "the table files {} and {} disagree on a region (nimber {w} against {v}): one of them is wrong, nothing was merged",
                        parts[from].display(),
                        parts[i].display()
                    )));
                }
                shared += 1;
            }
            _ => {
                merged.push((key, v));
                from = i;
            }
        }
    }
    write_regions(out, &merged)?;
    Ok((merged.len(), shared))
}

impl<T: FactStore> CramSearch<T> {
    /// Every proved nimber of the tables and every record added ([`CramSearch::add_regions`]
    /// or [`CramSearch::load`]) or saved before ([`CramSearch::save`], during the search too),
    /// as database records sorted by key, one per key.
    pub fn regions(&self) -> Vec<(RegionKey, u8)> {
        let mut records = self.database.clone();
        self.push_table_records(&mut records);
        sorted_once(records)
    }

    /// Every proved nimber of the tables, pushed onto `records` as database records.
    fn push_table_records(&self, records: &mut Vec<(RegionKey, u8)>) {
        for (x, v) in self.table.exact().into_iter().chain(self.small_table.exact_entries()) {
            records.push((region_key(&self.layout, x), v));
        }
    }

    /// Put the nimbers of `records` into the tables, for boards of `cols` × `rows` cells
    /// (records of regions that cannot arise there are kept for [`CramSearch::regions`] but not
    /// put); the number put.
    pub fn add_regions(&mut self, records: &[(RegionKey, u8)], cols: u32, rows: u32) -> usize {
        let mut n = 0;
        for &(key, v) in records {
            for x in engine_keys(&self.layout, key, cols, rows).into_iter().flatten() {
                // Facts read count as expensive, so the replacement policy keeps them.
                self.put_value(x, v, 1 << 20);
                n += 1;
            }
        }
        self.database.extend_from_slice(records);
        n
    }

    /// Write every proved nimber of the tables, with the records read or saved before, to
    /// `path` (see [`write_regions`]); the number of records written. The tables' nimbers are
    /// merged into the database in place (no copy of it) and stay there: a region the table
    /// replaces later is still in the next save, so a file saved during a search never loses
    /// a record it had. The database's records (16 bytes each) stay in memory between saves.
    pub fn save(&mut self, path: &std::path::Path) -> Result<usize> {
        let mut records = std::mem::take(&mut self.database);
        self.push_table_records(&mut records);
        records.sort_unstable_by_key(|r| r.0);
        records.dedup_by_key(|r| r.0);
        let written = write_regions(path, &records).map(|()| records.len());
        self.database = records;
        written
    }

    /// Save the region database now for its [`Autosave`] (the search's poll calls this when
    /// the interval has passed), and say so to the observer.
    pub(super) fn autosave_now(&mut self) -> Result<()> {
        let Some(mut plan) = self.autosave.take() else {
            return Ok(());
        };
        let clock = std::time::Instant::now();
        let saved = self.save(&plan.path);
        plan.last = std::time::Instant::now();
        plan.took = clock.elapsed();
        plan.spent += plan.took;
        if saved.is_ok() {
            plan.saves += 1;
        }
        let path = plan.path.clone();
        self.autosave = Some(plan);
        let n = saved?;
        self.control.message(format!(
            "table file {}: {n} region nimbers saved during the search in {:.1} s",
            path.display(),
            clock.elapsed().as_secs_f64()
        ));
        Ok(())
    }

    /// Read the region database `path` ([`read_regions`]) into the tables, for boards of
    /// `cols` × `rows` cells; the number of records read. A refused file leaves the tables as
    /// they were.
    pub fn load(&mut self, path: &std::path::Path, cols: u32, rows: u32) -> Result<usize> {
        let records = read_regions(path)?;
        self.add_regions(&records, cols, rows);
        Ok(records.len())
    }
}

#[cfg(test)]
mod autosave_tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_save_waits_its_interval_and_twenty_times_its_own_time() {
        let mut plan = Autosave::new("unused.db".into(), Duration::from_secs(60));
        assert!(!plan.due(), "not before the interval");
        let Some(long_ago) = Instant::now().checked_sub(Duration::from_secs(61)) else {
            return; // a clock too young to go back a minute
        };
        plan.last = long_ago;
        assert!(plan.due(), "after the interval");
        // A save of 10 s: the next one waits 200 s, not 60.
        plan.took = Duration::from_secs(10);
        assert!(!plan.due());
        if let Some(longer_ago) = Instant::now().checked_sub(Duration::from_secs(201)) {
            plan.last = longer_ago;
            assert!(plan.due());
        }
    }
}
