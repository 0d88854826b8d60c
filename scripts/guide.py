#!/usr/bin/env python3
"""Refresh the outputs shown in docs/guide.md.

Every ```console block of the guide holds commands (lines starting with "$ ") each followed by
its output. This script runs each command with bash from the repository root, with the release
binary first on PATH, and writes its real stdout under it. The integration test
crates/grundy-cli/tests/integration/guide.rs checks that the guide still matches what the binary prints.

    cargo build --release && python3 scripts/guide.py
"""
import os
import pathlib
import subprocess

root = pathlib.Path(__file__).resolve().parent.parent
guide = root / "docs" / "guide.md"
env = dict(os.environ, PATH=f"{root / 'target' / 'release'}:{os.environ['PATH']}", NO_COLOR="1")

out, in_console = [], False
for line in guide.read_text().splitlines():
    if line.startswith("```console"):
        in_console = True
        out.append(line)
        continue
    if in_console and line.startswith("```"):
        in_console = False
        out.append(line)
        continue
    if not in_console:
        out.append(line)
        continue
    if line.startswith("$ "):
        run = subprocess.run(["bash", "-c", line[2:]], cwd=root, env=env, capture_output=True, text=True)
        out.append(line)
        out.extend(l.rstrip() for l in run.stdout.rstrip("\n").splitlines())
    # old output lines are dropped: they are regenerated under their command
guide.write_text("\n".join(out) + "\n")
print(f"refreshed {guide}")
