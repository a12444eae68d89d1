"""``tricktaker games``: the games, their presets and options."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from tricktaker.cli.arguments import _option_text
from tricktaker.registry import games, load


def run_games(args: argparse.Namespace, out: TextIO) -> int:
    infos = games()
    chosen = [args.game.lower()] if args.game else list(infos)
    for name in chosen:
        if name not in infos:
            load(name)  # raises, naming the games
    if getattr(args, "json", False):
        print(json.dumps({name: infos[name] for name in chosen}, indent=2), file=out)
        return 0
    for name in chosen:
        info = infos[name]
        print(f"{info.name}: {info.description}", file=out)
        if info.aliases:
            print(f"  aliases: {', '.join(info.aliases)}", file=out)
        print(f"  presets: {', '.join(info.presets) or '(none)'}", file=out)
        print(f"  capabilities: {', '.join(info.capabilities)}", file=out)
        if args.game:
            for opt in info.options:
                allowed = opt["choices"]
                values = (
                    " | ".join(_option_text(v) for v in allowed)
                    if allowed is not None
                    else "any value its description allows"
                )
                print(
                    f"  --option {opt['name']}=…  default {_option_text(opt['default'])}; {values}",
                    file=out,
                )
                print(f"      {opt['doc']}", file=out)
    return 0
