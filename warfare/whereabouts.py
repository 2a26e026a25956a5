"""Where battles and sieges are, for the audit log's filters (umpire.whereabouts).

A battle's table and its two sides' commanders are its own keys, read by the core. These add the
commanders of the forces in the fight: the legates and army commanders of a battle's forces, and
of a siege's besiegers and garrison (a siege names no commander of its own). One query each.
"""

from django.db.models import Q

from regions.models import Force
from umpire.whereabouts import register_whereabouts


def commanders(forces):
    return {c for pair in forces.values_list("legate", "army_commander") for c in pair if c}


def battle_whereabouts(battle):
    return set(), commanders(Force.objects.filter(battle_places__battle=battle))


def siege_whereabouts(siege):
    return set(), commanders(Force.objects.filter(Q(sieges=siege) | Q(sieges_defended=siege)).distinct())


def register():
    register_whereabouts("warfare.battle", battle_whereabouts)
    register_whereabouts("warfare.siege", siege_whereabouts)
