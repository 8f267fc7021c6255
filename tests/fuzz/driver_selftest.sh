#!/usr/bin/env bash
# The standalone driver must fail on a crash or a hang, name the input and save it so that
# running the target on the saved file reproduces it; and pass when nothing goes wrong.
# Usage: driver_selftest.sh SELFTEST_TARGET
set -uo pipefail
target=${1:?selftest target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; cat "$work/err" 2>/dev/null; exit 1; }
mkdir "$work/corpus"
printf 'hello world' >"$work/corpus/seed"

"$target" -runs=0 "$work/corpus" 2>"$work/err" || fail "a corpus without planted bugs failed"

"$target" -runs=100000 -artifact_prefix="$work/" "$work/corpus" 2>"$work/err" && fail "mutations found no 0xff byte"
grep -q "abort on mutation .* of seed $work/corpus/seed; input saved to $work/crash-" "$work/err" || fail "the crash report does not name the input"
crash=$(ls "$work"/crash-*) || fail "no crash file"
grep -q $'\xff' "$crash" || fail "the saved input is not the crashing one"
"$target" "$crash" 2>"$work/err" && fail "running the saved input does not reproduce the crash"

printf 'segv' >"$work/segv"
"$target" -artifact_prefix="$work/s-" "$work/segv" 2>"$work/err" && fail "a null write passed"
cmp -s "$work/segv" "$work/s-crash-$(basename "$target")" || fail "the segfaulting input was not saved"

printf 'hang' >"$work/hang"
"$target" -timeout=1 -artifact_prefix="$work/" "$work/hang" 2>"$work/err"
[[ $? == 70 ]] || fail "a hang did not time out with exit code 70"
grep -q "timeout on $work/hang; input saved to $work/timeout-" "$work/err" || fail "the timeout report does not name the input"
echo "driver self-test passed"
