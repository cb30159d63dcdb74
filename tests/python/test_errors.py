# Every error type: bad input is a ValueError, a missing table a MissingTableError (both a
# FileNotFoundError and a LookupError), a damaged file an OSError, and a damaged file never
# gives a value.
import os

import numpy as np
import pytest

import xqtb

KRKA = "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1"


@pytest.mark.parametrize("fen", [
    "not a fen",
    "3k5/4a4/9/9/9/9/9/9/9/R3K4 x - - 0 1",  # no side to move
    "3k5/4a4/9/9/9/9/9/9/9/R2K5 w - - 0 1",  # kings facing on the d-file
    "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 121 1",  # counter above 120
])
def test_bad_fen(tb, fen):
    for query in (tb.probe, tb.probe_wdl, tb.moves, tb.mainline, xqtb.Position):
        with pytest.raises(ValueError):
            query(fen)


def test_bad_input():
    p = xqtb.Position(KRKA)
    for move in ("a0a0", "a0b2", "R9=5", "车一进一", "zz"):
        with pytest.raises(ValueError):
            p.push(move)
    assert p.fen() == KRKA  # nothing played
    with pytest.raises(ValueError):
        xqtb.Material("KQK")
    with pytest.raises(ValueError):
        xqtb.Tablebase(".", rules="fide")
    with pytest.raises(ValueError):
        xqtb.adjudicate(KRKA, "a0a1 zz", rules="asian")
    with pytest.raises(ValueError):
        xqtb.adjudicate(KRKA, "a0a1", rules="fide")
    with pytest.raises(ValueError):
        xqtb.board_fen(np.zeros(89, np.uint8), 0)


def test_missing_table(tb, tables):
    fen = "4k4/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1"  # KCK: not generated
    for query in (tb.probe, tb.probe_wdl, tb.moves, tb.mainline):
        with pytest.raises(xqtb.MissingTableError, match="KCK"):
            query(fen)
    with pytest.raises(FileNotFoundError):
        tb.probe(fen)
    with pytest.raises(LookupError):
        tb.probe(fen)
    assert tb.get_wdl(fen) is None
    with pytest.raises(xqtb.MissingTableError):
        tb.export("KCKN")
    with pytest.raises(xqtb.MissingTableError):
        xqtb.stats("KCKN", tables)
    with xqtb.Tablebase([tables], rules="asian") as other:  # only check tables were generated
        with pytest.raises(xqtb.MissingTableError):
            other.probe(KRKA)


def test_missing_sub_table(copy_tables):
    # KRKA alone: its captures lead to KRK and KAK, whose tables are absent.
    with xqtb.Tablebase(copy_tables("KRKA")) as t:
        t.probe(KRKA)  # the position's own table answers
        with pytest.raises(xqtb.MissingTableError, match="KRK, which a capture"):
            t.moves("5k3/4a4/9/9/9/9/9/9/4R4/3K5 w - - 0 1")  # the rook can take the advisor


def test_closed(tables):
    t = xqtb.Tablebase(tables)
    t.close()
    with pytest.raises(ValueError, match="closed"):
        t.probe(KRKA)
    with xqtb.Tablebase(tables) as t:
        assert t.probe(KRKA).wdl == 1
    with pytest.raises(ValueError, match="closed"):
        t.probe(KRKA)


def test_corrupt_file_raises_and_never_returns_a_value(tb, copy_tables):
    good = np.concatenate(list(tb.export("KRKA")))
    fens = [xqtb.board_fen(r["board"], r["side"]) for r in good]
    want = [int(r["category"]) for r in good]
    directory = copy_tables("KRKA")
    path = os.path.join(directory, "KRKA.xqw")
    data = bytearray(open(path, "rb").read())
    data[len(data) * 2 // 3] ^= 0x5A  # inside a compressed block
    open(path, "wb").write(bytes(data))
    failed = 0
    with xqtb.Tablebase(directory) as t:
        for fen, w in zip(fens, want):
            try:
                got = t.probe_wdl(fen)
            except OSError as e:
                assert not isinstance(e, FileNotFoundError)
                assert "KRKA" in str(e)
                failed += 1
                continue
            assert int(got) == w, fen
        assert failed > 0
        with pytest.raises(OSError):
            for _ in t.export("KRKA"):
                pass
