/// A capture's TCP session as a pcap template's turns, on hostile captures: whatever parses is
/// searched for its first two sessions; turns that come back must be what a drone accepts (at
/// most the limits, none empty, the sides taking turns, the byte counts their sum).
#include <cstdlib>

#include "common/files/tcp_session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace staccato;
  auto packets = parseCapture({data, size});
  if (!packets) return 0;
  const TcpTurnLimits limits{16, 4096};
  for (uint32_t session : {0u, 1u}) {
    auto turns = tcpSessionTurns(*packets, session, "fuzz.pcap", limits);
    if (!turns) {
      if (turns.error().message.empty()) std::abort();
      continue;
    }
    if (turns->turns.empty() || turns->turns.size() > limits.maxTurns) std::abort();
    uint64_t client = 0, server = 0;
    for (size_t i = 0; i < turns->turns.size(); ++i) {
      const TcpTurn& t = turns->turns[i];
      if (t.payload.empty() || (i && t.fromServer == turns->turns[i - 1].fromServer)) std::abort();
      (t.fromServer ? server : client) += t.payload.size();
    }
    if (client != turns->clientBytes || server != turns->serverBytes || client + server > limits.maxBytes) std::abort();
  }
  return 0;
}
