#include "cli/board_diagram.hpp"

namespace xq::cli {

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('0' + rank_of(s))};
}

std::string piece_name(Piece p, Lang lang, bool diagram) {
  if (lang == Lang::En) return std::string(1, piece_to_fen(p));
  // Indexed by PieceType: K A B N R C P.
  static const char* const kRed[] = {"帅", "仕", "相", "马", "车", "炮", "兵"};
  static const char* const kBlack[] = {"将", "士", "象", "马", "车", "炮", "卒"};
  static const char* const kRedBoard[] = {"帅", "仕", "相", "傌", "俥", "炮", "兵"};
  static const char* const kBlackBoard[] = {"将", "士", "象", "馬", "車", "砲", "卒"};
  const bool red = color_of(p) == Red;
  const auto& names = diagram ? (red ? kRedBoard : kBlackBoard) : (red ? kRed : kBlack);
  return names[type_of(p)];
}

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
      out += p != kNoPiece ? piece_name(p, lang, true) : zh ? "．" : ".";
    }
    out += '\n';
    if (rank == 5) out += zh ? "  ～～楚河～汉界～～\n" : "    ~~~~~ river ~~~~~\n";
  }
  out += zh ? "  九八七六五四三二一\n" : files;
  return out;
}

}  // namespace xq::cli
