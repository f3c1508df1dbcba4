"""The content loader (engines.core.content): marks, shapes, references and counts, each failure naming its file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engines.core.content import ContentError, Count, Ref, check_marks, data_root, find, game_dir, load_files, read

FIXTURE = Path(__file__).parent / "content_fixture"
SHAPES: dict[str, Any] = {
    "cards": {"hand_size": int, "cards": [{"id": str, "name": str, "suit": str, "value": int, "note?": str}]},
    "suits": {"suits": [{"id": str}]},
}
REFS = (Ref("cards:cards[].suit", "suits:suits[].id"),)
COUNTS = (Count("cards:cards[]", 3, "three cards, L1"),)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "fixture")
    return tmp_path / "fixture"


def edit(folder: Path, change: Any) -> None:
    """Apply ``change`` to the parsed ``cards.json`` and write it back."""
    doc = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    change(doc)
    (folder / "cards.json").write_text(json.dumps(doc), encoding="utf-8")


def load(folder: Path) -> Any:
    return load_files(folder, SHAPES, REFS, COUNTS)


def fails(folder: Path, *words: str) -> str:
    with pytest.raises(ContentError) as err:
        load(folder)
    message = str(err.value)
    assert all(w in message for w in words), message
    return message


def test_a_good_folder_loads_json_and_toml(folder: Path):
    docs = load(folder)
    assert [c["id"] for c in docs["cards"]["cards"]] == ["c1", "c2", "c3"]
    assert [s["id"] for s in docs["suits"]["suits"]] == ["red", "blue"]
    assert (docs.file("cards"), docs.file("suits")) == ("cards.json", "suits.toml")


def test_a_missing_source_mark_fails(folder: Path):
    edit(folder, lambda d: d.pop("source"))
    fails(folder, "cards.json", "'source'")


def test_a_source_without_both_parts_fails(folder: Path):
    edit(folder, lambda d: d.update(source="Rulebook: three cards (L1)."))
    fails(folder, "cards.json", "RECONSTRUCTED")
    edit(folder, lambda d: d.update(source="Some notes. RECONSTRUCTED: names."))
    fails(folder, "cards.json", "Rulebook")


def test_a_key_marked_neither_way_fails(folder: Path):
    edit(folder, lambda d: d.update(extra=[1, 2]))
    fails(folder, "cards.json", "'extra'", "neither")
    edit(folder, lambda d: (d.pop("extra"), d.pop("parts")))
    fails(folder, "cards.json", "'parts'")


def test_parts_naming_an_unknown_key_fails(folder: Path):
    edit(folder, lambda d: d["parts"]["reconstructed"].append("cardz"))
    fails(folder, "cards.json", "'cardz'")


def test_an_item_provenance_marked_neither_way_fails(folder: Path):
    edit(folder, lambda d: d["cards"][1]["provenance"].update(name="guessed"))
    fails(folder, "cards.json", "cards[1].provenance", "'guessed'")


def test_a_dangling_reference_fails(folder: Path):
    edit(folder, lambda d: d["cards"][2].update(suit="green"))
    fails(folder, "cards.json", "cards[2].suit", "'green'", "suits.toml")


def test_a_wrong_count_fails(folder: Path):
    edit(folder, lambda d: d["cards"].pop())
    fails(folder, "cards.json", "has 2", "says 3", "three cards, L1")


def test_a_wrong_type_fails(folder: Path):
    edit(folder, lambda d: d["cards"][0].update(value="1"))
    fails(folder, "cards.json", "cards[0].value", "int")
    edit(folder, lambda d: d["cards"][0].update(value=True))  # a bool is no number of cards
    fails(folder, "cards.json", "cards[0].value")
    edit(folder, lambda d: d["cards"][0].update(value=1, note=5))  # optional keys are checked when present
    fails(folder, "cards.json", "cards[0].note", "str")


def test_a_missing_key_fails(folder: Path):
    edit(folder, lambda d: (d.pop("hand_size"), d["parts"]["rulebook"].remove("hand_size")))
    fails(folder, "cards.json", "'hand_size'")


def test_a_missing_or_broken_file_fails(folder: Path):
    (folder / "suits.toml").unlink()
    fails(folder, "suits.json", "missing")
    (folder / "suits.toml").write_text("source = [unclosed", encoding="utf-8")
    fails(folder, "suits.toml", "not valid TOML")


def test_every_shipped_file_carries_the_uniform_marks():
    root = data_root()
    files = [path for game in root.iterdir() if game.is_dir() for path in game.iterdir()
             if path.name.endswith((".json", ".toml"))]
    assert len(files) >= 16
    for path in files:
        read(path)  # raises ContentError on a missing or partial mark


def test_the_running_copy_reads_the_checkouts_data():
    root = Path(__file__).resolve().parents[2]
    assert Path(str(data_root())) == root / "data"
    assert find(game_dir("robo_rescue"), "board").name == "board.json"


def test_check_marks_accepts_a_file_with_nothing_reconstructed():
    check_marks("x.json", {"source": "Rulebook: all of it (L1). RECONSTRUCTED: nothing.",
                           "parts": {"rulebook": ["a"]}, "a": 1})
