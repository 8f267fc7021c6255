#!/usr/bin/python3
"""Writes the binary seeds of corpus/pcap, corpus/capture (pcapng) and corpus/frame (checked in;
rerun to regenerate).
Needs scapy: run with /usr/bin/python3 on Debian."""
import os
import struct

from scapy.all import (ARP, ICMP, IP, TCP, UDP, Dot1AD, Dot1Q, Ether, ICMPv6EchoRequest,
                       ICMPv6ND_NS, ICMPv6NDOptSrcLLAddr, IPv6, Raw, wrpcap, wrpcapng)
from scapy.layers.sctp import SCTP, SCTPChunkData

HERE = os.path.dirname(os.path.abspath(__file__))
ETH = Ether(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")
SIGNATURE = struct.pack(">HHIQ", 0x5A7C, 7, 42, 123456789)

FRAMES = {
    "udp-ip-options": ETH / IP(src="10.0.0.1", dst="10.0.0.2", options=b"\x01\x01\x01\x00") / UDP(sport=1024, dport=53) / Raw(b"x" * 18),
    "tcp-options-vlan": ETH / Dot1Q(vlan=100) / IP() / TCP(flags="S", options=[("MSS", 1460), ("SAckOK", b""), ("Timestamp", (1, 0)), ("WScale", 7)]),
    "qinq-icmp": ETH / Dot1AD(vlan=10) / Dot1Q(vlan=20) / IP() / ICMP(type=8, id=1, seq=2) / Raw(b"ping"),
    "arp": ETH / ARP(op=1, psrc="192.0.2.1", pdst="192.0.2.2"),
    "ipv6-ns": ETH / IPv6(src="fe80::1", dst="ff02::1:ff00:2") / ICMPv6ND_NS(tgt="fe80::2") / ICMPv6NDOptSrcLLAddr(lladdr="02:00:00:00:00:01"),
    "ipv6-udp-signature": ETH / IPv6() / UDP(sport=9, dport=9) / Raw(b"\x00" * 8 + SIGNATURE),
    "ip-padded": ETH / IP(dst="192.0.2.9") / ICMP() / Raw(b"\x00" * 4),
    "unknown-ethertype": Ether(type=0x88CC) / Raw(b"\x02\x07\x04" + b"\xab" * 20),
    "sctp-data": ETH / IP() / SCTP(sport=5000, dport=6000, tag=1) / SCTPChunkData(tsn=1, data=b"abcdefg"),
    "rarp": Ether(type=0x8035) / ARP(op=3, hwdst="02:00:00:00:00:01", psrc="0.0.0.0", pdst="0.0.0.0"),
}


def write(path, data):
    with open(os.path.join(HERE, "corpus", path), "wb") as f:
        f.write(data)


def nanosecond_big_endian_pcap(frames):
    """wrpcap writes microsecond little-endian; the parser also reads this variant."""
    out = struct.pack(">IHHiIII", 0xA1B23C4D, 2, 4, 0, 0, 65535, 1)
    for i, f in enumerate(frames):
        b = bytes(f)
        out += struct.pack(">IIII", 1700000000, 999999999 - i, len(b), len(b) + 4) + b
    return out


def pcapng_block(block_type, body):
    """Big-endian block: type, total length, body padded to 4 bytes, total length."""
    body += b"\x00" * (-len(body) % 4)
    return struct.pack(">II", block_type, len(body) + 12) + body + struct.pack(">I", len(body) + 12)


def big_endian_pcapng(frames):
    """What scapy does not write: big-endian, microsecond if_tsresol, a Simple Packet Block, a
    Name Resolution Block to skip, and a second section."""
    shb = pcapng_block(0x0A0D0D0A, struct.pack(">IHHq", 0x1A2B3C4D, 1, 0, -1))
    idb = pcapng_block(1, struct.pack(">HHI", 1, 0, 0) + struct.pack(">HHB3x", 9, 1, 6) + struct.pack(">HH", 0, 0))
    out = shb + idb + pcapng_block(4, struct.pack(">HH", 0, 0))
    for i, f in enumerate(frames):
        b = bytes(f)
        out += pcapng_block(6, struct.pack(">IIIII", 0, 0, 1000 * i, len(b), len(b)) + b)
    out += pcapng_block(3, struct.pack(">I", len(bytes(frames[0]))) + bytes(frames[0]))
    return out + shb + idb + pcapng_block(6, struct.pack(">IIIII", 0, 1, 2, 14, 60) + bytes(frames[0])[:14])


def main():
    os.makedirs(os.path.join(HERE, "corpus", "frame"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "corpus", "pcap"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "corpus", "capture"), exist_ok=True)
    for name, frame in FRAMES.items():
        write(f"frame/{name}.bin", bytes(frame))
    frames = list(FRAMES.values())
    for i, f in enumerate(frames):
        f.time = 1700000000 + i / 1000  # fixed, so regenerating gives the same files
    wrpcap(os.path.join(HERE, "corpus", "pcap", "micro-le.pcap"), frames[:4])
    write("pcap/nano-be.pcap", nanosecond_big_endian_pcap(frames[4:]))
    write("pcap/empty.pcap", nanosecond_big_endian_pcap([]))
    wrpcapng(os.path.join(HERE, "corpus", "capture", "scapy-le.pcapng"), frames[:3])
    write("capture/big-endian.pcapng", big_endian_pcapng(frames[3:6]))


if __name__ == "__main__":
    main()
