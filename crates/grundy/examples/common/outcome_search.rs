//! The nimber-first outcome search shared by the second-engine checks of 3×n boards
//! (`grid3_kayles_outcome_check`, `cram3_outcome_check`), generic over the move rule and the
//! memo of big components.
//!
//! What: a position is a set of cells (a `u128`); a [`Rule`] says which cells each move in a
//! component takes away and how a set of cells falls apart into the keys of its components.
//! Components of at most `small` cells are valued by plain mex over all their moves, memoised.
//! A larger component C is valued "nimber first" (the idea of Lemoine and Viennot, written
//! from the definitions alone): g(C) is the least k such that C + *k is a P-position. To decide
//! C + *h: try every move in C; what is left is some components and the heap; small ones are
//! valued exactly and xor-ed into the heap, two equal ones cancel (G + G = 0), big ones of known
//! nimber are xor-ed in, and of the big unknown ones all but the largest are valued in full
//! (recursively); the move wins iff the largest one L, with the heap h' so reached, has
//! g(L) = h'. If no move in C wins, C + *h is a P-position iff g(C) ≠ k for every k < h (asked in
//! turn). Each big component keeps its nimber once found, else the set of heaps k proved to give
//! an N-position (g(C) ≠ k), with every option value of C met fully valued on the way. Moves
//! are tried in two passes: those whose result is known first, then the rest by the size of the
//! largest unknown piece, smallest first, moves with the same result tried once. A test
//! "g(C) = h" with h ≥ [`Checker::low_first_from`] asks the values k < h first, and h above
//! C's number of moves is answered *no* at once (a nimber is at most the number of options).
//! Guessed nimbers ([`Checker::hints`], from anywhere) only order the search: the moves they
//! say win are tried first and a component's guess is asked first; every answer is proved.
//!
//! Cost: a big component's position C + *h needs one winning move when it is an N-position, so
//! most of the tree is never valued; memory is the small memo (32-byte entries) and the big memo
//! ([`BigMemo`]: 32 bytes an entry as a plain map, 16 packed).
//!
//! Why here: both checks are independent of `grundy`'s engines (no code of `grundy`, only
//! `rustc_hash`), not of each other; they differ only in the move rule, whether lone cells
//! count, and how the big memo is kept and saved, so the search is written once.

use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hasher;

/// The hasher of the hints and of `cram3_outcome_check`'s big memo: the key through the
/// splitmix64 finalizer, every bit of it reaching every bit of the hash. The keys are cells of
/// the strip, packed from column 0, so their low bits vary little; Fx (a multiply, rotated by
/// 26 bits) leaves the bits of the bucket index above 2^26 to the key's lowest bits, and a
/// memo of 2·10^8 components in 2^28 buckets then piled up in part of the table (loading a
/// 213 M-component file took 22 minutes of CPU; with this hasher, under 2).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Mixed(u64);

impl Mixed {
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl Hasher for Mixed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = Self::mix(self.0 ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = Self::mix(self.0 ^ k);
    }

    fn write_u128(&mut self, k: u128) {
        self.0 = Self::mix(Self::mix(self.0 ^ k as u64) ^ (k >> 64) as u64);
    }
}

/// A map hashed by [`Mixed`].
pub(crate) type MixedMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<Mixed>>;

/// A game on sets of cells.
pub(crate) trait Rule {
    /// The cells each move in the component `c` takes away, one set a move (`out` cleared
    /// first).
    fn moves(&self, c: u128, out: &mut Vec<u128>);
    /// The keys of the components of `s` that can have a move (`out` cleared first): equal
    /// keys, equal values.
    fn pieces(&self, s: u128, out: &mut Vec<u128>);
    /// The number of moves in the component `c`: its nimber is at most that (a mex over that
    /// many values), the bound of Beling and Rogalski.
    fn move_count(&self, c: u128) -> u32 {
        let mut moves = Vec::new();
        self.moves(c, &mut moves);
        moves.len() as u32
    }
}

