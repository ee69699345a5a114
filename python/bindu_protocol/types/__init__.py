"""TypedDict declarations of every variant, generated from the schemas (one module per variant)."""

__all__ = ["a2a", "bindu", "a2a_v1", "aion"]
