//! Checkpoint files of long sequence runs ([`CheckpointFile`]): the values computed so far and
//! the method's state, saved every few minutes (or every K heaps), when the run is stopped
//! (Ctrl-C, the memory budget) and when it ends; the next run of the same rules resumes after
//! the last saved heap.
//!
//! Why: Grundy's game to 2³² takes hours; a run that is stopped must not start again from heap
//! 0. A file is never trusted: it starts with a header naming the rules (`rules 0.07`) and ends
//! with a 64-bit FNV-1a checksum of everything before it; a file of other rules, damaged or not
//! a checkpoint is refused with a one-line [`Error::Input`] (exit code 2), and every field is
//! checked before use. Files are written atomically ([`crate::files::write_atomic_with`]).
//!
//! Format: the text lines `grundy sequence checkpoint 1` and `rules CODE`, then little-endian
//! binary: heaps (u64), storage kind (u8: 1 bytes, 2 escaped bytes, 3 u16, 4 u32), escape byte
//! (u8), sparse method (u8), mask (u32, below 2^16; below 2^10 before session 11, whose files
//! load unchanged), twist (u8), next method checkpoint (u64), escaped pairs
//! (u64 count, then (heap u32, value u32) each), the values (1, 2 or 4 bytes each), checksum
//! (u64).
//!
//! Cost: writing and reading are linear in the heaps (one byte a heap for Grundy's game: about
//! a second per 10⁹ heaps on this machine, hashing included); the file is read into one buffer
//! that becomes the values (no second copy for byte storage).

use super::paged::Meta;
use super::values::{Cells, Escaped, Store, Values};
use super::{State, TakeBreak};
use crate::control::Control;
use crate::error::{Error, Result};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Duration;

const MAGIC: &[u8] = b"grundy sequence checkpoint 1\n";
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Where and how often a sequence run saves its values (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckpointFile {
    /// The file: resumed from when it exists, written atomically.
    pub path: PathBuf,
    /// Save at least this often (checked every 4096 heaps).
    pub every: Duration,
    /// Also save every this many heaps (for tests), when set.
    pub every_heaps: Option<u64>,
}

impl CheckpointFile {
    /// A checkpoint at `path`, saved every five minutes.
    pub fn new(path: impl Into<PathBuf>) -> Self {
        CheckpointFile {
            path: path.into(),
            every: Duration::from_secs(300),
            every_heaps: None,
        }
    }
}

/// What a checkpoint file gives back.
pub(super) struct Saved {
    pub(super) values: Values,
    max: u32,
    sparse: bool,
    mask: u32,
    twist: bool,
    next_checkpoint: usize,
}

/// The rules as written in the header: the digits (hexadecimal) after the first, as an octal
/// code is written, and `unequal` for Grundy's game's restriction.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// A writer that hashes what goes through it.
struct Hashing<'a> {
    out: &'a mut dyn Write,
    hash: u64,
}

