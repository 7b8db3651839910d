"""The measurements of `make bench`, each beside its floor or peer, run
alternately in the same invocation so a noisy machine moves both."""
import json
import os
import shutil
import subprocess

from harness import Home, ROOT, resident_kib, run_events, summary, timed, tree_files, warm_files

RELEASE = os.path.join(ROOT, ".build", "release")
LIGHTBOX = os.path.join(RELEASE, "lightbox")
THUMBNAILER = os.path.join(RELEASE, "lightbox-bench-thumbnails")
FLOOR_SOURCE = os.path.join(ROOT, "Tools", "Bench", "floor", "window.c")


def log(message):
    print(f"bench: {message}", flush=True)


def build_floor(work):
    binary = os.path.join(work, "floor-window")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], check=True,
                           capture_output=True, text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", binary, FLOOR_SOURCE] + flags, check=True)
    return binary


def has(run, name):
    return name in run.first


# MARK: start-up

def startup(work, runs):
    """Exec to first frame: the floor window, then Lightbox on an empty folder."""
    floor = build_floor(work)
    empty = os.path.join(work, "empty")
    os.makedirs(empty, exist_ok=True)
    home = Home(work, "home-startup")
    env = home.env(LIGHTBOX_BENCH_EVENTS=1)
    samples = {"floor": [], "lightbox": [], "floor_rss_mib": [], "lightbox_rss_mib": []}
    for i in range(runs + 1):  # the first of each warms caches and the home
        memory = {}

        def peak(name):
            def on_event(run, event, pid):
                if event["event"] == "first-frame":
                    memory[name] = resident_kib(pid)
            return on_event

        f = run_events([floor], env, lambda r: has(r, "first-frame"), 30, peak("floor"))
        a = run_events([LIGHTBOX, empty], env, lambda r: has(r, "first-frame"), 30, peak("lightbox"))
        if i:
            samples["floor"].append(f.since_exec("first-frame"))
            samples["lightbox"].append(a.since_exec("first-frame"))
            # What a GTK window alone holds here (GL driver included): the
            # context for the app's peak memory figures.
            if memory.get("floor"):
                samples["floor_rss_mib"].append(memory["floor"] / 1024)
            if memory.get("lightbox"):
                samples["lightbox_rss_mib"].append(memory["lightbox"] / 1024)
    result = {k: summary(v) for k, v in samples.items()}
    log(f"start-up: lightbox {result['lightbox']['median']:.1f} ms, floor {result['floor']['median']:.1f} ms")
    return result


# MARK: a folder of photos

def enumeration_floor(folder, runs):
    command = ["find", folder, "-type", "f", "-printf", "%s %T@\n"]
    timed(command, stdout=subprocess.DEVNULL)  # warm the dentry and inode caches
    return [timed(command, stdout=subprocess.DEVNULL) for _ in range(runs)]


def first_page_latency(run):
    """first-page after the first frame (or after exec when it came first)."""
    page, frame = run.first.get("first-page"), run.first.get("first-frame")
    if page is None:
        return None
    if frame is None or page["t"] < frame["t"]:
        return page["t"] - run.exec
    return page["t"] - frame["t"]


def stall_until_loaded(run):
    """The longest stall up to load-finished and the first visible-thumbnails after first-page."""
    ends = [run.first.get("load-finished"), run.after("visible-thumbnails", "first-page")]
    ends = [e for e in ends if e is not None]
    return max(e["longest_stall_ms"] for e in ends) if ends else None


def folder_runs(work, folder, runs, scroll, timeout, label):
    """Per repetition: the enumeration floor, a cold-index open (thumbnails
    cold; with `scroll`, scrolled end to end afterwards), a warm second open."""
    log(f"{label}: warming the page cache (file headers)")
    warm_files(tree_files(folder), head=128 * 1024)
    out = {k: [] for k in ("floor_ms", "cold_first_page_ms", "cold_exec_first_page_ms", "cold_scan_ms", "cold_load_ms", "stall_ms",
                           "peak_rss_mib", "load_rss_mib", "warm_open_ms", "warm_load_ms", "warm_first_page_ms",
                           "warm_stall_ms", "scroll_stall_ms", "photos")}
    for i in range(runs):
        out["floor_ms"] += enumeration_floor(folder, 1)
        home = Home(work, f"home-{label}")
        extra = {"LIGHTBOX_BENCH_EVENTS": 1}
        if scroll:
            extra["LIGHTBOX_BENCH_SCROLL"] = 1
        rss = {}

        def on_event(run, event, pid):
            if event["event"] == "load-finished":
                rss["load"] = resident_kib(pid)

        def cold_done(run):
            loaded = has(run, "load-finished") and run.after("visible-thumbnails", "first-page")
            return has(run, "scrolled-end") if scroll else loaded

        cold = run_events([LIGHTBOX, folder], home.env(**extra), cold_done, timeout, on_event)
        if not has(cold, "load-finished"):
            log(f"{label}: cold run did not finish: {cold.extra} {cold.log[-5:]}")
        out["cold_first_page_ms"].append(first_page_latency(cold))
        out["cold_exec_first_page_ms"].append(cold.since_exec("first-page"))
        out["cold_scan_ms"].append(cold.since_exec("scan-complete"))
        out["cold_load_ms"].append(cold.since_exec("load-finished"))
        out["stall_ms"].append(stall_until_loaded(cold))
        if scroll and has(cold, "scrolled-end"):
            out["peak_rss_mib"].append(cold.first["scrolled-end"]["peak_rss_kib"] / 1024)
            # The app starts the stall watch afresh when it starts scrolling.
            out["scroll_stall_ms"].append(cold.first["scrolled-end"]["longest_stall_ms"])
        if rss.get("load"):
            out["load_rss_mib"].append(rss["load"] / 1024)
        if has(cold, "load-finished"):
            out["photos"].append(cold.first["load-finished"].get("photos"))
        warm = run_events([LIGHTBOX, folder], home.env(LIGHTBOX_BENCH_EVENTS=1),
                          lambda r: has(r, "load-finished"), timeout)
        # The open itself, from the window asking for the folder to the
        # whole list in the grid; start-up is measured apart, beside its
        # own floor. Exec to loaded is kept too.
        if has(warm, "load-started") and has(warm, "load-finished"):
            out["warm_open_ms"].append(warm.first["load-finished"]["t"] - warm.first["load-started"]["t"])
        out["warm_load_ms"].append(warm.since_exec("load-finished"))
        out["warm_first_page_ms"].append(first_page_latency(warm))
        out["warm_stall_ms"].append(warm.first.get("load-finished", {}).get("longest_stall_ms"))
        log(f"{label} run {i + 1}/{runs}: floor {out['floor_ms'][-1]:.0f} ms, "
            f"first page {fmt(out['cold_first_page_ms'][-1])} ms, cold load {fmt(out['cold_load_ms'][-1])} ms, "
            f"warm open {fmt(out['warm_open_ms'][-1] if out['warm_open_ms'] else None)} ms "
            f"(exec to loaded {fmt(out['warm_load_ms'][-1])} ms), stall {fmt(out['stall_ms'][-1])} ms, "
            f"peak {fmt(out['peak_rss_mib'][-1] if out['peak_rss_mib'] else None)} MiB")
    return {k: summary(v) for k, v in out.items()}


