// `xqtb perft --fen FEN --depth N [--divide]`: legal move tree node counts (rules check).
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "core/position.hpp"

namespace xq::cli {

void register_perft(CLI::App& app) {
  struct Options {
    std::string fen;
    int depth = 1;
    bool divide = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* sub = add_command(app, "perft", "Count the nodes of the legal move tree", [opt] {
    Position pos = Position::from_fen(opt->fen);
    if (!opt->divide) {
      std::cout << perft(pos, opt->depth) << "\n";
      return kExitOk;
    }
    uint64_t total = 0;
    for (Move m : pos.legal_moves()) {
      const Piece cap = pos.make(m);
      const uint64_t n = perft(pos, opt->depth - 1);
      pos.unmake(m, cap);
      std::cout << char('a' + file_of(m.from)) << rank_of(m.from) << char('a' + file_of(m.to))
                << rank_of(m.to) << ": " << n << "\n";
      total += n;
    }
    std::cout << total << "\n";
    return kExitOk;
  });
  sub->add_option("--fen", opt->fen, "Position in FEN")->required();
  sub->add_option("--depth", opt->depth, "Depth in plies")
      ->required()
      ->check(decimal_integer())
      ->check(CLI::Range(1, 12));
  sub->add_flag("--divide", opt->divide, "Print the count below each legal move first");
}

}  // namespace xq::cli
