//! The command line's grammar: one clap `Args` struct per subcommand, the shared options
//! flattened in, and the step that lets options stand anywhere among the game's words.
//!
//! A command's words mix three kinds of token: the command's own options (`--json`, `--to N`,
//! declared here, so `grundy CMD --help` lists them), the game's words (`nim 10 12 5`) and the
//! game's own parameters (`--set 1,2,3`, `--rules FILE`, `--tt FILE`, `--stats`), which the game
//! parses through the registry and which clap cannot know. [`hoist`] reads clap's own
//! declaration of the chosen subcommand and moves every option it declares (with its value)
//! before the words, which follow a `--`; clap then parses the result. So
//! `grundy value nim 10 12 5 --json` and `grundy seq nim --help` mean what they say, and an
//! option spelled after the game's words is still typed, validated and documented by clap.
//! Shared options written before the subcommand (`grundy --max-states 1000 value ...`) are
//! moved after it. Cost: one pass over the words.

use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Sprague–Grundy theory for impartial games: nimbers, outcomes, winning moves, sums, sequences",
    after_help = "Run `grundy list` for every built-in game with its position syntax and an example; \
                  `grundy CMD --help` for the options of one command."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// What the game's words are, shown under each command that takes a position.
const GAME_WORDS: &str = "GAME ARGS are a game name and its position (`nim 10 12 5`), with the game's own \
                          parameters among them (`subtraction --set 1,2,3 10`, `--rules FILE.rhai 8`, \
                          `cram 5x9 --tt FILE`, `--stats`): see `grundy list`. Options may stand before \
                          or after the game's words.";

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Every built-in game: rules, position syntax, aliases, an example.
    List(ListArgs),
    /// Nimber, outcome and every winning move of a position: `grundy value nim 10 12 5`.
    #[command(after_help = GAME_WORDS)]
    Value(ValueArgs),
    /// Every move of a position with the value it leads to; winning moves marked.
    #[command(after_help = GAME_WORDS)]
    Moves(PositionArgs),
    /// How the value is derived: each option, its value, the set C of values and its mex; for a
    /// position that splits (several heaps, `--sum 'A' 'B'`), the nim-sum in binary columns.
    #[command(after_help = GAME_WORDS)]
    Explain(ExplainArgs),
    /// A disjunctive sum, one quoted game per argument: `grundy sum 'nim 3' 'maze m.txt'`.
    Sum(SumArgs),
    /// Values of one-heap games for heaps 0..N, with the period if one is found:
    /// `grundy seq subtraction --set 1,2,3 --to 40`.
    #[command(after_help = GAME_WORDS)]
    Seq(SeqArgs),
    /// Digraph games: every vertex's value (loopy values on graphs with circuits), a state game
    /// (--start V), pawns (--pawns V1,V2), every g-function (--all-g), Boolean functions
    /// (--boolean): `grundy graph examples/graphs/thesis_ch2.txt`.
    Graph(GraphArgs),
    /// Values of a two-parameter family with one or two ranges A..B (a range may follow a
    /// prefix, as in a board's size 3x3..10), and each row's closed form:
    /// `grundy table welter 3 1..16`, `grundy table lattice 0..8 0..8`, `grundy table cram 3x3..10`.
    Table(TableArgs),
    /// A winner-takes-all sum: w-values (SP, SC or a number), outcome, winning moves:
    /// `grundy wtia 'levels 4,9,3' 'levels 2,5'`.
    Wtia(SumArgs),
    /// Play against a perfect opponent: `grundy play nim 3 4 5 [--first me|computer]`, or a sum:
    /// `grundy play --sum 'nim 3' 'grundy-game 8'`. Type `help` during the game.
    #[command(after_help = GAME_WORDS)]
    Play(PlayArgs),
    /// The misère quotient of a heap game restricted to heaps ≤ N (Plambeck–Siegel), verified:
    /// `grundy quotient 0.75 --to 30 [--heaps 3,5,7]`.
    Quotient(QuotientArgs),
    /// Pictures as SVG or PNG: `grundy plot seq GAME --to N -o seq.svg`, `grundy plot maze FILE
    /// -o maze.png`, `grundy plot table 'nim {x} {y}' --x 0..15 --y 0..15 -o lattice.svg`.
    Plot(PlotArgs),
    /// A completion script for a shell, on stdout: `grundy completions bash > grundy.bash`.
    Completions(CompletionsArgs),
    /// Every game of a family, proved periodic or left open: `grundy census octal:3 --to 10000
    /// --out octal3.csv`; `grundy census merge A.csv B.csv -o ALL.csv` merges shards.
    Census(CensusArgs),
    /// The explorer: a web page and a JSON API on 127.0.0.1 (docs/api.md):
    /// `grundy serve [--port P] [--open]`.
    Serve(ServeArgs),
    /// One hard position as independent tasks, one per class of equal options, printed as the
    /// words of `grundy value` (one line each, nothing valued): `grundy split cram 3x20`; then
    /// `grundy split merge part-*.db -o all.db` merges the tasks' region databases
    /// (docs/distributed.md, "One board over several machines").
    #[command(after_help = GAME_WORDS)]
    Split(SplitArgs),
}

