"""An analysis folder: its manifest, its Parquet chunks, and files exported from it.

``manifest.json`` says what the folder holds (``FORMAT``, the game and its options, the kind,
seed, deal count, chunk size, bots, objective, a comparison's interval, the package version)
and, once a chunk has been written, its ``schema`` (every column's name and Arrow type).
Chunk ``c`` is ``chunk-{c:06d}.parquet``. Every file is written under a temporary name and
renamed into place (an atomic rename on one file system), so a file with a final name is always
whole: an interrupted run loses only the chunks it was computing, and a rerun takes every named
chunk as finished.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tricktaker.errors import Error
from tricktaker.labels import check_card_format, hand_text

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = ["CARD_PREFIXES", "FORMAT", "MANIFEST", "Store", "card_columns", "write_file"]

FORMAT = "tricktaker-analysis/1"
MANIFEST = "manifest.json"
_TEMP = ".tmp-"

# The columns of card masks in an analysis's rows (the dd and playouts kinds' ``hands_<seat>``,
# the strength kind's judged ``hand``).
CARD_PREFIXES = ("hands_", "cards_")
CARD_NAMES = ("hand",)

# What must agree between a folder's manifest and a run that would add chunks to it.
_IDENTITY = ("format", "game", "options", "kind", "seed", "deals", "chunk_size", "bots",
             "objective", "interval", "extra", "version")  # fmt: skip


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:  # pragma: no cover - the analysis extra is installed in the tests
        raise ImportError("analysis needs pyarrow: pip install 'tricktaker[analysis]'") from None
    return pyarrow, pyarrow.parquet


def _replace_atomically(path: Path, write: Any) -> None:
    """``write(temporary_path)``, then rename it to ``path``: readers never see half a file."""
    temporary = path.with_name(f"{_TEMP}{os.getpid()}-{path.name}")
    try:
        write(temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


class Store:
    """The folder of one analysis."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)

    @property
    def manifest_path(self) -> Path:
        return self.folder / MANIFEST

    def chunk_path(self, index: int) -> Path:
        return self.folder / f"chunk-{index:06d}.parquet"

    def read_manifest(self) -> dict[str, Any] | None:
        """The folder's manifest, None when it has none (a new analysis)."""
        try:
            text = self.manifest_path.read_text()
        except (FileNotFoundError, NotADirectoryError):  # no folder yet, or a file there
            return None
        try:
            manifest: dict[str, Any] = json.loads(text)
        except json.JSONDecodeError as exc:
            raise Error(f"{self.manifest_path} is not a manifest (not JSON: {exc})") from None
        if manifest.get("format") != FORMAT:
            raise Error(f"{self.manifest_path} is not a manifest of a tricktaker analysis")
        return manifest

    def open(self, manifest: dict[str, Any]) -> dict[str, Any]:
        """Start or resume the analysis of ``manifest`` here; the manifest in force (with its
        schema, once known). An analysis of anything else already here is an error."""
        if self.folder.exists() and not self.folder.is_dir():
            raise Error(f"the output folder {self.folder} is a file")
        existing = self.read_manifest()
        if existing is None:
            if self.folder.exists() and any(self.folder.glob("chunk-*.parquet")):
                raise Error(f"{self.folder} holds chunks without a manifest; use a new folder")
            self.folder.mkdir(parents=True, exist_ok=True)
            self.write_manifest(manifest)
            return manifest
        if existing.get("kind") == "compare":
            # Manifests written before the interval was recorded compared with the t interval.
            existing.setdefault("interval", "t")
        differ = [k for k in _IDENTITY if existing.get(k) != manifest.get(k)]
        if differ:
            shown = "; ".join(
                f"{k}: folder {existing.get(k)!r}, asked {manifest.get(k)!r}" for k in differ
            )
            raise Error(
                f"{self.folder} holds another analysis ({shown}); use a new folder, or the "
                "same settings to resume it"
            )
        for stale in self.folder.glob(f"{_TEMP}*"):  # left by a run that was killed
            stale.unlink(missing_ok=True)
        return existing

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
        _replace_atomically(self.manifest_path, lambda p: p.write_text(text))

    def finished(self, chunks: int) -> list[int]:
        """The chunks already written."""
        return [c for c in range(chunks) if self.chunk_path(c).exists()]

    def write_chunk(self, index: int, table: pa.Table) -> None:
        _, pq = _pyarrow()
        _replace_atomically(self.chunk_path(index), lambda p: pq.write_table(table, p))

    def chunk_files(self) -> list[Path]:
        return sorted(self.folder.glob("chunk-*.parquet"))

    def to_arrow(self, columns: Sequence[str] | None = None, *, cards: str = "mask") -> pa.Table:
        """Every finished chunk, in order, as one table (``columns``: only those; ``cards``:
        the hands as card masks, as stored, or as text, ``card_columns``)."""
        check_card_format(cards)
        pa, pq = _pyarrow()
        files = self.chunk_files()
        if not files:
            raise Error(f"{self.folder} holds no finished chunk")
        schema = pq.read_schema(files[0])
        if columns is not None:
            unknown = [c for c in columns if c not in schema.names]
            if unknown:
                raise Error(
                    f"no column {', '.join(map(repr, unknown))} in {self.folder}; "
                    f"columns: {', '.join(schema.names)}"
                )
        tables = [pq.read_table(f, columns=list(columns) if columns else None) for f in files]
        table = pa.concat_tables(tables, promote_options="permissive")
        if cards == "text":
            for name in card_columns(table):
                at = table.schema.get_field_index(name)
                text = hand_text(table.column(name).to_numpy())
                table = table.set_column(at, name, pa.array(text, type=pa.string()))
        return table

    def to_pandas(
        self, columns: Sequence[str] | None = None, *, cards: str = "mask"
    ) -> pd.DataFrame:
        """Every finished chunk as one DataFrame indexed by ``deal`` (where it is read)."""
        df = self.to_arrow(columns, cards=cards).to_pandas()
        return df.set_index("deal") if "deal" in df.columns else df


def card_columns(table: pa.Table) -> list[str]:
    """The columns of ``table`` that hold card masks: unsigned 64-bit ``hands_<seat>``,
    ``cards_<location>`` and ``hand`` columns."""
    return [
        f.name
        for f in table.schema
        if (f.name.startswith(CARD_PREFIXES) or f.name in CARD_NAMES) and str(f.type) == "uint64"
    ]


def write_file(table: pa.Table, path: str | os.PathLike[str]) -> Path:
    """``table`` as one ``.parquet`` or ``.csv`` file (written whole, then renamed)."""
    pa, pq = _pyarrow()
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix in (".parquet", ".csv"):
        target.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".parquet":
        _replace_atomically(target, lambda p: pq.write_table(table, p))
    elif suffix == ".csv":
        import pyarrow.csv

        # CSV has no dictionaries: categorical columns are written as their names
        plain = table.cast(
            pa.schema(
                [
                    pa.field(f.name, f.type.value_type) if pa.types.is_dictionary(f.type) else f
                    for f in table.schema
                ]
            )
        )
        _replace_atomically(target, lambda p: pyarrow.csv.write_csv(plain, p))
    else:
        raise Error(f"--out takes a .parquet or .csv file, got {str(path)!r}")
    return target
