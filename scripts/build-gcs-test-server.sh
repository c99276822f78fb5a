#!/usr/bin/env bash
# Build the Google Cloud Storage server the gs:// backend tests run (tools/gcs-test-server:
# fake-gcs-server, pinned in that module's go.mod, in a small main of ours) into
# .tools/gcs-test-server/bin, from the Go module proxy. Rebuilt only when what it is built
# from changed (go.mod, go.sum, main.go): their hash sits in .tools/gcs-test-server/stamp.
# A cold build (empty Go module and build caches) took 6 minutes on a busy 2-core machine
# (under 3 with the modules already downloaded); a warm run builds nothing.
#
# Usage: scripts/build-gcs-test-server.sh   (prints the binary's path last)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/tools/gcs-test-server"
OUT="$ROOT/.tools/gcs-test-server"
BIN="$OUT/bin/gcs-test-server"
want="$(cat "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" | sha256sum | cut -d' ' -f1)"

if [ -x "$BIN" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$want" ]; then
  echo "$BIN"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "error: 'go' not found on PATH (Go >= 1.26 is needed to build the gs:// tests' server, tools/gcs-test-server)" >&2
  exit 1
fi
# Test runs build it on first use, possibly from several test files at once: one build at a time.
mkdir -p "$OUT/bin"
exec 9>"$OUT/build.lock"
flock 9
if [ -x "$BIN" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$want" ]; then
  echo "$BIN"
  exit 0
fi
echo "gcs-test-server: building from Go modules (a first build takes minutes)..." >&2
start=$(date +%s)
rm -f "$OUT/stamp"
# go.sum is committed, so no checksum-database lookup is needed.
(cd "$SRC" && GOWORK=off GOFLAGS=-mod=readonly nice -n 10 go build -o "$BIN.tmp" .) >&2
mv -f "$BIN.tmp" "$BIN"
echo "$want" > "$OUT/stamp"
echo "gcs-test-server: built in $(( $(date +%s) - start ))s" >&2
echo "$BIN"
