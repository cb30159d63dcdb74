#include "verdict/explain.hpp"

#include <cstdio>

namespace xq {

namespace {

// Share (percent) Red wins among all legal positions with Red to move, from a table's
// statistics JSON; their number goes to positions.
double red_to_move_win_pct(const nlohmann::json& stats, uint64_t& positions) {
  const nlohmann::json& c = stats.at("red").at("positions");
  const uint64_t win = c.at("win"), draw = c.at("draw"), loss = c.at("loss");
  positions = win + draw + loss;
  return share(win, positions);
}

}  // namespace

std::string formation_text(const std::vector<Placed>& f, Lang lang) {
  std::string out;
  for (const Placed& p : f) {
    if (!out.empty()) out += lang == Lang::Zh ? " " : ", ";
    out += lang == Lang::Zh ? chinese_point(p.piece, p.square)
                            : piece_name(p.piece, lang) + " " + square_name(p.square);
  }
  return out;
}

std::string explain(const Material& m, const TypicalSet& t, Verdict v,
                    const nlohmann::json& all_stats, Lang lang) {
  const bool zh = lang == Lang::Zh;
  const Tally &s = t.stronger_to_move, &w = t.weaker_to_move;
  if (s.positions == 0)
    return zh ? "没有典型局面可供判断（见 docs/verdicts.md），结论待定。"
              : "No typical position could be formed (docs/verdicts.md), so the tables give no "
                "book verdict.";
  uint64_t all_red = 0;
  const double all_pct = red_to_move_win_pct(all_stats, all_red);
  const std::string best = formation_text(t.best, lang);
  const std::string held = pct(t.best_hold_pct()),
                    held_moving = pct(100 - t.best_weaker_to_move.win_pct());
  const std::string n_best = with_commas(t.best_stronger_to_move.positions);
  std::string out;
  if (zh) {
    const std::string sample =
        t.sampled ? "（均匀抽样 " + with_commas(t.examined) + " 个摆法）" : "";
    const std::string typical = "红先时红方在 " + with_commas(s.positions) + " 个典型局面" +
                                sample + "中胜 " + pct(s.win_pct()) + "，黑先时胜 " +
                                pct(w.win_pct()) + "；在全部 " + with_commas(all_red) +
                                " 个合法局面（红先）中胜 " + pct(all_pct) + "。";
    if (v == Verdict::Draw)
      out = "例和：黑方有守和的阵形（要塞）。" + with_commas(t.formations) + " 种阵形中有 " +
            with_commas(t.fortresses) + " 种无论哪方先走都守和至少 " + pct(kFortressPct) +
            " 的局面；最好的（" + best + "）红先时守和 " + held + "（共 " + n_best +
            " 个局面），黑先时守和 " + held_moving + "。红方只在黑方阵形不整时取胜：" + typical;
    else if (v == Verdict::Win)
      out = "例胜：黑方没有要塞。" + with_commas(t.formations) + " 种阵形中没有一种能守和 " +
            pct(kFortressPct) + " 的局面；最好的（" + best + "）红先时也只守和 " + held + "（共 " +
            n_best + " 个局面）。" + typical;
    else
      out = "视局面而定：黑方没有要塞（最好的阵形 " + best + " 红先时守和 " + held +
            "），红方也不能在至少 " + pct(kBookWinPct) +
            " 的典型局面中取胜，胜负取决于双方子力的位置。" + typical;
  } else {
    const std::string sample =
        t.sampled ? " (an evenly spread sample of " + with_commas(t.examined) + " placements)" : "";
    const std::string typical = "Red to move wins " + pct(s.win_pct()) + " of the " +
                                with_commas(s.positions) + " typical positions" + sample +
                                ", and " + pct(w.win_pct()) + " with Black to move; over all " +
                                with_commas(all_red) + " legal positions with Red to move, " +
                                pct(all_pct) + ".";
    if (v == Verdict::Draw)
      out = "Book draw (例和): Black has a fortress. " + with_commas(t.fortresses) + " of its " +
            with_commas(t.formations) + " home formations hold at least " + pct(kFortressPct) +
            " of their positions with either side to move; the best (" + best + ") holds " + held +
            " of " + n_best + " with Red to move, " + held_moving +
            " with Black to move. Red wins only when the defence is out of formation: " + typical;
    else if (v == Verdict::Win)
      out = "Book win (例胜): Black has no fortress. None of its " + with_commas(t.formations) +
            " home formations holds " + pct(kFortressPct) + " of its positions; the best (" + best +
            ") holds " + held + " of " + n_best + " with Red to move. " + typical;
    else
      out = "It depends (视局面而定): Black has no fortress (its best formation, " + best +
            ", holds " + held + " of its positions with Red to move), yet Red does not win " +
            pct(kBookWinPct) +
            " of the typical positions either: the result depends on where the pieces stand. " +
            typical;
  }
  if (const auto book = book_verdict(m)) {
    if (*book == v)
      out += zh ? "与棋谱结论（" + std::string(verdict_zh(*book)) + "）一致。"
                : " The books agree (" + std::string(verdict_zh(*book)) + ").";
    else
      out += zh ? "注意：棋谱的结论是" + std::string(verdict_zh(*book)) +
                      "，与残局库的数据不一致（见 docs/verdicts.md）。"
                : " Note: the books say " + std::string(verdict_zh(*book)) + " (" +
                      verdict_name(*book) +
                      "); the tables disagree, and the verdict above follows the tables "
                      "(docs/verdicts.md).";
  }
  return out;
}

std::string pct(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", x);
  return buf;
}

std::string with_commas(uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

nlohmann::json tally_json(const Tally& t) {
  return {{"positions", t.positions},
          {"win", t.wins},
          {"draw", t.draws},
          {"loss", t.losses},
          {"rule_decided", t.rule_decided},
          {"limit_drawn_wins", t.limit_drawn_wins},
          {"limit_drawn_losses", t.limit_drawn_losses},
          {"win_pct", t.win_pct()},
          {"draw_pct", t.draw_pct()},
          {"loss_pct", t.loss_pct()}};
}

nlohmann::json typical_json(const TypicalSet& t) {
  nlohmann::json typical;
  typical["formations"] = t.formations;
  typical["placements_examined"] = t.examined;
  typical["sampled"] = t.sampled;
  typical["fortresses"] = t.fortresses;
  typical["lost_formations"] = t.lost_formations;
  typical["stronger_to_move"] = tally_json(t.stronger_to_move);
  typical["weaker_to_move"] = tally_json(t.weaker_to_move);
  nlohmann::json best;
  best["pieces"] = formation_text(t.best, Lang::En);
  best["pieces_zh"] = formation_text(t.best, Lang::Zh);
  best["stronger_to_move"] = tally_json(t.best_stronger_to_move);
  best["weaker_to_move"] = tally_json(t.best_weaker_to_move);
  best["held_pct"] = t.best_hold_pct();
  best["example_fen"] = t.best_example_fen.empty() ? nullptr : nlohmann::json(t.best_example_fen);
  typical["best_formation"] = best;
  return typical;
}

nlohmann::json counts_with_shares(const nlohmann::json& counts) {
  nlohmann::json out = counts;
  const uint64_t win = counts.at("win"), draw = counts.at("draw"), loss = counts.at("loss");
  const uint64_t total = win + draw + loss;
  out["total"] = total;
  out["win_pct"] = share(win, total);
  out["draw_pct"] = share(draw, total);
  out["loss_pct"] = share(loss, total);
  return out;
}

nlohmann::json verdict_json(const Material& m, const TypicalSet& t, Verdict v,
                            const nlohmann::json& all_stats) {
  nlohmann::json j;
  j["typical"] = typical_json(t);
  j["verdict"] = verdict_name(v);
  j["verdict_zh"] = verdict_zh(v);
  const Verdict limited = decide(t, true);
  j["verdict_under_limit"] = verdict_name(limited);
  j["verdict_under_limit_zh"] = verdict_zh(limited);
  const auto book = book_verdict(m);
  j["book_verdict"] = book ? nlohmann::json(verdict_name(*book)) : nullptr;
  j["agrees_with_book"] = book ? nlohmann::json(*book == v) : nullptr;
  j["explanation"] = explain(m, t, v, all_stats, Lang::En);
  j["explanation_zh"] = explain(m, t, v, all_stats, Lang::Zh);
  return j;
}

}  // namespace xq
