"""The objects the ``grundy`` functions return: :class:`Value`, :class:`Move`,
:class:`Component`, :class:`Sequence`, :class:`Table`, :class:`Quotient` and
:class:`GraphValues`.

They are filled from the command line's ``--json`` reports (docs/json.md), so a value read here
is the value ``grundy value --json`` prints. Jupyter shows a value as its summary with a table
of its moves (at most :data:`MAX_ROWS` rows), a sum with its components, a quotient with its
presentation, sequences and tables as SVG plots and a graph as an SVG drawing
(:mod:`grundy._plots`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence as Seq, Tuple

import numpy as np

from . import _plots

__all__ = ["Move", "Component", "Value", "Sequence", "Table", "Quotient", "GraphValues"]

#: Most rows a notebook table shows (moves, heaps); the rest is counted, not listed.
MAX_ROWS = 50


def _esc(x: Any) -> str:
    import html

    return html.escape(str(x))


def _html_table(head: List[str], rows: List[List[Any]], total: Optional[int] = None) -> str:
    """An HTML table of at most :data:`MAX_ROWS` rows; ``total`` rows in all (the others
    counted in a last line)."""
    total = len(rows) if total is None else total
    out = ["<table><thead><tr>", "".join(f"<th>{_esc(h)}</th>" for h in head), "</tr></thead><tbody>"]
    for row in rows[:MAX_ROWS]:
        out.append("<tr>" + "".join(f"<td>{_esc(c)}</td>" for c in row) + "</tr>")
    out.append("</tbody></table>")
    if total > MAX_ROWS:
        out.append(f"<p>… and {total - MAX_ROWS} more (the whole list is in Python).</p>")
    return "".join(out)


def _nimber(v: Any) -> Tuple[Optional[int], Optional[List[int]]]:
    """A JSON value: a number (a string above 2^53), or ``{"infinite": true, "escapes": K}``."""
    if isinstance(v, dict):
        return None, [int(e) for e in v.get("escapes", [])]
    return int(v), None


def _show(value: Optional[int], escapes: Optional[List[int]]) -> str:
    """A value as the command line writes it: ``3``, ``∞(0,2)``, ``∞(∅)``."""
    if value is not None:
        return str(value)
    k = ",".join(str(e) for e in escapes or [])
    return f"∞({k or '∅'})"


@dataclass(frozen=True)
class Move:
    """One move: ``text`` in the game's notation (``"10 → 9"``), ``to`` the position after it
    (a spec string for built-in games, the option itself for :func:`grundy.solve`), ``value``
    the value after the move where known (0 for a winning move; ``None`` for a loopy value), and
    ``component``, the summand it is made in (1-based) for a sum."""

    text: str
    to: Any
    value: Optional[int] = None
    component: Optional[int] = None

    def __repr__(self) -> str:
        where = f" in #{self.component}" if self.component is not None else ""
        return f"Move({self.text!r}{where} → {self.to!r}, value {self.value})"


@dataclass(frozen=True)
class Component:
    """One summand of a :func:`grundy.sum`: its game, position and value."""

    game: str
    position: str
    value: Optional[int]
    escapes: Optional[List[int]] = None

    def __repr__(self) -> str:
        return f"Component({self.game} {self.position}: {_show(self.value, self.escapes)})"


@dataclass(frozen=True)
class Value:
    """The value of a position.

    - ``value``: the nimber (an int), or ``None`` for a loopy value ∞(K);
    - ``escapes``: K for a loopy value (the finite values among the options), else ``None``;
    - ``outcome``: ``"P"`` (the player to move loses), ``"N"`` (the player to move wins) or
      ``"D"`` (a draw, loopy games);
    - ``winning_moves``: every move to a position of value 0;
    - ``drawing_moves``: in a draw, the moves that keep it;
    - ``game`` and ``position``: the game's name and the position in its notation (for
      :func:`grundy.solve`, ``position`` is the position object and ``game`` is ``None``);
    - ``components``: for :func:`grundy.sum`, the summands with their values;
    - ``convention``: ``"normal"``, or ``"misere"`` (``misere=True``: whoever moves last loses;
      ``value`` is then the misère Grundy value).

    ``int(v)`` is the nimber (``ValueError`` for a loopy value); ``bool(v)`` is whether the
    player to move wins.
    """

    value: Optional[int]
    outcome: str
    winning_moves: List[Move] = field(default_factory=list)
    escapes: Optional[List[int]] = None
    game: Optional[str] = None
    position: Any = None
    drawing_moves: List[Move] = field(default_factory=list)
    components: Optional[List[Component]] = None
    states: Optional[int] = None
    convention: str = "normal"

    @property
    def loopy(self) -> bool:
        """Whether the value is ∞(K) (the position can reach a cycle it cannot leave safely)."""
        return self.value is None

    def __int__(self) -> int:
        if self.value is None:
            raise ValueError(f"the value {_show(None, self.escapes)} is loopy, not a nimber")
        return self.value

    def __index__(self) -> int:
        return self.__int__()

    def __bool__(self) -> bool:
        return self.outcome == "N"

    def summary(self) -> str:
        """The one-line summary Jupyter shows: position, value, outcome, winning moves."""
        name = " ".join(str(x) for x in (self.game, self.position) if x not in (None, ""))
        if self.components is not None:
            name = " + ".join(f"{c.game} {c.position}" for c in self.components)
        moves = len(self.winning_moves)
        counted = f"{moves} winning move{'s' if moves != 1 else ''}"
        if moves and moves <= 3:
            counted += ": " + ", ".join(m.text for m in self.winning_moves)
        head = f"{name}: " if name else ""
        if self.convention == "misere":
            head += "misère "
        return f"{head}value {_show(self.value, self.escapes)}, outcome {self.outcome}, {counted}"

    def __repr__(self) -> str:
        return f"<grundy.Value {self.summary()}>"

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        """The summary, the components of a sum, and the winning (or drawing) moves as tables."""
        parts = [f"<p><code>{_esc(self.summary())}</code></p>"]
        if self.components:
            parts.append(
                _html_table(
                    ["#", "game", "position", "value"],
                    [[i + 1, c.game, c.position, _show(c.value, c.escapes)] for i, c in enumerate(self.components)],
                )
            )
        for title, moves in (("winning move", self.winning_moves), ("move that keeps the draw", self.drawing_moves)):
            if not moves:
                continue
            head = ["move", "to", "value after"]
            rows = [[m.text, m.to, "∞" if m.value is None else m.value] for m in moves]
            if any(m.component is not None for m in moves):
                head.insert(0, "in #")
                for row, m in zip(rows, moves):
                    row.insert(0, "" if m.component is None else m.component)
            if len(moves) != 1:
                title = title.replace("move", "moves").replace("keeps", "keep")
            parts.append(f"<p>{len(moves)} {title}:</p>" + _html_table(head, rows))
        if not self.winning_moves and not self.drawing_moves and self.outcome == "P":
            parts.append("<p>No winning move: every move leaves a position of nonzero value.</p>")
        return "".join(parts)

    @classmethod
    def _from_report(cls, r: Dict[str, Any]) -> "Value":
        """From the command line's ``value --json`` or ``sum --json`` document."""

        def moves(key: str, value: Optional[int]) -> List[Move]:
            return [
                Move(text=m["move"], to=m["position"], value=value, component=m.get("component"))
                for m in r.get(key) or []
            ]

        value, escapes = _nimber(r["value"])
        components = None
        if "components" in r:
            components = []
            for c in r["components"]:
                v, k = _nimber(c["value"])
                components.append(Component(game=c["game"], position=c["position"], value=v, escapes=k))
        return cls(
            value=value,
            escapes=escapes,
            outcome=r["outcome"],
            winning_moves=moves("winning_moves", 0),
            drawing_moves=moves("drawing_moves", None),
            game=r.get("game"),
            position=r.get("position"),
            components=components,
            convention=r.get("convention", "normal"),
        )


