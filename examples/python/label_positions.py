#!/usr/bin/env python3
"""Labelled training data from a table, notebook style (docs/python.md).

Streams every legal position of an ending out of its table, keeps an even sample as one-hot
board planes with win/draw/loss labels for a small network (saved as .npz), fits a softmax
regression on it as a smoke test of the data, and plots the DTM histogram of the wins when
matplotlib is installed.

    python3 examples/python/label_positions.py --tables tables --material KRKN --out krkn.npz
"""
import argparse
import sys

import numpy as np

import xqtb

# Cell 1: the arguments.
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--tables", default="tables", help="table directory")
parser.add_argument("--material", default="KRKN", help="ending, e.g. KRKN or 车对马")
parser.add_argument("--sample", type=int, default=5000, help="positions kept for training")
parser.add_argument("--out", default="labels.npz", help="the .npz written")
parser.add_argument("--plot", default="dtm.png", help="the histogram's image (with matplotlib)")
args = parser.parse_args()

WINS = [xqtb.Category.WIN, xqtb.Category.CURSED_WIN, xqtb.Category.RULE_WIN,
        xqtb.Category.CHASE_WIN]
LOSSES = [xqtb.Category.LOSS, xqtb.Category.BLESSED_LOSS, xqtb.Category.RULE_LOSS,
          xqtb.Category.CHASE_LOSS]


def label(category):
    """0 loss, 1 draw, 2 win for the side to move."""
    return np.where(np.isin(category, [int(c) for c in WINS]), 2,
                    np.where(np.isin(category, [int(c) for c in LOSSES]), 0, 1))


def planes(rows):
    """One-hot board planes: 14 piece kinds (7 a side) by 90 points, and the side to move."""
    codes = rows["board"].reshape(len(rows), 90).astype(np.int64)
    kind = np.where(codes >= 9, codes - 2, codes - 1)  # red 1..7 -> 0..6, black 9..15 -> 7..13
    x = np.zeros((len(rows), 14, 90), np.uint8)
    n, point = np.nonzero(codes)
    x[n, kind[n, point], point] = 1
    return x, rows["side"].astype(np.uint8)


# Cell 2: stream the table; keep every k-th position and count DTMs of all of them.
with xqtb.Tablebase(args.tables) as tb:
    if not tb.has_table(args.material):
        sys.exit(f"no table for {args.material} in {args.tables} (xqtb gen {args.material})")
    export = tb.export(args.material)
    step = max(1, export.slots_total // (2 * args.sample))  # about half the slots are legal
    kept, total, dtm_counts = [], 0, np.zeros(1024, np.int64)
    for chunk in export:
        total += len(chunk)
        kept.append(chunk[::step])
        wins = chunk[np.isin(chunk["category"], [int(c) for c in WINS]) & (chunk["dtm"] >= 0)]
        dtm_counts += np.bincount(wins["dtm"], minlength=1024)[:1024]
rows = np.concatenate(kept)[: args.sample]
x, side = planes(rows)
y = label(rows["category"])
np.savez_compressed(args.out, planes=x, side=side, label=y, dtm=rows["dtm"], dtc=rows["dtc"])
print(f"{args.material}: {total:,} positions exported, {len(rows):,} kept in {args.out}")
print("labels (loss, draw, win for the side to move):", np.bincount(y, minlength=3).tolist())

# Cell 3: a softmax regression on the planes, a few epochs of gradient descent: the data are
# learnable (a network would do far better than this linear model).
features = np.concatenate([x.reshape(len(x), -1), side[:, None]], axis=1).astype(np.float32)
weights = np.zeros((features.shape[1], 3), np.float32)
for _ in range(30):
    logits = features @ weights
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(len(y)), y] -= 1
    weights -= 0.5 * features.T @ p / len(y)
accuracy = ((features @ weights).argmax(axis=1) == y).mean()
majority = np.bincount(y).max() / len(y)
print(f"softmax regression accuracy {accuracy:.3f} (majority class {majority:.3f})")

# Cell 4: the DTM histogram of the wins.
longest = int(np.nonzero(dtm_counts)[0].max()) if dtm_counts.any() else 0
print(f"wins by DTM (plies): longest {longest}, most common {int(dtm_counts.argmax())}")
try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("matplotlib is not installed: no plot (apt-get install python3-matplotlib)")
else:
    plt.bar(np.arange(longest + 1), dtm_counts[: longest + 1])
    plt.xlabel("DTM (plies)")
    plt.ylabel("positions")
    plt.title(f"{args.material}: wins by distance to mate")
    plt.savefig(args.plot)
    print(f"histogram plotted to {args.plot}")
