"""`make bench`'s RAW part (`python3 Tools/Bench/run.py --only raw`): camera RAW files with full-size
embedded previews, cold, beside JPEGs of the preview's size and beside gThumb and Geeqie.

The folder (Tools/Bench/library/raw-24mp/, made once by make_library.py --parts raw): 150 RAW files
(quick: the first 50), NEF, ARW, CR2, ORF and DNG in turn, each a 6000x4000 sensor with a
6000x4000 photo-like JPEG preview (about 3.2 MB) made by Tests/Fixtures/raw_samples.py; and
jpeg/, file N being the very JPEG that RAW file N embeds.

Cold here means both: no thumbnails in the cache (a fresh XDG_CACHE_HOME) and none of the
files in the page cache. Before every run each file is evicted with posix_fadvise(DONTNEED)
(after an fdatasync: dirty pages stay), which leaves the rest of the machine's page cache alone
(the thumbnails part, by contrast, reads its JPEGs into the page cache first).

  thumbnails  lightbox-bench-thumbnails (the app's ThumbnailLoader over ThumbnailCache, sandboxed
              decoders, all cores) over the RAW folder and over the JPEG folder, alternately
              (RAW first in odd runs), then over each kind's files alone and the JPEGs those
              embed; files a second from the tool's own elapsed time (first request to last
              thumbnail). The decoders' CPU time is kept too.
  bytes       what the tool and its process tree (bwrap, the decoders) read from the disk:
              read_bytes of /proc/PID/io, summed over the tool and every descendant at the moment
              the tool writes its report: its standard output is a pipe filled beforehand, so
              that write waits, every decoder still alive and idle, until the part has read
              their counters. read_bytes counts the pages a process made the kernel read
              (page faults on mapped files and readahead included); rchar, kept beside it, counts
              read() calls only. Per file and as a fraction of the file's size.
  screen      Lightbox, gThumb and Geeqie opening the cold RAW folder in a 1000x700 window,
              recorded from outside (Tools/Bench/firstscreen.py): first photo on screen, and when the
              window stops changing.
"""
import fcntl
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import firstscreen
from harness import Home, summary
from make_library import RAW_FOLDER, RAW_KINDS
from measures import THUMBNAILER

F_SETPIPE_SZ, F_GETPIPE_SZ = 1031, 1032
# The kinds whose 256 px thumbnail the decoder makes from the 6000x4000 preview: as
# raw_samples.py lays them out, a CR2 also holds a 750x500 RGB image (IFD2) and a DNG a 256x171
# one, and those serve (as a camera's would).
FULL_PREVIEW_KINDS = ("NEF", "ARW", "ORF")
SCREEN_LIMIT_S = 60            # gThumb takes several seconds on this folder
GEEQIE_DIVIDER = 700           # Geeqie's file pane widened to 700 px: a grid of 4 × 5 thumbnails


def log(message):
    print(f"bench: {message}", flush=True)


def library_files(library, count):
    """(RAW files, JPEG files) of raw-24mp, the first `count` of each, in name order."""
    folder = os.path.join(library, RAW_FOLDER)
    raws = sorted(os.listdir(os.path.join(folder, "raw")))[:count]
    jpegs = sorted(os.listdir(os.path.join(folder, "jpeg")))[:count]
    return ([os.path.join(folder, "raw", name) for name in raws],
            [os.path.join(folder, "jpeg", name) for name in jpegs])


def evict(paths):
    """Drops the files' pages from the page cache (written back first: dirty pages stay)."""
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fdatasync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def read_ahead_kb():
    """The read-ahead of the disk holding the library (it sets how much a page fault reads around)."""
    try:
        device = os.stat(os.path.dirname(os.path.abspath(__file__))).st_dev
        path = f"/sys/dev/block/{os.major(device)}:{os.minor(device)}"
        for candidate in (path + "/queue/read_ahead_kb", path + "/../queue/read_ahead_kb"):
            if os.path.exists(candidate):
                with open(candidate) as f:
                    return int(f.read())
    except (OSError, ValueError):
        pass
    return None


# MARK: a process tree's reads

