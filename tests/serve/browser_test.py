"""The board page of `xqtb serve` in headless Chromium (Selenium): the position from ?fen=,
its pieces and value, a winning move clicked on the board, the new value and move list, the
mainline, the editor, the ending's page and the adjudication form. Saves screenshots of the
board, the move list and the ending page into SHOTS.
Usage: browser_test.py XQTB WORKDIR SHOTS"""
import os
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from serve_support import Server, cli_json, generate

XQTB, WORK, SHOTS = sys.argv[1], sys.argv[2], sys.argv[3]
TABLES = os.path.join(WORK, "tables")
FEN = "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1"  # KRKA: Red to move wins, mate in 5 plies
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, flush=True)


os.makedirs(TABLES, exist_ok=True)
os.makedirs(SHOTS, exist_ok=True)
generate(XQTB, TABLES, "KRKA")
started = time.time()
server = Server(XQTB, TABLES, "--quiet")
options = webdriver.ChromeOptions()
for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--window-size=1280,1000", "--lang=zh-CN", "--no-proxy-server"):
    options.add_argument(arg)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 20)
try:
    expected = cli_json(XQTB, "probe", "--fen", FEN, "--dir", TABLES, "--moves", "--json")
    driver.get(server.url + "/?" + urllib.parse.urlencode({"fen": FEN, "lang": "zh"}))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves tr"))
    pieces = sorted(e.text for e in driver.find_elements(By.CSS_SELECTOR, "#board text.piece"))
    check(pieces == sorted(["將", "士", "俥", "帥"]), "the pieces of the FEN: %s" % pieces)
    value = driver.find_element(By.ID, "value").text
    words = "步困毙" if expected.get("ending") == "stalemate" else "步杀"
    check(value.startswith("红先胜，%d %s（%d 回合）" % (expected["dtm"], words, (expected["dtm"] + 1) // 2)),
          "the value in words: %r" % value)
    rows = driver.find_elements(By.CSS_SELECTOR, "#moves tr")
    check([r.get_attribute("data-move") for r in rows] == [m["move"] for m in expected["moves"]],
          "every legal move, best first")
    check(rows[0].get_attribute("data-class") == "win", "the best move is in the win group")
    line = driver.find_elements(By.CSS_SELECTOR, "#mainline .ply")
    check(len(line) == expected["dtm"], "the mainline has dtm plies (%d)" % len(line))
    driver.find_element(By.ID, "board").screenshot(os.path.join(SHOTS, "board.png"))
    driver.find_element(By.CSS_SELECTOR, ".side-column").screenshot(
        os.path.join(SHOTS, "moves.png"))

    # Click the best move on the board: the piece, then its destination.
    best = expected["best_move"]
    driver.find_element(By.CSS_SELECTOR, '[data-square="%s"]' % best[:2]).click()
    targets = driver.find_elements(By.CSS_SELECTOR, "#board .target")
    check(len(targets) > 0, "selecting the rook shows its destinations")
    driver.find_element(By.CSS_SELECTOR, '[data-square="%s"]' % best[2:]).click()
    wait.until(lambda d: d.find_element(By.ID, "value").text.startswith("黑先"))
    after = cli_json(XQTB, "probe", "--fen", driver.find_element(By.ID, "fen").get_attribute(
        "value"), "--dir", TABLES, "--moves", "--json")
    value = driver.find_element(By.ID, "value").text
    check(value.startswith("黑先负，%d 步被杀（%d 回合）" % (after["dtm"], (after["dtm"] + 1) // 2)),
          "the new value: %r" % value)
    check(after["dtm"] == expected["dtm"] - 1, "one ply closer to mate")
    rows = driver.find_elements(By.CSS_SELECTOR, "#moves tr")
    check([r.get_attribute("data-move") for r in rows] == [m["move"] for m in after["moves"]],
          "the move list is the new position's")
    check("fen=" in driver.current_url and "w" not in urllib.parse.parse_qs(
        urllib.parse.urlparse(driver.current_url).query)["fen"][0].split()[1],
          "the URL holds the new FEN (shareable)")
    # Step back along the mainline to the start.
    driver.get(server.url + "/?" + urllib.parse.urlencode({"fen": FEN, "lang": "en"}))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#mainline .ply"))
    check(driver.find_element(By.ID, "value").text.startswith("Red to move wins"), "English")
    driver.find_element(By.ID, "line-end").click()
    wait.until(lambda d: "checkmated" in d.find_element(By.ID, "value").text
               or "stalemated" in d.find_element(By.ID, "value").text)
    driver.find_element(By.ID, "line-start").click()
    wait.until(lambda d: d.find_element(By.ID, "value").text.startswith("Red to move wins"))
    # Flip: Red's rook (a0) is drawn at the top.
    y_before = driver.find_element(By.CSS_SELECTOR, '[data-square="a0"] text').get_attribute("y")
    driver.find_element(By.ID, "flip").click()
    y_after = driver.find_element(By.CSS_SELECTOR, '[data-square="a0"] text').get_attribute("y")
    check(float(y_after) < float(y_before), "flip draws Red at the top")

    # The editor: clear, place four pieces, done; the server checks the position.
    driver.find_element(By.ID, "edit").click()
    driver.find_element(By.ID, "clear").click()
    for piece, sq in (("K", "e0"), ("R", "a0"), ("k", "d9"), ("n", "e8")):
        driver.find_element(By.CSS_SELECTOR, '#palette [data-piece="%s"]' % piece).click()
        driver.find_element(By.CSS_SELECTOR, '[data-square="%s"]' % sq).click()
    driver.find_element(By.ID, "done").click()
    wait.until(lambda d: "no table" in d.find_element(By.ID, "value").text)
    check("no table for" in driver.find_element(By.ID, "value").text and
          "KRKN" in driver.find_element(By.ID, "value").text,
          "the edited KRKN position names its missing table")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#moves tr")) > 5,
          "its legal moves are listed anyway")

    # The ending's page: verdict, shares, longest wins, DTM and DTC histograms.
    driver.get(server.url + "/?" + urllib.parse.urlencode({"fen": FEN, "lang": "zh"}))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves tr"))
    driver.find_element(By.ID, "tab-ending").click()
    wait.until(lambda d: d.find_elements(By.ID, "histogram"))
    stats = cli_json(XQTB, "stats", "KRKA", "--dir", TABLES, "--json")
    check(driver.find_element(By.ID, "verdict").text == "结论：%s" % stats["verdict_zh"],
          "the verdict")
    title = driver.find_element(By.ID, "ending-title").text
    check(title.endswith("KRKA · 长将规则"), "the rule set in Chinese: %r" % title)
    bars = driver.find_elements(By.CSS_SELECTOR, "#histogram rect")
    check(len(bars) == len(stats["red_to_move"]["win_dtm_histogram"]), "one bar per distance")
    bars = driver.find_elements(By.CSS_SELECTOR, "#histogram-dtc rect")
    check(len(bars) == len(stats["red_to_move"]["win_dtc_histogram"]) > 0,
          "one DTC bar per distance")
    check([b.find_element(By.TAG_NAME, "title").get_attribute("textContent") for b in bars] ==
          ["%d: %d" % (d, n) for d, n in stats["red_to_move"]["win_dtc_histogram"]],
          "the DTC bars' distances and counts")
    driver.set_window_size(1280, 1400)  # both charts in the screenshot
    driver.find_element(By.ID, "view-ending").screenshot(os.path.join(SHOTS, "ending.png"))
    driver.set_window_size(1280, 1000)
    driver.find_element(By.CSS_SELECTOR, "a.fen").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#moves tr"))
    check(driver.find_element(By.ID, "fen").get_attribute("value") ==
          stats["red_to_move"]["longest_win"]["fen"], "a longest win loads on the board")

    # The adjudication form.
    driver.find_element(By.ID, "tab-adjudicate").click()
    fen = driver.find_element(By.ID, "adj-fen")
    fen.clear()
    fen.send_keys("4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w")
    driver.find_element(By.ID, "adj-moves").send_keys(
        "h6i6 i0h0 i6h6 h0i0 h6i6 i0h0 i6h6 h0i0 h6i6")
    driver.find_element(By.CSS_SELECTOR, "#adjudicate-form button").click()
    wait.until(lambda d: d.find_elements(By.ID, "ruling-reason"))
    check(driver.find_element(By.ID, "ruling-reason").text == "红方长捉黑炮，红方判负",
          "the ruling: %r" % driver.find_element(By.ID, "ruling-reason").text)
    check(len(driver.find_elements(By.CSS_SELECTOR, "#ruling tr.cycle")) == 4,
          "the cycle's four plies highlighted")
    ruling = driver.find_element(By.CSS_SELECTOR, "#ruling p:nth-of-type(2)").text
    check(ruling.startswith("红方判负 · "), "the ruling in Chinese: %r" % ruling)
    driver.find_element(By.ID, "view-adjudicate").screenshot(os.path.join(SHOTS, "adjudicate.png"))
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    check(not logs, "no errors in the browser console: %s" % logs)
except Exception:
    driver.save_screenshot(os.path.join(SHOTS, "failure.png"))
    raise
finally:
    driver.quit()
    server.stop()

print("browser_test: %d failures, %.1f s; screenshots in %s" % (
    len(failures), time.time() - started, SHOTS))
sys.exit(1 if failures else 0)
