//! `grundy seq GAME [RULES] --to N [--json | --csv [FILE]]`: the values of a one-heap game for
//! heaps 0..N, and the period (preperiod, saltus) with whether and how it is proved.
//!
//! Options: `--method auto|plain|sparse` (take-and-break codes; auto picks the sparse space
//! method when it pays), `--all` (compute every value even after the period is proved, for
//! checks and benchmarks). Output is streamed: `--csv FILE` writes a file, `--json` and text go
//! to stdout; the text table is printed for N ≤ 10000, a summary beyond. `--csv` to stdout is
//! written while the values are computed (the engine's [`Event::Values`], [`Stream`]), so a
//! reader sees the first rows at once, and a reader that closes the pipe (`| head -1`) stops the
//! computation at once.
//!
//! Text, CSV and JSON are rendered from one [`SeqReport`], whose values are a view of the
//! computed sequence (`Values`): they are read from it as they are written, never copied (a
//! sequence may hold 10^8 values), and Ctrl-C stops the writing to stdout. A run stopped by
//! Ctrl-C or the memory limit writes the report of the values computed so far.
//!
//! Cost: the sequence's (see [`grundy::solve::heap_sequence`]); writing is linear in N.

use super::args::SeqOptions;
use grundy::control::Event;
use grundy::error::{Error, Result};
use grundy::games;
use grundy::report::{Natural, SeqReport};
use grundy::settings::Settings;
use grundy::solve::frequency::Frequencies;
use grundy::solve::heap_sequence::{PeriodProof, Sequence, sequence};
use grundy::solve::take_break::{CheckpointFile, MAX_HEAPS, Method, Options, StoreFile};
use serde::ser::{Error as _, Serialize, SerializeSeq, Serializer};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Largest N whose whole table is printed as text.
const TEXT_TABLE_UP_TO: u64 = 10_000;

pub fn run(
    words: &[String],
    opts: &SeqOptions,
    csv: Option<Option<String>>,
    json: bool,
    verify: bool,
    settings: Settings,
) -> Result<String> {
    run_with(words, opts, csv, json, verify, settings, false)
}

/// The `seq --json` document as a string (for `plot seq`), instead of streamed to stdout.
pub fn json_document(words: &[String], opts: &SeqOptions, settings: Settings) -> Result<String> {
    run_with(words, opts, None, true, false, settings, true)
}

