"""The package's exceptions."""
from typing import Optional

import grpc


class DroneError(Exception):
    """A drone refused a request or could not be reached.

    ``str(error)`` is the drone's message, which names the field path for bad input
    (``streams[0].variable_fields[0].start: 70000 exceeds 16 bits ...``); ``code`` is the gRPC
    status code (``grpc.StatusCode``), None for errors found on this side.
    """

    def __init__(self, message: str, code: Optional[grpc.StatusCode] = None):
        super().__init__(message)
        self.message = message
        self.code = code


class FileFormatError(ValueError):
    """A stream or session file that cannot be read: bad JSON, an unknown field, a newer format."""


def describe(error: grpc.RpcError, target: str) -> DroneError:
    """The drone's message, with a hint for the usual connection problems (as staccato-cli says them)."""
    code, msg = error.code(), error.details() or ""
    if code == grpc.StatusCode.UNAVAILABLE:
        if target.startswith("unix:") and "No such file" in msg:
            msg = f"cannot reach the drone at {target}: no such socket; is staccato-drone running with --listen {target}?"
        elif target.startswith("unix:") and "Permission denied" in msg:
            msg = f"cannot connect to the drone at {target}: permission denied (the socket belongs to another user)"
        else:
            msg = f"cannot reach the drone at {target} ({msg}); is staccato-drone running there?"
    elif code == grpc.StatusCode.DEADLINE_EXCEEDED:
        msg = f"the drone at {target} did not answer in time"
    return DroneError(msg, code)