#[derive(Args, Debug, Clone)]
pub struct SplitArgs {
    /// GAME ARGS: the position to split; or `merge FILE...` to merge the tasks' region
    /// databases (with -o).
    #[arg(
        value_name = "GAME ARGS | merge FILE...",
        required = true,
        allow_hyphen_values = true
    )]
    pub words: Vec<String>,
    /// `merge`: the merged region database.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<String>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub limits: Limits,
}

/// `--max-states` and `--max-memory`: how far a computation may go.
#[derive(Args, Debug, Clone)]
pub struct Limits {
    /// Most positions a search may keep (its memo or transposition table): one more stops it
    /// with the state-limit error, exit code 3. It does not size tables (--max-memory does)
    /// [default: 20000000 for the generic solver; none for the Cram, Chomp, Triomino and
    /// coloring searches, whose tables --max-memory bounds].
    #[arg(long, value_name = "N", value_parser = state_count)]
    pub max_states: Option<usize>,
    /// Most memory the process may use (K, M, G, T: powers of 1024, e.g. 512M or 4G); tables
    /// are sized from it, a big table or sequence that cannot fit is refused before it is
    /// allocated, and reaching it exits with code 3 [default: half of the RAM, or 7/8 of the
    /// cgroup memory limit if smaller].
    #[arg(long, value_name = "SIZE", value_parser = size)]
    pub max_memory: Option<u64>,
    /// Threads the engines and the census may use (0: every core; 1: one thread, the single-threaded
    /// engines) [default: 0].
    #[arg(long, value_name = "K", value_parser = jobs)]
    pub jobs: Option<usize>,
}

/// A state count (`--max-states`): a natural number that fits the machine's word.
fn state_count(text: &str) -> Result<usize, grundy::Error> {
    let n = grundy::games::heap::natural(text)?;
    usize::try_from(n).map_err(|_| grundy::Error::Input(format!("{n} is too large")))
}

/// A size of memory (`--max-memory`): `512M`, `4G`, ... ([`grundy::memory::parse_size`]).
fn size(text: &str) -> Result<u64, grundy::Error> {
    grundy::memory::parse_size(text)
}

/// A thread count (`--jobs`): 0 (every core) to 1024.
fn jobs(text: &str) -> Result<usize, grundy::Error> {
    let n = grundy::games::heap::natural(text)?;
    usize::try_from(n)
        .ok()
        .filter(|&j| j <= 1024)
        .ok_or_else(|| grundy::Error::Input(format!("{n}: at most 1024 threads")))
}

