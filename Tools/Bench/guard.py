#!/usr/bin/env python3
"""make test's performance guard: the figures `make bench` keeps, measured small and fast
on the release build, each checked against its threshold in Tools/Bench/guard.json.

    python3 Tools/Bench/guard.py [--lightbox PATH] [--only NAME,...] [--runs-file FILE]

Measures (names as in guard.json):
  startup       exec to the first top-level window mapped, measured from outside
                (Tools/Bench/floor/mapped.c), Lightbox on an empty folder against the bare
                GTK 4 window (floor/window.c), alternating; the median of each pair's ratio
  stepping      key to the next photo on screen (floor/stepper.c) through 24 camera-size JPEGs:
                the median step and the 90th percentile (for RAW files the median only)
  rawstepping   the same through 15 RAW files (NEF, ARW, CR2, ORF, DNG) with full-size previews
  10k           three warm opens of 10,000 photos after a cold one: the median first page after
                the first frame, and the median longest main-loop stall until loaded
  100k          the median longest stall of three warm opens of 100,000 small photos (the cold open's is printed:
                it waits on the disk, see guard.json's "printed, not guarded")
  firstscreen   a cold folder of 3,000 photos whose dates disagree with their names (a card
                copied in another order): exec to "first-screen-final", when the first screen
                last changed and showed all its thumbnails

A figure over its threshold is measured again once (its whole measurement); over it again, the
guard fails and prints the figure and the threshold. Exits 0 when every figure is within its
threshold, 1 otherwise. Prints "N passed, N failed" (one per figure) last. The files it makes
are kept in .build/guard-library (made once, a minute or so) and the figures of each run are
appended to --runs-file when given (the noise study in Tools/Bench/README.md).
"""
import argparse
import datetime
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import harness  # noqa: E402
from harness import Home, ROOT, run_events, warm_files  # noqa: E402
import make_library  # noqa: E402
import measures  # noqa: E402
import stepping  # noqa: E402

THRESHOLDS = os.path.join(HERE, "guard.json")
LIBRARY = os.path.join(ROOT, ".build", "guard-library")
FLOOR = os.path.join(HERE, "floor")
# Made again when the recipe changes.
RECIPE = "2"


def log(message):
    print(f"guard: {message}", flush=True)


def reexec_headless():
    """Runs this script again inside its own Xvfb and D-Bus session, with no window manager."""
    if os.environ.get("LIGHTBOX_GUARD_INNER") == "1":
        return
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS")}
    env["LIGHTBOX_GUARD_INNER"] = "1"
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24 -nolisten tcp", "dbus-run-session", "--",
               sys.executable] + sys.argv
    sys.exit(subprocess.call(command, env=env))


def build(name, packages):
    binary = os.path.join(LIBRARY, "bin", name)
    source = os.path.join(FLOOR, f"{name}.c")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        os.makedirs(os.path.dirname(binary), exist_ok=True)
        flags = subprocess.run(["pkg-config", "--cflags", "--libs"] + packages, check=True,
                               capture_output=True, text=True).stdout.split()
        subprocess.run(["gcc", "-O2", "-o", binary, source] + flags, check=True)
    return binary


# MARK: the files, made once

def made(folder):
    stamp = os.path.join(folder, ".complete")
    return os.path.exists(stamp) and open(stamp).read() == RECIPE


def stamp(folder):
    with open(os.path.join(folder, ".complete"), "w") as out:
        out.write(RECIPE)
    # Written out before anything is measured: the kernel's writeback of a gigabyte of new files
    # took the cores in the first measurement after them (a 100k warm stall of 34 ms, then 12 ms
    # measured again).
    os.sync()


def write_copies(folder, blobs, names_and_dates):
    """One file per (relative name, date): a base with its EXIF date patched in place."""
    made_dirs = set()
    for k, (relative, moment) in enumerate(names_and_dates):
        make_library.write_copy(os.path.join(folder, relative), blobs[(k * 7919) % len(blobs)], moment, made_dirs)


