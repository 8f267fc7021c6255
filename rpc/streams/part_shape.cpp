#include "rpc/streams/part_shape.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include "staccato/v1/drone.pb.h"

namespace staccato::rpc {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::io::CodedInputStream;
using Wire = google::protobuf::internal::WireFormatLite;

constexpr int kStreamsField = v1::StreamsPart::kStreamsFieldNumber;

/// Walks one message's fields (`d` may be null: an unknown field's bytes, skipped whole).
bool walk(CodedInputStream& in, const Descriptor* d, int depth, bool top, PartShape& shape) {
  const auto fits = [&](uint32_t length) { return static_cast<size_t>(in.CurrentPosition()) + length <= shape.bytes; };
  while (const uint32_t tag = in.ReadTag()) {
    const FieldDescriptor* f = d ? d->FindFieldByNumber(Wire::GetTagFieldNumber(tag)) : nullptr;
    switch (Wire::GetTagWireType(tag)) {
      case Wire::WIRETYPE_VARINT: {
        uint64_t v;
        if (!in.ReadVarint64(&v)) return false;
        if (f && f->is_repeated()) shape.scalarBytes += 8;
        break;
      }
      case Wire::WIRETYPE_FIXED64: {
        uint64_t v;
        if (!in.ReadLittleEndian64(&v)) return false;
        if (f && f->is_repeated()) shape.scalarBytes += 8;
        break;
      }
      case Wire::WIRETYPE_FIXED32: {
        uint32_t v;
        if (!in.ReadLittleEndian32(&v)) return false;
        if (f && f->is_repeated()) shape.scalarBytes += 8;
        break;
      }
      case Wire::WIRETYPE_LENGTH_DELIMITED: {
        uint32_t length;
        if (!in.ReadVarint32(&length) || !fits(length)) return false;
        if (f && f->type() == FieldDescriptor::TYPE_MESSAGE) {
          ++shape.messages;
          if (top && f->number() == kStreamsField) ++shape.streams;
          if (depth + 1 > kMaxPartDepth) return false;
          const auto limit = in.PushLimit(static_cast<int>(length));
          if (!walk(in, f->message_type(), depth + 1, false, shape) || !in.ConsumedEntireMessage()) return false;
          in.PopLimit(limit);
        } else {
          const bool text = f && (f->type() == FieldDescriptor::TYPE_STRING || f->type() == FieldDescriptor::TYPE_BYTES);
          if (f && f->is_repeated() && text) ++shape.messages;  // each element is an object of its own
          if (f && f->is_repeated() && !text) shape.scalarBytes += size_t{8} * length;  // packed: >= 1 byte a value
          if (!in.Skip(static_cast<int>(length))) return false;
        }
        break;
      }
      default:
        return false;  // groups: no message of ours has them
    }
  }
  return true;
}

}  // namespace

Result<PartShape> scanStreamsPart(std::string_view wire) {
  CodedInputStream in(reinterpret_cast<const uint8_t*>(wire.data()), static_cast<int>(wire.size()));
  PartShape shape;
  shape.bytes = wire.size();
  if (!walk(in, v1::StreamsPart::descriptor(), 0, true, shape) || !in.ConsumedEntireMessage())
    return makeError("streams", "a part of the stream list is not a StreamsPart message, or nests deeper than " +
                                    std::to_string(kMaxPartDepth) + " levels");
  return shape;
}

}  // namespace staccato::rpc
