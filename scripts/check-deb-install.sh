#!/usr/bin/env bash
# Installs the package `make deb` built on this machine, checks it, and
# removes it again: what a person does with it on a fresh Debian 12. Not
# part of `make test` (it installs into the system, as root or with sudo);
# run it on a machine you may change.
#
#   scripts/check-deb-install.sh [PACKAGE.deb]   (default: .build/lightbox_*.deb)
#
# Checks: apt-get installs it with its dependencies; `lightbox --version`
# runs from /usr/bin; its --help is German under a German locale (the
# translations are found where the package put them); gsettings sees the
# schema Debian's trigger compiled; `apt-get remove` leaves none of its
# files and takes the schema away.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=${1:-$(ls .build/lightbox_*.deb 2>/dev/null | head -1)}
[ -f "$deb" ] || { echo "no package: run 'make deb' first" >&2; exit 2; }
SUDO=(); [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
status=0
fail() { echo "FAILED: $*"; status=1; }

"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "./$deb" >/dev/null
files=$(dpkg -L lightbox)
version=$(/usr/bin/lightbox --version) && [ "$version" = "lightbox $(dpkg-deb --field "$deb" Version)" ] \
    && echo "ok: $version" || fail "lightbox --version: $version"
if locale -a | grep -qix 'de_DE.utf8'; then
    help=$(LANG=de_DE.UTF-8 LANGUAGE=de /usr/bin/lightbox --help)
    grep -q 'Jeden ORDNER' <<<"$help" && echo "ok: German --help" || fail "--help is not German under de_DE.UTF-8"
else
    echo "skipped: no de_DE.UTF-8 locale for the German --help"
fi
# Output taken whole first: grep -q stops reading at its match, and under
# pipefail the writer's SIGPIPE would fail the check.
keys=$(gsettings list-keys org.lightboxphotos.Lightbox 2>&1 || true)
grep -qx rating-storage <<<"$keys" && echo "ok: gsettings sees the schema" \
    || fail "gsettings does not see org.lightboxphotos.Lightbox: $keys"

"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q lightbox >/dev/null
left=$(for f in $files; do [ -f "$f" ] && echo "$f"; done || true)
[ -z "$left" ] && echo "ok: apt-get remove left none of its files" || fail "left after removal: $left"
schemas=$(gsettings list-schemas)
grep -qx org.lightboxphotos.Lightbox <<<"$schemas" && fail "the schema is still compiled in" \
    || echo "ok: the schema went with it"
exit $status
