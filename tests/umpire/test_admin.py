"""The admin is Control's; its edits go through the audited services."""

from regions.models import Province
from tests.umpire.test_records import world_state
from umpire.models import AuditEntry, Event, Role


def province_form(province, **changes):
    data = {
        "event": province.event_id,
        "name": province.name,
        "region": province.region_id,
        "income_per_quarter": province.income_per_quarter,
        "potential_income": province.potential_income or "",
        "road_cost": province.road_cost,
        "governor": province.governor_id or "",
        "province_type": province.province_type,
        "controlled_from": province.controlled_from_id or "",
    }
    data.update(
        {
            k: v
            for k, v in {
                "governed_by_senate": province.governed_by_senate,
                "run_by_procurator": province.run_by_procurator,
                "military_governor": province.military_governor,
                "team_at_start": province.team_at_start,
            }.items()
            if v
        }
    )
    data.update(changes)
    return data


def test_admin_edit_is_audited_as_the_control_umpire(client, ad69, control):
    province = Province.objects.get(event=ad69, name="Belgica")
    client.force_login(control)
    response = client.post(
        f"/admin/regions/province/{province.pk}/change/", province_form(province, team_at_start="on")
    )
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="regions.province.update")
    assert entry.actor == control
    assert (entry.before["team_at_start"], entry.after["team_at_start"]) == (False, True)


def test_admin_rejects_bad_input_naming_the_field_and_changes_nothing(client, ad69, control):
    province = Province.objects.get(event=ad69, name="Belgica")
    client.force_login(control)
    before = world_state()
    response = client.post(f"/admin/regions/province/{province.pk}/change/", province_form(province, road_cost="-3"))
    assert response.status_code == 200
    assert "road_cost" in response.context["adminform"].form.errors
    assert world_state() == before


def test_region_umpire_cannot_use_the_admin(client, ad69, make_umpire):
    umpire = make_umpire(ad69, Role.REGION, "Gaul")
    client.force_login(umpire)
    assert client.get("/admin/regions/province/").status_code == 302  # to the admin's login


def test_audit_log_is_read_only_in_the_admin(client, ad69, control):
    client.force_login(control)
    entry = AuditEntry.objects.first()
    assert client.get("/admin/umpire/auditentry/").status_code == 200
    assert client.post(f"/admin/umpire/auditentry/{entry.pk}/delete/", {"post": "yes"}).status_code == 403
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


def test_an_event_added_in_the_admin_gets_its_clock(client, ad69, control):
    client.force_login(control)
    response = client.post(
        "/admin/umpire/event/add/",
        {
            "slug": "hb-day",
            "name": "Hannibal Barkas day",
            "ruleset": "hannibal_barkas",
            "start_year": 218,
            "start_month": 3,
            "turn_minutes": 20,
            "number_of_turns": 30,
        },
    )
    assert response.status_code == 302
    event = Event.objects.get(slug="hb-day")
    assert (event.clock.turn, event.clock.state) == (1, "scheduled")
    assert AuditEntry.objects.filter(action="umpire.event.create", target_id=str(event.pk)).exists()
