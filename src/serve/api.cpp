#include "serve/api.hpp"

#include <random>

#include "core/index.hpp"
#include "core/notation.hpp"
#include "core/random_position.hpp"
#include "report/adjudication_json.hpp"
#include "report/probe_json.hpp"
#include "rules/adjudicate.hpp"
#include "rules/game_record.hpp"
#include "serve/assets.hpp"

namespace xq::serve {

namespace {

constexpr const char* kInitialFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
constexpr size_t kMaxGamePlies = 1000;  // an adjudicated game's length (bounded work)

// Bad input: answered 400 with the message.
struct BadRequest : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Bytes of the request that are not UTF-8 (a path, a parameter quoted in an error) become
// U+FFFD: dump() would throw on them.
Response json_response(int status, const nlohmann::json& j) {
  return {status, "application/json",
          j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), ""};
}

Response error(int status, const std::string& message) {
  return json_response(status, {{"error", message}});
}

std::optional<std::string> param(const Request& req, const std::string& name) {
  const auto [first, last] = req.query.equal_range(name);
  if (first == last) return std::nullopt;
  if (std::next(first) != last) throw BadRequest("parameter " + name + " given more than once");
  if (first->second.size() > kMaxParamBytes)
    throw BadRequest("parameter " + name + " is longer than " + std::to_string(kMaxParamBytes) +
                     " bytes");
  return first->second;
}

std::string required(const Request& req, const std::string& name) {
  auto v = param(req, name);
  if (!v || v->empty()) throw BadRequest("missing parameter " + name);
  return *v;
}

std::optional<RuleSet> rules_of(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  for (const RuleSet r : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
    if (*name == rule_set_name(r)) return r;
  throw BadRequest("unknown rule set '" + *name + "' (none, check, asian or chinese)");
}

Position position_of(const std::string& fen) {
  try {
    return Position::from_fen(fen);
  } catch (const FenError& e) {
    throw BadRequest(std::string("bad fen: ") + e.what());
  }
}

// The counter of the natural limit: the `counter` parameter, else the FEN's halfmove field.
int counter_of(const Request& req, const std::string& fen) {
  try {
    const auto text = param(req, "counter");
    if (!text) return fen_counter(fen).value_or(0);
    if (text->empty() || text->size() > 3 ||
        text->find_first_not_of("0123456789") != std::string::npos ||
        !valid_counter(std::stoi(*text)))
      throw BadRequest("counter '" + *text + "' is not 0.." + std::to_string(kNaturalLimitPlies) +
                       " plies since the last capture");
    return std::stoi(*text);
  } catch (const FenError& e) {
    throw BadRequest(std::string("bad fen: ") + e.what());
  }
}

// A material as written (any orientation, letters or Chinese); MaterialError names the problem.
Material material_of(const std::string& text) {
  try {
    const Material m = Material::parse(text);
    Index{m.canonical()};  // throws when no table can exist for it
    return m;
  } catch (const std::invalid_argument& e) {
    throw BadRequest(std::string("bad material: ") + e.what());
  }
}

// No table for what the answer needs: an answer, not an error (the page offers the moves).
Response missing_answer(const Position& pos, const std::string& missing, const std::string& why) {
  nlohmann::json j = {{"available", false},
                      {"fen", pos.fen()},
                      {"material", Material::of(pos).canonical().name()},
                      {"material_zh", Material::of(pos).canonical().chinese_name()},
                      {"missing_material", missing},
                      {"missing_material_zh", Material::parse(missing).chinese_name()},
                      {"reason", why}};
  j["legal_moves"] = nlohmann::json::array();
  for (const Move m : pos.legal_moves()) {
    Position next = pos;
    next.make(m);
    j["legal_moves"].push_back(
        {{"move", to_iccs(m)}, {"move_zh", to_chinese(pos, m)}, {"fen_after", next.fen()}});
  }
  return json_response(200, j);
}

// A line as steps the page can show: each move with its Chinese notation and the FEN it reaches.
nlohmann::json line_steps(Position pos, const nlohmann::json& iccs) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& text : iccs) {
    const Move m = parse_move(pos, text.get<std::string>());
    const std::string zh = to_chinese(pos, m);
    pos.make(m);
    out.push_back({{"move", text}, {"move_zh", zh}, {"fen", pos.fen()}});
  }
  return out;
}

