// The request handler of `xqtb serve` (serve/api.hpp), in-process: the routes and their
// parameter parsing on any method, path, parameters, content type and body, answering from the
// small tables in XQTB_FUZZ_TABLES (fuzz/make-table-seeds.sh). The input's lines: "METHOD PATH",
// the content type, then "name=value" parameters up to an empty line; the rest is the body.
// Properties: the status is 200, 400, 404 or 405 (the tables are intact: a 5xx is a fault); a
// JSON answer parses, an error is an object with a one-line "error"; a 405 names the allowed
// methods; a probe answer's value equals the tablebase's and its moves are legal; a random
// position is legal and of the material asked.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/material.hpp"
#include "core/notation.hpp"
#include "core/position.hpp"
#include "fuzz/fuzz_check.hpp"
#include "serve/api.hpp"

using namespace xq;
using namespace xq::serve;

namespace {

Tablebases& tables() {
  static Tablebases t = [] {
    const char* dir = std::getenv("XQTB_FUZZ_TABLES");
    FUZZ_CHECK(dir != nullptr);
    return Tablebases(dir, 4 << 20, std::nullopt);
  }();
  return t;
}

std::string_view next_line(std::string_view& text) {
  const size_t end = text.find('\n');
  const std::string_view line = text.substr(0, end);
  text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
  return line;
}

Request request_of(std::string_view text) {
  Request r;
  const std::string_view first = next_line(text);
  const size_t space = first.find(' ');
  r.method = first.substr(0, space);
  if (space != std::string_view::npos) r.path = first.substr(space + 1);
  r.content_type = next_line(text);
  while (!text.empty()) {
    const std::string_view p = next_line(text);
    if (p.empty()) break;
    const size_t eq = p.find('=');
    r.query.emplace(std::string(p.substr(0, eq)),
                    eq == std::string_view::npos ? "" : std::string(p.substr(eq + 1)));
  }
  r.body = text;
  return r;
}

RuleSet rule_set_named(const std::string& name) {
  for (const RuleSet r : {RuleSet::None, RuleSet::Check, RuleSet::Asian, RuleSet::Chinese})
    if (name == rule_set_name(r)) return r;
  FUZZ_CHECK(!"an answer names a rule set");
  return RuleSet::None;
}

const char* wdl_word(Wdl w) {
  return is_win(w) ? "win" : is_loss(w) ? "loss" : "draw";
}

// A probe answer with a value: the value is the tablebase's, every move named is legal.
void check_probe(const nlohmann::json& j) {
  if (!j.value("available", false)) return;
  const Position pos = Position::from_fen(j.at("fen").get<std::string>());
  const RuleSet rules = rule_set_named(j.at("rules").get<std::string>());
  const Tablebase* tb = tables().for_rules(rules);
  FUZZ_CHECK(tb != nullptr);
  const std::optional<ProbeResult> r = tb->probe(pos);
  FUZZ_CHECK(r && j.at("wdl") == wdl_word(r->wdl));
  if (j.contains("best_move") && !j["best_move"].is_null())
    FUZZ_CHECK(pos.is_legal_move(parse_iccs(j["best_move"].get<std::string>())));
  if (j.contains("moves"))
    for (const auto& m : j["moves"])
      FUZZ_CHECK(pos.is_legal_move(parse_iccs(m.at("move").get<std::string>())));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Api api(tables());
  const Request req = request_of(std::string_view(reinterpret_cast<const char*>(data), size));
  const Response res = api.handle(req);
  FUZZ_CHECK(res.status == 200 || res.status == 400 || res.status == 404 || res.status == 405);
  FUZZ_CHECK(res.status != 405 || !res.allow.empty());
  if (res.content_type != "application/json") {
    FUZZ_CHECK(res.status == 200);  // a page asset
    return 0;
  }
  const nlohmann::json j = nlohmann::json::parse(res.body, nullptr, false);
  FUZZ_CHECK(!j.is_discarded());
  if (res.status != 200) {
    FUZZ_CHECK(j.is_object() && j.contains("error") && j["error"].is_string());
    const std::string e = j["error"];
    FUZZ_CHECK(!e.empty() && e.find('\n') == std::string::npos);
    return 0;
  }
  FUZZ_CHECK(j.is_object());
  if (req.path == "/api/v1/probe" || req.path == "/api/v1/mainline") check_probe(j);
  if (req.path == "/api/v1/random") {
    const Position pos = Position::from_fen(j.at("fen").get<std::string>());
    FUZZ_CHECK(Material::of(pos).canonical().name() ==
               Material::parse(req.query.find("material")->second).canonical().name());
  }
  return 0;
}
