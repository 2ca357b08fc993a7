"""portal-mirror's Supabase Realtime, checked with Supabase's own Python client.

Usage: realtime_check.py ORIGIN APIKEY EMAIL PASSWORD

Against `portal-mirror --churn N --require-key APIKEY --auth-user EMAIL:PASSWORD
--token-ttl 3` (SupabasesPythonClientReadsTheMirrorsRealtimeTests starts one): signs in with GoTrue's password
grant, connects PyPI `realtime`'s AsyncRealtimeClient to ORIGIN/realtime/v1 with the key,
sets the user's token, subscribes to the characters' postgres_changes (one channel
unfiltered, one with `id=lt.400`) and checks what arrives: the subscription is SUBSCRIBED
(the server's binding ids matched the client's), each change has Realtime's payload
(type, record or old_record keyed by id, columns, commit_timestamp, the binding's id), a
refreshed token sent with set_auth keeps the channel past the first token's expiry, and a
token the server did not sign is a CHANNEL_ERROR (a system error) and the channel closes.
Prints one line a check and `all checks passed` at the end; exits 1 at the first failure.
"""

import asyncio
import json
import sys
import time

import httpx
from realtime import AsyncRealtimeClient, RealtimeSubscribeStates

ORIGIN, APIKEY, EMAIL, PASSWORD = sys.argv[1:5]


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}", flush=True)
        sys.exit(1)
    print(f"ok: {what}", flush=True)


async def token(grant, body):
    async with httpx.AsyncClient() as http:
        answer = await http.post(f"{ORIGIN}/auth/v1/token?grant_type={grant}", json=body, headers={"apikey": APIKEY})
        check(answer.status_code == 200, f"auth {grant}: {answer.status_code}")
        return answer.json()


async def wait_for(condition, what, seconds=20):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            check(False, f"{what} (waited {seconds} s)")
        await asyncio.sleep(0.05)


async def main():
    signed_in = time.monotonic()
    session = await token("password", {"email": EMAIL, "password": PASSWORD})
    client = AsyncRealtimeClient(f"{ORIGIN}/realtime/v1", token=APIKEY, auto_reconnect=False)
    await client.connect()
    await client.set_auth(session["access_token"])

    changes, low, states = [], [], []
    channel = client.channel("public:characters")
    channel.on_postgres_changes("*", table="characters", callback=changes.append)
    await channel.subscribe(lambda state, error: states.append((state, str(error) if error else None)))
    check(states and states[0][0] == RealtimeSubscribeStates.SUBSCRIBED, f"subscribed: {states}")
    binding_id = channel.postgres_changes_callbacks[0].id
    check(isinstance(binding_id, int), f"the server's binding id: {binding_id}")

    filtered = client.channel("low")
    filtered.on_postgres_changes("*", table="characters", filter="id=lt.400", callback=low.append)
    low_states = []
    await filtered.subscribe(lambda state, error: low_states.append(state))
    check(low_states == [RealtimeSubscribeStates.SUBSCRIBED], "a filtered channel subscribed")

    await wait_for(lambda: len(changes) >= 6, "six changes")
    for change in changes[:6]:
        data = change["data"]
        kind = data["type"]
        check(kind in ("INSERT", "UPDATE", "DELETE"), f"a change of type {kind}")
        row = data["old_record"] if kind == "DELETE" else data["record"]
        check(isinstance(row.get("id"), int), f"{kind} of row {row.get('id')}")
        if kind == "DELETE":
            check(list(row.keys()) == ["id"], "a deletion's old_record is its primary key")
        else:
            check("name" in row and "status" in row, f"the record has its columns: {row['name']!r}")
        check(data["schema"] == "public" and data["table"] == "characters", "schema and table")
        check(data["columns"][0] == {"name": "id", "type": "int8"}, "columns")
        check(data["commit_timestamp"].endswith("Z") and data["errors"] is None, "commit_timestamp and errors")
        check(binding_id in change["ids"], "tagged with the binding's id")
    await wait_for(lambda: len(low) >= 1, "a change of a row under 400", seconds=30)
    check(all((c["data"].get("record") or c["data"]["old_record"])["id"] < 400 for c in low), f"the filter held ({len(low)} changes)")

    # A token refreshed 2 s in (so it lives till 5 s) and sent again with set_auth
    # (access_token) keeps the channel past the first token's expiry (--token-ttl 3).
    await asyncio.sleep(max(0, signed_in + 2.0 - time.monotonic()))
    fresh = await token("refresh_token", {"refresh_token": session["refresh_token"]})
    await client.set_auth(fresh["access_token"])
    await asyncio.sleep(max(0, signed_in + 3.5 - time.monotonic()))
    before = len(changes)
    await wait_for(lambda: len(changes) > before + 2, "changes after the first token expired")
    check(channel.is_joined and len(states) == 1, f"still subscribed after a refresh: {states}")

    # A token the server did not sign: a system error (CHANNEL_ERROR), then phx_close.
    await client.set_auth("eyJhbGciOiJIUzI1NiJ9.e30.not-signed-here")
    await wait_for(lambda: any(s[0] == RealtimeSubscribeStates.CHANNEL_ERROR for s in states), "a channel error for a bad token")
    error = next(s[1] for s in states if s[0] == RealtimeSubscribeStates.CHANNEL_ERROR)
    check(":signature_error" in error and '"extension": "system"' in error, f"the error says why: {json.loads(error)['message']}")
    await wait_for(lambda: any(s[0] == RealtimeSubscribeStates.CLOSED for s in states), "the channel closed")
    check(True, "the channel closed after the error")

    await client.close()
    print("all checks passed", flush=True)


asyncio.run(main())
