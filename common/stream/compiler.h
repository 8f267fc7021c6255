#pragma once
/// The stream compiler: validates a stream and turns it into a TxPlan (template + patch
/// program). Nothing pre-expands variants: memory is bounded whatever the field ranges.
#include <memory>
#include <span>

#include "common/core/result.h"
#include "common/stream/patch_program.h"
#include "common/stream/tx_plan.h"
#include "staccato/v1/stream.pb.h"

namespace staccato {

/// Compiles one stream. Errors name the path inside the stream, e.g.
/// "layers[1].ip.ttl: 300 exceeds 8 bits (allowed 0..255)".
/// A replay's recording is copied into the plan, unless `owner` keeps `stream` alive: then the
/// plan shares it (and keeps `owner` alive) instead.
Result<TxPlan> compile(const v1::Stream& stream, const std::shared_ptr<const void>& owner = {});

/// Compiles every stream of a list, all or nothing; errors are prefixed "streams[i]".
Result<std::vector<TxPlan>> compileAll(const google::protobuf::RepeatedPtrField<v1::Stream>& streams,
                                       const std::shared_ptr<const void>& owner = {});

/// Produces a plan's packets in order, exactly as a single transmit worker would (preview,
/// pcap export, tests).
class PacketRenderer {
 public:
  explicit PacketRenderer(const TxPlan& plan);
  /// The next packet (without FCS), with `txTimeNs` in its signature.
  std::span<const uint8_t> next(uint64_t txTimeNs = 0);

 private:
  const TxPlan& plan_;
  PatchState state_;
  std::vector<uint8_t> frame_;
};

}  // namespace staccato
