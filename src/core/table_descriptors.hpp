// Open table files, read with pread rather than memory-mapped: a file truncated under a
// mapping raises SIGBUS on the next access, a short pread is an error the caller reports.
// Each TableFile keeps its descriptor, so a file renamed over keeps reading as it was opened;
// the descriptors open at once are bounded process-wide (a quarter of RLIMIT_NOFILE, 16 to
// 1024), and past the bound the least recently read one is closed and reopened by path on its
// next read, refused unless it is still the file opened (device, inode, size).
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

namespace xq {

class TableDescriptors {
 public:
  // The process's pool, bounded by its RLIMIT_NOFILE when first used.
  static TableDescriptors& instance();
  explicit TableDescriptors(size_t limit);
  TableDescriptors(const TableDescriptors&) = delete;
  TableDescriptors& operator=(const TableDescriptors&) = delete;

  // Takes over fd, an open regular file of path; returns the handle the calls below take.
  uint64_t add(int fd, const std::string& path);
  // Closes the file (if open) and forgets the handle.
  void remove(uint64_t handle);
  // Reads exactly size bytes at offset into out. Throws TableError ("PATH: reason") for an I/O
  // error, a file shorter than that (truncated since opened) or one replaced while closed.
  void read(uint64_t handle, void* out, size_t size, uint64_t offset);

  size_t limit() const { return limit_; }
  size_t open_count() const;

 private:
  struct Entry {
    std::string path;
    uint64_t device, inode, size;
    int fd;     // -1: closed to stay within the limit, reopened on the next read
    int users;  // reads in progress: not closed meanwhile
    std::list<uint64_t>::iterator lru;
  };
  int acquire(uint64_t handle, const std::string** path);
  void release(uint64_t handle);
  void close_over_limit();  // with mutex_ held

  const size_t limit_;
  mutable std::mutex mutex_;
  std::unordered_map<uint64_t, Entry> entries_;
  std::list<uint64_t> lru_;  // open entries, most recently read first
  uint64_t next_ = 1;
};

}  // namespace xq
