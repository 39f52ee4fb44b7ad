# Where provisioned tools live; sourced by scripts/provision.sh and asked by the node
# scripts (scripts/lib/cache.mjs), so both agree. Prints an absolute path.
# PERSONA_STUDIO_CACHE wins; otherwise the .cache/ folder (git-ignored) of the main
# checkout: git worktrees of one clone share it, so a machine provisions once.
persona_studio_cache_dir() {
  local repo=$1 common
  if [ -n "${PERSONA_STUDIO_CACHE:-}" ]; then
    mkdir -p "$PERSONA_STUDIO_CACHE" && (cd "$PERSONA_STUDIO_CACHE" && pwd)
    return
  fi
  common=$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
  if [ -n "$common" ] && [ "$(basename "$common")" = .git ]; then
    echo "$(dirname "$common")/.cache"
  else
    echo "$repo/.cache"
  fi
}
