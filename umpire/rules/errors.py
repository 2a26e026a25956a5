"""What a rules procedure raises when it cannot go on: always naming the field or cell."""


class RulesError(ValueError):
    """Bad input to a procedure. `field` is the path of the input at fault, as "sides.0.legions"."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class DiceError(RulesError):
    """A die the umpire entered cannot be right, or is missing."""


class MissingData(RulesError):
    """A table cell the rulebook does not give and Control has not filled in yet."""

    def __init__(self, table: str, cell: str, source: str) -> None:
        super().__init__(f"{table}[{cell}]", f"not filled in yet: Control must enter it ({source}).")
        self.table, self.cell, self.source = table, cell, source
