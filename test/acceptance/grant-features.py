"""An organization of the acceptance tier's own whose plan has the given features, as PostHog's own tests grant them
(`available_product_features`), with the backend's user as its owner and one project: idempotent, by name.

Run from PostHog's source tree with env.sh's settings: python grant-features.py EMAIL NAME FEATURE[,FEATURE...]
Prints one JSON line: {"organizationId": "...", "projectId": N}.
"""

import json
import os
import sys

sys.path.insert(0, os.getcwd())
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "posthog.settings")

import django  # noqa: E402

django.setup()

from posthog.models import Organization, OrganizationMembership, Team, User  # noqa: E402

email, name, features = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
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
print(json.dumps({"organizationId": str(org.id), "projectId": team.project_id}))
