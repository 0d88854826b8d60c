"""Benchmark of issue 15 (docs/performance-notes.md, "The Python package"): grundy.sequence("0.77",
to=10**6) against the command line's time for the same sequence, and Python callable sequences
to 10^4 with O(n) options per heap, with where their time goes.

    python crates/grundy-py/bench/sequence_bench.py PATH/TO/grundy [spec] [kayles] [grundy_game] [take_any]

(no part named: all of them). The spec figures are the least of REPEATS runs (wall clock); a
callable is run once (minutes), its timing split measured inside the engine."""

import os
import subprocess
import sys
import time

import grundy

REPEATS = 5


def best(f, repeats=REPEATS):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def kayles(n):  # 0.77: take 1 or 2 adjacent pins, leaving two rows: 2n - 1 options
    return [(a, n - 1 - a) for a in range(n)] + [(a, n - 2 - a) for a in range(n - 1)]


def grundy_game(n):  # split a heap into two unequal heaps: about n/2 options
    return [(a, n - a) for a in range(1, n) if a < n - a]


def take_any(n):  # Nim heap: n options, single heaps
    return range(n)


def main():
    cli, parts = sys.argv[1], set(sys.argv[2:]) or {"spec", "kayles", "grundy_game", "take_any"}
    print(f"load average: {os.getloadavg()}")
    for extra in ([], ["all=True"]) if "spec" in parts else ():
        kw = {"all": True} if extra else {}
        py = best(lambda: grundy.sequence("0.77", to=10**6, **kw))
        flags = ["--all"] if extra else []
        text = best(lambda: subprocess.run([cli, "seq", "0.77", "--to", "1000000", *flags], stdout=subprocess.DEVNULL, check=True))
        js = best(lambda: subprocess.run([cli, "seq", "0.77", "--to", "1000000", "--json", *flags], stdout=subprocess.DEVNULL, check=True))
        label = " (all=True / --all)" if extra else ""
        print(f"0.77 to 10^6{label}: python {py*1000:.1f} ms, CLI text {text*1000:.1f} ms, CLI --json {js*1000:.1f} ms")
    for f in (kayles, grundy_game, take_any):
        if f.__name__ not in parts:
            continue
        start = time.perf_counter()
        s = grundy.sequence(f, to=10**4)
        total = time.perf_counter() - start
        t = s.timing
        options = sum(len(list(f(n))) for n in range(0, 10**4 + 1, 100)) * 100
        same = ""
        if f is kayles:
            same = f", equal to 0.77: {(s.values == grundy.sequence('0.77', to=10**4).values).all()}"
        if f is grundy_game:
            same = f", equal to grundy-game: {(s.values == grundy.sequence('grundy-game', to=10**4).values).all()}"
        print(
            f"callable {f.__name__} to 10^4 (~{options/1e6:.0f} M options): {total:.2f} s; "
            f"callback {t['callback']:.2f} s, conversion {t['conversion']:.2f} s, mex {t['mex']:.3f} s{same}"
        )


if __name__ == "__main__":
    main()
