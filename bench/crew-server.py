#!/usr/bin/env python3
"""Issue 34's "crew" API: an API no project code names, for trying a list spec by hand.

    python3 bench/crew-server.py --port 18718 [--data ../shared/data]

240 members at /v2/members, paged by `pg` and `per` (20 by default, at most 100), the total
at `paging.total_count`, `state=` filtering them, `uid=a,b` answering those members;
/v2/members/UID answers one (404 for a uid no member has); each member's key is `uid` (a string), its name `display`, its
picture `portrait` (a relative URL), `state` active/away/gone, `joined`, `team_ids`.
/v2/teams lists the 30 teams; /v2/teams?ids=a,b answers many at once. Pictures are the
snapshot's avatars, read from DATA/rickandmorty/avatars where they lie (never copied).
The config that describes it is in docs/presets.md ("A page-numbered list with its own
names"). Every request is printed on stderr.
"""
import argparse
import json
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

MEMBERS = 240
STATES = ["active", "away", "gone"]


def member(n):
    teams = [f"t-{(k * 7 + n) % 30 + 1}" for k in range(n % 8)]
    return {
        "uid": f"u-{n:04d}", "display": f"Member {n}", "handle": f"@m{n}", "state": STATES[n % 3],
        "portrait": f"/v2/portraits/{n % 20 + 1}.jpeg", "joined": f"2023-0{n % 9 + 1}-1{n % 10}T08:00:00Z",
        "team_ids": teams,
    }


def team(ident):
    return {"id": ident, "label": f"Team {ident[2:]}", "size": int(ident[2:]) % 9 + 2}


class Handler(BaseHTTPRequestHandler):
    avatars = "."

    def answer(self, status, body, kind="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/v2/members":
            try:
                page, per = max(1, int(query.get("pg", 1))), min(100, max(1, int(query.get("per", 20))))
            except ValueError:
                return self.answer(400, {"error": "pg and per are numbers"})
            chosen = [member(n) for n in range(1, MEMBERS + 1)]
            if "state" in query:
                chosen = [m for m in chosen if m["state"] == query["state"]]
            if "uid" in query:
                wanted = query["uid"].split(",")
                chosen = [m for m in chosen if m["uid"] in wanted]
            items = chosen[(page - 1) * per:page * per]
            return self.answer(200, {"members": items, "paging": {"pg": page, "per": per, "total_count": len(chosen)}})
        if url.path.startswith("/v2/members/"):
            uid = url.path[len("/v2/members/"):]
            found = [member(n) for n in range(1, MEMBERS + 1) if member(n)["uid"] == uid]
            return self.answer(200, found[0]) if found else self.answer(404, {"error": f"no member {uid}"})
        if url.path == "/v2/teams":
            ids = query["ids"].split(",") if "ids" in query else [f"t-{n}" for n in range(1, 31)]
            known = [i for i in ids if i.startswith("t-") and i[2:].isdigit() and 1 <= int(i[2:]) <= 30]
            return self.answer(200, {"teams": [team(i) for i in known]})
        if url.path.startswith("/v2/portraits/"):
            name = os.path.basename(url.path)
            path = os.path.join(self.avatars, name)
            if name.endswith(".jpeg") and os.path.isfile(path):
                with open(path, "rb") as f:
                    return self.answer(200, f.read(), "image/jpeg")
        return self.answer(404, {"error": "not found"})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=18718)
    parser.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data"))
    args = parser.parse_args()
    Handler.avatars = os.path.join(args.data, "rickandmorty", "avatars")
    ThreadingHTTPServer(("127.0.0.1", args.port), Handler).serve_forever()


if __name__ == "__main__":
    main()
