"""An organization of the acceptance tier's own whose plan has the given features, as PostHog's own tests grant them
(`available_product_features`), with the backend's user as its owner and one project: idempotent, by name.

Optionally, in the same run (Django's start costs a minute), event and property definitions made as ingestion makes
them (the plugin server writes the rows, with the project; PostHog's own tests create them with the models,
posthog/api/test/test_event_definition.py, test_property_definition.py), which this backend, ingesting nothing, has
no other way to make: idempotent, by name (and type and group type index).

Run from PostHog's source tree with env.sh's settings:
    python grant-features.py EMAIL NAME FEATURE[,FEATURE...] [SEED]
SEED, JSON: [{"projectId": N or null (the organization's own project), "events": ["name", ...],
              "properties": [{"name": "...", "type": "event"|"person"|"group", "groupTypeIndex": N, "propertyType": "String"}]}]
Prints one JSON line: {"organizationId": "...", "projectId": N, "seeded": [{"projectId", "name", "id", ...}]}.
"""

import json
import os
import sys

sys.path.insert(0, os.getcwd())
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "posthog.settings")

import django  # noqa: E402

django.setup()

from django.utils import timezone  # noqa: E402

from posthog.models import EventDefinition, Organization, OrganizationMembership, PropertyDefinition, Team, User  # noqa: E402

email, name, features = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
seed = json.loads(sys.argv[4]) if len(sys.argv) > 4 else []
user = User.objects.get(email=email)
org = Organization.objects.filter(name=name).first() or Organization.objects.create(name=name)
OrganizationMembership.objects.get_or_create(
    organization=org, user=user, defaults={"level": OrganizationMembership.Level.OWNER}
)
kept = [f for f in (org.available_product_features or []) if f.get("key") not in features]
org.available_product_features = kept + [{"key": f, "name": f} for f in features]
org.save()
team = Team.objects.filter(organization=org).first() or Team.objects.create_with_data(
    initiating_user=user, organization=org, name=name
)

TYPES = {"event": PropertyDefinition.Type.EVENT, "person": PropertyDefinition.Type.PERSON, "group": PropertyDefinition.Type.GROUP}
seeded = []
for place in seed:
    project_id = place.get("projectId") or team.project_id
    # The project's main environment: ingestion writes both (`coalesce(project_id, team_id)` keys the definitions).
    target = Team.objects.get(id=project_id)
    now = timezone.now()
    for event in place.get("events", []):
        made, _ = EventDefinition.objects.get_or_create(
            team=target, name=event, defaults={"project_id": target.project_id, "last_seen_at": now}
        )
        seeded.append({"projectId": project_id, "name": event, "id": str(made.id)})
    for prop in place.get("properties", []):
        kind = prop.get("type", "event")
        index = prop.get("groupTypeIndex") if kind == "group" else None
        value_type = prop.get("propertyType")
        made, _ = PropertyDefinition.objects.get_or_create(
            team=target,
            name=prop["name"],
            type=TYPES[kind],
            group_type_index=index,
            defaults={"project_id": target.project_id, "property_type": value_type, "is_numerical": value_type == "Numeric"},
        )
        seeded.append({"projectId": project_id, "name": prop["name"], "type": kind, "groupTypeIndex": index, "id": str(made.id)})

print(json.dumps({"organizationId": str(org.id), "projectId": team.project_id, "seeded": seeded}))