fn run_with(
    words: &[String],
    opts: &SeqOptions,
    csv: Option<Option<String>>,
    json: bool,
    verify: bool,
    settings: Settings,
    capture: bool,
) -> Result<String> {
    let all = opts.all;
    let method: Method = match opts.method.as_deref() {
        None => Method::Auto,
        Some(m) => m
            .parse()
            .map_err(|_| Error::Input(format!("unknown --method `{m}`: accepted are auto, plain, sparse")))?,
    };
    let Some(to) = opts.to.as_deref() else {
        return Err(Error::Input("seq needs the last heap: --to N".into()));
    };
    let to = grundy::games::heap::parse_natural(to, "--to")?;
    if json && csv.is_some() {
        return Err(Error::Input("choose one of --json and --csv".into()));
    }
    if opts.checkpoint_heaps.is_some() && opts.checkpoint.is_none() && opts.store.is_none() {
        return Err(Error::Input(
            "--checkpoint-heaps needs --checkpoint FILE or --store FILE".into(),
        ));
    }
    let saved = if opts.store.is_some() {
        "--store"
    } else {
        "--checkpoint"
    };
    if (opts.checkpoint.is_some() || opts.store.is_some())
        && (opts.rules.is_some()
            || words
                .first()
                .is_some_and(|w| games::find(w).is_ok_and(|e| e.heap_rules.is_none())))
    {
        return Err(Error::Input(format!(
            "{saved} applies to take-and-break codes and Grundy's game only"
        )));
    }
    if let Some(file) = &opts.rules {
        // A scripted game whose positions are integers: values by the generic solver.
        if to as u128 >= settings.max_states as u128 {
            return Err(Error::SequenceLimit(to, settings.max_states));
        }
        let (values, stopped) = grundy::games::script::integer_values(file, to, &settings)?;
        let mut seq = Sequence::from_values(values, &PeriodProof::None, "generic solver over the script's rules")?;
        let title = format!("--rules {file}");
        if let Some(why) = stopped {
            seq.period = None;
            return stopped_early(&title, &seq, why, csv, json, capture, 0);
        }
        return output(&title, &seq, csv, json, capture, 0);
    }
    let every_heaps = match &opts.checkpoint_heaps {
        None => None,
        Some(k) => {
            let k = grundy::games::heap::parse_natural(k, "--checkpoint-heaps")?;
            if k == 0 {
                return Err(Error::Input("--checkpoint-heaps must be at least 1".into()));
            }
            Some(k)
        }
    };
    let checkpoint = opts.checkpoint.as_ref().map(|file| CheckpointFile {
        every_heaps,
        ..CheckpointFile::new(file)
    });
    let store = match &opts.store {
        None => None,
        Some(file) => Some(store_file(file, every_heaps)?),
    };
    if store.is_none() && to > MAX_HEAPS && take_break_words(words, to) {
        // The library refuses: it names no option, this says which.
        super::note_on_error("keep the values on disk with --store FILE (up to 2^40 heaps)".into());
    }
    // CSV to stdout is written as the values come (not with --verify: checked first).
    let to_stdout = matches!(&csv, Some(None)) || matches!(&csv, Some(Some(f)) if f == "-");
    let stream = (to_stdout && !capture && !verify).then(|| {
        Arc::new(Mutex::new(Stream {
            to,
            ..Stream::default()
        }))
    });
    let mut control = settings.control.clone();
    if let Some(stream) = &stream {
        let outer = control.clone();
        let stream = Arc::clone(stream);
        control = outer.quiet().with_values().with_observer(move |e: &Event| match e {
            Event::Values { first, values } => {
                let mut s = stream.lock().unwrap_or_else(|e| e.into_inner());
                if s.write(*first, values).is_err() {
                    // A closed pipe or a full disk: the rest is not wanted, stop the engine.
                    outer.cancel_token().cancel();
                }
            }
            other => outer.send(other.clone()),
        });
    }
    let options = Options {
        method,
        stop_when_proved: !all,
        control,
        jobs: settings.jobs,
        checkpoint,
        store,
    };
    let computed = grundy::query::seq::of_words(words, to, options, &settings)?;
    let seq = computed.sequence;
    let from = match stream.map(|s| std::mem::take(&mut *s.lock().unwrap_or_else(|e| e.into_inner()))) {
        Some(Stream { failed: Some(e), .. }) => return quiet_on_closed_pipe(Err(e)).map(|()| String::new()),
        Some(s) => s.next,
        None => 0,
    };
    let Some(rules) = computed.rules else {
        return output(&computed.title, &seq, csv, json, capture, from);
    };
    if let Some(why) = seq.stopped.clone() {
        return stopped_early(&computed.title, &seq, why, csv, json, capture, from);
    }
    if verify {
        let values: Vec<u64> = (0..=to).map(|n| seq.get(n)).collect();
        eprintln!(
            "grundy: {}",
            verify_sequence(&words[0], &words[1..], rules.as_ref(), &values, &seq, &settings)?
        );
    }
    if let Some(file) = &opts.freq {
        eprintln!("grundy: {}", frequencies(&computed.title, &seq, to, file, &settings)?);
    }
    let written = output(&computed.title, &seq, csv, json, capture, from)?;
    // A value store read back wrong while writing (a page changed on the disk): the output is
    // refused.
    match seq.read_failure() {
        Some(e) => Err(e),
        None => Ok(written),
    }
}

/// Whether `words` name a take-and-break code or Grundy's game (the engine of `--store`).
fn take_break_words(words: &[String], to: u64) -> bool {
    let Some((name, rest)) = words.split_first() else {
        return false;
    };
    games::find(name)
        .ok()
        .and_then(|e| e.heap_rules)
        .and_then(|make| make(name, rest, to).ok())
        .is_some_and(|r| r.take_break().is_some())
}

/// The value store of `--store FILE`: pages of 2^20 heaps, the cache from `--max-memory`.
/// Hidden, for tests: `GRUNDY_STORE_PAGE` (heaps a page of a new store, a power of two of at
/// least 4096) and `GRUNDY_STORE_CACHE_PAGES` (pages the cache holds), so that short runs cross
/// many pages and evict them.
fn store_file(file: &str, every_heaps: Option<u64>) -> Result<StoreFile> {
    let mut store = StoreFile {
        every_heaps,
        ..StoreFile::new(file)
    };
    let number = |name: &str| -> Result<Option<usize>> {
        match std::env::var(name) {
            Err(_) => Ok(None),
            Ok(v) => v
                .parse()
                .map(Some)
                .map_err(|_| Error::Input(format!("{name} must be a number, not `{v}`"))),
        }
    };
    if let Some(page) = number("GRUNDY_STORE_PAGE")? {
        store.page = page;
    }
    store.cache_pages = number("GRUNDY_STORE_CACHE_PAGES")?;
    Ok(store)
}

