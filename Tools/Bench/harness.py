"""Running programs for the benchmark: isolated XDG homes, the milestone
events Lightbox writes to stderr (LIGHTBOX_BENCH_EVENTS=1), statistics,
and the versions of the tools measured."""
import json
import os
import platform
import queue
import re
import shutil
import signal
import statistics
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def now_ms():
    """CLOCK_MONOTONIC in milliseconds: the clock the app stamps events with."""
    return time.clock_gettime(time.CLOCK_MONOTONIC) * 1000


class Home:
    """A private HOME with its own XDG folders, under `base`."""

    def __init__(self, base, name):
        self.path = os.path.join(base, name)
        shutil.rmtree(self.path, ignore_errors=True)
        for sub in ("config", "data", "cache", "state"):
            os.makedirs(os.path.join(self.path, sub), mode=0o700)

    def folder(self, sub):
        return os.path.join(self.path, sub)

    def env(self, **extra):
        env = dict(os.environ)
        env.update(HOME=self.path, XDG_CONFIG_HOME=self.folder("config"), XDG_DATA_HOME=self.folder("data"),
                   XDG_CACHE_HOME=self.folder("cache"), XDG_STATE_HOME=self.folder("state"),
                   GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1",
                   # Xvfb has no GPU: GTK's GL renderer would run on llvmpipe, whose shader
                   # compiler runs on the main thread. Both sides (floor and Lightbox) use
                   # GTK's cairo renderer unless LIGHTBOX_BENCH_GSK_RENDERER says otherwise.
                   GSK_RENDERER=os.environ.get("LIGHTBOX_BENCH_GSK_RENDERER", "cairo"))
        env.update({k: str(v) for k, v in extra.items()})
        return env

    def clear(self, sub):
        """Empties one XDG folder: "data" for a cold index, "cache" for cold thumbnails."""
        shutil.rmtree(self.folder(sub), ignore_errors=True)
        os.makedirs(self.folder(sub), mode=0o700)


class Run:
    """One run of a program that reports milestones: `exec` is when it was
    started, `events` what it reported, by name (first occurrence) and in order."""

    def __init__(self, t_exec):
        self.exec = t_exec
        self.events = []
        self.first = {}
        self.log = []
        self.extra = {}

    def add(self, event):
        self.events.append(event)
        self.first.setdefault(event["event"], event)

    def since_exec(self, name):
        return self.first[name]["t"] - self.exec if name in self.first else None

    def after(self, name, later):
        """The first `name` event at or after the first `later` event."""
        start = self.first.get(later)
        if start is None:
            return None
        return next((e for e in self.events if e["event"] == name and e["t"] >= start["t"]), None)


def resident_kib(pid, field="VmHWM"):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def run_events(command, env, done, timeout, on_event=None):
    """Starts `command`, collects its milestone events until `done(run)` is
    true (or it exits, or `timeout` seconds pass), then ends it with SIGTERM.
    `on_event(run, event, pid)` runs as each event arrives."""
    lines = queue.Queue()
    t_exec = now_ms()
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, errors="replace")
    run = Run(t_exec)

    def reader():
        for line in process.stderr:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=reader, daemon=True).start()
    deadline = time.monotonic() + timeout
    finished = False
    try:
        while not finished:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                run.extra["timed_out"] = True
                break
            try:
                line = lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                run.extra["exited"] = process.poll()
                break
            if line.startswith('{"event"'):
                try:
                    event = json.loads(line)
                except ValueError:
                    run.log.append(line)
                    continue
                run.add(event)
                if on_event:
                    on_event(run, event, process.pid)
                finished = done(run)
            else:
                run.log.append(line.rstrip())
    finally:
        stop(process)
    return run


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def timed(command, **kwargs):
    """Wall-clock milliseconds of a command run to its end."""
    start = now_ms()
    subprocess.run(command, check=True, **kwargs)
    return now_ms() - start


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    ordered = sorted(values)
    if len(ordered) >= 4:
        q1, _, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    else:
        q1, q3 = ordered[0], ordered[-1]
    return {"median": statistics.median(ordered), "min": ordered[0], "max": ordered[-1],
            "q1": q1, "q3": q3, "n": len(ordered), "values": [round(v, 3) for v in values]}


def _output(command):
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None


def _package(name):
    return _output(["dpkg-query", "-W", "-f=${Version}", name]) or None


def versions():
    swift = _output(["swift", "--version"]) or ""
    match = re.search(r"Swift version (\S+)", swift)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), platform.processor())
    with open("/proc/meminfo") as meminfo:
        memory_kib = int(meminfo.readline().split()[1])
    return {
        "cores": os.cpu_count(),
        "cpu": cpu,
        "memory_gib": round(memory_kib / 1024 / 1024, 1),
        "kernel": platform.release(),
        "swift": match.group(1) if match else swift.splitlines()[0] if swift else None,
        "gtk": _output(["pkg-config", "--modversion", "gtk4"]),
        "gdk_pixbuf": _output(["pkg-config", "--modversion", "gdk-pixbuf-2.0"]),
        "libjpeg_turbo": _package("libjpeg62-turbo"),
        "gexiv2": _output(["pkg-config", "--modversion", "gexiv2"]),
        "sqlite": _output(["pkg-config", "--modversion", "sqlite3"]),
        "python": platform.python_version(),
    }


def warm_files(paths, head=None):
    """Reads files (or their first `head` bytes) so the page cache holds them."""
    for path in paths:
        with open(path, "rb") as f:
            if head:
                f.read(head)
            else:
                while f.read(1 << 20):
                    pass


def tree_files(root):
    found = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        found += [os.path.join(folder, name) for name in sorted(files) if not name.startswith(".")]
    return found
