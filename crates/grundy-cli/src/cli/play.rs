//! `grundy play`: a game in the terminal against a perfect opponent.
//!
//! ```text
//! grundy play GAME ARGS [--first me|computer]
//! grundy play --sum 'GAME ARGS' 'GAME ARGS' ... [--first me|computer]
//! ```
//!
//! The player types a move in the game's own notation (the labels `grundy moves` prints, such
//! as `10 → 9`, `8 → 1+7`, `2 up`), or in a forgiving ASCII form: `10->9`, `10 9`, `8 1+7`; or
//! the position the move leads to (`9 12 5`). In a sum, a move may be prefixed by its
//! component's number (`#2 3 up`, `2 3 up`) and needs the prefix only when the bare move would
//! be ambiguous. Input that matches no move is refused with the list of legal moves; input that
//! matches moves leading to different positions is refused with the candidates. Commands:
//! `hint` (the value and a winning move), `moves`, `undo` (takes back the last move of each
//! side), `help`, `quit`. End of input quits.
//!
//! A position with more moves than can be listed (a Nim heap of 2^64 − 1, alone or in a sum)
//! is played through values, as `value` answers it: the player types the position a move leads
//! to (in a sum, in one component: `#1 5`), the computer moves to the least value it can reach;
//! the commands are the same.
//!
//! The computer plays a winning move whenever there is one (the first in the game's order).
//! From a P-position it cannot win against perfect play, so it makes the game last longest:
//! it picks the option of greatest *remoteness* (Steinhaus; Winning Ways ch. 9): remoteness 0 at
//! a terminal position; from a position with a P-option, 1 + the least remoteness of a P-option
//! (the winner hurries); otherwise 1 + the greatest remoteness of an option (the loser delays).
//! Remoteness is computed by a memoised search bounded by `REMOTENESS_BUDGET` positions and
//! `REMOTENESS_DEPTH` plies ([`grundy::query::opponent`]); when the bound is hit (a huge game) or the game is loopy, the
//! computer instead picks the option with the most moves of its own (keeping the game complex).
//! In a loopy draw it keeps to options of infinite value.
//!
//! Input comes from a line editor (rustyline, with history) when stdin is a terminal, and from
//! plain lines otherwise, so sessions can be scripted (the tests drive it through stdin).

use grundy::error::{Error, Result};
use grundy::game::Convention;
use grundy::games;
use grundy::nimber::Nimber;
use grundy::position::{AnyPosition, Played};
use grundy::query::{self, opponent::Remoteness};
use grundy::settings::Settings;
use grundy::value::Value;
use std::io::{BufRead, IsTerminal, Write};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Human,
    Computer,
}

/// `grundy play ...`: runs the session, printing as it goes; returns the empty string.
pub fn run(words: &[String], sum: bool, misere: bool, first: Option<&str>, settings: Settings) -> Result<String> {
    let first = match first {
        None | Some("me") | Some("human") | Some("you") => Side::Human,
        Some("computer") | Some("it") => Side::Computer,
        Some(other) => {
            return Err(Error::Input(format!(
                "--first {other}: write `--first me` or `--first computer`"
            )));
        }
    };
    let play = Convention::misere_if(misere);
    let start = if sum {
        query::sum_position(words, play, &settings)
            .map_err(|e| super::position::hint_quoted(e, "--sum 'nim 3 4' 'grundy-game 8'"))?
    } else {
        query::position(words, play, &settings)?
    };
    start.value()?; // solve once up front so a bad or huge position fails before the session
    let mut input = Input::new();
    let mut out = std::io::stdout();
    session(start, first, &mut input, &mut out, &settings)?;
    Ok(String::new())
}

/// Lines typed by the player.
enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Plain(std::io::StdinLock<'static>),
}

impl Input {
    fn new() -> Input {
        if std::io::stdin().is_terminal()
            && let Ok(editor) = rustyline::DefaultEditor::new()
        {
            return Input::Editor(Box::new(editor));
        }
        Input::Plain(std::io::stdin().lock())
    }

    /// The next line, or `None` at end of input (or Ctrl-C / Ctrl-D in the editor).
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> Option<String> {
        match self {
            Input::Editor(e) => match e.readline(prompt) {
                Ok(line) => {
                    let _ = e.add_history_entry(line.as_str());
                    Some(line)
                }
                Err(_) => None,
            },
            Input::Plain(stdin) => {
                let _ = write!(out, "{prompt}");
                let _ = out.flush();
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => {
                        let _ = writeln!(out, "{}", line.trim_end());
                        Some(line)
                    }
                }
            }
        }
    }
}