Response probe_route(const Tablebases& tables, const Request& req, bool mainline) {
  const std::string fen = required(req, "fen");
  const Position pos = position_of(fen);
  const int counter = counter_of(req, fen);
  const std::optional<RuleSet> rules = rules_of(param(req, "rules"));
  const Material m = Material::of(pos).canonical();
  const Tablebase* tb = tables.for_material(m, rules);
  if (!tb || !tb->has(m))
    return missing_answer(
        pos, m.name(),
        std::string("no table for this material") +
            (rules ? std::string(" under the ") + rule_set_name(*rules) + " rules" : ""));
  const report::ProbeJsonOptions o{!mainline, mainline, rules, false, &tables.endings(*tb)};
  std::optional<report::ProbeFacts> gathered;
  try {
    gathered = report::gather_probe(*tb, pos, counter, {o.pv, o.requested_rules, o.memo});
  } catch (const report::MissingTable& e) {
    return missing_answer(pos, e.material(), e.what());
  }
  const report::ProbeFacts& facts = *gathered;
  nlohmann::json j = report::probe_json(*tb, pos, counter, facts, o);
  j["available"] = true;
  j["material"] = m.name();
  j["material_zh"] = m.chinese_name();
  if (mainline) {
    j["line"] = line_steps(pos, j["pv"]);
    j["line_limit"] = line_steps(pos, j["pv_limit"]);
    return json_response(200, j);
  }
  // What a move list shows beside the value: a capture, a check, and where the move leads
  // (j["moves"] lists facts.moves in their order).
  nlohmann::json& moves = j["moves"];
  for (size_t i = 0; i < facts.moves.size(); ++i) {
    const Move mv = facts.moves[i].move;
    const Position next = pos.after(mv);
    moves[i]["capture"] = pos.is_capture(mv);
    moves[i]["check"] = next.in_check(next.side_to_move());
    moves[i]["fen_after"] = next.fen();
  }
  return json_response(200, j);
}

Response stats_route(Tablebases& tables, const Request& req, const std::string& text) {
  const Material m = material_of(text).canonical();
  const std::optional<RuleSet> rules = rules_of(param(req, "rules"));
  const Tablebase* tb = tables.for_material(m, rules);
  if (!tb || !tb->has(m))
    return json_response(200, {{"available", false},
                               {"material", m.name()},
                               {"material_zh", m.chinese_name()},
                               {"missing_material", m.name()},
                               {"missing_material_zh", m.chinese_name()},
                               {"reason", "no table for this material"}});
  nlohmann::json j = tables.stats(m, *tb->rules(m));
  j["available"] = true;
  return json_response(200, j);
}

Response random_route(const Request& req) {
  const Material m = material_of(required(req, "material"));
  const std::string side = param(req, "side").value_or("red");
  if (side != "red" && side != "black") throw BadRequest("side '" + side + "' is not red or black");
  thread_local std::mt19937_64 rng{std::random_device{}()};
  const Position pos = random_position(piece_letters(m), side == "red" ? Red : Black, rng);
  return json_response(
      200, {{"fen", pos.fen()}, {"material", m.name()}, {"material_zh", m.chinese_name()}});
}

