"""One PostHog project, its settings declared here, and a lookup of what PostHog holds for it."""
import pulumi
import pulumi_posthog as posthog

config = pulumi.Config()

web = posthog.Project(
    "web",
    name=config.get("projectName") or "Web app (Python)",
    timezone="Europe/Amsterdam",
    anonymize_ips=True,
    session_recording_opt_in=True,
    session_recording_sample_rate=0.5,
    app_urls=["https://app.example.com"],
)

# A lookup: the project's group types (companies, workspaces, …), once PostHog has the project.
group_types = posthog.list_group_types_output(project_id=web.project_id)

pulumi.export("projectId", web.project_id)
pulumi.export("apiToken", web.api_token)  # a secret: pulumi stack output apiToken --show-secrets
pulumi.export("timezone", web.timezone)
pulumi.export("groupTypes", group_types.group_types)
