#!/usr/bin/env python3
"""portal mcp as an agent uses it, through the official MCP Python SDK's client (PyPI `mcp`).

Run by Tests/PortalEndToEndTests/MCPToolsAnswerAnAgentInFewRequestsEndToEndTests.swift under the venv `make test` makes:

    mcp_check.py PORTAL ORIGIN CONFIG TRACE SECRET

PORTAL is the binary, ORIGIN the mirror (a million characters), CONFIG a config file saving
the API `crew` (the mirror's characters as `people`, its opaque-cursor list as `walkers`,
its key read from the environment as SECRET), TRACE the --trace file whose lines are the
requests sent. Prints one line per check; exits 1 at the first that fails.

The server is given CONFIG and, in a copy beside it, three more saved APIs written only
there: `team`, issue 34's crew API (bench/crew-server.py, started here on a free port)
described by list specs alone (string keys in `uid`, a `state` filter, `team_ids` naming
records of `teams`, fetched by its `by_keys`); `described`, the mirror's OpenAPI document;
`gql`, the mirror's GraphQL schema.
"""
import asyncio
import json
import os
import socket
import subprocess
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

PORTAL, ORIGIN, CONFIG, TRACE, SECRET = sys.argv[1:6]
CREW_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "crew-server.py")
seen_text = []


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_crew():
    """bench/crew-server.py on a free port, once it accepts connections."""
    port = free_port()
    server = subprocess.Popen([sys.executable, CREW_SERVER, "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server, port
        except OSError:
            time.sleep(0.1)
    server.kill()
    check(False, "bench/crew-server.py accepts connections")


def agent_config(crew_port):
    """CONFIG with the saved APIs written only here, in a file of its own (mode 600)."""
    with open(CONFIG) as f:
        text = f.read()
    text += f"""
[apis.team]
url = "http://127.0.0.1:{crew_port}/v2"

[apis.team.lists.members]
path = "/members"
items = "members"
key = "uid"
paging = {{ style = "page", page = "pg", size = "per", total = "paging.total_count" }}
filters = {{ state = ["active", "away", "gone"] }}
detail = {{ fields = ["handle", "state"], related = [{{ field = "team_ids", list = "teams", title = "Teams" }}] }}

[apis.team.lists.teams]
path = "/teams"
items = "teams"
by_keys = "/teams?ids={{keys}}"
card = {{ title = "label" }}

[apis.described]
openapi = "{ORIGIN}/openapi.json"

[apis.gql]
graphql = "{ORIGIN}/graphql"
"""
    path = CONFIG + ".agent.toml"
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o600)
    return path


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


async def main(config):
    env = dict(os.environ, CREW_KEY=SECRET)
    env.pop("PORTAL_API_KEY", None)
    server = StdioServerParameters(
        command=PORTAL,
        args=["mcp", "--base-url", ORIGIN + "/api", "--config", config, "--trace", TRACE, "--no-cache"],
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
                check({"team", "described", "gql"} <= set(apis) and all("lists" in apis[n] for n in ("team", "described", "gql")),
                      f"the saved APIs of the agent's config open: {[apis[n].get('error') for n in ('team', 'described', 'gql')]}")

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

                await saved_apis_by_key(session)

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


def urls_since(before):
    return [line["url"] for line in requests()[before:]]


async def saved_apis_by_key(session):
    """get_item by key on APIs no project code names, whatever rows were read: a list
    spec's string key with its related list, an OpenAPI item operation, a GraphQL root
    field by id; filters a spec and an OpenAPI document declare."""
    shape = await answer(session, "describe_list", {"api": "team", "list": "members"})
    check(shape["key"] == "uid" and shape["related"] == ["teams"], f"the spec's key and related list: {shape['key']}, {shape['related']}")
    check([(f["name"], f.get("choices")) for f in shape["filters"]] == [("state", ["active", "away", "gone"])], "the spec's filter")

    before = len(requests())
    member = await answer(session, "get_item", {"api": "team", "list": "members", "key": "u-0042"})
    asked = urls_since(before)
    check(member["key"] == "u-0042" and member["record"]["display"] == "Member 42", "get_item by a string key no row read gave")
    teams = member["related"][0]
    check(teams["name"] == "teams" and teams["count"] == 2 and [r[0] for r in teams["rows"]] == ["t-13", "t-20"],
          f"its related list by the spec's by_keys: {teams}")
    check(len(asked) == 2 and asked[0].endswith("/v2/members/u-0042") and asked[1].endswith("/v2/teams?ids=t-13,t-20"),
          f"1 request for the record + 1 for its teams: {asked}")
    error, text = await call(session, "get_item", {"api": "team", "list": "members", "key": "u-9999"})
    check(error and "no record with key u-9999" in text, f"an unknown key is a tool error: {text}")

    before = len(requests())
    away = await answer(session, "count_rows", {"api": "team", "list": "members", "filters": {"state": "away"}})
    check(away == {"api": "team", "list": "members", "count": 80, "kind": "exact"} and urls_since(before)[0].endswith("?state=away"),
          f"a spec's filter counted by the server: {away}")

    shape = await answer(session, "describe_list", {"api": "described", "list": "character"})
    status = next(f for f in shape["filters"] if f["name"] == "status")
    check(status["choices"] == ["alive", "dead", "unknown"], "an OpenAPI operation's enum parameter is a filter")
    before = len(requests())
    dead = await answer(session, "count_rows", {"api": "described", "list": "character", "filters": {"status": "dead"}})
    asked = urls_since(before)
    check(dead["kind"] == "exact" and 0 < dead["count"] < 1_000_000 and len(asked) == 1 and "status=dead" in asked[0],
          f"a filtered count on an OpenAPI list in one request: {dead} {asked}")
    species = next((f for f in shape["filters"] if f["name"] == "species"), {})
    check(species.get("text") == "free text", f"a string query parameter is a free-text filter: {species}")
    before = len(requests())
    aliens = await answer(session, "count_rows", {"api": "described", "list": "character",
                                                  "filters": {"species": "Alien", "status": "alive"}})
    asked = urls_since(before)
    check(aliens["kind"] == "exact" and 0 < aliens["count"] < dead["count"] and len(asked) == 1
          and "species=Alien" in asked[0] and "status=alive" in asked[0], f"two filters, one request: {aliens} {asked}")
    error, text = await call(session, "count_rows", {"api": "described", "list": "character", "filters": {"colour": "red"}})
    check(error and "its filters: name, status, gender, species, type" in text, f"an unknown filter names the valid ones: {text}")
    before = len(requests())
    item = await answer(session, "get_item", {"api": "described", "list": "character", "key": 654_321})
    check(item["record"]["id"] == 654_321 and urls_since(before) == [ORIGIN + "/api/character/654321"],
          "get_item on an OpenAPI list: its GET /character/{id} in one request")

    before = len(requests())
    node = await answer(session, "get_item", {"api": "gql", "list": "characters", "key": "777"})
    check(node["record"]["id"] == "777" and len(urls_since(before)) == 1, "get_item on a GraphQL list: character(id:) in one POST")


crew, crew_port = start_crew()
try:
    asyncio.run(main(agent_config(crew_port)))
finally:
    crew.terminate()
    crew.wait()
