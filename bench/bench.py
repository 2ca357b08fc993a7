#!/usr/bin/env python3
"""The measurements of `make bench` that need a real terminal, a real server or both.

Driven by bench/run.sh, which builds the release binaries first. Standard library only.

    bench/bench.py --bin .build/release --data ../shared/data [--quick] [--only NAME,...]

Every figure is documented in docs/benchmarks.md. The in-process figures (frame cost,
memory, the sparse list at its bound, stalls, page inserts) come from the `portal-bench` executable; this script runs
it, runs the terminal scenarios (tmux on a private socket for the network and screen
checks, a pty for startup, idle CPU and terminal bytes), prints one table and writes
bench/results.json.
"""

import argparse
import atexit
import fcntl
import json
import os
import pty
import random
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

import mcp_bench

HERE = os.path.dirname(os.path.abspath(__file__))
ENV = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color")
ENV.pop("NO_COLOR", None)
ENV.pop("TMUX", None)

# Keys as xterm sends them with the keypad in application mode (ncurses turns it on).
KEY = {"up": b"\x1bOA", "down": b"\x1bOB", "right": b"\x1bOC", "left": b"\x1bOD", "enter": b"\r", "q": b"q"}


def log(text):
    print(f"bench: {text}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- cleanup

class Reaper:
    """Everything started here is stopped here (by pid, or by its private tmux socket),
    even when the run is interrupted. run.sh also reads the pid file as a backstop."""

    def __init__(self, workdir):
        self.pids = []
        self.sockets = []
        self.pidfile = os.path.join(workdir, "pids")

    def add_pid(self, pid):
        self.pids.append(pid)
        with open(self.pidfile, "a") as f:
            f.write(f"{pid}\n")

    def add_socket(self, name):
        self.sockets.append(name)
        with open(self.pidfile + ".tmux", "a") as f:
            f.write(f"{name}\n")

    def kill(self, pid):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        for _ in range(50):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                return
            if done:
                return
            time.sleep(0.01)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass

    def all(self):
        for name in self.sockets:
            subprocess.run(["tmux", "-L", name, "kill-server"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # A killed server can leave its socket file behind.
            path = os.path.join(os.environ.get("TMUX_TMPDIR", "/tmp"), f"tmux-{os.getuid()}", name)
            if os.path.exists(path):
                os.remove(path)
        self.sockets = []
        for pid in self.pids:
            self.kill(pid)
        self.pids = []


# --------------------------------------------------------------------------- mirror

class Mirror:
    def __init__(self, args, reaper, latency=0, extra=()):
        cmd = [os.path.join(args.bin, "portal-mirror"), "--port", "0", "--data", args.data,
               "--latency", str(latency), "--quiet", *extra]
        self.log = open(os.path.join(args.work, f"mirror-{latency}.log"), "ab")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.log, env=ENV)
        reaper.add_pid(self.proc.pid)
        self.reaper = reaper
        ready, _, _ = select.select([self.proc.stdout], [], [], 30)
        line = self.proc.stdout.readline().decode() if ready else ""
        match = re.search(r"https?://([^/\s]+):(\d+)", line)
        if not match:
            self.stop()
            raise RuntimeError(f"portal-mirror did not print its port (got {line!r}); see {self.log.name}")
        self.port = int(match.group(2))
        self.base = f"http://127.0.0.1:{self.port}/api"

    def stop(self):
        self.reaper.kill(self.proc.pid)


# --------------------------------------------------------------------------- tmux

class Tmux:
    count = 0

    def __init__(self, args, reaper, argv, columns=80, rows=24):
        Tmux.count += 1
        self.socket = f"{args.tag}-{Tmux.count}"
        reaper.add_socket(self.socket)
        self.columns, self.rows = columns, rows
        command = " ".join(shell_quote(a) for a in ["env", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=xterm-256color", *argv])
        self.started = time.monotonic()
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", "b", "-x", str(columns), "-y", str(rows),
                  "exec " + command)
        self.tmux("set-option", "-t", "b", "remain-on-exit", "on")
        self.pid = int(self.tmux("display-message", "-p", "-t", "b", "#{pane_pid}").strip())

    def tmux(self, *args):
        out = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, env=ENV)
        return out.stdout.decode("utf-8", "replace")

    def send(self, *keys):
        self.tmux("send-keys", "-t", "b", *keys)

    def capture(self, escapes=False):
        args = ["capture-pane", "-p", "-N", "-t", "b"] + (["-e"] if escapes else [])
        return self.tmux(*args)

    def dead(self):
        return self.tmux("display-message", "-p", "-t", "b", "#{pane_dead}").strip() == "1"

    def lines(self):
        text = self.capture()
        lines = text.split("\n")
        return (lines + [""] * self.rows)[: self.rows]

    def settle(self, quiet=0.04, timeout=3.0, unlike=None):
        """Polls the screen until it stops changing for `quiet` seconds (and, with
        `unlike`, differs from that screen first, or `timeout` passes)."""
        start = time.monotonic()
        last = self.capture()
        since = time.monotonic()
        changed = unlike is None or last != unlike
        while time.monotonic() - start < timeout:
            time.sleep(0.005)
            now = self.capture()
            if now != last:
                last, since = now, time.monotonic()
                changed = changed or now != unlike
            elif changed and time.monotonic() - since >= quiet:
                break
        return last

    def stop(self):
        self.tmux("kill-server")


def shell_quote(text):
    if re.fullmatch(r"[\w@%+=:,./-]+", text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


def vm_field(pid, name):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


# --------------------------------------------------------------------------- screen reading

class Expected:
    """The server's order of characters (by id), to check what the screens show."""

    def __init__(self, data):
        with open(os.path.join(data, "rickandmorty", "characters.json")) as f:
            records = sorted(json.load(f), key=lambda c: c["id"])
        self.names = [c["name"] for c in records]
        self.count = len(records)
        self.last_name = self.names[-1]

    @staticmethod
    def matches(shown, name):
        if shown.endswith("…"):
            return name.startswith(shown[:-1].rstrip())
        return shown == name

    def window(self, shown):
        """Where `shown` (names in screen order; None for a placeholder card, which stands
        for whichever card is not loaded yet) sits in the server's order, or None when it is
        not a contiguous run of it (a card twice, a card missing, out of order)."""
        if not any(shown):
            return None
        for start in range(self.count - len(shown) + 1):
            if all(s is None or self.matches(s, self.names[start + i]) for i, s in enumerate(shown)):
                return start
        return None


# The scenarios that read card names off the screen (`card_names`, `first_grid`: four-row
# text cards, the 12th card as the first screenful) run without pictures on the cards, so
# their figures compare with earlier runs; pictures have their own figures (portal-bench
# pictures, measured in process). With pictures `auto` outside tmux portal also asks the
# terminal what it draws (at most 300 ms when it does not answer).
TEXT_CARDS = ("--pictures", "off")


def is_placeholder(name):
    """A card whose page is not in yet: `loading…` while asked for, dots while not."""
    return name == "loading…" or set(name) == {"·"}


def card_names(lines, columns, rows):
    """The card names a screen shows, row-major, read from the grid's geometry: a header
    row, cards four rows tall starting at row 1, as many 30-column columns as fit.
    A placeholder card is None."""
    cols = max(1, columns // 30)
    width = columns // cols
    names = []
    for row in range(1, rows - 2, 4):
        if row >= len(lines):
            break
        line = lines[row]
        for c in range(cols):
            text = line[c * width + 1: c * width + width - 1].strip()
            if text:
                names.append(None if is_placeholder(text) else text)
    return names


def status_line(lines):
    return lines[-2] if len(lines) >= 2 else ""


def at_end(lines, expected):
    status = status_line(lines)
    # The status line counts the selection's position in a page-addressed list (825 or
    # 826 of 826 on the last row) and says "end" once every page is in.
    return f" / {expected.count}" in status and "end" in status and any(
        n is not None and Expected.matches(n, expected.last_name) for n in card_names(lines, 80, len(lines))[-4:])


def trace_urls(path):
    urls = []
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                # Requests only: idle markers and notes (the dialect) have no url.
                entry = json.loads(line) if line else {}
                if "url" in entry:
                    urls.append(entry["url"])
    except FileNotFoundError:
        pass
    return urls


def page_urls(urls):
    return [u for u in urls if re.search(r"/character/?(\?|$)", u)]


# --------------------------------------------------------------------------- network economy

def scroll_run(args, reaper, expected, name, latency, rows, mode):
    """Scrolls the real binary from the first to the last character against the mirror and
    returns (page requests, repeated URLs, screens that were not a contiguous run of the
    server's order, peak RSS of the binary, seconds)."""
    mirror = Mirror(args, reaper, latency=latency)
    trace = os.path.join(args.work, f"trace-{name}.jsonl")
    if os.path.exists(trace):
        os.remove(trace)
    term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--base-url", mirror.base, "--no-cache", "--trace", trace],
                columns=80, rows=rows)
    start = time.monotonic()
    bad_screens = 0
    covered = set()
    try:
        # The first complete grid.
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not any(card_names(term.lines(), 80, rows)):
            time.sleep(0.01)
        screen = term.settle()
        steps = 0
        limit = {"keys": 1500, "storm": 60, "tall": 200}[mode]
        while steps < limit:
            steps += 1
            if mode == "keys":
                # One Down, then wait for the screen to change and settle (or for the
                # key to have been a no-op while a page arrives).
                term.send("Down")
                screen = term.settle(quiet=0.03, timeout=0.6, unlike=screen)
            elif mode == "storm":
                # Hundreds of Downs, much faster than pages arrive.
                for _ in range(4):
                    term.send(*["Down"] * 100)
                    time.sleep(0.02)
                screen = term.settle(quiet=0.05, timeout=1.0)
            else:
                term.send(*["Down"] * 40)
                screen = term.settle(quiet=0.05, timeout=1.0)
            lines = (screen.split("\n") + [""] * rows)[:rows]
            shown = card_names(lines, 80, rows)
            where = expected.window(shown)
            if not any(shown):
                pass  # placeholders only: pages still in flight, nothing to check yet
            elif where is None:
                bad_screens += 1
                if bad_screens <= 3:
                    log(f"{name}: a screen is not a contiguous run of the server's order:\n" + "\n".join(lines))
            else:
                covered.update(where + i for i, s in enumerate(shown) if s is not None)
            if at_end(lines, expected):
                break
            if term.dead():
                log(f"{name}: portal exited:\n{screen}")
                break
        # Late requests (there should be none).
        time.sleep(0.3 + latency / 1000)
        final = term.lines()
        reached = at_end(final, expected)
        peak = vm_field(term.pid, "VmHWM")
    finally:
        term.stop()
        mirror.stop()
    urls = trace_urls(trace)
    pages = page_urls(urls)
    repeats = len(urls) - len(set(urls))
    elapsed = time.monotonic() - start
    log(f"{name}: {len(pages)} page requests, {repeats} repeated URLs, {bad_screens} bad screens, "
        f"{len(covered)} of {expected.count} cards seen, reached the end: {reached}, {elapsed:.1f} s")
    if not reached:
        log(f"{name}: did NOT reach character {expected.count}; last screen:\n" + "\n".join(final))
    return {"requests": len(pages) if reached else -1, "repeats": repeats, "bad_screens": bad_screens,
            "peak_rss": peak, "covered": len(covered)}


def detail_run(args, reaper, expected):
    """Opens Rick Sanchez (the first card) and counts the episode requests it makes."""
    mirror = Mirror(args, reaper, latency=0)
    trace = os.path.join(args.work, "trace-detail.jsonl")
    if os.path.exists(trace):
        os.remove(trace)
    term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--base-url", mirror.base, "--no-cache", "--trace", trace])
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not any(card_names(term.lines(), 80, 24)):
            time.sleep(0.01)
        term.settle()
        term.send("Enter")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and "S01E01" not in term.capture():
            time.sleep(0.01)
        shown = "S01E01" in term.capture()
        time.sleep(0.5)
    finally:
        term.stop()
        mirror.stop()
    episodes = [u for u in trace_urls(trace) if "/episode/" in u]
    log(f"detail: {len(episodes)} episode request(s), episodes shown: {shown}")
    return len(episodes) if shown else -1


# --------------------------------------------------------------------------- disk cache

def loaded_count(lines):
    match = re.search(r"(\d+) / \d+", status_line(lines))
    return int(match.group(1)) if match else 0


def network_requests(path):
    """Trace lines that went over the network: a disk-cache hit is a line without "ms"."""
    try:
        with open(path) as f:
            return sum(1 for line in f if line.strip() and "ms" in json.loads(line))
    except FileNotFoundError:
        return 0


def cached_scroll(args, reaper, mirror, cache_dir, name, characters=200):
    """Scrolls the browser until `characters` cards are loaded, then quits; returns the
    network requests the run made (-1 when it never got there)."""
    trace = os.path.join(args.work, f"trace-{name}.jsonl")
    term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--base-url", mirror.base,
                               "--cache-dir", cache_dir, "--trace", trace])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and loaded_count(term.lines()) < characters:
            term.send(*["Down"] * 10)
            term.settle(quiet=0.03, timeout=0.6)
        reached = loaded_count(term.lines()) >= characters
    finally:
        term.stop()
    return network_requests(trace) if reached else -1


def disk_cache(args, reaper, expected, runs, latency=100):
    """The same 200 cards scrolled twice against one cache (the second run's network
    requests), then start-ups whose first grid comes from that cache, beside cold ones.
    The mirror answers after `latency` ms, as a remote API would: on loopback with no
    delay the network is about as fast as the disk."""
    mirror = Mirror(args, reaper, latency=latency)
    cache_dir = os.path.join(args.work, "cache")
    portal = os.path.join(args.bin, "portal")
    try:
        first = cached_scroll(args, reaper, mirror, cache_dir, "cache-first")
        second = cached_scroll(args, reaper, mirror, cache_dir, "cache-second")
        cached = startup(args, reaper, expected, [portal, *TEXT_CARDS, "--base-url", mirror.base, "--cache-dir", cache_dir], runs)
        cold = startup(args, reaper, expected, [portal, *TEXT_CARDS, "--base-url", mirror.base, "--no-cache"], runs)
    finally:
        mirror.stop()
    log(f"disk cache: {first} network requests scrolling 200 cards, {second} the second time; "
        f"start-up against a {latency} ms mirror: {cached:.1f} ms from the cache, {cold:.1f} ms without (median of {runs})")
    return {"requests_second_run": second, "startup_ms_cached": cached, "startup_ms_cold_latency": cold}


# --------------------------------------------------------------------------- pty

class PtyApp:
    """The binary on a pseudo-terminal of its own: every byte it writes is read here."""

    def __init__(self, reaper, argv, columns=80, rows=24):
        self.reaper = reaper
        self.output = bytearray()
        self.t0 = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                os.execve(argv[0], argv, ENV)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        reaper.add_pid(pid)

    def read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], max(0, timeout))
        if not ready:
            return b""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return None
        self.output += chunk
        return chunk

    def read_until(self, predicate, timeout=10):
        deadline = time.monotonic() + timeout
        while not predicate(self.output):
            chunk = self.read(deadline - time.monotonic())
            if chunk is None or time.monotonic() >= deadline:
                return None
        return time.monotonic()

    def read_quiet(self, quiet=0.15, timeout=3.0):
        """Reads until nothing came for `quiet` seconds; returns the bytes read."""
        got = bytearray()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            chunk = self.read(quiet)
            if not chunk:
                break
            got += chunk
        return bytes(got)

    def send(self, data):
        os.write(self.fd, data)

    def close(self):
        try:
            self.send(b"q")
        except OSError:
            pass
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            if self.read(0.05) is None:
                break
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
        self.reaper.kill(self.pid)
        try:
            os.close(self.fd)
        except OSError:
            pass


