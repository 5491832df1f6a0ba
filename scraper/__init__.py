"""Reading forums: HTTP, site profiles, posts, PMs, order parsing."""
