//! Storage of computed values: the narrowest unsigned type that holds every value so far
//! ([`Values`]), widened when a value does not fit, and the cell types the engine is generic
//! over ([`Cell`]).
//!
//! **Storage.** One `u8` per heap; the first value above 255 turns the bytes into
//! [`Escaped`] storage (still one byte per heap, the rare values of 255 and more in a sorted
//! side table of (heap, value)), and only when such values stop being rare (more than one heap
//! in 64) are the values widened to `u16`/`u32`. Grundy's game (largest value 280 up to 10⁸, a
//! handful of heaps above 255) thus stays at one byte per heap: 2³² heaps in 4 GiB.
//!
//! The engine reads values through [`Store`] (one implementation per storage), so that its loops
//! are written once.

use super::paged::Paged;
use crate::error::Error;
use crate::solve::xor_pairs::ESCAPE;
use std::sync::Arc;

/// Stored values: the narrowest unsigned type that holds every value so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 256.
    U8(Vec<u8>),
    /// One byte per heap with an escape for the rare larger values.
    Escaped(Escaped),
    /// Every value below 65536.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
    /// One byte per heap with an escape, in a file ([`Paged`]; shared once computed).
    Paged(Arc<Paged>),
}

impl Values {
    /// The number of heaps stored.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::Escaped(v) => v.bytes.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
            Values::Paged(v) => v.len(),
        }
    }

    /// Whether no heap is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// g(n), for n < len.
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => v[n] as u32,
            Values::Escaped(v) => v.at(n),
            Values::U16(v) => v[n] as u32,
            Values::U32(v) => v[n],
            Values::Paged(v) => v.at(n),
        }
    }

    /// The largest of g(0..end), end ≤ len. A store with an escape table reads it off the
    /// table when a heap below `end` is escaped (every escaped value is above every byte).
    pub fn largest(&self, end: usize) -> u32 {
        match self {
            Values::U8(v) => v[..end].iter().copied().max().map_or(0, u32::from),
            Values::Escaped(v) => v.largest(end),
            Values::U16(v) => v[..end].iter().copied().max().map_or(0, u32::from),
            Values::U32(v) => v[..end].iter().copied().max().unwrap_or(0),
            Values::Paged(v) => v.largest(end),
        }
    }

    /// Bytes per stored value.
    #[cfg(test)]
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) | Values::Escaped(_) | Values::Paged(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// The number of heaps whose value is kept in an escape table (0 unless [`Values::Escaped`]).
    pub fn escaped(&self) -> usize {
        match self {
            Values::Escaped(v) => v.high.len(),
            Values::Paged(v) => v.escaped(),
            _ => 0,
        }
    }

    /// The same values, one step up: bytes to [`Escaped`] bytes (escape at 255), escaped bytes
    /// to `u16` (or `u32` when a value needs it), `u16` to `u32`. A store in a file stays as
    /// it is (the engine stops instead: its values must stay rare above 254).
    pub(super) fn widen(self) -> Values {
        match self {
            Values::U8(v) => Values::Escaped(Escaped::from_bytes(v, u8::MAX)),
            Values::Escaped(v) => {
                if v.high.iter().all(|&(_, x)| x <= u32::from(u16::MAX)) {
                    Values::U16((0..v.bytes.len()).map(|n| v.at(n) as u16).collect())
                } else {
                    Values::U32((0..v.bytes.len()).map(|n| v.at(n)).collect())
                }
            }
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(v) => Values::U32(v),
            Values::Paged(v) => Values::Paged(v),
        }
    }
}

/// A storage cell for values.
pub(super) trait Cell: Copy + Into<u32> + Send + Sync + 'static {
    const MAX: u32;
    fn of(v: u32) -> Self;
    /// The values as bytes, when they are stored as bytes.
    fn bytes(_: &[Self]) -> Option<&[u8]> {
        None
    }
    /// The values as `u16`, when they are stored as `u16`.
    fn words(_: &[Self]) -> Option<&[u16]> {
        None
    }
}

impl Cell for u8 {
    const MAX: u32 = u8::MAX as u32;
    fn of(v: u32) -> Self {
        v as u8
    }
    fn bytes(s: &[u8]) -> Option<&[u8]> {
        Some(s)
    }
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    fn of(v: u32) -> Self {
        v as u16
    }
    fn words(s: &[u16]) -> Option<&[u16]> {
        Some(s)
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    fn of(v: u32) -> Self {
        v
    }
}

/// One byte per heap, with an escape: a heap whose value is `escape` or more stores the byte
/// `escape`, and its value is found in `high`, the (heap, value) pairs of such heaps in
/// increasing heap order (a binary search). `escape` is 255 in the engine; the tests lower it
/// to make the escape common.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Escaped {
    pub(super) bytes: Vec<u8>,
    pub(super) high: Vec<(u32, u32)>,
    pub(super) escape: u8,
}

