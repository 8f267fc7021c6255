"""staccato-cli watch --record on a fake-lab drone (no root) while a stream sends: one line per
interval, intervals numbered without a gap, each snapshot a second after the last (a missing
interval would leave two seconds), the counters only growing; the CSV form has a port row and a
stream row per interval. RECORD_SECONDS (default 20) sets the run's length: the 10-minute run
of docs/observability.md is RECORD_SECONDS=600."""
import csv
import json
import os
import subprocess
import time

import pytest

DRONE = os.environ.get("DRONE")
CLI = os.environ.get("CLI")
SECONDS = float(os.environ.get("RECORD_SECONDS", "20"))

pytestmark = pytest.mark.skipif(not DRONE or not CLI, reason="set DRONE and CLI")

STREAM = {"id": 3, "layers": [{"protocol": "eth"}, {"protocol": "ip"}, {"protocol": "udp"}, {"protocol": "payload"},
                              {"protocol": "signature"}],
          "frame_length": {"fixed": 128}, "rate": {"unit": "PPS", "value": 1000}, "control": {"mode": "CONTINUOUS"}}


@pytest.fixture
def sending_lab(tmp_path):
    address = f"unix:{tmp_path}/d.sock"
    drone = subprocess.Popen([DRONE, "--fake-lab", "--listen", address], stderr=subprocess.DEVNULL)
    cli = lambda *a: subprocess.run([CLI, "--drone", address, *a], capture_output=True, text=True, timeout=SECONDS + 60)
    try:
        for _ in range(100):
            if cli("ports").returncode == 0:
                break
            time.sleep(0.1)
        (tmp_path / "s.json").write_text(json.dumps({"format_version": 1, "streams": [STREAM]}))
        assert cli("load", str(tmp_path / "s.json"), "--port", "fake0").returncode == 0
        assert cli("start", "fake0").returncode == 0
        yield cli
        cli("stop", "fake0")
    finally:
        drone.terminate()
        drone.wait(10)


def test_every_interval_is_recorded_once(sending_lab, tmp_path):
    path = tmp_path / "run.jsonl"
    r = sending_lab("watch", "--interval", "1", "--duration", str(SECONDS), "--record", str(path), "--quiet")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    header, snaps = lines[0], lines[1:]
    assert header["format_version"] == 1 and header["interval_ms"] == 1000
    assert f"recorded {len(snaps)} intervals to {path}" in r.stderr
    assert len(snaps) >= SECONDS - 1, f"{len(snaps)} intervals in {SECONDS} s"
    assert [int(s.get("interval", 0)) for s in snaps] == list(range(len(snaps)))
    times = [int(s["snapshot"]["timestamp_ns"]) for s in snaps]
    gaps = [(b - a) / 1e9 for a, b in zip(times, times[1:])]
    assert all(0 < g < 1.9 for g in gaps), f"a snapshot missing: gaps of {max(gaps):.2f} s"
    sent = [int(next(p for p in s["snapshot"]["ports"] if p["port"] == "fake0").get("drone_tx_packets", 0)) for s in snaps]
    assert sent == sorted(sent) and sent[-1] > sent[0], sent
    print(f"\n{len(snaps)} intervals in {SECONDS:.0f} s, gaps {min(gaps):.3f}..{max(gaps):.3f} s")


def test_the_csv_form_has_a_row_per_port_and_stream(sending_lab, tmp_path):
    path = tmp_path / "run.csv"
    r = sending_lab("watch", "--interval", "0.5", "--duration", "3", "--record", str(path), "--quiet")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(path.open()))
    intervals = sorted({int(row["interval"]) for row in rows})
    assert intervals == list(range(len(intervals))) and len(intervals) >= 4
    for i in intervals:
        kinds = sorted((row["row"], row["port"]) for row in rows if int(row["interval"]) == i)
        assert kinds == [("port", "fake0"), ("port", "fake1"), ("stream", "fake0")], kinds


def test_a_recording_is_refused_where_it_cannot_be_written(tmp_path):
    r = subprocess.run([CLI, "--drone", f"unix:{tmp_path}/none.sock", "watch", "--record", "/nonexistent/dir/run.jsonl"],
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "/nonexistent/dir/run.jsonl: cannot write the recording here" in r.stderr, r.stderr
