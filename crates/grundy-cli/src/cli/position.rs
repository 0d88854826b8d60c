//! `value`, `moves` and `sum`: questions about one position (or a sum of positions). Each
//! answer is a report of [`grundy::report`], printed as JSON or rendered here as text.

use super::render::{columns, numbered_components, push_columns_until_interrupted};
use grundy::error::{Error, Result};
use grundy::game::Convention;
use grundy::nimber::Nimber;
use grundy::position::AnyPosition;
use grundy::query;
use grundy::report::{MoveReport, MovesReport, SumReport, TestReport, ValueReport};
use grundy::settings::Settings;
use grundy::value::Value;
use serde::Serialize;
use std::mem::ManuallyDrop;

/// A report as one line of JSON.
pub fn json_line(report: &impl Serialize) -> Result<String> {
    serde_json::to_string(report)
        .map(|s| s + "\n")
        .map_err(|e| Error::Unsupported(format!("cannot write the JSON report: {e}")))
}

fn outcome_line(value: &Value, convention: Convention) -> String {
    let o = value.outcome();
    let rule = if convention == Convention::Misere {
        " (misère play: the last mover loses)"
    } else {
        ""
    };
    format!("{} ({}){rule}", o.code(), o.meaning())
}

/// `title (n):` and one aligned row per move, or `title: none`.
pub fn move_list(title: &str, moves: &[MoveReport]) -> String {
    if moves.is_empty() {
        return format!("{title}: none\n");
    }
    let rows: Vec<Vec<String>> = moves
        .iter()
        .map(|m| vec![m.label.clone(), format!("to {}", m.position)])
        .collect();
    format!("{title} ({}):\n{}", moves.len(), columns(&rows))
}

/// The text of a value report without its first line (the position's name).
pub fn value_body(r: &ValueReport) -> String {
    let mut out = format!(
        "value    {}\noutcome  {}\n",
        r.value,
        outcome_line(&r.value, r.convention)
    );
    out.push_str(&value_moves(r));
    out
}

/// The moves part of a value report's text (nothing when they were not listed).
fn value_moves(r: &ValueReport) -> String {
    let mut out = String::new();
    if !r.moves_listed {
        return out;
    }
    out.push_str(&move_list("winning moves", &r.winning_moves));
    if let Some(draws) = r.drawing_moves.as_ref().filter(|d| !d.is_empty()) {
        out.push_str(&move_list("moves that keep the draw", draws));
    }
    out
}

/// `grundy value`: the report as text.
pub fn value_text(r: &ValueReport) -> String {
    format!("{} {}\n{}", r.game, r.position, value_body(r))
}

/// The position written by `words`, under misère play when `misere` ([`query::position`]), for
/// a command that ends the process after its answer: the position, and the tables its searches
/// fill, are never dropped. Freeing millions of positions one by one took
/// seconds after Ctrl-C (2.6 s for the 570 MB of a misère `cram 1x64` stopped after 8 s), and
/// the process gives the memory back at once when it ends.
pub fn build_to_keep(
    words: &[String],
    misere: bool,
    settings: &Settings,
) -> Result<ManuallyDrop<Box<dyn AnyPosition>>> {
    query::position(words, Convention::misere_if(misere), settings).map(ManuallyDrop::new)
}

/// `grundy value`: the value and the outcome are printed as soon as they are known, the
/// winning moves after them (unless `no_moves`); JSON is one document at the end.
pub fn value(
    words: &[String],
    json: bool,
    verify: bool,
    misere: bool,
    no_moves: bool,
    settings: Settings,
) -> Result<String> {
    let max_states = settings.max_states;
    let control = settings.control.clone();
    let settings = Settings {
        moves_follow: !no_moves,
        ..settings
    };
    let p = build_to_keep(words, misere, &settings)?;
    let hinted = |e: Error| {
        if misere
            && e.is_limit()
            && let Some(hint) = misere_sum_hint(words)
        {
            super::note_on_error(hint);
        }
        e
    };
    let mut report = ValueReport::value_only(p.as_ref()).map_err(hinted)?;
    let mut out = String::new();
    if !no_moves {
        if !json {
            let head = value_text(&report);
            print_now(&head)?;
        }
        report.list_moves(p.as_ref()).map_err(hinted)?;
    }
    if json {
        out = json_line(&report)?;
    } else if no_moves {
        out = value_text(&report);
    } else {
        out.push_str(&value_moves(&report));
    }
    if verify {
        super::verify::position(p.as_ref(), max_states, &control)?;
    }
    Ok(out)
}

