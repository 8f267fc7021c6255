#!/usr/bin/env bash
# The README path check can fail both ways, in scratch copies of the tree: without drone/system/,
# it names the README rows that still mention it; with a new source folder no table names
# (drone/newpart/, tests/newsuite/), it names the folder and the README that must.
# Usage: readme_paths_test.sh SOURCE_DIR
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
cp -r "$src/drone/system" "$work/drone/system"
for folder in drone/newpart tests/newsuite; do
  mkdir -p "$work/$folder" && echo "int x;" >"$work/$folder/part.cpp"
  if out=$(python3 "$src/tests/structure/readme_paths.py" "$work"); then
    echo "FAIL: a new source folder $folder/ went unnamed"; exit 1
  fi
  table=$([[ $folder == tests/* ]] && echo tests/README.md || echo README.md)
  grep -qxF "$folder/ holds source but no row of $table's table names it (add it, with what it is)" <<<"$out" ||
    { echo "FAIL: unexpected report for $folder/: $out"; exit 1; }
  echo "ok: $(head -1 <<<"$out")"
  rm -rf "$work/$folder"
done
python3 "$src/tests/structure/readme_paths.py" "$work" >/dev/null || { echo "FAIL: the restored copy fails"; exit 1; }
