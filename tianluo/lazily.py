"""A compiled pattern made on first use: a module's patterns cost whoever imports it nothing until one is used.

``re`` patterns over Unicode ranges take python most of a millisecond each to compile, RE2 patterns more, and most
commands (a tick with nothing to do, ``status``) never search with most of them.
"""


class Compiled:
    """``compile(*args, **kwargs)`` on first use; any attribute is the compiled object's. Each attribute asked for
    is then kept on this object, so a method looked up in a scan's loop costs a plain attribute after the first."""

    def __init__(self, compile, *args, **kwargs):
        self._recipe = (compile, args, kwargs)

    def __getattr__(self, name: str):
        if name.startswith("__"):  # copy's and pickle's probes: not the pattern's
            raise AttributeError(name)
        made = self.__dict__.get("_made")
        if made is None:
            compile, args, kwargs = self.__dict__["_recipe"]
            made = self.__dict__["_made"] = compile(*args, **kwargs)
        value = getattr(made, name)
        setattr(self, name, value)
        return value
