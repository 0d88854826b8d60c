"""The Python package against the literature, against the engine's built-in games, and on bad
input, limits and Ctrl-C. Run by .ci/python.sh after `pip install ./crates/grundy-py`."""

import json
import os
import shutil
import subprocess
import threading
import time

import numpy as np
import pytest

import grundy

# --- Literature values -------------------------------------------------------------------------

# Kayles (0.77), Winning Ways ch. 4: g(0..11), period 12 from heap 71 (proved by Guy–Smith).
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
# Dawson's Kayles (0.07), Winning Ways ch. 4: g(0..34); period 34. Dawson's chess (0.137) is
# the same shifted by one heap, with its last exceptional value at heap 51 (preperiod 52), so
# 0.07's preperiod is 53.
DAWSON = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4]
# Grundy's game (OEIS A002188): g(0..20).
GRUNDY_GAME = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]


def test_bouton_nim_value_and_winning_move():
    v = grundy.value("nim 10 12 5")
    assert (v.value, v.outcome) == (3, "N")
    assert [(m.text, m.to, m.value) for m in v.winning_moves] == [("10 → 9", "9 12 5", 0)]
    assert int(v) == 3 and bool(v)
    assert grundy.value("nim 1 2 3").outcome == "P"


def test_kayles_period_is_proved():
    s = grundy.sequence("0.77", to=200)
    assert s.values[:12].tolist() == KAYLES
    assert (s.period, s.preperiod, s.saltus, s.proved) == (12, 71, 0, True)
    assert len(s) == 201 and s.values.dtype.kind == "u"
    assert all(s[n] == s[71 + (n - 71) % 12] for n in range(71, 201))


def test_dawson_kayles_and_dawson_chess():
    s = grundy.sequence("dawson-kayles", to=300)
    assert s.values[: len(DAWSON)].tolist() == DAWSON
    assert (s.period, s.preperiod, s.proved) == (34, 53, True)
    # Dawson's chess (0.137) is Dawson's Kayles shifted by one heap.
    chess = grundy.sequence("0.137", to=299)
    assert chess.values.tolist() == s.values[1:].tolist()
    assert (chess.period, chess.preperiod, chess.proved) == (34, 52, True)


def test_grundy_game_values_and_sums():
    assert grundy.sequence("grundy-game", to=20).values.tolist() == GRUNDY_GAME
    s = grundy.sum("grundy-game 8", "nim 5")
    assert (s.value, [c.value for c in s.components]) == (7, [2, 5])
    assert s.winning_moves and all(m.component == 2 for m in s.winning_moves)


def test_subtraction_window_proof():
    s = grundy.sequence("subtraction --set 1,2,3", to=50)
    assert s.values.tolist() == [n % 4 for n in range(51)]
    assert s.proved and s.period == 4


def test_wythoff_p_positions():
    for a, b in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]:
        assert grundy.value(f"wythoff {a} {b}").outcome == "P"
    assert grundy.value("wythoff 2 2").outcome == "N"


def test_linear_cram_is_dawson_kayles():
    row = grundy.table("cram 1x{n}", n=range(1, 25))
    assert row.tolist() == DAWSON[1:25]


# --- Tables and graphs -------------------------------------------------------------------------


def test_table_two_axes_is_nim_sum_for_lattice():
    t = grundy.table("nim {x} {y}", x=range(8), y=range(6))
    assert isinstance(t, np.ndarray) and t.shape == (8, 6)
    assert (np.asarray(t) == np.arange(8)[:, None] ^ np.arange(6)[None, :]).all()
    assert t.axes == ("x", "y") and t._repr_svg_().startswith("<svg")


