#!/usr/bin/env bash
# Build the Pulumi tools this project runs, from Go modules, into .tools/pulumi/bin:
# the CLI, the Node.js, YAML, Go, Python and Java language hosts, and the SDK generator
# (pulumi-gen-uptime, on Pulumi's own code generators); next to them, the
# dynamic-provider launcher shipped in the @pulumi/pulumi npm package. Needs only the
# Go module proxy: no download from get.pulumi.com.
#
# Each tool is rebuilt only when what it is built from changed (its version, its
# wrapper module's go.mod/go.sum, and for the generator its own sources): a hash of
# those sits in .tools/pulumi/stamps/<tool>. A rerun with nothing changed builds nothing.
#
# The suite's CLI (PULUMI_VERSION below) goes into .tools/pulumi/bin beside the hosts, from the
# wrapper module tools/pulumi/cli-<version>. Another CLI (PULUMI_CLI_VERSION or --cli <version>,
# e.g. v3.248.0) goes into .tools/pulumi/cli/<version>/pulumi from its own wrapper module, with a
# stamp of its own (.tools/pulumi/cli/<version>/stamps/pulumi), so each version is cached apart
# and the default build, which other checkouts may share, is never touched by it.
#
# Usage: scripts/build-pulumi.sh [--force] [--cli <version>]
# Then:  source scripts/pulumi-env.sh   (PULUMI_CLI_VERSION=<version> puts that CLI first)
#
# See tools/pulumi/README.md for the details (versions, timings, offline use).
set -euo pipefail

# The CLI the tests and the demo run (test/e2e/harness.ts, CLI_VERSION, says the same).
PULUMI_VERSION=v3.274.1
# Newest Node.js language host still published on the Go module proxy (see README).
LANGHOST_VERSION=v3.68.0
# Newest pulumi-yaml that builds from the module proxy reachable here (see README).
YAML_VERSION=v1.32.0
# The Go language host as it was in sdk/v3 v3.66.0 (see README).
GO_LANGHOST_VERSION=v3.66.0
# The Python language host as it was in sdk/v3 v3.79.0, its last release there (see README).
PYTHON_LANGHOST_VERSION=v3.79.0
# Newest pulumi-java Go module the module proxy reachable here serves (see README).
JAVA_LANGHOST_VERSION=v1.17.0
VERSION_VAR=github.com/pulumi/pulumi/sdk/v3/go/common/version.Version
YAML_VERSION_VAR=github.com/pulumi/pulumi-yaml/pkg/version.Version
JAVA_VERSION_VAR=github.com/pulumi/pulumi-java/pkg/version.Version

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/tools"
OUT="$ROOT/.tools/pulumi"
BIN="$OUT/bin"
STAMPS="$OUT/stamps"
NPM_SDK="$ROOT/node_modules/@pulumi/pulumi"

force=0
cli_version="${PULUMI_CLI_VERSION:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --force) force=1 ;;
    --cli) cli_version="${2:?--cli needs a version}"; shift ;;
    *) echo "usage: $0 [--force] [--cli <version>]" >&2; exit 2 ;;
  esac
  shift
done
cli_versions=()
for v in $cli_version; do
  [ "$v" = "$PULUMI_VERSION" ] && continue
  case " ${cli_versions[*]} " in *" $v "*) continue ;; esac
  if [ ! -f "$TOOLS/pulumi/cli-$v/go.mod" ]; then
    echo "error: no wrapper module tools/pulumi/cli-$v for Pulumi CLI $v" >&2
    echo "       (tools/pulumi/README.md says how to add one)" >&2
    exit 2
  fi
  cli_versions+=("$v")
done

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

mkdir -p "$BIN" "$STAMPS"
rm -f "$OUT/build.stamp" # the single stamp of earlier versions of this script

for f in "${launchers[@]}"; do
  if ! cmp -s "$f" "$BIN/$(basename "$f")"; then
    cp "$f" "$BIN/$(basename "$f")"
  fi
  chmod 0755 "$BIN/$(basename "$f")"
done

# go.sum files are committed, so no checksum-database lookup is needed; pulumi's own
# modules are exempted from it anyway in case the database lags behind the proxy.
export GOWORK=off
export GONOSUMDB="${GONOSUMDB:+$GONOSUMDB,}github.com/pulumi/pulumi,github.com/pulumi/pulumi-yaml,github.com/pulumi/pulumi-java"

