"""Clients run inside a test's network namespace (`ip netns exec NS python ns_clients.py ...`),
for tests of a drone listening on TCP there. Each prints one JSON line with what it measured.

  flood HOST PORT COUNT SECONDS SOURCES [--stall]
                                         COUNT plain TCP connections from the comma-separated
                                         SOURCES in turn that send nothing (--stall: one byte of
                                         the HTTP/2 preface), held SECONDS
  health HOST PORT COUNT SECONDS SOURCES COUNT HTTP/2 connections (SOURCES in turn), each calling
                                         the health service's Check without a token every second
                                         for SECONDS, connecting again when the drone ends one
  probe TARGET TOKEN SECONDS [--tx PORT] a new connection per ListPorts call, every 20 ms, for
                                         SECONDS or until a line comes on stdin; with --tx, PORT
                                         sends meanwhile and its counters are sampled every second
  wrong TARGETS TOKEN CALLERS SECONDS    CALLERS threads, each on a connection of its own to one of
                                         the comma-separated TARGETS in turn, calling with a wrong
                                         token until SECONDS are over
"""
import json
import resource
import select
import socket
import sys
import threading
import time

import grpc

import staccato

VERSION = ("x-staccato-version", "1.0")
LIST_PORTS = "/staccato.v1.Drone/ListPorts"


def own_connection(target: str) -> grpc.Channel:
    return grpc.insecure_channel(target, options=[("grpc.use_local_subchannel_pool", 1)])


def list_ports(channel: grpc.Channel, token: str, timeout: float = 5.0) -> str:
    """"OK" or the status code's name."""
    try:
        channel.unary_unary(LIST_PORTS)(b"", metadata=[VERSION, ("authorization", f"Bearer {token}")], timeout=timeout)
        return "OK"
    except grpc.RpcError as e:
        return e.code().name


def flood(host: str, port: int, count: int, seconds: float, sources: str, stall: bool = False) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = max(hard, count + 256)
    resource.setrlimit(resource.RLIMIT_NOFILE, (need, need))
    conns, failed = [], 0
    addresses = sources.split(",")
    for i in range(count):
        s = socket.socket()
        s.bind((addresses[i % len(addresses)], 0))
        s.settimeout(1)  # a full accept queue drops SYNs: do not wait for the retransmits
        try:
            s.connect((host, port))
            if stall:
                s.send(b"P")
            conns.append(s)
        except OSError:
            failed += 1
            s.close()
    time.sleep(seconds)
    closed = 0  # by the drone while held: reset (refused or evicted) or closed (silent too long)
    for s in conns:
        s.setblocking(False)
        try:
            while s.recv(4096):  # what the drone sent before it closed (its HTTP/2 SETTINGS, a GOAWAY)
                pass
            closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    return {"source": sources, "connected": len(conns), "failed": failed, "closed_by_drone": closed}


# A health Check by hand, as a probe sends it: HTTP/2 frames with HPACK literals (no Huffman, no
# table), so that each connection can come from an address of its own (gRPC's Python client
# cannot bind one).
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"


def _frame(kind: int, flags: int, stream: int, payload: bytes = b"") -> bytes:
    return len(payload).to_bytes(3, "big") + bytes([kind, flags]) + stream.to_bytes(4, "big") + payload


def _literal(name: bytes, value: bytes) -> bytes:
    return b"\x00" + bytes([len(name)]) + name + bytes([len(value)]) + value  # both < 127 bytes


def _check(stream: int) -> bytes:
    headers = b"".join(_literal(n, v) for n, v in [(b":method", b"POST"), (b":scheme", b"http"),
                                                  (b":path", b"/grpc.health.v1.Health/Check"),
                                                  (b":authority", b"drone"), (b"content-type", b"application/grpc"),
                                                  (b"te", b"trailers")])
    return _frame(1, 0x4, stream, headers) + _frame(0, 0x1, stream, b"\x00\x00\x00\x00\x00")


