"""The office's outbox: a worker that delivers public.notification_deliveries (e-mail over SMTP through the
engine's mail package, WhatsApp Cloud API with the settings of Integrações), in every API process.

The engine starts it through config.toml's `[workers]` hook (supastack.workers): `outbox =
"office_outbox.worker:start"`."""
