"""The project's error hierarchy: every failure a user can meet says what to do."""


class RLInclusionError(Exception):
    """Base of the errors this package raises on purpose."""


class SnapshotError(RLInclusionError):
    """A snapshot folder is missing, incomplete, tampered with or unsafe."""


class SourceError(RLInclusionError):
    """A live source (arXiv, GitHub, git remote) could not give what was asked."""


class ConfigError(RLInclusionError):
    """A configuration file or option is wrong."""