fn say(out: &mut dyn Write, text: &str) {
    let _ = writeln!(out, "{text}");
}

/// Plays from `start` until the game ends or the player quits.
fn session(
    start: Box<dyn AnyPosition>,
    first: Side,
    input: &mut Input,
    out: &mut dyn Write,
    settings: &Settings,
) -> Result<()> {
    let misere = start.convention() == Convention::Misere;
    say(
        out,
        &format!(
            "Playing {} against a perfect opponent ({} play: {}).\nType a move (`moves` lists them), `hint`, `undo`, `help` or `quit`.",
            start.game(),
            if misere { "misère" } else { "normal" },
            if misere {
                "whoever makes the last move loses"
            } else {
                "whoever makes the last move wins"
            }
        ),
    );
    // history[i] = (position, side to move there)
    let mut history: Vec<(Box<dyn AnyPosition>, Side)> = vec![(start, first)];
    let mut remoteness = Remoteness::new(settings.control.clone());
    loop {
        let (position, side) = history.last().map(|(p, s)| (p.boxed(), *s)).expect("non-empty");
        say(out, &format!("\nposition: {}", position.text()));
        // The moves, or why they cannot all be listed (Nim with a heap of 2^64 − 1, alone or in
        // a sum): such a position is played through its value and the moves to a given value,
        // as `value` answers it; everything else about the turn is the same.
        let listed: std::result::Result<Vec<Played>, String> = match position.moves() {
            Ok(moves) => Ok(moves),
            Err(Error::Input(why)) => Err(why),
            Err(e @ Error::MoveListLimit(..)) => Err(e.to_string()),
            Err(e) => return Err(e),
        };
        if listed.as_ref().is_ok_and(|moves| moves.is_empty()) {
            let mover_wins = misere;
            let human_wins = (side == Side::Human) == mover_wins;
            say(
                out,
                &format!(
                    "No move is left for {}. {}",
                    if side == Side::Human { "you" } else { "me" },
                    if human_wins { "You win!" } else { "I win." }
                ),
            );
            return Ok(());
        }
        if side == Side::Computer {
            let m = query::opponent::next_move(position.as_ref(), &mut remoteness)?
                .ok_or_else(|| Error::Unsupported("the computer found no move to play".into()))?;
            say(out, &format!("I play {}", m.label));
            history.push((m.next, Side::Human));
            continue;
        }
        let Some(line) = input.line("your move> ", out) else {
            say(out, "Bye.");
            return Ok(());
        };
        let line = line.trim();
        match line.to_lowercase().as_str() {
            "" => continue,
            "quit" | "q" | "exit" => {
                say(out, "Bye.");
                return Ok(());
            }
            "help" | "?" => {
                say(
                    out,
                    "Type a move as listed by `moves` (ASCII works: `10->9` or `10 9`; in a sum, `#2 10 9` picks component 2),\n\
                     or the position it leads to. `hint`: the value and a winning move. `undo`: take back your last move.\n\
                     `quit`: stop.",
                );
                continue;
            }
            "moves" | "m" => {
                match &listed {
                    Ok(moves) => say(out, &format!("legal moves: {}", labels(moves))),
                    Err(why) => say(out, &format!("{why}; {TYPE_A_POSITION}")),
                }
                continue;
            }
            "hint" | "h" => {
                say(out, &hint(position.as_ref())?);
                continue;
            }
            "undo" | "u" => {
                // Back to the previous position where it was the player's turn.
                let mut undone = false;
                while history.len() > 1 {
                    history.pop();
                    if history.last().is_some_and(|(_, s)| *s == Side::Human) {
                        undone = true;
                        break;
                    }
                }
                if !undone {
                    say(out, "Nothing to undo.");
                    // Restore a consistent state: the start may be the computer's turn.
                }
                continue;
            }
            _ => {}
        }
        let chosen = match listed {
            Ok(moves) => choose(line, moves),
            Err(why) => huge_human_move(position.as_ref(), line, settings)?.map_err(|e| format!("{why}; {e}")),
        };
        match chosen {
            Ok(m) => {
                say(out, &format!("you play {}", m.label));
                history.push((m.next, Side::Computer));
            }
            Err(msg) => say(out, &msg),
        }
    }
}

/// How to move where the moves cannot all be listed.
const TYPE_A_POSITION: &str = "type the position your move leads to (e.g. the heaps after it; in a sum, `#2 POSITION` for component 2), `hint`, `undo` or `quit`";

fn labels(moves: &[Played]) -> String {
    let l: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
    l.join(", ")
}

