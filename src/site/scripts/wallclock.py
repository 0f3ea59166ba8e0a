#!/usr/bin/env python3
"""Where a whole command's seconds go, as a user times it: runs COMMAND, stamps each line it prints (stdout and
stderr, merged) with the seconds since the start, and prints the marks a reader of performance.md needs.

  wallclock.py [--marks 'name=regex' ...] -- COMMAND...

Default marks are oltpbench's and sysbench's: the first line, the banner, the first and last interval line, the
summary, the results path and the exit. Each mark is the first line matching its regex (last= for the last match).
"""
import re
import subprocess
import sys
import time

DEFAULT = [
    ("first line", r"."),
    ("banner", r"^(oltpbench|sysbench) |Running the test|^\[ *run|threads? *:"),
    ("first interval", r"^\[ *\d+s \]"),
    ("last interval", r"last:^\[ *\d+s \]"),
    ("summary", r"SQL statistics|^Peak:|^Summary|transactions:"),
    ("results path", r"^results: "),
    ("charts", r"^charts: |report\.html"),
]


def main(argv):
    marks = list(DEFAULT)
    if "--" not in argv:
        sys.exit("usage: wallclock.py [--marks name=regex ...] -- COMMAND...")
    i = argv.index("--")
    opts, cmd = argv[:i], argv[i + 1:]
    if opts[:1] == ["--marks"]:
        marks = [tuple(m.split("=", 1)) for m in opts[1:]]
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    seen = {}
    for line in p.stdout:
        t = time.monotonic() - t0
        sys.stdout.write("%7.3f %s" % (t, line))
        for name, rx in marks:
            last = rx.startswith("last:")
            pattern = rx[5:] if last else rx
            if (last or name not in seen) and re.search(pattern, line):
                seen[name] = t
    rc = p.wait()
    end = time.monotonic() - t0
    print("---- marks (s since start)")
    for name, _ in marks:
        print("%-15s %s" % (name, "%.3f" % seen[name] if name in seen else "-"))
    print("%-15s %.3f (exit %d)" % ("exit", end, rc))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
