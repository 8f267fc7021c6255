"""Captures on a drone's ports (a mixin of staccato.Drone): start, stop, status, and what a
capture holds fetched as a pcapng file in chunks (never whole in memory)."""
import os
from typing import Optional

import grpc

from staccato.convert import to_dict
from staccato.errors import DroneError, describe
from staccato.v1 import drone_pb2

_DIRECTIONS = {"both": drone_pb2.CAPTURE_BOTH, "rx": drone_pb2.CAPTURE_RX, "tx": drone_pb2.CAPTURE_TX}
CHUNK_BYTES = 1 << 20  # rpc/message_limits.h kCaptureChunkBytes: the most a CaptureChunk carries


class Captures:
    """The capture methods of staccato.Drone (see there for the connection)."""

    def capture_start(self, port: str, filter: str = "", limit_packets: Optional[int] = None,
                      limit_bytes: Optional[int] = None, ring_mb: Optional[int] = None,
                      direction: str = "both") -> None:
        """Starts capturing what crosses `port` (sending or not) into the drone's memory.

        filter: BPF as tcpdump takes it (``"udp port 53"``); empty = every frame.
        One bound at most: ``limit_packets`` (stop after N), ``limit_bytes`` (stop before the
        frames held exceed N bytes) or ``ring_mb`` (keep the last N MiB); none = a ring of 64 MiB.
        direction: ``"rx"``, ``"tx"`` or ``"both"``.
        The drone checks the values (ranges, the filter's syntax, its capture memory): a refusal
        raises DroneError naming the field (``limit_packets: 0 is out of range (allowed 1..100000000)``).
        """
        if direction not in _DIRECTIONS:
            raise ValueError(f"direction: {direction!r} (allowed: {', '.join(_DIRECTIONS)})")
        bounds = {k: v for k, v in (("limit_packets", limit_packets), ("limit_bytes", limit_bytes), ("ring_mb", ring_mb))
                  if v is not None}
        if len(bounds) > 1:
            raise ValueError(f"give one bound, not {' and '.join(bounds)}")
        for name, value in bounds.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value >= 1 << 63:
                raise ValueError(f"{name}: {value!r} is not a count (a whole number, 1 or more)")
        if not isinstance(filter, str):
            raise TypeError(f"filter: a string, not {type(filter).__name__}")
        request = drone_pb2.StartCaptureRequest(port=port, filter=filter, direction=_DIRECTIONS[direction],
                                                client_id=self.client_id, **bounds)
        self._call("StartCapture", request)

    def capture_stop(self, port: str, discard: bool = False) -> dict:
        """Stops the port's capture and returns its status (as capture_status). It keeps what it
        holds until fetched; ``discard=True`` frees the drone's capture memory at once."""
        self._call("StopCapture", drone_pb2.StopCaptureRequest(port=port, client_id=self.client_id, discard=discard))
        return self.capture_status(port)

    def capture_status(self, port: str) -> dict:
        """The port's capture as a dict of ``staccato.v1.PortCapture`` fields: ``state``
        (``"RUNNING"``, ``"STOPPED"``, ``"DONE"`` when its bound was reached, ``"FAILED"``,
        ``"STATE_NONE"``), ``packets``, ``bytes``, ``seen``, ``ring_wraps``, ``ring_dropped``,
        ``kernel_dropped``, ``error``, ``note``..."""
        reply = self._call("CaptureStatus", drone_pb2.CaptureStatusRequest(ports=[port]))
        return to_dict(reply.captures[0])

    def capture_fetch(self, port: str, path: str, timeout: Optional[float] = None) -> dict:
        """Writes what the port's capture holds (once stopped, or done) to `path` as pcapng,
        chunk by chunk, through a temporary file renamed at the end. Returns ``{"packets",
        "bytes"}``. `timeout`: seconds the whole transfer may take (None: no limit)."""
        tmp = f"{path}.part"
        call = self._stub.FetchCapture(drone_pb2.FetchCaptureRequest(port=port), metadata=self._metadata, timeout=timeout)
        written, total, packets = 0, None, 0
        try:
            with open(tmp, "wb") as out:
                for chunk in call:
                    if len(chunk.data) > CHUNK_BYTES or (total is not None and chunk.total_bytes != total) \
                            or written + len(chunk.data) > chunk.total_bytes:
                        raise DroneError(f"the drone at {self.address} sent a malformed capture (a chunk of "
                                         f"{len(chunk.data)} bytes at byte {written} of {chunk.total_bytes})")
                    total, packets = chunk.total_bytes, chunk.packets
                    out.write(chunk.data)
                    written += len(chunk.data)
            if total is None or written != total:
                raise DroneError(f"the capture of {port} ended after {written} of {total} bytes (connection lost?)",
                                 grpc.StatusCode.UNAVAILABLE)
            os.replace(tmp, path)
        except grpc.RpcError as e:
            raise describe(e, self.address) from None
        finally:
            call.cancel()
            if os.path.exists(tmp):
                os.remove(tmp)
        return {"packets": packets, "bytes": written}