/// `--json`: the report as one JSON document (docs/json.md).
#[derive(Args, Debug, Clone)]
pub struct Json {
    /// Print one JSON document instead of text (keys and types: docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// `--verify`: an independent recomputation.
#[derive(Args, Debug, Clone)]
pub struct Verify {
    /// Recompute the answer by an independent method and print the verdict on stderr.
    #[arg(long)]
    pub verify: bool,
}

/// The words of a game and its position.
#[derive(Args, Debug, Clone)]
pub struct GameWords {
    /// The game's name and position, with the game's own parameters (see below).
    #[arg(value_name = "GAME ARGS", allow_hyphen_values = true)]
    pub words: Vec<String>,
}

/// `--misere`: misère play (whoever makes the last move loses).
#[derive(Args, Debug, Clone, Default)]
pub struct Misere {
    /// Misère play: whoever makes the last move LOSES (values are misère Grundy values).
    #[arg(long)]
    pub misere: bool,
}

#[derive(Args, Debug, Clone)]
pub struct QuotientArgs {
    #[command(flatten)]
    pub game: GameWords,
    /// The last heap: the quotient of the game restricted to heaps 0..N.
    #[arg(long, value_name = "N")]
    pub to: Option<String>,
    /// A sum of heaps to decide through the quotient: its outcome and winning moves.
    #[arg(long, value_name = "H,H,...")]
    pub heaps: Option<String>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub limits: Limits,
}

#[derive(Args, Debug, Clone)]
pub struct ListArgs {
    #[command(flatten)]
    pub json: Json,
}

#[derive(Args, Debug, Clone)]
pub struct ValueArgs {
    #[command(flatten)]
    pub game: GameWords,
    /// Stop after the value and the outcome: no winning moves (they can cost more than the
    /// value itself, e.g. on Cram boards).
    #[arg(long)]
    pub no_moves: bool,
    /// Only test whether the value is K ("g = K?"): yes or no, without the value itself. A
    /// nimber-first engine (Cram) asks the options only what that test needs, which can cost
    /// far less than the value (the tasks of a board split over machines).
    #[arg(long, value_name = "K")]
    pub is: Option<u64>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub verify: Verify,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub misere: Misere,
}

#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    #[command(flatten)]
    pub game: GameWords,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub misere: Misere,
}

#[derive(Args, Debug, Clone)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub game: GameWords,
    /// Explain a sum: each word after it is one quoted game (`--sum 'nim 3 4' 'grundy-game 8'`).
    #[arg(long)]
    pub sum: bool,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub misere: Misere,
}

#[derive(Args, Debug, Clone)]
pub struct SumArgs {
    /// The games, one quoted argument each: 'nim 3 4' 'grundy-game 8'.
    #[arg(value_name = "'GAME ARGS'", allow_hyphen_values = true)]
    pub games: Vec<String>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub misere: Misere,
}

