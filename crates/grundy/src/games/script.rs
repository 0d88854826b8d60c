//! Rules written without Rust: a [Rhai](https://rhai.rs) script defines a game, and every
//! command (`value`, `moves`, `explain`, `seq`, `play`, `sum`) works on it through the generic
//! solver: `grundy value --rules examples/rules/one_two_three.rhai 10`.
//!
//! The script defines
//! - `fn options(p)` (required): the positions reachable from `p` in one move, as an array;
//! - `fn label(p, q)` (optional): the move from `p` to `q` in the game's notation
//!   (default `p → q`);
//! - `fn show(p)` (optional): how a position is written (default: the value as Rhai prints it);
//! - `fn components(p)` (optional): independent parts whose values nim-add to `p`'s value (an
//!   array of positions; fewer than two means `p` does not split), as for a game that splits a
//!   heap into heaps.
//!
//! Positions are integers, booleans, characters, strings, or arrays of these (nested arrays
//! too). The start position is written after the file as a Rhai expression (`10`, `[3,4]`,
//! `"..#"`); a bare word that is not an expression (no digit, sign, bracket or quote) is taken
//! as a string, and anything else that does not parse is an error. Several words are several
//! positions side by side, a sum valued by nim-sum (`10 7 4` are three heaps; one array
//! `[10,7,4]` is one position, handed to `options` whole).
//!
//! Safety and cost: each call into the script runs under Rhai's limits (operations per call,
//! call depth, expression depth, string and array sizes), so a runaway script stops with an
//! error instead of hanging; the solver's state limit and Ctrl-C bound the search as for every
//! game. Script errors are reported as `FILE line N: message` with exit code 2. The `Game`
//! trait has no error channel in `options`, so the first error is kept in a shared cell and the
//! engine that values the positions (`ScriptEngine`) checks it after every query.
//! A script call costs microseconds, so a scripted game is some hundred times slower than a
//! built-in one: fine for teaching and for trying rules, not for records.
//!
//! Sources, by their names in `docs/sources.md`: \[Rhai\].

use crate::control::Control;
use crate::error::{Error, Result, shorten};
use crate::game::{Game, Move};
use crate::games::args::take_option;
use crate::nimber::Nimber;
use crate::position::{AnyPosition, Engine as PositionEngine, Instance, Sum};
use crate::settings::Settings;
use rhai::{AST, CallFnOptions, Dynamic, Engine, EvalAltResult, Scope};
use std::cell::RefCell;
use std::rc::Rc;

/// Most Rhai operations one call into the script may perform.
pub(crate) const MAX_OPERATIONS: u64 = 5_000_000;

/// A position of a scripted game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pos {
    /// A Rhai integer.
    Int(i64),
    /// A Rhai boolean.
    Bool(bool),
    /// A Rhai character.
    Char(char),
    /// A Rhai string.
    Str(String),
    /// A Rhai array of positions (arrays may nest).
    List(Vec<Pos>),
}

impl Pos {
    fn from_dynamic(d: Dynamic) -> std::result::Result<Pos, String> {
        if let Ok(i) = d.as_int() {
            return Ok(Pos::Int(i));
        }
        if let Ok(b) = d.as_bool() {
            return Ok(Pos::Bool(b));
        }
        if let Ok(c) = d.as_char() {
            return Ok(Pos::Char(c));
        }
        if d.is_string() {
            return Ok(Pos::Str(d.into_string().unwrap_or_default()));
        }
        if d.is_array() {
            let a = d.into_array().unwrap_or_default();
            return a
                .into_iter()
                .map(Pos::from_dynamic)
                .collect::<std::result::Result<_, _>>()
                .map(Pos::List);
        }
        Err(format!(
            "a position must be an integer, boolean, character, string or array of these, not {}",
            d.type_name()
        ))
    }

    fn to_dynamic(&self) -> Dynamic {
        match self {
            Pos::Int(i) => Dynamic::from_int(*i),
            Pos::Bool(b) => Dynamic::from_bool(*b),
            Pos::Char(c) => Dynamic::from_char(*c),
            Pos::Str(s) => Dynamic::from(s.clone()),
            Pos::List(v) => Dynamic::from_array(v.iter().map(Pos::to_dynamic).collect()),
        }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pos::Int(i) => write!(f, "{i}"),
            Pos::Bool(b) => write!(f, "{b}"),
            Pos::Char(c) => write!(f, "{c}"),
            Pos::Str(s) => write!(f, "{s}"),
            Pos::List(v) => {
                let parts: Vec<String> = v.iter().map(|p| p.to_string()).collect();
                write!(f, "[{}]", parts.join(", "))
            }
        }
    }
}

