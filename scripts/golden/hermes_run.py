"""Runs Hermes Agent's own context-file functions over laid-out case folders (dev time only).

Reads a JSON list of cases on stdin, writes a JSON list of outputs on stdout. HERMES_SRC names the
scratch folder holding Hermes's agent/prompt_builder.py and tools/threat_patterns.py (never this
repository); the text-neutral modules they import are stubbed there."""
import json
import os
import sys

sys.path.insert(0, os.environ["HERMES_SRC"])
from agent import prompt_builder  # noqa: E402
from tools.threat_patterns import scan_for_threats  # noqa: E402

request = json.load(sys.stdin)
# Texts to scan: the ids each scope finds, sorted (Hermes lists several invisible characters in set order).
scans = [[sorted(scan_for_threats(text, "context")), sorted(scan_for_threats(text, "strict"))] for text in request["scans"]]
out = []
for case in request["cases"]:
    prompt_builder.CONFIG.clear()
    if case.get("maxChars") is not None:
        prompt_builder.CONFIG["context_file_max_chars"] = case["maxChars"]
    window = case.get("window")
    soul = prompt_builder.load_soul_md(window, home_override=case["home"])
    context = prompt_builder.build_context_files_prompt(cwd=case["cwd"], skip_soul=True, context_length=window)
    # The agent strips each prompt part before joining them.
    out.append({"soul": soul, "context": context.strip()})
json.dump({"cases": out, "scans": scans}, sys.stdout, ensure_ascii=False)
