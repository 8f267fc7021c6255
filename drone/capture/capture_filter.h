#pragma once
/// A capture's BPF filter compiled by libpcap for Ethernet frames, run in user space on frames
/// that no kernel filter saw (turbo receive's, fake ports'). Thread-safe once compiled.
#include <cstdint>
#include <memory>
#include <string>

#include "common/core/result.h"
#include "drone/capture/capture_sink.h"

struct bpf_program;

namespace staccato::drone {

class CaptureFilter {
 public:
  /// Compiles `filter` (empty: every frame matches); a syntax error is libpcap's message with
  /// the path "filter".
  static Result<std::shared_ptr<const CaptureFilter>> compile(const std::string& filter, uint32_t snapLength);
  ~CaptureFilter();
  CaptureFilter(const CaptureFilter&) = delete;
  CaptureFilter& operator=(const CaptureFilter&) = delete;

  bool matches(const CapturedFrame& frame) const noexcept;

 private:
  CaptureFilter() = default;
  std::unique_ptr<bpf_program> program_;  ///< null: every frame matches
};

}  // namespace staccato::drone
