"""The data of a run: ``state.json``'s models and vocabulary, the locked plan's models, and the
migrations that bring an older state up to date. Pure."""
