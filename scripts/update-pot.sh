#!/usr/bin/env bash
# Makes the translation template from the sources: the messages of every
# tr(...) and trn(...) in the Swift modules with text for people, the
# desktop file, the AppStream metainfo and the GSettings schema's summaries.
#
#   scripts/update-pot.sh [OUTPUT]     (default: po/lightbox.pot)
#
# Swift is read with xgettext's C lexer: the messages are plain string
# literals with C's escapes (scripts/check-strings.py makes sure of that).
# Messages with {name} placeholders are flagged python-brace-format, the
# gettext format with the same syntax, so that `msgfmt --check` fails on a
# translation that loses or misspells a placeholder.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-po/lightbox.pot}
version=$(sed -n 's/^VERSION *:= *//p' Makefile)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

find Sources/App/Lightbox Sources/UI/GtkKit Sources/Core/LightboxCore Sources/Imaging/SwiftAPI Sources/Imaging/InProcessImaging -name '*.swift' | LC_ALL=C sort >"$tmp/files"
common=(--force-po --add-location=file --package-name=lightbox --package-version="$version" --from-code=UTF-8 --add-comments=Translators:
        --msgid-bugs-address=https://lightboxphotos.org/issues --copyright-holder="The Lightbox developers")
# The C lexer warns about Swift's multi-line literals, which hold no messages.
xgettext "${common[@]}" -L C -k -ktr:1 -ktrn:1,2 -f "$tmp/files" -o "$tmp/code.pot" 2> >(grep -v 'unterminated string' >&2 || true)
xgettext "${common[@]}" -L Desktop -k -kName -kGenericName -kComment -kKeywords \
    Resources/org.lightboxphotos.Lightbox.desktop -o "$tmp/desktop.pot"
xgettext "${common[@]}" Resources/org.lightboxphotos.Lightbox.metainfo.xml -o "$tmp/metainfo.pot"
xgettext "${common[@]}" Resources/org.lightboxphotos.Lightbox.gschema.xml -o "$tmp/schema.pot"
msgcat --use-first "$tmp/code.pot" "$tmp/desktop.pot" "$tmp/metainfo.pot" "$tmp/schema.pot" -o "$tmp/all.pot"

python3 - "$tmp/all.pot" "$out" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
entries = text.split("\n\n")
for i, entry in enumerate(entries):
    ids = entry.split("\nmsgstr")[0]
    if re.search(r"\{[a-z][A-Za-z0-9]*\}", ids) and "python-brace-format" not in entry:
        lines = entry.split("\n")
        at = next(n for n, line in enumerate(lines) if line.startswith("msgid"))
        if at > 0 and lines[at - 1].startswith("#,"):
            lines[at - 1] += ", python-brace-format"
        else:
            lines.insert(at, "#, python-brace-format")
        entries[i] = "\n".join(lines)
header = entries[0].replace("SOME DESCRIPTIVE TITLE.", "Lightbox's messages.").replace(
    "Copyright (C) YEAR The Lightbox developers", "Copyright (C) 2026 The Lightbox developers").replace(
    "charset=CHARSET", "charset=UTF-8")
entries[0] = header
open(sys.argv[2], "w", encoding="utf-8").write("\n\n".join(entries))
PY
echo "$out: $(grep -c '^msgid ' "$out") messages"
