"""Hostile and careless clients against a real drone (root; a namespace of its own), as the
hardening issue found them: memory before authentication, random bytes, log floods, rates that
overflowed and GOTO loops that restarted their pacing. Each prints what it measured."""
import os
import secrets
import struct
import subprocess
import threading
import time

import grpc
import pytest

import staccato
from netns_lab import drone_lab, needs_root_and_drone

pytestmark = needs_root_and_drone
TOKEN = secrets.token_urlsafe(32)
_BIG = [("grpc.max_send_message_length", 512 << 20), ("grpc.max_receive_message_length", 64 << 20)]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile")
    (tmp / "token").write_text(TOKEN + "\n")
    os.chmod(tmp / "token", 0o600)
    with drone_lab(tmp, f"unix:{tmp}/drone.sock", ["--backend", "pcap", "--token-file", str(tmp / "token")],
                   token=TOKEN) as lab:
        yield lab


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def raw_call(address: str, method: str, payload: bytes, token=None, streaming=False, timeout=60):
    """Sends `payload` as it is (no serializer) and returns the status code."""
    metadata = [("authorization", f"Bearer {token}")] if token else []
    with grpc.insecure_channel(address, options=_BIG) as channel:
        path = f"/staccato.v1.Drone/{method}"
        try:
            if streaming:
                channel.stream_unary(path)(iter([payload]), metadata=metadata, timeout=timeout)
            else:
                channel.unary_unary(path)(payload, metadata=metadata, timeout=timeout)
            return grpc.StatusCode.OK
        except grpc.RpcError as e:
            return e.code()


@pytest.mark.parametrize("token", [None, "w" + TOKEN[1:] if TOKEN[0] != "w" else "v" + TOKEN[1:]],
                         ids=["no token", "wrong token"])
def test_large_unauthenticated_requests_cost_no_memory(lab, token):
    raw_call(lab.address, "ListPorts", b"", token=TOKEN)  # warm up: threads and buffers exist
    before = rss_kib(lab.pid)
    payload = b"\x1a" + bytes(200 << 20)  # 200 MB, shaped like streams
    codes = []
    started = time.monotonic()
    threads = [threading.Thread(target=lambda: codes.append(raw_call(lab.address, "SetStreams", payload, token=token,
                                                                     streaming=True)))
               for _ in range(4)]
    for t in threads:
        t.start()
    peak = before
    while any(t.is_alive() for t in threads):
        peak = max(peak, rss_kib(lab.pid))
        time.sleep(0.02)
    after = rss_kib(lab.pid)
    print(f"4 x 200 MB, {'a wrong' if token else 'no'} token: RSS {before} -> peak {peak} -> {after} KiB, "
          f"{time.monotonic() - started:.2f} s, codes {sorted(c.name for c in codes)}")
    if token:  # one connection: after the first failure the others are refused unread (it cools down)
        assert grpc.StatusCode.UNAUTHENTICATED in codes
        assert set(codes) <= {grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.RESOURCE_EXHAUSTED} and len(codes) == 4
    else:
        assert codes == [grpc.StatusCode.UNAUTHENTICATED] * 4
    assert peak - before < 16 << 10, "the drone read unauthenticated requests into memory"


def test_random_bytes_without_a_token_are_unauthenticated(lab):
    for method in ("ListPorts", "StartTx", "ConfigurePort"):
        assert raw_call(lab.address, method, os.urandom(1024)) == grpc.StatusCode.UNAUTHENTICATED


def test_requests_over_4_mib_are_refused_even_with_the_token(lab):
    assert raw_call(lab.address, "ListPorts", bytes(5 << 20), token=TOKEN) == grpc.StatusCode.RESOURCE_EXHAUSTED


def test_invalid_utf8_does_not_flood_the_log(lab):
    lines_before = len(lab.log.read_text().splitlines())
    bad = b"\x0a\x02\xff\xfe"  # StartTxRequest.ports = [b"\xff\xfe"]: not UTF-8
    started = time.monotonic()
    codes = {raw_call(lab.address, "StartTx", bad, token=TOKEN) for _ in range(2000)}
    elapsed = time.monotonic() - started
    added = len(lab.log.read_text().splitlines()) - lines_before
    # The limiter lets 5 lines through per 10 s window and counts the rest in one line when the
    # next opens: a busy machine that takes longer sees more windows, never a line a request.
    windows = int(elapsed // 10) + 2
    print(f"2000 requests with invalid UTF-8 in {elapsed:.1f} s: {added} log lines, codes {sorted(c.name for c in codes)}")
    assert grpc.StatusCode.OK not in codes
    assert added <= 6 * windows


def test_rates_below_a_thousandth_pps_are_refused(lab):
    with staccato.Drone(lab.address, token=TOKEN, plaintext_token=True) as drone:
        for pps in (1e-11, 1e-300):
            with pytest.raises(staccato.DroneError, match=r"streams\[0\]\.rate") as e:
                drone.set_streams("va", [staccato.Stream("slow", ["eth", "ip", "udp"], count=200, pps=pps)])
            assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT


def pcap_times(path) -> list:
    """Timestamps (s) of a classic pcap file's records."""
    data = open(path, "rb").read()
    nano = data[:4] in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d")
    times, at = [], 24
    while at + 16 <= len(data):
        sec, frac, incl, _ = struct.unpack_from("<IIII", data, at)
        times.append(sec + frac / (1e9 if nano else 1e6))
        at += 16 + incl
    return times


def test_a_goto_loop_keeps_its_rate(lab, tmp_path):
    # 1 packet at 1000 pps looping on itself 1999 times: 2000 packets over 1.999 s (before: each
    # pass restarted pacing, and the whole loop went out in about a millisecond).
    loop = staccato.Stream("loop", [("eth", {"eth.dst": "02:00:00:00:00:99"}), "ip", "udp"], count=1, pps=1000)
    loop.control.after = loop.control.GOTO_FIRST
    loop.control.loop_count = 1999
    cap = subprocess.Popen(["ip", "netns", "exec", lab.ns, "tcpdump", "-i", "vb", "-w", str(tmp_path / "loop.pcap"),
                            "-U", "udp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        with staccato.Drone(lab.address, token=TOKEN, plaintext_token=True) as drone:
            drone.set_streams("va", [loop])
            with drone.transmitting("va"):
                drone.wait("va", timeout=30)
        time.sleep(0.5)
    finally:
        cap.terminate()
        cap.wait()
    times = pcap_times(tmp_path / "loop.pcap")
    assert len(times) == 2000
    rate = (len(times) - 1) / (times[-1] - times[0])
    print(f"GOTO loop: 2000 packets at {rate:.2f} pps (asked 1000)")
    assert abs(rate - 1000) / 1000 < 0.005
