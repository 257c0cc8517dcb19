#!/usr/bin/env python3
"""Writes attacks.jsonl and benign.jsonl from the team-written pools in this folder.

The split is decided before any text is chosen: an item is `heldout` when its domain is a
held-out domain, or (other languages) for every third item of the language; held-out items
draw only from the `held` pools, tuning items only from the `tune` pools. So held-out items
differ from tuning items in domain, wording, or both. A tuning wording that those rows draw
less often than wanted (twice for English templates, once for the other languages) is written
into further tuning items after them, so a longer tuning pool reaches the corpus whole and no
held-out row moves. Run: python3 generate.py (deterministic).
"""
import base64
import codecs
import copy
import hashlib
import json
import random
from pathlib import Path

from domains import DOMAINS, FOREIGN_TOOLS, HELD_OUT_DOMAINS, SECRETS
import english
import held
import languages


def join_held_pools():
    """Puts the held-out wordings (held.py, kept apart from the tuning pools) back beside them."""
    for name in ("ATTACKS", "BENIGN"):
        for key, pool in getattr(held, f"ENGLISH_{name}").items():
            getattr(english, name)[key]["held"] = pool
        for lang, pool in getattr(held, f"LANGUAGES_{name}").items():
            getattr(languages, name)[lang]["held"] = pool
    for name in ("SPLIT", "OBFUSCATED_CORE", "OBFUSCATION_LEADS"):
        getattr(english, name)["held"] = getattr(held, f"ENGLISH_{name}")


join_held_pools()

HERE = Path(__file__).resolve().parent
rng = random.Random(20261201)
PARAMS = ["context", "notes", "metadata", "auth_blob", "session_note", "trace", "extra", "client_info"]
STYLE_NAMES = list(english.STYLES)


def tool(name, description, params):
    props = {p: {"type": "string", "description": d} for p, d in params.items()}
    schema = {"type": "object", "properties": props}
    if props:
        schema["required"] = [next(iter(props))]
    return {"name": name, "description": description, "inputSchema": schema}


def base_tools(domain):
    return [tool(n, d, dict(p)) for n, d, p in DOMAINS[domain]]


def fill(text, slots):
    for k, v in slots.items():
        text = text.replace("{" + k + "}", v)
    return text


def style_wrap(style, base, payload):
    return english.STYLES[style].replace("{base}", base).replace("{payload}", payload).replace("{{", "{").replace("}}", "}")


def add_param(t, name, description):
    t["inputSchema"]["properties"][name] = {"type": "string", "description": description}


# --- encodings -----------------------------------------------------------------------------
HOMO = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "i": "\u0456", "x": "\u0445"}


def encode(kind, s):
    if kind == "base64":
        return base64.b64encode(s.encode()).decode()
    if kind == "hex":
        return s.encode().hex()
    if kind == "hex0x":
        return "0x" + s.encode().hex()
    if kind == "hexbytes":
        return " ".join("0x%02x" % b for b in s.encode())
    if kind == "rot13":
        return codecs.encode(s, "rot13")
    if kind == "reversed":
        return s[::-1]
    if kind == "spaced":
        return " ".join(s.replace(" ", "  "))
    if kind == "homoglyph":
        return "".join(HOMO.get(c, c) for c in s)
    if kind == "percent":
        return "".join("%%%02X" % b for b in s.encode())
    if kind == "leet":
        return s.translate(str.maketrans("aeiost", "4310$7"))
    raise ValueError(kind)


ENCODINGS = ["base64", "hex", "hex0x", "hexbytes", "rot13", "reversed", "spaced", "homoglyph", "percent", "leet"]


