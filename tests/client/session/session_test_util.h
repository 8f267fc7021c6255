#pragma once
// Waiting for asynchronous session results in tests: the event loop runs until the condition
// holds or a generous timeout passes (this VM stalls; a timeout is a failure, never a measure).
#include <google/protobuf/util/message_differencer.h>

#include <QtTest/QTest>

#include <optional>

#include "client/core/session/drone_session.h"

namespace staccato::client::test {

inline constexpr int kTimeoutMs = 30'000;

template <typename Predicate>
[[nodiscard]] bool eventually(Predicate predicate, int timeoutMs = kTimeoutMs) {
  return QTest::qWaitFor(predicate, timeoutMs);
}

/// Collects a Done callback's answer.
struct Answer {
  std::optional<Status> status;
  DroneSession::Done done() {
    return [this](const Status& s) { status = s; };
  }
  bool arrived() { return eventually([this] { return status.has_value(); }); }
};

/// Collects a StreamsDone callback's answer.
struct StreamsAnswer {
  std::optional<Result<std::vector<v1::Stream>>> result;
  DroneSession::StreamsDone done() {
    return [this](const Result<std::vector<v1::Stream>>& r) { result = r; };
  }
  bool arrived() { return eventually([this] { return result.has_value(); }); }
};

inline bool sameStreams(const std::vector<v1::Stream>& a, const std::vector<v1::Stream>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!google::protobuf::util::MessageDifferencer::Equals(a[i], b[i])) return false;
  return true;
}

}  // namespace staccato::client::test
