#!/usr/bin/env bash
# Makes sure the openssl command is installed, for the tests that make a test CA and
# certificates (test/support/test-pki.ts). A machine that has it already is left alone; a
# clean one gets Debian's openssl package (scripts/lib/apt-ensure.sh). Prints the command's path.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-ensure.sh"

find_openssl() { command -v openssl; }

apt_ensure openssl openssl find_openssl
