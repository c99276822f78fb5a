#!/usr/bin/env bash
# Build rcodesign (crates.io: apple-codesign), the ad-hoc signer the release uses for the
# macOS plugin executables, into .tools/rcodesign/bin. Apple silicon refuses to run
# unsigned code, and no Apple tool runs here: rcodesign signs Mach-O files on Linux.
#
# Built with `cargo install --locked` (the crate's own Cargo.lock pins every dependency)
# and without default features: notarization (AWS and App Store Connect clients) is not
# needed for an ad-hoc signature and triples the build. Rebuilt only when the version or
# the features below change: their hash sits in .tools/rcodesign/stamp.
#
# Usage: scripts/build-rcodesign.sh   (prints the binary's path last)
set -euo pipefail

CRATE=apple-codesign
VERSION=0.29.0
FEATURES="--no-default-features"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/.tools/rcodesign"
BIN="$OUT/bin/rcodesign"
want="$(echo "$CRATE $VERSION $FEATURES" | sha256sum | cut -d' ' -f1)"

if [ -x "$BIN" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$want" ]; then
  echo "rcodesign: reusing $BIN" >&2
  echo "$BIN"
  exit 0
fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "error: 'cargo' not found on PATH: install Rust (rustup) to build rcodesign, which signs the macOS executables" >&2
  exit 1
fi
echo "rcodesign: building $CRATE $VERSION from crates.io (a first build takes minutes)..." >&2
start=$(date +%s)
mkdir -p "$OUT"
rm -f "$OUT/stamp"
# Low priority: the machine is shared, and this is a long build.
nice -n 10 cargo install --quiet --locked $FEATURES --root "$OUT" --version "$VERSION" "$CRATE" >&2
echo "$want" > "$OUT/stamp"
echo "rcodesign: built in $(( $(date +%s) - start ))s" >&2
echo "$BIN"
