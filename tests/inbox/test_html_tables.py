"""Orders in an HTML mail's table read cell by cell: they were read with the cells joined (``A South ShinanoH``)."""

from __future__ import annotations

from inbox.html import html_to_text


def test_a_row_is_a_line_with_its_cells_apart() -> None:
    html = (
        "<p>Takeda:</p><table><tr><th>Unit</th><th>Order</th></tr><tr><td>A Kai</td><td>- Suruga</td></tr>"
        "<tr><td><p class=MsoNormal>A South Shinano</p></td><td>H</td></tr></table><p>Shingen</p>"
    )
    assert html_to_text(html) == "Takeda:\n\nUnit Order\nA Kai - Suruga\nA South Shinano H\n\nShingen\n"


def test_a_row_of_whole_orders_is_a_line_per_order() -> None:
    html = "<table><tr><td>A Kai - Suruga</td><td>A South Shinano H</td></tr><tr><td>Oda</td><td></td></tr></table>"
    assert html_to_text(html) == "A Kai - Suruga\nA South Shinano H\nOda\n"


def test_a_quoted_table_is_quoted() -> None:
    assert html_to_text("<blockquote><table><tr><td>A Kai</td><td>H</td></tr></table></blockquote>") == "> A Kai H\n"
