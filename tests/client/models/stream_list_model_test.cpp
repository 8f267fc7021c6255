#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QMimeData>
#include <QSignalSpy>

#include <functional>
#include <set>

#include "client/models/stream_list_model.h"
#include "client/models/stream_mime.h"
#include "common/files/stream_file.h"
#include "tests/client/models/model_test_util.h"

namespace staccato::client::test {
namespace {

class StreamListModelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    model_.resetFromDrone({makeStream(1, "a"), makeStream(2, "b"), makeStream(3, "c"), makeStream(4, "d"),
                           makeStream(5, "e")});
  }

  /// Runs `edit`, which must change the content, then checks undo and redo restore it exactly
  /// and that the edit was exactly one undo step.
  void expectUndoable(const std::function<void()>& edit) {
    const std::string before = serialize(model_.streams());
    const int step = model_.undoStack()->index();
    edit();
    const std::string after = serialize(model_.streams());
    EXPECT_NE(before, after) << "the edit changed nothing";
    EXPECT_EQ(model_.undoStack()->index(), step + 1) << "an edit is one undo step";
    model_.undoStack()->undo();
    EXPECT_EQ(serialize(model_.streams()), before) << "undo";
    model_.undoStack()->redo();
    EXPECT_EQ(serialize(model_.streams()), after) << "redo";
  }

  StreamListModel model_;
  QAbstractItemModelTester tester_{&model_, QAbstractItemModelTester::FailureReportingMode::Fatal};
};

bool idsUnique(const StreamListModel& model) {
  const auto all = ids(model);
  return std::set<uint32_t>(all.begin(), all.end()).size() == all.size();
}

TEST_F(StreamListModelTest, ResetIsCleanWithEmptyUndoStack) {
  EXPECT_EQ(model_.rowCount(), 5);
  EXPECT_FALSE(model_.isDirty());
  EXPECT_EQ(model_.undoStack()->count(), 0);
  EXPECT_EQ(model_.index(1, StreamListModel::kName).data().toString(), "b");
  EXPECT_EQ(model_.index(1, StreamListModel::kRate).data(Qt::UserRole).toUInt(), 2u);
}

