#!/usr/bin/env bash
# Makes sure the openssl command is installed, for the tests that make a test CA and
# certificates (test/support/test-pki.ts). A machine that has
# it already is left alone; a clean one gets Debian's openssl package (apt-get, as root or
# through sudo). Prints the command's path.
set -euo pipefail

if command -v openssl >/dev/null 2>&1; then
  command -v openssl
  exit 0
fi

if [[ "$(id -u)" == "0" ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo -n)
else
  echo "openssl is missing and this user cannot install it: run 'apt-get install openssl' as root" >&2
  exit 1
fi

echo "Installing Debian's openssl package (once per machine)..." >&2
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq >&2
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends openssl >&2
command -v openssl >/dev/null 2>&1 || { echo "apt-get finished but openssl is missing" >&2; exit 1; }
command -v openssl
