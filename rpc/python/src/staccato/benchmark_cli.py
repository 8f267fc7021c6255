"""RFC 2544 and NDR/PDR benchmarks from Python, run by ``staccato-cli benchmark rfc2544``: the
one runner the CLI and the GUI share (docs/benchmarks.md), whose JSON comes back as a
:class:`BenchmarkResult`.

    import staccato
    result = staccato.benchmark("eth1", "eth2", drone="unix:/run/staccato/lab.sock",
                                sizes=[64, 512, 1518], loss=[0, 0.5], preset="quick",
                                report="bench.html")
    for size, ndr in result.throughput("NDR").items():
        print(size, f"{100 * ndr.lower_load:.2f} %", "tester-limited" if ndr.tester_limited else "")
"""
import collections
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Callable, Iterable, List, Optional, Sequence, Union

from staccato.benchmark_result import BenchmarkResult
from staccato.errors import FileFormatError

OUTPUT_LINES_KEPT = 40  # of the CLI's output, for the error message


class BenchmarkError(Exception):
    """The benchmark could not run or ended early. ``str(error)`` says why (the runner's error,
    or the CLI's last lines); ``result`` is what was measured until then when the CLI wrote its
    JSON (else None); ``returncode`` is the CLI's exit status (None when it never started)."""

    def __init__(self, message: str, returncode: Optional[int] = None, output: str = "",
                 result: Optional[BenchmarkResult] = None):
        super().__init__(message)
        self.message, self.returncode, self.output, self.result = message, returncode, output, result


def _join(values) -> str:
    return ",".join(str(v) for v in values)


def _options(*pairs) -> List[str]:
    """``OPTION VALUE`` for each (OPTION, VALUE) pair whose value is not None."""
    return [a for option, value in pairs if value is not None for a in (option, str(value))]


def _flags(*pairs) -> List[str]:
    """``FLAG`` for each (FLAG, on) pair that is on."""
    return [flag for flag, on in pairs if on]


REFLECT_SWAPS = ("l2", "l3", "l4")


def _far_ends(rx, reflector, reflect_swap) -> "tuple[str, object, Optional[str]]":
    """Where a benchmark's frames go: ("rx", rx) to the far tester port, or ("reflector", reflector)
    to a port that returns them to tx; and `reflect_swap` checked ("l2", "l3", "l4", or None).
    Exactly one of rx and reflector; reflect_swap only with a reflector."""
    if rx is not None and reflector is not None:
        raise ValueError("rx and reflector: give one, not both (through a reflector the frames return to tx: "
                         "there is no rx port)")
    if rx is None and reflector is None:
        raise ValueError("name where the frames go: rx=PORT (the tester port at the far end) or reflector=PORT "
                         "(a port that returns them to tx; PORT, PORT@DRONE or @NAME:PORT)")
    if reflect_swap is not None:
        if reflector is None:
            raise ValueError("reflect_swap: only with reflector= (how the reflector swaps what it returns)")
        swap = str(reflect_swap).lower()
        if swap not in REFLECT_SWAPS:
            raise ValueError(f"reflect_swap: {reflect_swap!r} (allowed: {', '.join(REFLECT_SWAPS)})")
        reflect_swap = swap
    return ("rx", rx, None) if rx is not None else ("reflector", reflector, reflect_swap)


def _cli_of_build_tree() -> Optional[str]:
    """The CLI of the build tree this package is used from (a source checkout's rpc/python, or
    the tests' venv under build/dev): build/{dev,release}/client/cli/staccato-cli."""
    here = Path(__file__).resolve()
    for folder in here.parents:
        for candidate in (folder / "client/cli/staccato-cli", folder / "build/dev/client/cli/staccato-cli",
                          folder / "build/release/client/cli/staccato-cli"):
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
    return None


def find_cli(cli: Optional[str] = None) -> str:
    """`cli`, else $STACCATO_CLI, else staccato-cli on the PATH, else the CLI of the build tree
    this package comes from."""
    path = cli or os.environ.get("STACCATO_CLI") or shutil.which("staccato-cli") or _cli_of_build_tree()
    if not path:
        raise BenchmarkError("staccato-cli not found: install it (the staccato-cli package), put it on the PATH, "
                             "pass cli=PATH, or set STACCATO_CLI (in a build tree: "
                             "STACCATO_CLI=build/dev/client/cli/staccato-cli)")
    return path