def first_grid(expected):
    """True once the first screenful is drawn: the 12th card's name and the total."""
    last_visible = expected.names[11].encode()
    total = str(expected.count).encode()
    return lambda out: last_visible in out and total in out


def startup(args, reaper, expected, argv, runs):
    times = []
    for _ in range(runs):
        app = PtyApp(reaper, argv)
        seen = app.read_until(first_grid(expected), timeout=15)
        if seen is not None:
            times.append((seen - app.t0) * 1000)
        app.close()
    if not times:
        return -1
    return statistics.median(times)


def startup_silent_terminal(args, reaper, expected, runs):
    """`--pictures auto` in a pty that never answers the terminal probe (issue 27, item 9):
    start → first screen (the first card's name and the total), median of `runs`, beside
    the same start with `--pictures off`. The first screen must not wait for the answer."""
    first_screen = lambda out: expected.names[0].encode() in out and str(expected.count).encode() in out
    figures = {}
    for key, flags in (("startup_ms_silent_terminal", ()), ("startup_ms_silent_terminal_pictures_off", TEXT_CARDS)):
        times = []
        for _ in range(runs):
            app = PtyApp(reaper, [os.path.join(args.bin, "portal"), *flags, "--data", args.data])
            seen = app.read_until(first_screen, timeout=15)
            if seen is not None:
                times.append((seen - app.t0) * 1000)
            app.close()
        figures[key] = statistics.median(times) if times else -1
    log(f"startup, a terminal that never answers: pictures auto {figures['startup_ms_silent_terminal']:.1f} ms, "
        f"pictures off {figures['startup_ms_silent_terminal_pictures_off']:.1f} ms")
    return figures


