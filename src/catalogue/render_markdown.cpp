#include <sstream>

#include "catalogue/render.hpp"

namespace xq {

namespace {

// A cell's text with the characters Markdown tables give a meaning escaped.
std::string escape(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string cell(const Cell& c) {
  std::string out = escape(c.text);
  if (!c.code.empty()) out += (out.empty() ? "`" : " `") + escape(c.code) + "`";
  return out;
}

}  // namespace

std::string render_markdown(const Page& page) {
  std::ostringstream out;
  out << "# " << page.title << "\n";
  for (const std::string& p : page.paragraphs) out << "\n" << p << "\n";
  for (const PageTable& t : page.tables) {
    if (!t.heading.empty()) out << "\n## " << t.heading << "\n";
    for (const std::string& p : t.paragraphs) out << "\n" << p << "\n";
    if (t.rows.empty()) continue;
    out << "\n|";
    for (const std::string& c : t.columns) out << " " << escape(c) << " |";
    out << "\n|";
    for (size_t i = 0; i < t.columns.size(); ++i) out << "---|";
    out << "\n";
    for (const auto& row : t.rows) {
      out << "|";
      for (const Cell& c : row) out << " " << cell(c) << " |";
      out << "\n";
    }
  }
  return out.str();
}

}  // namespace xq
