"""HTTP from SQL with pg_net's API (net.http_post, net._http_response), sent by the stack."""
