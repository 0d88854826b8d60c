"""Issue 34, the notebook: rich reprs (moves tables, sums, quotients, graphs, plots with ticks
and legends), ``grundy.quotient``, ``grundy.__version__``, graphs given as edges, limits
honoured for Python games, and messages in Python's words."""

import itertools
import random
import re
from pathlib import Path

import numpy as np
import pytest

import grundy

CRATE = Path(__file__).resolve().parent.parent


def test_version_is_the_crate_s():
    manifest = (CRATE / "Cargo.toml").read_text()
    version = re.search(r'^version\s*=\s*"([^"]+)"', manifest, re.M)
    if version is None:  # the workspace's version
        manifest = (CRATE.parent.parent / "Cargo.toml").read_text()
        version = re.search(r'^version\s*=\s*"([^"]+)"', manifest, re.M)
    assert grundy.__version__ == version.group(1)


# --- Values and sums in a notebook ----------------------------------------------------------


def test_value_html_lists_every_winning_move():
    v = grundy.value("nim 7 7 1")
    html = v._repr_html_()
    assert html.count("<tr>") == 1 + len(v.winning_moves) and len(v.winning_moves) >= 2
    for m in v.winning_moves:
        assert f"<td>{m.text}</td>" in html and f"<td>{m.to}</td>" in html


def test_value_html_is_bounded():
    # A table of 500 moves shows MAX_ROWS of them and counts the rest.
    html = grundy._reports._html_table(["move"], [[i] for i in range(500)])
    assert html.count("<tr>") == 1 + grundy._reports.MAX_ROWS and "450 more" in html


def test_sum_html_names_each_component_and_equal_heaps_apart():
    s = grundy.sum("nim 4", "nim 4", "nim 1")
    html = s._repr_html_()
    assert "<td>nim</td><td>4</td><td>4</td>" in html
    # Two equal summands: each winning move says which one it is made in.
    assert all(m.component in (1, 2, 3) for m in s.winning_moves)
    assert "<th>in #</th>" in html


def test_a_p_position_says_why_no_move_wins():
    assert "No winning move" in grundy.value("nim 1 2 3")._repr_html_()


# --- Graphs given as edges ------------------------------------------------------------------


def test_value_of_a_graph_given_as_edges_equals_the_file_s():
    # The example file is a path of 7 vertices; the same path given as edges.
    path = grundy.value("node-kayles " + str(CRATE.parent.parent / "examples/graphs/path7.txt"))
    edges = [(c, chr(ord(c) + 1)) for c in "abcdef"]
    assert grundy.value("node-kayles", graph=edges).value == path.value
    # Only some vertices still in play: the words after the name.
    assert grundy.value("node-kayles a b c", graph=edges).value == grundy.sequence("0.137", to=3)[3]


def test_networkx_graphs_equal_the_built_in_families():
    nx = pytest.importorskip("networkx")
    for r, c in [(2, 5), (3, 3), (3, 4)]:
        family = grundy.value(f"node-kayles grid {r}x{c}").value
        assert grundy.value("node-kayles", graph=nx.grid_2d_graph(r, c)).value == family
    assert grundy.value("node-kayles", graph=nx.cycle_graph(9)).value == grundy.value("node-kayles cycle 9").value


def test_a_graph_with_isolated_vertices_and_bad_edges():
    nx = pytest.importorskip("networkx")
    g = nx.Graph()
    g.add_nodes_from([1, 2, 3])  # three isolated vertices: three moves of value 1 each
    assert grundy.value("node-kayles", graph=g).value == 1
    with pytest.raises(ValueError, match="pair"):
        grundy.value("node-kayles", graph=[(1, 2, 3)])
    with pytest.raises(TypeError, match="not a string"):
        grundy.value("node-kayles", graph="a b")


def test_graph_values_draw_and_take_max_states():
    g = grundy.graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")], max_states=10)
    html = g._repr_html_()
    assert html.startswith("<svg") and html.count("<circle") == 4 and html.count("marker-end") == 4
    assert g.arcs[0] == ("a", "b")
    with pytest.raises(grundy.LimitError, match="max_states"):
        grundy.graph([("a", "b"), ("b", "c")], max_states=2)


# --- Quotients --------------------------------------------------------------------------------


def test_quotient_decides_sums_as_the_misere_search_does():
    q = grundy.quotient("0.75", to=12)
    assert q.verified_to == 12 and q.order % 2 == 0
    rng = random.Random(34)
    for _ in range(25):
        heaps = [rng.randint(1, 12) for _ in range(rng.randint(1, 4))]
        by_quotient = grundy.quotient("0.75", to=12, heaps=heaps).sum["outcome"]
        by_search = grundy.sum(*[f"0.75 {h}" for h in heaps], misere=True).outcome
        assert by_quotient == by_search, heaps


