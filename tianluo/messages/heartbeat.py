"""The dead-man's switch: one GET to the spec's ``heartbeat`` URL after every tick.

The push-monitor convention of healthchecks.io and Uptime Kuma: ``GET <url>`` after a tick that
completed, ``GET <url>/fail`` after one that failed (raised). The watcher outside the host
alerts when the pings stop coming (or a /fail comes), which is what nothing on the host itself
can notice: a cron daemon that died, a host that rebooted, a lock held by a stopped tick.

Rules:

- The ping is sent after the run's lock is let go, never under it: a slow watcher holds no
  ``hold``/``release``/``stop`` waiting for the lock.
- ``timeout`` bounds the whole ping (connect, send, the answer), not one read
  (``channels.fetch``: at the deadline its connection is shut down). A server that answers one
  byte a second cannot stretch the tick.
- A tick that did not run (another tick holds the lock) pings nothing: a tick stopped or hung
  while holding the lock then shows up at the watcher as missing pings.
- The URL is a secret (healthchecks.io's is a token): what this module returns names the host
  only (``heartbeat (hc-ping.com/…)``). Credentials in the URL (``https://user:pw@host/…``) are
  sent as HTTP Basic authentication, never as part of anything shown.
"""

import base64
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

from tianluo.messages.channels import _clean, fetch

#: Bytes of state.json read to find the heartbeat of a run whose state could not be loaded.
_STATE_READ_MAX = 64 * 1024 * 1024


def where(url: str) -> str:
    """How a heartbeat is shown: ``heartbeat (hc-ping.com/…)``, never its path, query or credentials."""
    return f"heartbeat ({urlsplit(url).hostname or '?'}/…)"


def target(url: str, ok: bool) -> tuple[str, dict[str, str]]:
    """The URL to GET (``/fail`` added to the path after a failed tick) without its credentials, and the
    headers (Basic authentication when the URL held credentials)."""
    parts = urlsplit(url)
    path = parts.path if ok else parts.path.rstrip("/") + "/fail"
    host = parts.hostname or ""
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port is not None else "")
    headers = {"User-Agent": "tianluo"}
    if parts.username is not None:
        pair = f"{unquote(parts.username)}:{unquote(parts.password or '')}".encode()
        headers["Authorization"] = "Basic " + base64.b64encode(pair).decode("ascii")
    return urlunsplit((parts.scheme, netloc, path, parts.query, "")), headers


def ping(spec, ok: bool) -> str:
    """GET the heartbeat URL (``/fail`` when not ``ok``), waiting at most ``spec.timeout`` in all.

    Returns one line for the owner that names no secret; never raises for a network problem.
    """
    url, headers = target(spec.url, ok)
    what = where(spec.url) + ("" if ok else " /fail")
    request = urllib.request.Request(url, method="GET", headers=headers)
    try:
        return f"{what}: HTTP {fetch(request, spec.timeout)}"
    except urllib.error.HTTPError as exc:
        return f"{what} failed: HTTP {exc.code} {_clean(exc.reason, spec.url, url)}"
    except urllib.error.URLError as exc:
        return f"{what} failed: could not reach it: {_clean(exc.reason, spec.url, url)}"
    except TimeoutError:  # the whole exchange, or one read
        return f"{what} failed: no answer within {spec.timeout:g}s"
    except Exception as exc:  # noqa: BLE001 - a heartbeat never fails the tick
        return f"{what} failed: {type(exc).__name__}: {_clean(exc, spec.url, url)}"


def of_run(run_dir: Path):
    """The heartbeat of a run whose state.json could not be loaded (to ping /fail): read plainly, None when
    there is none or it cannot be read either."""
    import json

    from tianluo.planning.spec_parts import HeartbeatSpec
    from tianluo.shell import fsio

    try:
        doc = json.loads(fsio.read_bytes(Path(run_dir) / "state.json", _STATE_READ_MAX))  # never through a link
        raw = doc["plan"].get("heartbeat")
        return None if raw is None else HeartbeatSpec.model_validate(raw)
    except Exception:  # noqa: BLE001 - damaged beyond reading: nothing to ping
        return None
