"""The census of a family of heap games (``grundy census`` for Python): on every core of this
machine, or mapped over a Dask cluster.

Both paths take the family's games and each game's row from the Rust library (the members in
the census's order with its rules for listing a game once, and the one-game function the
command line's census runs), so a cluster run gives the same rows as the local one. The
cluster is Dask's: :func:`census` only calls ``client.map`` and ``client.gather``.
"""

from __future__ import annotations

import json as _json
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _grundy

# A limit reached on a cluster's worker is pickled back to the client by reference: name the
# class where the client can import it (`grundy.LimitError`), not the extension's bare module.
_grundy.LimitError.__module__ = "grundy"

#: The columns of a census row, in the command line's order (its CSV header without ``check``).
COLUMNS = [
    "family",
    "index",
    "of",
    "to",
    "code",
    "status",
    "period",
    "preperiod",
    "saltus",
    "last_exceptional",
    "largest_heap",
    "largest_value",
    "rare_heaps",
    "fingerprint",
    "rule",
    "also",
    "seconds",
]

#: The misère quotient columns, after ``also`` when a census is asked for them
#: (``quotient_to=M``): the heap asked, the order at the heap reached, that heap, and Φ's period
#: and preperiod when proved for every heap.
QUOTIENT_COLUMNS = ["quotient_to", "quotient_order", "quotient_reached", "quotient_period", "quotient_preperiod"]

#: The integer columns that may be empty (``None``): nullable ``Int64`` in a DataFrame.
_OPTIONAL_INTS = ["period", "preperiod", "saltus", "last_exceptional", "rare_heaps"] + QUOTIENT_COLUMNS

Family = Union[str, Iterable[str]]


def _family(family: Family) -> Tuple[Optional[str], Optional[List[str]]]:
    """(spec, None) for a spec string, (None, codes) for a list of codes."""
    if isinstance(family, str):
        return family, None
    if isinstance(family, (bytes, bytearray)) or not hasattr(family, "__iter__"):
        raise TypeError(
            "family must be a spec such as 'octal:2' or 'subtraction:4', or a list of codes, "
            f"not {type(family).__name__}"
        )
    codes = list(family)
    for c in codes:
        if not isinstance(c, str):
            raise TypeError(f"a family's codes are strings such as '0.07', not {type(c).__name__}")
    return None, codes


def _natural(x: Any, what: str) -> int:
    import numbers

    if isinstance(x, bool) or not isinstance(x, numbers.Integral) or x < 0:
        raise ValueError(f"{what} must be a natural number, not {x!r}")
    return int(x)


def census_members(
    family: Family, *, shard: Optional[str] = None, to: Optional[int] = None
) -> List[Dict[str, Any]]:
    """The games of a family in the census's order, each once, by the rules the census uses
    (trailing zeros dropped, spellings of one code merged, listed in ``also``): one dict per
    game with ``family`` (the label written in every row), ``index``, ``of`` (the family's
    size), ``code`` (canonical) and ``also``. ``shard="I/N"`` keeps the share I of N. ``to``:
    the games of a census to ``to`` (a family of boards, ``"cram:3"``, has the boards of 1 to
    ``to`` columns; a family of heap games, all of its games).

    >>> [m["code"] for m in grundy.census_members("octal:1")][:3]
    ['0.0', '0.1', '0.2']
    >>> grundy.census_members(["0.07", "0.070", "0.137"])[0]["also"]
    ['0.070']
    """
    spec, codes = _family(family)
    cap = None if to is None else _natural(to, "to")
    label, of, members = _grundy.census_members(spec, codes, shard, cap)
    return [{"family": label, "index": i, "of": of, "code": c, "also": also} for i, c, also in members]


