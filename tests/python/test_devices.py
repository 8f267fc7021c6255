"""Emulated hosts from Python against a fake-lab drone (fake ports fake0 <-> fake1 whose
hosts answer each other): groups added, listed and cleared, bad values refused naming the field,
the neighbour table resolved, and a stream sent as the hosts to the resolved gateway."""
import os
import subprocess

import pytest

import staccato


def test_groups_neighbours_and_a_routed_stream(fake_lab):
    with staccato.Drone(fake_lab) as drone:
        groups = drone.add_devices("fake0", count=100, mac="02:00:00:00:01:00", ip="10.0.0.10/24", gateway="10.0.0.1",
                                   ipv6="2001:db8::10/64", gateway6="2001:db8::1", vlans=[100])
        assert [(g["count"], g["ipv4"]["address"], g["vlans"][0]["vid"]) for g in groups] == [(100, "10.0.0.10", 100)]
        drone.add_devices("fake1", count=1, mac="02:00:00:00:0b:01", ip="10.0.0.1/24", ipv6="2001:db8::1/64", vlans=[100])
        assert len(drone.devices("fake0")) == 1

        table = {n["ip"]: n for n in drone.neighbors("fake0", resolve=True)}
        assert {ip: (n["mac"], n["state"], n["vlans"]) for ip, n in table.items()} == {
            "10.0.0.1": ("02:00:00:00:0b:01", "REACHABLE", [100]),
            "2001:db8::1": ("02:00:00:00:0b:01", "REACHABLE", [100])}
        assert table["10.0.0.1"]["device"] == "10.0.0.10"

        drone.configure("fake1", track_rx=True)
        drone.set_streams("fake0", [{
            "id": 1,
            "layers": [{"protocol": "eth", "fields": {"eth.src": "device", "eth.dst": "resolve"}},
                       {"protocol": "vlan", "fields": {"vlan.id": "1"}},
                       {"protocol": "ip", "fields": {"ip.src": "10.0.0.10", "ip.dst": "10.0.1.10"}},
                       {"protocol": "udp"}, {"protocol": "signature"}],
            "variable_fields": [{"field": "ip.src", "count": 100}], "frame_length": {"fixed": 128},
            "rate": {"unit": "PPS", "value": 10000}, "control": {"mode": "PACKETS", "count": 500}}])
        with drone.transmitting("fake0"):
            drone.wait("fake0", timeout=20)
        rows = [s for s in drone.stats("fake0", "fake1")["streams"] if s["rx_port"] == "fake1"]
        assert [(r["tx_packets"], r["rx_packets"], r["lost"]) for r in rows] == [(500, 500, 0)]

        drone.clear_devices("fake0")
        assert drone.devices("fake0") == [] and drone.neighbors("fake0") == []


def test_bad_groups_are_refused_naming_the_field(fake_lab):
    with staccato.Drone(fake_lab) as drone:
        with pytest.raises(staccato.DroneError, match=r"config.devices\[0\].vlans\[0\].vid: 4095 \(allowed 1..4094\)"):
            drone.add_devices("fake0", count=1, mac="02:00:00:00:01:00", ip="10.0.0.10/24", vlans=[4095])
        with pytest.raises(staccato.DroneError, match=r"config.devices: 10001 hosts in all; at most 10000 per port"):
            drone.add_devices("fake0", count=10001, mac="02:00:00:00:01:00", ip="10.0.0.10/16")
        with pytest.raises(ValueError, match="not ADDRESS/PREFIX"):
            drone.add_devices("fake0", count=1, mac="02:00:00:00:01:00", ip="10.0.0.10")
        assert drone.devices("fake0") == []
        with pytest.raises(staccato.DroneError, match="has no emulated hosts"):
            drone.neighbors("fake0", resolve=True)


@pytest.mark.skipif(not os.environ.get("CLI"), reason="set CLI to the staccato-cli binary")
@pytest.mark.parametrize("extra, error", [
    (["--vlan", "5000"], "--vlan: '5000' is not a VLAN id (allowed 1..4094)"),
    (["--vlan", "0x10"], "--vlan: '0x10' is not a VLAN id (allowed 1..4094)"),
    (["--step-ip", "4294967296"], "--step-ip: 4294967296 is too large for IPv4 (allowed 0..2^32-1)"),
])
def test_cli_refuses_bad_group_values_before_calling_the_drone(extra, error):
    # No drone listens there: the values are refused first, with exit code 2.
    out = subprocess.run([os.environ["CLI"], "--drone", "unix:/nonexistent/drone.sock", "devices", "p0", "add",
                          "--mac", "02:00:00:00:01:00", "--ip", "10.0.0.10/24"] + extra,
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 2, out.stderr
    assert error in out.stderr