def proc_cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime (fields 14 and 15)


def wakeups(pid):
    """Context switches so far, per thread (a thread that blocks and wakes switches once)."""
    counts = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                counts[task] = sum(int(line.split()[1]) for line in f
                                   if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
        except OSError:
            pass
    return counts


def idle_cpu(args, reaper, expected, seconds):
    app = PtyApp(reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--data", args.data])
    try:
        if app.read_until(first_grid(expected), timeout=15) is None:
            return -1, -1, -1
        app.read_quiet(0.5)
        ticks0, wake0, t0 = proc_cpu_ticks(app.pid), wakeups(app.pid), time.monotonic()
        written = bytearray()
        while time.monotonic() - t0 < seconds:
            chunk = app.read(t0 + seconds - time.monotonic())
            if chunk:
                written += chunk
        ticks1, wake1, t1 = proc_cpu_ticks(app.pid), wakeups(app.pid), time.monotonic()
    finally:
        app.close()
    hz = os.sysconf("SC_CLK_TCK")
    pct = (ticks1 - ticks0) / hz / (t1 - t0) * 100
    # Threads present at both ends only (a worker thread that exits takes its count along).
    per_second = sum(wake1[t] - wake0[t] for t in wake1 if t in wake0) / (t1 - t0)
    main = str(app.pid)
    main_per_second = (wake1.get(main, 0) - wake0.get(main, 0)) / (t1 - t0)
    log(f"idle: {pct:.2f} % CPU, {per_second:.1f} context switches/s in all threads, {main_per_second:.1f} in the "
        f"UI thread, {len(written)} bytes written in {seconds} s")
    return pct, per_second, main_per_second


def real_frames(args, reaper, expected):
    """CPU of the real binary per key (ncurses included), from /proc/PID/stat: one key at
    a time, each answered by its frame before the next is sent."""
    app = PtyApp(reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--data", args.data])
    keys = 0
    try:
        if app.read_until(first_grid(expected), timeout=15) is None:
            return -1
        app.read_quiet(0.3)
        # Load a few pages first, so the timed keys start none.
        for _ in range(70):
            app.send(KEY["down"])
            app.read_quiet(0.005)
        app.read_quiet(0.3)
        ticks0 = proc_cpu_ticks(app.pid)
        for _ in range(2):
            for key in ["up"] * 60 + ["down"] * 60:
                app.send(KEY[key])
                app.read_until(lambda out, n=len(app.output): len(out) > n, timeout=1)
                app.read_quiet(0.003)
                keys += 1
        ticks1 = proc_cpu_ticks(app.pid)
    finally:
        app.close()
    us = (ticks1 - ticks0) / os.sysconf("SC_CLK_TCK") / keys * 1e6
    log(f"real frames: {keys} keys, {us:.0f} µs CPU per key (tick {1e6 / os.sysconf('SC_CLK_TCK'):.0f} µs)")
    return us


# --------------------------------------------------------------------------- terminal bytes

SGR = re.compile(r"\x1b\[([0-9;]*)m")


def cells(escaped, columns, rows):
    """Parses `capture-pane -e -N` output into rows of (text, attributes) cells."""
    grid = []
    for line in escaped.split("\n")[:rows]:
        row, attrs, i = [], "", 0
        while i < len(line):
            m = SGR.match(line, i)
            if m:
                attrs = "" if m.group(1) in ("", "0") else attrs + ";" + m.group(1)
                i = m.end()
                continue
            row.append((line[i], attrs))
            i += 1
        grid.append((row + [(" ", "")] * columns)[:columns])
    return grid + [[(" ", "")] * columns] * (rows - len(grid))


def changed_cells(a, b):
    return sum(1 for ra, rb in zip(a, b) for ca, cb in zip(ra, rb) if ca != cb)


# The key script for both measurements: after the first screen settles, six selection
# moves (Right, Left, …) within the first row, four Downs to the viewport's last row,
# then five Downs that each scroll the grid by one row of cards.
SCRIPT = [("move", "right"), ("move", "left")] * 3 + [("down", "down")] * 4 + [("scroll", "down")] * 5


def terminal_bytes(args, reaper, expected):
    app = PtyApp(reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--data", args.data])
    sizes = {"move": [], "scroll": []}
    full = 0
    try:
        if app.read_until(first_grid(expected), timeout=15) is None:
            return None
        app.read_quiet(0.4)
        full = len(app.output)
        for kind, key in SCRIPT:
            app.send(KEY[key])
            got = app.read_quiet(0.15)
            if kind in sizes:
                sizes[kind].append(len(got))
    finally:
        app.close()
    term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), "--data", args.data])
    changes = {"move": [], "scroll": []}
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not any(card_names(term.lines(), 80, 24)):
            time.sleep(0.01)
        term.settle(quiet=0.3)
        before = cells(term.capture(escapes=True), 80, 24)
        for kind, key in SCRIPT:
            plain = term.capture()
            term.send({"right": "Right", "left": "Left", "down": "Down"}[key])
            term.settle(quiet=0.1, timeout=1.0, unlike=plain)
            after = cells(term.capture(escapes=True), 80, 24)
            if kind in changes:
                changes[kind].append(changed_cells(before, after))
            before = after
    finally:
        term.stop()
    result = {
        "bytes_select_move": statistics.median(sizes["move"]),
        "bytes_scroll_row": statistics.median(sizes["scroll"]),
        "cells_select_move": statistics.median(changes["move"]),
        "cells_scroll_row": statistics.median(changes["scroll"]),
        "bytes_first_screen": full,
    }
    log(f"terminal bytes: move {sizes['move']} (cells {changes['move']}), scroll {sizes['scroll']} "
        f"(cells {changes['scroll']}), first screen {full}")
    return result


# --------------------------------------------------------------------------- jumps on a million

MILLION = 1_000_000


def wait_screen(term, predicate, timeout):
    """Polls the screen until `predicate(text)` holds; returns (text, seconds) or (text, None)."""
    start = time.monotonic()
    text = term.capture()
    while time.monotonic() - start < timeout:
        if predicate(text):
            return text, time.monotonic() - start
        time.sleep(0.005)
        text = term.capture()
    return text, None


def shows_name(text, name):
    """Whether the screen shows `name` whole or cut with "…" (a card with a picture has
    about 17 columns for its name: "Mountain Sweat Jerry #371" shows as "Mountain Sweat J…",
    which a check for the whole name missed: 28 of the 60 jumps, every run). A cut that
    ends on a space drops it ("Memory Geardude #372" shows as "Memory Geardude…"); builds
    before 2026-11-26 05:33 kept it ("Memory Geardude …"), so both are accepted."""
    if name in text:
        return True
    return any(name[:k] + "…" in text or name[:k].rstrip() + "…" in text for k in range(len(name) - 1, 7, -1))


def synthetic_name(expected, position):
    """The mirror's name for position `position` of a scaled list (SyntheticCharacterTable)."""
    base = expected.names[position % len(expected.names)]
    cycle = position // len(expected.names)
    return base if cycle == 0 else f"{base} #{cycle + 1}"


def startup_tall(args, reaper, expected):
    """Page requests asked for on a 250×120 terminal before any key (goal: the pages the
    screen shows + 2)."""
    mirror = Mirror(args, reaper, latency=0)
    trace = os.path.join(args.work, "trace-startup-tall.jsonl")
    term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--base-url", mirror.base, "--trace", trace],
                columns=250, rows=120)
    try:
        wait_screen(term, lambda t: expected.names[0] in t, 15)
        term.settle(quiet=0.5, timeout=5)
        time.sleep(0.3)
    finally:
        term.stop()
        mirror.stop()
    pages = len(page_urls(trace_urls(trace)))
    shown = -(-((250 // 30) * (120 - 3) // 4) // 20)  # cards on screen, in pages of 20 (rounded up)
    log(f"startup on 250×120: {pages} page requests before any key (the screen shows about {shown} pages)")
    return pages, shown


def jumps_million(args, reaper, expected):
    """G on a million characters over HTTP (time to the last card on screen, page requests),
    then 60 random `:N` Enter jumps and the resident memory after them."""
    mirror = Mirror(args, reaper, latency=0, extra=("--scale", str(MILLION)))
    trace = os.path.join(args.work, "trace-jumps.jsonl")
    term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--base-url", mirror.base, "--trace", trace],
                columns=120, rows=40)
    figures = {}
    try:
        _, ready = wait_screen(term, lambda t: expected.names[0] in t, 15)
        if ready is None:
            log("jumps: no first grid")
            return figures
        term.settle(quiet=0.3, timeout=3)
        before = len(page_urls(trace_urls(trace)))
        last = synthetic_name(expected, MILLION - 1)
        term.send("G")
        _, seconds = wait_screen(term, lambda t: last in t and "1,000,000 / 1,000,000" in t, 30)
        if seconds is None:
            log(f"jumps: {last} never showed")
            return figures
        time.sleep(0.3)
        figures["jump_end_ms_1m"] = seconds * 1000
        figures["jump_end_requests_1m"] = len(page_urls(trace_urls(trace))) - before
        rng = random.Random(1211)
        slow = 0
        for _ in range(60):
            n = rng.randint(1, MILLION)
            term.send("-l", f":{n}")
            term.send("Enter")
            name = synthetic_name(expected, n - 1)
            _, took = wait_screen(term, lambda t: f"{n:,} / 1,000,000" in t and name in t, 10)
            slow += took is None
        figures["rss_mb_after_jumps_1m"] = vm_field(term.pid, "VmRSS") / 1048576
        urls = page_urls(trace_urls(trace))
        log(f"jumps: G in {seconds * 1000:.0f} ms with {figures['jump_end_requests_1m']} page requests; "
            f"60 jumps ({slow} not seen within 10 s), {len(urls)} page requests in all, "
            f"RSS {figures['rss_mb_after_jumps_1m']:.1f} MB")
    finally:
        term.stop()
        mirror.stop()
    return figures


def jumps_million_pictures(args, reaper, expected):
    """60 random `:N` Enter jumps on a million characters with pictures on (symbols, the
    mode every terminal has), and the resident memory after them: what the byte budgets of
    pages, items and pictures keep (goal < 64 MB; 145 MB before they had bytes)."""
    mirror = Mirror(args, reaper, latency=0, extra=("--scale", str(MILLION)))
    term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), "--pictures", "symbols", "--base-url", mirror.base],
                columns=120, rows=40)
    figures = {}
    try:
        _, ready = wait_screen(term, lambda t: expected.names[0] in t, 15)
        if ready is None:
            log("jumps with pictures: no first grid")
            return figures
        term.settle(quiet=0.3, timeout=3)
        rng = random.Random(1211)
        slow = 0
        for _ in range(60):
            n = rng.randint(1, MILLION)
            term.send("-l", f":{n}")
            term.send("Enter")
            name = synthetic_name(expected, n - 1)
            _, took = wait_screen(term, lambda t: f"{n:,} / 1,000,000" in t and shows_name(t, name), 10)
            slow += took is None
        term.settle(quiet=0.5, timeout=5)
        figures["rss_mb_after_jumps_1m_pictures"] = vm_field(term.pid, "VmRSS") / 1048576
        log(f"jumps with pictures: 60 jumps ({slow} not seen within 10 s), "
            f"RSS {figures['rss_mb_after_jumps_1m_pictures']:.1f} MB")
    finally:
        term.stop()
        mirror.stop()
    return figures


