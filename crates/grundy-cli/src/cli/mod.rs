//! The command line: parse words, build the game and position through the registry, call the
//! library, render text or JSON. No game logic lives here.
//!
//! Every error is printed as one line on stderr; the exit code says its kind: 0 success, 2 bad
//! input or usage, 3 a limit was reached (`--max-states`, `--max-memory`), 130 interrupted.

mod explain;
mod flags;
mod graph;
mod list;
mod play;
mod plot;
mod position;
mod progress;
mod render;
mod seq;
mod table;
mod verify;
mod wtia;

use clap::{Parser, Subcommand};
use grundy::error::Error;
use grundy::games::Settings;
use grundy::solve::Limits;

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Sprague–Grundy theory for impartial games: nimbers, outcomes, winning moves, sums, sequences",
    after_help = "Run `grundy list` for every built-in game with its position syntax and an example."
)]
struct Cli {
    /// Most positions a search may store before it stops with an error.
    #[arg(long, global = true, value_name = "N", default_value_t = Limits::default().max_states)]
    max_states: usize,
    /// Most memory the process may use (K, M, G, T: powers of 1024), e.g. 512M or 4G; the
    /// default is half of the machine's memory. Above it a computation stops with an error.
    #[arg(long, global = true, value_name = "SIZE")]
    max_memory: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Every built-in game: rules, position syntax, an example.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Nimber, outcome and every winning move of a position: `grundy value nim 10 12 5`.
    Value(Words),
    /// Every move of a position with the value it leads to; winning moves marked.
    Moves(Words),
    /// How the value is derived: each option, its value, the set C of values and its mex; for a
    /// position that splits (several heaps, `--sum 'A' 'B'`), the nim-sum in binary columns.
    Explain(Words),
    /// A disjunctive sum, one quoted game per argument: `grundy sum 'nim 3' 'maze m.txt'`.
    Sum(Words),
    /// Values of one-heap games for heaps 0..N, with the period if one is found:
    /// `grundy seq subtraction --set 1,2,3 --to 40`.
    Seq(Words),
    /// Digraph games: every vertex's value (loopy values on graphs with circuits), a state game
    /// (--start V), pawns (--pawns V1,V2), every g-function (--all-g), Boolean functions
    /// (--boolean): `grundy graph examples/graphs/thesis_ch2.txt`.
    Graph(Words),
    /// Values of a two-parameter family with one or two ranges A..B, and each row's closed form:
    /// `grundy table welter 3 1..16`, `grundy table lattice 0..8 0..8` [--boolean] [--csv|--json].
    Table(Words),
    /// A winner-takes-all sum: w-values (SP, SC or a number), outcome, winning moves:
    /// `grundy wtia 'levels 4,9,3' 'levels 2,5'`.
    Wtia(Words),
    /// Play against a perfect opponent: `grundy play nim 3 4 5 [--first me|computer]`, or a sum:
    /// `grundy play --sum 'nim 3' 'grundy-game 8'`. Type `help` during the game.
    Play(Words),
    /// Pictures as SVG or PNG: `grundy plot seq GAME --to N -o seq.svg`, `grundy plot maze FILE
    /// -o maze.png`, `grundy plot table 'nim {x} {y}' --x 0..15 --y 0..15 -o lattice.svg`.
    Plot(Words),
}

/// The words after the command; options such as `--json` may stand anywhere among them.
#[derive(clap::Args, Debug)]
struct Words {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "GAME ARGS")]
    words: Vec<String>,
}

/// Run the command line; returns the exit code.
pub fn main() -> i32 {
    progress::install_interrupt_handler();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if !e.use_stderr() {
                let _ = e.print(); // --help, --version
                return 0;
            }
            // One line, like every other error: clap's first line names the problem.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            eprintln!(
                "grundy: {}; see `grundy --help`",
                first.trim_start_matches("error: ").trim_end()
            );
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
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => 0,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    eprintln!("grundy: cannot write the output: {e}");
                    2
                }
            }
        }
        Err(e) => {
            eprintln!("grundy: {e}");
            exit_code(&e)
        }
    }
}

/// The exit code of an error: 130 interrupted, 3 a limit reached, 2 anything else.
fn exit_code(e: &Error) -> i32 {
    match e {
        Error::Interrupted => 130,
        e if e.is_limit() => progress::LIMIT_EXIT,
        _ => 2,
    }
}

fn run(cli: Cli) -> Result<String, Error> {
    let mut settings = Settings::default();
    settings.limits.max_states = cli.max_states;
    let memory = match &cli.max_memory {
        Some(size) => grundy::memory::parse_size(size)?,
        None => grundy::memory::default_limit(),
    };
    progress::set_memory_limit(memory);
    settings.limits.control = progress::control();
    match cli.command {
        Command::List { json } => Ok(list::run(json)),
        Command::Value(w) => position::value(w.words, settings),
        Command::Moves(w) => position::moves(w.words, settings),
        Command::Explain(w) => explain::run(w.words, settings),
        Command::Sum(w) => position::sum(w.words, settings),
        Command::Seq(w) => seq::run(w.words, settings),
        Command::Graph(w) => graph::run(w.words, settings),
        Command::Table(w) => table::run(w.words, settings),
        Command::Wtia(w) => wtia::run(w.words, settings),
        Command::Play(w) => play::run(w.words, settings),
        Command::Plot(w) => plot::run(w.words, settings),
    }
}
