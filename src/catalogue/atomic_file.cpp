#include "catalogue/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace xq {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& tmp, const char* what,
                       int fd = -1) {
  const std::string reason = std::strerror(errno);
  if (fd >= 0) ::close(fd);
  ::unlink(tmp.c_str());
  throw std::runtime_error(path + ": " + what + ": " + reason);
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    const std::string reason = std::strerror(errno);
    throw std::runtime_error(path + ": cannot create " + tmp + ": " + reason);
  }
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, tmp, "write failed", fd);
    done += size_t(n);
  }
  if (::fsync(fd) != 0) fail(path, tmp, "fsync failed", fd);
  if (::close(fd) != 0) fail(path, tmp, "close failed");
  if (::rename(tmp.c_str(), path.c_str()) != 0) fail(path, tmp, "rename failed");
}

}  // namespace xq
