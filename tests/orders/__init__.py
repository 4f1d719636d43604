"""Tests of the order language: models, parser and canonical text."""
