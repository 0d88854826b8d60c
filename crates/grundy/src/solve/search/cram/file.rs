//! The table file of the Cram engine: every proved nimber of its tables, saved and loaded so
//! that a long computation (`grundy value cram 5x8 --table FILE`) can resume.
//!
//! What: [`CramSearch::save`] writes a header line (format, version, board, the meaning of the
//! keys), 9 bytes per region and a checksum; [`CramSearch::load`] reads such a file back, or
//! refuses it whole (not a table, another version, damaged, another board).
//!
//! Why: the header and checksum make sure a file is never read for another board or half
//! written; the atomic replacement makes an interruption leave the old file or the new one.
//!
//! Cost: linear in the entries of the tables (save) or the file's size (load), plus one table
//! store per nimber read.

use super::CramSearch;
use crate::error::{Error, Result};
use crate::solve::search::packed_table::FactStore;

/// How a table file starts (its version and board follow on the same line).
const TABLE_MAGIC: &str = "grundy cram table ";

/// The largest table file read (tables are capped far below this by the memory limit).
const MAX_TABLE_FILE_BYTES: u64 = 1 << 36;

impl<T: FactStore> CramSearch<T> {
    /// The first line of a table file: its format and version, the board it was computed for
    /// and what the keys mean (the stride and whether regions were identified with their
    /// transposes), so a file is never read for another board.
    fn file_header(&self, board: &str) -> String {
        format!(
            "{TABLE_MAGIC}v2 board={board} width={} transpose={}\n",
            self.layout.stride, self.config.use_transpose
        )
    }

    /// Write every proved nimber of the tables to `path` for the board `board` (its text): the
    /// header line, then 9 bytes per region (the key little-endian and the nimber), then the
    /// FNV-1a checksum of all that (8 bytes, little-endian). The file is replaced atomically,
    /// so an interruption leaves the old table or the new one, never a part.
    pub fn save(&self, path: &std::path::Path, board: &str) -> Result<usize> {
        let mut bytes = self.file_header(board).into_bytes();
        let mut n = 0;
        for (key, v) in self.table.exact().into_iter().chain(self.small_table.exact_entries()) {
            bytes.extend_from_slice(&key.to_le_bytes());
            bytes.push(v);
            n += 1;
        }
        let sum = crate::files::fnv1a64(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        crate::files::write_atomic(path, &bytes, "the table file")?;
        Ok(n)
    }

    /// Read a table file written by [`CramSearch::save`] for the same board; the number of
    /// nimbers read. A file that is not such a table, is damaged or truncated (its checksum
    /// does not match) or belongs to another board is refused, and nothing of it is used.
    pub fn load(&mut self, path: &std::path::Path, board: &str) -> Result<usize> {
        let bytes = crate::files::read_regular(path, MAX_TABLE_FILE_BYTES, "the table file")?;
        let shown = path.display();
        let line_end = bytes.iter().position(|&b| b == b'\n');
        let Some(line_end) = line_end.filter(|_| bytes.starts_with(TABLE_MAGIC.as_bytes())) else {
            return Err(Error::Input(format!(
                "{shown} is not a grundy cram table file (use another file name, or delete it)"
            )));
        };
        let (head, rest) = bytes.split_at(line_end + 1);
        let head = String::from_utf8_lossy(head);
        if !head[TABLE_MAGIC.len()..].starts_with("v2 ") {
            return Err(Error::Input(format!(
                "the table file {shown} has another format version (`{}`): delete it to start afresh",
                head.trim_end()
            )));
        }
        let damaged = || {
            Error::Input(format!(
                "the table file {shown} is damaged or truncated (its checksum does not match): delete it to start afresh"
            ))
        };
        if rest.len() < 8 || (rest.len() - 8) % 9 != 0 {
            return Err(damaged());
        }
        let (payload, sum) = bytes.split_at(bytes.len() - 8);
        if crate::files::fnv1a64(payload) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
            return Err(damaged());
        }
        let expected = self.file_header(board);
        if head.as_ref() != expected.as_str() {
            return Err(Error::Input(format!(
                "the table file {shown} belongs to another board or setting: it has `{}`, this run needs `{}`",
                head.trim_end(),
                expected.trim_end()
            )));
        }
        let body = &rest[..rest.len() - 8];
        for rec in body.chunks_exact(9) {
            let key = u64::from_le_bytes(rec[..8].try_into().expect("8 bytes"));
            if key == 0 || rec[8] == u8::MAX {
                return Err(damaged());
            }
        }
        for rec in body.chunks_exact(9) {
            let key = u64::from_le_bytes(rec[..8].try_into().expect("8 bytes"));
            // Loaded facts count as expensive, so the replacement policy keeps them.
            self.put_value(key, rec[8], 1 << 20);
        }
        Ok(body.len() / 9)
    }
}
