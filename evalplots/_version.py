"""The version of evalplots: its one home (the package face and pyproject.toml read it)."""

__version__ = "0.1.0"
