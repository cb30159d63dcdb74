// Tablebase.export: a table's legal positions with their labels as NumPy structured arrays,
// one chunk at a time (src/export/table_export.hpp), so that memory stays bounded whatever the
// table's size. Each chunk is filled with the GIL released.
#include <pybind11/eval.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cstring>
#include <mutex>

#include "export/table_export.hpp"
#include "python/bindings.hpp"

namespace xq::py_bind {

namespace {

struct ExportIterator {
  std::shared_ptr<const Tablebase> tb;  // keeps the tables open while the walk runs
  std::unique_ptr<TableExport> walk;
  size_t chunk_rows = 0;
  py::dtype dtype;
  std::mutex mutex;  // one chunk at a time when threads share the iterator
};

// ExportRow's NumPy dtype; ModuleNotFoundError without NumPy, which only export needs.
py::dtype export_dtype() {
  const py::dtype dtype = py::dtype::from_args(py::eval(kExportRowDescr));
  if (size_t(dtype.itemsize()) != sizeof(ExportRow))
    throw std::logic_error("the export dtype does not match ExportRow");
  return dtype;
}

}  // namespace

void bind_export(py::module_& m, TablebaseClass& tablebase) {
  try {
    m.attr("EXPORT_DTYPE") = export_dtype();
  } catch (const py::error_already_set& e) {
    if (!e.matches(PyExc_ImportError)) throw;  // without NumPy: no export, the rest works
  }

  py::class_<ExportIterator, std::shared_ptr<ExportIterator>>(
      m, "Export",
      "An iterator over a table's legal positions: NumPy structured arrays of EXPORT_DTYPE "
      "(board, side, category, dtm, dtc), one chunk each.")
      .def("__iter__", [](const std::shared_ptr<ExportIterator>& self) { return self; })
      .def("__next__",
           [](ExportIterator& self) {
             std::vector<ExportRow> rows;
             {
               py::gil_scoped_release unlocked;
               const std::lock_guard lock(self.mutex);
               rows.reserve(self.chunk_rows);
               self.walk->next(rows, self.chunk_rows);
             }
             if (rows.empty()) throw py::stop_iteration();
             py::array out(self.dtype, std::vector<py::ssize_t>{py::ssize_t(rows.size())});
             std::memcpy(out.mutable_data(), rows.data(), rows.size() * sizeof(ExportRow));
             return out;
           })
      .def_property_readonly(
          "slots_total", [](const ExportIterator& self) { return self.walk->slots_total(); },
          "Index slots the walk covers (legal or not): for progress.")
      .def_property_readonly(
          "slots_done", [](const ExportIterator& self) { return self.walk->slots_done(); },
          "Index slots walked so far.");

  tablebase.def(
      "export",
      [](const TablebaseHandle& self, const std::string& material, std::optional<std::string> side,
         size_t chunk_rows) {
        const auto t = self.get();
        const Material mat = Material::parse(material);
        std::optional<Color> color;
        if (side) {
          if (*side != "red" && *side != "black")
            throw std::invalid_argument("side must be 'red', 'black' or None, not " + *side);
          color = *side == "red" ? Red : Black;
        }
        if (chunk_rows == 0) throw std::invalid_argument("chunk_rows must be positive");
        if (!t->has(mat)) throw_missing(mat);
        auto it = std::make_shared<ExportIterator>();
        it->tb = t;
        it->chunk_rows = chunk_rows;
        it->dtype = export_dtype();
        {
          py::gil_scoped_release unlocked;
          it->walk = std::make_unique<TableExport>(*t, mat, color);
        }
        return it;
      },
      py::arg("material"), py::arg("side") = py::none(), py::arg("chunk_rows") = 65536,
      "Every legal position of the material's table with its labels, streamed: an iterator of "
      "NumPy structured arrays of EXPORT_DTYPE, chunk_rows rows each (the last fewer). One "
      "row per index slot (a position and its mirror image share one); side 'red' or 'black' "
      "keeps that side to move. A material named the other way round (KNKR) gives the "
      "positions colour-flipped.");

  m.def(
      "board_fen",
      [](py::array_t<uint8_t, py::array::c_style | py::array::forcecast> board, int side) {
        if (board.size() != kSquares)
          throw std::invalid_argument("a board has 90 points, not " + std::to_string(board.size()));
        if (side != Red && side != Black) throw std::invalid_argument("side must be 0 or 1");
        ExportRow row{};
        std::memcpy(row.board.data(), board.data(), kSquares);
        for (const uint8_t p : row.board)
          if (p != kNoPiece && (p > 15 || p == 8 || type_of(p) >= kPieceTypes))
            throw std::invalid_argument("no piece has the code " + std::to_string(p));
        row.side = uint8_t(side);
        return row_position(row).fen();
      },
      py::arg("board"), py::arg("side"),
      "The FEN of an exported row's board (90 piece codes) and side (0 Red, 1 Black).");
}

}  // namespace xq::py_bind
