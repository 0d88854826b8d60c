//! The generic solver: the nimber of any position of any [`Game`] by mex over its options.
//!
//! Values are memoised in a transposition table keyed by canonical positions. The search uses an
//! explicit stack of frames (never recursion), so a chain of millions of positions works. When
//! the game splits a position into independent components, the solver xors their values
//! instead of searching the (much larger) space of the whole position. Closed formulas are
//! used when the game offers them, unless switched off (tests compare both ways).
//!
//! Cost: each reachable canonical position is expanded once; time is the total number of
//! options over those positions, memory one table entry per position. The frames of the stack
//! hold their option lists only while the lists held on the whole stack stay under
//! [`HELD_OPTIONS`] (plus a few per frame): beyond, the lists of the frames deepest down are
//! dropped and made again from the position when the search comes back to them. So a chain whose
//! positions have as many options as the chain is long (a heap from which any number may be
//! taken, through a `--rules` script) takes memory linear in its length, not quadratic, for the
//! price of listing a dropped frame's options once more per return. A position met again
//! while it is still being expanded means the game is loopy: the solver reports it instead of
//! looping. The state limit and Ctrl-C stop the search with an error.
//!
//! Sources, by their names in `docs/sources.md`: \[Sprague1935\], \[Grundy1939\]; \[Slides\] (the
//! recursive solver this is, made iterative and memoised).

use crate::error::{Error, Result};
use crate::game::{Convention, Game, Move};
use crate::nimber::{MexScratch, Nimber};
use crate::settings::Settings;
use rustc_hash::{FxHashMap, FxHashSet};

impl Settings {
    /// A memoised solver for `game` with these settings (the state limit and the control).
    pub fn solver<G: Game>(&self, game: G) -> Solver<G> {
        let mut s = Solver::new(game);
        s.settings = self.clone();
        s
    }
}

/// How many options (summed over the frames of the search stack) the stack keeps listed before
/// it drops the lists of its deepest frames (see the module documentation).
pub const HELD_OPTIONS: usize = 1 << 16;

/// Lists of at most this many options are never dropped (dropping them would save little).
const SMALL_FRAME: usize = 8;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Combine {
    Mex,
    Xor,
}

struct Frame<P> {
    position: P,
    combine: Combine,
    /// The options (or components), in order; emptied when the frame's list is dropped.
    children: Vec<P>,
    /// The number of children the frame has (also while its list is dropped).
    count: usize,
    /// Children 0..next are valued (their values are in `values` while the list is held).
    next: usize,
    values: Vec<Nimber>,
    /// The list was dropped: made again (and `values` recomputed) when the frame is resumed.
    dropped: bool,
}

impl<P> Frame<P> {
    fn new(position: P, combine: Combine, children: Vec<P>) -> Self {
        Frame {
            position,
            combine,
            count: children.len(),
            children,
            next: 0,
            values: Vec::new(),
            dropped: false,
        }
    }

    /// How many options the frame holds listed.
    fn held(&self) -> usize {
        if self.dropped { 0 } else { self.count }
    }
}

/// A memoising solver for one game.
pub struct Solver<G: Game> {
    game: G,
    table: FxHashMap<G::Position, u64>,
    /// Positions on the search stack (being expanded). Met again before they are solved, they
    /// close a cycle: the game is loopy. Kept apart from `table`, so that every `u64` is a
    /// possible value (a closed formula can give any nimber, e.g. a Nim heap of 2^64 − 1).
    on_stack: FxHashSet<G::Position>,
    /// Use the game's closed formula when it offers one.
    pub use_formula: bool,
    /// Use the game's split into components.
    pub use_components: bool,
    /// The state limit: most positions kept in the table before the search stops.
    pub settings: Settings,
    scratch: MexScratch,
    /// Work of every search so far, in steps and options listed: the checkpoint
    /// (cancellation, memory) comes every [`CHECK_EVERY`] units of it, also when each search is
    /// short (a sequence asked heap by heap) and when each step lists thousands of options (a
    /// Nim heap of 10^5 under misère play).
    ticks: u64,
    /// The value of `ticks` at which the next checkpoint comes.
    next_check: u64,
}

