#!/usr/bin/env bash
# The README path check can fail: in a scratch copy of the tree without drone/system/, it names
# the README rows that still mention it. Usage: readme_paths_test.sh SOURCE_DIR
set -euo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$src" && git ls-files -z --cached --others --exclude-standard 2>/dev/null || find . -type f -print0) | (cd "$src" && xargs -0 cp --parents -t "$work") 2>/dev/null
python3 "$src/tests/structure/readme_paths.py" "$work" >/dev/null || { echo "FAIL: the copy fails before anything is removed"; exit 1; }
rm -rf "$work/drone/system"
if out=$(python3 "$src/tests/structure/readme_paths.py" "$work"); then
  echo "FAIL: removing drone/system/ went unnoticed"; exit 1
fi
grep -q "drone/README.md:.*names system/, which does not exist" <<<"$out" || { echo "FAIL: unexpected report: $out"; exit 1; }
echo "ok: $(head -1 <<<"$out")"
