#!/usr/bin/env python3
"""portal mcp as an agent uses it, through the official MCP Python SDK's client (PyPI `mcp`).

Run by Tests/PortalEndToEndTests/MCPEndToEndTests.swift under the venv `make test` makes:

    mcp_check.py PORTAL ORIGIN CONFIG TRACE SECRET

PORTAL is the binary, ORIGIN the mirror (a million characters), CONFIG a config file saving
the API `crew` (the mirror's characters as `people`, its opaque-cursor list as `walkers`,
its key read from the environment as SECRET), TRACE the --trace file whose lines are the
requests sent. Prints one line per check; exits 1 at the first that fails.
"""
import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

PORTAL, ORIGIN, CONFIG, TRACE, SECRET = sys.argv[1:6]
seen_text = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        sys.exit(1)


def requests():
    try:
        with open(TRACE) as f:
            return [json.loads(line) for line in f if line.strip() and '"url"' in line]
    except FileNotFoundError:
        return []


async def call(session, name, arguments=None, **options):
    result = await session.call_tool(name, arguments or {}, **options)
    text = "".join(part.text for part in result.content if getattr(part, "type", "") == "text")
    seen_text.append(text)
    return result.isError if hasattr(result, "isError") else result.is_error, text


async def answer(session, name, arguments=None, **options):
    error, text = await call(session, name, arguments, **options)
    check(not error, f"{name} {json.dumps(arguments or {})} answers: {text[:160]}")
    return json.loads(text)


