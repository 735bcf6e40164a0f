"""Shared pieces of the conformance runners: engine adapters, process limits, progress."""
