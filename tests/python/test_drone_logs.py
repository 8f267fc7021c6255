"""The drone's log as a user reads it: with --log-format json every line is a JSON object (json
is the oracle), and the request id a failed call's error ends with finds its line, which names
the call's method and status."""
import json
import os
import re
import subprocess
import time

import pytest

DRONE = os.environ.get("DRONE")
CLI = os.environ.get("CLI")
pytestmark = pytest.mark.skipif(not DRONE or not CLI, reason="set DRONE and CLI to the staccato binaries")


def test_a_failed_calls_request_id_finds_its_json_log_line(tmp_path):
    sock = tmp_path / "d.sock"
    log = tmp_path / "drone.log"
    with open(log, "w") as err:
        drone = subprocess.Popen([DRONE, "--fake-lab", "--listen", f"unix:{sock}", "--log-format", "json"], stderr=err)
    try:
        deadline = time.monotonic() + 20
        while not sock.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        failed = subprocess.run([CLI, "--drone", f"unix:{sock}", "start", "nope"], capture_output=True, text=True,
                                timeout=30)
    finally:
        drone.terminate()
        drone.wait(timeout=30)
    assert failed.returncode == 1, failed.stderr
    found = re.search(r"\(drone request ([0-9a-f]{6}-[0-9]+)\)$", failed.stderr.strip())
    assert found, f"the error names no request id: {failed.stderr}"
    lines = [json.loads(line) for line in log.read_text().splitlines()]  # every line parses
    assert all({"time", "level", "program", "message"} <= line.keys() for line in lines), lines
    mine = [line for line in lines if line.get("request_id") == found.group(1)]
    assert len(mine) == 1, lines
    assert mine[0]["method"] == "/staccato.v1.Drone/StartTx" and mine[0]["code"] == "NOT_FOUND", mine[0]
    assert "no port 'nope'" in mine[0]["message"]


def test_an_unknown_log_format_is_refused_saying_which_are_known():
    refused = subprocess.run([DRONE, "--fake-lab", "--log-format", "xml"], capture_output=True, text=True, timeout=30)
    assert refused.returncode == 2
    assert "--log-format: 'xml' is not a log format (text or json)" in refused.stderr
