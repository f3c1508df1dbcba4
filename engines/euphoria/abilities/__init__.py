"""Recruit abilities as answers to the rules' named triggers, keyed by the recruit's data effect name."""