/// `grundy value --is K`: whether the position's value is K, as a line (`yes: the value is
/// K` / `no: the value is not K`) or JSON ([`TestReport`]).
pub fn test(words: &[String], k: u64, json: bool, misere: bool, settings: Settings) -> Result<String> {
    let settings = Settings {
        moves_follow: false,
        ..settings
    };
    let p = build_to_keep(words, misere, &settings)?;
    let report = TestReport::of(p.as_ref(), Nimber(k))?;
    if json {
        return json_line(&report);
    }
    Ok(format!(
        "{} {}\n{}\n",
        report.game,
        report.position,
        if report.answer {
            format!("yes: the value is {k}")
        } else {
            format!("no: the value is not {k}")
        }
    ))
}

/// For a misère sum of heaps of a heap game whose search reached a limit: the command that
/// decides the sum's outcome and winning moves through the misère quotient instead (its
/// misère value needs the whole tree of the sum, which the quotient does not give): `None` when
/// the words are not a game's name and two or more heaps.
fn misere_sum_hint(words: &[String]) -> Option<String> {
    let (name, heaps) = words.split_first()?;
    grundy::games::find(name).ok()?.heap_rules?;
    let heaps: Vec<u64> = heaps.iter().map(|w| w.parse().ok()).collect::<Option<_>>()?;
    let last = heaps.iter().copied().max().filter(|_| heaps.len() >= 2)?;
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    Some(format!(
        "its misère outcome and winning moves come from the misère quotient: grundy quotient {name} --to {last} --heaps {}",
        list.join(",")
    ))
}

/// Write `text` to standard output at once (the first lines of an answer whose rest takes
/// longer); a closed pipe is ignored here, as at the end.
fn print_now(text: &str) -> Result<()> {
    use std::io::Write;
    super::progress::clear();
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Error::Unsupported(format!("cannot write the output: {e}")))
        }
        _ => Ok(()),
    }
}

/// `grundy moves`: the report as text.
///
/// A listing of millions of moves stops with [`Error::Interrupted`] soon after a Ctrl-C.
pub fn moves_text(r: &MovesReport) -> Result<String> {
    let mut out = format!(
        "{} {}: value {}, outcome {}\n",
        r.game,
        r.position,
        r.value,
        outcome_line(&r.value, r.convention)
    );
    if r.moves.is_empty() {
        out.push_str("no moves: the position is terminal\n");
        return Ok(out);
    }
    // Kept (not freed) for the reason of `moves`' report.
    let mut table = ManuallyDrop::new(vec![vec![
        "move".to_string(),
        "value".into(),
        "leads to".into(),
        String::new(),
    ]]);
    for (i, m) in r.moves.iter().enumerate() {
        if i % 4096 == 4095 && super::progress::interrupted() {
            return Err(Error::Interrupted);
        }
        table.push(vec![
            m.played.label.clone(),
            m.value.to_string(),
            m.played.position.clone(),
            if m.winning { "winning".into() } else { String::new() },
        ]);
    }
    push_columns_until_interrupted(&mut out, &table)?;
    Ok(out)
}

pub fn moves(words: &[String], json: bool, misere: bool, settings: Settings) -> Result<String> {
    let p = build_to_keep(words, misere, &settings)?;
    // Kept, as the position is: freeing the millions of moves of a big listing would take
    // a second after the answer (or a Ctrl-C), and the process ends next.
    let report = ManuallyDrop::new(MovesReport::of(p.as_ref())?);
    if json { json_line(&*report) } else { moves_text(&report) }
}

/// A request with no components gets the command line's example (one quoted argument each).
pub fn hint_quoted(e: Error, example: &str) -> Error {
    match e {
        Error::Input(m) if m.contains("needs games") => {
            Error::Input(format!("{m}; one quoted argument each: {example}"))
        }
        e => e,
    }
}

/// `grundy sum`: the report as text.
pub fn sum_text(r: &SumReport) -> String {
    let mut out = String::from("components:\n");
    out.push_str(&numbered_components(
        r.components
            .iter()
            .map(|c| (c.game.as_str(), c.position.as_str(), format!("value {}", c.value))),
    ));
    if r.total.convention == Convention::Misere {
        // Misère values do not add: the sum was searched whole.
        out.push_str(&format!("sum (misère play, searched whole): {}\n", r.total.value));
    } else {
        let values: Vec<String> = r.components.iter().map(|c| c.value.to_string()).collect();
        out.push_str(&format!("sum: {} = {}\n", values.join(" ⊕ "), r.total.value));
    }
    out.push_str(&value_body(&r.total));
    out
}

pub fn sum(words: &[String], json: bool, misere: bool, settings: Settings) -> Result<String> {
    let report = query::sum(words, Convention::misere_if(misere), &settings)
        .map_err(|e| hint_quoted(e, "grundy sum 'nim 3 4' 'grundy-game 8'"))?;
    if json {
        json_line(&report)
    } else {
        Ok(sum_text(&report))
    }
}
