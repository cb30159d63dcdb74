# Position, Material, adjudicate and stats against the CLI.
import json

import xqtb
from conftest import cli

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
T01 = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1"  # tests/test_adjudicate_cli.cmake


def test_position_and_notation():
    p = xqtb.Position(START)
    assert len(p.legal_moves()) == 44
    assert p.notation("h2e2", "chinese") == "炮二平五" and p.notation("h2e2", "wxf") == "C2=5"
    assert p.push("炮二平五") == "h2e2"  # Chinese
    assert p.turn == "black" and p.counter == 1
    assert p.push("H8+7") == "h9g7"  # WXF
    assert p.push("h0g2") == "h0g2"  # ICCS
    assert p.fen().endswith(" b - - 3 1")
    p.push("i9h9")
    p.push("e2e6")  # the cannon takes a pawn: the counter starts again
    assert p.counter == 0 and p.fen().endswith(" b - - 0 1")
    m = xqtb.Position("3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1").material()
    assert (m.name, m.chinese, str(m.canonical)) == ("KRKA", "单车对单士", "KRKA")
    assert xqtb.Material("车对马士象全") == xqtb.Material("KRKNAABB")


def test_adjudicate_equals_the_cli():
    for rules, moves in (("asian", "h8h9 f9f8 h9h8 f8f9"), ("chinese", ["h8h9", "f9f8", "h9h8", "f8f9"])):
        ruling = xqtb.adjudicate(T01, moves, rules=rules)
        want = json.loads(cli("adjudicate", "--fen", T01, "--moves", "h8h9 f9f8 h9h8 f8f9",
                              "--rules", rules, "--json"))
        assert ruling.verdict == want["verdict"] == "red_loses"
        assert ruling.offender == want["offender"] == "red"
        assert ruling.final is want["final"] is False
        assert ruling.reason == want["reason"] and ruling.reason_zh == want["reason_zh"]
        assert ruling.plies == 4
    assert xqtb.adjudicate(T01, "h8h9").verdict == "no_cycle"


def test_stats_equals_the_cli(tables):
    got = xqtb.stats("KRKN", tables)
    want = json.loads(cli("stats", "KRKN", "--dir", tables, "--json"))
    for key in ("material", "material_zh", "rules", "verdict", "verdict_zh", "typical",
                "verdict_under_limit", "book_verdict", "explanation", "explanation_zh"):
        assert got[key] == want[key], key
    for side in ("red_to_move", "black_to_move"):
        for key in ("win_dtm_histogram", "loss_dtm_histogram"):
            assert got[side][key] == want[side][key]
        for key in ("win", "draw", "loss"):
            assert got[side]["positions"][key] == want[side]["positions"][key]
    assert got["verdict"] in ("win", "draw", "depends")
