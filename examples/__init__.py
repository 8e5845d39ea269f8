"""Runnable example pipelines; shipped inside the package as tianluo.examples for `tianluo demo`."""
