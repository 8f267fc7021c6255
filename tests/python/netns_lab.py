"""A drone on veth pairs (va <-> vb by default) in a network namespace of its own (root). Nothing leaves
the namespace; it is deleted afterwards, even on failure."""
import contextlib
import os
import resource
import secrets
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional, Sequence, Tuple

import pytest

import staccato

DRONE = os.environ.get("DRONE")
needs_root_and_drone = [pytest.mark.skipif(os.geteuid() != 0, reason="network namespaces need root"),
                        pytest.mark.skipif(not DRONE, reason="set DRONE to the staccato-drone binary")]
# A client starved by hostile ones waits for a deadline (gRPC's 10 s handshake, the front door's
# authentication deadline, a stalled reader's write deadline): it shows in seconds. A busy 2-core
# machine that also runs the attackers adds hundreds of milliseconds, which is no starvation.
STARVED_SECONDS = 2.5


@dataclass
class Lab:
    address: str
    pid: int  # the drone's (ip netns exec becomes the drone)
    log: Path
    ns: str


def _run(*args):
    subprocess.run(args, check=True, capture_output=True)


@contextlib.contextmanager
def drone_lab(tmp: Path, address: str, drone_args: Sequence[str] = (), token: Optional[str] = None,
              pairs: Sequence[Tuple[str, str]] = (("va", "vb"),),
              fd_limit: Optional[Tuple[int, int]] = None) -> Iterator[Lab]:
    """`address`: a unix socket, reachable from outside the namespace, or a TCP address inside it
    (then the drone is ready when it says it listens); `pairs`: the veth pairs; `fd_limit`: the
    drone's (soft, hard) descriptor limits at start."""
    ns = f"stc-py-{os.getpid()}-{secrets.token_hex(3)}"
    drone = None
    log = tmp / "drone.log"
    try:
        _run("ip", "netns", "add", ns)
        # Quiet links: no IPv6 autoconfiguration chatter in the counters (fine if IPv6 is off anyway).
        subprocess.run(["ip", "netns", "exec", ns, "sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1",
                        "net.ipv6.conf.default.disable_ipv6=1"], capture_output=True)
        _run("ip", "-n", ns, "link", "set", "lo", "up")
        for a, b in pairs:
            _run("ip", "-n", ns, "link", "add", a, "type", "veth", "peer", "name", b)
            _run("ip", "-n", ns, "link", "set", a, "up")
            _run("ip", "-n", ns, "link", "set", b, "up")
        with open(log, "w") as out:
            limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, fd_limit)) if fd_limit else None
            drone = subprocess.Popen(["ip", "netns", "exec", ns, DRONE, "--listen", address, *drone_args],
                                     stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit)
        for _ in range(100):
            assert drone.poll() is None, f"the drone died: {log.read_text()}"
            if not address.startswith("unix:"):
                if "listening on" in log.read_text():
                    break
                time.sleep(0.1)
                continue
            try:
                staccato.Drone(address, token=token, timeout=1, plaintext_token=True).close()
                break
            except staccato.DroneError:
                time.sleep(0.1)
        else:
            pytest.fail(f"the drone did not come up: {log.read_text()}")
        yield Lab(address, drone.pid, log, ns)
    finally:
        if drone is not None:
            drone.terminate()
            try:
                drone.wait(10)
            except subprocess.TimeoutExpired:
                drone.kill()
                drone.wait()
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)

