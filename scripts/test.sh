#!/usr/bin/env bash
# Run all of Lightbox's checks; `make test` calls this after a debug build
# (`swift build --build-tests`).  Every part runs even when an earlier one
# failed, and the script exits non-zero if any part failed.
#
#   1. metadata   desktop-file-validate and appstreamcli validate --no-net, the
#                 metainfo's release and screenshots, the translations
#                 (scripts/check-translations.sh), the GSettings schema,
#                 the README's performance table against Tools/Bench/results.json
#   2. install    `make install` / `make uninstall` into a scratch DESTDIR, and the Debian package
#   3. unit       swift test --skip-build, under Xvfb and a private D-Bus; as root,
#                 the tests of what permissions refuse run again as an unprivileged user
#   4. fuzz       every kept fuzz input, C (`make fuzz-replay`); the Swift ones are in part 3
#   5. soak       a short `make soak` beside part 6: 1,000 photos acted on for 40 s while another process
#                 renames, deletes and re-rates them; fails on any loss
#   6. release    the program people install: `make build` (the README's way), then
#                 `make install` into a scratch prefix, where parts 7 to 9 run it
#   7. e2e        Tests/E2E/run.sh on the installed release build
#   8. orca       Tests/Orca/run.sh on it: what the screen reader Orca says while
#                 the tests drive the app by keyboard
#   9. guard      Tools/Bench/guard.py on it: start-up, stepping, big folders and a
#                 shuffled folder's first screen against Tools/Bench/guard.json
#
# A skipped test is a failure unless Tests/allowed-skips.txt allows it
# (scripts/test_counts.py). Each test part prints "N passed, N failed,
# N skipped"; the last line is the sum over the run.
#
# Environment: SWIFT (default swift).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here" || exit 2

APP_ID=org.lightboxphotos.Lightbox
SWIFT=${SWIFT:-swift}
DESKTOP_FILE=Resources/$APP_ID.desktop
METAINFO_FILE=Resources/$APP_ID.metainfo.xml

