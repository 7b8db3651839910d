#!/usr/bin/env python3
"""make soak: Lightbox's services over a big folder another process keeps changing.

1. Makes SOAK_PHOTOS small JPEGs (default 10,000), each with image data of
   its own (a gradient and its number as a bar code, encoded by ImageMagick
   in batches) and camera EXIF, and keeps a pristine copy of each.
2. Starts lightbox-soak (Tools/Soak: PhotoListLogic over the real index,
   rating queue, sandboxed decoders and thumbnail cache; no mocks), which
   acts on SOAK_DRIVE of them (default 1,000) for SOAK_SECONDS (default
   600): rates, rejects, rotates, looks at, copies and moves them. At the
   same time scripts/soak-churn.py renames, deletes, rewrites and re-rates
   photos with exiftool. Both journal every write with its wall-clock time.
   The soak process's memory (VmRSS) is sampled every second.
3. Afterwards checks, and prints: every photo there decodes and has its
   original image data (compared with its pristine copy by the app's own
   check); every photo is where the last rename or move put it, once,
   and none is missing unless deleted; no temporary, stray copy (an old
   name come back) or unknown file is left; every file's rating, rotation
   and other metadata are those of the last write to it, whoever made it
   (the two journals put in one order by time); the app was alive and
   responsive at the end; memory stayed bounded. Exits 1 on any loss.

Environment: SOAK_SECONDS, SOAK_PHOTOS, SOAK_DRIVE, SOAK_DIR (the work
folder, default .build/soak, emptied first), SOAK_BIN (the folder with
lightbox-soak and lightbox-decoder, default .build/debug), SOAK_SEED.
"""

import glob
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUMBERED = re.compile(r"^P(\d{6})-(\d+)( \(\d+\))?\.jpg$")
INF = float("inf")
KEEP = object()  # a write that keeps a field as it read it


def env(name, default):
    value = os.environ.get(name, "")
    return type(default)(value) if value else default


def log(text):
    print(text, flush=True)


# ---- Photos ------------------------------------------------------------------

WIDTH, HEIGHT = 160, 120


def gradient(kind):
    """A 160×120 picture, one of eight gradients; each photo gets its
    number drawn over it as a bar code (see generate)."""
    pixels = bytearray(WIDTH * HEIGHT * 3)
    for y in range(HEIGHT):
        row = y * WIDTH * 3
        for x in range(WIDTH):
            at = row + x * 3
            pixels[at] = (x * (kind + 1) + y) % 256
            pixels[at + 1] = (y * 2 + kind * 31) % 256
            pixels[at + 2] = (x + y * (8 - kind)) % 256
    return pixels


def app1_segments(path):
    """The APP1 segments (EXIF, XMP) of a JPEG, as bytes."""
    data = open(path, "rb").read()
    at, segments = 2, b""
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        length = int.from_bytes(data[at + 2:at + 4], "big")
        if marker == 0xE1:
            segments += data[at:at + 2 + length]
        if marker == 0xDA:
            break
        at += 2 + length
    return segments


def generate(work, count):
    """photos/P000000-0.jpg … with camera EXIF, and pristine/P000000.jpg."""
    scratch = os.path.join(work, "generate")
    os.makedirs(scratch)
    # The metadata every photo starts with: made once by exiftool on a
    # template, then put into each file after its start-of-image marker.
    template = os.path.join(scratch, "template.jpg")
    subprocess.run(["convert", "-size", "8x8", "xc:gray", template], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-Make=Soak", "-Model=Soak Camera",
                    "-DateTimeOriginal=2024:05:01 12:00:00", "-Orientation#=1", "-ImageDescription=init",
                    template], check=True)
    metadata = app1_segments(template)
    bases = [gradient(kind) for kind in range(8)]
    batch = 500
    for first in range(0, count, batch):
        numbers = range(first, min(count, first + batch))
        frames = os.path.join(scratch, "frames.ppm")
        with open(frames, "wb") as out:
            for number in numbers:
                # A gradient with this number's 14 bits as black and white blocks.
                pixels = bytearray(bases[number % 8])
                for bit in range(14):
                    on = 255 if (number >> bit) & 1 else 0
                    for y in range(HEIGHT - 24, HEIGHT - 8):
                        start = (y * WIDTH + 8 + bit * 10) * 3
                        pixels[start:start + 24] = bytes((on,)) * 24
                out.write(b"P6 %d %d 255\n" % (WIDTH, HEIGHT))
                out.write(pixels)
        subprocess.run(["convert", frames, "-quality", "85", "+adjoin",
                        os.path.join(scratch, "out-%d.jpg")], check=True)
        for offset, number in enumerate(numbers):
            encoded = open(os.path.join(scratch, f"out-{offset}.jpg"), "rb").read()
            data = encoded[:2] + metadata + encoded[2:]
            for path in (os.path.join(work, "photos", f"P{number:06d}-0.jpg"),
                         os.path.join(work, "pristine", f"P{number:06d}.jpg")):
                with open(path, "wb") as out:
                    out.write(data)
        for stale in glob.glob(os.path.join(scratch, "out-*.jpg")):
            os.unlink(stale)
    shutil.rmtree(scratch)


