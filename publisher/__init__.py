"""Drafts, templates, approval and posting."""
