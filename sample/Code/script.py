#!/usr/bin/env python3
"""Counts to three."""
for i in range(3):
    print(i)
