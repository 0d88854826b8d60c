"""Benchmark of the cluster path of issue 16 (docs/performance-notes.md, "Census on a Dask LocalCluster"):
one census through a Dask LocalCluster of 2 worker processes (one thread each) against the
Rust census with 2 threads, from the command line and from Python, and checks that the rows
agree.

    python crates/grundy-py/bench/census_bench.py PATH/TO/grundy [FAMILY] [N]

FAMILY defaults to octal:3, N to 10000. Each figure is the least of REPEATS runs (wall clock);
the cluster's start-up is timed apart (a session starts it once)."""

import os
import subprocess
import sys
import time

from dask.distributed import Client, LocalCluster

import grundy

REPEATS = 3


def best(f, repeats=REPEATS):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times), out


def main():
    cli = sys.argv[1]
    family = sys.argv[2] if len(sys.argv) > 2 else "octal:3"
    to = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    print(f"load before: {os.getloadavg()}")
    command = [cli, "census", family, "--to", str(to), "--jobs", "2", "--json"]
    t_cli, _ = best(lambda: subprocess.run(command, check=True, capture_output=True))
    print(f"{' '.join(command[:-1])}: {t_cli:.2f} s")
    t_local, local = best(lambda: grundy.census(family, to=to, jobs=2))
    print(f"grundy.census({family!r}, to={to}, jobs=2): {t_local:.2f} s")
    t = time.perf_counter()
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster, Client(
        cluster
    ) as client:
        t_start = time.perf_counter() - t
        print(f"LocalCluster(n_workers=2) start: {t_start:.2f} s")
        t_dask, on_cluster = best(lambda: grundy.census(family, to=to, client=client))
        print(f"grundy.census({family!r}, to={to}, client=client): {t_dask:.2f} s")
    same = on_cluster.drop(columns="seconds").equals(local.drop(columns="seconds"))
    print(f"games: {len(local)}, proved: {(local.status == 'proved').sum()}, rows equal: {same}")
    print(f"game time (sum of seconds): local {local.seconds.sum():.2f} s, cluster {on_cluster.seconds.sum():.2f} s")
    print(f"cluster / CLI --jobs 2: {t_dask / t_cli:.2f}x")
    print(f"load after: {os.getloadavg()}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
