"""A list of values looked up `__in` sent to PostgreSQL as one array: `field = ANY(%s::integer[])`.

Django writes `field IN (%s, %s, ...)`, a placeholder for each value, so each length of list is another
statement: a prefetch of the forces page's open upgrades took a parameter for each of the event's forces, and a
console's prefetch of its letters' people one for each of them. On PostgreSQL each length is parsed by psycopg afresh (it keeps
its parsing of statements of at most 50 parameters), dumped a value at a time, and prepared and planned by
PostgreSQL apart from every other length, filling the connection's prepared queries. As one array the statement
is the same however long the list, and the page sends the same statements however far the game has gone
(issue 34). SQLite's lists are unchanged: the same query there costs it nothing of this.

Only lists of plain values of an integer, UUID or text column are sent so; a list holding an expression, a
subquery, or a list for a column of another type is left as Django writes it."""

from django.db.models import Field, ForeignObject
from django.db.models.expressions import ColPairs
from django.db.models.fields.related_lookups import RelatedIn
from django.db.models.lookups import In

# Columns whose values psycopg sends as an array of the column's own type, and text ones, sent as an array of text:
# a cast to the column's varchar(12) would cut a longer value to its first twelve characters, which might match.
NUMBER_COLUMNS = frozenset(
    {
        *("AutoField", "BigAutoField", "SmallAutoField", "IntegerField", "BigIntegerField", "SmallIntegerField"),
        *("PositiveIntegerField", "PositiveBigIntegerField", "PositiveSmallIntegerField", "UUIDField"),
    }
)
TEXT_COLUMNS = frozenset({"CharField", "TextField", "SlugField"})
_ELEMENT_TYPES: dict = {}  # field -> its array's element type, or None


class AnyOfAnArray:
    """`__in` that sends its list as one array where it can, and as Django writes it where it cannot."""

    def as_postgresql(self, compiler, connection):
        element_type = array_element_type(self.lhs, connection)
        if element_type is None or not self.rhs_is_direct_value():
            return self.as_sql(compiler, connection)
        lhs_sql, lhs_params = self.process_lhs(compiler, connection)
        rhs_sql, rhs_params = self.process_rhs(compiler, connection)  # None left out; nothing left: EmptyResultSet
        if rhs_sql != "(" + ", ".join(["%s"] * len(rhs_params)) + ")":  # an element is more than a placeholder
            return self.as_sql(compiler, connection)
        return f"{lhs_sql} = ANY(%s::{element_type}[])", (*lhs_params, list(rhs_params))


def array_element_type(lhs, connection):
    """The type of array that `lhs`'s values are sent in, or None to leave its list as Django writes it."""
    if isinstance(lhs, ColPairs):  # a composite key's tuples
        return None
    field = lhs.output_field
    if getattr(field, "model", None) is None:  # an expression's own field, perhaps made for this query alone
        return element_type_of(field, connection)
    if field not in _ELEMENT_TYPES:  # fixed by the models; a relation's type is worked out through a new field
        _ELEMENT_TYPES[field] = element_type_of(field, connection)
    return _ELEMENT_TYPES[field]


def element_type_of(field, connection):
    target = field.target_field if isinstance(field, ForeignObject) else field
    column = target.get_internal_type()
    if column in TEXT_COLUMNS:
        return "text"
    return field.cast_db_type(connection) if column in NUMBER_COLUMNS else None


class InAnArray(AnyOfAnArray, In):
    pass


class RelatedInAnArray(AnyOfAnArray, RelatedIn):
    pass


def register():
    """Every field's `__in`, and every relation's, as Django's own save on PostgreSQL."""
    Field.register_lookup(InAnArray)
    ForeignObject.register_lookup(RelatedInAnArray)
