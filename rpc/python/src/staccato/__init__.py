"""Staccato: drive traffic-generator drones from Python.

    import staccato
    with staccato.Drone("unix:/run/staccato/demo-lab.sock") as drone:
        drone.set_streams("demo0", [staccato.Stream("udp", ["eth", "ip", "udp", "signature"], count=1000)])
        with drone.transmitting("demo0"):
            drone.wait("demo0", timeout=30)
        print(drone.stats()["streams"])

See docs/python.md in the Staccato repository.
"""
from staccato import latency
from staccato.benchmark_cli import Benchmark, BenchmarkError, benchmark, calibrate
from staccato.benchmark_result import BenchmarkResult
from staccato.drone import CLIENT_MAJOR, CLIENT_MINOR, Drone
from staccato.errors import DroneError, FileFormatError
from staccato.fleet import Fleet, FleetDrone, FleetError
from staccato.files import load_flow_profile, load_session, load_streams, save_session, save_streams
from staccato.flow_result import FlowProgress, FlowResult, FlowTotals
from staccato.rfc2889_cli import Rfc2889, rfc2889
from staccato.rfc2889_result import Rfc2889Result
from staccato.rfc9411 import Rfc9411, Rfc9411Result, Rfc9411Trial, rfc9411
from staccato.streams import Stream, Vary
from staccato.y1564_cli import Y1564, y1564
from staccato.y1564_result import Y1564Result
from staccato.v1 import drone_pb2, flow_pb2, session_pb2, stream_pb2

__all__ = ["Drone", "DroneError", "Fleet", "FleetDrone", "FleetError", "FileFormatError", "Stream", "Vary", "load_streams", "save_streams",
           "load_session", "save_session", "stream_pb2", "drone_pb2", "session_pb2", "CLIENT_MAJOR", "CLIENT_MINOR", "latency",
           "benchmark", "calibrate", "Benchmark", "BenchmarkError", "BenchmarkResult", "y1564", "Y1564", "Y1564Result",
           "rfc2889", "Rfc2889", "Rfc2889Result", "flow_pb2", "load_flow_profile", "FlowResult", "FlowProgress",
           "FlowTotals", "rfc9411", "Rfc9411", "Rfc9411Result", "Rfc9411Trial"]
