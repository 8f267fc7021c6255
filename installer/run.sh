#!/usr/bin/env bash
# Quick start: install what is missing, build, and start the Staccato GUI with a local drone on
# a private demo network (a veth pair demo0 <-> demo1 in a network namespace of its own, gone
# when the GUI quits): send and receive at once without touching any real network.
# Extra arguments go to the GUI, e.g. installer/run.sh --drone lab-host:7878 (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
installer/build.sh --preset dev >&2
args=("$@")
(($#)) || args=(--demo-lab)
if [[ " ${args[*]} " == *" --demo-lab "* || " ${args[*]} " == *" --router-lab "* ]] && [[ $EUID -ne 0 ]]; then
  echo "run.sh: the lab's drone needs root; sudo asks once, the GUI itself runs as you." >&2
  sudo -v
fi
if [[ -z ${DISPLAY:-}${WAYLAND_DISPLAY:-} && -z ${QT_QPA_PLATFORM:-} ]]; then
  echo "run.sh: no display (DISPLAY is not set). Run it on a desktop, over ssh -X, or under xvfb-run." >&2
  exit 1
fi
exec build/dev/client/app/staccato "${args[@]}"