/// The player's move where the moves cannot all be listed, or why the typed text is none.
///
/// In a single position the text is read as the position the move leads to; it is a move when
/// it is among the options of its own value. In a sum the move is made in one component:
/// `#i TEXT` or `i TEXT` names it, otherwise every component where TEXT is a move is a candidate
/// (there must be exactly one); in a component whose moves can be listed TEXT is read as in a
/// normal turn ([`choose`]), in one whose moves cannot, as the position it leads to. The move
/// found is then taken from the sum's own moves to the value it leads to, so its label and
/// position are the sum's.
fn huge_human_move(
    p: &dyn AnyPosition,
    typed: &str,
    settings: &Settings,
) -> Result<std::result::Result<Played, String>> {
    let parts = p.components();
    if parts.len() == 1 {
        return Ok(move_to_typed_position(p, typed, settings)?.ok_or_else(|| TYPE_A_POSITION.to_string()));
    }
    let words: Vec<&str> = typed.split_whitespace().collect();
    let mut tries: Vec<(usize, String)> = Vec::new();
    if let [first, rest @ ..] = words.as_slice()
        && !rest.is_empty()
        && let Ok(k) = first.strip_prefix('#').unwrap_or(first).parse::<usize>()
        && (1..=parts.len()).contains(&k)
    {
        tries.push((k - 1, rest.join(" ")));
    }
    if !typed.starts_with('#') {
        tries.extend((0..parts.len()).map(|i| (i, typed.to_string())));
    }
    let mut found: Vec<(usize, Played)> = Vec::new();
    for (i, text) in tries {
        let part = parts[i].as_ref();
        let m = match part.moves() {
            Ok(moves) => choose(&text, moves).ok(),
            Err(Error::Input(_) | Error::MoveListLimit(..)) => move_to_typed_position(part, &text, settings)?,
            Err(e) => return Err(e),
        };
        if let Some(m) = m
            && !found.iter().any(|(j, f)| *j == i && f.next.text() == m.next.text())
        {
            found.push((i, m));
        }
    }
    let (i, m) = match found.len() {
        0 => return Ok(Err(format!("`{typed}` is no move of any component: {TYPE_A_POSITION}"))),
        1 => found.pop().expect("one"),
        _ => {
            let which: Vec<String> = found.iter().map(|(i, _)| format!("#{}", i + 1)).collect();
            return Ok(Err(format!(
                "`{typed}` is a move in {}: prefix the component, e.g. `{} {typed}`",
                which.join(" and "),
                which[0]
            )));
        }
    };
    let (Some(total), Some(before), Some(after)) = (
        p.value()?.finite(),
        parts[i].value()?.finite(),
        m.next.value()?.finite(),
    ) else {
        return Ok(Err(format!("`{typed}`: a loopy component cannot be played by value")));
    };
    let after_text = m.next.text();
    let same = |q: &Played| {
        let c = q.next.components();
        c.len() == parts.len()
            && (0..parts.len()).all(|j| c[j].text() == if j == i { after_text.clone() } else { parts[j].text() })
    };
    let played = p.moves_to(total ^ before ^ after)?.into_iter().find(same);
    Ok(played.ok_or_else(|| format!("`{typed}` is not a legal move: {TYPE_A_POSITION}")))
}

/// The move of `p` (a position that is not a sum) to the position `typed` (words after the
/// game's name), if that position is among the options of its own value.
fn move_to_typed_position(p: &dyn AnyPosition, typed: &str, settings: &Settings) -> Result<Option<Played>> {
    let mut words = vec![p.game()];
    words.extend(games::words(typed));
    let Ok(target) = games::build(&words, settings) else {
        return Ok(None);
    };
    let Value::Finite(v) = target.value()? else {
        return Ok(None);
    };
    let text = target.text();
    Ok(p.moves_to(v)?.into_iter().find(|m| m.next.text() == text))
}

/// The value and a winning move (or the news that there is none).
fn hint(p: &dyn AnyPosition) -> Result<String> {
    let value = p.value()?;
    let winning = match &value {
        Value::Finite(v) if v.is_zero() => vec![],
        Value::Infinite { escapes } if !escapes.contains(&Nimber::ZERO) => vec![],
        _ => p.moves_to(Nimber::ZERO)?,
    };
    Ok(match winning.first() {
        Some(m) => format!(
            "value {value}: you can win; a winning move is {} (to {}, value 0)",
            m.label,
            m.next.text()
        ),
        None if value.outcome() == grundy::Outcome::Draw => {
            format!("value {value}: no winning move, but you can avoid losing by keeping the game loopy")
        }
        None => format!("value {value}: a P-position, no move wins against perfect play; make the game long"),
    })
}

