"""API tests of `xqtb serve` (docs/http-api.md) against a real server on loopback: every
route, the error cases, hostile paths and sizes, a missing table, a slow client, concurrent
requests whose answers equal the CLI's (`probe --json`, through xq::Tablebase), a clean stop.
Usage: api_test.py XQTB WORKDIR"""
import concurrent.futures
import http.client
import json
import os
import shutil
import socket
import sys
import time
import urllib.parse

from serve_support import Server, cli_json, generate

XQTB, WORK = sys.argv[1], sys.argv[2]
TABLES = os.path.join(WORK, "tables")
WIN = "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1"        # KRKA, Red to move wins
LOSS = "3k5/4a4/9/9/9/9/9/9/9/R3K4 b - - 0 1"       # the same, Black to move
CAPTURE = "3k5/R3a4/9/9/9/9/9/9/9/4K4 w - - 0 1"    # a8e8 takes the advisor
DRAW_KRKN = "4k4/9/4n4/9/9/9/9/9/4R4/3K5 w - - 0 1"  # KRKN: checked below to be a draw or not
RULE_WIN = "9/9/4k4/9/9/9/9/9/1n7/R2K5 w - - 0 1"   # KRKN: won by the perpetual-check rule
RULE_LOSS = "9/9/4k4/9/9/9/9/3n5/9/R2K5 b - - 0 1"  # KRKN: lost by it
CHASE_WIN = "9/9/3k5/3N5/9/9/9/2p6/1p7/3K5 b - - 0 1"   # KNKPP, Asian rules: the pawns win
CHASE_LOSS = "9/9/3k5/3N5/9/9/9/2p6/2p6/3K5 w - - 0 1"  # the horse can hold only by chasing
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)


def request(method, path, body=None, headers=None):
    conn = http.client.HTTPConnection(server.host, server.port, timeout=30)
    conn.request(method, path, body=body, headers=headers or {})
    res = conn.getresponse()
    data = res.read()
    conn.close()
    ctype = res.getheader("Content-Type", "")
    return res.status, (json.loads(data) if ctype.startswith("application/json") else data), res


def get(path, **params):
    query = urllib.parse.urlencode(params)
    return request("GET", path + ("?" + query if query else ""))


def server_only(j):
    """The probe answer without the fields the API adds to probe --json's."""
    j = dict(j)
    for key in ("available", "material", "material_zh"):
        j.pop(key, None)
    j["moves"] = [{k: v for k, v in m.items() if k not in ("capture", "check", "fen_after")}
                  for m in j.get("moves", [])]
    return j


def cli_probe(fen, *args):
    """probe --json --moves without each move's `ending`, which the API leaves out."""
    j = cli_json(XQTB, "probe", "--fen", fen, "--dir", TABLES, "--moves", "--json", *args)
    for m in j["moves"]:
        m.pop("ending", None)
    return j


os.makedirs(TABLES, exist_ok=True)
generate(XQTB, TABLES, "KRKA")
generate(XQTB, TABLES, "KRKN")
# A directory whose KRKA table lacks the KRK table its captures lead to.
PARTIAL = os.path.join(WORK, "partial")
shutil.rmtree(PARTIAL, ignore_errors=True)
os.makedirs(PARTIAL)
for name in os.listdir(TABLES):
    if name.startswith("KRKA."):
        shutil.copy(os.path.join(TABLES, name), PARTIAL)

started = time.time()
server = Server(XQTB, TABLES)

# --- the page and its assets
status, body, res = request("GET", "/")
check(status == 200 and "text/html" in res.getheader("Content-Type") and "象棋残局库".encode() in body,
      "GET / serves the page")
for asset, ctype in (("/app.js", "text/javascript"), ("/style.css", "text/css")):
    status, body, res = request("GET", asset)
    check(status == 200 and ctype in res.getheader("Content-Type") and len(body) > 100,
          "GET " + asset)

