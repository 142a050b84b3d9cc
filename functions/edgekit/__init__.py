"""Shared code of the office's edge functions (functions/<name>/main.py are thin entry points)."""
