"""The one exception the package raises for a refused command."""


class ManifoldDPError(Exception):
    """A refusal by ManifoldDP: the command line's one-line message (no Java stack trace, nothing from the data).

    ``status`` is the command line's exit status: 1 for a refused input, 2 for a malformed argument.
    """

    def __init__(self, message, status=1):
        super().__init__(message)
        self.status = status
