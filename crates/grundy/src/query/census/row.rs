//! One game of a census: its values by the take-and-break engine
//! ([`crate::solve::take_break::compute_until`]: plain or sparse space, the Guy–Smith proof at
//! its checkpoints), then its row ([`CensusRow`]).
//!
//! Proved: the least period and preperiod the theorem proves (saltus 0: finite codes). Open:
//! the best candidate is the period seen at the end of the values
//! ([`crate::solve::periodicity::seen_in_code`], the same rule `grundy seq` reports).
//!
//! Cost: the engine's (O(N²) plain, far less with sparse space; O(N³) for hexadecimal codes
//! whose moves leave three heaps), plus one pass over the values for the largest value.

use crate::control::Control;
use crate::error::{Error, Result};
use crate::files::fnv1a64;
use crate::games::octal::Code;
use crate::report::{CensusRow, CensusStatus};
use crate::solve::periodicity::seen_in_code;
use crate::solve::take_break::{self, Computed, Method, Options};
use std::time::Instant;

/// How one game is run.
#[derive(Clone, Debug)]
pub struct RowOptions {
    /// The last heap asked for (`--to N`).
    pub to: u64,
    /// Stop a game as soon as its period is proved (the default); `false` computes every heap
    /// up to `to` (`--all`).
    pub stop_when_proved: bool,
    /// Also the order of the misère quotient at heap min(`to`, this cap) (`--quotient`; the
    /// cap keeps the census fast: a quotient's cost grows fast with its heaps); `None`: not
    /// asked.
    pub quotient_to: Option<u64>,
    /// The work budget of one heap of each quotient: proof states plus candidates' elements
    /// (`--quotient-states`; [`DEFAULT_QUOTIENT_STATES`]). A heap that needs more ends that
    /// game's quotient at the heap before (the row says where).
    pub quotient_states: usize,
}

impl RowOptions {
    /// Every game to heap `to`, stopped where its period is proved, no quotient column: the
    /// command line's `grundy census FAMILY --to N` with no other option.
    pub fn up_to(to: u64) -> Self {
        RowOptions {
            to,
            stop_when_proved: true,
            quotient_to: None,
            quotient_states: DEFAULT_QUOTIENT_STATES,
        }
    }
}

/// The default cap of the quotient column (`--quotient-to`).
pub const DEFAULT_QUOTIENT_TO: u64 = 10;

/// The default work budget of one heap of a census quotient. Measured on the 512 codes of
/// `octal:3` to heap 20 (docs/records.md): the whole family in 6 minutes on 2 cores, where
/// `grundy quotient`'s budget (4 000 000) costs up to a minute and more for each of its 144
/// growing codes (a heap's work grows faster than its states). That budget takes a few codes
/// further (0.106 to heap 20, order 844, in 9 s; 0.127 to heap 16): `--quotient-states` is
/// there for them.
pub const DEFAULT_QUOTIENT_STATES: usize = 250_000;

/// The quotient column of a code: the quotient built to heap `to` or as far as the work budget
/// of one heap allows. Cancellation and the memory budget stop the census; any other reason
/// the quotient stops (its budget, a candidate too large) ends it at the last heap proved.
struct QuotientCell {
    /// The last heap proved (`None`: not even heap 0, the rules could not be read as heaps).
    reached: Option<u64>,
    /// The order at that heap.
    order: Option<u64>,
    /// Φ's period and preperiod when proved for every heap.
    period: Option<(u64, u64)>,
}

fn quotient_column(code: &Code, to: u64, states: usize, control: &Control) -> Result<QuotientCell> {
    let limits = crate::settings::Settings {
        control: control.clone(),
        max_states: states,
        ..Default::default()
    };
    // The code's heap rules as the registry gives them (with the code itself, which the
    // periodicity proof of Φ reads).
    let rules = crate::games::octal::Octal::new(code.clone());
    match crate::solve::misere::quotient::build(&rules, to, &limits) {
        Ok(b) => {
            if let Some(e @ (Error::Interrupted | Error::MemoryLimit(_))) = b.cause {
                return Err(e);
            }
            Ok(QuotientCell {
                reached: Some(b.quotient.to()),
                order: Some(b.quotient.order as u64),
                period: b.period.map(|p| (p.period, p.preperiod)),
            })
        }
        Err(e @ (Error::Interrupted | Error::MemoryLimit(_))) => Err(e),
        Err(_) => Ok(QuotientCell {
            reached: None,
            order: None,
            period: None,
        }),
    }
}

