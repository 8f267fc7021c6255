"""A connection to one drone (staccato-drone): ports, streams, transmit, stats (captures: staccato.capture)."""
import contextlib
import getpass
import math
import os
import socket
import time
from typing import Callable, Iterable, Iterator, Optional

import grpc
from google.protobuf import json_format

from staccato import latency
from staccato.capture import Captures
from staccato.convert import to_dict
from staccato.errors import DroneError, describe
from staccato.files import FlowProfileLike, as_flow_profile
from staccato.flow_result import FlowProgress, FlowResult
from staccato.parts import join_streams_parts, streams_parts
from staccato.streams import StreamLike, as_streams
from staccato.tokens import check_private_directory, check_token_transport, fake_lab_address, read_token_file
from staccato.v1 import drone_pb2, drone_pb2_grpc, stream_pb2

# The drone protocol this package speaks (kClientProtocolMajor/Minor in client/core): a drone
# refuses clients of another major version.
CLIENT_MAJOR = 1
CLIENT_MINOR = 2
# The drone's default: a unix socket (rpc/drone_address.h); TCP needs a token.
DEFAULT_ADDRESS = "unix:/run/staccato/drone.sock"
# rpc/message_limits.h: a drone reads requests of at most 4 MiB (stream lists go in parts, see
# staccato.parts) and may answer with up to 64 MiB (stats of thousands of streams).
_CHANNEL_OPTIONS = [("grpc.max_send_message_length", 4 << 20),
                    ("grpc.max_receive_message_length", 64 << 20)]
_WATCH_INTERVAL_MS = 100  # the drone's minimum
# Frames still in flight after the last send: wait at least this long, and while a busy receiver
# is still counting, until its counts settle, at most the longer time (as staccato-cli run does).
_DRAIN_SECONDS = 0.5
_MAX_DRAIN_SECONDS = 10.0
# Starting and stopping a flow side makes or removes its hosts (up to 65,536): calls that may take
# long, as staccato-cli gives them (kLongCallSeconds).
_FLOW_CALL_SECONDS = 60.0
# run_flows polls the client side this often (staccato-cli: each second), within these bounds.
_MIN_POLL_SECONDS = 0.05
_MAX_POLL_SECONDS = 60.0
_MAX_PHASE_SECONDS = 7 * 86400  # kMaxPhaseSeconds: the longest steady phase a profile may ask


def default_client_id() -> str:
    """Who reserves and changes ports: $STACCATO_CLIENT_ID, else user@host (as staccato-cli)."""
    return os.environ.get("STACCATO_CLIENT_ID") or f"{getpass.getuser()}@{socket.gethostname()}"


