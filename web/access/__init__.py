"""Who is asking and how much they may ask: the caller a secret link names, rate limits per client, the public
address links are built from, and the guards every request passes (JSON depth, cookies, security headers)."""
