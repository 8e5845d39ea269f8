"""A scripted agent that never answers: it reads the prompt, starts a child that sleeps too (the
whole process group must be killed), writes both pids to ./pids.txt, then sleeps."""

import os
import subprocess
import sys
import time

os.chdir(os.environ["TIANLUO_AGENT_DIR"])  # it runs in the spec's folder; its files go to agent/<call>/
sys.stdin.read()
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
with open("pids.txt.tmp", "w") as f:
    f.write(f"{os.getpid()} {child.pid}\n")
os.rename("pids.txt.tmp", "pids.txt")
print("let me think about it", flush=True)
time.sleep(300)
