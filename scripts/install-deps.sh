#!/usr/bin/env bash
# Install the Debian packages that Lightbox needs, skipping those already there.
#
#   scripts/install-deps.sh            packages to build and run Lightbox
#   scripts/install-deps.sh --test     ... and those that `make test` needs too
#   scripts/install-deps.sh --bench    ... and those that `make bench` needs too
#   scripts/install-deps.sh --check    only list what is missing (exit 1 if any)
#
# Runs apt-get (through sudo when not root) only if something is missing, and
# `apt-get update` only then.  Works without a terminal (CI).
set -euo pipefail

# To build and run: GTK 4, gexiv2 (EXIF), gdk-pixbuf, LibRaw, libjxl, Brotli, SQLite,
# and what GTK needs at run time to draw SVG icons and to find the Pictures
# folder.
BUILD_PACKAGES=(
    libgtk-4-dev
    libgexiv2-dev
    # Camera RAW files without a usable embedded preview (the decoder).
    libraw-dev
    # JPEG XL files, which no gdk-pixbuf loader reads on Debian 12 (the decoder).
    libjxl-dev
    # The EXIF and XMP a JPEG XL file keeps compressed (brob boxes), decompressed
    # in the decoder with the Brotli that libjxl links too.
    libbrotli-dev
    libgdk-pixbuf-2.0-dev
    libsqlite3-dev
    pkg-config
    # The C++ runtime to link against: the release build links Swift's
    # runtime statically, and that needs libstdc++ (g++ brings the
    # distribution's default version).
    g++
    librsvg2-common
    adwaita-icon-theme
    shared-mime-info
    xdg-user-dirs
    # Run time: the sandbox lightbox-decoder runs in (see README, "Decoders").
    bubblewrap
    # Run time: gdk-pixbuf loaders for what phones and the web save (WebP,
    # HEIF/HEIC, AVIF), which the decoder reads as it reads JPEG.
    webp-pixbuf-loader
    heif-gdk-pixbuf
    libavif-gdk-pixbuf
    # msgfmt and xgettext: the translations in po/ are compiled with the app.
    gettext
    # The manual page, made from --help by make install.
    help2man
)

# To test: a headless X server and session bus, the accessibility stack for
# the end-to-end tests, metadata validators, image and metadata tools for
# fixtures, and the screen reader Orca.
TEST_PACKAGES=(
    xvfb
    xauth
    dbus
    dbus-x11
    at-spi2-core
    python3-pyatspi
    gir1.2-atspi-2.0
    python3-gi
    # The other application of the drag and drop tests (Tests/E2E/drop_target.py).
    gir1.2-gtk-4.0
    desktop-file-utils
    appstream
    xdotool
    # xwininfo: tells a window from a tooltip's (Tests/E2E/lightbox_a11y.x_window).
    x11-utils
    # Reads what Ctrl+C puts on the clipboard.
    xclip
    libjpeg-turbo-progs
    imagemagick
    fonts-dejavu-core
    # The independent reader and writer the rating tests check against.
    libimage-exiftool-perl
    # The independent decoders of the real-file tests, from PyPI in a virtual environment under .build
    # (Tests/E2E/reference_decoders.py).
    python3-venv
    # Encoders of the HEIC, AVIF and JPEG XL files the format tests read.
    libheif-examples
    libavif-bin
    libjxl-tools
    # LibRaw's own tools (raw-identify, dcraw_emu, simple_dcraw): the check
    # of the synthetic RAW files (Tests/Fixtures/raw_samples.py --check).
    libraw-bin
    # The decoder isolation tests compile faulty gdk-pixbuf loader modules.
    gcc
    # gsettings: the settings tests read what Lightbox keeps with it.
    libglib2.0-bin
    # Checks the Debian package `make deb` builds.
    lintian
    # The performance guard (Tools/Bench/guard.py) times start-up and stepping
    # from outside, with programs it compiles against Xlib, XTest and Damage.
    libx11-dev
    libxtst-dev
    libxdamage-dev
    # The translated and right-to-left tests run in the German and Hebrew
    # locales, generated from these definitions (see ensure_locales).
    locales
    # The screen reader tests (Tests/Orca): Orca itself, the speech server it
    # talks to (run privately, with no audio), and a window manager so that
    # focus moves between windows as on a desktop.
    orca
    speech-dispatcher
    openbox
)

# To benchmark: the peer thumbnailer and decode floor, gThumb and a screen
# recorder, Eye of GNOME and the
# X extensions the stepping measurement drives it through, the library
# generator's image and EXIF tools, a C compiler for the floor window, a
# headless X server and session bus.
BENCH_PACKAGES=(
    libgdk-pixbuf2.0-bin
    eog
    # The first-screen measurement: the peer it opens the same folder in,
    # and the screen recorder it watches both with.
    gthumb
    # The RAW part's second peer (recorded like gThumb).
    geeqie
    ffmpeg
    # scripts/update-startup-order.py profiles start-up with callgrind.
    valgrind
    libxtst-dev
    libxdamage-dev
    xdotool
    libjpeg-turbo-progs
    imagemagick
    libimage-exiftool-perl
    xvfb
    xauth
    dbus
    gcc
    pkg-config
    python3
)

