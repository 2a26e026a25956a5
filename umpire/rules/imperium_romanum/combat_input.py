"""15.4 Combat Procedure's input: the units, the sides, what is attacked and the readings, as the land combat
(combat.py) takes them."""

from dataclasses import dataclass

from ..schema import Choice, spec
from .common import Cer, Season
from .land_crt import CrtRow, Party, StandardCrtRow, Table


class Kind(Choice):
    """The unit types 6.2 and 15.31-15.33 name."""

    LEGIONARY_INFANTRY = "legionary_infantry"
    HEAVY_INFANTRY = "heavy_infantry"
    LIGHT_INFANTRY = "light_infantry"
    MISSILE_INFANTRY = "missile_infantry"
    LIGHT_CAVALRY = "light_cavalry"
    HORSE_ARCHERS = "horse_archers"
    HEAVY_CAVALRY = "heavy_cavalry"

    @property
    def cavalry(self) -> bool:
        return self in (Kind.LIGHT_CAVALRY, Kind.HORSE_ARCHERS, Kind.HEAVY_CAVALRY)

    @property
    def missile(self) -> bool:
        return self in (Kind.MISSILE_INFANTRY, Kind.HORSE_ARCHERS)


class Entry(Choice):
    """How an attacking unit came into the combat hex."""

    OVERLAND = "overland"
    ACROSS_RIVER = "across_river"
    ACROSS_NARROW_SEA = "across_narrow_sea"
    ACROSS_PLUS_2_NARROW_SEA = "across_plus_2_narrow_sea"
    AMPHIBIOUS = "amphibious"


class Defence(Choice):
    """What the defender does (15.2) or what is attacked."""

    ACCEPT_COMBAT = "accept_combat"  # 15.23
    SIEGE_ASSAULT = "siege_assault"  # 15.221: the units that withdrew into the city, and the city
    ALONE = "alone"  # a city, port or fortification with no units (14.4, 15.6, 17.31)
    LEADER_ALONE = "leader_alone"  # 10.31: a leader alone in a hex with no friendly units


class LoneLeaderClass(Choice):
    """10.31 gives a lone leader strength 1 but 14.2 says "Leaders do not possess a CER"."""

    NO_MODIFIER = "no_modifier"
    CLASS_B = "class_b"


class PlusTwoNarrowSea(Choice):
    """13.1 cuts infantry crossing a "+2" narrow sea hexside to a third; 15.13 halves all narrow-sea attackers."""

    THIRD = "third"
    HALF = "half"


@dataclass(frozen=True)
class LandUnit:
    strength: int = spec("Printed combat strength (a green unit: its green side)", min=0, max=200)
    kind: Kind = spec("Its type", default=Kind.LEGIONARY_INFANTRY)
    cer: Cer = spec("Its combat efficiency rating", default=Cer.B)
    entered: Entry = spec("An attacker: how it came into the hex", default=Entry.OVERLAND)
    in_city: bool = spec("A defender: inside the besieged city (15.221-15.222)", default=False)


@dataclass(frozen=True)
class City:
    name: str = spec("The city or port")
    defence: int | None = spec(
        "Its defence strength (Unified Tax-Rate Defense Strength Table; empty: from the event's data tables)",
        min=0,
        max=20,
        default=None,
    )
    lost: int = spec("Defence points lost to siege attrition (16.61)", min=0, max=20, default=0)
    port_only: bool = spec("A port that is not a city (15.62: it adds its strength to friendly units)", default=False)


@dataclass(frozen=True)
class Side:
    units: tuple[LandUnit, ...] = spec("Land combat units", max_items=80, default=())
    fleets: int = spec(
        "Naval strength of its fleets in the combat (12.6: a quarter counts)", min=0, max=1000, default=0
    )
    leader: int = spec("Its best leader's combat bonus in the stack (10.12)", min=0, max=3, default=0)
    morale: int | None = spec("Its faction's morale (11.1; empty: not compared)", default=None)
    militia: int = spec("Militia strength points in the fight, class C (15.5)", min=0, max=100, default=0)


@dataclass(frozen=True)
class CombatOptions:
    plus_2_narrow_sea: PlusTwoNarrowSea = spec(
        '13.1 against 15.13 (extraction AMB-18): infantry attacking across a "+2" narrow sea hexside count a '
        "third (13.1, default) or half (15.13)",
        default=PlusTwoNarrowSea.THIRD,
    )
    cavalry_tripled: bool = spec(
        "15.221 (extraction AMB-41): when besieged units are tripled, cavalry is tripled too (yes) or, as in the "
        "doubling, not multiplied (default no)",
        default=False,
    )
    lone_leader_class: LoneLeaderClass = spec(
        "10.31 with 14.2 (not in the extraction): a leader alone has no class, so the matrix does not change the "
        "roll (default), or he defends as class B like a city or fortification alone (14.4, 17.31)",
        default=LoneLeaderClass.NO_MODIFIER,
    )


@dataclass(frozen=True)
class LandCombatInput:
    attacker: Side = spec("The attacking stack")
    defender: Side = spec("The defending stack (its units in the city marked)", default=Side())
    defence: Defence = spec("What is attacked (15.2)", default=Defence.ACCEPT_COMBAT)
    city: City | None = spec(
        "The city or port in the hex, when it fights (a siege assault, alone, a non-city port)", default=None
    )
    fortification: int = spec(
        "The defender's fortification level in effect (17.3; 17.22: at the turn's start)", min=0, max=5, default=0
    )
    season: Season = spec("The season in the combat hex", default=Season.SUMMER)
    rough: bool = spec("The combat hex is rough", default=False)
    tripling_province: bool = spec(
        "A siege assault in Syria, Arabia Petraea, Mesopotamia Romana or Persica, Cappadocia or Iudea (15.221)",
        default=False,
    )
    barbarians_or_parthians: bool = spec("The attacker is barbarian or Parthian, not Persian (15.221)", default=False)
    missile_bonus: bool = spec("Optional rule 15.31 Missile bonus is in play", default=False)
    cavalry_bonus: bool = spec("Optional rule 15.32 Cavalry bonus is in play", default=False)
    table: Table = spec(
        "The land CRT the event plays: the Optional one (printed in part) or the standard one (Control's)",
        default=Table.OPTIONAL,
    )
    crt: tuple[CrtRow, ...] = spec(
        "Rows of the Optional table this combat may need (empty cells: from the event's data tables)",
        max_items=12,
        default=(),
    )
    standard_crt: tuple[StandardCrtRow, ...] = spec(
        "Rows of the standard table, when the event plays it", max_items=12, default=()
    )
    he_as_e: bool = spec("Optional (15.4 L697): treat all hE results as E", default=False)
    winner: Party | None = spec(
        "The side the table's boldface makes the winner (lost in the text; empty: the side "
        "that lost fewer strength points wins)",
        default=None,
    )
    loser_can_retreat: bool = spec("The losing force can retreat (15.41)", default=True)
    options: CombatOptions = spec("Readings of points the rulebook leaves open", default=CombatOptions())
