#!/usr/bin/env bash
# Provisions what the end-to-end tests and `npm start` need to run the extension in a
# real VS Code: code-server (VS Code in the browser, from npm) in a git-ignored cache,
# and Debian's Chromium to drive it. Safe to run again: finished steps are skipped.
#
#   bash scripts/provision.sh                  (or: npm run provision)
#   bash scripts/provision.sh --packages-only  only the Debian packages (before npm ci)
#
# Environment:
#   PERSONA_STUDIO_CACHE   cache folder (default: .cache/ of the main checkout, which
#                          its git worktrees share, so a machine installs code-server once)
#   PERSONA_STUDIO_FORCE=1 reinstall code-server even when it is already provisioned
set -euo pipefail

CODE_SERVER_VERSION=4.100.3 # the line that runs on Node 20 (VS Code 1.100.3)
RIPGREP_PACKAGE_VERSION=1.15.11 # @vscode/ripgrep inside that code-server
RIPGREP_ASSET_VERSION=v13.0.0-10
DEBIAN_PACKAGES=(chromium libkrb5-dev ripgrep build-essential python3 pkg-config ca-certificates)

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
packages_only=
case "${1:-}" in
  --packages-only) packages_only=1 ;;
  "") ;;
  *) echo "usage: bash scripts/provision.sh [--packages-only]" >&2; exit 2 ;;
esac
say() { printf '[provision] %s\n' "$*"; }
fail() {
  printf '[provision] FAILED: %s\n' "$*" >&2
  exit 1
}

# --- Debian packages ---------------------------------------------------------------
missing=()
if command -v dpkg-query >/dev/null; then
  for package in "${DEBIAN_PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$package")
  done
else
  say "not a Debian-like system: make sure Chromium, ripgrep, the Kerberos headers (krb5) and a C++ toolchain are installed"
fi
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then
    apt=(apt-get)
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    apt=(sudo -n apt-get)
  else
    fail "Debian packages missing: ${missing[*]}. Install them as root: apt-get update && apt-get install -y ${missing[*]}"
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${apt[@]}" update -q || fail "apt-get update failed (see above)"
  "${apt[@]}" install -y -q --no-install-recommends "${missing[@]}" || fail "apt-get install ${missing[*]} failed (see above)"
else
  say "Debian packages present: ${DEBIAN_PACKAGES[*]}"
fi

[ -z "$packages_only" ] || exit 0

# --- where the cache lives (scripts/cache-dir.sh is shared with the node side) -----
# shellcheck source=cache-dir.sh
. "$repo/scripts/cache-dir.sh"
cache=$(persona_studio_cache_dir "$repo")
target="$cache/code-server-$CODE_SERVER_VERSION"
marker="$target/.provisioned"
mkdir -p "$cache" || fail "cannot create the cache folder $cache"

# One provisioning at a time per cache (several checkouts may share it).
if command -v flock >/dev/null; then
  exec 9>"$cache/provision.lock"
  if ! flock -n 9; then
    say "another provisioning is running on $cache; waiting for it"
    flock 9
  fi
fi

# --- Node -------------------------------------------------------------------------
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null) || fail "node is not on the PATH"
if [ "$node_major" != 20 ]; then
  fail "code-server $CODE_SERVER_VERSION needs Node 20; this is Node $(node --version). Use Node 20 (for example with nvm) and run again."
fi

chromium=${PERSONA_STUDIO_CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || fail "no Chromium at $chromium (set PERSONA_STUDIO_CHROMIUM to its path)"
rg_path=$(command -v rg) || fail "ripgrep (rg) is not on the PATH"

# --- code-server ----------------------------------------------------------------------
if [ -f "$marker" ] && [ "$(cat "$marker")" = "$CODE_SERVER_VERSION" ] && [ -z "${PERSONA_STUDIO_FORCE:-}" ]; then
  say "code-server $CODE_SERVER_VERSION already provisioned in $target"
else
  # ripgrep's postinstall downloads rg from GitHub, which is unreachable here; it looks in
  # its cache first, so put Debian's rg there under the asset name it expects.
  case "$(uname -m)" in
    x86_64) rg_target=x86_64-unknown-linux-musl ;;
    aarch64 | arm64) rg_target=aarch64-unknown-linux-musl ;;
    *) fail "unsupported machine $(uname -m) for the ripgrep cache" ;;
  esac
  rg_cache="$(node -p 'require("os").tmpdir()')/vscode-ripgrep-cache-$RIPGREP_PACKAGE_VERSION"
  rg_asset="$rg_cache/ripgrep-$RIPGREP_ASSET_VERSION-$rg_target.tar.gz"
  if [ ! -s "$rg_asset" ]; then
    say "placing $rg_path in ripgrep's download cache ($rg_asset)"
    staging=$(mktemp -d)
    cp "$rg_path" "$staging/rg"
    mkdir -p "$rg_cache"
    tar czf "$rg_asset.tmp" -C "$staging" rg && mv "$rg_asset.tmp" "$rg_asset"
    rm -rf "$staging"
  fi

  say "installing code-server $CODE_SERVER_VERSION into $target (a few minutes; log: $target.log)"
  rm -rf "$target"
  mkdir -p "$target"
  cat >"$target/package.json" <<EOF
{
  "name": "persona-studio-code-server",
  "private": true,
  "description": "code-server for Persona Studio's end-to-end tests; provisioned by scripts/provision.sh",
  "dependencies": { "code-server": "$CODE_SERVER_VERSION" }
}
EOF
  started=$(date +%s)
  # code-server's postinstall runs VS Code's own npm install and builds native modules:
  # install scripts must run (npm 11 blocks them by default) and, as root, keep root.
  # These flags apply to this one install, in this folder, and nowhere else.
  if ! (cd "$target" && env npm_config_dangerously_allow_all_scripts=true npm_config_unsafe_perm=true \
    npm_config_yes=true npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false \
    npm install --no-package-lock >"$target.log" 2>&1); then
    tail -n 40 "$target.log" >&2
    fail "npm install code-server@$CODE_SERVER_VERSION failed; the full log is $target.log"
  fi
  entry="$target/node_modules/code-server/out/node/entry.js"
  [ -f "$entry" ] || fail "code-server installed without $entry; see $target.log"
  version=$(node "$entry" --version 2>>"$target.log" | head -n 1) || fail "the installed code-server does not start; see $target.log"
  echo "$CODE_SERVER_VERSION" >"$marker"
  say "code-server installed in $(($(date +%s) - started)) s: $version"
fi

say "ready: code-server $CODE_SERVER_VERSION ($target), browser $("$chromium" --version 2>/dev/null | head -n 1)"