# --- probe: values equal the CLI's probe --json (one serializer, xq::Tablebase behind both)
for fen, cls in ((WIN, "win"), (LOSS, "loss"), (CAPTURE, "win")):
    status, j, _ = get("/api/v1/probe", fen=fen)
    cli = cli_probe(fen)
    check(status == 200 and j["available"] is True, "probe " + fen + " answers")
    check(server_only(j) == cli, "probe " + fen + " equals probe --json")
    check(j["class"] == cls and j["dtm"] > 0, fen + " is a " + cls)
    check(j["material"] == "KRKA" and j["material_zh"] == "单车对单士", "probe names the ending")
    check(j["moves"][0]["move"] == j["best_move"], "moves best first")
    for m in j["moves"]:
        after = cli_json(XQTB, "probe", "--fen", m["fen_after"], "--dir", TABLES, "--json") \
            if m is j["moves"][0] else None
        if after:  # the move's value is the mover's: the opposite of the position it reaches
            check({"win": "loss", "loss": "win", "draw": "draw"}[after["wdl"]] == m["wdl"],
                  "the best move's value is the reached position's, negated")
status, j, _ = get("/api/v1/probe", fen=CAPTURE)
moves = {m["move"]: m for m in j["moves"]}
check(moves["a8e8"]["capture"] is True and moves["a8a7"]["capture"] is False, "capture flags")
status, j, _ = get("/api/v1/probe", fen=WIN)
moves = {m["move"]: m for m in j["moves"]}
check(moves["a0d0"]["check"] is True and moves["a0a1"]["check"] is False, "check flags")
# The counter: at 116 plies since the last capture the 5-ply win is drawn under the limit.
status, j, _ = get("/api/v1/probe", fen=WIN, counter="116")
cli = cli_probe(WIN, "--counter", "116")
check(status == 200 and server_only(j) == cli and j["counter"] == 116, "probe at a counter")
status, j, _ = get("/api/v1/probe", fen=DRAW_KRKN)
cli = cli_probe(DRAW_KRKN)
check(status == 200 and server_only(j) == cli, "KRKN probe equals the CLI")
# Every class the KRKN family's tables hold among random positions, each as the CLI says.
seen = set()
for _ in range(40):
    fen = get("/api/v1/random", material="KRKN", side="black")[1]["fen"]
    status, j, _ = get("/api/v1/probe", fen=fen)
    if status == 200 and j["available"]:
        seen.add(j["class"])
check({"win", "draw", "loss"} & seen, "random KRKN positions reach several classes: %s" % seen)
# The perpetual-check rule's classes (check rules: KRKN has them, tests/test_partition.cpp).
for fen, cls, side in ((RULE_WIN, "rule_win", "red"), (RULE_LOSS, "rule_loss", "black")):
    status, j, _ = get("/api/v1/probe", fen=fen)
    check(status == 200 and server_only(j) == cli_probe(fen), cls + " probe equals the CLI")
    check(j["class"] == cls and j["rule_decided"] is True and j["decided_by"] == "check_rule"
          and j["dtm"] is None and j["dtc"] is None and j["side_to_move"] == side,
          "%s: %s" % (cls, {k: j.get(k) for k in ("class", "decided_by", "dtm", "dtc")}))
    check(j["limit_wdl"] == "draw" and j["limit_reason"] == "rule_not_claimed",
          cls + " under the natural limit")
# Every move of the rule win keeps it, draws or loses: none wins by mate.
moves = get("/api/v1/probe", fen=RULE_WIN)[1]["moves"]
check(moves[0]["class"] == "rule_win" and all(m["class"] != "win" for m in moves),
      "the rule win's best move keeps the rule win: %s" % [m["class"] for m in moves[:3]])
# --- mainline: the line to mate, each step with the FEN it reaches
status, j, _ = get("/api/v1/mainline", fen=WIN)
cli = cli_json(XQTB, "probe", "--fen", WIN, "--dir", TABLES, "--pv", "--json")
check(status == 200 and j["pv"] == cli["pv"] and len(j["line"]) == j["dtm"], "mainline by DTM")
last = get("/api/v1/probe", fen=j["line"][-1]["fen"])[1]
check(last["moves"] == [] and last["class"] == "loss", "the mainline ends with no legal move")
check([s["move"] for s in j["line_limit"]] == cli["pv_limit"], "the line under the limit")

