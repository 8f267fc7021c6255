#pragma once
// Helpers for the stream editor tests: rendered bytes, widget lookup by object name, and
// typing into the field tree's delegate editors.
#include <gtest/gtest.h>

#include <QAbstractItemModel>
#include <QByteArray>
#include <QTest>
#include <QWidget>

#include "common/stream/compiler.h"

namespace staccato::client::test {

/// Packet `number` (1-based) of a stream straight from the compiler and PacketRenderer.
inline QByteArray renderedBytes(const v1::Stream& stream, int number = 1) {
  auto plan = compile(stream);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
  if (!plan.ok()) return {};
  PacketRenderer renderer(*plan);
  std::span<const uint8_t> packet;
  for (int i = 0; i < number; ++i) packet = renderer.next();
  return QByteArray(reinterpret_cast<const char*>(packet.data()), static_cast<qsizetype>(packet.size()));
}

/// A child widget by object name; fails the test when missing.
template <typename T>
T* child(const QWidget& root, const char* name) {
  T* w = root.findChild<T*>(QString::fromLatin1(name));
  EXPECT_NE(w, nullptr) << "no " << name;
  return w;
}

/// The first index under `parent` (recursively) whose `role` data equals `value`.
inline QModelIndex findIndex(const QAbstractItemModel& model, int role, const QVariant& value,
                             const QModelIndex& parent = {}) {
  for (int r = 0; r < model.rowCount(parent); ++r) {
    const QModelIndex i = model.index(r, 0, parent);
    if (i.data(role) == value) return i;
    if (QModelIndex found = findIndex(model, role, value, i); found.isValid()) return found;
  }
  return {};
}

}  // namespace staccato::client::test
