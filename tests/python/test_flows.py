"""Stateful flows from Python (docs/python.md#flows): FlowResult from canned PortFlows (sums,
rates, latency merged from buckets, the CLI's verdict wording, passed), the profile's forms,
run_flows' arguments checked before any call and its stop order against a stand-in stub, and
(root) real runs on a router-lab drone: staccato-drone --router-lab on a socket of its own."""
import json
import os
import signal
import subprocess
import time
import uuid
from pathlib import Path

import pytest

import staccato
from staccato import latency
from staccato.drone import Drone
from staccato.flow_result import FlowProgress, FlowResult, FlowTotals, format_si, merged_latency
from staccato.v1 import drone_pb2

ROOT = Path(__file__).resolve().parents[2]
DRONE = os.environ.get("DRONE") or str(ROOT / "build/dev/drone/staccato-drone")

PROFILE = {
    "format_version": 1, "name": "small web",
    "templates": [{"name": "web", "port": 80, "http": {"response_body_bytes": 1000}}],
    "load": {"connections_per_second": 100, "steady_seconds": 1},
    "clients": {"first_address": "10.0.0.10", "count": 20, "gateway": "10.0.0.1"},
    "servers": {"first_address": "10.0.1.10", "count": 2, "gateway": "10.0.1.1"},
}


# ---- canned numbers -------------------------------------------------------------------------
def lat(samples=0, min_ns=0, avg_ns=0, max_ns=0, buckets=()):
    """A LatencyStats dict; `buckets` as (index, count) with 6 sub-bucket bits."""
    d = {"samples": samples, "min_ns": min_ns, "avg_ns": avg_ns, "max_ns": max_ns, "jitter_ns": 0.0,
         "sub_bucket_bits": 6 if buckets else 0, "bucket_index": [b for b, _ in buckets],
         "bucket_count": [c for _, c in buckets]}
    for q, at in (("p50_ns", 0.5), ("p90_ns", 0.9), ("p99_ns", 0.99), ("p999_ns", 0.999)):
        d[q] = latency.percentile(d, at) if buckets else 0
    return d


def phase(name, attempted=0, established=0, completed=0, refused=0, reset=0, timeout=0, invalid=0, tester=0,
          retrans=0, transactions=0, sent=0, received=0, connect=None):
    return {"phase": name, "attempted": attempted, "established": established, "completed": completed,
            "failed_refused": refused, "failed_reset": reset, "failed_timeout": timeout, "failed_invalid": invalid,
            "failed_tester": tester, "retransmissions": retrans, "transactions": transactions, "bytes_sent": sent,
            "bytes_received": received, "connect_time": connect or lat(), "first_byte_time": lat(),
            "last_byte_time": lat()}


def port_flows(templates, role="FLOW_CLIENT", running=False, error="", most_behind=0, elapsed_ns=4_000_000_000):
    return {"port": "demo0" if role == "FLOW_CLIENT" else "demo1", "role": role, "running": running, "error": error,
            "hosts": 20, "elapsed_ns": elapsed_ns, "duration_ns": 4_000_000_000, "starts_due": 0,
            "most_behind": most_behind, "templates": templates}


def canned_profile(steady_seconds=2.0):
    p = json.loads(json.dumps(PROFILE))
    p["templates"].append({"name": "upload", "port": 80, "http": {"method": "POST", "request_body_bytes": 100}})
    p["load"].update(steady_seconds=steady_seconds, ramp_up_seconds=1, ramp_down_seconds=1)
    return p


def canned_client(**kw):
    # Template "web": 10 ramp-up, 200 steady (3 refused, 1 timed out), 10 ramp-down; "upload":
    # 50 steady (2 reset, 1 invalid, 4 the tester's own), 5 cut at the end.
    web = {"name": "web", "open": 0, "cut_at_end": 0, "phases": [
        phase("ramp-up", 10, 10, 10, transactions=10, sent=530, received=11180),
        phase("steady", 200, 197, 196, refused=3, timeout=1, retrans=7, transactions=196, sent=10600, received=219000,
              connect=lat(196, 50_000, 60_000, 90_000, [(735, 100), (740, 96)])),
        phase("ramp-down", 10, 10, 10, transactions=10, sent=530, received=11180)]}
    upload = {"name": "upload", "open": 0, "cut_at_end": 5, "phases": [
        phase("ramp-up"),
        phase("steady", 50, 48, 42, reset=2, invalid=1, tester=4, transactions=42, sent=9000, received=3000,
              connect=lat(48, 40_000, 70_000, 120_000, [(720, 8), (760, 40)])),
        phase("ramp-down")]}
    return port_flows([web, upload], **kw)


