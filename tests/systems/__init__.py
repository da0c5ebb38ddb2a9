"""Tests of each rules system."""
