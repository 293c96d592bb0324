#!/usr/bin/env bash
# Fuzzing, the short run kept in the full-size test run (IAP_TEST_SCALE=full): builds the libFuzzer targets
# (scripts/fuzz), replays every input that once crashed one (Fuzz/regressions/TARGET), then
# fuzzes each target for a fixed number of runs from a fixed seed and the checked-in seed
# corpus only, so that the run is the same every time: it cannot turn flaky, and a failure
# is a real, reproducible bug. The long runs are `scripts/fuzz TARGET SECONDS`.
source "$(dirname "$0")/lib.sh"

scenario "fuzz targets: regressions replay cleanly, and a short deterministic run finds nothing"
# The sanitizer build is minutes of compiling: it is the full-size suite's (IAP_TEST_SCALE=full,
# as .ci/run sets). Quick, swift test's FuzzRegressionTests replays every regression and seed.
if [ "${IAP_TEST_SCALE:-quick}" != full ]; then
  skip "libFuzzer runs with IAP_TEST_SCALE=full (.ci/run); FuzzRegressionTests replayed the regressions and seeds"
  finish
  exit
fi
cd "$ROOT"
command -v swiftc >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
probe=$(mktemp -d "$scratch/probe.XXXXXX")
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ p: UnsafeRawPointer?, _ n: Int) -> CInt { 0 }\n' >"$probe/p.swift"
if ! swiftc -sanitize=fuzzer -parse-as-library "$probe/p.swift" -o "$probe/p" >/dev/null 2>&1; then
  echo "skipped: this toolchain has no libFuzzer (swiftc -sanitize=fuzzer); Linux toolchains do"
  ok
  finish
  exit
fi
# Unoptimized: the run is a fixed number of inputs, so compiling dominates it (scripts/fuzz).
export IAP_FUZZ_OPTIMIZE=no
for target in catalog json arguments http; do
  current="fuzz $target"
  corpus=$(mktemp -d "$scratch/corpus.XXXXXX")
  # scripts/fuzz builds once (and again only when a source changed).
  if scripts/fuzz "$target" replay Fuzz/regressions/$target/* >"$scratch/replay.$target" 2>&1; then ok; else
    status=$? out="" err=$(tail -n 30 "$scratch/replay.$target")
    not_ok "a regression input of $target fails again"
  fi
  if IAP_FUZZ_CORPUS="$corpus" scripts/fuzz "$target" 60 -runs=10000 -seed=6 >"$scratch/fuzz.$target" 2>&1; then ok; else
    status=$? out="" err=$(grep -E -A5 'Fatal error|ERROR|crash-' "$scratch/fuzz.$target" | head -n 40)
    not_ok "libFuzzer found a failing input for $target (see .build-fuzz-onone/artifacts)"
  fi
done
finish