def canned_server():
    return port_flows([{"name": "web", "open": 0, "cut_at_end": 0, "phases": [phase("steady", 215, 215, 215, transactions=215)]},
                       {"name": "upload", "open": 0, "cut_at_end": 0, "phases": [phase("steady", 46, 46, 42, transactions=42)]}],
                      role="FLOW_SERVER")


def test_totals_per_template_and_phase():
    r = FlowResult(canned_profile(), canned_client(), canned_server())
    assert r.total == FlowTotals(attempted=270, established=265, completed=258, refused=3, reset=2, timed_out=1, invalid=1,
                                 tester=4, retransmissions=7, transactions=258, bytes_sent=20660, bytes_received=244360)
    assert r.total.failures == 7 and r.total.failed_by_kind == {"refused": 3, "reset": 2, "timed_out": 1, "invalid": 1}
    assert (r.steady.attempted, r.steady.failures, r.steady.transactions) == (250, 7, 238)
    assert list(r.templates) == ["web", "upload"]
    web, upload = r.templates["web"], r.templates["upload"]
    assert (web.total.attempted, web.steady.attempted, web.total.failures) == (220, 200, 4)
    assert (upload.total.attempted, upload.steady.tester, upload.total.failures) == (50, 4, 3)
    assert (r.server_total.attempted, r.server_total.transactions) == (261, 257)
    assert r.cut_at_end == 5 and r.failure_ratio == pytest.approx(7 / 270)


def test_rates_over_the_steady_phase():
    r = FlowResult(canned_profile(steady_seconds=2.0), canned_client(), canned_server())
    assert r.connections_per_second == pytest.approx(125.0)  # 250 begun in the 2 s steady phase
    assert r.transactions_per_second == pytest.approx(119.0)
    assert r.templates["web"].connections_per_second == pytest.approx(100.0)
    assert r.templates["upload"].transactions_per_second == pytest.approx(21.0)
    assert r.bits_per_second_up == pytest.approx((10600 + 9000) * 8 / 2)
    assert r.bits_per_second_down == pytest.approx((219000 + 3000) * 8 / 2)
    no_steady = canned_profile()
    no_steady["load"]["steady_seconds"] = 0
    assert FlowResult(no_steady, canned_client(), canned_server()).connections_per_second == 0


def test_latency_merged_from_the_templates_buckets():
    r = FlowResult(canned_profile(), canned_client(), canned_server())
    connect = r.latency["connect"]
    assert connect["samples"] == 244 and connect["min_ns"] == 40_000 and connect["max_ns"] == 120_000
    assert connect["avg_ns"] == round((196 * 60_000 + 48 * 70_000) / 244)
    assert connect["bucket_index"] == [720, 735, 740, 760] and connect["bucket_count"] == [8, 100, 96, 40]
    for q, at in (("p50_ns", 0.5), ("p90_ns", 0.9), ("p99_ns", 0.99), ("p999_ns", 0.999)):
        assert connect[q] == latency.percentile(connect, at)
    assert connect["p50_ns"] <= connect["p99_ns"] <= connect["max_ns"]
    # One template alone: the drone's own percentiles back.
    assert r.templates["web"].latency["connect"]["p99_ns"] == canned_client()["templates"][0]["phases"][1]["connect_time"]["p99_ns"]
    assert r.latency["first_byte"]["samples"] == 0 and r.latency["first_byte"]["p50_ns"] == 0
    with pytest.raises(ValueError, match="latency kind"):
        merged_latency(canned_client(), "rtt")


