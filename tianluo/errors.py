"""Errors a user can act on; the CLI prints them as one line and exits with their code."""

EXIT_USAGE = 2


class TianluoError(Exception):
    """An error caused by input or circumstances the user can fix.

    The message is one line that names the file, the key and what to do next.
    """

    exit_code = EXIT_USAGE

    def __init__(self, message: str, exit_code: int | None = None):
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class SpecError(TianluoError):
    """The spec file cannot be read or validated."""


class StateError(TianluoError):
    """state.json is missing, unreadable or invalid."""
