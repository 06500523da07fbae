#!/usr/bin/env bash
# ensure-language-hosts.sh [yaml] [python] [nodejs] [go] [java] [yaml_front]
#
# Provides the Pulumi YAML, Python, Go, Java and Node.js language hosts for the tests of the provider plugin in other
# languages, and prints the directory that holds each one asked for (default: yaml and python), one per line on
# stdout, in the order asked:
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
#    ensure-pulumi.sh builds the CLI (a generated wrapper module, -trimpath, the version ldflag, CGO off). Each is the
#    newest release of its host whose module the proxy serves (later ones are in modules of their own that it
#    refuses, or whose checksums it does not answer):
#
#    yaml    ${cache}/pulumi-language-yaml-v1.25.0/bin/pulumi-language-yaml
#            module github.com/pulumi/pulumi-yaml v1.25.0, package cmd/pulumi-language-yaml, with the dependency
#            versions of its own go.mod (pkg/v3 and sdk/v3 v3.206.0: it does not compile against the CLI's v3.274.1).
#            The wrapper carries the one replace directive those need (pkg/v3's clipboard fork); replace
#            directives only apply in the main module. The first build takes a few minutes on 2 cores.
#    java    ${cache}/pulumi-language-java-v1.13.0/bin/pulumi-language-java
#            module github.com/pulumi/pulumi-java/pkg v1.13.0 (v1.14.0 on: the proxy's checksum database answers 404),
#            package cmd/pulumi-language-java, with the dependency versions of its own go.mod (pkg/v3 and sdk/v3
#            v3.175.0) and the replace directives of that go.mod and pkg/v3's. It answers what the CLI v3.274.1 asks
#            of a Java host to run a program (GetRequiredPackages, Run with the program's Maven, Gradle, JBang or jar
#            executor) and generates SDKs (GeneratePackage, pulumi-java's code generation). The first build takes a
#            few minutes on 2 cores. What is printed is the directory of the front before it:
#            ${cache}/pulumi-language-java-v1.13.0-front-<hash>/bin/: that host as pulumi-language-java-v1.13.0,
#            behind the front as pulumi-language-java (Link, which `pulumi package add` calls and v1.13.0 lacks)
#    python  ${cache}/pulumi-language-python-v3.68.0-front-<hash of the front's .go files>/bin/
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
#    go      ${cache}/pulumi-language-go-v3.66.0-front-<hash>/bin/
#              pulumi-language-go-v3.66.0       Pulumi's Go host, package go/pulumi-language-go of sdk/v3 v3.66.0
#                                               (the last release that has it inside the sdk/v3 module): builds the
#                                               program with the `go` of PATH and runs it
#              pulumi-language-go               the same front, answering GeneratePackage with pkg/v3's Go code
#                                               generation (`pulumi package gen-sdk --language go`) and giving the
#                                               host Pulumi.yaml's binary and buildTarget options
#    nodejs  ${cache}/pulumi-language-nodejs-v3.68.0-front-<hash>/bin/
#              pulumi-language-nodejs-v3.68.0   the Node.js host of sdk/v3 v3.68.0, as ensure-pulumi.sh builds it
#              pulumi-language-nodejs           the same front, answering RunPlugin (a plugin project such as
#                                               plugin/), GeneratePackage and Link (`pulumi package add` in a
#                                               Node.js program: pkg/v3's Node.js SDK, named in package.json) as a
#                                               current host does
#    yaml_front  ${cache}/pulumi-language-yaml-v1.25.0-front-<hash>/bin/: the YAML host above as
#            pulumi-language-yaml-v1.25.0, built with the CLI's schema loader (scripts/language-host-front/yaml/
#            main.go says why), behind the front as pulumi-language-yaml (Link, for `pulumi package add`)
#    Later runs take well under a second: the binaries are kept, each directory with the recipe it was built from
#    (a changed recipe rebuilds it).
#
# Environment: PULUMI_POSTHOG_CACHE, PULUMI_POSTHOG_USE_SYSTEM_PULUMI and PULUMI_POSTHOG_GOSUMDB_OFF as for
# ensure-pulumi.sh.
set -euo pipefail