/// Most options one listing may have: the state limit, but never less than 2^24 (options
/// valued by a formula are never stored, so a small state limit must not forbid a listing of
/// a few thousand of them; 2^24 options are listed in about a second).
pub fn listing_limit(max_states: usize) -> u128 {
    (max_states as u128).max(1 << 24)
}

/// Units of work (steps and options listed) between two checkpoints: a few microseconds.
const CHECK_EVERY: u64 = 4096;

impl<G: Game> Solver<G> {
    /// A solver for `game` with closed formulas and components switched on and default limits.
    pub fn new(game: G) -> Self {
        Solver {
            game,
            table: FxHashMap::default(),
            on_stack: FxHashSet::default(),
            use_formula: true,
            use_components: true,
            settings: Settings::default(),
            ticks: 0,
            next_check: CHECK_EVERY,
            scratch: MexScratch::default(),
        }
    }

    /// A solver that uses only the rules: no formula, no components (the reference for tests).
    pub fn plain(game: G) -> Self {
        let mut s = Solver::new(game);
        s.use_formula = false;
        s.use_components = false;
        s
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Number of positions in the transposition table.
    pub fn states(&self) -> usize {
        self.table.len()
    }

    fn normal(&self) -> bool {
        self.game.convention() == Convention::Normal
    }

    /// Either the value is known right away (`Ok(Some)`) or a frame to expand is returned.
    fn open(&mut self, position: G::Position) -> Result<std::result::Result<Nimber, Frame<G::Position>>> {
        if self.use_formula
            && let Some(v) = self.game.formula(&position)
        {
            return Ok(Ok(v));
        }
        if self.use_components
            && self.normal()
            && let Some(parts) = self.game.components(&position)
            && parts.len() != 1
        {
            let children = parts.into_iter().map(|p| self.game.canonical(p)).collect();
            return Ok(Err(Frame::new(position, Combine::Xor, children)));
        }
        let children = self.children(&position, Combine::Mex)?;
        if children.is_empty() {
            let terminal = if self.normal() { 0 } else { 1 };
            return Ok(Ok(Nimber(terminal)));
        }
        Ok(Err(Frame::new(position, Combine::Mex, children)))
    }

    /// The canonical options (`Mex`) or components (`Xor`) of `position`, in the game's order.
    /// A position whose moves the game counts as more than [`listing_limit`] is refused before
    /// its options are listed ([`Error::MoveListLimit`]): listing them could not be stopped.
    fn children(&mut self, position: &G::Position, combine: Combine) -> Result<Vec<G::Position>> {
        let raw = match combine {
            Combine::Xor => self.game.components(position).unwrap_or_default(),
            Combine::Mex => {
                if let Some(n) = self.game.move_count(position)
                    && n > listing_limit(self.settings.max_states)
                {
                    return Err(Error::MoveListLimit(n, self.settings.max_states));
                }
                // A big listing (over 1 MiB: a path of 10^5 vertices has 10^5 options of 12 KiB
                // each) is accounted against the memory budget first (one read of the process's
                // size, so not for the small listings of every node).
                if let Some(n) = self.game.move_count(position) {
                    let bytes = u64::try_from(n)
                        .unwrap_or(u64::MAX)
                        .saturating_mul(self.game.position_bytes(position));
                    if bytes > 1 << 20 {
                        self.settings.control.reserve(bytes)?;
                    }
                }
                let mut raw = Vec::new();
                let control = &self.settings.control;
                if !self
                    .game
                    .options_until(position, &mut raw, &|| control.stop().is_some())
                {
                    // Stopped part way: the partial listing is dropped, never valued.
                    control.check()?;
                    return Err(Error::Interrupted);
                }
                raw
            }
        };
        self.tick(raw.len() as u64)?;
        // A canonical form may cost a listing of its own (a misère sum lists each new
        // component's moves): the token is asked before each one (a relaxed load).
        let mut out = Vec::with_capacity(raw.len());
        for p in raw {
            self.settings.control.check()?;
            out.push(self.game.canonical(p));
        }
        Ok(out)
    }

    /// Count `work` units; at each [`CHECK_EVERY`] units, the checkpoint (cancellation, memory)
    /// and, every 16 checkpoints, a progress event.
    fn tick(&mut self, work: u64) -> Result<()> {
        self.ticks = self.ticks.wrapping_add(work);
        if self.ticks >= self.next_check {
            self.next_check = self.ticks.saturating_add(CHECK_EVERY);
            self.settings.control.check()?;
            if (self.ticks / CHECK_EVERY).is_multiple_of(16) {
                self.settings
                    .control
                    .progress("positions", self.table.len() as u64, None);
            }
        }
        Ok(())
    }

    fn store(&mut self, position: G::Position, value: Nimber) -> Result<()> {
        // The table's growth (a new table of twice the buckets, beside the old one while it
        // moves) is accounted before it happens: a run then stops at the same table size
        // whatever the machine's load, instead of whenever the memory watcher samples the
        // resident size during (or after) the growth's spike.
        if self.table.len() == self.table.capacity() {
            let entry = std::mem::size_of::<(G::Position, u64)>() as u64 + 1;
            let buckets = (self.table.capacity() as u64 + 1).next_power_of_two().saturating_mul(2);
            self.settings.control.reserve(buckets.saturating_mul(entry))?;
        }
        self.table.insert(position, value.0);
        if self.table.len() > self.settings.max_states {
            return Err(Error::StateLimit(self.settings.max_states));
        }
        Ok(())
    }

    /// Mark a position as on the stack; positions on the stack count toward the state limit,
    /// so a long chain stops at the limit instead of growing the stack without bound.
    fn mark(&mut self, position: &G::Position) -> Result<()> {
        self.on_stack.insert(position.clone());
        if self.table.len() + self.on_stack.len() > self.settings.max_states {
            return Err(Error::StateLimit(self.settings.max_states));
        }
        Ok(())
    }

    /// The nimber of `position` (the misère Grundy value for a misère game).
    pub fn nimber(&mut self, position: &G::Position) -> Result<Nimber> {
        let root = self.game.canonical(position.clone());
        if let Some(&v) = self.table.get(&root) {
            return Ok(Nimber(v));
        }
        let result = self.search(root.clone());
        // After an error the stack is abandoned: drop its marks so later queries start clean.
        self.on_stack.clear();
        result
    }

    fn search(&mut self, root: G::Position) -> Result<Nimber> {
        let mut stack: Vec<Frame<G::Position>> = Vec::new();
        // Options listed on the stack (frames whose lists are held), and the lowest frame that
        // may still hold its list (every frame below it has dropped its list or is small).
        let mut held = 0usize;
        let mut first_held = 0usize;
        // A value known right away (a closed formula, a terminal position) is not stored: it
        // costs nothing to find again, and a position read off a formula (a heap valued from its
        // sequence) must not count toward the state limit.
        match self.open(root.clone())? {
            Ok(v) => return Ok(v),
            Err(frame) => {
                self.mark(&frame.position)?;
                held += frame.held();
                stack.push(frame);
            }
        }
        let mut steps: u64 = 0;
        loop {
            steps += 1;
            self.tick(1)?;
            let depth = stack.len();
            let top = stack.last_mut().expect("the stack holds the root until it is solved");
            if top.dropped {
                // Back to a frame whose list was dropped: list its options again and value the
                // ones done before (all known now) on the way.
                top.children = self.children(&top.position, top.combine)?;
                debug_assert_eq!(top.children.len(), top.count, "options must come in a fixed order");
                top.count = top.children.len();
                top.next = 0;
                top.values.clear();
                top.dropped = false;
                held += top.count;
                first_held = first_held.min(depth - 1);
            }
            if top.next < top.children.len() {
                let child = &top.children[top.next];
                match self.table.get(child) {
                    Some(&v) => {
                        top.values.push(Nimber(v));
                        top.next += 1;
                    }
                    None if self.on_stack.contains(child) => {
                        return Err(Error::Loopy(self.game.format(child)));
                    }
                    None => {
                        let child = child.clone();
                        match self.open(child)? {
                            Ok(v) => {
                                top.values.push(v);
                                top.next += 1;
                            }
                            Err(frame) => {
                                self.mark(&frame.position)?;
                                held += frame.held();
                                stack.push(frame);
                                // Over budget: drop the lists of the deepest frames (never the
                                // new top's, nor small ones) until half the budget is left.
                                let budget = HELD_OPTIONS + SMALL_FRAME * stack.len();
                                if held > budget {
                                    let top = stack.len() - 1;
                                    while first_held < top && held > budget / 2 {
                                        let f = &mut stack[first_held];
                                        if !f.dropped && f.count > SMALL_FRAME {
                                            held -= f.count;
                                            f.children = Vec::new();
                                            f.values = Vec::new();
                                            f.dropped = true;
                                        }
                                        first_held += 1;
                                    }
                                }
                            }
                        }
                    }
                }
                continue;
            }
            let frame = stack.pop().expect("non-empty");
            held -= frame.held();
            first_held = first_held.min(stack.len());
            self.on_stack.remove(&frame.position);
            let value = match frame.combine {
                Combine::Mex => self.scratch.mex(&frame.values),
                Combine::Xor => frame.values.iter().fold(Nimber::ZERO, |a, b| a ^ *b),
            };
            self.store(frame.position, value)?;
            if stack.is_empty() {
                if steps > 0xffff {
                    self.settings.control.finished("positions");
                }
                return Ok(value);
            }
        }
    }

    /// Every move of `position` with the value of the position it leads to.
    pub fn move_values(&mut self, position: &G::Position) -> Result<Vec<(Move<G::Position>, Nimber)>> {
        let moves = self.game.moves(position);
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            let v = self.nimber(&m.position)?;
            out.push((m, v));
        }
        Ok(out)
    }

