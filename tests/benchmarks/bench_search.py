"""Search benchmark (issue 3): our Whoosh search against a SQLite FTS5 baseline.

Run with ``make bench``; it prints a table and asserts nothing about speed.
"""

from __future__ import annotations

import os
import re
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

from rules_text import load_game
from rules_text.search import _open, build_index, search

QUERIES = yaml.safe_load((Path(__file__).parent.parent / "search_queries.yaml").read_text(encoding="utf-8"))


def _rank_metrics(ranked: list[list[str]]) -> tuple[float, float]:
    hits3, rr = 0, 0.0
    for query, ids in zip(QUERIES, ranked):
        ids = list(dict.fromkeys(ids))
        if set(ids[:3]) & set(query["expect"]):
            hits3 += 1
        for position, found in enumerate(ids[:10], start=1):
            if found in query["expect"]:
                rr += 1 / position
                break
    return hits3 / len(QUERIES), rr / len(QUERIES)


def _latencies(run) -> list[float]:
    times = []
    for _ in range(20):
        for query in QUERIES:
            start = time.perf_counter()
            run(query)
            times.append((time.perf_counter() - start) * 1000)
    return times


class Fts5:
    """The plain baseline: one FTS5 table, porter stemming over unicode61 with accents removed."""

    def __init__(self, path: str):
        game = load_game()
        self.db = sqlite3.connect(path)
        self.db.execute(
            "CREATE VIRTUAL TABLE sections USING fts5(id UNINDEXED, lang UNINDEXED, title, body,"
            " tokenize='porter unicode61 remove_diacritics 2')"
        )
        rows = [(s.id, lang, s.label, s.text) for lang, c in game.corpora.items() for s in c.sections]
        self.db.executemany("INSERT INTO sections VALUES (?, ?, ?, ?)", rows)
        self.db.commit()

    def search(self, query: dict) -> list[str]:
        words = re.findall(r"[^\W_]+", query["q"].lower())
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        params: list[str] = [match]
        lang_clause = ""
        if query.get("lang", "all") != "all":
            lang_clause = " AND lang = ?"
            params.append(query["lang"])
        sql = f"SELECT id FROM sections WHERE sections MATCH ?{lang_clause} ORDER BY bm25(sections, 0, 0, 3.0, 1.0) LIMIT 10"
        return [row[0] for row in self.db.execute(sql, params)]


def test_search_against_fts5_baseline(tmp_path):
    game = load_game()
    # ours: build, cold open in a fresh process, warm queries
    start = time.perf_counter()
    build_index(game, tmp_path / "whoosh")
    ours_build = (time.perf_counter() - start) * 1000
    cold_script = (
        "import time; t=time.perf_counter(); from rules_text.search import search; "
        "search('sniper attack street'); print((time.perf_counter()-t)*1000)"
    )
    env_cache = {"FALLUJAH_CACHE_DIR": str(tmp_path / "cache")}
    subprocess.run([sys.executable, "-c", cold_script], env={**os.environ, **env_cache}, check=True,
                   capture_output=True)  # builds the index once
    ours_cold = statistics.median(
        float(subprocess.run([sys.executable, "-c", cold_script], env={**os.environ, **env_cache}, check=True,
                             capture_output=True, text=True).stdout)
        for _ in range(5)
    )
    _open("phantom-fury")

    def ours(query: dict) -> list[str]:
        return [h.id for h in search(query["q"], lang=query.get("lang", "all"), limit=10).hits]

    ours_ranked = [ours(q) for q in QUERIES]
    ours_lat = _latencies(ours)

    # baseline
    db_path = str(tmp_path / "fts.sqlite")
    start = time.perf_counter()
    fts = Fts5(db_path)
    fts_build = (time.perf_counter() - start) * 1000
    fts.db.close()
    start = time.perf_counter()
    fts = Fts5.__new__(Fts5)
    fts.db = sqlite3.connect(db_path)
    fts.search({"q": "sniper attack street"})
    fts_cold = (time.perf_counter() - start) * 1000
    fts_ranked = [fts.search(q) for q in QUERIES]
    fts_lat = _latencies(fts.search)

    rows = []
    for name, ranked, lat, build, cold in (
        ("ours (Whoosh)", ours_ranked, ours_lat, ours_build, ours_cold),
        ("SQLite FTS5", fts_ranked, fts_lat, fts_build, fts_cold),
    ):
        recall, mrr = _rank_metrics(ranked)
        p99 = statistics.quantiles(lat, n=100)[98]
        rows.append(f"| {name} | {recall:.3f} | {mrr:.3f} | {statistics.median(lat):.2f} | {p99:.2f} | {build:.0f} | {cold:.0f} |")
    print(f"\n{len(QUERIES)} queries, warm latencies over {20 * len(QUERIES)} runs each")
    print("| engine | recall@3 | MRR | median ms | p99 ms | build ms | cold open + first query ms |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
