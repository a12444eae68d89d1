"""The game pages of the documentation site, written from ``tt.games()`` when the site is built.

mkdocs loads this file as a hook (``hooks:`` in mkdocs.yml). For every registered game it adds a
page ``games/<game>.md`` that is never written by hand: the game's description, a link to its
rules, its options (name, default, allowed values and the option's own one-line description),
its presets with the options each one sets, the example option sets the tests play, and a deal
played by the rule bot up to the card play, with its position text and the solver's verdict. The
navigation's "Games" entry is filled with these pages, so a newly registered game appears
without touching mkdocs.yml.

Run alone (``python tools/docs_games.py klaverjas``) it prints one game's page.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tricktaker as tt
from tricktaker.bots import make_bot
from tricktaker.protocol.family import CAPABILITIES, Family, Variant
from tricktaker.registry import families

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "docs" / "rules"
# The nav entry the hook fills, and the folder of the generated pages inside docs/.
NAV_TITLE = "Games"
PAGES_DIR = "games"
# A deal is played by rule bots until its card play can be solved; a bound on the steps so that
# a game whose calls never end cannot hang the build.
MAX_STEPS = 200
EXAMPLE_SEED = 1
MAX_SEEDS = 20


def _variant(name: str) -> tuple[Family, Variant]:
    for family in families().values():
        for variant in family.variants:
            if variant.name == name:
                return family, variant
    raise ValueError(f"unknown game {name!r}; games: {', '.join(tt.games())}")


def _code(value: Any) -> str:
    """A value as the user writes it in Python (``True``, ``'rotterdam'``, ``4``)."""
    return f"`{value!r}`"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _call(name: str, options: Mapping[str, Any]) -> str:
    args = "".join(f", {key}={value!r}" for key, value in options.items())
    return f'tt.load("{name}"{args})'


def options_table(info: tt.GameInfo) -> str:
    """The options of one game: name, default, allowed values and the one-line description."""
    rows = ["| option | default | allowed values | what it does |", "|---|---|---|---|"]
    for option in info.options:
        choices = option["choices"]
        allowed = ", ".join(_code(c) for c in choices) if choices else "see the description"
        default = option["default"]
        rows.append(
            f"| `{option['name']}` | {_code(default) if default is not None else 'required'} "
            f"| {_cell(allowed)} | {_cell(option['doc'])} |"
        )
    return "\n".join(rows)


def presets_table(variant: Variant) -> str:
    """Each named preset with the options it sets (the rest keep their defaults)."""
    if not variant.presets:
        return "This game has no named presets: every option is set by name."
    rows = ["| preset | options it sets |", "|---|---|"]
    for preset, settings in sorted(variant.presets.items()):
        set_text = ", ".join(f"`{k}={v!r}`" for k, v in settings.items()) or "the defaults"
        rows.append(f"| `{preset}` | {_cell(set_text)} |")
    return "\n".join(rows)


def example_deal(name: str, options: Mapping[str, Any]) -> str:
    """A deal played by rule bots until its card play can be solved: what was called, the
    one-line position and the solver's value of each legal card. The first seed from
    ``EXAMPLE_SEED`` on whose deal reaches a card play (a deal may be thrown in before)."""
    for seed in range(EXAMPLE_SEED, EXAMPLE_SEED + MAX_SEEDS):
        text = _solved_deal(name, options, seed)
        if text is not None:
            return text
    raise RuntimeError(f"no deal of {name} from {MAX_SEEDS} seeds reached a card play to solve")


def _solved_deal(name: str, options: Mapping[str, Any], seed: int) -> str | None:
    # Every family's deal writes its position text, though the Deal protocol does not declare it.
    deal: Any = tt.load(name, **options).new_deal(seed=seed)
    if deal.is_over:
        return None
    start = f"{deal.phase}, {deal.seat_name(deal.to_move)} to act"
    first_actions = [str(a) for a in deal.legal_actions()][:6]
    bot = make_bot("rule", seed=seed)
    calls: list[str] = []
    for _ in range(MAX_STEPS):
        if deal.is_over:
            return None
        if deal.phase == "play":
            try:
                position = deal.position()
                solution = tt.solve(deal)
            except tt.Error:
                pass  # the trump is fixed by the first card: play on
            else:
                setup = (name, options, seed, start, first_actions, calls)
                return _example_text(*setup, position, solution)
        seat = deal.to_move
        action = bot.act(deal.observation(seat), deal.legal_actions())
        calls.append(f"{deal.seat_name(seat)}: {action}")
        deal.apply(action)
    return None


def _example_text(
    name: str,
    options: Mapping[str, Any],
    seed: int,
    start: str,
    first_actions: list[str],
    calls: list[str],
    position: str,
    solution: tt.Solution,
) -> str:
    made = ", ".join(calls) if calls else "nothing: the deal starts with the card play"
    return "\n".join(
        [
            "```python",
            "import tricktaker as tt",
            "",
            f"deal = {_call(name, options)}.new_deal(seed={seed})",
            f"deal.phase                # {start}",
            f"deal.legal_actions()      # {', '.join(first_actions)}",
            "```",
            "",
            f"Rule bots play from there ({made}) until the card play can be solved. "
            "The position text (`deal.position()`, read back by `game.parse_position`):",
            "",
            "```text",
            position,
            "```",
            "",
            "and `tt.solve(deal).table()`, the value of each legal card for the side named "
            "(* marks the best):",
            "",
            "```text",
            solution.table(),
            "```",
        ]
    )


def rules_link(family: Family) -> str:
    """The family's rules page, relative to a generated page."""
    if (RULES_DIR / f"{family.name}.md").exists():
        return f"[the rules of {family.name}](../rules/{family.name}.md)"
    raise FileNotFoundError(f"no rules page docs/rules/{family.name}.md for family {family.name}")


