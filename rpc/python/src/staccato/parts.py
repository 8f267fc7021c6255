"""Stream lists travel in parts of about 1 MiB (SetStreams up, GetStreams down), as
rpc/streams/stream_parts.h cuts them: whole streams in order, and a replay stream too large for one
part continued frame by frame in ``more_frames``. A drone reads no request larger than 4 MiB."""
from typing import Iterable, Iterator, List

from staccato.v1 import drone_pb2, stream_pb2

PART_BYTES = 1 << 20


def _frame_cost(frame: bytes) -> int:
    return len(frame) + 16  # the frame, its time, their tags and lengths


def streams_parts(streams: Iterable[stream_pb2.Stream], port: str, client_id: str,
                  part_bytes: int = PART_BYTES) -> Iterator[drone_pb2.StreamsPart]:
    part = drone_pb2.StreamsPart(port=port, client_id=client_id)
    used = part.ByteSize()
    sent_any = False

    def holds_data() -> bool:
        return len(part.streams) > 0 or part.HasField("more_frames")

    for s in streams:
        size = s.ByteSize()
        if size <= part_bytes:
            if used + size > part_bytes and holds_data():
                yield part
                sent_any, part, used = True, drone_pb2.StreamsPart(), 0
            part.streams.append(s)
            used += size
            continue
        # Too large for one part: the stream without its frames, then its frames part by part.
        if holds_data():
            yield part
            sent_any, part, used = True, drone_pb2.StreamsPart(), 0
        head = part.streams.add()
        head.CopyFrom(s)
        head.replay.ClearField("frames")
        head.replay.ClearField("times_ns")
        used += head.ByteSize()
        into = head.replay
        for i, frame in enumerate(s.replay.frames):
            if used + _frame_cost(frame) > part_bytes and len(into.frames) > 0:
                yield part
                sent_any, part, used = True, drone_pb2.StreamsPart(), 0
                into = part.more_frames
            into.frames.append(frame)
            if i < len(s.replay.times_ns):
                into.times_ns.append(s.replay.times_ns[i])
            used += _frame_cost(frame)
    if holds_data() or not sent_any:  # an empty list still names the port (and clears it)
        yield part


def join_streams_parts(parts: Iterable[drone_pb2.StreamsPart]) -> List[stream_pb2.Stream]:
    streams: List[stream_pb2.Stream] = []
    for part in parts:
        streams.extend(part.streams)
        if part.HasField("more_frames"):
            streams[-1].replay.frames.extend(part.more_frames.frames)
            streams[-1].replay.times_ns.extend(part.more_frames.times_ns)
    return streams
