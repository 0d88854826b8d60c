//! Storage of computed values: the narrowest unsigned type that holds every value so far
//! ([`Values`]), widened when a value does not fit, and the cell types the engine is generic
//! over ([`Cell`]).
//!
//! **Storage.** One `u8` per heap, widened to `u16`/`u32` the first time a value does not fit
//! (so 1–2 bytes per heap in practice: 10⁹ heaps take 1 GB).

/// Stored values: the narrowest unsigned type that holds every value so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 65536.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Values {
    /// The number of heaps stored.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
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
            Values::U16(v) => v[n] as u32,
            Values::U32(v) => v[n],
        }
    }

    /// Bytes per stored value.
    #[cfg(test)]
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// The same values, one width up.
    pub(super) fn widen(self) -> Values {
        match self {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(v) => Values::U32(v),
        }
    }
}

/// A storage cell for values.
pub(super) trait Cell: Copy + Into<u32> + 'static {
    const MAX: u32;
    fn of(v: u32) -> Self;
    /// The values as bytes, when they are stored as bytes.
    fn bytes(_: &[Self]) -> Option<&[u8]> {
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
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    fn of(v: u32) -> Self {
        v
    }
}
