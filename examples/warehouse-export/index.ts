/**
 * An hourly export of a project's events to PostgreSQL: PostHog writes each hour's events to the table, and the
 * database's user and password are Pulumi secrets (never in the state in plain text, never answered by PostHog).
 * Batch exports need the organization's plan to include PostHog's Data Pipelines addon (`data_pipelines`).
 *
 *   pulumi config set posthog:organizationId <organization UUID>
 *   pulumi config set --secret posthog:apiKey phx_…        # a personal API key with project and batch export write
 *   pulumi config set warehouseHost db.example.com
 *   pulumi config set --secret warehouseUser <the database user>
 *   pulumi config set --secret warehousePassword <its password>
 *   pulumi up
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const web = new posthog.Project("web", { name: "Web app" });

const warehouse = new posthog.BatchExport("warehouse", {
  projectId: web.projectId,
  name: "Events to the warehouse",
  model: "events",
  interval: "hour",
  destination: {
    type: "Postgres",
    config: {
      host: config.require("warehouseHost"),
      port: 5432,
      database: "analytics",
      schema: "posthog",
      table_name: "events",
      user: config.requireSecret("warehouseUser"),
      password: config.requireSecret("warehousePassword"),
      // Internal events stay out of the warehouse.
      exclude_events: ["$feature_flag_called"],
    },
  },
});

export const batchExportId = warehouse.batchExportId;
export const paused = warehouse.paused;