def descendants(root):
    """`root` and every process below it (bwrap's PID namespace included: its processes have PIDs
    here too)."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        # The command may hold spaces and parentheses: the fields follow the last ')'.
        parent = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(parent, []).append(int(name))
    found, queue = [], [root]
    while queue:
        pid = queue.pop()
        found.append(pid)
        queue += children.get(pid, [])
    return found


TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")


def io_counters(pid):
    """/proc/PID/io's counters, and the process's name, CPU time and major page faults."""
    try:
        with open(f"/proc/{pid}/io") as f:
            counters = {key: int(value) for key, value in (line.split(":") for line in f)}
        with open(f"/proc/{pid}/comm") as f:
            counters["comm"] = f.read().strip()
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        counters["majflt"] = int(fields[9])
        counters["cpu_ms"] = (int(fields[11]) + int(fields[12])) * TICK_MS
        return counters
    except (OSError, ValueError, IndexError):
        return None


def waiting_to_write(pid):
    """Whether a thread of `pid` sleeps writing to a pipe."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return False
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/wchan") as f:
                if "pipe_write" in f.read():  # pipe_write; anon_pipe_write from Linux 6.15
                    return True
        except OSError:
            pass
    return False


def pgpgin_bytes():
    """The whole machine's reads from disk so far (a cross-check: others' reads count too)."""
    with open("/proc/vmstat") as f:
        for line in f:
            if line.startswith("pgpgin "):
                return int(line.split()[1]) * 1024
    return 0


def thumbnails_run(paths, env, timeout=300):
    """One run of lightbox-bench-thumbnails over `paths`: its report, and the reads of its tree."""
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, F_SETPIPE_SZ, 4096)
    os.write(write_end, b"\n" * fcntl.fcntl(write_end, F_GETPIPE_SZ))  # full: the report will wait
    errors = tempfile.TemporaryFile()
    with tempfile.TemporaryFile() as listing:
        listing.write("".join(path + "\n" for path in paths).encode())
        listing.seek(0)
        pgpgin = pgpgin_bytes()
        start = time.monotonic()
        process = subprocess.Popen([THUMBNAILER], stdin=listing, stdout=write_end, stderr=errors, env=env)
    os.close(write_end)
    counters = None
    while time.monotonic() - start < timeout:
        if process.poll() is not None:
            break
        if waiting_to_write(process.pid):
            # Every thumbnail is made and written; the decoders are idle.
            counters = [c for c in map(io_counters, descendants(process.pid)) if c]
            break
        time.sleep(0.01)
    wall_ms = (time.monotonic() - start) * 1000
    with os.fdopen(read_end, "rb") as pipe:
        output = pipe.read()
    process.wait()
    errors.seek(0)
    errors = errors.read().decode(errors="replace")
    pgpgin = pgpgin_bytes() - pgpgin
    report = None
    for line in output.decode(errors="replace").splitlines():
        if line.startswith("{"):
            report = json.loads(line)
    if report is None or counters is None:
        raise RuntimeError(f"raw: lightbox-bench-thumbnails gave no report (exit {process.returncode}): "
                           f"{errors[-500:]}")
    decoders = [c for c in counters if c["comm"].startswith("lightbox-decod")]
    return {
        "files": len(paths), "made": report["decoded"], "failures": report["failures"],
        "elapsed_ms": report["elapsed_ms"], "wall_ms": wall_ms,
        "per_second": report["decoded"] / report["elapsed_ms"] * 1000,
        "read_bytes": sum(c.get("read_bytes", 0) for c in counters),
        "decoder_read_bytes": sum(c.get("read_bytes", 0) for c in decoders),
        "rchar": sum(c["rchar"] for c in counters),
        "has_read_bytes": all("read_bytes" in c for c in counters),
        "decoders": len(decoders), "processes": len(counters),
        "decoder_cpu_ms": sum(c["cpu_ms"] for c in decoders), "decoder_major_faults": sum(c["majflt"] for c in decoders),
        "machine_pgpgin_bytes": pgpgin,
    }


def cold_run(home, paths):
    home.clear("cache")
    evict(paths)
    return thumbnails_run(paths, home.env())


# MARK: the part

