from django.apps import AppConfig


class RegionsConfig(AppConfig):
    name = "regions"
    verbose_name = "Regions and provinces"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook
        from umpire.follow_up_selectors import register_follow_up_record

        from .hooks import end_of_turn, tax_turn
        from .selectors import access_fleet, access_force
        from .treasury_selectors import access_province_books

        register_turn_end_hook("regions.end_of_turn")(end_of_turn)
        register_turn_end_hook("regions.tax_turn")(tax_turn)
        register_follow_up_record("regions.force", access_force)
        register_follow_up_record("regions.fleet", access_fleet)
        register_follow_up_record("regions.province", access_province_books)
