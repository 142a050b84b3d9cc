"""A backup archive is input like any other: names in its manifest become paths in the storage folder, so a
crafted archive (bucket `../..`, a version `../../..`) must be refused before a restore writes or deletes
anything, inside or outside the data folder."""
from __future__ import annotations

import io
import json
import tarfile
import uuid
from pathlib import Path

import httpx
import pytest

from harness import StackProcess
from supastack.backup.archive import MANIFEST, ArchiveError, object_member
from supastack.backup.create import create_backup
from supastack.backup.restore import restore_backup

DOCUMENT = "c0000000-0000-4000-8000-000000000001/contrato.pdf"


@pytest.fixture(scope="module")
def backed_up(cluster):
    s = StackProcess(cluster, name="crafted", seed=False)
    key = s.service_role_key
    r = httpx.post(f"{s.url}/storage/v1/object/client_documents/{DOCUMENT}", content=b"%PDF-1.4 contrato",
                   headers={"Authorization": f"Bearer {key}", "apikey": key, "Content-Type": "application/pdf"})
    assert r.status_code == 200, r.text
    archive = create_backup(s.settings, s.data_dir / "backups")
    s.stop()
    yield s, archive


def craft(archive: Path, target: Path, change) -> Path:
    """A copy of `archive` whose manifest `change(manifest, add)` edits; `add(member, data)` adds members."""
    extra: dict[str, bytes] = {}
    with tarfile.open(archive) as tar:
        manifest = json.loads(tar.extractfile(MANIFEST).read())
        change(manifest, lambda name, data: extra.__setitem__(name, data))
        with tarfile.open(target, "w", format=tarfile.PAX_FORMAT) as out:
            for member in tar.getmembers():
                if member.name != MANIFEST:
                    out.addfile(member, tar.extractfile(member))
            for name, data in [*extra.items(), (MANIFEST, json.dumps(manifest).encode())]:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                out.addfile(info, io.BytesIO(data))
    return target


def _digest(data: bytes) -> str:
    import hashlib
    return hashlib.sha256(data).hexdigest()


def test_a_bucket_that_climbs_out_of_the_storage_folder_is_refused(backed_up, tmp_path):
    stack, archive = backed_up
    victim = stack.data_dir.parent / f"victim-{uuid.uuid4().hex[:6]}"
    victim.mkdir()
    (victim / "precious.txt").write_text("not the backup's to delete")
    climb = "../../" + victim.name

    crafted = craft(archive, tmp_path / "bucket.tar", lambda m, add: m["objects"]["buckets"].append(climb))
    with pytest.raises(ArchiveError, match="bucket that is not allowed"):
        restore_backup(stack.settings, crafted, log=lambda *_: None)
    assert (victim / "precious.txt").read_text() == "not the backup's to delete"


def test_a_version_or_name_that_climbs_out_is_refused(backed_up, tmp_path):
    stack, archive = backed_up
    escaped = stack.data_dir.parent / f"escaped-{uuid.uuid4().hex[:6]}"
    data = b"written outside the storage folder"

    def by_version(manifest, add):
        name = "c0000000-0000-4000-8000-000000000001/x"
        manifest["objects"]["files"].append({"bucket": "client_documents", "name": name,
                                             "version": "../../../../../" + escaped.name,
                                             "size": len(data), "sha256": _digest(data)})
        add(object_member("client_documents", name), data)

    def by_name(manifest, add):
        name = "../../../" + escaped.name
        manifest["objects"]["files"].append({"bucket": "client_documents", "name": name,
                                             "version": str(uuid.uuid4()), "size": len(data), "sha256": _digest(data)})
        add(object_member("client_documents", name), data)

    for change, message in ((by_version, "version that is not allowed"), (by_name, "object that is not allowed")):
        crafted = craft(archive, tmp_path / f"{change.__name__}.tar", change)
        with pytest.raises(ArchiveError, match=message):
            restore_backup(stack.settings, crafted, log=lambda *_: None)
        assert not escaped.exists()
    # the stored document was never touched: the refusal came before anything was replaced
    stored = [p for p in (stack.data_dir / "storage" / "client_documents").rglob("*") if p.is_file()]
    assert [p.read_bytes() for p in stored] == [b"%PDF-1.4 contrato"]


def test_the_file_store_refuses_paths_outside_its_folder(tmp_path):
    import asyncio

    from supastack.storage.backend import ObjectKey
    from supastack.storage.backend.filesystem import FileBackend
    (tmp_path / "outside").mkdir()
    store = FileBackend(tmp_path / "storage")
    with pytest.raises(PermissionError):
        asyncio.run(store.delete_bucket("../outside"))
    with pytest.raises(PermissionError):
        asyncio.run(store.store(store.staging_file(), ObjectKey("b", "n", "../../../outside/x")))
    assert (tmp_path / "outside").is_dir() and not (tmp_path / "outside" / "x").exists()
