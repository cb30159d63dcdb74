#include "core/table_descriptors.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "core/table_file.hpp"
#include "core/table_format.hpp"

namespace xq {

namespace {

size_t limit_from_rlimit() {
  rlimit r{};
  const rlim_t soft = ::getrlimit(RLIMIT_NOFILE, &r) == 0 ? r.rlim_cur : 1024;
  return size_t(std::clamp<rlim_t>(soft / 4, 16, 1024));
}

}  // namespace

TableDescriptors& TableDescriptors::instance() {
  static TableDescriptors pool(limit_from_rlimit());
  return pool;
}

TableDescriptors::TableDescriptors(size_t limit) : limit_(std::max<size_t>(limit, 1)) {}

uint64_t TableDescriptors::add(int fd, const std::string& path) {
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    const std::string why = format::errno_text("cannot stat");
    ::close(fd);
    throw TableError(path, why);
  }
  const std::lock_guard lock(mutex_);
  const uint64_t h = next_++;
  lru_.push_front(h);
  entries_.emplace(h, Entry{path, uint64_t(st.st_dev), uint64_t(st.st_ino), uint64_t(st.st_size),
                            fd, 0, lru_.begin()});
  close_over_limit();
  return h;
}

void TableDescriptors::remove(uint64_t handle) {
  const std::lock_guard lock(mutex_);
  const auto it = entries_.find(handle);
  if (it == entries_.end()) return;
  if (it->second.fd >= 0) {
    ::close(it->second.fd);
    lru_.erase(it->second.lru);
  }
  entries_.erase(it);
}

size_t TableDescriptors::open_count() const {
  const std::lock_guard lock(mutex_);
  return lru_.size();
}

void TableDescriptors::close_over_limit() {
  for (auto it = lru_.end(); lru_.size() > limit_ && it != lru_.begin();) {
    --it;
    Entry& e = entries_.at(*it);
    if (e.users > 0) continue;
    ::close(e.fd);
    e.fd = -1;
    it = lru_.erase(it);
  }
}

int TableDescriptors::acquire(uint64_t handle, const std::string** path) {
  const std::lock_guard lock(mutex_);
  Entry& e = entries_.at(handle);
  *path = &e.path;
  if (e.fd < 0) {
    const int fd = ::open(e.path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) throw TableError(e.path, format::errno_text("cannot reopen"));
    struct stat st;
    if (::fstat(fd, &st) != 0 || uint64_t(st.st_dev) != e.device ||
        uint64_t(st.st_ino) != e.inode || uint64_t(st.st_size) != e.size) {
      ::close(fd);
      throw TableError(e.path, "replaced or resized on disk since it was opened; open it again");
    }
    e.fd = fd;
    lru_.push_front(handle);
    e.lru = lru_.begin();
  } else if (e.lru != lru_.begin()) {
    lru_.splice(lru_.begin(), lru_, e.lru);
  }
  ++e.users;
  close_over_limit();
  return e.fd;
}

void TableDescriptors::release(uint64_t handle) {
  const std::lock_guard lock(mutex_);
  --entries_.at(handle).users;
  close_over_limit();
}

void TableDescriptors::read(uint64_t handle, void* out, size_t size, uint64_t offset) {
  const std::string* path = nullptr;  // stable: the entry stays until remove()
  const int fd = acquire(handle, &path);
  struct Release {
    TableDescriptors& pool;
    uint64_t handle;
    ~Release() { pool.release(handle); }
  } release{*this, handle};
  auto p = static_cast<uint8_t*>(out);
  for (size_t done = 0; done < size;) {
    const ssize_t n = ::pread(fd, p + done, size - done, off_t(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw TableError(*path, format::errno_text("read failed"));
    if (n == 0)
      throw TableError(*path, "truncated since it was opened: no bytes at offset " +
                                  std::to_string(offset + done) + " (open it again)");
    done += size_t(n);
  }
}

}  // namespace xq
