"""The evalplots test suite, by concept (see each directory)."""