readonly YAML_VERSION="v1.25.0"                     # github.com/pulumi/pulumi-yaml
readonly YAML_PKG="github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
readonly YAML_VERSION_VAR="github.com/pulumi/pulumi-yaml/pkg/version.Version"
readonly JAVA_VERSION="v1.13.0"                     # github.com/pulumi/pulumi-java/pkg
readonly JAVA_PKG="github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java"
readonly JAVA_VERSION_VAR="github.com/pulumi/pulumi-java/pkg/version.Version"
readonly PYTHON_SDK_VERSION="v3.68.0"               # github.com/pulumi/pulumi/sdk/v3 holding the Python and Node.js hosts
readonly PYTHON_PKG="github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python"
readonly NODEJS_PKG="github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs"
readonly GO_SDK_VERSION="v3.66.0"                   # github.com/pulumi/pulumi/sdk/v3 holding the Go host
readonly GO_PKG="github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go"
readonly SDK_VERSION_VAR="github.com/pulumi/pulumi/sdk/v3/go/common/version.Version"
readonly BUILD_TAGS="osusergo,grpcnotrace"
readonly MIN_SYSTEM_MINOR=139
# From pkg/v3's go.mod (v3.175.0, v3.206.0 and v3.274.1 alike): replace directives only apply in the main module.
readonly PKG_REPLACES="replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e"
# What pulumi-java/pkg v1.13.0's go.mod and the pkg/v3 v3.175.0 it requires replace besides.
readonly JAVA_REPLACES="$PKG_REPLACES
replace github.com/sergi/go-diff => github.com/sergi/go-diff v1.1.0
replace github.com/Sirupsen/logrus => github.com/sirupsen/logrus v1.5.0
replace github.com/gogo/protobuf => github.com/gogo/protobuf v1.3.2"