/// Normal form of typed text or a move label: lower case, arrows and punctuation as spaces,
/// `a + b` as `a+b`, single spaces.
fn normal(text: &str) -> String {
    let t = text
        .to_lowercase()
        .replace('→', " ")
        .replace("->", " ")
        .replace(['>', ':', ',', '(', ')', '[', ']'], " ");
    let t: Vec<&str> = t.split_whitespace().collect();
    t.join(" ").replace(" + ", "+").replace(" +", "+").replace("+ ", "+")
}

/// The forms a player may type for a move.
fn keys(m: &Played) -> Vec<String> {
    let mut k = vec![normal(&m.label), normal(&m.next.text())];
    // A remark in parentheses (`7 → 5 (take 2)`) may be left out.
    if let Some((bare, _)) = m.label.split_once(" (") {
        k.push(normal(bare));
    }
    // A move in a sum is labelled `#i game: label`.
    if let Some(rest) = m.label.strip_prefix('#')
        && let Some((head, inner)) = rest.split_once(": ")
    {
        let index = head.split_whitespace().next().unwrap_or("");
        let inner = normal(inner);
        k.push(format!("#{index} {inner}"));
        k.push(format!("{index} {inner}"));
        k.push(inner);
    }
    k
}

/// The move meant by `typed`, or a message saying why none is chosen.
fn choose(typed: &str, moves: Vec<Played>) -> std::result::Result<Played, String> {
    let exact: Vec<usize> = (0..moves.len()).filter(|&i| moves[i].label == typed).collect();
    let want = normal(typed);
    let matched: Vec<usize> = if exact.len() == 1 {
        exact
    } else {
        (0..moves.len()).filter(|&i| keys(&moves[i]).contains(&want)).collect()
    };
    let mut targets: Vec<String> = matched.iter().map(|&i| moves[i].next.text()).collect();
    targets.sort();
    targets.dedup();
    match (matched.first(), targets.len()) {
        (None, _) => Err(format!(
            "`{typed}` is not a legal move. Legal moves: {}",
            labels(&moves)
        )),
        (Some(&i), 1) => Ok(moves.into_iter().nth(i).expect("index in range")),
        _ => {
            let m: Vec<&str> = matched.iter().map(|&i| moves[i].label.as_str()).collect();
            Err(format!("`{typed}` is ambiguous: it could be {}", m.join(" or ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(words: &str) -> Box<dyn AnyPosition> {
        games::build(&games::words(words), &Settings::default()).unwrap()
    }

    #[test]
    fn typed_moves_match_labels_ascii_forms_and_positions() {
        let p = build("nim 10 12 5");
        for typed in ["10 → 9", "10->9", "10 9", "10 > 9", "9 12 5"] {
            assert_eq!(
                choose(typed, p.moves().unwrap()).unwrap().next.text(),
                "9 12 5",
                "{typed}"
            );
        }
        assert!(
            choose("10 11", p.moves().unwrap())
                .err()
                .unwrap()
                .contains("Legal moves")
        );
        let s = build("subtraction --set 1,2,3 7");
        assert_eq!(choose("7->5", s.moves().unwrap()).unwrap().next.text(), "5");
        let g = build("grundy-game 8");
        assert_eq!(choose("8 -> 1 + 7", g.moves().unwrap()).unwrap().next.text(), "1 7");
    }

    #[test]
    fn sums_take_a_component_number_when_needed() {
        let s = query::sum_position(
            &["nim 3".into(), "nim 3".into()],
            Convention::Normal,
            &Settings::default(),
        )
        .unwrap();
        let err = choose("3 2", s.moves().unwrap()).err().expect("ambiguous");
        assert!(err.contains("ambiguous"), "{err}");
        let m = choose("#2 3->2", s.moves().unwrap()).unwrap();
        assert_eq!(m.next.text(), "nim 3 + nim 2");
        let m = choose("1 3 2", s.moves().unwrap()).unwrap();
        assert_eq!(m.next.text(), "nim 2 + nim 3");
    }

    #[test]
    fn remoteness_of_subtraction_heaps() {
        // 1-2-3 game by hand: 1..3 are won in one move; 4 lasts 2 plies (any move, then the
        // win); 5 goes to 4 (the winner hurries to a P-position): 3; 8 → 7/6/5 (each 3): 4.
        let mut r = Remoteness::new(grundy::control::Control::new());
        for (n, want) in [(0u64, 0u64), (1, 1), (3, 1), (4, 2), (5, 3), (8, 4)] {
            let p = build(&format!("subtraction --set 1,2,3 {n}"));
            assert_eq!(r.of(p.as_ref(), 0, &mut Vec::new()).ok(), Some(want), "heap {n}");
        }
    }
}
