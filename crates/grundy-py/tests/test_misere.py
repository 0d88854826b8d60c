"""Misère play from Python (``misere=True``): literature values, and the same answers as the
command line's ``--misere`` (the same library calls)."""

import json
import os
import shutil
import subprocess

import pytest

import grundy

# Kayles (0.77) under misère play, Winning Ways ch. 13 / ONAG ch. 12: the genus of heaps 0..12
# (heap 5 is the first wild one, 4^146).
KAYLES_GENUS = ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31", "2^20", "1^13", "4^046", "2^20", "6^46", "4^046"]


def _cli():
    """The command line binary: $GRUNDY_BIN (set by .ci/python.sh), else `grundy` on PATH."""
    path = os.environ.get("GRUNDY_BIN") or shutil.which("grundy")
    if path and os.path.exists(path):
        return path
    if os.environ.get("CI") == "true":
        pytest.fail("the grundy binary is needed: set GRUNDY_BIN (.ci/python.sh does)")
    pytest.skip("no grundy binary (set GRUNDY_BIN)")


def _cli_json(*args):
    out = subprocess.run([_cli(), *args, "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_misere_nim_by_reasoning():
    # Heaps 1 1: take one heap, the opponent must take the last one and loses: N (normal: P).
    v = grundy.value("nim 1 1", misere=True)
    assert (v.outcome, v.convention) == ("N", "misere")
    assert grundy.value("nim 1 1").outcome == "P"
    assert grundy.value("nim 1 1").convention == "normal"
    # One heap of 1: the mover must take it, making the last move: P. The empty game: the mover
    # has no move and so does not make the last move: N, value 1.
    assert grundy.value("nim 1", misere=True).outcome == "P"
    assert grundy.value("nim 0", misere=True).value == 1
    # Misère Nim (Bouton): with a heap ≥ 2 the outcome is normal play's; with heaps ≤ 1 only,
    # P exactly when their number is odd.
    for heaps in ["1 1 1", "2 2", "1 2 3", "3 5 6", "1 1 2", "4 4 1 1"]:
        ones_only = all(int(h) <= 1 for h in heaps.split())
        count = len(heaps.split())
        want = ("P" if count % 2 == 1 else "N") if ones_only else grundy.value(f"nim {heaps}").outcome
        assert grundy.value(f"nim {heaps}", misere=True).outcome == want, heaps
    # Each winning move from 1 1 takes a heap and leaves a misère P-position.
    assert v.winning_moves
    for m in v.winning_moves:
        assert grundy.value(f"nim {m.to}", misere=True).outcome == "P", m


def test_misere_kayles_genus_and_values():
    s = grundy.sequence("kayles", to=12, misere=True)
    assert s.convention == "misere"
    assert s.genus == KAYLES_GENUS
    # γ0 (the misère Grundy value) is the first digit of the superscript.
    assert s.values.tolist() == [int(g.split("^")[1][0]) for g in KAYLES_GENUS]
    assert s.tame[:5] == [True] * 5 and s.tame[5] is False
    assert s.tame_to == 4
    assert s.normal.tolist()[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert "misère" in repr(s)


def test_misere_sum_is_searched_whole():
    # Misère values do not add by nim-sum: kayles 1 + kayles 1 is misère Nim 1 1 (N), though
    # each part alone has misère value 0.
    s = grundy.sum("kayles 1", "kayles 1", misere=True)
    assert [c.value for c in s.components] == [0, 0]
    assert s.outcome == "N"
    assert s.convention == "misere"


@pytest.mark.parametrize(
    "spec",
    ["nim 1 1", "nim 2 2 1", "kayles 5 9", "kayles 4 4", "0.07 6 3", "grundy-game 7 5", "subtraction --set 1,3 6 2"],
)
def test_misere_outcomes_equal_the_command_lines(spec):
    words = spec.split()
    v = grundy.value(spec, misere=True)
    cli = _cli_json("value", *words, "--misere")
    assert (v.value, v.outcome, v.convention) == (cli["value"], cli["outcome"], cli["convention"])
    assert [m.to for m in v.winning_moves] == [m["position"] for m in cli["winning_moves"]]


def test_misere_sum_and_sequence_equal_the_command_lines():
    s = grundy.sum("kayles 4", "nim 2", "0.07 5", misere=True)
    cli = _cli_json("sum", "kayles 4", "nim 2", "0.07 5", "--misere")
    assert (s.value, s.outcome) == (cli["value"], cli["outcome"])
    assert [c.value for c in s.components] == [c["value"] for c in cli["components"]]
    for game in ["kayles", "0.07", "grundy-game"]:
        seq = grundy.sequence(game, to=15, misere=True)
        doc = _cli_json("seq", game, "--misere", "--to", "15")
        assert seq.values.tolist() == doc["values"]
        assert seq.genus == [h["genus"] for h in doc["heaps"]]
        assert seq.tame == [h["tame"] for h in doc["heaps"]]


def test_misere_bad_input():
    with pytest.raises(TypeError):
        grundy.value("nim 1 1", misere="yes")
    with pytest.raises(ValueError):
        grundy.sequence(lambda n: [n - 1] if n else [], to=5, misere=True)
    with pytest.raises(ValueError):
        grundy.sequence("kayles", to=5, misere=True, all=True)
    with pytest.raises(ValueError):
        grundy.sequence("cram", to=5, misere=True)


def test_ctrl_c_stops_a_misere_search_within_a_second(ctrl_c):
    # Issue #35: the misère paths did not ask the cancellation token (a misère sum of Nim heaps
    # ran 13 minutes past SIGTERM); a misère Cram row is a long search of a whole sum.
    rc, out, took = ctrl_c('grundy.value("cram 1x64", misere=True)')
    assert rc == 7 and out == "interrupted"
    assert took < 1.0, f"stopped {took:.2f} s after Ctrl-C"


def test_misere_nim_is_valued_by_its_formula_for_any_heaps():
    v = grundy.value("nim 100000 100000 7", misere=True)
    assert v.value == 7
