#!/usr/bin/python3
"""Captures of TCP sessions for the pcap template tests (tests/common/tcp_session_test.cpp),
written by scapy: each session's conversation is a script of messages, cut into segments and
then retransmitted, reordered or cut short as a real capture would show them. Next to each
good capture, NAME.turns holds what the session said, one turn a line: "client HEX" or
"server HEX" (a side's messages until the other side speaks, joined). Usage:
make_flow_captures.py OUTDIR"""
import os
import random
import sys

from scapy.all import IP, TCP, Dot1Q, Ether, IPv6, Raw, wrpcap, wrpcapng

out = sys.argv[1]
rng = random.Random(9411)
MACS = ("02:00:00:00:00:01", "02:00:00:00:00:02")


class Session:
    """One TCP session's packets, in the order they are sent: the handshake, then each message
    in segments of at most `mss` bytes (every segment acknowledging what its side received)."""

    def __init__(self, client, server, sport, dport, v6=False, vlan=None, client_isn=1000, server_isn=4_000_000_000):
        self.ends = ((client, sport), (server, dport))
        self.v6, self.vlan = v6, vlan
        self.next = [client_isn, server_isn]  # each side's next sequence number
        self.packets = []
        self.script = []  # (from_server, bytes) as sent
        self.segment(0, "S", b"", ack=False)
        self.next[0] += 1
        self.segment(1, "SA", b"")
        self.next[1] += 1
        self.segment(0, "A", b"")

    def segment(self, side, flags, data, seq=None, ack=True):
        (src, sport), (dst, dport) = self.ends[side], self.ends[1 - side]
        ip = IPv6(src=src, dst=dst) if self.v6 else IP(src=src, dst=dst)
        eth = Ether(src=MACS[side], dst=MACS[1 - side])
        if self.vlan is not None:
            eth = eth / Dot1Q(vlan=self.vlan)
        tcp = TCP(sport=sport, dport=dport, flags=flags, seq=(self.next[side] if seq is None else seq) % 2**32,
                  ack=self.next[1 - side] % 2**32 if ack else 0)
        packet = eth / ip / tcp / Raw(data) if data else eth / ip / tcp
        self.packets.append(packet)
        return packet

    def say(self, side, data, mss=1000):
        self.script.append((side, data))
        for at in range(0, len(data), mss):
            self.segment(side, "PA", data[at:at + mss])
            self.next[side] += len(data[at:at + mss])

    def close(self):
        for side in (0, 1):
            self.segment(side, "FA", b"")
            self.next[side] += 1
        self.segment(0, "A", b"")

    def turns(self):
        joined = []
        for side, data in self.script:
            if joined and joined[-1][0] == side:
                joined[-1][1] += data
            else:
                joined.append([side, data])
        return joined


def write(name, packets, turns=None):
    for i, p in enumerate(packets):
        p.time = 1_700_000_000 + i * 0.001
    path = os.path.join(out, name)
    (wrpcapng if name.endswith(".pcapng") else wrpcap)(path, packets)
    if turns is not None:
        write_turns(name, turns)
    print(name)


def write_turns(name, turns):
    with open(os.path.join(out, name + ".turns"), "w") as f:
        for side, data in turns:
            f.write(("server " if side else "client ") + data.hex() + "\n")


def blob(n):
    return rng.randbytes(n)


# A request in two segments, the second sent twice; an answer of three segments, then a
# segment overlapping the first two (a retransmission that took newer bytes along); a second
# request and answer; the close.
s = Session("10.0.0.1", "10.0.0.2", 40000, 80)
s.say(0, b"GET / HTTP/1.1\r\nHost: a\r\n" + blob(1200))
s.packets.append(s.packets[-1].copy())
answer = blob(2500)
s.say(1, answer)
first = s.next[1] - len(answer)
s.segment(1, "PA", answer[500:1500], seq=first + 500)
s.say(0, b"GET /2 HTTP/1.1\r\n\r\n")
s.say(1, blob(300))
s.close()
write("retransmitted.pcap", s.packets, s.turns())

# IPv6 in a VLAN, pcapng: the answer's segments captured out of order (the third, the first,
# the second), a request after it.
s = Session("2001:db8::1", "2001:db8::2", 50000, 8080, v6=True, vlan=42)
s.say(0, blob(100))
s.say(1, blob(2700))
s.packets[-3:] = [s.packets[-1], s.packets[-3], s.packets[-2]]
s.say(0, blob(10))
s.say(1, blob(20))
s.close()
write("out_of_order.pcapng", s.packets, s.turns())

# The server speaks first (an SMTP-like banner), the client's answers each in one segment.
s = Session("192.168.1.10", "192.168.1.25", 45000, 25)
s.say(1, b"220 mail.example ESMTP\r\n")
s.say(0, b"EHLO client.example\r\n")
s.say(1, b"250-mail.example\r\n")
s.say(1, b"250 SIZE 1000000\r\n")  # two segments of one turn
s.say(0, b"QUIT\r\n")
s.say(1, b"221 bye\r\n")
s.close()
write("server_first.pcap", s.packets, s.turns())

# Two sessions in one file, their packets interleaved; the second's SYN comes later.
a = Session("10.1.0.1", "10.1.0.2", 41000, 80)
a.say(0, b"first session request")
a.say(1, b"first session answer")
a.close()
b = Session("10.1.0.1", "10.1.0.2", 41001, 80, client_isn=0xfffffff0)  # its sequence numbers wrap
b.say(0, blob(40))
b.say(1, blob(3000))
b.say(0, blob(5))
b.close()
mixed = a.packets[:4] + b.packets[:3] + a.packets[4:] + b.packets[3:]
write("two_sessions.pcapng", mixed)
write_turns("two_sessions.pcapng.0", a.turns())
write_turns("two_sessions.pcapng.1", b.turns())

# Two captures merged with clocks apart: the answer's segment stamped before the request it
# acknowledges (its ACK tells the order).
s = Session("10.0.0.1", "10.0.0.2", 40000, 80)
s.say(0, b"request")
s.say(1, b"answer")
s.packets[-2:] = [s.packets[-1], s.packets[-2]]
s.say(0, b"thanks")
s.close()
write("acknowledged_first.pcap", s.packets, s.turns())

# No SYN: the capture began mid-session.
s = Session("10.0.0.1", "10.0.0.2", 40000, 80)
s.say(0, blob(50))
s.say(1, blob(50))
write("no_syn.pcap", s.packets[3:])

# A gap: one of the answer's segments is not in the capture.
s = Session("10.0.0.1", "10.0.0.2", 40000, 80)
s.say(0, blob(50))
s.say(1, blob(3000))
del s.packets[-2]
s.close()
write("gap.pcap", s.packets)

# More turns than a template replays: 513 one-byte exchanges (1026 turns).
s = Session("10.0.0.1", "10.0.0.2", 40000, 7)
for i in range(513):
    s.say(0, b"?")
    s.say(1, b"!")
s.close()
write("many_turns.pcap", s.packets)

# A session without payload.
s = Session("10.0.0.1", "10.0.0.2", 40000, 80)
s.close()
write("empty.pcap", s.packets)