def test_verdict_in_the_cli_wording():
    clean = port_flows([{"name": "web", "open": 0, "cut_at_end": 0, "phases": [phase("steady", 100, 100, 100, transactions=100)]}])
    assert FlowResult(PROFILE, clean, canned_server()).verdict == "0 of 100 connections failed"
    r = FlowResult(canned_profile(), canned_client(most_behind=12, error="the hosts' namespace is gone"), canned_server())
    assert r.verdict == (
        "7 of 270 connections failed (refused 3, reset 2, timed out 1, invalid 1); 5 open at the end were closed by the "
        "tester; 4 could not be opened for the tester's own limits (descriptors, source ports): not counted as the "
        "device's; the client fell up to 12 connections behind its schedule: the rate asked for is past this tester, "
        "not judged; the run ended early: the hosts' namespace is gone")


def test_passed_as_the_cli_exit_status():
    clean = port_flows([{"name": "web", "open": 0, "cut_at_end": 3, "phases": [phase("steady", 100, 99, 99, reset=1)]}])
    r = FlowResult(PROFILE, clean, canned_server())
    assert not r.passed() and r.passed(0.01) and r.passed(max_failure_ratio=1) and not r.passed(0.009)
    assert not FlowResult(PROFILE, canned_client(), canned_server()).passed(1)  # the tester's own limits: not judged
    behind = port_flows([{"name": "web", "phases": [phase("steady", 100, 100, 100)]}], most_behind=1)
    assert not FlowResult(PROFILE, behind, canned_server()).passed(1)
    ended = port_flows([{"name": "web", "phases": [phase("steady", 100, 100, 100)]}], error="stopped")
    assert not FlowResult(PROFILE, ended, canned_server()).passed(1)
    for bad in (-0.1, 1.5, float("nan"), "0.1", True):
        with pytest.raises(ValueError, match="max_failure_ratio"):
            r.passed(bad)


def test_json_is_the_clis_shape_and_reads_back(tmp_path):
    r = FlowResult(canned_profile(), canned_client(), canned_server())
    data = json.loads(r.to_json())
    assert list(data) == ["profile", "client", "server"]
    assert data["client"] == canned_client() and data["server"] == canned_server()
    r.save(tmp_path / "run.json")
    back = FlowResult.load(tmp_path / "run.json")
    assert back.verdict == r.verdict and back.total == r.total
    (tmp_path / "bad.json").write_text('{"client": {}}')
    with pytest.raises(ValueError, match="bad.json"):
        FlowResult.load(tmp_path / "bad.json")


def test_progress_line_as_the_cli_writes_it():
    before = canned_client(running=True, elapsed_ns=1_000_000_000)
    before["templates"][0]["phases"][1].update(attempted=100, transactions=90, bytes_sent=5000, bytes_received=100000)
    now = canned_client(running=True, elapsed_ns=2_000_000_000)
    now["templates"][0]["open"] = 4
    p = FlowProgress(now, before, 1.0)
    assert p.delta.attempted == 100 and p.open == 4 and p.running
    assert p.line == ("   2.0 s  conn/s    100.0  open       4  established       265  failed     11  trans/s    "
                      "106.0  up 44.8 kbit/s  down 952 kbit/s")
    assert FlowProgress(canned_client(), canned_client(), 1.0).line.startswith("   ended  conn/s      0.0")
    assert [format_si(1.5e9, "bit/s"), format_si(999, "pps"), format_si(42_000, "bit/s", 1), format_si(0, "bit/s")] == \
        ["1.5 Gbit/s", "999 pps", "42 kbit/s", "0 bit/s"]


