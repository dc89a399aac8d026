#!/bin/sh
# Runs a command with Node 24 LTS first on PATH. The machine's own node may be older (Node 20 reached end of life
# in April 2026); then Node 24 is installed once from the npm registry into .tools/node24 inside the project.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" != "24" ]; then
  local_node="$here/.tools/node24"
  if [ ! -x "$local_node/bin/node" ]; then
    echo "Installing Node 24 LTS into $local_node (the machine's node is ${major:-missing})..." >&2
    npm install -g --prefix "$local_node" node@24 --no-audit --no-fund >&2
  fi
  PATH="$local_node/bin:$PATH"
  export PATH
fi
exec "$@"
