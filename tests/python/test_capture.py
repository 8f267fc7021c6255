"""Drone.capture_*: the requests a stand-in drone receives, values refused before sending, a fetch
put together from chunks into the file (and nothing written when the drone misbehaves); with
DRONE set, a fake-lab drone captures what crosses its fake wire and tshark reads the file."""
import os
import shutil
import subprocess

import grpc
import pytest

import staccato
from drone_stand_in import serving
from staccato.v1 import drone_pb2, drone_pb2_grpc

PCAPNG = b"\x0a\x0d\x0d\x0a" + bytes(60)  # stands for a file: the client does not parse it


class CaptureDrone(drone_pb2_grpc.DroneServicer):
    def __init__(self):
        self.requests = []
        self.chunks = [PCAPNG[:20], PCAPNG[20:50], PCAPNG[50:]]
        self.total = len(PCAPNG)

    def GetVersion(self, request, context):
        return drone_pb2.GetVersionReply(version="1.0.0", major=staccato.CLIENT_MAJOR)

    def StartCapture(self, request, context):
        self.requests.append(request)
        if request.limit_packets == 0 and request.HasField("limit_packets"):
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "limit_packets: 0 is out of range (allowed 1..100000000)")
        return drone_pb2.StartCaptureReply()

    def StopCapture(self, request, context):
        self.requests.append(request)
        return drone_pb2.StopCaptureReply()

    def CaptureStatus(self, request, context):
        return drone_pb2.CaptureStatusReply(captures=[drone_pb2.PortCapture(
            port=request.ports[0], state=drone_pb2.PortCapture.STOPPED, packets=3, seen=2**40)])

    def FetchCapture(self, request, context):
        for data in self.chunks:
            yield drone_pb2.CaptureChunk(data=data, total_bytes=self.total, packets=3)


@pytest.fixture
def stand_in(tmp_path):
    with serving(CaptureDrone(), tmp_path / "capture.sock", workers=2) as servicer:
        yield servicer


def test_start_sends_filter_bound_direction_and_client_id(stand_in):
    with staccato.Drone(stand_in.address, client_id="ci@lab") as drone:
        drone.capture_start("p1", filter="udp port 53", ring_mb=10, direction="rx")
        drone.capture_start("p1", limit_packets=5)
    first, second = stand_in.requests
    assert (first.port, first.filter, first.WhichOneof("limit"), first.ring_mb, first.direction, first.client_id) == \
        ("p1", "udp port 53", "ring_mb", 10, drone_pb2.CAPTURE_RX, "ci@lab")
    assert (second.WhichOneof("limit"), second.limit_packets, second.direction) == ("limit_packets", 5, drone_pb2.CAPTURE_BOTH)


def test_values_are_refused_naming_the_parameter(stand_in):
    with staccato.Drone(stand_in.address) as drone:
        with pytest.raises(ValueError, match=r"direction: 'up' \(allowed: both, rx, tx\)"):
            drone.capture_start("p1", direction="up")
        with pytest.raises(ValueError, match="give one bound, not limit_packets and ring_mb"):
            drone.capture_start("p1", limit_packets=5, ring_mb=1)
        with pytest.raises(ValueError, match=r"limit_bytes: -1 is not a count"):
            drone.capture_start("p1", limit_bytes=-1)
        with pytest.raises(ValueError, match=r"ring_mb: 1.5 is not a count"):
            drone.capture_start("p1", ring_mb=1.5)
        with pytest.raises(staccato.DroneError, match=r"limit_packets: 0 is out of range \(allowed 1..100000000\)") as e:
            drone.capture_start("p1", limit_packets=0)
        assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert len(stand_in.requests) == 1, "only the last one reached the drone"


def test_stop_returns_the_status_with_ints(stand_in):
    with staccato.Drone(stand_in.address) as drone:
        status = drone.capture_stop("p1", discard=True)
    assert stand_in.requests[0].discard is True
    assert (status["port"], status["state"], status["packets"], status["seen"]) == ("p1", "STOPPED", 3, 2**40)


def test_fetch_puts_the_chunks_together(stand_in, tmp_path):
    out = tmp_path / "c.pcapng"
    with staccato.Drone(stand_in.address) as drone:
        assert drone.capture_fetch("p1", str(out)) == {"packets": 3, "bytes": len(PCAPNG)}
    assert out.read_bytes() == PCAPNG


@pytest.mark.parametrize("chunks,total,message", [
    ([bytes(staccato.capture.CHUNK_BYTES + 1)], staccato.capture.CHUNK_BYTES + 1, "malformed capture"),
    ([PCAPNG[:20]], len(PCAPNG), "ended after 20 of 64 bytes"),
    ([PCAPNG, b"more"], len(PCAPNG), "malformed capture"),
])
def test_a_misbehaving_drone_leaves_no_file(stand_in, tmp_path, chunks, total, message):
    stand_in.chunks, stand_in.total = chunks, total
    out = tmp_path / "c.pcapng"
    with staccato.Drone(stand_in.address) as drone:
        with pytest.raises(staccato.DroneError, match=message):
            drone.capture_fetch("p1", str(out))
    assert not out.exists() and not (tmp_path / "c.pcapng.part").exists()


@pytest.mark.skipif(not shutil.which("tshark"), reason="tshark is not installed")
def test_fake_lab_capture_holds_what_crossed_the_wire(fake_lab, tmp_path):
    wanted = staccato.Stream("to53", ["eth", "ip", ("udp", {"udp.dstport": 53}), "payload", "signature"], id=1,
                             count=300, pps=20000)
    other = staccato.Stream("to80", ["eth", "ip", ("udp", {"udp.dstport": 80}), "payload"], id=2, count=200, pps=20000)
    out = tmp_path / "fake1.pcapng"
    with staccato.Drone(fake_lab) as drone:
        drone.capture_start("fake1", filter="udp dst port 53", limit_packets=1000)
        assert drone.capture_status("fake1")["state"] == "RUNNING"
        drone.set_streams("fake0", [wanted, other])
        with drone.transmitting("fake0"):
            drone.wait("fake0", timeout=60)
        status = drone.capture_stop("fake1")
        assert (status["state"], status["packets"]) == ("STOPPED", 300)
        assert drone.capture_fetch("fake1", str(out))["packets"] == 300
        with pytest.raises(staccato.DroneError, match="no capture on fake0") as e:
            drone.capture_fetch("fake0", str(tmp_path / "none.pcapng"))
        assert e.value.code == grpc.StatusCode.NOT_FOUND
    ports = subprocess.run(["tshark", "-r", str(out), "-T", "fields", "-e", "udp.dstport"], capture_output=True,
                           text=True, check=True).stdout.split()
    assert ports == ["53"] * 300
    assert not os.path.exists(tmp_path / "none.pcapng")
