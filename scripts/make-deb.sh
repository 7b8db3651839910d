#!/usr/bin/env bash
# Builds a Debian package of the release build: `make deb` runs it after
# `make build`. It stages `make install` (PREFIX=/usr) in a temporary root,
# asks dpkg-shlibdeps which packages the two programs' libraries come from,
# adds bubblewrap (decoders run in it), and writes
# .build/lightbox_VERSION_ARCH.deb. The icon cache and the desktop database
# are refreshed by dpkg's own triggers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/LightboxCore/Models/AppInfo.swift)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"

make --no-print-directory install DESTDIR="$root" PREFIX=/usr >/dev/null
# As Debian ships programs: without their symbol tables.
strip --strip-unneeded "$root/usr/bin/lightbox" "$root/usr/bin/lightbox-decoder"

# dpkg-shlibdeps reads debian/control from the current folder.
mkdir -p "$work/debian"
printf 'Source: lightbox\n\nPackage: lightbox\nArchitecture: any\n' >"$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -e"root/usr/bin/lightbox" -e"root/usr/bin/lightbox-decoder" 2>/dev/null \
    | sed -n 's/^shlibs:Depends=//p')

size=$(du -sk "$root" | cut -f1)
mkdir -p "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<CONTROL
Package: lightbox
Version: $version
Architecture: $arch
Maintainer: The Lightbox developers <lightbox@lightboxphotos.org>
Installed-Size: $size
Depends: $shlibs, bubblewrap
Section: graphics
Priority: optional
Homepage: https://lightboxphotos.org
Description: browse, rate and cull photos
 Lightbox shows a folder of photos in a fast thumbnail grid, opens photos
 in their own windows, and writes ratings, rejections and rotations into the
 files (XMP and EXIF, or sidecars) where other photo tools read them.
 Images are decoded in sandboxed helper processes (bubblewrap and seccomp).
CONTROL

mkdir -p .build
out=".build/lightbox_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
echo "$out"
