"""A small strawberry GraphQL server with a subscription, to try portal's --live against
a graphql-transport-ws server that is not portal-mirror (issue 38, item 4):

    .build/venv/bin/uvicorn scripts.strawberry_characters:app --host 127.0.0.1 --port 18401
    .build/debug/portal list --graphql http://127.0.0.1:18401/graphql characters --live --limit 3

strawberry refuses a WebSocket whose Origin is not the server's own host and port unless
it is in allowed_origins; portal's client sends no Origin now (it is its own, on libcurl);
the one before (swift-websocket 1.6.2) sent `Origin: ws://HOST` without the port, so this
app still allows that origin (docs/sources.md, "GraphQL subscriptions").

`characters` lists ten characters; `characterChanged` yields a change every 0.2 s
(`kind`: CREATED, UPDATED or DELETED, strawberry's enum), the record in `character`.
"""
import asyncio
import enum
import itertools
from typing import AsyncGenerator, List

import strawberry
from strawberry.asgi import GraphQL


@strawberry.type
class Character:
    id: strawberry.ID
    name: str
    status: str


@strawberry.enum
class ChangeKind(enum.Enum):
    CREATED = "created"
    UPDATED = "updated"
    DELETED = "deleted"


@strawberry.type
class CharacterChange:
    kind: ChangeKind
    character: Character


PEOPLE = [Character(id=strawberry.ID(str(n)), name=f"Person {n}", status="Alive") for n in range(1, 11)]


@strawberry.type
class Query:
    @strawberry.field
    def characters(self) -> List[Character]:
        return PEOPLE


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def character_changed(self) -> AsyncGenerator[CharacterChange, None]:
        for n in itertools.count(11):
            await asyncio.sleep(0.2)
            kind = [ChangeKind.CREATED, ChangeKind.UPDATED, ChangeKind.DELETED][n % 3]
            yield CharacterChange(kind=kind, character=Character(id=strawberry.ID(str(n)), name=f"Person {n}", status="Alive"))


schema = strawberry.Schema(query=Query, subscription=Subscription)
app = GraphQL(schema, allowed_origins=["ws://127.0.0.1", "ws://localhost"])