# --- stats, tables, random
for name in ("KRKN", "车对马", "krkn", "KNKR"):
    status, j, _ = request("GET", "/api/v1/stats/" + urllib.parse.quote(name))
    check(status == 200 and j["available"] and j["material"] == "KRKN", "stats of " + name)
cli = cli_json(XQTB, "stats", "KRKN", "--dir", TABLES, "--json")
j.pop("available")
j["ending"] = cli["ending"] = "KRKN"
check(j == cli, "stats equals stats --json")
check(j["red_to_move"]["win_dtm_histogram"], "stats has the DTM histogram")
# The DTC histogram counts the wins within the limit: every win but the rule-decided ones.
for side in ("red_to_move", "black_to_move"):
    p = j[side]["positions"]
    within = p["win"] - p["rule_win"] - p["chase_win"] - p["cursed_win"]
    check(sum(n for _, n in j[side]["win_dtc_histogram"]) == within,
          "%s: the DTC histogram counts the %d wins within the limit" % (side, within))
check(max(d for d, _ in j["red_to_move"]["win_dtc_histogram"]) ==
      j["red_to_move"]["longest_dtc"]["plies"], "the DTC histogram reaches the longest DTC")
status, j, _ = get("/api/v1/stats/KRKC")
check(status == 200 and j["available"] is False and j["missing_material"] == "KRKC",
      "stats of a missing table names it")
status, j, _ = get("/api/v1/tables")
cli = cli_json(XQTB, "list", "--dir", TABLES, "--json")
check(status == 200 and j["rule_sets"] == ["check"], "tables: rule sets")
check(j["tables"] == cli, "tables equals list --json")
status, j, _ = get("/api/v1/random", material="车对马士", side="red")
check(status == 200 and j["material"] == "KRKNA", "random position of a Chinese name")
check(get("/api/v1/probe", fen=j["fen"])[0] == 200, "the random position is legal")

# --- adjudicate: JSON body and a plain game body, as adjudicate --json
GAME_FEN = "4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w"
GAME = "h6i6 i0h0 i6h6 h0i0 h6i6 i0h0 i6h6 h0i0 h6i6"
cli = cli_json(XQTB, "adjudicate", "--fen", GAME_FEN, "--moves", GAME, "--rules", "asian", "--json")
status, j, _ = request("POST", "/api/v1/adjudicate",
                       json.dumps({"fen": GAME_FEN, "moves": GAME, "rules": "asian"}),
                       {"Content-Type": "application/json"})
check(status == 200 and j == cli and j["verdict"] == "red_loses", "adjudicate JSON body")
status, j, _ = request("POST", "/api/v1/adjudicate?" + urllib.parse.urlencode({"fen": GAME_FEN}),
                       "# a game file\n1. h6i6 i0h0\n2. i6h6 h0i0\n3. h6i6 i0h0\n4. i6h6 h0i0\n5. h6i6\n",
                       {"Content-Type": "text/plain"})
check(status == 200 and j == cli, "adjudicate a game file body")
# A JSON game sent as a form (curl -d) or as text is read as JSON all the same.
for ctype in ("application/x-www-form-urlencoded", "text/plain"):
    status, j, _ = request("POST", "/api/v1/adjudicate",
                           " \n" + json.dumps({"fen": GAME_FEN, "moves": GAME, "rules": "asian"}),
                           {"Content-Type": ctype})
    check(status == 200 and j == cli, "adjudicate a JSON body sent as " + ctype)

# --- a missing table: an answer naming the material, with the legal moves
status, j, _ = get("/api/v1/probe", fen="3k5/4a4/9/9/9/9/9/9/9/C3K4 w - - 0 1")
check(status == 200 and j["available"] is False and j["missing_material"] == "KCKA"
      and j["missing_material_zh"] == "单炮对单士" and len(j["legal_moves"]) > 5,
      "missing table answer")
