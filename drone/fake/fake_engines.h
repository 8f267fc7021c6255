#pragma once
/// The transmit backend and receive engine of a fake port.
#include <memory>
#include <string>

#include "common/stream/tx_backend.h"
#include "drone/fake/fake_port_source.h"
#include "drone/rx/signature_receiver.h"

namespace staccato::drone::fake {

/// Sends into the port's wire: counted on both ends, delivered to the peer's inbox.
std::unique_ptr<TxBackend> fakeTxBackend(std::shared_ptr<FakePortSource::Port> port, std::string name);
/// Counts the signature frames arriving in the port's inbox, on a thread of its own.
/// Stands in for one worker's in-kernel sender: it builds its own frames (a FrameBuilder).
std::unique_ptr<TxBackend> fakeBuilderBackend(std::shared_ptr<FakePortSource::Port> port);

std::unique_ptr<SignatureReceiver> fakeReceiver(std::shared_ptr<FakePortSource::Port> port, std::string engine);

/// Sees the frames crossing the port's end of the wire, both ways, until destroyed (the
/// capture applies its own filter and direction).
std::unique_ptr<CaptureEngine> fakeCaptureEngine(std::shared_ptr<FakePortSource::Port> port, CaptureSink& sink);

}  // namespace staccato::drone::fake
