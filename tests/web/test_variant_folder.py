"""The site started in a folder holding one named like a variant still makes games of that variant.

The issue's repro: with a folder ``sengoku`` in the working directory, the site
answered ``POST /api/games`` with 500, its loader reading the folder for the map.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize("variant", ["sengoku", "standard"])
def test_a_folder_named_like_the_variant_beside_the_site_changes_nothing(
    client: FlaskClient, variant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "here" / variant).mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "here")
    created = client.post("/api/games", json={"name": "Beside a folder", "variant": variant})
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.get_json()
    state = client.get(f"/api/games/{game['id']}").get_json()
    assert state["variant"] == variant


def test_a_map_path_is_no_variant_of_the_site(client: FlaskClient) -> None:
    """The site makes games of the variants it knows by name; a path the visitor sends is never read."""
    answer = client.post("/api/games", json={"name": "Path", "variant": "../maps/data/sengoku.yaml"})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == (
        "unknown variant '../maps/data/sengoku.yaml'; choose one of sengoku, standard"
    )
