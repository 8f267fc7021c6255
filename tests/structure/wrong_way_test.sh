#!/usr/bin/env bash
# The layer checks can fail: a wrong-way include in a scratch copy of the tree is reported, and a
# lower layer calling an upper one fails to link in a small project using cmake/layers.cmake.
# Usage: wrong_way_test.sh SOURCE_DIR LAYERS_TSV
set -euo pipefail
src=$1 graph=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Includes: the real tree passes; the same tree with drone/tx reaching into drone/core fails.
python3 "$src/tests/structure/layer_includes.py" "$graph" "$src" >/dev/null
for d in common rpc turbo drone client; do cp -r "$src/$d" "$work/$d"; done
sed -i '0,/#include/s||#include "drone/core/drone_core.h"\n#include|' "$work/drone/tx/tx_worker.cpp"
if out=$(python3 "$src/tests/structure/layer_includes.py" "$graph" "$work"); then
  echo "FAIL: a wrong-way include (drone/tx -> drone/core) was not reported"; exit 1
fi
grep -q "drone/tx/tx_worker.cpp:[0-9]*: staccato_drone_tx includes drone/core/drone_core.h" <<<"$out" ||
  { echo "FAIL: unexpected report: $out"; exit 1; }
echo "ok: wrong-way include reported: $(head -1 <<<"$out")"

# 2. Links: the right way builds; the wrong way fails in the lower layer's link check.
cmake -S "$src/tests/structure/wrong_way" -B "$work/right" -G Ninja -DSTACCATO_SOURCE_DIR="$src" >/dev/null
cmake --build "$work/right" >/dev/null || { echo "FAIL: the right-way project does not build"; exit 1; }
cmake -S "$src/tests/structure/wrong_way" -B "$work/wrong" -G Ninja -DSTACCATO_SOURCE_DIR="$src" -DWRONG_WAY=ON >/dev/null
if out=$(cmake --build "$work/wrong" 2>&1); then
  echo "FAIL: a lower layer calling an upper one linked"; exit 1
fi
grep -q "lower_link_check" <<<"$out" && grep -q "undefined reference to .upperAnswer" <<<"$out" ||
  { echo "FAIL: the wrong-way build failed for another reason:"; echo "$out"; exit 1; }
echo "ok: lower -> upper call fails to link: $(grep -m1 'undefined reference' <<<"$out")"
