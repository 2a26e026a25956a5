from django.apps import AppConfig


class RegionsConfig(AppConfig):
    name = "regions"
    verbose_name = "Regions and provinces"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook
        from umpire.follow_up_selectors import register_follow_up_record
        from umpire.models import Role
        from umpire.selectors import register_tables_watched
        from umpire.table_console import register_console_panel

        from . import history_selectors, readiness, undo, whereabouts
        from .console_panels import count_taxes, count_work, gather_taxes, gather_work
        from .hooks import end_of_turn, tax_turn
        from .selectors import access_fleet, access_force, get_non_roman_tables
        from .treasury_selectors import access_province_books

        register_turn_end_hook("regions.end_of_turn")(end_of_turn)
        register_turn_end_hook("regions.tax_turn")(tax_turn)
        register_follow_up_record("regions.force", access_force)
        register_follow_up_record("regions.fleet", access_fleet)
        register_follow_up_record("regions.province", access_province_books)
        register_console_panel(
            "regions.taxes",
            title="Taxes to hand out this turn",
            order=40,
            gather=gather_taxes,
            count=count_taxes,
            live_on="statement.changed ledger.changed",
        )
        register_console_panel(
            "regions.work",
            title="Upgrades and builds finishing",
            order=50,
            gather=gather_work,
            count=count_work,
            live_on="force.changed spending.changed",
        )
        # the Non-Roman World umpire keeps no table, but watches the consoles of those where his hosts stand
        register_tables_watched(Role.NON_ROMAN_WORLD, get_non_roman_tables)
        undo.register()
        whereabouts.register()
        history_selectors.register()
        readiness.register()