# ---- profiles -------------------------------------------------------------------------------
def test_profile_forms(tmp_path):
    path = tmp_path / "web.json"
    path.write_text(json.dumps(PROFILE))
    from_dict = staccato.files.as_flow_profile(PROFILE)
    assert staccato.files.as_flow_profile(json.dumps(PROFILE)) == from_dict
    assert staccato.files.as_flow_profile(str(path)) == from_dict == staccato.load_flow_profile(path)
    assert staccato.files.as_flow_profile(path) == from_dict
    assert from_dict.load.connections_per_second == 100 and from_dict.templates[0].http.response_body_bytes == 1000
    with pytest.raises(staccato.FileFormatError, match="format_version: missing"):
        staccato.files.as_flow_profile({"templates": []})
    with pytest.raises(staccato.FileFormatError, match="newer Staccato"):
        staccato.files.as_flow_profile({**PROFILE, "format_version": 2})
    with pytest.raises(staccato.FileFormatError, match="colour"):
        staccato.files.as_flow_profile({**PROFILE, "colour": "red"})
    with pytest.raises(staccato.FileFormatError, match="profile: not a valid flow profile"):
        staccato.files.as_flow_profile('{"format_version": 1,')
    with pytest.raises(staccato.FileFormatError, match="nothing.json: cannot read"):
        staccato.files.as_flow_profile(str(tmp_path / "nothing.json"))
    with pytest.raises(TypeError, match="profile: expected"):
        staccato.files.as_flow_profile(42)


CERTIFICATE = b"-----BEGIN CERTIFICATE-----\nMIIBfake\n-----END CERTIFICATE-----\n"
KEY = b"-----BEGIN PRIVATE KEY-----\nMIGHfake\n-----END PRIVATE KEY-----\n"


def flow_captures(folder):
    """The captures (and the turns their sessions scripted) of tests/oracle/make_flow_captures.py:
    scapy, which only the system's Python has."""
    folder.mkdir()
    subprocess.run(["/usr/bin/python3", str(ROOT / "tests/oracle/make_flow_captures.py"), str(folder)], check=True,
                   capture_output=True)
    return folder


def scripted_turns(path):
    return [(side == "server", bytes.fromhex(data)) for side, data in
            (line.split() for line in path.read_text().splitlines())]


def test_profile_files_read_from_the_profiles_folder(tmp_path, monkeypatch):
    lab = tmp_path / "lab"
    lab.mkdir()
    captures = flow_captures(lab / "captures")
    (lab / "server.pem").write_bytes(CERTIFICATE)
    (lab / "server.key").write_bytes(KEY)
    profile = {**PROFILE, "templates": [
        {"name": "secure", "port": 443, "tls": {"certificate": "server.pem", "key": "server.key"}},
        {"name": "mail", "port": 25, "pcap": {"file": "captures/server_first.pcap"}},
        {"name": "second", "port": 8080, "pcap": {"file": "captures/two_sessions.pcapng", "session": 1}}]}
    path = lab / "profile.json"
    path.write_text(json.dumps(profile))
    loaded = staccato.load_flow_profile(path)
    assert loaded.templates[0].tls.certificate_pem == CERTIFICATE and loaded.templates[0].tls.key_pem == KEY
    for template, turns in ((loaded.templates[1], "server_first.pcap.turns"),
                            (loaded.templates[2], "two_sessions.pcapng.1.turns")):
        assert [(t.from_server, t.payload) for t in template.pcap.turns] == scripted_turns(captures / turns)
    assert staccato.files.as_flow_profile(str(path)) == loaded
    # A dict's relative names are the current folder's; contents given are kept, files not read.
    monkeypatch.chdir(lab)
    assert staccato.files.as_flow_profile(profile) == loaded
    assert staccato.files.as_flow_profile(loaded) == loaded
    with pytest.raises(staccato.FileFormatError,
                       match=r"profile: templates\[1\]\.pcap\.session: 7 is out of range: "
                             r"captures/two_sessions\.pcapng holds 2 TCP sessions \(allowed 0\.\.1\)"):
        staccato.files.as_flow_profile({**profile, "templates": [profile["templates"][0],
                                                                 {**profile["templates"][2], "pcap": {
                                                                     "file": "captures/two_sessions.pcapng",
                                                                     "session": 7}}]})


