"""Between protobuf messages and plain Python values (protobuf's JSON mapping, proto field names)."""
import inspect
from typing import Any, Mapping, Type, TypeVar

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

M = TypeVar("M", bound=Message)

# Fields without presence printed with their defaults: protobuf 5.26 renamed the option (Debian 12's
# python3-protobuf, 4.21, has the old name).
_WITH_DEFAULTS = ({"always_print_fields_with_no_presence": True}
                  if "always_print_fields_with_no_presence" in inspect.signature(json_format.MessageToDict).parameters
                  else {"including_default_value_fields": True})

_INT64 = {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_SINT64,
          FieldDescriptor.TYPE_FIXED64, FieldDescriptor.TYPE_SFIXED64}


def to_dict(message: Message) -> dict:
    """Every field by its proto name, defaults included, 64-bit integers as ints (the JSON
    mapping quotes them as strings)."""
    d = json_format.MessageToDict(message, preserving_proto_field_name=True, **_WITH_DEFAULTS)
    _unquote_int64(message.DESCRIPTOR, d)
    return d


def _unquote_int64(desc: Descriptor, d: dict) -> None:
    for name, value in d.items():
        field = desc.fields_by_name.get(name)
        if field is None:
            continue
        items = value if isinstance(value, list) else [value]
        if field.message_type is not None and not field.message_type.GetOptions().map_entry:
            for item in items:
                _unquote_int64(field.message_type, item)
        elif field.type in _INT64:
            d[name] = [int(v) for v in value] if isinstance(value, list) else int(value)


def from_value(value: Any, cls: Type[M], what: str) -> M:
    """A message of type `cls` from a message of that type (copied) or a dict in the JSON mapping."""
    if isinstance(value, cls):
        copy = cls()
        copy.CopyFrom(value)
        return copy
    if isinstance(value, Mapping):
        try:
            return json_format.ParseDict(value, cls(), ignore_unknown_fields=False)
        except json_format.ParseError as e:
            raise ValueError(f"{what}: {e}") from None
    raise TypeError(f"{what}: expected a dict or a {cls.DESCRIPTOR.full_name}, got {type(value).__name__}")
