#!/bin/bash
# portal against real servers built from PyPI packages on loopback, each serving the
# snapshot's 826 characters in its framework's standard paging styles:
#
#   8101 Datasette           table JSON (_shape=arrays/objects/array), Link + _next tokens
#   8102 FastAPI             fastapi-pagination Page and LimitOffsetPage, a plain list[Item]
#                            with skip/limit; its OpenAPI 3.1 document at /openapi.json
#   8103 Django              DRF PageNumberPagination, LimitOffsetPagination, CursorPagination
#                            (+ OrderingFilter, SearchFilter); drf-spectacular's OpenAPI 3.0.3
#                            document at /api/schema/; graphene-django at /graphql
#                            (DjangoConnectionField with and without totalCount, an offset list)
#   8104 strawberry          relay.ListConnection with and without totalCount, an offset list,
#                            Character.episodes (a connection reached through node(id:))
#   8105 ariadne (uvicorn)   an offset page object with totalCount, a page-number list
#
# Not part of `make test` (it needs the packages):
#
#   python3 -m venv /tmp/venv && /tmp/venv/bin/pip install datasette fastapi uvicorn \
#       fastapi-pagination django djangorestframework drf-spectacular graphene-django \
#       'graphql-core<3.3' 'strawberry-graphql[cli]' ariadne
#   VENV=/tmp/venv bench/real-servers.sh            # every check, then the servers stop
#   VENV=/tmp/venv SERVE=1 bench/real-servers.sh    # only start them, to try portal by hand
#
# (graphene 3 needs graphql-core < 3.3; pip then picks a strawberry that accepts it.)
# Skips (exit 0, one line) when the venv or a base package is missing; the GraphQL and
# drf-spectacular checks skip on their own when their packages are. Prints, per list, the
# dialect portal read, the items listed, and the requests the trace counts.
set -u
VENV=${VENV:-}
DATA=${DATA:-../shared/data}
PORTAL=${PORTAL:-.build/debug/portal}
has() { "$VENV/bin/python" -c 'import importlib.util, sys; sys.exit(0 if all(importlib.util.find_spec(m) for m in sys.argv[1:]) else 1)' "$@" 2>/dev/null; }
if [ -z "$VENV" ] || ! has datasette fastapi fastapi_pagination uvicorn django rest_framework; then
  echo "real-servers: skipped (set VENV to a virtualenv with datasette fastapi uvicorn fastapi-pagination django djangorestframework)"
  exit 0
fi
PY="$VENV/bin/python"
WORK=$(mktemp -d)
# The servers are this shell's jobs: stopped by their pids on the way out.
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
CHARS="$(cd "$DATA" && pwd)/rickandmorty/characters.json"
export CHARS
GRAPHQL=no; has strawberry graphene graphene_django ariadne && GRAPHQL=yes
SPECTACULAR=no; has drf_spectacular && SPECTACULAR=yes

# Datasette over a SQLite table of the characters.
"$PY" - "$CHARS" "$WORK/rm.db" <<'EOF'
import json, sqlite3, sys
rows = json.load(open(sys.argv[1]))
db = sqlite3.connect(sys.argv[2])
db.execute("create table characters (id integer primary key, name text, status text, species text, gender text, origin text)")
db.executemany("insert into characters values (?,?,?,?,?,?)", [(r["id"], r["name"], r["status"], r["species"], r["gender"], r["origin"]["name"]) for r in rows])
db.commit()
EOF
"$VENV/bin/datasette" serve "$WORK/rm.db" --host 127.0.0.1 --port 8101 >"$WORK/datasette.log" 2>&1 &

# FastAPI + fastapi-pagination.
cat > "$WORK/fast.py" <<'EOF'
import json, os
from fastapi import FastAPI
from pydantic import BaseModel
from fastapi_pagination import Page, add_pagination, paginate
from fastapi_pagination.limit_offset import LimitOffsetPage
app = FastAPI(title="characters")
CHARS = json.load(open(os.environ["CHARS"]))
class Place(BaseModel):
    name: str
    url: str
class Character(BaseModel):
    id: int
    name: str
    status: str
    species: str
    type: str
    gender: str
    origin: Place
@app.get("/characters")
def characters() -> Page[Character]:
    return paginate(CHARS)
@app.get("/characters-offset")
def characters_offset() -> LimitOffsetPage[Character]:
    return paginate(CHARS)
@app.get("/characters-plain")
def characters_plain(skip: int = 0, limit: int = 100) -> list[Character]:
    return CHARS[skip:skip + limit]
add_pagination(app)
EOF
"$VENV/bin/uvicorn" --app-dir "$WORK" fast:app --host 127.0.0.1 --port 8102 >"$WORK/fastapi.log" 2>&1 &

