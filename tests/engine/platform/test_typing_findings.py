"""Bugs the type check found in the engine, pinned down: each case crashed (or could) before its fix."""
from __future__ import annotations

import tarfile
from pathlib import Path

import pytest

from supastack.backup.archive import MANIFEST, ArchiveError, read_manifest
from supastack.core.rows import NoRow, one
from supastack.functions.loader import load


def test_a_manifest_that_is_not_a_file_is_an_unreadable_archive(tmp_path: Path) -> None:
    # tarfile.extractfile answers None for a directory: reading it was an AttributeError, not ArchiveError
    path = tmp_path / "odd.tar"
    with tarfile.open(path, "w") as tar:
        info = tarfile.TarInfo(MANIFEST)
        info.type = tarfile.DIRTYPE
        tar.addfile(info)
    with pytest.raises(ArchiveError, match="not a file"):
        read_manifest(path)


def test_one_passes_a_row_and_refuses_none() -> None:
    assert one((7,))[0] == 7
    with pytest.raises(NoRow):
        one(None)


def test_a_function_file_python_cannot_import_is_a_load_error(tmp_path: Path) -> None:
    # spec_from_file_location answers None for a path without a .py suffix: load() went on with None (an
    # AttributeError about NoneType as the function's error); now the error says what is wrong
    main = tmp_path / "main.txt"
    main.write_text("app = None\n")
    loaded = load("odd", main)
    assert loaded.app is None
    assert loaded.error is not None and "cannot be imported" in loaded.error
