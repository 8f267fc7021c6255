#!/usr/bin/env bash
# The long soak: one drone, two ports sending continuously, several clients churning
# (SetStreams/start/stop, WatchStats, ListPorts/GetStreams, reservations) for SECONDS (default
# 1800); prints RSS, threads and open files at the start and the end. Root; a namespace of its own.
# Usage: tests/bench/soak.sh [SECONDS]   (after installer/build.sh; CI runs a 2-minute version)
set -euo pipefail
cd "$(dirname "$0")/../.."
export SOAK_SECONDS=${1:-1800} DRONE=${DRONE:-$PWD/build/dev/drone/staccato-drone}
exec tests/python/run_pytest.sh build/dev/python-venv --needs-root -s test_soak.py