# Django: DRF's three paginations over a model, drf-spectacular, graphene-django.
cat > "$WORK/drf.py" <<'EOF'
# Django REST framework + drf-spectacular + graphene-django over a SQLite table of the characters.
import json, os, sys
WORK = os.path.dirname(os.path.abspath(__file__))
CHARS_PATH, PORT = sys.argv[1], sys.argv[2]
SPECTACULAR, GRAPHQL = sys.argv[3] == "yes", sys.argv[4] == "yes"
from django.conf import settings
settings.configure(DEBUG=False, ALLOWED_HOSTS=["*"], ROOT_URLCONF=__name__, SECRET_KEY="x",
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(WORK, "drf.sqlite3")}},
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework"]
        + (["drf_spectacular"] if SPECTACULAR else []) + (["graphene_django"] if GRAPHQL else []),
    REST_FRAMEWORK={"PAGE_SIZE": 20, "UNAUTHENTICATED_USER": None,
                    **({"DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema"} if SPECTACULAR else {})},
    DEFAULT_AUTO_FIELD="django.db.models.AutoField")
import django; django.setup()
from django.db import models, connection
class Character(models.Model):
    name = models.CharField(max_length=200)
    status = models.CharField(max_length=20)
    species = models.CharField(max_length=100)
    gender = models.CharField(max_length=20)
    origin = models.CharField(max_length=200)
    class Meta:
        app_label = "auth"  # any installed app: the table is made below, no migration
        db_table = "characters"
        ordering = ["id"]
with connection.schema_editor() as editor:
    editor.execute("drop table if exists characters")
    editor.create_model(Character)
Character.objects.bulk_create([Character(id=r["id"], name=r["name"], status=r["status"], species=r["species"],
    gender=r["gender"], origin=r["origin"]["name"]) for r in json.load(open(CHARS_PATH))])

from django.urls import path
from rest_framework import serializers, generics, filters
from rest_framework.pagination import PageNumberPagination, LimitOffsetPagination, CursorPagination
class CharacterSerializer(serializers.ModelSerializer):
    class Meta:
        model = Character
        fields = ["id", "name", "status", "species", "gender", "origin"]
class ByCursor(CursorPagination):
    ordering = "id"
def list_view(paginator, name):
    return type(name, (generics.ListAPIView,), {"queryset": Character.objects.all(),
        "serializer_class": CharacterSerializer, "pagination_class": paginator,
        "filter_backends": [filters.OrderingFilter, filters.SearchFilter],
        "ordering_fields": ["id", "name", "status", "species"], "search_fields": ["name"]}).as_view()
CursorView = type("CursorView", (generics.ListAPIView,), {"queryset": Character.objects.all(),
    "serializer_class": CharacterSerializer, "pagination_class": ByCursor}).as_view()

urlpatterns = [
    path("api/characters/", list_view(PageNumberPagination, "PageNumberView")),
    path("api/characters-offset/", list_view(LimitOffsetPagination, "LimitOffsetView")),
    path("api/characters-cursor/", CursorView),
]
if SPECTACULAR:
    from drf_spectacular.views import SpectacularAPIView
    urlpatterns.append(path("api/schema/", SpectacularAPIView.as_view()))
if __name__ == "__main__" and not GRAPHQL:
    from django.core.management import execute_from_command_line
    execute_from_command_line([sys.argv[0], "runserver", "127.0.0.1:" + PORT, "--noreload"])
    sys.exit(0)

import graphene
from graphene_django import DjangoObjectType
from graphene_django.views import GraphQLView
class CharacterNode(DjangoObjectType):
    class Meta:
        model = Character
        interfaces = (graphene.relay.Node,)
        fields = ["id", "name", "status", "species", "gender", "origin"]
class CountedConnection(graphene.relay.Connection):
    class Meta:
        abstract = True
    total_count = graphene.Int()
    def resolve_total_count(root, info):
        return root.length
from graphene_django.fields import DjangoConnectionField
class CharacterType(DjangoObjectType):
    class Meta:
        model = Character
        fields = ["id", "name", "status", "species", "gender", "origin"]
class CountedCharacterNode(DjangoObjectType):
    class Meta:
        model = Character
        name = "CountedCharacter"
        interfaces = (graphene.relay.Node,)
        connection_class = CountedConnection
        fields = ["id", "name", "status", "species", "gender", "origin"]
