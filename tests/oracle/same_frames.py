#!/usr/bin/python3
"""Exit 0 when two captures (pcap or pcapng) hold byte-identical frames, read by scapy.
--times: the times relative to each file's first packet must match too (to the microsecond,
or to the nanosecond when both files have them)."""
import sys

from scapy.utils import rdpcap

args = [a for a in sys.argv[1:] if not a.startswith("--")]
a, b = (rdpcap(p) for p in args)
problems = []
if len(a) != len(b):
    problems.append("%d frames vs %d" % (len(a), len(b)))
for i, (x, y) in enumerate(zip(a, b)):
    if bytes(x) != bytes(y):
        problems.append("frame %d differs:\n  %s\n  %s" % (i + 1, bytes(x).hex(), bytes(y).hex()))
    if "--times" in sys.argv:
        dx, dy = x.time - a[0].time, y.time - b[0].time
        if abs(dx - dy) > 5e-10:
            problems.append("frame %d at %s s vs %s s" % (i + 1, dx, dy))
for p in problems[:10]:
    print("%s vs %s: %s" % (args[0], args[1], p))
sys.exit(1 if problems else 0)
