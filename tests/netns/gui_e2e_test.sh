#!/usr/bin/env bash
# The GUI end to end: a drone on a veth pair in a private namespace, and the GUI's test
# program (offscreen) in the same namespace driving it. See tests/client/gui/gui_e2e_test.cpp.
source "$(dirname "$0")/lab.sh"
GUI_E2E=${GUI_E2E:?set GUI_E2E to the gui_e2e_tests binary}
lab_up
start_drone
in_lab env QT_QPA_PLATFORM=offscreen STACCATO_TEST_DRONE="$STACCATO_DRONE" "$GUI_E2E"
echo "ok   GUI: stream built, applied, started; rx == tx with latency; chart points"
