#!/usr/bin/env bash
# ensure-language-hosts.sh [yaml] [python] [nodejs] [go] [yaml_front]
#
# Provides the Pulumi YAML, Python and Node.js language hosts for the tests of the provider plugin in other languages,
# and prints the directory that holds each one asked for (default: yaml and python), one per line on stdout, in the
# order asked:
#
#     { read -r yaml_bin; read -r python_bin; } < <(scripts/ensure-language-hosts.sh yaml python)
#     PATH="$(scripts/ensure-pulumi.sh):$yaml_bin:$python_bin:$PATH"
#
# The Pulumi CLI looks for a language host beside itself first, then on PATH (it then warns "using
# pulumi-language-yaml from $PATH"). The Node.js host that runs programs is scripts/ensure-pulumi.sh's business; the
# one asked for here adds what a plugin written in Node.js needs (RunPlugin: `pulumi package add <directory>`) and
# what `pulumi package add` in a Node.js program needs (GeneratePackage, Link), for the tests that add the package
# so to put on PATH.
#
# 1. If a suitable `pulumi` on PATH (>= 3.139, as in ensure-pulumi.sh, which then uses it) has the host beside
#    it, as Pulumi's release archives do, that directory is printed: the CLI would use that host anyway.
#    PULUMI_POSTHOG_USE_SYSTEM_PULUMI=0 always uses the pinned builds below.
# 2. Otherwise each host is built from the Go module proxy, in the same way and with the same caching as
#    ensure-pulumi.sh builds the CLI (a generated wrapper module, -trimpath, the version ldflag, CGO off):
#
#    yaml    ${cache}/pulumi-language-yaml-v1.25.0/bin/pulumi-language-yaml
#            module github.com/pulumi/pulumi-yaml v1.25.0, package cmd/pulumi-language-yaml, with the dependency
#            versions of its own go.mod (pkg/v3 and sdk/v3 v3.206.0: it does not compile against the CLI's v3.274.1).
#            The wrapper carries the one replace directive those need (pkg/v3's clipboard fork); replace
#            directives only apply in the main module. The first build takes a few minutes on 2 cores.
#    python  ${cache}/pulumi-language-python-v3.68.0-front-<hash of the front's source>/bin/
#              pulumi-language-python-v3.68.0   Pulumi's Python host, package python/cmd/pulumi-language-python of
#                                               sdk/v3 v3.68.0 (the last release that has it inside the sdk/v3
#                                               module: later ones are in a module of their own that the proxy
#                                               refuses, as for the Node.js host)
#              pulumi-language-python-exec      its program runner, copied from the same module
#              pulumi-language-python           scripts/language-host-front/main.go, built against pkg/v3 at the
#                                               CLI's version: answers GeneratePackage, GenerateProgram and Link
#                                               (which the v3.68.0 host lacks and `pulumi package gen-sdk`/`add`
#                                               and `pulumi import` need) with pkg/v3's Python code generation,
#                                               passes every other call to the v3.68.0 host, and gives it
#                                               Pulumi.yaml's virtualenv option
#            Takes seconds after ensure-pulumi.sh: both share its module and build caches.
#    nodejs  ${cache}/pulumi-language-nodejs-v3.68.0-front-<hash>/bin/
#              pulumi-language-nodejs-v3.68.0   the Node.js host of sdk/v3 v3.68.0, as ensure-pulumi.sh builds it
#              pulumi-language-nodejs           the same front, answering RunPlugin (a plugin project such as
#                                               plugin/), GeneratePackage and Link (`pulumi package add` in a
#                                               Node.js program: pkg/v3's Node.js SDK, named in package.json) as a
#                                               current host does
#    yaml_front  ${cache}/pulumi-language-yaml-v3.68.0-front-<hash>/bin/: the YAML host above as
#            pulumi-language-yaml-v1.25.0, behind the front as pulumi-language-yaml (Link, for `pulumi package add`)
#    go      ${cache}/pulumi-language-go-v3.68.0-front-<hash>/bin/pulumi-language-go: the front alone, answering
#            GeneratePackage with pkg/v3's Go code generation (`pulumi package gen-sdk --language go`); the Go host
#            itself cannot be had (the Go module proxy refuses its module), so Go programs do not run here
#    Later runs take well under a second: the binaries are kept, each directory with the recipe it was built from
#    (a changed recipe rebuilds it).
#
# Environment: PULUMI_POSTHOG_CACHE, PULUMI_POSTHOG_USE_SYSTEM_PULUMI and PULUMI_POSTHOG_GOSUMDB_OFF as for
# ensure-pulumi.sh.
set -euo pipefail

