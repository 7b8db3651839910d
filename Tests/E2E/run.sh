#!/usr/bin/env bash
# Run Lightbox's end-to-end tests: the real app under Xvfb, driven through AT-SPI.
#
#   LIGHTBOX_BIN=path/to/lightbox Tests/E2E/run.sh [extra unittest args]
#
# Builds nothing. Needs (Debian 12; scripts/install-deps.sh --test installs them): xvfb xauth dbus
# dbus-x11 at-spi2-core python3-pyatspi gir1.2-atspi-2.0 python3-gi gir1.2-gtk-4.0 xdotool x11-utils
# xclip libimage-exiftool-perl libjpeg-turbo-progs imagemagick desktop-file-utils; a missing one
# fails the run at once (no test is skipped for want of a tool). The whole suite runs in ONE private
# X server,
# session bus (its own config: only the services the suite needs can be activated, see
# session_bus.sh) and accessibility bus; each test gets its own HOME and XDG dirs (see
# lightbox_a11y.Sandbox).
# Optional: LIGHTBOX_E2E_TIMEOUT (seconds per wait, default 20),
# LIGHTBOX_E2E_KEEP=1 (keep the per-test dirs), E2E_SUITE_TIMEOUT (default 600),
# LIGHTBOX_SKIP_LOG=FILE (append "e2e<TAB>TEST_ID<TAB>REASON" for each skipped test).
# Last line printed: "E2E: N passed, M failed, K skipped"; the exit status is non-zero on any failure,
# and a run that ran no test is a failure.
set -u

cd "$(dirname "$0")/../.." || exit 2
REPO=$PWD
BIN=${LIGHTBOX_BIN:-.build/debug/lightbox}
case $BIN in /*) ;; *) BIN=$REPO/$BIN ;; esac
export LIGHTBOX_BIN=$BIN

fail_early() {
    echo "E2E: $1" >&2
    echo "E2E: 0 passed, 1 failed, 0 skipped"
    exit 2
}
[ -x "$BIN" ] || fail_early "no lightbox binary at $BIN (build it, or set LIGHTBOX_BIN)"
# Each tool the tests run, and the Debian package that has it.
for pair in xvfb-run:xvfb xauth:xauth dbus-run-session:dbus xdotool:xdotool xwininfo:x11-utils \
        /usr/libexec/at-spi-bus-launcher:at-spi2-core exiftool:libimage-exiftool-perl xclip:xclip \
        cjpeg:libjpeg-turbo-progs import:imagemagick convert:imagemagick \
        update-desktop-database:desktop-file-utils heif-enc:libheif-examples; do
    tool=${pair%%:*} package=${pair#*:}
    command -v "$tool" >/dev/null || fail_early "$tool is missing: apt-get install -y $package"
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null \
    || fail_early "/usr/bin/python3 cannot import pyatspi: apt-get install -y python3-pyatspi gir1.2-atspi-2.0 python3-gi"
/usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "4.0")' 2>/dev/null \
    || fail_early "/usr/bin/python3 has no GTK 4 (the drag and drop tests' other app): apt-get install -y gir1.2-gtk-4.0"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/lightbox-e2e.XXXXXX")
LOG=$WORK/unittest.log
export LIGHTBOX_E2E_TIMES=$WORK/times.tsv
. "$REPO/Tests/E2E/session_bus.sh"
make_session_bus "$WORK/bus" || fail_early "cannot set up the session bus (apt-get install -y at-spi2-core)"
# Suite-wide private dirs for the X server, the buses and anything they start; each test narrows these.
mkdir -p "$WORK"/{home,config,data,cache,state,runtime,artifacts}
chmod 700 "$WORK/runtime"
export HOME=$WORK/home XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
export XDG_CACHE_HOME=$WORK/cache XDG_STATE_HOME=$WORK/state XDG_RUNTIME_DIR=$WORK/runtime
export LIGHTBOX_E2E_ARTIFACTS=$WORK/artifacts
export GDK_BACKEND=x11 GTK_A11Y=atspi
# GSettings in files under the run's dirs, for what the bus starts too (at-spi-bus-launcher, when
# something turns accessibility on): no dconf-service, which this bus does not activate. Each test's
# sandbox has its own (lightbox_a11y.Sandbox).
export GSETTINGS_BACKEND=keyfile
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
    dbus-run-session --config-file="$WORK/bus/session.conf" -- \
    /usr/bin/python3 -m unittest discover -s Tests/E2E -p 'test_*.py' -v "$@" 2>&1 \
    | awk '{ line = $0  # drop the buses\x27 chatter, even when it lands after a "test ... " prefix
             sub(/dbus-daemon\[[0-9]+\]: .*(fd limit|ctivat).*$/, ""); sub(/SpiRegistry daemon is running.*$/, "")
             if ($0 == "" && line != "") next
             if ($0 ~ / \.\.\. $/) { printf "%s", $0; fflush(); next }
             print; fflush() }' \
    | tee "$LOG"
status=${PIPESTATUS[0]}

if [ -s "$LIGHTBOX_E2E_TIMES" ]; then
    echo "E2E: the slowest tests (s):"
    sort -rn "$LIGHTBOX_E2E_TIMES" | head -n 10 | sed 's/^/    /'
fi

# Count from unittest's own log (unittest_summary.py: failures, skips with their reasons, a run that
# ran nothing or never got to the summary); skips also go to $LIGHTBOX_SKIP_LOG.
{ read -r passed failed skipped; problems=$(cat); } \
    < <(/usr/bin/python3 "$REPO/Tests/E2E/unittest_summary.py" e2e "$LOG" "$status")
[ -z "$problems" ] || echo "E2E: $problems" >&2
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
    echo "E2E: the suite hit its ${E2E_SUITE_TIMEOUT:-600}s time limit" >&2
fi
if [ "${failed:-1}" -gt 0 ] || [ "$status" != 0 ]; then
    echo "E2E: logs and per-test dirs kept in $WORK" >&2
    [ "${failed:-0}" -gt 0 ] || failed=1
    echo "E2E: ${passed:-0} passed, $failed failed, ${skipped:-0} skipped"
    exit 1
fi
if [ -n "${LIGHTBOX_E2E_KEEP:-}" ]; then echo "E2E: logs and per-test dirs kept in $WORK" >&2; else rm -rf "$WORK"; fi
echo "E2E: $passed passed, $failed failed, $skipped skipped"
