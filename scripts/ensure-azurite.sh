#!/usr/bin/env bash
# Installs, once per machine, Azurite (the Azure Storage emulator) that the azblob backend
# store's tests run on loopback, from the npm registry exactly as tools/azurite/package-lock.json
# pins it, and prints the path of its blob server's entry point on the last line (run it with
# `node <it> --blobHost 127.0.0.1 --blobPort <port> --location <dir>`). It sits in
# .tools/azurite-<hash of the lock file>: a run with the same pins reuses it (no network), new
# pins make a new one. Not a devDependency: the package's own install stays without Azurite's
# ~200 packages, which only these tests need.
#
# Usage: scripts/ensure-azurite.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/install-once.sh"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PINS="$ROOT/tools/azurite"
KEY="$(cat "$PINS/package.json" "$PINS/package-lock.json" | sha256sum | cut -c1-12)"

DIR="$(tools_dir "$ROOT")/azurite-$KEY"
ENTRY="$DIR/node_modules/azurite/dist/src/blob/main.js"

install() {
  mkdir -p "$1"
  cp "$PINS/package.json" "$PINS/package-lock.json" "$1/"
  # --ignore-scripts: nothing of Azurite's needs building; the lock file fixes every version.
  (cd "$1" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >&2)
  if [ ! -f "$ENTRY" ]; then
    echo "ensure-azurite: $ENTRY is missing after the install" >&2
    exit 1
  fi
}

install_once "$ROOT" azurite "$DIR" "ensure-azurite: installed" install
echo "$ENTRY"
