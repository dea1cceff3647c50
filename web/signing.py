"""The app's rolls signed by the server that rolled them, so an edited export is refused there.

Each server keeps a secret of its own (``instance/signing-key``, made at its first start, readable
by its owner only). An export names the server (``signed_by``: a fingerprint of the secret, not the
secret) and gives each ``roll`` event a ``signature``: an HMAC-SHA256 of the game's id, the event's
version and its payload (the faces), or of the game's id, the version and "not verified" for a
roll this server did not make itself and could not verify.

On import (:meth:`Signer.unverified_rolls`):

- a file signed by this server must carry each roll's signature as this server made it: a roll
  whose faces were edited (or whose signature is missing or changed) is refused, naming the event;
- any other file (another server's, or one without ``signed_by``): its rolls cannot be verified
  here; they are checked as faces a player types are (each a face of the die, every adjudication
  recomputed from them, as in live play), kept as the player entered them, and marked so in the
  log (:data:`UNVERIFIED`); this server's exports of the game sign them as "not verified".
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import Problem, Refused
from .eventlog import Effect, Event

#: bytes of a server's secret
KEY_BYTES = 32
#: the effect stored with an imported roll this server could not verify (the log shows it)
UNVERIFIED = ("Rolled by the app of another server, or in a file this server did not sign: not verified here, "
              "kept as the player entered it")


def _is_roll(kind: str, payload: Any) -> bool:
    return kind == "action" and isinstance(payload, dict) and payload.get("type") == "roll"


def is_unverified(effects: Iterable[Any]) -> bool:
    """The stored effects of a roll mark it as not verified here."""
    return any(isinstance(e, dict) and e.get("text") == UNVERIFIED for e in effects)


class Signer:
    """Signs and checks the app's rolls with one server's secret."""

    def __init__(self, key: bytes):
        self._key = key
        #: names the server in its exports without telling its secret
        self.fingerprint = hmac.new(key, b"fallujah server", hashlib.sha256).hexdigest()[:32]

    def derived(self, purpose: str) -> bytes:
        """A secret of this server for another ``purpose`` (the seed of the games' random streams:
        :mod:`web.randomness`), made from its own; neither tells the other."""
        return hmac.new(self._key, f"fallujah {purpose}".encode(), hashlib.sha256).digest()

    @classmethod
    def ephemeral(cls) -> Signer:
        """A signer whose secret lives as long as the process (a store made without a key file)."""
        return cls(secrets.token_bytes(KEY_BYTES))

    @classmethod
    def from_file(cls, path: Path) -> Signer:
        """The server's secret from ``path``, made there (readable by its owner only) if absent;
        two processes starting at once read the same. Its folder is made if missing (the
        instance folder, on a first start with a database elsewhere)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(handle, "w") as out:
                out.write(secrets.token_hex(KEY_BYTES))
        for _ in range(50):  # another process may be writing it this instant
            text = path.read_text().strip()
            if len(text) == 2 * KEY_BYTES:
                return cls(bytes.fromhex(text))
        raise OSError(f"{path}: not a signing key ({2 * KEY_BYTES} hexadecimal digits)")

    def signature(self, game_id: str, version: int, payload: dict[str, Any] | None) -> str:
        """The signature of roll ``version`` of a game: of its payload, or (None) of "not verified"."""
        message = json.dumps([game_id, version, payload, payload is not None], sort_keys=True,
                             ensure_ascii=False, separators=(",", ":"))
        return hmac.new(self._key, message.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()

    def exported(self, game_id: str, version: int, kind: str, payload: dict[str, Any],
                 effects: list[Any]) -> dict[str, str]:
        """What an exported event carries besides its data: a roll's ``signature``."""
        if not _is_roll(kind, payload):
            return {}
        return {"signature": self.signature(game_id, version, None if is_unverified(effects) else payload)}

    def unverified_rolls(self, data: dict[str, Any], log: list[Event]) -> set[int]:
        """The versions of an import's rolls this server cannot vouch for (all of them unless the
        file is signed by this server); :class:`Refused` (400) naming each roll whose signature is
        not the one this server made (an edited roll)."""
        rolls = [e for e in log if _is_roll(e.kind, e.payload)]
        if data.get("signed_by") != self.fingerprint:
            return {e.version for e in rolls}
        game_id = str(data.get("id"))
        raw = data.get("events") or []
        unverified, problems = set(), []
        for event in rolls:
            given = raw[event.version - 1].get("signature")
            if isinstance(given, str) and hmac.compare_digest(given, self.signature(game_id, event.version, event.payload)):
                continue
            if isinstance(given, str) and hmac.compare_digest(given, self.signature(game_id, event.version, None)):
                unverified.add(event.version)
                continue
            problems.append(Problem(f"events.{event.version - 1}.payload.faces", event.payload.get("faces"),
                                    "the faces this server rolled, as its signature of the roll says "
                                    "(they differ: the file was edited)"))
        if problems:
            raise Refused(problems, status=400)
        return unverified


def marks(version: int, unverified: set[int]) -> list[dict[str, str | None]]:
    """The effect stored with an imported roll this server cannot vouch for."""
    return [Effect(None, UNVERIFIED).as_json()] if version in unverified else []
