"""Run a command and print the CPU time of its whole process tree, for measuring the browser
tests on a shared machine (docs/performance.md, "make test"): `/usr/bin/time` counts only the
processes that were waited for up the chain, and most of Chromium's (its zygote's renderers,
the GPU process) end orphaned and are reaped by init. Run as a child subreaper, this process
reaps every descendant itself, so RUSAGE_CHILDREN holds them all.

    .venv/bin/python scripts/tree_cpu.py .venv/bin/python -m pytest -n 0 tests/e2e/test_x.py
"""

import ctypes
import os
import resource
import sys
import time

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def main(command: list[str]) -> int:
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
    start = time.monotonic()
    child = os.fork()
    if child == 0:
        os.execvp(command[0], command)
    code = 0
    while True:  # until the last descendant, orphaned or not, has ended
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        if pid == child:
            code = os.waitstatus_to_exitcode(status)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"process tree: {time.monotonic() - start:.1f} s wall, {used.ru_utime:.1f} s user, "
        f"{used.ru_stime:.1f} s sys, {used.ru_utime + used.ru_stime:.1f} s CPU",
        file=sys.stderr,
    )
    return code


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
