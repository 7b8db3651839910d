#!/usr/bin/env bash
# Start the Lightbox binary built in the source tree.
#
#   scripts/run.sh [FOLDER]
#
# Without FOLDER it opens your Pictures folder (`xdg-user-dir PICTURES`, or
# ~/Pictures), or the bundled sample photos in Resources/samples when that
# folder does not exist or holds no pictures.
#
# Environment: BUILD_DIR (default .build/release) is where `lightbox` is;
# LIGHTBOX_BIN overrides the binary's path altogether.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-.build/release}
case "$build_dir" in
    /*) ;;
    *) build_dir="$here/$build_dir" ;;
esac
bin=${LIGHTBOX_BIN:-$build_dir/lightbox}
samples="$here/Resources/samples"

if [ ! -x "$bin" ]; then
    echo "run.sh: $bin not found; build it first with 'make build'." >&2
    exit 1
fi

# True when the folder holds at least one picture, at any depth.
has_pictures() {
    [ -d "$1" ] || return 1
    local hit
    hit=$(find "$1" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \
            -o -iname '*.webp' -o -iname '*.gif' -o -iname '*.tif' -o -iname '*.tiff' \) \
            -print -quit 2>/dev/null || true)
    [ -n "$hit" ]
}

pictures_folder() {
    local dir=""
    if command -v xdg-user-dir >/dev/null 2>&1; then
        dir=$(xdg-user-dir PICTURES 2>/dev/null || true)
    fi
    # xdg-user-dir answers $HOME itself when no Pictures folder is configured.
    if [ -z "$dir" ] || [ "$dir" = "$HOME" ] || [ "$dir" = "$HOME/" ]; then
        dir="$HOME/Pictures"
    fi
    printf '%s\n' "$dir"
}

if [ $# -gt 0 ] && [ -n "$1" ]; then
    folder=$1
    shift
else
    folder=$(pictures_folder)
    if has_pictures "$folder"; then
        echo "run.sh: opening your pictures in $folder"
    else
        echo "run.sh: no pictures in $folder; opening the sample photos in $samples"
        folder=$samples
    fi
fi

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "run.sh: warning: neither DISPLAY nor WAYLAND_DISPLAY is set; GTK may fail to open a window." >&2
fi

# Let GTK find the app's icons in the source tree (Resources/icons/hicolor),
# the way it finds them under $(DATADIR)/icons once installed.
export XDG_DATA_DIRS="$here/Resources:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"

exec "$bin" "$folder" "$@"