    /// Every move to a position of value `target`.
    pub fn moves_to_value(&mut self, position: &G::Position, target: Nimber) -> Result<Vec<Move<G::Position>>> {
        if self.use_formula
            && let Some(moves) = self.game.moves_to_value(position, target)
        {
            // A game may cut a long listing short when the token is cancelled: never returned.
            self.settings.control.check()?;
            return Ok(moves);
        }
        Ok(self
            .move_values(position)?
            .into_iter()
            .filter(|(_, v)| *v == target)
            .map(|(m, _)| m)
            .collect())
    }

    /// Every winning move: the moves to a position of value 0 (a P-position).
    pub fn winning_moves(&mut self, position: &G::Position) -> Result<Vec<Move<G::Position>>> {
        self.moves_to_value(position, Nimber::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heap of n; a move removes 1 or 2.
    struct Chain;
    impl Game for Chain {
        type Position = u64;
        fn options(&self, p: &u64, out: &mut Vec<u64>) {
            out.extend((1..=2).filter(|&k| k <= *p).map(|k| p - k));
        }
        fn moves(&self, p: &u64) -> Vec<Move<u64>> {
            let mut out = Vec::new();
            self.options(p, &mut out);
            out.into_iter().map(|q| Move::new(format!("{p}→{q}"), q)).collect()
        }
        fn format(&self, p: &u64) -> String {
            p.to_string()
        }
    }

    /// A 2-cycle: loopy.
    struct Cycle;
    impl Game for Cycle {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
        fn moves(&self, p: &u8) -> Vec<Move<u8>> {
            vec![Move::new("flip", 1 - p)]
        }
        fn format(&self, p: &u8) -> String {
            p.to_string()
        }
    }

    #[test]
    fn a_chain_of_a_million_positions_needs_no_recursion() {
        let mut s = Solver::new(Chain);
        assert_eq!(s.nimber(&1_000_000).unwrap(), Nimber(1_000_000 % 3));
        assert_eq!(s.nimber(&7).unwrap(), Nimber(1));
        assert_eq!(s.winning_moves(&7).unwrap()[0].position, 6);
        assert!(s.winning_moves(&6).unwrap().is_empty());
    }

    /// Position 0 has one option, 1, whose closed formula gives the largest nimber.
    struct HugeOption;
    impl Game for HugeOption {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            if *p == 0 {
                out.push(1);
            }
        }
        fn moves(&self, p: &u8) -> Vec<Move<u8>> {
            let mut out = Vec::new();
            self.options(p, &mut out);
            out.into_iter().map(|q| Move::new(format!("{p}→{q}"), q)).collect()
        }
        fn format(&self, p: &u8) -> String {
            p.to_string()
        }
        fn formula(&self, p: &u8) -> Option<Nimber> {
            (*p == 1).then_some(Nimber(u64::MAX))
        }
    }

    #[test]
    fn an_option_of_value_two_to_the_64_minus_one_is_a_value_not_a_cycle() {
        let mut s = Solver::new(HugeOption);
        assert_eq!(s.nimber(&1).unwrap(), Nimber(u64::MAX));
        assert_eq!(s.nimber(&0).unwrap(), Nimber(0));
        let mut s = Solver::new(HugeOption);
        assert_eq!(s.nimber(&0).unwrap(), Nimber(0));
    }

    #[test]
    fn loopy_games_and_state_limits_are_errors() {
        let mut s = Solver::new(Cycle);
        assert!(matches!(s.nimber(&0), Err(Error::Loopy(_))));
        let mut s = Solver::new(Chain);
        s.settings.max_states = 100;
        assert_eq!(s.nimber(&1000), Err(Error::StateLimit(100)));
        // The table is still usable after the error.
        s.settings.max_states = 10_000;
        assert_eq!(s.nimber(&1000).unwrap(), Nimber(1));
    }

    thread_local! {
        /// Positions of [`TakeAny`] alive now, and the most alive at once.
        static ALIVE: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
    }

    /// A heap position that counts how many copies of it are alive.
    #[derive(PartialEq, Eq, Hash, Debug)]
    struct Counted(u64);
    impl Counted {
        fn new(n: u64) -> Self {
            ALIVE.with(|a| {
                let (now, peak) = a.get();
                a.set((now + 1, peak.max(now + 1)));
            });
            Counted(n)
        }
    }
    impl Clone for Counted {
        fn clone(&self) -> Self {
            Counted::new(self.0)
        }
    }
    impl Drop for Counted {
        fn drop(&mut self) {
            ALIVE.with(|a| {
                let (now, peak) = a.get();
                a.set((now - 1, peak));
            });
        }
    }

    /// One heap; a move takes any number of counters, the smallest takes first (so the search
    /// goes down the whole chain n, n − 1, ... with every frame's options listed).
    struct TakeAny;
    impl Game for TakeAny {
        type Position = Counted;
        fn options(&self, p: &Counted, out: &mut Vec<Counted>) {
            out.extend((0..p.0).rev().map(Counted::new));
        }
        fn moves(&self, p: &Counted) -> Vec<Move<Counted>> {
            let mut out = Vec::new();
            self.options(p, &mut out);
            out.into_iter()
                .map(|q| Move::new(format!("{}→{}", p.0, q.0), q))
                .collect()
        }
        fn format(&self, p: &Counted) -> String {
            p.0.to_string()
        }
    }

    /// A chain of 3000 positions with 3000 − k options at depth k: the stack held 4.5 million
    /// options when every frame kept its list; now the lists held stay near [`HELD_OPTIONS`]
    /// plus a few per frame (linear in the depth), and the value is still the heap's.
    #[test]
    fn a_chain_of_long_option_lists_holds_memory_linear_in_its_depth() {
        let n = 3000u64;
        ALIVE.with(|a| a.set((0, 0)));
        let mut s = Solver::new(TakeAny);
        assert_eq!(s.nimber(&Counted::new(n)).unwrap(), Nimber(n));
        let (_, peak) = ALIVE.with(|a| a.get());
        let bound = HELD_OPTIONS + (SMALL_FRAME + 4) * n as usize + 2 * n as usize;
        assert!(peak < bound, "{peak} positions alive at once (bound {bound})");
        assert!(peak > n as usize, "{peak}");
        // The same values with a state limit just large enough, and again from the table.
        assert_eq!(s.nimber(&Counted::new(17)).unwrap(), Nimber(17));
    }
}
