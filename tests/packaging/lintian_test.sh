#!/usr/bin/env bash
# lintian finds no error and no warning in the packages (overrides only with a reason in
# debian/*.lintian-overrides). Env: PACKAGES.
set -euo pipefail
command -v lintian >/dev/null || { echo "SKIP: lintian is not installed (installer/install-deps.sh --packaging)"; exit 77; }
changes=$(ls -1 "${PACKAGES:?}"/staccato_*.changes 2>/dev/null | sort -V | tail -1)
[[ -n $changes ]] || { echo "FAIL no staccato_*.changes in $PACKAGES"; exit 1; }
lintian --fail-on error,warning --info "$changes" || { echo "FAIL lintian (above)"; exit 1; }
echo "ok   lintian $(basename "$changes"): no errors, no warnings ($(lintian -I --pedantic "$changes" 2>/dev/null | wc -l) info and pedantic tags)"