def game_page(name: str) -> str:
    """The whole page of one game, as Markdown."""
    info = tt.games()[name]
    family, variant = _variant(name)
    lines = [f"# {name}", "", info.description, ""]
    lines += [
        f"- **Load it:** `{_call(name, variant.examples[0])}`"
        + (f" (aliases: {', '.join(f'`{a}`' for a in info.aliases)})" if info.aliases else ""),
        f"- **Family:** `{family.name}`; the full specification is {rules_link(family)}, whose "
        "rule and decision numbers the option descriptions cite.",
        f"- **Command line:** `tricktaker games`, `tricktaker play {name}`, "
        f"`tricktaker simulate {name} --deals 1000`",
        "",
        "## Options",
        "",
        "Every option is a keyword of `tt.load` (and `-o key=value` on the command line); "
        "a preset sets several at once and keywords given beside it win.",
        "",
        options_table(info),
        "",
        "## Presets",
        "",
        presets_table(variant),
        "",
        "## What it supports",
        "",
        "| capability | what it gives |",
        "|---|---|",
    ]
    lines += [f"| `{cap}` | {_cell(CAPABILITIES[cap])} |" for cap in info.capabilities]
    missing = [cap for cap in CAPABILITIES if cap not in info.capabilities]
    if missing:
        lines += ["", "Not supported (asking raises `tt.Unsupported`): " + ", ".join(missing) + "."]
    lines += ["", "## Example", ""]
    if len(variant.examples) > 1 or variant.examples[0]:
        sets = "; ".join(f"`{_call(name, ex)}`" for ex in variant.examples)
        lines += [f"Option sets the tests play with every preset: {sets}.", ""]
    lines += [example_deal(name, variant.examples[0]), ""]
    return "\n".join(lines)


def index_page() -> str:
    """The list of games, each with its description and a link to its page."""
    lines = [
        "# Games",
        "",
        "Every game `tt.load` knows, as `tt.games()` reports it. Each page lists the game's "
        "options, presets and capabilities and plays an example deal; the rules are in the "
        "specifications under *Rules*.",
        "",
        "| game | family | presets | description |",
        "|---|---|---|---|",
    ]
    for name, info in tt.games().items():
        presets = ", ".join(f"`{p}`" for p in info.presets) or "none"
        lines.append(
            f"| [{name}]({name}.md) | {info.family} | {_cell(presets)} "
            f"| {_cell(info.description)} |"
        )
    return "\n".join(lines) + "\n"


def generated_pages() -> dict[str, str]:
    """Every generated page by its path inside docs/."""
    pages = {f"{PAGES_DIR}/index.md": index_page()}
    for name in tt.games():
        pages[f"{PAGES_DIR}/{name}.md"] = game_page(name)
    return pages


def nav_entries() -> list[Any]:
    return [f"{PAGES_DIR}/index.md"] + [{name: f"{PAGES_DIR}/{name}.md"} for name in tt.games()]


# mkdocs hooks. mkdocs is imported by the hook's caller; the types stay loose here so that this
# module also runs (and is checked) without it.


def on_config(config: Any) -> Any:
    """Fill the "Games" entry of the navigation with a page per registered game."""
    for entry in config["nav"] or []:
        if isinstance(entry, dict) and NAV_TITLE in entry:
            entry[NAV_TITLE] = nav_entries()
    return config


def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the site's files."""
    from mkdocs.structure.files import File  # the docs extra; only the build needs it

    for path, content in generated_pages().items():
        files.append(File.generated(config, path, content=content))
    return files


if __name__ == "__main__":
    for game in sys.argv[1:] or list(tt.games()):
        print(game_page(game))
