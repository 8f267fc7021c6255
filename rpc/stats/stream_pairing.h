#pragma once
/// Pairing a stream's transmit row with its receive row: the one rule for it, used by the drone
/// (both ports on one drone) and by clients whose receive port is on another drone.
#include <functional>
#include <string>
#include <vector>

#include "staccato/v1/drone.pb.h"

namespace staccato::rpc {

/// What pairing needs to know about the senders of the transmit rows.
struct PairingContext {
  /// True when the transmit rows and the receive rows were counted on the same drone (one clock).
  bool sameDrone = true;
  /// Whether the port still sends: once it has stopped, what it sent and never arrived is lost
  /// too (sequence numbers cannot show packets lost after the last one that arrived).
  std::function<bool(const std::string& txPort)> transmitting;
};

/// Pairs receive rows (rx_port set; receive counts, sequence analysis and latency) with the
/// transmit rows of `snap` (rx_port empty; tx counts): a receive row goes into the transmit row
/// of the one port that sends its stream id. A port that holds the id but sent none of it since
/// the clear is no sender while another port sent it (the stream moved to another port). With
/// several senders, or none, it stays a row of its own (with tx_port when there is exactly one
/// sender that already has a receive row).
void pairStreamRows(v1::StatsSnapshot& snap, const std::vector<v1::StreamStats>& rxRows, const PairingContext& context);

/// How every client (CLI table, JUnit, GUI) names a row with `untracked` set: a stream without a
/// signature, whose frames no receiver can count.
inline constexpr const char* kUntrackedNote = "not tracked (no signature)";

/// Packets proven lost: the `gaps` a receiver saw (sequence numbers, or sent but never arrived)
/// beyond the `missed` frames it never examined, which may have been any of them.
inline uint64_t provenLoss(uint64_t gaps, uint64_t missed) { return gaps > missed ? gaps - missed : 0; }

/// Pairs across drones: a receive row that found no sender on its own drone goes into the
/// transmit row of the one port, on any other of these drones, that sends its stream id
/// (latency then compares two hosts' clocks: same_clock false). Each drone's snapshot keeps its
/// own rows; the senders' snapshots gain the receive side, with the receiving drone's name from
/// `names` (one per snapshot, when given) in rx_drone.
void pairAcrossDrones(const std::vector<v1::StatsSnapshot*>& snapshots, const std::vector<std::string>& names = {});
/// pairAcrossDrones, then each receive row that went into another drone's transmit row leaves its
/// own snapshot: one row per stream wherever its two sides were counted (the GUI's stream table).
void pairAcrossDronesOneRow(const std::vector<v1::StatsSnapshot*>& snapshots, const std::vector<std::string>& names = {});

/// The snapshot's row of `port` (nullptr when absent).
const v1::PortStats* portRow(const v1::StatsSnapshot& snap, const std::string& port);

/// The transmitting flag of `port` in the snapshot's port rows (false when absent).
bool portTransmitting(const v1::StatsSnapshot& snap, const std::string& port);

}  // namespace staccato::rpc
