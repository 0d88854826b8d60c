//! The value sequence of a game named by words (`grundy seq`): the registry says how it is
//! computed, by the game's own one-number method ([`crate::games::Capabilities::sequence`]) or
//! by the heap-sequence engine over the game's one-heap rules.
//!
//! Why here: every front end (the command line, the web explorer) asks for the same sequence
//! and renders its [`crate::report::SeqReport`] its own way.
//!
//! Cost: the sequence's (see [`crate::solve::heap_sequence`]).

use crate::error::{Error, Result};
use crate::games;
use crate::games::heap::HeapRules;
use crate::report::GenusSeqReport;
use crate::settings::Settings;
use crate::solve::heap_sequence::{PeriodProof, Sequence, sequence_until};
use crate::solve::take_break::{Method, Options};

/// A computed sequence: its title (the game as written), the values, and the one-heap rules
/// that computed them (none for a game's own sequence).
pub struct Computed {
    /// The game as written (`grundy-game`, `subtraction --set 1,2,3`).
    pub title: String,
    /// The values and their periodicity; `stopped` says whether the computation stopped early.
    pub sequence: Sequence,
    /// The one-heap rules, for a heap game.
    pub rules: Option<Box<dyn HeapRules>>,
}

/// The values g(0..=to) of the game named by `words` (the name, then its rules such as
/// `--set 1,2,3`). `options` picks the take-and-break method, whether to stop once the period
/// is proved, the threads and a checkpoint file; `options.control` is the computation's
/// control. A run stopped by the control (Ctrl-C, the memory limit) returns the values so far
/// with `sequence.stopped` set. Rules without a take-and-break code are valued by the generic
/// solver, so `to` must stay below the state limit of `settings`.
pub fn of_words(words: &[String], to: u64, options: Options, settings: &Settings) -> Result<Computed> {
    let Some((name, rest)) = words.split_first() else {
        return Err(Error::Input(
            "a sequence needs a one-heap game, e.g. grundy-game or 0.07".into(),
        ));
    };
    let entry = games::find(name)?;
    if let Some((code, why)) = entry.caps.heap_family.and_then(|f| f(rest)) {
        // The family is a heap game (a theorem of the game's module, tested against the
        // game's own sequence): the heap game's values, and its proof of the period.
        let mut computed = of_words(&[code.to_string()], to, options, settings)?;
        computed.title = format!("{} = {code}", words.join(" "));
        computed.sequence.method = format!("{} ({why})", computed.sequence.method);
        return Ok(computed);
    }
    if let Some(values) = entry.caps.sequence {
        // Not a heap game, but one number (the triomino game's 2×n strips): the game's own
        // sequence.
        let mut found = Vec::new();
        let method = values(rest, games::Asked::UpTo(to), &options.control, &mut |_, v| {
            found.push(v);
            Ok(())
        })?;
        let values = found;
        let sequence = Sequence::from_values(values, &PeriodProof::None, method)?;
        return Ok(Computed {
            title: entry.name.to_string(),
            sequence,
            rules: None,
        });
    }
    let Some(make) = entry.heap_rules else {
        return Err(Error::Input(format!(
            "{} is not a one-heap game: sequences are of heap games (the list of games shows which)",
            entry.name
        )));
    };
    let rules = make(name, rest, to)?;
    if rules.take_break().is_none() && to as u128 >= settings.max_states as u128 {
        return Err(Error::SequenceLimit(to, settings.max_states));
    }
    if options.checkpoint.is_some() && rules.take_break().is_none() {
        return Err(Error::Input(format!(
            "a checkpoint applies to take-and-break codes and Grundy's game, not to {}",
            entry.name
        )));
    }
    let sequence = sequence_until(rules.as_ref(), to, options)?;
    Ok(Computed {
        title: words.join(" "),
        sequence,
        rules: Some(rules),
    })
}

/// The options of a sequence run in one go (no checkpoint), with the method, whether to
/// compute every value after the period is proved (`all`), and the run's control and threads.
pub fn options(method: Method, all: bool, settings: &Settings) -> Options {
    Options {
        method,
        stop_when_proved: !all,
        control: settings.control.clone(),
        jobs: settings.jobs,
        checkpoint: None,
        store: None,
    }
}

/// The whole sequence g(0..=to) of the game named by `words` ([`of_words`] with [`options`]),
/// or the reason it stopped early (Ctrl-C, a limit) as the error: for front ends that answer
/// whole or not at all (Python, the web API).
pub fn whole(words: &[String], to: u64, method: Method, all: bool, settings: &Settings) -> Result<Computed> {
    let c = of_words(words, to, options(method, all, settings), settings)?;
    match c.sequence.stopped.clone() {
        Some(why) => Err(why),
        None => Ok(c),
    }
}

/// The misère sequence of the heap game named by `words`: each heap's misère value and genus,
/// heaps 0..=`to`.
pub fn misere(words: &[String], to: u64, settings: &Settings) -> Result<GenusSeqReport> {
    GenusSeqReport::of(words, to, settings)
}
