"""The Drone class against an in-process stand-in drone that records what it is asked: the version handshake, the token and
version headers, the client id, errors carrying the drone's message, ints as ints, and stopping
what it started however the block ends, and stream lists in parts no larger than a drone reads."""
import grpc
import pytest

import staccato
from drone_stand_in import serving
from staccato.convert import to_dict
from staccato.v1 import drone_pb2, drone_pb2_grpc


class RecordingDrone(drone_pb2_grpc.DroneServicer):
    def __init__(self):
        self.major = staccato.CLIENT_MAJOR
        self.metadata = []
        self.calls = []
        self.config = drone_pb2.PortConfig(track_rx=True)

    def GetVersion(self, request, context):
        self.metadata.append(dict(context.invocation_metadata()))
        self.calls.append(("GetVersion", request.client_major, request.client_minor))
        return drone_pb2.GetVersionReply(version="9.9.9", major=self.major, minor=7)

    def ListPorts(self, request, context):
        return drone_pb2.ListPortsReply(ports=[drone_pb2.Port(name="p0", speed_mbps=2**40, config=self.config)])

    def ConfigurePort(self, request, context):
        self.calls.append(("ConfigurePort", request.port, request.client_id))
        self.config = request.config
        return drone_pb2.ConfigurePortReply()

    def SetStreams(self, request_iterator, context):
        parts = list(request_iterator)
        self.part_sizes = [p.ByteSize() for p in parts]
        self.streams = (parts[0].port, parts[0].client_id, staccato.parts.join_streams_parts(parts))
        if any(layer.fields.get("ip.ttl") == "999" for s in self.streams[2] for layer in s.layers):
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "streams[0].layers[1].ip.ttl: 999 exceeds 8 bits (allowed 0..255)")
        return drone_pb2.SetStreamsReply()

    def GetStreams(self, request, context):
        yield from staccato.parts.streams_parts(self.streams[2], "", "")

    def StartTx(self, request, context):
        self.calls.append(("StartTx", list(request.ports), request.client_id))
        return drone_pb2.StartTxReply()

    def StopTx(self, request, context):
        self.calls.append(("StopTx", list(request.ports), request.client_id))
        return drone_pb2.StopTxReply()


@pytest.fixture
def fake(tmp_path):
    with serving(RecordingDrone(), tmp_path / "fake.sock", workers=2) as servicer:
        yield servicer


def test_handshake_headers_and_client_id(fake, tmp_path):
    (tmp_path / "token").write_text("s3cret\nignored\n")
    with staccato.Drone(fake.address, token_file=str(tmp_path / "token"), client_id="ci@lab") as drone:
        assert drone.version["version"] == "9.9.9" and drone.version["minor"] == 7
        drone.start("p0")
    assert fake.calls[0] == ("GetVersion", staccato.CLIENT_MAJOR, staccato.CLIENT_MINOR)
    assert fake.metadata[0]["authorization"] == "Bearer s3cret"
    assert fake.metadata[0]["x-staccato-version"] == f"{staccato.CLIENT_MAJOR}.{staccato.CLIENT_MINOR}"
    assert fake.calls[1:] == [("StartTx", ["p0"], "ci@lab"), ("StopTx", ["p0"], "ci@lab")]


def test_other_major_version_is_refused(fake):
    fake.major = staccato.CLIENT_MAJOR + 1
    with pytest.raises(staccato.DroneError, match=f"speaks protocol {staccato.CLIENT_MAJOR + 1}.7, this package "
                                                  f"{staccato.CLIENT_MAJOR}.{staccato.CLIENT_MINOR}"):
        staccato.Drone(fake.address)


def test_unreachable_drone_says_so(tmp_path):
    with pytest.raises(staccato.DroneError, match="no such socket") as e:
        staccato.Drone(f"unix:{tmp_path}/none.sock", timeout=2)
    assert e.value.code == grpc.StatusCode.UNAVAILABLE


