/**
 * A project's error tracking settings (ErrorTrackingSettingsViewSet,
 * products/error_tracking/backend/presentation/views/settings.py; routed by products/error_tracking/backend/
 * presentation/urls.py): `GET …/error_tracking/settings/retrieve_settings/`, which makes them on a project's first read
 * (`get_or_create`), and `PATCH …/update_settings/` (partial), both answering the settings. Scope `error_tracking`.
 */
import * as objects from "../../client/project-objects";
import { errorTrackingSettingsSchema } from "./record";

const settings = objects.singleton(
  { path: "error_tracking/settings", noun: "error tracking settings", schema: errorTrackingSettingsSchema, root: "environments" },
  { read: "retrieve_settings", write: "update_settings" },
);

export const getErrorTrackingSettings = settings.read;

export const updateErrorTrackingSettings = settings.write;

export const errorTrackingSettingsEndpoints = settings;
