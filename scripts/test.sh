#!/usr/bin/env bash
# `npm test` (what CI runs), in this order, each step only when the one before passed:
#   1. `npm run lint`: ESLint and prettier's check, on the sources (it needs no build);
#   2. `npm run build`: dist/, which the tests load, type-checking src/ and the policy pack;
#   3. `npm run typecheck:tests`: the tests and benchmarks type-checked (vitest strips types
#      without checking them; the benchmarks' and policy pack's imports of the package need dist/);
#   4. `npm run test:unit`: the tests that start no server or process (project `unit`);
#   5. `npm run test:server`: the tests against local servers and processes on loopback,
#      the benches' smoke runs without the engine among them (project `server`);
#   6. `npm run test:e2e`: the end-to-end suite under the real Pulumi engine, with the SDKs'
#      tests, the upgrade baselines and the benches' smoke runs under the engine;
#   7. `npm run test:reliability`: faults and killed runs under the engine, then Schemathesis.
#
# What only the later suites need is prepared in the background while steps 4 and 5 run:
# they need none of it, and spend much of their time waiting on sockets and timers, so the
# two cores have room. The preparation builds the Pulumi tools from Go modules
# (scripts/build-pulumi.sh: CLI v3.274.1 and the hosts), downloads and compiles the Go
# example's dependencies (warming Go's caches for the Go language host), builds the SDKs
# (Maven's downloads for the Java SDK) and fetches Node.js 24, which the engine suites' programs
# run on, and the engines floor (scripts/ensure-node.js, about 8 s cold). On a machine with empty Go, pip and Maven caches that is about 20 minutes of building
# that no longer waits for the unit tests; on a warm machine it takes seconds.
# Its output is printed after the server tests, so the two never interleave.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent lint || exit $?
npm run --silent build || exit $?
npm run --silent typecheck:tests || exit $?
mkdir -p .tools
log=.tools/test-preparation.log

# Its own process group (setsid), so that a failed unit or server run can stop all of it.
setsid bash -c '
  set -euo pipefail
  nice -n 19 bash scripts/build-pulumi.sh
  (cd examples/go && GOWORK=off nice -n 19 go build -o /dev/null .)
  nice -n 19 node scripts/build-sdks.js
  nice -n 19 node scripts/ensure-node.js
' >"$log" 2>&1 &
prep=$!

# Debian's Squid, the proxy tests' standard company proxy, installs (once per machine) while
# the unit tests run; the server tests wait for it.
squid_log=.tools/squid-install.log
nice -n 10 bash scripts/ensure-squid.sh >"$squid_log" 2>&1 &
squid=$!
squid_installed() {
  wait "$squid" && return 0
  echo "error: installing Squid failed (scripts/ensure-squid.sh; output in $squid_log):" >&2
  cat "$squid_log" >&2
  return 1
}

npm run --silent test:unit && squid_installed && npm run --silent test:server
tests=$?
if [ "$tests" -ne 0 ]; then
  kill -- "-$prep" 2>/dev/null
  wait "$prep" 2>/dev/null
  exit "$tests"
fi

echo "== waiting for the end-to-end suite's preparation (Pulumi tools, Go example, SDKs)"
wait "$prep"
status=$?
cat "$log"
if [ "$status" -ne 0 ]; then
  echo "error: preparing the end-to-end suite failed (exit $status; output above, also in $log)" >&2
  exit "$status"
fi

npm run test:e2e && npm run test:reliability
