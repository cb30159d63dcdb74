// Published verdicts (例胜 / 例和 from endgame books, sites and papers) that the catalogue sets
// beside the tables' own: a tab-separated file, one statement a line,
//   MATERIAL <TAB> win|draw|depends <TAB> source <TAB> note
// (the note optional: why the tables disagree, where they do). '#' starts a comment line.
#pragma once

#include <string>
#include <vector>

#include "core/material.hpp"
#include "verdict/verdict.hpp"

namespace xq {

struct BookStatement {
  Material material;  // canonical
  Verdict verdict;
  std::string source, note;
};

// Reads the file; std::invalid_argument naming the file and line for anything malformed, and
// for a file that cannot be read.
std::vector<BookStatement> read_book_statements(const std::string& path);

}  // namespace xq