/// A game whose rules are a Rhai script.
pub struct ScriptGame {
    file: String,
    engine: Engine,
    ast: AST,
    has_label: bool,
    has_show: bool,
    has_components: bool,
    /// The first error met while the solver asked for options (it cannot return errors).
    error: Rc<RefCell<Option<Error>>>,
    /// For each part returned by `components`, the position it was split from (to catch a
    /// split that comes back to where it started).
    split_from: RefCell<std::collections::HashMap<Pos, Pos>>,
}

/// `FILE line N: message` for a Rhai error.
fn script_error(file: &str, e: &EvalAltResult) -> Error {
    let inner = e.unwrap_inner();
    let mut message = inner.to_string();
    if let Some(i) = message.rfind(" (line ") {
        message.truncate(i);
    }
    if matches!(inner, EvalAltResult::ErrorTooManyOperations(..)) {
        message = format!(
            "stopped after {MAX_OPERATIONS} operations in one call (a runaway loop?); the rules must answer each call within that limit"
        );
    }
    let pos = inner.position();
    let pos = if pos.is_none() { e.position() } else { pos };
    match pos.line() {
        Some(line) => Error::Input(format!("rules file {file} line {line}: {message}")),
        None => Error::Input(format!("rules file {file}: {message}")),
    }
}

impl ScriptGame {
    /// Compile the rules in `text` (read from `file`, named in errors); the script's `print`
    /// and `debug` output is dropped.
    pub fn new(file: &str, text: &str) -> Result<ScriptGame> {
        Self::with_control(file, text, &Control::default())
    }