def small_bases():
    """Twenty distinct 160x120 JPEGs (about 5 kB) with camera EXIF: 110,000 copies of them are
    written in seconds, where the bench's 480x360 bases take minutes. A folder's list, index and
    main-loop turns depend on how many photos there are, not on their size."""
    folder = os.path.join(LIBRARY, "bases")
    paths = [os.path.join(folder, f"tiny-{i:02d}.jpg") for i in range(20)]
    if not made(folder):
        os.makedirs(folder, exist_ok=True)
        for i, path in enumerate(paths):
            source = "plasma:fractal" if i % 3 == 0 else f"plasma:{make_library.COLOURS[i % len(make_library.COLOURS)]}"
            subprocess.run(["convert", "-seed", str(300 + i), "-size", "160x120", source, "-quality", "85", path],
                           check=True)
        arguments = os.path.join(folder, "exif.args")
        with open(arguments, "w") as out:
            for i, path in enumerate(paths):
                out.write("\n".join(make_library.exif_args(i, path)) + "\n")
        subprocess.run(["exiftool", "-q", "-q", "-@", arguments], check=True, stdout=subprocess.DEVNULL)
        stamp(folder)
    blobs = [open(path, "rb").read() for path in paths]
    if any(make_library.MARKER not in blob[:65536] for blob in blobs):
        raise RuntimeError("a base lacks its EXIF date marker")
    return blobs


def folder_laid_out(name, count, layout):
    """`count` photos laid out as the bench's library of that kind is (make_library's layouts)."""
    folder = os.path.join(LIBRARY, name)
    if not made(folder):
        shutil.rmtree(folder, ignore_errors=True)
        moment, entries = datetime.datetime(2014, 3, 1, 9), []
        for k in range(count):
            relative, moment = layout(k, moment)
            entries.append((relative, moment))
        write_copies(folder, small_bases(), entries)
        stamp(folder)
    return folder


def folder_10k():
    return folder_laid_out("photos-10k", 10_000, make_library.camera_layout)


def folder_100k():
    return folder_laid_out("photos-100k", 100_000, make_library.small_layout)


def folder_shuffled():
    """3,000 photos in one folder, DSC_NNNNN.JPG, whose capture dates follow another order than
    their names (seeded): the grid's first order (names) is not the final one (dates)."""
    folder = os.path.join(LIBRARY, "shuffled-3000")
    if not made(folder):
        shutil.rmtree(folder, ignore_errors=True)
        start = datetime.datetime(2021, 6, 5, 10)
        dates = [start + datetime.timedelta(seconds=7 * k) for k in range(3000)]
        random.Random(44).shuffle(dates)
        write_copies(folder, small_bases(), [(f"DSC_{k + 1:05d}.JPG", dates[k]) for k in range(3000)])
        stamp(folder)
    return folder


def step_bases():
    """Five distinct camera-size JPEGs (4000x3000, noisy plasma, about 5 MB each)."""
    folder = os.path.join(LIBRARY, "step-bases")
    paths = [os.path.join(folder, f"base-{i}.jpg") for i in range(5)]
    if not made(folder):
        os.makedirs(folder, exist_ok=True)
        env = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_NUM_THREADS="1")
        processes = [subprocess.Popen(["convert", "-seed", str(50 + i), "-size", "1000x750", "plasma:fractal",
                                       "-resize", "4000x3000!", "-attenuate", "0.4", "+noise", "Gaussian",
                                       "-sampling-factor", "2x2", "-quality", "88", path], env=env)
                     for i, path in enumerate(paths)]
        if any(p.wait() for p in processes):
            raise RuntimeError("convert failed to make the stepping photos")
        stamp(folder)
    return paths