/// What the memo knows of a big component: its nimber once found, and the heaps k proved to
/// give N-positions (g ≠ k).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Big {
    pub(crate) value: Option<u8>,
    pub(crate) not: u64,
}

/// The memo of big components.
pub(crate) trait BigMemo {
    /// Heaps k below this can be recorded as excluded (g ≠ k).
    const NOT_BITS: u32;
    /// What is known of the component `c` (nothing: the default).
    fn get(&self, c: u128) -> Big;
    /// Record heaps proved to give N-positions (g ≠ k for each bit k).
    fn exclude(&mut self, c: u128, not: u64);
    /// Record the nimber of `c`.
    fn set_value(&mut self, c: u128, v: u8);
    /// Components known.
    fn len(&self) -> usize;
    /// Components whose nimber is known.
    fn valued(&self) -> usize;
    /// Called every 4096 searches: the place for a periodic save (every entry is a proved
    /// fact, so a save in the middle of a search is sound to resume from).
    fn tick(&mut self) {}
}

/// The plain big memo: a component's key to what is known of it.
impl BigMemo for FxHashMap<u128, Big> {
    const NOT_BITS: u32 = 64;

    fn get(&self, c: u128) -> Big {
        FxHashMap::get(self, &c).copied().unwrap_or_default()
    }

    fn exclude(&mut self, c: u128, not: u64) {
        self.entry(c).or_default().not |= not;
    }

    fn set_value(&mut self, c: u128, v: u8) {
        self.entry(c).or_default().value = Some(v);
    }

    fn len(&self) -> usize {
        FxHashMap::len(self)
    }

    fn valued(&self) -> usize {
        self.values().filter(|b| b.value.is_some()).count()
    }
}

/// One move still to be searched: the heap reached with the pieces already valued, and the big
/// pieces of unknown nimber, largest first.
struct Candidate {
    heap: u8,
    unknown: Vec<u128>,
}

/// The search, with its memos.
pub(crate) struct Checker<R, M> {
    rule: R,
    /// Components of at most `small` cells are valued by plain mex.
    small: u32,
    pub(crate) small_memo: FxHashMap<u128, u8>,
    pub(crate) big_memo: M,
    /// Positions C + *h decided by searching C's moves.
    pub(crate) searches: u64,
    /// Tests "g(C) = h" with h at least this look for a value k < h of C first (each such k
    /// found answers *no* without a search for an option of value h); `u8::MAX`: never.
    pub(crate) low_first_from: u8,
    /// Guessed nimbers of big components (keys as [`Rule::pieces`] makes them), from anywhere:
    /// they only choose what is tried first ([`Checker::hint`]), never decide anything.
    pub(crate) hints: MixedMap<u128, u8>,
    /// Components whose nimber, once proved, was their hint.
    pub(crate) hints_confirmed: u64,
    /// Components whose nimber, once proved, was not their hint.
    pub(crate) hints_wrong: u64,
}

impl<R: Rule, M: BigMemo + Default> Checker<R, M> {
    /// A search of `rule` with plain mex up to `small` cells and empty memos.
    pub(crate) fn new(rule: R, small: u32) -> Self {
        Checker {
            rule,
            small,
            small_memo: FxHashMap::default(),
            big_memo: M::default(),
            searches: 0,
            low_first_from: u8::MAX,
            hints: MixedMap::default(),
            hints_confirmed: 0,
            hints_wrong: 0,
        }
    }

    /// The nimber of a position (any set of cells).
    pub(crate) fn position(&mut self, s: u128) -> u8 {
        let mut keys = Vec::new();
        self.rule.pieces(s, &mut keys);
        keys.into_iter().fold(0, |v, k| v ^ self.nimber(k))
    }

