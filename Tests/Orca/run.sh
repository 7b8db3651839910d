#!/usr/bin/env bash
# Run Lightbox's screen reader tests: Debian's Orca listens to the real app under Xvfb while the tests
# drive it by keyboard, and the tests assert on what Orca says.
#
#   LIGHTBOX_BIN=path/to/lightbox Tests/Orca/run.sh [extra unittest args, e.g. -k grid]
#   LIGHTBOX_BIN=path/to/lightbox Tests/Orca/run.sh --transcript OUT.md [JOB ...]
#
# The second form runs no test: it records what Orca says for everyday jobs (record_transcript.py).
# Builds nothing. Needs (Debian 12; scripts/install-deps.sh --test installs them): orca
# speech-dispatcher openbox xvfb xauth dbus dbus-x11 at-spi2-core python3-pyatspi gir1.2-atspi-2.0
# python3-gi xdotool; a missing one fails the run at once.
# The whole suite runs in ONE private X server (with the openbox window manager), session bus (its own
# config: only the services the suite needs can be activated, see Tests/E2E/session_bus.sh) and
# accessibility bus; each test gets its own HOME and XDG dirs, speech-dispatcher, Orca and app.
# Optional: ORCA_TEST_TIMEOUT (seconds per wait, default 15), ORCA_SUITE_TIMEOUT (default 420),
# ORCA_TEST_KEEP=1 (keep the per-test dirs and transcripts), ORCA_TEST_DEBUG_LEVEL=ALL (Orca's full
# debug log), LIGHTBOX_SKIP_LOG=FILE (append "orca<TAB>TEST_ID<TAB>REASON" for each skipped test).
# Each test's transcript.txt (keys and speech, timed) is in its dir under the work dir.
# Last line printed: "Orca: N passed, M failed, K skipped"; the exit status is non-zero on any
# failure, and a run that ran no test is a failure.
set -u

if [ "${1:-}" = --inside ]; then
    # In the X server and the session bus: start the window manager, run Python, stop the manager.
    shift
    openbox --sm-disable --startup "touch '$WORK/wm-ready'" >"$WORK/openbox.log" 2>&1 &
    wm=$!
    for _ in $(seq 200); do [ -e "$WORK/wm-ready" ] && break; sleep 0.05; done
    if [ ! -e "$WORK/wm-ready" ]; then
        echo "Orca: openbox did not start; its log:" >&2; cat "$WORK/openbox.log" >&2
        kill "$wm" 2>/dev/null; exit 3
    fi
    /usr/bin/python3 "$@"
    status=$?
    kill "$wm" 2>/dev/null; wait "$wm" 2>/dev/null
    exit "$status"
fi

