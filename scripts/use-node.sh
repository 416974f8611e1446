# Puts Node.js 24 on PATH when the machine's own Node is older than the project supports.
#
#   . scripts/use-node.sh      (source it: it changes PATH for the shell that runs it)
#
# Machines of this project's kind reach only the npm registry and Debian's packages, so Node comes
# from the npm registry's `node` package, which carries the binary for the machine's platform. It
# is installed once into a cache folder outside the checkout and reused. A Node that is new enough
# is left alone.

portal_node_major=24
portal_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e '
    const [major, minor, patch] = process.versions.node.split(".").map(Number);
    const ok = (major === 22 && (minor > 22 || (minor === 22 && patch >= 2))) ||
      (major === 24 && minor >= 15) || major >= 25;
    process.exit(ok ? 0 : 1);'
}

if ! portal_node_ok; then
  portal_node_dir="${PORTAL_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/customer-portal/node-$portal_node_major}"
  if [ ! -x "$portal_node_dir/node_modules/node/bin/node" ]; then
    echo "Installing Node.js $portal_node_major from the npm registry into $portal_node_dir…" >&2
    mkdir -p "$portal_node_dir"
    # The package's install step links the binary of this platform into node/bin.
    npm install --prefix "$portal_node_dir" --no-save --no-audit --no-fund --loglevel=error \
      "node@$portal_node_major" >&2
  fi
  if [ -x "$portal_node_dir/node_modules/node/bin/node" ]; then
    PATH="$portal_node_dir/node_modules/node/bin:$PATH"
    export PATH
  fi
fi

if portal_node_ok; then
  echo "Using Node.js $(node --version) at $(command -v node)" >&2
else
  echo "Node.js 24 could not be installed; install it by hand (https://nodejs.org)." >&2
  false
fi
