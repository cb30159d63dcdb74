# The module's values against the C++ API as the CLI prints it (`xqtb probe --json --pv`) on
# random positions of several materials, and the module's own queries against each other.
import json
import random
import threading

import pytest

import xqtb
from conftest import cli, fen_board_field

PALACE = {
    "red": [(f, r) for f in range(3, 6) for r in range(0, 3)],
    "black": [(f, r) for f in range(3, 6) for r in range(7, 10)],
}
ADVISOR = {"red": [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]}
ADVISOR["black"] = [(f, 9 - r) for f, r in ADVISOR["red"]]


def random_fen(rng, material):
    """A random legal position of material (letters, Red first: K R N C A), any counter."""
    black_at = material.index("K", 1)
    while True:
        board = {}
        for i, letter in enumerate(material):
            side = "red" if i < black_at else "black"
            points = PALACE[side] if letter == "K" else ADVISOR[side] if letter == "A" else None
            free = [p for p in (points or [(f, r) for f in range(9) for r in range(10)])
                    if p not in board]
            board[rng.choice(free)] = letter if side == "red" else letter.lower()
        fen = fen_board_field(board) + f" {rng.choice('wb')} - - {rng.randrange(121)} 1"
        try:
            xqtb.Position(fen)
            return fen
        except ValueError:  # illegal: kings facing, the side not to move in check
            continue


MATERIALS = ["KRKNA", "KRKN", "KRKA", "KNAK", "KRK"]


@pytest.mark.parametrize("material", MATERIALS)
def test_values_equal_the_cli(tb, tables, material):
    rng = random.Random(material)
    for _ in range(12):
        fen = random_fen(rng, material)
        want = json.loads(cli("probe", "--dir", tables, "--fen", fen, "--json", "--pv"))
        got = tb.probe(fen)
        assert got.category.name.lower() == want["class"], fen
        assert got.dtm == want["dtm"], fen
        assert got.dtc == want["dtc"], fen
        assert got.counter == want["counter"], fen
        assert {1: "win", 0: "draw", -1: "loss"}[got.limit_wdl] == want["limit_wdl"], fen
        assert got.limit_reason == want["limit_reason"], fen
        assert {1: "win", 0: "draw", -1: "loss"}[got.wdl] == want["wdl"], fen
        assert tb.probe_wdl(fen) == got.category
        moves = tb.moves(fen)
        assert (moves[0].move if moves else None) == want["best_move_limit"], fen
        assert (moves[0].chinese if moves else None) == want["best_move_limit_zh"], fen
        assert sorted(m.move for m in moves) == sorted(xqtb.Position(fen).legal_moves())
        assert tb.mainline(fen) == want["pv_limit"], fen
        assert tb.mainline(fen, limit=False) == want["pv"], fen


def test_known_position(tb):
    # README's example: the rook mates (by stalemate) in 5 plies, 车九进一 first.
    fen = "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    v = tb.probe(fen)
    assert (v.category, v.wdl, v.dtm, v.dtc, v.limit_wdl) == (xqtb.Category.WIN, 1, 5, 5, 1)
    assert tb.mainline(fen, limit=False) == ["a0a1", "e8d7", "a1a8", "d7e8", "a8e8"]
    assert tb.moves(fen)[0].chinese == "车九进一"
    # At counter 116 the win needs 5 plies and 4 remain: drawn under the limit, too far.
    late = tb.probe(fen.replace(" 0 1", " 116 1"))
    assert (late.wdl, late.limit_wdl, late.limit_reason) == (1, 0, "too_far")


def test_coverage(tb):
    assert tb.has_table("KRKNA") and tb.has_table("车对马单士") and tb.has_table("KNAKR")
    assert not tb.has_table("KCKN")
    assert tb.has_table("3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    assert "KRKNA" in tb.materials()
    assert tb.get_wdl("4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1", default="none") == "none"


def test_threads_probe_one_tablebase(tb):
    rng = random.Random(7)
    fens = [random_fen(rng, rng.choice(MATERIALS)) for _ in range(200)]
    serial = [(tb.probe(f).category, tb.probe(f).dtm, tb.probe(f).dtc) for f in fens]
    results, errors = {}, []

    def work(k):
        try:
            for _ in range(3):
                results[k] = [(v.category, v.dtm, v.dtc) for v in map(tb.probe, fens)]
        except Exception as e:  # reported below: a thread's exception is otherwise lost
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(results[k] == serial for k in range(4))