/// `seq`'s options of its own (also taken by `plot seq`).
#[derive(Args, Debug, Clone)]
pub struct SeqOptions {
    /// The last heap: values for heaps 0..N.
    #[arg(long, value_name = "N")]
    pub to: Option<String>,
    /// Compute every value even after the period is proved (for checks and benchmarks).
    #[arg(long)]
    pub all: bool,
    /// The take-and-break method: auto (sparse space when it pays), plain or sparse.
    #[arg(long, value_name = "auto|plain|sparse")]
    pub method: Option<String>,
    /// A game written as a Rhai script whose positions are integers, instead of GAME.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<String>,
    /// Save the values so far to FILE every few minutes, on Ctrl-C and at the end, and resume
    /// from it when it exists (take-and-break codes and Grundy's game; a file of other rules
    /// or damaged is refused).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<String>,
    /// With --checkpoint or --store: also save every K heaps.
    #[arg(long, value_name = "K")]
    pub checkpoint_heaps: Option<String>,
    /// Keep the values in FILE (one byte a heap, FILE.index beside it), not in memory: --to
    /// is then bounded by the disk (up to 2^40), and --max-memory bounds only the cache of
    /// pages. The store is its own checkpoint, saved every few minutes, on Ctrl-C and at the
    /// end: the same command resumes a stopped run (take-and-break codes and Grundy's game,
    /// values of 255 and more rare; a store of other rules or damaged is refused).
    #[arg(long, value_name = "FILE", conflicts_with = "checkpoint")]
    pub store: Option<String>,
    /// Write the count of each value among heaps 1..H for every power of two H (and all
    /// heaps) to FILE, `heaps value count` lines, and a summary to stderr: the largest value
    /// and where, the rare heaps of the sparse space, the escaped heaps.
    #[arg(long, value_name = "FILE")]
    pub freq: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct SeqArgs {
    #[command(flatten)]
    pub game: GameWords,
    #[command(flatten)]
    pub seq: SeqOptions,
    /// Write `n,value` lines, to FILE (written whole, then renamed) or to stdout (none or `-`).
    #[arg(long, value_name = "FILE", num_args = 0..=1, require_equals = true)]
    pub csv: Option<Option<String>>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub verify: Verify,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub misere: Misere,
}

#[derive(Args, Debug, Clone)]
pub struct GraphArgs {
    /// The graph file: arcs `u v` per line, DOT, or JSON (see docs/guide.md).
    #[arg(value_name = "FILE", allow_hyphen_values = true)]
    pub words: Vec<String>,
    /// A state game from vertex V: even or odd, and the strategy.
    #[arg(long, value_name = "V")]
    pub start: Option<String>,
    /// Pawns on these vertices (a sum): value, outcome, winning moves.
    #[arg(long, value_name = "V1,V2,...")]
    pub pawns: Option<String>,
    /// Every g-function of the graph (several on graphs with circuits).
    #[arg(long)]
    pub all_g: bool,
    /// Every Boolean Grundy function, with its kernel.
    #[arg(long)]
    pub boolean: bool,
    /// How many functions --all-g or --boolean lists [default: 10].
    #[arg(long, value_name = "K")]
    pub limit: Option<String>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub verify: Verify,
    #[command(flatten)]
    pub limits: Limits,
}

#[derive(Args, Debug, Clone)]
pub struct TableArgs {
    /// The game and its arguments, one or two of them ranges A..B: `welter 3 1..16`.
    #[arg(value_name = "GAME ARGS", allow_hyphen_values = true)]
    pub words: Vec<String>,
    /// The Boolean function (0 where g = 0, 1 elsewhere) instead of g.
    #[arg(long)]
    pub boolean: bool,
    /// Print the table as CSV.
    #[arg(long)]
    pub csv: bool,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub limits: Limits,
}

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameWords,
    /// Play a sum: each word after it is one quoted game (`--sum 'nim 3' 'grundy-game 8'`).
    #[arg(long)]
    pub sum: bool,
    /// Who moves first: me (the default) or computer.
    #[arg(long, value_name = "me|computer")]
    pub first: Option<String>,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub misere: Misere,
}

#[derive(Args, Debug, Clone)]
pub struct PlotArgs {
    /// What to draw and from what: `seq GAME [ARGS]`, `maze FILE [X,Y]` or `table 'GAME {x} {y}'`.
    #[arg(value_name = "KIND ARGS", allow_hyphen_values = true)]
    pub words: Vec<String>,
    /// The picture file: .svg or .png.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<String>,
    /// The picture's size in pixels, WIDTHxHEIGHT (e.g. 900x700).
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// `plot table`: the range of x, A..B [default: 0..15].
    #[arg(long, value_name = "A..B")]
    pub x: Option<String>,
    /// `plot table`: the range of y, A..B [default: 0..15].
    #[arg(long, value_name = "A..B")]
    pub y: Option<String>,
    #[command(flatten)]
    pub seq: SeqOptions,
    #[command(flatten)]
    pub limits: Limits,
}

