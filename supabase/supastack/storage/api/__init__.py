"""HTTP layer of /storage/v1: one module per area, no storage logic (that lives in service.py)."""
