#!/usr/bin/env python3
"""ARP sweep from a raw socket: asks for COUNT consecutive IPv4 addresses from FIRST on IFACE,
as fast as the socket takes them, asks again for the unanswered ones after a second (up to 3
rounds), and prints how many answered and when the last answer came (seconds after the first
request). Used by tests/bench/devices_bench.sh inside the DUT namespace."""
import ipaddress
import socket
import struct
import sys
import time


def main():
    iface, first, count = sys.argv[1], ipaddress.IPv4Address(sys.argv[2]), int(sys.argv[3])
    src_ip = ipaddress.IPv4Address(sys.argv[4])
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x0806))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 << 20)
    s.bind((iface, 0))
    mac = s.getsockname()[4]
    wanted = {int(first) + i for i in range(count)}
    answered, last = set(), 0.0
    start = time.monotonic()
    for _ in range(3):
        for ip in sorted(wanted - answered):
            arp = struct.pack("!HHBBH6s4s6s4s", 1, 0x0800, 6, 4, 1, mac, src_ip.packed, b"\0" * 6, struct.pack("!I", ip))
            s.send(b"\xff" * 6 + mac + b"\x08\x06" + arp + b"\0" * 18)
        deadline = time.monotonic() + 1.0
        s.settimeout(0.2)
        while time.monotonic() < deadline and answered != wanted:
            try:
                frame = s.recv(128)
            except socket.timeout:
                continue
            if len(frame) >= 42 and frame[12:14] == b"\x08\x06" and frame[20:22] == b"\x00\x02":
                ip = struct.unpack("!I", frame[28:32])[0]
                if ip in wanted and ip not in answered:
                    answered.add(ip)
                    last = time.monotonic() - start
        if answered == wanted:
            break
    print(f"{len(answered)} {last:.3f}")


if __name__ == "__main__":
    main()
