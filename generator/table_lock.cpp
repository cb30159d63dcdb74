#include "generator/table_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/table_file.hpp"

namespace xq::gen {

TableLock::TableLock(const std::string& path, const std::function<void()>& waiting) : path_(path) {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) fail("cannot create the lock file");
  if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
  if (errno != EWOULDBLOCK) fail("cannot lock");
  waiting();
  while (::flock(fd_, LOCK_EX) != 0)
    if (errno != EINTR) fail("cannot lock");
}

void TableLock::fail(const char* what) {
  const std::string reason = std::string(what) + ": " + std::strerror(errno);
  if (fd_ >= 0) ::close(fd_);
  throw TableError(path_, reason);
}

void TableLock::written() {
  ::unlink(path_.c_str());  // best effort: a lock file left behind is harmless
}

TableLock::~TableLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace xq::gen