/// `grundy census FAMILY --to N ...` and `grundy census merge FILE... -o ALL`.
#[derive(Args, Debug, Clone)]
pub struct CensusArgs {
    /// FAMILY: octal:K, octal4:K, hex:K, subtraction:M, cram:R (the Cram boards of R rows, N
    /// columns at most), GAME:FAMILY for a game's own sequence by n (`GAME:grid 3x{n}`,
    /// n = 0..N), a file of codes, or codes separated by commas; or `merge FILE...` to merge
    /// shard outputs (with -o).
    #[arg(value_name = "FAMILY | merge FILE...", required = true)]
    pub words: Vec<String>,
    /// The last heap of every game.
    #[arg(long, value_name = "N")]
    pub to: Option<String>,
    /// Compute every heap up to N even after a game's period is proved.
    #[arg(long)]
    pub all: bool,
    /// Write one line per game to FILE.csv or FILE.jsonl as games finish; an existing file of
    /// the same run is resumed (its games are skipped).
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Run only the share I of N of the family (games whose index is I-1 modulo N).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Write the table as the published tables present it, with a plot: FILE.md or FILE.html.
    #[arg(long, value_name = "FILE")]
    pub report: Option<String>,
    /// `merge`: the merged file (FILE.csv or FILE.jsonl).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<String>,
    /// Add a column: the order of each game's misère quotient at heap min(N, --quotient-to).
    #[arg(long)]
    pub quotient: bool,
    /// The cap of the quotient column's heap (quotients grow costly fast) [default: 10].
    #[arg(long, value_name = "M", requires = "quotient")]
    pub quotient_to: Option<String>,
    /// The work budget of one heap of each quotient (proof states and candidates' elements); a
    /// quotient that outgrows it stops at the heap before, named as still growing
    /// [default: 250000].
    #[arg(long, value_name = "N", requires = "quotient")]
    pub quotient_states: Option<String>,
    /// cram:R: the region database file to start from and add to after every board (the
    /// same file as `grundy value cram RxC --table FILE`).
    #[arg(long, value_name = "FILE")]
    pub table: Option<String>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub limits: Limits,
}

#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `grundy serve`: where to listen and each request's limits.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1", value_name = "IP")]
    pub host: String,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    pub open: bool,
    /// Longest time one request may compute, in seconds [default: 20].
    #[arg(long, value_name = "SECONDS")]
    pub max_time: Option<String>,
    /// Most positions one request may keep [default: 2000000]; --max-memory: the process's;
    /// --jobs: requests computed at once, further ones answered 503 (busy) [default: one per core].
    #[command(flatten)]
    pub limits: Limits,
}

/// The whole command line's clap description: a flag given twice counts once, as before.
pub fn command() -> clap::Command {
    let mut cmd = <Cli as clap::CommandFactory>::command();
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, |s| s.args_override_self(true));
    }
    cmd
}