def test_wythoff_table_equals_the_command_line_s():
    """grundy.table goes through the library's table assembly, as `grundy table` does."""
    exe = os.environ.get("GRUNDY_BIN") or shutil.which("grundy")
    if exe is None:
        if os.environ.get("CI") == "true":
            pytest.fail("GRUNDY_BIN (the grundy binary) is needed in CI")
        pytest.skip("no grundy binary: set GRUNDY_BIN")
    out = subprocess.run([exe, "table", "wythoff", "0..9", "0..7", "--json"], capture_output=True, text=True, check=True)
    cli = json.loads(out.stdout)["values"]
    t = grundy.table("wythoff {x} {y}", x=range(10), y=range(8))
    assert np.asarray(t).tolist() == cli
    # A placeholder range that is not consecutive is valued cell by cell, with the same values.
    assert grundy.table("wythoff {x} 7", x=[9, 3, 0]).tolist() == [cli[9][7], cli[3][7], cli[0][7]]


def test_table_blank_cells_and_errors():
    t = grundy.table("welter 5 {x}", x=range(1, 9))
    assert t[4] == grundy.BLANK  # two coins on square 5: not a position
    assert (np.asarray(t) != grundy.BLANK).sum() == 7
    with pytest.raises(ValueError, match="one or two placeholders"):
        grundy.table("nim 3")
    with pytest.raises(TypeError, match="range for"):
        grundy.table("nim {x}")


def test_graph_pairs_and_cycles():
    g = grundy.graph([("a", "b"), ("b", "c")])
    assert {v: x.value for v, x in g.items()} == {"a": 0, "b": 1, "c": 0}
    assert [m.to for m in g["b"].winning_moves] == ["c"]
    loop = grundy.graph([(1, 2), (2, 1), (3, 1)])
    assert all(loop[v].outcome == "D" and loop[v].value is None for v in (1, 2, 3))
    with pytest.raises(ValueError, match="self-loop"):
        grundy.graph([("a", "a")])


def test_graph_networkx():
    if os.environ.get("CI") == "true":
        import networkx as nx  # CI installs it: a missing networkx fails there
    else:
        nx = pytest.importorskip("networkx")
    d = nx.DiGraph([(0, 1), (1, 2), (2, 0), (2, 3)])
    d.add_node(9)
    g = grundy.graph(d)
    assert g[9].value == 0 and g[3].value == 0
    assert g[2].outcome == "N"  # it moves to the terminal vertex 3
    pairs = grundy.graph(list(d.edges()) + [])
    assert {v: (x.value, x.escapes) for v, x in pairs.items()} == {
        v: (g[v].value, g[v].escapes) for v in pairs
    }


# --- Python callables against the built-in games -----------------------------------------------


def one_two_three(n):
    return [n - k for k in (1, 2, 3) if k <= n]


def grundy_game(n):
    return [(a, n - a) for a in range(1, n) if a < n - a]


def kayles(n):
    return [(a, n - 1 - a) for a in range(n)] + [(a, n - 2 - a) for a in range(n - 1)]


def test_callable_1_2_3_equals_subtraction():
    s = grundy.sequence(one_two_three, to=500)
    assert s.values.tolist() == grundy.sequence("subtraction --set 1,2,3", to=500).values.tolist()
    assert s.period == 4 and not s.proved  # observed only
    proved = grundy.sequence(one_two_three, to=500, window=3)
    assert proved.proved and proved.period == 4
    assert set(s.timing) == {"callback", "conversion", "mex"}


def test_callable_grundy_game_equals_builtin():
    s = grundy.sequence(grundy_game, to=400)
    assert s.values.tolist() == grundy.sequence("grundy-game", to=400).values.tolist()


def test_callable_kayles_equals_octal():
    s = grundy.sequence(kayles, to=300)
    assert s.values.tolist() == grundy.sequence("0.77", to=300).values.tolist()


def test_solve_nim_and_grundy_game():
    def nim(heaps):
        return [heaps[:i] + (k,) + heaps[i + 1 :] for i, h in enumerate(heaps) for k in range(h)]

    v = grundy.solve((3, 4, 5), nim)
    assert v.value == 2 and [m.to for m in v.winning_moves] == [(1, 4, 5)]
    gg = [grundy.solve(n, lambda n: [grundy.Sum(a, n - a) for a in range(1, n) if a < n - a]).value for n in range(21)]
    assert gg == GRUNDY_GAME
    # A sum option with parts of another shape: Kayles rows as sums.
    kv = grundy.solve(30, lambda n: [grundy.Sum(*p) for p in kayles(n)])
    assert kv.value == grundy.sequence("0.77", to=30).values[30]


