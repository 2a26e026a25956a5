"""Paper: each document a function from its sheet data to PDF bytes, with ReportLab only.

Nothing here imports the models; callers build the sheet data first.
"""