impl Escaped {
    /// The values `bytes` (any byte), escaping those of `escape` and more.
    pub(super) fn from_bytes(mut bytes: Vec<u8>, escape: u8) -> Self {
        let mut high = Vec::new();
        for (n, b) in bytes.iter_mut().enumerate() {
            if *b >= escape {
                high.push((n as u32, u32::from(*b)));
                *b = escape;
            }
        }
        Escaped { bytes, high, escape }
    }

    /// The largest of g(0..end), end ≤ len (see [`Values::largest`]).
    fn largest(&self, end: usize) -> u32 {
        let below = self.high.partition_point(|&(h, _)| (h as usize) < end);
        match self.high[..below].iter().map(|&(_, v)| v).max() {
            Some(v) => v,
            None => self.bytes[..end].iter().copied().max().map_or(0, u32::from),
        }
    }

    /// The value of heap `n` (stored, n < len).
    #[inline]
    pub(super) fn at(&self, n: usize) -> u32 {
        let b = self.bytes[n];
        if b < self.escape {
            u32::from(b)
        } else {
            self.high_value(n)
        }
    }

    #[cold]
    fn high_value(&self, n: usize) -> u32 {
        let i = self
            .high
            .binary_search_by_key(&(n as u32), |&(h, _)| h)
            .expect("an escaped heap is in the table");
        self.high[i].1
    }
}

/// Values as the engine reads them: a [`Store`], or a store with the values of a block being
/// finished after it ([`Tail`]).
pub(super) trait Cells: Sync {
    /// The cell type of [`Cells::cells`].
    type Cell: Cell;
    /// Heaps stored.
    fn len(&self) -> usize;
    /// g(n), n < len.
    fn at(&self, n: usize) -> u32;
    /// Every value as a plain slice, when each cell holds its value exactly (for the fast loops).
    fn cells(&self) -> Option<&[Self::Cell]>;
    /// The cells of heaps `lo..=hi` (< len) as a slice (the first is heap `lo`), when they hold
    /// their values exactly: the fast loops read those heaps only.
    fn exact(&self, lo: usize, hi: usize) -> Option<&[Self::Cell]>;
    /// The cells of heaps `lo..=hi` as bytes, when stored as bytes in one run: each byte the
    /// value, or [`ESCAPE`] for a value to be read by [`Cells::at`] (255 itself included).
    fn bytes(&self, lo: usize, hi: usize) -> Option<&[u8]>;
    /// The cells of heaps `lo..=hi` as `u16` in one run, when stored as `u16` (each the value).
    fn words(&self, _lo: usize, _hi: usize) -> Option<&[u16]> {
        None
    }
    /// The run of stored cells that holds heap n (< len), for loops over scattered heaps: its
    /// first heap, its cells, and the least cell that stands for a value kept elsewhere (read
    /// by [`Cells::at`]; `u32::MAX`: none). `None`: heap n is read by [`Cells::at`].
    fn piece(&self, _n: usize) -> Option<(usize, &[Self::Cell], u32)> {
        None
    }
    /// Where the byte runs of [`Cells::bytes`] (and [`Cells::words`]) break: heaps below and from it are in different
    /// runs (a block being finished, [`Tail`]).
    fn seam(&self) -> Option<usize> {
        None
    }
    /// `f(a, g(a))` for each heap a of `from..len`, in order, while `f` returns true: the
    /// whole-sequence passes (the rare heaps, the best mask) read their cells a run at a time
    /// ([`Cells::piece`]). The store on disk reads each page once instead ([`Paged::scan`]):
    /// heap by heap through its full cache, 6 ns a heap, a pass over 8.7·10^9 heaps took most
    /// of a minute.
    fn scan(&self, from: usize, mut f: impl FnMut(usize, u32) -> bool)
    where
        Self: Sized,
    {
        let mut r = from;
        while r < self.len() {
            let (first, cells, kept) = self.piece(r).unwrap_or((r, &[], 0));
            // Heap r alone when no run holds it (its value read by `at`).
            let end = (first + cells.len()).min(self.len()).max(r + 1);
            for a in r..end {
                let v = match cells.get(a - first) {
                    Some(&c) if c.into() < kept => c.into(),
                    _ => self.at(a),
                };
                if !f(a, v) {
                    return;
                }
            }
            r = end;
        }
    }
}