def test_solve_loopy_values():
    # 0 <-> 1 and nothing else: a draw, ∞(∅).
    v = grundy.solve(0, lambda p: [1 - p])
    assert (v.value, v.escapes, v.outcome) == (None, [], "D")
    assert [m.to for m in v.drawing_moves] == [1]
    # Smith's example shape: a cycle with an exit to a terminal position: the same values as the
    # digraph solver.
    arcs = {0: [1], 1: [0, 2], 2: [3, 0], 3: []}
    v = grundy.solve(0, arcs.__getitem__)
    g = grundy.graph([(u, w) for u in arcs for w in arcs[u]])
    for p in arcs:
        s = grundy.solve(p, arcs.__getitem__)
        assert (s.value, s.escapes, s.outcome) == (g[p].value, g[p].escapes, g[p].outcome)
    # A loopy position in a sum. d <-> d2 is a draw; a moves to it or to a terminal t: ∞(0).
    spin = {"a": ["d", "t"], "d": ["d2"], "d2": ["d"], "t": [], "one": ["z"], "z": []}
    alone = grundy.solve("a", spin.__getitem__)
    assert (alone.value, alone.escapes, alone.outcome) == (None, [0], "N")
    assert [m.to for m in alone.winning_moves] == ["t"]
    # s's one option is a + *1 = ∞(1): s has no finite follower, so γ(s) = ∞(∅), a draw.
    game = dict(spin, s=[grundy.Sum("a", "one")])
    s = grundy.solve("s", game.__getitem__)
    assert (s.value, s.escapes, s.outcome) == (None, [], "D")
    # Positions that reach a cycle may still have finite values, also inside sums: b (below)
    # has value 1 (b2 is P), so Sum(b, one) is 1 ⊕ 1 = 0 and u, whose only option it is, is 1.
    game = {"b": ["b2", "t"], "b2": ["b"], "t": [], "one": ["z"], "z": [], "u": [grundy.Sum("b", "one")]}
    assert grundy.solve("b", game.__getitem__).value == 1
    u = grundy.solve("u", game.__getitem__)
    assert (u.value, u.outcome) == (1, "N") and u.winning_moves[0].to == grundy.Sum("b", "one")


# --- Errors, limits, Ctrl-C, the GIL --------------------------------------------------------------


def test_bad_specs_raise_value_error_with_the_cli_message():
    with pytest.raises(ValueError, match=r"unknown game `nimm` \(did you mean `nim`\?\)"):
        grundy.value("nimm 3")
    with pytest.raises(ValueError):
        grundy.value("nim x")
    with pytest.raises(ValueError, match="not a one-heap game"):
        grundy.sequence("cram", to=5)
    with pytest.raises(TypeError):
        grundy.value(5)
    with pytest.raises(ValueError):
        grundy.sequence("0.77", to=-1)


