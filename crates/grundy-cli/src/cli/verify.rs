//! `--verify` on `value`, `seq` and `graph`: the independent recomputation of
//! [`grundy::solve::verify`], with its verdict on stderr (the output itself is unchanged, so
//! `--json` stays one document). A disagreement is an error: exit code 2 and the reason.

use grundy::error::Result;
use grundy::position::AnyPosition;
use grundy::solve::verify;
use grundy::value::Value;

/// Check a position's value and winning moves by mex over its moves alone.
pub fn position(p: &dyn AnyPosition, max_states: usize, control: &grundy::control::Control) -> Result<()> {
    let value = p.value()?;
    let Value::Finite(v) = value else {
        eprintln!(
            "grundy: --verify: the loopy value {value} is checked by `grundy graph FILE --verify` (plain retrograde analysis)"
        );
        return Ok(());
    };
    let wins = grundy::report::winning_moves(p, &value)?;
    // The plain search keys positions by text: a tenth of the state limit keeps it in memory.
    let budget = (max_states / 10).max(1000);
    let verdict = verify::check_position(p, v, &wins, budget, control).inspect_err(|e| {
        if e.is_limit() {
            super::note_on_error(
                "that was --verify's plain search (every position, no formula, a tenth of the state limit): raise the limit or verify a smaller position"
                    .to_string(),
            );
        }
    })?;
    eprintln!("grundy: {verdict}");
    Ok(())
}