class Sequence:
    """The values g(0..N) of a one-heap game.

    - ``values``: a NumPy integer array of length N + 1 (``seq[n]`` and ``len(seq)`` read it too);
    - ``period``, ``preperiod``, ``saltus``: g(n + period) = g(n) + saltus for n ≥ preperiod,
      when a period was found (else ``None``);
    - ``proved``: whether that period is proved (Guy–Smith, a window rule, a law of the game);
      for a Python callable it is only observed unless ``window=`` was declared;
    - ``reason`` and ``method``: how the period was found and how the values were computed;
    - ``timing`` (Python callables only): seconds spent in the callback, in converting its
      answers, and in the mexes;
    - ``convention``: ``"normal"``, or ``"misere"`` (``misere=True``): then ``values`` are the
      misère Grundy values, ``genus`` each heap's genus (``"1^031"``), ``tame`` whether each
      heap is tame, ``normal`` the normal-play values, ``tame_to`` the largest N with heaps
      0..N all tame, and no period (these four are ``None`` under normal play).
    """

    def __init__(self, values: np.ndarray, meta: Dict[str, Any], timing: Optional[Dict[str, float]] = None):
        self.values: np.ndarray = values
        self.game: str = meta["game"]
        self.convention: str = meta.get("convention", "normal")
        self.genus: Optional[List[str]] = None
        self.tame: Optional[List[bool]] = None
        self.normal: Optional[np.ndarray] = None
        self.tame_to: Optional[int] = None
        self.method: str = meta.get("method", "misere-search")
        self.period: Optional[int] = _opt_int(meta.get("period"))
        self.preperiod: Optional[int] = _opt_int(meta.get("preperiod"))
        self.saltus: Optional[int] = _opt_int(meta.get("saltus"))
        self.proved: bool = bool(meta.get("proved"))
        self.reason: Optional[str] = meta.get("reason")
        self.timing: Optional[Dict[str, float]] = timing

    @classmethod
    def _misere(cls, r: Dict[str, Any]) -> "Sequence":
        """From the command line's ``seq --misere --json`` document."""
        values = np.array([int(h["misere"]) for h in r["heaps"]], dtype=np.uint64)
        seq = cls(values, {"game": r["game"], "convention": r["convention"], "method": "misere-search"})
        seq.genus = [h["genus"] for h in r["heaps"]]
        seq.tame = [bool(h["tame"]) for h in r["heaps"]]
        seq.normal = np.array([int(h["normal"]) for h in r["heaps"]], dtype=np.uint64)
        seq.tame_to = _opt_int(r.get("tame_to"))
        return seq

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, n: Any) -> Any:
        return self.values[n]

    def __iter__(self):
        return iter(self.values)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        return self.values if dtype is None else self.values.astype(dtype)

    def summary(self) -> str:
        """One line: the game, how far, and the period."""
        to = len(self.values) - 1
        if self.convention == "misere":
            tame = "no heap tame" if self.tame_to is None else f"tame to heap {self.tame_to}"
            return f"{self.game} (misère): γ0(0..{to}), {tame}"
        if self.period is None:
            tail = f"no period seen up to {to}"
        else:
            how = "proved" if self.proved else "observed, not proved"
            tail = f"period {self.period}, preperiod {self.preperiod}, saltus {self.saltus} ({how})"
        return f"{self.game}: g(0..{to}), {tail}"

    def __repr__(self) -> str:
        head = ", ".join(str(int(v)) for v in self.values[:20])
        more = ", ..." if len(self.values) > 20 else ""
        return f"<grundy.Sequence {self.summary()}; values [{head}{more}]>"

    def _repr_svg_(self) -> str:
        return _plots.sequence_svg(self.values, self.summary(), self.preperiod, self.period)


