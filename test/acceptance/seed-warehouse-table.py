"""A self-managed warehouse table as PostHog's create leaves one, made with the models as PostHog's own tests make them
(posthog/warehouse/api/test/test_table.py), for the acceptance tier: this backend has no ClickHouse and reaches no
bucket, so the create's read of the files (DataWarehouseTable.get_columns) refuses every table over its API. The
columns are one the read would have found; the credential holds the key and secret given.

Run from PostHog's source tree with env.sh's settings:
    python seed-warehouse-table.py EMAIL PROJECT_ID NAME FORMAT URL_PATTERN ACCESS_KEY ACCESS_SECRET
Prints one JSON line: {"id": "<the table's UUID>"}.
"""

import json
import os
import sys

sys.path.insert(0, os.getcwd())
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "posthog.settings")

import django  # noqa: E402

django.setup()

from posthog.models import Team, User  # noqa: E402
from posthog.warehouse.models import DataWarehouseCredential, DataWarehouseTable  # noqa: E402

email, project_id, name, table_format, url_pattern, access_key, access_secret = sys.argv[1:8]
user = User.objects.get(email=email)
team = Team.objects.get(id=int(project_id))
credential = DataWarehouseCredential.objects.create(
    team=team, access_key=access_key, access_secret=access_secret, created_by=user
)
table = DataWarehouseTable.objects.create(
    team=team,
    name=name,
    format=table_format,
    url_pattern=url_pattern,
    credential=credential,
    created_by=user,
    columns={"id": {"clickhouse": "Nullable(String)", "hogql": "StringDatabaseField", "valid": True}},
)
print(json.dumps({"id": str(table.id)}))
