"""USCIS case status: providers (official Case Status API, offline demo) and the checker."""
