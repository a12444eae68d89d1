"""Records a deal makes once per deal (its result): frozen dataclasses filled in one step."""

from __future__ import annotations

from typing import Any, TypeVar

_Record = TypeVar("_Record", bound="FilledRecord")


class FilledRecord:
    """A frozen dataclass's base that adds ``of``: the record of these fields, every one given
    and of its type. They go straight into the instance's dict, where the dataclass's own
    ``__init__`` sets each through ``object.__setattr__``, several times slower; equality, repr,
    copies and pickles are the dataclass's as before."""

    __slots__ = ()

    @classmethod
    def of(cls: type[_Record], **fields: Any) -> _Record:
        record = object.__new__(cls)
        record.__dict__.update(fields)
        return record

    @classmethod
    def filled(cls: type[_Record], fields: dict[str, Any]) -> _Record:
        """``of`` for a dict of every field, in their order, made for the record (it becomes
        the instance's dict): a record of many fields made once per deal, where gathering
        keyword arguments costs more than the rest of ``of``."""
        record = object.__new__(cls)
        object.__setattr__(record, "__dict__", fields)
        return record
