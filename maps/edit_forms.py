"""The map editor's forms: a map point, a route, a removal, and a map file to import.

A point's province is one of the event's; a route's ends are the event's map points, each named with its
province so two of a name in different areas are told apart. The forms check what a form can; the map
service (regions.services.map) has the last word, and its refusals are put beside these fields.
"""

from django import forms

from regions.map_io import FORMATS, MAX_UPLOAD_BYTES
from regions.models import MapPoint, MapRoute, Province

DETECT = ""


class PointForm(forms.ModelForm):
    class Meta:
        model = MapPoint
        fields = ["name", "province", "kind", "fortification", "longitude", "latitude"]
        labels = {"fortification": "Fortification (for sieges)"}
        help_texts = {
            "longitude": "Degrees east (west is −). Leave both blank for a point not yet placed.",
            "latitude": "Degrees north.",
        }

    def __init__(self, event, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.event = event
        provinces = Province.objects.filter(event=event).select_related("region").order_by("region__name", "name")
        self.fields["province"].queryset = provinces
        self.fields["province"].label_from_instance = lambda p: f"{p.name} ({p.region.name})"
        self.fields["fortification"].choices = [("", "Open: no walls"), *self.fields["fortification"].choices[1:]]

    def point(self):
        """The point as typed: a demo point Control corrects here is the event's own from now on."""
        if self.has_changed():
            self.instance.is_demo = False
        return self.instance


class RouteForm(forms.ModelForm):
    class Meta:
        model = MapRoute
        fields = ["one", "other", "kind", "designated"]
        labels = {"one": "From", "other": "To", "designated": "A designated crossing between two areas"}

    def __init__(self, event, points, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.event = event
        for name in ("one", "other"):
            self.fields[name].queryset = points
            self.fields[name].label_from_instance = lambda p: f"{p.name} ({p.province.name})"

    def route(self):
        if self.has_changed():
            self.instance.is_demo = False
        return self.instance


class RemovePointForm(forms.Form):
    with_routes = forms.BooleanField(label="Remove its routes with it", required=False)


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Map file",
        help_text=f"GeoJSON (.geojson), or one CSV sheet: points.csv or routes.csv. At most "
        f"{MAX_UPLOAD_BYTES // 1024 // 1024} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".geojson,.json,.csv"}),
    )
    format = forms.ChoiceField(
        label="Format", required=False, choices=[(DETECT, "By the file's name and header"), *FORMATS.items()]
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size // 1024} KB; a map file may be {MAX_UPLOAD_BYTES // 1024 // 1024} MB at most."
            )
        return upload