# ---- Running -------------------------------------------------------------------

def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def run(work, binaries, seconds, stride, seed):
    home = os.path.join(work, "home")
    environment = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
                       XDG_CACHE_HOME=os.path.join(home, "cache"), XDG_CONFIG_HOME=os.path.join(home, "config"),
                       XDG_STATE_HOME=os.path.join(home, "state"), GSETTINGS_BACKEND="memory")
    done = os.path.join(work, "churn.done")
    soak = subprocess.Popen([os.path.join(binaries, "lightbox-soak"), "run",
                             "--folder", os.path.join(work, "photos"), "--copies", os.path.join(work, "copies"),
                             "--moved", os.path.join(work, "moved"), "--journal", os.path.join(work, "app.jsonl"),
                             "--summary", os.path.join(work, "app-summary.json"), "--seconds", str(seconds),
                             "--stride", str(stride), "--churn-done", done], env=environment)
    churn_arguments = [sys.executable, os.path.join(ROOT, "scripts", "soak-churn.py"),
                       "--folder", os.path.join(work, "photos"), "--journal", os.path.join(work, "churn.jsonl"),
                       "--seconds", str(seconds), "--stride", str(stride)]
    if seed is not None:
        churn_arguments += ["--seed", str(seed)]
    churn = subprocess.Popen(churn_arguments, stdout=subprocess.PIPE, text=True)
    started = time.time()
    samples = []
    churn_counts = None
    deadline = started + seconds + 900
    while soak.poll() is None and time.time() < deadline:
        kib = rss_kib(soak.pid)
        if kib is not None:
            samples.append((time.time() - started, kib))
        if churn_counts is None and churn.poll() is not None:
            churn_counts = json.loads(churn.stdout.read() or "{}")
            open(done, "w").close()
        time.sleep(1)
    hung = soak.poll() is None
    if hung:
        soak.send_signal(signal.SIGABRT)
        soak.wait()
    if churn_counts is None:
        churn.wait()
        churn_counts = json.loads(churn.stdout.read() or "{}")
    return {"exit": soak.returncode, "hung": hung, "samples": samples, "churn": churn_counts,
            "seconds": time.time() - started}


# ---- Checking ------------------------------------------------------------------

def read_lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as lines:
        return [json.loads(line) for line in lines if line.strip()]


def number_of(path):
    match = NUMBERED.match(os.path.basename(path))
    return int(match.group(1)) if match else None


class Write:
    """One write to a photo, as the journals tell it: the interval it took
    effect in and, for each field, the value it set or KEEP. An optional
    one may have reached the photo or not (an exiftool write that ran as
    Lightbox moved the photo away: it landed on the old name, or before
    the move on the photo)."""

    def __init__(self, side, t0, t1, fields, optional=False):
        self.side, self.s, self.e, self.fields, self.optional = side, t0, t1, fields, optional


def possible(writes, field, initial, lo, hi, memo=None, busy=None):
    """The values `field` may have held at some instant between lo and hi.
    A write may be the last one before such an instant unless another
    certainly came after it (started after it ended) and certainly before
    the instant (ended before lo). A write that kept the field holds what
    it read while it ran: what may have been there during its interval
    (worked out once per write; a write met again while its own value is
    being worked out, through writes overlapping it, adds nothing)."""
    memo = {} if memo is None else memo
    busy = set() if busy is None else busy
    values = set()
    if not any(w.e < lo for w in writes):
        values.add(initial)
    for write in writes:
        if write.s > hi or id(write) in busy:
            continue
        if any(other is not write and other.s > write.e and other.e < lo for other in writes):
            continue
        value = write.fields[field]
        if value is not KEEP:
            values.add(value)
            continue
        if id(write) not in memo:
            busy.add(id(write))
            memo[id(write)] = possible(writes, field, initial, write.s, write.e, memo, busy)
            busy.discard(id(write))
        values |= memo[id(write)]
    return values


