#!/usr/bin/env python3
"""make bench: measures Lightbox beside a floor or a peer, prints a table and
writes Tools/Bench/results.json, keeping the parts not measured this time, and
the README's performance table from it (Tools/Bench/report.py).

    python3 Tools/Bench/run.py [--quick] [--runs N]
        [--only startup,10k,thumbnails,photo,stepping,aids,firstscreen,100k,raw,rawstepping,pairs,search,keywords]

Expects the release build (.build/release/lightbox, lightbox-bench-thumbnails
and lightbox-bench-tags); creates Tools/Bench/library/ on first use (see
make_library.py; the raw and rawstepping parts' folder, Tools/Bench/library/raw-24mp/, and the
pairs part's, raw-pairs/, too). --quick leaves raw, rawstepping and pairs out unless --only names
them. The stepping, search and keywords parts make
their own files and need no library (Tools/Bench/tags.py has the last two). Runs itself under xvfb-run and dbus-run-session, so every
program measured shares one headless X server and one session bus.
"""
import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import measures  # noqa: E402
import firstscreen  # noqa: E402
import stepping  # noqa: E402
import aids  # noqa: E402
import raw  # noqa: E402
import pairs  # noqa: E402
import tags  # noqa: E402
from make_library import PAIRS_FOLDER, PAIRS_RECIPE, RAW_FOLDER, RAW_RECIPE  # noqa: E402
from report import table, targets, write_readme  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = os.path.join(HERE, "library")
PARTS = ("startup", "10k", "thumbnails", "photo", "stepping", "aids", "firstscreen", "100k", "raw", "rawstepping", "pairs",
         "search", "keywords")
# Parts that make their own files: they need no photo library.
NO_LIBRARY = {"startup", "stepping", "aids", "search", "keywords"}
# Left out of --quick unless --only names them: the raw part makes 6 GB of files once, and takes minutes;
# rawstepping steps through that folder's files (about a minute a run); pairs makes 2.8 GB once and
# records four app runs opening it, the files evicted before each (about 45 s a run).
NOT_QUICK = ("raw", "rawstepping", "pairs")


def parse():
    parser = argparse.ArgumentParser(description="Lightbox benchmark")
    parser.add_argument("--quick", action="store_true", help="fewer runs, fewer files (about two minutes)")
    parser.add_argument("--runs", type=int, help="repetitions of each measurement (default 3, quick 2)")
    parser.add_argument("--only", help="comma-separated parts: " + ", ".join(PARTS)
                        + " (default: all; --quick: all but " + ", ".join(NOT_QUICK) + ")")
    parser.add_argument("--output", default=os.path.join(HERE, "results.json"))
    args = parser.parse_args()
    if args.only is None:
        args.only = ",".join(part for part in PARTS if not (args.quick and part in NOT_QUICK))
    return args


def reexec_headless():
    """Runs this script again inside one Xvfb and one D-Bus session."""
    if os.environ.get("LIGHTBOX_BENCH_INNER") == "1":
        return
    for tool in ("xvfb-run", "dbus-run-session"):
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing (make bench installs it: scripts/install-deps.sh --bench)")
    env = dict(os.environ, LIGHTBOX_BENCH_INNER="1")
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "dbus-run-session", "--",
               sys.executable] + sys.argv
    sys.exit(subprocess.call(command, env=env))


def ensure_library(parts):
    for part, folder, recipe, note in (("raw", RAW_FOLDER, RAW_RECIPE, "about 4 minutes on 2 cores, 6 GB"),
                                       ("pairs", PAIRS_FOLDER, PAIRS_RECIPE, "under a minute, 2.8 GB")):
        if part not in parts and not (part == "raw" and "rawstepping" in parts):
            continue
        stamp = os.path.join(LIBRARY, folder, ".complete")
        made = open(stamp).read() if os.path.exists(stamp) else ""
        if f"recipe {recipe}," not in made:
            print(f"bench: creating the {part} part's folder once ({note})", flush=True)
            subprocess.run([sys.executable, os.path.join(HERE, "make_library.py"), "--root", LIBRARY,
                            "--parts", part], check=True)
    wanted = [name for name in ("10k", "100k", "flat") if name in parts or name == "flat" and "firstscreen" in parts]
    if all(os.path.exists(os.path.join(LIBRARY, f"photos-{name}", ".complete")) for name in wanted):
        return
    print("bench: creating the benchmark library once (about 15 minutes, ~64 GB)", flush=True)
    subprocess.run([sys.executable, os.path.join(HERE, "make_library.py"), "--root", LIBRARY,
                    "--parts", ",".join(wanted)], check=True)


