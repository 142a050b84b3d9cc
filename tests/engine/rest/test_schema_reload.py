"""The schema cache follows `NOTIFY pgrst, 'reload schema'` (sent by migrations too)."""
from __future__ import annotations

import time
import uuid


def test_new_table_appears_after_notify(rest_stack, service):
    name = f"reload_probe_{uuid.uuid4().hex[:8]}"
    assert service.get(f"/{name}").status_code == 404
    rest_stack.sql(f"create table {name} (id int primary key, label text); insert into {name} values (1, 'x')")
    rest_stack.sql("notify pgrst, 'reload schema'")
    deadline = time.monotonic() + 10
    while True:
        r = service.get(f"/{name}")
        if r.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert r.status_code == 200 and r.json() == [{"id": 1, "label": "x"}]
    rest_stack.sql(f"drop table {name}")
    rest_stack.sql("notify pgrst, 'reload schema'")
