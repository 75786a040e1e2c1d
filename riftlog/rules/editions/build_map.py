"""Build the rule-id correspondence between two editions of the core rules (developer tool).

Run from the repository root, with the reference folder next to it::

    python -m riftlog.rules.editions.build_map ../shared/reference

It reads ``core-rules.json`` (v1.3, the edition the engine's code cites) and, for each other
edition, its text (``core-rules-2025-12-01.json`` for v1.2, ``core-rules-2026-07-16.json`` for
RUP4), and writes ``riftlog/rules/editions/v13_to_v12.json`` and ``v13_to_rup4.json``: rule
ids, a match class and a similarity score only - no rules text is shipped.  Classes (the
*other* edition is v1.2 or RUP4):

* ``same`` - the entry has the same text in both editions (its id may have moved);
* ``changed`` - the entry matches an entry of the other edition whose text differs;
* ``new`` - the v1.3 entry has no counterpart in the other edition (for v1.2: new in v1.3;
  for RUP4: gone in RUP4);
* ``removed`` - the other edition's entry has no v1.3 counterpart (for v1.2: gone in v1.3;
  for RUP4: new in RUP4).

Curly quotes are read as straight ones (the RUP4 text keeps the PDF's quotes).

Matching: entries whose text is identical and unique in both editions anchor the
alignment (the longest run that keeps both editions' order); between two anchors the
entries are aligned in order by text similarity (token Jaccard and difflib ratio, with a
bonus for the same id and the same parent mapping); what is left is matched across the
whole document when the texts are very close (a moved rule).
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from bisect import bisect_left
from itertools import pairwise
from pathlib import Path
from typing import Any

V13_FILE = "core-rules.json"
V12_FILE = "core-rules-2025-12-01.json"
RUP4_FILE = "core-rules-2026-07-16.json"
OUT = Path(__file__).with_name("v13_to_v12.json")
RUP4_OUT = Path(__file__).with_name("v13_to_rup4.json")
#: per other edition: its reference file and the shipped map
TARGETS: dict[str, tuple[str, Path]] = {"v1.2": (V12_FILE, OUT), "RUP4": (RUP4_FILE, RUP4_OUT)}

#: below this similarity two entries are not the same rule
MATCH_MIN = 0.45
#: a rule matched out of order must be at least this close
MOVED_MIN = 0.7


_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _norm(text: str) -> str:
    return " ".join(text.translate(_QUOTES).lower().split())


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.translate(_QUOTES).lower())


class _Entry:
    __slots__ = ("id", "kind", "norm", "parent", "toks", "tset")

    def __init__(self, raw: dict[str, Any]) -> None:
        self.id: str = raw["id"]
        self.kind: str = raw["kind"]
        self.parent: str | None = raw.get("parent")
        text = " ".join([raw.get("text", ""), *raw.get("unnumbered_continuations", [])])
        self.norm = _norm(text)
        self.toks = _tokens(text)
        self.tset = frozenset(self.toks)


_LOST = re.compile(r"^([0-9]{1,2}|[a-z]) (?=\S)")


def _load(folder: Path, name: str) -> list[_Entry]:
    """The entries of one edition.  The reference conversion sometimes lost the last part
    of an id into the text (id ``322`` twice, the second text starting ``2 ...``): such a
    repeated id whose text starts with a lone number or letter gets it back (``322.2``)."""
    data = json.loads((folder / name).read_text(encoding="utf-8"))
    seen: set[str] = set()
    out: list[_Entry] = []
    for raw in data["rules"]:
        lost = _LOST.match(raw.get("text", ""))
        if raw["id"] in seen and lost:
            raw = {**raw, "id": f"{raw['id']}.{lost.group(1)}", "text": raw["text"][lost.end():]}
        seen.add(raw["id"])
        out.append(_Entry(raw))
    return out


def similarity(a: _Entry, b: _Entry) -> float:
    """Text similarity of two entries in [0, 1] (1: identical normalised text)."""
    if a.norm == b.norm:
        return 1.0
    if not a.tset or not b.tset:
        return 0.0
    jac = len(a.tset & b.tset) / len(a.tset | b.tset)
    if jac < 0.2:
        return jac / 2
    ratio = difflib.SequenceMatcher(None, a.toks, b.toks, autojunk=False).ratio()
    return round((jac + ratio) / 2, 3)


def _lis(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest chain of pairs increasing in both indices (pairs sorted by the first)."""
    tails: list[int] = []
    tail_at: list[int] = []
    prev: list[int] = [-1] * len(pairs)
    for k, (_, j) in enumerate(pairs):
        pos = bisect_left(tails, j)
        if pos == len(tails):
            tails.append(j)
            tail_at.append(k)
        else:
            tails[pos] = j
            tail_at[pos] = k
        prev[k] = tail_at[pos - 1] if pos else -1
    out: list[tuple[int, int]] = []
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        out.append(pairs[k])
        k = prev[k]
    return out[::-1]