def _opt_int(v: Any) -> Optional[int]:
    return None if v is None else int(v)


class Table(np.ndarray):
    """A table of values: a NumPy integer array (1-D for one placeholder, 2-D for two, indexed
    in the order the placeholders appear in the spec), with ``spec``, ``axes`` (the placeholder
    names) and ``ranges`` (the values each axis runs over). A cell is the nimber,
    :data:`grundy.BLANK` (-1) where the words are not a position, :data:`grundy.LOOPY` (-2) for
    a loopy value. Jupyter shows it as a heat map (two axes) or a plot (one)."""

    spec: str
    axes: Tuple[str, ...]
    ranges: Tuple[Tuple[int, ...], ...]

    def __new__(cls, cells: np.ndarray, spec: str, axes: Seq[str], ranges: Seq[Seq[int]]) -> "Table":
        obj = np.asarray(cells).view(cls)
        obj.spec = spec
        obj.axes = tuple(axes)
        obj.ranges = tuple(tuple(r) for r in ranges)
        return obj

    def __array_finalize__(self, obj: Any) -> None:
        self.spec = getattr(obj, "spec", "")
        self.axes = getattr(obj, "axes", ())
        self.ranges = getattr(obj, "ranges", ())

    def _repr_svg_(self) -> str:
        cells = np.asarray(self)
        if cells.ndim == 2 and len(self.ranges) == 2:
            return _plots.table_svg(cells, self.spec, self.axes, self.ranges)
        if cells.ndim == 1 and len(self.ranges) == 1:
            return _plots.sequence_svg(cells, self.spec, None, None, xs=self.ranges[0], x_label=self.axes[0])
        return ""


