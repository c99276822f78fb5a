#!/usr/bin/env bash
# Build the S3-compatible server the S3 backend store's tests run on loopback
# (tools/s3-test-server: gofakes3 v1.2.0, pinned with its go.sum) into
# .tools/s3-test-server/bin/s3-test-server. Rebuilt only when its sources, go.mod or go.sum
# changed (their hash sits in .tools/s3-test-server/stamp); Go's module and build caches
# (GOMODCACHE, GOCACHE) are reused, so a warm rerun costs well under a second.
#
# Usage: scripts/build-s3-test-server.sh [--force]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/tools/s3-test-server"
OUT="$ROOT/.tools/s3-test-server"
BIN="$OUT/bin/s3-test-server"

want="$(cat "$SRC/go.mod" "$SRC/go.sum" "$SRC"/*.go | sha256sum | cut -d' ' -f1)"
if [ "${1:-}" != "--force" ] && [ -x "$BIN" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$want" ]; then
  echo "s3 test server: reusing $BIN"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "error: 'go' not found on PATH (needed to build the S3 test server, tools/s3-test-server)" >&2
  exit 1
fi
echo "s3 test server: building from Go modules..."
start=$(date +%s)
mkdir -p "$OUT/bin"
rm -f "$OUT/stamp"
# go.sum is committed: no checksum-database lookup is needed.
(cd "$SRC" && GOWORK=off GOFLAGS=-mod=readonly go build -o "$BIN.tmp" .)
mv -f "$BIN.tmp" "$BIN"
echo "$want" > "$OUT/stamp"
echo "s3 test server: built in $(( $(date +%s) - start ))s"