class Query(graphene.ObjectType):
    node = graphene.relay.Node.Field()
    all_characters = DjangoConnectionField(CharacterNode)
    counted_characters = DjangoConnectionField(CountedCharacterNode)
    characters = graphene.List(graphene.NonNull(CharacterType), offset=graphene.Int(default_value=0), limit=graphene.Int(default_value=20))
    character = graphene.Field(CharacterType, id=graphene.ID(required=True))
    def resolve_characters(root, info, offset, limit):
        return Character.objects.all()[offset:offset + limit]
    def resolve_character(root, info, id):
        return Character.objects.filter(id=id).first()
schema = graphene.Schema(query=Query)

from django.views.decorators.csrf import csrf_exempt
urlpatterns.append(path("graphql", csrf_exempt(GraphQLView.as_view(graphiql=False, schema=schema))))
if __name__ == "__main__":
    from django.core.management import execute_from_command_line
    execute_from_command_line([sys.argv[0], "runserver", "127.0.0.1:" + PORT, "--noreload"])
EOF
"$PY" "$WORK/drf.py" "$CHARS" 8103 "$SPECTACULAR" "$GRAPHQL" >"$WORK/drf.log" 2>&1 &

PORTS="8101 8102 8103"
if [ $GRAPHQL = yes ]; then
  cat > "$WORK/straw.py" <<'EOF'
# Strawberry: Relay ListConnections (strawberry.relay) with and without totalCount, a
# node's own connection (Character.episodes, looked up through node(id:)), an offset list.
import json, os
from typing import Iterable
import strawberry
from strawberry import relay
CHARS = json.load(open(os.environ["CHARS"]))
EPISODES = {e["id"]: e for e in json.load(open(os.path.join(os.path.dirname(os.environ["CHARS"]), "episodes.json")))}
@strawberry.type
class Episode(relay.Node):
    id: relay.NodeID[int]
    name: str
    air_date: str
    @classmethod
    def resolve_nodes(cls, *, info, node_ids, required=False):
        return [cls.make(EPISODES[int(i)]) if int(i) in EPISODES else None for i in node_ids]
    @classmethod
    def make(cls, e):
        return cls(id=e["id"], name=e["name"], air_date=e["air_date"])
@strawberry.type
class Character(relay.Node):
    id: relay.NodeID[int]
    name: str
    status: str
    species: str
    gender: str
    episode_ids: strawberry.Private[list]
    @relay.connection(relay.ListConnection[Episode])
    def episodes(self) -> Iterable[Episode]:
        return [Episode.make(EPISODES[i]) for i in self.episode_ids if i in EPISODES]
    @classmethod
    def resolve_nodes(cls, *, info, node_ids, required=False):
        by_id = {c["id"]: c for c in CHARS}
        return [cls.make(by_id[int(i)]) if int(i) in by_id else None for i in node_ids]
    @classmethod
    def make(cls, r):
        return cls(id=r["id"], name=r["name"], status=r["status"], species=r["species"], gender=r["gender"],
                   episode_ids=[int(u.rsplit("/", 1)[1]) for u in r["episode"]])
@strawberry.type
class CountedConnection(relay.ListConnection[relay.NodeType]):
    @strawberry.field
    def total_count(self) -> int:
        return len(CHARS)
@strawberry.type
class Query:
    node: relay.Node = relay.node()
    @relay.connection(relay.ListConnection[Character])
    def characters(self) -> Iterable[Character]:
        return [Character.make(r) for r in CHARS]
    @relay.connection(CountedConnection[Character])
    def counted_characters(self) -> Iterable[Character]:
        return [Character.make(r) for r in CHARS]
    @strawberry.field
    def characters_list(self, offset: int = 0, limit: int = 20) -> list[Character]:
        return [Character.make(r) for r in CHARS[offset:offset + limit]]
schema = strawberry.Schema(query=Query)
EOF
  cat > "$WORK/ari.py" <<'EOF'
# Ariadne: schema first, an ASGI app under uvicorn: offset/limit and page-number lists.
import json, os
from ariadne import QueryType, make_executable_schema
from ariadne.asgi import GraphQL
CHARS = json.load(open(os.environ["CHARS"]))
type_defs = """
type Query {
  characters(offset: Int = 0, limit: Int = 20): CharacterPage!
  charactersByPage(page: Int = 1, perPage: Int = 20): [Character!]!
  character(id: ID!): Character
}
type CharacterPage { totalCount: Int! items: [Character!]! }
type Character { id: ID! name: String! status: String species: String gender: String origin: Place }
type Place { name: String url: String }
"""
query = QueryType()
@query.field("characters")
def characters(*_, offset=0, limit=20):
    return {"totalCount": len(CHARS), "items": CHARS[offset:offset + limit]}
@query.field("charactersByPage")
def characters_by_page(*_, page=1, perPage=20):
    return CHARS[(page - 1) * perPage:page * perPage]
