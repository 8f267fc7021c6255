#include "drone/core/lease_book.h"

#include <sys/random.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace staccato::drone {

LeaseBook::LeaseBook(OnExpiry onExpiry, Guards guards)
    : onExpiry_(std::move(onExpiry)), guards_(std::move(guards)), thread_([this](std::stop_token stop) { expireLoop(stop); }) {}

LeaseBook::~LeaseBook() {
  thread_.request_stop();
  wake_.notify_all();
}

Result<std::pair<uint64_t, std::string>> LeaseBook::open(uint32_t seconds, const std::string& client) {
  if (seconds < 1 || seconds > rpc::kMaxLeaseSeconds)
    return makeError("lease_seconds", std::to_string(seconds) + " is out of range (allowed 1.." +
                                          std::to_string(rpc::kMaxLeaseSeconds) + ", or 0 for no lease)");
  // Unguessable, so that nobody else keeps a lease alive by renewing it.
  uint64_t random[2];
  if (getrandom(random, sizeof random, 0) != static_cast<ssize_t>(sizeof random))
    return makeError("lease_seconds", "no random bytes from the kernel for a lease id", ErrorKind::kInternal);
  char id[33];
  std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(random[0]),
                static_cast<unsigned long long>(random[1]));
  closeEnded();
  std::lock_guard lock(mu_);
  if (leases_.size() >= kMaxLeases)
    return makeError("lease_seconds", std::to_string(kMaxLeases) + " runs with leases are in progress on this drone: "
                                          "stop some first", ErrorKind::kExhausted);
  const auto mine = std::count_if(leases_.begin(), leases_.end(), [&](const auto& kv) { return kv.second.client == client; });
  if (static_cast<size_t>(mine) >= kMaxLeasesPerClient)
    return makeError("lease_seconds", client + " has " + std::to_string(mine) +
                                          " runs with leases in progress on this drone (at most " +
                                          std::to_string(kMaxLeasesPerClient) + "): stop some first",
                     ErrorKind::kExhausted);
  const uint64_t number = next_++;
  leases_[id] = Lease{number, std::chrono::seconds(seconds), Clock::now() + std::chrono::seconds(seconds), client};
  return std::pair{number, std::string(id)};
}

Status LeaseBook::renew(const std::string& id) {
  std::lock_guard lock(mu_);
  auto it = leases_.find(id);
  if (it == leases_.end() && ended_.count(id)) return Ok{};  // its run is over: nothing to keep alive
  if (it == leases_.end())
    return makeError("lease_id", "no such lease: it expired (and its ports were stopped) or never existed",
                     ErrorKind::kNotFound);
  it->second.deadline = Clock::now() + it->second.length;
  return Ok{};
}

void LeaseBook::close(uint64_t lease) {
  std::lock_guard lock(mu_);
  std::erase_if(leases_, [&](const auto& kv) { return kv.second.number == lease; });
}

void LeaseBook::closeEnded() {
  std::vector<std::pair<std::string, uint64_t>> open;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, l] : leases_)
      if (l.started) open.emplace_back(id, l.number);
  }
  std::vector<std::string> ended;
  for (const auto& [id, number] : open)  // asks the drone: not under the book's lock
    if (!guards_(number)) ended.push_back(id);
  std::lock_guard lock(mu_);
  const auto now = Clock::now();
  for (const std::string& id : ended)
    if (leases_.erase(id)) ended_[id] = now;
  std::erase_if(ended_, [&](const auto& kv) { return now - kv.second > kEndedLeaseMemory; });
  while (ended_.size() > kMaxEndedLeases)
    ended_.erase(std::min_element(ended_.begin(), ended_.end(), [](const auto& a, const auto& b) { return a.second < b.second; }));
}

void LeaseBook::started(uint64_t lease) {
  std::lock_guard lock(mu_);
  for (auto& [id, l] : leases_)
    if (l.number == lease) l.started = true;
}

size_t LeaseBook::open() const {
  std::lock_guard lock(mu_);
  return leases_.size();
}

void LeaseBook::expireLoop(std::stop_token stop) {
  std::unique_lock lock(mu_);
  while (!stop.stop_requested()) {
    lock.unlock();
    closeEnded();
    lock.lock();
    // Checked at least 4 times a second: a lease ends at most 250 ms after its deadline.
    auto next = Clock::now() + std::chrono::milliseconds(250);
    for (auto it = leases_.begin(); it != leases_.end();) {
      if (it->second.deadline > Clock::now()) {
        next = std::min(next, it->second.deadline);
        ++it;
        continue;
      }
      const Lease gone = it->second;
      it = leases_.erase(it);
      lock.unlock();
      onExpiry_(gone.number, "stopped: the lease of " + gone.client + " expired (not renewed for " +
                                 std::to_string(gone.length.count()) + " s; the client crashed or lost the drone)");
      lock.lock();
      it = leases_.begin();  // the map may have changed meanwhile
    }
    wake_.wait_until(lock, stop, next, [] { return false; });
  }
}

}  // namespace staccato::drone