def thumbnails(work, library, count, runs):
    raws, jpegs = library_files(library, count)
    sizes = {path: os.path.getsize(path) for path in raws}
    kinds = {extension: [p for p in raws if p.endswith("." + extension)] for _, extension in RAW_KINDS}
    # Each kind's RAW files and the JPEGs they embed (JPEG N is RAW N's preview).
    kind_jpegs = {extension: [j for r, j in zip(raws, jpegs) if r.endswith("." + extension)]
                  for extension in kinds}
    log(f"raw: {len(raws)} RAW files ({sum(sizes.values()) / len(raws) / 1e6:.1f} MB on average), "
        f"{len(jpegs)} JPEGs of their previews ({sum(map(os.path.getsize, jpegs)) / len(jpegs) / 1e6:.2f} MB); "
        f"page cache evicted before each run; disk read-ahead {read_ahead_kb()} kB")
    home = Home(work, "home-raw")
    samples = {"raw": [], "jpeg": []}
    per_kind = {extension: [] for extension in kinds}
    per_kind_jpeg = {extension: [] for extension in kinds}
    for i in range(runs):
        order = (("raw", raws), ("jpeg", jpegs)) if i % 2 == 0 else (("jpeg", jpegs), ("raw", raws))
        for key, paths in order:
            run = cold_run(home, paths)
            if run["made"] != len(paths) or run["failures"]:
                log(f"raw ({key}): {run['made']} of {len(paths)} thumbnails, {run['failures']} failures")
            samples[key].append(run)
        for extension, paths in kinds.items():
            per_kind[extension].append(cold_run(home, paths))
            per_kind_jpeg[extension].append(cold_run(home, kind_jpegs[extension]))
        raw, jpeg = samples["raw"][-1], samples["jpeg"][-1]
        log(f"raw run {i + 1}/{runs}: RAW {raw['per_second']:.1f}/s, JPEG {jpeg['per_second']:.1f}/s; "
            f"RAW read {raw['read_bytes'] / raw['files'] / 1e6:.2f} MB a file "
            f"({raw['read_bytes'] / sum(sizes.values()) * 100:.1f} % of the files; "
            f"the machine's pgpgin {raw['machine_pgpgin_bytes'] / raw['files'] / 1e6:.2f} MB a file), "
            f"JPEG read {jpeg['read_bytes'] / jpeg['files'] / 1e6:.2f} MB a file; per kind: "
            + ", ".join(f"{ext} {runs_[-1]['per_second']:.1f}/s (its JPEGs {per_kind_jpeg[ext][-1]['per_second']:.1f}/s) "
                        f"{runs_[-1]['read_bytes'] / len(kinds[ext]) / 1e6:.2f} MB"
                        for ext, runs_ in per_kind.items()))

    def figures(run_list, paths, jpeg_runs=None):
        total = sum(os.path.getsize(p) for p in paths)
        entry = {
            "per_second": summary([r["per_second"] for r in run_list]),
            "bytes_per_file": summary([r["read_bytes"] / len(paths) for r in run_list]),
            "fraction": summary([r["read_bytes"] / total for r in run_list]),
            "rchar_per_file": summary([r["rchar"] / len(paths) for r in run_list]),
            "decoder_cpu_ms_per_file": summary([r["decoder_cpu_ms"] / len(paths) for r in run_list]),
            "file_bytes": total / len(paths),
            "files": len(paths),
            "runs": run_list,
        }
        if jpeg_runs:
            entry["jpeg_per_second"] = summary([r["per_second"] for r in jpeg_runs])
            entry["vs_jpeg"] = paired(entry["per_second"], entry["jpeg_per_second"])
            entry["jpeg_decoder_cpu_ms_per_file"] = summary([r["decoder_cpu_ms"] / len(paths) for r in jpeg_runs])
            entry["jpeg_runs"] = jpeg_runs
        return entry

    def paired(ours, theirs):
        """The runs' own ratios: each run's RAW and JPEG figures were measured one right after the
        other, so a machine whose load changes between runs moves both."""
        return summary([a / b for a, b in zip(ours["values"], theirs["values"])])

    def together(run_lists):
        """Files a second over the kinds' runs of each repetition taken together."""
        return summary([sum(r["made"] for r in runs_) / sum(r["elapsed_ms"] for r in runs_) * 1000
                        for runs_ in zip(*run_lists)])

    result = {
        "full_preview": {
            "kinds": list(FULL_PREVIEW_KINDS),
            "per_second": together([per_kind[k] for k in FULL_PREVIEW_KINDS]),
            "jpeg_per_second": together([per_kind_jpeg[k] for k in FULL_PREVIEW_KINDS]),
            "files": sum(len(kinds[k]) for k in FULL_PREVIEW_KINDS),
        },
        "raw": figures(samples["raw"], raws),
        "jpeg": figures(samples["jpeg"], jpegs),
        "kinds": {ext: figures(per_kind[ext], paths, per_kind_jpeg[ext]) for ext, paths in kinds.items()},
        "files": len(raws),
        "bytes_source": "read_bytes" if all(r["has_read_bytes"] for r in samples["raw"]) else "rchar",
        "read_ahead_kb": read_ahead_kb(),
    }
    result["raw_vs_jpeg"] = paired(result["raw"]["per_second"], result["jpeg"]["per_second"])
    full = result["full_preview"]
    full["vs_jpeg"] = paired(full["per_second"], full["jpeg_per_second"])
    if result["bytes_source"] == "rchar":
        # No block I/O accounting in this kernel: read() calls only (mapped pages are not counted).
        for entry in [result["raw"], result["jpeg"]] + list(result["kinds"].values()):
            entry["bytes_per_file"] = entry["rchar_per_file"]
            entry["fraction"] = summary([r["rchar"] / (entry["file_bytes"] * entry["files"]) for r in entry["runs"]])
    return result