built=0
# build_tool <binary> <version> <module dir> <package> <ldflags> [extra files in the stamp...]
# Into $BIN with its stamp in $STAMPS (a caller may set both for one call).
build_tool() {
  local name="$1" version="$2" dir="$3" pkg="$4" ldflags="$5"
  shift 5
  local want
  want="$( { echo "$name $version $pkg $ldflags"; cat "$dir/go.mod" "$dir/go.sum" "$@"; } | sha256sum | cut -d' ' -f1)"
  mkdir -p "$BIN" "$STAMPS"
  if [ "$force" -eq 0 ] && [ -x "$BIN/$name" ] && [ "$(cat "$STAMPS/$name" 2>/dev/null)" = "$want" ]; then
    return 0
  fi
  if ! command -v go >/dev/null 2>&1; then
    echo "error: 'go' not found on PATH (Go >= 1.25 is needed to build $name)" >&2
    exit 1
  fi
  echo "pulumi tools: building $name $version from Go modules (a first build takes minutes)..."
  local start
  start=$(date +%s)
  rm -f "$STAMPS/$name"
  (cd "$dir" && go build -o "$BIN/$name.tmp" -ldflags "$ldflags" "$pkg")
  mv -f "$BIN/$name.tmp" "$BIN/$name"
  echo "$want" > "$STAMPS/$name"
  echo "pulumi tools: built $name in $(( $(date +%s) - start ))s"
  built=1
}

build_tool pulumi "$PULUMI_VERSION" "$TOOLS/pulumi/cli-$PULUMI_VERSION" \
  github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "-X $VERSION_VAR=$PULUMI_VERSION"
build_tool pulumi-language-nodejs "$LANGHOST_VERSION" "$TOOLS/pulumi/nodejs-langhost" \
  github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs "-X $VERSION_VAR=$LANGHOST_VERSION"
# Node.js policy packs: the CLI (v3.248.0 and v3.274.1) starts them through the Node.js language host's
# RunPlugin, which the v3.68.0 host answers with "not supported". The host is rebuilt once
# more with one file added through `go build -overlay`
# (tools/pulumi/nodejs-langhost/run-plugin/run_plugin.go), which runs a pack the way Pulumi's
# `pulumi-analyzer-policy` script does (the script is copied beside it from the same module),
# or, for a pack that turns TypeScript off, with run-compiled-policy-pack.js from the same
# folder, also copied beside it. The host's own stamp is left as it is (other checkouts
# sharing .tools compare it); this step has its own, which holds the patched binary's hash, so
# a host rebuilt without the patch is patched again.
node_sdk="$(cd "$TOOLS/pulumi/nodejs-langhost" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)"
if ! cmp -s "$node_sdk/nodejs/dist/pulumi-analyzer-policy" "$BIN/pulumi-analyzer-policy"; then
  cp "$node_sdk/nodejs/dist/pulumi-analyzer-policy" "$BIN/pulumi-analyzer-policy"
  chmod 0755 "$BIN/pulumi-analyzer-policy"
fi
run_plugin_src="$TOOLS/pulumi/nodejs-langhost/run-plugin/run_plugin.go"
compiled_pack_launcher="$TOOLS/pulumi/nodejs-langhost/run-plugin/run-compiled-policy-pack.js"
if ! cmp -s "$compiled_pack_launcher" "$BIN/run-compiled-policy-pack.js"; then
  cp "$compiled_pack_launcher" "$BIN/run-compiled-policy-pack.js"
