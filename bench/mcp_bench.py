"""`portal mcp` figures for `make bench` (bench/bench.py --only mcp). Standard library only.

The real binary as an agent runs it: JSON-RPC 2.0 over its stdin and stdout (initialize,
notifications/initialized, tools/call), against the mirror at a million characters, with
--trace counting the requests it sends and --no-cache (the session's memory cache stays).

  mcp_get_rows_requests_1m   requests for get_rows from row 500,000 of 1,000,000
  mcp_repeat_requests        requests for the same call again (the cache answers)
  mcp_call_ms_p50            median round trip of 21 get_rows calls at random rows
  mcp_bytes_per_100_rows     bytes of the answer's text for 100 rows (the card fields)
  mcp_bytes_pct_of_api_json  that, as a percentage of the API's own JSON for the same rows
"""

import json
import os
import random
import select
import statistics
import subprocess
import time
import urllib.request


class Server:
    """portal mcp on pipes: one request at a time, its answer read by id."""

    def __init__(self, argv, env):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "portal-bench", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()

    def request(self, method, params, timeout=60):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.proc.stdout], [], [], deadline - time.monotonic())
            if not ready:
                break
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("portal mcp closed its stdout")
            message = json.loads(line)
            if message.get("id") == self.next_id:
                return message
        raise RuntimeError(f"no answer to {method} within {timeout} s")

    def call(self, name, arguments):
        """The tool's text and the seconds the round trip took."""
        started = time.monotonic()
        message = self.request("tools/call", {"name": name, "arguments": arguments})
        elapsed = time.monotonic() - started
        result = message["result"]
        text = "".join(part.get("text", "") for part in result["content"])
        if result.get("isError"):
            raise RuntimeError(f"{name} {arguments}: {text}")
        return text, elapsed

    def stop(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def requests(trace):
    try:
        with open(trace) as f:
            return sum(1 for line in f if line.strip() and "url" in json.loads(line))
    except FileNotFoundError:
        return 0


def api_json_bytes(base, first_row, count, page_size=20):
    """The compact JSON of the API's own items for rows first_row…first_row+count-1."""
    total = 0
    for page in range((first_row - 1) // page_size + 1, (first_row + count - 2) // page_size + 2):
        with urllib.request.urlopen(f"{base}/character?page={page}", timeout=30) as answer:
            items = json.load(answer)["results"]
        for index, item in enumerate(items):
            row = (page - 1) * page_size + index + 1
            if first_row <= row < first_row + count:
                total += len(json.dumps(item, separators=(",", ":"), ensure_ascii=False).encode())
    return total


def run(args, reaper, mirror_class, log, env):
    mirror = mirror_class(args, reaper, latency=0, extra=("--scale", "1000000"))
    trace = os.path.join(args.work, "trace-mcp.jsonl")
    server = None
    try:
        server = Server([os.path.join(args.bin, "portal"), "mcp", "--base-url", mirror.base, "--trace", trace, "--no-cache"], env)
        reaper.add_pid(server.proc.pid)
        jump = {"api": "rickandmorty", "list": "characters", "from": 500_000}
        before = requests(trace)
        text, _ = server.call("get_rows", jump)
        ids = [row[0] for row in json.loads(text)["rows"]]
        if ids != list(range(500_000, 500_020)):
            raise RuntimeError(f"get_rows from 500,000 answered rows {ids[:3]}…")
        jumped = requests(trace) - before
        before = requests(trace)
        server.call("get_rows", jump)
        repeated = requests(trace) - before
        rng = random.Random(37)
        times = [server.call("get_rows", {"api": "rickandmorty", "list": "characters", "from": rng.randrange(1, 999_000)})[1]
                 for _ in range(21)]
        text, _ = server.call("get_rows", {"api": "rickandmorty", "list": "characters", "from": 1001, "count": 100})
        rows = len(json.loads(text)["rows"])
        answer_bytes = len(text.encode()) * 100 / max(1, rows)
        raw = api_json_bytes(mirror.base, 1001, 100)
        log(f"mcp: from 500,000 in {jumped} requests, again {repeated}; call p50 {statistics.median(times) * 1000:.1f} ms; "
            f"100 rows {answer_bytes:.0f} B vs the API's JSON {raw} B")
        return {
            "mcp_get_rows_requests_1m": jumped,
            "mcp_repeat_requests": repeated,
            "mcp_call_ms_p50": statistics.median(times) * 1000,
            "mcp_bytes_per_100_rows": answer_bytes,
            "mcp_bytes_pct_of_api_json": 100.0 * answer_bytes / raw,
        }
    finally:
        if server:
            server.stop()
        mirror.stop()
