// The pieces of the Python module (module.cpp assembles them; docs/python.md is the user's
// guide): error translation, Position and Material with notation and adjudication, the
// Tablebase with its values, statistics and export.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "core/material.hpp"
#include "core/position.hpp"
#include "probe/tablebase.hpp"

namespace xq::py_bind {

namespace py = pybind11;

// A position's material has no table (or a capture's does): MissingTableError in Python, a
// FileNotFoundError and a LookupError at once.
class MissingTable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// Raised by the C++ side when the material has no table in tb: "no table for KRKN in the
// directories given" (or "... for KNK, which a capture leads to").
[[noreturn]] void throw_missing(const Material& m, const char* context = "");

// A FEN as read: the legal position and the natural limit's counter (its halfmove field, 0
// when absent). ValueError (FenError) for bad text, an illegal position or a counter above 120.
struct Fen {
  Position pos;
  int counter = 0;
};
Fen read_fen(const std::string& fen);
// "none", "check", "asian" or "chinese"; ValueError otherwise.
RuleSet parse_rules(const std::string& name);

// A Python Tablebase: the C++ one, shared with the calls in flight (which copy the pointer
// while they hold the GIL, then release it), until close().
struct TablebaseHandle {
  std::shared_ptr<const Tablebase> tb;
  // The open tablebase; ValueError once closed.
  std::shared_ptr<const Tablebase> get() const;
};
using TablebaseClass = py::class_<TablebaseHandle>;

// Maps the C++ errors to Python's (ValueError, OSError, MissingTableError).
void bind_errors(py::module_& m);
void bind_position(py::module_& m);             // Material, Position, adjudicate
TablebaseClass bind_tablebase(py::module_& m);  // Category, Value, MoveValue, Tablebase, stats
// The export iterator, its dtype and board_fen; Tablebase.export on `tablebase`.
void bind_export(py::module_& m, TablebaseClass& tablebase);

}  // namespace xq::py_bind
