#!/usr/bin/env bash
# Quick start: install what is missing, build, and start staccato-cli with the given
# arguments (default: its help). Example: installer/run.sh build docs/examples/udp-64.json --count 10 --output /tmp/udp.pcap
set -euo pipefail
cd "$(dirname "$0")/.."
installer/build.sh --preset dev >&2
(($#)) || set -- help
exec build/dev/client/cli/staccato-cli "$@"
