"""Rendering: the only package that imports ReportLab."""
