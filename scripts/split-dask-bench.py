#!/usr/bin/env python3
"""One board split over 1 and then 2 local Dask workers, against the whole board in one process
(issue 30: "show that 2 local Dask workers pay against 1"). Prints one Markdown row a board.

    python scripts/split-dask-bench.py "cram 3x17" "cram 3x19"
    METHOD=values python scripts/split-dask-bench.py "cram 3x15"

Needs the package installed (`pip install "./crates/grundy-py[cluster]"`) and the command line
binary (GRUNDY_BIN, default target/release/grundy) for the whole-board rows. Each split run
gets a fresh work directory (each worker's region database starts empty) and a fresh
LocalCluster of worker processes with one thread each; the wall time counted is that of
`grundy.split_value` (the cluster's start is not counted; the merge and the check of the root
from the merged database are). Run it on a quiet machine: these are wall times.
"""

import os
import subprocess
import sys
import tempfile
import time

import grundy
from distributed import Client, LocalCluster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRUNDY = os.environ.get("GRUNDY_BIN", os.path.join(ROOT, "target", "release", "grundy"))
METHOD = os.environ.get("METHOD", "tests")


def whole(spec: str, jobs: int) -> "tuple[float, int]":
    """Wall seconds and value of `grundy value SPEC --no-moves --jobs JOBS`."""
    start = time.perf_counter()
    out = subprocess.run(
        [GRUNDY, "value", *spec.split(), "--no-moves", "--json", "--jobs", str(jobs)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    import json

    return time.perf_counter() - start, int(json.loads(out)["value"])


def split(spec: str, workers: int) -> "tuple[float, dict]":
    """Wall seconds and report of `grundy.split_value` on a LocalCluster of `workers`."""
    with tempfile.TemporaryDirectory(prefix="split-bench.") as work:
        with LocalCluster(
            n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster, Client(cluster) as client:
            start = time.perf_counter()
            r = grundy.split_value(spec, client=client, workdir=os.path.join(work, "w"), method=METHOD)
            return time.perf_counter() - start, r


def main() -> None:
    print(f"method={METHOD}, load {os.getloadavg()[0]:.2f}, {time.strftime('%Y-%m-%d %H:%M')}")
    print("| board | value | whole, 1 thread | whole, 2 threads | split, 1 worker | split, 2 workers | 2 workers / 1 | tasks | tests |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in sys.argv[1:]:
        w1, v = whole(spec, 1)
        w2, _ = whole(spec, 2)
        s1, r1 = split(spec, 1)
        s2, r2 = split(spec, 2)
        assert r1["value"] == r2["value"] == v and r1["checked"] and r2["checked"], (spec, v, r1, r2)
        print(
            f"| {spec} | {v} | {w1:.1f} s | {w2:.1f} s | {s1:.1f} s | {s2:.1f} s | {s2 / s1:.2f} "
            f"| {len(r1['options'])} | {r1['tests']} / {r2['tests']} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