# MARK: the peers, recorded

def geeqie_rc(work):
    """Geeqie's own default settings file (written by Geeqie itself when it quits), its file pane
    turned into a thumbnail grid: icon view, thumbnails on, the pane widened. None when Geeqie
    cannot be started and stopped here."""
    home = Home(work, "geeqie-defaults")
    env = home.env()
    empty = os.path.join(work, "geeqie-empty")
    os.makedirs(empty, exist_ok=True)
    process = subprocess.Popen(["geeqie", empty], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    rc = os.path.join(home.folder("config"), "geeqie", "geeqierc.xml")
    try:
        time.sleep(3)
        subprocess.run(["geeqie", "--remote", "--quit"], env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=20)
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if not os.path.exists(rc):
        return None
    with open(rc) as f:
        text = f.read()
    for name, value in (("file_view_type", "1"), ("show_thumbnails", "true"),
                        ("main_window.w", str(firstscreen.WIDTH)), ("main_window.h", str(firstscreen.HEIGHT)),
                        ("main_window.x", "0"), ("main_window.y", "0"),
                        ("main_window.hdivider_pos", str(GEEQIE_DIVIDER))):
        text, n = re.subn(rf'(\b{re.escape(name)} = )"[^"]*"', rf'\g<1>"{value}"', text)
        if n != 1:
            log(f"raw: Geeqie's settings have {n} {name}: not driving Geeqie")
            return None
    shutil.rmtree(home.path, ignore_errors=True)
    return text


def screen(work, lightbox, library, runs):
    # The whole folder (a quick run too): the first screen is what is measured.
    folder = os.path.join(library, RAW_FOLDER, "raw")
    raws = [os.path.join(folder, name) for name in sorted(os.listdir(folder))]
    apps = ["lightbox"]
    if shutil.which("ffmpeg") is None:
        log("raw screen: ffmpeg is missing (scripts/install-deps.sh --bench installs it)")
        return None
    if shutil.which("gthumb"):
        apps.append("gthumb")
    rc = geeqie_rc(work) if shutil.which("geeqie") else None
    if rc:
        apps.append("geeqie")
    else:
        log("raw screen: Geeqie is " + ("missing (apt-get install geeqie)" if not shutil.which("geeqie")
                                        else "not drivable here (no settings file written)"))
    log(f"raw screen: {len(raws)} RAW files, {runs} runs each of {', '.join(apps)} in turn, page cache evicted")
    results = {app: [] for app in apps}
    for index in range(runs):
        for app in apps:
            evict(raws)
            run = firstscreen.one_run(work, app, lightbox, folder, index, limit_s=SCREEN_LIMIT_S,
                                      geeqie_rc=rc)
            log(f"  {app} {index + 1}: first photo {run['first_photo_ms']} ms, settled {run['settled_ms']} ms, "
                f"{run['changes']} changes" + (f", app says final at {run['reported_final_ms']:.0f} ms"
                                                 if run["reported_final_ms"] is not None else ""))
            results[app].append(run)
    out = {"files": len(raws)}
    for app, app_runs in results.items():
        out[app] = {key: summary([run[key] for run in app_runs])
                    for key in ("first_photo_ms", "settled_ms", "changes", "reported_final_ms")}
        out[app]["runs"] = app_runs
    return out


def raw_part(work, lightbox, library, quick, runs):
    count = 50 if quick else 150
    result = thumbnails(work, library, count, runs)
    result["screen"] = screen(work, lightbox, library, runs)
    return result
