# Export: a whole table's rows against every legal position enumerated here from the rules'
# placements and probed one by one; chunks, sides and orientations; the CLI's three formats.
import csv
import io
import itertools
import subprocess

import numpy as np
import pytest

import xqtb
from conftest import XQTB_CLI, cli, fen_board_field

RED_PALACE = [(f, r) for f in range(3, 6) for r in range(0, 3)]
BLACK_PALACE = [(f, r) for f in range(3, 6) for r in range(7, 10)]
BLACK_ADVISOR = [(3, 9), (5, 9), (4, 8), (3, 7), (5, 7)]
EVERYWHERE = [(f, r) for f in range(9) for r in range(10)]




def mirror(fen):
    board, rest = fen.split(" ", 1)
    expand = lambda row: "".join("." * int(c) if c.isdigit() else c for c in row)
    compress = lambda row: "".join(
        str(len(list(g))) if k == "." else "".join(g) for k, g in itertools.groupby(row))
    return "/".join(compress(expand(row)[::-1]) for row in board.split("/")) + " " + rest


def all_legal_krka():
    """Every legal KRKA position (both sides to move), from the placements the rules allow."""
    out = set()
    for rk, bk, ba, rr in itertools.product(RED_PALACE, BLACK_PALACE, BLACK_ADVISOR, EVERYWHERE):
        if len({rk, bk, ba, rr}) < 4:
            continue
        board = {rk: "K", bk: "k", ba: "a", rr: "R"}
        for side in ("red", "black"):
            fen = fen_board_field(board) + (" w" if side == "red" else " b") + " - - 0 1"
            try:
                xqtb.Position(fen)
            except ValueError:
                continue
            out.add(fen)
    return out


def labels(value):
    return (int(value.category), value.dtm if value.dtm is not None else -1,
            value.dtc if value.dtc is not None else -1)


def rows_of(chunks):
    return np.concatenate(list(chunks))


def test_export_equals_probing_every_legal_position(tb):
    rows = rows_of(tb.export("KRKA"))
    assert rows.dtype == xqtb.EXPORT_DTYPE and rows.dtype.itemsize == 96
    exported = {}
    for row in rows:
        fen = xqtb.board_fen(row["board"], row["side"])
        assert fen not in exported and mirror(fen) not in exported, fen  # one row a slot
        exported[fen] = (int(row["category"]), int(row["dtm"]), int(row["dtc"]))
    every = all_legal_krka()
    assert set(exported) | {mirror(f) for f in exported} == every
    for fen in every:
        row = exported.get(fen) or exported[mirror(fen)]
        assert labels(tb.probe(fen)) == row, fen


def test_export_chunks_sides_and_orientation(tb, tables):
    whole = rows_of(tb.export("KRKN"))
    chunks = list(tb.export("KRKN", chunk_rows=10000))
    assert all(len(c) == 10000 for c in chunks[:-1]) and 0 < len(chunks[-1]) <= 10000
    assert np.array_equal(np.concatenate(chunks), whole)
    red = rows_of(tb.export("KRKN", side="red"))
    black = rows_of(tb.export("KRKN", side="black"))
    assert (red["side"] == 0).all() and (black["side"] == 1).all()
    assert np.array_equal(np.concatenate([red, black]), whole)
    # The stored statistics count the legal slots by value: the export has every one of them.
    stats = xqtb.stats("KRKN", tables)
    for side, part in (("red_to_move", red), ("black_to_move", black)):
        s = stats[side]["slots"]
        assert len(part) == s["win"] + s["draw"] + s["loss"]
        wins = np.isin(part["category"], [int(xqtb.Category.WIN), int(xqtb.Category.CURSED_WIN),
                                          int(xqtb.Category.RULE_WIN)])
        assert wins.sum() == s["win"]
    # Named the other way round, the same positions colour-flipped: Black now has the rook.
    flipped = rows_of(tb.export("KNKR", side="black"))
    assert len(flipped) == len(red) and (flipped["side"] == 1).all()
    assert np.array_equal(flipped["category"], red["category"])
    assert (flipped["board"] == 8 + 1 + 4).any(axis=(1, 2)).all()  # a black rook in every row


def test_cli_export_formats(tb, tables, tmp_path):
    rows = rows_of(tb.export("KRKA"))
    out = tmp_path / "krka.npy"
    cli("export", "KRKA", "--dir", tables, "--format", "npy", "--out", str(out))
    assert np.array_equal(np.load(out), rows)
    assert not (tmp_path / "krka.npy.tmp").exists()
    names = {int(c): c.name.lower() for c in xqtb.Category.__members__.values()}
    table = list(csv.DictReader(io.StringIO(cli("export", "KRKA", "--dir", tables,
                                                "--format", "csv"))))
    assert len(table) == len(rows)
    for line, row in zip(table, rows):
        assert line["fen"] == xqtb.board_fen(row["board"], row["side"])
        assert line["side"] == ("red", "black")[row["side"]]
        assert line["class"] == names[int(row["category"])]
        assert line["dtm"] == ("" if row["dtm"] < 0 else str(row["dtm"]))
        assert line["dtc"] == ("" if row["dtc"] < 0 else str(row["dtc"]))
    epd = cli("export", "KRKA", "--dir", tables, "--side", "black").splitlines()
    black = rows[rows["side"] == 1]
    assert len(epd) == len(black)
    first = black[0]
    want = xqtb.board_fen(first["board"], 1)[:-4] + f" class {names[int(first['category'])]};"
    assert epd[0].startswith(want)


@pytest.mark.parametrize("args, code", [
    (["KCKN"], 3),  # no table
    (["KQK"], 2),  # no such piece
    (["KRKA", "--format", "xml"], 2),
    (["KRKA", "--format", "npy"], 2),  # npy needs --out
    (["KRKA", "--side", "white"], 2),
    (["KRKA", "--format", "npy", "--out", "/nonexistent/krka.npy"], 1),
])
def test_cli_export_errors(tables, args, code):
    r = subprocess.run([XQTB_CLI, "export", *args, "--dir", tables], capture_output=True,
                       text=True)
    assert r.returncode == code, r.stderr
    assert r.stdout == "" and r.stderr.startswith("xqtb: ") and r.stderr.count("\n") == 1