def fmt(value):
    return "-" if value is None else f"{value:.1f}"


# MARK: thumbnails

def thumbnails(work, folder, count, runs):
    """Thumbnails per second, 256 px, cold cache: Lightbox's loader, the
    desktop thumbnailer two at a time (peer), djpeg at 1/8 on every core (floor)."""
    files = tree_files(folder)
    step = max(1, len(files) // count)
    files = files[::step][:count]
    log(f"thumbnails: {len(files)} files, warming the page cache")
    warm_files(files)
    cores = str(os.cpu_count() or 2)
    listing = "".join(f + "\n" for f in files).encode()
    out = {"lightbox": [], "in_process": [], "peer": [], "floor": []}
    home = Home(work, "home-thumbnails")
    peer_dir = os.path.join(work, "peer-thumbnails")
    for i in range(runs):
        # Sandboxed decoders (what the app does), then the same loader
        # decoding in its own process: what the isolation costs.
        for key, flags in (("lightbox", []), ("in_process", ["--in-process"])):
            home.clear("cache")
            ms = timed([THUMBNAILER] + flags, input=listing, env=home.env(), stdout=subprocess.DEVNULL)
            made = len(os.listdir(os.path.join(home.folder("cache"), "thumbnails", "large")))
            if made != len(files):
                log(f"thumbnails ({key}): Lightbox made {made} of {len(files)}")
            out[key].append(made / ms * 1000)

        shutil.rmtree(peer_dir, ignore_errors=True)
        os.makedirs(peer_dir)
        pairs = "".join(f"{f}\0{peer_dir}/{n}.png\0" for n, f in enumerate(files)).encode()
        ms = timed(["xargs", "-0", "-P", "2", "-n", "2", "gdk-pixbuf-thumbnailer", "-s", "256"],
                   input=pairs, env=home.env(), stdout=subprocess.DEVNULL)
        out["peer"].append(len(os.listdir(peer_dir)) / ms * 1000)

        names = "".join(f + "\0" for f in files).encode()
        ms = timed(["xargs", "-0", "-P", cores, "-n", "1", "djpeg", "-scale", "1/8", "-outfile", "/dev/null"],
                   input=names, stdout=subprocess.DEVNULL)
        out["floor"].append(len(files) / ms * 1000)
        log(f"thumbnails run {i + 1}/{runs}: lightbox {out['lightbox'][-1]:.1f}/s "
            f"(in-process {out['in_process'][-1]:.1f}/s), peer {out['peer'][-1]:.1f}/s, floor {out['floor'][-1]:.1f}/s")
    result = {k: summary(v) for k, v in out.items()}
    result["files"] = len(files)
    return result


# MARK: photo window

def photo_window(work, folder, count, runs):
    """Median milliseconds to decode a photo for the photo window (6144 px,
    laid out for display), one photo after another: in a sandboxed decoder
    and in-process, alternately."""
    files = tree_files(folder)
    step = max(1, len(files) // count)
    files = files[::step][:count]
    log(f"photo window: {len(files)} files, warming the page cache")
    warm_files(files)
    home = Home(work, "home-photo-window")
    out = {"lightbox": [], "in_process": []}
    for i in range(runs):
        for key, flags in (("lightbox", []), ("in_process", ["--in-process"])):
            done = subprocess.run([THUMBNAILER, "--photo-window"] + flags + files, env=home.env(),
                                  check=True, capture_output=True, text=True)
            out[key].append(json.loads(done.stdout.strip().splitlines()[-1])["median_ms"])
        log(f"photo window run {i + 1}/{runs}: decoders {out['lightbox'][-1]:.1f} ms, "
            f"in-process {out['in_process'][-1]:.1f} ms")
    result = {k: summary(v) for k, v in out.items()}
    result["files"] = len(files)
    return result
