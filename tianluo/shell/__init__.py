"""The imperative shell around the core: one tick (lock, load, observe, decide, save, act), the run
folder and its files, reading logs, processes, checkpoints and free space, the GPU host, and what
wakes a tick's time and memory habits."""