async def main():
    env = dict(os.environ, CREW_KEY=SECRET)
    env.pop("PORTAL_API_KEY", None)
    server = StdioServerParameters(
        command=PORTAL,
        args=["mcp", "--base-url", ORIGIN + "/api", "--config", CONFIG, "--trace", TRACE, "--no-cache"],
        env=env,
    )
    with open(os.devnull, "w") as quiet:
        async with stdio_client(server, errlog=quiet) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                version = getattr(init, "protocolVersion", None) or getattr(init, "protocol_version", "")
                check(version >= "2025-06-18", f"protocol revision {version}")

                tools = {tool.name: tool for tool in (await session.list_tools()).tools}
                names = {"list_apis", "describe_list", "get_rows", "get_item", "count_rows"}
                check(set(tools) == names, f"five tools: {sorted(tools)}")
                for tool in tools.values():
                    schema = getattr(tool, "inputSchema", None) or getattr(tool, "input_schema", None)
                    check(schema.get("type") == "object" and tool.description, f"{tool.name} has a schema and a description")

                apis = {api["name"]: api for api in (await answer(session, "list_apis"))["apis"]}
                check({"rickandmorty", "crew"} <= set(apis), f"list_apis names the preset and the saved API: {sorted(apis)}")
                characters = next(l for l in apis["rickandmorty"]["lists"] if l["name"] == "characters")
                check(characters["addressable"] is True, "characters can be reached directly")
                check({l["name"] for l in apis["crew"]["lists"]} == {"people", "walkers"}, "crew's lists")

                shape = await answer(session, "describe_list", {"api": "rickandmorty", "list": "characters"})
                fields = {f["name"]: f for f in shape["fields"]}
                check(fields["name"]["type"] == "string" and fields["id"]["type"] == "integer", "fields with types")
                check(shape["key"] == "id" and shape["total"] == 1_000_000 and shape["total_exact"], "key and exact total")
                status = next(f for f in shape["filters"] if f["name"] == "status")
                check("dead" in [c.lower() for c in status["choices"]], "status filter with its choices")

                before = len(requests())
                rows = await answer(session, "get_rows", {"api": "rickandmorty", "list": "characters", "from": 500_000})
                asked = len(requests()) - before
                ids = [row[rows["columns"].index("id")] for row in rows["rows"]]
                check(ids == list(range(500_000, 500_020)), "rows 500,000…500,019")
                check(rows["total"] == 1_000_000 and rows["next_from"] == 500_020, "total and next_from")
                check(asked <= 3, f"row 500,000 of a million in {asked} requests (at most 3)")

                before = len(requests())
                again = await answer(session, "get_rows", {"api": "rickandmorty", "list": "characters", "from": 500_000})
                check(again["rows"] == rows["rows"] and len(requests()) == before, "the same call again asks nothing")

                picked = await answer(session, "get_rows", {"api": "rickandmorty", "list": "characters", "count": 3,
                                                             "fields": ["name", "origin.name"]})
                check(picked["columns"] == ["name", "origin.name"] and picked["rows"][0] == ["Rick Sanchez", "Earth (C-137)"],
                      "fields and dotted paths")

                rick = await answer(session, "get_item", {"api": "rickandmorty", "list": "characters", "key": 1})
                check(rick["record"]["name"] == "Rick Sanchez", "get_item: Rick")
                episodes = next(r for r in rick["related"] if r["name"] == "episodes")
                check(episodes["count"] == 51 and len(episodes["rows"]) > 0, "his episodes: count and first rows")

                dead = await answer(session, "count_rows", {"api": "rickandmorty", "list": "characters",
                                                            "filters": {"status": "dead"}})
                check(dead["kind"] == "exact" and 0 < dead["count"] < 1_000_000, f"count_rows dead: {dead}")

                people = await answer(session, "get_rows", {"api": "crew", "list": "people", "from": 41, "count": 5})
                check(people["rows"] and people["total"] == 1_000_000, "a saved API's list from row 41")
                key = people["rows"][0][people["columns"].index("id")]
                person = await answer(session, "get_item", {"api": "crew", "list": "people", "key": key})
                check(person["record"]["id"] == key, "a saved API's record by its key")

                progress = []

                async def on_progress(done, total, message):
                    progress.append(done)

                walked = await answer(session, "get_rows", {"api": "crew", "list": "walkers", "from": 181, "count": 5},
                                      progress_callback=on_progress)
                check(walked["rows"][0][walked["columns"].index("id")] == 181 and "next_cursor" in walked,
                      "a walked list: row 181 and a next_cursor")
                check(len(progress) >= 5, f"progress while walking: {len(progress)} notifications")
                before = len(requests())
                more = await answer(session, "get_rows", {"cursor": walked["next_cursor"], "count": 5})
                check(more["rows"][0][more["columns"].index("id")] == 186 and len(requests()) - before <= 1,
                      f"the cursor goes on from the page it passed ({len(requests()) - before} requests)")

                # Cancelled mid-walk (the client gives up after 0.5 s and sends
                # notifications/cancelled): the walk's requests stop.
                try:
                    await session.call_tool("get_rows", {"api": "crew", "list": "walkers", "from": 900_000},
                                            read_timeout_seconds=0.5)
                    check(False, "a walk to row 900,000 outlasts half a second")
                except Exception:
                    pass
                # Uncancelled, the walk would go on asking for 25 s: wait until the trace
                # stays still for a second (a request in flight may still land).
                counts = [len(requests())]
                for _ in range(20):
                    await asyncio.sleep(1.0)
                    counts.append(len(requests()))
                    if counts[-1] == counts[-2]:
                        break
                check(counts[-1] == counts[-2] and counts[-1] > before,
                      f"notifications/cancelled stops the walk ({counts[-1] - before} requests, then none)")

                for arguments, said in [
                    ({"api": "rickandmorty", "list": "characters", "count": 1000}, "count"),
                    ({"api": "nope", "list": "characters"}, "rickandmorty"),
                    ({"api": "rickandmorty", "list": "characters", "from": "x"}, "from"),
                    ({"api": "rickandmorty", "list": "characters", "filters": {"planet": "x"}}, "status"),
                    ({"api": "rickandmorty", "list": "characters", "colour": 1}, "colour"),
                ]:
                    error, text = await call(session, "get_rows", arguments)
                    check(error and said in text, f"bad arguments are a tool error: {text}")
                await session.send_ping()
                check(True, "the server still answers after bad arguments")

    check(all(SECRET not in text for text in seen_text), "no answer holds the secret")
    print("all checks passed")


asyncio.run(main())
