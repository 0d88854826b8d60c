//! The command line: parse the words with clap (one `Args` struct per subcommand, in `args`),
//! build the game and position through the registry, call the library for a report
//! ([`grundy::report`]), print it as JSON or render it as text. No game logic lives here.
//!
//! Every error is printed as one line on stderr; the exit code says its kind: 0 success, 2 bad
//! input or usage, 3 a limit was reached (`--max-states`, `--max-memory`), 130 interrupted.

mod args;
mod census;
mod explain;
mod graph;
mod list;
mod misere;
mod play;
mod plot;
mod position;
mod progress;
mod render;
mod seq;
mod split;
mod table;
mod verify;
mod wtia;

use args::{Cli, Command, Limits};
use grundy::error::Error;
use grundy::settings::Settings;

/// Run the command line; returns the exit code.
pub fn main() -> i32 {
    progress::install_interrupt_handler();
    let cli = match args::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(e) => {
            if !e.use_stderr() {
                // --help, --version: a failed write (`> /dev/full`) is an error as for every
                // other output; a closed pipe is not.
                use std::io::Write;
                return match e.print().and_then(|()| std::io::stdout().flush()) {
                    Ok(()) => 0,
                    Err(w) if w.kind() == std::io::ErrorKind::BrokenPipe => 0,
                    Err(w) => {
                        eprintln!("grundy: cannot write the output: {w}");
                        2
                    }
                };
            }
            eprintln!("grundy: {}", usage_error(&e));
            return 2;
        }
    };
    let result = run(cli);
    progress::clear();
    match result {
        Ok(text) => {
            // A closed pipe (`grundy ... | head`) ends the output quietly; any other failed
            // write (a full disk, `> /dev/full`) is an error.
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            // In pieces, so an answer of hundreds of megabytes (every move of a heap of 10^8)
            // going to a slow terminal stops on Ctrl-C like the work before it.
            let mut written = Ok(());
            for piece in text.as_bytes().chunks(1 << 20) {
                if progress::interrupted() {
                    eprintln!("grundy: {}", Error::Interrupted);
                    return exit_code(&Error::Interrupted);
                }
                written = out.write_all(piece);
                if written.is_err() {
                    break;
                }
            }
            match written.and_then(|()| out.flush()) {
                Ok(()) => 0,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    eprintln!("grundy: cannot write the output: {e}");
                    2
                }
            }
        }
        Err(e) => {
            let note = ERROR_NOTE.lock().map(|mut n| n.take()).unwrap_or_default();
            let hint = limit_hint(&e);
            match note {
                Some(note) => eprintln!("grundy: {e}{hint}; {note}"),
                None => eprintln!("grundy: {e}{hint}"),
            }
            exit_code(&e)
        }
    }
}

/// What a command that fails after writing part of its answer adds to the error's line (`seq`
/// stopped by Ctrl-C or the memory limit: which values were written), so every error is still
/// one line on stderr.
static ERROR_NOTE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Append `note` to the line that reports the error the command is about to return.
pub(crate) fn note_on_error(note: String) {
    if let Ok(mut n) = ERROR_NOTE.lock() {
        *n = Some(note);
    }
}

/// The exit code of an error: 130 interrupted, 3 a limit reached, 2 anything else.
/// How the command line raises the limit an error reached (the library's message names none).
/// A memory limit that is the share of the process's address-space limit (`ulimit -v`) cannot
/// be raised with `--max-memory`: the hint says which limit it is.
pub(crate) fn limit_hint(e: &Error) -> &'static str {
    match (e.limit(), e) {
        (Some(grundy::error::Limit::States), _) => "; raise it with --max-states",
        (Some(grundy::error::Limit::Memory), Error::MemoryLimit(bytes))
            if grundy::memory::is_address_space_share(*bytes) =>
        {
            " (7/8 of the process's address-space limit, `ulimit -v`)"
        }
        (Some(grundy::error::Limit::Memory), _) => "; raise it with --max-memory SIZE, e.g. --max-memory 8G",
        (None, _) => "",
    }
}

fn exit_code(e: &Error) -> i32 {
    match e {
        Error::Interrupted => 130,
        e if e.is_limit() => progress::LIMIT_EXIT,
        _ => 2,
    }
}

/// A clap error as one line, like every other error: clap's first line names the problem; a
/// missing value reads `--name needs a value`.
fn usage_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() == ErrorKind::InvalidValue
        && let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg)
        && matches!(e.get(ContextKind::InvalidValue), Some(ContextValue::String(v)) if v.is_empty())
    {
        let name = arg.split([' ', '=']).next().unwrap_or(arg);
        return format!("{name} needs a value");
    }
    if e.kind() == ErrorKind::ValueValidation
        && let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg)
        && let Some(source) = std::error::Error::source(e)
    {
        let name = arg.split([' ', '=']).next().unwrap_or(arg);
        return format!("{name} {source}");
    }
    if e.kind() == ErrorKind::MissingRequiredArgument
        && let Some(ContextValue::Strings(args)) = e.get(ContextKind::InvalidArg)
    {
        return format!("{} is required; see `grundy --help`", args.join(", "));
    }
    let text = e.render().to_string();
    let first = text.lines().next().unwrap_or("bad arguments");
    format!(
        "{}; see `grundy --help`",
        first.trim_start_matches("error: ").trim_end()
    )
}