    /// As [`ScriptGame::new`], the script's `print` and `debug` output going to the observer
    /// of `control` as [`crate::control::Event::Message`]s.
    pub fn with_control(file: &str, text: &str, control: &Control) -> Result<ScriptGame> {
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(64)
            .set_max_expr_depths(64, 64)
            .set_max_string_size(1 << 20)
            // Rhai re-measures a nested array on every push, so filling one costs its size
            // squared: 2^15 entries keep a runaway loop under a second (found by fuzzing).
            .set_max_array_size(1 << 15)
            .set_max_map_size(1 << 16);
        // `print` and `debug` in a script are diagnostics: messages to the observer (the
        // command line writes them on stderr), never part of the answer.
        let printed = control.clone();
        engine.on_print(move |s| printed.message(s));
        let debugged = control.clone();
        engine.on_debug(move |s, _, pos| debugged.message(format!("debug (line {}): {s}", pos.line().unwrap_or(0))));
        let ast = engine.compile(text).map_err(|e| {
            let message = e.err_type().to_string();
            match e.position().line() {
                Some(line) => Error::Input(format!("rules file {file} line {line}: {message}")),
                None => Error::Input(format!("rules file {file}: {message}")),
            }
        })?;
        let has = |name: &str, arity: usize| ast.iter_functions().any(|f| f.name == name && f.params.len() == arity);
        if !has("options", 1) {
            return Err(Error::Input(format!(
                "rules file {file} defines no `fn options(p)`: it must return the array of positions reachable from p"
            )));
        }
        Ok(ScriptGame {
            file: file.to_string(),
            has_label: has("label", 2),
            has_show: has("show", 1),
            has_components: has("components", 1),
            engine,
            ast,
            error: Rc::new(RefCell::new(None)),
            split_from: RefCell::new(std::collections::HashMap::new()),
        })
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    fn fail(&self, e: Error) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(e);
        }
    }

    fn call(&self, name: &str, args: Vec<Dynamic>) -> Result<Dynamic> {
        let mut scope = Scope::new();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, name, args)
            .map_err(|e| script_error(&self.file, &e))
    }

    /// The positions `fname(p)` returns (an array of positions).
    fn positions(&self, fname: &str, p: &Pos) -> Result<Vec<Pos>> {
        let result = self.call(fname, vec![p.to_dynamic()])?;
        let type_name = result.type_name();
        let Ok(array) = result.into_array() else {
            return Err(Error::Input(format!(
                "rules file {}: {fname}({p}) returned {type_name}; it must return an array of positions",
                self.file
            )));
        };
        array
            .into_iter()
            .map(|d| {
                Pos::from_dynamic(d)
                    .map_err(|m| Error::Input(format!("rules file {}: {fname}({p}) returned {m}", self.file)))
            })
            .collect()
    }

    /// A split of `p` must make it smaller: no part may be `p` itself or a position that `p`
    /// was split from (that split would never end, and the solver would call the game loopy).
    fn check_split(&self, p: &Pos, parts: &[Pos]) -> Result<()> {
        let mut split_from = self.split_from.borrow_mut();
        for q in parts {
            let mut ancestor = Some(p);
            while let Some(a) = ancestor {
                if a == q {
                    let (p_text, q_text) = (shorten(&p.to_string()), shorten(&q.to_string()));
                    let what = if a == p {
                        format!("components({p_text}) returned {p_text} itself as a part")
                    } else {
                        format!(
                            "components({p_text}) returned the part {q_text}, but {p_text} came from splitting {q_text}"
                        )
                    };
                    return Err(Error::Input(format!(
                        "rules file {}: {what}: components must split a position into smaller independent positions",
                        self.file
                    )));
                }
                ancestor = split_from.get(a);
            }
        }
        for q in parts {
            split_from.entry(q.clone()).or_insert_with(|| p.clone());
        }
        Ok(())
    }

    /// The options of `p`, without repeats, in the script's order.
    pub(crate) fn try_options(&self, p: &Pos) -> Result<Vec<Pos>> {
        let mut out = self.positions("options", p)?;
        let mut seen = std::collections::HashSet::new();
        out.retain(|q| seen.insert(q.clone()));
        Ok(out)
    }

    /// Parse one word of the start position: a Rhai expression, or a bare word taken as a
    /// string. A word that looks like an expression (a digit, sign, bracket, brace,
    /// parenthesis, quote or comma in it) but does not parse is an error, not a string.
    pub fn parse_word(&self, w: &str) -> Result<Pos> {
        match self.engine.eval_expression::<Dynamic>(w) {
            Ok(d) => Pos::from_dynamic(d).map_err(|m| Error::Input(format!("start position `{}`: {m}", shorten(w)))),
            Err(e) => {
                let expression_like = w.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
                    || w.contains(['[', ']', '{', '}', '(', ')', '"', '\'', '`', ',']);
                if expression_like {
                    let mut message = e.to_string();
                    if let Some(i) = message.rfind(" (line ") {
                        message.truncate(i);
                    }
                    return Err(Error::Input(format!(
                        "start position `{}` is not a valid Rhai expression: {message} (write an integer, [array] or \"string\")",
                        shorten(w)
                    )));
                }
                Ok(Pos::Str(w.to_string()))
            }
        }
    }

    /// Parse the start position written after the file: one word is one position; several
    /// words are several positions of the game played side by side (a sum, as [`crate::games::build`] builds it).
    pub fn parse_start(&self, words: &[String]) -> Result<Vec<Pos>> {
        if words.is_empty() {
            return Err(Error::Input(format!(
                "give the start position after the rules file: `--rules {} 10` (an integer, [array] or \"string\")",
                self.file
            )));
        }
        words.iter().map(|w| self.parse_word(w)).collect()
    }
}

impl Game for ScriptGame {
    type Position = Pos;

    fn options(&self, p: &Pos, out: &mut Vec<Pos>) {
        if self.failed() {
            return;
        }
        match self.positions("options", p) {
            Ok(v) => out.extend(v),
            Err(e) => self.fail(e),
        }
    }

    fn moves(&self, p: &Pos) -> Vec<Move<Pos>> {
        if self.failed() {
            return vec![];
        }
        let options = match self.try_options(p) {
            Ok(v) => v,
            Err(e) => {
                self.fail(e);
                return vec![];
            }
        };
        options
            .into_iter()
            .map(|q| {
                let label = if self.has_label {
                    match self.call("label", vec![p.to_dynamic(), q.to_dynamic()]) {
                        Ok(d) => d.to_string(),
                        Err(e) => {
                            self.fail(e);
                            String::new()
                        }
                    }
                } else {
                    format!("{} → {}", self.format(p), self.format(&q))
                };
                Move::new(label, q)
            })
            .collect()
    }