Response adjudicate_route(const Request& req) {
  std::string fen = param(req, "fen").value_or(kInitialFen), moves = req.body;
  std::optional<std::string> rules_name = param(req, "rules");
  // A JSON game sent as a form or text (curl -d, a browser's plain fetch) is still JSON: no
  // game file starts with '{'.
  const size_t first = req.body.find_first_not_of(" \t\r\n");
  if (req.content_type.starts_with("application/json") ||
      (first != std::string::npos && req.body[first] == '{')) {
    nlohmann::json body;
    try {
      body = nlohmann::json::parse(req.body);
    } catch (const nlohmann::json::exception&) {
      throw BadRequest("the body is not JSON (a game as {\"fen\", \"moves\", \"rules\"})");
    }
    if (!body.is_object() || !body.contains("moves") || !body["moves"].is_string())
      throw BadRequest("the body needs \"moves\": a string of moves");
    for (const char* key : {"fen", "rules"})
      if (body.contains(key) && !body[key].is_string())
        throw BadRequest(std::string("\"") + key + "\" must be a string");
    moves = body["moves"];
    fen = body.value("fen", kInitialFen);
    if (body.contains("rules")) rules_name = body["rules"];
  }
  const RuleSet rules = rules_of(rules_name).value_or(RuleSet::Asian);
  const Position start = position_of(fen);
  const std::vector<std::string> texts = move_texts(moves);
  if (texts.empty()) throw BadRequest("no moves to adjudicate");
  if (texts.size() > kMaxGamePlies)
    throw BadRequest("more than " + std::to_string(kMaxGamePlies) + " plies");
  std::vector<Move> game;
  try {
    game = read_moves(start, texts);
  } catch (const std::invalid_argument& e) {
    throw BadRequest(std::string("bad moves: ") + e.what());
  }
  return json_response(200, report::adjudication_json(start, adjudicate(start, game, rules)));
}

Response tables_route(Tablebases& tables) {
  nlohmann::json rule_sets = nlohmann::json::array();
  for (const RuleSet r : tables.rule_sets()) rule_sets.push_back(rule_set_name(r));
  return json_response(200, {{"rule_sets", rule_sets}, {"tables", tables.tables()}});
}

Response route(Tablebases& tables, const Request& req) {
  const std::string& p = req.path;
  static const std::string stats_prefix = "/api/v1/stats/";
  const bool get = req.method == "GET" || req.method == "HEAD";
  const auto only = [&](bool ok, const char* allow, auto&& answer) -> Response {
    if (!ok) {
      Response r = error(405, "method " + req.method + " not allowed on " + p + " (" + allow + ")");
      r.allow = allow;
      return r;
    }
    return answer();
  };
  if (p == "/api/v1/probe")
    return only(get, "GET", [&] { return probe_route(tables, req, false); });
  if (p == "/api/v1/mainline")
    return only(get, "GET", [&] { return probe_route(tables, req, true); });
  if (p == "/api/v1/tables") return only(get, "GET", [&] { return tables_route(tables); });
  if (p == "/api/v1/random") return only(get, "GET", [&] { return random_route(req); });
  if (p == "/api/v1/adjudicate")
    return only(req.method == "POST", "POST", [&] { return adjudicate_route(req); });
  if (p.starts_with(stats_prefix) && p.size() > stats_prefix.size())
    return only(get, "GET",
                [&] { return stats_route(tables, req, p.substr(stats_prefix.size())); });
  // The page: a fixed map of embedded files, so no path can reach the file system.
  if (const Asset* a = find_asset(p == "/" ? "/index.html" : p))
    return only(get, "GET", [&] {
      return Response{200, std::string(a->content_type), std::string(a->bytes), ""};
    });
  return error(404, "no such route: " + p + " (docs/http-api.md)");
}

}  // namespace

Response Api::handle(const Request& req) const {
  try {
    return route(tables_, req);
  } catch (const BadRequest& e) {
    return error(400, e.what());
  } catch (const TableError& e) {  // a damaged or unreadable table: no value to answer
    return error(503, std::string("table problem: ") + e.what());
  } catch (const std::bad_alloc&) {
    return error(503, "out of memory");
  } catch (const nlohmann::json::exception& e) {  // not the statistics gen writes
    return error(503, std::string("table statistics unreadable: ") + e.what());
  } catch (const std::invalid_argument& e) {
    return error(400, e.what());
  } catch (const FenError& e) {
    return error(400, std::string("bad fen: ") + e.what());
  } catch (const std::exception& e) {  // a fault of the service, not of the request
    return error(500, std::string("internal error: ") + e.what());
  }
}

}  // namespace xq::serve
