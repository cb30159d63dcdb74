// The probe under the natural limit (probe/limit.hpp, probe/tablebase.hpp): verdicts at a
// counter, the lazily opened DTC file, the root probe's ranking and the line under the limit.
// Tables: generated WDL and DTM files of KRK, KNK and KPK with DTC files written by hand (their
// captures all lead to the drawn KK, so their only conversion is mate and DTC = DTM for every
// forced position); the generator's own tables; and KRKN solved under a short limit, for
// cursed wins and blessed losses.
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <vector>

#include "core/index.hpp"
#include "core/random_position.hpp"
#include "core/table_names.hpp"
#include "generator/solve.hpp"
#include "generator/table_writer.hpp"
#include "probe/tablebase.hpp"
#include "support/table_dir.hpp"

using namespace xq;

namespace {

// Writes m's DTC file from its WDL and DTM files: DTC := DTM where the class is forced.
void write_dtc_from_dtm(const std::string& dir, const Material& m) {
  const auto wdl = TableFile::open(table_path(dir, m, TableKind::Wdl, RuleSet::Check));
  const auto dtm = TableFile::open(table_path(dir, m, TableKind::Dtm, RuleSet::Check));
  const uint64_t n = wdl->header().slots_per_side;
  std::vector<uint8_t> codes[2];
  std::vector<uint16_t> dtc[2];
  std::vector<uint8_t> free[2];
  for (int side = 0; side < 2; ++side) {
    codes[side].resize(n);
    dtc[side].resize(n);
    free[side].resize(n);
    wdl->read(side, 0, n, codes[side].data());
    dtm->read(side, 0, n, dtc[side].data());
    for (uint64_t i = 0; i < n; ++i) free[side][i] = !is_forced(Wdl(codes[side][i]));
  }
  TableHeader h = wdl->header();
  h.kind = TableKind::Dtc;
  h.omitted_side = dtm->header().omitted_side;  // DTC's rebuild from 0 is DTM's here
  h.stats_json.clear();
  gen::write_table(table_path(dir, m, TableKind::Dtc, RuleSet::Check), h,
                   {dtc[0].data(), dtc[1].data()}, {free[0].data(), free[1].data()});
}

// KRK, KNK, KPK (and KK) with DTC files.
std::string krk_with_dtc() {
  static const test::TempDir dir("krk-dtc");
  static const bool made = [] {
    test::generate_into(dir.str(), {"KRK", "KNK", "KPK"});
    for (const char* m : {"KRK", "KNK", "KPK", "KK"})
      write_dtc_from_dtm(dir.str(), Material::parse(m));
    return true;
  }();
  (void)made;
  return dir.str();
}

// m and its capture closure solved under a natural limit of `limit` plies, written with
// headers that say 120: probed at a counter c >= 120 - limit, the plies the probe counts as
// left (120 - c) are the short limit's, so its answers are the short limit's up to the first
// conversion (after it the probe allows 120 plies again). Tables with cursed wins and blessed
// losses that are consistent with their successors, from materials small enough for a test.
std::string short_limit_tables(const std::string& name, unsigned limit) {
  static const test::TempDir dir("short-limit");
  const gen::TableSet set = gen::solve_closure(
      Material::parse(name), RuleSet::Check, [](const char*, int) {}, limit);
  for (const Material& m : capture_closure(Material::parse(name))) {
    const gen::SolvedTable& t = *set.find(m);
    TableHeader h;
    h.material = m.name();
    h.rules = RuleSet::Check;
    h.index_version = kIndexVersion;
    h.slots_per_side = t.index.size();
    // The DTM file stores rule potentials re-packed (docs/format.md "Rule potentials").
    std::array<gen::SlotArray<uint16_t>, 2> dtm_entries = t.distance;
    for (int side = 0; side < 2; ++side)
      for (uint64_t i = 0; i < dtm_entries[side].size(); ++i)
        dtm_entries[side][i] = dtm_to_file(t.wdl[side][i], dtm_entries[side][i]);
    for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm, TableKind::Dtc}) {
      h.kind = kind;
      const auto& values = kind == TableKind::Dtm ? dtm_entries : t.dtc;
      const std::array<const void*, 2> data =
          kind == TableKind::Wdl ? std::array<const void*, 2>{t.wdl[0].data(), t.wdl[1].data()}
                                 : std::array<const void*, 2>{values[0].data(), values[1].data()};
      gen::write_table(table_path(dir.str(), m, kind, RuleSet::Check), h, data, {nullptr, nullptr});
    }
  }
  return dir.str();
}

