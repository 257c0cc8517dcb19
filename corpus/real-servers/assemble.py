#!/usr/bin/env python3
"""Joins the recordings of record.mjs (one JSON object per server) into servers.jsonl.

usage: python3 assemble.py <dir of recordings> [output file name, default servers.jsonl]
Each line: {id, server, package, version, license, tools}. `server` is the name the server
reports in `initialize` (serverInfo.name), falling back to the package name.
"""
import json
import sys
from pathlib import Path

rows = []
for path in sorted(Path(sys.argv[1]).glob("*.json")):
    text = path.read_text(encoding="utf-8").strip()
    if not text:
        continue
    rec = json.loads(text)
    if not rec.get("tools"):
        continue
    # Only text under a stated licence: an SPDX id, or the reference servers' licence file
    # (that project's servers are MIT-licensed).
    licence = rec.get("license")
    if not licence or (licence.upper().startswith("SEE LICENSE") and not rec["package"].startswith("@modelcontextprotocol/")):
        print(f"skipped {rec['package']}: licence {licence!r}")
        continue
    info = rec.get("serverInfo") or {}
    rows.append({
        "id": "npm-" + rec["package"].lstrip("@").replace("/", "__"),
        "server": info.get("name") or rec["package"],
        "package": rec["package"],
        "version": rec["version"],
        "license": rec.get("license"),
        "repository": rec.get("repository"),
        "expect": "clean",
        "tools": rec["tools"],
    })
out = Path(__file__).resolve().parent / (sys.argv[2] if len(sys.argv) > 2 else "servers.jsonl")
with open(out, "w", encoding="utf-8") as f:
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"{len(rows)} servers, {sum(len(r['tools']) for r in rows)} tools -> {out}")