def health(host: str, port: int, count: int, seconds: float, sources: str) -> dict:
    import selectors
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = max(hard, count + 256)
    resource.setrlimit(resource.RLIMIT_NOFILE, (need, need))
    addresses = sources.split(",")
    sel = selectors.DefaultSelector()
    counts = {"connected": 0, "failed": 0, "checks": 0, "answered": 0, "closed_by_drone": 0}
    conns = {}  # socket -> [next stream id, next check time]

    def connect(i: int):
        s = socket.socket()
        s.bind((addresses[i % len(addresses)], 0))
        s.settimeout(1)
        try:
            s.connect((host, port))
            s.sendall(PREFACE + _frame(4, 0, 0))
        except OSError:
            counts["failed"] += 1
            s.close()
            return
        s.setblocking(False)
        counts["connected"] += 1
        conns[s] = [1, time.monotonic(), i]
        sel.register(s, selectors.EVENT_READ)

    for i in range(count):
        connect(i)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        now = time.monotonic()
        for s, state in list(conns.items()):
            if now >= state[1]:
                try:
                    s.send(_check(state[0]))
                    counts["checks"] += 1
                except OSError:
                    pass
                state[0] += 2
                state[1] = now + 1
        for key, _ in sel.select(timeout=0.05):
            s = key.fileobj
            try:
                data = s.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if data:
                if data[3:4] == b"\x04" and not data[4] & 1:  # the server's SETTINGS: acknowledged
                    try:
                        s.send(_frame(4, 0x1, 0))
                    except OSError:  # the drone closed it meanwhile: its next read says so
                        pass
                counts["answered"] += data.count(b"\x08\x01")  # HealthCheckResponse{SERVING}
                continue
            counts["closed_by_drone"] += 1
            sel.unregister(s)
            i = conns.pop(s)[2]
            s.close()
            connect(i)  # as a probe would: again
    for s in conns:
        s.close()
    return counts


def probe(target: str, token: str, seconds: float, tx_port: str = "") -> dict:
    keep = staccato.Drone(target, token=token)
    if tx_port:
        keep.set_streams(tx_port, [staccato.Stream("background", ["eth", "ip", "udp"], continuous=True, pps=2000)])
        keep.start(tx_port)
    print(json.dumps({"ready": True}), flush=True)
    calls, samples = [], []
    start = time.monotonic()
    next_sample = start
    listening = True  # to stdin, until it closes
    while time.monotonic() - start < seconds:
        if listening and select.select([sys.stdin], [], [], 0)[0]:
            if sys.stdin.readline():
                break
            listening = False
        t0 = time.monotonic()
        with own_connection(target) as channel:
            outcome = list_ports(channel, token)
        calls.append([round(t0 - start, 3), outcome, round((time.monotonic() - t0) * 1000, 2)])
        if tx_port and time.monotonic() >= next_sample:
            row = next(p for p in keep.stats(tx_port, buckets=False)["ports"] if p["port"] == tx_port)
            samples.append([round(time.monotonic() - start, 3), row["drone_tx_packets"], row["transmitting"], row["error"]])
            next_sample += 1.0
        time.sleep(0.02)
    keep.close()  # stops what it started
    return {"calls": calls, "tx": samples}


def wrong(targets: list, token: str, callers: int, seconds: float) -> dict:
    codes = {}
    lock = threading.Lock()
    wrong_token = ("a" if token[0] != "a" else "b") + token[1:]  # as long as the right one: compared in full
    end = time.monotonic() + seconds

    def caller(i: int):
        with own_connection(targets[i % len(targets)]) as channel:
            while time.monotonic() < end:
                code = list_ports(channel, wrong_token, timeout=10)
                with lock:
                    codes[code] = codes.get(code, 0) + 1
                if code == "UNAVAILABLE":
                    time.sleep(0.1)

    threads = [threading.Thread(target=caller, args=(i,)) for i in range(callers)]
    for t in threads:
        t.start()
    print(json.dumps({"ready": True}), flush=True)
    for t in threads:
        t.join()
    return {"codes": codes}


def main(argv: list) -> None:
    what, args = argv[0], argv[1:]
    if what == "flood":
        out = flood(args[0], int(args[1]), int(args[2]), float(args[3]), args[4], "--stall" in args[5:])
    elif what == "health":
        out = health(args[0], int(args[1]), int(args[2]), float(args[3]), args[4])
    elif what == "probe":
        out = probe(args[0], args[1], float(args[2]), args[4] if len(args) > 4 and args[3] == "--tx" else "")
    elif what == "wrong":
        out = wrong(args[0].split(","), args[1], int(args[2]), float(args[3]))
    else:
        raise SystemExit(f"unknown client {what}")
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