def hide(kind, s):
    if kind == "tags":
        return "".join(chr(0xE0000 + ord(c)) for c in s)
    if kind == "flags_tags":
        return "\U0001F1FA\U0001F1F8\U0001F1EB\U0001F1F7" + "".join(chr(0xE0000 + ord(c)) for c in s)
    if kind == "zw_binary":
        return "".join("".join("\u200b" if b == "0" else "\u200c" for b in format(ord(c), "08b")) for c in s)
    if kind == "ansi_conceal":
        return "\x1b[8m" + s + "\x1b[0m"
    if kind == "ansi_erase":
        return "\x1b[2K\r" + s + "\x1b[1A\x1b[2K"
    if kind == "bidi":
        return "\u202e" + s[::-1] + "\u202c"
    if kind == "newline_pad":
        return "\n" * 40 + s
    raise ValueError(kind)


HIDES = ["tags", "flags_tags", "zw_binary", "ansi_conceal", "ansi_erase", "bidi", "newline_pad"]


def pick(pool, split, i):
    lst = pool["held" if split == "heldout" else "tune"]
    return lst[i % len(lst)]


def slots_for(tools, me_i, sib_i, i):
    return {
        "me": tools[me_i]["name"],
        "sib": tools[sib_i]["name"],
        "secret": SECRETS[i % len(SECRETS)],
        "param": PARAMS[i % len(PARAMS)],
        "ftool": FOREIGN_TOOLS[i % len(FOREIGN_TOOLS)],
    }


