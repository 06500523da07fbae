#!/usr/bin/env bash
# ensure-pulumi.sh [REPO_ROOT]
#
# Prints (alone, on stdout) a directory holding pulumi, pulumi-language-nodejs and the dynamic-provider host
# script, for PATH: a suitable pulumi already on PATH, else v3.274.1 built from the Go module proxy into a
# versioned cache (~/.cache/pulumi-posthog). How and why, and the environment variables it reads:
# docs/pulumi-cli.md.
set -euo pipefail

readonly PULUMI_VERSION="v3.274.1"                 # github.com/pulumi/pulumi/pkg/v3 and sdk/v3 for the CLI
readonly LANGHOST_SDK_VERSION="v3.68.0"            # github.com/pulumi/pulumi/sdk/v3 holding the Node.js language host
readonly MIN_SYSTEM_MINOR=139                       # a pulumi on PATH must be >= 3.139
readonly CLI_PKG="github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
readonly LANGHOST_PKG="github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs"
readonly VERSION_VAR="github.com/pulumi/pulumi/sdk/v3/go/common/version.Version"
readonly BUILD_TAGS="osusergo,grpcnotrace"
# Copied from pkg/v3 v3.274.1's go.mod: replace directives only apply in the main module, so the
# wrapper module must carry the ones the CLI's dependencies rely on.
readonly CLI_REPLACES="replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e"
# Everything that decides what gets built; a cache entry built from another recipe is rebuilt.
readonly RECIPE="recipe=2 cli=pkg/v3@${PULUMI_VERSION}+sdk/v3@${PULUMI_VERSION} langhost=sdk/v3@${LANGHOST_SDK_VERSION} tags=${BUILD_TAGS} trimpath cgo=0"

