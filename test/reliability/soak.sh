#!/usr/bin/env bash
# `npm run soak`: the reliability tests, longer and stricter than in CI.
#  - the faults test SOAK_ROUNDS times (default 5): a command that fails with faults on
#    fails the round;
#  - the killed-run test with SOAK_KILLS kill-and-recover cycles (default 10);
#  - both fuzzers with SOAK_FUZZ_RUNS bags / requests (default 100000).
# Every round draws a fresh seed (FUZZ_SEED, see test/support/seed.ts; CI runs the
# commit's), printed with its result, unless FUZZ_SEED is set: then every round uses it.
# Needs dist/ and the CLI (the npm script builds both). Prints a summary; exits non-zero if
# any round failed. Takes about 15 minutes with the defaults on 2 cores.
set -uo pipefail
cd "$(dirname "$0")/../.."

rounds="${SOAK_ROUNDS:-5}"
kills="${SOAK_KILLS:-10}"
fuzz="${SOAK_FUZZ_RUNS:-100000}"
log_dir="$(mktemp -d "${TMPDIR:-/tmp}/pulumi-uptime-soak-XXXXXX")"
failed=()

run() {
  local name="$1"; shift
  local log="$log_dir/$name.log"
  local started=$SECONDS
  local seed="${FUZZ_SEED:-$(node scripts/fuzz.js --print-seed)}"
  if FUZZ_SEED="$seed" "$@" >"$log" 2>&1; then
    echo "ok    $name ($((SECONDS - started)) s, FUZZ_SEED=$seed)"
  else
    echo "FAIL  $name ($((SECONDS - started)) s, FUZZ_SEED=$seed): see $log"
    grep -E "RETRY BUGS|^- |^    error:|Counterexample|AssertionError" "$log" | head -20 | sed 's/^/      /'
    failed+=("$name")
  fi
}

for i in $(seq 1 "$rounds"); do
  run "faults-$i" npx vitest run --project reliability --no-file-parallelism test/reliability/faults-under-the-engine.e2e.ts
done
run "killed-runs" env RELIABILITY_KILLS="$kills" npx vitest run --project reliability --no-file-parallelism test/reliability/killed-run-recovers.e2e.ts
run "check-fuzz" env RELIABILITY_FUZZ_RUNS="$fuzz" npx vitest run test/reliability/check-fuzz.test.ts
run "server-fuzz" env RELIABILITY_SERVER_FUZZ_RUNS="$fuzz" npx vitest run test/reliability/server-fuzz.test.ts

echo "logs: $log_dir"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "soak: ${#failed[@]} failed: ${failed[*]}"
  exit 1
fi
echo "soak: all passed"
