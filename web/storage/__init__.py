"""The database: the engine and its transactions, the tables and their migrations, games stored and loaded, the
secret links' token digests, and what a worker keeps in memory between requests."""
