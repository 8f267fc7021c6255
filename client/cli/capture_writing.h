#pragma once
/// Writing streams as a capture file, for `build` and `export`: the same compiler the drone
/// uses, pcap or pcapng by the output's name, notes and the outcome on stderr.
#include <cstdint>
#include <optional>
#include <string>

#include "client/cli/args.h"
#include "staccato/v1/stream.pb.h"

namespace staccato::cli {

inline constexpr uint64_t kMaxWrittenPackets = 100000000;  ///< per stream

/// --line-rate in bits/s (for bursts, "fastest" and load % timestamps), 10 Gb/s by default.
Result<double> writtenLineRate(const Args& args);

/// Compiles `streams` (read from `source`) and writes `count` packets of each (absent: as many
/// as each stream's control sends) to `output`. Returns the command's exit code.
int writeStreamsCapture(const google::protobuf::RepeatedPtrField<v1::Stream>& streams, std::optional<uint64_t> count,
                        double lineRateBps, const std::string& source, const std::string& output);

}  // namespace staccato::cli
