#!/usr/bin/env python3
"""Fails when a string literal that looks like text for people is not
marked for translation.

Every text a person can see or hear (labels, accessible names, tooltips,
messages) goes through `tr(...)` or `trn(...)` (Sources/Core/Localization), so
that xgettext finds it for po/lightbox.pot. This script reads the Swift
sources of the modules that show text, finds each string literal outside
comments, and reports those that read like words (a space between words,
a capitalized word, an ellipsis) unless they are:
  - the message of tr( or one of the two messages of trn(;
  - on a line ending in `// untranslated: <why>` (an identifier, a log
    line, a name that is never translated);
  - arguments of calls that never reach people (fatalError, print, ...).
It also fails on a tr/trn message that is not a plain literal (an
interpolated or multi-line one never reaches the template).

Usage: scripts/check-strings.py [FOLDER...]   (default: the app's modules)
"""
import re
import sys
from pathlib import Path

FOLDERS = ["Sources/App/Lightbox", "Sources/UI/GtkKit", "Sources/Core/LightboxCore", "Sources/Imaging/SwiftAPI", "Sources/Imaging/InProcessImaging"]
# Calls whose text is for developers, logs or the program itself.
NOT_FOR_PEOPLE = re.compile(
    r"\b(fatalError|precondition|preconditionFailure|assert|assertionFailure|print|debugPrint|"
    r"Logger|log|milestone|bench|registerMigration|XCT\w*)\s*\($")
IGNORE_MARK = "// untranslated:"
KEY = re.compile(r"(<\w+>)*(Return|Escape|Delete|BackSpace|Home|End|Left|Right|Up|Down|Page_Up|Page_Down|"
                 r"Tab|space|plus|minus|equal|Insert|Menu|F\d{1,2}|[a-zA-Z0-9])")


def literals(source):
    """Yields (offset, end, text, is_multiline) for each string literal
    outside comments, interpolated parts included as separate literals."""
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif source[i] == '"' or (source[i] == "#" and source[i:].lstrip("#").startswith('"')):
            yield from string_at(source, i)
            i = skip_string(source, i)
        else:
            i += 1


def skip_string(source, start):
    hashes = len(source[start:]) - len(source[start:].lstrip("#"))
    i = start + hashes
    multiline = source.startswith('"""', i)
    quote = '"""' if multiline else '"'
    close = quote + "#" * hashes
    i += len(quote)
    while i < len(source):
        if hashes == 0 and source[i] == "\\":
            if source.startswith("\\(", i):
                i = skip_interpolation(source, i + 2)
                continue
            i += 2
            continue
        if source.startswith(close, i):
            return i + len(close)
        i += 1
    return i


def skip_interpolation(source, i):
    depth = 1
    while i < len(source) and depth:
        c = source[i]
        if c == '"':
            i = skip_string(source, i)
            continue
        depth += c == "("
        depth -= c == ")"
        i += 1
    return i


def string_at(source, start):
    end = skip_string(source, start)
    text = source[start:end]
    body = text.strip("#")
    multiline = body.startswith('"""')
    body = body[3:-3] if multiline else body[1:-1]
    # Interpolated parts: their own literals are checked on their own.
    for match in re.finditer(r"\\\(", body):
        inner_start = start + text.index(body) + match.end()
        inner = source[inner_start:skip_interpolation(source, inner_start) - 1]
        for sub in literals(inner):
            yield (inner_start + sub[0], inner_start + sub[1], sub[2], sub[3])
    yield (start, end, re.sub(r"\\\((?:[^()]|\([^()]*\))*\)", "", body), multiline)


def reads_like_words(text):
    if not re.search(r"[A-Za-z]{2}", text):
        return False
    if re.fullmatch(r"[\w.:/<>\-+=*%@$&,;|\[\]{}()'\\^!?]*", text) and not re.match(r"[A-Z][a-z]", text):
        return False  # identifiers, names, keys, paths
    if re.match(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|VALUES|PRAGMA|WITH)\b", text):
        return False  # SQL
    if re.search(r"[{;]\s*$|^\s*[.#@]?[\w-]+\s*\{", text, re.M) and ":" in text:
        return False  # CSS
    if re.match(r"(Gtk|Gdk|Pango)[A-Z]", text) or text.endswith("-symbolic"):
        return False
    if all(KEY.fullmatch(word) for word in re.split(r"[ ,]+", text.strip()) if word):
        return False  # key names, as GTK's accelerators write them
    return bool(re.search(r"[A-Za-z][.,:;!?…]? +[A-Za-z(“]", text) or re.match(r"[A-Z][a-z]", text)
                or "…" in text)


def marked(source, start):
    before = source[:start].rstrip()
    if re.search(r"\btrn?\($", before):
        return True
    # trn's plural: the second literal, after the singular and a comma.
    return bool(re.search(r'\btrn\(\s*"(?:[^"\\]|\\.)*"\s*,$', before))


def check(path):
    source = path.read_text(encoding="utf-8")
    problems = []
    for start, _, text, multiline in literals(source):
        line_no = source.count("\n", 0, start) + 1
        line = source.splitlines()[line_no - 1]
        if IGNORE_MARK in line:
            continue
        before = source[:start].rstrip()
        if marked(source, start):
            if multiline or "\\(" in source[start:skip_string(source, start)]:
                problems.append((line_no, "a translated message must be one plain literal", text))
            continue
        if NOT_FOR_PEOPLE.search(before) or not reads_like_words(text):
            continue
        problems.append((line_no, "not marked for translation", text))
    return problems


def main():
    folders = sys.argv[1:] or FOLDERS
    failed = 0
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.swift")):
            for line_no, why, text in check(path):
                print(f"{path}:{line_no}: {why}: \"{text}\"")
                failed += 1
    if failed:
        print(f"{failed} string(s): wrap them in tr()/trn(), or end the line with "
              f"'{IGNORE_MARK} <why>' (see po/README.md)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