/// The settings of `--max-states` and `--max-memory` (the memory limit is set for the process).
fn settings(limits: &Limits) -> Result<Settings, Error> {
    let mut settings = Settings::default();
    if let Some(n) = limits.max_states {
        settings.max_states = n;
        settings.max_table_states = n;
    }
    if let Some(jobs) = limits.jobs {
        settings.jobs = jobs;
    }
    let memory = limits.max_memory.unwrap_or_else(grundy::memory::default_limit);
    progress::set_memory_limit(memory);
    settings.control = progress::control();
    Ok(settings)
}

fn run(cli: Cli) -> Result<String, Error> {
    match cli.command {
        Command::List(a) => Ok(list::run(a.json.json)),
        Command::Value(a) => {
            let settings = settings(&a.limits)?;
            if let Some(k) = a.is {
                return position::test(&a.game.words, k, a.json.json, a.misere.misere, settings);
            }
            position::value(
                &a.game.words,
                a.json.json,
                a.verify.verify,
                a.misere.misere,
                a.no_moves,
                settings,
            )
        }
        Command::Moves(a) => position::moves(&a.game.words, a.json.json, a.misere.misere, settings(&a.limits)?),
        Command::Explain(a) => explain::run(&a.game.words, a.sum, a.json.json, a.misere.misere, settings(&a.limits)?),
        Command::Sum(a) => position::sum(&a.games, a.json.json, a.misere.misere, settings(&a.limits)?),
        Command::Seq(a) => {
            let settings = settings(&a.limits)?;
            if a.misere.misere {
                return misere::seq(&a.game.words, &a.seq, a.json.json, a.csv.is_some(), settings);
            }
            seq::run(&a.game.words, &a.seq, a.csv, a.json.json, a.verify.verify, settings)
        }
        Command::Graph(a) => {
            let settings = settings(&a.limits)?;
            graph::run(&a, settings)
        }
        Command::Table(a) => {
            let settings = settings(&a.limits)?;
            table::run(&a.words, a.json.json, a.csv, a.boolean, settings)
        }
        Command::Quotient(a) => {
            let settings = settings(&a.limits)?;
            misere::quotient(
                &a.game.words,
                a.to.as_deref(),
                a.heaps.as_deref(),
                a.json.json,
                settings,
            )
        }
        Command::Wtia(a) => wtia::run(&a.games, a.json.json, a.misere.misere, settings(&a.limits)?),
        Command::Play(a) => {
            let settings = settings(&a.limits)?;
            play::run(&a.game.words, a.sum, a.misere.misere, a.first.as_deref(), settings)
        }
        Command::Plot(a) => {
            let settings = settings(&a.limits)?;
            plot::run(&a, settings)
        }
        Command::Completions(a) => Ok(completions(a.shell)),
        Command::Census(a) => {
            let settings = settings(&a.limits)?;
            census::run(&a, settings)
        }
        Command::Split(a) => split::run(&a, settings(&a.limits)?),
        Command::Serve(a) => serve(&a),
    }
}

/// `grundy serve`: the web explorer (crate `grundy-web`) until Ctrl-C or SIGTERM.
fn serve(a: &args::ServeArgs) -> Result<String, Error> {
    let mut limits = grundy_web::ServerLimits::default();
    let settings = settings(&a.limits)?;
    if a.limits.max_states.is_some() {
        limits.max_states = settings.max_states;
    }
    if let Some(size) = a.limits.max_memory {
        limits.max_memory = size;
    }
    if let Some(t) = &a.max_time {
        let s = grundy::games::heap::parse_natural(t, "--max-time")?.max(1);
        limits.max_time = std::time::Duration::from_secs(s);
    }
    // --jobs K: computations at once (0, the default: one per core).
    if a.limits.jobs.is_some() && settings.jobs != 0 {
        limits.jobs = settings.jobs;
    }
    let stop = settings.control.cancel_token().clone();
    grundy_web::run(&a.host, a.port, a.open, limits, stop.clone()).map_err(Error::Input)?;
    // Served until Ctrl-C (or SIGTERM): exit code 130, as every interrupted command.
    if stop.is_cancelled() {
        return Err(Error::Interrupted);
    }
    Ok(String::new())
}

/// `grundy completions SHELL`: clap_complete's script for the whole command line.
fn completions(shell: clap_complete::Shell) -> String {
    let mut cmd = args::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "grundy", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}