cd "$(dirname "$0")/../.." || exit 2
REPO=$PWD
BIN=${LIGHTBOX_BIN:-.build/debug/lightbox}
case $BIN in /*) ;; *) BIN=$REPO/$BIN ;; esac
export LIGHTBOX_BIN=$BIN

transcript=
if [ "${1:-}" = --transcript ]; then
    [ -n "${2:-}" ] || { echo "usage: $0 --transcript OUT.md [JOB ...]" >&2; exit 2; }
    transcript=$2
    case $transcript in /*) ;; *) transcript=$REPO/$transcript ;; esac
    shift 2
fi

fail_early() {
    echo "Orca: $1" >&2
    echo "Orca: 0 passed, 1 failed, 0 skipped"
    exit 2
}
[ -x "$BIN" ] || fail_early "no lightbox binary at $BIN (build it, or set LIGHTBOX_BIN)"
# Each tool the suite runs, and the Debian package that has it.
for pair in xvfb-run:xvfb xauth:xauth dbus-run-session:dbus xdotool:xdotool openbox:openbox \
        speech-dispatcher:speech-dispatcher /usr/libexec/at-spi-bus-launcher:at-spi2-core; do
    tool=${pair%%:*} package=${pair#*:}
    command -v "$tool" >/dev/null || fail_early "$tool is missing: apt-get install -y $package"
done
/usr/bin/python3 -c 'import pyatspi, speechd, orca.orca_platform' 2>/dev/null \
    || fail_early "/usr/bin/python3 cannot import pyatspi, speechd and orca: apt-get install -y orca python3-pyatspi gir1.2-atspi-2.0 python3-gi python3-speechd"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/lightbox-orca.XXXXXX")
LOG=$WORK/unittest.log
. "$REPO/Tests/E2E/session_bus.sh"
make_session_bus "$WORK/bus" || fail_early "cannot set up the session bus (apt-get install -y at-spi2-core)"
# Every speech-dispatcher and Orca the run starts leads a process group of its own (so that a test can
# stop their helpers with them) and notes "PGID LEADER-START-TIME" here: a group whose leader still
# runs when the run ends (the tests died before stopping it) is killed.
export ORCA_TEST_PGIDS=$WORK/pgids
kill_leftovers() {
    [ -f "$ORCA_TEST_PGIDS" ] || return 0
    local pgid started now
    while read -r pgid started; do
        now=$(sed 's/.*) //' "/proc/$pgid/stat" 2>/dev/null | cut -d' ' -f20)
        if [ -n "$now" ] && [ "$now" = "$started" ]; then
            kill -KILL -- "-$pgid" 2>/dev/null
        fi
    done <"$ORCA_TEST_PGIDS"
    return 0
}
trap kill_leftovers EXIT
mkdir -p "$WORK"/{home,config,data,cache,state,runtime,artifacts}
chmod 700 "$WORK/runtime"
export WORK HOME=$WORK/home XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
export XDG_CACHE_HOME=$WORK/cache XDG_STATE_HOME=$WORK/state XDG_RUNTIME_DIR=$WORK/runtime
export LIGHTBOX_E2E_ARTIFACTS=$WORK/artifacts
export GDK_BACKEND=x11 GTK_A11Y=atspi
# GSettings in files under the run's dirs, for what the bus starts too (at-spi-bus-launcher keeps
# "accessibility on", which Orca sets, there): no dconf-service, which this bus does not activate.
export GSETTINGS_BACKEND=keyfile
unset NO_AT_BRIDGE DBUS_SESSION_BUS_ADDRESS AT_SPI_BUS_ADDRESS WAYLAND_DISPLAY DISPLAY SPEECHD_ADDRESS
export GSK_RENDERER=${GSK_RENDERER:-cairo}
export PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PYTHONWARNINGS=ignore::DeprecationWarning
export PYTHONPATH=$REPO/Tests/Orca:$REPO/Tests/E2E

if [ -n "$transcript" ]; then
    echo "Orca: recording a transcript of $BIN"
    timeout -k 10 "${ORCA_SUITE_TIMEOUT:-900}" \
        xvfb-run -a -e "$WORK/xvfb.log" -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
        dbus-run-session --config-file="$WORK/bus/session.conf" -- bash "$REPO/Tests/Orca/run.sh" --inside \
        "$REPO/Tests/Orca/record_transcript.py" "$transcript" "$@" 2>"$WORK/stderr.log"
    status=$?
    echo "Orca: per-job dirs (full transcripts, Orca's debug logs) kept in $WORK/artifacts"
    exit "$status"
fi

# -noreset: see Tests/E2E/run.sh (an app connecting while Xvfb resets dies with "cannot open display").
echo "Orca: testing $BIN"
timeout -k 10 "${ORCA_SUITE_TIMEOUT:-420}" \
    xvfb-run -a -e "$WORK/xvfb.log" -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
    dbus-run-session --config-file="$WORK/bus/session.conf" -- bash "$REPO/Tests/Orca/run.sh" --inside \
    -m unittest discover -s Tests/Orca -p 'test_*.py' -v "$@" 2>&1 \
    | awk '{ line = $0  # drop the buses\x27 chatter, even when it lands after a "test ... " prefix
             sub(/dbus-daemon\[[0-9]+\]: .*(fd limit|ctivat).*$/, ""); sub(/SpiRegistry daemon is running.*$/, "")
             sub(/\(process:[0-9]+\): dbind-WARNING \*\*: .*$/, "")
             if ($0 == "" && line != "") next
             if ($0 ~ / \.\.\. $/) { printf "%s", $0; fflush(); next }
             print; fflush() }' \
    | tee "$LOG"
status=${PIPESTATUS[0]}
kill_leftovers

# Count from unittest's own log (Tests/E2E/unittest_summary.py: failures, skips with their reasons, a
# run that ran nothing or never got to the summary); skips also go to $LIGHTBOX_SKIP_LOG.
{ read -r passed failed skipped; problems=$(cat); } \
    < <(/usr/bin/python3 "$REPO/Tests/E2E/unittest_summary.py" orca "$LOG" "$status")
[ -z "$problems" ] || echo "Orca: $problems" >&2
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "Orca: the suite hit its ${ORCA_SUITE_TIMEOUT:-420}s time limit" >&2
fi
if [ "${failed:-1}" -gt 0 ] || [ "$status" != 0 ]; then
    echo "Orca: logs, transcripts and per-test dirs kept in $WORK" >&2
    [ "${failed:-0}" -gt 0 ] || failed=1
    echo "Orca: ${passed:-0} passed, $failed failed, ${skipped:-0} skipped"
    exit 1
fi
if [ -n "${ORCA_TEST_KEEP:-}" ]; then
    echo "Orca: logs, transcripts and per-test dirs kept in $WORK" >&2
else
    rm -rf "$WORK"
fi
echo "Orca: $passed passed, $failed failed, $skipped skipped"
