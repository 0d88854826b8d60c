"""grundy: Sprague–Grundy values of impartial games, computed in Rust.

Games are named as on the ``grundy`` command line (``"nim 10 12 5"``, ``"cram 4x5"``,
``"subtraction --set 1,2,3 10"``, ``"0.137 5 9"``; ``grundy list`` shows them all), or written
in Python as a function giving the options of a position.

>>> import grundy
>>> grundy.value("nim 10 12 5").value
3
>>> [m.to for m in grundy.value("nim 10 12 5").winning_moves]
['9 12 5']
>>> grundy.sequence("0.77", to=100).period          # Kayles: period 12 from heap 71, proved
12
>>> grundy.solve(10, lambda n: [n - k for k in (1, 2, 3) if k <= n]).value
2

Functions: :func:`value`, :func:`sum`, :func:`sequence`, :func:`solve`, :func:`table`,
:func:`graph`, :func:`quotient`, :func:`census`, :func:`split_value`. Bad input raises ``ValueError`` with the library's message; a limit
(``max_states``, ``max_memory``) raises :class:`LimitError`; Ctrl-C stops a computation within a
second (``KeyboardInterrupt``). Long computations release the GIL. docs/python.md is the guide.
"""

from __future__ import annotations

import json as _json
import string as _string
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Union

import numpy as _np

from . import _grundy
from ._grundy import BLANK, LOOPY, LimitError, __version__
from ._reports import Component, GraphValues, Move, Quotient, Sequence, Table, Value
from ._census import census, census_members, census_row
from ._split import split_tasks, split_task, split_test, split_value

__all__ = [
    "value",
    "has_value",
    "sum",
    "sequence",
    "solve",
    "table",
    "graph",
    "quotient",
    "census",
    "census_members",
    "census_row",
    "split_tasks",
    "split_task",
    "split_test",
    "split_value",
    "Sum",
    "Value",
    "Move",
    "Component",
    "Sequence",
    "Table",
    "Quotient",
    "GraphValues",
    "LimitError",
    "BLANK",
    "LOOPY",
]

#: Most cells in one :func:`table` (as on the command line).
MAX_CELLS = 1_000_000


def _spec(spec: Any, what: str = "spec") -> str:
    if not isinstance(spec, str):
        raise TypeError(f"{what} must be a string of the command line's words, e.g. 'nim 10 12 5', not {type(spec).__name__}")
    return spec


def _flag(misere: Any) -> bool:
    if not isinstance(misere, bool):
        raise TypeError(f"misere must be True or False, not {misere!r}")
    return misere


def value(
    spec: str,
    *,
    graph: Any = None,
    misere: bool = False,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
    moves: bool = True,
) -> Value:
    """The value of a position named as on the command line (``grundy value GAME ARGS``).

    >>> v = grundy.value("nim 10 12 5")
    >>> v.value, v.outcome, [m.text for m in v.winning_moves]
    (3, 'N', ['10 → 9'])

    ``misere=True``: misère play (whoever makes the last move loses; ``grundy value --misere``):
    the value is the misère Grundy value (0 exactly at P-positions) and ``convention`` is
    ``"misere"``.

    >>> grundy.value("nim 1 1", misere=True).outcome
    'N'

    ``graph=``: for a game played on a graph file (``grundy list`` shows which games read one),
    the graph itself instead of a file: an iterable of edges ``(u, v)`` or a networkx graph
    (its isolated vertices count too). ``spec`` is then the game's name and, optionally, the
    vertices still in play; the graph is given to the game as the file ``graph.json``.

    >>> grundy.value("node-kayles", graph=[(1, 2), (2, 3)]).value   # a path of 3: 0.137's g(3)
    2

    ``max_states`` bounds the positions a search keeps, ``max_memory`` (``"512M"``, ``"8G"``)
    the process's memory; reaching either raises :class:`LimitError`. ``moves=False`` stops
    after the value and the outcome (``--no-moves``): the winning moves of a hard board can
    cost more than its value.
    """
    files = None
    spec = _spec(spec)
    if graph is not None:
        words = spec.split()
        if not words:
            raise ValueError("with graph=, spec is the game's name, e.g. value('node-kayles', graph=edges)")
        files = {GRAPH_FILE: _graph_json(graph)}
        spec = " ".join([words[0], GRAPH_FILE] + words[1:])
    report = _grundy.value_json(spec, max_states, max_memory, _flag(misere), files, bool(moves))
    return Value._from_report(_json.loads(report))