def check(work, run_result, photos, stride):
    problems, notes = [], []
    app = read_lines(os.path.join(work, "app.jsonl"))
    churn = read_lines(os.path.join(work, "churn.jsonl"))
    summary_path = os.path.join(work, "app-summary.json")
    summary = json.load(open(summary_path)) if os.path.exists(summary_path) else {}
    folders = {kind: os.path.join(work, kind) for kind in ("photos", "moved", "copies")}

    # What each side did.
    by_number = {}
    for entry in app:
        number = number_of(entry["path"])
        if number is not None:
            by_number.setdefault(number, {"app": [], "churn": []})["app"].append(entry)
    for entry in churn:
        by_number.setdefault(entry["number"], {"app": [], "churn": []})["churn"].append(entry)

    # What is there: every file of the three folders, and the app's own look at each.
    verified = subprocess.run([os.path.join(run_result["binaries"], "lightbox-soak"), "verify",
                               "--pristine", os.path.join(work, "pristine"), "--out",
                               os.path.join(work, "verify.jsonl"), *folders.values()], check=False)
    if verified.returncode != 0:
        problems.append("lightbox-soak verify failed")
    looked = {line["path"]: line for line in read_lines(os.path.join(work, "verify.jsonl"))}
    tags = {}
    listing = subprocess.run(["exiftool", "-j", "-n", "-q", "-XMP-xmp:Rating", "-EXIF:Orientation",
                              "-EXIF:ImageDescription", *folders.values()], capture_output=True, text=True)
    for item in json.loads(listing.stdout or "[]"):
        tags[os.path.abspath(item["SourceFile"])] = item

    files = {kind: sorted(os.listdir(folder)) for kind, folder in folders.items()}
    leftovers, unknown = [], []
    found = {}  # number -> [(kind, path)]
    checked = 0
    for kind, names in files.items():
        for name in names:
            path = os.path.join(folders[kind], name)
            if name.startswith(".") or "_exiftool_tmp" in name:
                leftovers.append(path)
                continue
            number = number_of(name)
            if number is None or number >= photos:
                unknown.append(path)
                continue
            checked += 1
            found.setdefault(number, []).append((kind, path))
            seen = looked.get(path)
            if not seen or not seen.get("decodes"):
                problems.append(f"does not decode: {path} ({seen and seen.get('error')})")
            elif seen.get("sameImageData") is not True:
                problems.append(f"image data changed: {path}")
    ours = [path for path in leftovers if ".lightbox-" in path]
    theirs = [path for path in leftovers if path not in ours]
    for path in ours:
        problems.append(f"Lightbox's temporary left behind: {path}")
    for path in theirs:
        notes.append(f"exiftool's temporary left behind (the other program's): {path}")
    for path in unknown:
        problems.append(f"unknown file: {path}")

    lost, strays_ours, strays_theirs = [], [], []
    ambiguous = 0
    reconciled = 0
    conflicts = {"conflict": 0, "gone": 0, "transient": 0, "failed": 0}
    for entry in app:
        if entry["op"] in ("rate", "rotate") and entry["outcome"] in conflicts:
            conflicts[entry["outcome"]] += 1
    for number in range(photos):
        events = by_number.get(number, {"app": [], "churn": []})
        churned = sorted((e for e in events["churn"] if e["ok"]), key=lambda e: e["t0"])
        deleted = [e for e in churned if e["op"] == "delete"]
        renames = [e for e in churned if e["op"] == "rename"]
        moves = [e for e in events["app"] if e["op"] == "move" and e["outcome"] == "ok"]
        copies = [e for e in events["app"] if e["op"] == "copy" and e["outcome"] == "ok"]
        here = found.get(number, [])
        originals = [(kind, path) for kind, path in here if kind != "copies"]
        copied = [path for kind, path in here if kind == "copies"]
        # Where it should be. Lightbox's move is the photo's last step:
        # the other program may still act on a name it had (see below),
        # but not on the photo, which is no longer in its folder.
        if moves:
            expected = moves[-1]["to"]
        elif deleted:
            expected = None
        else:
            expected = renames[-1]["to"] if renames else os.path.join(folders["photos"], f"P{number:06d}-0.jpg")
        paths = [path for _, path in originals]
        if expected and expected not in paths:
            lost.append(f"P{number:06d}: expected at {expected}, found {paths or 'nothing'}")
        for path in paths:
            if path == expected:
                continue
            # A second copy under a name the photo had: who made it? A
            # write by exiftool finishing after Lightbox moved the photo
            # away brings the name back, with that write's token in it
            # (the churn, not knowing, may go on renaming and rewriting it).
            token = tags.get(path, {}).get("ImageDescription")
            moved_at = min((e["t0"] for e in moves), default=None)
            if moved_at is not None and any(e.get("token") == token and e["t1"] >= moved_at for e in churned):
                strays_theirs.append(path)
            else:
                strays_ours.append(path)
        if len(copied) != len(copies):
            problems.append(f"P{number:06d}: {len(copies)} copies made, {len(copied)} in copies/")
        # Metadata: the last write wins, whoever made it.
        writes = []
        for entry in events["app"]:
            if entry["op"] == "rate" and entry["outcome"] == "ok":
                writes.append(Write("app", entry["t0"], entry["t1"],
                                    {"rating": entry["value"], "orientation": KEEP, "token": KEEP}))
            elif entry["op"] == "rotate" and entry["outcome"] == "ok":
                writes.append(Write("app", entry["t0"], entry["t1"],
                                    {"rating": KEEP, "orientation": entry["value"], "token": KEEP}))
        # After Lightbox's move the churn's writes went to a name the
        # photo no longer had.
        moved_by = moves[-1]["t1"] if moves else INF
        moving = moves[-1]["t0"] if moves else INF
        for entry in churned:
            if entry["t0"] > moved_by:
                continue
            optional = entry["t1"] >= moving
            if entry["op"] == "rate":
                writes.append(Write("churn", entry["t0"], entry["t1"],
                                    {"rating": entry["value"], "orientation": KEEP, "token": entry["token"]},
                                    optional))
            elif entry["op"] == "rewrite":
                writes.append(Write("churn", entry["t0"], entry["t1"],
                                    {"rating": KEEP, "orientation": KEEP, "token": entry["token"]}, optional))
        optional = [write for write in writes if write.optional]
        variants = []
        for mask in range(1 << min(len(optional), 4)):
            dropped = {id(write) for bit, write in enumerate(optional[:4]) if mask >> bit & 1}
            variants.append([write for write in writes if id(write) not in dropped])
        initial = {"rating": None, "orientation": 1, "token": "init"}
        snapshots = [(path, INF, INF) for path in paths if path == expected]
        for entry in copies:
            snapshots.append((entry["to"], entry["t0"], entry["t1"]))
        for path, lo, hi in snapshots:
            if path not in tags:
                continue
            reconciled += 1
            have = {"rating": tags[path].get("Rating"), "orientation": tags[path].get("Orientation"),
                    "token": tags[path].get("ImageDescription")}
            for field in ("rating", "orientation", "token"):
                allowed = set()
                for variant in variants:
                    allowed |= possible(variant, field, initial[field], lo, hi)
                if len(allowed) > 1 and field == "rating":
                    ambiguous += 1
                if have[field] not in allowed:
                    problems.append(f"{path}: {field} is {have[field]!r}, but the last write to it left "
                                    f"{sorted(map(repr, allowed))}")
    for text in lost:
        problems.append(f"lost: {text}")
    for path in strays_ours:
        problems.append(f"stray copy under an old name: {path}")
    for path in strays_theirs:
        notes.append(f"stray copy made by exiftool (its write ended after Lightbox moved the photo): {path}")

    # The list against the files, once everything settled (informational:
    # the index compares times in whole seconds, so a rating another tool
    # changed within the same second at the same size goes unseen).
    shows = summary.get("listShows", {})
    disagree = 0
    for name, (rating, orientation) in shows.items():
        path = os.path.join(folders["photos"], name)
        if path in tags and (tags[path].get("Rating") or 0) != rating:
            disagree += 1

    # Renames and deletions made while Lightbox's first load ran, before
    # its folder was watched (as the app's window watches it): the list
    # learns of them only from the next load.
    before_watch = [entry["op"] for entry in churn if entry["ok"] and entry["op"] in ("rename", "delete")
                    and summary.get("startedAt", 0) <= entry["t0"] <= summary.get("watchedFrom", 0)]
    during_load = len(before_watch)
    # The list must hold what the folder holds. The one difference allowed
    # is what changed before the folder was watched, which only the next
    # load can see: a rename there leaves one name missing and one extra,
    # a deletion one extra. Anything more is a photo the list lost or kept.
    explained = 2 * before_watch.count("rename") + before_watch.count("delete")
    differences = summary.get("listMissingCount", 0) + summary.get("listExtraCount", 0)
    if "listMissingCount" not in summary or differences > explained:
        problems.append(f"the list disagrees with the folder: {summary.get('listMissingCount', '?')} missing "
                        f"{summary.get('listMissing', [])[:5]}, {summary.get('listExtraCount', '?')} extra "
                        f"{summary.get('listExtra', [])[:5]}; changes made before the folder was watched "
                        f"explain {explained}")
    return {"problems": problems, "notes": notes, "checked": checked, "reconciled": reconciled,
            "during_load": during_load,
            "ambiguous": ambiguous, "conflicts": conflicts, "strays_theirs": len(strays_theirs),
            "exiftool_temporaries": len(theirs), "list_disagrees": disagree, "summary": summary,
            "files": {kind: len(names) for kind, names in files.items()}}


