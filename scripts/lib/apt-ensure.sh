# Sourced by the scripts/ensure-*.sh that need a Debian package: apt_ensure PACKAGE NAME FIND.
#
# FIND is a command (a shell function) that prints the path of what is needed and succeeds
# when it is there, and prints nothing and fails when not. A machine that has it is left
# alone; a clean one gets Debian's PACKAGE with apt-get, as root or through `sudo -n`, once.
# Prints the path on success; fails naming NAME (as users know it) when it cannot install,
# or when the install left it missing.
apt_ensure() {
  local package=$1 name=$2 find=$3
  if "$find"; then
    return 0
  fi
  # One install at a time (test files that need the package may start together): the
  # others wait, then find it installed.
  exec 9>"${TMPDIR:-/tmp}/pulumi-uptime-apt-ensure.lock"
  flock 9
  if "$find"; then
    return 0
  fi

  local sudo=()
  if [[ "$(id -u)" != "0" ]]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "$name is missing and this user cannot install it: run 'apt-get install $package' as root" >&2
      exit 1
    fi
    sudo=(sudo -n)
  fi

  echo "Installing Debian's $package package (once per machine)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq >&2
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$package" >&2
  "$find" || {
    echo "apt-get installed $package but $name is still missing" >&2
    exit 1
  }
}
