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
            import grundy, signal, sys
            # A child started with SIGINT ignored (a background job of a shell without job
            # control, such as `nohup cmd &` in a script) inherits that, and Python then leaves
            # it ignored: give it Python's Ctrl-C handler, as an interactive session has.
            signal.signal(signal.SIGINT, signal.default_int_handler)
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
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()  # not left running after the test
            p.wait()
            raise
        took = time.monotonic() - sent
        return rc, p.stdout.read().strip(), took

    return run