class Benchmark:
    """A benchmark's settings, run as often as wanted with :meth:`run`. Options are the CLI's
    (``staccato-cli benchmark rfc2544 --help``, docs/benchmarks.md):

    - ``tx``, ``rx``: ports ("eth1" on the drone, or "eth1@ADDRESS" on another), or lists of
      them for several pairs (``tx[i]`` sends to ``rx[i]``)
    - ``reflector`` instead of ``rx``: ports (PORT, PORT@DRONE or @NAME:PORT; a list for several
      pairs) that return every test frame to ``tx[i]``, which receives them: the device sits
      between ``tx[i]`` and ``reflector[i]``, latency is the round trip. ``reflect_swap`` ("l2",
      "l3", "l4"; the CLI's default l3) is what a reflector that does not reflect yet is set to
      swap (``Drone.configure(port, reflect=...)``). Not with ``bidirectional``
    - ``drone``, ``token_file``, ``tls``, ``ca``: the drone, as every CLI command takes it
    - ``bidirectional``, ``ipv6``; ``sizes`` (64, "imix", ...); ``duration`` (seconds of a
      full-length trial); ``loss`` (goals in percent, 0 = NDR); ``tests`` ("throughput",
      "latency", "loss", "b2b"); ``preset`` ("quick", "rfc2544-strict") or ``config`` (a JSON
      config file); ``calibration`` (a :func:`calibrate` result file, ``json=`` of it)
    - ``report`` (HTML), ``junit``, ``csv``: reports to keep besides the JSON; ``json``: where to
      keep the JSON (by default a temporary file, read and removed)
    - ``extra_args``: further CLI arguments, as given
    """

    def __init__(self, tx: Union[str, Sequence[str]], rx: Union[str, Sequence[str], None] = None, *,
                 reflector: Union[str, Sequence[str], None] = None, reflect_swap: Optional[str] = None,
                 drone: Optional[str] = None,
                 token_file: Optional[str] = None, tls: bool = False, ca: Optional[str] = None,
                 bidirectional: bool = False, ipv6: bool = False, config: Optional[str] = None,
                 calibration: Optional[str] = None,
                 sizes: Optional[Iterable[Union[int, str]]] = None, duration: Optional[float] = None,
                 loss: Optional[Iterable[float]] = None, tests: Optional[Iterable[str]] = None,
                 preset: Optional[str] = None, report: Optional[str] = None, json: Optional[str] = None,
                 junit: Optional[str] = None, csv: Optional[str] = None, extra_args: Sequence[str] = (),
                 cli: Optional[str] = None):
        kind, ends, self.reflect_swap = _far_ends(rx, reflector, reflect_swap)
        self.tx = [tx] if isinstance(tx, str) else list(tx)
        ends = [ends] if isinstance(ends, str) else list(ends)
        self.rx, self.reflector = (ends, []) if kind == "rx" else ([], ends)
        if not self.tx or len(self.tx) != len(ends):
            what = "one receive port" if kind == "rx" else "one reflector"
            raise ValueError(f"tx and {kind}: {what} for each transmit port (got {len(self.tx)} and {len(ends)})")
        if self.reflector and bidirectional:
            raise ValueError("bidirectional: not with a reflector (it returns the frames: the run measures both ways "
                             "as one round trip)")
        self.drone, self.token_file, self.tls, self.ca = drone, token_file, tls, ca
        self.bidirectional, self.ipv6, self.duration, self.preset = bidirectional, ipv6, duration, preset
        self.config, self.calibration = config, calibration
        self.sizes = list(sizes) if sizes is not None else None
        self.loss = list(loss) if loss is not None else None
        self.tests = list(tests) if tests is not None else None
        self.report, self.json, self.junit, self.csv = report, json, junit, csv
        self.extra_args, self.cli = list(extra_args), cli

    def args(self, json_path: str, report_path: str) -> List[str]:
        """The CLI's arguments after the program's name."""
        return (["benchmark", "rfc2544"] + self._common() + ["--report", report_path, "--json", json_path] +
                _options(("--preset", self.preset), ("--config", self.config), ("--calibration", self.calibration),
                         ("--loss", _join(self.loss) if self.loss is not None else None),
                         ("--tests", _join(self.tests) if self.tests is not None else None)) +
                _flags(("--bidirectional", self.bidirectional)) +
                _options(("--junit", self.junit), ("--csv", self.csv)) + self.extra_args)

    def _common(self) -> List[str]:
        """The ports, the drone and the options `benchmark calibrate` takes too."""
        a = []
        for tx, rx in zip(self.tx, self.rx):
            a += ["--tx", tx, "--rx", rx]
        for tx, reflector in zip(self.tx, self.reflector):
            a += ["--tx", tx, "--reflector", reflector]
        return a + _options(("--reflect-swap", self.reflect_swap), ("--drone", self.drone), ("--token-file", self.token_file), ("--ca", self.ca),
                            ("--duration", self.duration), ("--sizes", _join(self.sizes) if self.sizes is not None else None)) + \
            _flags(("--tls", self.tls), ("--ipv6", self.ipv6))

    def run(self, *, timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
            check: bool = True) -> BenchmarkResult:
        """Runs the benchmark and returns its result. ``on_output`` gets each line the CLI prints
        (its progress names the current trial). With ``check`` (the default) a non-zero exit or a
        result with an error raises :class:`BenchmarkError` (with the partial result); without,
        whatever JSON the CLI wrote is returned. A stopped run (Ctrl+C) is returned as such."""
        program = find_cli(self.cli)
        with tempfile.TemporaryDirectory(prefix="staccato-benchmark-") as tmp:
            json_path = str(self.json or os.path.join(tmp, "result.json"))
            report_path = str(self.report or os.path.join(tmp, "report.html"))
            returncode, tail, result = _run_for_result([program] + self.args(json_path, report_path), json_path,
                                                       BenchmarkResult, "staccato-cli benchmark", timeout, on_output)
        if check and result.error:
            raise BenchmarkError(f"the benchmark ended early: {result.error}", returncode, tail, result)
        if check and returncode != 0 and not result.stopped:
            raise BenchmarkError(f"staccato-cli benchmark exited with {returncode}: {_last_line(tail)}", returncode, tail,
                                 result)
        return result


