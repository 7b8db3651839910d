"""Record what Orca says for everyday jobs done with the keyboard alone, as a Markdown report.

    Tests/Orca/run.sh --transcript OUT.md [JOB ...]

Not a test: nothing is asserted. Each job gets a fresh sandbox, speech-dispatcher, Orca and Lightbox
(on a folder of six sample photos); after each step the recorder waits until Orca has been quiet for
QUIET seconds (ORCA_TRANSCRIPT_QUIET, default 1.5) and writes down every utterance since the step.
Run it before and after changing what the app tells assistive technologies, and compare.
"""
import os
import sys
import traceback

import lightbox_a11y as a11y
from orca_speech import OrcaSession, make_sample_folder

QUIET = float(os.environ.get("ORCA_TRANSCRIPT_QUIET", "1.5"))

# A job: (name, what it shows, steps). A step: ("launch"[, "orca_first"]) | ("press", keys[, window])
# | ("type", text[, window]) | ("menu", item): F10, then Down until the focus is on the main menu's
# item whose name starts with `item` (one row for the whole walk). Keys go to the focused window
# unless a window title is given.
JOBS = [
    ("launch", "Start the app with Orca already running, as a person would (five times: it is racy).",
     [("launch", "orca_first")]),
    ("grid", "Walk the grid with the arrow keys (app started before Orca: see orca_speech.py).", [
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
        ("press", "ctrl+a BackSpace"),
        ("type", "zzz"),
        ("press", "Return"),
        ("press", "Escape"),
        ("press", "ctrl+f"),
    ]),
    ("filter", "Reach the rating filter menu with the keyboard and choose an item.", [
        ("launch",),
        ("press", "Return"), ("press", "4"), ("press", "Escape"),
        ("press", "F6"),
        ("press", "Tab"), ("press", "Tab"), ("press", "Tab"),
        ("press", "shift+Tab"),
        ("press", "space"),
        ("press", "Down"), ("press", "Down"), ("press", "Down"), ("press", "Down"),
        ("press", "Return"),
        ("press", "space"), ("press", "Up"), ("press", "Up"), ("press", "Up"), ("press", "Up"),
        ("press", "Return"),
        ("press", "F6"),
        ("press", "F10"),
        ("press", "Escape"),
    ]),
    ("profile", "Open the profile window from the main menu (F10, Down to Edit Profile…, Return), move "
     "around it, edit, enter an invalid then a valid name, save.", [
        ("launch",),
        ("menu", "Edit Profile"), ("press", "Return"),
        ("press", "Tab"), ("press", "Tab"), ("press", "Tab"),
        ("press", "shift+Tab"), ("press", "shift+Tab"),
        ("press", "Return"),
        ("press", "Tab"), ("press", "Tab"),
        ("press", "shift+Tab"), ("press", "shift+Tab"),
        ("press", "ctrl+a BackSpace"),
        ("press", "ctrl+s"),
        ("type", "Zoe"),
        ("press", "ctrl+s"),
        ("press", "Tab"),
        ("press", "ctrl+w"),
    ]),
    ("ctrl-comma", "Ctrl+, (it opened the profile until the preferences window came), Tab around, close.", [
        ("launch",),
        ("press", "ctrl+comma"),
        ("press", "Tab"), ("press", "Tab"), ("press", "Tab"),
        ("press", "shift+Tab"),
        ("press", "Escape"),
        ("press", "ctrl+w"),
    ]),
    ("quit", "Quit with Ctrl+Q.", [
        ("launch",),
        ("press", "ctrl+q"),
    ]),
]
LAUNCH_REPEATS = int(os.environ.get("ORCA_TRANSCRIPT_LAUNCHES", "5"))


def run_job(name, summary, steps, out, heading=True):
    sandbox = a11y.Sandbox(f"transcript-{name}")
    folder = make_sample_folder(sandbox.path("Holidays"))
    session = OrcaSession(sandbox)
    if heading:
        out.write(f"\n## {name}: {summary}\n\n")
    rows = []
    try:
        for step in steps:
            kind = step[0]
            if kind == "launch":
                orca_first = "orca_first" in step
                session.launch(folder, orca_first=orca_first)
                label = "start `lightbox Holidays` (6 photos)" + (
                    " with Orca running" if orca_first else "; then start Orca")
            elif kind == "menu":
                session.press("F10")
                for _ in range(15):
                    node = session.focused_node()
                    if a11y.role(node) == "menu item" and a11y.plain_name(node.name).startswith(step[1]):
                        break
                    session.press("Down")
                    session.orca.wait_quiet(0.3, timeout=5)
                label = f"`F10`, `Down` to “{step[1]}…”"
            elif kind in ("press", "type"):
                window = step[2] if len(step) > 2 else None
                if kind == "press":
                    session.press(step[1], window)
                    label = " ".join(f"`{k}`" for k in step[1].split())
                else:
                    session.type(step[1], window)
                    label = f"type `{step[1]}`"
                label += f" in “{session.keys.last_where or 'no window'}”"
            said = session.orca.wait_quiet(QUIET, timeout=15)
            rows.append((label, said, session.focused()))
    except Exception:  # noqa: BLE001 - record what happened, go on with the next job
        rows.append(("**the recorder failed here**", [], ""))
        out.write("```\n" + traceback.format_exc() + "```\n\n")
    finally:
        session.close()
    out.write("| # | keys | Orca says (in order; *echo* = key echo) | focus afterwards (AT-SPI) |\n"
              "|---|---|---|---|\n")
    for i, (label, said, focus) in enumerate(rows, 1):
        text = "<br>".join(("*echo* " if u.kind == "echo" else "") + f"“{u.text}”" for u in said) \
            or "*(silence)*"
        out.write(f"| {i} | {label} | {text.replace('|', '∣')} | {focus.replace('|', '∣')} |\n")
    out.write(f"\nFull timed transcript: `{sandbox.path('transcript.txt')}`\n\n")
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
                repeats = LAUNCH_REPEATS if name == "launch" else 1
                for i in range(repeats):
                    run_job(name, summary, steps, out, heading=i == 0)
    print(f"transcript: written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
