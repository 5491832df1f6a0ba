"""gorod: wiring of scraper, engine and publisher: CLI, worker, store."""