// Red rook a0, king d0, black king e9: Red wins in 3 plies (tests/test_probe_json.cmake).
const char* const kWin3 = "5k3/9/9/9/9/9/9/9/9/R2K5 w";

// Plies from pos until the first capture or until the side to move has no legal move, along
// line; nullopt when the line has neither.
std::optional<int> plies_to_conversion(Position pos, const std::vector<Move>& line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (pos.is_capture(line[i])) return int(i + 1);
    pos.make(line[i]);
  }
  if (pos.legal_moves().size == 0) return int(line.size());
  return std::nullopt;
}

// Samples positions of the materials (FEN letters), probes the forced ones at counters 0, 60,
// 120 - DTC and 121 - DTC, and plays the line under the limit from each: within the plies left
// it converts in exactly DTC plies (the winner fastest, the loser slowest) and runs on to mate;
// one ply short it is a draw that the limit ends. Returns the wins and too-far draws seen.
std::pair<int, int> check_lines(const Tablebase& tb, const std::vector<std::string>& materials,
                                int samples, uint64_t seed) {
  std::mt19937_64 rng(seed);
  int wins = 0, too_far = 0;
  for (int sample = 0; sample < samples; ++sample) {
    const Position pos =
        random_position(materials[sample % materials.size()], sample % 2 ? Black : Red, rng);
    const auto r0 = tb.probe(pos, 0);
    REQUIRE(r0);
    if (r0->unlimited.wdl != Wdl::Win && r0->unlimited.wdl != Wdl::Loss) continue;
    const int dtc = *r0->dtc;
    for (const int counter : {0, 60, 120 - dtc, 121 - dtc}) {
      if (!valid_counter(counter)) continue;
      CAPTURE(pos.fen(), counter, dtc);
      const auto r = tb.probe(pos, counter);
      const Line line = tb.limit_line(pos, counter);
      if (dtc > remaining_plies(counter)) {
        ++too_far;
        CHECK(r->limited.verdict == LimitVerdict::Draw);
        CHECK(r->limited.reason == LimitReason::TooFar);
        continue;
      }
      ++wins;
      CHECK(r->limited.reason == LimitReason::Converts);
      CHECK(line.end == LineEnd::NoLegalMove);
      const auto plies = plies_to_conversion(pos, line.moves);
      REQUIRE(plies);
      CHECK(*plies == dtc);
      CHECK(*plies <= remaining_plies(counter));
    }
  }
  return {wins, too_far};
}

}  // namespace

TEST_CASE("limited_value: a conversion within, on and beyond the plies remaining", "[limit]") {
  using V = LimitVerdict;
  using R = LimitReason;
  const auto is = [](LimitedValue v, V verdict, R reason) {
    return v.verdict == verdict && v.reason == reason;
  };
  // A win whose conversion needs 119, 120 and 121 plies from counter 0; and from counter 1.
  CHECK(is(limited_value(Wdl::Win, 119, 0), V::Win, R::Converts));
  CHECK(is(limited_value(Wdl::Win, 120, 0), V::Win, R::Converts));
  CHECK(is(limited_value(Wdl::Win, 121, 0), V::Draw, R::TooFar));
  CHECK(is(limited_value(Wdl::Win, 119, 1), V::Win, R::Converts));
  CHECK(is(limited_value(Wdl::Win, 120, 1), V::Draw, R::TooFar));
  CHECK(is(limited_value(Wdl::Loss, 60, 60), V::Loss, R::Converts));
  CHECK(is(limited_value(Wdl::Loss, 61, 60), V::Draw, R::TooFar));
  // Mated with the counter at 120: the mate on the 120th ply counts.
  CHECK(is(limited_value(Wdl::Loss, 0, 120), V::Loss, R::Converts));
  CHECK(is(limited_value(Wdl::Win, 1, 120), V::Draw, R::TooFar));
  CHECK(is(limited_value(Wdl::CursedWin, 1, 0), V::Draw, R::Cursed));
  CHECK(is(limited_value(Wdl::BlessedLoss, 2, 0), V::Draw, R::Blessed));
  CHECK(is(limited_value(Wdl::RuleWin, 0, 0), V::Draw, R::RuleNotClaimed));
  CHECK(is(limited_value(Wdl::RuleLoss, 0, 0), V::Draw, R::RuleNotClaimed));
  CHECK(is(limited_value(Wdl::ChaseWin, 0, 0), V::Draw, R::RuleNotClaimed));
  CHECK(is(limited_value(Wdl::ChaseLoss, 0, 0), V::Draw, R::RuleNotClaimed));
  CHECK(is(limited_value(Wdl::Draw, 0, 0), V::Draw, R::Draw));
  CHECK(remaining_plies(37) == 83);
  CHECK(valid_counter(0));
  CHECK(valid_counter(120));
  CHECK_FALSE(valid_counter(121));
  CHECK_FALSE(valid_counter(-1));
}

