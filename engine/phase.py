"""Phase identifiers: `night 1`, `day 1`, `night 2`, … (SPEC §1.2)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from engine.names import Moon, cycle_of, moon_of_night


class PhaseKind(str, Enum):
    NIGHT = "night"
    DAY = "day"


@dataclass(frozen=True)
class PhaseId:
    number: int
    kind: PhaseKind

    _PATTERN = re.compile(r"^\s*(night|day|ночь|день)\s+(\d+)\s*$", re.IGNORECASE)

    @classmethod
    def parse(cls, text: str) -> "PhaseId":
        match = cls._PATTERN.match(str(text))
        if not match:
            raise ValueError(f"not a phase: {text!r} (expected 'night N' or 'day N')")
        word = match.group(1).lower()
        kind = PhaseKind.NIGHT if word in ("night", "ночь") else PhaseKind.DAY
        number = int(match.group(2))
        if number < 1:
            raise ValueError(f"not a phase: {text!r} (numbers start at 1)")
        return cls(number, kind)

    def __str__(self) -> str:
        return f"{self.kind.value} {self.number}"

    @property
    def is_night(self) -> bool:
        return self.kind is PhaseKind.NIGHT

    @property
    def moon(self) -> Moon:
        return moon_of_night(self.number)

    @property
    def cycle(self) -> int:
        return cycle_of(self.number)

    @property
    def index(self) -> int:
        """Position in the game: night 1 = 0, day 1 = 1, night 2 = 2, …"""
        return 2 * (self.number - 1) + (0 if self.is_night else 1)

    def __lt__(self, other: "PhaseId") -> bool:   # game order: night N, day N, night N+1
        return self.index < other.index

    def __le__(self, other: "PhaseId") -> bool:
        return self.index <= other.index

    def __gt__(self, other: "PhaseId") -> bool:
        return self.index > other.index

    def __ge__(self, other: "PhaseId") -> bool:
        return self.index >= other.index

    def next(self) -> "PhaseId":
        if self.is_night:
            return PhaseId(self.number, PhaseKind.DAY)
        return PhaseId(self.number + 1, PhaseKind.NIGHT)


FIRST_PHASE = PhaseId(1, PhaseKind.NIGHT)
