// Probing a directory of tables: WDL, distance, the value of every legal move, the best move
// and the principal variation (docs/metrics.md for what the numbers mean). Thread-safe: any
// number of threads may probe one Tablebase; tables are opened on first use and blocks are
// decompressed on demand into one bounded cache.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/index.hpp"
#include "core/material.hpp"
#include "core/position.hpp"
#include "core/table_file.hpp"
#include "core/table_names.hpp"
#include "core/values.hpp"
#include "probe/limit.hpp"
#include "probe/open_once.hpp"

namespace xq {

class AsianPlay;  // probe/asian_line.hpp, internal to the library
class AsianGameCache;

// A position's value from its side to move's view, under the rule set of the table that holds
// it (Tablebase::rules). distance: DTM in plies for the forced classes (Win, Loss, CursedWin,
// BlessedLoss); the rule potential (core/values.hpp, docs/metrics.md) for RuleWin/RuleLoss; the
// chase potential (rules/chase_game.hpp) for ChaseWin/ChaseLoss; 0 for Draw.
struct ProbeResult {
  Wdl wdl = Wdl::Draw;
  uint16_t distance = 0;
};

// A legal move and the value it gives the side that makes it.
struct MoveValue {
  Move move;
  ProbeResult value;  // mover's view; distance counts the move itself for Win/Loss
};

// A position's value under the natural limit when `counter` plies have passed since the last
// capture, beside its value without the limit.
struct LimitProbe {
  ProbeResult unlimited;        // the stored class and DTM / potential, as probe(pos)
  std::optional<uint16_t> dtc;  // forced classes only: plies to the conversion (docs/metrics.md)
  int counter = 0;              // plies since the last capture, 0..kNaturalLimitPlies
  LimitedValue limited;         // win / draw / loss under the limit, and why
};

// A legal root move with its value for the mover under the limit (as LimitProbe) and its rank.
struct RootMoveLimit {
  Move move;
  ProbeResult unlimited;        // as MoveValue::value: counts the move itself for forced classes
  std::optional<uint16_t> dtc;  // the mover's plies to the conversion, counting the move itself
                                // (1 for a capture into a forced sub-table value)
  LimitedValue limited;         // at the root's counter: captures reset it, quiet moves add 1
  // Larger is better; equal ranks are equally good under the limit. Win: 1000 - dtc; loss:
  // -1000 + dtc; draw under the limit: 1 when won without it (cursed, too far, rule win),
  // -1 when lost without it, else 0. Always playing a top-ranked move converts every win under
  // the limit within the plies remaining, and delays a loss the longest.
  int rank = 0;
};

// Whether a root query (root_moves, best_move, root_probe) found moves, and if not, why.
enum class RootStatus {
  Found,        // the legal moves and their values
  NoTable,      // the position's own material has no table (`missing` names it)
  NoSubTable,   // a legal capture leads to a material without a table (`missing` names it)
  NoLegalMove,  // the side to move is mated or stalemated: a loss in 0 plies, no move to give
};

// Every legal move of a position with its value, best first for the side to move, or why
// there are none.
struct RootMoves {
  RootStatus status = RootStatus::Found;
  std::vector<MoveValue> moves;     // Found: at least one; otherwise empty
  std::optional<Material> missing;  // NoTable, NoSubTable: the canonical material without table
  bool found() const { return status == RootStatus::Found; }
};

// The best move of a position, or why there is none (as RootMoves).
struct BestMove {
  RootStatus status = RootStatus::Found;
  MoveValue best;                   // Found: the move and its value for the mover
  std::optional<Material> missing;  // NoTable, NoSubTable: the canonical material without table
  bool found() const { return status == RootStatus::Found; }
};

// Why a principal variation ends.
enum class LineEnd {
  NoLegalMove,   // mate or stalemate: the side to move at the end has no legal move
  Repetition,    // the position reached repeats one of the line (a rule win ends so)
  MaxPlies,      // max_plies reached (a draw's line goes on forever)
  LimitReached,  // under the limit: 120 plies without a capture drew the game
  NoTable,       // the start position's material has no table: no move at all
  NoSubTable,    // the next best move needs a table that is missing: the line stops short
};

// A principal variation: best moves of both sides, and why it ends there.
struct Line {
  std::vector<Move> moves;
  LineEnd end = LineEnd::NoLegalMove;
  std::optional<Material> missing;  // NoTable, NoSubTable: the canonical material without table
  // The whole line as far as the tables decide it (false when a table was missing).
  bool complete() const { return !missing; }
};

// Every legal move of a position under the limit, best first (as RootMoves). Fixed capacity: a
// root probe allocates nothing.
struct RootProbe {
  RootStatus status = RootStatus::Found;
  int counter = 0;
  std::array<RootMoveLimit, MoveList::kCapacity> moves;  // the first `size` are valid
  int size = 0;                                          // Found: at least one
  std::optional<Material> missing;  // NoTable, NoSubTable: the canonical material without table
  bool found() const { return status == RootStatus::Found; }
  const RootMoveLimit* begin() const { return moves.data(); }
  const RootMoveLimit* end() const { return moves.data() + size; }
};

// A position's root_probe and root_moves at once, from one probe of each successor: what a
// report of the position shows (probe --json, the web service). Both have the same status.
struct RootReport {
  RootProbe limited;
  RootMoves unlimited;
};

// Tables of several rule sets may share a directory (core/table_names.hpp). A Tablebase answers
// every query under one rule set, never mixing them: a position's value and the values of its
// successors (captures lead into sub-tables) come from tables of the same rule set. With a rule
// set chosen (the constructor's `rules`), only its tables are listed; without, each query takes
// the rule set of the one table its material has, and refuses (TableError naming the rule sets)
// a material with tables of several.
class Tablebase {
 public:
  // Scans the directories for table files (MATERIAL[.RULES].xqw with .xqd and .xqc). cache_bytes
  // bounds the decompressed blocks kept in memory (shared by all tables); rules, when given,
  // lists that rule set's tables alone. Throws TableError when a directory cannot be read.
  explicit Tablebase(const std::vector<std::string>& dirs,
                     size_t cache_bytes = BlockCache::kDefaultBytes,
                     std::optional<RuleSet> rules = std::nullopt);

