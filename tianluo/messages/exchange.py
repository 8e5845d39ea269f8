"""One deadline for a whole network exchange (a webhook's POST, an SMTP session), not one per read.

A socket timeout bounds each read: a server that sends one byte every half second never
trips it, and holds the tick (and its lock) for as long as it likes. ``within`` runs the
exchange in a worker thread and waits at most ``seconds`` for it. Every socket the exchange
opens is registered (``Deadline.watch``, a duplicate of its descriptor, so a TLS wrap of it
is covered too); when the deadline passes they are all shut down, which ends any read or
write under way at once, and a connection the worker would open after that (a slow DNS
answer) is refused before it is made, so nothing is sent once the caller has been told
"timed out".
"""

import socket
import threading
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
#: How long the worker is given to notice its sockets were shut down before the caller goes on.
GRACE_S = 1.0


class ExchangeTimedOut(TimeoutError):
    """The exchange did not end within its deadline; its sockets were shut down."""


class Deadline:
    """The sockets of one exchange, shut down together when its time is up."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self.expired = False
        self._lock = threading.Lock()
        self._socks: list[socket.socket] = []

    def left(self) -> float:
        """Seconds left; ExchangeTimedOut when none are."""
        left = self.at - time.monotonic()
        if self.expired or left <= 0:
            raise ExchangeTimedOut(f"no answer within {self.seconds:g}s")
        return left

    def watch(self, sock: socket.socket) -> socket.socket:
        """Register ``sock`` (returned as it is); ExchangeTimedOut, and ``sock`` closed, if the time is up."""
        with self._lock:
            if self.expired:
                sock.close()
                raise ExchangeTimedOut(f"no answer within {self.seconds:g}s")
            self._socks.append(sock.dup())  # the same connection: a shutdown of it ends reads on a TLS wrap too
        return sock

    def expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._socks:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        with self._lock:
            for sock in self._socks:
                sock.close()
            self._socks = []


def within(seconds: float, exchange: Callable[[Deadline], T], name: str = "exchange") -> T:
    """``exchange(deadline)``'s result, or ExchangeTimedOut once ``seconds`` have passed, whatever it was doing.

    ``exchange`` must ``deadline.watch`` every socket it opens. Its own exceptions are raised here.
    """
    deadline = Deadline(seconds)
    box: dict = {}

    def run() -> None:
        try:
            box["value"] = exchange(deadline)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread, raised there
            box["error"] = exc

    worker = threading.Thread(target=run, name=f"tianluo-{name}", daemon=True)
    worker.start()
    try:
        worker.join(seconds)
        if worker.is_alive():
            deadline.expire()
            worker.join(GRACE_S)  # it sees its sockets shut and ends; one stuck in DNS is refused its connection
            raise ExchangeTimedOut(f"no answer within {seconds:g}s (the whole exchange)")
    finally:
        deadline.close()
    if "error" in box:
        raise box["error"]
    return box["value"]
