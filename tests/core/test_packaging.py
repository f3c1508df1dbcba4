"""What an installed copy ships: every code package, every data file, read through the content loader."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_code_package_and_game_folder_is_listed_for_the_install():
    code = {".".join(p.parent.relative_to(ROOT).parts) for top in ("bot", "engines", "render")
            for p in (ROOT / top).rglob("__init__.py")}
    games = {f"turnkeeper_data.{p.name}" for p in (ROOT / "data").iterdir() if p.is_dir() and p.name != "__pycache__"}
    listed = set(SETUPTOOLS["packages"])
    missing = (code | games | {"turnkeeper_data", "bot.service.migrations"}) - listed
    assert not missing, f"add {sorted(missing)} to [tool.setuptools] packages in pyproject.toml"
    assert SETUPTOOLS["package-dir"] == {"turnkeeper_data": "data"}
    for name in listed:
        parts = name.split(".")
        folder = ROOT.joinpath("data", *parts[1:]) if parts[0] == "turnkeeper_data" else ROOT.joinpath(*parts)
        assert folder.is_dir(), f"{name} is listed but {folder} does not exist"


def test_every_data_file_is_package_data():
    patterns = SETUPTOOLS["package-data"]["turnkeeper_data"]
    data = ROOT / "data"
    files = [p.relative_to(data).as_posix() for p in data.rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".py"]
    assert files
    for name in files:
        assert any(fnmatch.fnmatch(name, pat) and name.count("/") == pat.count("/") for pat in patterns), (
            f"data/{name} would not be installed: add a pattern to package-data turnkeeper_data")
    migrations = ROOT / "bot" / "service" / "migrations"
    assert any(fnmatch.fnmatch(f"service/migrations/{p.name}", pat)
               for p in migrations.glob("*.sql") for pat in SETUPTOOLS["package-data"]["bot"])


def test_only_the_content_loader_locates_data():
    """A path built from a module's own location does not exist in an installed copy."""
    offenders = [str(p.relative_to(ROOT)) for top in ("bot", "engines", "render") for p in (ROOT / top).rglob("*.py")
                 if re.search(r"""parents\[\d\]\s*/\s*["']data["']""", p.read_text(encoding="utf-8"))]
    assert offenders == []
