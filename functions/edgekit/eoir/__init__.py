"""EOIR immigration-court cases: providers (demo, office HTTP service, staff-assisted entry) and storage.

EOIR publishes no API and its public portal is protected by a captcha: nothing here scrapes it or
works around that. Staff read the portal (or the hotline, or ECAS) and enter what they saw
(`manualResult`), or the office runs its own data service (`http`).
"""
