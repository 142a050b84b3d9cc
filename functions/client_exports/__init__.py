"""LGPD exports of a client's data: the ZIP (archive.py, summary_pdf.py) and the worker that builds it (worker.py)."""
