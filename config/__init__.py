"""Loading and validating YAML: games, forum site profiles, rulings."""
