"""list-v2: storage-api's paginated listing (folders with `with_delimiter`, cursors, sorting), under RLS."""
from __future__ import annotations

import base64
import uuid

import pytest
from storage_helpers import CLIENT_1_ID

from supabase import create_client


@pytest.fixture(scope="module")
def tree(service):
    root = f"lv2-{uuid.uuid4().hex[:8]}"
    names = [f"{root}/a.txt", f"{root}/b.txt", f"{root}/docs/x.txt", f"{root}/docs/y.txt",
             f"{root}/docs/deep/z.txt", f"{root}/fotos/p.txt", f"{root}/c.txt"]
    for name in names:
        assert service.post(f"/object/avatars/{name}", content=b"x",
                            headers={"content-type": "text/plain"}).status_code == 200
    yield root, names
    service.request("DELETE", "/object/avatars", json={"prefixes": names})


def test_delimited_lists_one_level(service, tree):
    root, _ = tree
    page = service.post("/object/list-v2/avatars", json={"prefix": f"{root}/", "with_delimiter": True}).json()
    assert [f["name"] for f in page["folders"]] == [f"{root}/docs/", f"{root}/fotos/"]
    assert all(f["id"] is None for f in page["folders"])
    assert [o["name"] for o in page["objects"]] == [f"{root}/a.txt", f"{root}/b.txt", f"{root}/c.txt"]
    assert page["objects"][0]["key"] == "a.txt" and page["objects"][0]["metadata"]["size"] == 1
    assert page["hasNext"] is False and "nextCursor" not in page


def test_raw_prefix_without_slash_names_the_folder(service, tree):
    root, _ = tree
    page = service.post("/object/list-v2/avatars", json={"prefix": f"{root}/do", "with_delimiter": True}).json()
    assert [f["name"] for f in page["folders"]] == [f"{root}/docs/"] and page["objects"] == []


def test_cursor_pages_through_folders_and_objects(service, tree):
    root, _ = tree
    seen, cursor, pages = [], None, 0
    while True:
        body = {"prefix": f"{root}/", "with_delimiter": True, "limit": 2}
        if cursor:
            body["cursor"] = cursor
        page = service.post("/object/list-v2/avatars", json=body).json()
        pages += 1
        seen += [e["name"] for e in page["objects"] + page["folders"]]
        if not page["hasNext"]:
            break
        cursor = page["nextCursor"]
        assert base64.b64decode(cursor).decode().startswith("l:")
    assert pages == 3
    assert sorted(seen) == sorted([f"{root}/a.txt", f"{root}/b.txt", f"{root}/c.txt", f"{root}/docs/",
                                   f"{root}/fotos/"])


def test_flat_listing_and_desc_order(service, tree):
    root, names = tree
    page = service.post("/object/list-v2/avatars", json={"prefix": f"{root}/"}).json()
    assert [o["name"] for o in page["objects"]] == sorted(names) and page["folders"] == []
    first = service.post("/object/list-v2/avatars",
                         json={"prefix": f"{root}/", "limit": 3, "sortBy": {"column": "name", "order": "desc"}}).json()
    assert [o["name"] for o in first["objects"]] == sorted(names, reverse=True)[:3]
    rest = service.post("/object/list-v2/avatars", json={"prefix": f"{root}/", "cursor": first["nextCursor"]}).json()
    assert [o["name"] for o in rest["objects"]] == sorted(names, reverse=True)[3:]


def test_sort_by_created_at_pages_without_gaps(service, tree):
    root, names = tree
    seen, cursor = [], None
    for _ in range(10):
        body = {"prefix": f"{root}/", "limit": 2, "sortBy": {"column": "created_at", "order": "asc"}}
        if cursor:
            body["cursor"] = cursor
        page = service.post("/object/list-v2/avatars", json=body).json()
        seen += [o["name"] for o in page["objects"]]
        if not page["hasNext"]:
            break
        cursor = page["nextCursor"]
    assert sorted(seen) == sorted(names) and len(seen) == len(names)


def test_bad_input(service):
    r = service.post("/object/list-v2/avatars", json={"limit": 0})
    assert r.status_code == 400 and "limit" in r.json()["message"]
    r = service.post("/object/list-v2/avatars", json={"cursor": base64.b64encode(b"zz").decode()})
    assert r.status_code == 400 and r.json()["code"] == "InvalidParameter"
    r = service.post("/object/list-v2/avatars", json={"sortBy": {"column": "size"}})
    assert r.status_code == 400


def test_rls_hides_other_clients_files(service, client1):
    own, other = f"{CLIENT_1_ID}/lv2-{uuid.uuid4().hex[:6]}.txt", f"{uuid.uuid4()}/lv2-other.txt"
    for name in (own, other):
        assert service.post(f"/object/client_documents/{name}", content=b"x",
                            headers={"content-type": "text/plain"}).status_code == 200
    try:
        page = client1.post("/object/list-v2/client_documents", json={"with_delimiter": True}).json()
        assert f"{CLIENT_1_ID}/" in [f["name"] for f in page["folders"]]
        assert f"{other.split('/')[0]}/" not in [f["name"] for f in page["folders"]]
    finally:
        service.request("DELETE", "/object/client_documents", json={"prefixes": [own, other]})


def test_supabase_py_list_v2(storage_stack, tree):
    root, _ = tree
    client = create_client(storage_stack.url, storage_stack.service_role_key)
    result = client.storage.from_("avatars").list_v2({"prefix": f"{root}/docs/", "with_delimiter": True})
    assert [f.name for f in result.folders] == [f"{root}/docs/deep/"]
    assert [o.name for o in result.objects] == [f"{root}/docs/x.txt", f"{root}/docs/y.txt"]
    assert result.hasNext is False


def test_folders_carry_their_key(service, storage_stack, tree):
    """A folder's `key` is its last segment in every sort order (storage-py's list_v2 folders read `.key`)."""
    root, _ = tree
    for sort in (None, {"column": "created_at"}):
        body = {"prefix": f"{root}/", "with_delimiter": True, **({"sortBy": sort} if sort else {})}
        page = service.post("/object/list-v2/avatars", json=body).json()
        assert [(f["name"], f["key"]) for f in page["folders"]] == [(f"{root}/docs/", "docs"),
                                                                    (f"{root}/fotos/", "fotos")]
    client = create_client(storage_stack.url, storage_stack.service_role_key)
    result = client.storage.from_("avatars").list_v2({"with_delimiter": True, "prefix": f"{root}/docs/"})
    assert [f.key for f in result.folders] == ["deep"]
