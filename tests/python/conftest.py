"""Fixtures shared by the Python tests."""
import os
import subprocess
import time

import pytest

DRONE = os.environ.get("DRONE")


@pytest.fixture
def fake_lab(tmp_path):
    """A real drone over fake ports fake0 <-> fake1 that really send, receive and capture (no
    root, no network); its address."""
    if not DRONE:
        pytest.skip("set DRONE to the staccato-drone binary")
    address = f"unix:{tmp_path}/lab.sock"
    proc = subprocess.Popen([DRONE, "--fake-lab", "--listen", address], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while not os.path.exists(f"{tmp_path}/lab.sock"):
        assert proc.poll() is None and time.monotonic() < deadline, "the fake-lab drone did not start"
        time.sleep(0.05)
    yield address
    proc.terminate()
    proc.wait(timeout=10)
