// The brute-force reference solver against shared/cases/reference-counts.tsv and hand-checked
// positions.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>

#include "reference/ref_solver.hpp"

using namespace xq;
using namespace xq::ref;

namespace {

// material -> the 15 numbers of its row, in file order.
std::map<std::string, std::vector<uint64_t>> reference_counts() {
  std::ifstream in(std::string(XQTB_TEST_DATA) + "/reference-counts.tsv");
  REQUIRE(in);
  std::map<std::string, std::vector<uint64_t>> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("material")) continue;
    std::istringstream fields(line);
    std::string name;
    fields >> name;
    std::vector<uint64_t>& row = rows[name];
    for (uint64_t x; fields >> x;) row.push_back(x);
    REQUIRE(row.size() == 15);
  }
  return rows;
}

// Every plain win/loss keeps its value under the rule; flags and distances are coherent.
void check_sanity(const RefSolver& s) {
  size_t bad = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const RefValue v = s.value(i);
    bad += (v.plain != Wdl::Draw && v.rule != v.plain) || v.rule_decided != (v.rule != v.plain) ||
           (v.dtm >= 0) != (v.plain != Wdl::Draw);
  }
  CHECK(bad == 0);
}

RefSolver check_material(const std::string& material) {
  const auto rows = reference_counts();
  REQUIRE(rows.count(material));
  const std::vector<uint64_t>& want = rows.at(material);
  RefSolver s(material);
  const RefCounts c = s.counts(material);
  const std::vector<uint64_t> got{c.legal[Red],      c.legal[Black],    c.plain[Red][0],
                                  c.plain[Red][1],   c.plain[Red][2],   c.plain[Black][0],
                                  c.plain[Black][1], c.plain[Black][2], c.rule[Red][0],
                                  c.rule[Red][1],    c.rule[Red][2],    c.rule[Black][0],
                                  c.rule[Black][1],  c.rule[Black][2],  uint64_t(c.max_dtm)};
  CHECK(got == want);
  check_sanity(s);
  return s;
}

RefValue probe(const RefSolver& s, const char* fen) {
  const auto v = s.probe(Position::from_fen(fen));
  REQUIRE(v);
  return *v;
}

}  // namespace

TEST_CASE("reference solver: material parsing", "[ref]") {
  CHECK(RefMaterial::parse("krkn").name() == "KRKN");
  CHECK(RefMaterial::parse("KAHKEP").name() == "KNAKPB");
  CHECK_THROWS_AS(RefMaterial::parse("RKK"), std::invalid_argument);
  CHECK_THROWS_AS(RefMaterial::parse("KRRRK"), std::invalid_argument);
  CHECK_THROWS_AS(RefMaterial::parse("KRKNK"), std::invalid_argument);
  CHECK_THROWS_AS(RefSolver("KRRKNNP"), std::invalid_argument);
}

TEST_CASE("reference solver: KPK counts", "[ref]") {
  check_material("KPK");
}
TEST_CASE("reference solver: KRKA counts", "[ref]") {
  check_material("KRKA");
}
TEST_CASE("reference solver: KRKC counts", "[ref][slow]") {
  check_material("KRKC");
}
TEST_CASE("reference solver: KRK hand-checked positions", "[ref]") {
  const RefSolver s("KRK");
  REQUIRE(s.materials().size() == 2);  // KRK, KK
  // Ra5-d5 mates: d8 is covered by the rook, e9 would face the red king.
  const RefValue mate1 = probe(s, "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1");
  CHECK(mate1.plain == Wdl::Win);
  CHECK(mate1.dtm == 1);
  const RefValue mated = probe(s, "3k5/9/9/9/3R5/9/9/9/9/4K4 b - - 0 1");
  CHECK(mated.plain == Wdl::Loss);
  CHECK(mated.dtm == 0);
  // Bare kings: every position a draw.
  const RefCounts kk = s.counts("KK");
  CHECK(kk.plain[Red][1] == kk.legal[Red]);
  CHECK(kk.rule[Black][1] == kk.legal[Black]);
  check_sanity(s);
}

// A lone cannon never checks in KCK (its only possible screen is a king, which would leave the
// kings facing) and stalemate never arises: all 9828 positions are draws.
TEST_CASE("reference solver: KCK is all draws", "[ref]") {
  const RefSolver s("KCK");
  const RefCounts c = s.counts("KCK");
  CHECK(c.legal == std::array<uint64_t, 2>{4914, 4914});
  for (int stm = 0; stm < 2; ++stm) {
    CHECK(c.plain[stm][1] == c.legal[stm]);
    CHECK(c.rule[stm][1] == c.legal[stm]);
  }
}

// A lone horse (or rook) beats the bare king: Red to move always wins; with Black to move the
// only draws (108 of each) are positions where the black king can take the piece.
TEST_CASE("reference solver: KNK and KRK", "[ref]") {
  for (const auto& [material, max_dtm] : {std::pair{"KNK", 14}, {"KRK", 4}}) {
    const RefSolver s(material);
    const RefCounts c = s.counts(material);
    CHECK(c.plain[Red][0] == c.legal[Red]);
    CHECK(c.plain[Black][1] == 108);
    CHECK(c.plain[Black][2] == c.legal[Black] - 108);
    CHECK(c.rule == c.plain);
    CHECK(c.max_dtm == max_dtm);
    for (size_t i = 0; i < s.size(); ++i) {
      const Position pos = s.position(i);
      if (s.value(i).plain != Wdl::Draw || s.material(i).name() != material) continue;
      const MoveList moves = pos.legal_moves();
      CHECK(std::any_of(moves.begin(), moves.end(), [&](Move m) { return pos.is_capture(m); }));
    }
  }
}

// Horse b1 checks the king on d0 forever (e0 faces the black king): a draw with plain values,
// a Red win under the perpetual-check rule.
TEST_CASE("reference solver: KRKN counts", "[ref]") {
  const RefSolver s = check_material("KRKN");
  const RefValue v = probe(s, "9/9/4k4/9/9/9/9/9/1n7/R2K5 w - - 0 1");
  CHECK(v.plain == Wdl::Draw);
  CHECK(v.rule == Wdl::Win);
  CHECK(v.rule_decided);
}

// Plain values agree with the successors' values (probing each successor through the API).
TEST_CASE("reference solver: KRK values consistent with moves", "[ref]") {
  const RefSolver s("KRK");
  for (size_t i = 0; i < s.size(); ++i) {
    Position pos = s.position(i);
    const RefValue v = s.value(i);
    int best_win = -1, longest_loss = -1;  // successor views: loss in n / win in n
    bool draw = false;
    for (const Move m : pos.legal_moves()) {
      const Piece captured = pos.make(m);
      const auto w = s.probe(pos);
      REQUIRE(w);
      if (w->plain == Wdl::Loss && (best_win < 0 || w->dtm + 1 < best_win)) best_win = w->dtm + 1;
      if (w->plain == Wdl::Win) longest_loss = std::max(longest_loss, w->dtm + 1);
      draw |= w->plain == Wdl::Draw;
      pos.unmake(m, captured);
    }
    if (best_win >= 0) {
      REQUIRE(v.plain == Wdl::Win);
      REQUIRE(v.dtm == best_win);
    } else if (draw) {
      REQUIRE(v.plain == Wdl::Draw);
    } else {
      REQUIRE(v.plain == Wdl::Loss);
      REQUIRE(v.dtm == std::max(longest_loss, 0));
    }
  }
}
