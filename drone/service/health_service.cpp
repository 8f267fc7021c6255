// Each health call is one reactor that writes, never reads: the request stays unread in gRPC's
// flow-control window (at most 64 KiB with BDP probing off, drone_server.cpp) and is dropped with
// the stream when the answer ends it.
#include "drone/service/health_service.h"

#include "drone/edge/peer_key.h"

namespace staccato::drone {
namespace {

/// HealthCheckResponse{status: 1 SERVING | 2 NOT_SERVING}, encoded by hand (field 1, varint).
grpc::ByteBuffer statusReply(bool serving) {
  const char bytes[2] = {0x08, serving ? '\x01' : '\x02'};
  grpc::Slice slice(bytes, sizeof bytes);
  return grpc::ByteBuffer(&slice, 1);
}

/// The caller's address without its port ("local" for a unix socket's peers, which share one).
std::string addressOf(const std::string& peer) {
  const auto a = edge::PeerAddress::fromGrpcPeer(peer);
  return a ? a->key.text() : std::string("local");
}

}  // namespace

class HealthCall final : public grpc::ServerGenericBidiReactor {
 public:
  HealthCall(HealthService& owner, grpc::GenericCallbackServerContext* ctx) : owner_(owner) {
    const std::string& method = ctx->method();
    if (method == kHealthCheckPath) {
      reply_ = statusReply(owner_.serving());
      StartWriteAndFinish(&reply_, grpc::WriteOptions(), grpc::Status::OK);
      finished_ = true;
    } else if (method == kHealthWatchPath && !owner_.serving()) {
      reply_ = statusReply(false);
      StartWriteAndFinish(&reply_, grpc::WriteOptions(), grpc::Status::OK);
      finished_ = true;
    } else if (method == kHealthWatchPath) {
      address_ = addressOf(ctx->peer());
      if (!owner_.admitWatch(this, address_)) {
        finishOnce(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                                "too many health watches (at most " + std::to_string(kMaxHealthWatchesPerAddress) +
                                    " from one address, " + std::to_string(kMaxHealthWatches) + " in all)"));
        return;
      }
      watching_ = true;
      std::lock_guard lock(mu_);
      reply_ = statusReply(true);
      writing_ = true;
      StartWrite(&reply_);
    } else {
      finishOnce(grpc::Status(grpc::StatusCode::UNIMPLEMENTED, "the drone does not serve " + method));
    }
  }

  /// The drone shuts down: NOT_SERVING, then the end (after a write in flight, if any).
  void end() {
    std::lock_guard lock(mu_);
    if (finished_) return;
    if (writing_) {
      endAfterWrite_ = true;
      return;
    }
    reply_ = statusReply(false);
    StartWriteAndFinish(&reply_, grpc::WriteOptions(), grpc::Status::OK);
    finished_ = true;
  }

  void OnWriteDone(bool ok) override {
    std::lock_guard lock(mu_);
    writing_ = false;
    if (finished_) return;
    if (!ok) {
      Finish(grpc::Status(grpc::StatusCode::CANCELLED, "the caller left"));
      finished_ = true;
    } else if (endAfterWrite_) {
      reply_ = statusReply(false);
      StartWriteAndFinish(&reply_, grpc::WriteOptions(), grpc::Status::OK);
      finished_ = true;
    }
  }

  void OnCancel() override { finishOnce(grpc::Status::CANCELLED); }

  void OnDone() override {
    if (watching_) owner_.watchEnded(this, address_);
    delete this;
  }

 private:
  void finishOnce(const grpc::Status& status) {
    std::lock_guard lock(mu_);
    if (finished_) return;
    finished_ = true;
    Finish(status);
  }

  HealthService& owner_;
  std::mutex mu_;
  grpc::ByteBuffer reply_;
  std::string address_;
  bool watching_ = false;
  bool writing_ = false, finished_ = false, endAfterWrite_ = false;  // under mu_
};

grpc::ServerGenericBidiReactor* HealthService::CreateReactor(grpc::GenericCallbackServerContext* ctx) {
  return new HealthCall(*this, ctx);
}

bool HealthService::serving() const {
  std::lock_guard lock(mu_);
  return serving_;
}

bool HealthService::admitWatch(HealthCall* call, const std::string& address) {
  std::lock_guard lock(mu_);
  auto it = perAddress_.find(address);
  if (static_cast<int>(watches_.size()) >= kMaxHealthWatches ||
      (it != perAddress_.end() && it->second >= kMaxHealthWatchesPerAddress))
    return false;
  ++perAddress_[address];
  watches_.insert(call);
  return true;
}

void HealthService::watchEnded(HealthCall* call, const std::string& address) {
  std::lock_guard lock(mu_);
  watches_.erase(call);
  if (--perAddress_[address] <= 0) perAddress_.erase(address);
}

void HealthService::shutdown() {
  std::lock_guard lock(mu_);
  serving_ = false;
  for (HealthCall* call : watches_) call->end();
}

int HealthService::watches() const {
  std::lock_guard lock(mu_);
  return static_cast<int>(watches_.size());
}

}  // namespace staccato::drone
