#!/usr/bin/env bash
# Makes sure Debian's headless Chromium is installed (/usr/bin/chromium), for the status
# page's browser test. A machine that has it already is left alone; a clean one gets it
# from Debian's packages (scripts/lib/apt-ensure.sh). Prints the browser's path.
# Set CHROMIUM_PATH to use another Chromium and skip the install.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-ensure.sh"

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  [[ -x "$CHROMIUM_PATH" ]] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
  echo "$CHROMIUM_PATH"
  exit 0
fi

find_chromium() { [[ -x /usr/bin/chromium ]] && echo /usr/bin/chromium; }

apt_ensure chromium Chromium find_chromium