def any_api(args, reaper, expected):
    """portal --url against the mirror's paging styles on a million characters: G on a
    paged list (DRF-style next links with a count: jumps), and a cursor list (opaque
    tokens: walked) whose pages, once seen, are asked for again neither in the session
    (back to the top after scrolling) nor in the next run (the disk cache keeps the
    cursors)."""
    mirror = Mirror(args, reaper, latency=0, extra=("--scale", str(MILLION)))
    origin = mirror.base[: -len("/api")]
    figures = {}
    try:
        trace = os.path.join(args.work, "trace-anyapi-next.jsonl")
        term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--url", origin + "/dialects/next/characters",
                                   "--no-cache", "--trace", trace], columns=120, rows=40)
        try:
            _, ready = wait_screen(term, lambda t: expected.names[0] in t, 15)
            if ready is not None:
                term.settle(quiet=0.3, timeout=3)
                before = network_requests(trace)
                term.send("G")
                _, seconds = wait_screen(term, lambda t: "1,000,000 / 1,000,000" in t, 30)
                if seconds is not None:
                    time.sleep(0.3)
                    figures["anyapi_jump_end_requests_1m"] = network_requests(trace) - before
                    figures["anyapi_jump_end_ms_1m"] = seconds * 1000
        finally:
            term.stop()

        trace = os.path.join(args.work, "trace-anyapi-cursor.jsonl")
        term = Tmux(args, reaper, [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--url", origin + "/dialects/cursor/characters",
                                   "--no-cache", "--trace", trace], columns=120, rows=40)
        try:
            _, ready = wait_screen(term, lambda t: expected.names[0] in t, 15)
            if ready is not None:
                for _ in range(12):
                    term.send("PageDown")
                    term.settle(quiet=0.2, timeout=3)
                term.settle(quiet=0.5, timeout=5)
                seen = trace_urls(trace)
                term.send("g")
                term.settle(quiet=0.3, timeout=3)
                for _ in range(12):
                    term.send("PageDown")
                    term.settle(quiet=0.2, timeout=3)
                term.settle(quiet=0.5, timeout=5)
                again = trace_urls(trace)[len(seen):]
                # A page asked for again is a revisit that cost a request; pages beyond
                # the ones seen (the prefetch reaching further) are not.
                figures["anyapi_cursor_pages_seen"] = len(set(seen))
                figures["anyapi_cursor_revisit_requests"] = sum(1 for url in again if url in set(seen))
        finally:
            term.stop()

        cache_dir = os.path.join(args.work, "cache-anyapi")
        runs = []
        for run in range(2):
            trace = os.path.join(args.work, f"trace-anyapi-list-{run}.jsonl")
            done = subprocess.run([os.path.join(args.bin, "portal"), "list", "--url", origin + "/dialects/cursor/characters",
                                   "--limit", "400", "--cache-dir", cache_dir, "--trace", trace],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, timeout=60)
            # A run that failed measured nothing: -1, never a "0 requests" that passes.
            runs.append(network_requests(trace) if done.returncode == 0 else -1)
        figures["anyapi_cursor_first_run_requests"] = runs[0]
        figures["anyapi_cursor_next_run_requests"] = runs[1]
        log(f"anyapi: G on a paged 1M list {figures.get('anyapi_jump_end_requests_1m')} requests; cursor list: "
            f"{figures.get('anyapi_cursor_revisit_requests')} requests to revisit {figures.get('anyapi_cursor_pages_seen')} pages seen, "
            f"next run {runs[1]} requests (first {runs[0]})")
    finally:
        mirror.stop()
    return figures


