#include "client/cli/capture_writing.h"

#include <iostream>

#include "client/cli/commands.h"
#include "common/files/capture_export.h"
#include "common/stream/compiler.h"
#include "common/stream/link_fill.h"

namespace staccato::cli {

Result<double> writtenLineRate(const Args& args) {
  auto bps = args.number("--line-rate", 10'000'000'000ull, 1000, 1'000'000'000'000ull);
  if (!bps) return bps.error();
  return static_cast<double>(*bps);
}

int writeStreamsCapture(const google::protobuf::RepeatedPtrField<v1::Stream>& streams, std::optional<uint64_t> count,
                        double lineRateBps, const std::string& source, const std::string& output) {
  auto plans = compileAll(streams);
  if (!plans) return fail(source + ": " + plans.error().toString());
  auto writer = PcapWriter::create(output, captureFormatForPath(output));
  if (!writer) return fail(writer.error().toString());
  for (const TxPlan& p : *plans)
    if (p.link.active()) std::cerr << "stream " << p.streamId << ": " << kLinkFillNote << "\n";
  auto written = exportPlans(*plans, {count, kMaxWrittenPackets, lineRateBps}, *writer);
  if (!written) return fail(source + ": " + written.error().toString());
  if (auto st = writer->close(); !st) return fail(st.error().toString());
  std::cerr << "wrote " << *written << " packets from " << plans->size() << " streams of " << source << " to " << output << "\n";
  return 0;
}

}  // namespace staccato::cli
