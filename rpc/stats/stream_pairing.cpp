#include "rpc/stats/stream_pairing.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace staccato::rpc {
namespace {

/// Copies the receive side of `rx` into `row`.
void takeReceiveSide(v1::StreamStats& row, const v1::StreamStats& rx) {
  row.set_rx_port(rx.rx_port());
  row.set_rx_drone(rx.rx_drone());
  row.set_rx_packets(rx.rx_packets());
  row.set_rx_bytes(rx.rx_bytes());
  row.set_lost(rx.lost());
  row.set_duplicates(rx.duplicates());
  row.set_reordered(rx.reordered());
  row.set_rx_missed(rx.rx_missed());
  row.set_incomplete(rx.incomplete());
  row.set_first_rx_ns(rx.first_rx_ns());
  row.set_last_rx_ns(rx.last_rx_ns());
  *row.mutable_latency() = rx.latency();
}

}  // namespace

void pairStreamRows(v1::StatsSnapshot& snap, const std::vector<v1::StreamStats>& rxRows, const PairingContext& context) {
  // The transmit rows: which ports send each stream id, and where each (port, id) row is.
  std::map<uint32_t, std::vector<std::string>> senders;
  std::map<std::pair<std::string, uint32_t>, int> txRows;
  for (int i = 0; i < snap.streams_size(); ++i) {
    const v1::StreamStats& s = snap.streams(i);
    if (s.tx_port().empty() || !s.rx_port().empty()) continue;
    senders[s.stream_id()].push_back(s.tx_port());
    txRows[{s.tx_port(), s.stream_id()}] = i;
  }
  for (auto& [id, ports] : senders) {
    auto idle = [&, id = id](const std::string& port) { return snap.streams(txRows.at({port, id})).tx_packets() == 0; };
    if (ports.size() > 1 && !std::all_of(ports.begin(), ports.end(), idle)) std::erase_if(ports, idle);
  }
  for (const v1::StreamStats& rx : rxRows) {
    auto who = senders.find(rx.stream_id());
    const bool oneSender = who != senders.end() && who->second.size() == 1;
    v1::StreamStats* row = nullptr;
    if (oneSender) {
      auto it = txRows.find({who->second[0], rx.stream_id()});
      if (it != txRows.end() && snap.streams(it->second).rx_port().empty()) row = snap.mutable_streams(it->second);
    }
    if (!row) {
      row = snap.add_streams();
      row->set_stream_id(rx.stream_id());
      if (oneSender) row->set_tx_port(who->second[0]);
    }
    takeReceiveSide(*row, rx);
    row->set_same_clock(oneSender && context.sameDrone);
    if (oneSender && row->tx_packets() > 0 && context.transmitting && !context.transmitting(who->second[0])) {
      const uint64_t arrived = rx.rx_packets() - std::min(rx.rx_packets(), rx.duplicates());
      if (row->tx_packets() > arrived)
        row->set_lost(std::max(row->lost(), provenLoss(row->tx_packets() - arrived, row->rx_missed())));
    }
  }
}

namespace {

/// pairAcrossDrones; with `oneRow`, each receive row that went into another drone's transmit
/// row leaves its own snapshot.
void pairAcross(const std::vector<v1::StatsSnapshot*>& snapshots, bool oneRow, const std::vector<std::string>& names) {
  // Which drones (by index) and ports send each stream id, over all drones.
  std::map<uint32_t, std::set<std::pair<size_t, std::string>>> senders;
  std::map<std::pair<uint32_t, std::pair<size_t, std::string>>, uint64_t> sent;
  for (size_t i = 0; i < snapshots.size(); ++i)
    for (const auto& row : snapshots[i]->streams())
      if (!row.tx_port().empty()) {
        senders[row.stream_id()].insert({i, row.tx_port()});
        sent[{row.stream_id(), {i, row.tx_port()}}] += row.tx_packets();
      }
  for (auto& [id, ports] : senders) {
    auto idle = [&, id = id](const std::pair<size_t, std::string>& port) { return sent.at({id, port}) == 0; };
    if (ports.size() > 1 && !std::all_of(ports.begin(), ports.end(), idle)) std::erase_if(ports, idle);
  }
  std::vector<std::vector<v1::StreamStats>> received(snapshots.size());
  std::vector<std::vector<int>> taken(snapshots.size());  // by receiving snapshot: the rows paired elsewhere
  for (size_t i = 0; i < snapshots.size(); ++i)
    for (int r = 0; r < snapshots[i]->streams_size(); ++r) {
      const auto& row = snapshots[i]->streams(r);
      if (row.rx_port().empty() || !row.tx_port().empty()) continue;
      auto who = senders.find(row.stream_id());
      if (who != senders.end() && who->second.size() == 1 && who->second.begin()->first != i) {
        received[who->second.begin()->first].push_back(row);
        if (i < names.size()) received[who->second.begin()->first].back().set_rx_drone(names[i]);
        taken[i].push_back(r);
      }
    }
  for (size_t j = 0; j < snapshots.size(); ++j) {
    if (received[j].empty()) continue;
    v1::StatsSnapshot& snap = *snapshots[j];
    pairStreamRows(snap, received[j], {false, [&snap](const std::string& port) { return portTransmitting(snap, port); }});
  }
  if (!oneRow) return;
  // Pairing only appended rows or changed them in place: the indices still hold. Last first.
  for (size_t i = 0; i < snapshots.size(); ++i)
    for (auto r = taken[i].rbegin(); r != taken[i].rend(); ++r) snapshots[i]->mutable_streams()->DeleteSubrange(*r, 1);
}

}  // namespace

void pairAcrossDrones(const std::vector<v1::StatsSnapshot*>& snapshots, const std::vector<std::string>& names) {
  pairAcross(snapshots, false, names);
}

void pairAcrossDronesOneRow(const std::vector<v1::StatsSnapshot*>& snapshots, const std::vector<std::string>& names) {
  pairAcross(snapshots, true, names);
}

const v1::PortStats* portRow(const v1::StatsSnapshot& snap, const std::string& port) {
  for (const auto& p : snap.ports())
    if (p.port() == port) return &p;
  return nullptr;
}

bool portTransmitting(const v1::StatsSnapshot& snap, const std::string& port) {
  const v1::PortStats* row = portRow(snap, port);
  return row && row->transmitting();
}

}  // namespace staccato::rpc
