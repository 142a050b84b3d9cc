"""The local mail sink (the Supabase CLI's Inbucket/Mailpit role): SMTP in, a web inbox and a JSON API out."""
