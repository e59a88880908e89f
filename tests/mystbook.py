"""What a small book written for a test needs: the header that makes a MyST markdown file a
notebook with a Python kernel (as the book's own chapters have)."""

HEADER = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

"""