    /// The nimber of a component (given by its key).
    fn nimber(&mut self, c: u128) -> u8 {
        if c.count_ones() <= self.small {
            return self.plain(c);
        }
        if let Some(v) = self.big_memo.get(c).value {
            return v;
        }
        // The hint asked first: "g(c) = v" proved is the whole answer (the test proves every
        // k < v excluded too); else every k in turn.
        let hint = self.hint(c);
        if let Some(v) = hint
            && self.is_value(c, v)
        {
            return v;
        }
        let mut k = 0;
        loop {
            if self.is_value(c, k) {
                return k;
            }
            k += 1;
        }
    }

    /// The guessed nimber of the big component `c`, if any. A guess only orders the search:
    /// every answer is still proved from the moves, so a wrong guess costs time, never a wrong
    /// value.
    fn hint(&self, c: u128) -> Option<u8> {
        if self.hints.is_empty() {
            return None;
        }
        self.hints.get(&c).copied()
    }

    /// The nimber of a component by plain mex over all its moves (memoised).
    fn plain(&mut self, c: u128) -> u8 {
        if let Some(&v) = self.small_memo.get(&c) {
            return v;
        }
        let mut seen = 0u128;
        let mut moves = Vec::new();
        self.rule.moves(c, &mut moves);
        let mut keys = Vec::new();
        for taken in moves {
            self.rule.pieces(c & !taken, &mut keys);
            let v = keys.iter().fold(0, |v, &k| v ^ self.plain(k));
            seen |= 1 << v;
        }
        let v = (!seen).trailing_zeros() as u8;
        self.small_memo.insert(c, v);
        v
    }

    /// Whether `c` + *`h` is a P-position, i.e. g(c) = h. `c` is a key.
    fn is_value(&mut self, c: u128, h: u8) -> bool {
        if c.count_ones() <= self.small {
            return self.plain(c) == h;
        }
        let entry = self.big_memo.get(c);
        if let Some(v) = entry.value {
            return v == h;
        }
        assert!(u32::from(h) < M::NOT_BITS, "nimbers below {} expected", M::NOT_BITS);
        if entry.not >> h & 1 == 1 {
            return false;
        }
        if u32::from(h) > self.rule.move_count(c) {
            return false;
        }
        // A guess v < h: "g(c) = v" asked first (proved, it answers no). A guess v > h: an
        // option of value h is looked for first, whatever low first says.
        let hint = self.hint(c);
        if let Some(v) = hint
            && v < h
            && self.is_value(c, v)
        {
            return false;
        }
        // g(c) = h iff no option of c has value h (no move wins) and g(c) is no k < h: the
        // second asked first with low first, else only once no move wins.
        let low_first = h >= self.low_first_from && hint.is_none_or(|v| v <= h);
        if low_first && self.value_below(c, h) {
            return false;
        }
        self.searches += 1;
        if self.searches.is_multiple_of(4096) {
            self.big_memo.tick();
        }
        if self.move_wins(c, h) || (!low_first && self.value_below(c, h)) {
            self.big_memo.exclude(c, 1 << h);
            return false;
        }
        match hint {
            Some(v) if v == h => self.hints_confirmed += 1,
            Some(_) => self.hints_wrong += 1,
            None => {}
        }
        self.big_memo.set_value(c, h);
        true
    }

    /// Whether g(c) is some k < h (each k asked in turn).
    fn value_below(&mut self, c: u128, h: u8) -> bool {
        (0..h).any(|k| self.is_value(c, k))
    }