def test_bad_callables():
    with pytest.raises(ValueError, match="smaller than 3"):
        grundy.sequence(lambda n: [n] if n == 3 else [], to=3)
    with pytest.raises(TypeError, match="each option must be an int"):
        grundy.sequence(lambda n: ["x"] if n else [], to=3)
    with pytest.raises(ZeroDivisionError):
        grundy.sequence(lambda n: [1 // 0], to=3)
    with pytest.raises(ValueError, match="window=2 was declared"):
        grundy.sequence(one_two_three, to=10, window=2)
    with pytest.raises(TypeError):
        grundy.solve(0, lambda p: [[1]])  # an unhashable option


def test_limits_raise_limit_error():
    with pytest.raises(grundy.LimitError, match=r"state limit\); raise it with max_states=$"):
        grundy.value("cram 5x5", max_states=10)
    with pytest.raises(grundy.LimitError):
        grundy.solve(0, lambda n: [n + 1], max_states=1000)
    assert issubclass(grundy.LimitError, RuntimeError)


def test_an_address_space_limit_is_named_not_max_memory():
    # Under `ulimit -v` (as shared clusters set) the budget is 7/8 of the address space:
    # max_memory= cannot raise it, so the message says which limit it is.
    script = (
        "import grundy\n"
        "try:\n"
        "    grundy.sequence('0.007', to=4 * 10**9)\n"
        "except grundy.LimitError as e:\n"
        "    print(e)\n"
    )
    import sys

    out = subprocess.run(
        ["sh", "-c", 'ulimit -v 3000000 && exec "$0" -c "$1"', sys.executable, script],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "address-space limit" in out.stdout, (out.stdout, out.stderr)
    assert "max_memory=" not in out.stdout, out.stdout


LONG = "cram 6x7"  # minutes of work


def test_ctrl_c_stops_a_long_computation_within_a_second(ctrl_c):
    rc, out, took = ctrl_c(f"grundy.value({LONG!r})")
    assert rc == 7 and out == "interrupted"
    assert took < 1.0, f"stopped {took:.2f} s after Ctrl-C"


def test_ctrl_c_stops_a_python_callable_game(ctrl_c):
    rc, _, _ = ctrl_c("grundy.sequence(lambda n: range(n), to=10**7)", after=0.5, timeout=5)
    assert rc == 7


def test_long_rust_work_releases_the_gil():
    ticks = []
    done = threading.Event()

    def work():
        try:
            grundy.value("cram 5x7")  # about 0.3 s: long enough to count ticks in
        finally:
            done.set()

    t = threading.Thread(target=work)
    t.start()
    start = time.monotonic()
    while not done.is_set() and time.monotonic() - start < 0.5:
        ticks.append(1)
        time.sleep(0.001)
    t.join()
    # Python code ran in this thread while the engine worked in the other one.
    assert len(ticks) > 10


# --- Jupyter and the objects --------------------------------------------------------------------


def test_reprs():
    v = grundy.value("nim 10 12 5")
    assert repr(v) == "<grundy.Value nim 10 12 5: value 3, outcome N, 1 winning move: 10 → 9>"
    assert "value 3" in v._repr_html_()
    s = grundy.sequence("0.77", to=100)
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 101
    assert "period 12" in repr(s)
    assert grundy.value("nim 1 2 3").summary().endswith("0 winning moves")


def test_package_is_typed():
    import pathlib

    root = pathlib.Path(grundy.__file__).parent
    assert (root / "py.typed").exists() and (root / "_grundy.pyi").exists()
    for name in grundy.__all__:
        assert getattr(grundy, name).__doc__ or name in ("BLANK", "LOOPY")


def test_docstring_examples():
    import doctest

    failed, tried = doctest.testmod(grundy, extraglobs={"grundy": grundy, "Sum": grundy.Sum})
    assert tried > 10 and failed == 0


def test_a_huge_proved_sequence_is_refused_as_a_memory_limit():
    # Kayles to 4·10^9 is computed at once (the period is proved) but its 32 GB of values cannot
    # be listed within a memory limit of 1 GB: refused before the allocation.
    with pytest.raises(grundy.LimitError, match="memory"):
        grundy.sequence("0.77", to=4 * 10**9, max_memory="1G")


def test_graph_families_node_kayles():
    # Issue 31: families go through the registry's parser. OEIS A344227 (queens graphs) and
    # A316632 (3×n grids); a path of n vertices is Dawson's chess (0.137).
    assert [grundy.value(f"node-kayles queens {n}").value for n in range(1, 9)] == [1, 1, 2, 1, 3, 1, 2, 3]
    grid = grundy.sequence("node-kayles grid 3x{n}", to=16)
    assert grid.values.tolist() == [0, 2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3]
    # `sequence` of paths takes the heap game by that theorem; the census runs the graph engine.
    paths = grundy.census("node-kayles:path {n}", to=60, frame=False)
    assert [r["largest_value"] for r in paths] == grundy.sequence("0.137", to=60).values.tolist()
    assert grundy.sequence("node-kayles path {n}", to=60).values.tolist() == [r["largest_value"] for r in paths]
    assert grundy.value("arc-kayles cycle 9").value == grundy.value("node-kayles cycle 9").value