usage() {
    sed -n '2,10s/^# \{0,1\}//p' "$0"
}

want_test=0
want_bench=0
check_only=0
for arg in "$@"; do
    case "$arg" in
        --test) want_test=1 ;;
        --bench) want_bench=1 ;;
        --check) check_only=1 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install-deps.sh: unknown option: $arg" >&2; usage >&2; exit 2 ;;
    esac
done

packages=("${BUILD_PACKAGES[@]}")
if [ "$want_test" -eq 1 ]; then
    packages+=("${TEST_PACKAGES[@]}")
fi
if [ "$want_bench" -eq 1 ]; then
    packages+=("${BENCH_PACKAGES[@]}")
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install-deps.sh: dpkg-query not found; this script is for Debian and Ubuntu." >&2
    echo "Install the equivalents of these packages by hand: ${packages[*]}" >&2
    exit 1
fi

# The locales the tests run the app in. glibc's gettext ignores LANGUAGE
# in the C locale, so a translated run needs a real one.
TEST_LOCALES=(de_DE.UTF-8 he_IL.UTF-8)

ensure_locales() {
    local wanted=() have
    have=$(locale -a 2>/dev/null | tr 'A-Z' 'a-z')
    for name in "${TEST_LOCALES[@]}"; do
        grep -qx "$(echo "${name/UTF-8/utf8}" | tr 'A-Z' 'a-z')" <<<"$have" || wanted+=("$name")
    done
    [ "${#wanted[@]}" -eq 0 ] && return 0
    if [ "$check_only" -eq 1 ]; then
        echo "install-deps.sh: locales missing: ${wanted[*]}"
        return 1
    fi
    echo "install-deps.sh: generating locales: ${wanted[*]}"
    for name in "${wanted[@]}"; do
        # Debian's locale-gen reads /etc/locale.gen; Ubuntu's takes names.
        if [ -f /etc/locale.gen ]; then
            "${SUDO[@]}" sed -i "s/^# *\($name UTF-8\)/\1/" /etc/locale.gen
            grep -q "^$name UTF-8" /etc/locale.gen || echo "$name UTF-8" | "${SUDO[@]}" tee -a /etc/locale.gen >/dev/null
        fi
    done
    if [ -f /etc/locale.gen ]; then "${SUDO[@]}" locale-gen; else "${SUDO[@]}" locale-gen "${wanted[@]}"; fi
}

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    SUDO=(false)
fi

missing=()
for pkg in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    if [ "$status" != "install ok installed" ]; then
        missing+=("$pkg")
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "install-deps.sh: all ${#packages[@]} packages are installed."
    if [ "$want_test" -eq 1 ]; then ensure_locales; fi
    exit 0
fi

echo "install-deps.sh: missing: ${missing[*]}"
if [ "$check_only" -eq 1 ]; then
    exit 1
fi

if [ "${SUDO[*]}" = false ]; then
    echo "install-deps.sh: not root and sudo is not installed; run as root:" >&2
    echo "  apt-get update && apt-get install ${missing[*]}" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# Wait for another apt or dpkg to finish rather than failing at once.
APT_OPTS=(-o DPkg::Lock::Timeout=600 -o APT::Get::Assume-Yes=true)

# On CI's throwaway machines: dpkg writes without an fsync per file, and
# man-db does not index every new manual page after each package (with
# 300 packages to install, both take minutes; a crash there loses nothing
# that the next run would not install again).
if [ "${CI:-}" = true ]; then
    APT_OPTS+=(-o Dpkg::Options::=--force-unsafe-io)
    echo "man-db man-db/auto-update boolean false" | "${SUDO[@]}" debconf-set-selections 2>/dev/null || true
fi

# What Lightbox needs to build and run comes with what its packages
# recommend, as a desktop would have it; the tools the tests and the
# benchmark use come without (their recommendations add about 60 packages
# that no test uses: fonts, Ghostscript, Vulkan drivers, Perl modules).
build_missing=() tool_missing=()
for pkg in "${missing[@]}"; do
    if [[ " ${BUILD_PACKAGES[*]} " == *" $pkg "* ]]; then build_missing+=("$pkg"); else tool_missing+=("$pkg"); fi
done

"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" update
if [ "${#build_missing[@]}" -gt 0 ]; then
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" install -y "${build_missing[@]}"
fi
if [ "${#tool_missing[@]}" -gt 0 ]; then
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" install -y --no-install-recommends \
        "${tool_missing[@]}"
fi

still=()
for pkg in "${missing[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || still+=("$pkg")
done
if [ "${#still[@]}" -ne 0 ]; then
    echo "install-deps.sh: still missing after apt-get: ${still[*]}" >&2
    exit 1
fi
echo "install-deps.sh: installed ${#missing[@]} packages."
if [ "$want_test" -eq 1 ]; then ensure_locales; fi
