// The Python module `xqtb` (docs/python.md).
#include "python/bindings.hpp"

PYBIND11_MODULE(xqtb, m) {
  namespace pb = xq::py_bind;
  m.doc() =
      "Xiangqi endgame tablebases: probe values, moves and lines, rule repetition cycles, the "
      "book verdict of an ending, and export a table's positions as training data "
      "(docs/python.md).";
  m.attr("__version__") = XQTB_PROJECT_VERSION;
  pb::bind_errors(m);
  pb::bind_position(m);
  pb::TablebaseClass tablebase = pb::bind_tablebase(m);
  pb::bind_export(m, tablebase);
}
