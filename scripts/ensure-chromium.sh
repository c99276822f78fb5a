#!/usr/bin/env bash
# Makes sure Debian's headless Chromium is installed (/usr/bin/chromium), for the status
# page's browser test. A machine that has it already is left alone; a clean one gets it
# from Debian's packages (apt-get, as root or through sudo). Prints the browser's path.
# Set CHROMIUM_PATH to use another Chromium and skip the install.
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  [[ -x "$CHROMIUM_PATH" ]] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1; }
  echo "$CHROMIUM_PATH"
  exit 0
fi

if [[ -x /usr/bin/chromium ]]; then
  echo /usr/bin/chromium
  exit 0
fi

if [[ "$(id -u)" == "0" ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo -n)
else
  echo "Chromium is missing and this user cannot install it: run 'apt-get install chromium' as root" >&2
  exit 1
fi

echo "Installing Debian's chromium package (once per machine)..." >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq >&2
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends chromium >&2
[[ -x /usr/bin/chromium ]] || { echo "apt-get finished but /usr/bin/chromium is missing" >&2; exit 1; }
echo /usr/bin/chromium
