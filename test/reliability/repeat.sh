#!/usr/bin/env bash
# `npm run test:reliability:repeat`: the reliability suite (faults and the killed run under
# the engine) REPEAT times in a row (default 10), each run with a fresh seed (FUZZ_SEED, see
# test/support/seed.ts; CI runs the commit's), unless FUZZ_SEED is set: then every run uses
# it. Every run counts: a failed run is reported with its seed and log, never re-run. Exits
# non-zero unless every run passed. Needs dist/ and the CLI (the npm script builds both).
set -uo pipefail
cd "$(dirname "$0")/../.."

repeat="${REPEAT:-10}"
log_dir="$(mktemp -d "${TMPDIR:-/tmp}/pulumi-uptime-repeat-XXXXXX")"
passed=0
for i in $(seq 1 "$repeat"); do
  log="$log_dir/run-$i.log"
  started=$SECONDS
  seed="${FUZZ_SEED:-$(node scripts/fuzz.js --print-seed)}"
  FUZZ_SEED="$seed" npx vitest run --project reliability --no-file-parallelism >"$log" 2>&1
  rc=$?
  plain() { sed 's/\x1b\[[0-9;]*m//g' "$log"; }
  kill_line=$(plain | grep -o 'kill #1 (seed [0-9]*: [^)]*)' | head -1)
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1))
    echo "ok    run $i ($((SECONDS - started)) s, FUZZ_SEED=$seed): $kill_line"
  else
    echo "FAIL  run $i ($((SECONDS - started)) s, FUZZ_SEED=$seed): $kill_line; see $log"
    plain | grep -E "seed [0-9]+|AssertionError|Error:" | head -10 | sed 's/^/      /'
  fi
done
echo "$passed of $repeat runs passed (logs in $log_dir)"
[ "$passed" -eq "$repeat" ]
