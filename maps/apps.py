from django.apps import AppConfig


class MapsConfig(AppConfig):
    """The map to look at and to prepare: every table's map, the whole Empire's, the projector's, and
    Control's editor of map points and routes. It sits at the top beside the print shop, since a map
    shows what every app keeps (forces, sieges, battles, letters in transit)."""

    name = "maps"
    verbose_name = "Maps"
