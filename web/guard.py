"""Waitress with two guards against clients that hold connections without finishing a request
(slow-loris): a deadline on a request's headers, and a cap on the connections of one address.

Waitress closes a connection idle for ``channel_timeout`` seconds, but every byte received
restarts that clock, so a client sending one header line every few seconds holds its connection
for ever, and ``connection_limit`` of them lock every other client out. Here:

- a request whose headers are not all received within :data:`HEADER_TIMEOUT` seconds of the first
  check that finds it started, or a connection that sends nothing for that long after it opens, is
  closed (checks every ``cleanup_interval`` seconds, so the deadline is met within one interval;
  nginx's ``client_header_timeout`` does the same);
- a client address holding :data:`CONNECTIONS_PER_ADDRESS` connections has any further one closed
  as soon as it is accepted (nginx's ``limit_conn``);
- the connection limit is far above what one address may hold (:data:`CONNECTION_LIMIT`), with
  ``poll()`` rather than ``select()`` (which stops at file descriptor 1024), and the process's
  limit on open files raised to fit it (:func:`raise_file_limit`).

A hosted server belongs behind a reverse proxy that enforces the same (see the README); then every
connection comes from the proxy's address, and its own limits apply per client.
"""

from __future__ import annotations

import logging
import resource
import socket
from collections import defaultdict
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

#: seconds a request may take to send its headers (from its first byte), or a new connection to start one
HEADER_TIMEOUT = 10
#: connections one client address may hold at once
CONNECTIONS_PER_ADDRESS = 100
#: connections the server holds at once (waitress' default is 100)
CONNECTION_LIMIT = 4000
#: file descriptors kept for everything else the process opens (database, templates, logs)
SPARE_FILES = 128

log = logging.getLogger("waitress")


def raise_file_limit(wanted: int) -> int:
    """Raise this process's soft limit on open files towards ``wanted`` (up to the hard limit);
    returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else soft


def connection_limit(wanted: int = CONNECTION_LIMIT) -> int:
    """The connections the server can hold: ``wanted``, or fewer when the open-files limit is
    lower (an ``accept`` beyond it would fail over and over)."""
    return max(min(wanted, raise_file_limit(wanted + SPARE_FILES) - SPARE_FILES), 16)


class GuardedChannel(HTTPChannel):  # type: ignore[misc]  # waitress ships no types
    """A waitress connection that its server counts by client address."""

    server: GuardedServer

    def __init__(self, server: GuardedServer, sock: socket.socket, addr: Any, adj: Adjustments,
                 map: dict[int, Any] | None = None):
        super().__init__(server, sock, addr, adj, map)
        server.by_address[server.address_of(addr)].add(self)

    def del_channel(self, map: dict[int, Any] | None = None) -> None:
        key = self.server.address_of(self.addr)
        held = self.server.by_address.get(key)
        if held is not None:
            held.discard(self)
            if not held:
                del self.server.by_address[key]
        super().del_channel(map)


class GuardedServer(TcpWSGIServer):  # type: ignore[misc]  # waitress ships no types
    """Waitress' TCP server with a header deadline and a per-address connection cap."""

    channel_class = GuardedChannel
    header_timeout: float = HEADER_TIMEOUT
    per_address: int = CONNECTIONS_PER_ADDRESS

    def __init__(self, *args: Any, **kwargs: Any):
        self.by_address: defaultdict[str, set[GuardedChannel]] = defaultdict(set)
        #: the partial request each connection was receiving at a check, and when it was first seen
        self._receiving: dict[int, tuple[object, float]] = {}
        super().__init__(*args, **kwargs)

    @staticmethod
    def address_of(addr: Any) -> str:
        return str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)

    def accept(self) -> tuple[socket.socket, Any] | None:
        """A new connection, unless its address already holds :attr:`per_address` (closed at once)."""
        pair: tuple[socket.socket, Any] | None = super().accept()
        if pair is None:
            return None
        conn, addr = pair
        if len(self.by_address.get(self.address_of(addr), ())) >= self.per_address:
            conn.close()
            return None
        return pair

    def maintenance(self, now: float) -> None:
        """Waitress' idle timeout, then the header deadline: a connection still receiving a
        request's headers :attr:`header_timeout` seconds after that request's first check, or one
        that has sent nothing that long after it opened, is closed."""
        super().maintenance(now)
        receiving: dict[int, tuple[object, float]] = {}
        for fd, channel in self.active_channels.items():
            if channel.requests:
                continue  # a request is being served
            partial = channel.request
            if partial is None:
                silent = channel.last_activity == channel.creation_time
                if silent and now - channel.creation_time > self.header_timeout:
                    channel.will_close = True
                continue
            if partial.headers_finished:
                continue  # its body is arriving: waitress' idle timeout and the body limit bound it
            seen = self._receiving.get(fd)
            if seen is None or seen[0] is not partial:
                seen = (partial, now)
            elif now - seen[1] > self.header_timeout:
                channel.will_close = True
                log.info("closed a connection from %s: no complete request headers within %s s",
                         self.address_of(channel.addr), self.header_timeout)
            receiving[fd] = seen
        self._receiving = receiving


def create_server(app: Any, **adjustments: Any) -> GuardedServer | MultiSocketServer:
    """``waitress.create_server`` for TCP, with :class:`GuardedServer` on each listening address."""
    adj = Adjustments(**adjustments)
    socket_map: dict[int, Any] = {}
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    servers = [GuardedServer(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info) for info in adj.listen]
    if len(servers) == 1:
        return servers[0]
    listening = [(s.effective_host, s.effective_port) for s in servers]
    return MultiSocketServer(socket_map, adj, listening, dispatcher, servers[-1].log_info)
