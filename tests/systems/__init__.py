"""Tests of the rules systems, one folder per system."""
