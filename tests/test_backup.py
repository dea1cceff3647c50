"""Backups of the companion's SQLite database (issue 23, item 8): rotating copies made at start
and during play, ``fallujah backup`` now, ``fallujah restore FILE`` after checking the file."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from web import games as registry
from web.backup import BackupError, backups, check, make_backup, restore

from .conftest import run_cli
from .test_web_fixtures import Player, make_app

pytest_plugins = ["tests.test_web_fixtures"]


def _every_game(client) -> dict[str, dict]:
    """A game of every game with a companion (its sample, imported) and a Phantom Fury game played
    live; their states by id."""
    states = {}
    for kind in registry.known_games():
        if not registry.has_companion(kind) or registry.companion(kind).sample is None:
            continue
        events = registry.companion(kind).sample()
        answer = client.post("/api/games/import", json={"format": "fallujah-game", "format_version": 2,
                                                        "game": kind, "events": events})
        assert answer.status_code == 201, answer.get_json()
        game_id = answer.get_json()["id"]
        states[game_id] = client.get(f"/api/games/{game_id}").get_json()
    player = Player.new(client, name="played live")
    player.act("vp", reason="guerillas_eliminated")
    states[player.id] = client.get(f"/api/games/{player.id}").get_json()
    assert len(states) >= 4
    return states


def _files(database: Path) -> list[Path]:
    return [database.with_name(database.name + tail) for tail in ("", "-wal", "-shm")]


def test_a_deleted_database_is_restored_with_every_game(tmp_path):
    app = make_app("sqlite", tmp_path, BACKUPS=True)
    url = app.config["DATABASE_URL"]
    database = tmp_path / "companion.sqlite3"
    states = _every_game(app.test_client())

    made = run_cli("backup", "--db", url)
    assert made.returncode == 0, made.stderr
    backup = Path(made.stdout.split(" to ")[-1].strip())
    assert backup.parent == tmp_path / "backups" and backup.is_file()
    app.extensions["fallujah.store"].engine.dispose()
    for path in _files(database):
        path.unlink(missing_ok=True)

    restored = run_cli("restore", str(backup), "--db", url)
    assert restored.returncode == 0, restored.stderr
    assert f"restored {len(states)} games" in restored.stdout

    client = make_app("sqlite", tmp_path, BACKUPS=True).test_client()
    assert {g["id"] for g in client.get("/api/games").get_json()["games"]} == set(states)
    for game_id, state in states.items():
        assert client.get(f"/api/games/{game_id}").get_json() == state


def test_a_restore_over_a_live_database_keeps_the_one_it_replaces(tmp_path):
    app = make_app("sqlite", tmp_path, BACKUPS=False)
    url = app.config["DATABASE_URL"]
    client = app.test_client()
    kept = Player.new(client, name="kept")
    backup = Path(run_cli("backup", "--db", url).stdout.split(" to ")[-1].strip())
    later = Player.new(client, name="made after the backup")
    app.extensions["fallujah.store"].engine.dispose()

    restored = run_cli("restore", str(backup), "--db", url)
    assert restored.returncode == 0, restored.stderr
    previous = Path(restored.stdout.split("saved as ")[-1].strip())
    assert previous.name.endswith("-before-restore.sqlite3") and check(previous).games == 2
    ids = {g["id"] for g in make_app("sqlite", tmp_path, BACKUPS=False).test_client().get("/api/games").get_json()["games"]}
    assert ids == {kept.id}
    assert later.id not in ids


def test_restore_refuses_what_is_not_a_companion_backup(tmp_path):
    app = make_app("sqlite", tmp_path, BACKUPS=False)
    url = app.config["DATABASE_URL"]
    Player.new(app.test_client())
    good = Path(run_cli("backup", "--db", url).stdout.split(" to ")[-1].strip())
    app.extensions["fallujah.store"].engine.dispose()

    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE things (id INTEGER)")
    future = tmp_path / "future.sqlite3"
    future.write_bytes(good.read_bytes())
    with sqlite3.connect(future) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    damaged = tmp_path / "damaged.sqlite3"
    data = bytearray(good.read_bytes())
    page = 4096
    data[2 * page:3 * page] = b"\xff" * page  # a b-tree page overwritten
    damaged.write_bytes(bytes(data))

    for bad, says in ((other, "is not a fallujah companion database"), (future, "schema revision '9999'"),
                      (damaged, "")):
        with pytest.raises(BackupError) as refused:
            restore(bad, url)
        assert refused.value.status == 1 and says in str(refused.value) and str(bad) in str(refused.value)
    answer = run_cli("restore", str(text), "--db", url)  # as the command line says it: one line, exit 1
    assert answer.returncode == 1, answer.stderr
    assert answer.stderr.startswith("error: ") and len(answer.stderr.splitlines()) == 1, answer.stderr
    assert "is not a SQLite database" in answer.stderr and str(text) in answer.stderr
    missing = run_cli("restore", str(tmp_path / "nowhere.sqlite3"), "--db", url)
    assert missing.returncode == 2 and "does not exist" in missing.stderr
    assert check(Path(url.removeprefix("sqlite:///"))).games == 1  # nothing refused touched the database


def test_postgresql_is_backed_up_with_pg_dump(tmp_path):
    for command in (["backup"], ["restore", str(tmp_path / "x")]):
        if command[0] == "restore":
            (tmp_path / "x").write_bytes(b"")
        answer = run_cli(*command, "--db", "postgresql://someone@127.0.0.1/fallujah_nowhere")
        assert answer.returncode == 2 and "pg_dump" in answer.stderr, answer.stderr
        assert len(answer.stderr.splitlines()) == 1


def test_the_companion_backs_up_at_start_and_during_play_keeping_the_newest(tmp_path):
    app = make_app("sqlite", tmp_path, BACKUPS=True, BACKUP_EVERY_MINUTES=0, BACKUP_KEEP=3)
    auto = app.extensions["fallujah.backups"]
    folder = tmp_path / "backups"
    assert len(backups(folder)) == 1  # at start
    client = app.test_client()
    players = [Player.new(client, name=f"game {n}") for n in range(3)]
    seen: set[Path] = set(backups(folder))
    for n in range(6):
        players[n % 3].act("vp", reason="guerillas_eliminated")
        auto.wait()
        seen |= set(backups(folder))
    assert len(seen) > 3 and len(backups(folder)) == 3
    assert check(backups(folder)[-1]).games == 3


def test_a_backup_made_while_the_server_writes_is_consistent(tmp_path):
    app = make_app("sqlite", tmp_path, BACKUPS=False)
    client = app.test_client()
    player = Player.new(client)
    done = threading.Event()

    def play() -> None:
        other = Player(app.test_client(), player.state)
        while not done.is_set():
            other.act("note", text="writing while a backup is made")

    writer = threading.Thread(target=play)
    writer.start()
    try:
        copies = [make_backup(tmp_path / "companion.sqlite3", keep=50) for _ in range(5)]
    finally:
        done.set()
        writer.join()
    versions = []
    for path in copies:
        assert check(path).games == 1
        with sqlite3.connect(path) as conn:
            version = conn.execute("SELECT version FROM games").fetchone()[0]
            assert conn.execute("SELECT max(version) FROM events").fetchone()[0] == version
            versions.append(version)
    assert client.get(f"/api/games/{player.id}").get_json()["version"] > versions[0]  # it wrote meanwhile
