"""Delivering notifications: the outbox worker (e-mail over SMTP, WhatsApp Cloud API) inside the stack."""