TEST_CASE("fen_counter reads the halfmove field and refuses one above the limit", "[limit]") {
  CHECK(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 37 1") == 37);
  CHECK(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 b 120 80") == 120);
  CHECK(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0120 1") == 120);
  CHECK(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 w") == std::nullopt);
  CHECK(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 w - -") == std::nullopt);
  CHECK_THROWS_WITH(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 121 1"),
                    Catch::Contains("121 is above 120"));
  CHECK_THROWS_AS(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 99999999999999 1"), FenError);
  CHECK_THROWS_AS(fen_counter("5k3/9/9/9/9/9/9/9/9/R2K5 w - - x 1"), FenError);
}

TEST_CASE("probe at a counter: DTC, verdict and reason beside the unlimited value", "[limit]") {
  const Tablebase tb({krk_with_dtc()});
  const Position pos = Position::from_fen(kWin3);
  for (const auto& [counter, verdict, reason] :
       {std::tuple{0, LimitVerdict::Win, LimitReason::Converts},
        std::tuple{117, LimitVerdict::Win, LimitReason::Converts},
        std::tuple{118, LimitVerdict::Draw, LimitReason::TooFar},
        std::tuple{120, LimitVerdict::Draw, LimitReason::TooFar}}) {
    CAPTURE(counter);
    const auto r = tb.probe(pos, counter);
    REQUIRE(r);
    CHECK(r->unlimited.wdl == Wdl::Win);
    CHECK(r->unlimited.distance == 3);
    CHECK(r->dtc == 3);
    CHECK(r->counter == counter);
    CHECK(r->limited.verdict == verdict);
    CHECK(r->limited.reason == reason);
  }
  // Black's king takes the unprotected rook: KK, a draw with or without the limit.
  const auto d = tb.probe(Position::from_fen("4k4/4R4/9/9/9/9/9/9/9/3K5 b"), 5);
  REQUIRE(d);
  CHECK(d->unlimited.wdl == Wdl::Draw);
  CHECK(d->dtc == std::nullopt);
  CHECK(d->limited.verdict == LimitVerdict::Draw);
  CHECK(d->limited.reason == LimitReason::Draw);
  CHECK_THROWS_AS(tb.probe(pos, 121), std::invalid_argument);
  CHECK_THROWS_AS(tb.probe(pos, -1), std::invalid_argument);
  CHECK(tb.probe(Position::from_fen("3k5/9/9/9/9/4c4/9/9/9/R3K4 w"), 0) == std::nullopt);
}

TEST_CASE("a WDL probe reads no DTC byte, and a DTC query names the missing or damaged file",
          "[limit]") {
  const test::TempDir dir("dtc-lazy");
  for (const char* m : {"KRK", "KK"})
    for (const TableKind kind : {TableKind::Wdl, TableKind::Dtm})
      std::filesystem::copy_file(
          table_path(krk_with_dtc(), Material::parse(m), kind, RuleSet::Check),
          table_path(dir.str(), Material::parse(m), kind, RuleSet::Check));
  const Position pos = Position::from_fen(kWin3);
  const std::string dtc_path =
      table_path(dir.str(), Material::parse("KRK"), TableKind::Dtc, RuleSet::Check);
  {
    const Tablebase tb({dir.str()});  // no DTC file at all
    CHECK(tb.probe_wdl(pos) == Wdl::Win);
    CHECK(tb.probe(pos)->distance == 3);
    CHECK(tb.best_move(pos).found());
    CHECK_THROWS_WITH(tb.probe(pos, 0), Catch::Contains(dtc_path) && Catch::Contains("missing"));
    CHECK_THROWS_WITH(tb.root_probe(pos, 0), Catch::Contains(dtc_path));
  }
  // A damaged DTC file: garbage where the header should be.
  test::write_bytes(dtc_path, std::string(4096, 'x'));
  const Tablebase tb({dir.str()});
  CHECK(tb.probe_wdl(pos) == Wdl::Win);
  CHECK(tb.probe(pos)->wdl == Wdl::Win);
  CHECK_THROWS_WITH(tb.probe(pos, 0), Catch::StartsWith(dtc_path));
  // A DTC file of another material under KRK's name is refused too.
  std::filesystem::copy_file(
      table_path(krk_with_dtc(), Material::parse("KK"), TableKind::Dtc, RuleSet::Check), dtc_path,
      std::filesystem::copy_options::overwrite_existing);
  const Tablebase renamed({dir.str()});
  CHECK_THROWS_WITH(renamed.probe(pos, 0), Catch::StartsWith(dtc_path));
}

TEST_CASE("root probe: every legal move under the limit, ranked, best first", "[limit]") {
  const Tablebase tb({krk_with_dtc()});
  const Position pos = Position::from_fen(kWin3);
  const RootProbe r = tb.root_probe(pos, 0);
  REQUIRE(r.found());
  CHECK(r.size == int(pos.legal_moves().size));
  CHECK(r.counter == 0);
  // The fastest conversion (here the mate in 3) first, rank 1000 - 3.
  CHECK(r.moves[0].move == tb.best_move(pos).best.move);
  CHECK(r.moves[0].dtc == 3);
  CHECK(r.moves[0].rank == 997);
  CHECK(r.moves[0].limited.verdict == LimitVerdict::Win);
  for (int i = 1; i < r.size; ++i) CHECK(r.moves[i - 1].rank >= r.moves[i].rank);
  // At counter 118 only 2 plies remain: no move wins in the limit, the unlimited wins rank 1.
  const RootProbe late = tb.root_probe(pos, 118);
  REQUIRE(late.found());
  for (const RootMoveLimit& m : late) {
    CHECK(m.limited.verdict != LimitVerdict::Win);
    if (is_win(m.unlimited.wdl)) CHECK(m.rank == 1);
  }
  CHECK(late.moves[0].rank == 1);
  CHECK(late.moves[0].limited.reason == LimitReason::TooFar);

  // Mated: no move, at any counter (a mate on the 120th ply counts).
  const Position mated = Position::from_fen("3k5/4R4/9/9/9/9/9/9/9/4K4 b");
  CHECK(tb.root_probe(mated, 120).status == RootStatus::NoLegalMove);
  CHECK(tb.probe(mated, 120)->limited.verdict == LimitVerdict::Loss);
  CHECK(tb.root_probe(Position::from_fen("3k5/9/9/9/9/4c4/9/9/9/R3K4 w"), 0).status ==
        RootStatus::NoTable);
}

// root_report is root_probe and root_moves from one pass over the successors: equal to both,
// move by move, on every 23rd KRKN slot's legal positions (forced, drawn and rule-decided
// values) at counters inside, near and at the limit.
TEST_CASE("root report: the root probe and the root moves of one pass", "[limit]") {
  const Tablebase tb({test::small_tables()});
  const Material m = Material::parse("KRKN");
  const Index index(m);
  int compared = 0;
  for (uint64_t slot = 0; slot < index.size(); slot += 23) {
    Position pos;
    if (!index.decode(slot, pos)) continue;
    for (const Color side : {Red, Black}) {
      pos.set_side_to_move(side);
      if (!pos.legality_error().empty()) continue;
      const int counter = int(slot % 3) * 59;  // 0, 59 or 118
      const RootReport r = tb.root_report(pos, counter);
      const RootProbe probe = tb.root_probe(pos, counter);
      const RootMoves moves = tb.root_moves(pos);
      INFO(pos.fen() << " at " << counter);
      REQUIRE(r.limited.status == probe.status);
      REQUIRE(r.unlimited.status == moves.status);
      REQUIRE(r.limited.size == probe.size);
      for (int i = 0; i < probe.size; ++i) {
        CHECK(r.limited.moves[i].move == probe.moves[i].move);
        CHECK(r.limited.moves[i].rank == probe.moves[i].rank);
        CHECK(r.limited.moves[i].dtc == probe.moves[i].dtc);
      }
      REQUIRE(r.unlimited.moves.size() == moves.moves.size());
      for (size_t i = 0; i < moves.moves.size(); ++i) {
        CHECK(r.unlimited.moves[i].move == moves.moves[i].move);
        CHECK(r.unlimited.moves[i].value.wdl == moves.moves[i].value.wdl);
        CHECK(r.unlimited.moves[i].value.distance == moves.moves[i].value.distance);
      }
      ++compared;
    }
  }
  CHECK(compared > 1000);
}

TEST_CASE("the line under the limit converts every sampled win within the plies left", "[limit]") {
  const Tablebase tb({krk_with_dtc()});
  const auto [wins, too_far] = check_lines(tb, {"KRk", "KNk", "KPk"}, 600, 16);
  CHECK(wins > 500);
  CHECK(too_far > 200);
  // One ply short, the line is a draw the limit ends, after exactly the plies left.
  const Position pos = Position::from_fen(kWin3);
  const Line drawn = tb.limit_line(pos, 118);
  CHECK(drawn.end == LineEnd::LimitReached);
  CHECK(drawn.moves.size() == 2);
}

TEST_CASE("generated DTC tables: lines convert by capture or mate within the plies left",
          "[limit]") {
  // KRKN, KRKAA, KNKA and their sub-tables, with the generator's DTC files: conversions are
  // captures into won sub-table positions as well as mates.
  const Tablebase tb({test::small_tables()});
  const auto [wins, too_far] = check_lines(tb, {"KRkn", "KRkaa", "KNka", "KRka"}, 400, 23);
  CHECK(wins > 300);
  CHECK(too_far > 100);
  // Red K e0 R a0, Black k d9 n e4: mate in 7 plies, but the rook takes the horse on the 5th
  // (d4e4), into KRK's win: DTC 5, and the line under the limit plays it.
  const Position pos = Position::from_fen("3k5/9/9/9/9/4n4/9/9/9/R3K4 w");
  const auto r = tb.probe(pos, 115);
  REQUIRE(r);
  CHECK(r->unlimited.distance == 7);
  CHECK(r->dtc == 5);
  CHECK(r->limited.verdict == LimitVerdict::Win);
  CHECK(tb.probe(pos, 116)->limited.reason == LimitReason::TooFar);
  const Line line = tb.limit_line(pos, 115);
  CHECK(plies_to_conversion(pos, line.moves) == 5);
}

TEST_CASE("cursed wins and blessed losses: drawn under the limit, played by DTM without it",
          "[limit]") {
  // KRKN under a 12-ply limit (as tests/test_generator.cpp checks it against brute force): its
  // long wins are cursed, its long losses blessed. Counters 108..120 leave 12..0 plies.
  constexpr int kLimit = 12, kShift = 120 - kLimit;
  const Tablebase tb({short_limit_tables("KRKN", kLimit)});
  std::mt19937_64 rng(5);
  int cursed = 0, blessed = 0, converted = 0;
  for (int sample = 0; sample < 1500; ++sample) {
    const Position pos = random_position("KRkn", sample % 2 ? Black : Red, rng);
    const auto r = tb.probe(pos, kShift);
    REQUIRE(r);
    CAPTURE(pos.fen());
    const Wdl w = r->unlimited.wdl;
    if (w == Wdl::CursedWin || w == Wdl::BlessedLoss) {
      (w == Wdl::CursedWin ? cursed : blessed)++;
      CHECK(tb.probe_wdl(pos) == w);
      CHECK(r->dtc);
      CHECK(r->limited.verdict == LimitVerdict::Draw);
      CHECK(r->limited.reason ==
            (w == Wdl::CursedWin ? LimitReason::Cursed : LimitReason::Blessed));
      CHECK(tb.probe(pos, 0)->limited.verdict == LimitVerdict::Draw);  // at every counter
      // Without the limit the best move keeps the forced value by DTM; under it, the top move
      // keeps the draw: rank 1 for the cursed side, -1 for the blessed one.
      const BestMove b = tb.best_move(pos);
      REQUIRE(b.found());
      CHECK(is_forced(b.best.value.wdl));
      CHECK(is_win(b.best.value.wdl) == (w == Wdl::CursedWin));
      CHECK(b.best.value.distance == r->unlimited.distance);
      const RootProbe root = tb.root_probe(pos, kShift);
      REQUIRE(root.found());
      CHECK(root.moves[0].limited.verdict == LimitVerdict::Draw);
      CHECK(root.moves[0].rank == (w == Wdl::CursedWin ? 1 : -1));
    } else if (w == Wdl::Win || w == Wdl::Loss) {
      // Within the short limit: the line converts in exactly DTC plies from the last counter
      // that leaves enough, and one ply later it is too far.
      const int dtc = *r->dtc;
      REQUIRE(dtc <= kLimit);
      const int counter = 120 - dtc;
      CHECK(tb.probe(pos, counter)->limited.verdict ==
            (w == Wdl::Win ? LimitVerdict::Win : LimitVerdict::Loss));
      CHECK(plies_to_conversion(pos, tb.limit_line(pos, counter).moves) == dtc);
      if (dtc > 0) CHECK(tb.probe(pos, counter + 1)->limited.reason == LimitReason::TooFar);
      ++converted;
    }
  }
  CHECK(cursed > 10);
  CHECK(blessed > 10);
  CHECK(converted > 100);
}
