#!/usr/bin/env bash
# Makes (or keeps) the venv under the build tree that has the staccato package and pytest: rebuilt
# (pip install ./rpc/python pytest grpcio-health-checking) only when the package sources, the .proto files or the system
# Python change. Used by run_pytest.sh and by the docs test (tests/docs/run_doc_blocks.py).
# Usage: make_venv.sh VENV_DIR
set -euo pipefail
venv=$(realpath -m "$1")
src=$(cd "$(dirname "$0")/../.." && pwd)
cd "$src"

key=$({
  /usr/bin/python3 --version
  sha256sum tests/python/make_venv.sh
  find rpc/python -type d \( -name build -o -name '*.egg-info' -o -name __pycache__ \) -prune -o -type f -print0 |
    sort -z | xargs -0 sha256sum
  find rpc/proto common/model -name '*.proto' -print0 | sort -z | xargs -0 sha256sum
} | sha256sum | cut -c1-16)

# pip builds in rpc/python itself: one build at a time from this source tree (any build dir).
exec 9<rpc/python/setup.py
flock 9
if [[ $(cat "$venv/.staccato-key" 2>/dev/null) != "$key" ]]; then
  echo "== Python venv $venv: installing the staccato package and pytest"
  rm -rf "$venv" rpc/python/build  # no stale modules from an earlier build in the wheel
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check ./rpc/python pytest grpcio-health-checking
  echo "$key" >"$venv/.staccato-key"
fi
