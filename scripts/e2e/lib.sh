# Shared helpers for the end-to-end tests: each test runs the built `iap` binary in a fresh
# temporary folder, the way a user's CI script would, and checks stdout, stderr and status.
# Sourced by scripts/e2e/*.sh; needs IAP_BIN (the binary) and python3 (for JSON checks).
set -u
IAP_BIN=${IAP_BIN:?set IAP_BIN to the iap binary}
# A relative path (IAP_BIN=.build/debug/iap, as the README shows) made absolute: the scenarios
# change folder. A bare name (IAP_BIN=iap) is left to PATH.
case "$IAP_BIN" in /*) ;; */*) IAP_BIN="$PWD/$IAP_BIN" ;; esac
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The test fixtures (.storekit files and product-id lists, with their origins and licences in
# Tests/Fixtures/NOTICE.md), in the repository; IAP_FIXTURES points elsewhere (fixtures.sh
# checks that a missing fixture fails). Scripts that use one fail, naming it, when it is absent.
FIXTURES=${IAP_FIXTURES:-$ROOT/Tests/Fixtures}
case "$FIXTURES" in /*) ;; *) FIXTURES="$PWD/$FIXTURES" ;; esac  # the scenarios change folder
# IAP_TEST_SCALE=full (as .ci/run sets) runs the long stress loops at full size: more crash
# kills, more parallel writers, libFuzzer itself. Quick (the default, for `swift test` on a
# workstation) runs each of them smaller. docs/development.md lists the sizes.
IAP_TEST_SCALE=${IAP_TEST_SCALE:-quick}
# scaled QUICK FULL: the size for this run.
scaled() { if [ "$IAP_TEST_SCALE" = full ]; then echo "$2"; else echo "$1"; fi; }
passed=0
failed=0
# What the last `run` saw (empty before any), which a failure prints.
out="" err="" status=""
scratch=$(mktemp -d)
# python3 found once: through a version manager's shim (pyenv's is a shell script) each of the
# scripts' hundreds of JSON checks would cost 0.1 s more. A link to the interpreter the shim
# picks, first on PATH, makes them direct (tools started by name too).
if python_real=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) && [ -x "$python_real" ]; then
  mkdir -p "$scratch/bin" && ln -s "$python_real" "$scratch/bin/python3" && PATH="$scratch/bin:$PATH"
fi
# Whatever the script started in the background and left running (a server started by
# start_server, a helper) is stopped when the script ends.
stop_jobs() {
  local job
  for job in $(jobs -p); do kill "$job" 2>/dev/null; done
}
trap 'stop_jobs; rm -rf "$scratch"' EXIT

iap() { "$IAP_BIN" "$@"; }

# Starts a scenario in a new empty folder holding a copy of the bundled catalog.
scenario() {
  current="$1"
  cd "$(mktemp -d "$scratch/case.XXXXXX")" || exit 1
  cp "$ROOT/catalog.plist" .
}

# run ARGS...: runs iap, keeping stdout in $out, stderr in $err and the status in $status.
run() {
  "$IAP_BIN" "$@" >"$scratch/out" 2>"$scratch/err"
  status=$?
  out=$(cat "$scratch/out")
  err=$(cat "$scratch/err")
}

skipped=0
ok() { passed=$((passed + 1)); }
skip() {
  skipped=$((skipped + 1))
  printf 'skip - %s: %s\n' "$current" "$1"
}
not_ok() {
  failed=$((failed + 1))
  printf 'not ok - %s: %s\n' "$current" "$1"
  printf '    status: %s\n    stdout: %s\n    stderr: %s\n' "$status" "${out:0:2000}" "${err:0:2000}"
}

# need_fixture PATH...: the fixtures a check needs. Each missing one is a failure that names
# it (never a silent skip); returns non-zero if any is missing, so that the caller leaves out
# the checks that would use it.
need_fixture() {
  local path missing=0
  for path in "$@"; do
    [ -e "$path" ] && continue
    missing=1
    failed=$((failed + 1))
    printf 'not ok - %s: missing fixture %s\n' "${current:-setup}" "$path"
    printf '    the fixtures are part of the repository (Tests/Fixtures, listed in its NOTICE.md)%s\n' \
      "${IAP_FIXTURES:+; IAP_FIXTURES is $IAP_FIXTURES}"
  done
  return "$missing"
}

expect_status() { if [ "$status" = "$1" ]; then ok; else not_ok "expected status $1, got $status"; fi; }
expect_out() { if [ "$out" = "$1" ]; then ok; else not_ok "expected stdout <<$1>>"; fi; }
expect_out_has() { case "$out" in *"$1"*) ok ;; *) not_ok "expected stdout to contain <<$1>>" ;; esac; }
expect_out_lacks() { case "$out" in *"$1"*) not_ok "expected stdout not to contain <<$1>>" ;; *) ok ;; esac; }
expect_err() { if [ "$err" = "$1" ]; then ok; else not_ok "expected stderr <<$1>>"; fi; }
expect_err_has() { case "$err" in *"$1"*) ok ;; *) not_ok "expected stderr to contain <<$1>>" ;; esac; }
expect_same() { if [ "$1" = "$2" ]; then ok; else not_ok "$3: <<$1>> != <<$2>>"; fi; }

# json EXPR: evaluates a Python expression over the JSON on stdout (bound to `d`). -S: the
# standard library is enough, and site-packages' start-up hooks can cost more than the check.
json() { printf '%s' "$out" | python3 -S -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
expect_json() {
  local got
  got=$(json "$1" 2>&1)
  if [ "$got" = "$2" ]; then ok; else not_ok "expected $1 == <<$2>>, got <<$got>>"; fi
}

# Prints the closing line and exits non-zero if anything failed.
finish() {
  if [ "$skipped" -gt 0 ]; then
    printf '%s: %d passed, %d failed, %d skipped\n' "$(basename "$0" .sh)" "$passed" "$failed" "$skipped"
  else
    printf '%s: %d passed, %d failed\n' "$(basename "$0" .sh)" "$passed" "$failed"
  fi
  [ "$failed" -eq 0 ]
}

# openapi_python: a python3 that has openapi-spec-validator, or nothing.
openapi_python() { python_with openapi_spec_validator; }

# python_with MODULE: the python3 on PATH if it has MODULE, else the test venv with
# tools/requirements.txt (which lists MODULE's package), made once by scripts/test-venv, or nothing.
# A module is found, not imported (an import can take half a second).
python_with() {
  local has="import importlib.util, sys; sys.exit(importlib.util.find_spec('$1') is None)"
  if python3 -c "$has" 2>/dev/null; then echo python3; return; fi
  "$ROOT/scripts/test-venv" "$has"
}

# missing_tool WHY: a check whose tool (the OpenAPI validator) a script installs
# itself: skipped on a workstation that cannot install it, saying so, but a failure under CI,
# where it can, so that a failed install never passes unnoticed.
missing_tool() {
  if [ -n "${CI:-}" ]; then not_ok "$1 (CI installs it)"; else skip "$1"; fi
}

# start_server [OPTION...]: runs `iap serve --port 0 OPTION...` in this folder, in the
# background: its pid in $server, its URL in $url, its stderr in serve.err. A server this script started before and left running is
# stopped first (only if it is still one of this shell's jobs: a pid once waited for may
# belong to another process by now).
start_server() {
  if [ -n "${server:-}" ] && jobs -p | grep -qx "$server"; then
    kill "$server" 2>/dev/null
    wait "$server" 2>/dev/null
  fi
  "$IAP_BIN" serve --port 0 "$@" >url 2>serve.err &
  server=$!
  # Until the first line is whole (a non-empty file may hold only part of it); 30 s at most,
  # for a machine under load.
  for _ in $(seq 300); do [ "$(wc -l <url)" -ge 1 ] && break; sleep 0.1; done
  url=$(head -n 1 url)
}

# tally: counts the checks a tool prints on stdin, one a line (`ok - …`, `not ok - …: why`),
# as this script's own; other lines are shown indented.
tally() {
  local line
  while IFS= read -r line; do
    case "$line" in
      "ok - "*) ok ;;
      "not ok - "*) failed=$((failed + 1)); printf 'not ok - %s: %s\n' "$current" "${line#not ok - }" ;;
      *) printf '    %s\n' "$line" ;;
    esac
  done
}