impl Write for Hashing<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.hash = fnv(self.hash, &buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl CheckpointFile {
    fn damaged(&self, why: &str) -> Error {
        Error::Input(format!(
            "checkpoint {} is damaged ({why}): it is not used; remove it to start again",
            self.path.display()
        ))
    }

    /// Write the values of `g` and the method's state.
    pub(super) fn save<S: Store>(&self, rules: &TakeBreak, g: &S, state: &State) -> Result<()> {
        crate::files::write_atomic_with(&self.path, "checkpoint", |out| {
            let mut w = Hashing { out, hash: FNV_OFFSET };
            w.write_all(MAGIC)?;
            w.write_all(format!("rules {}\n", rules.code_text()).as_bytes())?;
            let (escape, high) = g.escapes();
            w.write_all(&(g.len() as u64).to_le_bytes())?;
            w.write_all(&[g.kind(), escape, u8::from(state.sparse)])?;
            w.write_all(&state.mask.to_le_bytes())?;
            w.write_all(&[u8::from(state.twist)])?;
            w.write_all(&(state.next_checkpoint as u64).to_le_bytes())?;
            w.write_all(&(high.len() as u64).to_le_bytes())?;
            for &(h, v) in high {
                w.write_all(&h.to_le_bytes())?;
                w.write_all(&v.to_le_bytes())?;
            }
            g.write_cells(&mut w)?;
            let hash = w.hash;
            out.write_all(&hash.to_le_bytes())
        })
    }

    /// [`CheckpointFile::save`] for any storage.
    pub(super) fn save_values(&self, rules: &TakeBreak, values: &Values, state: &State) -> Result<()> {
        match values {
            Values::U8(g) => self.save(rules, g, state),
            Values::Escaped(g) => self.save(rules, g, state),
            Values::U16(g) => self.save(rules, g, state),
            Values::U32(g) => self.save(rules, g, state),
            Values::Paged(_) => Err(Error::Input(
                "a value store on disk is its own checkpoint: it is not copied into a checkpoint file".into(),
            )),
        }
    }

    /// The values and state saved for `rules`, at most heaps 0..=to; `None` when there is no
    /// file yet. A file of other rules, damaged, or not a checkpoint is an [`Error::Input`].
    pub(super) fn load(&self, rules: &TakeBreak, to: usize, control: &Control) -> Result<Option<Saved>> {
        let path = &self.path;
        match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            _ => {}
        }
        crate::files::check_regular(path, 1 << 40, "checkpoint")?;
        crate::files::reserve_for(path, 1, control)?;
        let err = |e: std::io::Error| Error::Input(format!("cannot read checkpoint {}: {e}", path.display()));
        let size = std::fs::metadata(path).map_err(err)?.len();
        let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0).saturating_add(1));
        std::fs::File::open(path)
            .map_err(err)?
            .take(size + 1)
            .read_to_end(&mut bytes)
            .map_err(err)?;
        if !bytes.starts_with(MAGIC) {
            return Err(Error::Input(format!(
                "{} is not a sequence checkpoint (no `grundy sequence checkpoint 1` header): it is not used",
                path.display()
            )));
        }
        let Some(body) = bytes.len().checked_sub(8) else {
            return Err(self.damaged("truncated"));
        };
        let stored = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
        if fnv(FNV_OFFSET, &bytes[..body]) != stored {
            return Err(self.damaged("checksum mismatch"));
        }
        let mut at = MAGIC.len();
        let line_end = bytes[at..body]
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| self.damaged("no rules line"))?;
        let line = String::from_utf8_lossy(&bytes[at..at + line_end]).into_owned();
        at += line_end + 1;
        let want = rules.code_text();
        if line.strip_prefix("rules ") != Some(want.as_str()) {
            return Err(Error::Input(format!(
                "checkpoint {} was written for other rules ({}), not {want}: it is not used; choose another file",
                path.display(),
                line.strip_prefix("rules ").unwrap_or(&line)
            )));
        }
        let mut take = |n: usize| -> Result<&[u8]> {
            if body - at < n {
                return Err(self.damaged("truncated"));
            }
            at += n;
            Ok(&bytes[at - n..at])
        };
        let u64_of = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
        let u32_of = |b: &[u8]| u32::from_le_bytes(b.try_into().expect("4 bytes"));
        let len = u64_of(take(8)?);
        let head = take(3)?;
        let (kind, escape, sparse) = (head[0], head[1], head[2]);
        let mask = u32_of(take(4)?);
        let twist = take(1)?[0];
        let next_checkpoint = u64_of(take(8)?);
        let count = u64_of(take(8)?);
        let width = match kind {
            1 | 2 => 1,
            3 => 2,
            4 => 4,
            _ => return Err(self.damaged("unknown storage")),
        };
        if len == 0
            || len > super::MAX_HEAPS + 1
            || sparse > 1
            || twist > 1
            || mask >= 1 << super::sparse::MASK_BITS
            || !next_checkpoint.is_power_of_two()
            || next_checkpoint < 64
            || next_checkpoint < len
            || count > len
            || (kind != 2 && count > 0)
        {
            return Err(self.damaged("inconsistent header"));
        }
        let mut high = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let pair = take(8)?;
            high.push((u32_of(&pair[..4]), u32_of(&pair[4..])));
        }
        let len = len as usize;
        let start = at;
        if body - start != len * width {
            return Err(self.damaged("wrong number of values"));
        }
        let keep = len.min(to + 1);
        let mut values = match kind {
            1 | 2 => {
                bytes.truncate(start + keep);
                bytes.drain(..start);
                bytes.shrink_to_fit();
                if kind == 1 {
                    Values::U8(bytes)
                } else {
                    let escaped = self.escaped(bytes, high, escape, len)?;
                    Values::Escaped(escaped)
                }
            }
            3 => Values::U16(
                bytes[start..start + 2 * keep]
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
            ),
            _ => Values::U32(bytes[start..start + 4 * keep].chunks_exact(4).map(u32_of).collect()),
        };
        let max = match &values {
            Values::U8(v) => v.iter().copied().max().map_or(0, u32::from),
            Values::Escaped(v) => {
                let low = v
                    .bytes
                    .iter()
                    .copied()
                    .filter(|&b| b < v.escape)
                    .max()
                    .map_or(0, u32::from);
                v.high.iter().map(|&(_, x)| x).fold(low, u32::max)
            }
            Values::U16(v) => v.iter().copied().max().map_or(0, u32::from),
            Values::U32(v) => v.iter().copied().max().unwrap_or(0),
            Values::Paged(v) => (0..v.len()).map(|n| v.at(n)).max().unwrap_or(0),
        };
        if let Values::U8(v) = &mut values
            && v.len() < len
        {
            v.shrink_to_fit();
        }
        // Fewer heaps than saved (a smaller --to): the method's next look comes at the next
        // power of two.
        let next_checkpoint = if keep < len {
            keep.next_power_of_two().max(64)
        } else {
            next_checkpoint as usize
        };
        Ok(Some(Saved {
            values,
            max,
            sparse: sparse == 1,
            mask,
            twist: twist == 1,
            next_checkpoint,
        }))
    }

    /// Escaped bytes read back (`bytes` may be fewer than the `len` saved): every escaped
    /// heap listed once, in order, with a value of at least the escape, and nothing else.
    fn escaped(&self, bytes: Vec<u8>, mut high: Vec<(u32, u32)>, escape: u8, len: usize) -> Result<Escaped> {
        let ordered = high.windows(2).all(|w| w[0].0 < w[1].0);
        let listed = high.iter().all(|&(h, v)| (h as usize) < len && v >= u32::from(escape));
        if escape == 0 || !ordered || !listed {
            return Err(self.damaged("inconsistent escape table"));
        }
        high.retain(|&(h, _)| (h as usize) < bytes.len());
        let marked = bytes.iter().filter(|&&b| b >= escape).count();
        let exact = high.iter().all(|&(h, _)| bytes[h as usize] == escape);
        if marked != high.len() || !exact {
            return Err(self.damaged("inconsistent escape table"));
        }
        Ok(Escaped { bytes, high, escape })
    }
}

