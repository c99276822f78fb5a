#!/usr/bin/env bash
# Build the Pulumi CLI (and the Node.js and YAML language hosts) from Go modules into
# .tools/pulumi/bin, next to the dynamic-provider launcher shipped in the
# @pulumi/pulumi npm package. Needs only the Go module proxy: no download from
# get.pulumi.com. Re-running it reuses the existing build.
#
# Usage: scripts/build-pulumi.sh [--force]
# Then:  source scripts/pulumi-env.sh
#
# See tools/pulumi/README.md for the details (versions, timings, offline use).
set -euo pipefail

PULUMI_VERSION=v3.248.0
# Newest language host still published on the Go module proxy (see README).
LANGHOST_VERSION=v3.68.0
# Newest pulumi-yaml that builds from the module proxy reachable here (see README).
YAML_VERSION=v1.32.0
VERSION_VAR=github.com/pulumi/pulumi/sdk/v3/go/common/version.Version
YAML_VERSION_VAR=github.com/pulumi/pulumi-yaml/pkg/version.Version

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/tools/pulumi"
OUT="$ROOT/.tools/pulumi"
BIN="$OUT/bin"
STAMP="$OUT/build.stamp"
NPM_SDK="$ROOT/node_modules/@pulumi/pulumi"

force=0
case "${1:-}" in
  --force) force=1 ;;
  "") ;;
  *) echo "usage: $0 [--force]" >&2; exit 2 ;;
esac

if [ ! -f "$NPM_SDK/package.json" ]; then
  echo "error: $NPM_SDK is missing." >&2
  echo "       Run 'npm install' in $ROOT first: the dynamic-provider launcher" >&2
  echo "       (pulumi-resource-pulumi-nodejs) ships in the @pulumi/pulumi npm package." >&2
  exit 1
fi

# Launchers shipped by the npm package (pulumi-resource-pulumi-nodejs, and
# pulumi-analyzer-* in versions that have one); Windows .cmd shims skipped.
launchers=()
for f in "$NPM_SDK"/pulumi-resource-* "$NPM_SDK"/pulumi-analyzer-*; do
  [ -f "$f" ] || continue
  case "$f" in *.cmd) continue ;; esac
  launchers+=("$f")
done
if [ "${#launchers[@]}" -eq 0 ]; then
  echo "error: no pulumi-resource-* launcher found in $NPM_SDK" >&2
  exit 1
fi

npm_version="$(node -p "require('$NPM_SDK/package.json').version" 2>/dev/null || echo unknown)"
if [ "v$npm_version" != "$PULUMI_VERSION" ]; then
  echo "warning: node_modules/@pulumi/pulumi is $npm_version, CLI is $PULUMI_VERSION" >&2
fi

copy_launchers() {
  local f
  for f in "${launchers[@]}"; do
    if ! cmp -s "$f" "$BIN/$(basename "$f")"; then
      cp "$f" "$BIN/$(basename "$f")"
    fi
    chmod 0755 "$BIN/$(basename "$f")"
  done
}

# Anything that changes what gets built: versions and the wrapper modules.
want_stamp="$( {
  echo "$PULUMI_VERSION $LANGHOST_VERSION $YAML_VERSION"
  cat "$TOOLS/go.mod" "$TOOLS/go.sum" \
      "$TOOLS/nodejs-langhost/go.mod" "$TOOLS/nodejs-langhost/go.sum" \
      "$TOOLS/yaml-langhost/go.mod" "$TOOLS/yaml-langhost/go.sum"
} | sha256sum | cut -d' ' -f1)"

if [ "$force" -eq 0 ] \
   && [ -x "$BIN/pulumi" ] && [ -x "$BIN/pulumi-language-nodejs" ] && [ -x "$BIN/pulumi-language-yaml" ] \
   && [ "$(cat "$STAMP" 2>/dev/null)" = "$want_stamp" ] \
   && [ "$("$BIN/pulumi" version 2>/dev/null)" = "$PULUMI_VERSION" ]; then
  mkdir -p "$BIN"
  copy_launchers
  echo "pulumi CLI: reusing .tools/pulumi/bin"
  echo "$BIN"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  echo "error: 'go' not found on PATH (Go >= 1.25 is needed to build the Pulumi CLI)" >&2
  exit 1
fi

echo "pulumi CLI: building $PULUMI_VERSION from Go modules (first build takes a few minutes)..."
start=$(date +%s)
mkdir -p "$BIN"
rm -f "$STAMP"

# go.sum is committed, so no checksum-database lookup is needed; pulumi's own
# modules are exempted from it anyway in case the database lags behind the proxy.
export GOWORK=off
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi,github.com/pulumi/pulumi-yaml"

(cd "$TOOLS" && go build -o "$BIN/pulumi.tmp" \
  -ldflags "-X $VERSION_VAR=$PULUMI_VERSION" \
  github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
mv -f "$BIN/pulumi.tmp" "$BIN/pulumi"

(cd "$TOOLS/nodejs-langhost" && go build -o "$BIN/pulumi-language-nodejs.tmp" \
  -ldflags "-X $VERSION_VAR=$LANGHOST_VERSION" \
  github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs)
mv -f "$BIN/pulumi-language-nodejs.tmp" "$BIN/pulumi-language-nodejs"

(cd "$TOOLS/yaml-langhost" && go build -o "$BIN/pulumi-language-yaml.tmp" \
  -ldflags "-X $YAML_VERSION_VAR=$YAML_VERSION" \
  github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
mv -f "$BIN/pulumi-language-yaml.tmp" "$BIN/pulumi-language-yaml"

copy_launchers

got="$("$BIN/pulumi" version)"
if [ "$got" != "$PULUMI_VERSION" ]; then
  echo "error: built pulumi reports version '$got', expected $PULUMI_VERSION" >&2
  exit 1
fi
echo "$want_stamp" > "$STAMP"

echo "pulumi CLI: built $PULUMI_VERSION in $(( $(date +%s) - start ))s"
echo "$BIN"
