"""A scripted agent that prints no JSON answer: prose, a broken object, binary noise."""

import sys

sys.stdin.read()
sys.stdout.write("Sure! I think you should probably retry it, or maybe not.\n")
sys.stdout.write('{"action": retry, reason: unquoted}\n')
sys.stdout.buffer.write(bytes(range(256)) + b"\n")
sys.stdout.write("[" * 5000 + "\n")
