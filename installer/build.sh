#!/usr/bin/env bash
# Installs missing dependencies, then configures and builds with a CMake preset (default: dev).
# Usage: installer/build.sh [--preset dev|release|asan]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=dev
while (($#)); do
  case $1 in
    --preset) preset=$2; shift 2 ;;
    *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
installer/install-deps.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