def test_profile_files_that_cannot_be_used(tmp_path, monkeypatch):
    (tmp_path / "server.pem").write_bytes(CERTIFICATE)
    (tmp_path / "server.key").write_bytes(KEY)
    (tmp_path / "big.pem").write_bytes(CERTIFICATE + b"A" * 70000)
    (tmp_path / "locked.key").write_bytes(b"-----BEGIN ENCRYPTED PRIVATE KEY-----\nxx\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STACCATO_CLI", "/nonexistent/staccato-cli")  # tls files are Python's to read

    def tls(certificate, key):
        return {**PROFILE, "templates": [{"name": "s", "port": 443, "tls": {"certificate": certificate, "key": key}}]}

    assert staccato.files.as_flow_profile(tls("server.pem", "server.key")).templates[0].tls.key_pem == KEY
    with pytest.raises(staccato.FileFormatError, match=r"profile: templates\[0\]\.tls\.certificate: cannot read "
                                                       r"gone\.pem: No such file or directory; name a PEM file"):
        staccato.files.as_flow_profile(tls("gone.pem", "server.key"))
    with pytest.raises(staccato.FileFormatError, match=r"tls\.certificate: cannot read big\.pem: larger than the 65536"):
        staccato.files.as_flow_profile(tls("big.pem", "server.key"))
    with pytest.raises(staccato.FileFormatError, match=r"tls\.certificate: server\.key holds no PEM certificate"):
        staccato.files.as_flow_profile(tls("server.key", "server.key"))
    with pytest.raises(staccato.FileFormatError, match=r"tls\.key: locked\.key holds an encrypted key"):
        staccato.files.as_flow_profile(tls("server.pem", "locked.key"))
    with pytest.raises(staccato.FileFormatError, match=r"tls\.key: server\.pem holds no PEM private key"):
        staccato.files.as_flow_profile(tls("server.pem", "server.pem"))
    pcap = {**PROFILE, "templates": [{"name": "r", "port": 80, "pcap": {"file": "x.pcap"}}]}
    with pytest.raises(staccato.FileFormatError, match="profile: its pcap templates' captures are read by staccato-cli: cannot run "
                                                       "/nonexistent/staccato-cli: No such file or directory"):
        staccato.files.as_flow_profile(pcap)


# ---- run_flows against a stand-in stub ------------------------------------------------------
class StubDrone(Drone):
    """A Drone whose calls go to a list (no connection): FlowStats says "running" `polls` times."""

    def __init__(self, polls=2, fail=None):
        self.address, self.client_id, self.timeout, self.calls = "stub", "tester", 10.0, []
        self._started, self._flows, self.polls, self.fail = set(), set(), polls, fail

    def _call(self, method, request, timeout=None):
        what = (method, getattr(request, "port", None) or list(getattr(request, "ports", [])))
        self.calls.append(what)
        if self.fail == what:
            raise staccato.DroneError(f"{method} refused", None)
        if method == "StartFlows":
            return drone_pb2.StartFlowsReply(hosts=1)
        if method == "FlowStats":
            self.polls -= 1
            return drone_pb2.FlowStatsReply(ports=[drone_pb2.PortFlows(port=request.ports[0], running=self.polls > 0)])
        return drone_pb2.StopFlowsReply()


def test_arguments_checked_before_any_call():
    drone = StubDrone()
    for kwargs, message in (({"client_port": ""}, "client_port: empty"), ({"server_port": "  "}, "server_port: empty"),
                            ({"duration": 0}, "duration"), ({"duration": float("inf")}, "duration"),
                            ({"duration": -1}, "duration"), ({"duration": 8 * 86400}, "duration"),
                            ({"poll": 0}, "poll"), ({"poll": float("nan")}, "poll"), ({"poll": 3600}, "poll"),
                            ({"client_port": "demo1"}, "both 'demo1'"),
                            ({"profile": {"templates": []}}, "format_version")):
        args = {"profile": PROFILE, "client_port": "demo0", "server_port": "demo1", **kwargs}
        with pytest.raises(ValueError, match=message):
            drone.run_flows(**args)
    for kwargs, message in (({"client_port": None}, "client_port"), ({"on_progress": 3}, "on_progress"),
                            ({"server_drone": "lab2"}, "server_drone"), ({"duration": "5"}, "duration")):
        args = {"profile": PROFILE, "client_port": "demo0", "server_port": "demo1", **kwargs}
        with pytest.raises((TypeError, ValueError), match=message):
            drone.run_flows(**args)
    with pytest.raises(ValueError, match="role"):
        drone.start_flows("demo0", "observer", PROFILE)
    assert drone.calls == []


