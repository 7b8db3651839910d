#!/usr/bin/env bash
# Builds a Debian package of the release build: `make deb` runs it after
# `make build`. It stages `make install` (PREFIX=/usr) in a temporary root,
# asks dpkg-shlibdeps which packages the two programs' libraries come from,
# adds bubblewrap (decoders run in it) and a GSettings backend that keeps
# settings on disk (as GNOME's own packages do: dconf, or another that
# provides gsettings-backend), and writes .build/lightbox_VERSION_ARCH.deb.
# The icon cache, the desktop database and the compiled schemas are
# refreshed by dpkg's own triggers.
#
# BUILD_DIR (default .build/release) and DEB_OUT (the package's path) let
# `make test` package stand-in programs and inspect the result.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Folders 0755 and files 0644 whatever the caller's umask (dpkg-deb refuses
# a DEBIAN folder others cannot read).
umask 022

version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/Core/LightboxCore/Models/AppInfo.swift)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"

make --no-print-directory install DESTDIR="$root" PREFIX=/usr BUILD_DIR="${BUILD_DIR:-.build/release}" >/dev/null
# Debian keeps manual pages compressed, with no timestamp in the gzip header.
gzip -9n "$root/usr/share/man/man1/lightbox.1"
# As Debian ships programs: without their symbol tables.
for program in "$root/usr/bin/lightbox" "$root/usr/libexec/lightbox/lightbox-decoder"; do
    if [ "$(head -c 4 "$program" | tail -c 3)" = "ELF" ]; then strip --strip-unneeded "$program"; fi
done

# dpkg-shlibdeps reads debian/control from the current folder.
mkdir -p "$work/debian"
printf 'Source: lightbox\n\nPackage: lightbox\nArchitecture: any\n' >"$work/debian/control"
# Only for real programs: `make test` packages stand-in scripts. A library
# no package provides stops the build here (dpkg-shlibdeps says which).
shlibs=""
if [ "$(head -c 4 "$root/usr/bin/lightbox" | tail -c 3)" = "ELF" ]; then
    shlibs=$(cd "$work" && dpkg-shlibdeps -O -e"root/usr/bin/lightbox" -e"root/usr/libexec/lightbox/lightbox-decoder" \
        | sed -n 's/^shlibs:Depends=//p')
    # Packed relocations (the Makefile's -z pack-relative-relocs) need
    # glibc 2.36, which dpkg-shlibdeps does not read from the version
    # requirement GLIBC_ABI_DT_RELR.
    if readelf -V "$root/usr/bin/lightbox" | grep -q GLIBC_ABI_DT_RELR; then
        shlibs=$(printf '%s' "$shlibs" | sed -E 's/libc6 \(>= [0-9.]+\)/libc6 (>= 2.36)/')
    fi
fi

# What Debian policy asks of every package: the copyright file and a
# changelog (a native package's).
doc="$root/usr/share/doc/lightbox"
mkdir -p "$doc"
cat >"$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Lightbox
Source: https://lightboxphotos.org

Files: *
Copyright: 2026 The Lightbox developers
License: GPL-3.0-or-later
 On Debian systems the full text of the GNU General Public License
 version 3 is in /usr/share/common-licenses/GPL-3.

Files: usr/share/metainfo/*
Copyright: 2026 The Lightbox developers
License: CC0-1.0
 On Debian systems the full text of the CC0 1.0 Universal licence is in
 /usr/share/common-licenses/CC0-1.0.
COPYRIGHT
date=$(git log -1 --format=%aD 2>/dev/null || date -R)
printf 'lightbox (%s) unstable; urgency=medium\n\n  * Built from %s.\n\n -- The Lightbox developers <lightbox@lightboxphotos.org>  %s\n' \
    "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo 'a source tree')" "$date" | gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

size=$(du -sk "$root" | cut -f1)
mkdir -p "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<CONTROL
Package: lightbox
Version: $version
Architecture: $arch
Maintainer: The Lightbox developers <lightbox@lightboxphotos.org>
Installed-Size: $size
Depends: ${shlibs:+$shlibs, }bubblewrap, dconf-gsettings-backend | gsettings-backend
Recommends: webp-pixbuf-loader, heif-gdk-pixbuf, libavif-gdk-pixbuf
Section: graphics
Priority: optional
Homepage: https://lightboxphotos.org
Description: browse, rate and cull photos
 Lightbox shows a folder of photos in a fast thumbnail grid, opens photos
 in their own windows, and writes ratings, rejections and rotations into the
 files (XMP and EXIF, or sidecars) where other photo tools read them. It
 reads JPEG, PNG, TIFF, WebP, HEIF and AVIF pictures and camera RAW files
 (from their embedded previews, or developed with LibRaw); a RAW file is
 never written, its sidecar is.
 Images are decoded in sandboxed helper processes (bubblewrap and seccomp).
CONTROL

out=${DEB_OUT:-.build/lightbox_${version}_${arch}.deb}
mkdir -p "$(dirname "$out")"
dpkg-deb --root-owner-group --build "$root" "$out" >/dev/null
echo "$out"