/// The row of one heap game's code (any spelling `Code::parse` accepts: `0.137`, `.07`,
/// `4.07`, `0.f8`, `kayles`) computed up to heap `to` ([`super::game_row`] sends a board's code
/// elsewhere). `control` can cancel it (then [`Error::Interrupted`]; the memory budget:
/// [`Error::MemoryLimit`]): a row is whole or not at all.
pub fn heap_game_row(code: &str, options: &RowOptions, control: &Control) -> Result<CensusRow> {
    let start = Instant::now();
    let parsed = Code::parse(code)?;
    let rules = parsed.rules();
    let engine = Options {
        method: Method::Auto,
        stop_when_proved: options.stop_when_proved,
        control: control.quiet(),
        // The census runs games in parallel; each game on one thread.
        jobs: 1,
        checkpoint: None,
        store: None,
    };
    let mut computed = take_break::compute_until(rules, options.to, engine)?;
    if let Some(why) = computed.stopped.take() {
        return Err(why);
    }
    let mut row = row_of(parsed.text(), options.to, &computed);
    if rules.digits().iter().all(|&d| d == 0) {
        row.rule = Some("no-moves".into());
    }
    if let Some(cap) = options.quotient_to {
        let at = options.to.min(cap);
        let cell = quotient_column(&parsed, at, options.quotient_states, &control.quiet())?;
        row.quotient_to = Some(at);
        row.quotient_order = cell.order;
        row.quotient_reached = cell.reached;
        row.quotient_period = cell.period.map(|p| p.0);
        row.quotient_preperiod = cell.period.map(|p| p.1);
    }
    row.seconds = start.elapsed().as_secs_f64();
    Ok(row)
}

/// The row of computed values (time 0: the caller measures).
fn row_of(code: &str, to: u64, computed: &Computed) -> CensusRow {
    let values = &computed.values;
    let len = values.len();
    let at = |n: usize| u64::from(values.get(n));
    let largest_value = (0..len).map(at).max().unwrap_or(0);
    let rare_heaps = computed.sparse_mask.map(|_| computed.rare as u64);
    let (status, period, fingerprint) = match &computed.period {
        Some(p) => {
            // g(0..preperiod + period), read off the period where not computed.
            let end = p.preperiod + p.period;
            let mut text = String::new();
            for n in 0..end {
                let v = computed.get(n).expect("a proved period gives every value");
                text.push_str(&v.to_string());
                text.push(',');
            }
            let fingerprint = format!("{:016x}", fnv1a64(text.as_bytes()));
            (CensusStatus::Proved, Some(p.clone()), Some(fingerprint))
        }
        None => (CensusStatus::Open, seen_in_code(len, at), None),
    };
    CensusRow {
        period: period.as_ref().map(|p| p.period),
        preperiod: period.as_ref().map(|p| p.preperiod),
        saltus: period.as_ref().map(|p| p.saltus),
        last_exceptional: match (&status, &period) {
            (CensusStatus::Proved, Some(p)) if p.preperiod > 0 => Some(p.preperiod - 1),
            _ => None,
        },
        largest_heap: len.saturating_sub(1) as u64,
        largest_value,
        rare_heaps,
        fingerprint,
        ..CensusRow::empty(code, to, status)
    }
}

/// `Error::Input` for a row asked beyond what the engine stores.
pub(crate) fn check_to(to: u64) -> Result<()> {
    if to > take_break::MAX_HEAPS {
        return Err(Error::Input(format!(
            "the last heap {to} is too large: at most {} heaps are computed",
            take_break::MAX_HEAPS
        )));
    }
    Ok(())
}
