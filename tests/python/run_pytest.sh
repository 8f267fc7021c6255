#!/usr/bin/env bash
# Runs pytest on the Python package in a venv under the build tree (made by make_venv.sh: a re-run
# with nothing changed starts pytest at once).
# Usage: run_pytest.sh VENV_DIR [--needs-root] [PYTEST_ARGS...]
set -euo pipefail
venv=$(realpath -m "$1"); shift
if [[ ${1:-} == --needs-root ]]; then
  shift
  if [[ $EUID -ne 0 ]]; then echo "SKIP: the drone test makes network namespaces, which needs root"; exit 77; fi
fi
here=$(cd "$(dirname "$0")" && pwd)
"$here/make_venv.sh" "$venv"
cd "$here"
export PYTHONDONTWRITEBYTECODE=1  # nothing written into the source tree
exec "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs "$@"
