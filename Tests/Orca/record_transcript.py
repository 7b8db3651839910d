"""Record what Orca says for everyday jobs done with the keyboard alone, as a Markdown report.

    Tests/Orca/run.sh --transcript OUT.md [JOB ...]

Not a test: nothing is asserted. Each job gets a fresh sandbox, speech-dispatcher, Orca and Lightbox
(on a folder of six sample photos); after each step the recorder waits until Orca has been quiet for
QUIET seconds (ORCA_TRANSCRIPT_QUIET, default 1.5) and writes down every utterance since the step.
Run it before and after changing what the app tells assistive technologies, and compare.
"""
import os
import shutil
import sys
import time
import traceback

import orca_speech
from orca_speech import OrcaSession
import lightbox_a11y as a11y

QUIET = float(os.environ.get("ORCA_TRANSCRIPT_QUIET", "1.5"))
SAMPLES = ["alpine-lake", "beach-morning", "dunes-at-dusk", "lavender-field", "misty-forest",
           "rolling-hills"]

# A job: (name, what it shows, steps). A step: ("press", keys[, window]) | ("type", text[, window])
# | ("launch",) | ("wait", seconds, why) - the last only where a person would wait too. Keys go to the
# focused window unless a window title is given.
JOBS = [
    ("open", "Open the app on a folder of six photos, then walk the grid with the arrow keys.", [
        ("launch",),
        ("press", "Right"), ("press", "Right"), ("press", "Down"), ("press", "Left"),
        ("press", "Up"), ("press", "End"), ("press", "Home"),
    ]),
    ("photo", "Open a photo, rate it, step through photos, close the window (Escape, Ctrl+W).", [
        ("launch",),
        ("press", "Return"),
        ("press", "3"), ("press", "5"), ("press", "1"), ("press", "2"), ("press", "4"),
        ("press", "0"),
        ("press", "Right"), ("press", "Right"), ("press", "Left"),
        ("press", "Escape"),
        ("press", "Right"), ("press", "Return"),
        ("press", "ctrl+w"),
    ]),
    ("search", "Search with Ctrl+F, type, hear the count, open a result, search for nothing.", [
        ("launch",),
        ("press", "ctrl+f"),
        ("type", "l"), ("type", "ake"),
        ("press", "Return"),
        ("press", "ctrl+w"),
        ("press", "ctrl+f"),
        ("press", "ctrl+a BackSpace"),
        ("type", "zzz"),
        ("press", "Escape"),
        ("press", "Escape"),
    ]),
    ("filter", "Reach the rating filter menu with the keyboard and choose an item.", [
        ("launch",),
        ("press", "F6"),
        ("press", "Tab"), ("press", "Tab"), ("press", "Tab"),
        ("press", "shift+Tab"),
        ("press", "space"),
        ("press", "Down"), ("press", "Down"),
        ("press", "Return"),
        ("press", "F10"),
        ("press", "Escape"),
    ]),
    ("profile", "Open the profile window, move around it, edit, enter an invalid then a valid name.", [
        ("launch",),
        ("press", "ctrl+comma"),
        ("press", "Tab"), ("press", "Tab"), ("press", "Tab"),
        ("press", "shift+Tab"),
        ("press", "Return"),
        ("press", "Tab"), ("press", "Tab"),
        ("press", "shift+Tab"),
        ("press", "ctrl+a BackSpace"),
        ("press", "ctrl+s"),
        ("type", "Zoe"),
        ("press", "ctrl+s"),
        ("press", "ctrl+w"),
    ]),
    ("quit", "Quit with Ctrl+Q.", [
        ("launch",),
        ("press", "ctrl+q"),
    ]),
]


def make_folder(root):
    os.makedirs(root)
    for name in SAMPLES:
        shutil.copy(os.path.join(a11y.REPO, "Resources", "samples", name + ".jpg"), root)


def run_job(name, summary, steps, out):
    sandbox = a11y.Sandbox(f"transcript-{name}")
    folder = sandbox.path("Holidays")
    make_folder(folder)
    session = OrcaSession(sandbox).start()
    out.write(f"\n## {name}: {summary}\n\n")
    rows = []
    try:
        for step in steps:
            kind = step[0]
            if kind == "launch":
                session.launch(folder)
                label = "start `lightbox Holidays` (6 photos)"
            elif kind in ("press", "type"):
                window = step[2] if len(step) > 2 else None
                if kind == "press":
                    session.press(step[1], window)
                    label = " ".join(f"`{k}`" for k in step[1].split())
                else:
                    session.type(step[1], window)
                    label = f"type `{step[1]}`"
                label += f" in “{session.keys.last_where or 'no window'}”"
            elif kind == "wait":
                time.sleep(step[1])
                label = f"wait {step[1]} s ({step[2]})"
            said = session.orca.wait_quiet(QUIET, timeout=15)
            rows.append((label, said))
    except Exception:  # noqa: BLE001 - record what happened, go on with the next job
        rows.append(("**the recorder failed here**", []))
        out.write("```\n" + traceback.format_exc() + "```\n\n")
    finally:
        session.close()
    out.write("| # | keys | Orca says (in order; *echo* = key echo) |\n|---|---|---|\n")
    for i, (label, said) in enumerate(rows, 1):
        text = "<br>".join(("*echo* " if u.kind == "echo" else "") + f"“{u.text}”" for u in said) \
            or "*(silence)*"
        out.write(f"| {i} | {label} | {text.replace('|', '∣')} |\n")
    out.write(f"\nFull timed transcript: `{sandbox.path('transcript.txt')}`\n")
    out.flush()


def main(argv):
    path, wanted = argv[1], argv[2:]
    with open(path, "w", encoding="utf-8") as out:
        out.write("# What Orca says in Lightbox (recorded)\n\n"
                  f"Binary: `{a11y.lightbox_bin()}`; Orca 43 (Debian), default settings but braille off; "
                  f"a step ends when Orca has been quiet for {QUIET:g} s.\n")
        for name, summary, steps in JOBS:
            if not wanted or name in wanted:
                print(f"transcript: {name}", flush=True)
                run_job(name, summary, steps, out)
    print(f"transcript: written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
