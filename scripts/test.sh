#!/usr/bin/env bash
# Run all of Lightbox's checks; `make test` calls this after a debug build
# (`swift build --build-tests`).  Every part runs even when an earlier one
# failed, and the script exits non-zero if any part failed.
#
#   1. metadata   desktop-file-validate and appstreamcli validate --no-net, the
#                 translations (scripts/check-translations.sh), the GSettings schema
#   2. install    `make install` / `make uninstall` into a scratch DESTDIR, and the Debian package
#   3. unit       swift test --skip-build, under Xvfb and a private D-Bus
#   4. e2e        Tests/E2E/run.sh, when it exists
#   5. orca       Tests/Orca/run.sh, when it exists: what the screen reader
#                 Orca says while the tests drive the app by keyboard
#
# Environment: SWIFT (default swift); E2E_BIN is the binary handed to the
# end-to-end and screen reader suites as LIGHTBOX_BIN (default
# .build/debug/lightbox).
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
section "1/5 metadata: desktop file, AppStream metainfo, translations, settings schema"
ok=1
if command -v desktop-file-validate >/dev/null 2>&1; then
    step "desktop-file-validate $DESKTOP_FILE" desktop-file-validate "$DESKTOP_FILE" || ok=0
else
    echo "desktop-file-validate not found (install desktop-file-utils)"; ok=0
fi
if command -v appstreamcli >/dev/null 2>&1; then
    step "appstreamcli validate --no-net $METAINFO_FILE" \
        appstreamcli validate --no-net "$METAINFO_FILE" || ok=0
else
    echo "appstreamcli not found (install appstream)"; ok=0
fi
for svg in "Resources/icons/hicolor/scalable/apps/$APP_ID.svg" \
           "Resources/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg"; do
    if [ -s "$svg" ] && grep -q '<svg' "$svg"; then
        echo "    ok: $svg"
    else
        echo "    FAILED: $svg is missing or not an SVG"; ok=0
    fi
done
# The Makefile's photo extensions (the desktop file's types come from
# them) are the folder scanner's.
scanner=$(sed -n '/imageExtensions: Set<String> = \[/,/\]/p' Sources/LightboxCore/Library/FolderScanner.swift \
    | grep -o '"[a-z0-9]*"' | tr -d '"' | sort | tr '\n' ' ')
listed=$(make --no-print-directory -s -f Makefile print-photo-extensions | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ')
if [ "$scanner" = "$listed" ]; then
    echo "    ok: the Makefile's PHOTO_EXTENSIONS are FolderScanner.imageExtensions ($listed)"
else
    echo "    FAILED: PHOTO_EXTENSIONS ($listed) differ from FolderScanner.imageExtensions ($scanner)"; ok=0
fi
step "translations: marked strings, the template, complete catalogs (scripts/check-translations.sh)" \
    scripts/check-translations.sh || ok=0
step "the GSettings schema compiles (glib-compile-schemas --strict --dry-run)" \
    glib-compile-schemas --strict --dry-run --schema-file="Resources/$APP_ID.gschema.xml" || ok=0
if [ "$ok" -eq 1 ]; then record metadata PASS; else record metadata FAIL; fi

# ----------------------------------------------------------------- install
section "2/5 install: make install / uninstall into a scratch DESTDIR"
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
    if grep -q '^MimeType=inode/directory;.*image/jpeg;.*image/png;' "$desktop" \
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
    want=$(printf '%s\n' "${expected[@]}" usr/share/doc/lightbox/changelog.gz usr/share/doc/lightbox/copyright | sort)
    if [ "$contents" = "$want" ]; then
        echo "    ok: the package holds exactly the installed files and its doc files"
    else
        echo "    FAILED: the package's files differ from the expected list:"
        diff <(echo "$want") <(echo "$contents") | sed 's/^/      /'
        ok=0
    fi
    depends=$(dpkg-deb --field "$deb" Depends)
    if [[ "$depends" == *bubblewrap* && "$depends" == *"dconf-gsettings-backend | gsettings-backend"* ]]; then
        echo "    ok: Depends: $depends"
    else
        echo "    FAILED: Depends should name bubblewrap and a GSettings backend: $depends"; ok=0
    fi
    if command -v lintian >/dev/null 2>&1; then
        errors=$(lintian --allow-root "$deb" 2>/dev/null | grep '^E:' || true)
        if [ -z "$errors" ]; then echo "    ok: lintian reports no errors"; else echo "    FAILED: lintian: $errors"; ok=0; fi
    fi
else
    ok=0
fi
if [ "$ok" -eq 1 ]; then record install PASS; else record install FAIL; fi

# -------------------------------------------------------------------- unit
section "3/5 unit: swift test (Xvfb, private D-Bus session)"
runtime=$scratch/runtime
home_dirs=$scratch/xdg
mkdir -p "$runtime" "$home_dirs/config" "$home_dirs/data" "$home_dirs/cache" "$home_dirs/state"
chmod 700 "$runtime"
if ! command -v xvfb-run >/dev/null 2>&1 || ! command -v dbus-run-session >/dev/null 2>&1; then
    echo "xvfb-run or dbus-run-session not found: run scripts/install-deps.sh --test"
    record unit FAIL
elif step "xvfb-run -a dbus-run-session -- $SWIFT test --skip-build" \
    env -u NO_AT_BRIDGE \
        GDK_BACKEND=x11 \
        GSK_RENDERER="${GSK_RENDERER:-cairo}" \
        GSETTINGS_BACKEND=memory \
        XDG_RUNTIME_DIR="$runtime" \
        XDG_CONFIG_HOME="$home_dirs/config" \
        XDG_DATA_HOME="$home_dirs/data" \
        XDG_CACHE_HOME="$home_dirs/cache" \
        XDG_STATE_HOME="$home_dirs/state" \
        xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp -noreset" \
        dbus-run-session -- "$SWIFT" test --skip-build; then
    record unit PASS
else
    record unit FAIL
fi

# --------------------------------------------------------------------- e2e
section "4/5 e2e: Tests/E2E/run.sh"
if [ -f Tests/E2E/run.sh ]; then
    e2e_bin=${E2E_BIN:-$here/.build/debug/lightbox}
    if step "Tests/E2E/run.sh (LIGHTBOX_BIN=$e2e_bin)" \
        env -u NO_AT_BRIDGE LIGHTBOX_BIN="$e2e_bin" bash Tests/E2E/run.sh; then
        record e2e PASS
    else
        record e2e FAIL
    fi
else
    echo "Tests/E2E/run.sh does not exist: skipped"
    record e2e SKIPPED
fi

# -------------------------------------------------------------------- orca
section "5/5 orca: Tests/Orca/run.sh"
if [ -f Tests/Orca/run.sh ]; then
    orca_bin=${E2E_BIN:-$here/.build/debug/lightbox}
    if step "Tests/Orca/run.sh (LIGHTBOX_BIN=$orca_bin)" \
        env -u NO_AT_BRIDGE LIGHTBOX_BIN="$orca_bin" bash Tests/Orca/run.sh; then
        record orca PASS
    else
        record orca FAIL
    fi
else
    echo "Tests/Orca/run.sh does not exist: skipped"
    record orca SKIPPED
fi

# ----------------------------------------------------------------- summary
section "summary"
for r in "${results[@]}"; do
    echo "  $r"
done
if [ "$failed" -ne 0 ]; then
    echo "test.sh: some parts FAILED"
    exit 1
fi
echo "test.sh: all parts passed"
