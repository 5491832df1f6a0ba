"""Per-game parse settings: the `parsing:` section of a game YAML, validated.

```yaml
parsing:
  vote_forms: [ru, en, hash, tag]   # which ways of voting count (see VoteForm)
  vote_emphasis: none               # none | bold | color | bold_or_color
  vote_color: null                  # with color: the colour required ("orange", "#ff9900")
  orders_outside_comment: true      # a post without a «комментарий» field: are its orders read?
  comment_label: комментарий        # (a post with the field: public orders come from it only)
  threshold: 85                     # fuzzy confidence (0–100) needed to read a name
  aliases: {KSC: KelsierSC}         # names the players use for each other, read as exact
  margin: 6                         # a second candidate this close makes it ambiguous
```

Errors name the key path (`parsing.vote_forms[1]`), as the config loaders do.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Mapping


def _kind(value: Any) -> str:
    """What a wrong value is, in the GM's words."""
    return {list: "список", tuple: "список", str: "строка", int: "число", float: "число", bool: "да/нет",
            dict: "словарь"}.get(type(value), "значение")


class SettingsError(ValueError):
    """A `parsing:` section that cannot be used; the message names the key path."""


class VoteForm(str, Enum):
    RU = "ru"                # «Голосую против Мэра», «Голос: Васе», «меняю голос на Аню»
    EN = "en"                # «VOTE: X», «Vote X», «Unvote» at the start of a line
    HASH = "hash"            # «##vote X», «##Vote: X», «##unvote» (TeamLiquid)
    TAG = "tag"              # «[vote]X[/vote]»
    BOLD_NAME = "bold_name"  # a bold fragment that is only a name: «[b]Вася[/b]»


class Emphasis(str, Enum):
    NONE = "none"
    BOLD = "bold"
    COLOR = "color"
    BOLD_OR_COLOR = "bold_or_color"


DEFAULT_FORMS = frozenset({VoteForm.RU, VoteForm.EN, VoteForm.HASH, VoteForm.TAG})


@dataclass(frozen=True)
class ParseSettings:
    vote_forms: frozenset[VoteForm] = DEFAULT_FORMS
    vote_emphasis: Emphasis = Emphasis.NONE
    vote_color: str | None = None
    # Rules: «Заявки на публичные действия должны быть даны в посте в графе "комментарий"».
    # A post that has the field is read from it (the rest is artistic text) whatever this
    # says; a post without it is read whole when true (forums without the field), and only
    # asked about when false.
    orders_outside_comment: bool = True
    comment_label: str = "комментарий"
    threshold: float = 85.0
    margin: float = 6.0
    aliases: tuple[tuple[str, str], ...] = ()   # (alias, nickname): read like the nickname itself

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None, path: str = "parsing") -> "ParseSettings":
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise SettingsError(f"{path}: нужен словарь ключей, а не {_kind(data)}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise SettingsError(f"{path}.{unknown[0]}: неизвестная настройка "
                                f"(известны: {', '.join(sorted(known))})")
        kwargs: dict[str, Any] = {}
        if "vote_forms" in data:
            raw = data["vote_forms"]
            if not isinstance(raw, (list, tuple)):
                raise SettingsError(f"{path}.vote_forms: нужен список форм голоса, а не {_kind(raw)}")
            forms = set()
            for i, item in enumerate(raw):
                try:
                    forms.add(VoteForm(str(item).strip().lower()))
                except ValueError:
                    raise SettingsError(
                        f"{path}.vote_forms[{i}]: неизвестная форма голоса {item!r} "
                        f"(известны: {', '.join(f.value for f in VoteForm)})") from None
            kwargs["vote_forms"] = frozenset(forms)
        if "vote_emphasis" in data:
            try:
                kwargs["vote_emphasis"] = Emphasis(str(data["vote_emphasis"]).strip().lower())
            except ValueError:
                raise SettingsError(
                    f"{path}.vote_emphasis: нужно одно из: {', '.join(e.value for e in Emphasis)}, "
                    f"а не {data['vote_emphasis']!r}") from None
        if data.get("vote_color") is not None:
            kwargs["vote_color"] = str(data["vote_color"]).strip().lower()
        if "orders_outside_comment" in data:
            if not isinstance(data["orders_outside_comment"], bool):
                raise SettingsError(f"{path}.orders_outside_comment: нужно true или false, а не {data['orders_outside_comment']!r}")
            kwargs["orders_outside_comment"] = data["orders_outside_comment"]
        if "comment_label" in data:
            label = str(data["comment_label"]).strip()
            if not label:
                raise SettingsError(f"{path}.comment_label: не может быть пустым")
            kwargs["comment_label"] = label
        if data.get("aliases") is not None:
            raw = data["aliases"]
            if not isinstance(raw, Mapping):
                raise SettingsError(f"{path}.aliases: нужен словарь псевдоним: ник, а не {_kind(raw)}")
            for alias, nick in raw.items():
                if not isinstance(nick, str) or not nick.strip() or not str(alias).strip():
                    raise SettingsError(f"{path}.aliases.{alias}: нужен ник игрока")
            kwargs["aliases"] = tuple((str(a).strip(), str(n).strip()) for a, n in raw.items())
        for name in ("threshold", "margin"):
            if name in data:
                value = data[name]
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 100:
                    raise SettingsError(f"{path}.{name}: нужно число от 0 до 100, а не {value!r}")
                kwargs[name] = float(value)
        return cls(**kwargs)
