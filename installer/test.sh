#!/usr/bin/env bash
# The whole test suite: install what is missing, build, run every test (tshark oracle tests
# included). Usage: installer/test.sh [--preset dev|asan]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=dev
[[ "${1:-}" == "--preset" ]] && preset=$2
installer/build.sh --preset "$preset"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --preset "$preset" --output-on-failure
