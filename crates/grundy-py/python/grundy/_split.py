"""One hard position over several processes or machines (``grundy split`` for Python).

The position's options are independent subproblems: :func:`split_tasks` lists them (each class
of equal options once, from the Rust library), :func:`split_task` values one (a module-level
function, so a Dask cluster pickles it by reference), and :func:`split_value` maps the tasks
over a ``dask.distributed.Client`` (or runs them here), takes the mex, and, for a game that
keeps a region database (Cram's ``--table``), merges the tasks' databases and recomputes the
position from the merged one as a check. docs/distributed.md, "One board over several machines".
"""

from __future__ import annotations

import json as _json
import os as _os
from typing import Any, Dict, List, Optional

from . import _grundy


def split_tasks(spec: str) -> Dict[str, Any]:
    """The tasks of the position ``spec`` (the command line's ``grundy split GAME ARGS
    --json``): ``game``, ``position``, ``moves`` (its number of moves), ``tasks`` (one dict per
    class of equal options: ``spec``, the words of :func:`grundy.value`; ``label``, its first
    move; ``moves``, how many moves lead to the class) and ``table_option`` (``"table"`` when
    the game keeps a region database, else ``None``). Nothing is valued.

    >>> [t["spec"] for t in grundy.split_tasks("cram 2x3")["tasks"]]
    ['cram ##./...', 'cram #../#..', 'cram .#./.#.']
    """
    if not isinstance(spec, str):
        raise TypeError(f"spec must be a string of the command line's words, e.g. 'cram 3x12', not {type(spec).__name__}")
    return _json.loads(_grundy.split_json(spec))


def split_task(
    spec: str, table: Optional[str] = None, max_memory: Optional[str] = None, workdir: Optional[str] = None
) -> int:
    """The value of one task (``grundy value SPEC --no-moves``), with the region database file
    ``table`` read if it exists and written with every region proved (``--table FILE``). With
    ``workdir`` instead, the file is the part of the process running the task,
    ``workdir/part-WORKER.db`` on a Dask worker (``part-local.db`` elsewhere): the tasks one
    worker runs one after the other share their regions."""
    if workdir is not None:
        table = _os.path.join(workdir, f"part-{_worker_name()}.db")
    words = spec if table is None else f"{spec} --table {table}"
    report = _json.loads(_grundy.value_json(words, None, max_memory, False, None, False))
    return int(report["value"])


def _worker_name() -> str:
    """The Dask worker running this task (a name fit for a file), or ``local``."""
    try:
        from distributed import get_worker

        name = str(get_worker().name)
    except (ImportError, ValueError):
        return "local"
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)


def _mex(values: List[int]) -> int:
    seen = set(values)
    v = 0
    while v in seen:
        v += 1
    return v


def split_value(
    spec: str,
    client: Any = None,
    *,
    workdir: Optional[str] = None,
    max_memory: Optional[str] = None,
) -> Dict[str, Any]:
    """The value of the position ``spec`` as the mex of its options' values, each option class
    a task: on a ``dask.distributed.Client`` (``client.map``, one task per class, gathered in
    order) or, without one, here one after the other.

    With ``workdir`` (a new directory every worker can write, e.g. on a shared file system) and
    a game that keeps a region database, each worker keeps its own part,
    ``workdir/part-WORKER.db``, shared by the tasks it runs one after the other (start workers
    with one thread each); the parts are then merged into ``workdir/merged.db`` (refused if two
    disagree on a region) and the position is valued again from it, which must give the mex
    (else ``RuntimeError``): a second computation of the root, cheap because every option's
    regions are known.

    Returns a dict: ``value``, ``options`` (per task: ``spec``, ``label``, ``moves``,
    ``value``), ``checked`` (whether the merged database confirmed the value) and ``merged``
    (its path, or ``None``).

    >>> grundy.split_value("cram 3x4")["value"] == grundy.value("cram 3x4").value
    True
    """
    report = split_tasks(spec)
    tasks = report["tasks"]
    keep = report["table_option"] is not None and workdir is not None
    if workdir is not None and not keep:
        raise ValueError(f"workdir= is for games that keep a region database; {report['game']} keeps none")
    if keep:
        _os.makedirs(workdir, exist_ok=True)
    specs = [t["spec"] for t in tasks]
    if client is None:
        values = [split_task(s, None, max_memory, workdir) for s in specs]
    else:
        if not (hasattr(client, "map") and hasattr(client, "gather")):
            raise TypeError(f"client must be a dask.distributed.Client, not {type(client).__name__}")
        futures = client.map(split_task, specs, max_memory=max_memory, workdir=workdir, pure=False)
        try:
            values = client.gather(futures)
        except KeyboardInterrupt:
            client.cancel(futures)
            raise
    value = _mex(values)
    merged = None
    if keep:
        merged = _os.path.join(workdir, "merged.db")
        written = sorted(
            _os.path.join(workdir, f) for f in _os.listdir(workdir) if f.startswith("part-") and f.endswith(".db")
        )
        _grundy.merge_tables_json(written, merged)
        again = split_task(spec, merged, max_memory)
        if again != value:
            raise RuntimeError(
                f"{spec}: the mex of the tasks' values is {value} but the merged database gives {again}"
            )
    options = [dict(t, value=v) for t, v in zip(tasks, values)]
    return {"value": value, "options": options, "checked": keep, "merged": merged}
