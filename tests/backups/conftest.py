"""The world every backup test exports: the permission matrix's (a battle, sieges, the post, the ledger with
a tax turn, the Senate, trackers, a print run, seated umpires), with a board-game data table filled in."""

import pytest

from boardgames.models import DataCell, DataRow, DataTable
from tests import test_permission_matrix as matrix

world = matrix.world  # the fixture, shared


@pytest.fixture(autouse=True)
def backup_dir(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


@pytest.fixture
def full_world(world):
    row = DataRow.objects.create(table=DataTable.objects.get(event=world.event, key=world.data_table), key="Dacians")
    DataCell.objects.create(row=row, column="strength", value="12", source="a raid")
    return world
