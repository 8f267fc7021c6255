"""Serving a Python stand-in for a drone (a DroneServicer) on a unix socket in the test process."""
import contextlib
from concurrent import futures

import grpc

from staccato.v1 import drone_pb2_grpc


@contextlib.contextmanager
def serving(servicer, socket_path, workers: int = 4):
    """Serves `servicer` at unix:`socket_path` (its `address`) until the block ends."""
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=workers))
    drone_pb2_grpc.add_DroneServicer_to_server(servicer, server)
    servicer.address = f"unix:{socket_path}"
    server.add_insecure_port(servicer.address)
    server.start()
    try:
        yield servicer
    finally:
        server.stop(None)
