"""One vocabulary of permissions, and which role holds which.

A user's roles in an event are the seats he holds in it; a superuser holds all.
"""

from enum import StrEnum

from umpire.models import Role


class Perm(StrEnum):
    VIEW_WORLD = "view_world"  # the tables, provinces and characters of an event
    EDIT_WORLD = "edit_world"  # set up and correct them, in the admin
    MANAGE_SEATS = "manage_seats"  # seat umpires in the team
    VIEW_AUDIT = "view_audit"  # read the audit log, and see any record as it stood at the start of a past turn
    UNDO_ACTIONS = "undo_actions"  # undo an audited action with a compensating one: Control alone
    VIEW_CLOCK = "view_clock"  # the clock and the turn schedule
    RUN_CLOCK = "run_clock"  # start, pause, extend, advance and correct it
    ANNOUNCE = "announce"  # draft, publish and withdraw announcements to the hall
    MANAGE_DISPLAYS = "manage_displays"  # issue and revoke projector codes
    USE_RULES = "use_rules"  # run rules procedures at the rules desk and save them to the log
    # choose how the event reads the points its rules leave open (a procedure's options): Control alone,
    # since every table's runs start from them; every umpire with USE_RULES reads them
    SET_READINGS = "set_readings"
    VIEW_FORCES = "view_forces"  # the legions, detachments, hosts and fleets of every table
    # give orders to forces and fleets: Control all; a Region umpire those at his own table; a
    # Non-Roman World umpire the non-Roman hosts (regions.selectors.can_command_force says which)
    COMMAND_FORCES = "command_forces"
    VIEW_MONEY = "view_money"  # the treasuries, purses, statements and bills
    # hand out revenue, pay bills, move money, record spending: only out of the accounts in the
    # user's scope, to any account (regions.money_scope.MoneyScope says which)
    KEEP_ACCOUNTS = "keep_accounts"
    # open, fight, override, confirm and publish battles and sieges: Control all; a Region umpire those at
    # his own tables; a Non-Roman World umpire those a non-Roman host fights in (warfare.selectors.FightScope)
    RUN_BATTLES = "run_battles"
    # check players in and out at the tables: Control anywhere; a Region umpire at his own tables
    # (umpire.selectors.can_move_player says where)
    MOVE_PLAYERS = "move_players"
    # post letters and record couriers' hand-overs at one's tables, and hand out their letters there
    # (umpire.selectors.get_tables_kept says which); Control reads the whole post and rules on letters
    KEEP_POST = "keep_post"
    ISSUE_MAILBOXES = "issue_mailboxes"  # issue the codes that open players' own letters: Control alone
    # run the Senate: sessions, votes, appointments, the mob's mood, the gods' records (Senate umpires, Control)
    RUN_SENATE = "run_senate"
    # send a follow-up to another table or to Control; acknowledging one is for its receiver
    # (umpire.follow_up_selectors.can_acknowledge says who)
    SEND_FOLLOW_UPS = "send_follow_ups"
    RECORD_RULINGS = "record_rulings"  # add to the rulings log, which every umpire reads


ROLE_PERMISSIONS = {
    Role.CONTROL: frozenset(Perm),
    Role.REGION: frozenset(
        {
            Perm.VIEW_WORLD,
            Perm.VIEW_CLOCK,
            Perm.USE_RULES,
            Perm.VIEW_FORCES,
            Perm.COMMAND_FORCES,
            Perm.VIEW_MONEY,
            Perm.KEEP_ACCOUNTS,
            Perm.RUN_BATTLES,
            Perm.MOVE_PLAYERS,
            Perm.KEEP_POST,
            Perm.SEND_FOLLOW_UPS,
            Perm.RECORD_RULINGS,
        }
    ),
    Role.SENATE: frozenset(
        {
            Perm.VIEW_WORLD,
            Perm.VIEW_CLOCK,
            Perm.USE_RULES,
            Perm.VIEW_FORCES,
            Perm.VIEW_MONEY,
            Perm.KEEP_ACCOUNTS,
            Perm.KEEP_POST,
            Perm.RUN_SENATE,
            Perm.SEND_FOLLOW_UPS,
            Perm.RECORD_RULINGS,
        }
    ),
    # the non-Roman hosts and their tables: he commands the hosts, runs their fights and reads the consoles
    # of the tables where they stand (regions.selectors.get_non_roman_tables); no post, money, players or Senate
    Role.NON_ROMAN_WORLD: frozenset(
        {
            Perm.VIEW_WORLD,
            Perm.VIEW_CLOCK,
            Perm.USE_RULES,
            Perm.VIEW_FORCES,
            Perm.COMMAND_FORCES,
            Perm.RUN_BATTLES,
            Perm.SEND_FOLLOW_UPS,
            Perm.RECORD_RULINGS,
        }
    ),
}


def permissions_of_roles(roles):
    return frozenset().union(*(ROLE_PERMISSIONS[Role(role)] for role in roles))