  // Canonical materials with a table (of any listed rule set), sorted by name.
  std::vector<Material> materials() const;
  // Every listed table: its material and rule set, sorted by name, then rule set.
  std::vector<TableName> tables() const;
  // The rule sets of m's listed tables, in RuleSet order (empty: none). Opens no file.
  std::vector<RuleSet> rule_sets(const Material& m) const;
  // The rule set chosen at construction, if any.
  std::optional<RuleSet> chosen_rules() const { return chosen_; }
  // Whether m, in either orientation, has a table: a look-up in the listing that opens no file
  // and allocates nothing (for search, with Material::of(pos); as xqtb_has_table).
  bool has(const Material& m) const;
  // The rule set m's positions are answered under: that of its one table (or the chosen one's).
  // Opens both files of the pair: TableError when one is missing or damaged, when they disagree,
  // when the header's rule set is not the name's, or when m has tables of several rule sets and
  // none was chosen.
  std::optional<RuleSet> rules(const Material& m) const;
  // Statistics JSON stored in the table's WDL file (TableError when corrupt).
  std::string stats_json(const Material& m) const;
  // The block cache shared by this tablebase's files (for its size, hit and miss counts).
  const BlockCache& cache() const { return *cache_; }

  // WDL only: touches no DTM data. nullopt when the material has no table. Throws
  // std::invalid_argument for an illegal position, TableError for a corrupt or truncated file.
  std::optional<Wdl> probe_wdl(const Position& pos) const;
  // WDL and distance. Same errors; also a missing or damaged DTM file, whatever the value.
  std::optional<ProbeResult> probe(const Position& pos) const;
  // Under the natural limit, counter plies after the last capture (0..kNaturalLimitPlies;
  // std::invalid_argument otherwise): the unlimited value, the DTC and the verdict under the
  // limit. Opens the DTC file (MATERIAL.xqc) on first use, for every class: TableError naming it
  // when it is missing or damaged. Same other errors as probe(pos).
  std::optional<LimitProbe> probe(const Position& pos, int counter) const;
  // The root probe for engines (as Syzygy's root_probe): every legal move valued under the limit
  // at counter, ranked (RootMoveLimit::rank), best first; equal ranks keep the unlimited order
  // of root_moves. Not found as root_moves. Same errors as probe(pos, counter).
  RootProbe root_probe(const Position& pos, int counter) const;
  // Every legal move with its value, best first for the side to move (the first is the move
  // that keeps the game-theoretic value and follows the shortest win / longest loss or the
  // rule strategy; from an Asian chase-decided position, the register game's first move with
  // no repetition in progress). Not found: no table for pos (NoTable) or for a capture's material
  // (NoSubTable), each naming the material, or no legal move (NoLegalMove). Probes every
  // successor: for the root, not for search. Same exceptions as probe().
  RootMoves root_moves(const Position& pos) const;
  // root_probe and root_moves together, each successor probed once: the two cost as one.
  RootReport root_report(const Position& pos, int counter) const;
  // The first of root_moves(pos), or the same reason why there is none.
  BestMove best_move(const Position& pos) const;
  // Best moves of both sides from pos to the end: mate or stalemate, a repetition (a rule-
  // decided win ends when the loser's perpetual check or chase repeats a position), or
  // max_plies for a draw; or, short of it, where a table the line needs is missing (end and
  // missing say so). An Asian chase-decided stretch is played by the register game
  // (probe/asian_line.hpp), built and solved when the line enters it: that costs time.
  Line principal_variation(const Position& pos, int max_plies = 400) const;
  // The principal variation under the limit: both sides play root_probe's top move from
  // counter on (a capture resets it). A win under the limit converts within the plies remaining
  // and runs on to mate; a draw under it ends at LimitReached (or a repetition, or max_plies).
  Line limit_line(const Position& pos, int counter, int max_plies = 400) const;