def memory_verdict(samples, driven_seconds):
    """Bounded memory: after the first quarter (the folder loaded, caches
    filled), the working set must stay flat. The last quarter's average
    may exceed the second quarter's by at most 20 % and 16 MiB: 20 % of
    the ~100 MiB the soak holds over ten minutes of ~15,000 operations is
    over a kilobyte kept per operation, a leak; the 16 MiB floor keeps
    the allocator's own ups and downs from failing a small heap."""
    driven = [(t, kib) for t, kib in samples if t <= driven_seconds] or samples
    if len(driven) < 8:
        return {"ok": True, "note": "too few samples"}
    end = driven[-1][0]
    q2 = [kib for t, kib in driven if end * 0.25 <= t < end * 0.5]
    q4 = [kib for t, kib in driven if t >= end * 0.75]
    # The first sample once the program is running (the one taken at its
    # exec holds nothing yet).
    first = next((kib for t, kib in samples if t >= 2), samples[0][1])
    peak, last = max(kib for _, kib in samples), samples[-1][1]
    a2, a4 = statistics.mean(q2), statistics.mean(q4)
    grew = a4 > a2 * 1.20 and a4 - a2 > 16 * 1024
    return {"ok": not grew, "firstMiB": first / 1024, "maxMiB": peak / 1024, "lastMiB": last / 1024,
            "q2MiB": a2 / 1024, "q4MiB": a4 / 1024, "growth": a4 / a2 - 1}


