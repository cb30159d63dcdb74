// Move notation (docs/rules.md "Board, pieces, notation"): ICCS coordinates, WXF and Chinese.
//
// Files are counted 1..9 from the mover's right: Red writes 一..九 (file i = 一, a = 九), Black
// writes 1..9 (file a = 1, i = 9). 进/+ forward, 退/- backward, 平/= sideways. The last figure is
// the distance for straight movers (king, rook, cannon, pawn) moving along their file, and the
// destination file otherwise (sideways moves; advisor, elephant and horse moves).
//
// Like pieces on one file (front = nearer the enemy side, from the mover's view) follow the WXF
// standard (wxf.org, "Official xiangqi piece names and notation"), with the Chinese forms
// used by xqbase.com. Advisors and elephants never need this: their direction tells them apart.
//   pieces on the file   WXF                     Chinese
//   2                    R+ R-                   前车 后车
//   3 (pawns)            P+ P5 P-                前兵 中兵 后兵
//   4 (pawns)            ++ P+ P- --             一兵 二兵 三兵 四兵
//   5 (pawns)            ++ P+ P5 P- --          一兵 二兵 三兵 四兵 五兵
//   pawns stacked on two files: the file number replaces the piece:
//                        7+ 7- / 55 (middle)     前七 后七 / 中五
// E.g. 前车退一 = R+-1, 中兵平六 = P5=6, 前七平六 = 7+=6.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "core/position.hpp"
#include "core/types.hpp"

namespace xq {

// Raised for text that is not a move, or not a legal move in the given position; what() is a
// one-line reason quoting the text.
class NotationError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The language of text for people: English (FEN letters, ICCS) or Chinese.
enum class Lang { En, Zh };

// ICCS name of a point: file letter a..i, rank digit 0..9 ("e9").
std::string square_name(Square s);

// Name of a piece: its FEN letter (upper case Red, lower case Black) in English; in Chinese the
// character of Chinese notation, 帅仕相马车炮兵 (Red) and 将士象马车炮卒 (Black).
std::string piece_name(Piece p, Lang lang);

// A piece and its point in Chinese, each side counting from its own side of the board: the
// file as in Chinese notation and the line from its own back rank, "将5路1线" (Black's king on
// e9), "车九路二线" (Red's rook on a1).
std::string chinese_point(Piece p, Square s);

// ICCS / UCCI coordinates: from-point then to-point, file letter a..i and rank digit 0..9,
// e.g. "h2e2".
std::string to_iccs(Move m);

// Parses ICCS coordinates ("h2e2", "H2E2", "h2-e2"). Checks the form only, not legality.
// Throws NotationError for malformed text or equal from- and to-points.
Move parse_iccs(std::string_view s);

// WXF notation of a move of the piece on m.from, e.g. "C2=5", "H2+3", "R+-1" (letters
// K A E H R C P; "=" for sideways). Throws NotationError when m.from is empty. The move is
// assumed legal in pos; tandem pieces are named from the board as it stands.
std::string to_wxf(const Position& pos, Move m);

// Chinese notation, UTF-8: "炮二平五" (Red: 帅仕相马车炮兵, files 一..九), "马8进7" (Black:
// 将士象马车炮卒, ASCII digits 1..9), "前车进一", "后炮平4". Same conditions as to_wxf.
std::string to_chinese(const Position& pos, Move m);

// The legal move of the side to move that the text denotes. Accepts, with surrounding blanks:
// - ICCS as parse_iccs;
// - WXF as to_wxf writes it, any case, with "." as well as "=" for sideways, B/N for E/H;
// - Chinese as to_chinese writes it, with 一..九, 1..9 or full-width digits for either side,
//   either colour's piece names, traditional forms (帥 將 車 俥 馬 傌 砲 進 後), and the
//   marker after the piece name ("车前进一") as well as before it.
// A file number without marker stands for the middle piece when three or five share the file,
// otherwise for any piece there. Throws NotationError for malformed text, or when no legal move
// or more than one matches.
Move parse_move(const Position& pos, std::string_view s);

}  // namespace xq
