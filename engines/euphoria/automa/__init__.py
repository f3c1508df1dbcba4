"""The Automa: two card-driven opponents for 1 or 2 humans (EU-AUTOMA-*)."""