class Quotient:
    """A misère quotient (:func:`grundy.quotient`): the fields of the command line's
    ``quotient --json`` document (docs/json.md) as attributes, among them ``order`` (|Q|),
    ``p_portion``, ``generators`` (each ``{"heap", "element"}``), ``relations``, ``elements``,
    ``tame``, ``verified_to`` and ``stopped``, ``p_size``, ``last_change`` (the last heap where
    the presentation changed), ``period``/``preperiod`` of Φ and ``all_heaps`` (proved for every
    heap); ``heap_elements`` maps each heap to its element,
    ``sum`` is the sum asked with ``heaps=`` (or ``None``). ``report`` is the whole document."""

    def __init__(self, report: Dict[str, Any]):
        self.report: Dict[str, Any] = report
        self.game: str = report["game"]
        self.to: int = int(report["to"])
        self.verified_to: int = int(report["verified_to"])
        self.stopped: Optional[str] = report.get("stopped")
        self.order: int = int(report["order"])
        self.p_portion: List[str] = list(report["p_portion"])
        self.generators: List[Dict[str, Any]] = list(report["generators"])
        self.relations: List[str] = list(report["relations"])
        self.elements: List[str] = list(report["elements"])
        self.tame: bool = bool(report["tame"])
        self.heap_elements: Dict[int, str] = {int(h["heap"]): h["element"] for h in report["heaps"]}
        self.sum: Optional[Dict[str, Any]] = report.get("sum")

    def __getattr__(self, name: str) -> Any:
        # Fields the engine adds later are read from the report as they come.
        report = self.__dict__.get("report", {})
        if name in report:
            return report[name]
        raise AttributeError(name)

    def summary(self) -> str:
        """One line: the game, how far the quotient is verified, its order and P-portion."""
        gens = ", ".join(f"{g['element']}={g['heap']}" for g in self.generators)
        how = f"heaps ≤ {self.verified_to}"
        if self.stopped:
            how += f" (stopped before {self.to}: {self.stopped})"
        tame = ", tame" if self.tame else ""
        period = self.report.get("period")
        if period is not None and self.report.get("all_heaps"):
            tame += f", the same for every heap (Φ has period {period} from heap {self.report.get('preperiod')})"
        return f"{self.game}, {how}: |Q| = {self.order}, |P| = {len(self.p_portion)}{tame}; generators {gens or 'none'}"

    def __repr__(self) -> str:
        return f"<grundy.Quotient {self.summary()}>"

    def __str__(self) -> str:
        return self.summary()

    def presentation(self) -> str:
        """The presentation as written in the papers: ⟨a, b | a² = 1, b³ = b⟩."""
        gens = ", ".join(g["element"] for g in self.generators)
        return f"⟨{gens} | {', '.join(self.relations)}⟩"

    def _repr_html_(self) -> str:
        """The summary, the presentation, the P-portion and each heap's element."""
        heaps = sorted(self.heap_elements.items())
        parts = [
            f"<p><code>{_esc(self.summary())}</code></p>",
            f"<p>Presentation: <code>{_esc(self.presentation())}</code></p>",
            f"<p>P-portion: <code>{_esc(', '.join(self.p_portion))}</code></p>",
            _html_table(["heap", "element"], [[h, e] for h, e in heaps]),
        ]
        if self.sum:
            parts.append(
                f"<p>The sum {_esc(' + '.join(str(h) for h in self.sum['heaps']))} is "
                f"{_esc(self.sum['element'])}: outcome {_esc(self.sum['outcome'])} under misère play.</p>"
            )
        return "".join(parts)


class GraphValues(dict):
    """The values of a digraph's vertices (:func:`grundy.graph`): a dict from vertex to
    :class:`Value`, with ``arcs`` (the pairs given). Jupyter draws the graph (vertices on a
    circle, each with its value; P-positions filled) and lists the values."""

    def __init__(self, *args: Any, arcs: Optional[List[Tuple[Any, Any]]] = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.arcs: List[Tuple[Any, Any]] = list(arcs or [])

    def _repr_html_(self) -> str:
        vertices = list(self.keys())
        labels = [_show(v.value, v.escapes) for v in self.values()]
        outcomes = [v.outcome for v in self.values()]
        svg = _plots.graph_svg([str(v) for v in vertices], labels, outcomes, self.arcs, vertices)
        rows = [[v, _show(x.value, x.escapes), x.outcome, ", ".join(str(m.to) for m in x.winning_moves)] for v, x in self.items()]
        return svg + _html_table(["vertex", "value", "outcome", "winning moves to"], rows)
