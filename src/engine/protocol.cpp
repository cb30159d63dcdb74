#include "engine/protocol.hpp"

#include <algorithm>
#include <charconv>

namespace xq::engine {

std::vector<std::string> tokens(std::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < line.size()) {
    while (i < line.size() && blank(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !blank(line[i])) ++i;
    if (i > start) out.emplace_back(line.substr(start, i - start));
  }
  return out;
}

void append_word(std::string& text, std::string_view word) {
  if (!text.empty()) text += ' ';
  text += word;
}

PositionCommand parse_position(const std::vector<std::string>& t) {
  PositionCommand c;
  size_t i = 1;
  if (i < t.size() && t[i] == "startpos") {
    c.fen = kStartFen;
    ++i;
  } else if (i < t.size() && t[i] == "fen") {
    ++i;
    // The FEN runs to "moves" (its counters are optional).
    for (; i < t.size() && t[i] != "moves"; ++i) append_word(c.fen, t[i]);
    if (c.fen.empty()) throw ProtocolError("position fen: no FEN given");
  } else {
    throw ProtocolError("position: expected startpos or fen");
  }
  if (i < t.size()) {
    if (t[i] != "moves") throw ProtocolError("position: unexpected '" + t[i] + "'");
    c.moves.assign(t.begin() + long(i) + 1, t.end());
  }
  return c;
}

namespace {
long number(const std::vector<std::string>& t, size_t i) {
  if (i >= t.size()) throw ProtocolError("go " + t[i - 1] + ": no value given");
  long v = 0;
  const std::string& s = t[i];
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < 0)
    throw ProtocolError("go " + t[i - 1] + ": '" + s + "' is not a whole number");
  return v;
}
}  // namespace

GoCommand parse_go(const std::vector<std::string>& t, Protocol p) {
  GoCommand g;
  // UCCI names the mover's clock time/increment and the opponent's opptime/oppincrement; they
  // are kept as Red's and Black's only once the side to move is known, so store them aside.
  for (size_t i = 1; i < t.size(); ++i) {
    const std::string& k = t[i];
    if (k == "infinite") {
      g.infinite = true;
    } else if (k == "ponder" || k == "draw") {
      continue;  // a ponder search is answered like any other; draw offers are not taken
    } else if (k == "movetime") {
      g.movetime = number(t, ++i);
    } else if (k == "depth") {
      if (i + 1 < t.size() && t[i + 1] == "infinite") {
        g.infinite = true;
        ++i;
      } else {
        g.depth = number(t, ++i);
      }
    } else if (k == "nodes") {
      g.nodes = number(t, ++i);
    } else if (k == "movestogo") {
      g.movestogo = number(t, ++i);
    } else if (p == Protocol::Uci && (k == "wtime" || k == "btime" || k == "winc" || k == "binc")) {
      const long v = number(t, ++i);
      (k == "wtime" ? g.wtime : k == "btime" ? g.btime : k == "winc" ? g.winc : g.binc) = v;
    } else if (p == Protocol::Ucci && (k == "time" || k == "increment")) {
      // The mover's clock: stored as Red's; uci_line and budget_ms read it for the mover.
      (k == "time" ? g.wtime : g.winc) = number(t, ++i);
    } else if (p == Protocol::Ucci && (k == "opptime" || k == "oppincrement")) {
      (k == "opptime" ? g.btime : g.binc) = number(t, ++i);
    } else {
      throw ProtocolError("go: unknown parameter '" + k + "'");
    }
  }
  if (p == Protocol::Ucci) g.ucci_clock = true;
  return g;
}

std::string GoCommand::uci_line(bool red_to_move) const {
  std::string s = "go";
  const auto add = [&s](const char* name, const std::optional<long>& v) {
    if (v) s += std::string(" ") + name + " " + std::to_string(*v);
  };
  // UCCI's clock is the mover's: Red's fields hold it (parse_go).
  const bool swap = ucci_clock && !red_to_move;
  add("wtime", swap ? btime : wtime);
  add("btime", swap ? wtime : btime);
  add("winc", swap ? binc : winc);
  add("binc", swap ? winc : binc);
  add("movestogo", movestogo);
  add("movetime", movetime);
  add("depth", depth);
  add("nodes", nodes);
  if (infinite) s += " infinite";
  return s;
}

std::optional<long> GoCommand::budget_ms(bool red_to_move) const {
  if (infinite) return std::nullopt;
  if (movetime) return *movetime;
  const bool mover_red = ucci_clock || red_to_move;
  const std::optional<long>& clock = mover_red ? wtime : btime;
  if (clock) return *clock / std::max(2L, movestogo.value_or(2));
  return std::nullopt;
}

SetOption parse_setoption(const std::vector<std::string>& t, Protocol p) {
  SetOption o;
  if (p == Protocol::Ucci && t.size() >= 2 && t[1] != "name") {
    o.name = t[1];
    for (size_t i = 2; i < t.size(); ++i) append_word(o.value, t[i]);
    return o;
  }
  size_t i = 1;
  if (i >= t.size() || t[i] != "name") throw ProtocolError("setoption: expected 'name'");
  // Names and values may hold blanks: the name runs to "value".
  for (++i; i < t.size() && t[i] != "value"; ++i) append_word(o.name, t[i]);
  if (o.name.empty()) throw ProtocolError("setoption: no option name given");
  if (i < t.size())
    for (++i; i < t.size(); ++i) append_word(o.value, t[i]);
  return o;
}

}  // namespace xq::engine