partial = Server(XQTB, PARTIAL, "--quiet")
conn = http.client.HTTPConnection(partial.host, partial.port, timeout=30)
conn.request("GET", "/api/v1/probe?" + urllib.parse.urlencode({"fen": CAPTURE}))
j = json.loads(conn.getresponse().read())
check(j["available"] is False and j["missing_material"] == "KRK", "missing sub-table named")
check(partial.stop() == 0 and partial.log == ["xqtb serve: stopped\n"], "--quiet logs nothing")

# --- bad input: 4xx with a JSON error naming the problem; the server stays up
BAD = [
    ("GET", "/api/v1/probe", 400, "missing parameter fen"),
    ("GET", "/api/v1/probe?fen=xyz", 400, "bad fen"),
    ("GET", "/api/v1/probe?fen=" + urllib.parse.quote("4k4/9/9/9/9/9/9/9/9/4K4 w"), 400, "bad fen"),
    ("GET", "/api/v1/probe?fen=" + urllib.parse.quote(WIN) + "&counter=121", 400, "counter"),
    ("GET", "/api/v1/probe?fen=" + urllib.parse.quote(WIN) + "&counter=-1", 400, "counter"),
    ("GET", "/api/v1/probe?fen=" + urllib.parse.quote(WIN) + "&rules=fide", 400, "rule set"),
    ("GET", "/api/v1/probe?fen=a&fen=b", 400, "more than once"),
    ("GET", "/api/v1/probe?fen=" + "x" * 600, 400, "longer than"),
    ("GET", "/api/v1/stats/KRKX", 400, "bad material"),
    ("GET", "/api/v1/stats/KRRRKN", 400, "bad material"),
    ("GET", "/api/v1/random?material=KRKN&side=green", 400, "side"),
    ("POST", "/api/v1/probe", 405, "not allowed"),
    ("DELETE", "/api/v1/tables", 405, "not allowed"),
    ("PUT", "/", 405, "not allowed"),
    ("GET", "/api/v1/adjudicate", 405, "not allowed"),
    ("GET", "/api/v2/probe", 404, "no such route"),
    ("GET", "/api/v1/stats/", 404, "no such route"),
    ("GET", "/../../../etc/passwd", 404, "no such route"),
    ("GET", "/%2e%2e/%2e%2e/etc/passwd", 404, "no such route"),
    ("GET", "/..%2f..%2fetc%2fpasswd", 404, "no such route"),
    ("GET", "//etc/passwd", 404, "no such route"),
    ("GET", "/web/app.js", 404, "no such route"),
    ("GET", "/app.js/../../CMakeLists.txt", 404, "no such route"),
    ("GET", "/index.html%00.js", 404, "no such route"),
    # Not UTF-8 (found by fuzz_serve): answered, the bytes replaced, not a 503.
    ("GET", "/%9Api/v1/tables", 404, "no such route"),
    ("GET", "/api/v1/probe?fen=%FF%FE", 400, "bad fen"),
    ("GET", "/api/v1/stats/K%FFK", 400, "bad material"),
]
for method, path, code, words in BAD:
    status, j, _ = request(method, path)
    check(status == code and isinstance(j, dict) and words in j.get("error", ""),
          "%s %s -> %s %r (got %s %r)" % (method, path, code, words, status, j))
ADJ_BAD = [
    (json.dumps({"fen": GAME_FEN, "moves": "h6i6 zzzz"}), "bad moves"),
    (json.dumps({"fen": GAME_FEN, "moves": "h6i6 h6i6"}), "bad moves"),
    (json.dumps({"fen": "nonsense", "moves": "h6i6"}), "bad fen"),
    (json.dumps({"fen": GAME_FEN}), "\"moves\""),
    (json.dumps({"moves": 12}), "\"moves\""),
    (json.dumps({"moves": "h2e2", "rules": "fide"}), "rule set"),
    ("{not json", "not JSON"),
    (json.dumps({"moves": ""}), "no moves"),
    (json.dumps({"moves": "h2e2 h7e7 " * 600}), "more than"),
]
for body, words in ADJ_BAD:
    status, j, _ = request("POST", "/api/v1/adjudicate", body, {"Content-Type": "application/json"})
    check(status == 400 and words in j.get("error", ""), "adjudicate %r -> 400 %r (got %s %r)"
          % (body[:40], words, status, j))