def folder_steps(count=24):
    folder = os.path.join(LIBRARY, "steps")
    if not made(folder):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        bases = step_bases()
        for n in range(1, count + 1):
            shutil.copyfile(bases[n % len(bases)], os.path.join(folder, f"IMG_{n:04d}.jpg"))
        stamp(folder)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if not f.startswith("."))


def folder_raw_steps(count=15):
    """RAW files of the five kinds in turn, each a small sensor with a 4000x3000 camera JPEG as its
    full-size preview: stepping shows the previews, as it does for a camera's files."""
    folder = os.path.join(LIBRARY, "raw-steps")
    if not made(folder):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        bases = step_bases()
        kinds = make_library.RAW_KINDS
        processes = []
        for n in range(1, count + 1):
            kind, extension = kinds[(n - 1) % len(kinds)]
            processes.append(subprocess.Popen(
                [sys.executable, make_library.RAW_SAMPLES, kind, os.path.join(folder, f"IMG_{n:04d}.{extension}"),
                 "--size", "1200x800", "--preview-jpeg", bases[n % len(bases)]]))
            if len(processes) >= 2:
                if processes.pop(0).wait():
                    raise RuntimeError("raw_samples.py failed")
        if any(p.wait() for p in processes):
            raise RuntimeError("raw_samples.py failed")
        stamp(folder)
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if not f.startswith("."))


# MARK: the measurements; each returns {figure name: value}

def measure_startup(work, lightbox, runs=11):
    mapped = build("mapped", ["x11"])
    floor = build("window", ["gtk4"])
    empty = os.path.join(work, "empty")
    os.makedirs(empty, exist_ok=True)
    home = Home(work, "home-startup")
    # As a new person's desktop has it, not as the bench's other parts run: the accessibility
    # bridge on, GTK's own choice of renderer, GSettings' own backend (the issue that made this
    # guard measured start-up so, and the floor pays for them as Lightbox does).
    env = {k: v for k, v in home.env().items() if k not in ("NO_AT_BRIDGE", "GSK_RENDERER", "GSETTINGS_BACKEND")}
    times = {"floor": [], "lightbox": []}

    def once(command):
        # A Lightbox still ending owns its name on the bus: the next one would hand its folder
        # over to it and exit without a window.
        deadline = time.monotonic() + 10
        while bus_name_owned("org.lightboxphotos.Lightbox") and time.monotonic() < deadline:
            time.sleep(0.02)
        out = subprocess.run([mapped, "30000"] + command, env=env, capture_output=True, text=True, timeout=60)
        lines = out.stdout.strip().splitlines()
        value = json.loads(lines[-1])["mapped_ms"] if lines else None
        if value is None:
            raise RuntimeError(f"{command[0]} mapped no window: {out.stderr.strip()[-500:]}")
        return value

    for i in range(runs + 1):  # the first of each warms the page cache and the home
        f, a = once([floor]), once([lightbox, empty])
        if i:
            times["floor"].append(f)
            times["lightbox"].append(a)
    floor_ms, app_ms = statistics.median(times["floor"]), statistics.median(times["lightbox"])
    # Each start against the floor's start just before it: a second of a busy machine slows both.
    ratio = statistics.median(a / f for a, f in zip(times["lightbox"], times["floor"]))
    log(f"start-up: Lightbox {app_ms:.1f} ms, the bare GTK window {floor_ms:.1f} ms (medians of {runs}), "
        f"{ratio:.2f}x (the median of each pair's); runs {', '.join(f'{v:.0f}' for v in times['lightbox'])} / "
        f"{', '.join(f'{v:.0f}' for v in times['floor'])}")
    return {"startup_ratio": ratio, "startup_ms": app_ms, "startup_floor_ms": floor_ms}


def bus_name_owned(name):
    answer = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                             "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", f"string:{name}"],
                            capture_output=True, text=True)
    return "boolean true" in answer.stdout


