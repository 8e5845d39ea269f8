"""A scripted agent: reads the prompt on stdin, answers one JSON object as told by its arguments.

    answer.py ACTION [--reason TEXT] [--degrade NAME] [--class CLASS] [--label LABEL] [--after WAIT]
              [--style json|fenced|claude|line] [--exit N]

It keeps what it read in stdin.txt of its folder agent/<call>/ ($TIANLUO_AGENT_DIR) and checks that the prompt is
about the stage tianluo named in TIANLUO_STAGE, so a test knows it read the prompt it was given.
"""

import argparse
import json
import os
import sys

parser = argparse.ArgumentParser()
parser.add_argument("action")
parser.add_argument("--reason", default="the scripted agent says so")
parser.add_argument("--degrade")
parser.add_argument("--class", dest="klass")
parser.add_argument("--label")
parser.add_argument("--after")
parser.add_argument("--style", default="json", choices=["json", "fenced", "claude", "line"])
parser.add_argument("--exit", type=int, default=0)
args = parser.parse_args()

os.chdir(os.environ["TIANLUO_AGENT_DIR"])  # it runs in the spec's folder; its files go to agent/<call>/
prompt = sys.stdin.read()
with open("stdin.txt", "w") as f:
    f.write(prompt)
with open("env.json", "w") as f:
    json.dump({k: v for k, v in os.environ.items() if k.startswith("TIANLUO_")}, f)
stage = os.environ.get("TIANLUO_STAGE", "")
if not stage or stage.split(".")[0] not in prompt:
    print(f"the prompt does not name {stage!r}", file=sys.stderr)
    sys.exit(9)

answer = {"action": args.action, "reason": args.reason}
for key, value in (("degrade", args.degrade), ("class", args.klass), ("label", args.label), ("after", args.after)):
    if value:
        answer[key] = value
text = json.dumps(answer)
if args.style == "json":
    print(text)
elif args.style == "fenced":
    print(f"I looked at the logs.\n\n```json\n{json.dumps(answer, indent=1)}\n```\nThat is all.")
elif args.style == "line":
    print(f"Thinking about {stage}...\nsome {{braces}} here\n{text}")
else:  # claude -p --output-format json wraps the model's text
    print(json.dumps({"type": "result", "subtype": "success", "is_error": False,
                      "result": f"Here is my answer:\n```json\n{text}\n```"}))
sys.exit(args.exit)
