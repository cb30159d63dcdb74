#include "export/npy_writer.hpp"

namespace xq {

namespace {
constexpr size_t kHeaderBytes = 256;  // a multiple of 64, as format 1.0 asks
}  // namespace

std::string npy_header(uint64_t rows) {
  constexpr size_t kPrefix = 10;  // magic (6), version (2), header length (2, little-endian)
  constexpr size_t kLength = kHeaderBytes - kPrefix;
  std::string header = "\x93NUMPY";
  header += {'\x01', '\x00', char(kLength & 0xff), char(kLength >> 8)};
  header += std::string("{'descr': ") + kExportRowDescr + ", 'fortran_order': False, 'shape': (" +
            std::to_string(rows) + ",), }";
  header.append(kHeaderBytes - 1 - header.size(), ' ');
  header += '\n';
  return header;
}

NpyWriter::NpyWriter(const std::string& path) : file_(path) {
  const std::string header = npy_header(0);
  file_.append(header.data(), header.size());
}

void NpyWriter::append(const std::vector<ExportRow>& rows) {
  file_.append(rows.data(), rows.size() * sizeof(ExportRow));
  rows_ += rows.size();
}

void NpyWriter::commit() {
  const std::string header = npy_header(rows_);
  file_.write_at(header.data(), header.size(), 0);
  file_.commit();
}

}  // namespace xq