def has_value(
    spec: str,
    k: int,
    *,
    misere: bool = False,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> bool:
    """Whether the value of the position ``spec`` is the nimber ``k`` (``grundy value SPEC --is
    K``): the test "g = k?" of a nimber-first search. Cram's engine answers it without the value
    itself, asking each option only what the test needs, which can cost far less than
    :func:`value` (a split board's tasks, :func:`split_value`); other games compare the value.

    >>> grundy.has_value("cram 3x4", 1), grundy.has_value("nim 3 4", 0)
    (True, False)
    """
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < 2**64:
        raise ValueError(f"k must be a nimber (an int from 0 to 2**64 - 1), not {k!r}")
    report = _grundy.has_value_json(_spec(spec), k, max_states, max_memory, _flag(misere))
    return bool(_json.loads(report)["answer"])


#: The name a graph given to :func:`value` as ``graph=`` is read under.
GRAPH_FILE = "graph.json"


def _vertex_names(vertices: list) -> List[str]:
    """Names for the vertices as the library's words: ``str(v)``, else ``repr(v)``, else the
    index, whichever is unique and free of spaces."""
    for name in (str, repr):
        names = [name(v) for v in vertices]
        if len(set(names)) == len(names) and all(n and not any(c.isspace() for c in n) for n in names):
            return names
    return [str(i) for i in range(len(vertices))]


def _edges(graph: Any) -> "tuple[list, list]":
    """The vertices (in order of first appearance, isolated ones of a networkx graph included)
    and the edges of ``graph``: an iterable of pairs or a networkx graph."""
    vertices: list = []
    index: dict = {}

    def vertex(v: Any) -> int:
        if v not in index:
            index[v] = len(vertices)
            vertices.append(v)
        return index[v]

    if hasattr(graph, "nodes") and hasattr(graph, "edges"):
        for v in graph.nodes:
            vertex(v)
        pairs = list(graph.edges())
    else:
        if isinstance(graph, (str, bytes)):
            raise TypeError("graph= takes edges (u, v) or a networkx graph, not a string")
        pairs = []
        for e in graph:
            try:
                u, v = e
            except (TypeError, ValueError):
                raise ValueError(f"each edge must be a pair (u, v), not {e!r}") from None
            pairs.append((u, v))
    edges = [(vertex(u), vertex(v)) for u, v in pairs]
    return vertices, edges


def _graph_json(graph: Any) -> str:
    """``graph`` as the library's JSON graph text (``{"vertices": [...], "arcs": [...]}``)."""
    vertices, edges = _edges(graph)
    if not vertices:
        raise ValueError("the graph has no vertices: give edges (u, v)")
    names = _vertex_names(vertices)
    return _json.dumps({"vertices": names, "arcs": [[names[u], names[v]] for u, v in edges]})


def sum(
    *specs: str, misere: bool = False, max_states: Optional[int] = None, max_memory: Optional[str] = None
) -> Value:
    """The value of the disjunctive sum of positions (``grundy sum 'GAME ARGS' ...``): the
    nim-sum of the summands' values, with ``components`` (each summand's value) and the winning
    moves, each with the ``component`` it is made in (1-based).

    >>> s = grundy.sum("grundy-game 8", "nim 5")
    >>> s.value, [c.value for c in s.components]
    (7, [2, 5])

    ``misere=True``: the sum under misère play (``grundy sum --misere``), searched whole (misère
    values do not add by nim-sum); each component's value is its own misère value.
    """
    report = _grundy.sum_json([_spec(s) for s in specs], max_states, max_memory, _flag(misere))
    return Value._from_report(_json.loads(report))


def sequence(
    game: Union[str, Callable[[int], Iterable[Any]]],
    to: int,
    *,
    misere: bool = False,
    window: Optional[int] = None,
    all: bool = False,
    method: Optional[str] = None,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> Sequence:
    """The values g(0..to) of a one-heap game, and their period.

    ``game`` is a spec without the heap (``"0.77"``, ``"grundy-game"``, ``"subtraction --set
    1,2"``) or a Python callable ``options(n)`` returning the options of a heap of n: each an
    int (one heap) or a tuple of ints (a split into heaps, valued by the nim-sum of their
    values); every heap of an option must be smaller than n.

    For a spec, the period is proved where the theory allows (Guy–Smith for octal games, the
    window rule for subtraction games) and the rest of the values read off it (``all=True``
    computes every value; ``method`` is ``"auto"``, ``"plain"`` or ``"sparse"`` for octal
    codes). For a callable the period is only observed, unless ``window=m`` declares that for
    n ≥ m the options are the heaps n − s for one fixed set of s ≤ m (checked on every heap
    computed): then a repeated window of m values proves it.

    >>> grundy.sequence("grundy-game", to=10).values.tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    >>> grundy.sequence(lambda n: [n - k for k in (1, 2, 3) if k <= n], to=30, window=3).proved
    True

    ``misere=True`` (a spec only; ``grundy seq GAME --misere``): the misère Grundy values of
    heaps 0..to in ``values``, each heap's genus (Conway) in ``genus`` (``"0^120"``), whether it
    is tame in ``tame``, its normal value in ``normal``, and ``tame_to`` (every heap up to it is
    tame); no period.

    >>> grundy.sequence("kayles", to=4, misere=True).genus
    ['0^120', '1^031', '2^20', '3^31', '1^031']
    """
    if not isinstance(to, (int, _np.integer)) or isinstance(to, bool) or to < 0:
        raise ValueError(f"to must be a natural number (the last heap), not {to!r}")
    if _flag(misere):
        if callable(game) and not isinstance(game, str):
            raise ValueError("misere=True takes a spec (a heap game of the command line), not a Python callable")
        if window is not None or all or method is not None:
            raise ValueError("misere=True takes no window=, all= or method= (they are for normal play)")
        report = _grundy.genus_json(_spec(game, "game"), int(to), max_states, max_memory)
        return Sequence._misere(_json.loads(report))
    if callable(game) and not isinstance(game, str):
        name = getattr(game, "__name__", None)
        values, meta, (callback, conversion, mex) = _grundy.sequence_callable(
            game, int(to), window, None if name in (None, "<lambda>") else f"{name}(n)", max_states, max_memory
        )
        timing = {"callback": callback, "conversion": conversion, "mex": mex}
        return Sequence(values, _json.loads(meta), timing)
    if window is not None:
        raise ValueError("window= applies to a Python callable; a spec's period is proved by the engine")
    values, meta = _grundy.sequence_spec(_spec(game, "game"), int(to), all, method, max_states, max_memory)
    return Sequence(values, _json.loads(meta))


class Sum(tuple):
    """An option of a Python game (:func:`solve`) that is a disjunctive sum of positions:
    ``Sum(p, q)`` from ``options`` means "this move leaves the positions p and q side by side",
    valued by the nim-sum of their values. A plain tuple is one position."""

    def __new__(cls, *parts: Hashable) -> "Sum":
        return super().__new__(cls, parts)

    def __repr__(self) -> str:
        return "Sum(" + ", ".join(repr(p) for p in self) + ")"


def solve(
    position: Hashable,
    options: Callable[[Any], Iterable[Any]],
    *,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> Value:
    """The value of a position of any game written in Python: ``options(p)`` returns the options
    of position p (any hashable object). An option that is a :class:`Sum` is a sum of positions,
    valued by the nim-sum of their values. Every position's options are asked once (memoised in
    Rust). A game with cycles gets loopy values ∞(K) (outcome ``"D"`` for a draw) instead of
    hanging. The winning moves are the options themselves (``move.to``).

    >>> def options(heaps):           # Nim on a tuple of heaps, as one position
    ...     return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in range(h)]
    >>> grundy.solve((3, 4, 5), options).value
    2
    >>> grundy.solve(8, lambda n: [Sum(a, n - a) for a in range(1, (n + 1) // 2)]).value  # Grundy's game
    2
    """
    (v, k, outcome), opts, option_values, states = _grundy.solve_game(position, options, Sum, max_states, max_memory)
    escapes = k if v is None else None
    # The library says what each move does (a win: to value 0; a draw kept: from ∞ to ∞).
    wins = [Move(text=repr(o), to=o, value=ov) for o, (ov, _, kind) in zip(opts, option_values) if kind == "win"]
    draws = [Move(text=repr(o), to=o, value=ov) for o, (ov, _, kind) in zip(opts, option_values) if kind == "draw"]
    return Value(
        value=v,
        escapes=escapes,
        outcome=outcome,
        winning_moves=wins,
        drawing_moves=draws,
        position=position,
        states=states,
    )


def _table_words(spec: str, names: List[str], axes: List[list]) -> Optional[List[str]]:
    """The command line's table words (``welter 5 1..32``) for ``spec`` when the library's table
    assembly can take it: each placeholder a whole word after the game's name, used once, over
    consecutive increasing numbers. None otherwise (each cell is then valued on its own)."""
    words = spec.split()
    out = []
    used = []
    for i, w in enumerate(words):
        field = w[1:-1] if w.startswith("{") and w.endswith("}") else None
        if i > 0 and field in names and field not in used:
            a = axes[names.index(field)]
            if a != list(range(a[0], a[-1] + 1)):
                return None
            used.append(field)
            out.append(f"{a[0]}..{a[-1]}")
        elif "{" in w or "}" in w or ".." in w:
            return None
        else:
            out.append(w)
    return out if len(used) == len(names) else None


def table(
    spec: str,
    *,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
    **ranges: Iterable[int],
) -> Table:
    """The values of a family of positions over one or two ranges: ``spec`` has placeholders
    ``{x}`` (any names), each given a range of ints as a keyword argument.

    >>> grundy.table("welter 5 {x}", x=range(1, 9)).tolist()   # -1: two coins on square 5
    [3, 4, 5, 6, -1, 0, 1, 2]
    >>> grundy.table("lattice {x} {y}", x=range(4), y=range(4)).shape
    (4, 4)

    The result is a :class:`Table`, a NumPy integer array with one axis per placeholder in the
    order they appear in ``spec``: the nimber, :data:`BLANK` (-1) where the words are not a
    position, :data:`LOOPY` (-2) for a loopy value.
    """
    names = []
    for _, field, _, _ in _string.Formatter().parse(_spec(spec)):
        if field is not None:
            if field == "" or not field.isidentifier():
                raise ValueError(f"placeholders are written {{name}}, e.g. 'welter 5 {{x}}'; got {{{field}}}")
            if field not in names:
                names.append(field)
    if not 1 <= len(names) <= 2:
        raise ValueError("table needs one or two placeholders, e.g. 'welter 5 {x}' or 'lattice {x} {y}'")
    missing = [n for n in names if n not in ranges]
    if missing:
        raise TypeError(f"table needs a range for {{{missing[0]}}}, e.g. {missing[0]}=range(10)")
    extra = [n for n in ranges if n not in names]
    if extra:
        raise TypeError(f"{extra[0]}= has no placeholder {{{extra[0]}}} in {spec!r}")
    axes = [list(ranges[n]) for n in names]
    for n, a in zip(names, axes):
        if not a:
            raise ValueError(f"the range of {{{n}}} is empty")
        if any(not isinstance(x, (int, _np.integer)) or isinstance(x, bool) or x < 0 for x in a):
            raise ValueError(f"the range of {{{n}}} must hold natural numbers")
    count = 1
    for a in axes:
        count *= len(a)
    if count > MAX_CELLS:
        raise ValueError(f"the table has {count} cells: at most {MAX_CELLS} are accepted")
    words = _table_words(spec, names, axes)
    if words is not None:
        shape = tuple(len(a) for a in axes)
        cells = _grundy.table_grid(words, max_states, max_memory).reshape(shape)
        return Table(cells, spec, names, axes)
    if len(names) == 1:
        specs = [spec.format(**{names[0]: x}) for x in axes[0]]
        shape: tuple = (len(axes[0]),)
    else:
        specs = [spec.format(**{names[0]: x, names[1]: y}) for x in axes[0] for y in axes[1]]
        shape = (len(axes[0]), len(axes[1]))
    cells = _grundy.table_cells(specs, max_states, max_memory).reshape(shape)
    return Table(cells, spec, names, axes)


def graph(
    edges: Any, *, max_states: Optional[int] = None, max_memory: Optional[str] = None
) -> "GraphValues":
    """The value of every vertex of a digraph game (a token moves along an arc; who cannot move
    loses): ``edges`` is an iterable of ``(u, v)`` arcs or a networkx ``DiGraph`` (its isolated
    vertices count too). Graphs with cycles get loopy values ∞(K), outcome ``"D"`` for a draw.
    Self-loops and repeated arcs are refused, as in a graph file of the command line.
    ``max_states`` bounds the vertices (each is a position kept).

    >>> g = grundy.graph([("a", "b"), ("b", "c")])
    >>> {v: x.value for v, x in g.items()}
    {'a': 0, 'b': 1, 'c': 0}

    The result is a :class:`GraphValues` (a dict from vertex to :class:`Value`, with ``arcs``);
    Jupyter draws it, each vertex with its value.
    """
    if hasattr(edges, "is_directed") and not edges.is_directed():
        raise ValueError("graph needs a directed graph (networkx DiGraph); for an undirected one use G.to_directed()")
    vertices, arcs = _edges(edges)
    if not vertices:
        raise ValueError("the graph has no vertices: give arcs (u, v)")
    names = _vertex_names(vertices)
    labels = _grundy.graph_values(names, arcs, max_states, max_memory)
    out = GraphValues(arcs=[(vertices[u], vertices[w]) for u, w in arcs])
    for i, v in enumerate(vertices):
        label, k, outcome, win_to, draw_to = labels[i]
        val = None if label == LOOPY else label
        escapes = k if val is None else None
        # The library classified every arc (to value 0: a win; from ∞ to ∞ keeping the draw).
        wins = [Move(text=f"{v} → {vertices[w]}", to=vertices[w], value=0) for w in win_to]
        draws = [Move(text=f"{v} → {vertices[w]}", to=vertices[w], value=None) for w in draw_to]
        out[v] = Value(
            value=val, escapes=escapes, outcome=outcome, winning_moves=wins, drawing_moves=draws, position=v
        )
    return out


def quotient(
    game: str,
    to: int,
    *,
    heaps: Optional[Iterable[int]] = None,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> Quotient:
    """The misère quotient (Plambeck–Siegel) of a one-heap game restricted to heaps ≤ ``to``,
    verified for every sum of such heaps (``grundy quotient GAME --to N``; docs/misere.md).

    ``game`` is a spec without the heap (``"0.75"``, ``"kayles"``). The :class:`Quotient` has
    ``order`` (|Q|), ``p_portion``, ``generators``, ``relations``, ``elements``, each heap's
    element (``heap_elements``), ``tame``, and ``verified_to`` (below ``to`` when the
    construction stopped early, ``stopped`` saying why). ``heaps=[...]``: a sum of heaps
    decided through the quotient (``sum``: its element, outcome and winning moves).

    >>> q = grundy.quotient("0.75", to=20)
    >>> q.order, len(q.p_portion)
    (8, 2)
    """
    if not isinstance(to, (int, _np.integer)) or isinstance(to, bool) or to < 0:
        raise ValueError(f"to must be a natural number (the last heap), not {to!r}")
    hs = None
    if heaps is not None:
        hs = [int(h) for h in heaps]
        if any(h < 0 for h in hs):
            raise ValueError("heaps must be natural numbers")
    report = _grundy.quotient_json(_spec(game, "game"), int(to), hs, max_states, max_memory)
    return Quotient(_json.loads(report))
