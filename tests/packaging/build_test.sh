#!/usr/bin/env bash
# The packaging tests' fixture: installer/package.sh builds every package into $PACKAGES (lintian
# is a test of its own). The compiler cache makes a rebuild after a small change quick.
# Env: PACKAGES.
set -euo pipefail
[[ $EUID -eq 0 ]] || { echo "SKIP: installing the build dependencies needs root"; exit 77; }
command -v apt-get >/dev/null || { echo "SKIP: no apt-get (not Debian)"; exit 77; }
src=$(cd "$(dirname "$0")/../.." && pwd)
start=$SECONDS
# Politely: the build takes the machine's cores for minutes.
LINTIAN=0 nice -n 19 "$src/installer/package.sh" "${PACKAGES:?}" >"$PACKAGES.log" 2>&1 || { tail -60 "$PACKAGES.log"; echo "FAIL installer/package.sh (log: $PACKAGES.log)"; exit 1; }
for p in staccato-drone staccato-cli staccato python3-staccato staccato-drone-dbgsym staccato-cli-dbgsym staccato-dbgsym; do
  ls "$PACKAGES/${p}"_*.deb >/dev/null 2>&1 || { echo "FAIL no ${p}_*.deb"; exit 1; }
done
echo "ok   built in $((SECONDS - start)) s: $(cd "$PACKAGES" && ls -1 *.deb | tr '\n' ' ')"
