"""Constants of the console tests (imported by this unique name, never `conftest`)."""

TOKEN = "test-token-123"
