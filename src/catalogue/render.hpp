// The catalogue (catalogue.hpp) as a page for people: Markdown (docs/endings.md) or one
// self-contained HTML file. Both show the same tables, built once as a Page.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace xq {

// A table cell: text, then (when not empty) a FEN or other code shown as code.
struct Cell {
  std::string text, code;
};

struct PageTable {
  std::string heading;                  // a section heading (empty: none)
  std::vector<std::string> paragraphs;  // before the table
  std::vector<std::string> columns;
  std::vector<std::vector<Cell>> rows;
};

struct Page {
  std::string title;
  std::vector<std::string> paragraphs;
  std::vector<PageTable> tables;
};

// The page of a catalogue JSON (build_catalogue's).
Page catalogue_page(const nlohmann::json& catalogue);

std::string render_markdown(const Page& page);
std::string render_html(const Page& page);

}  // namespace xq
