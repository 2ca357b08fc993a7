#!/bin/bash
# portal --url against real servers built from PyPI packages on loopback: Datasette,
# a FastAPI app with fastapi-pagination, and a Django REST framework app, each serving
# the snapshot's 826 characters. Not part of `make test` (it needs the packages):
#
#   python3 -m venv /tmp/venv && /tmp/venv/bin/pip install datasette fastapi uvicorn \
#       fastapi-pagination django djangorestframework
#   VENV=/tmp/venv bench/real-servers.sh            # inside one inns call in this workspace
#
# Skips (exit 0, one line) when the venv or a package is missing. Prints, per server, the
# dialect portal read, the items listed, and the requests the trace counts.
set -u
VENV=${VENV:-}
DATA=${DATA:-../shared/data}
PORTAL=${PORTAL:-.build/debug/portal}
if [ -z "$VENV" ] || ! "$VENV/bin/python" -c 'import datasette, fastapi, fastapi_pagination, uvicorn, django, rest_framework' 2>/dev/null; then
  echo "real-servers: skipped (set VENV to a virtualenv with datasette fastapi uvicorn fastapi-pagination django djangorestframework)"
  exit 0
fi
PY="$VENV/bin/python"
WORK=$(mktemp -d)
# The servers are this shell's jobs: stopped by their pids on the way out.
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
CHARS="$(cd "$DATA" && pwd)/rickandmorty/characters.json"

# Datasette over a SQLite table of the characters.
"$PY" - "$CHARS" "$WORK/rm.db" <<'PYEOF'
import json, sqlite3, sys
rows = json.load(open(sys.argv[1]))
db = sqlite3.connect(sys.argv[2])
db.execute("create table characters (id integer primary key, name text, status text, species text, gender text, origin text)")
db.executemany("insert into characters values (?,?,?,?,?,?)", [(r["id"], r["name"], r["status"], r["species"], r["gender"], r["origin"]["name"]) for r in rows])
db.commit()
PYEOF
"$VENV/bin/datasette" serve "$WORK/rm.db" --host 127.0.0.1 --port 8101 >"$WORK/datasette.log" 2>&1 &

# FastAPI + fastapi-pagination: Page (page/size, total, pages) and LimitOffsetPage.
cat > "$WORK/fast.py" <<PYEOF
import json
from fastapi import FastAPI
from fastapi_pagination import Page, add_pagination, paginate
from fastapi_pagination.limit_offset import LimitOffsetPage
app = FastAPI()
CHARS = json.load(open("$CHARS"))
@app.get("/characters")
def characters() -> Page[dict]:
    return paginate(CHARS)
@app.get("/characters-offset")
def characters_offset() -> LimitOffsetPage[dict]:
    return paginate(CHARS)
add_pagination(app)
PYEOF
"$VENV/bin/uvicorn" --app-dir "$WORK" fast:app --host 127.0.0.1 --port 8102 >"$WORK/fastapi.log" 2>&1 &

# Django REST framework: PageNumberPagination and LimitOffsetPagination over a list.
cat > "$WORK/drf.py" <<PYEOF
import json, sys
from django.conf import settings
settings.configure(DEBUG=False, ALLOWED_HOSTS=["*"], ROOT_URLCONF=__name__, SECRET_KEY="x",
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework"],
    REST_FRAMEWORK={"PAGE_SIZE": 20, "UNAUTHENTICATED_USER": None})
import django; django.setup()
from django.urls import path
from rest_framework.views import APIView
from rest_framework.pagination import PageNumberPagination, LimitOffsetPagination
CHARS = json.load(open("$CHARS"))
def view(paginator_class):
    class V(APIView):
        def get(self, request):
            p = paginator_class()
            return p.get_paginated_response(p.paginate_queryset(CHARS, request, view=self))
    return V.as_view()
urlpatterns = [path("api/characters/", view(PageNumberPagination)), path("api/characters-offset/", view(LimitOffsetPagination))]
if __name__ == "__main__":
    from django.core.management import execute_from_command_line
    execute_from_command_line([sys.argv[0], "runserver", "127.0.0.1:8103", "--noreload"])
PYEOF
"$PY" "$WORK/drf.py" >"$WORK/drf.log" 2>&1 &

for port in 8101 8102 8103; do
  for _ in $(seq 1 100); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
done

check() {
  local name=$1 url=$2
  rm -f "$WORK/trace.jsonl"
  "$PORTAL" list --url "$url" --explain --no-cache --trace "$WORK/trace.jsonl" >"$WORK/out" 2>"$WORK/err"
  local status=$?
  echo "== $name: $url"
  sed 's/^/   /' "$WORK/err"
  echo "   exit $status, $(wc -l <"$WORK/out") items ($(sort -u "$WORK/out" | wc -l) distinct lines), $(grep -c '"ms"' "$WORK/trace.jsonl") requests"
  head -1 "$WORK/out" | cut -c1-110 | sed 's/^/   first: /'
  tail -1 "$WORK/out" | cut -c1-110 | sed 's/^/   last:  /'
}
check "Datasette (objects)" "http://127.0.0.1:8101/rm/characters.json?_shape=objects"
check "Datasette (default)" "http://127.0.0.1:8101/rm/characters.json"
check "Datasette (_size=max)" "http://127.0.0.1:8101/rm/characters.json?_size=max"
check "FastAPI Page" "http://127.0.0.1:8102/characters?size=20"
check "FastAPI LimitOffsetPage" "http://127.0.0.1:8102/characters-offset?limit=20"
check "DRF PageNumberPagination" "http://127.0.0.1:8103/api/characters/"
check "DRF LimitOffsetPagination" "http://127.0.0.1:8103/api/characters-offset/?limit=20"
