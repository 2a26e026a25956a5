"""Umpires of two tables, for the pages' checks of who may see and do what."""
import pytest

from umpire.models import Role


@pytest.fixture
def illyria_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Illyria")


@pytest.fixture
def gaul_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Gaul")