def test_servers_first_then_clients_and_both_stopped():
    drone, seen = StubDrone(polls=3), []
    result = drone.run_flows(PROFILE, "demo0", "demo1", on_progress=seen.append, poll=0.05, duration=2)
    assert drone.calls == [("StartFlows", "demo1"), ("StartFlows", "demo0"), ("FlowStats", ["demo0"]),
                           ("FlowStats", ["demo0"]), ("FlowStats", ["demo0"]), ("StopFlows", "demo0"),
                           ("StopFlows", "demo1"), ("FlowStats", ["demo0"]), ("FlowStats", ["demo1"])]
    assert [p.running for p in seen] == [True, False]
    assert result.profile["load"]["steady_seconds"] == 2  # duration: the steady phase's
    assert result.verdict == "0 of 0 connections failed"


def test_the_server_side_stopped_on_exceptions():
    def boom(progress):
        raise RuntimeError("boom")

    def interrupted(progress):
        raise KeyboardInterrupt

    for on_progress, error in ((boom, RuntimeError), (interrupted, KeyboardInterrupt)):
        drone = StubDrone(polls=5)
        with pytest.raises(error):
            drone.run_flows(PROFILE, "demo0", "demo1", on_progress=on_progress, poll=0.05)
        assert drone.calls[-2:] == [("StopFlows", "demo0"), ("StopFlows", "demo1")]
    # The client side refused: the server side started, so it is stopped; the client side is not.
    drone = StubDrone(fail=("StartFlows", "demo0"))
    with pytest.raises(staccato.DroneError, match="StartFlows refused"):
        drone.run_flows(PROFILE, "demo0", "demo1")
    assert drone.calls == [("StartFlows", "demo1"), ("StartFlows", "demo0"), ("StopFlows", "demo1")]
    # A stop that fails after the block raised: the block's exception goes on, the server still stopped.
    drone = StubDrone(polls=5, fail=("StopFlows", "demo0"))
    with pytest.raises(RuntimeError, match="boom"):
        drone.run_flows(PROFILE, "demo0", "demo1", on_progress=boom, poll=0.05)
    assert drone.calls[-2:] == [("StopFlows", "demo0"), ("StopFlows", "demo1")]
    # Another drone's servers.
    client, server = StubDrone(polls=5), StubDrone()
    with pytest.raises(RuntimeError):
        client.run_flows(PROFILE, "demo0", "demo0", server_drone=server, on_progress=boom, poll=0.05)
    assert server.calls == [("StartFlows", "demo0"), ("StopFlows", "demo0")]
    assert client.calls[0] == ("StartFlows", "demo0") and client.calls[-1] == ("StopFlows", "demo0")