    /// Whether some move in the component `c` (big, nimber unknown) leaves, with the heap *`h`,
    /// a P-position.
    fn move_wins(&mut self, c: u128, h: u8) -> bool {
        let mut keys = Vec::new();
        let mut tried: FxHashSet<(u8, Vec<u128>)> = FxHashSet::default();
        let mut candidates = Vec::new();
        // Values of options of c found on the way (all their pieces valued): g(c) is none of them.
        let mut options = 0u64;
        let mut moves = Vec::new();
        self.rule.moves(c, &mut moves);
        for taken in moves {
            self.rule.pieces(c & !taken, &mut keys);
            keys.sort_unstable();
            // Two equal components cancel.
            let mut rest: Vec<u128> = Vec::with_capacity(keys.len());
            for &k in &keys {
                if rest.last() == Some(&k) {
                    rest.pop();
                } else {
                    rest.push(k);
                }
            }
            let mut heap = h;
            let mut unknown = Vec::new();
            // What is known of the one big piece of unknown nimber, if one.
            let mut not = 0;
            for k in rest {
                if k.count_ones() <= self.small {
                    heap ^= self.plain(k);
                    continue;
                }
                let b = self.big_memo.get(k);
                match b.value {
                    Some(v) => heap ^= v,
                    None => {
                        not = b.not;
                        unknown.push(k);
                    }
                }
            }
            match unknown.len() {
                0 => {
                    options |= 1 << (heap ^ h);
                    if heap == 0 {
                        self.big_memo.exclude(c, options);
                        return true;
                    }
                }
                1 => {
                    if not >> heap & 1 == 0 && tried.insert((heap, unknown.clone())) {
                        candidates.push(Candidate { heap, unknown });
                    }
                }
                _ => {
                    unknown.sort_unstable_by_key(|&k| std::cmp::Reverse((k.count_ones(), k)));
                    if tried.insert((heap, unknown.clone())) {
                        candidates.push(Candidate { heap, unknown });
                    }
                }
            }
        }
        self.big_memo.exclude(c, options);
        // The moves the hints say win first (every unknown piece guessed, the heap then 0),
        // those with a piece not guessed next, those the hints say lose last; each group the
        // smallest largest piece first.
        let rank = |m: &Candidate| {
            let guessed = m.unknown.iter().try_fold(m.heap, |v, &k| self.hint(k).map(|g| v ^ g));
            match guessed {
                Some(0) => 0,
                None => 1,
                Some(_) => 2,
            }
        };
        candidates.sort_by_cached_key(|m| {
            (
                rank(m),
                m.unknown[0].count_ones(),
                m.unknown.iter().map(|k| k.count_ones()).sum::<u32>(),
            )
        });
        for m in candidates {
            let mut heap = m.heap;
            for &k in &m.unknown[1..] {
                heap ^= self.nimber(k);
            }
            if self.is_value(m.unknown[0], heap) {
                return true;
            }
        }
        false
    }
}

/// Value the 3×n boards `board(n)`, n = `from`..=`to`, on a thread with a big stack (deep
/// recursion), printing a line a board: `3xN VALUE` with the seconds (wall, and CPU of the
/// search thread), the memo sizes, the searches and the peak resident memory.
pub(crate) fn run_boards<R, M>(mut checker: Checker<R, M>, from: usize, to: usize, board: fn(usize) -> u128)
where
    R: Rule + Send + 'static,
    M: BigMemo + Default + Send + 'static,
{
    let start = std::time::Instant::now();
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            for n in from..=to {
                let t = std::time::Instant::now();
                let cpu = super::grid3::thread_cpu();
                let v = checker.position(board(n));
                let hints = if checker.hints.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", hints: {} proved right, {} wrong (of {})",
                        checker.hints_confirmed,
                        checker.hints_wrong,
                        checker.hints.len()
                    )
                };
                println!(
                    "3x{n} {v} ({:.2} s, CPU {:.2} s; small memo {}, big memo {} ({} valued), {} searches{hints}; total {:.1} s, CPU {:.1} s; peak {})",
                    t.elapsed().as_secs_f64(),
                    super::grid3::thread_cpu() - cpu,
                    checker.small_memo.len(),
                    checker.big_memo.len(),
                    checker.big_memo.valued(),
                    checker.searches,
                    start.elapsed().as_secs_f64(),
                    super::grid3::thread_cpu(),
                    super::grid3::peak_memory()
                );
            }
        })
        .expect("a thread");
    handle.join().expect("the search thread");
}
