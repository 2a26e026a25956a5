"""Thin views: parse, access_*, call a service, render."""
