// staccato-cli: drive Staccato from a shell or CI.
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "client/cli/commands.h"
#include "client/cli/drone_options.h"
#include "client/cli/safe_output.h"

namespace staccato::cli {
namespace {

constexpr const char* kUsage = R"(Usage: staccato-cli COMMAND [OPTIONS]

Commands:
  build STREAM_FILE --count N --output OUT.pcap|OUT.pcapng [--line-rate BPS]
        Write the first N packets of every enabled stream in STREAM_FILE to a pcap (or, by
        extension, pcapng) file, exactly as they would be sent, with timestamps from each
        stream's rate.
  import CAPTURE --output STREAMS.json [--replay [--pps N | --speed X]] [--recompute-checksums]
        A pcap or pcapng capture as a stream file: one editable stream per packet (bytes kept
        exactly; --recompute-checksums leaves checksums and lengths to Staccato so edits stay
        valid), or --replay: one stream sending the frames as captured, at the capture's
        timing (--speed 2 = twice as fast) or evenly at --pps N. See docs/captures.md.
  protocols [--markdown]
        List every protocol and field Staccato can build (Wireshark display-filter names).

Drone commands (options, before or after the command: --drone HOST:PORT or unix:PATH
(default unix:/run/staccato/drone.sock or $STACCATO_DRONE), --token-file FILE, --tls, --ca CA.pem,
--plaintext-token, --fleet FILE). A bare --token-file/--ca is for the drones you type (--drone,
--rx-drone, --map targets); another drone gets one when named: --token-file ADDRESS=FILE, --ca
ADDRESS=FILE. A token goes to another host only over TLS, unless --plaintext-token allows clear
text. With --fleet drones.yaml, drones are @NAME and ports @NAME:PORT (an alias or the port's
name) wherever an address or a port goes, with the fleet's addresses, CAs and token files; a
session file's drones may be @NAME too. See docs/deploy.md#the-fleet-file):
  fleet show [--json]        The fleet file as read (file paths absolute).
  fleet status [--json]      Every drone of the fleet at once: reachable, version, clock
                             (synchronized? estimated error), ports with their backends, mode,
                             transmitting and reservations. Exit status 1 when one is unreachable.
  ports [--json]             The drone's ports.
  configure PORT [--mode sequential|interleaved] [--track-rx on|off] [--line-rate BPS]
                 [--backend auto|pcap|turbo|turbo-zerocopy|turbo-xdp|turbo-copy] [--queues N] [--cpus 0,1]
                 [--rx-backend auto|pcap|turbo|xdp-count|tc-count] [--reflect off|l2|l3|l4]
                             Transmit mode (streams one after another, or all at once each at
                             its own rate), per-stream receive tracking, the line rate that
                             load % refers to (0 = the driver's speed), the transmit backend
                             (auto: AF_XDP zero-copy, else in-kernel XDP (turbo-xdp), else
                             AF_XDP copy mode, else libpcap; docs/turbo.md), turbo's tx
                             queues (in-kernel: workers; 0 = all) and their cores, the receive engine
                             (auto = per driver: xdp-count on veth, else turbo, else libpcap;
                             turbo and xdp-count count millions of frames/s, and tcpdump on
                             the port no longer sees signature frames: the drone's own capture
                             does), and whether the port reflects: returns every test frame
                             out of the port with MAC (l2), also IP (l3), also UDP/TCP port
                             (l4) source and destination swapped, in XDP; other frames (ARP,
                             ping) go to the kernel. Prints the new settings.
  run STREAM_FILE --tx PORT [--rx PORT [--rx-drone HOST:PORT]] [--duration SECONDS] [--json]
      [--junit FILE] [--check] [--lease SECONDS] [--latency-csv FILE] [--latency-hgrm FILE]
                             Load the streams on PORT, send, show progress, stop when done or
                             after SECONDS, print port and per-stream stats (loss, latency...).
                             --rx-drone: the receive port is on another drone (latency then
                             depends on the two hosts' clock synchronisation).
                             --junit FILE: a JUnit XML report for CI (one test per stream: all
                             packets sent, none lost; one per port: no transmit error). A
                             stream without a signature is not tracked: its test is skipped
                             (nothing can count it on the receiving side).
                             --check: exit 3 when any of those checks fails.
                             Ctrl-C (SIGINT), SIGTERM or SIGHUP stops the ports, prints the
                             report so far and exits 128+signal. --lease: the drone stops the
                             ports itself when this CLI is gone for SECONDS (default 15; 0 = no
                             lease, the ports send on until stopped).
                             --latency-csv FILE: every received stream's latency histogram,
                             one row per bucket (drone, stream_id, tx_port, rx_port,
                             bucket_low_ns, bucket_high_ns, count, cumulative_fraction).
                             --latency-hgrm FILE: the latency of all received streams together
                             as HdrHistogram's percentile distribution (.hgrm, in µs), for its
                             plotter. --json includes the buckets too (latency.bucket_index,
                             bucket_count; see docs/drone.md).
  run SESSION_FILE [--map RULE]... [--duration SECONDS] [--json] [--junit FILE] [--check]
      [--lease SECONDS] [--latency-csv FILE] [--latency-hgrm FILE] [--ramp MS]
      [--start-margin MS] [--clock-tolerance US] [--unsynchronized-start]
                             Every drone and port of a session file at once (drones from the
                             file: give each its token with --token-file ADDRESS=FILE, or
                             type it with --drone/--map). --map moves the session onto
                             other ports or drones: PORT=NEWPORT, PORT@DRONE=NEWPORT@NEWDRONE,
                             @DRONE=@NEWDRONE (repeat --map for several rules; a rule that
                             matches no port of the file is a warning).
                             Several sending drones start together at a wall-clock time T0
                             (--start-margin ahead, default 500 ms) if their clocks are
                             synchronized within --clock-tolerance (default 1000 us); else
                             the run is refused (--unsynchronized-start: warn and go on).
                             --ramp MS: rates rise from nothing to the streams' own (also for
                             stream files).
  session save OUT.json [--drone HOST:PORT]... [--port PORT]...
                             What the drones hold (every port's configuration and streams, or
                             only the --port ones) as a session file. Tokens are never saved.
                             See docs/sharing.md.
  start PORT... [--in MS] [--ramp MS]
                             Start sending (all or none). --in MS: at the drone's clock now +
                             MS, every port at the same instant (when the ports' queues take
                             longer to open, again with twice the margin, saying so; prints
                             start_time_ns once started);
                             --ramp MS: rates rise from nothing to the streams' own.
  rate PORT --scale X | rate PORT --stream ID (--pps N | --load PCT | --bps N)...
                             Change a sending port's rates at once, without stopping it
                             (counts, sequences and field values go on): --scale multiplies
                             every stream's own rate; --stream sets one stream's (repeat
                             --stream with its rate for several). Checked as a start checks.
  load STREAM_FILE --port PORT
                             Put the streams on PORT without sending (then: start PORT...).
  streams PORT [--output FILE]
                             The streams PORT holds, as a stream file.
  flows check PROFILE         Read a flow profile (stateful TCP, HTTP, TLS and UDP traffic; see
                             docs/flows.md) with every value checked, and say what it runs:
                             the template mix, the load and its phases, the hosts.
  flows resolve PROFILE|-     The profile with the files it names read into it (tls templates'
                             certificate and key, pcap templates' session turns; relative names
                             from its folder), as JSON: what a client sends the drone.
  flows run PROFILE [--client PORT] [--server PORT] [--server-drone HOST] [--duration SECONDS]
            [--max-failure-ratio R] [--json] [--junit OUT.xml]
                             Run it: the servers' hosts on --server's port (of --server-drone,
                             or @NAME:PORT with --fleet), the clients' on --client's, real TCP,
                             HTTP and UDP exchanges between them; a progress line a second,
                             then per template: connections, failures by kind, retransmissions,
                             connections/s, transactions/s, goodput, connect / first byte /
                             last byte latency. --duration sets the steady phase. Exit 1 when
                             more than R (default 0) of the connections failed, or the tester
                             could not keep up. --junit writes the client side's results as
                             JUnit XML (a case per template and the verdict).
  benchmark rfc9411 PROFILE --client PORT[@DRONE] --server PORT[@DRONE] [--search rate|concurrent]
            [--low N] [--high N] [--resolution PCT] [--max-failure-ratio R] [--max-latency-ms MS]
            [--duration SECONDS] [--json FILE] [--report OUT.html] [--junit OUT.xml] [--csv OUT.csv]
                             RFC 9411: the highest connections/s (or concurrency) at which a
                             flow run of the profile passes (failures within R, last-byte p99
                             within MS), by bisection; a trial the tester could not offer ends
                             the search, incomplete (docs/flows.md#rfc-9411). The reports as
                             the other benchmarks': HTML, JUnit (a case a trial), CSV (a row a
                             trial), each saying when the tester limited a trial.
  export (STREAM_FILE | --port PORT) [--count N] --output OUT.pcap|OUT.pcapng [--line-rate BPS]
                             Packets of every enabled stream, exactly as they would be sent:
                             N per stream, or as many as each stream sends.
  stats [PORT...] [--watch] [--interval MS] [--json] [--latency-csv FILE] [--latency-hgrm FILE]
                             Port and stream stats (of PORTs: all without). The latency files
                             as for run (with --watch: rewritten with each snapshot).
  watch [PORT...] [--interval S] [--record FILE] [--duration S] [--json] [--quiet]
                             The stats tables every S seconds (default 1) until Ctrl-C or
                             --duration; --record keeps every snapshot in FILE: JSON lines
                             (the GUI opens them: File > Open recording), or CSV rows per port
                             and stream when FILE ends in .csv. See docs/observability.md.
  stop PORT... | clear [PORT...]
  capture PORT start [--filter BPF] [--limit-packets N | --limit-bytes N | --ring-mb N]
        [--direction rx|tx|both]
                             Capture what crosses PORT (sending or not) into the drone's memory:
                             frames matching the BPF filter (tcpdump syntax), received, sent or
                             both (default), until N packets or N bytes are held, or as a ring
                             keeping the last N MiB (default: a ring of 64 MiB). Frames that
                             turbo receive counts are in it too. See docs/captures.md.
  capture PORT stop [--discard]
                             Stop it; it keeps what it holds until fetched and discarded
                             (--discard frees the drone's capture memory now).
  capture PORT status [--json]
                             State, packets held and seen, ring wraps and drops, kernel drops.
  capture PORT fetch --output FILE.pcapng
                             What the (stopped or finished) capture holds, as pcapng.
  reserve PORT | release PORT [--force]
                             Reserve a port for yourself ($STACCATO_CLIENT_ID or user@host):
                             others cannot change, start or stop it until you release it.
  devices PORT add --count N --mac M --ip A/P --gateway G [--ipv6 A/P --gateway6 G] [--vlan ID]...
        [--step-ip S --step-mac S] [--name NAME] [--announce]
  devices PORT list [--json] | devices PORT clear
                             Emulated hosts on PORT (device groups, part of its configuration):
                             N hosts from MAC M and address A on, each step apart (S: a number,
                             or 0.0.1.0 / 00:00:00:00:01:00), optional VLAN tags (repeat --vlan
                             for QinQ, outer first). The drone answers their ARP, neighbour
                             solicitations and pings, and streams send as them with eth.src
                             "device" and eth.dst "resolve". --announce: gratuitous ARP /
                             unsolicited NA when the group comes up. See docs/drone.md.
  neighbors PORT [--resolve [--address IP]...] [--json]
                             PORT's neighbour table (IP, MAC, state, age, the emulated host it
                             belongs to). --resolve first resolves every group's gateway (and
                             each --address), waiting up to about 4 s.
  benchmark rfc2544 --tx PORT --rx PORT|--reflector PORT [--tx ...]... [--bidirectional] [--ipv6]
      [--sizes 64,128,...|imix] [--preset rfc2544-strict|quick | --config FILE] [--duration S]
      [--loss 0,0.5] [--tests throughput,latency,loss,b2b] [--search binary|multi-goal]
      [--precision PCT] [--calibration FILE] [--ramp MS] [--no-learning] [--learning-frames N]
      [--drain MS] [--tolerance PCT] [--retries N] [--bound-catch-up] [--latency-trials N] [--b2b-trials N]
      [--start-margin MS] [--clock-tolerance US] [--unsynchronized-start] [--quiet]
      --report OUT.html [--json OUT.json] [--junit OUT.xml] [--csv OUT.csv]
                             RFC 2544 throughput (NDR/PDR: the highest load losing at most each
                             --loss percentage), latency, frame-loss curve and back-to-back per
                             frame size, through the device between the ports (PORT or
                             PORT@DRONE). Results the generator, not the device, limited say so
                             ("tester-limited"). A progress line names each trial on stderr.
                             The ports' streams are replaced. See docs/benchmarks.md.
                             --reflector PORT instead of --rx: one tester end; the device sits
                             between --tx and a port (often another drone's, @NAME:PORT) that
                             returns the frames (configure --reflect; set to --reflect-swap
                             l2|l3|l4, default l3, when it does not reflect yet): loss either
                             way, latency the round trip.
  benchmark calibrate --tx PORT --rx PORT [--sizes ...] [--duration S] [--precision PCT] [--json]
                             Per frame size, the highest rate this generator sends and counts
                             port to port with no device (kpps, Mbit/s with the 20-byte
                             preamble and gap, % of line rate); --json: a file for
                             benchmark rfc2544 --calibration.
  benchmark y1564 --config FILE --tx PORT --rx PORT|--reflector PORT [--no-performance|--performance-only]
      [--step-seconds S] [--performance-seconds S] [--ipv6] [--learning-frames N] [--drain MS]
      [--start-margin MS] [--quiet] [--report OUT.html] [--json OUT.json] [--junit OUT.xml] [--csv OUT.csv]
                             ITU-T Y.1564 service activation of the services the config file
                             describes (docs/examples/y1564/): per service the CIR steps, CIR +
                             EIR, the policing step and the CBS/EBS bursts, then every service at
                             CIR together with availability per Y.1563. A line per step on
                             stderr; PASS, FAIL or INCOMPLETE (not judged: the tester's own limit)
                             per step, service and run; exit 0 only when everything passed.
                             y1564 --config-schema / --result-schema print the config's and the
                             result file's JSON Schema.
  benchmark rfc2889 caching|learning --learning PORT --test PORT --monitor PORT --aging S
      [--test-rate FPS] [--max-addresses N] [--learning-rate FPS] [--resolution N]      (caching)
      [--addresses N] [--min-rate FPS] [--max-rate FPS] [--resolution SHARE]            (learning)
      [--drain MS] [--quiet] [--json OUT.json] [--report OUT.html]
                             RFC 2889 address caching capacity (the most source addresses the
                             device learns on --learning without flooding frames to them onto
                             --monitor) or address learning rate (the fastest rate, as sent, at
                             which it learns --addresses new ones). Each trial waits --aging
                             seconds first (longer than the device keeps an address).
  benchmark rfc2889 meshed --ports PORT,PORT[,...] [--load PCT] [--min-load PCT] [--resolution PCT]
      [--duration S] [--size BYTES|imix] [--quiet] [--json OUT.json]
  benchmark rfc2889 one-to-many --tx PORT --rx PORT,PORT[,...] [meshed's options]
  benchmark rfc2889 many-to-one --tx PORT,PORT[,...] --rx PORT [meshed's options]
  benchmark rfc2889 congestion --ports SENDER,SENDER,CONGESTED,UNCONGESTED [--load PCT] [--duration S]
  benchmark rfc2889 broadcast --tx PORT --rx PORT[,...] [--load PCT] [--duration S] [--size BYTES]
  benchmark rfc2889 forward-pressure --tx PORT --rx PORT [--load PCT] [--min-load PCT] [--step PCT]
      [--duration S] [--size BYTES|imix]
  benchmark rfc2889 errored-frames --tx PORT --rx PORT [--load PCT] [--duration S] [--size BYTES]
      [--undersize 34..63] [--oversize 1519..16384]
                             RFC 2889 fully meshed throughput (every port to every other, the
                             highest load per port with every frame delivered where it belongs
                             and nowhere else; per-pair counts and latency), partially meshed
                             (one port to several, its load split; several to one, each at the
                             load), congestion control (the first sender to the congested and
                             the uncongested port at half the load each, the second to the
                             congested one: head-of-line blocking and back pressure, one trial)
                             forward pressure and maximum forwarding rate (loads stepped up to
                             --load, then one trial with an 88-bit gap: forwarding faster than
                             the line rate is forward pressure), errored frames filtering (valid,
                             undersized and oversized frames, a third each: what is forwarded;
                             bad FCS is not tested, no drone port sends it) and broadcast
                             forwarding (one port's broadcast counted on every other). A line
                             per trial on stderr; exit 0 when the test completed.
  benchmark report RESULT.json [--report OUT.html] [--json OUT.json] [--junit OUT.xml] [--csv OUT.csv]
                             Renders the reports again from a result file (written by
                             benchmark rfc2544, y1564 or rfc9411 --json, or by a script: the
                             Python package writes one).
  benchmark schema           The result file's JSON Schema (every member, its type; members
                             marked readOnly are written for readers and never read back).
  help  Show this text.

Stream files are JSON (see docs/stream-files.md and docs/examples/).
)";

/// The usage's entries of `cmd` (each "  CMD ..." line and the lines indented under it), or "".
std::string commandHelp(const std::string& cmd) {
  std::istringstream in(kUsage);
  std::string out, line;
  bool inEntry = false;
  while (std::getline(in, line)) {
    const bool entryStart = line.size() > 2 && line.rfind("  ", 0) == 0 && line[2] != ' ';
    if (entryStart) inEntry = line.rfind("  " + cmd + " ", 0) == 0 || line == "  " + cmd;
    else if (line.empty() || line[0] != ' ') inEntry = false;
    if (inEntry) out += line + "\n";
  }
  return out;
}

}  // namespace
}  // namespace staccato::cli

int main(int argc, char** argv) {
  using namespace staccato::cli;
  escapeControlCharacters();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  // Drone options may come before the command too: staccato-cli --drone HOST:PORT ports.
  std::vector<std::string> leading;
  while (!args.empty() && args[0].rfind("--", 0) == 0 && args[0] != "--help") {
    const bool takesValue = args[0] == "--drone" || args[0] == "--token-file" || args[0] == "--ca" || args[0] == "--fleet";
    if (!takesValue && args[0] != "--tls" && args[0] != "--plaintext-token") return fail("unknown option '" + args[0] + "' before the command (try: staccato-cli help)", 2);
    if (takesValue && args.size() < 2) return fail(args[0] + " needs a value", 2);
    leading.insert(leading.end(), args.begin(), args.begin() + (takesValue ? 2 : 1));
    args.erase(args.begin(), args.begin() + (takesValue ? 2 : 1));
  }
  if (args.empty()) return fail("no command (try: staccato-cli help)", 2);
  const std::string cmd = args[0];
  args.erase(args.begin());
  args.insert(args.end(), leading.begin(), leading.end());
  // COMMAND --help (or -h): that command's part of the usage.
  if (std::find_if(args.begin(), args.end(), [](const std::string& a) { return a == "--help" || a == "-h"; }) != args.end()) {
    const std::string help = commandHelp(cmd);
    if (help.empty()) return fail("unknown command '" + cmd + "' (try: staccato-cli help)", 2);
    std::cout << "Usage: staccato-cli " << cmd << " ...\n" << help;
    return 0;
  }
  if (cmd == "fleet") return fleetCommand(args);
  // A benchmark's port pairs may span drones: each port carries its own (PORT@DRONE).
  auto withFleetPorts = applyFleetPorts(std::move(args), cmd == "benchmark" ? PortDrones::kEachPort : PortDrones::kOptions);
  if (!withFleetPorts) return fail(withFleetPorts.error().toString(), 2);
  args = std::move(withFleetPorts).value();
  if (cmd == "build") return buildCommand(args);
  if (cmd == "import") return importCommand(args);
  if (cmd == "export") return exportCommand(args);
  if (cmd == "protocols") return protocolsCommand(args);
  if (cmd == "ports") return portsCommand(args);
  if (cmd == "configure") return configureCommand(args);
  if (cmd == "stats") return statsCommand(args);
  if (cmd == "watch") return watchCommand(args);
  if (cmd == "run") return runCommand(args);
  if (cmd == "load") return loadCommand(args);
  if (cmd == "streams") return streamsCommand(args);
  if (cmd == "session") return sessionCommand(args);
  if (cmd == "capture") return captureCommand(args);
  if (cmd == "devices") return devicesCommand(args);
  if (cmd == "neighbors") return neighborsCommand(args);
  if (cmd == "rate") return rateCommand(args);
  if (cmd == "benchmark") return benchmarkCommand(args);
  if (cmd == "flows") return flowsCommand(args);
  if (cmd == "start" || cmd == "stop" || cmd == "clear" || cmd == "reserve" || cmd == "release")
    return portActionCommand(cmd, args);
  return fail("unknown command '" + cmd + "' (try: staccato-cli help)", 2);
}
