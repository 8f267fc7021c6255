#!/usr/bin/python3
"""Third-party captures for the import/export tests: a mix of frames written by scapy
(classic pcap in microseconds and nanoseconds, pcapng) and by Wireshark's tools (text2pcap,
editcap, mergecap). Usage: make_captures.py OUTDIR; prints the file names it wrote."""
import os
import subprocess
import sys

from scapy.all import (ARP, ESP, ICMP, IP, TCP, UDP, Dot1Q, Ether, ICMPv6EchoRequest,
                       ICMPv6MLDMultAddrRec, ICMPv6MLReport2, IPv6, IPv6ExtHdrDestOpt, IPv6ExtHdrHopByHop, Padding,
                       PPPoE, Raw, RouterAlert, wrpcap, wrpcapng)
from scapy.contrib.geneve import GENEVE
from scapy.contrib.gtp import GTP_U_Header
from scapy.contrib.lldp import (LLDPDUChassisID, LLDPDUEndOfLLDPDU, LLDPDUPortID,
                                LLDPDUTimeToLive)
from scapy.layers.sctp import SCTP, SCTPChunkData, SCTPChunkInit

out = sys.argv[1]
A, B = "02:00:00:00:00:01", "02:00:00:00:00:02"
frames = [
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2", ttl=17) / UDP(sport=1234, dport=5678) / Raw(b"hello"),
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2", flags="DF") /
    TCP(sport=40000, dport=80, flags="S", seq=123456789,
        options=[("MSS", 1460), ("SAckOK", b""), ("Timestamp", (1, 0)), ("NOP", None), ("WScale", 7)]),
    Ether(src=A, dst=B) / IPv6(src="2001:db8::1", dst="2001:db8::2", hlim=9) / UDP(sport=53, dport=5353) / Raw(b"abc"),
    Ether(src=A, dst=B) / Dot1Q(vlan=42, prio=5) / IP(src="192.168.1.1", dst="192.168.1.2") / UDP() / Raw(b"vlan!"),
    Ether(src=A, dst="ff:ff:ff:ff:ff:ff") / ARP(op=1, hwsrc=A, psrc="10.0.0.1", pdst="10.0.0.2"),  # 42 bytes
    Ether(src=A, dst=B) / ARP(op=2, hwsrc=A, psrc="10.0.0.2", hwdst=B, pdst="10.0.0.1") / Padding(b"\0" * 18),
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2") / ICMP(type=8, id=7, seq=3) / Raw(b"ping" * 5),
    Ether(src=A, dst=B) / IPv6(src="fe80::1", dst="fe80::2") / ICMPv6EchoRequest(id=9, seq=1, data=b"xyz"),
    Ether(src=A, dst=B, type=0x88B6) / Raw(bytes(range(33))),  # local experimental (not our default 0x88b5)
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=7, dport=9) / Raw(b"x") / Padding(b"\xaa" * 9),
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2", tos=0x2e) / UDP(sport=1, dport=2) / Raw(bytes(range(17))),
    Ether(src=A, dst=B) / IP(src="10.0.0.3", dst="10.0.0.4", chksum=0x1234) / UDP(sport=5, dport=6, chksum=0) / Raw(b"odd"),
    Ether(src=A, dst=B) / IPv6(src="2001:db8::1", dst="2001:db8::2") / TCP(sport=443, dport=50000, flags="PA", seq=7, ack=9) / Raw(b"data" * 100 + b"!"),
    # The protocols added for issue 17, as scapy builds them.
    Ether(src=A, dst=B) / IPv6(src="2001:db8::1", dst="2001:db8::2") / IPv6ExtHdrHopByHop(options=[RouterAlert()]) /
    IPv6ExtHdrDestOpt() / UDP(sport=1000, dport=2000) / Raw(b"ext"),
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2") / ESP(spi=0x1234, seq=5, data=b"opaque" * 4),
    Ether(src=A, dst=B) / PPPoE(sessionid=0x77) / Raw(b"\x00\x21") / IP(src="10.0.0.1", dst="10.0.0.2") /
    UDP(sport=3, dport=4) / Raw(b"pppoe"),
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=2152, dport=2152) / GTP_U_Header(teid=99) /
    IP(src="10.9.0.1", dst="10.9.0.2") / UDP(sport=5, dport=6) / Raw(b"gtp"),
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=6081, dport=6081) / GENEVE(vni=7, proto=0x6558) /
    Ether(src=A, dst=B) / IP(src="10.9.0.1", dst="10.9.0.2") / UDP(sport=7, dport=8) / Raw(b"geneve"),
    Ether(src=A, dst="33:33:00:00:00:16") / IPv6(src="fe80::1", dst="ff02::16", hlim=1) /
    IPv6ExtHdrHopByHop(options=[RouterAlert()]) /
    ICMPv6MLReport2(records=[ICMPv6MLDMultAddrRec(rtype=4, dst="ff3e::8000:1", sources=["2001:db8::aa"])]),
    # RARP, and SCTP (a DATA chunk scapy pads to 4 bytes, an INIT over IPv6).
    Ether(src=A, dst="ff:ff:ff:ff:ff:ff", type=0x8035) / ARP(op=3, hwsrc=A, hwdst=A, psrc="0.0.0.0", pdst="0.0.0.0"),
    Ether(src=A, dst=B) / IP(src="10.0.0.1", dst="10.0.0.2") / SCTP(sport=5000, dport=6000, tag=0xcafe0001) /
    SCTPChunkData(tsn=7, stream_id=1, stream_seq=2, proto_id=46, beginning=1, ending=1, data=b"hello"),
    Ether(src=A, dst=B) / IPv6(src="2001:db8::1", dst="2001:db8::2") / SCTP(sport=40000, dport=3868, tag=0) /
    SCTPChunkInit(init_tag=0x1234, a_rwnd=65536, n_out_streams=10, n_in_streams=10, init_tsn=99),
    # A short LLDPDU: scapy pads it with zeros to Ethernet's 60 bytes.
    Ether(src=A, dst="01:80:c2:00:00:0e") / LLDPDUChassisID(subtype=4, id=A) / LLDPDUPortID(subtype=3, id=A) /
    LLDPDUTimeToLive(ttl=120) / LLDPDUEndOfLLDPDU(),
]
for i, f in enumerate(frames):
    f.time = 1700000000 + i * 0.001 + (i % 3) * 0.000017

