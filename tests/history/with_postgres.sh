#!/usr/bin/env bash
# Runs a test program against a throwaway PostgreSQL server: initdb and pg_ctl (Debian's
# postgresql, /usr/lib/postgresql/*/bin) in a temporary directory, listening only on a unix
# socket there, stopped and removed on exit. The program finds it in MDB_TEST_PG_URL.
# Exit 77 (ctest: skipped), with the reason, where no server can be started.
# usage: with_postgres.sh PROGRAM [ARGS...]
set -euo pipefail

pgbin=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
  echo "with_postgres: skipped: no PostgreSQL server here (Debian's postgresql; ci/test.sh installs it)"
  exit 77
fi
dir=$(mktemp -d /tmp/mdb_pg.XXXXXX)
run_as=()
if [ "$(id -u)" -eq 0 ]; then
  # initdb refuses to run as root: the server runs as nobody, in a directory nobody owns.
  if ! id nobody >/dev/null 2>&1 || ! command -v runuser >/dev/null; then
    echo "with_postgres: skipped: running as root and cannot switch to user nobody"
    exit 77
  fi
  chown nobody "$dir"
  run_as=(runuser -u nobody --)
fi
# shellcheck disable=SC2317  # run by the EXIT trap
stop() {
  "${run_as[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

if ! "${run_as[@]}" "$pgbin/initdb" -D "$dir/data" -A trust -U mdb --no-sync \
    >"$dir/initdb.log" 2>&1; then
  echo "with_postgres: skipped: initdb failed: $(tail -1 "$dir/initdb.log")"
  exit 77
fi
# No TCP at all; fsync off: a test server's data need not survive a power cut.
if ! "${run_as[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-k $dir -c listen_addresses= -c fsync=off" start >/dev/null 2>&1; then
  echo "with_postgres: skipped: the server did not start: $(tail -1 "$dir/server.log" 2>/dev/null)"
  exit 77
fi
export MDB_TEST_PG_URL="postgresql://mdb@/postgres?host=$dir"
rc=0
"$@" || rc=$?
exit "$rc"