# --------------------------------------------------------------------------- GraphQL (issue 25, item 8)

# The queries portal browses with --query (so the list does not depend on the order of
# the mirror's tabs); portal fills $first, $after and $page.
GRAPHQL_QUERIES = {
    # Relay with graphql-relay's offset cursors: portal makes the cursor of any offset.
    "relay": "query($first: Int, $after: String) { allCharacters(first: $first, after: $after) "
             "{ totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name status species } } } }",
    # Rick and Morty's own page numbers with info.count.
    "pages": "query($page: Int) { characters(page: $page) { info { count pages next } results { id name status species } } }",
    # Relay with opaque keyset cursors: walked, each page's cursor remembered.
    "keyset": "query($after: String) { allCharactersKeyset(first: 20, after: $after) "
              "{ totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name status species } } } }",
}


def graphql_query_file(args, style):
    path = os.path.join(args.work, f"{style}.graphql")
    with open(path, "w") as f:
        f.write(GRAPHQL_QUERIES[style] + "\n")
    return "@" + path


def graphql(args, reaper, expected):
    """portal --graphql against the mirror's /graphql on a million characters: G on a Relay
    list with offset cursors and on a page-number list (requests after the first screen),
    and a Relay list with opaque cursors, walked, whose pages once seen are asked for again
    neither in the session (back to the top and down again) nor in the next run (the disk
    cache keeps the pages, and with them the cursors)."""
    mirror = Mirror(args, reaper, latency=0, extra=("--scale", str(MILLION)))
    endpoint = mirror.base[: -len("/api")] + "/graphql"
    portal = os.path.join(args.bin, "portal")
    last = synthetic_name(expected, MILLION - 1)
    figures = {}
    try:
        for style in ("relay", "pages"):
            trace = os.path.join(args.work, f"trace-graphql-{style}.jsonl")
            term = Tmux(args, reaper, [portal, *TEXT_CARDS, "--graphql", endpoint, "--query", graphql_query_file(args, style),
                                       "--no-cache", "--trace", trace], columns=120, rows=40)
            try:
                _, ready = wait_screen(term, lambda t: expected.names[0] in t, 15)
                if ready is None:
                    log(f"graphql {style}: no first grid")
                    continue
                term.settle(quiet=0.3, timeout=3)
                before = network_requests(trace)
                term.send("G")
                _, seconds = wait_screen(term, lambda t: last in t and "1,000,000 / 1,000,000" in t, 30)
                if seconds is None:
                    log(f"graphql {style}: {last} never showed")
                    continue
                time.sleep(0.3)
                figures[f"graphql_{style}_jump_end_requests_1m"] = network_requests(trace) - before
                figures[f"graphql_{style}_jump_end_ms_1m"] = seconds * 1000
            finally:
                term.stop()

        trace = os.path.join(args.work, "trace-graphql-keyset.jsonl")
        term = Tmux(args, reaper, [portal, *TEXT_CARDS, "--graphql", endpoint, "--query", graphql_query_file(args, "keyset"),
                                   "--no-cache", "--trace", trace], columns=120, rows=40)
        try:
            _, ready = wait_screen(term, lambda t: expected.names[0] in t, 15)
            if ready is not None:
                # Every request goes to the one endpoint, so a revisit cannot be told by its
                # URL: the first pass goes further (14 PgDn) than the second (12), so nothing
                # the second asks for lies beyond what the first saw — every request it
                # makes is a revisit.
                for _ in range(14):
                    term.send("PageDown")
                    term.settle(quiet=0.2, timeout=3)
                term.settle(quiet=0.5, timeout=5)
                seen = network_requests(trace)
                term.send("g")
                term.settle(quiet=0.3, timeout=3)
                for _ in range(12):
                    term.send("PageDown")
                    term.settle(quiet=0.2, timeout=3)
                term.settle(quiet=0.5, timeout=5)
                figures["graphql_cursor_pages_walked"] = seen
                figures["graphql_cursor_revisit_requests"] = network_requests(trace) - seen
        finally:
            term.stop()

        cache_dir = os.path.join(args.work, "cache-graphql")
        runs = []
        for run in range(2):
            trace = os.path.join(args.work, f"trace-graphql-list-{run}.jsonl")
            done = subprocess.run([portal, "list", "--graphql", endpoint, "--query", graphql_query_file(args, "keyset"),
                                   "--limit", "400", "--cache-dir", cache_dir, "--trace", trace],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, timeout=60)
            # A run that failed measured nothing: -1, never a "0 requests" that passes.
            runs.append(network_requests(trace) if done.returncode == 0 else -1)
        figures["graphql_cursor_first_run_requests"] = runs[0]
        figures["graphql_cursor_next_run_requests"] = runs[1]
        log(f"graphql: G on a 1M Relay list {figures.get('graphql_relay_jump_end_requests_1m')} requests, on a 1M page-number "
            f"list {figures.get('graphql_pages_jump_end_requests_1m')}; keyset cursors: "
            f"{figures.get('graphql_cursor_revisit_requests')} requests to revisit after {figures.get('graphql_cursor_pages_walked')} "
            f"walked, next run {runs[1]} requests (first {runs[0]})")
    finally:
        mirror.stop()
    return figures


