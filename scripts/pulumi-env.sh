# Source this (bash): puts the locally built Pulumi CLI first on PATH and
# switches off everything that would reach the network.
#   scripts/build-pulumi.sh && source scripts/pulumi-env.sh
# It sets no PULUMI_HOME, backend (pulumi login / PULUMI_BACKEND_URL) or
# passphrase: callers choose those per test.

_pulumi_env_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case ":$PATH:" in
  *":$_pulumi_env_root/.tools/pulumi/bin:"*) ;;
  *) export PATH="$_pulumi_env_root/.tools/pulumi/bin:$PATH" ;;
esac
# PULUMI_CLI_VERSION=<version> (built by `scripts/build-pulumi.sh --cli <version>`): that CLI
# goes first, before the default CLI and the language hosts of .tools/pulumi/bin.
if [ -n "${PULUMI_CLI_VERSION:-}" ] && [ -x "$_pulumi_env_root/.tools/pulumi/cli/$PULUMI_CLI_VERSION/pulumi" ]; then
  case ":$PATH:" in
    *":$_pulumi_env_root/.tools/pulumi/cli/$PULUMI_CLI_VERSION:"*) ;;
    *) export PATH="$_pulumi_env_root/.tools/pulumi/cli/$PULUMI_CLI_VERSION:$PATH" ;;
  esac
fi
unset _pulumi_env_root

# No "a new version is available" check (otherwise every command asks api.pulumi.com).
export PULUMI_SKIP_UPDATE_CHECK=true
# Never download plugins; the language host and the dynamic-provider launcher are on PATH.
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
# The Automation API does not insist on its own minimum CLI version.
export PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK=true
