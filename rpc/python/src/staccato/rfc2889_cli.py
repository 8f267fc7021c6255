"""RFC 2889 switch tests from Python, run by ``staccato-cli benchmark rfc2889``: the runner the CLI
uses (docs/benchmarks.md), whose JSON comes back as a :class:`~staccato.Rfc2889Result`.

    import staccato
    lab = "unix:/run/staccato/lab.sock"
    meshed = staccato.rfc2889("meshed", ports=["eth1", "eth2", "eth3", "eth4"], drone=lab, duration=10)
    print(meshed.answer, meshed.throughput_load)
    caching = staccato.rfc2889("caching", learning_port="eth1", test_port="eth2", monitor_port="eth3",
                               aging=600, drone=lab)
    print(caching.capacity, "or more" if caching.at_least else "")
    congestion = staccato.rfc2889("congestion", ports=["eth1", "eth2", "eth3", "eth4"], drone=lab)
    print(congestion.head_of_line_blocking, congestion.back_pressure)
    pressure = staccato.rfc2889("forward-pressure", tx="eth1", rx="eth2", min_load=50, step=10, drone=lab)
    print(pressure.max_forwarding_fps, pressure.forward_pressure)
    errored = staccato.rfc2889("errored-frames", tx="eth1", rx="eth2", undersize=60, oversize=1519, drone=lab)
    print(errored.filters_errored_frames, [(k.kind, k.sent, k.forwarded) for k in errored.outcome.kinds])
"""
import os
import tempfile
from typing import Callable, List, Optional, Sequence, Union

from staccato.benchmark_cli import BenchmarkError, _flags, _join, _last_line, _options, _run_for_result, find_cli
from staccato.rfc2889_result import Rfc2889Result

TESTS = ("caching", "learning", "meshed", "one-to-many", "many-to-one", "congestion", "broadcast", "forward-pressure",
         "errored-frames")
# As the CLI takes them: forward pressure's sweep in percent of the receiving port's line rate,
# errored frames' sizes in bytes, FCS included.
STEP_RANGE = (1, 100)
UNDERSIZE_RANGE = (34, 63)
OVERSIZE_RANGE = (1519, 16384)

Ports = Union[str, Sequence[str]]


def _port_list(name: str, ports: Optional[Ports]) -> Optional[List[str]]:
    """`ports` as a list of port names (one port's name alone is a list of one); None stays None."""
    if ports is None:
        return None
    listed = [ports] if isinstance(ports, str) else list(ports)
    if not all(isinstance(p, str) for p in listed):
        raise TypeError(f"{name}: ports as text (\"eth1\" or \"eth1@ADDRESS\"), one or a list")
    return listed


def _number(name: str, value, low: float, high: float, whole: bool = False) -> None:
    """Refuses `value` (when given) unless it is a number in low..high (a whole one if `whole`)."""
    if value is None:
        return
    kind = "a whole number" if whole else "a number"
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and value != int(value)):
        raise TypeError(f"{name}: {kind} {low}..{high}, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name}: must be {low}..{high}, not {value!r}")


def _own_options(test: str, step, undersize, oversize) -> None:
    """Forward pressure's and errored frames' options, checked before the CLI runs: each belongs to
    its test, in the CLI's range."""
    for name, value, owner in (("step", step, "forward-pressure"), ("undersize", undersize, "errored-frames"),
                               ("oversize", oversize, "errored-frames")):
        if value is not None and test != owner:
            raise ValueError(f"{name}: is an option of the {owner} test, not of {test}")
    _number("step", step, *STEP_RANGE)
    _number("undersize", undersize, *UNDERSIZE_RANGE, whole=True)
    _number("oversize", oversize, *OVERSIZE_RANGE, whole=True)


def _listed(ports: Union[str, List[str], None]) -> Optional[str]:
    """One port as given, a list as the CLI takes it ("eth1,eth2"); None (or an empty list) stays out."""
    if not ports:
        return None
    return _join(ports) if isinstance(ports, list) else ports


