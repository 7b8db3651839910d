#!/usr/bin/env bash
# The translation checks `make test` runs (see po/README.md):
#   - every string for people in the sources is marked (check-strings.py);
#   - po/lightbox.pot is what the sources make now (`make pot` was run);
#   - every language in po/LINGUAS compiles with `msgfmt --check` (its
#     placeholders match the English ones) and translates every message,
#     none of them fuzzy.
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
fail() { echo "    FAILED: $*"; status=1; }

if scripts/check-strings.py; then echo "    ok: every string for people is marked"; else fail "unmarked strings (above)"; fi

fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
scripts/update-pot.sh "$fresh" >/dev/null
if diff -q <(grep -v '^"POT-Creation-Date:' po/lightbox.pot) <(grep -v '^"POT-Creation-Date:' "$fresh") >/dev/null; then
    echo "    ok: po/lightbox.pot is up to date ($(grep -c '^msgid ' po/lightbox.pot) messages)"
else
    fail "po/lightbox.pot differs from the sources: run 'make po-update' and translate what is new"
    diff <(grep -v '^"POT-Creation-Date:' po/lightbox.pot) <(grep -v '^"POT-Creation-Date:' "$fresh") | head -20 | sed 's/^/      /'
fi

for lang in $(sed 's/#.*//' po/LINGUAS); do
    po=po/$lang.po
    stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1) || { fail "msgfmt --check $po: $stats"; continue; }
    if [[ "$stats" == *untranslated* || "$stats" == *fuzzy* ]]; then
        fail "$po is not complete: $stats"
    elif ! missing=$(msgcmp "$po" po/lightbox.pot 2>&1); then
        fail "$po lacks messages of the template: $(echo "$missing" | head -5)"
    else
        echo "    ok: $po: $stats"
    fi
done
exit $status
