#!/usr/bin/env bash
# Fuzzing with libFuzzer: builds the targets of tests/fuzz with clang (build/fuzz, STACCATO_FUZZ=ON:
# ASan + UBSan + coverage), runs each for SECONDS on a copy of its seed corpus, and prints per
# target the executions, exec/s, final corpus size and crashes (any crash, hang or leak: exit 1;
# the input is kept in build/fuzz/work/TARGET/artifacts, reproduce with `fuzz_TARGET FILE`).
# Usage: tests/bench/fuzz.sh [SECONDS per target, default 120] [TARGET...]
set -euo pipefail
secs=${1:-120}
shift || true
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$src/build/fuzz
lock=/tmp/stc-build.lock  # shared with every other build of this tree

# libFuzzer's runtime (clang 14 on Debian 12).
if ! dpkg-query -W -f='${Status}' libclang-rt-14-dev 2>/dev/null | grep -q "install ok installed"; then
  [[ $EUID -eq 0 ]] || { echo "fuzz.sh: libclang-rt-14-dev is missing (sudo apt-get install libclang-rt-14-dev)"; exit 2; }
  apt-get install -y -q libclang-rt-14-dev >/dev/null
fi

flock $lock cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DSTACCATO_FUZZ=ON -DSTACCATO_TURBO=OFF >/dev/null
flock $lock cmake --build "$build" | tail -1

export LSAN_OPTIONS=suppressions=$src/tests/lsan.supp
failed=0
printf '%-14s %12s %10s %8s %8s\n' target executions exec/s corpus crashes
while read -r name max_len seeds; do
  [[ $# -eq 0 || " $* " == *" $name "* ]] || continue
  work=$build/work/$name
  rm -rf "$work" && mkdir -p "$work/corpus" "$work/artifacts"
  for d in $seeds; do cp "$d"/* "$work/corpus/"; done
  dict=()
  [[ -f $src/tests/fuzz/corpus/$name.dict ]] && dict=(-dict="$src/tests/fuzz/corpus/$name.dict")
  "$build/tests/fuzz/fuzz_$name" -max_total_time="$secs" -timeout=5 -max_len="$max_len" "${dict[@]}" \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1 || true
  final_stat() { sed -n "s/^stat::$1: *//p" "$work/log"; }
  crashes=$(find "$work/artifacts" -type f | wc -l)
  printf '%-14s %12s %10s %8s %8s\n' "$name" "$(final_stat number_of_executed_units)" "$(final_stat average_exec_per_sec)" \
    "$(find "$work/corpus" -type f | wc -l)" "$crashes"
  if ((crashes)); then
    failed=1
    find "$work/artifacts" -type f -printf '  %p\n'
    grep -m1 -A3 "ERROR\|==.*deadly\|timeout" "$work/log" | sed 's/^/  /' || true
  fi
done <"$build/tests/fuzz/targets.txt"
exit $failed
