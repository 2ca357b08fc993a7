"""Checks portal-mirror's /graphql subscriptions with a real graphql-transport-ws client.

gql's WebsocketsTransport (the Python GraphQL client, on the websockets library) speaks
graphql-transport-ws: connection_init/ack, subscribe/next/complete, ping/pong. Against a
mirror started with --churn N it subscribes to characterChanged, reads some results and
checks their numbers follow each other, runs a query over the same socket, and asks for a
field the schema lacks (an error). Exits 0 when every check passes.

    .build/venv/bin/python scripts/graphql_ws_check.py ws://127.0.0.1:18400/graphql
"""
import asyncio
import sys

from gql import Client, gql
from gql.transport.exceptions import TransportQueryError
from gql.transport.websockets import WebsocketsTransport

CHANGES = gql("subscription { characterChanged { type number character { id name status } } }")
COUNT = gql("query { characters(page: 1) { info { count } } }")
MISSING = gql("subscription { nothingHere }")


async def main(url: str, count: int) -> int:
    failures = []
    transport = WebsocketsTransport(url=url, subprotocols=[WebsocketsTransport.GRAPHQLWS_SUBPROTOCOL], ping_interval=1, pong_timeout=5)
    async with Client(transport=transport, fetch_schema_from_transport=False) as session:
        numbers = []
        async for result in session.subscribe(CHANGES):
            change = result["characterChanged"]
            if change["type"] not in ("created", "updated", "deleted"):
                failures.append(f"a change of type {change['type']}")
            if not change["character"] or not change["character"]["id"]:
                failures.append(f"change {change['number']} without its character")
            numbers.append(change["number"])
            print(f"next: {change['number']} {change['type']} {change['character']['id']} {change['character']['name']}")
            if len(numbers) == count:
                break
        if numbers != list(range(numbers[0], numbers[0] + count)):
            failures.append(f"numbers not consecutive: {numbers}")
        answer = await session.execute(COUNT)
        print(f"query over the socket: {answer}")
        if not answer["characters"]["info"]["count"] > 0:
            failures.append(f"query answered {answer}")
        try:
            async for _ in session.subscribe(MISSING):
                failures.append("a subscription of a missing field gave a result")
                break
        except TransportQueryError as error:
            print(f"error for a missing field: {error}")
    for failure in failures:
        print(f"FAILED: {failure}")
    print("all checks passed" if not failures else f"{len(failures)} checks failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "ws://127.0.0.1:8080/graphql", int(sys.argv[2]) if len(sys.argv) > 2 else 5)))
