#include "export/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace xq {

namespace {

std::runtime_error file_error(const std::string& path, const char* what) {
  return std::runtime_error(path + ": " + what + " (" + std::strerror(errno) + ")");
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)), tmp_(path_ + ".tmp") {
  fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw file_error(tmp_, "cannot create");
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(tmp_.c_str());
}

void AtomicFile::write_at(const void* data, size_t size, uint64_t offset) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::pwrite(fd_, p, size, off_t(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw file_error(tmp_, "write failed");
    p += n;
    size -= size_t(n);
    offset += uint64_t(n);
    size_ = std::max(size_, offset);
  }
}

void AtomicFile::append(const void* data, size_t size) {
  write_at(data, size, size_);
}

void AtomicFile::commit() {
  if (::fsync(fd_) != 0) throw file_error(tmp_, "fsync failed");
  const int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0) throw file_error(tmp_, "close failed");
  std::filesystem::rename(tmp_, path_);
  committed_ = true;
  std::filesystem::path dir = std::filesystem::path(path_).parent_path();
  if (dir.empty()) dir = ".";
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) throw file_error(dir.string(), "cannot open the directory");
  const int synced = ::fsync(dir_fd);
  ::close(dir_fd);
  if (synced != 0) throw file_error(dir.string(), "fsync of the directory failed");
}

}  // namespace xq
