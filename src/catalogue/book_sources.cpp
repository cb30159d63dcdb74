#include "catalogue/book_sources.hpp"

#include <fstream>
#include <stdexcept>

namespace xq {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  size_t start = 0;
  for (size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
    fields.push_back(line.substr(start, tab - start));
  fields.push_back(line.substr(start));
  return fields;
}

Verdict parse_verdict(const std::string& word, const std::string& where) {
  for (const Verdict v : {Verdict::Win, Verdict::Draw, Verdict::Depends})
    if (word == verdict_name(v)) return v;
  throw std::invalid_argument(where + ": verdict '" + word + "' is not win, draw or depends");
}

}  // namespace

std::vector<BookStatement> read_book_statements(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument(path + ": cannot read the book verdicts");
  std::vector<BookStatement> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::string where = path + ":" + std::to_string(number);
    const std::vector<std::string> f = split_tabs(line);
    if (f.size() < 3 || f.size() > 4)
      throw std::invalid_argument(where +
                                  ": expected MATERIAL, verdict, source and an optional "
                                  "note, separated by tabs");
    if (f[2].empty()) throw std::invalid_argument(where + ": no source");
    Material m;
    try {
      m = Material::parse(f[0]).canonical();
    } catch (const MaterialError& e) {
      throw std::invalid_argument(where + ": " + e.what());
    }
    out.push_back({m, parse_verdict(f[1], where), f[2], f.size() == 4 ? f[3] : ""});
  }
  if (in.bad()) throw std::invalid_argument(path + ": read error");
  return out;
}

}  // namespace xq