# ---- a real run on a router-lab drone (root) ------------------------------------------------
@pytest.fixture(scope="module")
def router_lab():
    if os.geteuid() != 0:
        print("SKIP: the router lab makes network namespaces, which needs root")
        pytest.skip("the router lab makes network namespaces, which needs root")
    assert os.access(DRONE, os.X_OK), f"no drone at {DRONE} (set DRONE)"
    sock = f"/tmp/staccato-flows-{uuid.uuid4().hex[:12]}.sock"
    log = open(f"{sock}.log", "w+")
    proc = subprocess.Popen([DRONE, "--router-lab", "--listen", f"unix:{sock}"], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while not os.path.exists(sock):
            log.seek(0)
            assert proc.poll() is None and time.monotonic() < deadline, f"the router-lab drone did not start: {log.read()}"
            time.sleep(0.05)
        yield f"unix:{sock}"
    finally:
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()
        for leftover in (sock, f"{sock}.log"):
            if os.path.exists(leftover):
                os.unlink(leftover)


def test_run_flows_on_the_router_lab(router_lab):
    lines = []
    with staccato.Drone(router_lab) as drone:
        result = drone.run_flows(PROFILE, client_port="demo0", server_port="demo1", on_progress=lambda p: lines.append(p.line))
        sides = {p["port"]: p for p in drone.flow_stats()}
    assert {port: p["running"] for port, p in sides.items()} == {"demo0": False, "demo1": False}, "a side still runs"
    t = result.total
    assert t.failures == 0 and t.tester == 0, result.verdict
    assert abs(t.attempted - 100) <= 2, t  # 100 connections/s for 1 s, no ramps
    assert t.transactions == t.completed == t.established == t.attempted, t
    assert t.bytes_received >= 1000 * t.completed
    assert result.passed() and result.verdict == f"0 of {t.attempted} connections failed"
    assert result.server_total.attempted == t.attempted and result.server_total.failures == 0
    assert result.connections_per_second == pytest.approx(t.attempted, abs=0.01)  # a 1 s steady phase
    connect = result.latency["connect"]
    assert connect["samples"] == t.established and 0 < connect["min_ns"] <= connect["p50_ns"] <= connect["max_ns"]
    drone_connect = result.client["templates"][0]["phases"]
    steady = next(p for p in drone_connect if p["phase"] == "steady")["connect_time"]
    assert connect["p99_ns"] == steady["p99_ns"]  # one template, one phase: the drone's own percentiles
    assert lines and lines[-1].lstrip().startswith("ended")
    data = json.loads(result.to_json())
    assert data["client"]["role"] == "FLOW_CLIENT" and data["server"]["role"] == "FLOW_SERVER"


def test_the_files_a_profile_names_run_on_the_router_lab(router_lab, tmp_path):
    """A certificate, its key and a captured session, read on this side from the profile's
    folder: the drone, which opens no file a profile names, runs them."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", str(tmp_path / "lab.key"), "-out", str(tmp_path / "lab.pem"), "-subj", "/CN=lab",
                    "-days", "1"], check=True, capture_output=True)
    (tmp_path / "smtp.pcap").write_bytes((ROOT / "docs/examples/flows/smtp-session.pcap").read_bytes())
    path = tmp_path / "profile.json"
    path.write_text(json.dumps({**PROFILE, "templates": [
        {"name": "mail", "port": 25, "pcap": {"file": "smtp.pcap"}},
        {"name": "secure", "port": 443, "tls": {"http": {"response_body_bytes": 1000}, "certificate": "lab.pem",
                                                "key": "lab.key"}}]}))
    with staccato.Drone(router_lab) as drone:
        result = drone.run_flows(path, client_port="demo0", server_port="demo1")
    assert result.total.failures == 0 and result.total.tester == 0, result.verdict
    mail, secure = result.templates["mail"].total, result.templates["secure"].total
    assert mail.completed > 0 and secure.completed > 0, result.verdict
    # The session's payload both ways, every connection: 27 bytes up, 69 down (docs/flows.md).
    assert (mail.bytes_sent, mail.bytes_received) == (27 * mail.completed, 69 * mail.completed)


def test_closing_the_drone_stops_the_flows_it_started(router_lab):
    with staccato.Drone(router_lab) as drone:
        drone.start_flows("demo1", "server", {**PROFILE, "load": {**PROFILE["load"], "steady_seconds": 60}})
        assert drone.flow_stats("demo1")[0]["running"]
    with staccato.Drone(router_lab) as other:  # the first one closed: its servers left the wire
        assert not other.flow_stats("demo1")[0]["running"]


def test_an_exception_from_on_progress_stops_both_sides(router_lab):
    def boom(progress):
        raise RuntimeError("stop here")

    with staccato.Drone(router_lab) as drone:
        started = time.monotonic()
        with pytest.raises(RuntimeError, match="stop here"):
            drone.run_flows(PROFILE, "demo0", "demo1", duration=30, on_progress=boom, poll=0.2)
        assert time.monotonic() - started < 10
        sides = {p["port"]: p for p in drone.flow_stats("demo0", "demo1")}
    assert {port: p["running"] for port, p in sides.items()} == {"demo0": False, "demo1": False}
    assert sides["demo0"]["elapsed_ns"] < 10e9 and sides["demo1"]["elapsed_ns"] < 10e9
