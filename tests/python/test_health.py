"""The drone's standard health service (grpc.health.v1) with gRPC's own Python client
(grpcio-health-checking), as Kubernetes' gRPC probe calls it: Check and Watch answer without a
token, about the server as a whole whatever service they name (the drone reads nothing of a
tokenless request); the drone's own calls still need the token, and a connection that only
probes is ended after the authentication deadline."""
import os
import socket
import subprocess
import time

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from staccato.v1 import drone_pb2, drone_pb2_grpc

DRONE = os.environ.get("DRONE")
pytestmark = pytest.mark.skipif(not DRONE, reason="set DRONE to the staccato-drone binary")
TOKEN = "Hq8vN2kLw5pR7tXy3cVb9mHd4fGj6sAe"


@pytest.fixture
def drone_on_tcp(tmp_path):
    """A fake-lab drone on a free loopback port with a token; its address."""
    token = tmp_path / "token"
    token.write_text(TOKEN + "\n")
    token.chmod(0o600)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"127.0.0.1:{port}"
    proc = subprocess.Popen([DRONE, "--fake-lab", "--listen", address, "--token-file", str(token)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while True:
        assert proc.poll() is None, f"the drone did not start: {proc.stderr.read().decode()}"
        with socket.socket() as c:
            if c.connect_ex(("127.0.0.1", port)) == 0:
                break
        assert time.monotonic() < deadline, "the drone did not listen"
        time.sleep(0.05)
    yield address
    proc.terminate()
    proc.wait(timeout=10)


def test_check_and_watch_answer_without_a_token(drone_on_tcp):
    with grpc.insecure_channel(drone_on_tcp) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        reply = health.Check(health_pb2.HealthCheckRequest(), timeout=10)
        assert reply.status == health_pb2.HealthCheckResponse.SERVING
        watch = health.Watch(health_pb2.HealthCheckRequest(), timeout=10)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        watch.cancel()


def test_health_answers_for_the_server_whatever_it_names(drone_on_tcp):
    with grpc.insecure_channel(drone_on_tcp) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for name in ["staccato.v1.Drone", "grpc.health.v1.Health", "anything"]:
            reply = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=10)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING, name


def test_a_watch_without_the_token_ends_with_its_connection(drone_on_tcp):
    """A tokenless Watch holds an unauthenticated connection: the drone ends it after its
    authentication deadline (5 s), as any connection that made no authenticated call."""
    with grpc.insecure_channel(drone_on_tcp) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        start = time.monotonic()
        watch = health.Watch(health_pb2.HealthCheckRequest(), timeout=30)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        with pytest.raises(grpc.RpcError) as e:
            next(watch)
        assert e.value.code() == grpc.StatusCode.UNAVAILABLE
        assert 4 < time.monotonic() - start < 15


def test_the_drones_calls_still_need_the_token(drone_on_tcp):
    with grpc.insecure_channel(drone_on_tcp) as channel:
        drone = drone_pb2_grpc.DroneStub(channel)
        for call, request in [(drone.GetVersion, drone_pb2.GetVersionRequest(client_major=1)),
                              (drone.ListPorts, drone_pb2.ListPortsRequest())]:
            with pytest.raises(grpc.RpcError) as e:
                call(request, timeout=10)
            assert e.value.code() == grpc.StatusCode.UNAUTHENTICATED
        ports = drone.ListPorts(drone_pb2.ListPortsRequest(), timeout=10,
                                metadata=[("authorization", f"Bearer {TOKEN}")])
        assert len(ports.ports) == 2
