"""Connection floods and wrong-token floods against a token-protected drone listening on TCP in a
network namespace of its own (root), as issue 23 found them: about 1,100 silent connections
used to exhaust its descriptors at a soft limit of 1024, after which gRPC's listener never
accepted again and a sending stream stopped without saying why; 40 wrong-token callers locked
the right token out. Every client runs inside the namespace (ns_clients.py); each test prints
what it measured."""
import json
import math
import os
import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from netns_lab import STARVED_SECONDS, drone_lab, needs_root_and_drone

pytestmark = needs_root_and_drone
TOKEN = secrets.token_urlsafe(32)
PORT = 7878
TARGET = f"127.0.0.1:{PORT}"
CALLER_ADDRESSES = [f"10.99.0.{i}" for i in range(1, 5)]  # on the namespace's lo: calls to each come from it
CLIENTS = Path(__file__).with_name("ns_clients.py")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("connections")
    (tmp / "token").write_text(TOKEN + "\n")
    os.chmod(tmp / "token", 0o600)
    # As a systemd service starts it (soft 1024), with a hard limit it raises the soft one to.
    with drone_lab(tmp, f"0.0.0.0:{PORT}", ["--backend", "pcap", "--token-file", str(tmp / "token")], token=TOKEN,
                   fd_limit=(1024, 4096)) as lab:
        for address in CALLER_ADDRESSES:
            subprocess.run(["ip", "-n", lab.ns, "addr", "add", f"{address}/32", "dev", "lo"], check=True)
        yield lab


def client(lab, *args) -> subprocess.Popen:
    return subprocess.Popen(["ip", "netns", "exec", lab.ns, sys.executable, str(CLIENTS), *map(str, args)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def ready(proc: subprocess.Popen) -> None:
    line = proc.stdout.readline()
    assert "ready" in line, f"client did not start: {line} {proc.stderr.read() if proc.poll() is not None else ''}"


def result(proc: subprocess.Popen, timeout: float = 120) -> dict:
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def p99(values: list) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)] if ordered else 0.0


def summary(calls: list) -> str:
    ms = sorted(c[2] for c in calls)
    ok = sum(c[1] == "OK" for c in calls)
    failed = sorted({c[1] for c in calls} - {"OK"})
    return (f"{ok}/{len(calls)} OK{' (failed: ' + ', '.join(failed) + ')' if failed else ''}, p50 {ms[len(ms) // 2]:.1f} ms, "
            f"p99 {p99(ms):.1f} ms, max {ms[-1]:.1f} ms" if ms else "no calls")


def check_calls(name: str, calls: list) -> None:
    failed = [c for c in calls if c[1] != "OK"]
    assert not failed, f"{name}: {len(failed)} of {len(calls)} calls failed, e.g. {failed[:5]}"
    assert p99([c[2] for c in calls]) < STARVED_SECONDS * 1000, f"{name}: {summary(calls)}"


def check_served_throughout(name: str, calls: list, seconds: float) -> None:
    """The client (one call after another) called from the start to the end of `seconds`, never
    waiting as long as a starved one would. How many calls fit is the machine's speed, not this."""
    starts = [c[0] for c in calls]
    assert len(starts) > 20, f"{name}: {len(starts)} calls"
    gaps = [b - a for a, b in zip([0.0] + starts, starts + [seconds])]
    assert max(gaps) < STARVED_SECONDS, f"{name}: the client waited {max(gaps):.2f} s between calls"