scratch=$(mktemp -d "${TMPDIR:-/tmp}/lightbox-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

results=()
failed=0

section() {
    printf '\n==============================================================\n'
    printf '== %s\n' "$*"
    printf '==============================================================\n'
}

# record NAME STATUS: remember how a part went.
record() {
    results+=("$1: $2")
    if [ "$2" = FAIL ]; then
        failed=1
    fi
}

# step DESCRIPTION COMMAND...: run one check, print its outcome, return its status.
step() {
    local what=$1
    shift
    echo "--> $what"
    if "$@"; then
        echo "    ok: $what"
        return 0
    else
        local rc=$?
        echo "    FAILED (exit $rc): $what"
        return "$rc"
    fi
}

# ---------------------------------------------------------------- metadata
section "1/9 metadata: desktop file, AppStream metainfo, translations, settings schema"
ok=1
if command -v desktop-file-validate >/dev/null 2>&1; then
    step "desktop-file-validate $DESKTOP_FILE" desktop-file-validate "$DESKTOP_FILE" || ok=0
else
    echo "desktop-file-validate not found (install desktop-file-utils)"; ok=0
fi
if command -v appstreamcli >/dev/null 2>&1; then
    # Errors and warnings fail it, and so do its hints here, but the one for
    # <developer>, which AppStream 0.16 (Debian 12) predates.
    step "appstreamcli validate --no-net $METAINFO_FILE" \
        appstreamcli validate --no-net "$METAINFO_FILE" || ok=0
    hints=$(appstreamcli validate --no-net "$METAINFO_FILE" 2>&1 | grep '^I:' | grep -v ' unknown-tag developer$')
    if [ -n "$hints" ]; then echo "    FAILED: appstreamcli's hints: $hints"; ok=0; fi
else
    echo "appstreamcli not found (install appstream)"; ok=0
fi
# The metainfo's newest release is this version, and each screenshot is a PNG
# of this repository (Tests/E2E/test_screenshots.py takes them) at the size
# it states, under the homepage's /raw/main/.
step "the metainfo's release is $(sed -n 's/^VERSION *:= *//p' Makefile) and its screenshots are Resources/screenshots' PNGs" \
    python3 - "$METAINFO_FILE" "$(sed -n 's/^VERSION *:= *//p' Makefile)" <<'PY' || ok=0
import os, struct, sys, xml.etree.ElementTree as ET
root, version, problems = ET.parse(sys.argv[1]).getroot(), sys.argv[2], []
release = root.find("releases/release")
if release is None or release.get("version") != version:
    problems.append(f"the newest release is not {version}")
base = root.find("url[@type='homepage']").text.strip() + "/raw/main/"
images = root.findall("screenshots/screenshot/image")
for image in images:
    url, path = image.text.strip(), image.text.strip()[len(base):]
    head = open(path, "rb").read(24) if url.startswith(base) and os.path.isfile(path) else b""
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        problems.append(f"{url}: no PNG of this repository under {base}")
    elif struct.unpack(">II", head[16:24]) != (int(image.get("width")), int(image.get("height"))):
        problems.append(f"{path} is {struct.unpack('>II', head[16:24])}, not {image.get('width')}x{image.get('height')}")
    elif os.path.getsize(path) > 300_000:
        problems.append(f"{path} is over 300 kB")
print("\n".join(f"    {p}" for p in problems) or f"    {len(images)} screenshots")
sys.exit(1 if problems or not images else 0)
PY
for svg in "Resources/icons/hicolor/scalable/apps/$APP_ID.svg" \
           "Resources/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg"; do
    if [ -s "$svg" ] && grep -q '<svg' "$svg"; then
        echo "    ok: $svg"
    else
        echo "    FAILED: $svg is missing or not an SVG"; ok=0
    fi
done
# The Makefile reads the photo extensions from the app's one list.
listed=$(make --no-print-directory -s -f Makefile print-photo-extensions)
if [[ " $listed " == *" jpg "* && " $listed " == *" nef "* && " $listed " == *" heic "* ]]; then
    echo "    ok: the Makefile reads PhotoFormat.swift's extensions ($listed)"
else
    echo "    FAILED: the Makefile's photo extensions lack jpg, nef or heic: $listed"; ok=0
fi
step "translations: marked strings, the template, complete catalogs (scripts/check-translations.sh)" \
    scripts/check-translations.sh || ok=0
step "the GSettings schema compiles (glib-compile-schemas --strict --dry-run)" \
    glib-compile-schemas --strict --dry-run --schema-file="Resources/$APP_ID.gschema.xml" || ok=0
step "the README's performance table is the last \`make bench\` results (Tools/Bench/report.py --check-readme)" \
    python3 Tools/Bench/report.py --check-readme || ok=0
if [ "$ok" -eq 1 ]; then record metadata PASS; else record metadata FAIL; fi

# ----------------------------------------------------------------- install
section "2/9 install: make install / uninstall into a scratch DESTDIR"
ok=1
fakebuild=$scratch/build
stage=$scratch/stage
mkdir -p "$fakebuild"
# Stand-in binaries: this checks the layout, not the programs.
printf '#!/bin/sh\necho lightbox 0.1.0\n' >"$fakebuild/lightbox"
printf '#!/bin/sh\nexit 2\n' >"$fakebuild/lightbox-decoder"
chmod 755 "$fakebuild/lightbox" "$fakebuild/lightbox-decoder"
expected=(
    "usr/bin/lightbox"
    "usr/libexec/lightbox/lightbox-decoder"
    "usr/share/applications/$APP_ID.desktop"
    "usr/share/metainfo/$APP_ID.metainfo.xml"
    "usr/share/icons/hicolor/scalable/apps/$APP_ID.svg"
    "usr/share/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg"
    "usr/share/glib-2.0/schemas/$APP_ID.gschema.xml"
    "usr/share/man/man1/lightbox.1"
)
for lang in $(sed 's/#.*//' po/LINGUAS); do
    expected+=("usr/share/locale/$lang/LC_MESSAGES/lightbox.mo")
done
if step "make install" make --no-print-directory install PREFIX=/usr DESTDIR="$stage" BUILD_DIR="$fakebuild"; then
    for f in "${expected[@]}"; do
        if [ -f "$stage/$f" ]; then echo "    ok: /$f"; else echo "    FAILED: /$f was not installed"; ok=0; fi
    done
    for program in usr/bin/lightbox usr/libexec/lightbox/lightbox-decoder; do
        [ -x "$stage/$program" ] || { echo "    FAILED: /$program is not executable"; ok=0; }
    done
    extra=$(cd "$stage" && find . -type f | sed 's|^\./||' | sort)
    want=$(printf '%s\n' "${expected[@]}" | sort)
    if [ "$extra" != "$want" ]; then
        echo "    FAILED: installed files differ from the expected list:"
        diff <(echo "$want") <(echo "$extra") | sed 's/^/      /'
        ok=0
    fi
    desktop="$stage/usr/share/applications/$APP_ID.desktop"
    # Camera RAW types always (the decoder reads them itself); HEIF when
    # its gdk-pixbuf loader is installed, as make test's install step does.
    if grep -q '^MimeType=inode/directory;.*image/jpeg;.*image/png;' "$desktop" \
        && grep -q '^MimeType=.*image/x-adobe-dng;.*image/x-nikon-nef;' "$desktop" \
        && grep -q '^MimeType=.*image/heic;' "$desktop" && grep -q '^MimeType=.*image/jxl;' "$desktop" \
        && ! grep '^MimeType=' "$desktop" | tr ';=' '\n\n' | grep -v '^MimeType$' | grep -qv '^image/\|^inode/directory$\|^$'; then
        echo "    ok: the installed desktop file declares $(grep '^MimeType=' "$desktop")"
    else
        echo "    FAILED: the installed desktop file should declare image types and only those: $(grep '^MimeType=' "$desktop")"; ok=0
    fi
    step "desktop-file-validate (installed)" desktop-file-validate "$desktop" || ok=0
    # The translations reach the desktop file and the metainfo.
    if grep -q '^Comment\[de\]=' "$desktop" && grep -q 'xml:lang="de"' "$stage/usr/share/metainfo/$APP_ID.metainfo.xml"; then
        echo "    ok: the installed desktop file and metainfo carry the translations"
    else
        echo "    FAILED: no German in the installed desktop file or metainfo"; ok=0
    fi
    if command -v appstreamcli >/dev/null 2>&1; then
        step "appstreamcli validate-tree --no-net (metainfo, desktop file and icon together)" \
            appstreamcli validate-tree --no-net "$stage" || ok=0
    fi
    # The metainfo provides the image types the desktop file declares.
    provided=$(sed -n 's|^ *<mediatype>\(.*\)</mediatype>$|\1|p' "$stage/usr/share/metainfo/$APP_ID.metainfo.xml")
    declared=$(sed -n 's/^MimeType=//p' "$desktop" | tr ';' '\n' | grep '^image/')
    if [ -n "$provided" ] && [ "$provided" = "$declared" ]; then
        echo "    ok: the installed metainfo provides the desktop file's $(wc -l <<<"$provided") image types"
    else
        echo "    FAILED: the installed metainfo's media types differ from the desktop file's:"
        diff <(echo "$declared") <(echo "$provided") | sed 's/^/      /'
        ok=0
    fi
    if step "make uninstall" make --no-print-directory uninstall PREFIX=/usr DESTDIR="$stage"; then
        left=$(find "$stage" -type f)
        if [ -n "$left" ]; then
            echo "    FAILED: files left after uninstall:"
            while IFS= read -r f; do echo "      $f"; done <<<"$left"
            ok=0
        fi
    else
        ok=0
    fi
else
    ok=0
fi
# The Debian package, of the same stand-ins: its files, fields and lintian.
deb=$scratch/lightbox.deb
if step "scripts/make-deb.sh (stand-in programs)" env BUILD_DIR="$fakebuild" DEB_OUT="$deb" scripts/make-deb.sh; then
    contents=$(dpkg-deb --contents "$deb" | awk '{print $6}' | grep -v '/$' | sed 's|^\./||' | sort)
    want=$(printf '%s\n' "${expected[@]}" usr/share/doc/lightbox/changelog.gz usr/share/doc/lightbox/copyright \
        | sed 's|man1/lightbox.1$|man1/lightbox.1.gz|' | sort)
    if [ "$contents" = "$want" ]; then
        echo "    ok: the package holds exactly the installed files and its doc files"
    else
        echo "    FAILED: the package's files differ from the expected list:"
        diff <(echo "$want") <(echo "$contents") | sed 's/^/      /'
        ok=0
    fi
    depends=$(dpkg-deb --field "$deb" Depends)
    recommends=$(dpkg-deb --field "$deb" Recommends)
    if [[ "$depends" == *bubblewrap* && "$depends" == *"dconf-gsettings-backend | gsettings-backend"* \
          && "$recommends" == *heif-gdk-pixbuf* && "$recommends" == *libavif-gdk-pixbuf* ]]; then
        echo "    ok: Depends: $depends; Recommends: $recommends"
    else
        echo "    FAILED: Depends should name bubblewrap and a GSettings backend: $depends"; ok=0
    fi
    if command -v lintian >/dev/null 2>&1; then
        report=$(lintian --allow-root --display-info --pedantic "$deb" 2>/dev/null || true)
        errors=$(grep '^E:' <<<"$report" || true)
        if [ -z "$errors" ]; then echo "    ok: lintian reports no errors"; else echo "    FAILED: lintian: $errors"; ok=0; fi
        if grep -q 'no-manual-page' <<<"$report"; then echo "    FAILED: lintian: no manual page"; ok=0; fi
        # Not a word, even pedantic, about the AppStream metainfo.
        metainfo_tags=$(grep -i 'appstream\|metainfo' <<<"$report" || true)
        if [ -z "$metainfo_tags" ]; then echo "    ok: lintian says nothing of the metainfo"
        else echo "    FAILED: lintian: $metainfo_tags"; ok=0; fi
    fi
else
    ok=0
fi
if [ "$ok" -eq 1 ]; then record install PASS; else record install FAIL; fi

# -------------------------------------------------------------------- unit
# Every skipped test, one line each ("SUITE<TAB>TEST<TAB>REASON"), from all parts.
skips=$scratch/skips.tsv
: >"$skips"
passed_total=0
failed_total=0
skipped_total=0

# count PART "N passed, N failed, N skipped": add a part's counts to the run's.
count() {
    local part=$1 line=$2 p f k
    read -r p f k <<<"$(sed -E 's/^.*\b([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?.*$/\1 \2 \4/' <<<"$line")"
    if ! [[ "$p" =~ ^[0-9]+$ && "$f" =~ ^[0-9]+$ ]]; then
        echo "    FAILED: $part printed no count"; failed_total=$((failed_total + 1)); return 1
    fi
    passed_total=$((passed_total + p)); failed_total=$((failed_total + f)); skipped_total=$((skipped_total + ${k:-0}))
    echo "    $part: $p passed, $f failed, ${k:-0} skipped"
}

# The environment every run of the test bundle gets: its own XDG folders.
xdg_env() {
    local base=$1
    mkdir -p "$base"/{runtime,config,data,cache,state,home,tmp}
    chmod 700 "$base/runtime"
    echo "HOME=$base/home TMPDIR=$base/tmp XDG_RUNTIME_DIR=$base/runtime XDG_CONFIG_HOME=$base/config"
    echo "XDG_DATA_HOME=$base/data XDG_CACHE_HOME=$base/cache XDG_STATE_HOME=$base/state"
}

section "3/9 unit: swift test (Xvfb, private D-Bus session)"
# A test that hangs fails the part instead of holding CI until its own
# limit: the whole part takes about 5 minutes on 2 cores.
UNIT_TIME_LIMIT=${UNIT_TIME_LIMIT:-900}
ok=1
unit_log=$scratch/unit.log
for tool in xvfb-run dbus-run-session setpriv; do
    command -v "$tool" >/dev/null 2>&1 || { echo "    FAILED: $tool not found: run scripts/install-deps.sh --test"; ok=0; }
done
if [ "$ok" -eq 1 ]; then
    # shellcheck disable=SC2046 # the variables are words, and the paths have no spaces
    env -u NO_AT_BRIDGE -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY \
        GDK_BACKEND=x11 GSK_RENDERER="${GSK_RENDERER:-cairo}" GSETTINGS_BACKEND=memory \
        $(xdg_env "$scratch/unit") \
        xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
        timeout --kill-after=30 "$UNIT_TIME_LIMIT" \
        dbus-run-session -- "$SWIFT" test --skip-build 2>&1 | tee "$unit_log"
    status=${PIPESTATUS[0]}
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "    FAILED: swift test ran past its time limit ($UNIT_TIME_LIMIT s)"
    fi
    counts=$(python3 scripts/test_counts.py xctest "$unit_log" "$skips") || ok=0
    count unit "$counts" || ok=0
    [ "$status" -eq 0 ] || { echo "    FAILED: swift test exited $status"; ok=0; }
fi
# Root is refused nothing, so the tests of what permissions refuse skip as
# root; here they run again as an unprivileged user, and must pass.
if [ "$(id -u)" -eq 0 ] && [ -s "$unit_log" ]; then
    mapfile -t refused < <(python3 scripts/test_counts.py unprivileged "$skips")
    if [ "${#refused[@]}" -gt 0 ]; then
        nobody=$(id -u nobody) && nogroup=$(id -g nobody) || { echo "    FAILED: no user nobody"; ok=0; }
        base=$scratch/unprivileged
        mkdir -p "$base" && chmod 755 "$scratch"
        xdg=$(xdg_env "$base")
        chown -R "$nobody:$nogroup" "$base"
        echo "--> as user nobody: ${refused[*]}"
        # shellcheck disable=SC2086
        timeout --kill-after=30 300 setpriv --reuid="$nobody" --regid="$nogroup" --clear-groups \
            env -i PATH="$PATH" LANG=C.UTF-8 GSETTINGS_BACKEND=memory $xdg \
            "$here/.build/debug/LightboxPackageTests.xctest" "$(IFS=,; echo "${refused[*]}")" \
            >"$scratch/unprivileged.log" 2>&1
        status=$?
        cat "$scratch/unprivileged.log"
        counts=$(python3 scripts/test_counts.py xctest "$scratch/unprivileged.log" "$scratch/unprivileged-skips.tsv")
        echo "    as nobody: $counts"
        if [ "$status" -ne 0 ] || [ "$counts" != "${#refused[@]} passed, 0 failed, 0 skipped" ]; then
            echo "    FAILED: the tests of what permissions refuse, as an unprivileged user"; ok=0
            failed_total=$((failed_total + 1))
        else
            passed_total=$((passed_total + ${#refused[@]}))
        fi
    fi
fi
if [ "$ok" -eq 1 ]; then record unit PASS; else record unit FAIL; fi

# -------------------------------------------------------------------- fuzz
section "4/9 fuzz: every kept C input through its target, under AddressSanitizer and UBSan"
if step "make fuzz-replay" make --no-print-directory fuzz-replay SWIFT="$SWIFT"; then
    record fuzz PASS
else
    record fuzz FAIL
fi

# -------------------------------------------------------------------- soak
section "5/9 soak: a short make soak (the debug build's lightbox-soak), beside part 6"
# The long soak (make soak) runs ten minutes by hand; this one runs on
# every change: 1,000 photos, 250 of them acted on for 40 s while
# scripts/soak-churn.py renames, deletes and re-rates them. It fails on a
# lost or damaged file and on a list that disagrees with the folder. It
# runs while part 6 compiles (nothing it checks depends on its speed, and
# the two share the cores better than either alone); its log follows.
soak_log=$scratch/soak.log
echo "--> scripts/soak.py (SOAK_SECONDS=40 SOAK_PHOTOS=1000 SOAK_DRIVE=250), in the background"
env SOAK_SECONDS=40 SOAK_PHOTOS=1000 SOAK_DRIVE=250 SOAK_DIR="$scratch/soak" SOAK_BIN="$here/.build/debug" \
    timeout --kill-after=30 300 python3 scripts/soak.py >"$soak_log" 2>&1 &
soak_pid=$!

# ----------------------------------------------------------------- release
section "6/9 release: make build, installed into a scratch prefix"
release=$scratch/release
installed_bin=$release/usr/bin/lightbox
ok=1
if step "make build (the README's release build)" make --no-print-directory build SWIFT="$SWIFT" \
    && step "make install PREFIX=/usr DESTDIR=$release" make --no-print-directory install PREFIX=/usr DESTDIR="$release" \
    && step "glib-compile-schemas (what the package's trigger does)" \
        glib-compile-schemas --strict "$release/usr/share/glib-2.0/schemas"; then
    # The installed layout: the decoder in libexec, found from bin/.
    for f in usr/bin/lightbox usr/libexec/lightbox/lightbox-decoder; do
        [ -x "$release/$f" ] || { echo "    FAILED: /$f is not there"; ok=0; }
    done
    [ ! -e "$release/usr/bin/lightbox-decoder" ] || { echo "    FAILED: the decoder sits beside the program"; ok=0; }
else
    ok=0
fi
if [ "$ok" -eq 1 ]; then record release PASS; else record release FAIL; fi

section "5/9 soak: its log (it ran beside part 6)"
wait "$soak_pid"
status=$?
cat "$soak_log"
rm -rf "$scratch/soak"
if [ "$status" -eq 0 ]; then
    echo "    ok: scripts/soak.py"
    record soak PASS
else
    echo "    FAILED (exit $status): scripts/soak.py"
    record soak FAIL
fi
# The suites below run the installed program with the prefix's data first
# (its schema, icons and translations), as a system install would.
release_env=(XDG_DATA_DIRS="$release/usr/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}")

# run_suite NAME SCRIPT: one of the app suites, on the installed release build.
run_suite() {
    local name=$1 script=$2 log=$scratch/$1.log status
    if [ ! -x "$installed_bin" ]; then
        echo "    FAILED: no installed release build to test (part 5 failed)"
        record "$name" FAIL
        return
    fi
    echo "--> $script (LIGHTBOX_BIN=$installed_bin)"
    env -u NO_AT_BRIDGE "${release_env[@]}" LIGHTBOX_BIN="$installed_bin" LIGHTBOX_SKIP_LOG="$skips" \
        bash "$script" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    if count "$name" "$(tail -n 1 "$log")" && [ "$status" -eq 0 ]; then
        record "$name" PASS
    else
        echo "    FAILED (exit $status): $script"
        record "$name" FAIL
    fi
}

# --------------------------------------------------------------------- e2e
section "7/9 e2e: Tests/E2E/run.sh on the installed release build"
run_suite e2e Tests/E2E/run.sh

# -------------------------------------------------------------------- orca
section "8/9 orca: Tests/Orca/run.sh on the installed release build"
run_suite orca Tests/Orca/run.sh

# ------------------------------------------------------------------- guard
section "9/9 guard: performance figures against Tools/Bench/guard.json (installed release build)"
# Last, with nothing else running: start-up against the bare GTK window,
# stepping through JPEG and RAW files, 10,000 and 100,000 photos opened,
# and a shuffled folder's first screen (Tools/Bench/guard.py).
if [ ! -x "$installed_bin" ]; then
    echo "    FAILED: no installed release build to measure (part 6 failed)"
    record guard FAIL
else
    guard_log=$scratch/guard.log
    env -u NO_AT_BRIDGE "${release_env[@]}" timeout --kill-after=30 600 \
        python3 Tools/Bench/guard.py --lightbox "$installed_bin" 2>&1 | tee "$guard_log"
    status=${PIPESTATUS[0]}
    if count guard "$(tail -n 1 "$guard_log")" && [ "$status" -eq 0 ]; then
        record guard PASS
    else
        echo "    FAILED (exit $status): Tools/Bench/guard.py"
        record guard FAIL
    fi
fi

# ------------------------------------------------------------------- skips
section "skips: every skipped test against Tests/allowed-skips.txt"
if python3 scripts/test_counts.py check "$skips" Tests/allowed-skips.txt; then
    record skips PASS
else
    record skips FAIL
fi

# ----------------------------------------------------------------- summary
section "summary"
for r in "${results[@]}"; do
    echo "  $r"
done
if [ "$failed" -ne 0 ]; then
    echo "test.sh: some parts FAILED"
    [ "$failed_total" -gt 0 ] || failed_total=1
else
    echo "test.sh: all parts passed"
fi
echo "test.sh: $passed_total passed, $failed_total failed, $skipped_total skipped"
[ "$failed" -eq 0 ]
