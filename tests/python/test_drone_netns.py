"""The package against a real drone on a veth pair (va <-> vb) in a network namespace of its own
(root). Nothing leaves the namespace; it is deleted afterwards, even on failure."""
import subprocess

import grpc
import pytest

import staccato
from netns_lab import drone_lab, needs_root_and_drone

pytestmark = needs_root_and_drone


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """The drone's address (a unix socket): libpcap, as this tests the package, not a backend."""
    tmp = tmp_path_factory.mktemp("lab")
    with drone_lab(tmp, f"unix:{tmp}/drone.sock", ["--backend", "pcap"]) as lab:
        yield lab.address


def port(drone, name):
    return next(p for p in drone.ports() if p["name"] == name)


def test_ipv6_udp_exact_counts_and_latency(lab):
    stream = staccato.Stream("v6", [("eth", {"eth.dst": "02:00:00:00:00:99"}),
                                    ("ipv6", {"ipv6.src": "2001:db8::1", "ipv6.dst": "2001:db8::2"}),
                                    ("udp", {"udp.dstport": 5001}), "signature"],
                             id=7, count=10000, pps=10000, length=128,
                             vary=[staccato.Vary("udp.srcport", start="1000", count=100)])
    with staccato.Drone(lab) as drone:
        drone.set_streams("va", [stream])
        assert drone.streams("va") == [stream]
        drone.clear_stats("va", "vb")
        with drone.transmitting("va"):
            drone.wait("va", timeout=60)
        stats = drone.stats()
        assert port(drone, "va")["transmitting"] is False
    rows = [s for s in stats["streams"] if s["stream_id"] == 7]
    assert [(r["tx_port"], r["rx_port"], r["tx_packets"], r["rx_packets"]) for r in rows] == [("va", "vb", 10000, 10000)]
    row = rows[0]
    assert (row["lost"], row["duplicates"], row["reordered"]) == (0, 0, 0)
    latency = row["latency"]
    assert latency["samples"] == 10000
    assert 0 < latency["min_ns"] <= latency["avg_ns"] <= latency["max_ns"] < 1_000_000_000, latency
    assert latency["avg_ns"] < 50_000_000, latency  # veth on one host: well below 50 ms
    va = next(p for p in stats["ports"] if p["port"] == "va")
    assert va["drone_tx_packets"] == 10000 and va["error"] == ""


def test_bad_stream_names_the_field(lab):
    bad = staccato.Stream("bad", ["eth", "ipv6", "udp"], vary=[staccato.Vary("udp.srcport", start="70000")])
    with staccato.Drone(lab) as drone:
        with pytest.raises(staccato.DroneError, match=r"streams\[0\]\.variable_fields\[0\]\.start: 70000") as e:
            drone.set_streams("va", [bad])
        assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT
        with pytest.raises(staccato.DroneError, match="nosuch"):
            drone.start("nosuch")


def test_transmit_stops_when_the_block_raises(lab):
    forever = staccato.Stream("forever", ["eth", "ip", "udp", "signature"], continuous=True, pps=1000)
    with staccato.Drone(lab) as drone:
        drone.set_streams("va", [forever])
        with pytest.raises(RuntimeError, match="boom"):
            with drone.transmitting("va"):
                assert port(drone, "va")["transmitting"] is True
                with pytest.raises(TimeoutError):
                    drone.wait("va", timeout=0.5)
                raise RuntimeError("boom")
        assert port(drone, "va")["transmitting"] is False
    # The connection's own context manager too: it stops what it started.
    with pytest.raises(RuntimeError, match="boom"):
        with staccato.Drone(lab) as drone:
            drone.start("va")
            assert port(drone, "va")["transmitting"] is True
            raise RuntimeError("boom")
    with staccato.Drone(lab) as drone:
        assert port(drone, "va")["transmitting"] is False


def test_configure(lab):
    with staccato.Drone(lab) as drone:
        config = drone.configure("vb", tx_mode="interleaved", rx_backend="pcap")
        assert (config["tx_mode"], config["rx_backend"]) == ("INTERLEAVED", "RX_PCAP")
        assert port(drone, "vb")["config"]["tx_mode"] == "INTERLEAVED"


def test_capture_on_a_real_port(lab, tmp_path):
    """libpcap captures what vb receives, filtered in the kernel; the pcapng opens in tshark."""
    to_53 = staccato.Stream("to53", ["eth", "ip", ("udp", {"udp.dstport": 53}), "payload"], id=3, count=400, pps=20000)
    to_80 = staccato.Stream("to80", ["eth", "ip", ("udp", {"udp.dstport": 80}), "payload"], id=4, count=100, pps=20000)
    out = tmp_path / "vb.pcapng"
    with staccato.Drone(lab) as drone:
        drone.capture_start("vb", filter="udp dst port 53", ring_mb=8, direction="rx")
        drone.set_streams("va", [to_53, to_80])
        with drone.transmitting("va"):
            drone.wait("va", timeout=60)
        status = drone.capture_stop("vb")
        assert (status["state"], status["packets"], status["kernel_dropped"]) == ("STOPPED", 400, 0), status
        assert drone.capture_fetch("vb", str(out)) == {"packets": 400, "bytes": out.stat().st_size}
        drone.capture_stop("vb", discard=True)
        assert drone.capture_status("vb")["state"] == "STATE_NONE"
    rows = subprocess.run(["tshark", "-r", str(out), "-T", "fields", "-e", "udp.dstport", "-e", "frame.interface_name"],
                          capture_output=True, text=True, check=True).stdout.splitlines()
    assert rows == ["53\tvb"] * 400
