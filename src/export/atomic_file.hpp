// A file written atomically: bytes go to PATH.tmp, and commit() fsyncs it, renames it to PATH
// and fsyncs the directory, so that an interrupted write never leaves a file that looks
// complete. Errors are std::runtime_error naming the file and the reason.
#pragma once

#include <cstdint>
#include <string>

namespace xq {

class AtomicFile {
 public:
  // Creates (truncates) PATH.tmp.
  explicit AtomicFile(std::string path);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  // Removes PATH.tmp unless committed.
  ~AtomicFile();

  // Writes at the end of what is written so far.
  void append(const void* data, size_t size);
  // Overwrites bytes already written (a header whose fields are known at the end).
  void write_at(const void* data, size_t size, uint64_t offset);
  uint64_t size() const { return size_; }
  void commit();

 private:
  std::string path_, tmp_;
  int fd_ = -1;
  uint64_t size_ = 0;
  bool committed_ = false;
};

}  // namespace xq
