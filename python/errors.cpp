// C++ errors as Python exceptions, with the C++ messages: bad input is a ValueError, a missing
// table a MissingTableError (FileNotFoundError and LookupError), a damaged one an OSError.
#include <pybind11/eval.h>

#include <filesystem>

#include "core/notation.hpp"
#include "core/table_file.hpp"
#include "python/bindings.hpp"
#include "rules/game_record.hpp"

namespace xq::py_bind {

void throw_missing(const Material& m, const char* context) {
  throw MissingTable("no table for " + m.name() + context + " in the directories given");
}

std::shared_ptr<const Tablebase> TablebaseHandle::get() const {
  if (!tb) throw py::value_error("the Tablebase is closed");
  return tb;
}

Fen read_fen(const std::string& fen) {
  Fen f{Position::from_fen(fen), 0};
  if (const auto counter = fen_counter(fen)) f.counter = *counter;
  return f;
}

void bind_errors(py::module_& m) {
  // Both bases, so that `except FileNotFoundError` and `except LookupError` (python-chess's
  // MissingTableError is a KeyError) catch it.
  py::dict scope;
  scope["__builtins__"] = py::module_::import("builtins");
  py::exec(R"(
class MissingTableError(FileNotFoundError, LookupError):
    """No table for the position's material (or for a material a capture leads to)."""
)",
           scope);
  py::object missing = scope["MissingTableError"];
  missing.attr("__module__") = "xqtb";
  m.attr("MissingTableError") = missing;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const MissingTable& e) {
      py::object cls = py::module_::import("xqtb").attr("MissingTableError");
      PyErr_SetString(cls.ptr(), e.what());
    } catch (const FenError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const TableError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    } catch (const std::filesystem::filesystem_error& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    } catch (const std::invalid_argument& e) {  // MaterialError, NotationError, GameError
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
}

}  // namespace xq::py_bind
