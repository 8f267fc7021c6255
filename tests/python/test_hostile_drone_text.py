"""A drone (or another client of it) chooses the text staccato-cli prints: port names, errors,
client ids, device group names, neighbour rows. None of it may reach the terminal raw: a group
named ESC[2J or OSC 52 (clipboard write) must be shown escaped. Before, `devices PORT list`
printed group names with printf, past the CLI's escaping streams."""
import os
import subprocess

import grpc
import pytest

from drone_stand_in import serving
from staccato.v1 import drone_pb2, drone_pb2_grpc

CLI = os.environ.get("CLI")
pytestmark = pytest.mark.skipif(not CLI, reason="set CLI to the staccato-cli binary")

EVIL = "\x1b]52;c;b3duZWQ=\x07\x1b[2J\u009b31m"


class HostileDrone(drone_pb2_grpc.DroneServicer):
    """Answers with control sequences wherever the protocol carries text."""

    def GetVersion(self, request, context):
        return drone_pb2.GetVersionReply(version="1.0.0" + EVIL, major=1, minor=0, hostname=EVIL)

    def ListPorts(self, request, context):
        group = drone_pb2.DeviceGroup(name=EVIL, count=1, mac="02:00:00:00:00:01",
                                      ipv4=drone_pb2.DeviceIpv4(address="10.0.0.1", prefix_length=24, gateway="10.0.0.254"))
        config = drone_pb2.PortConfig(devices=[group])
        return drone_pb2.ListPortsReply(ports=[drone_pb2.Port(name="p0", driver=EVIL, reserved_by=EVIL,
                                                              error=EVIL, backend_reason=EVIL, config=config)])

    def GetNeighbors(self, request, context):
        return drone_pb2.GetNeighborsReply(neighbors=[drone_pb2.Neighbor(ip="10.0.0.254", mac="02:00:00:00:00:fe",
                                                                         device=EVIL)])

    def StartTx(self, request, context):
        context.abort(grpc.StatusCode.FAILED_PRECONDITION, EVIL)


def run_cli(drone, *args):
    return subprocess.run([CLI, "--drone", drone.address, *args], capture_output=True, timeout=60)


def assert_escaped(output: bytes):
    text = output.decode("utf-8", "replace")
    for raw in ("\x1b", "\x07", "\u009b"):
        assert raw not in text, f"a raw control character reached the terminal: {text!r}"
    assert "\\x1b]52;c;" in text, f"the hostile text is not shown escaped: {text!r}"


@pytest.mark.parametrize("command", [["ports"], ["devices", "p0", "list"], ["neighbors", "p0"], ["start", "p0"]])
def test_drone_text_reaches_the_terminal_escaped(tmp_path, command):
    with serving(HostileDrone(), tmp_path / "hostile.sock") as drone:
        result = run_cli(drone, *command)
    assert_escaped(result.stdout + result.stderr)


def test_the_cli_prints_only_through_its_escaping_streams():
    """One path to the terminal: no printf, puts or fwrite on stdout/stderr in the CLI's sources."""
    cli_dir = os.path.join(os.path.dirname(__file__), "..", "..", "client", "cli")
    bad = []
    for name in sorted(os.listdir(cli_dir)):
        if not name.endswith((".cpp", ".h")):
            continue
        for n, line in enumerate(open(os.path.join(cli_dir, name), encoding="utf-8"), 1):
            code = line.split("//")[0]
            if any(f in code for f in ("printf(", "puts(", "fwrite(", "fputs(", "putchar(", "write(1", "write(2",
                                       "write(STDOUT", "write(STDERR")) and "snprintf(" not in code:
                bad.append(f"{name}:{n}: {line.strip()}")
    assert not bad, "output that bypasses the escaping streams:\n" + "\n".join(bad)