/// `--freq FILE`: the frequency table of g(0..=to) written to `file`, and the summary line.
fn frequencies(title: &str, seq: &Sequence, to: u64, file: &str, settings: &Settings) -> Result<String> {
    let f = Frequencies::of(to, |n| seq.get(n), &settings.control)?;
    let text = f.table_text(&format!("grundy seq {title} --to {to} --freq"));
    grundy::files::write_atomic(std::path::Path::new(file), text.as_bytes(), "the frequency table")?;
    let rare = match &f.rare {
        Some(r) => format!(
            "{} rare heaps for the mask {:#x}{} (last at {})",
            r.count,
            r.mask,
            if r.twisted { " twisted by parity" } else { "" },
            r.last.map_or("none".into(), |a| a.to_string())
        ),
        None => "no rare heaps".into(),
    };
    Ok(format!(
        "frequencies of heaps 1..{to} written to {file}: largest value {} first at heap {}; {rare}; {} escaped heaps (values kept beside the one-byte store)",
        f.largest,
        f.largest_at,
        seq.escaped_heaps()
    ))
}

/// CSV rows written to stdout as the engine sends its values ([`Event::Values`]): `to` is the
/// last heap asked (the engine may compute further to prove a period), `next` the first heap
/// not yet written (the header is written before heap 0); `failed` the write error that stopped
/// the stream (a closed pipe, a full disk).
#[derive(Default)]
struct Stream {
    to: u64,
    next: u64,
    failed: Option<std::io::Error>,
}

impl Stream {
    /// Write the rows of heaps `first..first + values.len()` (those not written yet) and flush
    /// them, so the reader has them now.
    fn write(&mut self, first: u64, values: &[u64]) -> std::io::Result<()> {
        if self.failed.is_some() || first > self.next {
            return Ok(());
        }
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        let written = (|| {
            if self.next == 0 && !values.is_empty() {
                writeln!(out, "n,value")?;
            }
            for (n, v) in (first..).zip(values) {
                if n > self.to {
                    break;
                }
                if n >= self.next {
                    writeln!(out, "{n},{v}")?;
                    self.next = n + 1;
                }
            }
            out.flush()
        })();
        if let Err(e) = written {
            let kind = e.kind();
            self.failed = Some(e);
            return Err(kind.into());
        }
        Ok(())
    }
}

/// `--verify`: the values again by an independent method (see [`grundy::solve::verify`]): a
/// code computed by sparse space against the plain take-and-break method; a code computed by
/// the plain method against the generic mex over the rules' options; other heap games against
/// their closed formula, or else against the generic solver on each heap.
fn verify_sequence(
    name: &str,
    rest: &[String],
    rules: &dyn grundy::games::heap::HeapRules,
    values: &[u64],
    seq: &Sequence,
    settings: &Settings,
) -> Result<String> {
    use grundy::solve::verify::check_sequence;
    let to = values.len() as u64 - 1;
    if rules.take_break().is_some() {
        if seq.method.starts_with("sparse") {
            let options = Options {
                method: Method::Plain,
                stop_when_proved: false,
                control: settings.control.clone(),
                jobs: settings.jobs,
                checkpoint: None,
                store: None,
            };
            let plain = sequence(rules, to, options)?;
            let again: Vec<u64> = (0..=to).map(|n| plain.get(n)).collect();
            return check_sequence(values, &again, "sparse space against the plain take-and-break method");
        }
        let generic = grundy::solve::heap_sequence::plain_values(rules, to, &settings.control)?;
        let again: Vec<u64> = generic.iter().map(|v| v.0).collect();
        return check_sequence(
            values,
            &again,
            "the take-and-break engine against mex over every option",
        );
    }
    if let Some(formula) = (0..=to)
        .map(|n| rules.heap_formula(n).map(|v| v.0))
        .collect::<Option<Vec<u64>>>()
    {
        return check_sequence(values, &formula, "the plain sequence against the closed formula");
    }
    let mut again = Vec::with_capacity(values.len());
    for n in 0..=to {
        let mut words: Vec<String> = std::iter::once(name.to_string()).chain(rest.iter().cloned()).collect();
        words.push(n.to_string());
        match games::build(&words, settings).and_then(|p| p.value()) {
            Ok(v) => again.push(v.finite().map_or(u64::MAX, |v| v.0)),
            // Heaps the game does not accept as a position (state 0 of divisors) are skipped.
            Err(grundy::Error::Input(_)) if n == 0 => again.push(values[0]),
            Err(e) => return Err(e),
        }
    }
    check_sequence(
        values,
        &again,
        "the plain sequence against the generic solver on each heap",
    )
}