status, j, _ = request("POST", "/api/v1/adjudicate", "x" * (100 * 1024),
                       {"Content-Type": "text/plain"})
check(status == 413 and "larger than" in j["error"], "an oversized body is refused (%s)" % status)
status, j, _ = request("GET", "/api/v1/probe?fen=" + "x" * 20000)
check(status == 414, "an oversized request line is refused (%s)" % status)
# Not HTTP at all, then a client that sends half a request and waits: neither holds the
# server, which answers the others meanwhile.
with socket.create_connection((server.host, server.port)) as s:
    s.sendall(b"\x16\x03\x01\x02\x00garbage\r\n\r\n")
    s.settimeout(10)
    check(s.recv(100).startswith(b"HTTP/1.1 400"), "garbage gets 400")
slow = [socket.create_connection((server.host, server.port)) for _ in range(6)]
for s in slow:
    s.sendall(b"GET /api/v1/probe?fen=")
t0 = time.time()
status, _, _ = get("/api/v1/tables")
check(status == 200, "served while slow clients hold connections")
slow[0].settimeout(15)
closed = slow[0].recv(100)
check(time.time() - t0 < 12, "a slow client is dropped after the read timeout (%r)" % closed[:20])
for s in slow:
    s.close()

# --- concurrent requests from several threads: the same values as the CLI, one by one
fens = [get("/api/v1/random", material=m, side=s)[1]["fen"]
        for m in ("KRKN", "KRKA") for s in ("red", "black") for _ in range(3)]
expected = {f: cli_probe(f) for f in fens}


def probe_many(i):
    out = []
    for k in range(30):
        fen = fens[(i * 7 + k) % len(fens)]
        status, j, _ = get("/api/v1/probe", fen=fen)
        out.append(status == 200 and server_only(j) == expected[fen])
    return out


with concurrent.futures.ThreadPoolExecutor(8) as pool:
    results = [ok for r in pool.map(probe_many, range(8)) for ok in r]
check(len(results) == 240 and all(results), "240 concurrent probes equal the CLI's")

# --- one log line per request, then a clean stop
check(any(" GET /api/v1/tables 200 " in line for line in server.log), "requests are logged")
code = server.stop()
check(code == 0 and server.log[-1] == "xqtb serve: stopped\n", "SIGTERM stops cleanly (%s)" % code)

# --- the chase rules' classes: KNKPP under the Asian rules, the smallest ending where a chase
# rule decides values (docs/rule-sets.md), on a server of its own; not under the sanitizers.
ASIAN = os.path.join(WORK, "asian")
if not os.environ.get("XQTB_SANITIZED"):
    generate(XQTB, ASIAN, "KNKPP", "asian")
    server = Server(XQTB, ASIAN, "--quiet")
    for fen, cls, side in ((CHASE_WIN, "chase_win", "black"), (CHASE_LOSS, "chase_loss", "red")):
        status, j, _ = get("/api/v1/probe", fen=fen)
        cli = cli_json(XQTB, "probe", "--fen", fen, "--dir", ASIAN, "--moves", "--json")
        for m in cli["moves"]:
            m.pop("ending", None)
        check(status == 200 and server_only(j) == cli, cls + " probe equals the CLI")
        check(j["class"] == cls and j["rules"] == "asian" and j["decided_by"] == "chase_rules"
              and j["dtm"] is None and j["side_to_move"] == side,
              "%s: %s" % (cls, {k: j.get(k) for k in ("class", "rules", "decided_by", "dtm")}))
        check(j["limit_wdl"] == "draw", cls + " is not claimed under the natural limit")
    status, j, _ = get("/api/v1/probe", fen=CHASE_WIN, rules="check")
    check(status == 200 and j["available"] is False and j["missing_material"] == "KNKPP",
          "a rule set the directory lacks: the table is missing")
    check(server.stop() == 0, "the second server stops cleanly")

print("api_test: %d failures, %.1f s" % (len(failures), time.time() - started))
sys.exit(1 if failures else 0)