/// Values as the engine reads and extends them: `Vec<u8>`, `Vec<u16>`, `Vec<u32>` and
/// [`Escaped`] bytes. `Send`: the sparse method's pipeline extends them on a thread of its pool
/// (`blocks.rs`, `State::pipelined_blocks`).
pub(super) trait Store: Cells + Send {
    /// Whether `v` can be pushed without a wider storage.
    fn fits(&self, v: u32) -> bool;
    /// Append g(len) = v (which fits).
    fn push(&mut self, v: u32);
    /// Whether the next push grows the allocation.
    fn full(&self) -> bool;
    /// Bytes of `heaps` values in this storage (without the side table).
    fn bytes_per_heap() -> u64;
    /// The storage's code in a checkpoint file (1: bytes, 2: escaped bytes, 3: u16, 4: u32).
    fn kind(&self) -> u8;
    /// The escape byte and the escaped (heap, value) pairs (none for plain vectors).
    fn escapes(&self) -> (u8, &[(u32, u32)]) {
        (u8::MAX, &[])
    }
    /// Write every cell, little-endian.
    fn write_cells(&self, out: &mut dyn std::io::Write) -> std::io::Result<()>;
    /// Why the values can no longer be trusted (a store in a file: a page read back damaged, a
    /// write that failed); the run then ends with this error. `None` in memory.
    fn failure(&self) -> Option<Error> {
        None
    }
    /// The store in a file, which saves itself (its own checkpoint); `None` in memory.
    fn paged(&mut self) -> Option<&mut Paged> {
        None
    }
}

/// The cells of `v`, little-endian, through a buffer.
fn write_le<T: Cell>(v: &[T], width: usize, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in v.chunks(1 << 14) {
        buf.clear();
        for x in chunk {
            let x: u32 = (*x).into();
            buf.extend_from_slice(&x.to_le_bytes()[..width]);
        }
        out.write_all(&buf)?;
    }
    Ok(())
}

impl<T: Cell> Cells for Vec<T> {
    type Cell = T;
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn at(&self, n: usize) -> u32 {
        self[n].into()
    }
    fn cells(&self) -> Option<&[T]> {
        Some(self)
    }
    fn exact(&self, lo: usize, hi: usize) -> Option<&[T]> {
        Some(&self[lo..=hi])
    }
    fn bytes(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        T::bytes(self).map(|b| &b[lo..=hi])
    }
    fn words(&self, lo: usize, hi: usize) -> Option<&[u16]> {
        T::words(self).map(|w| &w[lo..=hi])
    }
    fn piece(&self, _: usize) -> Option<(usize, &[T], u32)> {
        Some((0, self, u32::MAX))
    }
}

impl<T: Cell> Store for Vec<T> {
    fn fits(&self, v: u32) -> bool {
        v <= T::MAX
    }
    fn push(&mut self, v: u32) {
        Vec::push(self, T::of(v));
    }
    fn full(&self) -> bool {
        Vec::len(self) == self.capacity()
    }
    fn bytes_per_heap() -> u64 {
        std::mem::size_of::<T>() as u64
    }
    fn kind(&self) -> u8 {
        match std::mem::size_of::<T>() {
            1 => 1,
            2 => 3,
            _ => 4,
        }
    }
    fn write_cells(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        match T::bytes(self) {
            Some(b) => out.write_all(b),
            None => write_le(self, std::mem::size_of::<T>(), out),
        }
    }
}

impl Cells for Escaped {
    type Cell = u8;
    #[inline]
    fn len(&self) -> usize {
        self.bytes.len()
    }
    #[inline]
    fn at(&self, n: usize) -> u32 {
        Escaped::at(self, n)
    }
    fn cells(&self) -> Option<&[u8]> {
        self.high.is_empty().then_some(&self.bytes[..])
    }
    /// The bytes, when no heap of `lo..=hi` is escaped (a binary search in the escape table).
    fn exact(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        let next = self.high.partition_point(|&(h, _)| (h as usize) < lo);
        match self.high.get(next) {
            Some(&(h, _)) if h as usize <= hi => None,
            _ => Some(&self.bytes[lo..=hi]),
        }
    }
    /// The bytes, whose escape must be [`ESCAPE`] (the tests' lower escapes read exactly).
    fn bytes(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        (self.escape == ESCAPE).then(|| &self.bytes[lo..=hi])
    }
    fn piece(&self, _: usize) -> Option<(usize, &[u8], u32)> {
        Some((0, &self.bytes, u32::from(self.escape)))
    }
}