def path(name):
    print(name)
    return os.path.join(out, name)

wrpcap(path("scapy_us.pcap"), frames)
wrpcap(path("scapy_ns.pcap"), frames, nano=True)
wrpcapng(path("scapy.pcapng"), frames)
with open(os.path.join(out, "frames.txt"), "w") as hexdump:  # text2pcap's od-style input
    for f in frames:
        data = bytes(f)
        for off in range(0, len(data), 16):
            hexdump.write("%06x %s\n" % (off, " ".join("%02x" % b for b in data[off:off + 16])))
run = lambda *args: subprocess.run(args, check=True, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
run("text2pcap", "-F", "pcapng", os.path.join(out, "frames.txt"), path("text2pcap.pcapng"))
run("text2pcap", "-F", "pcap", os.path.join(out, "frames.txt"), path("text2pcap.pcap"))
run("editcap", "-F", "pcapng", os.path.join(out, "scapy_ns.pcap"), path("editcap.pcapng"))
run("editcap", "-F", "pcap", os.path.join(out, "scapy.pcapng"), path("editcap.pcap"))
run("editcap", "-F", "nsecpcap", os.path.join(out, "scapy.pcapng"), path("editcap_ns.pcap"))
run("mergecap", "-F", "pcapng", "-w", path("mergecap.pcapng"), os.path.join(out, "scapy_us.pcap"),
    os.path.join(out, "editcap.pcapng"))
