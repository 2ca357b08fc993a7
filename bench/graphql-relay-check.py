#!/usr/bin/env python3
"""The mirror's Relay slicing against graphql-relay's own (PyPI graphql-relay, the Python
port of graphql-relay-js that graphene uses): every combination of first/last and
after/before below, over the 826 characters, must give the same edges, cursors and page
info. Not part of `make test` (it needs the package):

    python3 -m venv --system-site-packages /tmp/venv && /tmp/venv/bin/pip install graphql-relay
    .build/debug/portal-mirror --port 8080 &
    /tmp/venv/bin/python bench/graphql-relay-check.py http://127.0.0.1:8080/graphql

Prints the sets compared and the ones that differ (exit 1 when any does); skips (exit 0,
one line) when graphql_relay is missing. Neither first nor last is left out: the mirror
answers 20 there, graphql-relay the whole list (docs/mirror.md).
"""
import itertools
import json
import sys
import urllib.request

try:
    from graphql_relay import connection_from_array, offset_to_cursor
except ImportError:
    print("graphql-relay-check: skipped (pip install graphql-relay)")
    sys.exit(0)

URL = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080/graphql"
COUNT = 826
QUERY = ("query($first: Int, $after: String, $last: Int, $before: String) { allCharacters(first: $first, after: $after, "
         "last: $last, before: $before) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } "
         "edges { cursor node { id } } } }")
CURSORS = [None, "bad!"] + [offset_to_cursor(n) for n in (-3, 0, 10, COUNT - 2, COUNT - 1, 900)]
SIZES = [None, 0, 1, 5, 20]

ids = list(range(1, COUNT + 1))
checked = differ = 0
for first, last, after, before in itertools.product(SIZES, SIZES, CURSORS, CURSORS):
    if first is None and last is None:
        continue
    args = {k: v for k, v in dict(first=first, last=last, after=after, before=before).items() if v is not None}
    ref = connection_from_array(ids, args)
    want = {"pageInfo": {"hasNextPage": ref.pageInfo.hasNextPage, "hasPreviousPage": ref.pageInfo.hasPreviousPage,
                         "startCursor": ref.pageInfo.startCursor, "endCursor": ref.pageInfo.endCursor},
            "edges": [{"cursor": e.cursor, "node": {"id": str(e.node)}} for e in ref.edges]}
    request = urllib.request.Request(URL, json.dumps({"query": QUERY, "variables": args}).encode(),
                                     {"content-type": "application/json"})
    with urllib.request.urlopen(request) as response:
        got = (json.load(response).get("data") or {}).get("allCharacters")
    checked += 1
    if got != want:
        differ += 1
        if differ <= 5:
            print("differs:", args, "\n  graphql-relay", json.dumps(want)[:240], "\n  mirror       ", json.dumps(got)[:240])
print(f"graphql-relay-check: {checked} argument sets compared, {differ} differ")
sys.exit(1 if differ else 0)
