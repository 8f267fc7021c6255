"""Streams in a few lines, with the protocol registry's names (Wireshark display-filter names).

``Stream(...)`` and ``Vary(...)`` return the protobuf messages ``staccato.v1.Stream`` and
``staccato.v1.VariableField`` (common/model/staccato/v1/stream.proto); anything they do not
cover can be set on the message, or given as a dict in the stream-file JSON format.
"""
from typing import Any, Iterable, Mapping, Optional, Sequence, Tuple, Union

from staccato.convert import from_value
from staccato.v1 import stream_pb2

LayerSpec = Union[str, Tuple[str, Mapping[str, Any]], Mapping[str, Any], stream_pb2.Layer]
StreamLike = Union[stream_pb2.Stream, Mapping[str, Any]]


def Stream(name: str = "", layers: Sequence[LayerSpec] = (), *, id: int = 0, length: Union[int, Mapping, None] = None,
           count: Optional[int] = None, continuous: bool = False, pps: Optional[float] = None,
           rate: Optional[Mapping] = None, vary: Sequence[Union[stream_pb2.VariableField, Mapping]] = (),
           enabled: Optional[bool] = None, seed: int = 0) -> stream_pb2.Stream:
    """Builds a ``staccato.v1.Stream``.

    layers: the stack from the wire up; each a protocol name (``"udp"``), a ``(protocol, fields)``
        pair (``("ip", {"ip.ttl": 32})``; values are text in the field's format, ints allowed)
        or a dict ``{"protocol": ..., "fields": {...}}``. Fields left out are automatic.
    id: unique within a port, carried in the signature; 0 = numbered by ``set_streams`` /
        ``save_streams`` after the highest id given.
    length: frame length in bytes, FCS included (FIXED), or a ``frame_length`` dict such as
        ``{"mode": "IMIX"}``.
    count / continuous: send `count` packets, or until stopped.
    pps / rate: packets per second, or a ``rate`` dict such as ``{"unit": "BPS_L1", "value": 1e9}``.
    vary: ``Vary(...)`` or ``variable_fields`` dicts.
    """
    s = stream_pb2.Stream(id=id, name=name, seed=seed)
    if enabled is not None:
        s.enabled = enabled
    for i, layer in enumerate(layers):
        s.layers.append(_layer(layer, f"layers[{i}]"))
    if isinstance(length, int) and not isinstance(length, bool):
        s.frame_length.mode = stream_pb2.FrameLength.FIXED
        s.frame_length.fixed = length
    elif length is not None:
        s.frame_length.CopyFrom(from_value(length, stream_pb2.FrameLength, "length"))
    if count is not None and continuous:
        raise ValueError("give count or continuous=True, not both")
    if count is not None:
        s.control.mode = stream_pb2.Control.PACKETS
        s.control.count = count
    elif continuous:
        s.control.mode = stream_pb2.Control.CONTINUOUS
    if pps is not None and rate is not None:
        raise ValueError("give pps or rate, not both")
    if pps is not None:
        s.rate.unit = stream_pb2.Rate.PPS
        s.rate.value = pps
    elif rate is not None:
        s.rate.CopyFrom(from_value(rate, stream_pb2.Rate, "rate"))
    for i, v in enumerate(vary):
        s.variable_fields.append(from_value(v, stream_pb2.VariableField, f"vary[{i}]"))
    return s


def Vary(field: str, start: str = "", *, mode: Optional[str] = None, step: int = 0, count: int = 0, mask: str = "",
         prefix_length: int = 0, values: Sequence[str] = (), layer: Optional[int] = None) -> stream_pb2.VariableField:
    """Builds a ``staccato.v1.VariableField``: `field` (e.g. ``"udp.srcport"``) changes per packet.

    mode: ``"INCREMENT"`` (default), ``"DECREMENT"``, ``"RANDOM"`` or ``"LIST"`` (the default when
    `values` are given). Value n = start ± step × (n mod count); count 0 = until the varying bits
    wrap. `mask` / `prefix_length` choose the bits that vary; `layer` (an index into the
    stream's layers) picks among several layers with that field.
    """
    v = stream_pb2.VariableField(field=field, start=str(start), step=step, count=count, mask=mask,
                                 prefix_length=prefix_length, values=[str(x) for x in values])
    modes = stream_pb2.VariableField.Mode
    mode = mode or ("LIST" if values else "INCREMENT")
    if mode not in modes.keys():
        raise ValueError(f"Vary({field!r}): mode {mode!r} is not one of {', '.join(modes.keys()[1:])}")
    v.mode = modes.Value(mode)
    if layer is not None:
        v.layer = layer
    return v


def as_streams(streams: Iterable[StreamLike]) -> list:
    """Copies of `streams` as messages; those with id 0 are numbered after the highest id given."""
    out = [from_value(s, stream_pb2.Stream, f"streams[{i}]") for i, s in enumerate(streams)]
    next_id = max((s.id for s in out), default=0) + 1
    for s in out:
        if s.id == 0:
            s.id, next_id = next_id, next_id + 1
    return out


def _layer(spec: LayerSpec, what: str) -> stream_pb2.Layer:
    if isinstance(spec, str):
        return stream_pb2.Layer(protocol=spec)
    if isinstance(spec, tuple) and len(spec) == 2:
        protocol, fields = spec
        return stream_pb2.Layer(protocol=protocol, fields={k: _text(v, f"{what}.{k}") for k, v in fields.items()})
    return from_value(spec, stream_pb2.Layer, what)


def _text(value: Any, what: str) -> str:
    """Field values are text in the field's format; ints are written in decimal."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(f"{what}: {value!r} is not text or an int (write it in the field's format, e.g. \"0x0800\")")