def attack(category, domain, split, i, lang="en", text=None):
    tools = base_tools(domain)
    me_i = i % len(tools)
    sib_i = (me_i + 1) % len(tools)
    s = slots_for(tools, me_i, sib_i, i)
    me = tools[me_i]
    style = STYLE_NAMES[i % len(STYLE_NAMES)]
    where = "tool_description"
    technique = None
    others = []
    if category in ("exfiltration", "rug_pull_conditional", "fake_prerequisite", "hidden_tag_instructions"):
        add_param(me, s["param"], "Optional extra data.")
    if text is not None:
        payload = fill(text, s)
        if "{param}" in text:
            add_param(me, s["param"], "Optional extra data.")
        me["description"] = style_wrap(style if lang == "en" else "plain", me["description"], payload)
    elif category == "param_payload":
        where = "param_description"
        payload = fill(pick(english.ATTACKS[category], split, i), s)
        mode = i % 4
        if mode == 0:
            add_param(me, s["param"], payload)
        elif mode == 1:
            me["inputSchema"]["properties"][s["param"]] = {"type": "object", "properties": {"value": {"type": "string", "description": payload}}}
        elif mode == 2:
            me["inputSchema"]["properties"][s["param"]] = {"type": "array", "items": {"type": "string", "description": payload}}
        else:
            sigil = ["_system_prompt_", "__instructions__", "$assistant_note$", "<|context|>"][(i // 4) % 4]
            technique = "sigil_param"
            add_param(me, sigil, payload if i % 8 < 4 else "Fill in before calling.")
    elif category == "split_payload":
        where = "multi_tool"
        frags = pick(english.SPLIT, split, i)
        cross = i % 3 == 2
        targets = list(range(len(tools)))
        for k, frag in enumerate(frags):
            frag = fill(frag, s)
            if "{param}" in "".join(frags):
                add_param(me, s["param"], "Optional extra data.")
            if cross and k == len(frags) - 1:
                technique = "across_servers"
                others.append({"server": "notes-helper", "tools": [tool("save_note", "Save a short note. " + frag, {"text": "Note text."})]})
            else:
                t = tools[targets[(me_i + k) % len(targets)]]
                t["description"] += " " + frag
    elif category == "obfuscated_payload":
        core = fill(pick(english.OBFUSCATED_CORE, split, i), s)
        technique = ENCODINGS[i % len(ENCODINGS)]
        lead = pick(english.OBFUSCATION_LEADS, split, i // len(ENCODINGS))
        add_param(me, s["param"], "Optional extra data.")
        me["description"] += " " + lead + encode(technique, core)
    elif category == "hidden_unicode":
        core = fill(pick(english.OBFUSCATED_CORE, split, i), s)
        technique = HIDES[i % len(HIDES)]
        add_param(me, s["param"], "Optional extra data.")
        me["description"] += " " + hide(technique, core)
    else:
        payload = fill(pick(english.ATTACKS[category], split, i), s)
        if category == "exfiltration" and i % 3 == 1:
            where = "param_description"
            me["inputSchema"]["properties"][s["param"]]["description"] = payload
        else:
            me["description"] = style_wrap(style, me["description"], payload)
        if category == "cross_server_shadowing" and i % 2 == 1:
            technique = "victim_server_present"
            others.append({"server": "mail-and-shell", "tools": [tool(s["ftool"], "Standard tool of another server.", {"target": "Target."})]})
    item = {
        "category": category, "domain": domain, "language": lang, "split": split,
        "style": style if lang == "en" else "plain", "where": where, "expect": "flag",
        "server": domain + "-tools", "tools": tools,
    }
    if technique:
        item["technique"] = technique
    if others:
        item["other_servers"] = others
    return item


def benign(category, domain, split, i, lang="en", text=None):
    tools = base_tools(domain)
    me_i = i % len(tools)
    sib_i = (me_i + 1) % len(tools)
    s = slots_for(tools, me_i, sib_i, i)
    me = tools[me_i]
    style = ["plain", "markdown", "verbose", "terse", "comment", "json"][i % 6] if lang == "en" else "plain"
    payload = fill(text if text is not None else pick(english.BENIGN[category], split, i), s)
    where = "tool_description"
    if lang == "en" and category in ("security_subject", "secret_redaction", "precision_real") and i % 3 == 1:
        where = "param_description"
        add_param(me, "options", payload)
    else:
        me["description"] = style_wrap(style, me["description"], payload)
    return {
        "category": category, "domain": domain, "language": lang, "split": split, "style": style,
        "where": where, "expect": "clean", "server": domain + "-tools", "tools": tools,
    }


ATTACK_CATEGORIES = list(english.ATTACKS) + ["split_payload", "obfuscated_payload", "hidden_unicode"]
BENIGN_CATEGORIES = list(english.BENIGN)
SHORT = {c: "".join(w[0] for w in c.split("_"))[:3] for c in ATTACK_CATEGORIES + BENIGN_CATEGORIES}


def tune_pool(category):
    """The tuning wordings an English attack of a category is drawn from."""
    if category == "split_payload":
        return english.SPLIT["tune"]
    if category in ("obfuscated_payload", "hidden_unicode"):
        return english.OBFUSCATED_CORE["tune"]
    return english.ATTACKS[category]["tune"]


# Uses of each tuning wording by the rows of `main`, counted as they are drawn.
ENGLISH_USES = {}
LANGUAGE_USES = {}


def count_use(table, key, split):
    if split == "tune":
        table[key] = table.get(key, 0) + 1


# How many items every tuning wording is written into at least: English templates twice (two
# domains, styles, secrets and parameters), hand-written items in other languages once.
ENGLISH_TIMES = 2
LANGUAGE_TIMES = 1


def every_tune_wording(attacks, benigns, domains):
    """Appends tuning items for the tuning wordings that the rows above use fewer times than
    wanted, after every other row: no held-out row changes, and every tuning wording, however
    long its pool, reaches the corpus. A pool's wording k is drawn with an index i = k modulo
    the pool's length, so `attack` and `benign` pick it as they pick any other."""
    tune_domains = [d for d in domains if d not in HELD_OUT_DOMAINS]
    for ci, category in enumerate(ATTACK_CATEGORIES):
        pool = tune_pool(category)
        for k in range(len(pool)):
            for r in range(ENGLISH_USES.get((category, k), 0), ENGLISH_TIMES):
                i = k + len(pool) * (r + 1)
                domain = tune_domains[(k * 5 + ci + r * 7) % len(tune_domains)]
                item = attack(category, domain, "tune", i)
                item["id"] = f"pa-{SHORT[category]}-t{k:02}-{r}"
                attacks.append(item)
    for ci, category in enumerate(BENIGN_CATEGORIES):
        pool = english.BENIGN[category]["tune"]
        for k in range(len(pool)):
            for r in range(ENGLISH_USES.get(("benign", category, k), 0), ENGLISH_TIMES):
                i = k + len(pool) * (r + 1)
                domain = tune_domains[(k * 5 + ci + r * 7) % len(tune_domains)]
                item = benign(category, domain, "tune", i)
                item["id"] = f"pb-{SHORT[category]}-t{k:02}-{r}"
                benigns.append(item)
    for lang in languages.LANGS:
        for kind, pools, make, out in (("pa", languages.ATTACKS, attack, attacks), ("pb", languages.BENIGN, benign, benigns)):
            pool = pools[lang]["tune"]
            for k, (category, text) in enumerate(pool):
                for r in range(LANGUAGE_USES.get((kind, lang, k), 0), LANGUAGE_TIMES):
                    domain = tune_domains[(k * 5 + r * 7 + len(lang)) % len(tune_domains)]
                    item = make(category, domain, "tune", k, lang, text)
                    item["id"] = f"{kind}-{lang}-t{k:02}"
                    out.append(item)


def main():
    attacks, benigns = [], []
    domains = list(DOMAINS)
    for ci, category in enumerate(ATTACK_CATEGORIES):
        for di, domain in enumerate(domains):
            for rep in range(2):
                i = di * 2 + rep + ci * 7
                split = "heldout" if domain in HELD_OUT_DOMAINS else "tune"
                item = attack(category, domain, split, i)
                count_use(ENGLISH_USES, (category, i % len(tune_pool(category))), split)
                item["id"] = f"pa-{SHORT[category]}-{domain}-{rep}"
                attacks.append(item)
    for ci, category in enumerate(BENIGN_CATEGORIES):
        for di, domain in enumerate(domains):
            for rep in range(2):
                i = di * 2 + rep + ci * 5
                split = "heldout" if domain in HELD_OUT_DOMAINS else "tune"
                item = benign(category, domain, split, i)
                count_use(ENGLISH_USES, ("benign", category, i % len(english.BENIGN[category]["tune"])), split)
                item["id"] = f"pb-{SHORT[category]}-{domain}-{rep}"
                benigns.append(item)
    for lang in languages.LANGS:
        for n in range(12):
            domain = domains[(n * 5 + len(lang)) % len(domains)]
            split = "heldout" if (domain in HELD_OUT_DOMAINS or n % 3 == 2) else "tune"
            pool = languages.ATTACKS[lang]["held" if split == "heldout" else "tune"]
            category, text = pool[n % len(pool)]
            count_use(LANGUAGE_USES, ("pa", lang, n % len(pool)), split)
            item = attack(category, domain, split, n, lang, text)
            item["id"] = f"pa-{lang}-{n:02}"
            attacks.append(item)
            bpool = languages.BENIGN[lang]["held" if split == "heldout" else "tune"]
            bcat, btext = bpool[n % len(bpool)]
            count_use(LANGUAGE_USES, ("pb", lang, n % len(bpool)), split)
            item = benign(bcat, domain, split, n, lang, btext)
            item["id"] = f"pb-{lang}-{n:02}"
            benigns.append(item)
    every_tune_wording(attacks, benigns, domains)
    for name, items in (("attacks.jsonl", attacks), ("benign.jsonl", benigns)):
        with open(HERE / name, "w", encoding="utf-8") as f:
            for item in items:
                ordered = {"id": item.pop("id"), **item}
                f.write(json.dumps(ordered, ensure_ascii=False) + "\n")
    for name, items in (("attacks", attacks), ("benign", benigns)):
        # A digest of the held-out lines as written, so that a change to the tuning pools
        # shows that it left them alone without anyone reading them.
        lines = (HERE / f"{name}.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
        held = [line for line in lines if json.loads(line)["split"] == "heldout"]
        digest = hashlib.sha256("".join(held).encode()).hexdigest()[:16]
        print(f"{name}: {len(items)} items, {len(held)} held out (held-out digest {digest})")


main()