def test_connection_floods_lock_out_no_client_and_stop_no_stream(lab):
    baseline = open_fds(lab.pid)
    peak, sampling = [baseline], True

    def sample():
        while sampling:
            peak.append(open_fds(lab.pid))
            time.sleep(0.1)

    sampler = threading.Thread(target=sample)
    sampler.start()
    probe = client(lab, "probe", TARGET, TOKEN, 120, "--tx", "va")
    try:
        ready(probe)
        started = time.monotonic()
        # Meanwhile connections that stall in the HTTP/2 preface: gRPC's handshake deadline (10 s).
        stalled = client(lab, "flood", "127.0.0.1", PORT, 20, 13, "127.0.0.13", "--stall")
        time.sleep(1)
        floods = [result(client(lab, "flood", "127.0.0.1", PORT, 5000, 10, "127.0.0.2"))]
        more = [client(lab, "flood", "127.0.0.1", PORT, 2000, 10, f"127.0.0.{i}") for i in range(3, 13)]
        floods += [result(f) for f in more]
        flood_over = time.monotonic() - started
        stalled = result(stalled)
        time.sleep(3)
        probe.stdin.write("stop\n")
        probe.stdin.flush()
        measured = result(probe)
    finally:
        sampling = False
        sampler.join()
        if probe.poll() is None:
            probe.kill()
    during = [c for c in measured["calls"] if c[0] < flood_over]
    after = [c for c in measured["calls"] if c[0] >= flood_over]
    for f in floods:
        print(f"flood from {f['source']}: {f['connected']} connected ({f['failed']} not), "
              f"{f['closed_by_drone']} reset or closed by the drone while held")
    print(f"connections stalled after one byte, held 13 s: {stalled['closed_by_drone']} of {stalled['connected']} "
          f"closed by the drone")
    print(f"drone descriptors: {baseline} before, peak {max(peak)} (soft limit 1024 at start)")
    print(f"new connection per call during the floods ({flood_over:.1f} s): {summary(during)}")
    print(f"after: {summary(after)}")
    tx = measured["tx"]
    rate = (tx[-1][1] - tx[0][1]) / (tx[-1][0] - tx[0][0]) if len(tx) > 1 else 0
    print(f"va transmit samples: {len(tx)}, {rate:.0f} pps over the run (asked 2000), "
          f"transmitting {sorted({s[2] for s in tx})}, errors {sorted({s[3] for s in tx})}")
    log = lab.log.read_text()
    print("drone log:\n  " + "\n  ".join(line for line in log.splitlines() if "descriptor" in line or "connections" in line))

    assert "descriptor limit: started with 1024, now 4096" in log
    check_served_throughout("during the floods", during, flood_over)
    check_calls("during the floods", during)
    check_calls("after the floods", after)
    assert len(tx) >= 10
    assert all(s[2] is True and s[3] == "" for s in tx), f"the stream stopped or failed: {tx}"
    assert all(b[1] > a[1] for a, b in zip(tx, tx[1:])), f"the stream's counters stopped rising: {tx}"
    assert sum(f["connected"] for f in floods) > 15000, "the floods did not connect"
    assert stalled["connected"] == 20 and stalled["closed_by_drone"] == 20, f"stalled handshakes kept: {stalled}"
    assert max(peak) < 1024, "connections took descriptors beyond the limit the drone started with"
    assert "connections in the last" in log, "the front door logged nothing about what it refused"
    deadline = time.monotonic() + 10
    while open_fds(lab.pid) > baseline + 4 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert open_fds(lab.pid) <= baseline + 4, f"descriptors not given back: {baseline} -> {open_fds(lab.pid)}"


ATTACKERS = [f"10.98.0.{i}" for i in range(10, 30)]  # 20 addresses in a namespace of their own
DRONE_SIDE = "10.98.0.1"