def steps(work, lightbox, files, label):
    stepper = build("stepper", ["x11", "xtst", "xdamage"])
    warm_files(files)
    home = Home(work, f"home-{label}")
    stem = os.path.splitext(os.path.basename(files[0]))[0]
    seen = {}
    latencies, missed = stepping.step_through(stepper, [lightbox, files[0]], home.env(), f"^{stem}$",
                                              len(files) - 1, [], "Right", seen)
    last = os.path.splitext(os.path.basename(files[-1]))[0]
    if not latencies or last not in seen.get("title", ""):
        raise RuntimeError(f"{label}: {len(latencies)} steps shown, ended on {seen.get('title')!r}, not {last}")
    if missed:
        raise RuntimeError(f"{label}: {missed} steps not shown within two seconds")
    median = statistics.median(latencies)
    # The 90th percentile, not the worst: one slow step in a run of twenty (a decoder starting,
    # the X server busy) comes and goes between runs; a slowdown of every step moves this.
    p90 = statistics.quantiles(latencies, n=10)[-1]
    log(f"{label}: median {median:.1f} ms, 90th percentile {p90:.1f} ms, worst {max(latencies):.1f} ms "
        f"over {len(latencies)} steps")
    return {f"{label}_median_ms": median, f"{label}_p90_ms": p90, f"{label}_worst_ms": max(latencies)}


def measure_stepping(work, lightbox):
    return steps(work, lightbox, folder_steps(), "stepping")


def measure_rawstepping(work, lightbox):
    return steps(work, lightbox, folder_raw_steps(), "rawstepping")


def open_twice(work, lightbox, folder, label, timeout=120, warm_runs=3):
    """A cold open (fresh index and thumbnails) until loaded and the first page's thumbnails shown,
    then `warm_runs` warm opens until loaded: a longest stall is the tail of a distribution, and
    one in four warm 100k opens had a turn twice the others' (a median of three is not moved by
    one)."""
    warm_files(harness.tree_files(folder), head=64 * 1024)
    home = Home(work, f"home-{label}")

    def cold_done(run):
        return "load-finished" in run.first and run.after("visible-thumbnails", "first-page") is not None

    cold = run_events([lightbox, folder], home.env(LIGHTBOX_BENCH_EVENTS=1),
                      cold_done, timeout)
    warm = [run_events([lightbox, folder], home.env(LIGHTBOX_BENCH_EVENTS=1),
                       lambda r: "load-finished" in r.first, timeout) for _ in range(warm_runs)]
    for name, run in [("cold", cold)] + [("warm", w) for w in warm]:
        if "load-finished" not in run.first:
            raise RuntimeError(f"{label}: the {name} open did not finish in {timeout} s: {run.extra} {run.log[-5:]}")
    return cold, warm


def warm_figures(warm):
    """The median first page (after the first frame) and longest stall of the warm opens."""
    pages = [measures.first_page_latency(w) for w in warm]
    stalls = [w.first["load-finished"]["longest_stall_ms"] for w in warm]
    return statistics.median(pages), statistics.median(stalls), pages, stalls


def measure_10k(work, lightbox):
    cold, warm = open_twice(work, lightbox, folder_10k(), "10k")
    page, stall, pages, stalls = warm_figures(warm)
    log(f"10k: warm first page {page:.1f} ms after the first frame, longest stall {stall:.1f} ms (medians of "
        f"{', '.join(f'{v:.1f}' for v in pages)} and {', '.join(f'{v:.1f}' for v in stalls)}; "
        f"{warm[0].first['load-finished'].get('photos')} photos)")
    return {"10k_warm_first_page_ms": page, "10k_warm_stall_ms": stall}


def measure_100k(work, lightbox):
    cold, warm = open_twice(work, lightbox, folder_100k(), "100k", timeout=180)
    _, stall, _, stalls = warm_figures(warm)
    figures = {"100k_cold_stall_ms": measures.stall_until_loaded(cold), "100k_warm_stall_ms": stall}
    log(f"100k: longest stall cold {figures['100k_cold_stall_ms']:.1f} ms, warm {stall:.1f} ms (the median of "
        f"{', '.join(f'{v:.1f}' for v in stalls)}; {warm[0].first['load-finished'].get('photos')} photos)")
    return figures