impl State<'_> {
    /// Continue from saved values: the method's choice as saved, its rare heaps recomputed.
    pub(super) fn resume(&mut self, saved: &Saved) {
        self.max = saved.max;
        self.next_checkpoint = saved.next_checkpoint;
        self.sparse = saved.sparse && self.sparse_allowed();
        self.mask = saved.mask;
        self.twist = saved.twist;
        if self.sparse {
            let values = &saved.values;
            self.rare = (1..values.len())
                .map(|r| (r, values.get(r)))
                .filter(|&(r, v)| self.is_rare(r, v))
                .map(|(r, v)| (r as u32, v))
                .collect();
        }
        self.saved_len = saved.values.len();
    }

    /// Continue from a store in a file ([`super::paged`]): the method's state saved in its
    /// index, the rare heaps recomputed from its values.
    pub(super) fn resume_with<S: Cells>(&mut self, meta: &Meta, g: &S) {
        self.max = meta.max;
        self.next_checkpoint = meta.next_checkpoint as usize;
        self.sparse = meta.sparse && self.sparse_allowed();
        self.mask = meta.mask;
        self.twist = meta.twist;
        if self.sparse {
            self.rare = self.rare_of(g);
        }
        self.saved_len = g.len();
    }

    /// The method's state to save beside `heaps` values.
    pub(super) fn meta(&self, heaps: usize) -> Meta {
        Meta {
            heaps: heaps as u64,
            sparse: self.sparse,
            mask: self.mask,
            twist: self.twist,
            next_checkpoint: self.next_checkpoint as u64,
            max: self.max,
        }
    }

    /// Whether the checkpoint file is due before heap `n`; the clock is read only when `poll`
    /// (about once every 4096 heaps).
    pub(super) fn save_due(&self, n: usize, poll: bool) -> bool {
        let (every, every_heaps) = match (&self.options.checkpoint, &self.options.store) {
            (Some(file), _) => (file.every, file.every_heaps),
            (None, Some(store)) => (store.every, store.every_heaps),
            (None, None) => return false,
        };
        if n <= self.saved_len {
            return false;
        }
        let heaps = every_heaps.is_some_and(|k| (n - self.saved_len) as u64 >= k);
        heaps || (poll && self.saved_at.elapsed() >= every)
    }

    /// Save the values so far: a store in a file saves its index, otherwise they are copied
    /// into the checkpoint file.
    pub(super) fn save<S: Store>(&mut self, g: &mut S) -> Result<()> {
        let len = g.len();
        if let Some(paged) = g.paged() {
            paged.save(&self.meta(len))?;
        } else if let Some(file) = &self.options.checkpoint {
            file.save(self.rules, g, self)?;
        } else {
            return Ok(());
        }
        self.saved_len = len;
        self.saved_at = std::time::Instant::now();
        Ok(())
    }
}
