#!/usr/bin/env python3
"""The other program of `make soak` (scripts/soak.py starts it).

For SECONDS it renames, deletes, rewrites and re-rates photos in FOLDER,
as a person's other tools would while Lightbox has the folder open:
exiftool (one long-lived `-stay_open` process, so a write costs
milliseconds, not a Perl start) re-rates a photo (XMP-xmp:Rating) or
rewrites it without touching its rating (EXIF ImageDescription), each
write leaving a token of its own in ImageDescription; os.rename gives a
photo a new name (its number stays: "P000120-7.jpg"), os.unlink deletes
one. exiftool saves through a new file renamed over the photo; now and
then it writes in place instead (-overwrite_original_in_place), keeping
the file's inode, as some tools do.

Every step is journaled, one JSON line each, with the wall-clock interval
it took effect in (t0, t1) and whether it worked. Most steps go to the
photos Lightbox acts on (number a multiple of STRIDE), so the two meet.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time

NAME = re.compile(r"^P(\d{6})-(\d+)\.jpg$")


class ExifTool:
    """exiftool -stay_open: one command at a time, answered by {ready}."""

    def __init__(self):
        self.process = subprocess.Popen(
            ["exiftool", "-stay_open", "True", "-@", "-"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, bufsize=1)

    def run(self, arguments):
        for argument in arguments + ["-execute"]:
            self.process.stdin.write(argument + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("exiftool stopped")
            if line.strip() == "{ready}":
                return "".join(lines)
            lines.append(line)

    def close(self):
        try:
            self.process.stdin.write("-stay_open\nFalse\n")
            self.process.stdin.flush()
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", required=True)
    parser.add_argument("--journal", required=True)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--stride", type=int, default=10)
    parser.add_argument("--seed", type=int, default=None)
    options = parser.parse_args()
    rng = random.Random(options.seed)

    # Where each photo is, as far as this process knows: its own renames
    # keep this current; Lightbox's moves take photos away unseen, found
    # out when a step meets ENOENT.
    names = {}
    for name in os.listdir(options.folder):
        match = NAME.match(name)
        if match:
            names[int(match.group(1))] = name
    driven = [number for number in names if number % options.stride == 0]
    generation = 1 + max((int(NAME.match(name).group(2)) for name in names.values()), default=0)
    exiftool = ExifTool()
    journal = open(options.journal, "w", buffering=1)
    counts = {}
    token = 0
    deadline = time.time() + options.seconds

    def record(entry):
        journal.write(json.dumps(entry, sort_keys=True) + "\n")
        key = f"{entry['op']} {'ok' if entry['ok'] else 'failed'}"
        counts[key] = counts.get(key, 0) + 1

    while time.time() < deadline:
        pool = driven if rng.random() < 0.6 else list(names)
        pool = [number for number in pool if number in names]
        if not pool:
            break
        number = rng.choice(pool)
        name = names[number]
        path = os.path.join(options.folder, name)
        roll = rng.random()
        if roll < 0.33:
            # Re-rate: a rating of its own, and a token.
            token += 1
            stars = rng.randint(-1, 5)
            t0 = time.time()
            out = exiftool.run(["-overwrite_original", f"-XMP-xmp:Rating={stars}",
                                f"-EXIF:ImageDescription=c{token}", path])
            t1 = time.time()
            ok = "1 image files updated" in out
            record({"op": "rate", "number": number, "path": path, "value": stars, "token": f"c{token}",
                    "t0": t0, "t1": t1, "ok": ok, "out": out.strip()[:200]})
        elif roll < 0.50:
            # Rewrite: other metadata, the rating left as it reads it.
            token += 1
            in_place = rng.random() < 0.15
            t0 = time.time()
            out = exiftool.run(["-overwrite_original_in_place" if in_place else "-overwrite_original",
                                f"-EXIF:ImageDescription=c{token}", f"-XMP-dc:Description=churn {token}", path])
            t1 = time.time()
            ok = "1 image files updated" in out
            record({"op": "rewrite", "number": number, "path": path, "token": f"c{token}", "inPlace": in_place,
                    "t0": t0, "t1": t1, "ok": ok, "out": out.strip()[:200]})
        elif roll < 0.97:
            new_name = f"P{number:06d}-{generation}.jpg"
            generation += 1
            target = os.path.join(options.folder, new_name)
            t0 = time.time()
            try:
                os.rename(path, target)
                ok, error = True, None
            except OSError as failure:
                ok, error = False, failure.strerror
            t1 = time.time()
            record({"op": "rename", "number": number, "path": path, "to": target, "t0": t0, "t1": t1,
                    "ok": ok, "error": error})
            if ok:
                names[number] = new_name
        else:
            t0 = time.time()
            try:
                os.unlink(path)
                ok, error = True, None
            except OSError as failure:
                ok, error = False, failure.strerror
            t1 = time.time()
            record({"op": "delete", "number": number, "path": path, "t0": t0, "t1": t1, "ok": ok, "error": error})
            if ok:
                del names[number]
        if not os.path.exists(os.path.join(options.folder, names.get(number, name))):
            # Lightbox moved it away (or it was just deleted): forget it.
            names.pop(number, None)
        time.sleep(rng.uniform(0.0, 0.03))

    exiftool.close()
    journal.close()
    print(json.dumps(counts, sort_keys=True))


if __name__ == "__main__":
    sys.exit(main())