def visidata_million(args, reaper, expected):
    """VisiData on the same million rows as a CSV file: time from start to the last row on
    screen, and its RSS then. None when `vd` is not installed."""
    vd = shutil.which("vd") or shutil.which("visidata")
    if vd is None:
        for candidate in (os.path.expanduser("~/.local/bin/vd"),):
            if os.path.exists(candidate):
                vd = candidate
    if vd is None:
        log("visidata: not installed (pip install visidata), side-by-side row skipped")
        return None
    path = os.path.join(args.work, "characters-1m.csv")
    with open(path, "w") as f:
        f.write("id,name\n")
        for position in range(MILLION):
            f.write(f"{position + 1},\"{synthetic_name(expected, position)}\"\n")
    last = synthetic_name(expected, MILLION - 1)
    term = Tmux(args, reaper, [vd, path], columns=120, rows=40)
    try:
        start = term.started
        # G once the whole file is read (the row count stops at a million).
        _, loaded = wait_screen(term, lambda t: "1000000 rows" in t or "1,000,000 rows" in t, 120)
        term.send("G")
        _, shown = wait_screen(term, lambda t: last in t, 30)
        if loaded is None or shown is None:
            log("visidata: the last row never showed")
            return None
        seconds = time.monotonic() - start
        rss = vm_field(term.pid, "VmRSS") / 1048576
        log(f"visidata: last of 1M rows after {seconds * 1000:.0f} ms, RSS {rss:.1f} MB")
        return {"visidata_last_ms_1m": seconds * 1000, "visidata_rss_mb_1m": rss}
    finally:
        term.stop()


# --------------------------------------------------------------------------- in-process