    fn format(&self, p: &Pos) -> String {
        if self.has_show && !self.failed() {
            match self.call("show", vec![p.to_dynamic()]) {
                Ok(d) => return d.to_string(),
                Err(e) => self.fail(e),
            }
        }
        p.to_string()
    }

    fn components(&self, p: &Pos) -> Option<Vec<Pos>> {
        if !self.has_components || self.failed() {
            return None;
        }
        match self.positions("components", p) {
            Ok(parts) if parts.len() >= 2 => match self.check_split(p, &parts) {
                Ok(()) => Some(parts),
                Err(e) => {
                    self.fail(e);
                    None
                }
            },
            Ok(_) => None,
            Err(e) => {
                self.fail(e);
                None
            }
        }
    }
}

/// The generic solver over a script, as an engine of the generic adapter: every answer is
/// checked against the script's error cell (the [`Game`] trait has no error channel).
pub(crate) struct ScriptEngine {
    solver: crate::solve::Solver<ScriptGame>,
    error: Rc<RefCell<Option<Error>>>,
}

impl ScriptEngine {
    fn check<T>(&self, r: Result<T>) -> Result<T> {
        if let Some(e) = self.error.borrow().clone() {
            return Err(e);
        }
        r
    }
}

impl PositionEngine for ScriptEngine {
    type Game = ScriptGame;

    fn game(&self) -> &ScriptGame {
        self.solver.game()
    }

    fn nimber(&mut self, position: &Pos) -> Result<Nimber> {
        let v = self.solver.nimber(position);
        self.check(v)
    }

    /// The moves to value `target`. By the mex rule a position of value v has a move to every
    /// smaller value; when there is none, the value came from a `components` function that
    /// does not agree with `options`, and that is reported instead of a wrong "no move".
    fn moves_to_value(&mut self, position: &Pos, target: Nimber) -> Result<Vec<Move<Pos>>> {
        let m = self.solver.moves_to_value(position, target);
        let moves = self.check(m)?;
        if moves.is_empty() {
            let v = self.nimber(position)?;
            if target < v {
                let game = self.solver.game();
                return Err(Error::Input(format!(
                    "--rules {}: the position {} has value {} (the nim-sum of its `components`), but none of its `options` has value {}: the `components` function does not agree with `options`",
                    game.file,
                    shorten(&game.format(position)),
                    v.0,
                    target.0
                )));
            }
        }
        Ok(moves)
    }

    fn move_limit(&self) -> Option<usize> {
        Some(self.solver.settings.max_states)
    }

    fn pending_error(&self) -> Result<()> {
        self.check(Ok(()))
    }
}

/// Read and compile a rules file; its `print` and `debug` output goes to `control`'s observer.
pub fn load(file: &str, control: &Control) -> Result<ScriptGame> {
    // The text and the compiled script, accounted against the memory budget before the read.
    crate::files::reserve_for(std::path::Path::new(file), 4, control)?;
    let text =
        crate::files::read_regular_text(std::path::Path::new(file), crate::files::MAX_INPUT_BYTES, "rules file")?;
    ScriptGame::with_control(file, &text, control)
}

/// Whether the words ask for a scripted game (`--rules FILE`).
pub(crate) fn wanted(words: &[String]) -> bool {
    words.iter().any(|w| w == "--rules" || w.starts_with("--rules="))
}

