"""The rules engine of «Город N»: pure functions, no I/O, no clock."""
