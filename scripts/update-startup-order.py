#!/usr/bin/env python3
"""Writes Resources/link/startup-order.txt: the functions of the release build that
run while Lightbox starts and shows a folder, in the order they first run.

    make build && python3 scripts/update-startup-order.py

The linker places these first (`--symbol-ordering-file`, see the Makefile),
so start-up touches a few hundred contiguous kilobytes of code instead of
pages spread over 18 MB, each of which the kernel maps with its neighbours
(Tools/Bench/README.md, "Where an empty window's memory goes"). A name the code no
longer has is passed over by the linker, so a stale list costs memory, not
correctness: run this again after large changes.

Needs valgrind (callgrind) and xvfb-run. Runs the app twice under callgrind,
on an empty folder and on Resources/samples, with a fresh HOME each time.
"""
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "lightbox")
OUTPUT = os.path.join(ROOT, "Resources", "link", "startup-order.txt")
SECONDS = 60  # under callgrind, start-up and a first screen take about 20 s


def profile(work, binary, folder, name):
    """Function names callgrind saw run in `binary`, in first-seen order."""
    home = os.path.join(work, "home-" + name)
    for sub in ("config", "data", "cache", "state"):
        os.makedirs(os.path.join(home, sub))
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/config", XDG_DATA_HOME=home + "/data",
               XDG_CACHE_HOME=home + "/cache", XDG_STATE_HOME=home + "/state", GSETTINGS_BACKEND="memory",
               NO_AT_BRIDGE="1", GSK_RENDERER="cairo",
               GSETTINGS_SCHEMA_DIR=os.path.join(ROOT, ".build", "schemas"))
    out = os.path.join(work, f"callgrind-{name}.out")
    app = subprocess.Popen(["valgrind", "--tool=callgrind", "--dump-instr=no", "--demangle=no",
                            "--compress-strings=no", "--compress-pos=no", f"--callgrind-out-file={out}",
                            binary, folder], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(SECONDS)
    app.terminate()
    try:
        app.wait(20)
    except subprocess.TimeoutExpired:
        app.kill()
        app.wait()
    names, seen, in_binary = [], set(), False
    with open(out, errors="replace") as dump:
        for line in dump:
            if line.startswith("ob="):
                in_binary = os.path.basename(line[3:].strip()) == os.path.basename(binary)
            elif line.startswith("fn=") and in_binary:
                function = line[3:].strip()
                if function not in seen:
                    seen.add(function)
                    names.append(function)
    return names


def main():
    if len(sys.argv) == 1 and not os.environ.get("DISPLAY"):
        # Again, inside a virtual X server and a D-Bus session of its own,
        # whose services (GTK starts the document portal) end with it.
        sys.exit(subprocess.call(["dbus-run-session", "--", "xvfb-run", "-a", "-s",
                                  "-screen 0 1280x1024x24 -nolisten tcp -noreset",
                                  sys.executable, os.path.abspath(__file__), "--in-x"]))
    for tool in ("valgrind", "nm", "strip"):
        if not shutil.which(tool):
            sys.exit(f"update-startup-order: {tool} is missing (scripts/install-deps.sh --bench installs valgrind)")
    if not os.path.exists(BINARY):
        sys.exit("update-startup-order: no release build: run `make build` first")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as work:
        # valgrind cannot read the Swift toolchain's debug information; the
        # symbol table is all it needs.
        binary = os.path.join(work, "lightbox")
        subprocess.run(["strip", "--strip-debug", "-o", binary, os.path.realpath(BINARY)], check=True)
        for helper in ("lightbox-decoder",):
            source = os.path.join(os.path.dirname(os.path.realpath(BINARY)), helper)
            if os.path.exists(source):
                shutil.copy2(source, work)
        empty = os.path.join(work, "empty")
        os.makedirs(empty)
        names = profile(work, binary, empty, "empty")
        names += profile(work, binary, os.path.join(ROOT, "Resources", "samples"), "samples")
        # A name defined more than once (a file-local helper) would pull
        # every copy, wherever it lies, into the ordered part.
        defined = collections.Counter(
            line.split()[-1] for line in subprocess.run(["nm", "--defined-only", binary], check=True,
                                                        capture_output=True, text=True).stdout.splitlines()
            if len(line.split()) == 3)
        ordered = list(dict.fromkeys(name for name in names if defined[name] == 1))
        with open(OUTPUT, "w") as out:
            out.write("\n".join(ordered) + "\n")
    print(f"update-startup-order: {len(ordered)} functions in {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
