from django.apps import AppConfig


class WarfareConfig(AppConfig):
    name = "warfare"
    verbose_name = "Battles and sieges"

    def ready(self):
        from umpire.follow_up_selectors import register_follow_up_record

        from .selectors import access_battle
        from .siege_selectors import access_siege

        register_follow_up_record("warfare.battle", access_battle)
        register_follow_up_record("warfare.siege", access_siege)