def _last_line(tail: str) -> str:
    """The CLI's last line of output: what it says went wrong."""
    return tail.strip().splitlines()[-1] if tail.strip() else "no output"


def _run_for_result(command: List[str], json_path: str, kind, what: str, timeout: Optional[float], on_output):
    """Runs `command` (the CLI `what`, told to write its result to `json_path`), and reads that
    result with ``kind.load``: its exit status, last lines and result. A file at `json_path`
    before the run is removed first (an earlier run's result is never read); a run that leaves
    none (or one this package cannot read) raises :class:`BenchmarkError` with the CLI's reason."""
    if os.path.exists(json_path):
        os.remove(json_path)
    returncode, output = _run(command, timeout, on_output)
    result, unreadable = None, ""
    if os.path.exists(json_path):
        try:
            result = kind.load(json_path)
        except FileFormatError as e:
            unreadable = f"; its JSON is unreadable: {e}"
    tail = "\n".join(output)
    if result is None:
        raise BenchmarkError(f"{what} failed (exit {returncode}) without a result: {_last_line(tail)}{unreadable}",
                             returncode, tail)
    return returncode, tail, result


def _run(command: List[str], timeout: Optional[float], on_output,
         stdout: Optional[List[str]] = None) -> "tuple[int, List[str]]":
    """Runs the CLI, handing each output line to `on_output`; its exit status and last lines.
    With `stdout`, standard output is collected there instead (the lines are standard error)."""
    kept = collections.deque(maxlen=OUTPUT_LINES_KEPT)
    try:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE if stdout is not None else subprocess.STDOUT, text=True,
                                errors="replace", bufsize=1)
    except OSError as e:
        raise BenchmarkError(f"cannot start {command[0]}: {e.strerror}") from None
    lines, reader = proc.stdout, None
    if stdout is not None:
        lines = proc.stderr
        reader = threading.Thread(target=lambda: stdout.append(proc.stdout.read()), daemon=True)
        reader.start()
    timer = None
    if timeout is not None:
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
    try:
        for line in lines:  # universal newlines: a progress bar's \r ends a line too
            line = line.rstrip("\n")
            if line:
                kept.append(line)
                if on_output:
                    on_output(line)
        returncode = proc.wait()
        if reader:
            reader.join()
    finally:
        if timer:
            timer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pipe in (proc.stdout, proc.stderr):
            if pipe:
                pipe.close()
    if timeout is not None and returncode == -9:
        raise BenchmarkError(f"staccato-cli benchmark did not end within {timeout} s (killed)", returncode, "\n".join(kept))
    return returncode, list(kept)


def benchmark(tx: Union[str, Sequence[str]], rx: Union[str, Sequence[str], None] = None, *,
              timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
              check: bool = True, **options) -> BenchmarkResult:
    """Runs one benchmark: ``Benchmark(tx, rx, **options).run(...)``; ``reflector=`` instead of
    ``rx`` through a reflector."""
    return Benchmark(tx, rx, **options).run(timeout=timeout, on_output=on_output, check=check)


def calibrate(tx: Union[str, Sequence[str]], rx: Union[str, Sequence[str], None] = None, *, save: Optional[str] = None,
              timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
              **options) -> BenchmarkResult:
    """``staccato-cli benchmark calibrate --json`` on ports joined without a device (port to port
    or a loop cable): per frame size, the highest rate this generator sends and counts. Returns a
    result whose ``calibration`` holds it; ``save`` writes the JSON there too, for a later
    benchmark's ``calibration=``. Options as :class:`Benchmark`'s that calibrate takes (ports,
    ``reflector`` and ``reflect_swap`` as well, drone, ``sizes``, ``duration``, ``ipv6``,
    ``extra_args``, ``cli``)."""
    b = Benchmark(tx, rx, **options)
    out: List[str] = []
    returncode, lines = _run([find_cli(b.cli), "benchmark", "calibrate"] + b._common() + ["--json"] + b.extra_args,
                             timeout, on_output, stdout=out)
    tail = "\n".join(lines)
    if returncode != 0:
        raise BenchmarkError(f"staccato-cli benchmark calibrate failed (exit {returncode}): {_last_line(tail)}",
                             returncode, tail)
    text = "".join(out)
    try:
        result = BenchmarkResult.from_json(text)
    except FileFormatError as e:
        raise BenchmarkError(f"staccato-cli benchmark calibrate wrote no calibration: {e}", returncode, tail) from None
    if save:
        with open(save, "w", encoding="utf-8") as f:
            f.write(text)
    return result
