#pragma once
/// Judging a finished run for CI: one verdict per stream (all packets sent, none lost) and per
/// port (no transmit error), written as JUnit XML by junit_report.h.
#include <string>
#include <utility>
#include <vector>

#include "staccato/v1/drone.pb.h"

namespace staccato::cli {

/// What ran on one port and what the drone(s) reported afterwards.
struct PortRun {
  std::string drone;  ///< address
  std::string port;
  std::vector<v1::Stream> streams;
};

/// The verdict name of a port's own check (no transmit error).
inline constexpr const char* kTransmitVerdict = "transmit";

struct Verdict {
  std::string suite;    ///< "drone port"
  std::string name;     ///< "stream 'name' (id 3)" or "transmit"
  std::string failure;  ///< empty = passed (or skipped)
  std::string skipped;  ///< not judged, and why: a stream without a signature has no receive check
  std::string details;  ///< counters and latency, for the report's output
};

struct RunOutcome {
  std::vector<PortRun> ports;
  /// Every drone's final snapshot by address (receive rows can be on any drone).
  std::vector<std::pair<std::string, v1::StatsSnapshot>> snapshots;
  bool stoppedEarly = false;                 ///< --duration ended the run: finite counts not checked
  double seconds = 0;
};

/// Packets one run of the stream list sends for `stream`, or 0 when that is not fixed (continuous,
/// or the list jumps back with goto).
uint64_t expectedPackets(const std::vector<v1::Stream>& list, const v1::Stream& stream);

std::vector<Verdict> judge(const RunOutcome& outcome);

}  // namespace staccato::cli
