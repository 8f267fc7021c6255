"""The fake lab's socket lives in a directory of the user's alone ($XDG_RUNTIME_DIR, else
/tmp/staccato-UID, made 0700): it was /tmp/staccato-fake-lab.sock, a path another user could take
first. A drone refuses a directory others may enter; clients (CLI, Python) refuse to talk to a
socket there; both reach it as "fake-lab"."""
import os
import subprocess
import time

import pytest

import staccato

DRONE, CLI = os.environ.get("DRONE"), os.environ.get("CLI")
pytestmark = pytest.mark.skipif(not (DRONE and CLI), reason="set DRONE and CLI")


def test_the_fake_lab_is_reached_by_name_in_a_private_directory(tmp_path):
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime))
    drone = subprocess.Popen([DRONE, "--fake-lab"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            if (runtime / "staccato-fake-lab.sock").exists():
                break
            time.sleep(0.1)
        r = subprocess.run([CLI, "--drone", "fake-lab", "ports"], env=env, capture_output=True, text=True, timeout=30)
        assert r.returncode == 0 and "fake0" in r.stdout, r.stderr
        os.environ["XDG_RUNTIME_DIR"], before = str(runtime), os.environ.get("XDG_RUNTIME_DIR")
        try:
            with staccato.Drone("fake-lab") as d:
                assert {p["name"] for p in d.ports()} >= {"fake0", "fake1"}
            runtime.chmod(0o755)  # now others may enter: never talked to
            with pytest.raises(staccato.DroneError, match="not a directory of yours alone"):
                staccato.Drone("fake-lab")
            r = subprocess.run([CLI, "--drone", "fake-lab", "ports"], env=env, capture_output=True, text=True, timeout=30)
            assert r.returncode != 0 and "may be entered by other users (mode 755): chmod 700 it" in r.stderr, r.stderr
        finally:
            if before is None:
                del os.environ["XDG_RUNTIME_DIR"]
            else:
                os.environ["XDG_RUNTIME_DIR"] = before
    finally:
        drone.terminate()
        drone.wait(timeout=10)


def test_a_drone_refuses_a_directory_others_may_enter(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    r = subprocess.run([DRONE, "--fake-lab"], env=dict(os.environ, XDG_RUNTIME_DIR=str(shared)),
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 1
    assert f"{shared}: may be entered by other users (mode 777): chmod 700 it" in r.stderr, r.stderr
