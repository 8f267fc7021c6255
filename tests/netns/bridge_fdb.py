"""A Linux bridge's learned-address limit over rtnetlink (iproute2 6.1 cannot set it; kernel 6.8
and later have it): IFLA_BR_FDB_MAX_LEARNED to set, IFLA_BR_FDB_N_LEARNED to read how many it
learned. Run inside the bridge's namespace.

    bridge_fdb.py set BRIDGE MAX     # the bridge learns at most MAX addresses
    bridge_fdb.py get BRIDGE         # prints "LEARNED MAX"
"""
import socket
import struct
import sys

RTM_NEWLINK, RTM_GETLINK = 16, 18
NLM_F_REQUEST, NLM_F_ACK = 1, 4
NLMSG_ERROR = 2
IFLA_LINKINFO, IFLA_INFO_KIND, IFLA_INFO_DATA = 18, 1, 2
IFLA_BR_FDB_N_LEARNED, IFLA_BR_FDB_MAX_LEARNED = 48, 49
NLA_F_NESTED = 1 << 15


def attr(kind: int, payload: bytes) -> bytes:
    header = struct.pack("HH", 4 + len(payload), kind)
    return header + payload + b"\0" * (-len(payload) % 4)


def attrs(data: bytes) -> dict:
    out, at = {}, 0
    while at + 4 <= len(data):
        length, kind = struct.unpack_from("HH", data, at)
        if length < 4:
            break
        out[kind & ~NLA_F_NESTED] = data[at + 4:at + length]
        at += (length + 3) & ~3
    return out


def request(kind: int, index: int, payload: bytes = b"") -> bytes:
    body = struct.pack("BxHiII", socket.AF_UNSPEC, 0, index, 0, 0) + payload
    flags = NLM_F_REQUEST | (NLM_F_ACK if kind == RTM_NEWLINK else 0)
    with socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE) as s:
        s.send(struct.pack("IHHII", 16 + len(body), kind, flags, 1, 0) + body)
        reply = s.recv(65536)
    length, reply_kind = struct.unpack_from("IH", reply)
    if reply_kind == NLMSG_ERROR:
        (error,) = struct.unpack_from("i", reply, 16)
        if error:
            raise OSError(-error, f"rtnetlink: {socket.if_indextoname(index)}")
    return reply[:length]


def set_max(bridge: str, limit: int) -> None:
    data = attr(IFLA_BR_FDB_MAX_LEARNED, struct.pack("I", limit))
    info = attr(IFLA_INFO_KIND, b"bridge\0") + attr(IFLA_INFO_DATA | NLA_F_NESTED, data)
    request(RTM_NEWLINK, socket.if_nametoindex(bridge), attr(IFLA_LINKINFO | NLA_F_NESTED, info))


def get(bridge: str) -> tuple:
    reply = request(RTM_GETLINK, socket.if_nametoindex(bridge))
    data = attrs(attrs(attrs(reply[32:])[IFLA_LINKINFO])[IFLA_INFO_DATA])
    if IFLA_BR_FDB_MAX_LEARNED not in data:
        raise SystemExit(f"{bridge}: this kernel has no learned-address limit (Linux 6.8 or later has it)")
    return struct.unpack("I", data[IFLA_BR_FDB_N_LEARNED])[0], struct.unpack("I", data[IFLA_BR_FDB_MAX_LEARNED])[0]


if __name__ == "__main__":
    if sys.argv[1] == "set":
        set_max(sys.argv[2], int(sys.argv[3]))
    print(*get(sys.argv[2]))
