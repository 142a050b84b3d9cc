"""Mail, for every service and for the project: where mail goes (`settings`: `[auth.email.smtp]` or the local
sink), handing a message to that server (`send`), and the local sink itself (`sink`, the Supabase CLI's
Inbucket role). Auth's e-mails and the project's notification workers build their messages and send them here;
nothing in this package is set by another service's start-up."""
