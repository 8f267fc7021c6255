#!/usr/bin/env bash
# The docs test can fail: in a scratch copy of the pages, blocks broken on purpose must be reported
# by run_doc_blocks.py, naming the page and line: markers missing, eth0 and a real NIC named (no
# root needed), then (root) a command that fails, output that no longer matches, and a process a
# page leaves running.
# Usage: run_doc_blocks_can_fail.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd); build=$(cd "$2" && pwd)
runner=$src/tests/docs/run_doc_blocks.py
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# A scratch source tree: the pages copied, everything else linked.
fresh_copy() {
  rm -rf "$tmp/src"; mkdir "$tmp/src"
  for entry in "$src"/* "$src"/.[!.]*; do
    case ${entry##*/} in docs|README.md|build|.git) ;; *) ln -s "$entry" "$tmp/src/${entry##*/}" ;; esac
  done
  cp -r "$src/docs" "$src/README.md" "$tmp/src/"
}

# expect_failure WHAT PATTERN [runner options]: the runner must exit 1 and print PATTERN.
expect_failure() {
  local what=$1 pattern=$2; shift 2
  local rc=0
  python3 "$runner" "$tmp/src" "$build" "$@" >"$tmp/out" 2>&1 || rc=$?
  if ((rc != 1)) || ! grep -q -- "$pattern" "$tmp/out"; then
    echo "FAIL $what: expected exit 1 and '$pattern', got exit $rc:"; cat "$tmp/out"; exit 1
  fi
  echo "ok   $what: $(grep -m1 -- "$pattern" "$tmp/out")"
}

# The untouched copy passes the marker check (so what fails below is what was broken).
fresh_copy
python3 "$runner" "$tmp/src" "$build" --check-only >/dev/null || { echo "FAIL the unbroken copy fails its markers"; exit 1; }

fresh_copy
printf '\n```sh\nstaccato-cli ports\n```\n' >>"$tmp/src/docs/sharing.md"
expect_failure "an unmarked command block" "docs/sharing.md:[0-9]*: a \`\`\`sh block without" --check-only

fresh_copy
printf '\n<!-- not-runnable: a real NIC -->\n```sh\nstaccato-cli run x.json --tx eth0 --rx eth1\n```\n' >>"$tmp/src/docs/captures.md"
expect_failure "a block that sends on eth0" "docs/captures.md:[0-9]*: names eth0" --check-only

fresh_copy
printf '\n<!-- runnable -->\n```sh\nstaccato-cli capture ens5 start\n```\n' >>"$tmp/src/docs/python.md"
expect_failure "a runnable block on a real NIC" "names the interface 'ens5'" --check-only

if [[ $EUID -ne 0 ]]; then echo "SKIP: running pages needs root (the markers' checks passed)"; exit 77; fi

fresh_copy
sed -i 's/run docs\/examples\/udp-64-signature.json --tx demo0 --rx demo1$/run docs\/examples\/udp-64-signature.json --tx demo7 --rx demo1/' "$tmp/src/README.md"
grep -q -- "--tx demo7" "$tmp/src/README.md" || { echo "FAIL the README block to break was not found"; exit 1; }
expect_failure "a command that fails" "FAIL README.md:[0-9]* (sh): a command failed" --page README.md

fresh_copy
python3 - "$tmp/src/README.md" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
broken = re.sub(r"(<!-- output -->\n```text\n(?:.*\n)*?demo0 +)1000 ", r"\g<1>999 ", text, count=1)
assert broken != text, "no output block with demo0's 1000 packets in README.md"
open(sys.argv[1], "w").write(broken)
PY
expect_failure "output that no longer matches" "FAIL README.md:[0-9]*: the output differs" --page README.md

fresh_copy
printf '# Left running\n\n<!-- runnable -->\n```sh\nsleep 300 &\n```\n' >"$tmp/src/docs/left-running.md"
expect_failure "a process a page leaves running" "still running when the page ended" --page docs/left-running.md
echo "ok   the docs test reports broken blocks"