@query.field("character")
def character(*_, id):
    return next((c for c in CHARS if str(c["id"]) == str(id)), None)
app = GraphQL(make_executable_schema(type_defs, query))
EOF
  (cd "$WORK" && exec "$VENV/bin/strawberry" dev straw:schema --host 127.0.0.1 --port 8104 >"$WORK/strawberry.log" 2>&1) &
  "$VENV/bin/uvicorn" --app-dir "$WORK" ari:app --host 127.0.0.1 --port 8105 >"$WORK/ariadne.log" 2>&1 &
  PORTS="$PORTS 8104 8105"
fi

for port in $PORTS; do
  for _ in $(seq 1 200); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
done

if [ -n "${SERVE:-}" ]; then
  echo "real-servers: serving on 127.0.0.1 ports $PORTS (logs in $WORK); Ctrl-C stops them"
  wait
  exit 0
fi

# report NAME: what the last portal run printed and asked.
report() {
  echo "== $1"
  sed 's/^/   /' "$WORK/err"
  echo "   exit $2, $(wc -l <"$WORK/out") items ($(sort -u "$WORK/out" | wc -l) distinct lines), $(grep -c '"ms"' "$WORK/trace.jsonl") requests"
  head -1 "$WORK/out" | cut -c1-110 | sed 's/^/   first: /'
  tail -1 "$WORK/out" | cut -c1-110 | sed 's/^/   last:  /'
}
check() {
  rm -f "$WORK/trace.jsonl"
  "$PORTAL" list --url "$2" --explain --no-cache --trace "$WORK/trace.jsonl" >"$WORK/out" 2>"$WORK/err"
  report "$1: $2" $?
}
# check_in NAME FLAG ENDPOINT LIST: one list of an OpenAPI document or a GraphQL schema.
check_in() {
  rm -f "$WORK/trace.jsonl"
  "$PORTAL" list "$4" "$2" "$3" --no-cache --trace "$WORK/trace.jsonl" >"$WORK/out" 2>"$WORK/err"
  report "$1: $2 $3 $4" $?
}
# explain FLAG ENDPOINT: what portal read of a document or schema, once.
explain() {
  echo "== $1 $2 --explain"
  "$PORTAL" list "$1" "$2" --explain --no-cache 2>&1 | sed 's/^/   /'
}
check "Datasette (objects)" "http://127.0.0.1:8101/rm/characters.json?_shape=objects"
check "Datasette (default)" "http://127.0.0.1:8101/rm/characters.json"
check "Datasette (_size=max)" "http://127.0.0.1:8101/rm/characters.json?_size=max"
check "Datasette (sorted)" "http://127.0.0.1:8101/rm/characters.json?_sort_desc=name&_shape=objects"
check "FastAPI Page" "http://127.0.0.1:8102/characters?size=20"
check "FastAPI LimitOffsetPage" "http://127.0.0.1:8102/characters-offset?limit=20"
check "FastAPI Page, size over its cap" "http://127.0.0.1:8102/characters?size=500"
check "DRF PageNumberPagination" "http://127.0.0.1:8103/api/characters/"
check "DRF LimitOffsetPagination" "http://127.0.0.1:8103/api/characters-offset/?limit=20"
check "DRF CursorPagination" "http://127.0.0.1:8103/api/characters-cursor/"
check "DRF past the last page" "http://127.0.0.1:8103/api/characters/?page=99"
for list in characters characters-offset characters-plain; do
  check_in "FastAPI's OpenAPI 3.1" --openapi http://127.0.0.1:8102/openapi.json $list
done
if [ $SPECTACULAR = yes ]; then
  for list in characters characters-offset characters-cursor; do
    check_in "drf-spectacular's OpenAPI 3.0.3" --openapi http://127.0.0.1:8103/api/schema/ $list
  done
else
  echo "== drf-spectacular: skipped (not in the venv)"
fi
if [ $GRAPHQL = yes ]; then
  explain --graphql http://127.0.0.1:8103/graphql
  for list in allCharacters countedCharacters characters; do check_in "graphene-django" --graphql http://127.0.0.1:8103/graphql $list; done
  explain --graphql http://127.0.0.1:8104/graphql
  for list in characters countedCharacters charactersList; do check_in "strawberry" --graphql http://127.0.0.1:8104/graphql $list; done
  explain --graphql http://127.0.0.1:8105/graphql/
  for list in characters charactersByPage; do check_in "ariadne" --graphql http://127.0.0.1:8105/graphql/ $list; done
else
  echo "== GraphQL: skipped (strawberry-graphql, graphene-django or ariadne not in the venv)"
fi