log() { printf 'ensure-language-hosts: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
home="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
cache_root="${PULUMI_POSTHOG_CACHE:-${XDG_CACHE_HOME:-$home/.cache}/pulumi-posthog}"
front_dir="$script_dir/language-host-front"
# The front is built against the CLI's pkg/v3, so that it generates what that CLI's own hosts would, and reuses
# its build cache.
cli_version="$(sed -n 's/^readonly PULUMI_VERSION="\(v[0-9.]*\)".*/\1/p' "$script_dir/ensure-pulumi.sh")"
[[ -n "$cli_version" ]] || die "could not read PULUMI_VERSION from $script_dir/ensure-pulumi.sh"

hosts=("$@")
[[ ${#hosts[@]} -gt 0 ]] || hosts=(yaml python)
for host in "${hosts[@]}"; do
  [[ "$host" =~ ^(yaml|yaml_front|python|nodejs|go|java)$ ]] ||
    die "unknown language host '$host' (yaml, yaml_front, python, nodejs, go or java)"
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

# A language host serves gRPC and prints its port first: $1 starts (with arguments $2...).
check_starts() {
  local port
  port="$(timeout 5 "$@" 2>/dev/null | head -n 1 || true)"
  [[ "$port" =~ ^[0-9]+$ ]] || die "built $(basename "$1") did not start (printed '$port')"
}

# ---------------------------------------------------------------------------------------------------------------
# YAML and Java: a host module of its own, at the dependency versions of its go.mod
# ---------------------------------------------------------------------------------------------------------------
# Builds pulumi-language-$2 (package $4 of module $3 at version $5, the version stamped into $6) with the replace
# directives $7 into work directory $1; or, given $8, the main package of directory $8 instead of package $4, at the
# module versions $4 requires.
build_module_host() {
  local work="$1" language="$2" module="$3" pkg="$4" version="$5" version_var="$6" replaces="$7" main="${8:-}" target
  mkdir -p "$work/src/$language"
  cat >"$work/src/$language/go.mod" <<EOF
// Generated by scripts/ensure-language-hosts.sh: builds pulumi-language-$language $version from the Go module proxy.
module pulumi-posthog.invalid/build/pulumi-language-$language

go 1.24.7

$replaces

require $module $version
EOF
  log "downloading modules for pulumi-language-$language $version (about 300 MB the first time)..."
  (cd "$work/src/$language" && go get "$pkg@$version") >&2 || die "go get of pulumi-language-$language failed (see above)"
  target="$pkg"
  if [[ -n "$main" ]]; then
    cp "$main"/*.go "$work/src/$language/"
    target=.
  fi
  log "building pulumi-language-$language $version (a few minutes the first time on 2 cores)..."
  (cd "$work/src/$language" && go build -trimpath -tags "$BUILD_TAGS" \
      -ldflags "-X $version_var=$version" -o "$work/bin/pulumi-language-$language" "$target") >&2 ||
    die "go build of pulumi-language-$language failed (see above)"
  check_starts "$work/bin/pulumi-language-$language"
}

# $1 the language, $2 its version, $3 its build function: prints the directory of pulumi-language-$1, built if needed.
ensure_module_host() {
  local language="$1" version="$2" build="$3" dest recipe
  dest="$cache_root/pulumi-language-$language-$version"
  recipe="recipe=1 $language=$version deps=own-go.mod tags=$BUILD_TAGS trimpath cgo=0"
  if system_dir "$language"; then return; fi
  if ! [[ -f "$dest/.recipe" && "$(cat "$dest/.recipe")" == "$recipe" && -x "$dest/bin/pulumi-language-$language" ]]; then
    log "building pulumi-language-$language $version into $dest"
    build_into "pulumi-language-$language-$version" "$dest" "$recipe" "$build"
  fi
  printf '%s\n' "$dest/bin"
}

build_yaml() {
  build_module_host "$1" yaml github.com/pulumi/pulumi-yaml "$YAML_PKG" "$YAML_VERSION" "$YAML_VERSION_VAR" "$PKG_REPLACES"
}
build_java() {
  build_module_host "$1" java github.com/pulumi/pulumi-java/pkg "$JAVA_PKG" "$JAVA_VERSION" "$JAVA_VERSION_VAR" "$JAVA_REPLACES"
}
ensure_yaml() { ensure_module_host yaml "$YAML_VERSION" build_yaml; }

# ---------------------------------------------------------------------------------------------------------------
# Python, Node.js and Go: the host of an older sdk/v3 behind the front (scripts/language-host-front)
# ---------------------------------------------------------------------------------------------------------------
# The front's source (every .go file of scripts/language-host-front, with yaml/, the YAML host behind it), hashed.
front_hash() { find "$front_dir" -name '*.go' -print0 | sort -z | xargs -0 cat | sha256sum | cut -c1-16; }

# $1 the version of the host behind the front.
front_recipe() {
  printf 'recipe=1 host=%s front=pkg/v3@%s+%s tags=%s trimpath cgo=0' "$1" "$cli_version" "$(front_hash)" "$BUILD_TAGS"
}

# Builds the host of language $2 (package $3) of sdk/v3 $4 and the front beside it, into work directory $1.
build_fronted() {
  local work="$1" language="$2" pkg="$3" version="$4"
  mkdir -p "$work/src/host"
  cat >"$work/src/host/go.mod" <<EOF
// Generated by scripts/ensure-language-hosts.sh: builds pulumi-language-$language from sdk/v3 $version.
module pulumi-posthog.invalid/build/pulumi-language-$language

go 1.20

require github.com/pulumi/pulumi/sdk/v3 $version
EOF
  log "downloading modules for pulumi-language-$language (sdk/v3 $version)..."
  (cd "$work/src/host" && go get "$pkg@$version") >&2 || die "go get of the $language language host failed (see above)"
  log "building pulumi-language-$language $version..."
  (cd "$work/src/host" && go build -trimpath -tags "$BUILD_TAGS" \
      -ldflags "-X $SDK_VERSION_VAR=$version" -o "$work/bin/pulumi-language-$language-$version" "$pkg") >&2 ||
    die "go build of the $language language host failed (see above)"
  build_front "$work" "$language"
}

# Builds the front as pulumi-language-$2 into work directory $1.
build_front() {
  local work="$1" language="$2"
  mkdir -p "$work/src/front"
  cp "$front_dir"/*.go "$work/src/front/"
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
  build_fronted "$work" python "$PYTHON_PKG" "$PYTHON_SDK_VERSION"
  modcache="$(cd "$work/src/host" && go env GOMODCACHE)"
  exec_src="$modcache/github.com/pulumi/pulumi/sdk/v3@$PYTHON_SDK_VERSION/python/cmd/pulumi-language-python-exec"
  [[ -f "$exec_src" ]] || die "$exec_src is missing from the module cache"
  cp "$exec_src" "$work/bin/pulumi-language-python-exec"
  chmod 0755 "$work/bin/pulumi-language-python-exec"
  # The front starts the v3.68.0 host, then prints its own port.
  check_starts "$work/bin/pulumi-language-python"
}

build_nodejs() {
  build_fronted "$1" nodejs "$NODEJS_PKG" "$PYTHON_SDK_VERSION"
  check_starts "$1/bin/pulumi-language-nodejs"
}

build_go() {
  build_fronted "$1" go "$GO_PKG" "$GO_SDK_VERSION"
  # The v3.66.0 host refuses to start without the engine's address (it first calls it after 5 minutes).
  check_starts "$1/bin/pulumi-language-go" 127.0.0.1:1
}

# The YAML host v1.25.0 with the CLI's schema loader (scripts/language-host-front/yaml/main.go: a program naming a
# package from a git repository's subdirectory finds its plugin), behind the front (Link), for `pulumi package add`
# in a YAML program.
build_yaml_front() {
  build_module_host "$1" yaml github.com/pulumi/pulumi-yaml "$YAML_PKG" "$YAML_VERSION" "$YAML_VERSION_VAR" \
    "$PKG_REPLACES" "$front_dir/yaml"
  mv "$1/bin/pulumi-language-yaml" "$1/bin/pulumi-language-yaml-$YAML_VERSION"
  build_front "$1" yaml
  check_starts "$1/bin/pulumi-language-yaml"
}

# The Java host built above (ensure_module_host) behind the front (Link), for `pulumi package add` in a Java program.
build_java_front() {
  cp "$cache_root/pulumi-language-java-$JAVA_VERSION/bin/pulumi-language-java" "$1/bin/pulumi-language-java-$JAVA_VERSION"
  build_front "$1" java
  check_starts "$1/bin/pulumi-language-java"
}

# $1 the language (yaml_front: the YAML front), $2 the version of the host behind the front; then the files its
# directory holds besides the front. The directory is named after the front's source too: checkouts with different
# fronts (branches) share the cache without rebuilding each other's.
ensure_fronted() {
  local language="${1%_front}" build="build_$1" version="$2" dest recipe file ok=1
  shift 2
  dest="$cache_root/pulumi-language-$language-$version-front-$(front_hash | cut -c1-12)"
  if system_dir "$language"; then return; fi
  recipe="$(front_recipe "$version")"
  for file in "pulumi-language-$language" "pulumi-language-$language-$version" "$@"; do
    [[ -x "$dest/bin/$file" ]] || ok=0
  done
  if ! [[ $ok == 1 && -f "$dest/.recipe" && "$(cat "$dest/.recipe")" == "$recipe" ]]; then
    log "building pulumi-language-$language ($version, behind a pkg/v3 $cli_version front) into $dest"
    build_into "pulumi-language-$language-$version" "$dest" "$recipe" "$build"
  fi
  printf '%s\n' "$dest/bin"
}

ensure_python() { ensure_fronted python "$PYTHON_SDK_VERSION" pulumi-language-python-exec; }
ensure_nodejs() { ensure_fronted nodejs "$PYTHON_SDK_VERSION"; }
ensure_go() { ensure_fronted go "$GO_SDK_VERSION"; }
ensure_yaml_front() { ensure_fronted yaml_front "$YAML_VERSION"; }
ensure_java() { ensure_module_host java "$JAVA_VERSION" build_java >/dev/null && ensure_fronted java_front "$JAVA_VERSION"; }

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
