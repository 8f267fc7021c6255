#!/usr/bin/python3
"""Second oracle: scapy re-derives every length and checksum of the frames in a pcap.

Usage: scapy_check.py FILE.pcap...   Exit 1 (listing the packets) when scapy disagrees.
Runs with Debian's /usr/bin/python3, which has python3-scapy.
"""
import sys

from scapy.all import ICMP, IP, TCP, UDP, Ether, IPv6, rdpcap
from scapy.layers.inet6 import _ICMPv6
from scapy.layers.sctp import SCTP, SCTPChunkData, SCTPChunkInit

FIELDS = {IP: ("chksum", "len", "ihl"), UDP: ("chksum", "len"), TCP: ("chksum", "dataofs"),
          ICMP: ("chksum",), IPv6: ("plen",), _ICMPv6: ("cksum",), SCTP: ("chksum",),
          SCTPChunkData: ("len",), SCTPChunkInit: ("len",)}


def recomputed(pkt):
    """The packet with every auto field deleted, rebuilt by scapy."""
    q = pkt.copy()
    for layer, fields in FIELDS.items():
        layer_obj = q
        while layer_obj:
            if isinstance(layer_obj, layer):
                for f in fields:
                    if getattr(layer_obj, f, None) is not None:
                        setattr(layer_obj, f, None)
            layer_obj = layer_obj.payload if layer_obj.payload else None
    return Ether(bytes(q))


def main(paths):
    bad, checked = [], 0
    for path in paths:
        for n, pkt in enumerate(rdpcap(path), 1):
            ours = bytes(pkt)
            theirs = bytes(recomputed(pkt))
            checked += 1
            if ours[: len(theirs)] != theirs[: len(ours)]:
                bad.append(f"{path} packet {n}: scapy rebuilds {theirs.hex()} from {ours.hex()}")
    for b in bad:
        print(b)
    print(f"scapy: {checked} packets checked, {len(bad)} disagree")
    return 1 if bad or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
