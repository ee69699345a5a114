"""The closed validators of every variant, generated from the schemas (one module per variant): the valid path of `validate`."""

__all__ = ["a2a", "bindu", "a2a_v1", "aion"]
