// An exclusive lock on one table of a directory, held while the table is built, so that two
// processes (two cluster jobs, or two runs sharing a directory) never build the same table: the
// second waits, then finds the table written. The lock is an flock(2) on DIR/MATERIAL.lock,
// released when the holder ends for any reason (the kernel drops it with the process), so a
// killed job leaves no stale lock (its empty file stays, holding no data).
#pragma once

#include <functional>
#include <string>

namespace xq::gen {

class TableLock {
 public:
  // Takes the lock, waiting for another holder; `waiting` is called once before a wait.
  // Throws TableError when the lock file cannot be created or locked.
  TableLock(const std::string& path, const std::function<void()>& waiting);
  ~TableLock();
  // The table is written: removes the lock file (still holding the lock; best effort). Safe because
  // the table exists first: whoever locks the removed file or a new one afterwards finds the table.
  // A failed build keeps the file, so that a waiting process and a newcomer never lock two
  // different files for one missing table.
  void written();
  TableLock(const TableLock&) = delete;
  TableLock& operator=(const TableLock&) = delete;

 private:
  [[noreturn]] void fail(const char* what);
  std::string path_;
  int fd_ = -1;
};

}  // namespace xq::gen
