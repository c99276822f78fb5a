# Sourced by the scripts/ensure-*.sh that install a pinned tool into .tools once per machine:
# install_once ROOT NAME DIR MESSAGE INSTALL.
#
# DIR (.tools/<name>-<hash of the pins>, the physical path: .tools may be a link shared
# between checkouts) is made by the command INSTALL (a shell function taking DIR) unless a
# finished install is there already (DIR/.installed), so a run with the same pins reuses it
# without the network and new pins make a new one. One installer at a time, under the lock
# .tools/NAME.lock: the others wait and then reuse what it installed. After an install it
# prints (to stderr) MESSAGE followed by DIR and how long it took.
install_once() {
  local root=$1 name=$2 dir=$3 message=$4 install=$5
  exec 9>"$root/.tools/$name.lock"
  flock 9
  if [ ! -f "$dir/.installed" ]; then
    local started
    started=$(date +%s)
    rm -rf "$dir"
    "$install" "$dir"
    touch "$dir/.installed"
    echo "$message $dir in $(($(date +%s) - started)) s" >&2
  fi
}

# The physical path of ROOT/.tools, made when missing.
tools_dir() {
  mkdir -p "$1/.tools"
  (cd -P "$1/.tools" && pwd)
}