readonly YAML_VERSION="v1.25.0"                     # github.com/pulumi/pulumi-yaml
readonly YAML_PKG="github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
readonly YAML_VERSION_VAR="github.com/pulumi/pulumi-yaml/pkg/version.Version"
readonly PYTHON_SDK_VERSION="v3.68.0"               # github.com/pulumi/pulumi/sdk/v3 holding the Python host
readonly PYTHON_PKG="github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python"
readonly NODEJS_PKG="github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs"
readonly SDK_VERSION_VAR="github.com/pulumi/pulumi/sdk/v3/go/common/version.Version"
readonly BUILD_TAGS="osusergo,grpcnotrace"
readonly MIN_SYSTEM_MINOR=139
# From pkg/v3's go.mod (v3.206.0 and v3.274.1 alike): replace directives only apply in the main module.
readonly PKG_REPLACES="replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e"

log() { printf 'ensure-language-hosts: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
home="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
cache_root="${PULUMI_POSTHOG_CACHE:-${XDG_CACHE_HOME:-$home/.cache}/pulumi-posthog}"
front_src="$script_dir/language-host-front/main.go"
# The front is built against the CLI's pkg/v3, so that it generates what that CLI's own hosts would, and reuses
# its build cache.
cli_version="$(sed -n 's/^readonly PULUMI_VERSION="\(v[0-9.]*\)".*/\1/p' "$script_dir/ensure-pulumi.sh")"
[[ -n "$cli_version" ]] || die "could not read PULUMI_VERSION from $script_dir/ensure-pulumi.sh"

hosts=("$@")
[[ ${#hosts[@]} -gt 0 ]] || hosts=(yaml python)
for host in "${hosts[@]}"; do
  [[ "$host" =~ ^(yaml|yaml_front|python|nodejs|go)$ ]] || die "unknown language host '$host' (yaml, yaml_front, python, nodejs or go)"
done

# The directory of a suitable system pulumi holding pulumi-language-$1, if any.
system_dir() {
  [[ "${PULUMI_POSTHOG_USE_SYSTEM_PULUMI:-1}" != "0" ]] && command -v pulumi >/dev/null 2>&1 || return 1
  local dir version v major minor
  dir="$(dirname "$(readlink -f "$(command -v pulumi)")")"
  [[ "$dir" != "$cache_root"/* && -x "$dir/pulumi-language-$1" ]] || return 1
  version="$(PULUMI_SKIP_UPDATE_CHECK=true timeout 60 pulumi version 2>/dev/null | tr -d '[:space:]' || true)"
  v="${version#v}"; major="${v%%.*}"; v="${v#*.}"; minor="${v%%.*}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] && (( major > 3 || (major == 3 && minor >= MIN_SYSTEM_MINOR) )) || return 1
  log "using pulumi-language-$1 beside pulumi $version in $dir"
  printf '%s\n' "$dir"
}

go_env() {
  command -v go >/dev/null 2>&1 || PATH="$PATH:/usr/local/go/bin"
  command -v go >/dev/null 2>&1 || die "the go command is needed to build the language hosts (not found on PATH nor in /usr/local/go/bin)"
  # As in ensure-pulumi.sh: checksums verified through the proxy unless PULUMI_POSTHOG_GOSUMDB_OFF=1; our
  # generated go.mod files may be written; static binaries; module and build caches at their defaults.
  if [[ "${PULUMI_POSTHOG_GOSUMDB_OFF:-0}" == "1" ]]; then export GOSUMDB=off; fi
  export GOFLAGS=-mod=mod GOWORK=off CGO_ENABLED=0
}

# Runs a build function into a fresh work directory, checks it, and moves it into place as $dest atomically.
# $1 name, $2 dest, $3 recipe, $4 build function (gets the work directory).
build_into() {
  local name="$1" dest="$2" recipe="$3" build="$4" work started old
  go_env
  started=$SECONDS
  work="$(mktemp -d "$cache_root/.build-$name.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  chmod 0755 "$work"
  mkdir -p "$work/bin" "$work/src"
  "$build" "$work"
  printf '%s\n' "$recipe" >"$work/.recipe"
  if [[ -e "$dest" ]]; then
    old="$cache_root/.old-$name.$$"
    mv "$dest" "$old"
    mv "$work" "$dest"
    rm -rf "$old"
  else
    mv "$work" "$dest"
  fi
  trap - EXIT
  log "built $name in $((SECONDS - started))s"
}

# A language host serves gRPC and prints its port first: $1 starts.
check_starts() {
  local port
  port="$(timeout 5 "$1" 2>/dev/null | head -n 1 || true)"
  [[ "$port" =~ ^[0-9]+$ ]] || die "built $(basename "$1") did not start (printed '$port')"
}

# ---------------------------------------------------------------------------------------------------------------
# YAML
# ---------------------------------------------------------------------------------------------------------------
readonly YAML_RECIPE="recipe=1 yaml=$YAML_VERSION deps=own-go.mod tags=$BUILD_TAGS trimpath cgo=0"
yaml_dest="$cache_root/pulumi-language-yaml-$YAML_VERSION"

build_yaml() {
  local work="$1"
  mkdir -p "$work/src/yaml"
  cat >"$work/src/yaml/go.mod" <<EOF
// Generated by scripts/ensure-language-hosts.sh: builds pulumi-language-yaml $YAML_VERSION from the Go module proxy.
module pulumi-posthog.invalid/build/pulumi-language-yaml

go 1.24.7

$PKG_REPLACES

require github.com/pulumi/pulumi-yaml $YAML_VERSION
EOF
  log "downloading modules for pulumi-language-yaml $YAML_VERSION (about 300 MB the first time)..."
  (cd "$work/src/yaml" && go get "$YAML_PKG@$YAML_VERSION") >&2 || die "go get of pulumi-language-yaml failed (see above)"
  log "building pulumi-language-yaml $YAML_VERSION (a few minutes the first time on 2 cores)..."
  (cd "$work/src/yaml" && go build -trimpath -tags "$BUILD_TAGS" \
      -ldflags "-X $YAML_VERSION_VAR=$YAML_VERSION" -o "$work/bin/pulumi-language-yaml" "$YAML_PKG") >&2 ||
    die "go build of pulumi-language-yaml failed (see above)"
  check_starts "$work/bin/pulumi-language-yaml"
}

ensure_yaml() {
  if system_dir yaml; then return; fi
  if ! [[ -f "$yaml_dest/.recipe" && "$(cat "$yaml_dest/.recipe")" == "$YAML_RECIPE" && -x "$yaml_dest/bin/pulumi-language-yaml" ]]; then
    log "building pulumi-language-yaml $YAML_VERSION into $yaml_dest"
    build_into "pulumi-language-yaml-$YAML_VERSION" "$yaml_dest" "$YAML_RECIPE" build_yaml
  fi
  printf '%s\n' "$yaml_dest/bin"
}

# ---------------------------------------------------------------------------------------------------------------
# Python and Node.js: the v3.68.0 host behind the front (scripts/language-host-front)
# ---------------------------------------------------------------------------------------------------------------
front_recipe() {
  local front_hash
  front_hash="$(sha256sum "$front_src" | cut -c1-16)"
  printf 'recipe=1 host=sdk/v3@%s front=pkg/v3@%s+%s tags=%s trimpath cgo=0' \
    "$PYTHON_SDK_VERSION" "$cli_version" "$front_hash" "$BUILD_TAGS"
}

# Builds the v3.68.0 host of language $2 (package $3) and the front beside it, into work directory $1.
build_fronted() {
  local work="$1" language="$2" pkg="$3"
  mkdir -p "$work/src/host"
  cat >"$work/src/host/go.mod" <<EOF
// Generated by scripts/ensure-language-hosts.sh: builds pulumi-language-$language from sdk/v3 $PYTHON_SDK_VERSION.
module pulumi-posthog.invalid/build/pulumi-language-$language

go 1.20

require github.com/pulumi/pulumi/sdk/v3 $PYTHON_SDK_VERSION
EOF
  log "downloading modules for pulumi-language-$language (sdk/v3 $PYTHON_SDK_VERSION)..."
  (cd "$work/src/host" && go get "$pkg@$PYTHON_SDK_VERSION") >&2 || die "go get of the $language language host failed (see above)"
  log "building pulumi-language-$language $PYTHON_SDK_VERSION..."
  (cd "$work/src/host" && go build -trimpath -tags "$BUILD_TAGS" \
      -ldflags "-X $SDK_VERSION_VAR=$PYTHON_SDK_VERSION" -o "$work/bin/pulumi-language-$language-$PYTHON_SDK_VERSION" "$pkg") >&2 ||
    die "go build of the $language language host failed (see above)"
  build_front "$work" "$language"
}

# Builds the front as pulumi-language-$2 into work directory $1.
build_front() {
  local work="$1" language="$2"
  mkdir -p "$work/src/front"
  cp "$front_src" "$work/src/front/main.go"
  cat >"$work/src/front/go.mod" <<EOF
// Generated by scripts/ensure-language-hosts.sh: builds scripts/language-host-front against pkg/v3 $cli_version.
module pulumi-posthog.invalid/build/pulumi-language-front

go 1.26.6

$PKG_REPLACES

require (
	github.com/pulumi/pulumi/pkg/v3 $cli_version
	github.com/pulumi/pulumi/sdk/v3 $cli_version
)
EOF
  log "building the pulumi-language-$language front (pkg/v3 $cli_version)..."
  (cd "$work/src/front" && go mod tidy && go build -trimpath -tags "$BUILD_TAGS" \
      -ldflags "-X $SDK_VERSION_VAR=$cli_version" -o "$work/bin/pulumi-language-$language" .) >&2 ||
    die "go build of scripts/language-host-front failed (see above)"
}

build_python() {
  local work="$1" modcache exec_src
  build_fronted "$work" python "$PYTHON_PKG"
  modcache="$(cd "$work/src/host" && go env GOMODCACHE)"
  exec_src="$modcache/github.com/pulumi/pulumi/sdk/v3@$PYTHON_SDK_VERSION/python/cmd/pulumi-language-python-exec"
  [[ -f "$exec_src" ]] || die "$exec_src is missing from the module cache"
  cp "$exec_src" "$work/bin/pulumi-language-python-exec"
  chmod 0755 "$work/bin/pulumi-language-python-exec"
  # The front starts the v3.68.0 host, then prints its own port.
  check_starts "$work/bin/pulumi-language-python"
}

build_nodejs() {
  build_fronted "$1" nodejs "$NODEJS_PKG"
  check_starts "$1/bin/pulumi-language-nodejs"
}

# The front before the YAML host built above (ensure_yaml), for `pulumi package add` in a YAML program.
build_yaml_front() {
  cp "$yaml_dest/bin/pulumi-language-yaml" "$1/bin/pulumi-language-yaml-$YAML_VERSION"
  build_front "$1" yaml
  check_starts "$1/bin/pulumi-language-yaml"
}

build_go() {
  build_front "$1" go
  check_starts "$1/bin/pulumi-language-go"
}

# $1 the language (yaml_front: the YAML front); then the files its directory holds besides the front. The directory is named after
# the front's source too: checkouts with different fronts (branches) share the cache without rebuilding each other's.
ensure_fronted() {
  local language="${1%_front}" build="build_$1" dest recipe file ok=1
  shift
  dest="$cache_root/pulumi-language-$language-$PYTHON_SDK_VERSION-front-$(sha256sum "$front_src" | cut -c1-12)"
  if system_dir "$language"; then return; fi
  recipe="$(front_recipe)"
  for file in "pulumi-language-$language" "$@"; do
    [[ -x "$dest/bin/$file" ]] || ok=0
  done
  if ! [[ $ok == 1 && -f "$dest/.recipe" && "$(cat "$dest/.recipe")" == "$recipe" ]]; then
    log "building pulumi-language-$language ($PYTHON_SDK_VERSION, behind a pkg/v3 $cli_version front) into $dest"
    build_into "pulumi-language-$language-$PYTHON_SDK_VERSION" "$dest" "$recipe" "$build"
  fi
  printf '%s\n' "$dest/bin"
}

ensure_python() { ensure_fronted python "pulumi-language-python-$PYTHON_SDK_VERSION" pulumi-language-python-exec; }
ensure_nodejs() { ensure_fronted nodejs "pulumi-language-nodejs-$PYTHON_SDK_VERSION"; }
ensure_go() { ensure_fronted go; }
ensure_yaml_front() { ensure_yaml >/dev/null && ensure_fronted yaml_front "pulumi-language-yaml-$YAML_VERSION"; }

mkdir -p "$cache_root"
# One builder at a time (a lock of its own: ensure-pulumi.sh may run beside this).
exec 8>"$cache_root/.lock-language-hosts"
if ! flock -n 8; then
  log "another ensure-language-hosts is running; waiting for its lock ($cache_root/.lock-language-hosts)"
  flock -w 3600 8 || die "timed out waiting for $cache_root/.lock-language-hosts"
fi

for host in "${hosts[@]}"; do
  "ensure_$host"
done
