"""Tests of the Warhammer rules system (systems/warhammer): contract, rules, kernels, oracles."""
