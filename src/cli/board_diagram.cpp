#include "cli/board_diagram.hpp"

namespace xq::cli {

namespace {

// A piece in a diagram: piece_name, except for the Chinese pieces whose simplified character
// is the same for both colours.
std::string diagram_piece(Piece p, Lang lang) {
  if (lang == Lang::En) return piece_name(p, lang);
  // Indexed by PieceType: K A B N R C P.
  static const char* const kRed[] = {"帅", "仕", "相", "傌", "俥", "炮", "兵"};
  static const char* const kBlack[] = {"将", "士", "象", "馬", "車", "砲", "卒"};
  return (color_of(p) == Red ? kRed : kBlack)[type_of(p)];
}

}  // namespace

std::string board_diagram(const Position& pos, Lang lang) {
  const bool zh = lang == Lang::Zh;
  const std::string files = zh ? "  １２３４５６７８９\n" : "    a b c d e f g h i\n";
  std::string out = files;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    if (!zh) out += ' ';
    out += char('0' + rank);
    out += zh ? " " : "  ";
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = pos.at(make_square(file, rank));
      if (!zh && file > 0) out += ' ';
      out += p != kNoPiece ? diagram_piece(p, lang) : zh ? "．" : ".";
    }
    out += '\n';
    if (rank == 5) out += zh ? "  ～～楚河～汉界～～\n" : "    ~~~~~ river ~~~~~\n";
  }
  out += zh ? "  九八七六五四三二一\n" : files;
  return out;
}

}  // namespace xq::cli