def _score(a: _Entry, b: _Entry) -> float:
    if a.kind != b.kind and "chapter" in (a.kind, b.kind):
        return 0.0
    s = similarity(a, b)
    if a.id == b.id:
        s += 0.05
    return s


def _align(new: list[_Entry], old: list[_Entry], ia: list[int], ib: list[int],
           found: dict[int, tuple[int, float]]) -> None:
    """Order-keeping alignment of the v1.3 entries *ia* with the v1.2 entries *ib*."""
    n, m = len(ia), len(ib)
    if not n or not m:
        return
    sim = [[_score(new[i], old[j]) for j in ib] for i in ia]
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for x in range(1, n + 1):
        row, up = best[x], best[x - 1]
        for y in range(1, m + 1):
            take = up[y - 1] + (sim[x - 1][y - 1] - MATCH_MIN) if sim[x - 1][y - 1] >= MATCH_MIN else -1.0
            row[y] = max(up[y], row[y - 1], take)
    x, y = n, m
    while x and y:
        s = sim[x - 1][y - 1]
        if s >= MATCH_MIN and best[x][y] == best[x - 1][y - 1] + (s - MATCH_MIN):
            found[ia[x - 1]] = (ib[y - 1], min(s, 1.0))
            x, y = x - 1, y - 1
        elif best[x][y] == best[x - 1][y]:
            x -= 1
        else:
            y -= 1


def build(folder: Path, edition: str = "v1.2") -> dict[str, Any]:
    """The v1.3 -> *edition* correspondence as plain data (ids, classes, scores)."""
    new, old = _load(folder, V13_FILE), _load(folder, TARGETS[edition][0])
    # anchors: identical text, unique in each edition, kept in order
    count_new: dict[str, int] = {}
    count_old: dict[str, int] = {}
    for e in new:
        count_new[e.norm] = count_new.get(e.norm, 0) + 1
    for e in old:
        count_old[e.norm] = count_old.get(e.norm, 0) + 1
    where_old = {e.norm: j for j, e in enumerate(old) if count_old[e.norm] == 1}
    cand = [(i, where_old[e.norm]) for i, e in enumerate(new)
            if count_new[e.norm] == 1 and e.norm in where_old and len(e.toks) >= 3]
    anchors = _lis(cand)
    found: dict[int, tuple[int, float]] = {i: (j, 1.0) for i, j in anchors}
    # gaps between anchors, aligned in order
    bounds = [(-1, -1), *anchors, (len(new), len(old))]
    for (i0, j0), (i1, j1) in pairwise(bounds):
        _align(new, old, list(range(i0 + 1, i1)), list(range(j0 + 1, j1)), found)
    # moved entries: what is left, matched anywhere when very close
    used = {j for j, _ in found.values()}
    left_old = [j for j in range(len(old)) if j not in used]
    for i, e in enumerate(new):
        if i in found or len(e.toks) < 4:
            continue
        best_j, best_s = -1, 0.0
        for j in left_old:
            if j in used:
                continue
            s = _score(e, old[j])
            if s > best_s:
                best_j, best_s = j, s
        if best_s >= MOVED_MIN:
            found[i] = (best_j, min(best_s, 1.0))
            used.add(best_j)
    pairs: list[list[Any]] = []
    for i, e in enumerate(new):
        if i in found:
            j, s = found[i]
            same = e.norm == old[j].norm
            pairs.append([e.id, old[j].id, "same" if same else "changed", 1.0 if same else round(s, 3)])
        else:
            pairs.append([e.id, None, "new", 0.0])
    for j, o in enumerate(old):
        if j not in used:
            pairs.append([None, o.id, "removed", 0.0])
    return {
        "from": "v1.3", "to": edition,
        "columns": ["v1.3", edition, "class", "score"],
        "pairs": pairs,
    }


def render(data: dict[str, Any]) -> str:
    """The shipped file's text: one pair per line, so diffs stay readable."""
    rows = ",\n".join("  " + json.dumps(p) for p in data["pairs"])
    head = {k: v for k, v in data.items() if k != "pairs"}
    return json.dumps(head)[:-1] + ', "pairs": [\n' + rows + "\n]}\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "../shared/reference")
    for edition, (_, out) in TARGETS.items():
        text = render(build(folder, edition))
        out.write_text(text, encoding="utf-8")
        data = json.loads(text)
        counts: dict[str, int] = {}
        for p in data["pairs"]:
            counts[p[2]] = counts.get(p[2], 0) + 1
        print(f"wrote {out}: {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