@pytest.fixture
def attacker(lab):
    """A namespace of its own joined to the drone's by a veth pair, with 20 addresses; a function
    that runs a client there."""
    ns = f"stc-atk-{os.getpid()}"
    try:
        subprocess.run(["ip", "netns", "add", ns], check=True)
        subprocess.run(["ip", "-n", lab.ns, "link", "add", "atk0", "type", "veth", "peer", "name", "atk1", "netns", ns],
                       check=True)
        subprocess.run(["ip", "-n", lab.ns, "addr", "add", f"{DRONE_SIDE}/24", "dev", "atk0"], check=True)
        subprocess.run(["ip", "-n", lab.ns, "link", "set", "atk0", "up"], check=True)
        for a in ATTACKERS:
            subprocess.run(["ip", "-n", ns, "addr", "add", f"{a}/24", "dev", "atk1"], check=True)
        subprocess.run(["ip", "-n", ns, "link", "set", "atk1", "up"], check=True)
        subprocess.run(["ip", "-n", ns, "link", "set", "lo", "up"], check=True)

        def run(*args) -> subprocess.Popen:
            return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, str(CLIENTS), *map(str, args)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        yield run
    finally:
        subprocess.run(["ip", "-n", lab.ns, "link", "del", "atk0"], capture_output=True)
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def test_tokenless_callers_from_twenty_addresses_hold_no_slot(lab, attacker):
    """Issue 32: one-byte connections used to hold every slot once handed to gRPC, and tokenless
    health Checks kept them alive. From 20 addresses in a namespace of their own, without the
    token: 5,000 silent connections, then 1,280 that send one byte and stall, then 1,280 that call
    the health service every second, then 64 wrong-token callers. A client on another address
    (a new connection per call, the token) is served throughout and a stream keeps sending."""
    sources = ",".join(ATTACKERS)
    probe = client(lab, "probe", TARGET, TOKEN, 180, "--tx", "va")
    attacks = []
    try:
        ready(probe)
        started = time.monotonic()
        attacks.append(attacker("flood", DRONE_SIDE, PORT, 5000, 30, sources))
        time.sleep(4)
        attacks.append(attacker("flood", DRONE_SIDE, PORT, 1280, 26, sources, "--stall"))
        time.sleep(4)
        attacks.append(attacker("health", DRONE_SIDE, PORT, 1280, 22, sources))
        time.sleep(4)
        wrong = attacker("wrong", f"{DRONE_SIDE}:{PORT}", TOKEN, 64, 16)
        ready(wrong)
        attacks.append(wrong)
        outcomes = [result(a, timeout=180) for a in attacks]
        over = time.monotonic() - started
        time.sleep(2)
        probe.stdin.write("stop\n")
        probe.stdin.flush()
        measured = result(probe)
    finally:
        for p in attacks + [probe]:
            if p.poll() is None:
                p.kill()
    silent, stalled, health, wrong_codes = outcomes
    during = [c for c in measured["calls"] if c[0] < over]
    print(f"silent: {silent['connected']} connected, {silent['closed_by_drone']} closed by the drone")
    print(f"one byte and stall: {stalled['connected']} connected, {stalled['closed_by_drone']} closed by the drone")
    print(f"health every second: {health}")
    print(f"wrong tokens: {wrong_codes['codes']}")
    print(f"client (token, new connection per call) during the attacks ({over:.0f} s): {summary(during)}")
    tx = measured["tx"]
    print(f"va transmit samples: {len(tx)}, transmitting {sorted({x[2] for x in tx})}, errors {sorted({x[3] for x in tx})}")
    log = lab.log.read_text()
    print("drone log:\n  " + "\n  ".join(line for line in log.splitlines() if "connections in the last" in line))
    check_served_throughout("during the attacks", during, over)
    check_calls("during the attacks", during)
    assert stalled["connected"] >= 1000 and stalled["closed_by_drone"] == stalled["connected"], \
        f"one-byte connections outlived the authentication deadline: {stalled}"
    assert health["checks"] > 1000 and health["closed_by_drone"] >= health["connected"] // 2, \
        f"health-only connections were not ended: {health}"
    assert wrong_codes["codes"].get("UNAUTHENTICATED", 0) > 64
    assert len(tx) >= 20 and all(x[2] is True and x[3] == "" for x in tx), f"the stream stopped or failed: {tx}"
    assert all(b[1] > a[1] for a, b in zip(tx, tx[1:])), f"the stream's counters stopped rising: {tx}"
    assert "unauthenticated ones ended to make room" in log or "without an authenticated call" in log, \
        "the front door said nothing of the connections it ended"


def test_wrong_token_callers_lock_out_no_right_token(lab):
    attackers = client(lab, "wrong", ",".join(f"{a}:{PORT}" for a in CALLER_ADDRESSES), TOKEN, 200, 12)
    try:
        ready(attackers)
        time.sleep(1)  # all 200 are calling
        measured = result(client(lab, "probe", TARGET, TOKEN, 8))
        codes = result(attackers)["codes"]
    finally:
        if attackers.poll() is None:
            attackers.kill()
    print(f"200 wrong-token callers (4 addresses): {codes}")
    print(f"right token, new connection per call meanwhile: {summary(measured['calls'])}")
    assert codes.get("UNAUTHENTICATED", 0) > 200, "the wrong-token callers hardly called"
    assert len(measured["calls"]) > 100
    check_calls("right token", measured["calls"])


def test_connection_flags_are_checked(lab, tmp_path):
    def drone(*args, limit=None):
        run = subprocess.run([os.environ["DRONE"], *args], capture_output=True, text=True, timeout=30,
                             preexec_fn=(lambda: __import__("resource").setrlimit(
                                 __import__("resource").RLIMIT_NOFILE, limit)) if limit else None)
        return run.returncode, run.stderr

    rc, err = drone("--max-connections", "0")
    assert rc == 2 and "--max-connections: '0' is not a count (allowed 1..1000000)" in err, err
    rc, err = drone("--max-connections", "10", "--max-connections-per-address", "11")
    assert rc == 2 and "is more than --max-connections 10" in err, err
    rc, err = drone("--fd-reserve", "-1")
    assert rc == 2 and "--fd-reserve" in err, err
    # Checked against the descriptors once the drone knows them: 1024 is also the hard limit here.
    rc, err = drone("--fake-lab", "--listen", f"unix:{tmp_path}/d.sock", "--max-connections", "5000", limit=(1024, 1024))
    assert rc == 1 and "--max-connections: 5000 does not fit: the fd limit is 1024" in err, err
