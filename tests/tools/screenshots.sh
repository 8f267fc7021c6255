#!/usr/bin/env bash
# Regenerates the user guide's screenshots (docs/images/*.png) under Xvfb from fake drones
# with traffic on fake ports, the Benchmark page after a run on the simulated device, and the
# Y.1564 page after a run on a modelled policer, and the RFC 2889 page after a fully meshed run on
# a model switch.
# Usage: tests/tools/screenshots.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/dev}
xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \
  "$build/tests/client/gui/gui_screenshots" docs/images docs/examples
xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \
  "$build/tests/client/benchmark/benchmark_screenshot" docs/images/benchmark-page.png \
  docs/images/benchmark-reflector.png
xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \
  "$build/tests/client/benchmark/y1564_screenshot" docs/images/y1564-page.png
xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \
  "$build/tests/client/benchmark/rfc2889_screenshot" docs/images/rfc2889-page.png
