#!/usr/bin/python3
"""Matches of `xqtb engine` against Fairy-Stockfish (docs/engine.md "Matches").

Samples start positions from the tables with a fixed seed: won positions (xqtb engine holds the
win; the sample is weighted to long DTC), drawn positions (Fairy-Stockfish on the side with more
material) and positions one capture above the tables (the child engine plays until a capture
enters them). Every move is checked against Fairy-Stockfish's own legal move list (`go perft 1`),
mate and stalemate end a game (a loss for the side to move in xiangqi), a repeated position is
ruled by `xqtb adjudicate`, 120 plies without a capture draw (the natural limit). Each game must
end as the tables say: a win for a won start, no loss for a drawn one, and for a game that
enters the tables no worse than the value of the position where it entered. Exit status 1 when a
game does not.
"""
import argparse
import json
import os
import random
import select
import subprocess
import sys
import tempfile
import time

LIMIT = 120  # plies without a capture that draw the game (自然限着)


class Engine:
    """A UCI engine process with line reads bounded by a timeout."""

    def __init__(self, argv, name):
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def read_line(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"{self.name}: no answer within {timeout} s")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError(f"{self.name}: exited")
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")

    def until(self, prefix, timeout=30):
        lines = []
        while True:
            line = self.read_line(timeout)
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def fsf_move(iccs):
    """ICCS (ranks 0-9) to Fairy-Stockfish's coordinates (ranks 1-10)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def iccs_move(fsf):
    files = [i for i, c in enumerate(fsf) if c.isalpha()]
    a, b = fsf[files[0] + 1:files[1]], fsf[files[1] + 1:]
    return f"{fsf[0]}{int(a) - 1}{fsf[files[1]]}{int(b) - 1}"


class Referee:
    """Fairy-Stockfish as the judge of legality: legal moves and the position after moves."""

    def __init__(self, fsf):
        self.e = Engine([fsf], "referee")
        self.e.send("uci")
        self.e.until("uciok")
        self.e.send("setoption name UCI_Variant value xiangqi")

    def set(self, fen, moves):
        self.e.send(f"position fen {fen}" + (" moves " + " ".join(fsf_move(m) for m in moves) if moves else ""))

    def legal(self):
        self.e.send("go perft 1")
        lines = self.e.until("Nodes searched")
        return {iccs_move(l.split(":")[0]) for l in lines if ":" in l and not l.startswith("Nodes")}

    def fen(self):
        self.e.send("d")
        for line in self.e.until("Checkers"):
            if line.startswith("Fen: "):
                return line[5:]
        raise RuntimeError("referee: no FEN")


# Points a piece may stand on, by colour (0 Red, 1 Black) and letter.
def points(colour, letter):
    def red(sq):
        return sq if colour == 0 else (sq[0], 9 - sq[1])
    if letter == "K":
        return [red((f, r)) for f in (3, 4, 5) for r in (0, 1, 2)]
    if letter == "A":
        return [red(s) for s in ((3, 0), (5, 0), (4, 1), (3, 2), (5, 2))]
    if letter == "B":
        return [red(s) for s in ((2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4))]
    if letter == "P":
        return [red((f, r)) for f in range(9) for r in range(3, 10) if r >= 5 or f % 2 == 0]
    return [(f, r) for f in range(9) for r in range(10)]


def random_fen(rng, material, side):
    """A random placement of the material (e.g. KRKNA: Red KR, Black KNA), side to move."""
    second = material.index("K", 1)
    pieces = [(0, c) for c in material[:second]] + [(1, c) for c in material[second:]]
    board = {}
    for colour, letter in pieces:
        free = [s for s in points(colour, letter) if s not in board]
        board[rng.choice(free)] = letter if colour == 0 else letter.lower()
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
    return "/".join(rows) + f" {side} - - 0 1"


def probe_epd(xqtb, dirs, rules, fens):
    """Each FEN's value text from `xqtb probe --epd` ("win, stalemate in 11 plies"), by FEN."""
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
        f.write("\n".join(fens) + "\n")
        path = f.name
    try:
        args = [xqtb, "probe", "--dir", dirs, "--epd", path] + (["--rules", rules] if rules else [])
        out = subprocess.run(args, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    values = {}
    for line in out.splitlines():
        fields = [x.strip() for x in line.split(" ; ")]
        if len(fields) >= 2:
            values[fields[0]] = fields[1]
    return values


def probe_json(xqtb, dirs, rules, fen):
    """`xqtb probe --json` of one FEN (None when it fails: illegal, no table)."""
    args = [xqtb, "probe", "--dir", dirs, "--fen", fen, "--json"] + (["--rules", rules] if rules else [])
    out = subprocess.run(args, capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 else None


def plies_in(text):
    words = text.replace(",", " ").split()
    return int(words[words.index("plies") - 1]) if "plies" in words else 1


def sample(args, rng, kind, count):
    """Start positions: (material, fen, xqtb side 'w'/'b')."""
    materials = (args.drawn_materials if kind == "drawn" else args.materials).split(",")
    per = [count // len(materials) + (1 if i < count % len(materials) else 0) for i in range(len(materials))]
    starts = []
    for material, n in zip(materials, per):
        if n == 0:
            continue
        fens = sorted({random_fen(rng, material, rng.choice("wb") if kind == "drawn" else "w")
                       for _ in range(args.candidates)})
        texts = probe_epd(args.xqtb, args.dir, args.rules, fens)
        # A shortlist by the value's text (the DTM: long mates), then the JSON for the class,
        # the DTC and the value under the limit.
        want = "draw" if kind == "drawn" else "win"
        pool = [(f, plies_in(t)) for f, t in texts.items() if t.split(",")[0].split()[0] == want
                and (kind != "chase" or "chase" in t)]
        shortlist = set()
        while pool and len(shortlist) < min(len(pool), 3 * n):
            shortlist.add(rng.choices(pool, weights=[d * d for _, d in pool])[0][0])
        chosen_pool = []
        for fen in sorted(shortlist):
            v = probe_json(args.xqtb, args.dir, args.rules, fen)
            if v and kind == "won" and v["class"] == "win" and v["limit_wdl"] == "win":
                chosen_pool.append((fen, v["dtc"]))
            if v and kind == "chase" and v["class"] == "chase_win":
                chosen_pool.append((fen, 1))
            if v and kind == "drawn" and v["class"] == "draw":
                chosen_pool.append((fen, 1))
        if len(chosen_pool) < n:
            raise SystemExit(f"engine_match: only {len(chosen_pool)} {kind} positions of {material} "
                             f"among {args.candidates} candidates (raise --candidates)")
        chosen = []
        while len(chosen) < n:
            # Weighted to long DTC: a position's chance grows with the square of its DTC.
            fen, _ = rng.choices(chosen_pool, weights=[d * d for _, d in chosen_pool])[0]
            if fen not in chosen:
                chosen.append(fen)
        for fen in chosen:
            xq_side = "b" if kind == "drawn" else fen.split()[1]  # drawn: Fairy-Stockfish is Red
            starts.append((material, fen, xq_side))
    return starts


def sample_entering(args, rng, count):
    """Positions one capture above the tables: a table material with a black pawn more, legal
    and with a legal move (`xqtb perft` says so)."""
    starts = []
    materials = args.materials.split(",")
    while len(starts) < count:
        material = materials[len(starts) % len(materials)] + "P"
        fen = random_fen(rng, material, "w")
        perft = subprocess.run([args.xqtb, "perft", "--fen", fen, "--depth", "1"], capture_output=True, text=True)
        if perft.returncode == 0 and any(w.isdigit() and int(w) > 0 for w in perft.stdout.split()):
            starts.append((material, fen, "w"))
    return starts


def adjudicate(args, fen, moves):
    out = subprocess.run([args.xqtb, "adjudicate", "--fen", fen, "--moves", " ".join(moves),
                          "--rules", args.rules or "check", "--json"], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("xqtb adjudicate: " + out.stderr.strip())
    return json.loads(out.stdout)


def start_engine(args, xq):
    if xq:
        e = Engine([args.xqtb, "engine", "--dir", args.dir, "--natural-limit", args.natural_limit, "--child", args.fsf]
                   + (["--rules", args.rules] if args.rules else []), "xqtb")
    else:
        e = Engine([args.fsf], "fairy-stockfish")
    e.send("uci")
    e.until("uciok")
    if not xq:
        e.send("setoption name UCI_Variant value xiangqi")
    e.send("isready")
    e.until("readyok", 60)
    return e


def value_for(args, fen, counter, side):
    """The value under the limit of a position for `side` ('w'/'b'): 1 win, 0 draw, -1 loss."""
    fields = fen.split()
    fen = " ".join(fields[:2]) + f" - - {min(counter, LIMIT)} 1"
    v = probe_json(args.xqtb, args.dir, args.rules, fen)
    if v is None:
        return None
    score = {"win": 1, "draw": 0, "loss": -1}[v["limit_wdl"]]
    return score if fields[1] == side else -score


def play(args, referee, engines, material, fen, xq_side, kind):
    """One game; returns its record."""
    moves, fens, times = [], [], {"xqtb": [], "fsf": []}
    counter, result, reason, expected = 0, None, None, None
    if kind in ("won", "chase"):
        expected = 1
    elif kind == "drawn":
        expected = 0
    entered = kind != "entering"
    referee.set(fen, [])
    current = referee.fen()
    fens.append(current)
    stretch = 0  # index in fens of the first position since the last capture
    while result is None:
        stm = current.split()[1]
        if not entered and args.tables_have(current):
            entered = True
            expected = value_for(args, current, counter, xq_side)
        legal = referee.legal()
        if not legal:
            result, reason = (-1 if stm == xq_side else 1), "mate or stalemate"
            break
        occurrences = sum(1 for f in fens[stretch:] if f.split()[:2] == current.split()[:2])
        if occurrences >= 3:
            first = next(i for i in range(stretch, len(fens)) if fens[i].split()[:2] == current.split()[:2])
            a = adjudicate(args, fens[first], moves[first:])
            if a["final"]:
                if a["verdict"] == "draw":
                    result, reason = 0, "repetition: " + a["reason"]
                elif a["verdict"] in ("red_loses", "black_loses"):
                    loser = "w" if a["verdict"] == "red_loses" else "b"
                    result, reason = (-1 if loser == xq_side else 1), "repetition: " + a["reason"]
                if result is not None:
                    break
        if counter >= LIMIT and args.natural_limit == "on":
            result, reason = 0, "natural limit"
            break
        if len(moves) >= args.max_plies:
            result, reason = 0, "ply cap"
            break
        who = "xqtb" if stm == xq_side else "fsf"
        e = engines[who]
        e.send(f"position fen {fen}" + (" moves " + " ".join(
            fsf_move(m) if who == "fsf" else m for m in moves) if moves else ""))
        started = time.monotonic()
        e.send(args.go)
        line = e.until("bestmove", 60)[-1]
        times[who].append(time.monotonic() - started)
        text = line.split()[1]
        move = iccs_move(text) if who == "fsf" and text != "(none)" else text
        if move not in legal:
            result, reason = (1 if who == "fsf" else -1), f"illegal move {text} by {who}"
            break
        moves.append(move)
        referee.set(fen, moves)
        current = referee.fen()
        fens.append(current)
        pieces_now = sum(c.isalpha() for c in current.split()[0])
        pieces_before = sum(c.isalpha() for c in fens[-2].split()[0])
        if pieces_now < pieces_before:
            counter, stretch = 0, len(fens) - 1
        else:
            counter += 1
    ok = expected is None or (result >= expected)
    return {"kind": kind, "material": material, "fen": fen, "xqtb": xq_side, "moves": moves,
            "result": result, "reason": reason, "expected": expected, "ok": ok,
            "xqtb_times": times["xqtb"], "fsf_times": times["fsf"]}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--xqtb", required=True)
    p.add_argument("--dir", required=True, help="table directory")
    p.add_argument("--rules", help="rule set of the tables (default: the one present)")
    p.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    p.add_argument("--materials", required=True, help="comma-separated, e.g. KRKNA,KRKCA")
    p.add_argument("--drawn-materials", help="materials of the drawn positions (default: --materials)")
    p.add_argument("--won", type=int, default=0)
    p.add_argument("--drawn", type=int, default=0)
    p.add_argument("--entering", type=int, default=0)
    p.add_argument("--chase", type=int, default=0, help="chase-decided wins (asian, chinese tables)")
    p.add_argument("--natural-limit", choices=("on", "off"), default="on",
                   help="off: no 120-ply draw, and the engine plays without the limit")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--candidates", type=int, default=3000, help="random placements per material")
    p.add_argument("--go", default="go nodes 5000", help="the go command both engines get")
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--games", help="write the games here (plain text)")
    p.add_argument("--summary", help="write the counts here (JSON)")
    args = p.parse_args()
    args.drawn_materials = args.drawn_materials or args.materials
    tables = set(os.path.splitext(n)[0] for n in os.listdir(args.dir) if n.endswith(".xqw"))
    tables = {t.split(".")[0] for t in tables}

    def tables_have(fen):
        board = fen.split()[0]
        red = "K" + "".join(sorted((c for c in board if c.isupper() and c != "K"), key="ABNRCP".index))
        black = "K" + "".join(sorted((c.upper() for c in board if c.islower() and c != "k"), key="ABNRCP".index))
        return any(name in tables for name in (red + black, black + red))
    args.tables_have = tables_have

    rng = random.Random(args.seed)
    starts = ([("won",) + s for s in sample(args, rng, "won", args.won)]
              + [("drawn",) + s for s in sample(args, rng, "drawn", args.drawn)]
              + [("chase",) + s for s in sample(args, rng, "chase", args.chase)]
              + [("entering",) + s for s in sample_entering(args, rng, args.entering)])
    referee = Referee(args.fsf)
    engines = {"xqtb": start_engine(args, True), "fsf": start_engine(args, False)}
    records, failures = [], 0
    out = open(args.games, "w") if args.games else None
    for n, (kind, material, fen, xq_side) in enumerate(starts, 1):
        for e in engines.values():
            e.send("ucinewgame")
        r = play(args, referee, engines, material, fen, xq_side, kind)
        records.append(r)
        failures += not r["ok"]
        line = (f"game {n} {kind} {material} xqtb={'red' if xq_side == 'w' else 'black'} "
                f"result={r['result']:+d} expected={r['expected']} plies={len(r['moves'])} "
                f"({r['reason']}){'' if r['ok'] else ' NOT AS THE TABLES SAY'}")
        print(line, flush=True)
        if out:
            out.write(f"# {line}\nfen {fen}\nmoves {' '.join(r['moves'])}\n\n")
            out.flush()
    for e in list(engines.values()) + [referee.e]:
        e.close()
    summary = {}
    for kind in ("won", "drawn", "chase", "entering"):
        rs = [r for r in records if r["kind"] == kind]
        if not rs:
            continue
        xt = [t for r in rs for t in r["xqtb_times"]]
        ft = [t for r in rs for t in r["fsf_times"]]
        summary[kind] = {
            "games": len(rs), "xqtb_wins": sum(r["result"] > 0 for r in rs),
            "draws": sum(r["result"] == 0 for r in rs), "xqtb_losses": sum(r["result"] < 0 for r in rs),
            "not_as_tables_say": sum(not r["ok"] for r in rs),
            "plies_mean": round(sum(len(r["moves"]) for r in rs) / len(rs), 1),
            "plies_max": max(len(r["moves"]) for r in rs),
            "xqtb_ms_per_move": round(1000 * sum(xt) / max(1, len(xt)), 1),
            "fsf_ms_per_move": round(1000 * sum(ft) / max(1, len(ft)), 1),
        }
    print(json.dumps(summary, indent=1))
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(summary, f, indent=1)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