def test_drone_error_carries_the_message_and_code(fake):
    with staccato.Drone(fake.address) as drone:
        with pytest.raises(staccato.DroneError, match=r"streams\[0\].layers\[1\].ip.ttl: 999") as e:
            drone.set_streams("p0", [staccato.Stream("s", ["eth", ("ip", {"ip.ttl": 999})])])
    assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_ports_are_plain_dicts_with_int_counters(fake):
    with staccato.Drone(fake.address) as drone:
        port = drone.ports()[0]
    assert port["name"] == "p0" and port["speed_mbps"] == 2**40 and port["transmitting"] is False


def test_configure_changes_only_what_is_given(fake):
    with staccato.Drone(fake.address) as drone:
        config = drone.configure("p0", backend="turbo-copy", rx_backend="pcap", tx_mode="INTERLEAVED", cpus=[1, 0])
        assert (config["backend"], config["rx_backend"], config["tx_mode"]) == ("TURBO_COPY", "RX_PCAP", "INTERLEAVED")
        assert config["cpus"] == [1, 0] and config["track_rx"] is True  # kept
        with pytest.raises(ValueError, match="allowed: BACKEND_AUTO, PCAP"):
            drone.configure("p0", backend="warp")
        config = drone.configure("p0", reflect="l4")
        assert config["reflect"] == "REFLECT_L4" and fake.config.reflect == drone_pb2.PortConfig.REFLECT_L4
        assert drone.configure("p0", reflect="off")["reflect"] == "REFLECT_OFF"
        with pytest.raises(ValueError, match="'on' is not a Reflect .allowed: REFLECT_OFF, .*, or off, l2, l3, l4."):
            drone.configure("p0", reflect="on")
        with pytest.raises(TypeError, match="unknown setting 'speed'"):
            drone.configure("p0", speed=1)
        with pytest.raises(staccato.DroneError, match="port 'nosuch' not found"):
            drone.configure("nosuch", track_rx=False)


def test_port_stats_carry_the_reflected_count_as_an_int():
    """stats()'s port rows are to_dict of PortStats: drone_reflected there, 0 by default."""
    assert to_dict(drone_pb2.PortStats(port="p0"))["drone_reflected"] == 0
    assert to_dict(drone_pb2.PortStats(drone_reflected=2**40))["drone_reflected"] == 2**40


def test_stops_what_it_started_when_the_block_raises(fake):
    with pytest.raises(RuntimeError, match="boom"):
        with staccato.Drone(fake.address, client_id="me") as drone:
            drone.start("p0")
            with drone.transmitting("p1"):
                raise RuntimeError("boom")
    stops = [c for c in fake.calls if c[0] == "StopTx"]
    assert stops == [("StopTx", ["p1"], "me"), ("StopTx", ["p0"], "me")]


def test_a_large_replay_travels_in_parts_and_comes_back_whole(fake):
    frames = [bytes([i % 256]) * 1500 for i in range(3000)]  # 4.5 MB: more than a drone reads at once
    replay = staccato.v1.stream_pb2.Stream(id=7, name="big")
    replay.replay.frames.extend(frames)
    replay.replay.times_ns.extend(range(0, 3000 * 1000, 1000))
    small = staccato.Stream("small", ["eth", "ip", "udp"], id=1, count=5)
    with staccato.Drone(fake.address, client_id="me") as drone:
        drone.set_streams("p0", [small, replay])
        assert fake.streams[:2] == ("p0", "me")
        assert len(fake.part_sizes) >= 5 and max(fake.part_sizes) <= 1.1 * staccato.parts.PART_BYTES
        back = drone.streams("p0")
    assert back == [small, replay]


def test_missing_token_and_ca_files_are_drone_errors_naming_the_file(tmp_path):
    # Raised before any connection: the address need not answer.
    for kwargs, says in [({"token_file": str(tmp_path / "no-token")}, "cannot read the token file"),
                         ({"ca": str(tmp_path / "no-ca.pem")}, "cannot read the CA certificate")]:
        with pytest.raises(staccato.DroneError) as raised:
            staccato.Drone("unix:/nonexistent/drone.sock", **kwargs)
        path = next(iter(kwargs.values()))
        assert str(raised.value).startswith(f"{path}: {says}: No such file or directory"), str(raised.value)
