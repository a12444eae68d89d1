"""``tricktaker games``: the games, their presets and options."""

from __future__ import annotations

import argparse
from typing import TextIO

from tricktaker.cli.arguments import _option_text
from tricktaker.registry import games, load


def run_games(args: argparse.Namespace, out: TextIO) -> int:
    infos = games()
    chosen = [args.game.lower()] if args.game else list(infos)
    for name in chosen:
        if name not in infos:
            load(name)  # raises, naming the games
        info = infos[name]
        print(f"{info.name}: {info.description}", file=out)
        if info.aliases:
            print(f"  aliases: {', '.join(info.aliases)}", file=out)
        print(f"  presets: {', '.join(info.presets) or '(none)'}", file=out)
        if args.game:
            for opt in info.options:
                allowed = opt["choices"]
                values = (
                    " | ".join(_option_text(v) for v in allowed)
                    if allowed is not None
                    else opt["doc"]
                )
                print(
                    f"  --option {opt['name']}=…  default {_option_text(opt['default'])}; {values}",
                    file=out,
                )
    return 0
