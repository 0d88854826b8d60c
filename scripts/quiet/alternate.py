#!/usr/bin/env python3
"""Alternate runs of several commands and print the spread of each one's wall time.

    scripts/quiet/alternate.py ROUNDS 'CMD 1' 'CMD 2' ...

Each round runs every command once, in the order given (so a slow spell of the machine hits
all of them alike); then, for each command, the median, mean, minimum, quartiles, 90th
percentile and maximum of its wall times, and each command's median and mean divided by the
first one's. For runs of a few milliseconds (Cram 4x7), where one run or a mean of 30
(`perf stat -r 30`) swings with the scheduling of threads: the median of 100 or more rounds
is what docs/performance-notes.md quotes. Output is discarded; a command that fails stops the script.
"""
import statistics
import subprocess
import sys
import time


def main() -> None:
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__.strip().splitlines()[2].strip())
    rounds = int(sys.argv[1])
    commands = [c.split() for c in sys.argv[2:]]
    times = [[] for _ in commands]
    for _ in range(rounds):
        for c, ts in zip(commands, times):
            t = time.perf_counter()
            subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            ts.append(time.perf_counter() - t)
    ms = lambda s: f"{s * 1e3:8.2f}"
    for c, ts in zip(commands, times):
        ts.sort()
        n = len(ts)
        print(f"{' '.join(c)}:\n    median {ms(statistics.median(ts))} ms, mean {ms(statistics.mean(ts))},"
              f" min {ms(ts[0])}, p25 {ms(ts[n // 4])}, p75 {ms(ts[3 * n // 4])},"
              f" p90 {ms(ts[9 * n // 10])}, max {ms(ts[-1])}")
    first = times[0]
    for j in range(1, len(commands)):
        print(f"command {j + 1} / command 1: median {statistics.median(times[j]) / statistics.median(first):.3f},"
              f" mean {statistics.mean(times[j]) / statistics.mean(first):.3f}")


if __name__ == "__main__":
    main()
