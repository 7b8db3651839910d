#!/usr/bin/env bash
# Run Lightbox's end-to-end tests: the real app under Xvfb, driven through AT-SPI.
#
#   LIGHTBOX_BIN=path/to/lightbox Tests/E2E/run.sh [extra unittest args]
#
# Builds nothing. Needs (Debian 12): xvfb xauth dbus dbus-x11 at-spi2-core python3-pyatspi
# gir1.2-atspi-2.0 python3-gi xdotool. The whole suite runs in ONE private X server, session bus and
# accessibility bus; each test gets its own HOME and XDG dirs (see lightbox_a11y.Sandbox).
# Optional: LIGHTBOX_E2E_TIMEOUT (seconds per wait, default 20),
# LIGHTBOX_E2E_KEEP=1 (keep the per-test dirs), E2E_SUITE_TIMEOUT (default 600).
# Last line printed: "E2E: N passed, M failed"; the exit status is non-zero on any failure.
set -u

cd "$(dirname "$0")/../.." || exit 2
REPO=$PWD
BIN=${LIGHTBOX_BIN:-.build/debug/lightbox}
case $BIN in /*) ;; *) BIN=$REPO/$BIN ;; esac
export LIGHTBOX_BIN=$BIN

fail_early() {
    echo "E2E: $1" >&2
    echo "E2E: 0 passed, 1 failed"
    exit 2
}
[ -x "$BIN" ] || fail_early "no lightbox binary at $BIN (build it, or set LIGHTBOX_BIN)"
for tool in xvfb-run dbus-run-session xdotool xauth; do
    command -v "$tool" >/dev/null || fail_early "$tool is missing: apt-get install -y xvfb xauth dbus dbus-x11 at-spi2-core xdotool"
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null \
    || fail_early "/usr/bin/python3 cannot import pyatspi: apt-get install -y python3-pyatspi gir1.2-atspi-2.0 python3-gi"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/lightbox-e2e.XXXXXX")
LOG=$WORK/unittest.log
# Suite-wide private dirs for the X server, the buses and anything they start; each test narrows these.
mkdir -p "$WORK"/{home,config,data,cache,state,runtime,artifacts}
chmod 700 "$WORK/runtime"
export HOME=$WORK/home XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
export XDG_CACHE_HOME=$WORK/cache XDG_STATE_HOME=$WORK/state XDG_RUNTIME_DIR=$WORK/runtime
export LIGHTBOX_E2E_ARTIFACTS=$WORK/artifacts
export GDK_BACKEND=x11 GTK_A11Y=atspi
unset NO_AT_BRIDGE DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS WAYLAND_DISPLAY DISPLAY
# Rendering is not under test: cairo spares the 2 CPUs the GL software rasteriser would take.
export GSK_RENDERER=${GSK_RENDERER:-cairo}
export PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PYTHONWARNINGS=ignore::DeprecationWarning

# -noreset: by default Xvfb resets itself whenever its last client disconnects (at-spi-bus-launcher
# connects and leaves at the start; so does every app the tests stop), and an app that connects during
# the reset dies with "cannot open display". Seen often on a busy 2-CPU machine; never with -noreset.
echo "E2E: testing $BIN"
timeout -k 10 "${E2E_SUITE_TIMEOUT:-600}" \
    xvfb-run -a -e "$WORK/xvfb.log" -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
    dbus-run-session -- \
    /usr/bin/python3 -m unittest discover -s Tests/E2E -p 'test_*.py' -v "$@" 2>&1 \
    | awk '{ line = $0  # drop the buses\x27 chatter, even when it lands after a "test ... " prefix
             sub(/dbus-daemon\[[0-9]+\]: .*(fd limit|ctivat).*$/, ""); sub(/SpiRegistry daemon is running.*$/, "")
             if ($0 == "" && line != "") next
             if ($0 ~ / \.\.\. $/) { printf "%s", $0; fflush(); next }
             print; fflush() }' \
    | tee "$LOG"
status=${PIPESTATUS[0]}

# Count from unittest's own summary ("Ran N tests", "OK"/"FAILED (failures=a, errors=b, skipped=c)");
# if it never got there (timeout, crash), count the per-test result lines and add one failure.
summary() {
    /usr/bin/python3 - "$LOG" "$status" <<'EOF'
import re, sys
log, status = open(sys.argv[1], errors="replace").read(), int(sys.argv[2])
ran = re.findall(r"^Ran (\d+) tests? in", log, re.M)
def count(key, text):
    m = re.search(rf"\b{key}=(\d+)", text)
    return int(m.group(1)) if m else 0
if ran:
    last = log[log.rfind("\nRan "):]
    # a test with several failing subTests is one failed test
    failed = len(set(re.findall(r"^(?:FAIL|ERROR): (\S+ \([^)]*\))", log, re.M)))
    failed = failed or count("failures", last) + count("errors", last)
    failed += count("unexpected successes", last)
    skipped = count("skipped", last) + count("expected failures", last)
    passed = max(0, int(ran[-1]) - failed - skipped)
    if failed == 0 and (status != 0 or int(ran[-1]) == 0):
        failed = 1  # unittest said OK, but the run did not end cleanly or ran nothing
else:
    passed = len(re.findall(r" \.\.\. ok$", log, re.M))
    failed = len(re.findall(r" \.\.\. (FAIL|ERROR)$", log, re.M)) + 1
print(f"{passed} {failed}")
EOF
}
read -r passed failed < <(summary)
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "E2E: the suite hit its ${E2E_SUITE_TIMEOUT:-600}s time limit" >&2
fi
if [ "$failed" -gt 0 ] || [ "$status" != 0 ]; then
    echo "E2E: logs and per-test dirs kept in $WORK" >&2
    [ "$failed" -gt 0 ] || failed=1
    echo "E2E: $passed passed, $failed failed"
    exit 1
fi
if [ -n "${LIGHTBOX_E2E_KEEP:-}" ]; then echo "E2E: logs and per-test dirs kept in $WORK" >&2; else rm -rf "$WORK"; fi
echo "E2E: $passed passed, $failed failed"
