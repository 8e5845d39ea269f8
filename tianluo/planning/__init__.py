"""From a spec to a locked plan: reading and checking the spec, forks answered once, the run created, a
changed spec reviewed and carried over, and which run a command means."""