log() { printf 'ensure-pulumi: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="${1:-${PULUMI_POSTHOG_REPO_ROOT:-$(dirname "$script_dir")}}"
home="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
cache_root="${PULUMI_POSTHOG_CACHE:-${XDG_CACHE_HOME:-$home/.cache}/pulumi-posthog}"
dest="$cache_root/pulumi-$PULUMI_VERSION"
bin="$dest/bin"
resource_script_src="$repo_root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"

# "v3.274.1" -> 0 if >= 3.MIN_SYSTEM_MINOR
version_ok() {
  local v="${1#v}" major minor
  major="${v%%.*}"; v="${v#*.}"; minor="${v%%.*}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] || return 1
  (( major > 3 || (major == 3 && minor >= MIN_SYSTEM_MINOR) ))
}

# Installs (or refreshes) the resource script into directory $1, atomically. Returns 0 if present afterwards.
install_resource_script() {
  local dir="$1"
  if [[ -f "$resource_script_src" ]]; then
    if ! cmp -s "$resource_script_src" "$dir/pulumi-resource-pulumi-nodejs" 2>/dev/null; then
      # A copy rather than a symlink: the script is generic (it resolves @pulumi/pulumi from the
      # program's directory), and a copy keeps the shared cache independent of one checkout.
      local tmpf
      tmpf="$(mktemp "$dir/.pulumi-resource-pulumi-nodejs.XXXXXX")"
      cp "$resource_script_src" "$tmpf"
      chmod 0755 "$tmpf"
      mv -f "$tmpf" "$dir/pulumi-resource-pulumi-nodejs"
      log "installed pulumi-resource-pulumi-nodejs from $resource_script_src"
    fi
  elif [[ -x "$dir/pulumi-resource-pulumi-nodejs" ]]; then
    log "note: $resource_script_src not found (npm ci not run yet?); keeping the copy already in $dir"
  else
    log "WARNING: $resource_script_src not found: run 'npm ci' in $repo_root and rerun this script;" \
        "until then dynamic providers cannot run (pulumi-resource-pulumi-nodejs missing)"
    return 1
  fi
}

# ---------------------------------------------------------------------------------------------
# 1. A suitable pulumi already on PATH?
# ---------------------------------------------------------------------------------------------
if [[ "${PULUMI_POSTHOG_USE_SYSTEM_PULUMI:-1}" != "0" ]] && command -v pulumi >/dev/null 2>&1; then
  sys_pulumi="$(command -v pulumi)"
  sys_real="$(readlink -f "$sys_pulumi")"
  sys_dir="$(dirname "$sys_real")"
  if [[ "$sys_dir" != "$bin" ]]; then   # our own cache on PATH is handled below
    sys_version="$(PULUMI_SKIP_UPDATE_CHECK=true timeout 60 "$sys_pulumi" version 2>/dev/null | tr -d '[:space:]' || true)"
    if [[ -n "$sys_version" ]] && version_ok "$sys_version" &&
       { [[ -x "$sys_dir/pulumi-language-nodejs" ]] || command -v pulumi-language-nodejs >/dev/null 2>&1; }; then
      log "using pulumi $sys_version from $sys_pulumi"
      if [[ -x "$sys_dir/pulumi-resource-pulumi-nodejs" ]] || command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1; then
        printf '%s\n' "$sys_dir"
        exit 0
      fi
      # The resource script is missing: give an overlay directory holding links to the system
      # binaries plus the script (the CLI finds its helpers beside its real path or on PATH).
      overlay="$cache_root/system-overlay/bin"
      mkdir -p "$overlay"
      ln -sfn "$sys_real" "$overlay/pulumi"
      if [[ -x "$sys_dir/pulumi-language-nodejs" ]]; then
        ln -sfn "$sys_dir/pulumi-language-nodejs" "$overlay/pulumi-language-nodejs"
      fi
      install_resource_script "$overlay" || true
      printf '%s\n' "$overlay"
      exit 0
    fi
    log "pulumi on PATH (${sys_pulumi}, version '${sys_version:-?}') is not suitable" \
        "(needs >= 3.${MIN_SYSTEM_MINOR} and pulumi-language-nodejs); using the pinned $PULUMI_VERSION build"
  fi
fi

# ---------------------------------------------------------------------------------------------
# 2. The pinned build, cached.
# ---------------------------------------------------------------------------------------------
mkdir -p "$cache_root"
# One builder at a time: a second caller waits here, then finds the finished build.
exec 9>"$cache_root/.lock"
if ! flock -n 9; then
  log "another ensure-pulumi is running; waiting for its lock ($cache_root/.lock)"
  flock -w 3600 9 || die "timed out waiting for $cache_root/.lock"
fi

cache_valid() {
  [[ -f "$dest/.recipe" && "$(cat "$dest/.recipe")" == "$RECIPE" &&
     -x "$bin/pulumi" && -x "$bin/pulumi-language-nodejs" ]]
}

if ! cache_valid; then
  command -v go >/dev/null 2>&1 || PATH="$PATH:/usr/local/go/bin"
  command -v go >/dev/null 2>&1 || die "the go command is needed to build pulumi (not found on PATH nor in /usr/local/go/bin)"

  # Go environment for the build (our commands only):
  # - GOSUMDB is left at its default (sum.golang.org): the host sum.golang.org itself does not resolve
  #   in this workplace, but the go command reaches the checksum database through the module proxy
  #   ($GOPROXY/sumdb/sum.golang.org/...), so every downloaded module is still verified. Only where
  #   neither is reachable ("verifying module: ... dial tcp: lookup sum.golang.org"), set
  #   PULUMI_POSTHOG_GOSUMDB_OFF=1 to build with GOSUMDB=off (hashes then only recorded, not checked).
  # - GOFLAGS=-mod=mod lets `go get`/`go build` write the generated wrapper go.mod/go.sum; GOWORK=off
  #   keeps any go.work around from interfering.
  # - CGO_ENABLED=0: static binaries, as Pulumi's release builds; no C toolchain needed.
  # GOPROXY, GOMODCACHE and GOCACHE are left as they are (defaults), so later builds are fast.
  if [[ "${PULUMI_POSTHOG_GOSUMDB_OFF:-0}" == "1" ]]; then export GOSUMDB=off; fi
  export GOFLAGS=-mod=mod GOWORK=off CGO_ENABLED=0

  log "building pulumi $PULUMI_VERSION and pulumi-language-nodejs (sdk/v3 $LANGHOST_SDK_VERSION) into $dest"
  log "$(go version); GOPROXY=$(go env GOPROXY); GOSUMDB=$(go env GOSUMDB); GOMODCACHE=$(go env GOMODCACHE)"
  started=$SECONDS
  work="$(mktemp -d "$cache_root/.build-pulumi-$PULUMI_VERSION.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  chmod 0755 "$work"   # mktemp -d makes it 0700
  mkdir -p "$work/bin" "$work/src/cli" "$work/src/langhost"

  # Wrapper module for the CLI: requiring pkg/v3 and sdk/v3 here (instead of `go install pkg@version`,
  # which refuses modules whose go.mod has replace directives) builds the same main package.
  cat >"$work/src/cli/go.mod" <<EOF
// Generated by scripts/ensure-pulumi.sh: builds the Pulumi CLI $PULUMI_VERSION from the Go module proxy.
module pulumi-posthog.invalid/build/pulumi-cli

go 1.26.6

$CLI_REPLACES

require (
	github.com/pulumi/pulumi/pkg/v3 $PULUMI_VERSION
	github.com/pulumi/pulumi/sdk/v3 $PULUMI_VERSION
)
EOF
  # Wrapper module for the language host (sdk/v3 at the older release that still contains it).
  cat >"$work/src/langhost/go.mod" <<EOF
// Generated by scripts/ensure-pulumi.sh: builds pulumi-language-nodejs from sdk/v3 $LANGHOST_SDK_VERSION.
module pulumi-posthog.invalid/build/pulumi-language-nodejs

go 1.20

require github.com/pulumi/pulumi/sdk/v3 $LANGHOST_SDK_VERSION
EOF

  log "downloading modules for pulumi $PULUMI_VERSION (a few hundred MB the first time)..."
  (cd "$work/src/cli" && go get "$CLI_PKG@$PULUMI_VERSION" "github.com/pulumi/pulumi/sdk/v3@$PULUMI_VERSION") >&2 ||
    die "go get of the Pulumi CLI modules failed (see above)"
  log "building pulumi $PULUMI_VERSION (several minutes the first time on 2 cores)..."
  (cd "$work/src/cli" && go build -trimpath -tags "$BUILD_TAGS" \
      -ldflags "-X $VERSION_VAR=$PULUMI_VERSION" -o "$work/bin/pulumi" "$CLI_PKG") >&2 ||
    die "go build of the Pulumi CLI failed (see above)"

  log "downloading modules for pulumi-language-nodejs (sdk/v3 $LANGHOST_SDK_VERSION)..."
  (cd "$work/src/langhost" && go get "$LANGHOST_PKG@$LANGHOST_SDK_VERSION") >&2 ||
    die "go get of the language host modules failed (see above)"
  log "building pulumi-language-nodejs..."
  (cd "$work/src/langhost" && go build -trimpath -tags "$BUILD_TAGS" \
      -ldflags "-X $VERSION_VAR=$LANGHOST_SDK_VERSION" -o "$work/bin/pulumi-language-nodejs" "$LANGHOST_PKG") >&2 ||
    die "go build of pulumi-language-nodejs failed (see above)"

  got="$(PULUMI_SKIP_UPDATE_CHECK=true "$work/bin/pulumi" version 2>/dev/null | tr -d '[:space:]' || true)"
  [[ "$got" == "$PULUMI_VERSION" ]] || die "built pulumi reports version '$got', expected $PULUMI_VERSION"
  # The language host serves gRPC and prints its port first: check it starts.
  port="$(timeout 5 "$work/bin/pulumi-language-nodejs" 2>/dev/null | head -n 1 || true)"
  [[ "$port" =~ ^[0-9]+$ ]] || die "built pulumi-language-nodejs did not start (printed '$port')"

  printf '%s\n' "$RECIPE" >"$work/.recipe"
  # Move into place atomically: rename the finished directory over the (absent or stale) one.
  if [[ -e "$dest" ]]; then
    old="$cache_root/.old-pulumi-$PULUMI_VERSION.$$"
    mv "$dest" "$old"
    mv "$work" "$dest"
    rm -rf "$old"
  else
    mv "$work" "$dest"
  fi
  trap - EXIT
  log "built pulumi $PULUMI_VERSION and pulumi-language-nodejs in $((SECONDS - started))s"
fi

install_resource_script "$bin" || true

got="$(PULUMI_SKIP_UPDATE_CHECK=true "$bin/pulumi" version 2>/dev/null | tr -d '[:space:]' || true)"
[[ "$got" == "$PULUMI_VERSION" ]] || die "$bin/pulumi reports version '$got', expected $PULUMI_VERSION (delete $dest to rebuild)"

printf '%s\n' "$bin"
