#!/usr/bin/python3
"""Replay stream test data, made and checked with scapy.

make OUT.json N SPEED: a replay stream of N distinct IPv4/UDP frames (to port 4242, five
  lengths, frame index in the payload); the first half recorded in 0.2 s, the second half in
  the following 0.8 s; played at SPEED, N packets.
check STREAM.json CAPTURE [--count C] [--multiset] [--exact-times | --timing TOL]: the
  capture's UDP frames to port 4242 are the stream's first C packets (frames[n % N]; default its
  control.count), byte for byte, in order (or as a multiset); --exact-times: each frame at its recorded time / speed (to the ns, pcap export);
  --timing TOL: the capture lasts the recorded span / speed, and its middle frame comes when
  the recording says, each within TOL seconds (a live run)."""
import base64
import collections
import json
import sys

from scapy.layers.inet import IP, UDP
from scapy.layers.l2 import Ether
from scapy.utils import rdpcap

LENGTHS = [60, 128, 590, 1000, 1514]
PORT = 4242


def make(out, n, speed):
    frames, times = [], []
    for i in range(n):
        head = Ether(dst="02:00:00:00:00:99", src="02:00:00:00:00:01") / IP(src="10.0.0.1", dst="10.0.0.2", id=i & 0xFFFF) / UDP(sport=1000 + i % 7, dport=PORT)
        pad = LENGTHS[i % len(LENGTHS)] - len(head)
        frame = bytes(head / (i.to_bytes(4, "big") + bytes((i + k) & 0xFF for k in range(pad - 4))))
        frames.append(base64.b64encode(frame).decode())
        half = n // 2
        times.append(str(i * 200_000_000 // half if i < half else 200_000_000 + (i - half) * 800_000_000 // (n - half)))
    stream = {"id": 1, "name": "replay", "replay": {"frames": frames, "times_ns": times, "speed": speed},
              "control": {"mode": "PACKETS", "count": str(n)}}
    json.dump({"format_version": 1, "streams": [stream]}, open(out, "w"))


def expected_packets(path, count=None):
    s = json.load(open(path))["streams"][0]
    r = s["replay"]
    frames = [base64.b64decode(f) for f in r["frames"]]
    times = [int(t) for t in r.get("times_ns", r.get("timesNs", []))]
    speed = float(r.get("speed", 0)) or 1.0
    count = count or int(s["control"]["count"])
    n = len(frames)
    pass_ns = times[-1] + times[-1] / (n - 1)
    return [(frames[k % n], ((k // n) * pass_ns + times[k % n]) / speed / 1e9) for k in range(count)]


def check(stream, capture, opts):
    want = expected_packets(stream, int(opts[opts.index("--count") + 1]) if "--count" in opts else None)
    got = [p for p in rdpcap(capture) if UDP in p and p[UDP].dport == PORT]
    problems = []
    if len(got) != len(want):
        problems.append("%d frames captured, expected %d" % (len(got), len(want)))
    gb = [bytes(p) for p in got]
    wb = [f for f, _ in want]
    if "--multiset" in opts:
        if collections.Counter(gb) != collections.Counter(wb):
            problems.append("the captured frames are not the replay's frames (as a multiset)")
    else:
        for i, (g, w) in enumerate(zip(gb, wb)):
            if g != w:
                problems.append("frame %d differs:\n  got  %s\n  want %s" % (i, g.hex(), w.hex()))
                break
    rel = [float(p.time - got[0].time) for p in got] if got else []
    if "--exact-times" in opts:
        for i, (r, (_, t)) in enumerate(zip(rel, want)):
            if abs(r - (t - want[0][1])) > 2e-9:
                problems.append("frame %d at %.9f s, recorded %.9f s" % (i, r, t - want[0][1]))
                break
    if "--timing" in opts and rel:
        tol = float(opts[opts.index("--timing") + 1])
        span = want[-1][1] - want[0][1]
        mid = len(want) // 2
        print("capture lasts %.3f s (recorded span / speed: %.3f s); frame %d at %.3f s (expected %.3f s)"
              % (rel[-1], span, mid, rel[min(mid, len(rel) - 1)], want[mid][1] - want[0][1]))
        if abs(rel[-1] - span) > tol:
            problems.append("capture lasts %.3f s, expected %.3f +- %.3f s" % (rel[-1], span, tol))
        if abs(rel[min(mid, len(rel) - 1)] - (want[mid][1] - want[0][1])) > tol:
            problems.append("frame %d off its recorded time by more than %.3f s" % (mid, tol))
    for p in problems:
        print("FAIL", p)
    if not problems:
        print("ok   %d frames identical to the replay%s" % (len(got), " (as a multiset)" if "--multiset" in opts else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
    else:
        sys.exit(check(sys.argv[2], sys.argv[3], sys.argv[4:]))