def main():
    seconds = env("SOAK_SECONDS", 600)
    photos = env("SOAK_PHOTOS", 10000)
    drive = env("SOAK_DRIVE", min(1000, photos))
    work = os.path.abspath(env("SOAK_DIR", os.path.join(ROOT, ".build", "soak")))
    binaries = os.path.abspath(env("SOAK_BIN", os.path.join(ROOT, ".build", "debug")))
    seed = os.environ.get("SOAK_SEED") or None
    stride = max(1, photos // max(1, drive))
    for tool in ("exiftool", "convert"):
        if not shutil.which(tool):
            sys.exit(f"soak: {tool} is missing: run scripts/install-deps.sh --test")
    for program in ("lightbox-soak", "lightbox-decoder"):
        if not os.access(os.path.join(binaries, program), os.X_OK):
            sys.exit(f"soak: {binaries}/{program} is missing: build it first (make soak does)")

    shutil.rmtree(work, ignore_errors=True)
    for folder in ("photos", "pristine", "copies", "moved", "home"):
        os.makedirs(os.path.join(work, folder))
    log(f"soak: making {photos} photos in {work}/photos")
    began = time.time()
    generate(work, photos)
    log(f"soak: made in {time.time() - began:.1f} s; Lightbox acts on {photos // stride} "
        f"(every {stride}th) for {seconds} s while the churn changes the folder")
    result = run(work, binaries, seconds, stride, seed)
    result["binaries"] = binaries
    log(f"soak: run over after {result['seconds']:.0f} s (lightbox-soak exit {result['exit']}"
        f"{', hung: killed' if result['hung'] else ''}); checking")
    verdict = check(work, result, photos, stride)
    summary = verdict["summary"]
    driven = summary.get("drivenSeconds", seconds)
    memory = memory_verdict(result["samples"], driven)
    final = summary.get("finalChecks", {})
    beat = summary.get("heartbeat", {})
    journal = summary.get("journal", {})
    churn = result["churn"] or {}

    log("")
    log("== Soak summary ==")
    log(f"photos: {photos}; driven by Lightbox: {photos // stride}; ran {driven:.0f} s "
        f"(both cores shared with other work: the figures are what they are)")
    log(f"Lightbox: {summary.get('actionsTotal', 0)} actions {json.dumps(summary.get('actions', {}), sort_keys=True)}")
    log(f"Lightbox file writes: {json.dumps(journal, sort_keys=True)}")
    log(f"Lightbox thumbnails: {json.dumps(summary.get('thumbnails', {}), sort_keys=True)}; "
        f"folder changes applied: {summary.get('folderChangesApplied', 0)}")
    log(f"other process (exiftool, rename, unlink): {json.dumps(churn, sort_keys=True)}")
    conflicts = verdict["conflicts"]
    log(f"conflicts met by Lightbox: {conflicts['conflict']} writes refused (moved or replaced meanwhile), "
        f"{conflicts['transient']} written in place meanwhile (left for later), "
        f"{conflicts['gone']} photos gone before the write, {conflicts['failed']} other failures")
    log(f"files checked: {verdict['checked']} ({json.dumps(verdict['files'], sort_keys=True)}); "
        f"metadata reconciled: {verdict['reconciled']} (ratings with overlapping writers: {verdict['ambiguous']})")
    log(f"the other program's own leftovers: {verdict['strays_theirs']} stray copies, "
        f"{verdict['exiftool_temporaries']} exiftool temporaries")
    log(f"list vs folder before the final reload: {summary.get('listMissingCount', '?')} missing, "
        f"{summary.get('listExtraCount', '?')} extra (renames and deletions made during the first load, "
        f"before the folder was watched: {verdict['during_load']}); ratings shown that the file does not "
        f"state: {verdict['list_disagrees']}")
    log(f"alive at the end: {final.get('alive')} (reload {final.get('reloadSeconds', 0):.2f} s, "
        f"{final.get('reloadCount')} photos; a rating written in {final.get('finalRatingSeconds', 0):.2f} s; "
        f"a photo decoded in {final.get('finalDecodeSeconds', 0):.2f} s); main actor lateness: median "
        f"{beat.get('medianMs', 0):.1f} ms, p99 {beat.get('p99Ms', 0):.1f} ms, max {beat.get('maxMs', 0):.0f} ms "
        f"over {beat.get('beats', 0)} beats")
    if "firstMiB" in memory:
        log(f"memory (VmRSS of lightbox-soak): first {memory['firstMiB']:.0f} MiB, max {memory['maxMiB']:.0f} MiB, "
            f"last {memory['lastMiB']:.0f} MiB; 2nd quarter {memory['q2MiB']:.0f} MiB, last quarter "
            f"{memory['q4MiB']:.0f} MiB ({memory['growth'] * 100:+.1f} %): {'bounded' if memory['ok'] else 'GROWING'}")
    for note in verdict["notes"][:20]:
        log(f"note: {note}")
    problems = list(verdict["problems"])
    if result["hung"] or result["exit"] != 0 or not final.get("alive"):
        problems.append(f"Lightbox's side was not alive and responsive at the end (exit {result['exit']}, "
                        f"hung {result['hung']}, checks {final})")
    if not memory["ok"]:
        problems.append("memory grew without bound")
    if problems:
        log(f"LOST OR BROKEN ({len(problems)}):")
        for problem in problems[:100]:
            log(f"  {problem}")
        return 1
    log("nothing lost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
