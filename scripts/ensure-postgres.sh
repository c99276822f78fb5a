#!/usr/bin/env bash
# Makes sure PostgreSQL 15's server programs are installed, for the tests that start a
# throwaway cluster as a postgres:// Pulumi backend (test/support/postgres-server.ts). A
# machine that has them is left alone; a clean one gets Debian's postgresql-15 package
# (scripts/lib/apt-ensure.sh), once, without the cluster Debian would otherwise create and
# start on port 5432: the tests make their own. Prints the programs' directory.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-ensure.sh"

PG_BIN=/usr/lib/postgresql/15/bin

find_postgres() { [[ -x "$PG_BIN/initdb" && -x "$PG_BIN/postgres" ]] && echo "$PG_BIN"; }

if find_postgres; then
  exit 0
fi
# Test files start in parallel: one installs while the others wait, then find it installed
# (two apt-gets at once would fail on dpkg's lock).
exec 9>"${TMPDIR:-/tmp}/pulumi-uptime-ensure-postgres.lock"
flock 9

if ! find_postgres >/dev/null && [[ "$(id -u)" == "0" && ! -e /etc/postgresql-common/createcluster.conf ]]; then
  # postgresql-common reads this before it makes the default cluster; keeping the file the
  # package ships would only add its other (commented) defaults.
  mkdir -p /etc/postgresql-common
  echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
fi

apt_ensure postgresql-15 "PostgreSQL 15 (initdb, postgres)" find_postgres
