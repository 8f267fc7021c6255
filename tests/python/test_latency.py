"""Latency histograms: staccato.latency's bucket arithmetic and percentiles (the drone's), stats()
rows with buckets, and malformed buckets from a drone, which neither Python nor the CLI trusts.
With DRONE set, a fake-lab drone (fake ports that really send and measure latency) checks
the whole path: buckets hold every packet received, percentiles from them are the drone's, and
the CLI's --latency-csv and --latency-hgrm files agree."""
import csv
import json
import os
import re
import subprocess
import time

import pytest

import staccato
from drone_stand_in import serving
from staccato import latency
from staccato.v1 import drone_pb2, drone_pb2_grpc

CLI = os.environ.get("CLI")


def stats_of(values):
    """LatencyStats fields (a dict) of {value_ns: count}, bucketed the drone's way."""
    counts = {}
    for v, c in values.items():
        b = next(i for i in range(latency.bucket_count(6)) if latency.bucket_high(i, 6) >= v)
        counts[b] = counts.get(b, 0) + c
    n = sum(values.values())
    return {"samples": n, "min_ns": min(values), "max_ns": max(values),
            "avg_ns": sum(v * c for v, c in values.items()) // n, "sub_bucket_bits": 6,
            "bucket_index": sorted(counts), "bucket_count": [counts[b] for b in sorted(counts)]}


def test_bucket_bounds_are_the_drones():
    assert latency.bucket_count(6) == 3776
    assert (latency.bucket_low(63, 6), latency.bucket_high(63, 6)) == (63, 63)
    assert (latency.bucket_low(128, 6), latency.bucket_high(128, 6)) == (128, 129)
    assert latency.bucket_high(3775, 6) == 2**64 - 1
    for b in range(3775):  # no gaps, at most 1/64 wide
        assert latency.bucket_high(b, 6) + 1 == latency.bucket_low(b + 1, 6)
        assert latency.bucket_high(b, 6) - latency.bucket_low(b, 6) <= latency.bucket_low(b, 6) / 64


def test_percentiles_follow_the_drones_rule():
    # As tests/rpc/latency_buckets_test.cpp: buckets [1000, 1007], [4992, 5055], [99328, 100351].
    l = stats_of({1000: 90, 5000: 9, 100000: 1})
    assert latency.buckets(l) == [(1000, 1007, 90), (4992, 5055, 9), (99328, 100351, 1)]
    assert [latency.percentile(l, q) for q in (0.5, 0.9, 0.99, 0.999, 1.0)] == [1003, 1003, 5023, 5023, 99839]
    assert latency.percentile(dict(l, min_ns=1005), 0.0) == 1005
    assert latency.percentile({}, 0.5) == 0
    with pytest.raises(ValueError, match="not within 0..1"):
        latency.percentile(l, 99)


MALFORMED = [
    ({"bucket_index": [1, 2], "bucket_count": [1]}, "2 bucket indices but 1 counts"),
    ({"bucket_index": [3776], "bucket_count": [1]}, r"bucket_index\[0\]: 3776 is out of range"),
    ({"bucket_index": [2**32 - 1], "bucket_count": [1]}, "out of range"),
    ({"bucket_index": [5, 5], "bucket_count": [1, 1]}, "not above the index before it"),
    ({"sub_bucket_bits": 0}, "not a bucket layout"),
    ({"sub_bucket_bits": 63}, "not a bucket layout"),
]


@pytest.mark.parametrize("change,error", MALFORMED)
def test_malformed_buckets_are_refused(change, error):
    l = dict(stats_of({1000: 3}), **change)
    with pytest.raises(ValueError, match=error):
        latency.buckets(l)
    latency.add_buckets(l)
    assert l["buckets"] == [] and re.search(error, l["buckets_error"])


class StatsDrone(drone_pb2_grpc.DroneServicer):
    """Sends one snapshot shape: a good histogram on stream 1, a malformed one on stream 2."""

    def __init__(self):
        self.requests = []

    def GetVersion(self, request, context):
        return drone_pb2.GetVersionReply(version="9.9.9", major=staccato.CLIENT_MAJOR, minor=0)

    def WatchStats(self, request, context):
        self.requests.append(request)
        good = dict(stats_of({1000: 90, 5000: 9, 100000: 1}), p50_ns=1003, p90_ns=1003, p99_ns=5023, p999_ns=5023)
        bad = dict(good, bucket_index=[7, 2**32 - 1, 9])
        snap = drone_pb2.StatsSnapshot(timestamp_ns=1, ports=[drone_pb2.PortStats(port="p0"), drone_pb2.PortStats(port="p1")])
        for sid, fields in ((1, good), (2, bad)):
            row = snap.streams.add(stream_id=sid, tx_port="p0", rx_port="p1", tx_packets=100, rx_packets=100)
            row.latency.CopyFrom(drone_pb2.LatencyStats(**fields))
        while context.is_active():
            snap.timestamp_ns += 1
            yield snap
            time.sleep(0.05)


@pytest.fixture
def stats_drone(tmp_path):
    with serving(StatsDrone(), tmp_path / "stats.sock") as servicer:
        yield servicer