TEST_F(StreamListModelTest, AppendNewStreamHasSensibleDefaults) {
  expectUndoable([&] { model_.appendNewStream(); });
  const v1::Stream& s = model_.stream(5);
  EXPECT_EQ(s.id(), 6u);
  EXPECT_EQ(s.name(), "stream 6");
  EXPECT_EQ(model_.index(5, StreamListModel::kProtocols).data().toString(),
            "Eth/IPv4/UDP/Payload/Signature");
  EXPECT_EQ(model_.index(5, StreamListModel::kFrameLength).data().toString(), "64");
  EXPECT_EQ(model_.index(5, StreamListModel::kRate).data().toString(), "1,000 pps");
  EXPECT_EQ(model_.index(5, StreamListModel::kControl).data().toString(), "1,000 packets → next");
  EXPECT_EQ(model_.index(5, StreamListModel::kEnabled).data(Qt::CheckStateRole).toInt(), Qt::Checked);

  StreamListModel empty;
  QAbstractItemModelTester tester(&empty, QAbstractItemModelTester::FailureReportingMode::Fatal);
  empty.appendNewStream();
  empty.appendNewStream();
  EXPECT_EQ(ids(empty), (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(names(empty), (QStringList{"stream 1", "stream 2"}));
}

TEST_F(StreamListModelTest, InsertKeepsFreeIdsAndRenumbersUsedOnes) {
  int first = -1;
  expectUndoable([&] { first = model_.insertStreams(1, {makeStream(3, "x"), makeStream(9, "y"), makeStream(9, "z")}, "Insert"); });
  EXPECT_EQ(first, 1);
  EXPECT_EQ(names(model_), (QStringList{"a", "x", "y", "z", "b", "c", "d", "e"}));
  EXPECT_EQ(ids(model_), (std::vector<uint32_t>{1, 6, 9, 10, 2, 3, 4, 5}));
  EXPECT_EQ(model_.insertStreams(100, {makeStream(0, "end")}, "Insert"), 8) << "clamped";
}

TEST_F(StreamListModelTest, RemoveContiguousAndScattered) {
  expectUndoable([&] { model_.removeStreams({1, 2}); });
  EXPECT_EQ(names(model_), (QStringList{"a", "d", "e"}));
  model_.undoStack()->undo();
  expectUndoable([&] { model_.removeStreams({4, 0, 2, 2, 99}); });
  EXPECT_EQ(names(model_), (QStringList{"b", "d"}));
}

TEST_F(StreamListModelTest, RemoveManyScatteredRowsIsOneStep) {
  std::vector<v1::Stream> streams;
  for (uint32_t i = 0; i < 200; ++i) streams.push_back(makeStream(i, "s" + std::to_string(i)));
  model_.resetFromDrone(streams);
  QList<int> odd;
  for (int r = 1; r < 200; r += 2) odd << r;
  expectUndoable([&] { model_.removeStreams(odd); });
  ASSERT_EQ(model_.rowCount(), 100);
  for (int r = 0; r < 100; ++r) EXPECT_EQ(model_.stream(r).id(), uint32_t(2 * r));
}

TEST_F(StreamListModelTest, DuplicateInsertsCopiesAfterTheLastWithNewIds) {
  expectUndoable([&] { model_.duplicateStreams({0, 2}, 2); });
  EXPECT_EQ(names(model_), (QStringList{"a", "b", "c", "a copy", "c copy", "a copy", "c copy", "d", "e"}));
  EXPECT_EQ(ids(model_), (std::vector<uint32_t>{1, 2, 3, 6, 7, 8, 9, 4, 5}));
  EXPECT_TRUE(idsUnique(model_));
  const int steps = model_.undoStack()->count();
  model_.duplicateStreams({0}, 0);
  model_.duplicateStreams({}, 3);
  EXPECT_EQ(model_.undoStack()->count(), steps);
}

TEST_F(StreamListModelTest, MoveDownUpAndScattered) {
  expectUndoable([&] { model_.moveStreams({0, 2}, 4); });
  EXPECT_EQ(names(model_), (QStringList{"b", "d", "a", "c", "e"}));
  model_.undoStack()->undo();
  expectUndoable([&] { model_.moveStreams({3, 4}, 1); });
  EXPECT_EQ(names(model_), (QStringList{"a", "d", "e", "b", "c"}));
  model_.undoStack()->undo();
  expectUndoable([&] { model_.moveStreams({0}, 5); });
  EXPECT_EQ(names(model_), (QStringList{"b", "c", "d", "e", "a"}));
}

TEST_F(StreamListModelTest, MoveOntoItselfIsNoStep) {
  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  model_.moveStreams({1, 2}, 2);
  model_.moveStreams({1, 2}, 3);
  model_.moveStreams({1, 2}, 1);
  EXPECT_EQ(model_.undoStack()->count(), 0);
  EXPECT_EQ(changed.count(), 0);
}

TEST_F(StreamListModelTest, ReplaceStreamIsInPlace) {
  QSignalSpy inserted(&model_, &QAbstractItemModel::rowsInserted);
  QSignalSpy removed(&model_, &QAbstractItemModel::rowsRemoved);
  QSignalSpy changed(&model_, &QAbstractItemModel::dataChanged);
  v1::Stream edited = model_.stream(1);
  edited.set_name("edited");
  edited.mutable_frame_length()->set_mode(v1::FrameLength::IMIX);
  expectUndoable([&] { model_.replaceStream(1, edited); });
  EXPECT_EQ(model_.stream(1).name(), "edited");
  EXPECT_EQ(model_.index(1, StreamListModel::kFrameLength).data().toString(), "IMIX");
  EXPECT_EQ(inserted.count(), 0);
  EXPECT_EQ(removed.count(), 0);
  EXPECT_EQ(changed.count(), 3);  // edit, undo, redo

  v1::Stream clash = model_.stream(2);
  clash.set_id(1);  // row 0's id
  model_.replaceStream(2, clash);
  EXPECT_TRUE(idsUnique(model_));
  const int steps = model_.undoStack()->count();
  model_.replaceStream(2, model_.stream(2));
  EXPECT_EQ(model_.undoStack()->count(), steps) << "no change, no step";
}

TEST_F(StreamListModelTest, EnableRateAndSetData) {
  expectUndoable([&] { model_.setEnabled({1, 3}, false); });
  EXPECT_EQ(model_.index(1, StreamListModel::kEnabled).data(Qt::CheckStateRole).toInt(), Qt::Unchecked);
  EXPECT_EQ(model_.index(3, StreamListModel::kEnabled).data(Qt::CheckStateRole).toInt(), Qt::Unchecked);
  EXPECT_EQ(model_.index(2, StreamListModel::kEnabled).data(Qt::CheckStateRole).toInt(), Qt::Checked);
  expectUndoable([&] { model_.setEnabled({0, 1, 2, 3, 4}, true); });
  EXPECT_FALSE(model_.stream(1).has_enabled()) << "absent means enabled";

  v1::Rate rate;
  rate.set_unit(v1::Rate::LOAD_PERCENT);
  rate.set_value(50);
  expectUndoable([&] { model_.setRate({0, 4}, rate); });
  EXPECT_EQ(model_.index(4, StreamListModel::kRate).data().toString(), "50 % load");

  expectUndoable([&] {
    EXPECT_TRUE(model_.setData(model_.index(2, StreamListModel::kEnabled), Qt::Unchecked, Qt::CheckStateRole));
  });
  EXPECT_FALSE(model_.stream(2).enabled());
  expectUndoable([&] { EXPECT_TRUE(model_.setData(model_.index(2, StreamListModel::kName), "renamed")); });
  EXPECT_EQ(model_.stream(2).name(), "renamed");

  const int steps = model_.undoStack()->count();
  EXPECT_FALSE(model_.setData(model_.index(2, StreamListModel::kName), QVariant())) << "a view clearing a cell";
  EXPECT_FALSE(model_.setData(model_.index(2, StreamListModel::kRate), "x"));
  EXPECT_EQ(model_.undoStack()->count(), steps);
  EXPECT_TRUE(model_.flags(model_.index(0, StreamListModel::kEnabled)) & Qt::ItemIsUserCheckable);
  EXPECT_TRUE(model_.flags(model_.index(0, StreamListModel::kName)) & Qt::ItemIsEditable);
  EXPECT_FALSE(model_.flags(model_.index(0, StreamListModel::kRate)) & Qt::ItemIsEditable);
  EXPECT_TRUE(model_.flags(model_.index(0, StreamListModel::kRate)) & Qt::ItemIsDragEnabled);
}

TEST_F(StreamListModelTest, DirtyFollowsApplyUndoAndRedo) {
  QSignalSpy dirty(&model_, &StreamListModel::dirtyChanged);
  model_.setEnabled({0}, false);
  EXPECT_TRUE(model_.isDirty());
  ASSERT_EQ(dirty.count(), 1);
  EXPECT_TRUE(dirty.takeFirst().at(0).toBool());
  model_.undoStack()->undo();
  EXPECT_FALSE(model_.isDirty());
  model_.undoStack()->redo();
  EXPECT_TRUE(model_.isDirty());

  model_.markApplied();
  EXPECT_FALSE(model_.isDirty());
  model_.undoStack()->undo();
  EXPECT_TRUE(model_.isDirty()) << "undo past the applied state";
  model_.undoStack()->redo();
  EXPECT_FALSE(model_.isDirty());

  model_.undoStack()->undo();
  model_.removeStreams({4});  // a different future: the applied state is unreachable now
  EXPECT_TRUE(model_.isDirty());
  model_.undoStack()->undo();
  EXPECT_TRUE(model_.isDirty()) << "this is the state before the apply";

  dirty.clear();
  model_.resetFromDrone({makeStream(1, "fresh")});
  EXPECT_FALSE(model_.isDirty());
  ASSERT_EQ(dirty.count(), 1);
  EXPECT_FALSE(dirty.takeFirst().at(0).toBool());
}

TEST_F(StreamListModelTest, FindReplaceCountsFieldsInOneStep) {
  v1::Stream tunnel = makeStream(10, "tunnel", "10.0.0.1");
  v1::Layer inner;
  inner.set_protocol("ip");
  (*inner.mutable_fields())["ip.dst"] = "10.0.0.1";
  *tunnel.mutable_layers()->Add() = inner;
  model_.resetFromDrone({makeStream(1, "a", "10.0.0.1"), makeStream(2, "b", "10.0.0.2"), makeStream(3, "c"), tunnel});

  int count = 0;
  expectUndoable([&] { count = model_.findReplace("ip.dst", "10.0.0.1", "192.0.2.1", {}); });
  EXPECT_EQ(count, 3);
  EXPECT_EQ(model_.stream(0).layers(1).fields().at("ip.dst"), "192.0.2.1");
  EXPECT_EQ(model_.stream(1).layers(1).fields().at("ip.dst"), "10.0.0.2");
  EXPECT_FALSE(model_.stream(2).layers(1).fields().contains("ip.dst")) << "auto fields stay auto";
  EXPECT_EQ(model_.stream(3).layers(4).fields().at("ip.dst"), "192.0.2.1");

  model_.undoStack()->undo();
  expectUndoable([&] { count = model_.findReplace("ip.dst", "", "198.18.0.9", {1, 2}); });
  EXPECT_EQ(count, 1) << "any value, only in the given rows";
  EXPECT_EQ(model_.stream(1).layers(1).fields().at("ip.dst"), "198.18.0.9");
  EXPECT_EQ(model_.stream(0).layers(1).fields().at("ip.dst"), "10.0.0.1");

  const int steps = model_.undoStack()->count();
  EXPECT_EQ(model_.findReplace("ip.dst", "203.0.113.1", "x", {}), 0);
  EXPECT_EQ(model_.findReplace("udp.dstport", "", "9", {}), 0);
  EXPECT_EQ(model_.undoStack()->count(), steps);
}

TEST_F(StreamListModelTest, CopyPasteIntoAnotherPortGivesFreshIds) {
  model_.setEnabled({2}, false);
  std::unique_ptr<QMimeData> mime(model_.mimeData({model_.index(0, 0), model_.index(2, 1), model_.index(2, 3)}));
  ASSERT_TRUE(mime);
  EXPECT_EQ(model_.mimeTypes(), (QStringList{kStreamsMimeType, "text/plain"}));
  ASSERT_TRUE(mime->hasFormat(kStreamsMimeType));
  ASSERT_TRUE(mime->hasText());
  auto file = parseStreamFile(mime->text().toStdString());
  ASSERT_TRUE(file.ok()) << file.error().toString();
  EXPECT_EQ(file->streams_size(), 2) << "rows, not cells";

  StreamListModel other;
  QAbstractItemModelTester tester(&other, QAbstractItemModelTester::FailureReportingMode::Fatal);
  other.resetFromDrone({makeStream(1, "other")});
  auto pasted = other.pasteStreams(mime.get(), 1);
  ASSERT_TRUE(pasted.ok()) << pasted.error().toString();
  EXPECT_EQ(*pasted, 1);
  EXPECT_EQ(names(other), (QStringList{"other", "a", "c"}));
  EXPECT_EQ(ids(other), (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_FALSE(other.stream(2).enabled());
  EXPECT_TRUE(other.isDirty());

  EXPECT_TRUE(other.dropMimeData(mime.get(), Qt::CopyAction, -1, -1, {}));
  EXPECT_EQ(names(other), (QStringList{"other", "a", "c", "a", "c"}));
  EXPECT_TRUE(idsUnique(other));
  EXPECT_TRUE(other.dropMimeData(mime.get(), Qt::MoveAction, 0, 0, {})) << "a move from another port copies";
  EXPECT_EQ(other.rowCount(), 7);
  EXPECT_EQ(model_.rowCount(), 5) << "the source is untouched";
  EXPECT_TRUE(idsUnique(other));
}

TEST_F(StreamListModelTest, PlainTextStreamFilePastes) {
  QMimeData text;
  text.setText(R"({"format_version": 1, "streams": [{"id": 2, "name": "from mail"}]})");
  EXPECT_TRUE(model_.canDropMimeData(&text, Qt::CopyAction, 0, 0, {}));
  auto pasted = model_.pasteStreams(&text, 0);
  ASSERT_TRUE(pasted.ok()) << pasted.error().toString();
  EXPECT_EQ(model_.stream(0).name(), "from mail");
  EXPECT_EQ(model_.stream(0).id(), 6u);
}

TEST_F(StreamListModelTest, InternalDragMoveIsOneStep) {
  std::unique_ptr<QMimeData> mime(model_.mimeData({model_.index(0, 1), model_.index(1, 1)}));
  ASSERT_TRUE(model_.canDropMimeData(mime.get(), Qt::MoveAction, 4, 0, {}));
  expectUndoable([&] { EXPECT_TRUE(model_.dropMimeData(mime.get(), Qt::MoveAction, 4, 0, {})); });
  EXPECT_EQ(names(model_), (QStringList{"c", "d", "a", "b", "e"}));
  EXPECT_EQ(ids(model_), (std::vector<uint32_t>{3, 4, 1, 2, 5})) << "a move keeps ids";

  model_.undoStack()->undo();
  // Dropped on an item (row -1, parent = the item): before it.
  expectUndoable([&] { EXPECT_TRUE(model_.dropMimeData(mime.get(), Qt::MoveAction, -1, -1, model_.index(3, 0))); });
  EXPECT_EQ(names(model_), (QStringList{"c", "a", "b", "d", "e"}));

  model_.undoStack()->undo();
  expectUndoable([&] { EXPECT_TRUE(model_.dropMimeData(mime.get(), Qt::CopyAction, -1, -1, {})); });
  EXPECT_EQ(names(model_), (QStringList{"a", "b", "c", "d", "e", "a", "b"})) << "a copy within the model";
  EXPECT_TRUE(idsUnique(model_));
}

TEST_F(StreamListModelTest, BadMimeSaysWhatIsWrong) {
  QMimeData text;
  text.setText("hello");
  auto bad = StreamListModel::streamsFromMime(&text);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("the text is not a stream file"), std::string::npos) << bad.error().message;

  QMimeData empty;
  auto none = StreamListModel::streamsFromMime(&empty);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no streams here"), std::string::npos) << none.error().message;
  EXPECT_FALSE(model_.canDropMimeData(&empty, Qt::CopyAction, 0, 0, {}));

  QMimeData noStreams;
  noStreams.setData(kStreamsMimeType, R"({"format_version": 1})");
  auto zero = StreamListModel::streamsFromMime(&noStreams);
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.error().message.find("without streams"), std::string::npos) << zero.error().message;

  QMimeData newer;
  newer.setText(R"({"format_version": 99, "streams": [{}]})");
  auto future = StreamListModel::streamsFromMime(&newer);
  ASSERT_FALSE(future.ok());
  EXPECT_NE(future.error().message.find("newer Staccato"), std::string::npos) << future.error().message;

  QMimeData json;
  json.setText("{ not json");
  EXPECT_FALSE(model_.dropMimeData(&json, Qt::CopyAction, 0, 0, {}));
  EXPECT_FALSE(model_.pasteStreams(&json, 0).ok());
  EXPECT_EQ(model_.rowCount(), 5);
  EXPECT_FALSE(model_.isDirty());
}

// Scale, without QAbstractItemModelTester: it walks every row on every signal (O(n²) here).
TEST(StreamListModelScale, TenThousandStreams) {
  StreamListModel model;
  std::vector<v1::Stream> streams;
  for (uint32_t i = 0; i < 10000; ++i) streams.push_back(makeStream(i + 1, "s" + std::to_string(i), "10.0.0.1"));
  model.resetFromDrone(streams);
  QList<int> every3rd, all;
  for (int r = 0; r < 10000; ++r) {
    all << r;
    if (r % 3 == 0) every3rd << r;
  }
  auto undoRedo = [&](const std::function<void()>& edit) {
    const std::string before = serialize(model.streams());
    edit();
    const std::string after = serialize(model.streams());
    EXPECT_NE(before, after);
    model.undoStack()->undo();
    EXPECT_EQ(serialize(model.streams()), before);
    model.undoStack()->redo();
    EXPECT_EQ(serialize(model.streams()), after);
  };
  undoRedo([&] { model.removeStreams(every3rd); });
  EXPECT_EQ(model.rowCount(), 6666);
  undoRedo([&] { model.moveStreams(every3rd.mid(0, 1000), 6000); });
  undoRedo([&] { model.duplicateStreams(all.mid(0, 6666), 1); });
  EXPECT_EQ(model.rowCount(), 13332);
  EXPECT_TRUE(idsUnique(model));
  undoRedo([&] { model.setEnabled(every3rd, false); });
  undoRedo([&] { model.findReplace("ip.dst", "", "10.1.1.1", {}); });
  for (int r = 0; r < model.rowCount(); r += 997)
    EXPECT_FALSE(model.index(r, StreamListModel::kRate).data().toString().isEmpty());
}

}  // namespace
}  // namespace staccato::client::test
