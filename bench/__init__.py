"""Turnkeeper benchmarks: ``python -m bench`` (JSON lines, then a summary line). See README "Reliability"."""