/// A position of a scripted game from words: `--rules FILE START...`. Several start words
/// are several positions of the game side by side (like the heaps of a Nim position): their
/// sum, valued by nim-sum, a move being a move in one of them.
pub(crate) fn build(words: &[String], settings: &Settings) -> Result<Box<dyn AnyPosition>> {
    let mut words = words.to_vec();
    let Some(file) = take_option(&mut words, "rules")? else {
        return Err(Error::Input("--rules needs a file: --rules FILE.rhai START".into()));
    };
    if let Some(w) = words.iter().find(|w| w.starts_with("--")) {
        return Err(Error::Input(format!(
            "unknown option `{}` after --rules {file}",
            shorten(w)
        )));
    }
    let game = load(&file, &settings.control)?;
    let mut starts = game.parse_start(&words)?.into_iter();
    let first = starts.next().expect("parse_start gives at least one position");
    let error = game.error.clone();
    let engine = ScriptEngine {
        solver: settings.solver(game),
        error: error.clone(),
    };
    let start = Instance::new(format!("--rules {file}"), engine, first);
    let mut parts: Vec<Box<dyn AnyPosition>> = vec![start.boxed()];
    for p in starts {
        parts.push(start.at(p));
    }
    let p: Box<dyn AnyPosition> = if parts.len() == 1 {
        parts.pop().expect("one part")
    } else {
        Box::new(Sum::of_one_game(parts)?)
    };
    // Report a script error in formatting the start right away.
    p.text();
    if let Some(e) = error.borrow().clone() {
        return Err(e);
    }
    Ok(p)
}

/// The values g(0), ..., g(to) of a scripted game whose positions are integers (for `seq`);
/// a limit or Ctrl-C met after the first value ends the run with the values so far and the
/// reason.
pub fn integer_values(file: &str, to: u64, settings: &Settings) -> Result<(Vec<Nimber>, Option<Error>)> {
    let game = load(file, &settings.control)?;
    let error = game.error.clone();
    let mut solver = settings.solver(game);
    let mut out = Vec::new();
    for n in 0..=to {
        let n = i64::try_from(n).map_err(|_| Error::Input(format!("the last heap {to} is too large")))?;
        let v = solver.nimber(&Pos::Int(n));
        // An error met inside the script (or a stop the script's engine saw) comes first.
        let v = match error.borrow().clone() {
            Some(e) => Err(e),
            None => v,
        };
        match v {
            Ok(v) => out.push(v),
            // A limit or Ctrl-C: the values so far are kept (the caller writes them).
            Err(e @ (Error::Interrupted | Error::StateLimit(_) | Error::MemoryLimit(_))) if !out.is_empty() => {
                return Ok((out, Some(e)));
            }
            Err(e) => return Err(e),
        }
    }
    Ok((out, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> ScriptGame {
        ScriptGame::new("test.rhai", text).unwrap()
    }

    #[test]
    fn positions_round_trip_through_rhai() {
        let g = game("fn options(p) { [] }");
        for w in ["10", "[3, 4]", "\"ab\"", "true", "[[1], []]"] {
            let p = g.parse_word(w).unwrap();
            assert_eq!(Pos::from_dynamic(p.to_dynamic()).unwrap(), p);
        }
        assert_eq!(g.parse_word("..#").unwrap(), Pos::Str("..#".into()));
        assert_eq!(
            g.parse_start(&["3".into(), "4".into()]).unwrap(),
            vec![Pos::Int(3), Pos::Int(4)]
        );
        for bad in ["[1,2", "\"ab", "3 +", "(1"] {
            let e = g.parse_word(bad).unwrap_err().to_string();
            assert!(e.contains("not a valid Rhai expression"), "{bad}: {e}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e = ScriptGame::new("bad.rhai", "fn options(p) {\n  let x = ;\n}")
            .err()
            .unwrap();
        assert!(e.to_string().contains("bad.rhai line 2"), "{e}");
        let g = game("fn options(p) {\n  [p - 1,\n   p.nonsense()]\n}");
        let e = g.try_options(&Pos::Int(3)).unwrap_err().to_string();
        assert!(e.contains("line 3"), "{e}");
        let e = ScriptGame::new("none.rhai", "fn moves(p) { [] }").err().unwrap();
        assert!(e.to_string().contains("options"), "{e}");
    }

    #[test]
    fn runaway_scripts_stop() {
        let g = game("fn options(p) {\n  loop { p += 1; }\n}");
        let e = g.try_options(&Pos::Int(3)).unwrap_err().to_string();
        assert!(e.contains("line 2") || e.contains("operations"), "{e}");
        let g = game("fn f(n) { f(n + 1) }\nfn options(p) { f(0) }");
        assert!(g.try_options(&Pos::Int(3)).is_err());
        let g = game("fn options(p) { let a = [1]; loop { a += a; } }");
        assert!(g.try_options(&Pos::Int(3)).is_err());
    }
}
