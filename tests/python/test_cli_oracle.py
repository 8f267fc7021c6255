"""Files saved by Python are what staccato-cli reads: it builds them, and tshark decodes the
frames with the fields the Python code asked for."""
import os
import struct
import subprocess
from pathlib import Path

import pytest

import staccato

CLI = os.environ.get("CLI")
pytestmark = pytest.mark.skipif(not CLI, reason="set CLI to the staccato-cli binary")
EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.json"))


def build(stream_file, pcap, count=5):
    return subprocess.run([CLI, "build", str(stream_file), "--count", str(count), "--output", str(pcap)],
                          capture_output=True, text=True)


def tshark_fields(pcap, *fields):
    out = subprocess.run(["tshark", "-n", "-r", str(pcap), "-o", "udp.check_checksum:TRUE", "-T", "fields",
                          "-E", "separator=,", *[a for f in fields for a in ("-e", f)]],
                         capture_output=True, text=True, check=True).stdout
    return [line.split(",") for line in out.splitlines()]


def test_cli_builds_what_python_saved_and_tshark_agrees(tmp_path):
    stream = staccato.Stream("v6", [("eth", {"eth.dst": "02:00:00:00:00:02"}),
                                    ("ipv6", {"ipv6.src": "2001:db8::1", "ipv6.dst": "2001:db8::2", "ipv6.hlim": 32}),
                                    ("udp", {"udp.dstport": 5001}), "signature"],
                             count=10000, pps=5000, length=128, vary=[staccato.Vary("udp.srcport", start="1000", count=100)])
    staccato.save_streams(tmp_path / "v6.json", [stream])
    r = build(tmp_path / "v6.json", tmp_path / "v6.pcap")
    assert r.returncode == 0, r.stderr
    rows = tshark_fields(tmp_path / "v6.pcap", "frame.len", "eth.dst", "ipv6.src", "ipv6.dst", "ipv6.hlim",
                         "udp.srcport", "udp.dstport", "udp.checksum.status")
    assert rows == [["124", "02:00:00:00:00:02", "2001:db8::1", "2001:db8::2", "32", str(1000 + i), "5001", "1"]
                    for i in range(5)]  # 128 bytes with FCS; checksum status 1 = good


def test_cli_names_the_field_python_got_wrong(tmp_path):
    staccato.save_streams(tmp_path / "bad.json", [staccato.Stream("bad", ["eth", ("ip", {"ip.ttl": 999}), "udp"])])
    r = build(tmp_path / "bad.json", tmp_path / "bad.pcap")
    assert r.returncode != 0 and "streams[0].layers[1].ip.ttl: 999 exceeds 8 bits" in r.stderr


def frames(pcap):
    """(length, bytes) of every frame: the pcap without its timestamps."""
    data, out, at = Path(pcap).read_bytes(), [], 24
    while at < len(data):
        caplen = struct.unpack_from("<I", data, at + 8)[0]
        out.append(data[at + 16:at + 16 + caplen])
        at += 16 + caplen
    return out


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_python_round_trip_loses_nothing(tmp_path, example):
    staccato.save_streams(tmp_path / "copy.json", staccato.load_streams(example))
    assert build(example, tmp_path / "orig.pcap", 20).returncode == 0
    assert build(tmp_path / "copy.json", tmp_path / "copy.pcap", 20).returncode == 0
    original = frames(tmp_path / "orig.pcap")
    assert original and frames(tmp_path / "copy.pcap") == original
