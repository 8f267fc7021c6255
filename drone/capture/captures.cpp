#include "drone/capture/captures.h"

#include <algorithm>

#include "drone/capture/capture_errors.h"

namespace staccato::drone {

Captures::Captures(size_t memoryBytes) : budget_(std::make_shared<MemoryBudget>(memoryBytes)) {}

Result<std::shared_ptr<Capture>> Captures::prepare(const PortInfo& port, const CaptureSpec& spec, CaptureTaps& taps,
                                                   ClosingEngines& closing) {
  const std::string& name = port.name;
  Slot& slot = slots_[name];
  if (slot.starting) return errors::captureStarting(name);
  if (slot.capture && slot.capture->running()) return errors::alreadyCapturing(name);
  const uint32_t snap = frameSnapLength(port);
  auto filter = CaptureFilter::compile(spec.filter, snap);
  if (!filter) return filter.error();
  // The ended capture this one replaces goes first, so that its memory counts no longer, but only
  // when the new one then fits: a refused start keeps it. Its memory is free at once unless a
  // fetch still reads it or its engine has yet to close (then it is free a moment later).
  const size_t need = CaptureStore::capacityFor(spec.bound, spec.limit, snap);
  const bool freesNow = slot.capture && !slot.engine && slot.capture.use_count() == 1;
  const size_t freed = freesNow ? slot.capture->memoryBytes() : 0;
  const size_t left = budget_->total() - std::min(budget_->total(), budget_->used()) + freed;
  if (need > left) return errors::captureMemoryFull(need, budget_->total(), left);
  reap(name, slot, taps, closing);
  slot.capture.reset();
  MemoryBudget::Lease memory;
  if (!MemoryBudget::reserve(budget_, need, memory))  // a fetch that ended meanwhile only frees more
    return errors::captureMemoryFull(need, budget_->total(), budget_->total() - std::min(budget_->total(), budget_->used()));
  slot.starting = true;
  return std::make_shared<Capture>(name, spec, std::move(filter).value(), snap, std::move(memory));
}

void Captures::install(const std::string& port, std::shared_ptr<Capture> capture, std::unique_ptr<CaptureEngine> engine,
                       CaptureTaps& taps) {
  Slot& slot = slots_[port];
  slot.starting = false;
  taps.setTaps(port, capture->spec().receives() ? capture.get() : nullptr, capture->spec().sends() ? capture.get() : nullptr);
  slot.capture = std::move(capture);
  slot.engine = std::move(engine);
}

void Captures::abandon(const std::string& port) { slots_[port].starting = false; }

void Captures::end(const std::string& port, Slot& slot, v1::PortCapture::State state, const std::string& error,
                   CaptureTaps& taps, ClosingEngines& closing) {
  if (!slot.capture) return;
  slot.capture->end(state, error);
  if (slot.engine) {
    taps.setTaps(port, nullptr, nullptr);  // before the capture is read: no engine writes any more
    slot.capture->setKernelDropped(slot.engine->kernelDropped());
    closing.push_back({slot.capture, std::move(slot.engine)});
  }
}

void Captures::reap(const std::string& port, Slot& slot, CaptureTaps& taps, ClosingEngines& closing) {
  if (slot.engine && slot.capture && !slot.capture->running()) end(port, slot, v1::PortCapture::STOPPED, "", taps, closing);
}

Status Captures::stop(const std::string& port, bool discard, CaptureTaps& taps, ClosingEngines& closing) {
  auto it = slots_.find(port);
  if (it == slots_.end() || !it->second.capture) return errors::noCapture(port);
  end(port, it->second, v1::PortCapture::STOPPED, "", taps, closing);
  if (discard) it->second.capture.reset();
  return Ok{};
}

void Captures::vanished(const std::string& port, CaptureTaps& taps, ClosingEngines& closing) {
  auto it = slots_.find(port);
  if (it != slots_.end()) end(port, it->second, v1::PortCapture::FAILED, errors::vanishedWhileCapturing(port), taps, closing);
}

v1::PortCapture Captures::status(const std::string& port, CaptureTaps& taps, ClosingEngines& closing) {
  auto it = slots_.find(port);
  if (it == slots_.end() || !it->second.capture) {
    v1::PortCapture none;
    none.set_port(port);
    return none;
  }
  reap(port, it->second, taps, closing);
  if (it->second.engine) it->second.capture->setKernelDropped(it->second.engine->kernelDropped());
  return it->second.capture->status();
}

std::vector<std::string> Captures::ports() const {
  std::vector<std::string> out;
  for (const auto& [name, slot] : slots_)
    if (slot.capture) out.push_back(name);
  return out;
}

Result<std::shared_ptr<const Capture>> Captures::fetchable(const std::string& port, CaptureTaps& taps, ClosingEngines& closing) {
  auto it = slots_.find(port);
  if (it == slots_.end() || !it->second.capture) return errors::noCapture(port);
  reap(port, it->second, taps, closing);
  if (it->second.capture->running()) return errors::captureStillRunning(port);
  return std::shared_ptr<const Capture>(it->second.capture);
}

}  // namespace staccato::drone