def measure_firstscreen(work, lightbox):
    folder = folder_shuffled()
    warm_files(harness.tree_files(folder), head=64 * 1024)
    home = Home(work, "home-firstscreen")
    run = run_events([lightbox, folder], home.env(LIGHTBOX_BENCH_EVENTS=1),
                     lambda r: "first-screen-final" in r.first, 60)
    if "first-screen-final" not in run.first:
        raise RuntimeError(f"firstscreen: no first-screen-final in 60 s: {run.extra} {run.log[-5:]}")
    final = run.since_exec("first-screen-final")
    log(f"firstscreen: final {final:.0f} ms after exec, {run.first['first-screen-final'].get('changes')} changes "
        f"(loaded {run.since_exec('load-finished') or 0:.0f} ms)")
    return {"firstscreen_final_ms": final}


MEASURES = {"startup": measure_startup, "stepping": measure_stepping, "rawstepping": measure_rawstepping,
            "10k": measure_10k, "100k": measure_100k, "firstscreen": measure_firstscreen}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lightbox", default=measures.LIGHTBOX, help="the program to measure (release build)")
    parser.add_argument("--only", default=",".join(MEASURES), help="comma-separated: " + ", ".join(MEASURES))
    parser.add_argument("--runs-file", help="append this run's figures to this JSON-lines file")
    parser.add_argument("--no-retry", action="store_true", help="measure once (the noise study)")
    args = parser.parse_args()
    reexec_headless()
    lightbox = os.path.abspath(args.lightbox)
    if not os.access(lightbox, os.X_OK):
        sys.exit(f"guard: {lightbox} is not a program: build the release first (make build)")
    thresholds = {name: entry["max"] for name, entry in json.load(open(THRESHOLDS))["thresholds"].items()}
    started = time.monotonic()
    passed, failed, record = [], [], {}
    with tempfile.TemporaryDirectory(prefix="lightbox-guard-") as work:
        for part in args.only.split(","):
            tries = 1 if args.no_retry else 2
            for attempt in range(1, tries + 1):
                try:
                    figures = MEASURES[part](work, lightbox)
                    error = None
                except Exception as problem:  # a measurement that broke fails its figures
                    figures, error = {}, f"{type(problem).__name__}: {problem}"
                    log(f"{part}: {error}")
                guarded = {k: v for k, v in figures.items() if k in thresholds}
                over = {k: v for k, v in guarded.items() if v is None or v > thresholds[k]}
                if not error and not over:
                    break
                if attempt < tries:
                    log(f"{part}: over its threshold ({error or over}); measuring again once")
            record.update(figures)
            if error:
                failed.append(f"{part}: {error}")
                continue
            for name, value in guarded.items():
                line = f"{name} {value:.2f} (threshold {thresholds[name]})"
                (failed if name in over else passed).append(line)
                log(("FAILED: " if name in over else "ok: ") + line)
    # A guarded figure its measurement did not give (and the measurement did not fail) fails too.
    broken = {line.split(":")[0] for line in failed}
    for name in thresholds:
        part = name.split("_")[0]
        if part in args.only.split(",") and part not in broken and name not in record:
            failed.append(f"{name}: not measured")
    if args.runs_file:
        with open(args.runs_file, "a") as out:
            out.write(json.dumps({"date": datetime.datetime.now().isoformat(timespec="seconds"),
                                  "git": subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                                                        capture_output=True, text=True).stdout.strip(),
                                  "figures": record}) + "\n")
    log(f"{time.monotonic() - started:.0f} s")
    for line in failed:
        log(f"FAILED: {line}")
    print(f"guard: {len(passed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
