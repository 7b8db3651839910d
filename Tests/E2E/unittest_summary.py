"""Count a `python3 -m unittest -v` run from its log, for Tests/E2E/run.sh and Tests/Orca/run.sh.

    /usr/bin/python3 unittest_summary.py SUITE LOG STATUS

SUITE is the label of the skip log's lines ("e2e", "orca"), LOG the run's output, STATUS its exit
status. Prints "PASSED FAILED SKIPPED", then, on later lines, why the run counts as failed beyond its
failed tests, if it does. When $LIGHTBOX_SKIP_LOG names a file, appends one line per skipped test to
it: SUITE<TAB>TEST_ID<TAB>REASON (TEST_ID as unittest names it: module.Class.test_name).

* A test with several failing subTests is one failed test (one "FAIL: test (id)" header each, the same
  test: counted once); unexpected successes are failures.
* Skips and expected failures are skipped tests, each logged with its reason ("expected failure" for
  the latter): a budget somebody chose, never a quiet pass.
* A run that ran no test, or did not end cleanly (status not 0 although unittest said OK), or never
  got to unittest's summary (a time-out, a crash: the tests that finished are counted, plus one
  failure) is a failed run.
"""
import ast
import os
import re
import sys

# "test_x (module.Class.test_x) ... " opens a test's result; unittest -v prints the outcome on the same
# line unless something the test ran wrote in between (run.sh joins what it can).
_HEADER = re.compile(r"^(\w+) \(([\w.]+)\)(?: [^\n]*?)? \.\.\. ", re.M)
_SKIP = re.compile(r"(?:^| )skipped (?P<reason>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\s*$", re.M)
_EXPECTED = re.compile(r"(?:^| )expected failure\s*$", re.M)


def test_id(name, where):
    """unittest's dotted id from a -v header: Python 3.11 prints (module.Class.name), older ones
    (module.Class)."""
    return where if where.endswith("." + name) else f"{where}.{name}"


def skipped_tests(log):
    """[(test id, reason)] for each test the log reports as skipped or as an expected failure."""
    found = []
    headers = list(_HEADER.finditer(log))
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(log)
        # The outcome comes before the summary's separator lines.
        chunk = log[header.end():end].split("\n" + "-" * 70, 1)[0].split("\n" + "=" * 70, 1)[0]
        skip = _SKIP.search(chunk)
        if skip:
            try:
                reason = ast.literal_eval(skip.group("reason"))
            except (ValueError, SyntaxError):
                reason = skip.group("reason")[1:-1]
        elif _EXPECTED.search(chunk):
            reason = "expected failure"
        else:
            continue
        reason = " ".join(str(reason).split())  # one line, no tabs
        found.append((test_id(header.group(1), header.group(2)), reason))
    return found


def summarise(log, status):
    """(passed, failed, skipped, [why the run failed], [(id, reason) per skip])."""
    problems = []
    ran = re.findall(r"^Ran (\d+) tests? in", log, re.M)
    failed_ids = set(re.findall(r"^(?:FAIL|ERROR): (\S+ \([^)]*\))", log, re.M))
    skips = skipped_tests(log)
    if ran:
        total = int(ran[-1])
        tail = log[log.rfind("\nRan "):]

        def number(key):
            match = re.search(rf"\b{key}=(\d+)", tail)
            return int(match.group(1)) if match else 0
        failed = len(failed_ids) or number("failures") + number("errors")
        failed += number("unexpected successes")
        skipped = number("skipped") + number("expected failures")
        passed = max(0, total - failed - skipped)
        if total == 0:
            problems.append("the run ran no test")
        elif status != 0 and failed == 0:
            problems.append(f"unittest said OK, but the run ended with status {status}")
    else:
        passed = len(re.findall(r" \.\.\. ok$", log, re.M))
        failed = len(failed_ids) or len(re.findall(r" \.\.\. (?:FAIL|ERROR)$", log, re.M))
        skipped = len(skips)
        problems.append(f"the run ended (status {status}) before unittest's summary")
    # Every skip the summary counts gets a line, even one whose reason the log does not show.
    skips += [("(unknown)", "a skip the log does not name: see the run's log")] * (skipped - len(skips))
    if problems:
        failed += 1
    return passed, failed, skipped, problems, skips


def main(argv):
    suite, log_path, status = argv[1], argv[2], int(argv[3])
    with open(log_path, errors="replace") as f:
        log = f.read()
    passed, failed, skipped, problems, skips = summarise(log, status)
    print(passed, failed, skipped)
    for problem in problems:
        print(problem)
    skip_log = os.environ.get("LIGHTBOX_SKIP_LOG")
    if skip_log and skips:
        with open(skip_log, "a", encoding="utf-8") as out:
            out.writelines(f"{suite}\t{test}\t{reason}\n" for test, reason in skips)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