/// Parse a command line (options anywhere among the words, see [`hoist`]).
pub fn parse(argv: Vec<OsString>) -> Result<Cli, clap::Error> {
    // Built once: the command tree of every subcommand is a good part of the start-up time.
    let mut cmd = command();
    let argv = hoist(&cmd, argv);
    let matches = cmd.try_get_matches_from_mut(argv)?;
    <Cli as clap::FromArgMatches>::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

/// Whether a `--csv` value is a file name rather than the next word of the game (`--csv g.csv`
/// but not `--csv 0.07`); `--csv=FILE` is always a file.
fn looks_like_file(w: &str) -> bool {
    w.contains('/') || w.ends_with(".csv") || w.ends_with(".txt") || w == "-"
}

/// How an option of the subcommand is written and whether it takes a value.
struct Known {
    long: String,
    /// Takes a value: always (`Some(false)`), optionally (`Some(true)`), never (`None`).
    value: Option<bool>,
}

/// The options `cmd` declares, found by a long name (`json`) or a short one (`o`).
fn known(cmd: &clap::Command, token: &str) -> Option<Known> {
    let (name, short) = match token.strip_prefix("--") {
        Some(long) => (long.split_once('=').map_or(long, |(n, _)| n), false),
        None => (token.strip_prefix('-')?, true),
    };
    if name.is_empty() {
        return None;
    }
    if name == "help" || (short && name == "h") {
        return Some(Known {
            long: "help".into(),
            value: None,
        });
    }
    let arg = cmd.get_arguments().find(|a| {
        if short {
            name.chars().count() == 1 && a.get_short() == name.chars().next()
        } else {
            a.get_long() == Some(name)
        }
    })?;
    let long = arg.get_long()?.to_string();
    let value = if !arg.get_action().takes_values() {
        None
    } else {
        Some(arg.get_num_args().is_some_and(|n| n.min_values() == 0))
    };
    Some(Known { long, value })
}

/// The command line with the options of the chosen subcommand moved before its words (as
/// `--name=value`) and the words after `--` (see the module docs).
/// `top` is the command tree ([`command`]), built once by the caller.
pub fn hoist(top: &clap::Command, argv: Vec<OsString>) -> Vec<OsString> {
    let mut it = argv.into_iter();
    let Some(program) = it.next() else {
        return vec![];
    };
    let rest: Vec<OsString> = it.collect();
    // The subcommand: the first word that names one; the words before it are options.
    // `grundy help CMD` is clap's own.
    let Some(at) = rest
        .iter()
        .position(|w| {
            w.to_str()
                .is_some_and(|w| w == "help" || top.find_subcommand(w).is_some())
        })
        .filter(|&at| rest[at] != "help")
    else {
        return std::iter::once(program).chain(rest).collect();
    };
    let before = &rest[..at];
    let name = rest[at].to_str().unwrap_or_default().to_string();
    let sub = top.find_subcommand(&name).expect("found above");
    // `grundy --help value` or `grundy -V ...`: top-level requests stay as they are.
    if before
        .iter()
        .any(|w| matches!(w.to_str(), Some("--help" | "-h" | "--version" | "-V")))
    {
        return std::iter::once(program).chain(rest).collect();
    }
    let words: Vec<String> = match before
        .iter()
        .chain(&rest[at + 1..])
        .map(|w| w.to_str())
        .collect::<Option<Vec<&str>>>()
    {
        Some(words) => words.into_iter().map(str::to_string).collect(),
        // A word that is not Unicode: leave the line to clap, which says so.
        None => return std::iter::once(program).chain(rest).collect(),
    };
    let mut options: Vec<String> = Vec::new();
    let mut plain: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        i += 1;
        if w == "--" {
            plain.extend(words[i..].iter().cloned());
            break;
        }
        let Some(k) = known(sub, w).filter(|_| w.starts_with('-') && w.len() > 1) else {
            plain.push(w.clone());
            continue;
        };
        let inline = w.split_once('=').map(|(_, v)| v.to_string());
        match k.value {
            None => options.push(format!("--{}", k.long)),
            Some(_) if inline.is_some() => options.push(format!("--{}={}", k.long, inline.unwrap_or_default())),
            Some(true) => match words.get(i) {
                Some(v) if !v.starts_with("--") && looks_like_file(v) => {
                    options.push(format!("--{}={v}", k.long));
                    i += 1;
                }
                _ => options.push(format!("--{}", k.long)),
            },
            Some(false) => match words.get(i) {
                Some(v) => {
                    options.push(format!("--{}={v}", k.long));
                    i += 1;
                }
                // Left to clap, which says the value is missing.
                None => options.push(format!("--{}", k.long)),
            },
        }
    }
    let mut out: Vec<OsString> = vec![program, name.into()];
    out.extend(options.into_iter().map(OsString::from));
    if !plain.is_empty() {
        out.push("--".into());
        out.extend(plain.into_iter().map(OsString::from));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(words: &str) -> Vec<String> {
        let argv = std::iter::once("grundy")
            .chain(words.split(' '))
            .map(OsString::from)
            .collect();
        hoist(&command(), argv)
            .into_iter()
            .map(|w| w.into_string().unwrap())
            .collect()
    }

    #[test]
    fn options_after_the_game_words_move_before_them() {
        assert_eq!(
            line("value nim 10 12 5 --json"),
            ["grundy", "value", "--json", "--", "nim", "10", "12", "5"]
        );
        assert_eq!(
            line("seq subtraction --set 1,2,3 --to 40"),
            ["grundy", "seq", "--to=40", "--", "subtraction", "--set", "1,2,3"]
        );
        assert_eq!(
            line("--max-states 1000 value wythoff 2 2"),
            ["grundy", "value", "--max-states=1000", "--", "wythoff", "2", "2"]
        );
    }

    #[test]
    fn an_optional_value_is_taken_only_when_it_names_a_file() {
        assert_eq!(line("seq 0.07 --csv g.csv --to 9")[2..4], ["--csv=g.csv", "--to=9"]);
        assert_eq!(line("seq --csv 0.07 --to 9")[2..5], ["--csv", "--to=9", "--"]);
    }

    #[test]
    fn help_anywhere_is_the_command_s_help_and_short_options_are_known() {
        assert_eq!(line("seq nim --help"), ["grundy", "seq", "--help", "--", "nim"]);
        assert_eq!(line("plot maze m.txt -o m.png")[2], "--output=m.png");
    }

    /// The words of a shell command line: blanks separate, single or double quotes group.
    fn shell_words(line: &str) -> Vec<String> {
        let (mut words, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
        for c in line.chars() {
            match (quote, c) {
                (None, '\'' | '"') => (quote, any) = (Some(c), true),
                (Some(q), c) if c == q => quote = None,
                (None, c) if c.is_whitespace() => {
                    if any {
                        words.push(std::mem::take(&mut word));
                    }
                    any = false;
                }
                (_, c) => {
                    word.push(c);
                    any = true;
                }
            }
        }
        if any {
            words.push(word);
        }
        words
    }

    /// Every `grundy ...` command line of the README's and the guide's code blocks.
    fn documented_lines() -> Vec<String> {
        let mut out = Vec::new();
        for doc in [
            include_str!("../../../../README.md"),
            include_str!("../../../../docs/guide.md"),
        ] {
            let mut pending = String::new();
            for line in doc.lines() {
                let line = line.trim_start().trim_start_matches("$ ");
                let line = line
                    .strip_prefix("cargo run --release -- ")
                    .map_or(line.to_string(), |l| format!("grundy {l}"));
                if pending.is_empty() && !line.starts_with("grundy ") {
                    continue;
                }
                // A comment starts with ` #` outside quotes (none of the commands quote a `#`).
                let code = line.split(" #").next().unwrap_or("").trim_end();
                match code.strip_suffix('\\') {
                    Some(head) => pending.push_str(head),
                    None => {
                        pending.push_str(code);
                        out.push(std::mem::take(&mut pending));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn every_documented_command_line_parses() {
        let lines = documented_lines();
        assert!(lines.len() >= 60, "{} lines", lines.len());
        for l in lines {
            let words = shell_words(&l);
            let argv = hoist(&command(), words.iter().map(OsString::from).collect());
            // Pipes and redirections are the shell's: cut them off.
            let argv: Vec<OsString> = argv
                .into_iter()
                .take_while(|w| !matches!(w.to_str(), Some("|" | ">")))
                .collect();
            let parsed = command()
                .try_get_matches_from(&argv)
                .map(|_| ())
                .or_else(|e| match e.kind() {
                    clap::error::ErrorKind::DisplayHelp => Ok(()),
                    _ => Err(e),
                });
            assert!(parsed.is_ok(), "`{l}` does not parse: {argv:?}: {parsed:?}");
        }
    }

    #[test]
    fn clap_s_help_command_is_left_alone() {
        assert_eq!(line("help seq"), ["grundy", "help", "seq"]);
    }

    #[test]
    fn every_line_parses() {
        for l in [
            "value nim 10 12 5 --json --verify --max-states 100",
            "seq grundy-game --to 100 --all --csv out.csv",
            "graph g.txt --all-g --limit 3",
            "plot seq kayles --to 40 -o k.svg --size 900x700",
            "completions fish",
            "seq kayles --to 5 --all --all",
        ] {
            let argv = std::iter::once("grundy")
                .chain(l.split(' '))
                .map(OsString::from)
                .collect();
            assert!(parse(argv).is_ok(), "{l}");
        }
    }
}
