#!/usr/bin/env bash
# Runs pytest on the Python package in a venv under the build tree. The venv is rebuilt (pip
# install ./rpc/python pytest grpcio-health-checking) only when the package sources, the .proto files or the system
# Python change; otherwise a re-run starts pytest at once.
# Usage: run_pytest.sh VENV_DIR [--needs-root] [PYTEST_ARGS...]
set -euo pipefail
venv=$(realpath -m "$1"); shift
if [[ ${1:-} == --needs-root ]]; then
  shift
  if [[ $EUID -ne 0 ]]; then echo "SKIP: the drone test makes network namespaces, which needs root"; exit 77; fi
fi
src=$(cd "$(dirname "$0")/../.." && pwd)
cd "$src"

key=$({
  /usr/bin/python3 --version
  sha256sum tests/python/run_pytest.sh
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
flock -u 9

cd tests/python
export PYTHONDONTWRITEBYTECODE=1  # nothing written into the source tree
exec "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs "$@"