def census_row(
    code: str,
    to: int,
    all: bool = False,
    max_memory: Optional[str] = None,
    quotient_to: Optional[int] = None,
    family: Optional[str] = None,
) -> Dict[str, Any]:
    """One game's census row: the code (any spelling, ``"0.07"``, ``"kayles"``) computed up to
    heap ``to`` by the census's own one-game function (stopping once its period is proved unless
    ``all``), or a board's (``"3x8"``: its nimber, searched cold on one thread), with the misère
    quotient columns when ``quotient_to`` is given. With ``family`` (a spec), the member
    ``code`` of that family: a family by n needs it (``census_row("grid 3x7", to=20,
    family="node-kayles:grid 3x{n}")`` is n = 7, valued alone). A module-level function of plain
    data, so it pickles by reference: the unit that :func:`census` maps over a Dask cluster's
    workers (each needs ``grundy`` installed).

    >>> r = grundy.census_row("0.77", to=1000)
    >>> r["status"], r["period"], r["preperiod"]
    ('proved', 12, 71)
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a string such as '0.07', not {type(code).__name__}")
    cap = None if quotient_to is None else _natural(quotient_to, "quotient_to")
    if family is not None and not isinstance(family, str):
        raise TypeError(f"family must be a spec string such as 'node-kayles:grid 3x{{n}}', not {type(family).__name__}")
    return _json.loads(_grundy.census_row_json(code, _natural(to, "to"), bool(all), max_memory, cap, family))


def _entry(member: Dict[str, Any], row: Dict[str, Any]) -> Dict[str, Any]:
    """The entry of a row computed alone: placed in its family as the census places it."""
    entry = dict(row)
    entry.update(family=member["family"], index=member["index"], of=member["of"])
    if member["also"]:
        entry["also"] = " ".join(member["also"])
    return entry


def _table(entries: List[Dict[str, Any]], frame: Optional[bool], quotient: bool = False) -> Any:
    """The entries as a pandas DataFrame (columns :data:`COLUMNS`, with :data:`QUOTIENT_COLUMNS`
    before ``seconds`` when ``quotient``), or as they are (a list of dicts) when ``frame`` is
    False, or None and pandas cannot be imported."""
    columns = COLUMNS[:-1] + QUOTIENT_COLUMNS + COLUMNS[-1:] if quotient else COLUMNS
    entries = [{k: e.get(k) for k in columns} for e in entries]
    if frame is False:
        return entries
    try:
        import pandas as pd
    except ImportError:
        if frame:
            raise
        return entries
    df = pd.DataFrame(entries, columns=columns)
    for c in _OPTIONAL_INTS:
        if c in df.columns:
            df[c] = df[c].astype("Int64")
    for c in ["index", "of", "to", "largest_heap", "largest_value"]:
        df[c] = df[c].astype("int64")
    return df


def census(
    family: Family,
    to: int,
    client: Any = None,
    jobs: Optional[int] = None,
    *,
    all: bool = False,
    shard: Optional[str] = None,
    max_memory: Optional[str] = None,
    quotient_to: Optional[int] = None,
    table: Optional[str] = None,
    frame: Optional[bool] = None,
) -> Any:
    """Every game of a family of heap games up to heap ``to``, each proved periodic or left
    open: the command line's ``grundy census FAMILY --to N``, one row per game in family order.

    ``family`` is a spec as on the command line (``"octal:3"``, ``"octal4:2"``, ``"hex:2"``,
    ``"subtraction:6"``, ``"0.07,0.137"``) or a list of codes. Each row has the command line's
    columns (:data:`COLUMNS`): ``code``, ``status`` (``"proved"`` or ``"open"``), ``period``,
    ``preperiod``, ``saltus`` (proved, or an open game's best candidate), ``last_exceptional``,
    ``largest_heap`` and ``largest_value`` computed, ``rare_heaps`` (sparse space), the
    ``fingerprint`` of a proved sequence, ``rule``/``also`` (how the game is listed once),
    ``seconds``.

    The result is a pandas DataFrame when pandas can be imported (empty columns: ``<NA>``),
    else a list of dicts (``frame=False`` asks for the list, ``frame=True`` for the DataFrame).

    - Without ``client``: the Rust census on ``jobs`` threads (default: every core), the GIL
      released, one memory budget (``max_memory``) for all; Ctrl-C stops it
      (``KeyboardInterrupt``), a limit raises :class:`LimitError`.
    - With a ``dask.distributed.Client``: the games are listed here (:func:`census_members`),
      :func:`census_row` is mapped over the cluster's workers (``client.map``), and the rows are
      gathered and put in family order: the same rows as without a client (but the times).
      ``jobs`` does not apply (the cluster's workers set the parallelism); ``max_memory`` is
      each worker's. Ctrl-C cancels the futures. docs/distributed.md shows a laptop, a Dask
      cluster and a Slurm job array.

    A family by n (``"node-kayles:grid 3x{n}"``, ``"arc-kayles:petersen {n},2"``: a game's own
    sequence, n = 0 … ``to``) gives one row a position, its value as ``largest_value`` and n as
    ``largest_heap``; without a client the positions run in order on one engine (the pieces
    valued for one n are known for the next), with a client each is a task of its own.

    A family of Cram boards (``"cram:3"``: the boards 3×1 … 3×``to``) gives one row a board,
    its nimber as ``largest_value``. Without a client the boards run in order on one region
    database (the regions proved for a board are most of the next one's work), read from and
    written to the file ``table`` when given (``--table FILE``); with a client each board is a
    task of its own, searched cold on one thread of its worker.

    ``all=True`` computes every heap up to ``to`` even once a period is proved; ``shard="I/N"``
    runs the share I of N (the games whose index is I−1 modulo N), as ``--shard``.
    ``quotient_to=M`` adds the misère quotient columns (:data:`QUOTIENT_COLUMNS`) as
    ``--quotient --quotient-to M``: each game's quotient built to heap min(``to``, M) or as far
    as the work budget of one heap allows (``quotient_reached`` says where it stopped).

    >>> rows = grundy.census("octal:1", to=1000, frame=False)
    >>> [(r["code"], r["status"], r["period"]) for r in rows][:3]
    [('0.0', 'proved', 1), ('0.1', 'proved', 1), ('0.2', 'proved', 2)]
    >>> [r["code"] for r in rows if r["status"] == "open"]      # 0.6: still unsolved
    ['0.6']
    """
    to = _natural(to, "to")
    cap = None if quotient_to is None else _natural(quotient_to, "quotient_to")
    if client is None:
        spec, codes = _family(family)
        jobs = 0 if jobs is None else _natural(jobs, "jobs")
        text = _grundy.census_json(spec, codes, to, jobs, bool(all), shard, max_memory, cap, table)
        return _table(_json.loads(text), frame, cap is not None)
    if jobs is not None:
        raise ValueError("jobs= is for the local census; on a cluster the workers set the parallelism")
    if table is not None:
        raise ValueError("table= is for the local census of boards; on a cluster each board is searched alone")
    if not (hasattr(client, "map") and hasattr(client, "gather")):
        raise TypeError(f"client must be a dask.distributed.Client, not {type(client).__name__}")
    members = census_members(family, shard=shard, to=to)
    codes = [m["code"] for m in members]
    # pure=False: a row's time differs between runs, so Dask must not reuse a cached result.
    spec, _ = _family(family)
    futures = client.map(
        census_row, codes, to=to, all=bool(all), max_memory=max_memory, quotient_to=cap, family=spec, pure=False
    )
    try:
        rows = client.gather(futures)
    except KeyboardInterrupt:
        client.cancel(futures)
        raise
    entries = [_entry(m, r) for m, r in zip(members, rows)]
    entries.sort(key=lambda e: e["index"])
    return _table(entries, frame, cap is not None)
