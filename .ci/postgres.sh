# Sourced by .ci/run: a PostgreSQL server for the store suite's PostgreSQL half.
# The machine's server on 127.0.0.1:5432 when it answers; otherwise (or with
# CROUPIER_CI_THROWAWAY_PG=1) a throwaway cluster from the installed server binaries
# (/usr/lib/postgresql/*/bin), in a temporary folder on a free port, stopped and removed on exit.
# Either way CROUPIER_REQUIRE_POSTGRES=1: a test that finds no server fails instead of skipping.

pg_answers() { # host port
    (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

croupier_pg_dir=""
croupier_pg_stop() {
    if [ -n "$croupier_pg_dir" ]; then
        "$croupier_pg_bin/pg_ctl" -D "$croupier_pg_dir/data" -m immediate stop >/dev/null 2>&1 \
            || runuser -u postgres -- "$croupier_pg_bin/pg_ctl" -D "$croupier_pg_dir/data" -m immediate stop >/dev/null 2>&1 \
            || true
        rm -rf "$croupier_pg_dir"
    fi
}

if [ -n "${CROUPIER_TEST_POSTGRES:-}" ]; then
    echo "== PostgreSQL: CROUPIER_TEST_POSTGRES is set, using it"
elif [ "${CROUPIER_CI_THROWAWAY_PG:-0}" != 1 ] && pg_answers 127.0.0.1 5432; then
    export CROUPIER_TEST_POSTGRES="postgres://postgres@127.0.0.1:5432/test"
    echo "== PostgreSQL: the machine's server on 127.0.0.1:5432"
else
    croupier_pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$croupier_pg_bin" ]; then
        echo "no PostgreSQL answers on 127.0.0.1:5432 and no server binaries are installed under /usr/lib/postgresql: install PostgreSQL or set CROUPIER_TEST_POSTGRES" >&2
        exit 1
    fi
    croupier_pg_dir=$(mktemp -d)
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner=()
    if [ "$(id -u)" = 0 ]; then
        # initdb refuses to run as root: the cluster belongs to the postgres user.
        chown postgres "$croupier_pg_dir"
        as_owner=(runuser -u postgres --)
    fi
    echo "== PostgreSQL: none on 5432, starting a throwaway cluster ($croupier_pg_bin) on port $port"
    "${as_owner[@]}" "$croupier_pg_bin/initdb" -D "$croupier_pg_dir/data" -U postgres -A trust >/dev/null
    "${as_owner[@]}" "$croupier_pg_bin/pg_ctl" -D "$croupier_pg_dir/data" -w -l "$croupier_pg_dir/log" \
        -o "-p $port -k $croupier_pg_dir -c listen_addresses=127.0.0.1" start >/dev/null
    "${as_owner[@]}" "$croupier_pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres test
    export CROUPIER_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port/test"
fi
export CROUPIER_REQUIRE_POSTGRES=1
