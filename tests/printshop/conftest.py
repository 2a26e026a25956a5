"""The print shop's tests spool into a folder of their own each: a sweep of abandoned spools in one test
must never find another's, nor the files of a console running from this checkout."""

import pytest


@pytest.fixture(autouse=True)
def var_dir_of_its_own(settings, tmp_path):
    settings.VAR_DIR = tmp_path / "var"
    return settings.VAR_DIR
