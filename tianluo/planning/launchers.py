"""Distributed launchers and their rendezvous port: a warning at plan time for a pinned one. Pure.

torchrun, ``accelerate launch`` and ``deepspeed`` bind a master (rendezvous) port. A literal
one (``--master-port 29500``) is the same for every attempt, so a rank of an earlier attempt
that still holds it, or another job on the host, fails the retry with ``Address already in
use`` (``port_in_use``), again and again. ``{port}`` gives each attempt a free port. This is
a warning, not an error: on a host the job has to itself a fixed port can be fine.
"""

import re

# The owner's own command text, not a log line, read with Python's re. No pattern may retry a bounded
# stretch at every position: '--rdzv-endpoint=' written 6,000 times, each retrying a host name's 253
# characters, took ~0.1 to 1 s a command. An endpoint's value is therefore taken whole, once (the next
# search starts after it), and only then checked for a port.
_LAUNCHER = re.compile(r"\btorchrun\b|torch\.distributed\.(?:run|launch)\b|\baccelerate\s+launch\b"
                            r"|\bdeepspeed\b")
#: A port written as digits: ``--master-port 29500``, ``--master_port=29500``, accelerate's
#: ``--main_process_port 29500``, ``MASTER_PORT=29500``.
_PINNED = re.compile(r"(?:--master[-_]port|--main[-_]process[-_]port)(?:=|\s+)['\"]?\d+\b"
                          r"|\bMASTER_PORT=['\"]?\d+\b")
#: ``--rdzv-endpoint host:29400``: the option and its whole value (up to the next blank).
_ENDPOINT = re.compile(r"--rdzv[-_]endpoint(?:=|\s+)\S+")
#: The value's start is a host name (at most 253 characters) and a literal port.
_HOST_PORT = re.compile(r"--rdzv[-_]endpoint(?:=|\s+)['\"]?[^\s'\":]{0,253}:\d+\b")
_LAUNCHER_NAME = re.compile(r"torchrun|torch\.distributed\.(?:run|launch)|accelerate|deepspeed")


def pinned_port(command: str) -> str | None:
    """The literal port option of a launcher in ``command`` (``--master-port 29500``), or None."""
    if not _LAUNCHER.search(command):
        return None
    found = {m.start(): m.group(0) for m in [_PINNED.search(command)] if m}
    for endpoint in _ENDPOINT.finditer(command):
        port = _HOST_PORT.match(endpoint.group(0))
        if port:
            found[endpoint.start()] = port.group(0)
            break
    return found[min(found)] if found else None  # the first written, as one pattern would find it


def port_warnings(spec, source) -> list[str]:
    """One line per stage command that runs a launcher on a literal port, naming where and what to write."""
    from tianluo.planning.yamlsource import dotted

    out = []
    for ename, entity in spec.entities.items():
        for sname, stage in entity.stages.items():
            commands = [(("run",), stage.run)] + [(("variants", v), t) for v, t in stage.variants.items()]
            for sub, command in commands:
                pinned = pinned_port(command)
                if pinned is None:
                    continue
                loc = ("entities", ename, "stages", sname) + sub
                named = _LAUNCHER_NAME.search(command)
                assert named is not None  # pinned_port found a launcher
                launcher = named.group(0)
                out.append(f"{source.where(loc)}: {dotted(loc)}: {launcher} is given a fixed port ({pinned}): a "
                           "retry fails with 'Address already in use' while a rank of the attempt before, or "
                           "another job, still holds it; write {port} there (e.g. --master-port {port}) and "
                           "tianluo gives each attempt a free one")
    return out