/// Ctrl-C or the memory limit stopped the computation (`why`, from the library): the values
/// computed so far are written as usual (text, JSON or CSV, complete and valid), the error's
/// line on stderr says so, and `why` is the error (Ctrl-C: exit code 130; the memory limit: 3).
fn stopped_early(
    game: &str,
    seq: &Sequence,
    why: Error,
    csv: Option<Option<String>>,
    json: bool,
    capture: bool,
    from: u64,
) -> Result<String> {
    let text = output_all(game, seq, csv, json, capture, false, from)?;
    if capture {
        return Err(why);
    }
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    quiet_on_closed_pipe(out.write_all(text.as_bytes()).and_then(|()| out.flush()))?;
    super::note_on_error(format!("the values computed so far, heaps 0..{}, are written", seq.to));
    Err(why)
}

fn output(
    game: &str,
    seq: &Sequence,
    csv: Option<Option<String>>,
    json: bool,
    capture: bool,
    from: u64,
) -> Result<String> {
    output_all(game, seq, csv, json, capture, true, from)
}

/// Render a sequence's report as CSV (to a file or stdout), JSON or text; Ctrl-C stops the
/// writing to stdout if `stoppable`. A CSV file is written whole (to a temporary file, then
/// renamed), so an existing file is replaced only by a complete one. CSV to stdout starts at
/// heap `from` (the rows before were streamed, with the header, while computing).
fn output_all(
    game: &str,
    seq: &Sequence,
    csv: Option<Option<String>>,
    json: bool,
    capture: bool,
    stoppable: bool,
    from: u64,
) -> Result<String> {
    let to_file = matches!(&csv, Some(Some(file)) if file != "-");
    let report = SeqReport::of(
        game,
        seq,
        Values {
            seq,
            stoppable: stoppable && !capture && !to_file,
        },
    );
    match csv {
        Some(Some(file)) if to_file => {
            // A FIFO with no reader is waited for a short while, or until Ctrl-C.
            let cancel = super::progress::cancel();
            grundy::files::write_atomic_until(std::path::Path::new(&file), "the CSV file", cancel, |out| {
                write_csv(&report, out, 0)
            })?;
            Ok(format!(
                "{}\nwrote heaps 0..{} to {file}\n",
                summary(&report),
                report.values.to()
            ))
        }
        Some(_) => {
            quiet_on_closed_pipe(write_csv(
                &report,
                &mut std::io::BufWriter::new(std::io::stdout().lock()),
                from,
            ))?;
            Ok(String::new())
        }
        None if json && capture => {
            let mut buf = Vec::new();
            write_json(&report, &mut buf).map_err(|e| io_error("memory", e))?;
            String::from_utf8(buf).map_err(|_| Error::Unsupported("seq JSON is not UTF-8".into()))
        }
        None if json => {
            quiet_on_closed_pipe(write_json(
                &report,
                &mut std::io::BufWriter::new(std::io::stdout().lock()),
            ))?;
            Ok(String::new())
        }
        None => Ok(text(&report)),
    }
}

/// A reader that stops early (`grundy seq ... --csv | head`) closes the pipe: that ends the
/// output quietly with exit code 0, as for every other command.
pub(super) fn quiet_on_closed_pipe(written: std::io::Result<()>) -> Result<()> {
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| io_error("stdout", e)),
    }
}

fn io_error(what: &str, e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::Interrupted {
        Error::Interrupted
    } else {
        Error::Input(format!("cannot write to {what}: {e}"))
    }
}

/// The values of a report: read from the computed sequence as they are written (no copy of a
/// sequence of 10^8 values); Ctrl-C stops the writing if `stoppable` (only Ctrl-C: after the
/// memory limit, the values so far are written).
struct Values<'a> {
    seq: &'a Sequence,
    stoppable: bool,
}

