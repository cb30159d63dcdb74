# Shared fixtures of the Python module's tests (run by CTest: tests/CMakeLists.txt passes the
# CLI and the table directory the fixture test generated, KRKNA and its sub-tables).
import os
import shutil
import subprocess

import pytest

import xqtb

XQTB_CLI = os.environ["XQTB_CLI"]
TABLES = os.environ["XQTB_TABLES"]


@pytest.fixture(scope="session")
def tables():
    return TABLES


@pytest.fixture(scope="session")
def tb():
    with xqtb.Tablebase(TABLES) as t:
        yield t


def cli(*args):
    """Runs the xqtb CLI; its standard output (it must succeed)."""
    return subprocess.run([XQTB_CLI, *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def copy_tables(tmp_path):
    """Copies one material's three files into a scratch directory; the directory."""

    def copy(material):
        for ext in ("xqw", "xqd", "xqc"):
            shutil.copy(os.path.join(TABLES, f"{material}.{ext}"), tmp_path)
        return str(tmp_path)

    return copy


def fen_board_field(board):
    """The FEN board field of {(file, rank): letter} (rank 0 is Red's back rank)."""
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)