class Drone(Captures):
    """A connection to a drone, checked with GetVersion when made.

    address: ``HOST:PORT`` (``HOST`` alone gets port 7878) or ``unix:PATH``.
    token / token_file: the drone's access token (the file's first line), if it wants one.
    tls / ca: connect with TLS, trusting the CA in PEM file `ca` (system roots without it);
        giving `ca` implies TLS.
    plaintext_token: send the token to a drone on another host without TLS (a trusted network
        only; without it a token goes only to a local drone or over TLS).
    timeout: seconds each call may take.

    As a context manager it stops every port it started, even when the block raises, and
    closes the connection.
    """

    def __init__(self, address: str = DEFAULT_ADDRESS, token: Optional[str] = None, token_file: Optional[str] = None,
                 tls: bool = False, ca: Optional[str] = None, client_id: Optional[str] = None, timeout: float = 10.0,
                 plaintext_token: bool = False):
        self.address = fake_lab_address() if address == "fake-lab" else address if ":" in address else f"{address}:7878"
        if address == "fake-lab":
            check_private_directory(os.path.dirname(self.address[5:]))
        self.client_id = client_id or default_client_id()
        self.timeout = timeout
        if token_file is not None:
            token = read_token_file(token_file)
        check_token_transport(self.address, token or "", bool(tls or ca), plaintext_token)
        self._metadata = [("x-staccato-version", f"{CLIENT_MAJOR}.{CLIENT_MINOR}")]
        if token:
            self._metadata.append(("authorization", f"Bearer {token}"))
        if tls or ca:
            root = None
            if ca:
                try:
                    with open(ca, "rb") as f:
                        root = f.read()
                except OSError as e:
                    raise DroneError(f"{ca}: cannot read the CA certificate: {e.strerror}") from None
            self._channel = grpc.secure_channel(self.address, grpc.ssl_channel_credentials(root_certificates=root),
                                                options=_CHANNEL_OPTIONS)
        else:
            self._channel = grpc.insecure_channel(self.address, options=_CHANNEL_OPTIONS)
        self._stub = drone_pb2_grpc.DroneStub(self._channel)
        self._started = set()
        self._flows = set()  # ports where this object started flows not stopped since
        try:
            self.version = self._check_version()
        except BaseException:
            self._channel.close()
            raise

    # ---- connection ---------------------------------------------------------------------
    def __enter__(self) -> "Drone":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stops the ports and the flow runs this object started, then closes the connection."""
        try:
            if self._started:
                self.stop()
        finally:
            try:
                for port in sorted(self._flows):
                    self.stop_flows(port)
            finally:
                self._channel.close()

    def _check_version(self) -> dict:
        reply = self._call("GetVersion", drone_pb2.GetVersionRequest(client_major=CLIENT_MAJOR, client_minor=CLIENT_MINOR))
        if reply.major != CLIENT_MAJOR:
            raise DroneError(f"the drone at {self.address} speaks protocol {reply.major}.{reply.minor}, this package "
                             f"{CLIENT_MAJOR}.{CLIENT_MINOR}; use a staccato package of the same major version",
                             grpc.StatusCode.FAILED_PRECONDITION)
        return to_dict(reply)

    def _call(self, method: str, request, timeout: Optional[float] = None):
        """A unary call, a client-streaming one (`request` an iterator of parts), or a
        server-streaming one (read to the end here, so errors surface as DroneError)."""
        try:
            reply = getattr(self._stub, method)(request, metadata=self._metadata, timeout=timeout or self.timeout)
            return list(reply) if isinstance(reply, grpc.Call) and hasattr(reply, "__iter__") else reply
        except grpc.RpcError as e:
            raise describe(e, self.address) from None

    # ---- ports --------------------------------------------------------------------------
    def ports(self) -> list:
        """Every port as a dict of ``staccato.v1.Port`` fields (name, mac, transmitting, config, ...)."""
        return [to_dict(p) for p in self._call("ListPorts", drone_pb2.ListPortsRequest()).ports]

    def configure(self, port: str, **settings) -> dict:
        """Changes some of a port's ``PortConfig`` settings (the others stay); returns the new config.

        Settings by proto field name: ``tx_mode``, ``track_rx``, ``line_rate_bps``, ``backend``,
        ``tx_queues``, ``cpus``, ``rx_backend``, ``devices`` (a whole list of device groups: see
        add_devices), ``reflect`` ("off", "l2", "l3", "l4": return every test frame out of the
        same port with MACs, + IP addresses, + UDP/TCP ports swapped; counted in the port's
        ``drone_reflected`` stat). Enums by proto name or as staccato-cli writes
        them: ``backend="turbo-copy"``, ``rx_backend="pcap"``, ``tx_mode="interleaved"``,
        ``reflect="l3"``; another value is a ValueError naming the allowed ones.
        """
        current = next((p for p in self._call("ListPorts", drone_pb2.ListPortsRequest()).ports if p.name == port), None)
        if current is None:
            raise DroneError(f"port '{port}' not found on {self.address}", grpc.StatusCode.NOT_FOUND)
        fields = drone_pb2.PortConfig.DESCRIPTOR.fields_by_name
        changes = {}
        for key, value in settings.items():
            if key not in fields:
                raise TypeError(f"configure: unknown setting {key!r} (allowed: {', '.join(fields)})")
            enum = fields[key].enum_type
            changes[key] = _enum_name(enum, value) if enum is not None and isinstance(value, str) else value
        config = drone_pb2.PortConfig()
        config.CopyFrom(current.config)
        try:
            json_format.ParseDict(changes, config)
        except json_format.ParseError as e:
            raise ValueError(f"configure {port}: {e}") from None
        self._call("ConfigurePort", drone_pb2.ConfigurePortRequest(port=port, config=config, client_id=self.client_id))
        return to_dict(config)

    def reserve(self, port: str) -> None:
        """Reserves `port` for this client id: other clients cannot change or use it."""
        self._call("ReservePort", drone_pb2.ReservePortRequest(port=port, client_id=self.client_id))

    def release(self, port: str, force: bool = False) -> None:
        """Releases a reservation (`force`: someone else's)."""
        self._call("ReleasePort", drone_pb2.ReleasePortRequest(port=port, client_id=self.client_id, force=force))

    # ---- emulated hosts -----------------------------------------------------------------
    def devices(self, port: str) -> list:
        """The port's device groups (emulated hosts), as dicts of ``staccato.v1.DeviceGroup``."""
        current = next((p for p in self.ports() if p["name"] == port), None)
        if current is None:
            raise DroneError(f"port '{port}' not found on {self.address}", grpc.StatusCode.NOT_FOUND)
        return current["config"].get("devices", [])

    def add_devices(self, port: str, count: int, mac: str, ip: Optional[str] = None, gateway: str = "",
                    ipv6: Optional[str] = None, gateway6: str = "", vlans: Iterable[int] = (), step_ip: int = 0,
                    step_mac: int = 0, name: str = "", announce: bool = False) -> list:
        """Adds a group of `count` emulated hosts to the port, as ``staccato-cli devices PORT add``
        does: MACs from `mac`, addresses from `ip` ("10.0.0.10/24") and `ipv6`
        ("2001:db8::10/64"), each `step_ip` / `step_mac` apart (0 = 1), VLAN ids outer first.
        The drone checks every value (a DroneError names the field); returns the port's groups."""
        group = {"count": count, "mac": mac, "mac_step": step_mac, "name": name, "announce": announce,
                 "vlans": [{"vid": v} for v in vlans]}
        for key, text, gw in (("ipv4", ip, gateway), ("ipv6", ipv6, gateway6)):
            if text is None:
                continue
            address, slash, prefix = text.partition("/")
            if not slash or not prefix.isdigit():
                raise ValueError(f"{key}: {text!r} is not ADDRESS/PREFIX (e.g. 10.0.0.10/24 or 2001:db8::10/64)")
            group[key] = {"address": address, "prefix_length": int(prefix), "gateway": gw, "step": step_ip}
        return self.configure(port, devices=self.devices(port) + [group]).get("devices", [])

    def clear_devices(self, port: str) -> None:
        """Removes every emulated host of the port."""
        self.configure(port, devices=[])

    def neighbors(self, port: str, resolve: bool = False, addresses: Iterable[str] = ()) -> list:
        """The port's neighbour table: dicts with ip, mac, state (INCOMPLETE, REACHABLE, STALE,
        FAILED), age_ms, device and vlans. `resolve`: first resolve every group's gateway and
        `addresses` (waits up to about 4 s)."""
        if resolve:
            reply = self._call("ResolveNeighbors", drone_pb2.ResolveNeighborsRequest(
                port=port, client_id=self.client_id, addresses=list(addresses)), timeout=max(self.timeout or 0, 30))
        else:
            reply = self._call("GetNeighbors", drone_pb2.GetNeighborsRequest(port=port))
        return [to_dict(n) for n in reply.neighbors]

    # ---- streams ------------------------------------------------------------------------
    def set_streams(self, port: str, streams: Iterable[StreamLike]) -> None:
        """Replaces the port's streams (messages or stream-file dicts); all or nothing. Streams
        with id 0 are numbered. A bad stream raises DroneError naming the field."""
        self._call("SetStreams", streams_parts(as_streams(streams), port, self.client_id))

    def streams(self, port: str) -> list:
        """The port's ``staccato.v1.Stream`` messages."""
        return join_streams_parts(self._call("GetStreams", drone_pb2.GetStreamsRequest(port=port)))

    # ---- transmit -----------------------------------------------------------------------
    def start(self, *ports: str, at_ns: int = 0, ramp_ms: int = 0) -> None:
        """Starts sending on `ports` (all or none): at once, or at `at_ns` (the drone's
        CLOCK_REALTIME, ns since 1970: a scheduled start, every port together); `ramp_ms`: the
        rate rises from nothing to the streams' own over that long."""
        self._call("StartTx", drone_pb2.StartTxRequest(ports=ports, client_id=self.client_id, start_time_ns=at_ns,
                                                       ramp_ms=ramp_ms))
        self._started.update(ports)

    def set_rate(self, port: str, scale: Optional[float] = None, streams: Optional[dict] = None) -> None:
        """Changes a sending port's rates at once, without stopping it: `scale` multiplies every
        stream's own rate; `streams` sets some streams' rates by id, e.g. ``{1: {"pps": 2e5}}``
        or ``{2: {"load": 50}}`` (units: pps, load, bps)."""
        units = {"pps": stream_pb2.Rate.PPS, "load": stream_pb2.Rate.LOAD_PERCENT, "bps": stream_pb2.Rate.BPS_L1}
        req = drone_pb2.SetRateRequest(port=port, client_id=self.client_id, scale=scale or 0)
        for sid, rate in (streams or {}).items():
            (unit, value), = rate.items()
            req.streams.add(stream_id=sid, rate=stream_pb2.Rate(unit=units[unit], value=value))
        self._call("SetRate", req)

    def clock(self) -> dict:
        """The drone's clock as its kernel sees it: ``synchronized``, ``estimated_error_ns``,
        ``max_error_ns``, ``now_ns`` (scheduled starts across drones are as close as these)."""
        return to_dict(self._call("GetVersion", drone_pb2.GetVersionRequest(client_major=CLIENT_MAJOR,
                                                                            client_minor=CLIENT_MINOR)).clock)

    def stop(self, *ports: str) -> None:
        """Stops `ports`; without arguments, every port this object started."""
        ports = ports or tuple(sorted(self._started))
        self._call("StopTx", drone_pb2.StopTxRequest(ports=ports, client_id=self.client_id))
        self._started.difference_update(ports)

    @contextlib.contextmanager
    def transmitting(self, *ports: str) -> Iterator["Drone"]:
        """``with drone.transmitting("eth1"): ...`` sends during the block and always stops."""
        self.start(*ports)
        try:
            yield self
        finally:
            self.stop(*ports)

    def wait(self, port: str, timeout: Optional[float] = None) -> None:
        """Returns when `port` has sent all its packets and the frames in flight have been counted
        (at least 0.5 s; until the receive counts settle, at most 10 s). Raises TimeoutError after
        `timeout` seconds, DroneError for a transmit error."""
        request = drone_pb2.WatchStatsRequest(interval_ms=_WATCH_INTERVAL_MS, ports=[port])
        call = self._stub.WatchStats(request, metadata=self._metadata, timeout=timeout)
        try:
            for snap in call:
                row = next((p for p in snap.ports if p.port == port), None)
                if row is None:
                    raise DroneError(f"port '{port}' not found on {self.address}", grpc.StatusCode.NOT_FOUND)
                if not row.transmitting:
                    break
            else:
                raise DroneError(f"the drone at {self.address} ended the stats stream")
        except grpc.RpcError as e:
            if e.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
                raise TimeoutError(f"port {port} still sending after {timeout} s") from None
            raise describe(e, self.address) from None
        finally:
            call.cancel()
        if row.error:
            raise DroneError(f"port {port}: {row.error}")
        self._settle()

    def _settle(self) -> None:
        """Waits until every received stream has all it sent, or no receive count moved for
        three snapshots in a row (between _DRAIN_SECONDS and _MAX_DRAIN_SECONDS)."""
        give_up = time.monotonic() + _MAX_DRAIN_SECONDS
        time.sleep(_DRAIN_SECONDS)
        request = drone_pb2.WatchStatsRequest(interval_ms=_WATCH_INTERVAL_MS)
        call = self._stub.WatchStats(request, metadata=self._metadata, timeout=_MAX_DRAIN_SECONDS + 5)
        last, still = None, 0
        try:
            for snap in call:
                received = sum(s.rx_packets for s in snap.streams)
                if all(s.rx_packets >= s.tx_packets for s in snap.streams if s.rx_port):
                    return
                still = still + 1 if received == last else 0
                last = received
                if still >= 3 or time.monotonic() > give_up:
                    return
        except grpc.RpcError as e:
            raise describe(e, self.address) from None
        finally:
            call.cancel()

    # ---- stats --------------------------------------------------------------------------
    def clear_stats(self, *ports: str) -> None:
        """Zeroes port and stream counters of `ports` (all ports without arguments)."""
        self._call("ClearStats", drone_pb2.ClearStatsRequest(ports=ports, client_id=self.client_id))

    def stats(self, *ports: str, buckets: bool = True) -> dict:
        """A ``StatsSnapshot`` as a dict: ``{"timestamp_ns", "ports": [...], "streams": [...]}``
        with proto field names, counters as ints. Rates are over the last 0.1 s. With `buckets`
        each received stream's ``latency`` carries its histogram: ``buckets``, a list of
        ``(low_ns, high_ns, count)`` (see staccato.latency; ``buckets_error`` says why it is
        empty when the drone sent malformed buckets). ``buckets=False`` makes the snapshot
        smaller (typically hundreds of bytes less per stream)."""
        request = drone_pb2.WatchStatsRequest(interval_ms=_WATCH_INTERVAL_MS, ports=ports, latency_buckets=buckets)
        call = self._stub.WatchStats(request, metadata=self._metadata, timeout=self.timeout)
        try:
            snaps = [next(call), next(call)]  # rates need two samples
        except grpc.RpcError as e:
            raise describe(e, self.address) from None
        except StopIteration:
            raise DroneError(f"the drone at {self.address} ended the stats stream") from None
        finally:
            call.cancel()
        snap = to_dict(snaps[-1])
        if buckets:
            for row in snap["streams"]:
                if "latency" in row:
                    latency.add_buckets(row["latency"])
        return snap

    # ---- stateful flows (docs/flows.md) -------------------------------------------------
    def start_flows(self, port: str, role: str, profile: FlowProfileLike) -> dict:
        """Starts one side of a flow run on `port`: `role` "client" (the profile's clients open
        connections) or "server" (its servers answer); `profile` a dict of a profile file's
        content, its JSON text, a profile file's path, or a ``FlowProfile``. The drone checks the
        profile (a DroneError naming the member: ``profile.templates[0].port: ...``), makes the
        side's hosts and starts; returns ``{"hosts", "setup_ns"}``. A port runs one side at a
        time; its numbers stay readable (flow_stats) until the next start or a discarding stop."""
        _check_port("port", port)
        request = drone_pb2.StartFlowsRequest(port=port, role=_flow_role(role), profile=as_flow_profile(profile),
                                              client_id=self.client_id)
        reply = to_dict(self._call("StartFlows", request, timeout=max(self.timeout or 0, _FLOW_CALL_SECONDS)))
        self._flows.add(port)
        return reply

    def stop_flows(self, port: str, discard: bool = False) -> None:
        """Stops the flow run on `port` (at once: connections still open are closed, counted as
        ``cut_at_end``, not failures) and removes its hosts; its numbers stay to be read unless
        `discard`. Stopping a run that already ended is fine; a port without one is a DroneError
        (NOT_FOUND)."""
        _check_port("port", port)
        self._call("StopFlows", drone_pb2.StopFlowsRequest(port=port, client_id=self.client_id, discard=discard),
                   timeout=max(self.timeout or 0, _FLOW_CALL_SECONDS))
        self._flows.discard(port)

    def flow_stats(self, *ports: str, buckets: bool = False) -> list:
        """The flow runs' numbers: a ``PortFlows`` dict per port (every port with a run when none
        is named; a named port without one is a DroneError, NOT_FOUND): ``port``, ``role``
        ("FLOW_CLIENT", "FLOW_SERVER"), ``running``, ``error``, ``hosts``, ``elapsed_ns``,
        ``templates`` with their ``phases`` (counts by phase, latencies). With `buckets`, each
        latency's whole histogram too (staccato.latency reads it)."""
        for i, port in enumerate(ports):
            _check_port(f"ports[{i}]", port)
        reply = self._call("FlowStats", drone_pb2.FlowStatsRequest(ports=ports, latency_buckets=buckets))
        return [to_dict(p) for p in reply.ports]

    def run_flows(self, profile: FlowProfileLike, client_port: str, server_port: str,
                  server_drone: Optional["Drone"] = None, duration: Optional[float] = None,
                  on_progress: Optional[Callable[[FlowProgress], None]] = None, poll: float = 1.0) -> FlowResult:
        """Runs a flow profile as ``staccato-cli flows run`` does: its servers on `server_port`
        (of `server_drone`, or this drone), then its clients on `client_port`; polls the client
        side every `poll` seconds (``on_progress(FlowProgress)`` each time: the numbers and the
        CLI's progress line) until its run ends; stops both sides and returns a FlowResult.

        `duration`: seconds of the steady phase instead of the profile's (results are read in it).
        Both sides are stopped whatever happens: a DroneError, an exception from `on_progress`, a
        KeyboardInterrupt; the servers are never left running. The exception then goes on (the
        numbers stay on the drones: flow_stats)."""
        _check_port("client_port", client_port)
        _check_port("server_port", server_port)
        if server_drone is not None and not isinstance(server_drone, Drone):
            raise TypeError(f"server_drone: expected a staccato.Drone, got {type(server_drone).__name__}")
        if duration is not None:
            if isinstance(duration, bool) or not isinstance(duration, (int, float)) or not math.isfinite(duration) \
                    or not 0 < duration <= _MAX_PHASE_SECONDS:
                raise ValueError(f"duration: {duration!r} is not a number of seconds above 0 and at most "
                                 f"{_MAX_PHASE_SECONDS} (7 days)")
        if isinstance(poll, bool) or not isinstance(poll, (int, float)) or not math.isfinite(poll) \
                or not _MIN_POLL_SECONDS <= poll <= _MAX_POLL_SECONDS:
            raise ValueError(f"poll: {poll!r} is not a number of seconds from {_MIN_POLL_SECONDS} to {_MAX_POLL_SECONDS}")
        if on_progress is not None and not callable(on_progress):
            raise TypeError(f"on_progress: expected a callable, got {type(on_progress).__name__}")
        server = server_drone or self
        if server is self and client_port == server_port:
            raise ValueError(f"client_port and server_port are both {client_port!r}: a port runs one side at a time")
        message = as_flow_profile(profile)
        if duration is not None:
            message.load.steady_seconds = float(duration)

        server.start_flows(server_port, "server", message)
        with _stopping(server, server_port):
            self.start_flows(client_port, "client", message)
            with _stopping(self, client_port):
                before, last = self.flow_stats(client_port)[0], time.monotonic()
                while before["running"]:
                    time.sleep(poll)
                    now, at = self.flow_stats(client_port)[0], time.monotonic()
                    if on_progress is not None:
                        on_progress(FlowProgress(now, before, at - last))
                    before, last = now, at
        client = self.flow_stats(client_port, buckets=True)[0]
        server_flows = server.flow_stats(server_port)[0]
        return FlowResult(to_dict(message), client, server_flows)


def _enum_name(enum, value: str) -> str:
    """The proto name for `value`: itself ("RX_PCAP"), or as the CLI writes it ("pcap", "turbo-copy")."""
    wanted = value.upper().replace("-", "_")
    names = [v.name for v in enum.values]
    matches = [n for n in names if n == wanted] or [n for n in names if n.endswith("_" + wanted)]
    if len(matches) != 1:
        raise ValueError(f"{value!r} is not a {enum.name} (allowed: {', '.join(names)}{_cli_names(names)})")
    return matches[0]


def _cli_names(names) -> str:
    """", or off, l2, l3, l4": the values as the CLI writes them, when they share a prefix
    (REFLECT_OFF, REFLECT_L2, ...; RX_AUTO, RX_PCAP, ...)."""
    prefix = os.path.commonprefix(names)
    prefix = prefix[:prefix.rfind("_") + 1]
    if not prefix:
        return ""
    return ", or " + ", ".join(n[len(prefix):].lower().replace("_", "-") for n in names)


def _check_port(what: str, port) -> None:
    if not isinstance(port, str):
        raise TypeError(f"{what}: expected a port name (str), got {type(port).__name__}")
    if not port.strip():
        raise ValueError(f"{what}: empty (give a port name, e.g. 'demo0')")


def _flow_role(role) -> int:
    """FLOW_CLIENT / FLOW_SERVER from "client", "server" or the proto names."""
    if not isinstance(role, str):
        raise TypeError(f"role: expected 'client' or 'server', got {type(role).__name__}")
    try:
        name = _enum_name(drone_pb2.FlowRole.DESCRIPTOR, role)
    except ValueError:
        name = ""
    if name not in ("FLOW_CLIENT", "FLOW_SERVER"):
        raise ValueError(f"role: {role!r} is not 'client' or 'server'")
    return drone_pb2.FlowRole.Value(name)


@contextlib.contextmanager
def _stopping(drone: "Drone", port: str) -> Iterator[None]:
    """Stops the flow side on `port` when the block ends, however it ends. A failing stop raises
    when the block went well; when the block raised, its exception goes on (the stop's after it)."""
    try:
        yield
    except BaseException as e:
        try:
            drone.stop_flows(port)
        except Exception as stop_error:  # the block's exception is what the caller needs
            if hasattr(e, "add_note"):  # Python 3.11
                e.add_note(f"stopping the flows on {port} failed too: {stop_error}")
        raise
    drone.stop_flows(port)
