#!/usr/bin/env python3
"""Counts and budgets the skips of `make test` (scripts/test.sh calls it).

  test_counts.py xctest LOG SKIPS
      Reads a `swift test` log; appends one line per skipped test to SKIPS
      ("unit<TAB>Class.method<TAB>reason") and prints "N passed, N failed,
      N skipped". Exits 1 when the log has no XCTest summary (the runner
      crashed, was stopped at its time limit, or ran nothing); then it
      names the test that had started and not ended, on standard error.

  test_counts.py unprivileged SKIPS
      Prints the unit tests that skipped because root is refused nothing
      (their reason begins "unprivileged:"), one Module.Class/method a
      line, as the XCTest runner takes them.

  test_counts.py check SKIPS ALLOWED
      Checks every skip in SKIPS against the allow-list ALLOWED
      (Tests/allowed-skips.txt): prints each with its verdict and exits 1
      if any is not allowed for the user running the suite.
"""
import os
import re
import sys


def xctest(log_path, skips_path):
    log = open(log_path, errors="replace").read()
    # XCTest prints a summary for every suite and two for the whole run; the
    # last is the run's ("Executed 291 tests, with 1 test skipped and 0
    # failures (0 unexpected)").
    summaries = re.findall(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", log)
    if not summaries:
        running = unfinished(log)
        if running:
            print(f"test_counts: the test process ended during {running}: it crashed there or was stopped "
                  f"at its time limit", file=sys.stderr)
        print("0 passed, 1 failed, 0 skipped (no XCTest summary: the runner crashed or ran nothing)")
        return 1
    ran, skipped, failed = (int(n or 0) for n in summaries[-1])
    # "path:line: Class.method : Test skipped: [condition - ]reason", then
    # "Test Case 'Class.method' skipped (0.0 seconds)".
    reasons = {}
    for name, reason in re.findall(r"^\S+:\d+: (\S+) : Test skipped(?:(?::| -) (.*))?$", log, re.M):
        reason = reason or ""
        # XCTSkipIf/Unless put their condition before the message.
        reason = re.sub(r"^required (true|false) value but got (true|false) - ", "", reason)
        reasons[name] = reason
    names = re.findall(r"^Test Case '(\S+)' skipped", log, re.M)
    with open(skips_path, "a") as out:
        for name in names:
            out.write(f"unit\t{name}\t{reasons.get(name, '')}\n")
    if len(names) != skipped:
        print(f"test_counts: the log names {len(names)} skipped tests, its summary says {skipped}", file=sys.stderr)
    if ran == 0:
        failed = max(failed, 1)
    print(f"{ran - skipped - failed} passed, {failed} failed, {skipped} skipped")
    return 0


def unfinished(log):
    """The last test the log says started and never says ended, or None."""
    ended = set(re.findall(r"^Test Case '(\S+)' (?:passed|failed|skipped)", log, re.M))
    started = re.findall(r"^Test Case '(\S+)' started", log, re.M)
    running = [name for name in started if name not in ended]
    return running[-1] if running else None


def read_skips(path):
    if not os.path.exists(path):
        return []
    rows = []
    for line in open(path, errors="replace"):
        parts = line.rstrip("\n").split("\t", 2)
        if len(parts) >= 2:
            rows.append((parts[0], parts[1], parts[2] if len(parts) > 2 else ""))
    return rows


def test_module(test_class):
    """The test target that declares test_class (XCTest's log leaves it out, its runner wants it)."""
    tests = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests")
    for module in sorted(os.listdir(tests)):
        folder = os.path.join(tests, module)
        if not os.path.isdir(folder):
            continue
        for file in os.listdir(folder):
            if file.endswith(".swift") and re.search(rf"\bclass {re.escape(test_class)}\b",
                                                     open(os.path.join(folder, file), errors="replace").read()):
                return module
    raise SystemExit(f"test_counts: no test target declares {test_class}")


def unprivileged(skips_path):
    for suite, name, reason in read_skips(skips_path):
        if suite == "unit" and reason.startswith("unprivileged:"):
            test_class, method = name.split(".", 1)
            print(f"{test_module(test_class)}.{test_class}/{method}")
    return 0


def read_allowed(path):
    allowed = {}
    for number, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split(None, 3)
        if len(fields) < 4 or fields[2] not in ("root", "user", "any") or fields[0] not in ("unit", "e2e", "orca"):
            raise SystemExit(f"{path}:{number}: expected SUITE TEST AS REASON (AS: root, user or any): {line}")
        allowed[(fields[0], fields[1])] = (fields[2], fields[3])
    return allowed


def check(skips_path, allowed_path):
    allowed = read_allowed(allowed_path)
    me = "root" if os.getuid() == 0 else "user"
    bad = 0
    for suite, name, reason in read_skips(skips_path):
        entry = allowed.get((suite, name))
        if entry and entry[0] in (me, "any"):
            print(f"  allowed skip  {suite} {name}: {entry[1]}")
        else:
            bad += 1
            where = f" (allowed only as {entry[0]})" if entry else ""
            print(f"  SKIP NOT ALLOWED{where}  {suite} {name}: {reason or 'no reason given'}")
    if bad:
        print(f"{bad} skipped test(s) not on the allow-list {allowed_path}: a skip hides a failure. "
              "Make the test run here (install what it needs), or add it to the list with its reason.")
        return 1
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "xctest":
        return xctest(argv[2], argv[3])
    if len(argv) == 3 and argv[1] == "unprivileged":
        return unprivileged(argv[2])
    if len(argv) == 4 and argv[1] == "check":
        return check(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
