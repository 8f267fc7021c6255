#pragma once
// Helpers for the model tests: streams to play with and an exact content fingerprint.
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <QStringList>

#include <ostream>
#include <string>
#include <vector>

#include "client/models/stream_list_model.h"

// Readable QString in gtest failure messages.
inline void PrintTo(const QString& s, std::ostream* os) { *os << '"' << s.toStdString() << '"'; }

namespace staccato::client::test {

inline v1::Stream makeStream(uint32_t id, const std::string& name, const std::string& ipDst = "") {
  v1::Stream s;
  s.set_id(id);
  s.set_name(name);
  s.add_layers()->set_protocol("eth");
  v1::Layer* ip = s.add_layers();
  ip->set_protocol("ip");
  if (!ipDst.empty()) (*ip->mutable_fields())["ip.dst"] = ipDst;
  s.add_layers()->set_protocol("udp");
  s.add_layers()->set_protocol("payload");
  return s;
}

/// The streams serialized deterministically (protobuf maps have no order otherwise).
inline std::string serialize(const std::vector<v1::Stream>& streams) {
  v1::StreamFile file;
  for (const v1::Stream& s : streams) *file.add_streams() = s;
  std::string out;
  {
    google::protobuf::io::StringOutputStream raw(&out);
    google::protobuf::io::CodedOutputStream coded(&raw);
    coded.SetSerializationDeterministic(true);
    file.SerializeToCodedStream(&coded);
  }
  return out;
}

inline QStringList names(const StreamListModel& model) {
  QStringList out;
  for (const v1::Stream& s : model.streams()) out << QString::fromStdString(s.name());
  return out;
}

inline std::vector<uint32_t> ids(const StreamListModel& model) {
  std::vector<uint32_t> out;
  for (const v1::Stream& s : model.streams()) out.push_back(s.id());
  return out;
}

}  // namespace staccato::client::test
