#!/usr/bin/env bash
# `npm test` (what CI runs): the unit and integration tests, then the end-to-end suite, then
# the reliability suite.
#
# What only the later suites need is prepared in the background while the unit tests run:
# they need none of it, and spend much of their time waiting on sockets and timers, so the
# two cores have room. The preparation builds the Pulumi tools from Go modules
# (scripts/build-pulumi.sh), downloads and compiles the Go example's dependencies (warming
# Go's caches for the Go language host) and builds the SDKs (Maven's downloads for the Java
# SDK). On a machine with empty Go, pip and Maven caches that is about 20 minutes of building
# that no longer waits for the unit tests; on a warm machine it takes seconds.
# Its output is printed after the unit tests, so the two never interleave.
#
# The lint and format gate (`npm run lint`) comes first: a finding fails the run before
# anything else starts.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent lint || exit $?
mkdir -p .tools
log=.tools/test-preparation.log

# Its own process group (setsid), so that a failed unit run can stop all of it.
setsid bash -c '
  set -euo pipefail
  nice -n 19 bash scripts/build-pulumi.sh
  (cd examples/go && GOWORK=off nice -n 19 go build -o /dev/null .)
  nice -n 19 node scripts/build-sdks.js
' >"$log" 2>&1 &
prep=$!

npx vitest run
unit=$?
if [ "$unit" -ne 0 ]; then
  kill -- "-$prep" 2>/dev/null
  wait "$prep" 2>/dev/null
  exit "$unit"
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
