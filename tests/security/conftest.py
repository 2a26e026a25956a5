"""The security tests share the permission matrix's world (tests/conftest.py clears the wrong codes counted
before and after every test)."""

from tests import test_permission_matrix as matrix

# the permission matrix's world, every record a URL names, with the codes of a player and of the projector
world = matrix.world
