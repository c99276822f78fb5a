#!/usr/bin/env bash
# Makes sure Debian's Squid is installed (/usr/sbin/squid), for the proxy tests that need a
# standard company proxy: Squid in its default configuration allows CONNECT only to port 443
# and serves plain-HTTP requests in absolute form (test/support/squid.ts). A machine that has
# it already is left alone; a clean one gets it from Debian's packages
# (scripts/lib/apt-ensure.sh). Prints the program's path.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-ensure.sh"

find_squid() { [[ -x /usr/sbin/squid ]] && echo /usr/sbin/squid; }

apt_ensure squid Squid find_squid
