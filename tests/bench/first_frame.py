"""Reads the first signature frame of a pcap and prints its trailer's send time (ns, the
sender's CLOCK_REALTIME) and sequence number: when a stream really began, as its sender
stamped it (common/packet/signature_layout.h). Usage: first_frame.py FILE.pcap"""
import struct
import sys

with open(sys.argv[1], "rb") as f:
    header = f.read(24)
    magic = struct.unpack("<I", header[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    first = None
    while True:
        rec = f.read(16)
        if len(rec) < 16:
            break
        _, _, incl, _ = struct.unpack(endian + "IIII", rec)
        frame = f.read(incl)
        sig = frame[-16:]
        if len(frame) >= 30 and sig[:2] in (b"\x5a\x7c",) or sig[0] == 0x5B:
            seq, ts = struct.unpack(">IQ", sig[4:16])
            if first is None or ts < first[0]:
                first = (ts, seq)
print(f"{first[0]} {first[1]}" if first else "none")
