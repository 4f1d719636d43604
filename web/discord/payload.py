"""An interaction as Discord sends it, read into the few fields the site uses (the rest is ignored).

Discord's documentation: https://discord.com/developers/docs/interactions/receiving-and-responding.
The body is signed by Discord, but it still carries what users typed (option values, a modal's text), so
every field is typed and bounded here before a command sees it.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Interaction", "Kind", "Option", "User"]


class Kind(IntEnum):
    PING = 1
    COMMAND = 2
    COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL = 5


class _Read(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class User(_Read):
    id: str = Field(max_length=24, pattern=r"^\d+$")
    username: str = Field(default="", max_length=64)
    global_name: str | None = Field(default=None, max_length=64)

    @property
    def shown(self) -> str:
        """The name the user goes by in Discord."""
        return (self.global_name or self.username or self.id)[:80]


class _Member(_Read):
    user: User


class Option(_Read):
    name: str = Field(max_length=32)
    type: int
    value: str | int | float | bool | None = None
    focused: bool = False
    options: list[Option] = Field(default_factory=list, max_length=25)


class _Component(_Read):
    type: int
    custom_id: str | None = Field(default=None, max_length=100)
    value: str | None = Field(default=None, max_length=4000)
    components: list[_Component] = Field(default_factory=list, max_length=25)
    component: _Component | None = None  # a label's one component (Discord's newer modal layout)


class _Data(_Read):
    name: str = Field(default="", max_length=32)
    options: list[Option] = Field(default_factory=list, max_length=25)
    custom_id: str = Field(default="", max_length=100)
    components: list[_Component] = Field(default_factory=list, max_length=25)


class Interaction(_Read):
    id: str = Field(max_length=24, pattern=r"^\d+$")
    application_id: str = Field(max_length=24, pattern=r"^\d+$")
    type: Kind
    token: str = Field(default="", max_length=500)
    data: _Data = Field(default_factory=_Data)
    guild_id: str | None = Field(default=None, max_length=24, pattern=r"^\d+$")
    channel_id: str | None = Field(default=None, max_length=24, pattern=r"^\d+$")
    member: _Member | None = None
    user: User | None = None

    @property
    def who(self) -> User | None:
        """The user who acted (in a server Discord sends the member, in a direct message the user)."""
        return self.member.user if self.member is not None else self.user

    @property
    def command(self) -> str:
        return self.data.name

    def option(self, name: str) -> Any:
        """The value given for an option (None when it was left out); a subcommand's options count too."""
        for option in self._options():
            if option.name == name:
                return option.value
        return None

    def focused(self) -> Option | None:
        """The option an autocomplete interaction is asking about."""
        return next((o for o in self._options() if o.focused), None)

    def _options(self) -> list[Option]:
        found: list[Option] = []
        for option in self.data.options:
            found += [option, *option.options]
        return found

    def field(self, custom_id: str) -> str | None:
        """A submitted modal's text field."""
        stack = list(self.data.components)
        while stack:
            part = stack.pop()
            if part.custom_id == custom_id and part.value is not None:
                return part.value
            stack += part.components + ([part.component] if part.component is not None else [])
        return None