def main():
    args = parse()
    reexec_headless()
    parts = set(args.only.split(","))
    for binary in (measures.LIGHTBOX, measures.THUMBNAILER) + ((tags.TAGS,) if parts & {"search", "keywords"} else ()):
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench: {binary} not found: run `make build` (swift build -c release) first")
    if parts - NO_LIBRARY:
        ensure_library(parts | ({"10k"} if parts & {"thumbnails", "photo"} else set()))
    runs = args.runs or (2 if args.quick else 3)
    started = time.monotonic()
    results = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "quick": args.quick,
        "runs": runs,
        "machine": harness.versions(),
        "git": subprocess.run(["git", "-C", harness.ROOT, "describe", "--always", "--dirty"],
                              capture_output=True, text=True).stdout.strip(),
        "library": {"10k": os.path.join(LIBRARY, "photos-10k"), "100k": os.path.join(LIBRARY, "photos-100k"),
                    "flat": os.path.join(LIBRARY, "photos-flat"), "raw": os.path.join(LIBRARY, RAW_FOLDER),
                    "pairs": os.path.join(LIBRARY, PAIRS_FOLDER)},
        "measurements": {},
    }
    m = results["measurements"]
    failed = []
    with tempfile.TemporaryDirectory(prefix="lightbox-bench-") as work:
        if "startup" in parts:
            m["startup"] = measures.startup(work, 3 if args.quick else runs * 3)
        if "10k" in parts:
            # Quick: one run, no scrolling (peak memory is then at load end).
            m["10k"] = measures.folder_runs(work, results["library"]["10k"], 1 if args.quick else runs,
                                            scroll=not args.quick, timeout=600, label="10k")
        if "thumbnails" in parts:
            m["thumbnails"] = measures.thumbnails(work, results["library"]["10k"], 100 if args.quick else 500,
                                                  1 if args.quick else runs)
        if "photo" in parts:
            m["photo"] = measures.photo_window(work, results["library"]["10k"], 10 if args.quick else 30,
                                               2 if args.quick else runs)
        if "stepping" in parts:
            m["stepping"] = stepping.stepping(work, measures.LIGHTBOX, 1 if args.quick else runs)
        if "aids" in parts:
            m["aids"] = aids.aids(work, measures.LIGHTBOX, measures.THUMBNAILER, 1 if args.quick else runs)
        if "firstscreen" in parts:
            m["firstscreen"] = firstscreen.first_screen(work, measures.LIGHTBOX, results["library"]["flat"],
                                                        2 if args.quick else runs)
        if "raw" in parts:
            m["raw"] = raw.raw_part(work, measures.LIGHTBOX, LIBRARY, args.quick, runs)
        for part, measure in (("rawstepping", lambda: stepping.raw_stepping(work, measures.LIGHTBOX, LIBRARY, runs)),
                              ("pairs", lambda: pairs.pairs_part(work, measures.LIGHTBOX, LIBRARY, runs)),
                              ("search", lambda: tags.search(work, runs, args.quick)),
                              ("keywords", lambda: tags.keywords(work, runs, args.quick))):
            if part in parts:
                try:
                    m[part] = measure()
                except tags.PartFailed as failure:
                    # Wrong, not slow: no figures kept, and the bench exits non-zero.
                    print(f"bench: {part} FAILED: {failure}", flush=True)
                    failed.append(part)
        if "100k" in parts and not args.quick:
            m["100k"] = measures.folder_runs(work, results["library"]["100k"], max(2, runs - 1),
                                             scroll=False, timeout=900, label="100k")
    results["elapsed_s"] = round(time.monotonic() - started, 1)
    results = merge(results, args.output)
    with open(args.output, "w") as out:
        json.dump(results, out, indent=2)
        out.write("\n")
    print()
    print(table(results))
    print(f"\nbench: {results['elapsed_s']} s; results in {os.path.relpath(args.output)}")
    if os.path.abspath(args.output) == os.path.join(HERE, "results.json"):
        write_readme(results)
        print("bench: the README's table now shows these results (Tools/Bench/report.py --check-readme)")
    if failed:
        sys.exit(f"bench: {', '.join(failed)} failed (see above)")


def merge(results, path):
    """The parts measured now, over those of the last runs: each part keeps
    the commit, date and run count it was measured with, so a partial run
    (--only) leaves the others' figures as they were, and says when."""
    measured = {part: {key: results[key] for key in ("git", "date", "quick", "runs")}
                for part, value in results["measurements"].items() if value is not None}
    try:
        with open(path) as old_file:
            old = json.load(old_file)
    except (OSError, ValueError):
        old = None
    if old:
        before = {part: {key: old.get(key) for key in ("git", "date", "quick", "runs")}
                  for part in old.get("measurements", {})}
        before.update(old.get("measured", {}))
        for part, value in old.get("measurements", {}).items():
            if part not in measured and value is not None:
                results["measurements"][part] = value
                measured[part] = before[part]
    results["measured"] = measured
    results["targets"] = targets(results["measurements"])
    return results


if __name__ == "__main__":
    main()
