"""Django's PostgreSQL operations, a join's column types compared once per pair of fields."""

from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.backends.postgresql import operations

# (left field, right field) -> whether their columns' types differ: fixed by the models, and asked of every join of
# every query compiled (a player's mailbox page compiles eight: 0.21 ms of its CPU under the profiler, 0.03 with the
# answers kept; issue 34).
_TYPES_DIFFER: dict = {}


class DatabaseOperations(operations.DatabaseOperations):
    def prepare_join_on_clause(self, lhs_table, lhs_field, rhs_table, rhs_field):
        # Django's PostgreSQL backend casts one side of a join whose two columns' types differ.
        if types_differ(lhs_field, rhs_field, self.connection):
            return super().prepare_join_on_clause(lhs_table, lhs_field, rhs_table, rhs_field)
        return BaseDatabaseOperations.prepare_join_on_clause(self, lhs_table, lhs_field, rhs_table, rhs_field)


def types_differ(lhs_field, rhs_field, connection):
    differ = _TYPES_DIFFER.get((lhs_field, rhs_field))
    if differ is None:
        differ = lhs_field.db_type(connection) != rhs_field.db_type(connection)
        _TYPES_DIFFER[(lhs_field, rhs_field)] = differ
    return differ
