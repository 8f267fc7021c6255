#include "turbo/xsk/umem.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>

namespace staccato::turbo {

Result<std::unique_ptr<Umem>> Umem::create(uint32_t frames, uint32_t frameSize, uint32_t ringSize) {
  std::unique_ptr<Umem> u(new Umem());
  u->frames_ = frames;
  u->frameSize_ = frameSize;
  u->bytes_ = size_t{frames} * frameSize;
  void* area = mmap(nullptr, u->bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (area == MAP_FAILED) return makeError("umem", std::string("cannot map packet memory: ") + std::strerror(errno));
  u->area_ = static_cast<uint8_t*>(area);
  xsk_umem_config cfg{};
  cfg.fill_size = ringSize;
  cfg.comp_size = ringSize;
  cfg.frame_size = frameSize;
  cfg.frame_headroom = 0;
  cfg.flags = 0;
  if (int rc = xsk_umem__create(&u->umem_, u->area_, u->bytes_, &u->fill_, &u->comp_, &cfg); rc != 0) {
    u->umem_ = nullptr;
    return makeError("umem", std::string("cannot register packet memory for AF_XDP: ") + std::strerror(-rc) +
                                 (rc == -ENOMEM || rc == -EPERM || rc == -ENOBUFS  // ENOBUFS: over the memlock limit
                                      ? " (needs CAP_IPC_LOCK or a higher memlock limit: ulimit -l)"
                                      : ""));
  }
  return u;
}

Umem::~Umem() {
  if (umem_) xsk_umem__delete(umem_);
  if (area_) munmap(area_, bytes_);
}

}  // namespace staccato::turbo
