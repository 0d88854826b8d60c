"""Shared fixtures of the `grundy` Python tests."""

import signal
import subprocess
import sys
import textwrap
import time

import pytest


@pytest.fixture
def ctrl_c():
    """Ctrl-C in the middle of a call: ``ctrl_c(call, after=0.8, timeout=10)`` runs the Python
    statement ``call`` (``grundy`` imported) in a child interpreter, sends it SIGINT ``after``
    seconds after it started, and returns ``(exit code, stdout, seconds from the signal to the
    exit)``. The child exits 7 and prints ``interrupted`` when the call raised
    ``KeyboardInterrupt``."""

    def run(call, after=0.8, timeout=10):
        code = textwrap.dedent(
            """
            import grundy, sys
            print("ready", flush=True)
            try:
                CALL
            except KeyboardInterrupt:
                print("interrupted", flush=True)
                sys.exit(7)
            """
        ).replace("CALL", call)
        p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        assert p.stdout.readline().strip() == "ready"
        time.sleep(after)
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        rc = p.wait(timeout=timeout)
        took = time.monotonic() - sent
        return rc, p.stdout.read().strip(), took

    return run