def portal_bench(args, *argv, timeout=400):
    cmd = [os.path.join(args.bin, "portal-bench"), *argv, "--data", args.data]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=sys.stderr, env=ENV, timeout=timeout)
    if proc.returncode != 0:
        log(f"{' '.join(argv)} failed with status {proc.returncode}")
        return {}
    try:
        return json.loads(proc.stdout.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        log(f"{' '.join(argv)}: no figures in {proc.stdout!r}")
        return {}


# --------------------------------------------------------------------------- table

GOALS = [
    ("requests_scroll_keys", "page requests, 826 cards, key by key", "42", lambda v: v == 42),
    # Keys far faster than pages: pages the viewport flew past are cancelled or never asked
    # (issue 18: the visible page first), so a storm asks for at most every page once.
    ("requests_scroll_storm", "page requests, key storm, 100 ms latency", "≤ 42", lambda v: 0 < v <= 42),
    ("requests_scroll_tall", "page requests, 200-row terminal", "42", lambda v: v == 42),
    ("duplicates", "repeated requests + bad screens", "0", lambda v: v == 0),
    ("requests_detail_rick", "requests to open Rick (51 episodes)", "1", lambda v: v == 1),
    ("requests_startup_tall", "page requests before any key, 250×120", "≤ shown + 2", None),
    ("jump_end_ms_1m", "G on 1M over HTTP → last card on screen (ms)", "≈ 1000", lambda v: 0 <= v <= 1500),
    ("jump_end_requests_1m", "  page requests for that G", "≤ 3", lambda v: 0 <= v <= 3),
    ("anyapi_jump_end_requests_1m", "portal --url, G on a paged 1M list: requests", "≤ 3", lambda v: 0 <= v <= 3),
    ("anyapi_cursor_revisit_requests", "portal --url, cursor list: requests to revisit pages seen", "0", lambda v: v == 0),
    ("anyapi_cursor_next_run_requests", "portal list --url, cursor list, next run (disk cache)", "0", lambda v: v == 0),
    ("graphql_relay_jump_end_requests_1m", "portal --graphql, G on a 1M Relay list (offset cursors): requests", "≤ 3", lambda v: 0 <= v <= 3),
    ("graphql_pages_jump_end_requests_1m", "portal --graphql, G on a 1M page-number list: requests", "≤ 3", lambda v: 0 <= v <= 3),
    ("graphql_cursor_revisit_requests", "portal --graphql, opaque cursors: requests to revisit pages seen", "0", lambda v: v == 0),
    ("graphql_cursor_next_run_requests", "portal list --graphql, opaque cursors, next run (disk cache)", "0", lambda v: v == 0),
    ("rss_mb_after_jumps_1m", "RSS after 60 random :N jumps on 1M (MB)", "< 150", lambda v: 0 < v < 150),
    ("rss_mb_after_jumps_1m_pictures", "RSS after 60 jumps on 1M with pictures on (MB)", "< 64", lambda v: 0 < v < 64),
    ("sparse_rss_mb_at_bound", "a tab's list full at --max-pages 10,000, on 1M (MB)", "< 64", lambda v: 0 < v < 64),
    ("sparse_bytes_per_item", "  resident bytes per item it holds", "—", None),
    ("sparse_jump_us", "  one jump there: encode, decode and fold in a page, evict one (µs)", "< 1000", lambda v: 0 < v < 1000),
    ("visidata_last_ms_1m", "VisiData: start → last of 1M rows (ms)", "—", None),
    ("visidata_rss_mb_1m", "VisiData: RSS then (MB)", "—", None),
    ("visidata_over_jump_time", "VisiData time to the last row / portal's G", "> 1", lambda v: v > 1),
    ("jump_vs_visidata_rss", "portal RSS after jumps / VisiData RSS", "< 1", lambda v: 0 < v < 1),
    ("stalls_count", "stalls at 30 rows/s, 150 ms latency", "0", lambda v: v == 0),
    ("stalls_ms", "time waiting on 'loading more' (ms)", "0", lambda v: v == 0),
    ("frame_p50_us_1k", "key + redraw, median, 1k loaded (µs)", "< 1000", lambda v: v < 1000),
    ("frame_p99_us_1k", "key + redraw, p99, 1k loaded (µs)", "< 1000", lambda v: v < 1000),
    ("frame_p50_us_100k", "key + redraw, median, 100k loaded (µs)", "flat", None),
    ("frame_p99_us_100k", "key + redraw, p99, 100k loaded (µs)", "< 1000", lambda v: v < 1000),
    ("frame_p50_us_1m", "key + redraw, median, 1M held sparse as the browser does (µs)", "flat", None),
    ("frame_growth", "median at the largest list / median at 1k", "≤ 1.5", lambda v: 0 < v <= 1.5),
    ("frame_p99_us_1m", "key + redraw, p99, 1M held sparse as the browser does (µs)", "< 1000", lambda v: v < 1000),
    ("live_events_per_s_sustained", "pushed changes read, held, folded in and drawn, per CPU second", "≥ 10000", lambda v: v >= 10000),
    ("frame_p50_us_live", "one tick of 400 changes into 1M + redraw, median (µs)", "—", None),
    ("frame_p99_us_live", "one tick of 400 changes into 1M + redraw, p99 (µs)", "≤ 2000", lambda v: 0 <= v <= 2000),
    ("rss_mb_live_10min", "RSS after 10 min of 10k changes/s into 1M (6M events, compressed unless BENCH_LIVE_PACE=realtime) (MB)", "—", None),
    ("rss_mb_live_growth_10min", "  its growth over the first screen, within the tab's 16 MiB byte budget (MB)", "≤ 16", lambda v: 0 <= v <= 16),
    ("frame_views_p50_us", "  views only (null screen), largest list, median (µs)", "—", None),
    ("frame_views_p99_us", "  views only (null screen), largest list, p99 (µs)", "—", None),
    ("frame_mean_us_portal", "key + redraw in the real binary, mean CPU (µs)", "< 1000", lambda v: 0 <= v < 1000),
    ("bytes_per_char_100k", "resident bytes per character, 100k", "≤ 256", lambda v: 0 < v <= 256),
    ("bytes_per_char_1m", "resident bytes per character, 1M", "≤ 256", lambda v: 0 < v <= 256),
    ("peak_rss_mb", "peak RSS of the largest load (MB)", "—", None),
    ("portal_peak_rss_mb", "peak RSS of portal after 826 cards (MB)", "—", None),
    ("startup_ms_offline", "start → first full grid, snapshot (ms)", "< 100", lambda v: 0 <= v < 100),
    ("startup_ms_mirror", "start → first full grid, mirror (ms)", "—", None),
    ("startup_ms_cached", "start → first full grid, 100 ms mirror, from the disk cache (ms)", "< 100", lambda v: 0 <= v < 100),
    ("startup_ms_cold_latency", "the same start with --no-cache (ms)", "—", None),
    ("startup_ms_silent_terminal", "start → first screen, --pictures auto, a terminal that never answers (ms)", "< 100",
     lambda v: 0 <= v < 100),
    ("startup_ms_silent_terminal_pictures_off", "the same start with --pictures off (ms)", "—", None),
    ("requests_second_run", "network requests, the same 200 cards scrolled again", "0", lambda v: v == 0),
    ("idle_cpu_pct", "idle CPU over 5 s (%)", "≈ 0", lambda v: 0 <= v < 0.5),
    ("idle_wakeups_ui_per_s", "idle wake-ups of the UI thread per second", "0", lambda v: v == 0),
    ("idle_wakeups_per_s", "idle context switches, all threads, per second", "—", None),
    ("bytes_select_move", "terminal bytes, one selection move", "≈ cells", None),
    ("cells_select_move", "  cells that changed", "—", None),
    ("bytes_scroll_row", "terminal bytes, one-row scroll", "≈ cells", None),
    ("cells_scroll_row", "  cells that changed", "—", None),
    ("bytes_first_screen", "terminal bytes, first screen", "—", None),
    ("page_insert_us_1k", "fold in one 20-card page at 1k (µs)", "flat", None),
    ("page_insert_us_100k", "fold in one 20-card page at 100k (µs)", "flat", None),
    ("page_insert_growth", "page insert at 100k / at 1k", "≤ 2", lambda v: 0 < v <= 2),
    ("picture_requests_at_rest", "pictures asked for at rest, 120×40 (cards shown + 2 rows ahead)", "≤ picture_cards_at_rest", None),
    ("picture_cards_at_rest", "  cards on screen + 2 rows ahead", "—", None),
    ("picture_rest_within_goal", "  1 when the requests at rest ≤ those cards", "1", lambda v: v == 1),
    ("picture_requests_after_jump_1m", "pictures asked for after G on 1M", "≤ cards around the end", lambda v: 0 < v <= 40),
    ("picture_requests_on_the_way_1m", "  of them for cards not around the end", "0", lambda v: v == 0),
    ("picture_duplicates", "pictures asked for twice (rest, G, g, 5 screens down and up)", "0", lambda v: v == 0),
    ("frame_p50_us_pictures", "key + redraw with pictures on every card, median (µs)", "—", None),
    ("frame_p99_us_pictures", "key + redraw with pictures on every card, p99 (µs)", "< 2000", lambda v: 0 < v < 2000),
    ("mcp_get_rows_requests_1m", "portal mcp: get_rows from row 500,000 of 1M, requests", "≤ 3", lambda v: 0 <= v <= 3),
    ("mcp_repeat_requests", "  the same call again, requests", "0", lambda v: v == 0),
    ("mcp_call_ms_p50", "  a get_rows call at a random row, median (ms)", "—", None),
    ("mcp_bytes_per_100_rows", "  answer bytes for 100 rows", "—", None),
    ("mcp_bytes_pct_of_api_json", "  as % of the API's own JSON for those rows", "≤ 40", lambda v: 0 < v <= 40),
    ("picture_fidelity_old", "mean ΔE, 20×10 cells: the old half-block renderer", "—", None),
    ("picture_fidelity", "mean ΔE, 20×10 cells: libchafa blocks, 256 colours", "< old", None),
    ("picture_fidelity_better", "  1 when libchafa's ΔE < the old renderer's", "1", lambda v: v == 1),
    ("picture_fidelity_truecolor", "  libchafa blocks, 24-bit colour", "—", None),
    ("picture_fidelity_cells_old", "  per cell (one colour a cell): old", "—", None),
    ("picture_fidelity_cells", "  per cell (one colour a cell): libchafa, 256 colours", "—", None),
]


def fmt(value):
    if value is None:
        return "skipped"
    if isinstance(value, float) and value != int(value):
        return f"{value:.2f}" if abs(value) < 100 else f"{value:.0f}"
    return str(int(value))


def table(results, machine):
    rows = [("figure", "value", "goal", "")]
    for key, label, goal, ok in GOALS:
        value = results.get(key)
        mark = "" if value is None or ok is None else ("ok" if ok(value) else "MISS")
        if value is not None and value < 0:
            mark = "FAILED"
        rows.append((f"{key}  {label}", fmt(value), goal, mark))
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    w2 = max(len(r[2]) for r in rows)
    out = [f"portal bench — {machine}"]
    for i, (a, b, c, d) in enumerate(rows):
        out.append(f"{a:<{w0}}  {b:>{w1}}  {c:<{w2}}  {d}".rstrip())
        if i == 0:
            out.append("-" * (w0 + w1 + w2 + 10))
    return "\n".join(out)


def machine_line():
    cores = os.cpu_count()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{cores} cores, load average {load}"


# --------------------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default="")
    parser.add_argument("--out", default=os.path.join(HERE, "results.json"))
    args = parser.parse_args()
    args.bin = os.path.abspath(args.bin)
    args.data = os.path.abspath(args.data)
    args.work = tempfile.mkdtemp(prefix="portal-bench-", dir=os.environ.get("BENCH_TMP"))
    args.tag = os.environ.get("BENCH_TAG", f"bench-{os.getpid()}")
    reaper = Reaper(args.work)
    atexit.register(reaper.all)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(129))
    only = set(filter(None, args.only.split(",")))

    def wanted(name):
        return not only or name in only

    expected = Expected(args.data)
    results = {}
    started = time.monotonic()
    load_before = machine_line()

    if wanted("frames"):
        counts = "1000,100000" if args.quick else "1000,100000,1000000"
        results.update(portal_bench(args, "frames", "--counts", counts))
        # The same keys into a screen that keeps nothing: the views' share of the cost.
        views = portal_bench(args, "frames", "--counts", counts.split(",")[-1], "--screen", "null", "--rounds", "2")
        for key, value in views.items():
            results["frame_views_" + key.split("_")[1] + "_us"] = value
    if wanted("live"):
        # A million rows following 10,000 pushed changes a second (issue 38): model + view.
        results.update(portal_bench(args, "live", "--count", "100000" if args.quick else "1000000", "--seconds", "4" if args.quick else "10"))
        if not args.quick:
            # Ten minutes of it (6,000,000 changes), then the resident memory: fed as fast as
            # the path takes them (about 100 s), or at 10,000 a second for the full ten
            # minutes with BENCH_LIVE_PACE=realtime (docs/benchmarks.md).
            pace = os.environ.get("BENCH_LIVE_PACE", "compressed")
            figures = portal_bench(args, "livememory", "--count", "1000000", "--minutes", "10", "--pace", pace, timeout=900)
            results.update({k: v for k, v in figures.items() if k.startswith("rss_mb_live")})
    if wanted("memory"):
        figures = portal_bench(args, "memory", "--count", "100000")
        results.update(figures)
        peak = figures.get("peak_rss_mb_100k")
        if not args.quick:
            figures = portal_bench(args, "memory", "--count", "1000000")
            results.update(figures)
            peak = figures.get("peak_rss_mb_1m", peak)
        if peak is not None:
            results["peak_rss_mb"] = peak
    if wanted("pictures"):
        results.update(portal_bench(args, "pictures"))
        if "picture_requests_at_rest" in results and "picture_cards_at_rest" in results:
            results["picture_rest_within_goal"] = float(results["picture_requests_at_rest"] <= results["picture_cards_at_rest"])
        if "picture_fidelity" in results and "picture_fidelity_old" in results:
            results["picture_fidelity_better"] = float(results["picture_fidelity"] < results["picture_fidelity_old"])
    if wanted("inserts"):
        results.update(portal_bench(args, "inserts", "--counts", "1000,100000"))
    if wanted("sparse") and not args.quick:
        results.update(portal_bench(args, "sparse", "--count", "1000000"))
    if wanted("stalls"):
        mirror = Mirror(args, reaper, latency=150)
        try:
            figures = portal_bench(args, "stalls", "--base-url", mirror.base)
        finally:
            mirror.stop()
        results.update({k: v for k, v in figures.items() if k in ("stalls_count", "stalls_ms", "stalls_longest_ms")})
    if wanted("network"):
        runs = {
            "keys": scroll_run(args, reaper, expected, "keys", 0, 24, "keys"),
            "storm": scroll_run(args, reaper, expected, "storm", 100, 24, "storm"),
            "tall": scroll_run(args, reaper, expected, "tall", 0, 200, "tall"),
        }
        for name, run in runs.items():
            results[f"requests_scroll_{name}"] = run["requests"]
        results["duplicates"] = sum(r["repeats"] + r["bad_screens"] for r in runs.values())
        results["portal_peak_rss_mb"] = runs["keys"]["peak_rss"] / 1048576
        results["requests_detail_rick"] = detail_run(args, reaper, expected)
    if wanted("jumps"):
        pages, shown = startup_tall(args, reaper, expected)
        results["requests_startup_tall"] = pages
        results["pages_shown_tall"] = shown
        results.update(jumps_million(args, reaper, expected))
        side = visidata_million(args, reaper, expected)
        if side:
            results.update(side)
            if results.get("jump_end_ms_1m"):
                results["visidata_over_jump_time"] = side["visidata_last_ms_1m"] / results["jump_end_ms_1m"]
            if results.get("rss_mb_after_jumps_1m"):
                results["jump_vs_visidata_rss"] = results["rss_mb_after_jumps_1m"] / side["visidata_rss_mb_1m"]
    if wanted("jumpspictures"):
        results.update(jumps_million_pictures(args, reaper, expected))
    if wanted("anyapi"):
        results.update(any_api(args, reaper, expected))
    if wanted("graphql"):
        results.update(graphql(args, reaper, expected))
    if wanted("startup"):
        n = 5 if args.quick else 9
        results["startup_ms_offline"] = startup(args, reaper, expected,
                                                [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--data", args.data], n)
        mirror = Mirror(args, reaper, latency=0)
        try:
            results["startup_ms_mirror"] = startup(args, reaper, expected,
                                                   [os.path.join(args.bin, "portal"), *TEXT_CARDS, "--base-url", mirror.base, "--no-cache"], n)
        finally:
            mirror.stop()
        log(f"startup: offline {results['startup_ms_offline']:.1f} ms, mirror {results['startup_ms_mirror']:.1f} ms (median of {n})")
    if wanted("startupsilent"):
        results.update(startup_silent_terminal(args, reaper, expected, 5 if args.quick else 9))
    if wanted("cache"):
        results.update(disk_cache(args, reaper, expected, 5 if args.quick else 9))
    if wanted("idle"):
        results["idle_cpu_pct"], results["idle_wakeups_per_s"], results["idle_wakeups_ui_per_s"] = \
            idle_cpu(args, reaper, expected, 5)
    if wanted("realframes"):
        results["frame_mean_us_portal"] = real_frames(args, reaper, expected)
    if wanted("mcp"):
        results.update(mcp_bench.run(args, reaper, Mirror, log, ENV))
    if wanted("bytes"):
        figures = terminal_bytes(args, reaper, expected)
        if figures:
            results.update(figures)

    # Whether the per-key and per-page costs stay flat as the list grows.
    largest = results.get("frame_p50_us_1m", results.get("frame_p50_us_100k"))
    if largest and results.get("frame_p50_us_1k"):
        results["frame_growth"] = largest / results["frame_p50_us_1k"]
    if results.get("page_insert_us_100k") and results.get("page_insert_us_1k"):
        results["page_insert_growth"] = results["page_insert_us_100k"] / results["page_insert_us_1k"]

    reaper.all()
    machine = f"{load_before} at start, {machine_line().split(', ')[1]} at end; {time.monotonic() - started:.0f} s"
    results["cores"] = os.cpu_count()
    results["load_average_1m"] = os.getloadavg()[0]
    results["bench_seconds"] = round(time.monotonic() - started, 1)
    results = {k: (round(v, 3) if isinstance(v, float) else v) for k, v in results.items()}
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1, sort_keys=False)
        f.write("\n")
    print(table(results, machine))
    print(f"\nwrote {os.path.relpath(args.out)}")
    shutil.rmtree(args.work, ignore_errors=True)


if __name__ == "__main__":
    main()
