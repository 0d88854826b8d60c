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
    spec: str,
    table: Optional[str] = None,
    max_memory: Optional[str] = None,
    workdir: Optional[str] = None,
    jobs: Optional[int] = None,
) -> int:
    """The value of one task (``grundy value SPEC --no-moves``), with the region database file
    ``table`` read if it exists and written with every region proved (``--table FILE``). With
    ``workdir`` instead, the file is the part of the process running the task,
    ``workdir/part-WORKER.db`` on a Dask worker (``part-local.db`` elsewhere): the tasks one
    worker runs one after the other share their regions. ``jobs``: the search's threads
    (``--jobs``; ``None``: every core)."""
    words = _task_words(spec, table, workdir)
    report = _json.loads(_grundy.value_json(words, None, max_memory, False, None, False, jobs))
    return int(report["value"])


def split_test(
    spec: str,
    k: int,
    table: Optional[str] = None,
    max_memory: Optional[str] = None,
    workdir: Optional[str] = None,
    jobs: Optional[int] = None,
) -> bool:
    """Whether one task has the value ``k`` (``grundy value SPEC --is K``), with the region
    database as in :func:`split_task` (``table``, or the worker's part in ``workdir``). Cheaper
    than its value: a nimber-first engine asks the task's options only what the test needs."""
    words = _task_words(spec, table, workdir)
    report = _json.loads(_grundy.has_value_json(words, k, None, max_memory, False, jobs))
    return bool(report["answer"])


def _task_words(spec: str, table: Optional[str], workdir: Optional[str]) -> str:
    """The words of a task with its region database: ``table``, or with ``workdir`` the part
    of the process running it (``workdir/part-WORKER.db``), or none."""
    if workdir is not None:
        table = _os.path.join(workdir, f"part-{_worker_name()}.db")
    return spec if table is None else f"{spec} --table {table}"


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
    method: str = "tests",
    jobs: Optional[int] = None,
) -> Dict[str, Any]:
    """The value of the position ``spec`` as the mex of its options' values, each option class
    a task: on a ``dask.distributed.Client`` or, without one, here one after the other.

    With ``workdir`` (a new directory every worker can write, e.g. on a shared file system) and
    a game that keeps a region database, each worker keeps its own part,
    ``workdir/part-WORKER.db``, shared by the tasks it runs one after the other (start workers
    with one thread each); the parts are then merged into ``workdir/merged.db`` (refused if two
    disagree on a region) and the position is valued again from it, which must give the mex
    (else ``RuntimeError``): a second computation of the root, cheap because every option's
    regions are known.

    ``method="tests"`` (the default) asks the tasks only what the mex needs, in rounds: round k
    asks "g = k?" (:func:`split_test`) of every task not yet known to have a value, at most as
    many at a time as the cluster has threads, and ends at the first *yes* (the tasks still
    queued are dropped); the first round where every task answers *no* gives the value, k.
    A test costs far less than an exact nimber (a board of value 0 needs one round of *no*
    answers). ``method="values"`` values every task exactly (:func:`split_task`) and takes the
    mex: each option's nimber, at several times the cost.

    ``jobs``: the threads of each task's search (``--jobs``): by default 1 on a cluster (each
    worker thread runs one task: start workers with one thread each, one per core) and every
    core here.

    Returns a dict: ``value``, ``options`` (per task: ``spec``, ``label``, ``moves``,
    ``value``: its nimber, or ``None`` when the tests did not need it, and ``not``: the values
    a test excluded), ``tests`` (how many were asked), ``checked`` (whether the merged database
    confirmed the value) and ``merged`` (its path, or ``None``).

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
    if client is not None and not (hasattr(client, "map") and hasattr(client, "gather")):
        raise TypeError(f"client must be a dask.distributed.Client, not {type(client).__name__}")
    excluded: List[List[int]] = [[] for _ in specs]
    if jobs is None:
        jobs = 0 if client is None else 1
    if method == "values":
        if client is None:
            exact: List[int] = [split_task(s, None, max_memory, workdir, jobs) for s in specs]
        else:
            futures = client.map(split_task, specs, max_memory=max_memory, workdir=workdir, jobs=jobs, pure=False)
            try:
                exact = client.gather(futures)
            except KeyboardInterrupt:
                client.cancel(futures)
                raise
        value = _mex(exact)
        values: List[Optional[int]] = list(exact)
        asked = len(specs)
    elif method == "tests":
        values, value, asked = _by_tests(specs, client, max_memory, workdir, jobs, excluded)
    else:
        raise ValueError(f"method must be 'tests' or 'values', not {method!r}")
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
    options = [dict(t, value=v, **{"not": x}) for t, v, x in zip(tasks, values, excluded)]
    return {"value": value, "options": options, "tests": asked, "checked": keep, "merged": merged}


def _by_tests(
    specs: List[str],
    client: Any,
    max_memory: Optional[str],
    workdir: Optional[str],
    jobs: int,
    excluded: List[List[int]],
) -> "tuple[List[Optional[int]], int, int]":
    """The rounds of :func:`split_value`'s ``method="tests"``: the tasks' known values (``None``
    where no test said yes), the position's value and the number of tests asked; ``excluded``
    gets, per task, the values it answered *no* to."""
    values: List[Optional[int]] = [None] * len(specs)
    asked = 0
    k = 0
    while True:
        todo = [i for i, v in enumerate(values) if v is None]
        if client is None:
            hit = None
            for i in todo:
                asked += 1
                if split_test(specs[i], k, None, max_memory, workdir, jobs):
                    hit = i
                    break
                excluded[i].append(k)
        else:
            hit, answered = _round_on_cluster(client, specs, todo, k, max_memory, workdir, jobs)
            asked += len(answered) + (hit is not None)
            for i in answered:
                excluded[i].append(k)
        if hit is None:
            return values, k, asked
        values[hit] = k
        k += 1


def _round_on_cluster(
    client: Any,
    specs: List[str],
    todo: List[int],
    k: int,
    max_memory: Optional[str],
    workdir: Optional[str],
    jobs: int,
) -> "tuple[Optional[int], List[int]]":
    """One round "g = k?" over the tasks ``todo`` on a Dask cluster, as many at a time as it has
    threads (so that a *yes* leaves few tests running for nothing): the task that said yes (or
    ``None``) and the tasks that said no. Tests still running at a yes are cancelled (a test
    already started runs to its end on its worker, its regions saved in the worker's part)."""
    from distributed import as_completed

    slots = max(1, sum(client.nthreads().values()))
    queue = iter(todo)
    running: Dict[Any, int] = {}
    done = as_completed()

    def submit() -> None:
        i = next(queue, None)
        if i is not None:
            f = client.submit(
                split_test, specs[i], k, max_memory=max_memory, workdir=workdir, jobs=jobs, pure=False
            )
            running[f] = i
            done.add(f)

    for _ in range(slots):
        submit()
    answered: List[int] = []
    try:
        for f in done:
            i = running.pop(f)
            if f.result():
                client.cancel(list(running))
                return i, answered
            answered.append(i)
            submit()
    except KeyboardInterrupt:
        client.cancel(list(running))
        raise
    return None, answered