def test_quotient_of_misere_nim_is_tame():
    # Misère Nim on heaps < 8: the tame quotient T_3 of order 2^3 + 2 (Plambeck–Siegel).
    q = grundy.quotient("nim", to=7)
    assert (q.order, len(q.p_portion), q.tame) == (10, 2, True)
    html = q._repr_html_()
    assert "Presentation" in html and html.count("<tr>") == 1 + 8
    assert q.presentation().startswith("⟨a, b, c |")


def test_quotient_bad_input_in_python_s_words():
    with pytest.raises(ValueError, match="not a one-heap game"):
        grundy.quotient("maze", to=5)
    with pytest.raises(ValueError) as e:
        grundy.quotient("0.75", to=5, heaps=[9])
    assert "--" not in str(e.value)
    with pytest.raises(ValueError, match="natural"):
        grundy.quotient("0.75", to=-1)


# --- Plots ------------------------------------------------------------------------------------


def test_sequence_plot_has_ticks_and_draws_a_million_heaps_as_columns():
    s = grundy.sequence("grundy-game", to=10**6)
    svg = s._repr_svg_()
    # Downsampled: at most MAX_POINTS columns, each a bucket's range; the largest value shows.
    assert svg.count("<line") <= grundy._plots.MAX_POINTS + 40
    assert "each column the range" in svg
    top = int(s.values.max())
    assert f">{top}</text>" in svg
    assert ">1000000</text>" in svg


def test_ticks_are_round_and_cover_the_range():
    assert grundy._plots.ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    assert grundy._plots.ticks(0, 7) == [0, 2, 4, 6, 7]
    assert grundy._plots.ticks(5, 5) == [5]


def test_heat_map_has_a_legend_and_ticks():
    t = grundy.table("nim {x} {y}", x=range(16), y=range(16))
    svg = t._repr_svg_()
    assert "value" in svg and "blank" in svg and "loopy" in svg
    # Tick labels along both axes (the ranges' numbers), and the largest value in the legend.
    assert svg.count(">15</text>") >= 3
    assert svg.count("<rect") >= 256


# --- Limits for Python games ----------------------------------------------------------------


def test_an_endless_options_iterator_stops_at_max_memory():
    with pytest.raises(grundy.LimitError, match="memory"):
        grundy.sequence(lambda n: itertools.cycle([0]) if n == 3 else [], to=5, max_memory="300M")


def test_solve_with_an_endless_options_iterator_stops_at_max_memory():
    def options(p):
        return itertools.cycle([0]) if p == 1 else [0, 1]

    with pytest.raises(grundy.LimitError, match="memory"):
        grundy.solve(2, options, max_memory="300M")


def test_callable_sequences_honour_max_states():
    with pytest.raises(grundy.LimitError, match="max_states"):
        grundy.sequence(lambda n: [], to=100, max_states=50)
    assert len(grundy.sequence(lambda n: [], to=49, max_states=50)) == 50


# --- Messages in Python's words ---------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: grundy.sequence("maze", to=5),
        lambda: grundy.sequence("maze", to=5, misere=True),
        lambda: grundy.value("kayles 10", max_memory="lots"),
        lambda: grundy.sequence("0.07", to=10**13),
        lambda: grundy.quotient("0.75", to=3, heaps=[4]),
    ],
)
def test_messages_name_no_command_line_flag(call):
    with pytest.raises((ValueError, grundy.LimitError)) as e:
        call()
    assert not re.search(r"--[a-z]", str(e.value)), str(e.value)


def test_a_three_heap_code_s_first_values():
    # 0.99999 to 10 used to compute 4096 heaps (17 s) looking for a period, now 512 at most (the
    # look-ahead itself is asserted by the library test three_heap_codes_look_ahead_less).
    s = grundy.sequence("0.99999", to=10)
    assert s.values.tolist() == [0, 1, 1, 1, 2, 2, 0, 0, 0, 3, 3]
    assert np.array_equal(s.values, grundy.sequence("0.99999", to=10, all=True).values)


def test_a_quotient_stopped_by_a_limit_raises():
    # The command line prints the heaps proved before the limit; Python answers whole or raises.
    with pytest.raises(grundy.LimitError, match="max_states"):
        grundy.quotient("0.07", to=30, max_states=50)


def test_kayles_quotient_is_the_same_for_every_heap():
    q = grundy.quotient("kayles", to=300)
    assert q.all_heaps and q.period == 12 and "every heap" in q.summary()
