"""The fleet acceptance (tests/netns/fleet_test.sh: three drones in three namespaces, one fleet
file) with this venv's Python for its staccato.Fleet half."""
import os
import subprocess
import sys
from pathlib import Path


def test_three_drones_one_fleet_file():
    script = Path(__file__).resolve().parent.parent / "netns" / "fleet_test.sh"
    env = dict(os.environ, PYTHON=sys.executable)
    done = subprocess.run([str(script)], env=env, capture_output=True, text=True, timeout=240)
    print(done.stdout, done.stderr)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
