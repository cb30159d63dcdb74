// A .npy file of export rows (NumPy's format 1.0: magic, header, raw little-endian rows),
// written atomically (AtomicFile): the header's row count is filled in when the rows are out.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "export/atomic_file.hpp"
#include "export/table_export.hpp"

namespace xq {

class NpyWriter {
 public:
  // Creates PATH.tmp (std::runtime_error naming it when it cannot).
  explicit NpyWriter(const std::string& path);
  void append(const std::vector<ExportRow>& rows);
  // Writes the final header and renames the file into place.
  void commit();

 private:
  AtomicFile file_;
  uint64_t rows_ = 0;
};

// The .npy header for `rows` export rows, padded to a fixed 256 bytes, so that the count can be
// filled in after the rows.
std::string npy_header(uint64_t rows);

}  // namespace xq