impl Values<'_> {
    /// The last heap.
    fn to(&self) -> u64 {
        self.seq.to
    }

    /// g(n), n ≤ `to`.
    fn get(&self, n: u64) -> u64 {
        self.seq.get(n)
    }

    /// Checked every 2^16 values: an error once Ctrl-C was pressed, if `stoppable`.
    fn check_interrupt(&self, n: u64) -> std::io::Result<()> {
        if self.stoppable && n & 0xffff == 0 && super::progress::interrupted() {
            return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted"));
        }
        Ok(())
    }
}

/// The values as a JSON list, streamed.
impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut list = s.serialize_seq(Some((self.to() + 1) as usize))?;
        for n in 0..=self.to() {
            self.check_interrupt(n).map_err(S::Error::custom)?;
            list.serialize_element(&Natural(self.get(n)))?;
        }
        list.end()
    }
}

type Report<'a> = SeqReport<Values<'a>>;

/// The CSV rows of heaps `from..=to`, after the header when `from` is 0.
fn write_csv(r: &Report, out: &mut (impl Write + ?Sized), from: u64) -> std::io::Result<()> {
    if from == 0 {
        writeln!(out, "n,value")?;
    }
    let mut row = Vec::with_capacity(48);
    for n in from..=r.values.to() {
        r.values.check_interrupt(n)?;
        row.clear();
        push_decimal(&mut row, n);
        row.push(b',');
        push_decimal(&mut row, r.values.get(n));
        row.push(b'\n');
        out.write_all(&row)?;
    }
    out.flush()
}

/// Append `x` in decimal to `row`: the CSV's rows without the formatting machinery, which was
/// 7 % of `seq 0.167 --to 1048576 --csv /dev/null` on one thread.
fn push_decimal(row: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    row.extend_from_slice(&digits[i..]);
}

/// The report as one JSON document (keys in sorted order).
fn write_json(r: &Report, out: &mut (impl Write + ?Sized)) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, r).map_err(|e| match e.io_error_kind() {
        Some(kind) => std::io::Error::new(kind, e),
        // The only error of `Values` is Ctrl-C.
        None => std::io::Error::new(std::io::ErrorKind::Interrupted, e),
    })?;
    out.write_all(b"\n")?;
    out.flush()
}

fn period_line(r: &Report) -> String {
    match (r.period, r.preperiod, r.saltus, &r.reason) {
        (Some(p), Some(pre), Some(s), Some(reason)) if r.proved => {
            format!("period {}, preperiod {}, saltus {} ({reason})", p.0, pre.0, s.0)
        }
        (Some(p), Some(pre), Some(s), Some(reason)) => {
            format!("{reason}: period {}, preperiod {}, saltus {}", p.0, pre.0, s.0)
        }
        _ => format!(
            "not proved up to {}: no period seen",
            r.values.to().max(r.computed.0.saturating_sub(1))
        ),
    }
}

fn summary(r: &Report) -> String {
    format!(
        "{}: g(0..{})\nmethod: {}\n{}",
        r.game,
        r.values.to(),
        r.method,
        period_line(r)
    )
}

fn text(r: &Report) -> String {
    let to = r.values.to();
    if to > TEXT_TABLE_UP_TO {
        // The largest value computed (the rest, read off a proved period, are not scanned).
        let max = r.values.seq.largest_computed();
        return format!(
            "{}\nlargest value {max}; the table has {} entries: write it with --csv FILE or --json\n",
            summary(r),
            to + 1
        );
    }
    let values: Vec<u64> = (0..=to).map(|n| r.values.get(n)).collect();
    let mut out = format!("{}: g(0..{to})\n", r.game);
    let width = values.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
    let label = to.to_string().len();
    for (row, chunk) in values.chunks(10).enumerate() {
        let cells: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
        out.push_str(&format!("{:>label$}:  {}\n", row * 10, cells.join(" ")));
    }
    out.push_str(&period_line(r));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    /// The CSV's decimal writer against `format!`, on the edges of every digit count.
    #[test]
    fn decimals_equal_the_formatter() {
        let mut row = Vec::new();
        let mut cases = vec![0, u64::MAX];
        let mut p = 1u64;
        while let Some(q) = p.checked_mul(10) {
            cases.extend([p - 1, p, p + 1]);
            p = q;
        }
        for x in cases {
            row.clear();
            super::push_decimal(&mut row, x);
            assert_eq!(String::from_utf8(row.clone()).unwrap(), x.to_string());
        }
    }
}
