#!/usr/bin/env bash
# Builds a libFuzzer target in build-sanitize/ (clang-22, ASan + UBSan, the
# project's assertions on, libFuzzer's coverage in the project's code; the
# build scripts/sanitize.sh then reuses, fuzzers and all) and
# runs it for SECONDS on JOBS processes (libFuzzer's fork mode, which goes on
# after a crash, a timeout or running out of memory).
#
#   scripts/fuzz.sh TARGET SECONDS [JOBS]
#
# Targets: array-parse-fuzzer, array-cpu-pipeline-fuzzer and
# array-cuda-pipeline-fuzzer (tools/fuzz), and the runtime's file readers
# in runtime/fuzz (arrayrt-npy-fuzzer, arrayrt-npz-fuzzer,
# arrayrt-mtx-fuzzer; built with -DARRAYRT_BUILD_FUZZERS=ON).
#
# Seeds: tools/fuzz/corpus/TARGET or runtime/fuzz/corpus/TARGET where there
# is one, and for the array targets every program of test/, examples/ and
# bench/ (tools/fuzz/make_corpus.py, written at run time). Dictionary:
# tools/fuzz/array.dict for the array targets, runtime/fuzz/TARGET.dict
# for the runtime's. What the runs add to the corpus is kept in
# build-sanitize/fuzz/corpus/TARGET; crashes, timeouts and out-of-memory inputs
# in build-sanitize/fuzz/findings/TARGET (ARRAYC_FUZZ_FINDINGS elsewhere), and
# the log in build-sanitize/fuzz/logs. Prints the number of executions and the
# new findings; fails when there are new findings.
#
# ARRAYC_FUZZ_TIMEOUT (seconds an input may take, 60) and ARRAYC_FUZZ_FLAGS
# (more libFuzzer flags) tune a run; ARRAYC_FUZZ_BUILD_DIR builds elsewhere.
# The array targets skip the recorded bugs of tools/fuzz/known-bugs.txt
# (ARRAYC_FUZZ_KNOWN_BUGS= reports them again) and, with
# ARRAYC_FUZZ_STRUCTURED=1, take their input as choices of a program
# (tools/fuzz/ProgramGenerator.h) instead of MLIR text: that mode keeps its
# own corpus (TARGET-structured), without seeds or dictionary.
# Replay a finding with `build-sanitize/bin/TARGET FILE` (ARRAYC_FUZZ_VERBOSE=1
# prints the array targets' diagnostics).
set -euo pipefail

if (($# < 2 || $# > 3)); then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi
target=$1 seconds=$2 jobs=${3:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ARRAYC_FUZZ_BUILD_DIR:-$root/build-sanitize}
llvm=/usr/lib/llvm-22

if [ -f "$build/build.ninja" ]; then
  targets=$(ninja -C "$build" -t targets all)
  if ! grep -q "^$target: " <<<"$targets"; then
    echo "fuzz: no target '$target' in $build; the fuzzers are:" >&2
    sed -n 's/^\(array[A-Za-z0-9_-]*-fuzzer\): .*/  \1/p' <<<"$targets" >&2
    exit 2
  fi
fi
ARRAYC_BUILD_DIR=$build ARRAYC_BUILD_TARGETS=$target \
ARRAYC_EXTRA_PACKAGES="libclang-rt-22-dev" \
ARRAYC_CMAKE_ARGS="-DCMAKE_C_COMPILER=clang-22
  -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld
  -DARRAYC_SANITIZE=address;undefined -DARRAYC_ENABLE_ASSERTIONS=ON
  -DARRAYC_BUILD_FUZZERS=ON -DARRAYRT_BUILD_FUZZERS=ON" \
CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2} \
  "$root/scripts/setup.sh"

fuzzer=$build/bin/$target
[ -x "$fuzzer" ] || fuzzer=$(find "$build" -type f -perm -u+x -name "$target" | head -1)
if [ ! -x "$fuzzer" ]; then
  echo "fuzz: built $target but found no executable of that name in $build" >&2
  exit 1
fi

structured=
case ${ARRAYC_FUZZ_STRUCTURED:-0} in 0|"") ;; *) structured=-structured ;; esac
work=$build/fuzz
corpus=$work/corpus/$target$structured
findings=${ARRAYC_FUZZ_FINDINGS:-$work/findings}/$target$structured
mkdir -p "$corpus" "$findings" "$work/logs"
seeds=()
dict=
for dir in "$root/tools/fuzz/corpus/$target" "$root/runtime/fuzz/corpus/$target"; do
  [ -d "$dir" ] && [ -z "$structured" ] && seeds+=("$dir")
done
for file in "$root/tools/fuzz/$target.dict" "$root/runtime/fuzz/$target.dict"; do
  [ -f "$file" ] && dict=$file
done
case $target$structured in
  array-*-fuzzer-structured) dict= ;;
  array-*-fuzzer)
    rm -rf "$work/seeds/$target"
    python3 "$root/tools/fuzz/make_corpus.py" "$target" "$work/seeds/$target"
    seeds+=("$work/seeds/$target")
    dict=${dict:-$root/tools/fuzz/array.dict} ;;
esac

export ASAN_SYMBOLIZER_PATH=$llvm/bin/llvm-symbolizer
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/scripts/lsan-suppressions.txt:print_suppressions=0}
# Recorded bugs the array targets report as messages are skipped.
export ARRAYC_FUZZ_KNOWN_BUGS=${ARRAYC_FUZZ_KNOWN_BUGS-$root/tools/fuzz/known-bugs.txt}

log=$work/logs/$target-$(date -u +%Y%m%dT%H%M%SZ).log
marker=$(mktemp)
echo "fuzz: $target for $seconds s on $jobs process(es); log $log"
status=0
"$fuzzer" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -max_total_time="$seconds" -timeout="${ARRAYC_FUZZ_TIMEOUT:-60}" \
  -artifact_prefix="$findings/" ${dict:+-dict="$dict"} \
  -print_final_stats=1 ${ARRAYC_FUZZ_FLAGS:-} \
  "$corpus" ${seeds[@]+"${seeds[@]}"} >"$log" 2>&1 || status=$?

# Fork mode's status lines count the executions of all processes.
executions=$(sed -n 's/^#\([0-9][0-9]*\):* .*/\1/p' "$log" | tail -1)
echo "fuzz: $target: ${executions:-0} executions in $seconds s" \
     "($(find "$corpus" -type f | wc -l) inputs in $corpus)"
new=$(find "$findings" -type f -newer "$marker" | sort)
rm -f "$marker"
if [ -n "$new" ]; then
  echo "fuzz: new findings (the log has their reports):"
  echo "$new" | sed 's/^/  /'
  exit 1
fi
if ((status != 0)); then
  echo "fuzz: $target exited with status $status; see $log" >&2
  exit "$status"
fi
echo "fuzz: no new findings"