class Rfc2889:
    """An RFC 2889 test's settings, run as often as wanted with :meth:`run`. ``test`` is one of
    :data:`TESTS`; options are the CLI's (``staccato-cli
    benchmark rfc2889``, docs/benchmarks.md), each test taking its own (the CLI refuses others):

    - caching, learning: ``learning_port``, ``test_port``, ``monitor_port`` (``--learning``,
      ``--test``, ``--monitor``: "eth1" on the drone, or "eth1@ADDRESS"), ``aging`` (seconds,
      required), ``test_rate`` (fps); caching: ``max_addresses``, ``learning_rate`` (fps),
      ``resolution`` (addresses); learning: ``addresses``, ``min_rate``, ``max_rate`` (fps),
      ``resolution`` (a share of the rate: 0.01)
    - meshed: ``ports`` (a list of 2 to 16), ``load``, ``min_load``, ``resolution`` (percent of
      the line rate), ``duration`` (seconds a trial), ``size`` (bytes or "imix")
    - one-to-many: ``tx`` (one port), ``rx`` (one or a list); many-to-one: ``tx`` (one or a
      list), ``rx`` (one port); both ``load``, ``min_load``, ``resolution``, ``duration``, ``size``
      as meshed
    - congestion: ``ports`` (four: the two senders, the congested port, the uncongested one),
      ``load`` (percent, the one trial's), ``duration``, ``size``
    - broadcast: ``tx`` (one port), ``rx`` (one or a list), ``load`` (percent), ``duration``, ``size``
    - forward-pressure (the maximum forwarding rate and forward pressure): ``tx``, ``rx`` (one port
      each), ``min_load``, ``step`` and ``load`` (percent of the receiving port's line rate: the
      sweep, 10 to 100 in steps of 10 by default; one trial with an 88-bit gap follows it),
      ``duration``, ``size``
    - errored-frames: ``tx``, ``rx`` (one port each), ``load`` (percent, the one trial's),
      ``duration``, ``size`` (the valid frames'), ``undersize`` (bytes, 34..63, 60 by default) and
      ``oversize`` (bytes, 1519..16384, 1519 by default); bad FCS is not tested
    - every test: ``drain``, ``start_margin`` (ms), ``learning_frames``; ``drone``,
      ``token_file``, ``tls``, ``ca``, ``fleet``: the drones, as every CLI command takes them;
      ``quiet`` (no line per trial); ``json``: where to keep the result file (by default a
      temporary file, read and removed); ``report``: where to write the HTML report (none by
      default); ``extra_args``: further CLI arguments, as given
    """

    def __init__(self, test: str, *, learning_port: Optional[str] = None, test_port: Optional[str] = None,
                 monitor_port: Optional[str] = None, ports: Optional[Ports] = None, tx: Optional[Ports] = None,
                 rx: Optional[Ports] = None, aging: Optional[float] = None, test_rate: Optional[float] = None,
                 max_addresses: Optional[int] = None, learning_rate: Optional[float] = None,
                 addresses: Optional[int] = None, min_rate: Optional[float] = None, max_rate: Optional[float] = None,
                 resolution: Optional[float] = None, load: Optional[float] = None, min_load: Optional[float] = None,
                 duration: Optional[float] = None, size: Union[int, str, None] = None, step: Optional[float] = None,
                 undersize: Optional[int] = None, oversize: Optional[int] = None, drain: Optional[float] = None,
                 start_margin: Optional[float] = None, learning_frames: Optional[int] = None,
                 drone: Optional[str] = None, token_file: Optional[str] = None, tls: bool = False,
                 ca: Optional[str] = None, fleet: Optional[str] = None, quiet: bool = False, json: Optional[str] = None,
                 report: Optional[str] = None, extra_args: Sequence[str] = (), cli: Optional[str] = None):
        if test not in TESTS:
            raise ValueError(f"test: {test!r} is not an RFC 2889 test (allowed: {', '.join(TESTS)})")
        many_to_one = test == "many-to-one"  # its senders are many, its receiver one
        for name, port in (("learning_port", learning_port), ("test_port", test_port), ("monitor_port", monitor_port),
                           ("rx", rx) if many_to_one else ("tx", tx)):
            if port is not None and not isinstance(port, str):
                raise TypeError(f"{name}: one port (\"eth1\" or \"eth1@ADDRESS\"), as text")
        self.test = test
        self.learning_port, self.test_port, self.monitor_port = learning_port, test_port, monitor_port
        self.ports = _port_list("ports", ports)
        if test == "congestion" and self.ports is not None and len(self.ports) != 4:
            raise ValueError("ports: congestion takes four ports: the two senders, the congested port, the uncongested one")
        self.tx = _port_list("tx", tx) if many_to_one else tx
        self.rx = rx if many_to_one else _port_list("rx", rx)
        if test in ("forward-pressure", "errored-frames"):
            if self.rx is not None and len(self.rx) != 1:
                raise ValueError(f"rx: {test} takes one receiving port: it measures one port's way out")
            _number("load", load, 0.01, 100)
            if test == "forward-pressure":
                _number("min_load", min_load, 1, 100)
                if min_load is not None and not isinstance(min_load, bool) and min_load > (100 if load is None else load):
                    raise ValueError(f"min_load: must be at most load ({100 if load is None else load} %)")
        _own_options(test, step, undersize, oversize)
        self.aging, self.test_rate, self.max_addresses, self.learning_rate = aging, test_rate, max_addresses, learning_rate
        self.addresses, self.min_rate, self.max_rate, self.resolution = addresses, min_rate, max_rate, resolution
        self.load, self.min_load, self.duration, self.size = load, min_load, duration, size
        self.step, self.undersize, self.oversize = step, undersize, oversize
        self.drain, self.start_margin, self.learning_frames = drain, start_margin, learning_frames
        self.drone, self.token_file, self.tls, self.ca, self.fleet = drone, token_file, tls, ca, fleet
        self.quiet, self.json, self.report, self.extra_args, self.cli = quiet, json, report, list(extra_args), cli

    def args(self, json_path: str) -> List[str]:
        """The CLI's arguments after the program's name."""
        return (["benchmark", "rfc2889", self.test] +
                _options(("--learning", self.learning_port), ("--test", self.test_port),
                         ("--monitor", self.monitor_port), ("--ports", _listed(self.ports)),
                         ("--tx", _listed(self.tx)), ("--rx", _listed(self.rx)), ("--aging", self.aging),
                         ("--test-rate", self.test_rate), ("--max-addresses", self.max_addresses),
                         ("--learning-rate", self.learning_rate), ("--addresses", self.addresses),
                         ("--min-rate", self.min_rate), ("--max-rate", self.max_rate), ("--resolution", self.resolution),
                         ("--load", self.load), ("--min-load", self.min_load), ("--step", self.step),
                         ("--duration", self.duration), ("--size", self.size), ("--undersize", self.undersize),
                         ("--oversize", self.oversize), ("--drain", self.drain), ("--start-margin", self.start_margin),
                         ("--learning-frames", self.learning_frames), ("--drone", self.drone),
                         ("--token-file", self.token_file), ("--ca", self.ca), ("--fleet", self.fleet),
                         ("--report", self.report)) +
                _flags(("--tls", self.tls), ("--quiet", self.quiet)) + ["--json", json_path] + self.extra_args)

    def run(self, *, timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
            check: bool = True) -> Rfc2889Result:
        """Runs the test and returns its result, complete or not: a search the tester could not
        finish (a trial it did not send as asked, a stop on request) is a result
        (``result.complete`` False, ``result.answer`` "incomplete: why (so far: ...)"), not an
        error, although the CLI exits 1 for it. ``on_output`` gets each line the CLI prints (a
        line per trial, the answer, a traffic test's pairs).

        Raises :class:`BenchmarkError` when the CLI ends without a result (bad options, an
        unreachable drone: the CLI's message), and with ``check`` (the default) when the run
        ended with an error (``e.result``: the trials until then) or the CLI failed after a
        complete run. Without ``check``, whatever result the CLI wrote is returned."""
        program = find_cli(self.cli)
        with tempfile.TemporaryDirectory(prefix="staccato-rfc2889-") as tmp:
            json_path = str(self.json or os.path.join(tmp, "result.json"))
            returncode, tail, result = _run_for_result([program] + self.args(json_path), json_path, Rfc2889Result,
                                                       "staccato-cli benchmark rfc2889", timeout, on_output)
        if check and result.error:
            raise BenchmarkError(f"the RFC 2889 {self.test} test ended early: {result.error}", returncode, tail, result)
        if check and returncode != 0 and result.complete:  # exit 0 only for a complete result
            raise BenchmarkError(f"staccato-cli benchmark rfc2889 exited with {returncode}: {_last_line(tail)}",
                                 returncode, tail, result)
        return result


def rfc2889(test: str, *, timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
            check: bool = True, **options) -> Rfc2889Result:
    """Runs one RFC 2889 test: ``Rfc2889(test, **options).run(...)``. An incomplete result is
    returned, not raised (see :meth:`Rfc2889.run`)."""
    return Rfc2889(test, **options).run(timeout=timeout, on_output=on_output, check=check)