def test_stats_rows_carry_buckets_and_flag_malformed_ones(stats_drone):
    with staccato.Drone(stats_drone.address) as drone:
        snap = drone.stats()
        plain = drone.stats(buckets=False)
    assert [r.latency_buckets for r in stats_drone.requests] == [True, False]
    good, bad = snap["streams"]
    assert good["latency"]["buckets"] == [(1000, 1007, 90), (4992, 5055, 9), (99328, 100351, 1)]
    assert latency.percentile(good["latency"], 0.99) == good["latency"]["p99_ns"]
    assert bad["latency"]["buckets"] == [] and "out of range" in bad["latency"]["buckets_error"]
    assert "buckets" not in plain["streams"][0]["latency"]


@pytest.mark.skipif(not CLI, reason="set CLI to the staccato-cli binary")
def test_cli_skips_malformed_buckets_and_says_so(stats_drone, tmp_path):
    out = subprocess.run([CLI, "--drone", stats_drone.address, "stats", "--json", "--latency-csv", str(tmp_path / "l.csv"),
                          "--latency-hgrm", str(tmp_path / "l.hgrm")], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert "stream 2 p0 -> p1: latency histogram left out (latency.bucket_index[1]: 4294967295 is out of range" in out.stderr
    assert stats_drone.requests[-1].latency_buckets
    rows = list(csv.DictReader(open(tmp_path / "l.csv")))
    assert [(r["stream_id"], r["bucket_low_ns"], r["bucket_high_ns"], r["count"], r["cumulative_fraction"]) for r in rows] == [
        ("1", "1000", "1007", "90", "0.900000000"), ("1", "4992", "5055", "9", "0.990000000"),
        ("1", "99328", "100351", "1", "1.000000000")]
    hgrm = (tmp_path / "l.hgrm").read_text()
    assert hgrm.startswith("#[Latency of stream 1 p0 -> p1]\n       Value     Percentile TotalCount 1/(1-Percentile)\n")
    assert "     100.000 1.000000000000        100\n" in hgrm  # the last row: the maximum, every sample
    printed = json.loads(out.stdout)["streams"][0]["latency"]
    assert printed["bucket_count"] == [90, 9, 1] and printed["samples"] == 100  # 64-bit counts as JSON numbers


def test_fake_lab_buckets_hold_every_packet_and_give_the_drones_percentiles(fake_lab, tmp_path):
    streams = [staccato.Stream(f"s{i}", ["eth", "ip", "udp", "payload", "signature"], id=i, count=3000, pps=20000)
               for i in (1, 2)]
    with staccato.Drone(fake_lab) as drone:
        drone.set_streams("fake0", streams)
        drone.clear_stats("fake0", "fake1")
        with drone.transmitting("fake0"):
            drone.wait("fake0", timeout=60)
        rows = [r for r in drone.stats()["streams"] if r["rx_port"] == "fake1"]
    assert len(rows) == 2
    for row in rows:
        l = row["latency"]
        assert row["rx_packets"] == 3000 and l["samples"] == 3000
        assert sum(c for _, _, c in l["buckets"]) == 3000
        assert l["buckets"][0][0] <= l["min_ns"] and l["buckets"][-1][1] >= l["max_ns"]
        for q, field in ((0.5, "p50_ns"), (0.9, "p90_ns"), (0.99, "p99_ns"), (0.999, "p999_ns")):
            assert latency.percentile(l, q) == l[field], field
    if not CLI:
        return
    out = subprocess.run([CLI, "--drone", fake_lab, "stats", "fake1", "--latency-csv", str(tmp_path / "l.csv"),
                          "--latency-hgrm", str(tmp_path / "l.hgrm")], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    by_stream = {}
    for r in csv.DictReader(open(tmp_path / "l.csv")):
        assert int(r["bucket_low_ns"]) <= int(r["bucket_high_ns"])
        by_stream.setdefault(int(r["stream_id"]), []).append(r)
    for row in rows:
        mine = by_stream[row["stream_id"]]
        assert [(int(r["bucket_low_ns"]), int(r["bucket_high_ns"]), int(r["count"])) for r in mine] == row["latency"]["buckets"]
        assert mine[-1]["cumulative_fraction"] == "1.000000000"
    hgrm = (tmp_path / "l.hgrm").read_text().splitlines()
    assert hgrm[0] == "#[Latency of 2 streams together]"
    assert "Total count    =         6000]" in hgrm[-2]


@pytest.mark.skipif(not CLI, reason="set CLI to the staccato-cli binary")
def test_cli_hgrm_without_a_histogram_is_a_warning_not_a_failure(fake_lab, tmp_path):
    with staccato.Drone(fake_lab) as drone:
        drone.clear_stats("fake0", "fake1")
    out = subprocess.run([CLI, "--drone", fake_lab, "stats", "fake1", "--latency-hgrm", str(tmp_path / "l.hgrm")],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert "l.hgrm not written: no received stream with a latency histogram" in out.stderr
    assert not (tmp_path / "l.hgrm").exists()
