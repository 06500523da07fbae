/** BatchExport's example: an hourly export of the project's events to PostgreSQL, its password a stack secret. */
import { type KindExample, secret } from "../../kit/example";

export const batchExportExample: KindExample = {
  name: "warehouse",
  inputs: {
    name: "Events to the warehouse",
    interval: "hour",
    destination: {
      type: "Postgres",
      config: {
        host: "db.example.com",
        port: 5432,
        database: "analytics",
        schema: "posthog",
        table_name: "events",
        user: "ph_writer",
        password: secret("warehousePassword", "example-password"),
      },
    },
  },
};
