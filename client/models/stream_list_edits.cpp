// StreamListModel's edits: every change to the list, each one undo step (a StreamSpliceCommand
// or a macro of them), and the clipboard. The table a view shows is in stream_list_model.cpp.
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <unordered_set>

#include "client/models/stream_list_model.h"
#include "client/models/stream_mime.h"
#include "client/models/stream_splice_command.h"
#include "common/stream/rate.h"

namespace staccato::client {
namespace {

constexpr uint32_t kMaxStreamId = 0xffff;  // the signature carries 16 bits
// Removing scattered rows: one splice per run keeps views' selections exact; beyond this many
// runs one splice over the whole range keeps it O(n).
constexpr size_t kMaxRunsAsSeparateSplices = 32;

bool equal(const google::protobuf::Message& a, const google::protobuf::Message& b) {
  return google::protobuf::util::MessageDifferencer::Equals(a, b);
}

QString countText(const char* one, const char* many, qsizetype n) {
  return n == 1 ? QString::fromUtf8(one) : QString::fromUtf8(many).arg(n);
}

/// Contiguous runs of sorted rows as (first, count).
std::vector<std::pair<int, int>> runsOf(const QList<int>& sortedRows) {
  std::vector<std::pair<int, int>> runs;
  for (int row : sortedRows) {
    if (!runs.empty() && runs.back().first + runs.back().second == row)
      ++runs.back().second;
    else
      runs.emplace_back(row, 1);
  }
  return runs;
}

v1::Stream defaultStream() {
  v1::Stream s;
  for (const char* protocol : {"eth", "ip", "udp", "payload", "signature"}) s.add_layers()->set_protocol(protocol);
  s.mutable_frame_length()->set_mode(v1::FrameLength::FIXED);
  s.mutable_frame_length()->set_fixed(64);
  s.mutable_rate()->set_unit(v1::Rate::PPS);
  s.mutable_rate()->set_value(1000);
  s.mutable_control()->set_mode(v1::Control::PACKETS);
  s.mutable_control()->set_count(1000);
  return s;
}

}  // namespace

std::vector<v1::Stream> StreamListModel::splice(int position, int removeCount, std::vector<v1::Stream> insert) {
  clearRefusedRow();  // the list changed: the drone's verdict no longer applies
  const auto pos = static_cast<size_t>(position);
  const auto removeEnd = pos + static_cast<size_t>(removeCount);
  std::vector<v1::Stream> removed(std::make_move_iterator(streams_.begin() + position),
                                  std::make_move_iterator(streams_.begin() + static_cast<std::ptrdiff_t>(removeEnd)));
  const int added = static_cast<int>(insert.size());
  const int inPlace = std::min(removeCount, added);
  for (int i = 0; i < inPlace; ++i) {
    streams_[pos + size_t(i)] = std::move(insert[size_t(i)]);
    rowText_[pos + size_t(i)].valid = false;
  }
  if (inPlace > 0) emit dataChanged(index(position, 0), index(position + inPlace - 1, kColumnCount - 1));
  const int first = position + inPlace;
  if (removeCount > added) {
    beginRemoveRows({}, first, position + removeCount - 1);
    streams_.erase(streams_.begin() + first, streams_.begin() + static_cast<std::ptrdiff_t>(removeEnd));
    rowText_.erase(rowText_.begin() + first, rowText_.begin() + static_cast<std::ptrdiff_t>(removeEnd));
    endRemoveRows();
  } else if (added > removeCount) {
    beginInsertRows({}, first, position + added - 1);
    streams_.insert(streams_.begin() + first, std::make_move_iterator(insert.begin() + inPlace),
                    std::make_move_iterator(insert.end()));
    rowText_.insert(rowText_.begin() + first, size_t(added - inPlace), RowText{});
    endInsertRows();
  }
  return removed;
}

void StreamListModel::push(const QString& text, std::vector<Splice> splices) {
  if (splices.empty()) return;
  if (splices.size() == 1) {
    Splice& s = splices.front();
    undoStack_->push(new StreamSpliceCommand(this, s.position, s.removeCount, std::move(s.insert), text));
    return;
  }
  undoStack_->beginMacro(text);
  for (Splice& s : splices)
    undoStack_->push(new StreamSpliceCommand(this, s.position, s.removeCount, std::move(s.insert), text));
  undoStack_->endMacro();
}

template <typename Edit>
int StreamListModel::modifyRows(const QList<int>& rows, const QString& text, Edit edit) {
  std::vector<Splice> splices;
  int changed = 0;
  for (int row : normalized(rows)) {
    v1::Stream copy = streams_[size_t(row)];
    if (!edit(copy)) continue;
    ++changed;
    if (!splices.empty() && splices.back().position + splices.back().removeCount == row) {
      ++splices.back().removeCount;
      splices.back().insert.push_back(std::move(copy));
    } else {
      splices.push_back({row, 1, {}});
      splices.back().insert.push_back(std::move(copy));
    }
  }
  push(text, std::move(splices));
  return changed;
}

QList<int> StreamListModel::normalized(QList<int> rows) const {
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  const int n = rowCount();
  rows.removeIf([n](int r) { return r < 0 || r >= n; });
  return rows;
}

void StreamListModel::assignIds(std::vector<v1::Stream>& streams, int ignoreRow) const {
  std::unordered_set<uint32_t> used;
  used.reserve(streams_.size() + streams.size());
  uint32_t maxId = 0;
  for (size_t i = 0; i < streams_.size(); ++i) {
    if (int(i) == ignoreRow) continue;
    used.insert(streams_[i].id());
    maxId = std::max(maxId, streams_[i].id());
  }
  uint32_t lowestFree = 0;  // fallback once max+1 would not fit the signature
  for (v1::Stream& s : streams) {
    if (used.count(s.id())) {
      if (maxId < kMaxStreamId) {
        s.set_id(maxId + 1);
      } else {
        while (used.count(lowestFree)) ++lowestFree;
        s.set_id(lowestFree);
      }
    }
    used.insert(s.id());
    maxId = std::max(maxId, s.id());
  }
}

int StreamListModel::insertStreams(int row, std::vector<v1::Stream> streams, const QString& text) {
  row = std::clamp(row, 0, rowCount());
  if (streams.empty()) return row;
  assignIds(streams);
  std::vector<Splice> splices;
  splices.push_back({row, 0, std::move(streams)});
  push(text, std::move(splices));
  return row;
}

void StreamListModel::appendNewStream() {
  std::vector<v1::Stream> streams{defaultStream()};
  streams.front().set_id(1);
  assignIds(streams);
  streams.front().set_name("stream " + std::to_string(streams.front().id()));
  insertStreams(rowCount(), std::move(streams), tr("Add stream"));
}

void StreamListModel::removeStreams(QList<int> rows) {
  rows = normalized(std::move(rows));
  if (rows.isEmpty()) return;
  const QString text = countText("Remove stream", "Remove %1 streams", rows.size());
  const auto runs = runsOf(rows);
  std::vector<Splice> splices;
  if (runs.size() <= kMaxRunsAsSeparateSplices) {
    for (auto it = runs.rbegin(); it != runs.rend(); ++it) splices.push_back({it->first, it->second, {}});
  } else {
    const int first = rows.front(), end = rows.back() + 1;
    std::vector<v1::Stream> kept;
    auto selected = rows.cbegin();
    for (int r = first; r < end; ++r) {
      if (selected != rows.cend() && *selected == r)
        ++selected;
      else
        kept.push_back(streams_[size_t(r)]);
    }
    splices.push_back({first, end - first, std::move(kept)});
  }
  push(text, std::move(splices));
}

void StreamListModel::duplicateStreams(QList<int> rows, int times) {
  rows = normalized(std::move(rows));
  if (rows.isEmpty() || times < 1) return;
  std::vector<v1::Stream> copies;
  copies.reserve(size_t(rows.size()) * size_t(times));
  for (int t = 0; t < times; ++t) {
    for (int row : rows) {
      copies.push_back(streams_[size_t(row)]);
      copies.back().set_name(copies.back().name() + " copy");
    }
  }
  insertStreams(rows.back() + 1, std::move(copies), countText("Duplicate stream", "Duplicate %1 streams", rows.size()));
}

void StreamListModel::moveStreams(QList<int> rows, int destinationRow) {
  rows = normalized(std::move(rows));
  if (rows.isEmpty()) return;
  const int dest = std::clamp(destinationRow, 0, rowCount());
  // Rewrite only the range the move touches, in place: rows before `dest`, the moved ones, the rest.
  const int first = std::min(rows.front(), dest), end = std::max(rows.back() + 1, dest);
  std::vector<int> order, after;
  order.reserve(size_t(end - first));
  auto selected = rows.cbegin();
  for (int r = first; r < end; ++r) {
    if (selected != rows.cend() && *selected == r)
      ++selected;
    else
      (r < dest ? order : after).push_back(r);
  }
  order.insert(order.end(), rows.cbegin(), rows.cend());
  order.insert(order.end(), after.begin(), after.end());
  bool unchanged = true;
  for (size_t i = 0; i < order.size() && unchanged; ++i) unchanged = order[i] == first + int(i);
  if (unchanged) return;
  std::vector<v1::Stream> streams;
  streams.reserve(order.size());
  for (int r : order) streams.push_back(streams_[size_t(r)]);
  std::vector<Splice> splices;
  splices.push_back({first, end - first, std::move(streams)});
  push(countText("Move stream", "Move %1 streams", rows.size()), std::move(splices));
}

void StreamListModel::replaceStream(int row, v1::Stream stream) {
  if (row < 0 || row >= rowCount()) return;
  std::vector<v1::Stream> one{std::move(stream)};
  assignIds(one, row);
  modifyRows({row}, tr("Edit stream"), [&one](v1::Stream& s) {
    if (equal(s, one.front())) return false;
    s = std::move(one.front());
    return true;
  });
}

void StreamListModel::renameStream(int row, const QString& name) {
  const std::string text = name.toStdString();
  modifyRows({row}, tr("Rename stream"), [&text](v1::Stream& s) {
    if (s.name() == text) return false;
    s.set_name(text);
    return true;
  });
}

void StreamListModel::setEnabled(QList<int> rows, bool on) {
  modifyRows(rows, on ? tr("Enable streams") : tr("Disable streams"), [on](v1::Stream& s) {
    if (streamEnabled(s) == on) return false;
    if (on)
      s.clear_enabled();  // absent means enabled
    else
      s.set_enabled(false);
    return true;
  });
}

void StreamListModel::setRate(QList<int> rows, const v1::Rate& rate) {
  modifyRows(rows, tr("Set rate"), [&rate](v1::Stream& s) {
    if (equal(s.rate(), rate)) return false;
    *s.mutable_rate() = rate;
    return true;
  });
}

int StreamListModel::findReplace(const QString& field, const QString& oldValue, const QString& newValue,
                                 QList<int> rows) {
  if (rows.isEmpty()) {
    rows.reserve(rowCount());
    for (int r = 0; r < rowCount(); ++r) rows << r;
  }
  const std::string key = field.toStdString(), from = oldValue.toStdString(), to = newValue.toStdString();
  int fields = 0;
  modifyRows(rows, tr("Replace %1").arg(field), [&](v1::Stream& s) {
    bool changed = false;
    for (v1::Layer& layer : *s.mutable_layers()) {
      auto it = layer.mutable_fields()->find(key);
      if (it == layer.mutable_fields()->end() || it->second == to || (!from.empty() && it->second != from)) continue;
      it->second = to;
      ++fields;
      changed = true;
    }
    return changed;
  });
  return fields;
}

QMimeData* StreamListModel::mimeDataForRows(QList<int> rows) const {
  rows = normalized(std::move(rows));
  std::vector<v1::Stream> streams;
  streams.reserve(size_t(rows.size()));
  for (int row : rows) streams.push_back(streams_[size_t(row)]);
  StreamsMimeData* data = streamsToMime(streams);
  data->source = this;
  data->rows = rows;
  return data;
}

Result<int> StreamListModel::pasteStreams(const QMimeData* data, int row) {
  auto streams = streamsFromMime(data);
  if (!streams) return streams.error();
  const auto n = qsizetype(streams->size());
  return insertStreams(row, std::move(*streams), countText("Paste stream", "Paste %1 streams", n));
}

Result<std::vector<v1::Stream>> StreamListModel::streamsFromMime(const QMimeData* data) {
  return client::streamsFromMime(data);
}

int StreamListModel::insertDropped(int row, std::vector<v1::Stream> streams) {
  const auto n = qsizetype(streams.size());
  return insertStreams(row, std::move(streams), countText("Drop stream", "Drop %1 streams", n));
}

}  // namespace staccato::client