impl Store for Escaped {
    /// Escaped values stay while they are rare: at most one heap in 64 (and 16 more).
    fn fits(&self, v: u32) -> bool {
        v < u32::from(self.escape) || self.high.len() < self.bytes.len() / 64 + 16
    }
    fn push(&mut self, v: u32) {
        if v < u32::from(self.escape) {
            self.bytes.push(v as u8);
        } else {
            self.high.push((self.bytes.len() as u32, v));
            self.bytes.push(self.escape);
        }
    }
    fn full(&self) -> bool {
        self.bytes.len() == self.bytes.capacity()
    }
    fn bytes_per_heap() -> u64 {
        1
    }
    fn kind(&self) -> u8 {
        2
    }
    fn escapes(&self) -> (u8, &[(u32, u32)]) {
        (self.escape, &self.high)
    }
    fn write_cells(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        out.write_all(&self.bytes)
    }
}

/// The values of a store followed by those of the heaps after it computed so far (a block
/// being finished beside the far tables of the next one, `blocks.rs`): read-only.
pub(super) struct Tail<'a, S> {
    pub(super) base: &'a S,
    pub(super) tail: &'a [u32],
    /// The tail's values as bytes ([`ESCAPE`] for 255 and more), for [`Cells::bytes`].
    pub(super) tail_bytes: &'a [u8],
    /// The tail's values as `u16` (the low 16 bits) when the base is stored as `u16`, for
    /// [`Cells::words`]; empty otherwise. (A value that does not fit stops the block before
    /// any heap after it is kept: [`super::State::pipelined_block`].)
    pub(super) tail_words: &'a [u16],
}

impl<S: Cells> Cells for Tail<'_, S> {
    type Cell = S::Cell;
    fn len(&self) -> usize {
        self.base.len() + self.tail.len()
    }
    #[inline]
    fn at(&self, n: usize) -> u32 {
        let len = self.base.len();
        if n < len { self.base.at(n) } else { self.tail[n - len] }
    }
    fn cells(&self) -> Option<&[S::Cell]> {
        None
    }
    fn exact(&self, lo: usize, hi: usize) -> Option<&[S::Cell]> {
        if hi < self.base.len() {
            self.base.exact(lo, hi)
        } else {
            None
        }
    }
    fn bytes(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        let len = self.base.len();
        if hi < len {
            self.base.bytes(lo, hi)
        } else if lo >= len {
            Some(&self.tail_bytes[lo - len..=hi - len])
        } else {
            None
        }
    }
    fn words(&self, lo: usize, hi: usize) -> Option<&[u16]> {
        let len = self.base.len();
        if hi < len {
            self.base.words(lo, hi)
        } else if lo >= len && hi - len < self.tail_words.len() {
            Some(&self.tail_words[lo - len..=hi - len])
        } else {
            None
        }
    }
    fn seam(&self) -> Option<usize> {
        Some(self.base.len())
    }
    fn piece(&self, n: usize) -> Option<(usize, &[S::Cell], u32)> {
        if n < self.base.len() { self.base.piece(n) } else { None }
    }
}

/// The store in a file reads and writes through its own methods ([`Paged`]); these impls live
/// here so that `paged` does not import this module.
impl Cells for Paged {
    type Cell = u8;
    #[inline]
    fn len(&self) -> usize {
        Paged::len(self)
    }
    #[inline]
    fn at(&self, n: usize) -> u32 {
        Paged::at(self, n)
    }
    fn cells(&self) -> Option<&[u8]> {
        None
    }
    fn exact(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        Paged::exact(self, lo, hi)
    }
    fn bytes(&self, lo: usize, hi: usize) -> Option<&[u8]> {
        Paged::bytes(self, lo, hi)
    }
    fn piece(&self, n: usize) -> Option<(usize, &[u8], u32)> {
        Paged::piece(self, n)
    }
    fn scan(&self, from: usize, f: impl FnMut(usize, u32) -> bool) {
        Paged::scan(self, from, f)
    }
}

impl Store for Paged {
    fn fits(&self, v: u32) -> bool {
        Paged::fits(self, v)
    }
    fn push(&mut self, v: u32) {
        Paged::push(self, v)
    }
    /// Never: the values are on disk, the cache bounded.
    fn full(&self) -> bool {
        false
    }
    fn bytes_per_heap() -> u64 {
        1
    }
    fn kind(&self) -> u8 {
        2
    }
    /// Never called: a store is its own checkpoint (a run has a store or a checkpoint file).
    fn write_cells(&self, _: &mut dyn std::io::Write) -> std::io::Result<()> {
        Err(std::io::Error::other(
            "a value store is not copied into a checkpoint file",
        ))
    }
    fn failure(&self) -> Option<Error> {
        Paged::failure(self)
    }
    fn paged(&mut self) -> Option<&mut Paged> {
        Some(self)
    }
}
