//! The options of a Cram region, as the search engine keeps them.
//!
//! What: the regions of a position or of an option are pushed onto the engine's arena (one
//! `u64` per region), made canonical (translation and the symmetries of the square), sorted,
//! and equal pairs cancelled (G + G = 0); the options of a region are recorded as [`Opt`]s
//! (their regions' place in the arena and their search order), each domino of the region's
//! bounding box tried nearest the centre first.
//!
//! Why: no allocation per node (the arena and the option stack only grow and are truncated
//! back), and canonical forms are made lazily, since a table cutoff often makes the later
//! options unnecessary.
//!
//! Cost: per option, a connectivity test near the domino (a flood fill of the region without
//! the domino only when the domino may split it) and, when needed, a canonical form per region
//! (4 or 8 images, O(rows + cells)); the domino lists are built once per bounding box.

use super::{CramSearch, Opt, UNKNOWN};
use crate::solve::search::packed_table::FactStore;

impl<T: FactStore> CramSearch<T> {
    /// Push the canonical regions of `cells` (of two cells or more, equal pairs cancelled,
    /// sorted) onto the arena; their place.
    pub(super) fn push_regions(&mut self, cells: u64) -> (usize, usize) {
        let start = self.arena.len();
        self.layout.regions(cells, 2, &mut self.arena);
        self.canonical_parts(start)
    }

    /// Make the regions `arena[start..]` canonical, sorted, equal pairs cancelled; their place.
    pub(super) fn canonical_parts(&mut self, start: usize) -> (usize, usize) {
        let n = self.canonical_range(start, self.arena.len() - start);
        self.arena.truncate(start + n);
        (start, n)
    }

    /// Make the regions of option `i` canonical (once).
    pub(super) fn canonical_option(&mut self, i: usize) -> Opt {
        let o = self.opts[i];
        if o.canonical {
            return o;
        }
        let len = self.canonical_range(o.start as usize, o.len as usize) as u32;
        let o = Opt {
            len,
            canonical: true,
            ..o
        };
        // Returned from registers: reading `opts[i]` back right after its fields were stored
        // one by one stalls the load (no store-to-load forwarding from several stores).
        self.opts[i] = o;
        o
    }

    /// Make the regions `arena[start..start + len]` canonical, sorted, equal pairs cancelled
    /// (moved to the front of the range); how many remain.
    pub(super) fn canonical_range(&mut self, start: usize, len: usize) -> usize {
        for r in &mut self.arena[start..start + len] {
            *r = self.layout.canonical(*r);
        }
        let parts = &mut self.arena[start..start + len];
        if parts.len() < 2 {
            return parts.len();
        }
        parts.sort_unstable();
        let mut n = 0;
        let mut i = 0;
        while i < parts.len() {
            if i + 1 < parts.len() && parts[i] == parts[i + 1] {
                i += 2;
            } else {
                parts[n] = parts[i];
                n += 1;
                i += 1;
            }
        }
        n
    }

    /// Push every option of region `x` onto `opts` (their regions onto the arena), in the
    /// order of [`CramSearch::dominoes`].
    pub(super) fn expand(&mut self, x: u64) {
        let list = self.dominoes(x);
        for j in 0..self.lists[list].len() {
            let (d, dist) = self.lists[list][j];
            if d & !x == 0 {
                self.push_option(x, d, dist, false);
            }
        }
    }

    /// Push the option "place domino `d` in region `x`" (see [`Opt`]), its regions made
    /// canonical at once when `canonical` (else raw); the place of its regions in the arena.
    ///
    /// The option is written straight into `opts` and not returned: returning it made the
    /// compiler build it field by field on the stack and copy it into `opts` with wider loads,
    /// which cannot be forwarded from the narrow stores (a stall on a third of this function's
    /// time on 3×17, session 20).
    pub(super) fn push_option(&mut self, x: u64, d: u64, dist: u32, canonical: bool) -> (usize, usize) {
        let start = self.arena.len();
        self.layout.regions_without(x, d, &mut self.arena);
        let len = self.arena.len() - start;
        let largest = self.arena[start..].iter().map(|r| r.count_ones()).max().unwrap_or(0);
        // Moves that split the region first, then moves near the centre, then the smallest
        // largest region.
        let mut order = (((len == 1) as u32) << 24) | (dist << 8) | largest.min(255);
        match self.config.killers {
            1 => order |= (!self.is_killer(d) as u32) << 25,
            2 | 3 => order |= (!self.is_killer(d) as u32) << 20,
            _ => {}
        }
        let len = if canonical {
            self.canonical_range(start, len)
        } else {
            len
        };
        self.opts.push(Opt {
            start: start as u32,
            len: len as u32,
            order,
            domino: d,
            value: UNKNOWN,
            canonical,
        });
        (start, len)
    }

    /// The slot of the killer moves of a test at the current depth looking for value `k`.
    fn killer_slot(&self, k: u8) -> usize {
        if self.config.killers == 3 {
            self.depth as usize * 4 + k.min(3) as usize
        } else {
            self.depth as usize
        }
    }

    /// Whether domino `d` is a killer move at the current depth (for the value
    /// `self.seeking`).
    fn is_killer(&self, d: u64) -> bool {
        match self.killers.get(self.killer_slot(self.seeking)) {
            Some(k) => k[0] == d || k[1] == d,
            None => false,
        }
    }

    /// Remember domino `d` as a killer move at the current depth, for value `k`.
    pub(super) fn record_killer(&mut self, d: u64, k: u8) {
        if self.config.killers == 0 {
            return;
        }
        let depth = self.killer_slot(k);
        if self.killers.len() <= depth {
            self.killers.resize(depth + 1, [0; 2]);
        }
        let k = &mut self.killers[depth];
        if k[0] != d {
            k[1] = k[0];
            k[0] = d;
        }
    }

    /// The index in `lists` of every domino of the bounding box of the normalised region `x`,
    /// nearest the centre of the box first (with its distance from the centre, in half cells).
    pub(super) fn dominoes(&mut self, x: u64) -> usize {
        let (bw, bh) = self.layout.bbox(x);
        let s = self.layout.stride;
        let index = ((bh - 1) * s + bw - 1) as usize;
        if self.lists.len() <= index {
            self.lists.resize(index + 1, Vec::new());
        }
        if self.lists[index].is_empty() {
            let mut list = Vec::new();
            for r in 0..bh {
                for c in 0..bw {
                    let at = 1u64 << (r * s + c);
                    if c + 1 < bw {
                        let dist = (2 * r).abs_diff(bh - 1) + (2 * c + 1).abs_diff(bw - 1);
                        list.push((at | at << 1, dist));
                    }
                    if r + 1 < bh {
                        let dist = (2 * r + 1).abs_diff(bh - 1) + (2 * c).abs_diff(bw - 1);
                        list.push((at | at << s, dist));
                    }
                }
            }
            list.sort_by_key(|&(d, dist)| (dist, d));
            // A 1×1 box has no domino; keep a sentinel that fits no region.
            if list.is_empty() {
                list.push((0, 0));
            }
            self.lists[index] = list;
        }
        index
    }

    /// The number of options of region `x` (dominoes that fit).
    pub(super) fn option_count(&self, x: u64) -> u32 {
        self.layout.horizontal(x).count_ones() + self.layout.vertical(x).count_ones()
    }

    /// The value of an option from the table alone.
    pub(super) fn known_value(&mut self, o: Opt) -> Option<u8> {
        let mut v = 0;
        for i in o.start as usize..(o.start + o.len) as usize {
            let r = self.arena[i];
            v ^= self.known(r).value()?;
        }
        Some(v)
    }
}
