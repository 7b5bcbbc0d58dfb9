"""Shared geometry: hex and square grids and connected regions."""
