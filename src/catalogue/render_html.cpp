#include <sstream>

#include "catalogue/render.hpp"

namespace xq {

namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Markdown's `code` spans in a paragraph, as <code>.
std::string paragraph(const std::string& text) {
  std::string out;
  bool code = false;
  for (const char c : escape(text)) {
    if (c == '`') {
      out += code ? "</code>" : "<code>";
      code = !code;
    } else {
      out += c;
    }
  }
  return out + (code ? "</code>" : "");
}

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:2em;max-width:110em}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #bbb;padding:.2em .5em;vertical-align:top}"
    "th{background:#eee}code{font-size:85%}";

}  // namespace

std::string render_html(const Page& page) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
      << escape(page.title) << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<h1>"
      << escape(page.title) << "</h1>\n";
  for (const std::string& p : page.paragraphs) out << "<p>" << paragraph(p) << "</p>\n";
  for (const PageTable& t : page.tables) {
    if (!t.heading.empty()) out << "<h2>" << escape(t.heading) << "</h2>\n";
    for (const std::string& p : t.paragraphs) out << "<p>" << paragraph(p) << "</p>\n";
    if (t.rows.empty()) continue;
    out << "<table>\n<tr>";
    for (const std::string& c : t.columns) out << "<th>" << escape(c) << "</th>";
    out << "</tr>\n";
    for (const auto& row : t.rows) {
      out << "<tr>";
      for (const Cell& c : row) {
        out << "<td>" << escape(c.text);
        if (!c.code.empty())
          out << (c.text.empty() ? "" : " ") << "<code>" << escape(c.code) << "</code>";
        out << "</td>";
      }
      out << "</tr>\n";
    }
    out << "</table>\n";
  }
  out << "</body>\n</html>\n";
  return out.str();
}

}  // namespace xq
