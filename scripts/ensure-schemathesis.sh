#!/usr/bin/env bash
# Makes, once per machine, the Python venv that runs Schemathesis for the API fuzz test
# (test/reliability/api-fuzz), from PyPI, exactly as test/reliability/api-fuzz/requirements.txt
# pins it, and prints the path of its python on the last line (run `<it> -m schemathesis.cli`,
# which works from any path to the venv, where its bin/ scripts would not). The venv sits in
# .tools/schemathesis-venv-<hash of the requirements>: a run with the same pins reuses it
# (no network), new pins make a new one. Needs python3 with the venv module.
#
# Usage: scripts/ensure-schemathesis.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/install-once.sh"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQUIREMENTS="$ROOT/test/reliability/api-fuzz/requirements.txt"
KEY="$(sha256sum "$REQUIREMENTS" | cut -c1-12)"

if ! command -v python3 >/dev/null || ! python3 -c "import venv, ensurepip" 2>/dev/null; then
  echo "ensure-schemathesis: python3 with the venv module is needed: apt-get install -y python3 python3-venv" >&2
  exit 1
fi

install() {
  python3 -m venv "$1"
  # --no-deps: the file pins every package, so nothing unpinned is resolved.
  "$1/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$REQUIREMENTS" >&2
  "$1/bin/pip" check >&2
}

VENV="$(tools_dir "$ROOT")/schemathesis-venv-$KEY"
install_once "$ROOT" schemathesis-venv "$VENV" "ensure-schemathesis: made" install
echo "$VENV/bin/python"