fi
run_plugin_want() {
  { echo "$LANGHOST_VERSION"; cat "$run_plugin_src"; sha256sum < "$BIN/pulumi-language-nodejs"; } | sha256sum | cut -d' ' -f1
}
if [ "$force" -eq 1 ] || [ "$(cat "$STAMPS/pulumi-language-nodejs.run-plugin" 2>/dev/null)" != "$(run_plugin_want)" ]; then
  echo "pulumi tools: adding RunPlugin (Node.js policy packs) to pulumi-language-nodejs..."
  host_dir="$node_sdk/nodejs/cmd/pulumi-language-nodejs"
  # Go refuses overlays of files in its module cache, so the host's package is copied into a
  # module of its own (the wrapper's go.mod and go.sum) with the one line changed and the
  # file added.
  work="$OUT/run-plugin-build"
  rm -rf "$work"
  mkdir -p "$work"
  cp "$host_dir"/proxy*.go "$run_plugin_src" "$work/"
  sed 's#^module .*#module pulumi-uptime/run-plugin-build#' "$TOOLS/pulumi/nodejs-langhost/go.mod" > "$work/go.mod"
  cp "$TOOLS/pulumi/nodejs-langhost/go.sum" "$work/go.sum"
  # The host's one-line RunPlugin now calls the added file's function.
  perl -0pe 's/(RunPlugin\(\n\treq \*pulumirpc\.RunPluginRequest, server pulumirpc\.LanguageRuntime_RunPluginServer,\n\) error \{\n)\treturn errors\.New\("not supported"\)/$1\treturn uptimeRunPlugin(req, server)/' \
    "$host_dir/main.go" > "$work/main.go"
  if ! grep -q 'return uptimeRunPlugin(req, server)' "$work/main.go"; then
    echo "error: could not find RunPlugin in $host_dir/main.go to patch" >&2
    exit 1
  fi
  chmod -R u+w "$work"
  (cd "$work" && go build -tags uptime_run_plugin -o "$BIN/pulumi-language-nodejs.tmp" \
    -ldflags "-X $VERSION_VAR=$LANGHOST_VERSION" .)
  mv -f "$BIN/pulumi-language-nodejs.tmp" "$BIN/pulumi-language-nodejs"
  run_plugin_want > "$STAMPS/pulumi-language-nodejs.run-plugin"
  built=1
fi
build_tool pulumi-language-yaml "$YAML_VERSION" "$TOOLS/pulumi/yaml-langhost" \
  github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml "-X $YAML_VERSION_VAR=$YAML_VERSION"
build_tool pulumi-language-go "$GO_LANGHOST_VERSION" "$TOOLS/pulumi/go-langhost" \
  github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go "-X $VERSION_VAR=$GO_LANGHOST_VERSION"
build_tool pulumi-language-python "$PYTHON_LANGHOST_VERSION" "$TOOLS/pulumi/python-langhost" \
  github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python "-X $VERSION_VAR=$PYTHON_LANGHOST_VERSION"
# The Python host runs programs through its exec shim, a Python script it looks up on the
# PATH beside itself; it ships in the same module.
shim="$(cd "$TOOLS/pulumi/python-langhost" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)/python/cmd/pulumi-language-python-exec"
if ! cmp -s "$shim" "$BIN/pulumi-language-python-exec"; then
  cp "$shim" "$BIN/pulumi-language-python-exec"
  chmod 0755 "$BIN/pulumi-language-python-exec"
fi
build_tool pulumi-language-java "$JAVA_LANGHOST_VERSION" "$TOOLS/pulumi/java-langhost" \
  github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java "-X $JAVA_VERSION_VAR=$JAVA_LANGHOST_VERSION"
build_tool pulumi-gen-uptime local "$TOOLS/sdkgen" . "" "$TOOLS/sdkgen"/*.go "$TOOLS/sdkgen/logo.png" "$TOOLS/sdkgen/maven-plugins.json"
# `pulumi import`'s code generator for Python, Go and Node.js programs (tools/pulumi/program-gen), under
# the language hosts' names in a directory of its own, never beside the CLI, where the real
# hosts must stay: test/e2e puts that directory first on the PATH for `pulumi import` only.
build_tool pulumi-program-gen local "$TOOLS/pulumi/program-gen" . "" "$TOOLS/pulumi/program-gen/main.go"
mkdir -p "$OUT/program-gen"
for host in pulumi-language-python pulumi-language-go pulumi-language-nodejs; do
  ln -sfn ../bin/pulumi-program-gen "$OUT/program-gen/$host"
done

for v in ${cli_versions[@]+"${cli_versions[@]}"}; do
  BIN="$OUT/cli/$v" STAMPS="$OUT/cli/$v/stamps" \
    build_tool pulumi "$v" "$TOOLS/pulumi/cli-$v" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "-X $VERSION_VAR=$v"
done

check_version() {
  local got
  got="$("$1" version)"
  if [ "$got" != "$2" ]; then
    echo "error: built $1 reports version '$got', expected $2" >&2
    exit 1
  fi
}
check_version "$BIN/pulumi" "$PULUMI_VERSION"
for v in ${cli_versions[@]+"${cli_versions[@]}"}; do
  check_version "$OUT/cli/$v/pulumi" "$v"
done
[ "$built" -eq 1 ] || echo "pulumi tools: reusing .tools/pulumi/bin"
echo "$BIN"
