"""The JSON models of the site's operator: who may create games, invitation codes, the games and what they sent."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from web.schemas.bodies import UtcTime, _In

__all__ = ["GameVolumeOut", "InvitationIn", "InvitationOut", "ReopenedOut", "SiteGamesOut", "SiteIn", "SiteOut"]

Policy = Literal["anyone", "invited", "operator"]


class SiteIn(_In):
    create_games: Policy = Field(
        description="who may create games: anyone; anyone with an invitation code; or the operator only"
    )


class SiteOut(BaseModel):
    create_games: Policy
    public: bool = Field(description="the site serves other machines (its default is then 'invited')")
    mail_per_hour: int = Field(description="mails the whole site sends an hour, at most")
    game_mail_per_hour: int = Field(description="mails one game sends an hour, at most")
    game_addresses: int = Field(description="addresses one game's address book holds, at most")


class InvitationIn(_In):
    uses: int = Field(default=1, ge=1, le=1000, description="how many games the code may create")
    note: str = Field(default="", max_length=200, description="whom it is for (the operator's own words)")


class InvitationOut(BaseModel):
    code: str = Field(description="shown this once: the site keeps its SHA-256 only")
    uses: int


class GameVolumeOut(BaseModel):
    id: str
    name: str
    created: UtcTime
    closed: bool
    mail_day: int = Field(description="mails sent in the last 24 hours")
    mail_total: int
    webhook_day: int = Field(description="chat channel posts in the last 24 hours")
    webhook_total: int


class SiteGamesOut(BaseModel):
    games: list[GameVolumeOut]


class ReopenedOut(BaseModel):
    gm_token: str = Field(description="the game's new GM token (the old GM link stays dead): hand it to the GM")
    gm_link: str
