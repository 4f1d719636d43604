#!/usr/bin/env bash
# Run a command (the test suite) with what the web tests need from the system:
#   - Debian's chromium (the browser test drives it with Playwright; no browser is ever downloaded),
#   - the DejaVu Sans font (fonts-dejavu-core), which the PNG map writes its names with (raster/png.py),
#   - a throwaway PostgreSQL cluster on 127.0.0.1, on a free port, in a temporary folder,
#     exported as TEST_DATABASE_URL and stopped (and deleted) when the command ends,
#   - a throwaway Redis on 127.0.0.1 (the rate limits two servers share), on a free port, kept in memory only,
#     exported as TEST_REDIS_URL and stopped when the command ends.
# Packages are installed with apt-get only when missing: as root (CI) at once; otherwise the one sudo
# command is printed, and run only if the user says yes at the terminal.
#   usage: scripts/test-services.sh COMMAND [ARGS...]
set -euo pipefail

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# Where Debian puts what the tests need (the variables let tests/test_services.py pretend one is missing).
CHROMIUM=${TEST_SERVICES_CHROMIUM:-/usr/bin/chromium}
FONT=${TEST_SERVICES_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
PG_LIB=${TEST_SERVICES_PG_LIB:-/usr/lib/postgresql}
REDIS=${TEST_SERVICES_REDIS:-/usr/bin/redis-server}

pg_bin() {
    ls -d "$PG_LIB"/*/bin 2>/dev/null | sort -V | tail -n 1
}

install_missing() {
    local missing=() answer
    [ -x "$CHROMIUM" ] || missing+=(chromium)
    [ -f "$FONT" ] || missing+=(fonts-dejavu-core)
    [ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ] || missing+=(postgresql)
    [ -x "$REDIS" ] || missing+=(redis-server)
    [ ${#missing[@]} -gt 0 ] || return 0
    if ! command -v apt-get >/dev/null; then
        echo "test-services: the tests need ${missing[*]} (Debian's names) and this system has no apt-get:" \
            "install them with its own package manager, then run the tests again" >&2
        exit 1
    fi
    if [ "$(id -u)" != 0 ]; then  # never sudo unasked: say the one command, and run it only on a yes
        echo "test-services: the tests need ${missing[*]} from the system; the one command that installs them:" >&2
        echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
        if [ ! -t 0 ] || [ ! -t 2 ]; then
            echo "test-services: run it, then the tests again (no terminal to ask on)" >&2
            exit 1
        fi
        read -r -p "Run it now (sudo asks for your password)? [y/N] " answer
        case "$answer" in
            [yY]*) ;;
            *) echo "test-services: nothing installed; run the command above, then the tests again" >&2; exit 1 ;;
        esac
    fi
    echo "test-services: installing ${missing[*]} (apt-get)" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Run a PostgreSQL tool as the postgres user when we are root (it refuses to run as root).
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start_postgres() {
    local bin port
    bin=$(pg_bin)
    PG_CTL="$bin/pg_ctl"  # set before anything can fail: the EXIT trap stops the cluster with it
    PG_DIR=$(mktemp -d /tmp/sengoku-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR"
    port=$(free_port)
    as_postgres "$bin/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --no-sync >"$PG_DIR/initdb.log" 2>&1 \
        || { cat "$PG_DIR/initdb.log" >&2; exit 1; }
    as_postgres "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        start >/dev/null || { cat "$PG_DIR/server.log" >&2; exit 1; }
    export TEST_DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:$port/postgres"
    echo "test-services: PostgreSQL on 127.0.0.1:$port (TEST_DATABASE_URL)" >&2
}

# The EXIT trap: whatever failed on the way (initdb, pg_ctl start, the command), stop the cluster if
# one runs and delete the folder. No variable may be unset here (set -u would end the trap before rm).
stop_postgres() {
    if [ -n "${PG_DIR:-}" ]; then
        if [ -n "${PG_CTL:-}" ] && [ -f "$PG_DIR/data/postmaster.pid" ]; then
            as_postgres "$PG_CTL" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
        fi
        rm -rf "$PG_DIR"
    fi
}

start_redis() {
    local port
    REDIS_DIR=$(mktemp -d /tmp/sengoku-redis.XXXXXX)
    port=$(free_port)
    "$REDIS" --bind 127.0.0.1 --port "$port" --save "" --appendonly no --dir "$REDIS_DIR" \
        --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" --daemonize yes >/dev/null
    for _ in $(seq 100); do
        grep -q "Ready to accept connections" "$REDIS_DIR/redis.log" 2>/dev/null && break
        sleep 0.1
    done
    grep -q "Ready to accept connections" "$REDIS_DIR/redis.log" || { cat "$REDIS_DIR/redis.log" >&2; exit 1; }
    export TEST_REDIS_URL="redis://127.0.0.1:$port/0"
    echo "test-services: Redis on 127.0.0.1:$port (TEST_REDIS_URL)" >&2
}

stop_services() {
    stop_postgres
    if [ -n "${REDIS_DIR:-}" ]; then
        [ -s "$REDIS_DIR/redis.pid" ] && kill "$(cat "$REDIS_DIR/redis.pid")" 2>/dev/null || true
        rm -rf "$REDIS_DIR"
    fi
}

install_missing
trap stop_services EXIT
start_postgres
start_redis
export SENGOKU_CHROMIUM="$CHROMIUM"
"$@"