  // Coverage, for a search to test before it probes. Neither opens a file or allocates.
  // Materials listed, each counted once whatever its rule sets (each with a WDL file; probing
  // may still find it damaged).
  size_t table_count() const { return entries_.size(); }
  // Most pieces on the board, both kings included, in any listed material (0 when none).
  int largest() const { return largest_; }

 private:
  struct Entry {
    RuleSet rules;  // by the file's name; its headers must agree
    std::string wdl_path, dtm_path, dtc_path;
    OpenOnce<TableFile> wdl, dtm, dtc;  // opened and checked on first use
    OpenOnce<Index> index;
  };
  // A material's tables, by RuleSet code.
  using Tables = std::array<std::unique_ptr<Entry>, 4>;
  // The table of a canonical material queries use: under `within` when given (the rule set of
  // the query's root), else its only one; nullptr when there is none. TableError when it has
  // several and neither `within` nor a chosen rule set decides.
  const Entry* entry(const Material& canonical, std::optional<RuleSet> within) const;
  const TableFile& wdl_file(const Entry& e, const Material& m) const;
  const TableFile& dtm_file(const Entry& e, const Material& m) const;
  // A distance file (DTM or DTC) of the entry, checked against its WDL file.
  const TableFile& distance_file(const Entry& e, const Material& m, TableKind kind) const;
  const TableFile& dtc_file(const Entry& e, const Material& m) const;
  const Index& index_of(const Entry& e, const Material& m) const;
  // The table of a material (any orientation) under `within`: its entry (null: none), the
  // canonical material and whether m is its colour flip. Kept per thread for the last material
  // asked: a search's or a line's probes are nearly all of one material, and the lookup was a
  // sixth of a WDL probe's instructions.
  struct Pick {
    const Entry* entry = nullptr;
    Material canonical;
    bool flipped = false;
  };
  Pick pick(const Material& m, std::optional<RuleSet> within) const;
  // Canonical orientation: the table entry, the (possibly colour-flipped) position and slot.
  struct Located {
    const Entry* entry;
    Material material;
    int side;
    uint64_t slot;
  };
  std::optional<Located> locate(const Position& pos, std::optional<RuleSet> within) const;
  // The WDL code stored for a located position (TableError for a code no legal one may have).
  Wdl read_wdl(const Located& at) const;
  // The distance file's entry of a located position of class w, an omitted one rebuilt from
  // the table's other side (core/one_ply.hpp).
  uint16_t read_distance(const Located& at, const TableFile& file, Wdl w) const;
  // What the three files hold for a position (DTC read only when with_dtc): nullopt without a
  // table.
  struct Stored {
    ProbeResult value;
    uint16_t dtc = 0;                // forced classes, when read
    RuleSet rules = RuleSet::Check;  // the table's
  };
  std::optional<Stored> stored(const Position& pos, bool with_dtc,
                               std::optional<RuleSet> within = std::nullopt) const;
  // probe_wdl(pos) and probe(pos) under a query's rule set.
  std::optional<Wdl> probe_wdl_within(const Position& pos, std::optional<RuleSet> within) const;
  // The register game from an Asian chase-decided position (probe/asian_line.hpp).
  AsianPlay asian_play(const Position& start) const;
  // Moves the register game's first move from an Asian chase-decided root to the front of
  // moves; the material of a missing table the game needs, if any.
  std::optional<Material> register_move_first(const Position& root,
                                              std::vector<MoveValue>& moves) const;
  std::optional<ProbeResult> probe_within(const Position& pos, std::optional<RuleSet> within) const;
  // The root queries under a line's rule set (the public ones: the root's own).
  RootMoves root_moves_within(const Position& pos, std::optional<RuleSet> within) const;
  RootProbe root_probe_within(const Position& pos, int counter,
                              std::optional<RuleSet> within) const;
  // Both root queries; the unlimited order (RootReport::unlimited) only when asked for.
  RootReport root_report_within(const Position& pos, int counter, std::optional<RuleSet> within,
                                bool unlimited) const;
  BestMove best_move_within(const Position& pos, std::optional<RuleSet> within) const;
  // The rule set of pos's table by its name, without opening a file (nullopt: no table).
  std::optional<RuleSet> rules_at(const Position& pos) const;

  // Keyed by the counts, not the name: every probe looks its material up here.
  std::unordered_map<Material, Tables, MaterialHash> entries_;
  std::optional<RuleSet> chosen_;
  int largest_ = 0;
  std::shared_ptr<BlockCache> cache_;
  std::shared_ptr<AsianGameCache> asian_games_;  // the last register game built
  const uint64_t id_;  // unique per Tablebase of the process: the key of pick's per-thread memo
};

}  // namespace xq
