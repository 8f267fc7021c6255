/// The importer's core: decode any frame into layers, turn them into a stream (every field
/// explicit), compile it and check that it rebuilds the same bytes.
#include <algorithm>
#include <cstdlib>

#include "common/packet/builder.h"
#include "common/packet/parser.h"
#include "tests/fuzz/render_streams.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace staccato;
  google::protobuf::RepeatedPtrField<v1::Stream> streams;
  v1::Stream& stream = *streams.Add();
  stream.set_id(1);
  for (const ParsedLayer& layer : parseFrame({data, size})) *stream.add_layers() = toModelLayer(layer.state);
  stream.mutable_frame_length()->set_fixed(static_cast<uint32_t>(size + kFcsBytes));
  auto plans = compileAll(streams);
  if (!plans) return 0;  // e.g. no layer at all, or shorter than the layers need
  const TxPlan& plan = plans->front();
  const std::vector<uint8_t> first = fuzz::renderPackets(plan);
  // A signature gets this stream's sequence and timestamps, so only untracked frames compare.
  if (!plan.tracked && !std::equal(first.begin(), first.end(), data, data + size)) std::abort();
  return 0;
}
